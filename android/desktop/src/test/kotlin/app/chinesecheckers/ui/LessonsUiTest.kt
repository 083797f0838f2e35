package app.chinesecheckers.ui

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.LessonFeedback
import app.chinesecheckers.core.LessonRule
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.WrongTry
import app.chinesecheckers.core.ruleDiagrams
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

/**
 * The lessons by taps on the board (issue 29): the first three played to their end with a wrong
 * try taken back, the first-start offer, a Rules diagram's link; and their screenshots.
 */
@OptIn(ExperimentalTestApi::class)
class LessonsUiTest {
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

    private fun androidx.compose.ui.test.ComposeUiTest.textOf(tag: String): String =
        tag(tag).fetchSemanticsNode().config.getOrElse(SemanticsProperties.Text) { emptyList() }.joinToString("") { it.text }

    @Test
    fun theFirstThreeLessonsArePlayedToTheirEndByTapsWithAWrongTryTakenBack() = runDesktopComposeUiTest(411, 891) {
        val app = AppState(testPlatform(reducedMotion = true))
        setContent { ChineseCheckersApp(app) }
        click("learn")
        click("lesson:tripot-moves")
        var state = checkNotNull(app.learn.state.value)
        assertEquals(0u, state.step)
        // The pointer is drawn where the core says: the peg, then where it goes.
        assertEquals(state.pointer, tag("trail").fetchSemanticsNode().config[PointerDrawn])
        tag("nextStep").assertIsNotEnabled()
        // A tap the game refuses (the opposing peg): the game's own notice, nothing taken back.
        tapHole(Coord(-1, 3))
        val refused = app.learn.state.value?.feedback
        assertTrue("$refused", refused is LessonFeedback.Refused)
        val names: (Int) -> String = { i -> EnglishStrings.playerName(state.board.players[i].name) }
        assertEquals(EnglishStrings.notice((refused as LessonFeedback.Refused).notice, names), textOf("lessonFeedback"))
        // A wrong try: a jump where a step is asked. Taken back, with its reason in words.
        tapHole(Coord(-1, 4))
        tapHole(Coord(-1, 2))
        state = checkNotNull(app.learn.state.value)
        assertEquals(LessonFeedback.Missed(WrongTry.NotAStep, listOf(Coord(-1, 4), Coord(-1, 2))), state.feedback)
        assertEquals("That was not a step. It was taken back: try again.", textOf("lessonFeedback"))
        assertTrue(state.board.holes.first { it.coord == Coord(-1, 4) }.occupant != null)
        for (device in Device.entries) screenshot("lesson-wrong-try", device) { ChineseCheckersApp(app) }
        click("tryAgain")
        assertNull(app.learn.state.value?.feedback)
        assertEquals("", textOf("lessonFeedback"))

        for ((index, lesson) in firstThree.withIndex()) {
            val (id, steps) = lesson
            assertEquals(id, app.learn.state.value?.lessonId)
            for ((n, step) in steps.withIndex()) {
                assertEquals("$id step $n", n.toUInt(), app.learn.state.value?.step)
                assertFalse(exists("lessonEndJump"))
                for (c in step.taps) tapHole(c)
                if (step.endJump) {
                    assertTrue(app.learn.state.value!!.board.capabilities.canEndJump)
                    click("lessonEndJump")
                }
                state = checkNotNull(app.learn.state.value)
                assertEquals("$id step $n: ${state.feedback}", LessonFeedback.StepDone, state.feedback)
                assertTrue(state.stepDone)
                if (n < steps.lastIndex) {
                    assertEquals(EnglishLessonStrings.stepDone, textOf("lessonFeedback"))
                    tag("nextStep").assertIsEnabled()
                    click("nextStep")
                }
            }
            assertTrue(state.lessonDone)
            assertEquals(EnglishLessonStrings.lessonDone, textOf("lessonFeedback"))
            if (index < firstThree.lastIndex) click("nextLesson")
        }
        // The third lesson done, the fourth follows.
        click("nextLesson")
        assertEquals("tripot-passed-turn", app.learn.state.value?.lessonId)
        // Back: the list, then Home.
        click("back")
        assertNull(app.learn.state.value)
        assertTrue(exists("lesson:tripot-moves"))
        click("back")
        assertEquals(Screen.Home, app.screen.value)
        app.close()
    }

    @Test
    fun theFirstStartOfferShowsOnceAndSkipAndLearnWork() = runDesktopComposeUiTest(411, 891) {
        val skipped = testPlatform(firstStart = true)
        val app = AppState(skipped, today = screenshotToday)
        setContent { ChineseCheckersApp(app) }
        assertTrue(exists("learnOffer"))
        screenshot("learn-offer", Device.Phone) { ChineseCheckersApp(app) }
        click("skipLearn")
        assertFalse(exists("learnOffer"))
        assertEquals(Screen.Home, app.screen.value)
        // Remembered: the next start (same data directory) does not offer it again.
        assertTrue(AppState(skipped, today = screenshotToday).settings.settings.value.learnOffered)
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
        app.close()
    }

    @Test
    fun learnOnTheFirstStartOpensTheLessons() = runDesktopComposeUiTest(411, 891) {
        val platform = testPlatform(firstStart = true)
        val app = AppState(platform)
        setContent { ChineseCheckersApp(app) }
        click("startLearn")
        assertEquals(Screen.Learn, app.screen.value)
        assertTrue(exists("lesson:tripot-moves"))
        assertFalse(exists("learnOffer"))
        assertTrue(AppState(platform).settings.settings.value.learnOffered)
        app.close()
    }

    @Test
    fun aRulesDiagramsLinkOpensItsLessonStep() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform())
        setContent { ChineseCheckersApp(app) }
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
        assertEquals(endJump.lessonId, state.lessonId)
        assertEquals(endJump.step, state.step)
        assertEquals(LessonRule.END_JUMP, state.rule)
        // Played from there: the chain stopped by End jump.
        for (c in listOf(Coord(0, 4), Coord(0, 2), Coord(0, 0))) tapHole(c)
        click("lessonEndJump")
        assertTrue(app.learn.state.value!!.stepDone)
        app.close()
    }

    @Test
    fun screenshotsOfALessonInBothThemesAndThreeLanguagesAndOfTheRulesDiagrams() {
        val app = AppState(testPlatform())
        app.settings.update { it.copy(theme = ThemeChoice.Light) }
        app.openLesson("tripot-moves", 1u)
        assertNotNull(app.learn.state.value)
        for (device in Device.entries) screenshot("lesson", device) { ChineseCheckersApp(app) }
        // Mid-chain, End jump shown, in the dark theme.
        app.openLesson("tripot-moves", 3u)
        app.learn.tap(0, 4)
        app.learn.tap(0, 2)
        app.settings.update { it.copy(theme = ThemeChoice.Dark) }
        for (device in Device.entries) screenshot("lesson-dark", device) { ChineseCheckersApp(app) }
        app.navigate(Screen.Learn)
        for (device in Device.entries) screenshot("lessons-list-dark", device) { ChineseCheckersApp(app) }
        app.settings.update { it.copy(theme = ThemeChoice.Light) }
        // One step (the long jump) in the three languages, after a wrong try.
        for (language in Language.entries) {
            app.settings.update { it.copy(language = language) }
            app.openLesson("tripot-long-jumps", 0u)
            // A short jump over the neighbour where a long one is asked.
            app.learn.tap(0, 4)
            app.learn.tap(2, 2)
            assertEquals(LessonFeedback.Missed(WrongTry.WrongJumpLength(1u), listOf(Coord(0, 4), Coord(2, 2))), app.learn.state.value!!.feedback)
            screenshot("lesson-${language.code}", Device.Phone) { ChineseCheckersApp(app) }
        }
        app.settings.update { it.copy(language = null) }
        app.navigate(Screen.Home)
        app.navigate(Screen.Rules)
        for (device in Device.entries) screenshot("rules-diagrams", device) { ChineseCheckersApp(app) }
        // The whole tripot page on a phone, every diagram in view.
        screenshot("rules-diagrams-long-phone", Device.Phone.widthDp, 3600, Device.Phone.density) { ChineseCheckersApp(app) }
        app.close()
    }
}
