package app.chinesecheckers.android

import androidx.activity.BackEventCompat
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.test.espresso.Espresso
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Preset
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.BoardMode
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * System back, as the back button, the back gesture and the predictive back gesture deliver it
 * (the Activity's OnBackPressedDispatcher), on every screen: one screen back, a lesson to its
 * list, a puzzle to the puzzles, a dialog closed first; on Home the system's own back (the app
 * leaves the screen); a predictive gesture the player cancels changes nothing.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class BackNavigationTest {
    /** The system's back: the dispatcher's callbacks, as Android calls them for a back press. */
    private fun RunningApp.systemBack() {
        runOnUiThread { activity.onBackPressedDispatcher.onBackPressed() }
        waitForIdle()
    }

    /** Opens [tag] from where the app is, then checks that back returns to [expected]. */
    private fun RunningApp.opensAndBack(tag: String, opened: Screen, expected: Screen) {
        click(tag)
        assertEquals("$tag opens", opened, app.screen.value)
        systemBack()
        assertEquals("back from $opened", expected, app.screen.value)
    }

    @Test
    fun backFromEveryScreenOfHomeReturnsHome() = appTest(Device.Phone, reducedMotion = true) {
        opensAndBack("solo", Screen.NewGame(BoardMode.Solo), Screen.Home)
        opensAndBack("passAndPlay", Screen.NewGame(BoardMode.PassAndPlay), Screen.Home)
        opensAndBack("online", Screen.Online, Screen.Home)
        opensAndBack("rules", Screen.Rules, Screen.Home)
        opensAndBack("statistics", Screen.Statistics, Screen.Home)
        opensAndBack("settings", Screen.Settings, Screen.Home)
        opensAndBack("puzzles", Screen.Puzzles, Screen.Home)
        opensAndBack("learn", Screen.Learn, Screen.Home)
    }

    @Test
    fun backFromAGameGoesHomeWhereContinueOffersIt() = appTest(Device.Phone, reducedMotion = true) {
        click("solo")
        click("start")
        assertEquals(Screen.Board, app.screen.value)
        tapStep()
        waitUntil("the AI's answer", 30_000) { game().history.size == 2 && !game().aiToMove }
        systemBack()
        assertEquals(Screen.Home, app.screen.value)
        awaitTag("continue:${app.home.state.value.interrupted.single().id}")
    }

    @Test
    fun backFromALessonGoesToTheLessonsThenHome() = appTest(Device.Phone, reducedMotion = true) {
        click("learn")
        click("lesson:tripot-moves")
        assertTrue(app.learn.state.value != null)
        systemBack()
        assertEquals(Screen.Learn, app.screen.value)
        assertEquals("the lessons' list", null, app.learn.state.value)
        systemBack()
        assertEquals(Screen.Home, app.screen.value)
    }

    @Test
    fun backFromAPuzzleGoesToThePuzzlesThenHome() = appTest(Device.Phone, reducedMotion = true) {
        click("puzzles")
        val first = app.puzzleList.state.value.puzzles.first()
        click("puzzle:${first.id}")
        assertEquals(Screen.Puzzle, app.screen.value)
        systemBack()
        assertEquals(Screen.Puzzles, app.screen.value)
        systemBack()
        assertEquals(Screen.Home, app.screen.value)
    }

    @Test
    fun backWithAConfirmationOpenClosesItAndStaysOnTheBoard() = appTest(Device.Phone, reducedMotion = true) {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.BEGINNER))), BoardMode.Solo)
        waitForIdle()
        click("resign")
        awaitTag("confirm:Resign")
        // The dialog is a window of its own, focused: back goes to it and closes it, as
        // Android's dialogs do (Espresso sends the back key to the focused window).
        Espresso.pressBack()
        waitForIdle()
        assertFalse("the confirmation closed", exists("confirm:Resign"))
        assertEquals(Screen.Board, app.screen.value)
        assertTrue("nobody resigned", game().outcome == null)
    }

    @Test
    fun aPredictiveBackGestureCancelledChangesNothingAndCompletedGoesBack() = appTest(Device.Phone, reducedMotion = true) {
        click("settings")
        val dispatcher = activity.onBackPressedDispatcher
        runOnUiThread {
            dispatcher.dispatchOnBackStarted(BackEventCompat(10f, 400f, 0f, BackEventCompat.EDGE_LEFT))
            dispatcher.dispatchOnBackProgressed(BackEventCompat(120f, 400f, 0.4f, BackEventCompat.EDGE_LEFT))
            dispatcher.dispatchOnBackCancelled()
        }
        waitForIdle()
        assertEquals("a cancelled gesture stays", Screen.Settings, app.screen.value)
        runOnUiThread {
            dispatcher.dispatchOnBackStarted(BackEventCompat(10f, 400f, 0f, BackEventCompat.EDGE_LEFT))
            dispatcher.dispatchOnBackProgressed(BackEventCompat(300f, 400f, 1f, BackEventCompat.EDGE_LEFT))
            dispatcher.onBackPressed()
        }
        waitForIdle()
        assertEquals(Screen.Home, app.screen.value)
    }

    @Test
    fun backOnHomeIsTheSystemsAndTheAppLeavesTheScreen() = appTest(Device.Phone, reducedMotion = true) {
        assertFalse("Home handles no back itself", activity.onBackPressedDispatcher.hasEnabledCallbacks())
        systemBack()
        assertEquals(Screen.Home, app.screen.value)
        // Robolectric finishes the root Activity as Android before 12 did (12+ moves its task back).
        assertTrue("the system finished the Activity", activity.isFinishing)
    }
}
