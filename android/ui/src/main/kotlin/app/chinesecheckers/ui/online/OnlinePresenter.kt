package app.chinesecheckers.ui.online

import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.ErrorCode
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.Format
import app.chinesecheckers.core.OnlineGame
import app.chinesecheckers.core.OnlineState
import app.chinesecheckers.core.OnlineRequest
import app.chinesecheckers.core.GameCard
import app.chinesecheckers.core.checkRoomCode
import app.chinesecheckers.core.onlineFormats
import app.chinesecheckers.online.OnlineClient
import app.chinesecheckers.ui.AppState
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.BoardPresenter
import app.chinesecheckers.ui.board.OnlineBoardInfo
import app.chinesecheckers.ui.strings.stringsFor
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update

/** The online screen's state: the core's [OnlineState] plus what is being typed and chosen. */
data class OnlineUiState(
    /** The core's state; null until the first connection is opened. */
    val online: OnlineState?,
    val format: Format,
    val roomCodeInput: String,
    /** The code as the core reads it ([checkRoomCode]), or null while it is not a code. */
    val roomCode: String?,
    /** The last call the core refused, to be worded by the screen. */
    val error: Exception?,
    /** The level the host picked for the computer players of a filling table. */
    val fillLevel: AiLevel = AiLevel.MEDIUM,
    /** No server to connect to: a build without a default server, and none chosen in Settings. */
    val noServer: Boolean = false,
    /** The time control of the tables and rooms this player creates (quick match has none). */
    val timeControl: TimeControlChoice = TimeControlChoice.Default,
    /** "Your games" is open: the list of our finished games (the core's `pastGames`). */
    val showGames: Boolean = false,
    /** The save of the game last shared ("Share" on a finished game), as handed to the share sheet. */
    val sharedSave: String? = null,
    /** "Watch a game" is open: the public games in progress (the core's `liveGames`). */
    val showLiveGames: Boolean = false,
    /** "Watch with a code": the private room's code being typed. */
    val watchCodeInput: String = "",
    /** That code as the core reads it ([checkRoomCode]), or null while it is not a code. */
    val watchCode: String? = null,
    /**
     * The last thing asked was to watch by a code: a `GAME_NOT_FOUND` from the server is then
     * "no game with that code", not a game that ended.
     */
    val watchCodeSent: Boolean = false,
    /**
     * The code was edited since it was last sent: whatever the server said about it is about
     * another code, and is no longer shown.
     */
    val watchCodeEdited: Boolean = false,
) {
    /** Something is typed in "Watch with a code" that is not a code. */
    val watchCodeInvalid: Boolean
        get() = watchCodeInput.isNotBlank() && watchCode == null

    /**
     * The server found no game for the code last sent to "Watch with a code" (the core ended the
     * watching with `GAME_NOT_FOUND`): the code's fault, not a game that ended.
     */
    val watchCodeRefused: Boolean
        get() {
            val online = online ?: return false
            return watchCodeSent && online.lastError == ErrorCode.GAME_NOT_FOUND && !online.spectating
        }

    /**
     * "No game is being played with that code." under the code field: after a refused code, until
     * the code is edited (or something else is asked).
     */
    val watchCodeNotFound: Boolean
        get() = watchCodeRefused && !watchCodeEdited

    /**
     * The server's last refusal, worded under the lobby; a refused watch code is not (it is said
     * under its field, and goes away when the code is edited).
     */
    val serverError: ErrorCode?
        get() = online?.lastError?.takeUnless { watchCodeRefused }
}

/** What the player does on the online screen (off the board). */
sealed interface OnlineEvent {
    data object Connect : OnlineEvent
    data class SelectFormat(val format: Format) : OnlineEvent
    data object QuickMatch : OnlineEvent
    data object CancelMatch : OnlineEvent
    data object WatchLobby : OnlineEvent
    data object UnwatchLobby : OnlineEvent
    data object CreateTable : OnlineEvent
    data object CloseTable : OnlineEvent
    data class JoinTable(val id: String) : OnlineEvent
    data object CreateRoom : OnlineEvent
    data class RoomCodeChanged(val text: String) : OnlineEvent
    data object JoinRoom : OnlineEvent
    data object ShareRoom : OnlineEvent
    /** The host picks the level of the computer players (seated panel). */
    data class SelectFillLevel(val level: AiLevel) : OnlineEvent
    /** The time control of the next table or room created. */
    data class SelectTimeControl(val choice: TimeControlChoice) : OnlineEvent
    /** The host starts the filling table now, the computer at the picked level in the empty seats. */
    data object FillWithAi : OnlineEvent
    /** Leaves the filling table or room of 3 or more seats. */
    data object LeaveSeat : OnlineEvent
    /** Opens "Your games": asks the server for our finished games. */
    data object ListGames : OnlineEvent
    /** Closes "Your games". */
    data object HideGames : OnlineEvent
    /** Downloads a finished game and opens it in the local board's replay. */
    data class ReplayGame(val id: String) : OnlineEvent
    /** Downloads a finished game and shares its save text. */
    data class ShareGame(val id: String) : OnlineEvent
    /** Opens "Watch a game": asks the server for the public games in progress. */
    data object WatchGames : OnlineEvent
    /** Closes "Watch a game". */
    data object HideLiveGames : OnlineEvent
    /** Watches a game in progress read-only. */
    data class Spectate(val game: String) : OnlineEvent
    /** The private room's code typed in "Watch with a code". */
    data class WatchCodeChanged(val text: String) : OnlineEvent
    /**
     * Watches the game of the room whose code was typed, by the code alone (the one its players
     * joined with): the server finds the game (the core's `spectateRoom`).
     */
    data object WatchWithCode : OnlineEvent
    /** Stops watching: back to the lobby. */
    data object StopSpectating : OnlineEvent
}

/** What to do with a finished game once its download arrives. */
private enum class DownloadUse { Replay, Share }

/**
 * Online play's state holder. The core's [OnlineGame] speaks the protocol, [OnlineClient] carries
 * its strings over an OkHttp WebSocket (reconnecting by itself with the core's delays); this maps
 * every [OnlineState] to one [OnlineUiState] and, once a game starts, shows its board — the
 * session's `Game` (`OnlineGame.game()`), whose calls send their frames through the client (the
 * session's `OnlineTransport`) — in a [BoardPresenter] like any other game. Every session is kept in the library (`keepOnline`): each game of ours
 * writes itself as it changes, and is reopened from there ("Continue") after the process was
 * killed.
 */
class OnlinePresenter(private val app: AppState) {
    private val _state = MutableStateFlow(
        OnlineUiState(null, onlineFormats().first(), "", null, null),
    )

    /** The one state the online screen renders. */
    val state: StateFlow<OnlineUiState> = _state.asStateFlow()

    private val _board = MutableStateFlow<BoardPresenter?>(null)

    /** The board of the online game in progress, once there is one. */
    val board: StateFlow<BoardPresenter?> = _board.asStateFlow()

    private var client: OnlineClient? = null
    private var game: OnlineGame? = null
    private val lock = Any()

    /** The finished game being downloaded and what it is for (see [onDownload]). */
    @Volatile
    private var pendingDownload: Pair<String, DownloadUse>? = null

    /** Our ratings were asked for on this connection (once, when it first connects). */
    @Volatile
    private var ratingsAsked = false

    /** Opens the connection with a fresh game object (kept in the library), unless one is open already. */
    fun connect() = synchronized(lock) {
        if (client == null) open(game ?: OnlineGame().also { app.library?.keepOnline(it) })
    }

    /** Reopens a kept online game ("Continue") and connects: the welcome resumes it. */
    fun resume(card: GameCard) = synchronized(lock) {
        // The game is still open on a live client (Home was visited mid-game): go back to it.
        if (client != null && game?.state()?.game?.id == card.id) return@synchronized
        val restored = runCatching { app.library?.openOnlineGame(card.id) }.getOrNull() ?: return@synchronized
        closeClient()
        open(restored)
    }

    private fun open(game: OnlineGame) {
        val settings = app.settings.settings.value
        if (this.game !== game) {
            // The board shown is another session's `Game`: the new session's board replaces it.
            _board.value?.close()
            _board.value = null
        }
        this.game = game
        ratingsAsked = false
        val name = settings.displayName.ifBlank { DEFAULT_NAME }
        val server = settings.server
        if (server == null) {
            // A build without a default server, and none chosen: nothing to connect to. The
            // screen says how to choose one; the next visit connects once there is one.
            _state.update { it.copy(online = game.state(), error = null, noServer = true) }
            return
        }
        val c = OnlineClient(game, server, app.settings.token, name, onState = ::onState)
        client = c
        _state.update { it.copy(online = game.state(), error = null, noServer = false) }
        try {
            c.connect()
        } catch (e: IllegalArgumentException) {
            // OkHttp refuses an address that is not ws://, wss://, http:// or https://.
            _state.update { it.copy(error = e) }
        }
        ensureBoard(game.state())
    }

    /**
     * Every state the core produces (from the UI thread or OkHttp's). The client calls this
     * outside its lock, so two threads' states can arrive out of order: the core's latest state is
     * read, and reading and publishing it happen under one lock. Without the lock a thread could
     * read the state, be overtaken by the other thread's newer read-and-publish, then publish its
     * older state last (a `searching` answer overwritten by the quick-match call's own state, the
     * screen stuck on it until the next message).
     */
    /** The id of the last ended game Home was told of (told once per game). */
    @Volatile private var endedSeen: String? = null

    private fun onState(passed: OnlineState) {
        val s = synchronized(publishLock) {
            val s = game?.state() ?: passed
            _state.update { it.copy(online = s) }
            // A game of ours that ended (the opponent resigned while the player was on Home, say)
            // left the library's Continue list as it ended: Home reads the listing again.
            val ended = s.game?.takeIf { it.over && !s.spectating }?.id
            if (ended != null && ended != endedSeen) {
                endedSeen = ended
                app.home.refresh()
            }
            // The rating change shown at the game's end is this game's only.
            val change = s.ratingChange?.takeIf { it.game == s.game?.id }
            infos.value = OnlineBoardInfo(s.connection, s.game, change)
            s
        }
        // Outside the publishing lock: it takes [lock], which callers of the client may hold.
        ensureBoard(s)
        if (s.connection == Connection.CONNECTED && !ratingsAsked) {
            ratingsAsked = true
            runCatching { send(OnlineRequest.RequestRatings) }
        }
        onDownload(s)
    }

    /** A finished game asked for has arrived: replay it on the local board, or share its save. */
    private fun onDownload(s: OnlineState) {
        val download = s.download ?: return
        val (id, use) = pendingDownload ?: return
        if (download.id != id) return
        pendingDownload = null
        when (use) {
            DownloadUse.Share -> {
                _state.update { it.copy(sharedSave = download.save) }
                app.platform.share(download.save)
            }
            DownloadUse.Replay -> {
                val local = try {
                    LocalGame.restore(download.save)
                } catch (e: Exception) {
                    _state.update { it.copy(error = e) }
                    return
                }
                // Not saved nor recorded: the library keeps this device's games, not replays.
                app.showLocal(local.game(), BoardMode.PassAndPlay, back = Screen.Online)
                // The board's replay opens at the start (move 0), as it does from the board itself.
                app.board.value?.onEvent(BoardEvent.ReplayStart)
            }
        }
    }

    /** Serialises reading the core's state with publishing it (see [onState]). */
    private val publishLock = Any()

    private val infos = MutableStateFlow<OnlineBoardInfo?>(null)

    private fun ensureBoard(s: OnlineState) {
        if (s.game != null && _board.value == null) {
            synchronized(lock) {
                val online = game
                if (_board.value == null && online != null) {
                    _board.value = BoardPresenter(online.game(), BoardMode.Online, app.scope, app.settings.settings, app.platform, infos)
                }
            }
        }
    }

    /** Handles one event of the lobby screen. */
    fun onEvent(event: OnlineEvent) {
        // Any other request makes a later GAME_NOT_FOUND its own, not the code's.
        if (event !is OnlineEvent.WatchWithCode && event !is OnlineEvent.WatchCodeChanged && _state.value.watchCodeSent) _state.update { it.copy(watchCodeSent = false) }
        try {
            when (event) {
                OnlineEvent.Connect -> connect()
                is OnlineEvent.SelectFormat -> _state.update { it.copy(format = event.format) }
                OnlineEvent.QuickMatch -> send(OnlineRequest.QuickMatch(_state.value.format))
                OnlineEvent.CancelMatch -> send(OnlineRequest.CancelMatch)
                OnlineEvent.WatchLobby -> send(OnlineRequest.WatchLobby)
                OnlineEvent.UnwatchLobby -> send(OnlineRequest.UnwatchLobby)
                OnlineEvent.CreateTable -> send(OnlineRequest.CreateTable(_state.value.format, _state.value.timeControl.timeControl))
                OnlineEvent.CloseTable -> send(OnlineRequest.CloseTable)
                is OnlineEvent.JoinTable -> send(OnlineRequest.JoinTable(event.id))
                OnlineEvent.CreateRoom -> send(OnlineRequest.CreateRoom(_state.value.format, _state.value.timeControl.timeControl))
                is OnlineEvent.RoomCodeChanged -> _state.update {
                    it.copy(roomCodeInput = event.text, roomCode = checkRoomCode(event.text))
                }
                OnlineEvent.JoinRoom -> send(OnlineRequest.JoinRoom(_state.value.roomCodeInput))
                OnlineEvent.ShareRoom -> _state.value.online?.room?.let { room ->
                    app.platform.share(stringsFor(app.language).roomInvitation(room.code))
                }
                is OnlineEvent.SelectFillLevel -> _state.update { it.copy(fillLevel = event.level) }
                is OnlineEvent.SelectTimeControl -> _state.update { it.copy(timeControl = event.choice) }
                OnlineEvent.FillWithAi -> send(OnlineRequest.FillWithAi(_state.value.fillLevel))
                OnlineEvent.LeaveSeat -> send(OnlineRequest.LeaveSeat)
                OnlineEvent.ListGames -> {
                    _state.update { it.copy(showGames = true) }
                    send(OnlineRequest.ListGames)
                }
                OnlineEvent.HideGames -> _state.update { it.copy(showGames = false) }
                is OnlineEvent.ReplayGame -> download(event.id, DownloadUse.Replay)
                is OnlineEvent.ShareGame -> download(event.id, DownloadUse.Share)
                OnlineEvent.WatchGames -> {
                    _state.update { it.copy(showLiveGames = true) }
                    send(OnlineRequest.WatchGames)
                }
                OnlineEvent.HideLiveGames -> _state.update { it.copy(showLiveGames = false) }
                is OnlineEvent.Spectate -> send(OnlineRequest.Spectate(event.game, null))
                is OnlineEvent.WatchCodeChanged -> _state.update {
                    it.copy(
                        watchCodeInput = event.text,
                        watchCode = checkRoomCode(event.text),
                        watchCodeEdited = it.watchCodeEdited || event.text != it.watchCodeInput,
                    )
                }
                OnlineEvent.WatchWithCode -> {
                    _state.update { it.copy(watchCodeSent = true, watchCodeEdited = false) }
                    send(OnlineRequest.SpectateRoom(_state.value.watchCodeInput))
                }
                OnlineEvent.StopSpectating -> {
                    send(OnlineRequest.StopSpectating)
                    // Back in the lobby: the list is asked for again, games have moved on.
                    if (_state.value.showLiveGames) send(OnlineRequest.WatchGames)
                }
            }
            _state.update { it.copy(error = null) }
        } catch (e: Exception) {
            _state.update { it.copy(error = e) }
        }
    }

    private fun download(id: String, use: DownloadUse) {
        pendingDownload = id to use
        val s = send(OnlineRequest.DownloadGame(id))
        // Downloaded before (the core keeps the last one): no answer is awaited.
        onDownload(s)
    }

    /** Sends one request of the player through the client (the one path of every request). */
    private fun send(request: OnlineRequest): OnlineState {
        val c = client ?: error("not connected")
        return c.send(request)
    }

    /** The player leaves the online screen: a connection with no game in progress is closed. */
    fun leaveScreen() = synchronized(lock) {
        // A game watched is not ours to keep: leaving the screen stops watching it.
        if (game?.state()?.spectating == true) runCatching { send(OnlineRequest.StopSpectating) }
        val s = game?.state()
        if (s?.game == null || s.game.over) {
            _board.value?.close()
            _board.value = null
            closeClient()
            game = null
            pendingDownload = null
            _state.update { it.copy(online = null, showGames = false, showLiveGames = false) }
        } else if (s.connection == Connection.REPLACED) {
            // Another connection of this device took the game over and this one stopped: coming
            // back to the screen connects again (and takes the game back), with the same game.
            closeClient()
        }
    }

    /** The app goes to the background: tell the server (the kept game is already on disk). */
    fun onBackground() {
        val c = client ?: return
        val g = game ?: return
        // A game watched is not ours: nothing to hold.
        if (g.state().game != null && !g.state().spectating) {
            runCatching { c.send(OnlineRequest.Away) }
        }
    }

    /** The app is back: tell the server the player is here again. */
    fun onForeground() {
        val c = client ?: return
        val s = game?.state()
        if (s?.game != null && !s.spectating) runCatching { c.send(OnlineRequest.Back) }
    }

    /** Drops the socket as a lost network would (the client reconnects by itself); for tests and diagnostics. */
    fun simulateNetworkDrop() {
        client?.drop(reconnect = true)
    }

    /** The transport's counters, for a test's failure message. */
    fun diagnostics(): String = client?.let {
        "frames sent ${it.framesSent} (refused ${it.framesRefused}), received ${it.framesReceived}, last unreadable ${it.lastUnreadable}"
    } ?: "no client"

    /** Closes the connection (the process ends). */
    fun close() = synchronized(lock) { closeClient() }

    private fun closeClient() {
        client?.close()
        client = null
    }

    companion object {
        /** The name shown to opponents until the player sets one in the settings. */
        const val DEFAULT_NAME = "Player"
    }
}
