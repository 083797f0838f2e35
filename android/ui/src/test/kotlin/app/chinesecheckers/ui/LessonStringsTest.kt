package app.chinesecheckers.ui

import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.LessonGoal
import app.chinesecheckers.core.LessonRule
import app.chinesecheckers.core.LessonTopic
import app.chinesecheckers.core.WrongTry
import app.chinesecheckers.ui.strings.EnglishStrings
import app.chinesecheckers.ui.strings.Language
import app.chinesecheckers.ui.strings.lessonStringsFor
import app.chinesecheckers.ui.strings.lessons
import app.chinesecheckers.ui.strings.stringsFor
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** Every lesson word is given in English, French and Chinese, each its own. */
class LessonStringsTest {
    private val goals = listOf(
        LessonGoal.Step, LessonGoal.JumpOver(Colour.N), LessonGoal.Chain(3), LessonGoal.LongJump(3),
        LessonGoal.SwapStuckPeg, LessonGoal.EvictSquatter, LessonGoal.WatchPass, LessonGoal.MoveTo(Coord(0, 0)),
        LessonGoal.FillTarget, LessonGoal.WinAtMoveCap(200),
    )
    private val wrongTries = listOf(
        WrongTry.NotAStep, WrongTry.NotAJump, WrongTry.WrongPivot(Colour.N), WrongTry.ChainTooShort(1),
        WrongTry.ChainTooLong(4), WrongTry.WrongJumpLength(2), WrongTry.NotASwap, WrongTry.SquatterStays,
        WrongTry.WrongHole, WrongTry.NoWin, WrongTry.NotRankedFirst,
    )

    /** Every worded value of one language, in a fixed order. */
    private fun everything(language: Language): List<String> {
        val words = lessonStringsFor(language)
        val colour = stringsFor(language)::colour
        return listOf(
            words.learnToPlay, words.offerTitle, words.offerText, words.skip, words.lessonsTitle, words.stepCount(4),
            words.stepOf(1, 4), words.takenBack, words.stepDone, words.lessonDone, words.turnPassed, words.tryAgain,
            words.nextStep, words.nextLesson, words.allLessons, words.diagramsTitle, words.tryIt,
        ) + LessonTopic.entries.map(words::topic) + LessonRule.entries.flatMap { listOf(words.ruleTitle(it), words.ruleText(it)) } +
            goals.map { words.goal(it, colour) } + wrongTries.map { words.wrongTry(it, colour) }
    }

    @Test
    fun everyWordIsGivenInTheThreeLanguagesAndNoneIsLeftInEnglish() {
        val english = everything(Language.English)
        for (language in Language.entries) {
            val all = everything(language)
            assertTrue(language.name, all.all { it.isNotBlank() })
            // Distinct within the language: no two topics, rules, goals or reasons worded the same.
            val words = lessonStringsFor(language)
            val colour = stringsFor(language)::colour
            for (group in listOf(
                LessonTopic.entries.map(words::topic),
                LessonRule.entries.map(words::ruleTitle),
                LessonRule.entries.map(words::ruleText),
                goals.map { words.goal(it, colour) },
                wrongTries.map { words.wrongTry(it, colour) },
            )) assertEquals("$language: $group", group.size, group.toSet().size)
            if (language != Language.English) {
                val same = all.zip(english).filter { (a, b) -> a == b }.map { it.first }
                assertTrue("$language left in English: $same", same.isEmpty())
            }
        }
    }

    @Test
    fun goalsAndReasonsNameTheCoresColourAndNumbers() {
        val en = EnglishStrings.lessons
        assertTrue(en.goal(LessonGoal.JumpOver(Colour.N), EnglishStrings::colour).contains("blue peg"))
        assertTrue(en.goal(LessonGoal.LongJump(5), EnglishStrings::colour).contains("5 holes"))
        assertEquals("That was not a jump. It was taken back: try again.", en.missed(WrongTry.NotAJump, EnglishStrings::colour))
        val zh = stringsFor(Language.Chinese)
        assertEquals("这不是跳跃。这步已撤回：再试一次。", zh.lessons.missed(WrongTry.NotAJump, zh::colour))
        assertNotEquals(en.stepCount(1), en.stepCount(2))
    }
}
