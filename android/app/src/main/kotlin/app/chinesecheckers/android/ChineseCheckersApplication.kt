package app.chinesecheckers.android

import android.app.Application
import android.content.pm.ApplicationInfo
import app.chinesecheckers.core.LogLevel
import app.chinesecheckers.core.initLogging
import app.chinesecheckers.core.setAiThreads
import app.chinesecheckers.ui.AppState

/**
 * The process: starts the core's logging and holds the one [AppState] of the process, so that an
 * Activity recreated for a configuration change finds its games, searches and connection as they
 * were. After the process was killed, a new AppState reopens the interrupted game from the
 * core's saved-games library ("Continue" on Home).
 */
class ChineseCheckersApplication : Application() {
    /** Everything the screens keep alive; created in [onCreate], before any Activity. */
    lateinit var appState: AppState
        private set

    /** Saves and pauses the games when the app leaves the screen, resumes them on return. */
    val visibility = AppVisibility(
        onBackground = { appState.onBackground() },
        onForeground = { appState.onForeground() },
    )

    override fun onCreate() {
        super.onCreate()
        // Logcat (tag ChineseCheckersCore); the core installs its logger once per process.
        val debuggable = applicationInfo.flags and ApplicationInfo.FLAG_DEBUGGABLE != 0
        initLogging(if (debuggable) LogLevel.DEBUG else LogLevel.INFO)
        // Hard and Impossible search on every core of the phone (tests keep the default, 1).
        setAiThreads(Runtime.getRuntime().availableProcessors().coerceAtLeast(1).toUInt())
        appState = AppState(AndroidPlatform(this))
    }
}
