package app.chinesecheckers.android.play

import app.chinesecheckers.ui.learn.LessonEvent
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextEquals
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.awaitTag
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.nextStart
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapHole
import app.chinesecheckers.android.text
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.LessonFeedback
import app.chinesecheckers.core.LessonRule
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.WrongTry
import app.chinesecheckers.core.ruleDiagrams
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.PointerDrawn
import app.chinesecheckers.ui.strings.EnglishLessonStrings
import app.chinesecheckers.ui.strings.EnglishStrings
import app.chinesecheckers.ui.strings.Language
import app.chinesecheckers.ui.strings.ThemeChoice
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The lessons by taps on the board (issue 29): the first three played to their end with a wrong
 * try taken back, the first-start offer, a Rules diagram's link; and their goldens.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class LessonsTest {
    /** One step: the holes tapped in order, and whether End jump ends it. */
    private data class Play(val taps: List<Coord>, val endJump: Boolean = false)

    private fun play(vararg holes: Pair<Int, Int>, endJump: Boolean = false) = Play(holes.map { Coord(it.first, it.second) }, endJump)

    /** The first three lessons' intended moves (the core's lesson data, docs/API.md), step by step. */
    private val firstThree = listOf(
        "tripot-moves" to listOf(
            play(-1 to 4, 0 to 3),
            play(-1 to 4, -1 to 2),
            play(0 to 4, 0 to 2, 0 to 0, 0 to -2),
            play(0 to 4, 0 to 2, 0 to 0, endJump = true),
        ),
        "tripot-long-jumps" to listOf(
            play(0 to 4, 0 to -2),
            play(-4 to 8, 6 to -2),
        ),
        "tripot-swaps" to listOf(
            play(-4 to 8, -4 to 7),
            play(1 to -4, 1 to -5),
        ),
    )

    @Test
    fun theFirstThreeLessonsArePlayedToTheirEndByTapsWithAWrongTryTakenBack() = appTest(reducedMotion = true) {
        click("learn")
        click("lesson:tripot-moves")
        var state = checkNotNull(app.learn.state.value)
        assertEquals(0, state.lesson.step)
        // The pointer is drawn where the core says: the peg, then where it goes.
        assertEquals(state.lesson.pointer, tag("trail").fetchSemanticsNode().config[PointerDrawn])
        tag("nextStep").assertIsNotEnabled()
        // A tap the game refuses (the opposing peg): the game's own notice, nothing taken back.
        tapHole(Coord(-1, 3))
        val refused = app.learn.state.value?.lesson?.feedback
        assertTrue("$refused", refused is LessonFeedback.Refused)
        val names: (Int) -> String = { i -> EnglishStrings.playerName(state.board.players[i].name) }
        assertEquals(EnglishStrings.notice((refused as LessonFeedback.Refused).notice, names), text("lessonFeedback"))
        // A wrong try: a jump where a step is asked. Taken back, with its reason in words.
        tapHole(Coord(-1, 4))
        tapHole(Coord(-1, 2))
        state = checkNotNull(app.learn.state.value)
        assertEquals(LessonFeedback.Missed(WrongTry.NotAStep, listOf(Coord(-1, 4), Coord(-1, 2))), state.lesson.feedback)
        assertEquals("That was not a step. It was taken back: try again.", text("lessonFeedback"))
        assertTrue(state.board.holes.first { it.coord == Coord(-1, 4) }.occupant != null)
        snapshot("lesson-wrong-try-phone")
        click("tryAgain")
        assertNull(app.learn.state.value?.lesson?.feedback)
        assertEquals("", text("lessonFeedback"))

        for ((index, lesson) in firstThree.withIndex()) {
            val (id, steps) = lesson
            assertEquals(id, app.learn.state.value?.lesson?.lessonId)
            for ((n, step) in steps.withIndex()) {
                assertEquals("$id step $n", n, app.learn.state.value?.lesson?.step)
                assertFalse(exists("lessonEndJump"))
                for (c in step.taps) tapHole(c)
                if (step.endJump) {
                    assertTrue(app.learn.state.value!!.board.capabilities.canEndJump)
                    click("lessonEndJump")
                }
                state = checkNotNull(app.learn.state.value)
                assertEquals("$id step $n: ${state.lesson.feedback}", LessonFeedback.StepDone, state.lesson.feedback)
                assertTrue(state.lesson.stepDone)
                if (n < steps.lastIndex) {
                    assertEquals(EnglishLessonStrings.stepDone, text("lessonFeedback"))
                    tag("nextStep").assertIsEnabled()
                    click("nextStep")
                }
            }
            assertTrue(state.lesson.lessonDone)
            assertEquals(EnglishLessonStrings.lessonDone, text("lessonFeedback"))
            if (index < firstThree.lastIndex) click("nextLesson")
        }
        // The third lesson done, the fourth follows.
        click("nextLesson")
        assertEquals("tripot-passed-turn", app.learn.state.value?.lesson?.lessonId)
        // Back: the list, then Home.
        click("back")
        assertNull(app.learn.state.value)
        assertTrue(exists("lesson:tripot-moves"))
        // The list shows what was played to its end, and only that.
        for ((id, _) in firstThree) tag("finished:$id").assertTextEquals("✓ ${EnglishLessonStrings.finished}")
        assertFalse(exists("finished:tripot-passed-turn"))
        snapshot("lessons-list-progress-phone")
        // Kept: a new start of the app (the same files) still ticks them.
        assertTrue(nextStart { started -> firstThree.all { (id, _) -> started.learn.catalogue.value.first { it.id == id }.finished } })
        click("back")
        assertEquals(Screen.Home, app.screen.value)
    }

    /** The offer's golden is FirstStartTest's (learn-offer-phone); here what it leads to. */
    @Test
    fun theFirstStartOfferShowsOnceAndSkipAndLearnWork() = appTest(firstStart = true) {
        awaitTag("learnOffer")
        click("skipLearn")
        assertFalse(exists("learnOffer"))
        assertEquals(Screen.Home, app.screen.value)
        // Remembered: the next start (the same files) does not offer it again.
        assertTrue(nextStart { it.settings.settings.value.learnOffered })
        click("settings")
        click("back")
        assertFalse(exists("learnOffer"))
        // Still reachable from Home and from Rules.
        click("learn")
        assertEquals(Screen.Learn, app.screen.value)
        click("back")
        click("rules")
        click("rulesLearn")
        assertEquals(Screen.Learn, app.screen.value)
        assertNull(app.learn.state.value)
    }

    @Test
    fun learnOnTheFirstStartOpensTheLessons() = appTest(firstStart = true) {
        click("startLearn")
        assertEquals(Screen.Learn, app.screen.value)
        assertTrue(exists("lesson:tripot-moves"))
        assertFalse(exists("learnOffer"))
        assertTrue(nextStart { it.settings.settings.value.learnOffered })
    }

    @Test
    fun aRulesDiagramsLinkOpensItsLessonStep() = appTest(device = Device.Tablet) {
        click("rules")
        // One small board per move kind of the rule set read, as the core lists them.
        for (d in ruleDiagrams(Preset.TRIPOT)) assertTrue(d.rule.name, exists("diagram:${d.rule.name}"))
        click("rules:STERNHALMA")
        val sternhalma = ruleDiagrams(Preset.STERNHALMA)
        assertTrue(sternhalma.any { it.rule == LessonRule.CAMP_RULE })
        for (d in sternhalma) assertTrue(d.rule.name, exists("diagram:${d.rule.name}"))
        click("rules:TRIPOT")
        val endJump = ruleDiagrams(Preset.TRIPOT).first { it.rule == LessonRule.END_JUMP }
        click("diagramLesson:END_JUMP")
        assertEquals(Screen.Learn, app.screen.value)
        val state = checkNotNull(app.learn.state.value)
        assertEquals(endJump.lessonId, state.lesson.lessonId)
        assertEquals(endJump.step, state.lesson.step)
        assertEquals(LessonRule.END_JUMP, state.lesson.rule)
        // A lesson step on the tablet's layout.
        snapshot("lesson-tablet")
        // Played from there: the chain stopped by End jump.
        for (c in listOf(Coord(0, 4), Coord(0, 2), Coord(0, 0))) tapHole(c)
        click("lessonEndJump")
        assertTrue(app.learn.state.value!!.lesson.stepDone)
    }

    @Test
    fun goldensOfALessonDarkAndInThreeLanguagesAndOfTheList() = appTest {
        app.settings.update { it.copy(theme = ThemeChoice.Light) }
        app.openLesson("tripot-moves", 1)
        assertNotNull(app.learn.state.value)
        // Mid-chain, End jump shown, in the dark theme.
        app.openLesson("tripot-moves", 3)
        app.learn.onEvent(LessonEvent.TapHole(0, 4))
        app.learn.onEvent(LessonEvent.TapHole(0, 2))
        app.settings.update { it.copy(theme = ThemeChoice.Dark) }
        awaitTag("lessonEndJump")
        snapshot("lesson-dark-phone")
        app.navigate(Screen.Learn)
        awaitTag("lesson:tripot-moves")
        snapshot("lessons-list-dark-phone")
        app.settings.update { it.copy(theme = ThemeChoice.Light) }
        // One step (the long jump) in the three languages, after a wrong try.
        for (language in Language.entries) {
            app.settings.update { it.copy(language = language) }
            app.openLesson("tripot-long-jumps", 0)
            // A short jump over the neighbour where a long one is asked.
            app.learn.onEvent(LessonEvent.TapHole(0, 4))
            app.learn.onEvent(LessonEvent.TapHole(2, 2))
            assertEquals(LessonFeedback.Missed(WrongTry.WrongJumpLength(1), listOf(Coord(0, 4), Coord(2, 2))), app.learn.state.value!!.lesson.feedback)
            // (English: lesson-wrong-try-phone shows a wrong try's words.)
            if (language != Language.English) snapshot("lesson-${language.code}-phone")
        }
    }
}
