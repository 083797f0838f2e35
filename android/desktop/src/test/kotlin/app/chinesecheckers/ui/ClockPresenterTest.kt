package app.chinesecheckers.ui

import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.OnlineClock
import app.chinesecheckers.core.TimeControl
import app.chinesecheckers.ui.online.ClockPresenter
import app.chinesecheckers.ui.online.TimeControlChoice
import app.chinesecheckers.ui.strings.Language
import app.chinesecheckers.ui.strings.stringsFor
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** The online clock's count-down, the time controls offered, and their wording. */
class ClockPresenterTest {
    private fun clock(side: Int, leftMs: Long, vararg banks: Long) =
        OnlineClock(side, leftMs.toULong(), banks.map { it.toULong() })

    @Test
    fun theCountDownStartsWhenTheStateArrived() {
        val c = clock(0, 12_000)
        assertEquals("0:12", ClockPresenter.clockText(c, 1_000, 1_000))
        assertEquals("0:12", ClockPresenter.clockText(c, 1_000, 1_001))
        assertEquals("0:11", ClockPresenter.clockText(c, 1_000, 2_000))
        assertEquals("0:01", ClockPresenter.clockText(c, 1_000, 12_999))
        assertEquals("0:00", ClockPresenter.clockText(c, 1_000, 13_000))
        assertEquals("never below zero", "0:00", ClockPresenter.clockText(c, 1_000, 99_000))
        assertEquals("a device clock set back adds no time", "0:12", ClockPresenter.clockText(c, 5_000, 1_000))
        assertFalse(ClockPresenter.isLow(c, 0, 2_000))
        assertTrue(ClockPresenter.isLow(c, 0, 2_001))
    }

    @Test
    fun minutesAndHours() {
        assertEquals("5:00", ClockPresenter.format(300_000))
        assertEquals("1:06", ClockPresenter.format(65_500))
        assertEquals("0:09", ClockPresenter.format(9_000))
        assertEquals("1:00:00", ClockPresenter.format(3_600_000))
        assertEquals("24:00:00", ClockPresenter.format(86_400_000))
        assertEquals("0:00", ClockPresenter.format(-5))
    }

    @Test
    fun aGameClockRunsTheBankOfTheSideToMoveOnly() {
        val c = clock(1, 183_000, 295_000, 183_000, 60_000)
        assertEquals(listOf("4:55", "3:00", "1:00"), ClockPresenter.bankTexts(c, 0, 3_000))
        assertEquals(emptyList<String>(), ClockPresenter.bankTexts(clock(0, 30_000), 0, 0))
    }

    @Test
    fun theTimeControlsOfferedAndWhatTheCoreIsAsked() {
        assertEquals(listOf(TimeControlChoice.Default, TimeControlChoice.Untimed, TimeControlChoice.PerMove30, TimeControlChoice.Game5Plus5), TimeControlChoice.entries)
        assertNull("the format's default", TimeControlChoice.Default.timeControl)
        assertEquals(TimeControl.Untimed, TimeControlChoice.Untimed.timeControl)
        assertEquals(TimeControl.PerMove(30u), TimeControlChoice.PerMove30.timeControl)
        assertEquals(TimeControl.Game(300u, 5u), TimeControlChoice.Game5Plus5.timeControl)
        val en = stringsFor(Language.English)
        assertEquals(listOf("Default", "Untimed", "30 s a move", "5 min + 5 s"), TimeControlChoice.entries.map(en::timeControlChoice))
        for (language in Language.entries) {
            val s = stringsFor(language)
            for (c in TimeControlChoice.entries) assertTrue(s.timeControlChoice(c).isNotBlank())
            assertTrue(s.timeControlTitle.isNotBlank())
        }
    }

    @Test
    fun theTimedOutBannerInEveryLanguage() {
        val expected = mapOf(
            Language.English to listOf(
                "Your time ran out — the move with the most progress was played for you",
                "Bob's time ran out — the move with the most progress was played for them",
            ),
            Language.French to listOf(
                "Votre temps est écoulé — le coup qui avance le plus a été joué pour vous",
                "Le temps de Bob est écoulé — le coup qui avance le plus a été joué à sa place",
            ),
            Language.Chinese to listOf("你的时间用完了 — 已替你走了前进最多的一步", "Bob的时间用完了 — 已替其走了前进最多的一步"),
        )
        for ((language, words) in expected) {
            val s = stringsFor(language)
            val you = s.playerName(app.chinesecheckers.core.PlayerName.You)
            val names: (Int) -> String = { if (it == 1) you else "Bob" }
            assertEquals(words[0], s.banner(Banner.MoveTimedOut(1), names))
            assertEquals(words[1], s.banner(Banner.MoveTimedOut(0), names))
        }
    }
}
