package app.chinesecheckers.online

import app.chinesecheckers.core.BoardView
import app.chinesecheckers.core.GameSession
import app.chinesecheckers.core.OnlineUpdate
import app.chinesecheckers.core.SessionException
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.Response
import okhttp3.WebSocket
import okhttp3.WebSocketListener

/**
 * The app's side of online play, with OkHttp: it only carries strings between the WebSocket and
 * the core's online session. Every message is built and read by the core; every change of the
 * board comes out as a [BoardView] through [onView] (called on OkHttp's or the caller's thread).
 *
 * Reconnecting is the app's choice (when, how often): call [connect] again; the core sends `hello`
 * and resumes the game by itself when the server welcomes it.
 */
class OnlineClient(
    private val session: GameSession,
    private val url: String,
    private val token: String,
    private val name: String,
    private val http: OkHttpClient = OkHttpClient(),
    private val onView: (BoardView) -> Unit,
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

    /** Runs one of the session's `online…` calls and sends what it returns. */
    fun perform(action: (GameSession) -> OnlineUpdate) {
        val view = synchronized(lock) {
            val update = action(session)
            update.outgoing.forEach { socket?.send(it) }
            update.view
        }
        onView(view)
    }

    /** Closes the socket (the server holds the seat for its grace period). */
    fun close() {
        synchronized(lock) {
            socket?.close(1000, null)
            socket = null
        }
    }

    private inner class Listener : WebSocketListener() {
        override fun onOpen(webSocket: WebSocket, response: Response) {
            perform { it.onlineHello(token, name) }
        }

        override fun onMessage(webSocket: WebSocket, text: String) {
            try {
                perform { it.onlineReceive(text) }
            } catch (e: SessionException) {
                // A frame the core does not understand changes nothing; the next one may.
            }
        }

        override fun onFailure(webSocket: WebSocket, t: Throwable, response: Response?) {
            onView(session.view())
        }

        override fun onClosed(webSocket: WebSocket, code: Int, reason: String) {
            onView(session.view())
        }
    }
}
