package app.chinesecheckers.ui

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.ui.board.BoardMode
import org.junit.Assert.assertEquals
import org.junit.Test

/**
 * The desktop app's smoke test: the shared screens in a desktop window, on the desktop's platform
 * (its data folder, the JVM's language): Home, a solo game started by clicks, a move by clicks on
 * the board's holes, the AI's answer, and Home's Continue back to the same position. The app's
 * behaviour is tested on Android's own framework (android/robolectric/run.sh); this only proves
 * that the desktop build, which play.sh opens, starts and plays.
 */
@OptIn(ExperimentalTestApi::class)
class DesktopSmokeTest {
    @Test
    fun theDesktopAppStartsAndAGameIsPlayedAndContinued() = runDesktopComposeUiTest(1100, 800) {
        val app = AppState(testPlatform(reducedMotion = true))
        setContent { ChineseCheckersApp(app) }
        tag("solo").assertIsDisplayed()
        click("solo")
        click("start")
        assertEquals(BoardMode.Solo, boardOf(app).mode)
        tag("status").assertTextEquals("Your turn")
        val (from, to) = findStep(app)
        tapHole(from)
        tapHole(to)
        waitUntil(timeoutMillis = 30_000) { gameOf(app).history.size == 2 && !gameOf(app).aiToMove }
        val played = gameOf(app).holes
        click("home")
        val card = app.home.state.value.interrupted.single()
        click("continue:${card.id}")
        assertEquals(Screen.Board, app.screen.value)
        assertEquals(played, gameOf(app).holes)
        app.close()
    }
}
