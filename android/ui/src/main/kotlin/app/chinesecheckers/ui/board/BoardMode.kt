package app.chinesecheckers.ui.board

import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.OnlineGameInfo
import app.chinesecheckers.core.RatingChange

/**
 * What kind of game the board shows: what the new-game screen sets up. The board's turn is the
 * core's (`GameState.rotationDegrees`) and the buttons follow the game's capabilities, never the mode.
 */
enum class BoardMode { Solo, PassAndPlay, Online }

/**
 * What the board shows of an online game beside the board itself (its `clock` carries the instant
 * the core received it: the screen reads it with `clockReading`).
 */
data class OnlineBoardInfo(
    val connection: Connection,
    val game: OnlineGameInfo?,
    /** How this game changed our rating, once the server said (rated games, after the end). */
    val ratingChange: RatingChange? = null,
)
