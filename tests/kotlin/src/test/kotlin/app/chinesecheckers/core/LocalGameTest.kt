package app.chinesecheckers.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** A game on this device through the generated bindings: board, touch model, undo, replay, saves. */
class LocalGameTest {
    private fun solo(colours: Int = 1, opener: Opener = Opener.Seat(0), level: AiLevel = AiLevel.BEGINNER) =
        setup(Preset.TRIPOT, listOf(person(), ai(level)), colours, opener)

    private fun hemmed(rules: String) = positionFromJson(
        """{"rules":$rules,"players":[{"colours":["S"]},{"colours":["N"]}],
        "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}"""
    )

    @Test
    fun newGameShowsTheWholeBoard() {
        val g = LocalGame(solo(colours = 3))
        val v = g.state()
        assertEquals(121, v.holes.size)
        assertEquals(60, v.holes.count { it.occupant != null })
        // The holes come in the geometry's order.
        assertEquals(boardGeometry().holes.map { it.coord }, v.holes.map { it.coord })
        assertEquals(0, v.toMove)
        assertEquals(PlayerName.You, v.players[0].name)
        assertEquals(SeatPlayer.Person, v.players[0].player)
        assertEquals(PlayerName.Named(opponents()[0].name), v.players[1].name)
        assertEquals(SeatPlayer.Ai(AiLevel.BEGINNER), v.players[1].player)
        assertEquals(setOf(Colour.S, Colour.SW, Colour.SE), v.players[0].colours.toSet())
        assertEquals(setOf(Colour.N, Colour.NW, Colour.NE), v.players[1].colours.toSet())
        assertEquals(30, v.holes.count { it.owner == 0 })
        assertTrue(v.capabilities.canHint)
        assertFalse(v.capabilities.canUndo || v.capabilities.canRedo || v.capabilities.canReplay)
        assertFalse(v.aiToMove)
        assertNull(v.thinking)
        assertNull(v.banner)
        assertNull(v.outcome)
        assertEquals(ChangeKind.REFRESH, v.change.kind)
        assertTrue(v.history.isEmpty() && v.lastMove.isEmpty())
        initLogging(LogLevel.INFO)
        initLogging(LogLevel.WARN) // a second call only changes the level
    }

    @Test
    fun namesAreTypedNotWorded() {
        val g = LocalGame(setup(Preset.STERNHALMA, listOf(person(), person("Zoé"), ai(AiLevel.HARD))))
        val names = g.state().players.map { it.name }
        assertEquals(
            listOf(
                PlayerName.Numbered(1),
                PlayerName.Named("Zoé"),
                PlayerName.Named(opponents().first { it.level == AiLevel.HARD }.name),
            ),
            names,
        )
        assertEquals(listOf(Colour.S, Colour.NW, Colour.NE), g.state().players.map { it.colours.single() })
    }

    @Test
    fun tapSelectsHighlightsAndPlaysAStep() {
        val g = LocalGame(solo())
        var v = g.tap(-1, 5)
        assertEquals(Coord(-1, 5), v.selected)
        assertEquals(Highlight.SELECTED, v.hole(-1, 5).highlight)
        assertEquals(Highlight.STEP_TARGET, v.hole(-1, 4).highlight)
        assertTrue(v.targets.any { it.kind == MoveKind.STEP && it.path == listOf(Coord(-1, 5), Coord(-1, 4)) })
        v = g.tap(0, 0) // elsewhere: cancels
        assertNull(v.selected)
        assertTrue(v.targets.isEmpty())
        g.tap(-1, 5)
        v = g.tap(-1, 4)
        val played = v.history.single()
        assertEquals(PlayedMove(1, 0, MoveKind.STEP, listOf(Coord(-1, 5), Coord(-1, 4))), played)
        assertEquals(listOf(Coord(-1, 5), Coord(-1, 4)), v.lastMove)
        assertEquals(Highlight.LAST_MOVE, v.hole(-1, 4).highlight)
        assertTrue(v.aiToMove)
        g.setAiTimeLimit(50L)
        v = g.aiMove()
        assertEquals(2, v.history.size)
        assertEquals(1, v.history[1].player)
        assertEquals(0, v.toMove)
        assertFalse(v.aiToMove)
    }

    @Test
    fun tripotChainHopsBacksOutAndEndsTheJump() {
        // [3,-4] lets the chain hop on from [2,-4] to [4,-4]: a landing with no hop left would
        // end the chain by itself.
        val pos = positionFromJson(
            """{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[3,-4],[4,-8]]},"to_move":0}"""
        )
        val g = LocalGame.fromPosition(pos, listOf(person(), person()), 0L)
        var v = g.tap(0, 0)
        assertEquals(listOf(Coord(0, 0), Coord(0, -2), Coord(2, -4)), v.targets.first { it.coord == Coord(2, -4) }.path)
        v = g.tap(0, -2)
        assertEquals(listOf(Coord(0, 0), Coord(0, -2)), v.chain)
        assertTrue(v.capabilities.canEndJump)
        assertEquals(Colour.S, v.hole(0, -2).occupant)
        assertEquals(Highlight.JUMP_TARGET, v.hole(2, -4).highlight)
        v = g.tap(2, -4)
        assertEquals(3, v.chain.size)
        assertEquals(TurnStatus.JumpAgain(0), v.status)
        v = g.tap(0, -2) // back out to the earlier landing
        assertEquals(2, v.chain.size)
        v = g.endJump()
        assertEquals(MoveKind.JUMP, v.history.single().kind)
        assertEquals(listOf(Coord(0, 0), Coord(0, -2)), v.history.single().path)
        assertThrows<MoveException.NoJumpInProgress> { g.endJump() }
    }

    @Test
    fun swapShowsDistinctMarkersAndIsPlayed() {
        val g = LocalGame.fromPosition(hemmed("\"tripot\""), listOf(person(), ai()), 0L)
        var v = g.tap(-4, 8)
        assertEquals(4, v.targets.count { it.kind == MoveKind.SWAP })
        assertEquals(Highlight.SWAP_TARGET, v.hole(-3, 7).highlight)
        v = g.tap(-3, 7)
        assertEquals(MoveKind.SWAP, v.history.single().kind)
        assertEquals(Colour.S, v.hole(-3, 7).occupant)
        assertEquals(Colour.N, v.hole(-4, 8).occupant)
    }

    @Test
    fun blockedTurnIsSkippedWithATypedBanner() {
        val g = LocalGame.fromPosition(hemmed("""{"preset":"tripot","swaps":false}"""), listOf(person(), ai()), 0L)
        val v = g.state()
        assertEquals(Banner.TurnSkipped(0, 1, 0), v.banner)
        val pass = v.history.single()
        assertEquals(MoveKind.PASS, pass.kind)
        assertEquals(0, pass.player)
        assertTrue(pass.path.isEmpty())
        assertEquals(1, v.toMove)
        assertTrue(v.aiToMove)
        assertFalse(v.capabilities.canUndo) // a pass is not the person's move to take back
        g.setAiTimeLimit(50L)
        val after = g.aiMove()
        assertTrue(after.history.size >= 2)
        assertEquals(1, after.history[1].player)
    }

    @Test
    fun blockedAiTurnIsSkippedAfterThePersonMoves() {
        // The mirror image: N's lone peg hemmed on its tip, the person (S) to move.
        val pos = positionFromJson(
            """{"rules":{"preset":"tripot","swaps":false},"players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[3,-7],[4,-7],[2,-6],[4,-6],[0,4]],"N":[[4,-8]]},"to_move":0}"""
        )
        val g = LocalGame.fromPosition(pos, listOf(person(), ai()), 0L)
        assertNull(g.state().banner)
        g.tap(0, 4)
        val v = g.tap(0, 3)
        assertEquals(listOf(MoveKind.STEP, MoveKind.PASS), v.history.map { it.kind })
        assertEquals(listOf(0, 1), v.history.map { it.player })
        // An AI seat's pass shows for that pass alone, as one.
        assertEquals(Banner.TurnSkipped(1, 1, 0), v.banner)
        assertEquals(0, v.toMove)
        assertFalse(v.aiToMove)
        // The move is animated; the pass is not a move to draw.
        assertEquals(ChangeKind.NEW_MOVE, v.change.kind)
        assertEquals(listOf(Coord(0, 4), Coord(0, 3)), v.change.animate)
        // Undo takes back the pass with the person's move.
        val undone = g.undo()
        assertTrue(undone.history.isEmpty())
        assertNull(undone.banner)
    }

    @Test
    fun aRunOfSkippedTurnsIsSummedUpUntilThePersonActs() {
        val g = LocalGame.fromPosition(hemmed("""{"preset":"tripot","swaps":false}"""), listOf(person(), ai()), 0L)
        g.setAiTimeLimit(50L)
        assertEquals(Banner.TurnSkipped(0, 1, 0), g.state().banner)
        var grown = 0
        for (k in 1..4) {
            val v = g.aiMove()
            val passes = v.history.count { it.player == 0 && it.kind == MoveKind.PASS }
            val aiMoves = v.history.count { it.player == 1 && it.kind != MoveKind.PASS }
            assertEquals(k, aiMoves)
            if (v.history.last().let { it.player == 0 && it.kind == MoveKind.PASS }) {
                // Hemmed in again: the run grows, the AI's moves meanwhile are counted.
                assertEquals(k + 1, passes)
                assertEquals(Banner.TurnSkipped(0, k + 1, k), v.banner, "after the AI's move $k")
                assertTrue(v.aiToMove)
                grown++
            } else {
                // The AI freed the person: the summary stays until the person acts.
                assertEquals(k, passes)
                assertEquals(Banner.TurnSkipped(0, k, k), v.banner, "after the AI's move $k")
                assertFalse(v.aiToMove)
                break
            }
        }
        println("skipped run: grew $grown times")
        assertTrue(grown >= 1, "the AI freed the person at once")
        // Any action of the person ends the summary.
        val v = g.tap(0, 0)
        assertNull(v.banner)
        if (v.aiToMove) assertEquals(Notice.NotYourTurn, v.notice)
    }

    @Test
    fun refusedTapsSayWhy() {
        val g = LocalGame(solo())
        var v = g.state()
        assertNull(v.notice)
        v = g.tap(0, 0)
        assertEquals(Notice.EmptyHole, v.notice)
        assertNull(v.selected)
        v = g.tap(1, -5)
        assertEquals(Notice.NotYourPeg(1), v.notice)
        assertNull(v.selected)
        v = g.tap(-4, 8) // the tip: hemmed in by its own pegs at the start
        assertEquals(Notice.PegCannotMove, v.notice)
        assertTrue(v.targets.isEmpty())
        v = g.tap(-1, 5)
        assertNull(v.notice, "a peg with moves: no notice")
        assertEquals(Coord(-1, 5), v.selected)
        v = g.tap(0, 0)
        assertEquals(Notice.NotReachable(Unreachable.NO_PATH), v.notice)
        // The next action clears it.
        v = g.cancelTouch()
        assertNull(v.notice)
        g.tap(-1, 5)
        v = g.tap(-1, 4)
        assertNull(v.notice)
        assertTrue(v.aiToMove)
        v = g.tap(-2, 5)
        assertEquals(Notice.NotYourTurn, v.notice)
        assertEquals(1, v.history.size)

        // Sternhalma's camp rule: a step into a foreign camp.
        val pos = positionFromJson(
            """{"rules":"sternhalma","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[-4,4]],"N":[[4,-8]]},"to_move":0}"""
        )
        val s = LocalGame.fromPosition(pos, listOf(person(), person()), 0L)
        v = s.tap(-4, 4)
        assertEquals(Coord(-4, 4), v.selected)
        assertNull(v.notice)
        v = s.tap(-5, 4)
        assertEquals(Notice.NotReachable(Unreachable.CAMP_RULE), v.notice)
        assertTrue(v.history.isEmpty())
    }

    @Test
    fun aiSeatsOfOneLevelHaveDistinctNames() {
        val seats = listOf(person()) + List(5) { ai(AiLevel.HARD) }
        val names = LocalGame(setup(Preset.STERNHALMA, seats)).state().players.map { it.name }
        assertEquals(6, names.toSet().size, "$names")
        assertEquals(PlayerName.Named(opponents().first { it.level == AiLevel.HARD }.name), names[1])
        assertTrue(names.drop(1).all { it is PlayerName.Named })
        // A name given to a seat is kept as it is.
        val named = LocalGame(setup(Preset.STERNHALMA, listOf(person(), ai(name = "Bo"), ai(name = "Bo"))))
        assertEquals(List(2) { PlayerName.Named("Bo") }, named.state().players.drop(1).map { it.name })
    }

    @Test
    fun undoTakesBackTheAiReplyAndRedoReplays() {
        val g = LocalGame(solo())
        g.setAiTimeLimit(50L)
        assertThrows<MoveException.NothingToUndo> { g.undo() }
        g.tap(-1, 5)
        g.tap(-1, 4)
        val played = g.aiMove()
        var v = g.undo()
        assertTrue(v.history.isEmpty())
        assertTrue(v.capabilities.canRedo)
        assertFalse(v.aiToMove)
        v = g.redo()
        assertEquals(played.history, v.history)
        assertEquals(played.holes, v.holes)
        assertThrows<MoveException.NothingToRedo> { g.redo() }
    }

    @Test
    fun passAndPlayUndoIsOneMoveAndDrawsAreOfferedAndAnswered() {
        val g = LocalGame(setup(Preset.CLASSIC, listOf(person(), person())))
        assertEquals(listOf(PlayerName.Numbered(1), PlayerName.Numbered(2)), g.state().players.map { it.name })
        assertFalse(g.state().capabilities.canHint)
        assertThrows<MoveException.HintNotPossible> { g.hint() }
        g.tap(-1, 5)
        g.tap(-1, 4)
        assertEquals(1, g.state().toMove)
        var v = g.undo()
        assertTrue(v.history.isEmpty())
        v = g.redo()
        assertEquals(1, v.history.size)

        assertTrue(v.capabilities.canOfferDraw)
        v = g.offerDraw()
        assertEquals(Banner.DrawOffered(1), v.banner)
        assertTrue(v.capabilities.canAnswerDraw)
        v = g.answerDraw(false)
        assertEquals(Banner.DrawDeclined(0), v.banner)
        assertNull(v.outcome)
        g.offerDraw()
        v = g.answerDraw(true)
        val end = v.outcome!!
        assertEquals(EndReason.DRAW_AGREED, end.reason)
        assertEquals(1, end.by)
        assertTrue(end.winners.isEmpty())
        assertEquals(listOf(listOf(0, 1)), end.ranking)
        assertEquals(Banner.GameOver, v.banner)
        assertThrows<MoveException.NoDrawOffer> { g.answerDraw(true) }
    }

    @Test
    fun resignEndsTheGame() {
        val g = LocalGame(solo(level = AiLevel.MEDIUM))
        assertTrue(g.state().capabilities.canResign)
        val v = g.resign()
        val end = v.outcome!!
        assertEquals(EndReason.RESIGNED, end.reason)
        assertEquals(0, end.by)
        assertEquals(listOf(1), end.winners)
        assertEquals(listOf(listOf(1), listOf(0)), end.ranking)
        assertEquals(Banner.GameOver, v.banner)
        assertFalse(v.capabilities.canResign || v.capabilities.canUndo || v.capabilities.canHint)
        assertThrows<MoveException.GameOver> { g.resign() }
        assertThrows<MoveException.GameOver> { g.think() }
    }

    @Test
    fun hintAndReplay() {
        val g = LocalGame(solo())
        var v = g.state()
        assertTrue(v.capabilities.canHint)
        val search = g.hint()
        assertTrue(g.state().hintPending)
        v = kotlinx.coroutines.runBlocking { search.finish() }
            .let { assertInstanceOf(SearchOutcome.Finished::class.java, it).state }
        assertFalse(v.hintPending)
        assertTrue(v.hint.size >= 2)
        assertEquals(Highlight.HINT, v.hole(v.hint.first().q, v.hint.first().r).highlight)
        assertEquals(Highlight.HINT, v.hole(v.hint.last().q, v.hint.last().r).highlight)
        assertTrue(v.history.isEmpty())
        // The hint stays while pegs are chosen, its own or another, until a move is played.
        val hint = v.hint
        assertNotNull(v.hintKind)
        v = g.tap(hint.first().q, hint.first().r)
        assertEquals(hint.first(), v.selected)
        assertEquals(hint, v.hint)
        v = g.cancelTouch()
        assertEquals(hint, v.hint)
        val other = listOf(Coord(-1, 5), Coord(-2, 5)).first { it != hint.first() } // front-row pegs: they can move
        v = g.tap(other.q, other.r)
        assertEquals(other, v.selected)
        assertEquals(hint, v.hint, "the hint is gone after choosing $other")
        g.cancelTouch()
        g.tap(-1, 5)
        v = g.tap(-1, 4)
        assertTrue(v.hint.isEmpty()) // a move clears the hint
        assertNull(v.hintKind)
        g.setAiTimeLimit(50L)
        g.aiMove()
        v = g.replayStart()
        assertEquals(ReplayState(2, 2), v.replay)
        assertEquals(Banner.Replay(2, 2), v.banner)
        v = g.replayStep(-2)
        assertEquals(ReplayState(0, 2), v.replay)
        assertEquals(Banner.Replay(0, 2), v.banner)
        assertEquals(Colour.S, v.hole(-1, 5).occupant)
        v = g.replayStep(-5) // clamped
        assertEquals(ReplayState(0, 2), v.replay)
        v = g.replayExit()
        assertNull(v.replay)
        assertEquals(Colour.S, v.hole(-1, 4).occupant)
        assertThrows<MoveException.NotReplaying> { g.replayStep(1) }
    }

    @Test
    fun saveRestoreAndBadSaves() {
        val g = LocalGame(solo(colours = 2))
        g.setAiTimeLimit(50L)
        g.tap(-1, 5)
        g.tap(-1, 4)
        g.aiMove()
        val saved = g.save()
        val r = LocalGame.restore(saved)
        val (a, b) = g.state() to r.state()
        assertEquals(a.holes, b.holes)
        assertEquals(a.history, b.history)
        assertEquals(a.players, b.players)
        assertEquals(a.toMove, b.toMove)
        assertEquals(a.capabilities, b.capabilities)
        // The game keeps its id through a save; every new game has its own.
        assertEquals(g.id(), r.id())
        assertTrue(g.id().isNotEmpty())
        assertNotEquals(g.id(), LocalGame(solo(colours = 2)).id())
        val tooNew = assertThrows<SaveException.TooNew> {
            LocalGame.restore("""{"format":"chinese-checkers-session","version":99}""")
        }
        assertEquals(99, tooNew.found)
        assertTrue(tooNew.supported in 1 until 99, "supported ${tooNew.supported}")
        // The very save with its version raised is refused the same way.
        val raised = Regex("\"version\":\\s*\\d+").replaceFirst(saved, "\"version\":99")
        assertNotEquals(saved, raised)
        assertEquals(99, assertThrows<SaveException.TooNew> { LocalGame.restore(raised) }.found)
        assertThrows<SaveException.Corrupt> { LocalGame.restore("not json") }
        assertThrows<SaveException.Corrupt> { LocalGame.restore(saved.substring(0, saved.length / 2)) }
        val e = assertThrows<SaveException.Corrupt> { LocalGame.restore(saved.replace("[-1,4]", "[0,0]")) }
        assertTrue(e.detail.contains("move 1"), e.detail)
    }

    @Test
    fun positionsRoundTripThroughJson() {
        val pos = hemmed("\"tripot\"")
        assertEquals(Preset.TRIPOT, pos.rules.preset)
        assertEquals(listOf(Colour.S), pos.players[0].colours)
        assertEquals(setOf(Coord(-4, 8)), pos.pegs.first { it.colour == Colour.S }.holes.toSet())
        assertEquals(pos, positionFromJson(positionToJson(pos)))
        val bad = assertThrows<SetupException.BadPosition> { positionToJson(pos.copy(toMove = 5)) }
        assertTrue(bad.detail.isNotEmpty())
    }
}
