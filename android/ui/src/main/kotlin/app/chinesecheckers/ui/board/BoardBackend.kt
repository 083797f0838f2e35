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

    /** States that arrive from elsewhere (the network); local games have none. */
    val external: Flow<GameState> get() = emptyFlow()

    /** Connection and opponent of an online game; null for local games. */
    val onlineInfo: Flow<OnlineBoardInfo?> get() = emptyFlow()

    /**
     * Writes the game to the library again after a failed write (`state.storage` is `failed`):
     * the core keeps the game itself after every change, this is only the player's retry.
     */
    fun saveNow(): GameState

    /** Releases what the backend holds (sockets); the game object itself is kept by the owner. */
    fun close() {}
}

/**
 * A solo or pass-and-play game on this device. [setup] is known for games started here (it is
 * what a rematch replays) and null for a game reopened from the library. A game kept in the
 * [library] writes itself after every change; the backend never saves.
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
        val next = LocalGame(base.copy(seed = Random.nextLong().toULong()))
        // The rematch follows the game that just ended in its slot: the player chose it, so it
        // replaces whatever interrupted game of its kind is there once it has a move.
        library?.keepLocal(next, true)
        game = next
        return game.state()
    }

    override fun saveNow() = game.saveNow()
}
