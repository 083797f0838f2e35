package app.chinesecheckers.android.online

import androidx.compose.ui.test.ExperimentalTestApi
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.click
import app.chinesecheckers.core.OnlineState
import app.chinesecheckers.ui.AppState

/** The core's online state of [app] (the app under test or a second device); null before it connects. */
fun online(app: AppState): OnlineState? = app.online.state.value.online

/** What a failed wait shows of [app]'s online state. */
fun describe(app: AppState): String = online(app)?.let {
    "connection=${it.connection} searching=${it.searching} table=${it.table} room=${it.room} spectating=${it.spectating} " +
        "lastError=${it.lastError} banner=${it.board.banner} game=${it.game} ui error=${app.online.state.value.error}; ${app.online.diagnostics()}"
} ?: "not connected"

/**
 * The app under test on its online screen, talking to the server at [address] (a `ws://` URL) as
 * "Ann": the settings as the player would have set them, then the screen opened as Home's
 * "Online" button does (its screen connects when it shows).
 */
@OptIn(ExperimentalTestApi::class)
fun RunningApp.openOnline(address: String, name: String = "Ann") {
    app.settings.update { it.copy(displayName = name, serverAddress = address) }
    click("online")
}
