package app.chinesecheckers.android.insets

import android.app.Activity
import android.content.Context
import android.graphics.Canvas
import android.graphics.Color
import android.graphics.ColorFilter
import android.graphics.Paint
import android.graphics.PixelFormat
import android.graphics.Typeface
import android.graphics.drawable.Drawable
import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.view.WindowInsets
import android.view.WindowManager
import android.view.WindowManagerGlobal
import android.view.inputmethod.InputMethodManager
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.platform.ViewRootForTest
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.hasClickAction
import androidx.compose.ui.test.hasSetTextAction
import androidx.compose.ui.test.isFocused
import androidx.core.graphics.Insets
import androidx.core.view.DisplayCutoutCompat
import androidx.core.view.WindowInsetsCompat
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.click
import app.chinesecheckers.android.snapshot
import org.robolectric.Shadows.shadowOf
import kotlin.math.roundToInt

/**
 * A device's system areas, in dp, where a phone or tablet has them: the window of [device] and
 * the insets its system reports. The keyboard is up only while the input method is shown.
 */
enum class InsetsDevice(
    val device: Device,
    val statusBar: Int,
    /** A camera cut-out on the left: a phone turned to landscape has it on a long side. */
    val cutoutLeft: Int,
    /** Three-button navigation in landscape sits on the right. */
    val navigationRight: Int,
    val navigationBottom: Int,
    val keyboard: Int,
) {
    Phone(Device.Phone, statusBar = 24, cutoutLeft = 0, navigationRight = 0, navigationBottom = 48, keyboard = 300),
    Landscape(Device.PhoneLandscape, statusBar = 24, cutoutLeft = 32, navigationRight = 48, navigationBottom = 0, keyboard = 200),
    Tablet(Device.Tablet, statusBar = 24, cutoutLeft = 0, navigationRight = 0, navigationBottom = 48, keyboard = 300),
}

/**
 * The system's bars, cut-out and keyboard of [device], reported to [activity]'s window as Android
 * reports them: an `android.view.WindowInsets` (status bars, navigation bars, display cut-out and
 * input method, each with its visibility) applied to the window's decor view, from which the
 * framework hands it down the view tree to Compose's own insets listener (`WindowInsets.safeDrawing`,
 * `WindowInsets.ime`). Robolectric's window manager reports no bars of its own (its system UI has
 * none by default, and no cut-out or keyboard at all), so the decor view is given these insets
 * whenever the view root dispatches insets (at the first layout, after `requestApplyInsets`), and
 * they are dispatched again at once when they change.
 *
 * The keyboard follows the input method: when the app asks Android to show the soft input (a text
 * field takes the focus) Robolectric's InputMethodManager reports it shown, and the keyboard's
 * insets rise; hidden, they go.
 */
class SystemAreas(val device: InsetsDevice, private val activity: () -> Activity) {
    /** The on-screen keyboard is shown. */
    var keyboardUp = false
        private set

    /** The bars and cut-out are there (off: a window without any, to compare a layout with). */
    var systemAreasShown = true
        set(value) {
            field = value
            dispatch()
        }

    private val decor: View get() = activity().window.decorView
    private val density: Float get() = activity().resources.displayMetrics.density
    private fun px(dp: Int): Int = (dp * density).roundToInt()

    /** The insets the system reports now. */
    fun insets(): WindowInsetsCompat {
        val shown = systemAreasShown
        val d = device
        val status = Insets.of(0, if (shown) px(d.statusBar) else 0, 0, 0)
        val navigation = if (shown) Insets.of(0, 0, px(d.navigationRight), px(d.navigationBottom)) else Insets.NONE
        val cutout = if (shown) Insets.of(px(d.cutoutLeft), 0, 0, 0) else Insets.NONE
        val ime = Insets.of(0, 0, 0, if (keyboardUp) px(d.keyboard) else 0)
        val builder = WindowInsetsCompat.Builder()
            .setInsets(WindowInsetsCompat.Type.statusBars(), status)
            .setVisible(WindowInsetsCompat.Type.statusBars(), true)
            .setInsets(WindowInsetsCompat.Type.navigationBars(), navigation)
            .setVisible(WindowInsetsCompat.Type.navigationBars(), true)
            .setInsets(WindowInsetsCompat.Type.displayCutout(), cutout)
            .setInsets(WindowInsetsCompat.Type.ime(), ime)
            .setVisible(WindowInsetsCompat.Type.ime(), keyboardUp)
        if (shown && d.cutoutLeft > 0) {
            val h = (d.device.heightDp * density).roundToInt()
            // The camera's cut-out: a notch in the middle of the left edge.
            val notch = android.graphics.Rect(0, h / 2 - px(60), px(d.cutoutLeft), h / 2 + px(60))
            builder.setDisplayCutout(DisplayCutoutCompat(android.graphics.Rect(px(d.cutoutLeft), 0, 0, 0), listOf(notch)))
        }
        return builder.build()
    }

    /**
     * Starts reporting the insets to the Activity's window (call it once the Activity is shown, and
     * again on a new Activity): the decor view applies these insets whenever insets are dispatched
     * to it, and the input method's shown state moves the keyboard.
     */
    fun install() {
        decor.setOnApplyWindowInsetsListener { view, _ -> view.onApplyWindowInsets(checkNotNull(insets().toWindowInsets())) }
        val imm = activity().getSystemService(Context.INPUT_METHOD_SERVICE) as InputMethodManager
        shadowOf(imm).setSoftInputVisibilityHandler { visible ->
            keyboardUp = visible
            // After the call that showed or hid it, as the system's answer comes.
            decor.post { dispatch() }
        }
        dispatch()
    }

    /** Dispatches the current insets down the window's view tree now. */
    fun dispatch() {
        decor.dispatchApplyWindowInsets(checkNotNull(insets().toWindowInsets()))
    }

    /** Hides the keyboard as the system's back key does while it is up (the field keeps the focus). */
    fun hideKeyboard() {
        val imm = activity().getSystemService(Context.INPUT_METHOD_SERVICE) as InputMethodManager
        imm.hideSoftInputFromWindow(decor.windowToken, 0)
    }

    private val width: Float get() = device.device.widthDp * density
    private val height: Float get() = device.device.heightDp * density

    /** Where the keyboard's top edge is, in screen pixels (the screen's bottom while it is down). */
    val keyboardTop: Float get() = if (keyboardUp) height - px(device.keyboard) else height

    /** The named areas the system draws over, in screen pixels. */
    fun areas(): List<Pair<String, Rect>> = buildList {
        val d = device
        if (d.statusBar > 0) add("status bar" to Rect(0f, 0f, width, px(d.statusBar).toFloat()))
        if (d.cutoutLeft > 0) add("cut-out" to Rect(0f, 0f, px(d.cutoutLeft).toFloat(), height))
        if (d.navigationRight > 0) add("navigation bar" to Rect(width - px(d.navigationRight), 0f, width, height))
        if (d.navigationBottom > 0) add("navigation bar" to Rect(0f, height - px(d.navigationBottom), width, height))
        if (keyboardUp) add("keyboard" to Rect(0f, keyboardTop, width, height))
    }

    /** The screen minus every area: where text and controls may be. */
    fun safeRect(): Rect {
        val d = device
        val bottom = minOf(height - px(d.navigationBottom), keyboardTop)
        return Rect(px(d.cutoutLeft).toFloat(), px(d.statusBar).toFloat(), width - px(d.navigationRight), bottom)
    }

    /**
     * The areas drawn over the window, translucent and named, as an overlay of the decor view (it
     * takes no part in the layout or the semantics), so that a picture shows that nothing sits under them.
     */
    fun overlay(): Drawable = object : Drawable() {
        private val areas = areas()
        private val label = Paint(Paint.ANTI_ALIAS_FLAG).apply {
            color = Color.WHITE
            textSize = 11 * density
            typeface = Typeface.DEFAULT_BOLD
        }

        override fun draw(canvas: Canvas) {
            val pad = 4 * density
            for ((name, r) in areas) {
                val colour = when (name) {
                    "keyboard" -> Color.argb(130, 60, 60, 70)
                    "cut-out" -> Color.argb(140, 0, 0, 0)
                    "status bar" -> Color.argb(110, 200, 0, 120)
                    else -> Color.argb(110, 0, 90, 220)
                }
                canvas.drawRect(r.left, r.top, r.right, r.bottom, Paint().apply { color = colour })
                if (r.width >= r.height) {
                    // Past the cut-out; the keyboard's name at its top, clear of the navigation bar's under it.
                    val x = r.left + pad + device.cutoutLeft * density
                    canvas.drawText(name, x, if (name == "keyboard") r.top + pad + label.textSize else r.bottom - pad, label)
                } else {
                    // A side area: the label written downwards along it.
                    canvas.save()
                    canvas.translate(r.left + pad, r.top + (device.statusBar + 8) * density)
                    canvas.rotate(90f)
                    canvas.drawText(name, 0f, 0f, label)
                    canvas.restore()
                }
            }
        }

        override fun setAlpha(alpha: Int) = Unit
        override fun setColorFilter(colorFilter: ColorFilter?) = Unit

        @Deprecated("Deprecated in Java")
        override fun getOpacity(): Int = PixelFormat.TRANSLUCENT
    }
}

/** The nodes a person reads or taps: text, a description, a click or text input. */
private val readOrTapped: SemanticsMatcher =
    SemanticsMatcher.keyIsDefined(SemanticsProperties.Text) or
        SemanticsMatcher.keyIsDefined(SemanticsProperties.EditableText) or
        SemanticsMatcher.keyIsDefined(SemanticsProperties.ContentDescription) or
        hasClickAction() or hasSetTextAction()

/**
 * Where the window manager puts the window whose root view is [root], on the screen: its size
 * placed by its gravity in the display minus the system areas the window fits (its
 * `fitInsetsTypes`, and the cut-out unless its cut-out mode lets it in). The Activity's window,
 * edge to edge, fills the display; a dialog's is centred in what the bars leave. (Robolectric's
 * window manager leaves every window at the screen's origin, so a dialog's is worked out here.)
 */
private fun SystemAreas.windowOrigin(root: View): Offset {
    val lp = root.layoutParams as? WindowManager.LayoutParams ?: return Offset.Zero
    val w = (device.device.widthDp * root.resources.displayMetrics.density).roundToInt()
    val h = (device.device.heightDp * root.resources.displayMetrics.density).roundToInt()
    val frame = android.graphics.Rect(0, 0, w, h)
    val fitted = insets()
    val types = lp.fitInsetsTypes
    fun fit(type: Int) {
        val i = fitted.getInsets(type)
        frame.set(frame.left + i.left, frame.top + i.top, frame.right - i.right, frame.bottom - i.bottom)
    }
    if (types and WindowInsets.Type.statusBars() != 0) fit(WindowInsetsCompat.Type.statusBars())
    if (types and WindowInsets.Type.navigationBars() != 0) fit(WindowInsetsCompat.Type.navigationBars())
    val cutoutIn = lp.layoutInDisplayCutoutMode == WindowManager.LayoutParams.LAYOUT_IN_DISPLAY_CUTOUT_MODE_ALWAYS ||
        lp.layoutInDisplayCutoutMode == WindowManager.LayoutParams.LAYOUT_IN_DISPLAY_CUTOUT_MODE_SHORT_EDGES
    if (types and WindowInsets.Type.displayCutout() != 0 || !cutoutIn) fit(WindowInsetsCompat.Type.displayCutout())
    val placed = android.graphics.Rect()
    Gravity.apply(if (lp.gravity == 0) Gravity.TOP or Gravity.START else lp.gravity, root.width, root.height, frame, lp.x, lp.y, placed)
    return Offset(placed.left.toFloat(), placed.top.toFloat())
}

/** Every Compose root on the screen (the Activity's, a dialog's), by the id of its root semantics node, with its window's origin. */
private fun SystemAreas.composeWindows(): Map<Int, Offset> = buildMap {
    val global = WindowManagerGlobal.getInstance()
    for (name in global.viewRootNames) {
        val root = global.getRootView(name) ?: continue
        fun visit(v: View) {
            if (v is ViewRootForTest) put(v.semanticsOwner.unmergedRootSemanticsNode.id, windowOrigin(root))
            if (v is ViewGroup) for (i in 0 until v.childCount) visit(v.getChildAt(i))
        }
        visit(root)
    }
}

/**
 * A node's bounds on the screen: its bounds in its window (clipped by scrolling containers), moved
 * by where that window sits on the screen (a dialog is a window of its own).
 */
private fun SemanticsNode.boundsOnScreen(windows: Map<Int, Offset>): Rect {
    var root = this
    while (true) root = root.parent ?: break
    return boundsInWindow.translate(windows[root.id] ?: error("no window holds node $id"))
}

private fun SemanticsNode.describe(windows: Map<Int, Offset>): String {
    val text = config.getOrNull(SemanticsProperties.Text)?.joinToString { it.text }
        ?: config.getOrNull(SemanticsProperties.ContentDescription)?.joinToString()
    val tag = config.getOrNull(SemanticsProperties.TestTag)
    return "[${tag ?: ""}${if (text != null) " \"$text\"" else ""} at ${boundsOnScreen(windows)}]"
}

/**
 * Asserts that every node a person reads or taps lies inside the screen minus the system bars,
 * cut-out and keyboard of [areas]. Bounds are clipped by scrolling containers, so a node
 * scrolled out of its (padded) viewport is not on screen and not counted; one that spills out of a
 * container that does not scroll is. Returns how many nodes were on screen (a screen that shows
 * none would pass vacuously, so it fails).
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.assertClearOfInsets(areas: SystemAreas, what: String): Int {
    waitForIdle()
    val safe = areas.safeRect()
    // Half a pixel for rounding of dp to pixels.
    val slack = 0.5f
    val windows = areas.composeWindows()
    val onScreen = onAllNodes(readOrTapped, useUnmergedTree = true).fetchSemanticsNodes()
        .filter { it.boundsInWindow.width > 0f && it.boundsInWindow.height > 0f }
    val under = onScreen.filter {
        val b = it.boundsOnScreen(windows)
        b.left < safe.left - slack || b.top < safe.top - slack || b.right > safe.right + slack || b.bottom > safe.bottom + slack
    }
    check(onScreen.isNotEmpty()) { "$what (${areas.device}): nothing on screen to check" }
    if (under.isNotEmpty()) {
        throw AssertionError(
            "$what (${areas.device}): ${under.size} of ${onScreen.size} nodes reach under the system areas " +
                "${areas.areas().map { it.first }} (safe area $safe): ${under.joinToString(" ") { it.describe(windows) }}",
        )
    }
    return onScreen.size
}

/**
 * Asserts that a text field has the focus and shows whole above the keyboard (not clipped by its
 * scrolling container, not under the keys).
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.assertFocusedFieldAboveKeyboard(areas: SystemAreas, what: String) {
    waitForIdle()
    val field = onNode(isFocused() and hasSetTextAction(), useUnmergedTree = true).fetchSemanticsNode("$what: no focused text field")
    val windows = areas.composeWindows()
    val b = field.boundsOnScreen(windows)
    check(areas.keyboardUp) { "$what: the keyboard is not up" }
    if (b.height < field.size.height - 1f || b.bottom > areas.keyboardTop + 0.5f) {
        throw AssertionError("$what (${areas.device}): the focused field ${field.describe(windows)} is not whole above the keyboard (top ${areas.keyboardTop})")
    }
}

/**
 * Taps the text field tagged [tag]: it takes the focus, the app asks for the keyboard and the
 * system raises it (the keyboard's insets arrive); then the layout makes room.
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.focusField(areas: SystemAreas, tag: String) {
    click(tag)
    onNode(isFocused() and hasSetTextAction(), useUnmergedTree = true).fetchSemanticsNode("$tag did not take the focus")
    waitUntil("the keyboard up for $tag", 5_000) { areas.keyboardUp }
    // Two passes: the layout shrinks for the keyboard, then the scroll brings the field back into view.
    waitForIdle()
    mainClock.advanceTimeBy(1_000)
    waitForIdle()
}

/** The golden [name]: the screen with the system areas drawn over it. */
@OptIn(ExperimentalTestApi::class)
fun RunningApp.insetsSnapshot(areas: SystemAreas, name: String) {
    val overlay = areas.overlay()
    val decor = activity.window.decorView
    overlay.setBounds(0, 0, decor.width, decor.height)
    decor.overlay.add(overlay)
    try {
        decor.invalidate()
        snapshot(name)
    } finally {
        decor.overlay.remove(overlay)
        decor.invalidate()
        waitForIdle()
    }
}
