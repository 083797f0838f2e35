package app.chinesecheckers.android.play

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.graphics.toPixelMap
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.click
import androidx.compose.ui.test.doubleClick
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performMouseInput
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.pinch
import androidx.compose.ui.test.swipe
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.ai
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.boardRect
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.game
import app.chinesecheckers.android.hole
import app.chinesecheckers.android.person
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.unclippedHoleCentre
import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameInterface
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.Notice
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.boardGeometry
import app.chinesecheckers.core.positionFromJson
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.board.BoardLayout
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.holeTag
import app.chinesecheckers.ui.strings.ThemeChoice
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The board on a 360 × 640 dp phone (issue 28): pinch-zoom to neighbouring holes at least 48 dp
 * apart, pan, the "1×" button back to the whole board (taps on a zoomed board act at once), the
 * loupe under a held finger, and every one of the 121
 * holes of a crowded six-player position tapped at its centre, each reaching the core as that hole.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class SmallScreenTest {
    private companion object {
        /** The small phone's pixels per dp (xhdpi, as Device.SmallPhone). */
        const val DENSITY = 2f
        /** Material's minimum touch target, in pixels at [DENSITY]. */
        const val TOUCH_PX = 48 * DENSITY
        val SEATS: List<Seat> = listOf(person()) + List(5) { ai() }
    }

    /** The game the board plays, counting the holes of the taps that reach the core. */
    private class TapRecorder(private val inner: GameInterface) : GameInterface by inner {
        val taps = mutableListOf<Coord>()
        override fun tap(q: Int, r: Int): GameState {
            taps += Coord(q, r)
            return inner.tap(q, r)
        }
    }

    /** The app on the 360 × 640 dp phone. */
    private fun phone(reducedMotion: Boolean = false, block: RunningApp.() -> Unit) =
        appTest(device = Device.SmallPhone, reducedMotion = reducedMotion, block = block)

    /**
     * A mid-game six-player sternhalma position: each colour keeps six pegs in its home camp (its
     * first three rows) and has brought four into the central hexagon, 60 pegs on 121 holes;
     * the person (S) is to move.
     */
    private fun crowdedPosition(): String {
        val geometry = boardGeometry()
        val colours = listOf(Colour.S, Colour.SW, Colour.NW, Colour.N, Colour.NE, Colour.SE)
        val centre = geometry.holes.first { it.coord == Coord(0, 0) }.let { Offset(it.x, it.y) }
        fun at(c: Colour) = geometry.holes.filter { it.camp == c }.map { it.coord to Offset(it.x, it.y) }
        val tips = colours.associateWith { c -> at(c).maxBy { (it.second - centre).getDistance() }.second }
        val pegs = colours.associateWith { c ->
            at(c).sortedByDescending { (it.second - centre).getDistance() }.take(6).map { it.first }.toMutableList()
        }
        val free = geometry.holes.filter { it.camp == null }.map { it.coord to Offset(it.x, it.y) }.toMutableList()
        for (k in 0 until 4) {
            for (c in colours) {
                val tip = tips.getValue(c)
                val aim = tip + (centre - tip) * (0.5f + 0.12f * k)
                val hole = free.minBy { (it.second - aim).getDistance() }
                free.remove(hole)
                pegs.getValue(c) += hole.first
            }
        }
        val players = colours.joinToString(",") { """{"colours":["${it.name}"]}""" }
        val lists = pegs.entries.joinToString(",") { (c, holes) -> "\"${c.name}\":" + holes.joinToString(",", "[", "]") { "[${it.q},${it.r}]" } }
        return """{"rules":"sternhalma","players":[$players],"pegs":{$lists},"to_move":0}"""
    }

    private fun newGame(): LocalGame = LocalGame.fromPosition(positionFromJson(crowdedPosition()), SEATS, 0L)

    /** The app showing the crowded position, the core's game wrapped in a [TapRecorder]. */
    private fun RunningApp.crowdedBoard(): TapRecorder {
        app.settings.update { it.copy(theme = ThemeChoice.Light) }
        val recorder = TapRecorder(newGame().game())
        app.showLocal(recorder, BoardMode.Solo)
        waitForIdle()
        assertEquals(60, game().holes.count { it.occupant != null })
        return recorder
    }

    /** The smallest distance between the centres of neighbouring holes on screen, in pixels. */
    private fun RunningApp.neighbourSpacing(): Float {
        val coords = game().holes.map { it.coord }.toSet()
        val centres = coords.associateWith { unclippedHoleCentre(it) }
        var least = Float.MAX_VALUE
        for (c in coords) {
            for (n in listOf(Coord(c.q + 1, c.r), Coord(c.q, c.r + 1), Coord(c.q - 1, c.r + 1))) {
                if (n in coords) least = minOf(least, (centres.getValue(c) - centres.getValue(n)).getDistance())
            }
        }
        return least
    }

    /** Two fingers spread wide over the board's centre: zooms in as far as the board goes. */
    private fun RunningApp.pinchIn() {
        tag("board").performTouchInput {
            val c = center
            pinch(c - Offset(30f, 0f), c - Offset(width * 0.45f, 0f), c + Offset(30f, 0f), c + Offset(width * 0.45f, 0f), 400)
        }
        waitForIdle()
    }

    /**
     * One finger dragged over the board by [delta] (in pieces the board's size can hold, about
     * its centre: a drag that starts on the zoomed board's "1×" button in its corner is a press
     * of that button, not a pan).
     */
    private fun RunningApp.drag(delta: Offset) {
        val board = boardRect()
        val d = Offset(delta.x.coerceIn(-board.width * 0.6f, board.width * 0.6f), delta.y.coerceIn(-board.height * 0.6f, board.height * 0.6f))
        tag("board").performTouchInput { swipe(center - d / 2f, center + d / 2f, 300) }
        waitForIdle()
    }

    /** Pans until the hole at [c] lies at least half a touch target inside the board's view, off the "1×" button. */
    private fun RunningApp.bringIntoView(c: Coord) {
        repeat(4) {
            val inner = boardRect().deflate(TOUCH_PX / 2 + 4f)
            val p = unclippedHoleCentre(c)
            val button = if (exists("zoomReset")) tag("zoomReset").fetchSemanticsNode().boundsInRoot.inflate(TOUCH_PX / 2) else Rect.Zero
            if (inner.contains(p) && !button.contains(p)) return
            drag(boardRect().center - p)
        }
        fail("hole $c could not be brought into view (at ${unclippedHoleCentre(c)}, board ${boardRect()})")
    }

    /** A real tap at the hole's centre; it must reach the core on the next frame (no double-tap wait). */
    private fun RunningApp.tapAtCentre(c: Coord) {
        val board = boardRect()
        val p = unclippedHoleCentre(c)
        tag("board").performTouchInput { click(p - board.topLeft) }
        waitForIdle()
    }

    @Test
    fun zoomedToTouchSizeEveryHoleOfACrowdedBoardIsTappedAtItsCentre() = phone {
        val recorder = crowdedBoard()
        val spacingAt1x = neighbourSpacing()
        assertTrue("at 1× the holes are too close to touch ($spacingAt1x px)", spacingAt1x < TOUCH_PX)

        pinchIn()
        val zoomed = neighbourSpacing()
        assertTrue("zoomed, neighbouring holes are at least 48 dp apart ($zoomed px)", zoomed >= TOUCH_PX)
        // As far as the zoom goes (52 dp), not farther: less panning to reach every hole.
        assertTrue("zoomed to the maximum only ($zoomed px)", zoomed <= 52 * DENSITY + 2f)
        assertTrue("the pinch reached no hole", recorder.taps.isEmpty())

        // The core's own answer to each tap, from a second copy of the game.
        val reference = newGame().game()
        val presenter = checkNotNull(app.board.value)

        // Pictured zoomed with one of the person's pegs in the hexagon picked, its holes lit.
        val geometry = boardGeometry()
        val picked = game().holes.map { it.coord }.first { c ->
            geometry.holes.first { it.coord == c }.camp == null && game().hole(c).owner == 0 && (reference.tap(c.q, c.r).selected == c).also { reference.cancelTouch() }
        }
        bringIntoView(picked)
        tapAtCentre(picked)
        assertEquals(picked, game().selected)
        snapshot("small-screen-zoomed-light-phone")
        app.settings.update { it.copy(theme = ThemeChoice.Dark) }
        waitForIdle()
        assertEquals("the theme keeps the zoom", zoomed, neighbourSpacing(), 0.5f)
        app.settings.update { it.copy(theme = ThemeChoice.Light) }
        presenter.onEvent(BoardEvent.TapOutside)
        waitForIdle()
        recorder.taps.clear()
        // Row by row, alternating direction: short pans from one hole to the next.
        val holes = geometry.holes.groupBy { it.row }.toSortedMap().values
            .flatMapIndexed { i, row -> (if (i % 2 == 0) row.sortedBy { it.place } else row.sortedByDescending { it.place }).map { it.coord } }
        assertEquals(121, holes.size)
        var selected = 0
        var empty = 0
        for (c in holes) {
            bringIntoView(c)
            val before = recorder.taps.size
            tapAtCentre(c)
            assertEquals("one tap reached the core for $c", before + 1, recorder.taps.size)
            assertEquals("the tap at the centre of $c reached the core as $c", c, recorder.taps.last())
            val expected = reference.tap(c.q, c.r)
            val state = game()
            assertEquals("selection after tapping $c", expected.selected, state.selected)
            assertEquals("notice after tapping $c", expected.notice, state.notice)
            val hole = state.hole(c)
            if (hole.owner == 0 && expected.selected != null) {
                assertEquals("a tap on an own peg selects exactly it", c, state.selected)
                selected++
            }
            if (hole.occupant == null) {
                assertEquals(Notice.EmptyHole, state.notice)
                empty++
            }
            // Back to nothing selected, on both, so that the next tap is read afresh.
            reference.cancelTouch()
            presenter.onEvent(BoardEvent.TapOutside)
            waitForIdle()
            assertNull(game().selected)
        }
        assertEquals(121, recorder.taps.size)
        assertEquals(61, empty)
        assertTrue("own pegs selected by their taps ($selected)", selected >= 4)
        // Still zoomed: every tap was a tap, none a double tap.
        assertEquals(zoomed, neighbourSpacing(), 0.5f)
        assertTrue(game().history.isEmpty())
    }

    @Test
    fun aZoomedBoardIsFramedWithA1xButtonAndATapActsAtOnce() = phone {
        val recorder = crowdedBoard()
        val spacingAt1x = neighbourSpacing()
        // At 1×: no frame, no button.
        assertFalse(exists("zoomedFrame"))
        assertFalse(exists("zoomReset"))
        pinchIn()
        drag(Offset(200f, 150f))
        assertTrue(neighbourSpacing() >= TOUCH_PX)
        // The zoomed cue: the frame in the theme's primary colour along the board's edge, and the button.
        assertTrue(exists("zoomedFrame"))
        tag("zoomReset").assertIsDisplayed()
        val board = boardRect()
        val edge = onRoot().captureToImage().toPixelMap()[board.center.x.toInt(), (board.top + 1).toInt()]
        // The light theme's primary colour (Theme.kt).
        val primary = androidx.compose.ui.graphics.Color(0xFF8B4A12)
        assertEquals("the frame's colour at the board's top edge", primary.red, edge.red, 0.05f)
        assertEquals(primary.green, edge.green, 0.05f)
        assertEquals(primary.blue, edge.blue, 0.05f)

        // A tap on a zoomed board reaches the core on the very next frame: no double-tap wait.
        val own = game().holes.minBy { (unclippedHoleCentre(it.coord) - board.center).getDistance() }.coord
        val p = unclippedHoleCentre(own)
        mainClock.autoAdvance = false
        tag("board").performTouchInput { click(p - board.topLeft) }
        mainClock.advanceTimeByFrame()
        assertEquals(listOf(own), recorder.taps)
        mainClock.autoAdvance = true
        waitForIdle()
        // Two quick taps are two taps (a double tap is not a gesture here): the second
        // reaches the core too, and the board stays zoomed.
        val zoomed = neighbourSpacing()
        tag("board").performTouchInput { doubleClick(p - board.topLeft) }
        waitForIdle()
        assertEquals(listOf(own, own, own), recorder.taps)
        assertEquals(zoomed, neighbourSpacing(), 0.5f)

        // The button goes back to the whole board, unpanned, and taps no hole.
        recorder.taps.clear()
        click("zoomReset")
        mainClock.advanceTimeBy(1_000)
        waitForIdle()
        assertEquals("back to 1×", spacingAt1x, neighbourSpacing(), 0.5f)
        assertEquals("and unpanned", boardRect().center.x, unclippedHoleCentre(Coord(0, 0)).x, 2f)
        assertTrue("the button reached no hole: ${recorder.taps}", recorder.taps.isEmpty())
        assertFalse(exists("zoomedFrame"))
        assertFalse(exists("zoomReset"))
    }

    @Test
    fun withReducedMotionThe1xResetIsNotAnimated() = phone(reducedMotion = true) {
        crowdedBoard()
        val spacingAt1x = neighbourSpacing()
        pinchIn()
        mainClock.autoAdvance = false
        tag("zoomReset").performClick()
        mainClock.advanceTimeByFrame()
        assertEquals("1× on the next frame", spacingAt1x, neighbourSpacing(), 0.5f)
        mainClock.autoAdvance = true
    }

    @Test
    fun withMotionThe1xResetGlides() = phone {
        crowdedBoard()
        val spacingAt1x = neighbourSpacing()
        pinchIn()
        val zoomed = neighbourSpacing()
        mainClock.autoAdvance = false
        tag("zoomReset").performClick()
        mainClock.advanceTimeByFrame()
        mainClock.advanceTimeBy(100)
        val midway = neighbourSpacing()
        assertTrue("between 1× and the zoom mid-glide ($spacingAt1x < $midway < $zoomed)", midway > spacingAt1x + 1f && midway < zoomed - 1f)
        mainClock.advanceTimeBy(1_000)
        mainClock.autoAdvance = true
        waitForIdle()
        assertEquals(spacingAt1x, neighbourSpacing(), 0.5f)
    }

    @Test
    fun aMouseWheelZoomsAboutThePointerAndBackOut() = phone {
        val recorder = crowdedBoard()
        val spacingAt1x = neighbourSpacing()
        val c = Coord(2, -2)
        val board = boardRect()
        val before = unclippedHoleCentre(c)
        tag("board").performMouseInput {
            moveTo(before - board.topLeft)
            scroll(-1f)
        }
        waitForIdle()
        assertEquals("one notch up: 1.25×", spacingAt1x * 1.25f, neighbourSpacing(), 1f)
        assertTrue("the hole under the pointer stays under it", (unclippedHoleCentre(c) - before).getDistance() < 2f)
        tag("board").performMouseInput { scroll(-20f) }
        waitForIdle()
        assertTrue("up to the maximum", neighbourSpacing() in TOUCH_PX..(52 * DENSITY + 2f))
        tag("board").performMouseInput { scroll(20f) }
        waitForIdle()
        assertEquals("back out to 1×", spacingAt1x, neighbourSpacing(), 0.5f)
        assertTrue(recorder.taps.isEmpty())
    }

    @Test
    fun aPanNeverTakesTheBoardOutOfView() = phone {
        val recorder = crowdedBoard()
        pinchIn()
        val spacing = neighbourSpacing()
        val coords = game().holes.map { it.coord }
        // Far in each direction, and diagonally: the board stops at its edge.
        for (push in listOf(Offset(1f, 0f), Offset(-1f, 0f), Offset(0f, 1f), Offset(0f, -1f), Offset(1f, 1f), Offset(-1f, -1f))) {
            repeat(4) { drag(push * 2_000f) }
            val board = boardRect()
            val centres = coords.map { unclippedHoleCentre(it) }
            val left = centres.minOf { it.x }
            val right = centres.maxOf { it.x }
            val top = centres.minOf { it.y }
            val bottom = centres.maxOf { it.y }
            // The board (its outermost holes with the star's rim around them) still covers the view…
            val rimX = BoardLayout.MARGIN_X * spacing + 2f
            val rimY = BoardLayout.MARGIN_Y * spacing + 2f
            assertTrue("$push: no gap on the left ($left vs ${board.left})", left - rimX <= board.left)
            assertTrue("$push: no gap on the right ($right vs ${board.right})", right + rimX >= board.right)
            assertTrue("$push: no gap above ($top vs ${board.top})", top - rimY <= board.top)
            assertTrue("$push: no gap below ($bottom vs ${board.bottom})", bottom + rimY >= board.bottom)
            // …and the edge it was pushed toward is on screen, its outermost holes whole inside.
            if (push.x > 0) assertTrue("$push: the left edge is shown ($left)", left >= board.left + spacing / 2)
            if (push.x < 0) assertTrue("$push: the right edge is shown ($right)", right <= board.right - spacing / 2)
            if (push.y > 0) assertTrue("$push: the top is shown ($top)", top >= board.top + spacing / 2)
            if (push.y < 0) assertTrue("$push: the bottom is shown ($bottom)", bottom <= board.bottom - spacing / 2)
        }
        assertEquals("panned, still zoomed", spacing, neighbourSpacing(), 0.5f)
        assertTrue("no pan reached a hole", recorder.taps.isEmpty())
    }

    @Test
    fun aFingerHeldAt1xShowsTheLoupeAndTheReleaseChoosesTheRingedHole() = phone {
        val recorder = crowdedBoard()
        val reference = newGame().game()
        // Two of the person's pegs that can move, side by side in the hexagon or the camp.
        val movable = game().holes.filter { it.owner == 0 }.map { it.coord }
            .filter { c -> (reference.tap(c.q, c.r).selected == c).also { reference.cancelTouch() } }
        assertTrue("movable pegs: $movable", movable.size >= 2)
        val (first, second) = movable.take(2)
        val board = boardRect()
        assertFalse(exists("loupe"))
        tag("board").performTouchInput { down(unclippedHoleCentre(first) - board.topLeft) }
        mainClock.advanceTimeBy(1_000)
        waitForIdle()
        fun loupeLabel() = tag("loupe").fetchSemanticsNode().config.getOrNull(SemanticsProperties.ContentDescription)?.single()
        fun holeLabel(c: Coord) = tag(holeTag(c)).fetchSemanticsNode().config.getOrNull(SemanticsProperties.ContentDescription)?.single()
        assertEquals("the loupe names the hole under the finger", holeLabel(first), loupeLabel())
        assertTrue("holding chooses nothing yet", recorder.taps.isEmpty())
        app.settings.update { it.copy(theme = ThemeChoice.Dark) }
        waitForIdle()
        assertEquals("the loupe stays while the finger does", holeLabel(first), loupeLabel())
        snapshot("small-screen-loupe-dark-phone")
        // Slid to the other peg: the loupe follows, and the release chooses that one.
        tag("board").performTouchInput { moveTo(unclippedHoleCentre(second) - board.topLeft) }
        waitForIdle()
        assertEquals(holeLabel(second), loupeLabel())
        tag("board").performTouchInput { up() }
        waitForIdle()
        assertFalse("the loupe is gone", exists("loupe"))
        assertEquals(listOf(second), recorder.taps)
        assertEquals(second, game().selected)
    }
}
