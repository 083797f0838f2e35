package app.chinesecheckers.ui.board

import app.chinesecheckers.core.AiSearch
import app.chinesecheckers.core.ChangeKind
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameCapabilities
import app.chinesecheckers.core.GameInterface
import app.chinesecheckers.core.GameListener
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.PlayedMove
import app.chinesecheckers.core.SearchOutcome
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.ui.platform.HapticKind
import app.chinesecheckers.ui.platform.Platform
import app.chinesecheckers.ui.platform.sound
import app.chinesecheckers.ui.settings.Settings
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.distinctUntilChanged
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.emptyFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import kotlinx.coroutines.withTimeoutOrNull

/** A peg moving along a path: drawn by the board from [startedAtNanos] for [millisPerHop] a hop. */
data class PegAnimation(val revision: Long, val path: List<Coord>, val millisPerHop: Int) {
    /** The whole animation's length. */
    val totalMillis: Int get() = millisPerHop * (path.size - 1).coerceAtLeast(0)
}

/** Everything the board screen draws; made only by [BoardPresenter]. */
data class BoardUiState(
    val game: GameState,
    val mode: BoardMode,
    /** The move to animate, when the last change was a forward move and motion is allowed. */
    val animation: PegAnimation?,
    val historyOpen: Boolean,
    /** The game-over dialog was closed (the board stays visible, with its buttons). */
    val gameOverDismissed: Boolean,
    /**
     * What the game can do at all (the core's): the undo, hint and replay buttons show only where
     * the game has their handle; what is possible now is `game.capabilities`.
     */
    val capabilities: GameCapabilities,
    /** A rematch may be asked for now (the game has rematches, and the core says now). */
    val canRematch: Boolean,
    /** The last call the core refused, to be worded by the screen; cleared by the next action. */
    val error: Exception?,
    val online: OnlineBoardInfo?,
    /**
     * The number of the history move the player tapped, drawn on the board as arrows until the
     * line is tapped again, the board is tapped or the overlay is closed; null when none is.
     */
    val shownMove: Int? = null,
) {
    /** The move [shownMove] names, while the history still holds it (an undo may take it back). */
    val shownPlayedMove: PlayedMove? get() = shownMove?.let { n -> game.history.firstOrNull { it.number == n } }
}

/** What the player does on the board screen. */
sealed interface BoardEvent {
    data class TapHole(val q: Int, val r: Int) : BoardEvent
    data object TapOutside : BoardEvent
    data object EndJump : BoardEvent
    data object Undo : BoardEvent
    data object Redo : BoardEvent
    data object Hint : BoardEvent
    data object StopThinking : BoardEvent
    data object LetAiPlay : BoardEvent
    data object ReplayStart : BoardEvent
    data class ReplayStep(val delta: Int) : BoardEvent
    data object ReplayExit : BoardEvent
    data object Resign : BoardEvent
    data object OfferDraw : BoardEvent
    data class AnswerDraw(val accept: Boolean) : BoardEvent
    data object Rematch : BoardEvent
    data class ShowHistory(val open: Boolean) : BoardEvent
    /**
     * A history line was tapped: its move is shown on the board as arrows (the phone's Moves
     * dialog closes so that the board is seen); the same line again puts them away.
     */
    data class ShowMove(val number: Int) : BoardEvent
    /** The shown move's overlay was closed. */
    data object HideMove : BoardEvent
    data object DismissGameOver : BoardEvent
    /** Writes the game again after the library failed to (`state.storage` is `failed`). */
    data object SaveNow : BoardEvent
    /** The board finished drawing the animation of the state with this revision. */
    data class AnimationFinished(val revision: Long) : BoardEvent
}

/**
 * The board screen's state holder, the same for every kind of game: forwards every event to the
 * core's [game] (a solo, pass-and-play, watched or online board), maps the core's [GameState] to
 * one [BoardUiState], starts the AI through the game's `ai` handle when the core says an AI seat
 * is to move (the search runs on the core's engine thread, awaited on [Dispatchers.Default]) and
 * delays showing its move until the previous move's animation has played. Undo, hint and replay
 * are called through their handles in `capabilities()`: a game without one has no such button,
 * and nothing is ever refused for the kind of game.
 *
 * Events come from the UI thread, search results and the game's listener (frames received
 * online) from other threads: every change of state happens under one lock, so they never
 * interleave; the core's calls it makes are short (the searches run on the core's engine thread).
 * [mode] only turns the board; [onlineInfo] is what an online game shows beside the board.
 */
class BoardPresenter(
    private val game: GameInterface,
    private val mode: BoardMode,
    private val scope: CoroutineScope,
    private val settings: StateFlow<Settings>,
    private val platform: Platform,
    private val onlineInfo: Flow<OnlineBoardInfo?> = emptyFlow(),
    /** Waits out the hold after an AI move ([Settings.aiPaceMillis]); tests hand a recording one. */
    private val hold: suspend (millis: Long) -> Unit = { delay(it) },
) {
    // Pass-and-play's "turn the board" is kept by the core's board, not saved: handed over
    // before the first state is drawn (so the board never turns a first time the wrong way),
    // then again whenever the setting changes (below; the same value again changes nothing).
    private val _state = MutableStateFlow(initial(game.setTurnBoard(settings.value.boardRotation)))

    /** The one state the board screen renders. */
    val state: StateFlow<BoardUiState> = _state.asStateFlow()

    /** The core's id of the game on this board (a saved game's, in the library). */
    val gameId: String get() = game.id()

    /** The AI or hint search in progress, with the job awaiting it. */
    private var search: AiSearch? = null
    private var searchJob: Job? = null
    /** The AI's next think, waiting for the last AI move's animation and hold (AI pacing). */
    private var pacing: Job? = null
    /** Whether [search] is the AI's think (not a hint): stopping it pauses the AI. */
    private var thinkRunning = false
    /** When the animation of the last move should end (System.nanoTime): the fallback for [animationDone]. */
    private var animationEndsAt = 0L
    /** Completed when the board reports the last move's animation finished: the AI's answer waits for it. */
    private var animationDone = CompletableDeferred(Unit)
    private val lock = Any()
    /** What this board follows besides the game (the online info, the settings): stopped by [close]. */
    private val followers = mutableListOf<Job>()

    /** The game's listener rang: a change made elsewhere (a frame received, the AI's move). */
    private val changes = Channel<Unit>(Channel.CONFLATED)

    init {
        // The listener may ring on any thread, also inside one of our own calls (under [lock]):
        // it only flags the change; the collector reads the core's latest under the lock, so
        // that an older state can never be drawn after a newer one. A running search publishes
        // its own outcome once the previous move's animation has played: until then a change it
        // makes is not drawn early.
        game.setListener(object : GameListener {
            override fun changed(state: GameState) {
                changes.trySend(Unit)
            }
        })
        scope.launch {
            for (change in changes) synchronized(lock) { if (search == null) publish(game.state()) }
        }
        // Under the lock like every other change: `publish` copies the state it read, and an
        // info written between its read and its write would be lost (a seat left marked away).
        followers += scope.launch {
            onlineInfo.collect { info -> synchronized(lock) { _state.update { it.copy(online = info) } } }
        }
        followers += scope.launch {
            settings.map { it.boardRotation }.distinctUntilChanged().collect { on ->
                synchronized(lock) { turnBoard(on) }
            }
        }
        synchronized(lock) { maybeStartAi(_state.value.game) }
    }

    private fun initial(state: GameState): BoardUiState {
        val capabilities = game.capabilities()
        return BoardUiState(
            game = state,
            mode = mode,
            animation = null,
            historyOpen = false,
            gameOverDismissed = false,
            capabilities = capabilities,
            canRematch = capabilities.rematch && state.capabilities.canRematch,
            error = null,
            online = null,
        )
    }

    /** Handles one event from the screen. */
    fun onEvent(event: BoardEvent): Unit = synchronized(lock) {
        try {
            when (event) {
                // While a history move is shown, a tap on the board only puts it away: the
                // player was looking, not playing, and a peg must not be picked unseen.
                is BoardEvent.TapHole -> if (_state.value.shownMove != null) {
                    _state.update { it.copy(shownMove = null) }
                } else {
                    platform.haptic(HapticKind.Tap)
                    publish(game.tap(event.q, event.r))
                }
                BoardEvent.TapOutside -> if (_state.value.shownMove != null) {
                    _state.update { it.copy(shownMove = null) }
                } else {
                    publish(game.cancelTouch())
                }
                BoardEvent.EndJump -> publish(game.endJump())
                BoardEvent.Undo -> _state.value.capabilities.undo?.let { cancelSearch(); publish(it.undo()) }
                BoardEvent.Redo -> _state.value.capabilities.undo?.let { publish(it.redo()) }
                BoardEvent.Hint -> _state.value.capabilities.hint?.let { startSearch(it.hint(), think = false) }
                BoardEvent.StopThinking -> stopAi()
                BoardEvent.LetAiPlay -> resumeAi()
                BoardEvent.ReplayStart -> _state.value.capabilities.replay?.let { replay ->
                    // A replay is the game from its start: the core enters it at the current
                    // move, so it is stepped back to move 0 (Your games opens there too).
                    cancelSearch()
                    val entered = replay.start()
                    val total = entered.replay?.total ?: 0
                    publish(if (total > 0) replay.step(-total) else entered)
                }
                is BoardEvent.ReplayStep -> _state.value.capabilities.replay?.let { publish(it.step(event.delta)) }
                BoardEvent.ReplayExit -> _state.value.capabilities.replay?.let { publish(it.exit()) }
                BoardEvent.Resign -> { cancelSearch(); publish(game.resign()) }
                BoardEvent.OfferDraw -> publish(game.offerDraw())
                is BoardEvent.AnswerDraw -> publish(game.answerDraw(event.accept))
                BoardEvent.Rematch -> {
                    // Locally the core moves the board on to the next game (same seats, new
                    // seed, the same library slot); online it asks the opponent.
                    cancelSearch()
                    val next = game.rematch()
                    _state.value = initial(next).copy(online = _state.value.online)
                    maybeStartAi(next)
                }
                is BoardEvent.ShowHistory -> _state.update { it.copy(historyOpen = event.open) }
                is BoardEvent.ShowMove -> _state.update {
                    it.copy(shownMove = event.number.takeIf { n -> n != it.shownMove }, historyOpen = false)
                }
                BoardEvent.HideMove -> _state.update { it.copy(shownMove = null) }
                BoardEvent.DismissGameOver -> _state.update { it.copy(gameOverDismissed = true) }
                BoardEvent.SaveNow -> publish(game.saveNow())
                is BoardEvent.AnimationFinished ->
                    if (_state.value.animation?.revision == event.revision) animationDone.complete(Unit)
            }
        } catch (e: Exception) {
            // The core refused (its typed errors): the screen words it; nothing else changes.
            _state.update { it.copy(error = e) }
        }
    }

    /** Stops a running search (the screen leaves, or the game changes under it). */
    fun cancelSearch(): Unit = synchronized(lock) {
        pacing?.cancel()
        pacing = null
        thinkRunning = false
        search?.cancel()
        searchJob?.cancel()
        search = null
        searchJob = null
    }

    /**
     * The board is replaced (the same game shown again from Home, another game, the process
     * ends): stop listening to the game (its owner keeps it) and stop its search. The core counts
     * a stopped think as a pause, but the player did not ask for this one: a player who left
     * mid-think expects the AI to go on when the game is shown again, so the pause is lifted at
     * once and the next board of this game starts the AI (`aiToMove`). A pause the player asked
     * for ("Stop thinking") stays: it was there before the board closed.
     */
    fun close(): Unit = synchronized(lock) {
        game.setListener(null)
        changes.close()
        followers.forEach { it.cancel() }
        val wasThinking = search != null && thinkRunning
        cancelSearch()
        if (wasThinking) _state.value.capabilities.ai?.resume()
    }

    /** Draws a new core state: animation, haptics and the AI's turn. */
    private fun publish(game: GameState) {
        // An online session's capabilities follow its board (no game yet, playing, watching).
        val capabilities = this.game.capabilities()
        val previous = _state.value
        val settings = settings.value
        val reduced = settings.reducedMotion ?: platform.systemReducedMotion
        val isNewMove = game.revision != previous.game.revision && game.change.kind == ChangeKind.NEW_MOVE
        val animation = if (isNewMove && game.change.animate.size >= 2 && !reduced) {
            PegAnimation(game.revision, game.change.animate, (BASE_MILLIS_PER_HOP / settings.animationSpeed.factor).toInt())
        } else if (game.revision != previous.game.revision) null else previous.animation
        if (animation != null && animation !== previous.animation) {
            animationEndsAt = System.nanoTime() + animation.totalMillis * 1_000_000L
            animationDone = CompletableDeferred()
        } else if (animation == null) {
            animationDone.complete(Unit) // nothing to wait for
        }
        if (isNewMove) platform.haptic(HapticKind.Move)
        if (game.outcome != null && previous.game.outcome == null) platform.haptic(HapticKind.GameOver)
        // The core says which sounds this update makes (each once: a new revision's).
        if (game.revision != previous.game.revision) platform.sound(game.change.sounds)
        _state.update {
            it.copy(
                game = game,
                animation = animation,
                gameOverDismissed = previous.gameOverDismissed && game.outcome != null,
                capabilities = capabilities,
                canRematch = capabilities.rematch && game.capabilities.canRematch,
                error = null,
            )
        }
        maybeStartAi(game)
    }

    /** "Stop thinking": the core pauses its AI (and ends the search); the app drops its wait. */
    private fun stopAi() {
        val engine = _state.value.capabilities.ai ?: return
        engine.pause()
        cancelSearch()
        publish(game.state())
    }

    /** "Let the AI play": the core ends the pause and says, through `aiToMove`, to think again. */
    private fun resumeAi() {
        val engine = _state.value.capabilities.ai ?: return
        publish(engine.resume())
    }

    /** Hands the "turn the board" setting to the core (a no-op for boards other than pass-and-play). */
    private fun turnBoard(on: Boolean) {
        val turned = game.setTurnBoard(on)
        // A running search publishes its own outcome; until then only the turn changes.
        if (search == null) publish(turned) else _state.update { it.copy(game = turned) }
    }

    /**
     * The core says when the AI thinks (`aiToMove`) and how long the board holds still first
     * (`aiHoldMs`: the pace after a move of an AI seat, so that each AI move of a game with
     * several AI seats can be seen); the app only hands it the pace setting, waits for the last
     * move's animation and the hold, and starts the search. The core's `aiToMove` is read again
     * when the wait ends.
     */
    private fun maybeStartAi(game: GameState) {
        if (!game.aiToMove || search != null || pacing != null) return
        val held = paced(game).aiHoldMs
        if (held <= 0L) {
            think()
            return
        }
        pacing = scope.launch {
            val done = synchronized(lock) { animationDone }
            val fallback = (animationEndsAt - System.nanoTime()) / 1_000_000 + ANIMATION_GRACE_MILLIS
            withTimeoutOrNull(fallback.coerceAtLeast(0)) { done.await() }
            hold(held)
            synchronized(lock) {
                if (pacing !== coroutineContext[Job]) return@launch // cancelled (undo, resign…) meanwhile
                pacing = null
                if (search == null && this@BoardPresenter.game.state().aiToMove) think()
            }
        }
    }

    /**
     * Hands the core the pace setting as it is now (reduced motion holds none; the same pace
     * again changes nothing) and returns the state with the hold it decides.
     */
    private fun paced(game: GameState): GameState {
        val engine = _state.value.capabilities.ai ?: return game
        val settings = settings.value
        return engine.setPace(settings.aiPaceMillis.toLong(), settings.reducedMotion ?: platform.systemReducedMotion)
    }

    /** Starts the AI's think now. */
    private fun think() {
        val engine = _state.value.capabilities.ai ?: return
        val started = try {
            engine.think()
        } catch (e: Exception) {
            _state.update { it.copy(error = e) }
            null
        }
        startSearch(started ?: return, think = true)
    }

    /**
     * Awaits [started] (the AI's move when [think], else a hint) off the UI thread and draws its
     * state once the running animation ends.
     */
    private fun startSearch(started: AiSearch, think: Boolean) {
        search = started
        thinkRunning = think
        // The core marks the thinking seat / pending hint at once: draw it.
        _state.update { it.copy(game = game.state(), error = null) }
        searchJob = scope.launch {
            val outcome = withContext(Dispatchers.Default) { started.finish() }
            // The answer is shown once the board has played the previous move's animation; if the
            // board is not drawing (the app is in the background), a little after it should have ended.
            val done = synchronized(lock) { animationDone }
            val fallback = (animationEndsAt - System.nanoTime()) / 1_000_000 + ANIMATION_GRACE_MILLIS
            withTimeoutOrNull(fallback.coerceAtLeast(0)) { done.await() }
            synchronized(lock) {
                if (search !== started) return@launch // cancelled and replaced meanwhile
                search = null
                searchJob = null
                thinkRunning = false
                when (outcome) {
                is SearchOutcome.Finished -> publish(outcome.state)
                is SearchOutcome.Cancelled -> publish(outcome.state)
                is SearchOutcome.Failed -> {
                    // The core paused the AI on this position: the state says so.
                    publish(outcome.state)
                    _state.update { it.copy(error = IllegalStateException(outcome.detail)) }
                }
                }
            }
        }
    }

    companion object {
        /** One hop of a peg's animation at normal speed. */
        const val BASE_MILLIS_PER_HOP = 180f

        /** How long past its planned end an animation the board never reported may hold the AI's answer. */
        const val ANIMATION_GRACE_MILLIS = 2_000L
    }
}
