package app.chinesecheckers.android

import android.content.Intent
import android.view.Gravity
import android.view.WindowManager
import android.view.WindowManagerGlobal
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.toPixelMap
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.unit.IntSize
import app.chinesecheckers.core.Coord
import app.chinesecheckers.ui.AppState
import app.chinesecheckers.ui.board.ArrowsDrawn
import app.chinesecheckers.ui.board.holeTag
import org.junit.Assert.assertTrue
import org.robolectric.Shadows.shadowOf

// What the tests of several areas read, beside AppTestSupport.kt's harness: a node's words and
// bounds, what the board draws, the share sheet, the time passing, and the app's next start.

/** The words of the node tagged [tag] (its Text, joined); a node that shows no text fails the test. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.text(tag: String): String =
    tag(tag).fetchSemanticsNode().config[SemanticsProperties.Text].joinToString("") { it.text }

/** A node's bounds in the root, not clipped by its parents (what it would draw over). */
fun SemanticsNode.unclippedBoundsInRoot(): Rect = Rect(positionInRoot, Size(size.width.toFloat(), size.height.toFloat()))

/** The bounds of the node tagged [tag] in the root, not clipped by its parents ([unclippedBoundsInRoot]). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.unclippedBounds(tag: String): Rect = tag(tag).fetchSemanticsNode().unclippedBoundsInRoot()

/** The hole's centre on screen, in root pixels (its node's, unclipped: on a zoomed board it may lie off screen). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.unclippedHoleCentre(c: Coord): Offset {
    val node = tag(holeTag(c)).fetchSemanticsNode()
    return node.positionInRoot + Offset(node.size.width / 2f, node.size.height / 2f)
}

/** The board's bounds in the root, as shown (a zoomed board's holes may lie outside them). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.boardRect(): Rect = tag("board").fetchSemanticsNode().boundsInRoot

/** The path the board says it draws as arrows (a tapped history line's move, the trail, a solver's step). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.arrows(): List<Coord> = tag("trail").fetchSemanticsNode().config.getOrNull(ArrowsDrawn).orEmpty()

/**
 * The hint's marker drawn: white and near-black (found together whatever is under them) on the
 * rings around the peg to move ([start]) and the landing ([end]), read from the screen's pixels.
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.assertHintDrawn(start: Coord, end: Coord) {
    val image = onRoot().captureToImage().toPixelMap()
    for ((c, ring) in listOf(start to 1.5f, end to 1.2f)) {
        val centre = holeCentre(c)
        val r = holeRadius(c)
        val samples = (0 until 48).flatMap { k ->
            val a = Math.PI * 2 * k / 48
            listOf(0.85f, 1f, 1.15f).map { f -> image[(centre.x + Math.cos(a) * r * ring * f).toInt(), (centre.y + Math.sin(a) * r * ring * f).toInt()] }
        }
        assertTrue("white on the ring at $c", samples.any { it.red > 0.93f && it.green > 0.93f && it.blue > 0.93f })
        assertTrue("near-black on the ring at $c", samples.any { it.red < 0.15f && it.green < 0.15f && it.blue < 0.15f })
    }
}

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
 * The text the app hands to the system's share sheet (AndroidPlatform.share starts a chooser
 * around an ACTION_SEND), waited for with the UI running: the app may share from another thread
 * (a download's arrival on OkHttp's). Null when it started none within [timeoutMs].
 */
@OptIn(ExperimentalTestApi::class)
fun RunningApp.awaitSharedText(timeoutMs: Long = 10_000): String? {
    val shadow = shadowOf(application)
    runCatching { waitUntil("the share sheet started", timeoutMs) { shadow.peekNextStartedActivity() != null } }
    val started = shadow.nextStartedActivity ?: return null
    check(started.action == Intent.ACTION_CHOOSER) { "not the share sheet: $started" }
    val send = checkNotNull(started.getParcelableExtra(Intent.EXTRA_INTENT, Intent::class.java)) { "a chooser without its intent" }
    check(send.action == Intent.ACTION_SEND && send.type == "text/plain") { "not a plain-text send: $send" }
    return send.getStringExtra(Intent.EXTRA_TEXT)
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
 * The app started again over the same files (the settings and the library kept), as a new
 * process's Application would make it (the real [AndroidPlatform] on this test's application,
 * its date): for what must survive a restart. Handed to [read], and closed after.
 */
fun <T> RunningApp.nextStart(read: (AppState) -> T): T {
    val next = AppState(AndroidPlatform(application), application.today)
    return try {
        read(next)
    } finally {
        next.close()
    }
}
