package app.chinesecheckers.ui

import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.ClockFace
import app.chinesecheckers.core.OnlineClock
import app.chinesecheckers.core.TimeControl
import app.chinesecheckers.core.clockReading
import app.chinesecheckers.ui.online.ClockPresenter
import app.chinesecheckers.ui.online.TimeControlChoice
import app.chinesecheckers.ui.strings.Language
import app.chinesecheckers.ui.strings.stringsFor
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** The online clock's digits (read by the core, worded here), the time controls offered, and their wording. */
class ClockPresenterTest {
    /** A clock the core received at [receivedAtMs] (this device's clock). */
    private fun clock(side: Int, leftMs: Long, receivedAtMs: Long, vararg banks: Long) =
        OnlineClock(side, leftMs, banks.toList(), receivedAtMs)

    /** The text the screen shows for [clock] at [nowMs]: the core's reading, formatted. */
    private fun shown(clock: OnlineClock, nowMs: Long) = ClockPresenter.format(clockReading(clock, nowMs).shown)

    @Test
    fun theFaceIsMinutesAndSecondsWithHoursOnlyWhenThereAreAny() {
        assertEquals("5:00", ClockPresenter.format(ClockFace(0, 5, 0)))
        assertEquals("1:06", ClockPresenter.format(ClockFace(0, 1, 6)))
        assertEquals("0:09", ClockPresenter.format(ClockFace(0, 0, 9)))
        assertEquals("0:00", ClockPresenter.format(ClockFace(0, 0, 0)))
        assertEquals("1:00:00", ClockPresenter.format(ClockFace(1, 0, 0)))
        assertEquals("2:03:04", ClockPresenter.format(ClockFace(2, 3, 4)))
        assertEquals("24:00:00", ClockPresenter.format(ClockFace(24, 0, 0)))
    }

    @Test
    fun theScreenShowsTheCoresReadingOfTheCountDown() {
        val c = clock(0, 12_000, receivedAtMs = 1_000)
        assertEquals("0:12", shown(c, 1_000))
        assertEquals("0:11", shown(c, 2_000))
        assertEquals("0:01", shown(c, 12_999))
        assertEquals("0:00", shown(c, 13_000))
        assertEquals("an instant before receipt reads as the receipt", "0:12", shown(c, 500))
        assertEquals("an hour and more", "1:00:00", shown(clock(0, 3_600_000, 0), 0))
        // When to draw again is the core's: the next change of the digits, none once out of time.
        assertEquals(2_000L, clockReading(c, 1_000).nextChangeAtMs)
        assertNull(clockReading(c, 13_000).nextChangeAtMs)
        assertFalse(clockReading(c, 3_000).low)
        assertTrue(clockReading(c, 3_001).low)
    }

    @Test
    fun aGameClockShowsEverySeatsBankFromTheCoresReading() {
        val c = clock(1, 183_000, 0, 295_000, 183_000, 60_000)
        assertEquals(listOf("4:55", "3:00", "1:00"), clockReading(c, 3_000).banks.map(ClockPresenter::format))
        assertEquals(emptyList<ClockFace>(), clockReading(clock(0, 30_000, 0), 0).banks)
    }

    @Test
    fun theTimeControlsOfferedAndWhatTheCoreIsAsked() {
        assertEquals(listOf(TimeControlChoice.Default, TimeControlChoice.Untimed, TimeControlChoice.PerMove30, TimeControlChoice.Game5Plus5), TimeControlChoice.entries)
        assertNull("the format's default", TimeControlChoice.Default.timeControl)
        assertEquals(TimeControl.Untimed, TimeControlChoice.Untimed.timeControl)
        assertEquals(TimeControl.PerMove(30), TimeControlChoice.PerMove30.timeControl)
        assertEquals(TimeControl.Game(300, 5), TimeControlChoice.Game5Plus5.timeControl)
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
