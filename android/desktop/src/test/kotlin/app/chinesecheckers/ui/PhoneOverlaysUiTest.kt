package app.chinesecheckers.ui

import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.ui.board.BoardLayout
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.holeTag
import app.chinesecheckers.ui.strings.ThemeChoice
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import kotlin.math.hypot

/**
 * Issue 28 on a phone: every overlay over the board (the banner, the notice, the hint's words,
 * Stop and Let the AI play, the tapped history line's words, the replay stepper) lies in an empty
 * corner beside the star, where it reaches no hole's touch area and no control-bar slot, and the
 * slots do not move when it comes; at 360×640 dp in three languages with long player names, and
 * at a larger phone's size.
 */
@OptIn(ExperimentalTestApi::class)
class PhoneOverlaysUiTest {
    private val slotTags = listOf("endJump", "undo", "redo", "hint", "replay", "replayExit", "history", "offerDraw", "answerDraw", "resign")
    private val corners = listOf("topStart", "topEnd", "bottomStart", "bottomEnd")

    /** A node's bounds in the root, not clipped by its parents (what it would draw over). */
    private fun SemanticsNode.unclipped(): Rect = Rect(positionInRoot, Size(size.width.toFloat(), size.height.toFloat()))

    private fun ComposeUiTest.bounds(tag: String): Rect = tag(tag).fetchSemanticsNode().unclipped()

    /** Each hole's touch area as the board computes it: [BoardLayout.TAP_REACH] hole spacings around its centre. */
    private class TouchArea(val centre: androidx.compose.ui.geometry.Offset, val reach: Float) {
        fun overlaps(r: Rect): Boolean {
            val dx = maxOf(r.left - centre.x, 0f, centre.x - r.right)
            val dy = maxOf(r.top - centre.y, 0f, centre.y - r.bottom)
            return hypot(dx, dy) < reach
        }
    }

    private fun ComposeUiTest.touchAreas(app: AppState): List<TouchArea> {
        val centres = gameOf(app).holes.map { holeCentre(it.coord) }
        // The distance between neighbouring holes: the nearest other hole of the first few.
        val spacing = centres.take(8).minOf { a -> centres.filter { it != a }.minOf { (it - a).getDistance() } }
        return centres.map { TouchArea(it, BoardLayout.TAP_REACH * spacing) }
    }

    /** The slots and the status line, by tag, as far as they are shown. */
    private fun ComposeUiTest.slots(): Map<String, Rect> {
        waitForIdle()
        return (slotTags + "status").filter { exists(it) }.associateWith { bounds(it) }
    }

    /** [tag] is shown, inside its corner, over no hole's touch area nor any slot, and no slot has moved. */
    private fun ComposeUiTest.assertCoversNothing(what: String, tag: String, touch: List<TouchArea>, before: Map<String, Rect>) {
        waitForIdle()
        assertTrue("$what: $tag is shown", exists(tag))
        val r = bounds(tag)
        assertTrue("$what: $tag has a size: $r", r.width > 0f && r.height > 0f)
        assertTrue("$what: $tag lies in a corner", corners.any { bounds("corner:$it").contains(r) })
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
            val r = bounds("corner:$c")
            for (t in touch) assertFalse("$what: the $c corner $r reaches the hole at ${t.centre}", t.overlaps(r))
            for ((k, s) in bar) assertFalse("$what: the $c corner $r covers the slot $k", s.overlaps(r))
        }
    }

    /** A pass-and-play game with long names: a notice, a draw offered, a history line shown, the replay. */
    private fun passAndPlay(widthDp: Int, heightDp: Int, language: String, pictures: Boolean = false) = runDesktopComposeUiTest(widthDp, heightDp) {
        val what = "$language at $widthDp×$heightDp"
        val app = AppState(testPlatform(language = language, reducedMotion = true), today = screenshotToday)
        val names = listOf("Niki de Saint Phalle-Rochefoucauld", "Marie-Geneviève de Montmorency")
        app.startLocal(setup(Preset.TRIPOT, names.map { Seat(SeatPlayer.Person, it) }), BoardMode.PassAndPlay)
        setContent { ChineseCheckersApp(app) }
        waitForIdle()
        val touch = touchAreas(app)
        val before = slots()
        assertCornersFree(what, touch)

        // A notice: a tap on the other player's peg.
        val theirs = gameOf(app).holes.first { it.owner != null && it.owner != gameOf(app).toMove }.coord
        tapHole(theirs)
        assertCoversNothing(what, "notice", touch, before)
        val (from, to) = findStep(app)
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
        if (pictures) {
            app.settings.update { it.copy(theme = ThemeChoice.Light) }
            screenshot("board-overlays-phone", widthDp, heightDp, 2f) { ChineseCheckersApp(app) }
            app.settings.update { it.copy(theme = ThemeChoice.Dark) }
            screenshot("board-overlays-phone-dark", widthDp, heightDp, 2f) { ChineseCheckersApp(app) }
            app.settings.update { it.copy(theme = ThemeChoice.Light) }
        }
        click("answerDraw")
        click("declineDraw")

        // A history line shown on the board, then the replay's stepper.
        click("history")
        click("historyLine:1")
        assertCoversNothing(what, "shownMove", touch, before)
        click("shownMoveClose")
        click("replay")
        assertCoversNothing(what, "replayStepper", touch, before)
        if (pictures) screenshot("board-replay-small-phone", widthDp, heightDp, 2f) { ChineseCheckersApp(app) }
        // Its buttons still work in the corner (the replay opens at the start here).
        val at = checkNotNull(gameOf(app).replay).shown
        click(if (at == 0) "replayForward" else "replayBack")
        assertEquals("$what: the stepper's button works", if (at == 0) 1 else at - 1, gameOf(app).replay?.shown)
        assertCoversNothing("$what, a move on", "replayStepper", touch, before)
        click("replayExit")
        assertCornersFree("$what, after", touch)
        app.close()
    }

    /** The hint in words, then Stop while the strongest AI thinks, then Let the AI play. */
    private fun aiControls(widthDp: Int, heightDp: Int, language: String) = runDesktopComposeUiTest(widthDp, heightDp) {
        val what = "$language at $widthDp×$heightDp"
        val app = AppState(testPlatform(language = language, reducedMotion = true))
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE))), BoardMode.Solo)
        setContent { ChineseCheckersApp(app) }
        waitForIdle()
        val touch = touchAreas(app)
        val before = slots()
        click("hint")
        waitUntil(timeoutMillis = 30_000) { gameOf(app).hint.size >= 2 }
        assertCoversNothing(what, "hintWords", touch, before)
        val (from, to) = findStep(app)
        tapHole(from)
        tapHole(to)
        waitUntil(timeoutMillis = 20_000) { gameOf(app).thinking == 1 }
        assertCoversNothing(what, "stop", touch, before)
        click("stop")
        waitUntil(timeoutMillis = 20_000) { gameOf(app).aiPaused }
        assertCoversNothing(what, "letAiPlay", touch, before)
        app.close()
    }

    @Test
    fun onASmallPhoneEveryOverlayCoversNothingInEveryLanguage() {
        passAndPlay(360, 640, "en", pictures = true)
        passAndPlay(360, 640, "fr")
        passAndPlay(360, 640, "zh")
    }

    @Test
    fun onALargerPhoneEveryOverlayCoversNothing() = passAndPlay(Device.Phone.widthDp, Device.Phone.heightDp, "en")

    @Test
    fun theHintStopAndLetTheAiPlayCoverNothingOnBothPhones() {
        for (language in listOf("en", "fr", "zh")) aiControls(360, 640, language)
        aiControls(Device.Phone.widthDp, Device.Phone.heightDp, "en")
    }
}
