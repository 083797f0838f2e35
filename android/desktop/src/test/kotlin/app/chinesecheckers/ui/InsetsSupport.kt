package app.chinesecheckers.ui

import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.graphics.asSkiaBitmap
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.hasClickAction
import androidx.compose.ui.test.hasSetTextAction
import androidx.compose.ui.test.isFocused
import androidx.compose.ui.test.isRoot
import androidx.compose.ui.test.performMouseInput
import androidx.compose.ui.test.v2.runSkikoComposeUiTest
import androidx.compose.ui.test.SkikoComposeUiTest
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.LayoutDirection
import androidx.compose.ui.unit.dp
import org.jetbrains.skia.Color
import org.jetbrains.skia.EncodedImageFormat
import org.jetbrains.skia.Font
import org.jetbrains.skia.FontMgr
import org.jetbrains.skia.FontStyle
import org.jetbrains.skia.Image
import org.jetbrains.skia.Paint
import org.jetbrains.skia.Surface
import java.io.File

/**
 * A device's system areas, in dp: what Android reports as insets and a desktop JVM does not, so
 * that the tests can put them where a phone or tablet has them. The keyboard is up only while a
 * text field is focused ([SimulatedInsets.keyboardUp]).
 */
enum class InsetsDevice(
    val widthDp: Int,
    val heightDp: Int,
    val density: Float,
    val statusBar: Int,
    /** A camera cut-out on the left: a phone turned to landscape has it on a long side. */
    val cutoutLeft: Int,
    /** Three-button navigation in landscape sits on the right. */
    val navigationRight: Int,
    val navigationBottom: Int,
    val keyboard: Int,
) {
    Phone(411, 891, 2f, statusBar = 24, cutoutLeft = 0, navigationRight = 0, navigationBottom = 48, keyboard = 300),
    Landscape(891, 411, 2f, statusBar = 24, cutoutLeft = 32, navigationRight = 48, navigationBottom = 0, keyboard = 200),
    Tablet(1280, 800, 1.5f, statusBar = 24, cutoutLeft = 0, navigationRight = 0, navigationBottom = 48, keyboard = 300),
}

/** The insets the app is given in a test (through [LocalAppInsets]), and where they lie on screen. */
class SimulatedInsets(val device: InsetsDevice) {
    /** The on-screen keyboard is shown (a real one rises when a text field takes the focus). */
    var keyboardUp by mutableStateOf(false)

    private val px = device.density

    /** The bars and cut-out are there (off: a window without any, to compare a layout with). */
    var systemAreasShown by mutableStateOf(true)

    val appInsets = AppInsets(
        safeDrawing = object : WindowInsets {
            override fun getLeft(density: Density, layoutDirection: LayoutDirection) = dp(density, device.cutoutLeft)
            override fun getTop(density: Density) = dp(density, device.statusBar)
            override fun getRight(density: Density, layoutDirection: LayoutDirection) = dp(density, device.navigationRight)
            override fun getBottom(density: Density) = dp(density, device.navigationBottom)
        },
        // Read at measure time, as Android's animated IME insets are: the layout follows the keyboard.
        ime = object : WindowInsets {
            override fun getLeft(density: Density, layoutDirection: LayoutDirection) = 0
            override fun getTop(density: Density) = 0
            override fun getRight(density: Density, layoutDirection: LayoutDirection) = 0
            override fun getBottom(density: Density) = if (keyboardUp) with(density) { device.keyboard.dp.roundToPx() } else 0
        },
    )

    private fun dp(density: Density, value: Int) = if (systemAreasShown) with(density) { value.dp.roundToPx() } else 0

    val width = device.widthDp * px
    val height = device.heightDp * px

    /** Where the keyboard's top edge is, in window pixels (the window's bottom while it is down). */
    val keyboardTop: Float get() = if (keyboardUp) height - device.keyboard * px else height

    /** The named areas the system draws over, in window pixels. */
    fun areas(): List<Pair<String, Rect>> = buildList {
        val d = device
        if (d.statusBar > 0) add("status bar" to Rect(0f, 0f, width, d.statusBar * px))
        if (d.cutoutLeft > 0) add("cut-out" to Rect(0f, 0f, d.cutoutLeft * px, height))
        if (d.navigationRight > 0) add("navigation bar" to Rect(width - d.navigationRight * px, 0f, width, height))
        if (d.navigationBottom > 0) add("navigation bar" to Rect(0f, height - d.navigationBottom * px, width, height))
        if (keyboardUp) add("keyboard" to Rect(0f, keyboardTop, width, height))
    }

    /** The window minus every area: where text and controls may be. */
    fun safeRect(): Rect {
        val d = device
        val bottom = minOf(height - d.navigationBottom * px, keyboardTop)
        return Rect(d.cutoutLeft * px, d.statusBar * px, width - d.navigationRight * px, bottom)
    }
}

/**
 * Runs [block] in a window of [device]'s size and density with its simulated insets (the block
 * puts them in [LocalAppInsets] when it sets the content).
 */
@OptIn(ExperimentalTestApi::class)
fun insetsTest(device: InsetsDevice, block: suspend SkikoComposeUiTest.(SimulatedInsets) -> Unit) {
    val insets = SimulatedInsets(device)
    runSkikoComposeUiTest(
        size = androidx.compose.ui.geometry.Size(insets.width, insets.height),
        density = Density(device.density),
    ) { block(insets) }
}

/** The nodes a person reads or taps: text, a description, a click or text input. */
private val readOrTapped: SemanticsMatcher =
    SemanticsMatcher.keyIsDefined(SemanticsProperties.Text) or
        SemanticsMatcher.keyIsDefined(SemanticsProperties.EditableText) or
        SemanticsMatcher.keyIsDefined(SemanticsProperties.ContentDescription) or
        hasClickAction() or hasSetTextAction()

private fun SemanticsNode.describe(): String {
    val text = config.getOrNull(SemanticsProperties.Text)?.joinToString { it.text }
        ?: config.getOrNull(SemanticsProperties.ContentDescription)?.joinToString()
    val tag = config.getOrNull(SemanticsProperties.TestTag)
    return "[${tag ?: ""}${if (text != null) " \"$text\"" else ""} at $boundsInWindow]"
}

/**
 * Asserts that every node a person reads or taps lies inside the window minus the system bars,
 * cut-out and keyboard of [insets]. Bounds are clipped by scrolling containers, so a node
 * scrolled out of its (padded) viewport is not on screen and not counted; one that spills out of a
 * container that does not scroll is. Returns how many nodes were on screen (a screen that shows
 * none would pass vacuously, so callers check it is not zero).
 */
@OptIn(ExperimentalTestApi::class)
fun SkikoComposeUiTest.assertClearOfInsets(insets: SimulatedInsets, what: String): Int {
    waitForIdle()
    val safe = insets.safeRect()
    // Half a pixel for rounding of dp to pixels.
    val slack = 0.5f
    val onScreen = onAllNodes(readOrTapped, useUnmergedTree = true).fetchSemanticsNodes()
        .filter { it.boundsInWindow.width > 0f && it.boundsInWindow.height > 0f }
    val under = onScreen.filter {
        val b = it.boundsInWindow
        b.left < safe.left - slack || b.top < safe.top - slack || b.right > safe.right + slack || b.bottom > safe.bottom + slack
    }
    check(onScreen.isNotEmpty()) { "$what (${insets.device}): nothing on screen to check" }
    if (under.isNotEmpty()) {
        throw AssertionError(
            "$what (${insets.device}): ${under.size} of ${onScreen.size} nodes reach under the system areas " +
                "${insets.areas().map { it.first }} (safe area $safe): ${under.joinToString(" ") { it.describe() }}",
        )
    }
    return onScreen.size
}

/**
 * Asserts that a text field has the focus and shows whole above the keyboard (not clipped by its
 * scrolling container, not under the keys).
 */
@OptIn(ExperimentalTestApi::class)
fun SkikoComposeUiTest.assertFocusedFieldAboveKeyboard(insets: SimulatedInsets, what: String) {
    waitForIdle()
    val field = onNode(isFocused() and hasSetTextAction(), useUnmergedTree = true).fetchSemanticsNode("$what: no focused text field")
    val b = field.boundsInWindow
    check(insets.keyboardUp) { "$what: the keyboard is not up" }
    if (b.height < field.size.height - 1f || b.bottom > insets.keyboardTop + 0.5f) {
        throw AssertionError("$what (${insets.device}): the focused field ${field.describe()} is not whole above the keyboard (top ${insets.keyboardTop})")
    }
}

/** Taps the text field tagged [tag] and raises the keyboard, as the system does when it takes the focus. */
@OptIn(ExperimentalTestApi::class)
fun SkikoComposeUiTest.focusField(insets: SimulatedInsets, tag: String) {
    click(tag)
    onNode(isFocused() and hasSetTextAction(), useUnmergedTree = true).fetchSemanticsNode("$tag did not take the focus")
    insets.keyboardUp = true
    // Two passes: the layout shrinks for the keyboard, then the scroll brings the field back into view.
    waitForIdle()
    mainClock.advanceTimeBy(1_000)
    waitForIdle()
}

/**
 * Captures the window and draws the simulated system areas over it, translucent and named, so
 * that a person can see that nothing sits under them; writes `name-<device>.png`.
 */
@OptIn(ExperimentalTestApi::class)
fun SkikoComposeUiTest.insetsScreenshot(insets: SimulatedInsets, name: String): File {
    // The mouse of the last click would leave a hover highlight on whatever scrolled under it.
    onAllNodes(isRoot())[0].performMouseInput { moveTo(Offset.Zero) }
    waitForIdle()
    val shot = captureToImage().asSkiaBitmap()
    val surface = Surface.makeRasterN32Premul(shot.width, shot.height)
    val canvas = surface.canvas
    canvas.drawImage(Image.makeFromBitmap(shot), 0f, 0f)
    val font = Font(FontMgr.default.matchFamilyStyle("DejaVu Sans", FontStyle.BOLD), 11f * insets.device.density)
    for ((label, r) in insets.areas()) {
        val colour = when (label) {
            "keyboard" -> Color.makeARGB(130, 60, 60, 70)
            "cut-out" -> Color.makeARGB(140, 0, 0, 0)
            "status bar" -> Color.makeARGB(110, 200, 0, 120)
            else -> Color.makeARGB(110, 0, 90, 220)
        }
        canvas.drawRect(org.jetbrains.skia.Rect.makeLTRB(r.left, r.top, r.right, r.bottom), Paint().apply { color = colour })
        val text = Paint().apply { color = Color.WHITE }
        val pad = 4f * insets.device.density
        if (r.width >= r.height) {
            // Past the cut-out; the keyboard's name at its top, clear of the navigation bar's under it.
            val x = r.left + pad + insets.device.cutoutLeft * insets.device.density
            canvas.drawString(label, x, if (label == "keyboard") r.top + pad + font.size else r.bottom - pad, font, text)
        } else {
            // A side area: the label written downwards along it.
            canvas.save()
            canvas.translate(r.left + pad, r.top + (insets.device.statusBar + 8) * insets.device.density)
            canvas.rotate(90f)
            canvas.drawString(label, 0f, 0f, font, text)
            canvas.restore()
        }
    }
    val file = File(screenshotDir, "$name-${insets.device.name.lowercase()}.png")
    file.writeBytes(surface.makeImageSnapshot().encodeToData(EncodedImageFormat.PNG)!!.bytes)
    return file
}
