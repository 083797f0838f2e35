package app.chinesecheckers.android.board

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.PixelMap
import androidx.compose.ui.graphics.toPixelMap
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.onRoot
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.ai
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.assertHintDrawn
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.game
import app.chinesecheckers.android.hole
import app.chinesecheckers.android.holeCentre
import app.chinesecheckers.android.person
import app.chinesecheckers.android.setup
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapHole
import app.chinesecheckers.android.tapStep
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.EndReason
import app.chinesecheckers.core.Format
import app.chinesecheckers.core.Highlight
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.core.PastGame
import app.chinesecheckers.core.PastResult
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.TurnStatus
import app.chinesecheckers.core.positionFromJson
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.TrailColours
import app.chinesecheckers.ui.board.TrailDrawn
import app.chinesecheckers.ui.theme.LightBoardPalette
import app.chinesecheckers.ui.strings.EnglishStrings
import app.chinesecheckers.ui.strings.FrenchStrings
import app.chinesecheckers.ui.strings.Strings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The player's table reads the core's facts (issue 28, second round): the status line from
 * `GameState.status` (a chain's "Jump again", a dead end that plays by itself), the hint in
 * words from `hintKind` that stays while pegs are selected, the trail of the other seats' moves
 * drawn on the board, and who resigned a past online game (`PastGame.by`, `byYou`).
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class TableFactsUiTest {
    @Test
    fun aChainSaysJumpAgainWithItsNextHopsLitAndADeadEndPlaysTheMoveByItself() = appTest(device = Device.Phone, reducedMotion = true) {
        // [3,-4] lets the chain hop on from [2,-4] to [4,-4], where no hop is left (the core's
        // Kotlin suite's chain, LocalGameTest).
        val pos = positionFromJson(
            """{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[3,-4],[4,-8]]},"to_move":0}""",
        )
        app.showLocal(LocalGame.fromPosition(pos, listOf(person(), ai()), 0L).game(), BoardMode.Solo)
        waitForIdle()
        tag("status").assertTextEquals("Your turn")
        tapHole(Coord(0, 0))
        tapHole(Coord(0, -2))
        var s = game()
        assertEquals(TurnStatus.JumpAgain(0), s.status)
        assertTrue(s.capabilities.canEndJump)
        tag("status").assertTextEquals("Jump again, or End jump")
        assertEquals("the next hop is lit", Highlight.JUMP_TARGET, s.hole(Coord(2, -4)).highlight)
        tag("endJump").assertIsEnabled()
        snapshot("board-jump-again-phone")

        tapHole(Coord(2, -4))
        s = game()
        assertEquals(TurnStatus.JumpAgain(0), s.status)
        tag("status").assertTextEquals("Jump again, or End jump")
        assertEquals(Highlight.JUMP_TARGET, s.hole(Coord(4, -4)).highlight)
        assertTrue("nothing played yet", s.history.isEmpty())

        // [4,-4] is a dead end: the hop plays the whole chain, no End jump tapped.
        tapHole(Coord(4, -4))
        s = game()
        assertEquals(listOf(Coord(0, 0), Coord(0, -2), Coord(2, -4), Coord(4, -4)), s.history.first().path)
        assertEquals(MoveKind.JUMP, s.history.first().kind)
        assertTrue(s.chain.isEmpty())
        assertFalse(tag("status").fetchSemanticsNode().config[androidx.compose.ui.semantics.SemanticsProperties.Text].joinToString().startsWith("Jump again"))
        tag("endJump").assertIsNotEnabled()
    }

    @Test
    fun theHintStaysDrawnAndWordedWhileAnotherPegIsSelectedAndGoesWithAMove() = appTest(device = Device.Phone, reducedMotion = true) {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai())), BoardMode.Solo)
        waitForIdle()
        click("hint")
        waitUntil(timeoutMillis = 30_000) { game().hint.size >= 2 }
        waitForIdle()
        val hint = game().hint
        val kind = checkNotNull(game().hintKind)
        val holes = app.geometry.holes.associateBy { it.coord }
        val from = holes.getValue(hint.first())
        val to = holes.getValue(hint.last())
        val words = "Hint: ${EnglishStrings.moveKind(kind)} from ${from.row}·${from.place} to ${to.row}·${to.place}"
        tag("hintWords").assertTextEquals(words)
        assertHintDrawn(hint.first(), hint.last())

        // Another peg of ours, one that can move, selected: the hint stays, drawn and worded.
        val presenter = checkNotNull(app.board.value)
        val s = game()
        val other = s.holes.filter { it.owner == 0 && it.coord != hint.first() }.first { h ->
            presenter.onEvent(BoardEvent.TapHole(h.coord.q, h.coord.r))
            val movable = game().targets.isNotEmpty()
            presenter.onEvent(BoardEvent.TapOutside)
            movable
        }.coord
        tapHole(other)
        assertEquals(Highlight.SELECTED, game().hole(other).highlight)
        assertEquals("the hint stays in the state", hint, game().hint)
        tag("hintWords").assertTextEquals(words)
        assertHintDrawn(hint.first(), hint.last())

        // A move played: the hint goes, words and marker.
        tapHole(game().targets.first().coord)
        waitUntil(timeoutMillis = 5_000) { game().history.isNotEmpty() }
        waitForIdle()
        assertTrue(game().hint.isEmpty())
        assertFalse(exists("hintWords"))
    }

    @Test
    fun theTrailOfTheFiveAiMovesIsDrawnAndGoesWithThePersonsMove() = appTest(device = Device.Phone, reducedMotion = true) {
        app.settings.update { it.copy(aiPaceMillis = 0) }
        app.startLocal(setup(Preset.STERNHALMA, listOf(person()) + List(5) { ai() }), BoardMode.Solo)
        waitForIdle()
        // The board before any move: what each trail line is drawn over.
        val before = onRoot().captureToImage().toPixelMap()
        assertEquals(emptyList<Int>(), tag("trail").fetchSemanticsNode().config[TrailDrawn])
        tapStep()
        waitUntil(timeoutMillis = 120_000) {
            val g = game()
            g.history.size >= 6 && g.toMove == 0 && !g.aiToMove && g.thinking == null
        }
        waitForIdle()
        val g = game()
        assertEquals("the five AI moves, oldest first", listOf(1, 2, 3, 4, 5), g.trail.map { it.player })
        assertEquals(g.history.takeLast(5), g.trail)
        assertEquals("the board draws every one", g.trail.map { it.number }, tag("trail").fetchSemanticsNode().config[TrailDrawn])
        // Each AI's line in the colour of its own pegs: five colours, not one blue for all.
        val colours = tag("trail").fetchSemanticsNode().config[TrailColours]
        assertEquals(g.trail.map { g.players[it.player].colours.single() }, colours)
        assertEquals(5, colours.toSet().size)
        // Each move's line shows where its first hop leaves its hole: half a hole spacing along
        // it, no peg covers the point, and the line tints it towards the mover's peg colour.
        val after = onRoot().captureToImage().toPixelMap()
        for (move in g.trail) {
            val a = holeCentre(move.path[0])
            val b = holeCentre(move.path[1])
            val point = a + (b - a) * (if (move.kind == MoveKind.STEP) 0.5f else 0.25f)
            val was = before.around(point)
            val now = after.around(point)
            val fill = LightBoardPalette.peg(g.players[move.player].colours.single()).fill
            val tinted = now.indices.count { now[it].nearer(fill, was[it]) }
            assertTrue("move ${move.number} (${move.path}) is drawn at $point: $was → $now", tinted >= 3)
        }
        snapshot("board-trail-phone")

        // The person's move: the trail starts again, empty.
        tapStep()
        waitUntil(timeoutMillis = 10_000) { game().history.size >= 7 }
        // The AIs may already be answering: the trail holds theirs since the person's move only.
        val later = game()
        assertEquals(later.history.drop(7), later.trail)
    }

    /** The pixels of a 3×3 square around [p] (clear of the pegs, whose edges are farther). */
    private fun PixelMap.around(p: Offset): List<Color> =
        (-1..1).flatMap { dx -> (-1..1).map { dy -> this[p.x.toInt() + dx, p.y.toInt() + dy] } }

    /** Clearly nearer [target] than [other] is: a line of that colour drawn over it. */
    private fun Color.nearer(target: Color, other: Color): Boolean {
        fun Color.distance(c: Color) = kotlin.math.sqrt((red - c.red).let { it * it } + (green - c.green).let { it * it } + (blue - c.blue).let { it * it })
        return other.distance(target) - distance(target) > 0.06f
    }

    /**
     * The online screen's `pastGameDetail`, internal to the shared UI module, whose friends the
     * app's tests are not (as under Gradle): called under its JVM name, by reflection.
     */
    private fun pastGameDetail(g: PastGame, nowMs: Long, strings: Strings): String =
        Class.forName("app.chinesecheckers.ui.online.OnlineScreenKt")
            .getMethod("pastGameDetail", PastGame::class.java, Long::class.javaPrimitiveType, Strings::class.java)
            .invoke(null, g, nowMs, strings) as String

    @Test
    fun aPastGameSaysWhoResignedFromTheCoreYouForOurselves() {
        val now = System.currentTimeMillis()
        fun game(winners: List<Int>, by: Int?, byYou: Boolean) =
            // Our result as the core gives it (seat 0 is ours; session tests check the core's).
            PastGame("g", Format.CLASSIC, listOf("Ann", "Bob"), 0, winners, EndReason.RESIGNED, now, by, byYou, if (0 in winners) PastResult.WON else PastResult.LOST)

        assertEquals("Lost · You resigned · today", pastGameDetail(game(listOf(1), 0, true), now, EnglishStrings))
        assertEquals("Won · Bob resigned · today", pastGameDetail(game(listOf(0), 1, false), now, EnglishStrings))
        assertTrue(pastGameDetail(game(listOf(1), 0, true), now, FrenchStrings).contains("Vous avez abandonné"))
        // Not known (a game of 3 or more): said without a name.
        assertEquals("Lost · A player resigned · today", pastGameDetail(game(listOf(1), null, false), now, EnglishStrings))
    }
}
