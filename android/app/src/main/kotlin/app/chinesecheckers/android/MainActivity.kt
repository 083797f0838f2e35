package app.chinesecheckers.android

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import app.chinesecheckers.ui.ChineseCheckersApp
import app.chinesecheckers.ui.Screen

/**
 * The app's only Activity: hosts the shared Compose UI, edge to edge, and reports leaving and
 * coming back to the screen. All state lives in the Application's AppState; the Activity's saved
 * state only brings a new process back to the board the player left.
 */
class MainActivity : ComponentActivity() {
    private val app: ChineseCheckersApplication
        get() = application as ChineseCheckersApplication

    override fun onCreate(savedInstanceState: Bundle?) {
        // Draw behind the status and navigation bars (the default from targetSdk 35 on; called
        // so that Android 8–14 look the same, with transparent bars that follow the theme).
        enableEdgeToEdge()
        super.onCreate(savedInstanceState)
        // Saved state but no AppState yet: Android started a new process for the player coming
        // back after it stopped the old one. Reopen what they left (a config change recreates the
        // Activity in the same process, whose AppState still shows it).
        val newProcess = !app.appStateMade
        val appState = app.appState
        if (newProcess) savedInstanceState?.getString(INSTANCE_STATE)?.let(appState::restoreInstanceState)
        setContent {
            // System back (and the predictive back gesture) goes back a screen; on Home it is
            // left to the system, which closes the app.
            val screen by appState.screen.collectAsState()
            BackHandler(enabled = screen != Screen.Home) { appState.back() }
            ChineseCheckersApp(appState)
        }
    }

    override fun onSaveInstanceState(outState: Bundle) {
        super.onSaveInstanceState(outState)
        app.appState.instanceState()?.let { outState.putString(INSTANCE_STATE, it) }
    }

    override fun onStart() {
        super.onStart()
        app.visibility.activityStarted()
    }

    override fun onStop() {
        super.onStop()
        app.visibility.activityStopped(changingConfigurations = isChangingConfigurations)
    }
}

/** The Bundle key of [app.chinesecheckers.ui.AppState.instanceState]. */
private const val INSTANCE_STATE = "app.chinesecheckers.instanceState"
