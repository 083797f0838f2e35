package app.chinesecheckers.android

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.onNodeWithText
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.EndReason
import app.chinesecheckers.core.Preset
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.strings.Language
import org.junit.Assert.assertEquals
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The main screens as goldens, compared on every run: Home, a new game, a board mid-game with a
 * peg picked, the game-over sheet, Rules, Settings and Statistics — on a phone and a tablet, in
 * the system's light and dark themes; and Home, the board and the game over in French and
 * Simplified Chinese (the system's language). Also: the language chosen in the app rewords
 * everything and is kept for the next start.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class MainScreensTest {
    /** A solo game against the Beginner (seeded: the same game every run), two moves each. */
    private fun RunningApp.boardMidGame() {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.BEGINNER)), colours = 2, seed = 11L), BoardMode.Solo)
        repeat(2) { n ->
            tapStep()
            waitUntil("the AI's answer", 30_000) { game().history.size == 2 * (n + 1) && !game().aiToMove && game().thinking == null }
        }
        // A peg picked, with its lit holes.
        val (from, _) = findStep()
        tapHole(from)
        // The tap reaches the core off the main thread: wait for the selection it makes (under
        // load the picture was once taken before it).
        waitUntil("the peg picked", 10_000) { game().selected == from && game().targets.isNotEmpty() }
        waitForIdle()
    }

    /** The game resigned: the game-over sheet. */
    private fun RunningApp.resign() {
        tapHole(checkNotNull(game().selected))
        click("resign")
        click("confirmResign")
        val outcome = checkNotNull(game().outcome)
        assertEquals(EndReason.RESIGNED, outcome.reason)
        awaitTag("gameOver")
    }

    private fun RunningApp.screen(to: Screen, golden: String) {
        app.navigate(Screen.Home)
        app.navigate(to)
        snapshot(golden)
    }

    private fun RunningApp.allMainScreens(suffix: String) {
        snapshot("screen-home-$suffix")
        screen(Screen.NewGame(BoardMode.Solo), "screen-new-game-$suffix")
        screen(Screen.Rules, "screen-rules-$suffix")
        screen(Screen.Settings, "screen-settings-$suffix")
        app.navigate(Screen.Home)
        boardMidGame()
        snapshot("screen-board-$suffix")
        resign()
        snapshot("screen-game-over-$suffix")
        // The lost game counts in the statistics.
        screen(Screen.Statistics, "screen-statistics-$suffix")
    }

    @Test
    fun phoneLight() = appTest(Device.Phone, reducedMotion = true) { allMainScreens("phone") }

    @Test
    fun phoneDark() = appTest(Device.Phone, reducedMotion = true, night = true) { allMainScreens("phone-dark") }

    @Test
    fun tabletLight() = appTest(Device.Tablet, reducedMotion = true) { allMainScreens("tablet") }

    @Test
    fun tabletDark() = appTest(Device.Tablet, reducedMotion = true, night = true) { allMainScreens("tablet-dark") }

    private fun RunningApp.inLanguage(code: String) {
        snapshot("screen-home-$code-phone")
        boardMidGame()
        snapshot("screen-board-$code-phone")
        resign()
        snapshot("screen-game-over-$code-phone")
    }

    @Test
    fun phoneInFrench() = appTest(Device.Phone, reducedMotion = true, locale = "fr-rFR") { inLanguage("fr") }

    @Test
    fun phoneInChinese() = appTest(Device.Phone, reducedMotion = true, locale = "zh-rCN") { inLanguage("zh") }

    @Test
    fun theLanguageChosenInTheAppRewordsEverythingAndIsKeptForTheNextStart() = appTest(Device.Phone, locale = "en-rGB") {
        onNodeWithText("Pass & play").assertIsDisplayed()
        click("settings")
        click("language:fr")
        onNodeWithText("Réglages").assertIsDisplayed()
        click("back")
        onNodeWithText("À tour de rôle").assertIsDisplayed()
        click("solo")
        onNodeWithText("Nouvelle partie · Solo").assertIsDisplayed()
        click("start")
        tapHole(Coord(-1, 5))
        val label = tag("hole:-1:4").fetchSemanticsNode().config[androidx.compose.ui.semantics.SemanticsProperties.ContentDescription].single()
        assertEquals(true, label.contains("accessible par un pas"))
        click("home")
        click("settings")
        click("language:zh-Hans")
        onNodeWithText("设置").assertIsDisplayed()
        // The choice is kept: the next start (the same files) is in Chinese.
        assertEquals(Language.Chinese, nextStart { it.language })
        // "System" follows the phone's language again.
        click("language:system")
        onNodeWithText("Settings").assertIsDisplayed()
    }
}
