package app.chinesecheckers.android.board

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.pinch
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.ai
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.findStep
import app.chinesecheckers.android.game
import app.chinesecheckers.android.holeCentre
import app.chinesecheckers.android.person
import app.chinesecheckers.android.setup
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapHole
import app.chinesecheckers.android.tapStep
import app.chinesecheckers.android.unclippedBounds
import app.chinesecheckers.android.unclippedHoleCentre
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.ui.board.BoardLayout
import app.chinesecheckers.ui.board.BoardMode
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import kotlin.math.hypot

/**
 * Issue 28 on a phone: every overlay over the board (the banner, the notice, the hint's words,
 * Stop and Let the AI play, the tapped history line's words, the replay stepper) lies in an empty
 * corner beside the star, where it reaches no hole's touch area and no control-bar slot, and the
 * slots do not move when it comes; at 360×640 dp in three languages with long player names, and
 * at a larger phone's size.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class PhoneOverlaysUiTest {
    private val slotTags = listOf("endJump", "undo", "redo", "hint", "replay", "replayExit", "history", "offerDraw", "answerDraw", "resign")
    private val corners = listOf("topStart", "topEnd", "bottomStart", "bottomEnd")

    /** Each hole's touch area as the board computes it: [BoardLayout.TAP_REACH] hole spacings around its centre. */
    private class TouchArea(val centre: androidx.compose.ui.geometry.Offset, val reach: Float) {
        fun overlaps(r: Rect): Boolean {
            val dx = maxOf(r.left - centre.x, 0f, centre.x - r.right)
            val dy = maxOf(r.top - centre.y, 0f, centre.y - r.bottom)
            return hypot(dx, dy) < reach
        }
    }

    private fun RunningApp.touchAreas(): List<TouchArea> {
        val centres = game().holes.map { holeCentre(it.coord) }
        // The distance between neighbouring holes: the nearest other hole of the first few.
        val spacing = centres.take(8).minOf { a -> centres.filter { it != a }.minOf { (it - a).getDistance() } }
        return centres.map { TouchArea(it, BoardLayout.TAP_REACH * spacing) }
    }

    /** The slots and the status line, by tag, as far as they are shown. */
    private fun ComposeUiTest.slots(): Map<String, Rect> {
        waitForIdle()
        return (slotTags + "status").filter { exists(it) }.associateWith { unclippedBounds(it) }
    }

    /** [tag] is shown, inside its corner, over no hole's touch area nor any slot, and no slot has moved. */
    private fun ComposeUiTest.assertCoversNothing(what: String, tag: String, touch: List<TouchArea>, before: Map<String, Rect>) {
        waitForIdle()
        assertTrue("$what: $tag is shown", exists(tag))
        val r = unclippedBounds(tag)
        assertTrue("$what: $tag has a size: $r", r.width > 0f && r.height > 0f)
        assertTrue("$what: $tag lies in a corner", corners.any { unclippedBounds("corner:$it").contains(r) })
        for (t in touch) assertFalse("$what: $tag $r reaches the touch area of the hole at ${t.centre}", t.overlaps(r))
        val now = slots()
        for ((k, s) in now) assertFalse("$what: $tag $r covers the slot $k $s", s.overlaps(r))
        // A slot whose button changes (Offer a draw → Answer the draw, Replay → Back to the game)
        // keeps its place: compared by place, every slot shown now is one of the slots before.
        assertEquals("$what: the status line has not moved", before["status"], now["status"])
        for ((k, s) in now) assertTrue("$what: the slot $k $s was there before", s in before.values)
    }

    private fun Rect.contains(r: Rect): Boolean = r.left >= left - 0.5f && r.top >= top - 0.5f && r.right <= right + 0.5f && r.bottom <= bottom + 0.5f

    private fun ComposeUiTest.assertCornersFree(what: String, touch: List<TouchArea>) {
        val bar = slots()
        for (c in corners) {
            val r = unclippedBounds("corner:$c")
            for (t in touch) assertFalse("$what: the $c corner $r reaches the hole at ${t.centre}", t.overlaps(r))
            for ((k, s) in bar) assertFalse("$what: the $c corner $r covers the slot $k", s.overlaps(r))
        }
    }

    /**
     * A pass-and-play game with long names: a notice, a draw offered, a history line shown, the
     * replay; on [device], the system's language [locale] ([language]).
     */
    private fun passAndPlay(device: Device, locale: String?, language: String, pictures: Boolean = false) = appTest(device = device, locale = locale, reducedMotion = true) {
        val what = "$language at ${device.widthDp}×${device.heightDp}"
        val names = listOf("Niki de Saint Phalle-Rochefoucauld", "Marie-Geneviève de Montmorency")
        app.startLocal(setup(Preset.TRIPOT, names.map { Seat(SeatPlayer.Person, it) }), BoardMode.PassAndPlay)
        waitForIdle()
        val touch = touchAreas()
        val before = slots()
        assertCornersFree(what, touch)

        // A notice: a tap on the other player's peg.
        val theirs = game().holes.first { it.owner != null && it.owner != game().toMove }.coord
        tapHole(theirs)
        assertCoversNothing(what, "notice", touch, before)
        val (from, to) = findStep()
        tapHole(from)
        tapHole(to)

        // The notice that names the peg's long-named owner, then a draw offered: the banner.
        tapHole(to)
        assertCoversNothing("$what, a long name", "notice", touch, before)
        click("offerDraw")
        click("confirmOfferDraw")
        assertCoversNothing(what, "banner", touch, before)
        val words = tag("banner").fetchSemanticsNode().config[SemanticsProperties.Text].joinToString("") { it.text }
        assertTrue("$what: the banner names the player: $words", words.contains("Marie-Geneviève"))
        if (pictures) snapshot("board-overlays-small-phone")
        click("answerDraw")
        click("declineDraw")

        // A history line shown on the board: its words over the status line, in two lines at
        // most, over no hole and no other slot; then the replay's stepper.
        click("history")
        click("historyLine:1")
        waitForIdle()
        val shown = unclippedBounds("shownMove")
        val status = before.getValue("status")
        val boardBox = unclippedBounds("board")
        assertTrue("$what: the move's words $shown lie over the status line $status", shown.top <= status.top + 0.5f && shown.bottom >= status.bottom - 0.5f)
        assertTrue("$what: the move's words $shown stay above the board $boardBox", shown.bottom <= boardBox.top + 0.5f)
        for (t in touch) assertFalse("$what: the move's words reach the hole at ${t.centre}", t.overlaps(shown))
        for ((k, r) in slots().filterKeys { it != "status" }) assertFalse("$what: the move's words cover the slot $k", r.overlaps(shown))
        val layouts = mutableListOf<androidx.compose.ui.text.TextLayoutResult>()
        tag("shownMoveWords").fetchSemanticsNode().config[androidx.compose.ui.semantics.SemanticsActions.GetTextLayoutResult].action?.invoke(layouts)
        val laid = layouts.single()
        assertTrue("$what: the move's words in ${laid.lineCount} lines", laid.lineCount in 1..2)
        if (language == "en") assertFalse("$what: the move's words fit: ${laid.layoutInput.text}", laid.isLineEllipsized(laid.lineCount - 1))
        click("shownMoveClose")
        click("replay")
        assertCoversNothing(what, "replayStepper", touch, before)
        if (pictures) snapshot("board-replay-small-phone")
        // Its buttons still work in the corner (the replay opens at the start here).
        val at = checkNotNull(game().replay).shown
        click(if (at == 0) "replayForward" else "replayBack")
        assertEquals("$what: the stepper's button works", if (at == 0) 1 else at - 1, game().replay?.shown)
        assertCoversNothing("$what, a move on", "replayStepper", touch, before)
        click("replayExit")
        assertCornersFree("$what, after", touch)
    }

    /** The hint in words, then Stop while the strongest AI thinks, then Let the AI play. */
    private fun aiControls(device: Device, locale: String?, language: String) = appTest(device = device, locale = locale, reducedMotion = true) {
        val what = "$language at ${device.widthDp}×${device.heightDp}"
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE))), BoardMode.Solo)
        waitForIdle()
        val touch = touchAreas()
        val before = slots()
        click("hint")
        waitUntil(timeoutMillis = 30_000) { game().hint.size >= 2 }
        assertCoversNothing(what, "hintWords", touch, before)
        tapStep()
        waitUntil(timeoutMillis = 20_000) { game().thinking == 1 }
        assertCoversNothing(what, "stop", touch, before)
        click("stop")
        waitUntil(timeoutMillis = 20_000) { game().aiPaused }
        assertCoversNothing(what, "letAiPlay", touch, before)
    }

    /**
     * Zoomed in on a phone (issue 38): the hint's words sit above the "1×" button, not over it;
     * the hint's path, the picked peg and its landings are brought on screen, clear of both
     * (panned, never re-zoomed); and a pinch that leaves the picked peg's landings off screen
     * is followed by a pan that brings them back once it rests.
     */
    @Test
    fun zoomedTheHintAndThePickedPegsLandingsStayInViewClearOfTheWordsAndThe1xButton() = appTest(device = Device.SmallPhone, reducedMotion = true) {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.BEGINNER))), BoardMode.Solo)
        waitForIdle()
        // Zoomed as far as it goes on the top of the star, far from the person's pegs below.
        fun pinchAtTop() {
            tag("board").performTouchInput {
                val c = Offset(centerX, height * 0.15f)
                pinch(c - Offset(20f, 0f), c - Offset(width * 0.45f, 0f), c + Offset(20f, 0f), c + Offset(width * 0.45f, 0f), 400)
            }
            waitForIdle()
            mainClock.advanceTimeBy(1_000)
            waitForIdle()
        }
        pinchAtTop()
        assertTrue("zoomed", exists("zoomReset"))
        val board = tag("board").fetchSemanticsNode().boundsInRoot
        fun onScreenClearOf(c: Coord, covers: List<String>): Boolean {
            val p = unclippedHoleCentre(c)
            return board.contains(p) && covers.filter { exists(it) }.none { unclippedBounds(it).contains(p) }
        }
        click("hint")
        waitUntil(timeoutMillis = 30_000) { game().hint.size >= 2 }
        waitForIdle()
        val button = unclippedBounds("zoomReset")
        val words = unclippedBounds("hintWords")
        assertFalse("the hint's words $words over the 1× button $button", words.overlaps(button))
        for (c in game().hint) assertTrue("hint hole $c on screen, clear of the words and 1×", onScreenClearOf(c, listOf("hintWords", "zoomReset")))
        assertTrue("still zoomed", exists("zoomReset"))
        // The hint's peg picked: it and every landing on screen.
        tapHole(game().hint.first())
        assertTrue(game().targets.isNotEmpty())
        // A pinch on the top of the star again: the landings come back once it rests.
        pinchAtTop()
        val picked = checkNotNull(game().selected)
        for (c in listOf(picked) + game().targets.map { it.coord }) {
            assertTrue("$c on screen after the pinch, clear of 1×", onScreenClearOf(c, listOf("zoomReset")))
        }
    }

    // The desktop tests' windows, one test each (one Activity per process): 360×640 dp in three
    // languages and a larger phone.
    @Test
    fun onASmallPhoneEveryOverlayCoversNothingInEnglish() = passAndPlay(Device.SmallPhone, null, "en", pictures = true)

    @Test
    fun onASmallPhoneEveryOverlayCoversNothingInFrench() = passAndPlay(Device.SmallPhone, "fr-rFR", "fr")

    @Test
    fun onASmallPhoneEveryOverlayCoversNothingInChinese() = passAndPlay(Device.SmallPhone, "zh-rCN", "zh")

    @Test
    fun onALargerPhoneEveryOverlayCoversNothing() = passAndPlay(Device.Phone, null, "en")

    @Test
    fun theHintStopAndLetTheAiPlayCoverNothingOnASmallPhoneInEnglish() = aiControls(Device.SmallPhone, null, "en")

    @Test
    fun theHintStopAndLetTheAiPlayCoverNothingOnASmallPhoneInFrench() = aiControls(Device.SmallPhone, "fr-rFR", "fr")

    @Test
    fun theHintStopAndLetTheAiPlayCoverNothingOnASmallPhoneInChinese() = aiControls(Device.SmallPhone, "zh-rCN", "zh")

    @Test
    fun theHintStopAndLetTheAiPlayCoverNothingOnALargerPhone() = aiControls(Device.Phone, null, "en")
}
