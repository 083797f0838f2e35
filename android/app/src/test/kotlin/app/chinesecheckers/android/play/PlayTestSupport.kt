package app.chinesecheckers.android.play

import android.content.Intent
import android.provider.Settings
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.v2.runAndroidComposeUiTest
import androidx.test.core.app.ApplicationProvider
import app.chinesecheckers.android.ChineseCheckersApplication
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.MainActivity
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.gamesDir
import app.chinesecheckers.android.tag
import app.chinesecheckers.ui.AppState
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import java.io.File

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
 * [app.chinesecheckers.android.appTest] with the app's date given by [today], read each time
 * the app asks (appTest pins it to SCREENSHOT_DAY before the AppState is made, so a test of a
 * date that changes while the app runs needs its own). The rest is appTest's.
 */
@OptIn(ExperimentalTestApi::class)
fun datedAppTest(
    today: () -> Long,
    device: Device = Device.Phone,
    reducedMotion: Boolean = false,
    block: RunningApp.() -> Unit,
) {
    RuntimeEnvironment.setQualifiers(device.qualifiers())
    RuntimeEnvironment.setFontScale(1f)
    val application = ApplicationProvider.getApplicationContext<ChineseCheckersApplication>()
    Settings.Global.putFloat(application.contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, if (reducedMotion) 0f else 1f)
    val games = gamesDir().apply { mkdirs() }
    File(games, "settings.properties").writeText("learnOffered=true\n")
    application.today = today
    try {
        runAndroidComposeUiTest<MainActivity> {
            RunningApp(this, application).block()
        }
    } finally {
        application.appState.close()
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
