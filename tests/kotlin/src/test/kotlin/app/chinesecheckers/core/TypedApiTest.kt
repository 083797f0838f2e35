package app.chinesecheckers.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import kotlin.math.abs
import kotlin.math.hypot
import kotlin.math.sqrt

/** The typed surface: catalogue, geometry, errors with their fields, banners, revisions and changes. */
class TypedApiTest {
    @Test
    fun catalogueListsEveryRuleSetWithAReadySetUp() {
        val sets = ruleSets()
        assertEquals(listOf(Preset.TRIPOT, Preset.CLASSIC, Preset.STERNHALMA, Preset.RULEBOOK), sets.map { it.preset })
        val tripot = sets[0]
        assertEquals(listOf(2), tripot.seatCounts)
        assertEquals(listOf(1, 2, 3), tripot.coloursPerSide)
        assertTrue(tripot.openerChoice)
        assertTrue(tripot.options.swaps)
        assertEquals(listOf(2, 3, 4, 6), ruleSet(Preset.STERNHALMA).seatCounts)
        assertEquals(200, ruleSet(Preset.STERNHALMA).options.moveCap)
        assertEquals(listOf(2, 3, 4, 5, 6), ruleSet(Preset.RULEBOOK).seatCounts)
        for (info in sets) {
            assertEquals(info.preset, info.defaultSetup.rules.preset)
            assertEquals(info.options, info.defaultSetup.rules.options)
            if (info.preset != Preset.TRIPOT) assertFalse(info.openerChoice)
            // Every ready set-up makes a game: the person against the AI at Easy, the seats every
            // new-game screen starts from (`newGameSeats`).
            val v = LocalGame(info.defaultSetup).state()
            assertEquals(listOf(SeatPlayer.Person, SeatPlayer.Ai(AiLevel.EASY)), v.players.map { it.player })
            assertEquals(newGameSeats(2, true), info.defaultSetup.seats)
            assertEquals(20, v.holes.count { it.occupant != null })
        }
        assertEquals(AiLevel.entries.toList(), opponents().map { it.level })
        assertTrue(opponents().all { it.name.isNotBlank() })
        assertEquals(opponents().size, opponents().map { it.name }.toSet().size)
    }

    @Test
    fun geometryHasTheTrueAspectRatio() {
        val g = boardGeometry()
        assertEquals(121, g.holes.size)
        assertEquals(121, g.holes.map { it.coord }.toSet().size)
        assertEquals(12f, g.width, 1e-4f)
        assertEquals(16f * sqrt(3f) / 2f, g.height, 1e-3f)
        assertEquals(g.width, g.holes.maxOf { it.x }, 1e-4f)
        assertEquals(g.height, g.holes.maxOf { it.y }, 1e-4f)
        assertEquals(0f, g.holes.minOf { it.x }, 1e-4f)
        assertEquals(0f, g.holes.minOf { it.y }, 1e-4f)
        assertTrue(g.holeRadius > 0f && g.holeRadius < 0.5f)
        val at = g.holes.associateBy { it.coord }
        // The six neighbours of every hole on the board are exactly 1 apart; no two holes are closer.
        val directions = listOf(1 to 0, -1 to 0, 0 to 1, 0 to -1, 1 to -1, -1 to 1)
        var pairs = 0
        for (h in g.holes) {
            for ((dq, dr) in directions) {
                val n = at[Coord(h.coord.q + dq, h.coord.r + dr)] ?: continue
                assertEquals(1.0, hypot((h.x - n.x).toDouble(), (h.y - n.y).toDouble()), 1e-4)
                pairs++
            }
        }
        assertTrue(pairs > 500, "only $pairs neighbour pairs")
        val sample = g.holes.take(30)
        for (a in sample) for (b in g.holes) if (a !== b) {
            assertTrue(hypot((a.x - b.x).toDouble(), (a.y - b.y).toDouble()) > 0.999)
        }
        for (c in Colour.entries) assertEquals(10, g.holes.count { it.camp == c }, "camp $c")
        assertEquals(61, g.holes.count { it.camp == null })
        // Rows 1–17 from the top, places from the left.
        assertEquals(1, at.getValue(Coord(4, -8)).row)
        assertEquals(17, at.getValue(Coord(-4, 8)).row)
        assertEquals(13, g.holes.count { it.row == 5 })
        assertEquals(9, at.getValue(Coord(0, 0)).row)
        assertEquals(5, at.getValue(Coord(0, 0)).place)
        assertEquals(6f, at.getValue(Coord(0, 0)).x, 1e-5f)
        for (row in 1..17) {
            val inRow = g.holes.filter { it.row == row }.sortedBy { it.x }
            assertEquals((1..inRow.size).toList(), inRow.map { it.place })
            assertTrue(inRow.all { abs(it.y - inRow[0].y) < 1e-4f })
        }
        // The camp of S is the bottom point, whose tip is (-4, 8).
        assertEquals(Coord(-4, 8), campTips[Colour.S])
        assertEquals(Coord(4, -8), campTips[Colour.N])
        assertEquals(g, boardGeometry())
    }

    @Test
    fun setUpErrorsCarryTheirData() {
        val seats = assertThrows<SetupException.SeatCount> {
            LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(), ai())))
        }
        assertEquals(Preset.TRIPOT, seats.preset)
        assertEquals(3, seats.found)
        assertEquals(listOf(2), seats.allowed)
        val five = assertThrows<SetupException.SeatCount> {
            LocalGame(setup(Preset.STERNHALMA, List(5) { person() }))
        }
        assertEquals(listOf(2, 3, 4, 6), five.allowed)
        assertEquals(5, five.found)
        val one = assertThrows<SetupException.SeatCount> { LocalGame(setup(Preset.CLASSIC, listOf(person()))) }
        assertEquals(1, one.found)
        val colours = assertThrows<SetupException.ColoursPerSide> { LocalGame(setup(Preset.TRIPOT, colours = 4)) }
        assertEquals(4, colours.found)
        assertEquals(listOf(1, 2, 3), colours.allowed)
        val classicColours = assertThrows<SetupException.ColoursPerSide> { LocalGame(setup(Preset.CLASSIC, colours = 2)) }
        assertEquals(Preset.CLASSIC, classicColours.preset)
        assertEquals(listOf(1), classicColours.allowed)
        val fixed = assertThrows<SetupException.OpenerFixed> { LocalGame(setup(Preset.CLASSIC, opener = Opener.Seat(1))) }
        assertEquals(Preset.CLASSIC, fixed.preset)
        // A coin toss works in every rule set: with a fixed opener its winner takes the first seat.
        val tossed = LocalGame(setup(Preset.STERNHALMA, opener = Opener.CoinToss)).state()
        assertEquals(0, tossed.toMove)
        assertEquals(Banner.CoinToss(0), tossed.banner)
        val noSeat = assertThrows<SetupException.NoSuchSeat> { LocalGame(setup(Preset.TRIPOT, opener = Opener.Seat(5))) }
        assertEquals(5, noSeat.index)
        assertEquals(2, noSeat.seats)
        val rules = ruleSet(Preset.TRIPOT).options
        val badRules = assertThrows<SetupException.BadRules> {
            LocalGame(setup(Preset.TRIPOT).let { it.copy(rules = it.rules.copy(options = rules.copy(jumpReach = 0))) })
        }
        assertTrue(badRules.detail.isNotEmpty())
        assertThrows<SetupException.BadPosition> { positionFromJson("{") }
        assertThrows<SetupException.BadPosition> { positionFromJson("""{"rules":"chess","players":[],"pegs":{},"to_move":0}""") }
        // A position's seats must match its players.
        val start = positionFromJson(
            """{"rules":"classic","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[-4,8]],"N":[[4,-8]]},"to_move":0}"""
        )
        val mismatch = assertThrows<SetupException.SeatCount> { LocalGame.fromPosition(start, listOf(person()), 0L) }
        assertEquals(1, mismatch.found)
        assertEquals(listOf(2), mismatch.allowed)
    }

    @Test
    fun moveErrorsAreTyped() {
        val g = LocalGame(setup(Preset.TRIPOT))
        assertThrows<MoveException.NotAiTurn> { g.think() }
        assertThrows<MoveException.NothingToUndo> { g.undo() }
        assertThrows<MoveException.NothingToRedo> { g.redo() }
        assertThrows<MoveException.NoJumpInProgress> { g.endJump() }
        assertThrows<MoveException.NothingToReplay> { g.replayStart() }
        assertThrows<MoveException.NotReplaying> { g.replayStep(-1) }
        assertThrows<MoveException.DrawNotPossible> { g.offerDraw() }
        assertThrows<MoveException.NoDrawOffer> { g.answerDraw(false) }
        // A refusal leaves the state, revision included, as it was.
        val before = g.state()
        assertThrows<MoveException.NothingToUndo> { g.undo() }
        assertEquals(before, g.state())
        // While the AI is to move, the person may not ask for a hint.
        val aiFirst = LocalGame(setup(Preset.TRIPOT, opener = Opener.Seat(1)))
        assertThrows<MoveException.HintNotPossible> { aiFirst.hint() }
    }

    @Test
    fun otherErrorsAreTyped() {
        val dir = java.nio.file.Files.createTempDirectory("cc-typed")
        val library = GameLibrary.open(dir.toString())
        assertEquals(AiLevel.entries.toList(), library.statistics().map { it.level })
        assertTrue(library.statistics().all { it.played == 0 && it.fewestMoves == null })
        val missing = assertThrows<LibraryException.NotFound> { library.openGame("0123456789abcdef") }
        assertEquals("0123456789abcdef", missing.id)
        assertThrows<LibraryException.NotFound> { library.openGame("../statistics") }
        assertThrows<LibraryException.NotFound> { library.openOnlineGame("") }
        java.nio.file.Files.writeString(dir.resolve("statistics.json"), "{]")
        val damaged = assertThrows<LibraryException.Damaged> { library.statistics() }
        assertTrue(damaged.file.endsWith("statistics.json"), damaged.file)
        assertTrue(damaged.detail.isNotEmpty())
        java.nio.file.Files.writeString(dir.resolve("statistics.json"), """{"format":"chinese-checkers-statistics","version":99}""")
        val statsTooNew = assertThrows<LibraryException.TooNew> { library.statistics() }
        assertEquals(99, statsTooNew.found)
        assertTrue(statsTooNew.supported in 1 until 99)
        val file = java.nio.file.Files.createTempFile("cc-typed", ".txt")
        assertThrows<LibraryException.Storage> { GameLibrary.open(file.toString()) }
        val code = assertThrows<OnlineException.BadRoomCode> { OnlineGame().send(OnlineRequest.JoinRoom("no!")) }
        assertEquals("no!", code.code)
        assertNull(checkRoomCode("no!"))
        val online = OnlineGame()
        assertThrows<OnlineException.BadName> { online.send(OnlineRequest.Hello(newToken(), "")) }
        assertThrows<OnlineException.BadToken> { online.send(OnlineRequest.Hello("not a token", "Ann")) }
        assertThrows<OnlineException.NotConnected> { online.send(OnlineRequest.QuickMatch(null)) }
        assertThrows<OnlineException.Malformed> { online.receive("{") }
        // The board's actions go through the session's transport: without one they say so.
        assertThrows<MoveException.NoTransport> { online.game().resign() }
        online.setTransport(object : OnlineTransport {
            override fun send(frame: String) {}
        })
        assertThrows<MoveException.NoGame> { online.game().resign() }
        assertThrows<MoveException.NoGame> { online.game().tap(0, 0) }
        val tooNew = assertThrows<SaveException.TooNew> {
            OnlineGame.restore("""{"format":"chinese-checkers-online","version":99}""")
        }
        assertEquals(99, tooNew.found)
        assertTrue(tooNew.supported in 1 until 99)
        assertThrows<SaveException.Corrupt> { OnlineGame.restore("""{"format":"chinese-checkers-session","version":1}""") }
    }

    @Test
    fun coinTossIsAnnouncedUntilTheFirstMove() {
        val openers = (0L until 16L).map { seed ->
            // The Impossible AI with a short budget: its search lasts long enough to be seen.
            val g = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE)), opener = Opener.CoinToss, seed = seed))
            val v = g.state()
            val toss = v.banner as Banner.CoinToss
            assertEquals(v.toMove, toss.opener)
            assertEquals(toss.opener == 1, v.aiToMove)
            // The same seed tosses the same way.
            assertEquals(toss, LocalGame(setup(Preset.TRIPOT, opener = Opener.CoinToss, seed = seed)).state().banner)
            assertEquals(PlayerName.You, v.players[0].name)
            if (toss.opener == 0) {
                g.tap(-1, 5)
                assertEquals(toss, g.state().banner) // a selection keeps it
                assertNull(g.tap(-1, 4).banner)
            } else {
                g.setAiTimeLimit(200L)
                val started = g.think()
                assertEquals(Banner.AiThinking(1), g.state().banner)
                kotlinx.coroutines.runBlocking { started.finish() }
                assertNull(g.state().banner)
            }
            toss.opener
        }
        assertEquals(setOf(0, 1), openers.toSet(), "16 tosses all chose the same seat")
    }

    @Test
    fun coinTossWithAFixedOpenerSeatsTheWinnerFirst() {
        val firsts = (0L until 16L).map { seed ->
            val g = LocalGame(setup(Preset.CLASSIC, listOf(person("Ann"), ai()), opener = Opener.CoinToss, seed = seed))
            val v = g.state()
            // The first seat always opens in classic: the toss decides who sits there.
            assertEquals(0, v.toMove)
            assertEquals(Banner.CoinToss(0), v.banner)
            assertEquals(setOf(SeatPlayer.Person, SeatPlayer.Ai(AiLevel.BEGINNER)), v.players.map { it.player }.toSet())
            assertEquals(PlayerName.Named("Ann"), v.players.first { it.player == SeatPlayer.Person }.name)
            assertEquals(v.players[0].player == SeatPlayer.Ai(AiLevel.BEGINNER), v.aiToMove)
            v.players[0].player
        }
        assertEquals(2, firsts.toSet().size, "16 tosses all seated the same player first")
    }

    @Test
    fun revisionsGrowAndChangesSayWhatMoved() {
        val g = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE))))
        g.setAiTimeLimit(200L)
        var last = g.state().revision
        fun check(v: GameState, kind: ChangeKind): GameState {
            assertTrue(v.revision > last, "revision ${v.revision} after $last")
            last = v.revision
            assertEquals(kind, v.change.kind)
            return v
        }
        // A selection is a refresh: nothing moves.
        var v = check(g.tap(-1, 5), ChangeKind.REFRESH)
        assertTrue(v.change.animate.isEmpty())
        v = check(g.tap(-1, 4), ChangeKind.NEW_MOVE)
        assertEquals(listOf(Coord(-1, 5), Coord(-1, 4)), v.change.animate)
        // Starting the AI bumps the revision too (it shows thinking).
        val search = g.think()
        v = check(g.state(), ChangeKind.REFRESH)
        assertEquals(1, v.thinking)
        v = kotlinx.coroutines.runBlocking { search.finish() }.let { (it as SearchOutcome.Finished).state }
        check(v, ChangeKind.NEW_MOVE)
        assertEquals(v.history.last().path, v.change.animate)
        assertEquals(v.history.last().path, v.lastMove)
        val aiPath = v.change.animate
        v = check(g.undo(), ChangeKind.UNDO)
        assertTrue(v.change.animate.isEmpty())
        assertTrue(v.history.isEmpty())
        v = check(g.redo(), ChangeKind.REDO)
        assertEquals(aiPath, v.change.animate)
        v = check(g.replayStart(), ChangeKind.REFRESH)
        v = check(g.replayStep(-1), ChangeKind.REPLAY_STEP)
        assertTrue(v.change.animate.isEmpty()) // backward: no animation
        v = check(g.replayStep(-1), ChangeKind.REPLAY_STEP)
        assertTrue(v.change.animate.isEmpty())
        v = check(g.replayStep(1), ChangeKind.REPLAY_STEP)
        assertEquals(listOf(Coord(-1, 5), Coord(-1, 4)), v.change.animate) // one forward: the move
        v = check(g.replayStep(1), ChangeKind.REPLAY_STEP)
        assertEquals(aiPath, v.change.animate)
        check(g.replayStep(-2), ChangeKind.REPLAY_STEP)
        v = check(g.replayStep(2), ChangeKind.REPLAY_STEP)
        assertTrue(v.change.animate.isEmpty()) // a jump of two moves is not animated
        check(g.replayExit(), ChangeKind.REFRESH)
        // The state alone does not bump the revision.
        assertEquals(last, g.state().revision)
        assertEquals(last, g.state().revision)
    }
}
