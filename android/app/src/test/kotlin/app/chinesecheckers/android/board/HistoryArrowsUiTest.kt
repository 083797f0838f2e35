package app.chinesecheckers.android.board

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.graphics.PixelMap
import androidx.compose.ui.graphics.toPixelMap
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.performScrollToIndex
import androidx.compose.ui.test.performScrollToKey
import androidx.compose.ui.text.TextLayoutResult
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.ai
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.arrows
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
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.PlayedMove
import app.chinesecheckers.core.Preset
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.holeTag
import app.chinesecheckers.ui.strings.ThemeChoice
import app.chinesecheckers.ui.strings.EnglishStrings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * Issue 28's history in a notation the board shows: a tapped history line draws its move on the
 * board as arrows (the phone's Moves dialog closes; the tablet's side list stays), with its words
 * in a small overlay, until the line is tapped again, the board is tapped or the overlay closed.
 * Also the table's layout faults: one-line slot labels in every language, and a tablet's Stop /
 * Try again and replay stepper off the holes.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class HistoryArrowsUiTest {
    /** Three moves of a two-person pass-and-play game: steps, each on its own holes. */
    private fun RunningApp.threeMoves() {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
        waitForIdle()
        repeat(3) {
            tapStep()
            waitForIdle()
        }
        assertEquals(3, game().history.size)
    }

    private fun isArrow(image: PixelMap, p: Offset): Boolean {
        val c = image[p.x.toInt(), p.y.toInt()]
        // The arrows' lime core (0xC6FF00): no peg, highlight or theme colour is near it.
        return c.red in 0.62f..0.9f && c.green > 0.85f && c.blue < 0.3f
    }

    /** Whether an arrow's lime is found about the middle of the hop [a] → [b]. */
    private fun ComposeUiTest.arrowOnHop(image: PixelMap, a: Coord, b: Coord): Boolean {
        val pa = holeCentre(a)
        val pb = holeCentre(b)
        return listOf(0.45f, 0.5f, 0.55f).any { t -> isArrow(image, pa + (pb - pa) * t) }
    }

    /** Every hop of [move] has its arrow, and the hops of [others] (other moves' own holes) have none. */
    private fun ComposeUiTest.assertArrowsFor(move: PlayedMove, others: List<PlayedMove>) {
        waitForIdle()
        assertEquals("the board draws exactly the tapped move's path", move.path, arrows())
        val image = onRoot().captureToImage().toPixelMap()
        for ((a, b) in move.path.zipWithNext()) assertTrue("an arrow on the hop $a → $b of move ${move.number}", arrowOnHop(image, a, b))
        for (other in others) {
            for ((a, b) in other.path.zipWithNext()) {
                if (a in move.path || b in move.path) continue
                assertFalse("no arrow on move ${other.number}'s hop $a → $b", arrowOnHop(image, a, b))
            }
        }
    }

    private fun ComposeUiTest.lineText(number: Int): String =
        tag("historyLine:$number").fetchSemanticsNode().config[SemanticsProperties.Text].joinToString("") { it.text }

    private fun ComposeUiTest.isSelected(tag: String): Boolean =
        tag(tag).fetchSemanticsNode().config.getOrNull(SemanticsProperties.Selected) == true

    private fun ComposeUiTest.bounds(tag: String): Rect = tag(tag).fetchSemanticsNode().boundsInRoot

    @Test
    fun onAPhoneATappedMovesLineShowsItsMoveAsArrowsUntilPutAway() = appTest(device = Device.Phone, reducedMotion = true) {
        threeMoves()
        val history = game().history
        assertTrue("nothing drawn before a line is tapped", arrows().isEmpty())
        assertFalse(exists("shownMove"))

        click("history")
        val words = lineText(2)
        click("historyLine:2")
        // The dialog closes so that the board is seen; the move is drawn and said.
        assertFalse("the Moves dialog closed", exists("historyList"))
        assertArrowsFor(history[1], listOf(history[0], history[2]))
        // An earlier move: its arrows are drawn over today's position, and the words say so.
        assertEquals(EnglishStrings.onTodaysBoard(words), tag("shownMoveWords").fetchSemanticsNode().config[SemanticsProperties.Text].joinToString("") { it.text })
        assertFalse("the words cover no control", bounds("shownMove").overlaps(bounds("controlBar")))
        for (theme in listOf(ThemeChoice.Light, ThemeChoice.Dark)) {
            app.settings.update { it.copy(theme = theme) }
            waitForIdle()
            // The same lime in both themes.
            assertArrowsFor(history[1], listOf(history[0], history[2]))
            if (theme == ThemeChoice.Dark) snapshot("board-history-arrows-dark-phone")
        }
        app.settings.update { it.copy(theme = ThemeChoice.Light) }

        // The line is marked in the list; tapped again, the arrows go.
        click("history")
        assertTrue("the shown line is marked", isSelected("historyLine:2"))
        assertFalse(isSelected("historyLine:1"))
        click("historyLine:2")
        waitForIdle()
        assertTrue(arrows().isEmpty())
        assertFalse(exists("shownMove"))

        // Another line, then a tap on the board: the arrows go, and the tap picks no peg.
        val own = findStep().first
        click("history")
        click("historyLine:1")
        assertArrowsFor(history[0], listOf(history[2]))
        tapHole(own)
        assertTrue(arrows().isEmpty())
        assertNull("the tap only put the arrows away", game().selected)
        tapHole(own)
        assertEquals("the next tap plays again", own, game().selected)

        // The overlay's close button.
        click("history")
        click("historyLine:3")
        assertArrowsFor(history[2], listOf(history[0]))
        click("shownMoveClose")
        assertTrue(arrows().isEmpty())
        assertFalse(exists("shownMove"))
    }

    @Test
    fun onATabletTheSideListShowsTheTappedMoveAndStays() = appTest(device = Device.Tablet, reducedMotion = true) {
        threeMoves()
        val history = game().history
        click("historyLine:1")
        tag("historyList").assertIsDisplayed()
        assertTrue(isSelected("historyLine:1"))
        assertArrowsFor(history[0], listOf(history[1], history[2]))
        // The words sit beside the star: over no hole.
        val words = bounds("shownMove")
        for (h in game().holes) assertFalse("the words cover hole ${h.coord}", words.overlaps(bounds(holeTag(h.coord))))
        click("historyLine:3")
        assertTrue(isSelected("historyLine:3"))
        assertFalse(isSelected("historyLine:1"))
        assertArrowsFor(history[2], listOf(history[0]))
        click("historyLine:3")
        assertTrue(arrows().isEmpty())
    }

    /**
     * Issue 38 item 2: the tablet's side list shows the newest move as moves come, long after
     * it has filled (a keyed lazy list used to keep its old first line in view, hiding every new
     * one), unless the player scrolled back on purpose; back at the top, it follows again.
     */
    /** Issue 38 item 9: the replay marks, in the list, the last move the board shows. */
    @Test
    fun onATabletTheReplayMarksItsMoveInTheList() = appTest(device = Device.Tablet, reducedMotion = true) {
        threeMoves()
        assertFalse("no line marked while playing", (1..3).any { isSelected("historyLine:$it") })
        // The replay opens before the first move: no line yet.
        click("replay")
        assertEquals(0, game().replay?.shown)
        assertFalse("before the first move: no line", (1..3).any { isSelected("historyLine:$it") })
        click("replayForward")
        click("replayForward")
        assertEquals(2, game().replay?.shown)
        assertTrue(isSelected("historyLine:2"))
        assertFalse(isSelected("historyLine:1") || isSelected("historyLine:3"))
        click("replayBack")
        assertTrue(isSelected("historyLine:1"))
        assertFalse(isSelected("historyLine:2"))
    }

    @Test
    fun onATabletTheSideListKeepsTheNewestMoveInViewUnlessScrolledBack() = appTest(device = Device.Tablet, reducedMotion = true) {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
        waitForIdle()
        fun newestInView() {
            val n = game().history.size
            tag("historyLine:$n").assertIsDisplayed()
        }
        repeat(30) {
            tapStep()
            waitForIdle()
            newestInView()
        }
        val list = bounds("historyList")
        assertTrue("the list has filled: move 1 is out of view", !exists("historyLine:1") || !bounds("historyLine:1").overlaps(list))
        // Scrolled back on purpose to the first moves: a new move leaves the list there.
        tag("historyList").performScrollToKey(2)
        waitForIdle()
        tapStep()
        waitForIdle()
        tag("historyLine:2").assertIsDisplayed()
        assertFalse("the list stays where the player put it", exists("historyLine:31") && bounds("historyLine:31").overlaps(list))
        // Back at the top, it follows the game again.
        tag("historyList").performScrollToIndex(0)
        waitForIdle()
        repeat(3) {
            tapStep()
            waitForIdle()
            newestInView()
        }
    }

    @Test
    fun onATabletStopAndTheReplayStepperCoverNoHole() = appTest(device = Device.Tablet, reducedMotion = true) {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE))), BoardMode.Solo)
        waitForIdle()
        val holes = game().holes.map { bounds(holeTag(it.coord)) }
        fun assertOffHoles(what: String) {
            val r = bounds(what)
            for (h in holes) assertFalse("$what $r covers a hole at $h", r.overlaps(h))
        }
        tapStep()
        waitUntil(timeoutMillis = 20_000) { game().thinking == 1 }
        tag("stop").assertIsDisplayed()
        assertOffHoles("stop")
        assertOffHoles("overlays")
        click("stop")
        waitUntil(timeoutMillis = 20_000) { game().aiPaused }
        assertOffHoles("letAiPlay")
        click("replay")
        tag("replayStepper").assertIsDisplayed()
        assertOffHoles("replayStepper")
        snapshot("board-replay-tablet")
    }

    /** Whether the text of the node [tag] was laid out on one line, whole. */
    private fun ComposeUiTest.oneLine(tag: String): Boolean {
        val results = mutableListOf<TextLayoutResult>()
        tag(tag).fetchSemanticsNode().config[SemanticsActions.GetTextLayoutResult].action?.invoke(results)
        val layout = results.single()
        // Neither wrapped, nor cut short by the ellipsis, nor wider than its own box, which lies
        // within its slot.
        val whole = layout.getLineRight(0) - layout.getLineLeft(0) <= layout.size.width + 0.5f
        val slot = bounds(tag.removeSuffix(":label"))
        val inSlot = bounds(tag).let { it.left >= slot.left && it.right <= slot.right }
        return layout.lineCount == 1 && !layout.isLineEllipsized(0) && whole && inSlot
    }

    /** The slot labels at 360×640 dp in [locale] (the system's language), at a phone's density. */
    private fun slotLabelsAreOneLine(locale: String?, language: String, golden: Boolean) = appTest(device = Device.SmallPhone, locale = locale, reducedMotion = true) {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
        waitForIdle()
        tapStep()
        val slots = listOf("endJump", "undo", "redo", "hint", "replay", "history", "offerDraw", "resign")
        val before = slots.filter { exists(it) }.associateWith { bounds(it) }
        assertTrue("$language: the bar has its slots: ${before.keys}", before.keys.containsAll(listOf("undo", "replay", "history", "offerDraw", "resign")))
        for (s in before.keys) assertTrue("$language: the $s label is one line", oneLine("$s:label"))
        // Answer the draw, in Offer a draw's slot.
        click("offerDraw")
        click("confirmOfferDraw")
        assertEquals(before.getValue("offerDraw"), bounds("answerDraw"))
        assertTrue("$language: the answerDraw label is one line", oneLine("answerDraw:label"))
        if (golden) snapshot("board-slots-small-phone-$language")
        click("answerDraw")
        click("declineDraw")
        // Back to the game, in Replay's slot.
        click("replay")
        assertEquals(before.getValue("replay"), bounds("replayExit"))
        assertTrue("$language: the replayExit label is one line", oneLine("replayExit:label"))
    }

    // The desktop test's three languages, one test each (one Activity per process).
    @Test
    fun everySlotLabelIsOneLineOnASmallPhoneInEnglish() = slotLabelsAreOneLine(null, "en", golden = false)

    @Test
    fun everySlotLabelIsOneLineOnASmallPhoneInFrench() = slotLabelsAreOneLine("fr-rFR", "fr", golden = true)

    @Test
    fun everySlotLabelIsOneLineOnASmallPhoneInChinese() = slotLabelsAreOneLine("zh-rCN", "zh", golden = true)
}
