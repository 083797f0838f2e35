package app.chinesecheckers.ui

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.EndReason
import app.chinesecheckers.core.Preset
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.strings.AnimationSpeed
import app.chinesecheckers.ui.strings.Language
import app.chinesecheckers.ui.strings.ThemeChoice
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** Home, settings, languages, rules, statistics and the game-over dialog; and their screenshots. */
@OptIn(ExperimentalTestApi::class)
class ScreensUiTest {
    @Test
    fun switchingTheLanguageToFrenchAndChineseRewordsTheWholeApp() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform(language = "en-GB"), today = screenshotToday)
        setContent { ChineseCheckersApp(app) }
        onNodeWithText("Pass & play").assertIsDisplayed()
        click("settings")
        click("language:fr")
        onNodeWithText("Réglages").assertIsDisplayed()
        onNodeWithText("Langue").assertIsDisplayed()
        click("back")
        onNodeWithText("À tour de rôle").assertIsDisplayed()
        onNodeWithText("Dames chinoises").assertIsDisplayed()
        // The board speaks French too, down to the holes' accessibility labels.
        click("solo")
        onNodeWithText("Nouvelle partie · Solo").assertIsDisplayed()
        click("start")
        tag("status").assertTextEquals("À vous de jouer")
        tapHole(Coord(-1, 5))
        assertTrue(tag("hole:-1:4").fetchSemanticsNode().config[androidx.compose.ui.semantics.SemanticsProperties.ContentDescription].single().contains("accessible par un pas"))
        click("home")
        click("settings")
        click("language:zh-Hans")
        onNodeWithText("设置").assertIsDisplayed()
        click("back")
        onNodeWithText("同屏对战").assertIsDisplayed()
        onNodeWithText("中国跳棋").assertIsDisplayed()
        // The choice is kept: a new process (same data directory) starts in Chinese.
        val again = AppState(app.platform)
        assertEquals(Language.Chinese, again.language)
        for (device in Device.entries) screenshot("home-zh", device) { ChineseCheckersApp(app) }
        // And "System" follows the platform's language again.
        click("settings")
        click("language:system")
        onNodeWithText("Settings").assertIsDisplayed()
        app.close()
    }

    @Test
    fun theMainScreensAtPhoneAndTabletSizes() {
        val app = AppState(testPlatform(), today = screenshotToday)
        app.settings.update { it.copy(theme = ThemeChoice.Light) }
        for (device in Device.entries) screenshot("home", device) { ChineseCheckersApp(app) }
        app.navigate(Screen.NewGame(BoardMode.Solo))
        for (device in Device.entries) screenshot("new-game", device) { ChineseCheckersApp(app) }
        app.navigate(Screen.Home)
        app.navigate(Screen.Rules)
        for (device in Device.entries) screenshot("rules", device) { ChineseCheckersApp(app) }
        app.navigate(Screen.Home)
        app.navigate(Screen.Settings)
        for (device in Device.entries) screenshot("settings", device) { ChineseCheckersApp(app) }
        app.navigate(Screen.Home)
        app.navigate(Screen.Statistics)
        for (device in Device.entries) screenshot("statistics", device) { ChineseCheckersApp(app) }
        // The screens changed for the player's table (issue 28), in the dark theme too.
        app.settings.update { it.copy(theme = ThemeChoice.Dark) }
        for (screen in listOf(Screen.NewGame(BoardMode.Solo), Screen.Rules, Screen.Settings)) {
            app.navigate(Screen.Home)
            app.navigate(screen)
            val name = when (screen) {
                Screen.Rules -> "rules"
                Screen.Settings -> "settings"
                else -> "new-game"
            }
            for (device in Device.entries) screenshot("$name-dark", device) { ChineseCheckersApp(app) }
        }
        app.close()
    }

    @Test
    fun aBoardMidGameInLightAndDarkThenResignedWithTheGameOverDialog() {
        val app = AppState(testPlatform(), today = screenshotToday)
        app.settings.update { it.copy(animationSpeed = AnimationSpeed.Fast) }
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai()), colours = 2, seed = 11uL), BoardMode.Solo)
        val presenter = checkNotNull(app.board.value)
        // Six moves each, the person's chosen by the core's hint (what the Hint button shows).
        repeat(6) {
            awaitTrue("the person's turn") { !gameOf(app).aiToMove && gameOf(app).thinking == null }
            presenter.onEvent(BoardEvent.Hint)
            awaitTrue("the hint") { gameOf(app).hint.size >= 2 }
            val hint = gameOf(app).hint
            presenter.onEvent(BoardEvent.TapHole(hint.first().q, hint.first().r))
            for (c in hint.drop(1)) presenter.onEvent(BoardEvent.TapHole(c.q, c.r))
            if (gameOf(app).capabilities.canEndJump) presenter.onEvent(BoardEvent.EndJump)
        }
        awaitTrue("the AI's sixth answer") { gameOf(app).history.size >= 12 && !gameOf(app).aiToMove && gameOf(app).thinking == null }
        // A selected peg with its lit holes, mid-game.
        val mine = gameOf(app).holes.first { it.owner == 0 && run {
            presenter.onEvent(BoardEvent.TapHole(it.coord.q, it.coord.r))
            val lit = gameOf(app).targets.size
            if (lit < 2) presenter.onEvent(BoardEvent.TapOutside)
            lit >= 2
        } }
        assertEquals(mine.coord, gameOf(app).selected)
        for (device in Device.entries) screenshot("board-light", device) { ChineseCheckersApp(app) }
        app.settings.update { it.copy(theme = ThemeChoice.Dark) }
        for (device in Device.entries) screenshot("board-dark", device) { ChineseCheckersApp(app) }
        app.settings.update { it.copy(theme = ThemeChoice.Light) }
        presenter.onEvent(BoardEvent.TapOutside)
        presenter.onEvent(BoardEvent.Resign)
        val outcome = checkNotNull(gameOf(app).outcome)
        assertEquals(EndReason.RESIGNED, outcome.reason)
        assertEquals(listOf(1), outcome.winners)
        for (device in Device.entries) screenshot("game-over", device) { ChineseCheckersApp(app) }
        app.settings.update { it.copy(theme = ThemeChoice.Dark) }
        for (device in Device.entries) screenshot("game-over-dark", device) { ChineseCheckersApp(app) }
        // Closed, the status line says who won and how.
        presenter.onEvent(BoardEvent.DismissGameOver)
        for (device in Device.entries) screenshot("game-over-closed-dark", device) { ChineseCheckersApp(app) }
        app.settings.update { it.copy(theme = ThemeChoice.Light) }
        for (device in Device.entries) screenshot("game-over-closed", device) { ChineseCheckersApp(app) }
        // The lost game counts against the opponent in the statistics.
        val stats = checkNotNull(app.library).statistics().first { it.level == AiLevel.BEGINNER }
        assertEquals(1, stats.played)
        assertEquals(1, stats.lost)
        app.close()
    }

    @Test
    fun aGameLeftWithNoSaveCallIsContinuedFromHomeInANewProcess() = runDesktopComposeUiTest(800, 1000) {
        val platform = testPlatform()
        val first = AppState(platform, today = screenshotToday)
        first.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
        val presenter = checkNotNull(first.board.value)
        presenter.onEvent(BoardEvent.TapHole(-1, 5))
        presenter.onEvent(BoardEvent.TapHole(-1, 4))
        val played = gameOf(first).holes
        // No lifecycle call: the core wrote the move as it was played.
        first.close()

        val second = AppState(platform, today = screenshotToday)
        setContent { ChineseCheckersApp(second) }
        val saved = second.home.state.value.interrupted.single()
        tag("continue:${saved.id}").assertIsDisplayed()
        click("continue:${saved.id}")
        assertEquals(BoardMode.PassAndPlay, boardOf(second).mode)
        assertEquals(played, gameOf(second).holes)
        assertEquals(1, gameOf(second).toMove)
        second.close()
    }
}
