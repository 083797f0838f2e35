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
 * were. Every game writes itself to the core's library as it changes, so after the process was
 * killed a new AppState offers it again ("Continue" on Home).
 */
class ChineseCheckersApplication : Application() {
    /** Everything the screens keep alive; created in [onCreate], before any Activity. */
    lateinit var appState: AppState
        private set

    /** Tells the online game the player is away when the app leaves the screen, back on return. */
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
