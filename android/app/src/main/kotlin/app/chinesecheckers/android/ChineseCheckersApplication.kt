package app.chinesecheckers.android

import android.app.Application
import android.content.pm.ApplicationInfo
import app.chinesecheckers.core.LogLevel
import app.chinesecheckers.core.initLogging
import app.chinesecheckers.core.setAiThreads
import app.chinesecheckers.ui.AppState
import java.time.LocalDate

/**
 * The process: starts the core's logging and holds the one [AppState] of the process, so that an
 * Activity recreated for a configuration change finds its games, searches and connection as they
 * were. Every game writes itself to the core's library as it changes, so after the process was
 * killed a new AppState offers it again ("Continue" on Home).
 */
class ChineseCheckersApplication : Application() {
    /**
     * Today's local date in days since 1970-01-01 (Home's puzzle of the day), read when the
     * [appState] is made. The framework suite pins it, so that its golden screenshots of Home do
     * not change with the date.
     */
    var today: () -> Long = { LocalDate.now().toEpochDay() }

    /**
     * Everything the screens keep alive, made when the first Activity asks for it: a process
     * started for something else (a backup, the profile installer's broadcast) opens no library
     * and loads no saved game.
     */
    val appState: AppState get() = lazyAppState.value
    private val lazyAppState = lazy { AppState(AndroidPlatform(this), today) }

    /** Whether this process has made its [appState] yet (a first Activity of a new process has not). */
    val appStateMade: Boolean get() = lazyAppState.isInitialized()

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
        setAiThreads(Runtime.getRuntime().availableProcessors().coerceAtLeast(1))
    }
}
