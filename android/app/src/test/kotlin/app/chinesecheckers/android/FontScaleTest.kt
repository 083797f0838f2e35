package app.chinesecheckers.android

import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.text.TextLayoutResult
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.BoardMode
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The system's font size at 130 % and 200 % (Settings > Display > Font size; Android 14 allows
 * 200 %) on a 411×891 dp phone: on every main screen, no text is cut short (its layout overflows
 * its box, or lines were dropped for an ellipsis) and no two texts overlap. Read from the
 * semantics tree: every text node's layout (GetTextLayoutResult) and its bounds on screen.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class FontScaleTest {
    /** The main screens, each reached as a player reaches it, and its name. */
    private val screens: List<Pair<String, RunningApp.() -> Unit>> = listOf(
        "Home" to {},
        "New game" to { app.navigate(Screen.NewGame(BoardMode.Solo)) },
        "Board" to {
            click("solo")
            click("start")
            val (from, _) = findStep()
            tapHole(from)
        },
        "Online" to { app.navigate(Screen.Online) },
        "Rules" to { app.navigate(Screen.Rules) },
        "Statistics" to { app.navigate(Screen.Statistics) },
        "Settings" to { app.navigate(Screen.Settings) },
        "Puzzles" to { app.navigate(Screen.Puzzles) },
        "Lessons" to { app.navigate(Screen.Learn) },
    )

    @Test
    fun at130PercentNoTextIsCutOrOverlaps() = everyScreenAt(1.3f)

    @Test
    fun at200PercentNoTextIsCutOrOverlaps() = everyScreenAt(2.0f)

    private fun everyScreenAt(scale: Float) = appTest(Device.Phone, reducedMotion = true, fontScale = scale) {
        val problems = mutableListOf<String>()
        for ((name, open) in screens) {
            app.navigate(Screen.Home)
            waitForIdle()
            open()
            waitForIdle()
            problems += textProblems().map { "$name at ${(scale * 100).toInt()} %: $it" }
        }
        assertTrue(problems.joinToString("\n", prefix = "${problems.size} text problem(s):\n"), problems.isEmpty())
    }

    /** Every text cut short or overlapping another, on the screen shown. */
    private fun RunningApp.textProblems(): List<String> {
        val texts = onAllNodes(SemanticsMatcher.keyIsDefined(SemanticsProperties.Text), useUnmergedTree = true)
            .fetchSemanticsNodes()
            // Text in a scrolled-away part of a column has no area on screen: nothing to see.
            .filter { it.boundsInRoot.width > 0f && it.boundsInRoot.height > 0f }
        val found = mutableListOf<String>()
        for (node in texts) {
            val layout = node.layout() ?: continue
            if (layout.isCut()) {
                found += "\"${node.text()}\" is cut short (${layout.lineCount} line(s) in ${layout.size}, maxLines ${layout.layoutInput.maxLines})"
            }
        }
        for ((i, a) in texts.withIndex()) {
            for (b in texts.drop(i + 1)) {
                if (a.isAncestorOf(b) || b.isAncestorOf(a)) continue
                val overlap = a.boundsInRoot.intersect(b.boundsInRoot)
                if (overlap.width > OVERLAP_PX && overlap.height > OVERLAP_PX) {
                    found += "\"${a.text()}\" and \"${b.text()}\" overlap (${a.boundsInRoot.short()} / ${b.boundsInRoot.short()})"
                }
            }
        }
        return found
    }

    private fun SemanticsNode.text(): String =
        config.getOrNull(SemanticsProperties.Text)?.joinToString(" ") { it.text } ?: ""

    private fun SemanticsNode.layout(): TextLayoutResult? {
        val results = mutableListOf<TextLayoutResult>()
        val action = config.getOrNull(SemanticsActions.GetTextLayoutResult)?.action ?: return null
        return if (action(results)) results.firstOrNull() else null
    }

    /**
     * Lines dropped (maxLines reached: an ellipsis, or text left out), lines taller than the box,
     * or a line wider than the box. (The layout's own didOverflowWidth compares with the width
     * the paragraph was laid out at, not the text's: no use here.)
     */
    private fun TextLayoutResult.isCut(): Boolean =
        multiParagraph.didExceedMaxLines || didOverflowHeight ||
            (0 until lineCount).any { getLineRight(it) - getLineLeft(it) > size.width + 1f }

    private fun SemanticsNode.isAncestorOf(other: SemanticsNode): Boolean {
        var p = other.parent
        while (p != null) {
            if (p.id == id) return true
            p = p.parent
        }
        return false
    }

    private fun Rect.short() = "${left.toInt()},${top.toInt()}–${right.toInt()},${bottom.toInt()}"

    private companion object {
        /** Two texts whose boxes share more than this in both directions (px) overlap. */
        const val OVERLAP_PX = 2f
    }
}
