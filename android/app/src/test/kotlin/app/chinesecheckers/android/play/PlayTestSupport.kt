package app.chinesecheckers.android.play

import android.content.Intent
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.tag
import app.chinesecheckers.ui.AppState
import org.robolectric.Shadows.shadowOf

/** The words of the node tagged [tag] (its Text, joined). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.text(tag: String): String =
    tag(tag).fetchSemanticsNode().config.getOrElse(SemanticsProperties.Text) { emptyList() }.joinToString("") { it.text }

/**
 * The app's next start over the same files (the settings and the library kept): a second
 * AppState on the saved-games directory, handed to [read] and closed after.
 */
fun <T> RunningApp.nextStart(read: (AppState) -> T): T {
    val next = AppState(app.platform)
    return try {
        read(next)
    } finally {
        next.close()
    }
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
