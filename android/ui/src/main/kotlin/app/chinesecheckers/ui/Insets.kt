package app.chinesecheckers.ui

import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.WindowInsetsSides
import androidx.compose.foundation.layout.ime
import androidx.compose.foundation.layout.only
import androidx.compose.foundation.layout.safeDrawing
import androidx.compose.foundation.layout.union
import androidx.compose.foundation.layout.windowInsetsPadding
import androidx.compose.runtime.Composable
import androidx.compose.runtime.Stable
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.Modifier

/**
 * The parts of the window the system draws over, which every screen keeps its text and controls
 * out of (its background still fills the window: the app runs edge to edge).
 */
@Stable
class AppInsets(
    /** The status and navigation bars and the display cut-out (Android's `safeDrawing`, which holds the keyboard too). */
    val safeDrawing: WindowInsets,
    /** The on-screen keyboard, while a text field has it up. */
    val ime: WindowInsets,
)

/**
 * The insets the screens pad with. `null` (the default) means the platform's own
 * ([WindowInsets.safeDrawing] and [WindowInsets.ime]: the real bars, cut-out and keyboard on
 * Android, nothing on a desktop window). Tests provide fixed ones, since a desktop JVM has none.
 */
val LocalAppInsets = staticCompositionLocalOf<AppInsets?> { null }

/** Everything content must stay clear of: system bars, cut-out and keyboard. */
@Composable
fun safeAreaInsets(): WindowInsets {
    val insets = LocalAppInsets.current ?: AppInsets(WindowInsets.safeDrawing, WindowInsets.ime)
    // On Android safeDrawing already holds the keyboard; a union takes the larger side, never the sum.
    return insets.safeDrawing.union(insets.ime)
}

/**
 * Pads with [safeAreaInsets] ([sides] only, when given). Put it after a screen's background, so
 * that the background is drawn under the bars and the content is not. The insets padded here are
 * consumed: a screen shown inside another one (the board under the spectator's bar) is not padded twice.
 */
@Composable
fun Modifier.safeAreaPadding(sides: WindowInsetsSides? = null): Modifier {
    val insets = safeAreaInsets()
    return windowInsetsPadding(if (sides == null) insets else insets.only(sides))
}
