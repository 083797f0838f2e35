package app.chinesecheckers.ui.board

import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.OnlineGameInfo
import app.chinesecheckers.core.RatingChange

/**
 * What kind of game the board shows: what the new-game screen sets up and how the board turns.
 * The buttons follow the game's capabilities, never the mode.
 */
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
