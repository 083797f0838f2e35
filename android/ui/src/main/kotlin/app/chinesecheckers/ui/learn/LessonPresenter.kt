package app.chinesecheckers.ui.learn

import app.chinesecheckers.core.Game
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.Lesson
import app.chinesecheckers.core.LessonException
import app.chinesecheckers.core.LessonFeedback
import app.chinesecheckers.core.LessonInfo
import app.chinesecheckers.core.LessonState
import app.chinesecheckers.core.MoveException
import app.chinesecheckers.core.lessons
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/** What the learner does on the lessons screen (iOS: `LessonAction`). */
sealed interface LessonEvent {
    /** A tap on the hole at ([q], [r]). */
    data class TapHole(val q: Int, val r: Int) : LessonEvent
    /** Ends the chain in progress. */
    data object EndJump : LessonEvent
    /** Puts the step back as it opened. */
    data object TryAgain : LessonEvent
    /** The next step (the core changes nothing before the step is done). */
    data object Next : LessonEvent
    /** Opens the lesson [id] (the list's card, "Next lesson"). */
    data class Open(val id: String) : LessonEvent
    /** Back to the list ("All lessons"). */
    data object ShowList : LessonEvent
}

/** A lesson's screen state: its [board], drawn as a game's, and the [lesson]'s facts on it. */
data class LessonUiState(val board: GameState, val lesson: LessonState)

/**
 * The lessons screen's state holder: the core's catalogue ([catalogue]) and the lesson being
 * played, if any ([state]; null shows the list). Every decision is the core's: taps and End
 * jump go to the lesson's board (a [Game], as any game's), Try again and Next to the core's
 * [Lesson], and the board's state is shown as it comes.
 */
class LessonPresenter(private val dataDir: String) {
    private val _catalogue = MutableStateFlow(lessons(dataDir))

    /**
     * The lessons, in the core's order (tripot first), each ticked `finished` by the core once
     * played to its end; read again whenever the list comes back.
     */
    val catalogue: StateFlow<List<LessonInfo>> = _catalogue.asStateFlow()

    private var lesson: Lesson? = null
    private var game: Game? = null
    private val _state = MutableStateFlow<LessonUiState?>(null)

    /** The lesson being played; null while the list is shown. */
    val state: StateFlow<LessonUiState?> = _state.asStateFlow()

    private val _openings = MutableStateFlow(0L)

    /**
     * Counts the times a step's board is set out afresh: a lesson or step opened, Try again, and
     * a wrong try the core took back. The board frames the step's pegs at each (issue 29).
     */
    val openings: StateFlow<Long> = _openings.asStateFlow()

    /**
     * Opens the lesson [id] at [step] (0-based; a Rules diagram's step), or at its first step.
     * Returns false (and shows the list) when the core has no such lesson or step.
     */
    fun open(id: String, step: Int = 0): Boolean {
        val opened = try {
            if (step == 0) Lesson(dataDir, id) else Lesson.atStep(dataDir, id, step)
        } catch (e: LessonException) {
            null
        }
        close()
        lesson = opened
        game = opened?.game()
        _state.value = game?.state()?.let(::uiState)
        _openings.value += 1
        return opened != null
    }

    /** Back to the list. */
    fun showList() {
        close()
        _state.value = null
        _catalogue.value = lessons(dataDir)
    }

    /** Handles one of the learner's actions. */
    fun onEvent(event: LessonEvent) {
        when (event) {
            is LessonEvent.TapHole -> act { game?.tap(event.q, event.r) }
            LessonEvent.EndJump -> act { game?.endJump() }
            LessonEvent.TryAgain -> act(reopens = true) { lesson?.retry() }
            LessonEvent.Next -> act { lesson?.next() }
            is LessonEvent.Open -> open(event.id)
            LessonEvent.ShowList -> showList()
        }
    }

    /** The lesson after the one shown, if any. */
    fun nextLesson(): LessonInfo? {
        val id = _state.value?.lesson?.lessonId ?: return null
        val list = _catalogue.value
        val i = list.indexOfFirst { it.id == id }
        return list.getOrNull(i + 1)
    }

    private fun act(reopens: Boolean = false, call: () -> GameState?) {
        val board = game ?: return
        val before = _state.value?.lesson
        val after = try {
            call()
        } catch (e: MoveException) {
            // Only End jump throws here, and only when no chain is in progress (its button is
            // not shown then): the board stays as it was.
            board.state()
        }?.let(::uiState) ?: return
        _state.value = after
        // The core's own word on what happened: a new step, or a wrong try it took back.
        val shown = after.lesson
        val newStep = before == null || shown.step != before.step || shown.lessonId != before.lessonId
        if (reopens || newStep || shown.feedback is LessonFeedback.Missed) _openings.value += 1
    }

    /** Frees the core's objects of the lesson shown. */
    private fun close() {
        game?.close()
        lesson?.close()
        game = null
        lesson = null
    }
}

/** The screen's state of a lesson's board (a lesson's board has its facts). */
private fun uiState(board: GameState): LessonUiState =
    LessonUiState(board, checkNotNull(board.lesson) { "the core's lesson board has its lesson" })
