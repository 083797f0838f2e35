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
        assertEquals(LessonGoal.Step, lesson.state().goal)
        lesson.tap(-1, 4)
        val missed = lesson.tap(-1, 2)
        val feedback = missed.feedback
        assertTrue(feedback is LessonFeedback.Missed && feedback.reason == WrongTry.NotAStep)
        assertTrue(missed.board.history.isEmpty())
        lesson.tap(-1, 4)
        val done = lesson.tap(0, 3)
        assertEquals(LessonFeedback.StepDone, done.feedback)
        assertTrue(done.stepDone)
        assertFalse(done.lessonDone)
        assertEquals(1, lesson.next().step)
        assertThrows<MoveException.NoJumpInProgress> { lesson.endJump() }
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
