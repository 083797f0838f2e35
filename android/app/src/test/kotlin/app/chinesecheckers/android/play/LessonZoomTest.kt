package app.chinesecheckers.android.play

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.click
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.swipe
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.boardRect
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.holeRadius
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapHole
import app.chinesecheckers.android.unclippedHoleCentre
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.LessonFeedback
import app.chinesecheckers.ui.learn.LessonUiState
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * A lesson step on a 360 × 640 dp phone opens framed on its pegs (issue 29): zoomed until the
 * holes it points at are touch-sized apart, every peg in view, played by taps at the holes'
 * zoomed centres; framed again on Try again and after a wrong try; the player's own pan kept
 * until then; gliding there unless motion is reduced. On a tablet the step fits the whole board: it stays at 1×.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class LessonZoomTest {
    private companion object {
        /** The small phone's pixels per dp (xhdpi). */
        const val DENSITY = 2f

        /** The framed pointer's least spacing asked for, in pixels at [DENSITY]. */
        const val POINTER_PX = 44 * DENSITY
    }

    /** The first lesson's intended taps, step by step (the core's lesson data, as in LessonsTest). */
    private val firstLesson: List<Pair<List<Coord>, Boolean>> = listOf(
        listOf(Coord(-1, 4), Coord(0, 3)) to false,
        listOf(Coord(-1, 4), Coord(-1, 2)) to false,
        listOf(Coord(0, 4), Coord(0, 2), Coord(0, 0), Coord(0, -2)) to false,
        listOf(Coord(0, 4), Coord(0, 2), Coord(0, 0)) to true,
    )

    private fun RunningApp.state(): LessonUiState = checkNotNull(app.learn.state.value)

    /** The pegs of the step, its pointer and its targets: what the framing must show. */
    private fun stepHoles(s: LessonUiState): List<Coord> = (s.board.holes.filter { it.occupant != null }.map { it.coord } + s.lesson.pointer).distinct()

    /** The least distance between consecutive pointer holes on screen, in pixels. */
    private fun RunningApp.pointerSpacing(s: LessonUiState): Float =
        s.lesson.pointer.zipWithNext { a, b -> (unclippedHoleCentre(a) - unclippedHoleCentre(b)).getDistance() }.min()

    /** Asserts the step is framed: zoomed, its pointer touch-sized apart, every one of its holes in view. */
    private fun RunningApp.assertFramed(what: String) {
        val s = state()
        assertTrue("$what: zoomed", exists("zoomedFrame"))
        val spacing = pointerSpacing(s)
        assertTrue("$what: pointer holes $spacing px apart", spacing >= POINTER_PX)
        val view = boardRect()
        for (c in stepHoles(s)) {
            val p = unclippedHoleCentre(c)
            assertTrue("$what: $c at $p inside the board's view $view", view.deflate(holeRadius(c)).contains(p))
        }
    }

    /** A real tap at the hole's zoomed centre, which must be in view and off the "1×" button. */
    private fun RunningApp.tapAtCentre(c: Coord) {
        val board = boardRect()
        val p = unclippedHoleCentre(c)
        assertTrue("$c at $p is in view", board.contains(p))
        if (exists("zoomReset")) assertFalse("$c is under the 1× button", tag("zoomReset").fetchSemanticsNode().boundsInRoot.contains(p))
        tag("board").performTouchInput { click(p - board.topLeft) }
        waitForIdle()
    }

    @Test
    fun onAPhoneEachStepOfTheFirstLessonOpensFramedAndIsPlayedByTapsAtTheZoomedCentres() = appTest(device = Device.SmallPhone, reducedMotion = true) {
        click("learn")
        click("lesson:tripot-moves")
        waitForIdle()
        assertFramed("step 1 opened")
        snapshot("lesson-small-phone")

        // The player's own pan is kept while the step is played (a tap that selects a peg).
        val before = unclippedHoleCentre(Coord(-1, 4))
        val board = boardRect()
        tag("board").performTouchInput { swipe(center, center + Offset(board.width * 0.2f, 0f), 300) }
        waitForIdle()
        val panned = unclippedHoleCentre(Coord(-1, 4))
        assertTrue("the drag panned the board ($before → $panned)", (panned - before).getDistance() > 20f)
        tapAtCentre(Coord(-1, 4))
        assertEquals(Coord(-1, 4), state().board.selected)
        assertEquals("the pan is kept", panned, unclippedHoleCentre(Coord(-1, 4)))

        // A wrong try (a jump where a step is asked), taken back by the core: framed afresh.
        tapAtCentre(Coord(-1, 2))
        assertTrue("${state().lesson.feedback}", state().lesson.feedback is LessonFeedback.Missed)
        assertEquals("framed again after the wrong try", before, unclippedHoleCentre(Coord(-1, 4)))
        assertFramed("after the wrong try")

        // "1×" shows the whole board; Try again frames the step again.
        click("zoomReset")
        assertFalse(exists("zoomedFrame"))
        click("tryAgain")
        assertFramed("after Try again")

        for ((n, step) in firstLesson.withIndex()) {
            val (taps, endJump) = step
            assertEquals(n, state().lesson.step)
            assertFramed("step ${n + 1}")
            for (c in taps) tapAtCentre(c)
            if (endJump) click("lessonEndJump")
            assertEquals("step ${n + 1}", LessonFeedback.StepDone, state().lesson.feedback)
            if (n < firstLesson.lastIndex) click("nextStep")
        }
        assertTrue(state().lesson.lessonDone)
    }

    /** The framing after "1×" and Try again: gliding with motion, at once with reduced motion. */
    private fun framingAfterTryAgain(reduced: Boolean) = appTest(device = Device.SmallPhone, reducedMotion = reduced) {
        click("learn")
        click("lesson:tripot-moves")
        mainClock.advanceTimeBy(2_000)
        waitForIdle()
        val framed = pointerSpacing(state())
        click("zoomReset")
        mainClock.advanceTimeBy(2_000)
        waitForIdle()
        val whole = pointerSpacing(state())
        assertTrue("1× ($whole) is under the framing ($framed)", whole < framed - 10f)
        mainClock.autoAdvance = false
        tag("tryAgain").performClick()
        mainClock.advanceTimeByFrame()
        mainClock.advanceTimeBy(150)
        val early = pointerSpacing(state())
        if (reduced) {
            assertEquals("reduced motion: framed at once", framed, early, 0.5f)
        } else {
            assertTrue("mid-glide ($whole < $early < $framed)", early > whole + 1f && early < framed - 1f)
        }
        mainClock.advanceTimeBy(2_000)
        mainClock.autoAdvance = true
        waitForIdle()
        assertEquals(framed, pointerSpacing(state()), 0.5f)
    }

    @Test
    fun withMotionTheFramingGlides() = framingAfterTryAgain(reduced = false)

    @Test
    fun withReducedMotionTheFramingIsAtOnce() = framingAfterTryAgain(reduced = true)

    @Test
    fun onATabletEachStepOfTheFirstLessonStaysAt1x() = appTest(device = Device.Tablet, reducedMotion = true) {
        click("learn")
        click("lesson:tripot-moves")
        for ((n, step) in firstLesson.withIndex()) {
            val (taps, endJump) = step
            waitForIdle()
            assertFalse("step ${n + 1} at 1×", exists("zoomedFrame"))
            for (c in taps) tapHole(c)
            if (endJump) click("lessonEndJump")
            assertEquals("step ${n + 1}", LessonFeedback.StepDone, state().lesson.feedback)
            if (n < firstLesson.lastIndex) click("nextStep")
        }
    }
}
