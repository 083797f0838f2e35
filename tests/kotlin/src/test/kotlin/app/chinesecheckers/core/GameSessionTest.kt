package app.chinesecheckers.core

import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import kotlin.math.abs

/** The session through the generated bindings: the scenarios of issue #4. */
class GameSessionTest {
    private fun solo(colours: UInt = 1u, opener: Opener = Opener.SIDE1, level: AiLevel = AiLevel.BEGINNER) =
        NewGame(Mode.Solo(level, 0u), "tripot", colours, 2u, opener, emptyList(), 7uL)

    private fun BoardView.hole(q: Int, r: Int): HoleView = holes.first { it.coord == Coord(q, r) }

    private fun hemmed(rules: String) = """{"rules":$rules,"players":[{"colours":["S"]},{"colours":["N"]}],
        "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}"""

    private fun distance(a: Coord, b: Coord): Int {
        val dq = a.q - b.q
        val dr = a.r - b.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) / 2
    }

    @Test
    fun newGameShowsTheWholeBoard() {
        val s = GameSession(solo(colours = 3u))
        val v = s.view()
        assertEquals(121, v.holes.size)
        assertEquals(60, v.holes.count { it.occupant != null })
        assertEquals("You", v.toMoveName)
        assertEquals("Jean Médecin", v.players[1].name)
        assertTrue(v.capabilities.canHint)
        assertFalse(v.capabilities.aiToMove)
        assertTrue(v.holes.all { it.x in 0f..1f && it.y in 0f..1f })
        assertEquals(5, opponents().size)
        initLogging(LogLevel.WARN)
        initLogging(LogLevel.INFO) // a second call only changes the level
    }

    @Test
    fun tapSelectsHighlightsAndPlaysAStep() {
        val s = GameSession(solo())
        var v = s.tap(-1, 5)
        assertEquals(Coord(-1, 5), v.selected)
        assertEquals(Highlight.SELECTED, v.hole(-1, 5).highlight)
        assertEquals(Highlight.STEP_TARGET, v.hole(-1, 4).highlight)
        assertTrue(v.targets.any { it.kind == MoveKindView.STEP && it.path == listOf(Coord(-1, 5), Coord(-1, 4)) })
        v = s.tap(0, 0) // elsewhere: cancels
        assertNull(v.selected)
        s.tap(-1, 5)
        v = s.tap(-1, 4)
        assertEquals("Step", v.history.single().label)
        assertEquals(listOf(Coord(-1, 5), Coord(-1, 4)), v.lastMove)
        assertTrue(v.capabilities.aiToMove)
        s.setAiTimeLimit(50uL)
        v = s.think()
        assertEquals(2, v.history.size)
        assertEquals(0u, v.toMove)
    }

    @Test
    fun tripotChainHopsBacksOutAndEndsTheJump() {
        val pos = """{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":0}"""
        val s = GameSession.fromPosition(pos, Mode.PassAndPlay, emptyList(), 0uL)
        var v = s.tap(0, 0)
        assertEquals(listOf(Coord(0, 0), Coord(0, -2), Coord(2, -4)), v.targets.first { it.coord == Coord(2, -4) }.path)
        v = s.tap(0, -2)
        assertEquals(listOf(Coord(0, 0), Coord(0, -2)), v.chain)
        assertTrue(v.capabilities.canEndJump)
        assertEquals(PegColour.S, v.hole(0, -2).occupant)
        assertEquals(Highlight.JUMP_TARGET, v.hole(2, -4).highlight)
        v = s.tap(2, -4)
        assertEquals(3, v.chain.size)
        v = s.tap(0, -2) // back out to the earlier landing
        assertEquals(2, v.chain.size)
        v = s.endJump()
        assertEquals("Jump", v.history.single().label)
        assertEquals(listOf(Coord(0, 0), Coord(0, -2)), v.history.single().path)
        assertThrows<SessionException.NotNow> { s.endJump() }
    }

    @Test
    fun swapShowsDistinctMarkersAndIsLabelled() {
        val s = GameSession.fromPosition(hemmed("\"tripot\""), Mode.Solo(AiLevel.BEGINNER, 0u), emptyList(), 0uL)
        var v = s.tap(-4, 8)
        assertEquals(4, v.targets.count { it.kind == MoveKindView.SWAP })
        assertEquals(Highlight.SWAP_TARGET, v.hole(-3, 7).highlight)
        v = s.tap(-3, 7)
        assertEquals("Swap", v.history.single().label)
        assertEquals(PegColour.S, v.hole(-3, 7).occupant)
        assertEquals(PegColour.N, v.hole(-4, 8).occupant)
    }

    @Test
    fun blockedTurnIsSkippedWithABanner() {
        val s = GameSession.fromPosition(
            hemmed("""{"preset":"tripot","swaps":false}"""), Mode.Solo(AiLevel.BEGINNER, 0u), emptyList(), 0uL)
        val v = s.view()
        assertEquals(BannerKind.YOU_WERE_BLOCKED, v.banner?.kind)
        assertEquals("You were blocked — turn skipped", v.banner?.text)
        assertEquals("Pass", v.history.single().label)
        assertTrue(v.capabilities.aiToMove)
        s.setAiTimeLimit(50uL)
        val after = s.think()
        assertTrue(after.history.size >= 2)
    }

    @Test
    fun undoTakesBackTheAiReplyAndRedoReplays() {
        val s = GameSession(solo())
        s.setAiTimeLimit(50uL)
        assertThrows<SessionException.NotNow> { s.undo() }
        s.tap(-1, 5)
        s.tap(-1, 4)
        s.think()
        var v = s.undo()
        assertTrue(v.history.isEmpty())
        assertTrue(v.capabilities.canRedo)
        v = s.redo()
        assertEquals(2, v.history.size)
    }

    @Test
    fun hintAndReplay() {
        val s = GameSession(solo())
        var v = s.hint()
        assertTrue(v.hint.size >= 2)
        assertEquals(Highlight.HINT, v.hole(v.hint.first().q, v.hint.first().r).highlight)
        s.tap(-1, 5)
        s.tap(-1, 4)
        s.setAiTimeLimit(50uL)
        s.think()
        s.replayStart()
        v = s.replayStep(-2)
        assertEquals(ReplayView(0u, 2u), v.replay)
        assertEquals(PegColour.S, v.hole(-1, 5).occupant)
        v = s.replayExit()
        assertNull(v.replay)
        assertEquals(PegColour.S, v.hole(-1, 4).occupant)
    }

    @Test
    fun saveRestoreAndBadSaves() {
        val s = GameSession(solo(colours = 2u))
        s.setAiTimeLimit(50uL)
        s.tap(-1, 5)
        s.tap(-1, 4)
        s.think()
        val saved = s.save()
        val r = GameSession.restore(saved)
        assertEquals(s.view(), r.view())
        assertThrows<SessionException.SaveTooNew> {
            GameSession.restore("""{"format":"chinese-checkers-session","version":99}""")
        }
        assertThrows<SessionException.CorruptSave> { GameSession.restore("not json") }
        assertThrows<SessionException.CorruptSave> { GameSession.restore(saved.substring(0, saved.length / 2)) }
        val e = assertThrows<SessionException.CorruptSave> { GameSession.restore(saved.replace("[-1,4]", "[0,0]")) }
        assertTrue(e.message!!.contains("move 1"), e.message)
    }

    @Test
    fun errorCasesAreExceptionsWithReadableMessages() {
        val online = NewGame(Mode.Online, "tripot", 1u, 2u, Opener.SIDE1, emptyList(), 0uL)
        assertThrows<SessionException.Unsupported> { GameSession(online) }
        val e = assertThrows<SessionException.BadSettings> { GameSession(solo().copy(rules = "chess")) }
        assertTrue(e.message!!.contains("chess"), e.message)
        assertThrows<SessionException.BadSettings> { GameSession(solo(colours = 4u)) }
        assertThrows<SessionException.BadPosition> { GameSession.fromPosition("{", Mode.PassAndPlay, emptyList(), 0uL) }
        val s = GameSession(solo())
        assertThrows<SessionException.NotNow> { s.think() }
        assertThrows<SessionException.NotNow> { s.redo() }
        assertThrows<SessionException.CorruptStatistics> { statisticsRecords("{]") }
    }

    @Test
    fun cancellingStopsTheSearchPromptly() {
        val s = GameSession(solo(opener = Opener.SIDE2, level = AiLevel.IMPOSSIBLE))
        s.setAiTimeLimit(20_000uL)
        val t0 = System.nanoTime()
        val canceller = Thread {
            Thread.sleep(100)
            s.cancelThinking()
        }
        canceller.start()
        assertThrows<SessionException.Cancelled> { s.think() }
        canceller.join()
        val ms = (System.nanoTime() - t0) / 1_000_000
        assertTrue(ms < 3_000, "cancel took $ms ms")
        assertTrue(s.view().history.isEmpty())
        assertNull(s.view().banner)
    }

    @Test
    fun asyncThinkPlaysTheAiMove() = runBlocking {
        val s = GameSession(solo(opener = Opener.SIDE2))
        s.setAiTimeLimit(50uL)
        val v = s.thinkAsync()
        assertEquals(1, v.history.size)
        assertEquals(0u, v.toMove)
    }

    @Test
    fun cancellingTheCoroutineStopsTheSearch() = runBlocking {
        val s = GameSession(solo(opener = Opener.SIDE2, level = AiLevel.IMPOSSIBLE))
        s.setAiTimeLimit(20_000uL)
        val job = launch(Dispatchers.Default) { s.thinkAsync() }
        delay(150)
        assertEquals(BannerKind.AI_THINKING, s.view().banner?.kind)
        job.cancelAndJoin()
        val t0 = System.nanoTime()
        while (s.view().banner != null && System.nanoTime() - t0 < 3_000_000_000L) Thread.sleep(10)
        assertNull(s.view().banner, "the search kept running after the coroutine was cancelled")
        assertTrue(s.view().history.isEmpty())
    }

    /** A whole game: the person taps the most forward target (the hint when none advances). */
    @Test
    fun fullSoloGameAgainstTheAi() {
        val s = GameSession(solo(opener = Opener.COIN_TOSS))
        s.setAiTimeLimit(20uL)
        val tip = Coord(4, -8)
        var v = s.view()
        var turns = 0
        while (v.outcome == null && turns < 400) {
            turns++
            if (v.capabilities.aiToMove) {
                v = s.think()
                continue
            }
            var best: Pair<Coord, TargetView>? = null
            var bestGain = 0
            for (h in v.holes.filter { it.occupant == PegColour.S }) {
                val sel = s.tap(h.coord.q, h.coord.r)
                for (t in sel.targets.filter { it.kind != MoveKindView.SWAP }) {
                    val gain = distance(h.coord, tip) - distance(t.coord, tip)
                    if (gain > bestGain) {
                        bestGain = gain
                        best = h.coord to t
                    }
                }
                s.cancelTouch()
            }
            val (from, to) = best ?: run {
                val hint = s.hint().hint
                hint.first() to TargetView(hint.last(), MoveKindView.STEP, hint)
            }
            s.tap(from.q, from.r)
            v = s.tap(to.coord.q, to.coord.r)
            if (v.capabilities.canEndJump) v = s.endJump()
        }
        assertNotNull(v.outcome, "no outcome after $turns turns")
        val stats = s.recordStatistics("")
        val records = statisticsRecords(stats)
        assertEquals(1u, records[0].won + records[0].lost + records[0].drawn)
    }
}
