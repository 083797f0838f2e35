package app.chinesecheckers.ui.puzzle

import app.chinesecheckers.core.Game
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.MoveException
import app.chinesecheckers.core.PuzzleException
import app.chinesecheckers.core.PuzzleGame
import app.chinesecheckers.core.PuzzleInfo
import app.chinesecheckers.core.PuzzleState
import app.chinesecheckers.core.PuzzleStep
import app.chinesecheckers.core.PuzzleTally
import app.chinesecheckers.core.puzzleOfTheDay
import app.chinesecheckers.core.puzzleTally
import app.chinesecheckers.core.puzzles
import app.chinesecheckers.ui.platform.HapticKind
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update

/**
 * The puzzles as the list and Home show them: today's puzzle and the built-in set, each with the
 * person's result as the core keeps it.
 */
data class PuzzleListUiState(
    /** The puzzle of the day for the app's date, or null when the set cannot be read. */
    val daily: PuzzleInfo? = null,
    /** The built-in set, in the core's order (rule set, then difficulty). */
    val puzzles: List<PuzzleInfo> = emptyList(),
    /** Why the set could not be read, or null. */
    val error: PuzzleException? = null,
    /** The person's results over the set, as the core counts them (Statistics), or null. */
    val tally: PuzzleTally? = null,
)

/**
 * Reads the puzzles from the core for the list, Home and Statistics. [today] is the app's local
 * date in days since 1970-01-01 (injected so that tests fix the day).
 */
class PuzzleListPresenter(private val dataDir: String, private val today: () -> Long) {
    private val _state = MutableStateFlow(PuzzleListUiState())

    /** The one state the list renders. */
    val state: StateFlow<PuzzleListUiState> = _state.asStateFlow()

    init {
        refresh()
    }

    /** Reads the set and the results again (a puzzle was solved meanwhile). */
    fun refresh() {
        _state.value = try {
            PuzzleListUiState(puzzleOfTheDay(dataDir, today()), puzzles(dataDir), tally = puzzleTally(dataDir))
        } catch (e: PuzzleException) {
            PuzzleListUiState(error = e)
        }
    }

    /**
     * The puzzle offered after [id] by the solved sheet: the next one of the list (after the
     * puzzle of the day, the list's first); null after the last.
     */
    fun next(id: String): PuzzleInfo? {
        val list = _state.value.puzzles
        val at = list.indexOfFirst { it.id == id }
        return if (at < 0) list.firstOrNull() else list.getOrNull(at + 1)
    }
}

/** What the player does on a puzzle's screen. */
sealed interface PuzzleEvent {
    data class TapHole(val q: Int, val r: Int) : PuzzleEvent
    data object EndJump : PuzzleEvent
    data object Undo : PuzzleEvent
    data object Redo : PuzzleEvent
    data object Restart : PuzzleEvent
    /** The solved sheet is put away, or opened again. */
    data class ShowSheet(val open: Boolean) : PuzzleEvent
    /** The solver's line is shown on the board, from its start. */
    data object ShowLine : PuzzleEvent
    /** One move forward (+1) or back (-1) in the solver's line. */
    data class LineStep(val delta: Int) : PuzzleEvent
    /** The solver's line is put away: the person's board again. */
    data object CloseLine : PuzzleEvent
}

/**
 * The solver's line on the board: the position after [step] of its [total] moves, and the move
 * that led there ([arrow], drawn from → to; null at the start).
 */
data class LineView(val step: Int, val total: Int, val board: GameState, val arrow: PuzzleStep?)

/**
 * A puzzle's screen state: the core's [board] and its [puzzle] facts, the last refusal, the sheet
 * and the line shown.
 */
data class PuzzleUiState(
    /** The puzzle as listed (its rule set, difficulty, par). */
    val info: PuzzleInfo,
    /** Whether it is the puzzle of the day (titled so). */
    val daily: Boolean,
    /** The puzzle's board, as the core draws any game's (undo and redo in its capabilities). */
    val board: GameState,
    /** The puzzle's facts on that board: the count against par, the solver's line once solved. */
    val puzzle: PuzzleState,
    /** The core's refusal of the last tap, if any. */
    val error: MoveException? = null,
    /** The solved sheet is shown (it opens when the army gets home). */
    val sheetOpen: Boolean = false,
    /** The solver's line on the board, or null for the person's board. */
    val line: LineView? = null,
)

/**
 * A race puzzle in play: forwards every tap and button to the core — taps, End jump, undo and
 * redo to the puzzle's board (a [Game], as any game's), restart and the solver's line to its
 * [PuzzleGame] (which keeps the result in [dataDir] when solved) — and shows its state.
 *
 * The solver's line is stepped through on the core's boards of it ([PuzzleGame.lineBoard]).
 * [onSolved] is told when the army gets home (the core has kept the result: lists read it again).
 */
class PuzzlePresenter(
    dataDir: String,
    info: PuzzleInfo,
    daily: Boolean,
    private val haptic: (HapticKind) -> Unit = {},
    private val onSolved: () -> Unit = {},
) : AutoCloseable {
    private val puzzle = PuzzleGame(dataDir, info.id)
    private val game: Game = puzzle.game()
    private val history = game.capabilities().undo
    private val _state = MutableStateFlow(uiState(info, daily, game.state()))

    /** The one state the screen renders. */
    val state: StateFlow<PuzzleUiState> = _state.asStateFlow()

    /** Handles one of the player's actions. */
    fun onEvent(event: PuzzleEvent) {
        when (event) {
            is PuzzleEvent.TapHole -> if (_state.value.line == null) {
                haptic(HapticKind.Tap)
                play { game.tap(event.q, event.r) }
            }
            PuzzleEvent.EndJump -> play { game.endJump() }
            PuzzleEvent.Undo -> history?.let { h -> play(takesBack = true) { h.undo() } }
            PuzzleEvent.Redo -> history?.let { h -> play { h.redo() } }
            PuzzleEvent.Restart -> play(takesBack = true) { puzzle.restart() }
            is PuzzleEvent.ShowSheet -> _state.update { it.copy(sheetOpen = event.open && it.puzzle.solved) }
            PuzzleEvent.ShowLine -> showLine()
            is PuzzleEvent.LineStep -> stepLine(event.delta)
            PuzzleEvent.CloseLine -> closeLine()
        }
    }

    /**
     * Plays [action] on the core; the sheet opens when it brings the army home, and goes when
     * the army leaves home again (undo, restart: [takesBack], which make no haptic).
     */
    private fun play(takesBack: Boolean = false, action: () -> GameState) {
        val before = _state.value.puzzle
        try {
            val board = action()
            val after = board.puzzle ?: return
            if (!takesBack && after.moves != before.moves) haptic(HapticKind.Move)
            val solvedNow = after.solved && !before.solved
            if (solvedNow) haptic(HapticKind.GameOver)
            _state.update {
                it.copy(board = board, puzzle = after, error = null, sheetOpen = (it.sheetOpen || solvedNow) && after.solved)
            }
            if (solvedNow) onSolved()
        } catch (e: MoveException) {
            _state.update { it.copy(error = e) }
        }
    }

    private fun showLine() {
        val line = _state.value.puzzle.line
        val start = puzzle.lineBoard(0) ?: return
        _state.update { it.copy(sheetOpen = false, line = LineView(0, line.size, start, null)) }
    }

    private fun stepLine(delta: Int) {
        val view = _state.value.line ?: return
        val line = _state.value.puzzle.line
        val at = (view.step + delta).coerceIn(0, line.size)
        val board = puzzle.lineBoard(at) ?: return
        _state.update { it.copy(line = LineView(at, line.size, board, line.getOrNull(at - 1))) }
    }

    private fun closeLine() {
        _state.update { it.copy(line = null) }
    }

    /** Frees the core's objects. */
    override fun close() {
        history?.close()
        game.close()
        puzzle.close()
    }
}

/** The screen's first state: the puzzle's board as it opens (a puzzle's board has its facts). */
private fun uiState(info: PuzzleInfo, daily: Boolean, board: GameState): PuzzleUiState =
    PuzzleUiState(info, daily, board, checkNotNull(board.puzzle) { "the core's puzzle board has its puzzle" })
