package app.chinesecheckers.android.board

import android.view.Gravity
import android.view.WindowManager
import android.view.WindowManagerGlobal
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.unit.IntSize
import app.chinesecheckers.android.AndroidPlatform
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.tag
import app.chinesecheckers.ui.AppState

/**
 * The node [tag]'s bounds on the screen, not clipped by its parents (what it would draw over).
 * On Android a dialog is a window of its own, whose root is not the Activity's: bounds compared
 * across a dialog and the screen under it must be the screen's. Robolectric leaves every window
 * at the screen's top left corner (a dialog's `positionOnScreen` is its position in its window),
 * so a floating window is placed here where the window manager places it, by its gravity in the
 * screen (as Roborazzi draws it in the goldens).
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.screenBounds(tag: String): Rect {
    val node = tag(tag).fetchSemanticsNode()
    var root = node
    while (true) root = root.parent ?: break
    val size = Size(node.size.width.toFloat(), node.size.height.toFloat())
    return Rect(node.positionInWindow + windowOnScreen(root.size), size)
}

/** Where the window whose content is [size] (the topmost such) lies on the screen. */
private fun windowOnScreen(size: IntSize): Offset {
    val windows = WindowManagerGlobal.getInstance()
    val views = windows.viewRootNames.map { windows.getRootView(it) }
    val screen = views.maxBy { it.width * it.height }
    val view = views.lastOrNull { it.width == size.width && it.height == size.height } ?: return Offset.Zero
    val params = view.layoutParams as? WindowManager.LayoutParams ?: return Offset.Zero
    if (params.width == WindowManager.LayoutParams.MATCH_PARENT && params.height == WindowManager.LayoutParams.MATCH_PARENT) return Offset.Zero
    val placed = android.graphics.Rect()
    Gravity.apply(params.gravity, view.width, view.height, android.graphics.Rect(0, 0, screen.width, screen.height), params.x, params.y, placed)
    return Offset(placed.left.toFloat(), placed.top.toFloat())
}

/**
 * Lets [millis] of real time pass with the main looper running (the UI and everything posted to
 * it go on): what a desktop test's `Thread.sleep` then `waitForIdle` was, without blocking
 * Android's main thread, which is the test's thread under Robolectric.
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.letTimePass(millis: Long) {
    val until = System.currentTimeMillis() + millis
    waitUntil("$millis ms to pass", millis + 10_000) { System.currentTimeMillis() >= until }
    waitForIdle()
}

/**
 * The app started again over the same files, as a new process's Application would make it
 * (the real [AndroidPlatform] on this test's application): for what must survive a restart.
 * [close] it when done.
 */
fun RunningApp.nextStart(): AppState = AppState(AndroidPlatform(application), application.today)

