package app.chinesecheckers.online

import app.chinesecheckers.core.OnlineException
import app.chinesecheckers.core.OnlineGame
import app.chinesecheckers.core.OnlineRequest
import app.chinesecheckers.core.OnlineState
import app.chinesecheckers.core.OnlineTransport
import app.chinesecheckers.core.OnlineUpdate
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.Response
import okhttp3.WebSocket
import okhttp3.WebSocketListener
import java.util.concurrent.Executors
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.ScheduledFuture
import java.util.concurrent.TimeUnit

/**
 * The app's side of online play, with OkHttp: it only carries strings between the WebSocket and
 * the core's [OnlineGame]. Every message is built and read by the core; every change comes out as
 * an [OnlineState] through [onState] (called on OkHttp's or the caller's thread).
 *
 * The connection is kept alive: OkHttp pings the server every [PING_INTERVAL_SECONDS] (a player
 * thinking sends nothing for minutes, and the server closes silent sockets). When the socket
 * fails or closes, the client reconnects by itself after the delay the core's policy gives
 * ([OnlineGame.reconnectDelayMs]: the same for every app) and sends `hello` again; the core
 * resumes the game and resends a pending move when the server welcomes it. [close] stops it.
 *
 * It is also the session's [OnlineTransport]: the board's calls (`OnlineGame.game()`'s tap,
 * resign, draw offers…) send their frames through [send], on the same socket and in order with
 * the frames of the requests ([send] with an [OnlineRequest]).
 */
class OnlineClient(
    val game: OnlineGame,
    private val url: String,
    private val token: String,
    private val name: String,
    http: OkHttpClient = OkHttpClient(),
    private val onState: (OnlineState) -> Unit = {},
    pingIntervalMillis: Long = PING_INTERVAL_SECONDS * 1000,
) : OnlineTransport {
    /** The OkHttp client used: the one given, with the keep-alive ping set on it. */
    val http: OkHttpClient = http.newBuilder().pingInterval(pingIntervalMillis, TimeUnit.MILLISECONDS).build()

    /** Frames received on current sockets, and the last one the core could not read (diagnostics). */
    @Volatile var framesReceived = 0
        private set
    @Volatile var lastUnreadable: String? = null
        private set

    /** Frames handed to OkHttp to send, and how many of those OkHttp refused (diagnostics). */
    @Volatile var framesSent = 0
        private set
    @Volatile var framesRefused = 0
        private set

    /** The socket of the current connection, if any (tests look at its ping counts). */
    internal val currentSocket: WebSocket? get() = synchronized(lock) { socket }

    // One lock around "ask the core, send what it says", so that messages leave in the order the
    // core produced them even when the UI thread and OkHttp's thread call at once.
    private val lock = Any()
    private var socket: WebSocket? = null
    /** Set by [close]: no reconnection until [connect] is called again. */
    private var closed = false
    private var reconnect: ScheduledFuture<*>? = null

    init {
        game.setTransport(this)
    }

    /**
     * Sends one frame the board's calls made (the core calls this outside its own lock); the
     * session changed with it, so [onState] hears of it as of every call made through [perform].
     */
    override fun send(frame: String) {
        synchronized(lock) { sendLocked(frame) }
        onState(game.state())
    }

    private fun sendLocked(frame: String) {
        framesSent++
        if (socket?.send(frame) != true) framesRefused++
    }

    /** Opens the WebSocket; `hello` is sent as soon as it is open. */
    fun connect() {
        synchronized(lock) {
            closed = false
            reconnect?.cancel(false)
            reconnect = null
            socket = http.newWebSocket(Request.Builder().url(url).build(), Listener())
        }
    }

    /**
     * The socket is gone (failed, closed by the server, or dropped): the core shows
     * "reconnecting" and counts the attempt; a new connection is scheduled after the core's delay
     * unless the client was closed or the core says not to reconnect.
     */
    private fun lost() {
        val state = synchronized(lock) {
            socket = null
            val state = game.connectionLost()
            val delay = game.reconnectDelayMs()
            if (!closed && delay != null) {
                reconnect?.cancel(false)
                reconnect = scheduler.schedule({
                    synchronized(lock) {
                        if (closed || socket != null) return@schedule
                        reconnect = null
                        socket = http.newWebSocket(Request.Builder().url(url).build(), Listener())
                    }
                }, delay, TimeUnit.MILLISECONDS)
            }
            state
        }
        onState(state)
    }

    /** Sends one request of the player ([OnlineGame.send]) and what it makes; returns the new state. */
    fun send(request: OnlineRequest): OnlineState = perform { it.send(request) }

    /** Runs one of the game's calls and sends what it returns; returns the new state. */
    private fun perform(action: (OnlineGame) -> OnlineUpdate): OnlineState {
        val state = synchronized(lock) {
            val update = action(game)
            update.outgoing.forEach(::sendLocked)
            update.state
        }
        onState(state)
        return state
    }

    /**
     * Closes the socket politely (the server holds the seat for its grace period) and stops
     * reconnecting: the person leaves.
     */
    fun close() {
        synchronized(lock) {
            closed = true
            reconnect?.cancel(false)
            reconnect = null
            // The board's calls have nowhere to send now: they say so (`NoTransport`).
            game.setTransport(null)
            game.send(OnlineRequest.Leave)
            socket?.close(1000, null)
            socket = null
        }
    }

    /**
     * Drops the socket abruptly, as a lost network would: the client then reconnects by itself.
     * With [reconnect] false, as a killed app would: nothing more happens.
     */
    fun drop(reconnect: Boolean = true) {
        synchronized(lock) {
            socket?.cancel()
            socket = null
            if (!reconnect) {
                closed = true
                this.reconnect?.cancel(false)
                this.reconnect = null
            }
        }
        if (reconnect) lost() else onState(game.connectionLost())
    }

    private inner class Listener : WebSocketListener() {
        /** Callbacks of a socket that was replaced or dropped are ignored. */
        private fun current(webSocket: WebSocket) = synchronized(lock) { socket === webSocket }

        override fun onOpen(webSocket: WebSocket, response: Response) {
            if (current(webSocket)) send(OnlineRequest.Hello(token, name))
        }

        override fun onMessage(webSocket: WebSocket, text: String) {
            if (!current(webSocket)) return
            framesReceived++
            try {
                perform { it.receive(text) }
            } catch (e: OnlineException) {
                // A frame the core does not understand changes nothing; the next one may.
                lastUnreadable = "$text ($e)"
            }
        }

        override fun onFailure(webSocket: WebSocket, t: Throwable, response: Response?) {
            if (current(webSocket)) lost()
        }

        override fun onClosing(webSocket: WebSocket, code: Int, reason: String) {
            // The server closes (e.g. shutting down): finish the handshake; onClosed follows.
            webSocket.close(1000, null)
        }

        override fun onClosed(webSocket: WebSocket, code: Int, reason: String) {
            if (current(webSocket)) lost()
        }
    }

    companion object {
        /** How often OkHttp pings the server (well within the server's 120 s of allowed silence). */
        const val PING_INTERVAL_SECONDS = 25L

        /** Runs the scheduled reconnections (one daemon thread for every client). */
        private val scheduler: ScheduledExecutorService = Executors.newSingleThreadScheduledExecutor { r ->
            Thread(r, "online-reconnect").apply { isDaemon = true }
        }
    }
}
