package app.chinesecheckers.ui.learn

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

/**
 * The lessons screen's state holder: the core's catalogue ([catalogue]) and the lesson being
 * played, if any ([state]; null shows the list). Every decision is the core's: taps, End jump,
 * Try again and Next go to the core's `Lesson`, and its `LessonState` is shown as it comes.
 */
class LessonPresenter(private val dataDir: String) {
    private val _catalogue = MutableStateFlow(lessons(dataDir))

    /**
     * The lessons, in the core's order (tripot first), each ticked `finished` by the core once
     * played to its end; read again whenever the list comes back.
     */
    val catalogue: StateFlow<List<LessonInfo>> = _catalogue.asStateFlow()

    private var lesson: Lesson? = null
    private val _state = MutableStateFlow<LessonState?>(null)

    /** The lesson being played; null while the list is shown. */
    val state: StateFlow<LessonState?> = _state.asStateFlow()

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
        lesson?.close()
        lesson = opened
        _state.value = opened?.state()
        _openings.value += 1
        return opened != null
    }

    /** Back to the list. */
    fun showList() {
        lesson?.close()
        lesson = null
        _state.value = null
        _catalogue.value = lessons(dataDir)
    }

    /** A tap on the hole at ([q], [r]). */
    fun tap(q: Int, r: Int) = act { it.tap(q, r) }

    /** Ends the chain in progress. */
    fun endJump() = act { it.endJump() }

    /** The next step (the core changes nothing before the step is done). */
    fun next() = act { it.next() }

    /** The lesson after the one shown, if any. */
    fun nextLesson(): LessonInfo? {
        val id = _state.value?.lessonId ?: return null
        val list = _catalogue.value
        val i = list.indexOfFirst { it.id == id }
        return list.getOrNull(i + 1)
    }

    /** Puts the step back as it opened. */
    fun retry() = act(reopens = true) { it.retry() }

    private fun act(reopens: Boolean = false, call: (Lesson) -> LessonState) {
        val current = lesson ?: return
        val before = _state.value
        val after = try {
            call(current)
        } catch (e: MoveException) {
            // Only End jump throws here, and only when no chain is in progress (its button is
            // not shown then): the board stays as it was.
            current.state()
        }
        _state.value = after
        // The core's own word on what happened: a new step, or a wrong try it took back.
        val newStep = before == null || after.step != before.step || after.lessonId != before.lessonId
        if (reopens || newStep || after.feedback is LessonFeedback.Missed) _openings.value += 1
    }
}
