package app.chinesecheckers.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** The lessons through the bindings: a wrong try taken back with its reason, a step done, the diagrams. */
class LessonTest {
    @Test
    fun theFirstStepRefusesAJumpAndAcceptsAStep() {
        val dir = kotlin.io.path.createTempDirectory("lessons").toString()
        val first = lessons(dir).first()
        assertEquals(Preset.TRIPOT, first.rules)
        assertFalse(first.finished)
        val lesson = Lesson(dir, first.id)
        // Its board is a Game like any other: taps and End jump go there.
        val board = lesson.game()
        assertEquals(LessonGoal.Step, board.state().lesson?.goal)
        assertEquals(first.id, board.id())
        board.tap(-1, 4)
        val missed = board.tap(-1, 2)
        val feedback = missed.lesson?.feedback
        assertTrue(feedback is LessonFeedback.Missed && feedback.reason == WrongTry.NotAStep)
        assertTrue(missed.history.isEmpty())
        board.tap(-1, 4)
        val done = checkNotNull(board.tap(0, 3).lesson)
        assertEquals(LessonFeedback.StepDone, done.feedback)
        assertTrue(done.stepDone)
        assertFalse(done.lessonDone)
        assertEquals(1, lesson.next().lesson?.step)
        assertThrows<MoveException.NoJumpInProgress> { board.endJump() }
        val capabilities = board.capabilities()
        assertTrue(capabilities.lesson != null && capabilities.puzzle == null && capabilities.undo == null)
        assertThrows<LessonException.NoSuchLesson> { Lesson(dir, "nope") }
    }

    @Test
    fun everyRuleSetHasDiagramsLinkedToALesson() {
        val ids = lessons(kotlin.io.path.createTempDirectory("lessons").toString()).map { it.id }.toSet()
        for (preset in Preset.values()) {
            val diagrams = ruleDiagrams(preset)
            assertTrue(diagrams.any { it.rule == LessonRule.STEP }, "$preset")
            assertTrue(diagrams.all { it.lessonId in ids && it.holes.isNotEmpty() }, "$preset")
        }
    }
}
