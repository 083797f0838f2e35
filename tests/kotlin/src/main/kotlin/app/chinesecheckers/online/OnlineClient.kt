package app.chinesecheckers.online

import app.chinesecheckers.core.OnlineException
import app.chinesecheckers.core.OnlineGame
import app.chinesecheckers.core.OnlineState
import app.chinesecheckers.core.OnlineUpdate
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.Response
import okhttp3.WebSocket
import okhttp3.WebSocketListener

/**
 * The app's side of online play, with OkHttp: it only carries strings between the WebSocket and
 * the core's [OnlineGame]. Every message is built and read by the core; every change comes out as
 * an [OnlineState] through [onState] (called on OkHttp's or the caller's thread).
 *
 * Reconnecting is the app's choice (when, how often): call [connect] again; the core sends `hello`
 * and resumes the game by itself when the server welcomes it.
 */
class OnlineClient(
    val game: OnlineGame,
    private val url: String,
    private val token: String,
    private val name: String,
    private val http: OkHttpClient = OkHttpClient(),
    private val onState: (OnlineState) -> Unit = {},
) {
    // One lock around "ask the core, send what it says", so that messages leave in the order the
    // core produced them even when the UI thread and OkHttp's thread call at once.
    private val lock = Any()
    private var socket: WebSocket? = null

    /** Opens the WebSocket; `hello` is sent as soon as it is open. */
    fun connect() {
        synchronized(lock) {
            socket = http.newWebSocket(Request.Builder().url(url).build(), Listener())
        }
    }

    /** Runs one of the game's calls and sends what it returns; returns the new state. */
    fun perform(action: (OnlineGame) -> OnlineUpdate): OnlineState {
        val state = synchronized(lock) {
            val update = action(game)
            update.outgoing.forEach { socket?.send(it) }
            update.state
        }
        onState(state)
        return state
    }

    /** Closes the socket politely (the server holds the seat for its grace period). */
    fun close() {
        synchronized(lock) {
            socket?.close(1000, null)
            socket = null
        }
    }

    /** Drops the socket abruptly, as a lost network or a killed app would. */
    fun drop() {
        synchronized(lock) {
            socket?.cancel()
            socket = null
        }
        onState(game.connectionLost())
    }

    private inner class Listener : WebSocketListener() {
        /** Callbacks of a socket that was replaced or dropped are ignored. */
        private fun current(webSocket: WebSocket) = synchronized(lock) { socket === webSocket }

        override fun onOpen(webSocket: WebSocket, response: Response) {
            if (current(webSocket)) perform { it.hello(token, name) }
        }

        override fun onMessage(webSocket: WebSocket, text: String) {
            if (!current(webSocket)) return
            try {
                perform { it.receive(text) }
            } catch (e: OnlineException) {
                // A frame the core does not understand changes nothing; the next one may.
            }
        }

        override fun onFailure(webSocket: WebSocket, t: Throwable, response: Response?) {
            if (current(webSocket)) onState(game.connectionLost())
        }

        override fun onClosed(webSocket: WebSocket, code: Int, reason: String) {
            if (current(webSocket)) onState(game.connectionLost())
        }
    }
}
