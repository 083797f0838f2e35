package app.chinesecheckers.ui.board

import app.chinesecheckers.core.AiSearch
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.RatingChange
import app.chinesecheckers.core.GameLibrary
import app.chinesecheckers.core.GameSetup
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.OnlineGameInfo
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.emptyFlow
import kotlin.random.Random

/** What kind of game the board shows: it decides which buttons make sense and how it turns. */
enum class BoardMode { Solo, PassAndPlay, Online }

/**
 * What the board shows of an online game beside the board itself; [clockReceivedAtMs] is when
 * (on this device's clock) the game's current `clock` arrived, the count-down's start.
 */
data class OnlineBoardInfo(
    val connection: Connection,
    val game: OnlineGameInfo?,
    val clockReceivedAtMs: Long = 0L,
    /** How this game changed our rating, once the server said (rated games, after the end). */
    val ratingChange: RatingChange? = null,
)

/**
 * The game behind a board screen: a [LocalGame] or an online game. Every call returns the core's
 * whole new state; calls the core refuses throw the core's typed exceptions. The board presenter
 * never needs to know which kind it drives, beyond [mode].
 */
interface BoardBackend {
    val mode: BoardMode

    /** The players that hold this device (persons here), by index; used to turn the board. */
    fun localPlayers(state: GameState): Set<Int>
    fun current(): GameState
    fun tap(q: Int, r: Int): GameState
    fun cancelTouch(): GameState
    fun endJump(): GameState
    fun undo(): GameState
    fun redo(): GameState
    fun resign(): GameState
    fun offerDraw(): GameState
    fun answerDraw(accept: Boolean): GameState
    fun replayStart(): GameState
    fun replayStep(delta: Int): GameState
    fun replayExit(): GameState

    /** Starts a new game like this one (local: same set-up, new seed; online: asks the opponent). */
    fun rematch(): GameState

    /** True when [rematch] can be offered now. */
    fun canRematch(state: GameState): Boolean

    /** Starts the AI's search for the seat to move (local games only). */
    fun think(): AiSearch?

    /** Starts a hint search for the person to move (local games only). */
    fun hint(): AiSearch?

    /** Called with every state that has an outcome: counts the game in the statistics. */
    fun recordIfOver(state: GameState) {}

    /** States that arrive from elsewhere (the network); local games have none. */
    val external: Flow<GameState> get() = emptyFlow()

    /** Connection and opponent of an online game; null for local games. */
    val onlineInfo: Flow<OnlineBoardInfo?> get() = emptyFlow()

    /** Saves the game for "Continue" (the app goes to the background). */
    fun save() {}

    /** Releases what the backend holds (sockets); the game object itself is kept by the owner. */
    fun close() {}
}

/**
 * A solo or pass-and-play game on this device. [setup] is known for games started here (it is
 * what a rematch replays) and null for a game reopened from the library.
 */
class LocalBackend(
    game: LocalGame,
    override val mode: BoardMode,
    private val setup: GameSetup?,
    private val library: GameLibrary?,
) : BoardBackend {
    /** The game shown now (a rematch replaces it). */
    var game: LocalGame = game
        private set

    override fun localPlayers(state: GameState): Set<Int> =
        state.players.filter { it.player is app.chinesecheckers.core.SeatPlayer.Person }.map { it.index }.toSet()

    override fun current() = game.state()
    override fun tap(q: Int, r: Int) = game.tap(q, r)
    override fun cancelTouch() = game.cancelTouch()
    override fun endJump() = game.endJump()
    override fun undo() = game.undo()
    override fun redo() = game.redo()
    override fun resign() = game.resign()
    override fun offerDraw() = game.offerDraw()
    override fun answerDraw(accept: Boolean) = game.answerDraw(accept)
    override fun replayStart() = game.replayStart()
    override fun replayStep(delta: Int) = game.replayStep(delta)
    override fun replayExit() = game.replayExit()
    override fun think(): AiSearch = game.think()
    override fun hint(): AiSearch = game.hint()

    override fun canRematch(state: GameState) = setup != null && state.outcome != null

    override fun rematch(): GameState {
        val base = checkNotNull(setup) { "a game reopened from the library has no set-up to replay" }
        game = LocalGame(base.copy(seed = Random.nextLong().toULong()))
        return game.state()
    }

    override fun recordIfOver(state: GameState) {
        if (state.outcome != null) library?.record(game)
    }

    override fun save() {
        // The game being played is the one to continue: it replaces an older interrupted game
        // of its kind (the player left that one for this one).
        library?.saveLocal(game, true)
    }
}
