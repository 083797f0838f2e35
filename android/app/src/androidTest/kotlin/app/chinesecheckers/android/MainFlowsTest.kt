package app.chinesecheckers.android

import androidx.compose.ui.test.SemanticsNodeInteraction
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.junit4.v2.createAndroidComposeRule
import androidx.compose.ui.test.onAllNodesWithTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.lifecycle.Lifecycle
import androidx.test.ext.junit.runners.AndroidJUnit4
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.ui.AppState
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.holeTag
import org.junit.Assert.assertEquals
import org.junit.Before
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith

/**
 * The app's main flows on a device or emulator (`./gradlew :app:connectedDebugAndroidTest`), in
 * the real Activity, Application and core: the same test tags as the desktop UI tests
 * (android/desktop/src/test), so that both find the same nodes. Texts are not matched: the
 * device's language picks the strings.
 */
@RunWith(AndroidJUnit4::class)
class MainFlowsTest {
    @get:Rule
    val compose = createAndroidComposeRule<MainActivity>()

    private val appState: AppState
        get() = (compose.activity.application as ChineseCheckersApplication).appState

    @Before
    fun startAtHome() {
        // The Application (and its AppState) outlives each test's Activity: start from Home,
        // the first-start offer of the lessons answered (it would cover Home).
        compose.runOnUiThread {
            appState.settings.update { it.copy(learnOffered = true) }
            appState.navigate(Screen.Home)
        }
        compose.waitForIdle()
    }

    @Test
    fun soloGameFromHomeAndAMoveByTappingThenTheAiAnswers() {
        startSoloGame()
        tag("board").assertIsDisplayed()
        assertEquals(BoardMode.Solo, appState.board.value?.state?.value?.mode)

        // Tap a peg, then a lit hole: the core plays the step, and the beginner answers.
        val from = Coord(-1, 5)
        val to = Coord(-1, 4)
        click(holeTag(from))
        assertEquals(from, game().selected)
        click(holeTag(to))
        compose.waitUntil(timeoutMillis = 30_000) { game().history.size == 2 && !game().aiToMove }
        val first = game().history.first()
        assertEquals(MoveKind.STEP, first.kind)
        assertEquals(listOf(from, to), first.path)
        assertEquals(0, game().toMove)
    }

    @Test
    fun settingsOpenFromHomeAndBackReturnsHome() {
        click("settings")
        tag("language:system").assertIsDisplayed()
        assertEquals(Screen.Settings, appState.screen.value)
        // System back (the predictive back gesture's callback) goes back a screen.
        compose.runOnUiThread { compose.activity.onBackPressedDispatcher.onBackPressed() }
        compose.waitForIdle()
        assertEquals(Screen.Home, appState.screen.value)
        tag("solo").assertIsDisplayed()
    }

    @Test
    fun leavingMidGameForTheSystemHomeAndComingBackKeepsTheGameAndHomeContinuesIt() {
        startSoloGame()
        click(holeTag(Coord(-1, 5)))
        click(holeTag(Coord(-1, 4)))
        compose.waitUntil(timeoutMillis = 30_000) { game().history.size == 2 && !game().aiToMove }
        val played = game().holes

        // The system Home button: the Activity stops (the game is saved for "Continue") and
        // starts again; the same game is on screen.
        compose.activityRule.scenario.moveToState(Lifecycle.State.CREATED)
        compose.activityRule.scenario.moveToState(Lifecycle.State.RESUMED)
        compose.waitForIdle()
        tag("board").assertIsDisplayed()
        assertEquals(played, game().holes)

        // The app's own Home: the saved game is offered, and "Continue" reopens it as it was.
        click("home")
        assertEquals(Screen.Home, appState.screen.value)
        val saved = appState.home.state.value.interrupted.first()
        click("continue:${saved.id}")
        assertEquals(Screen.Board, appState.screen.value)
        assertEquals(played, game().holes)
    }

    /** Home > Solo > tripot against the beginner (fast answers) > Start. */
    private fun startSoloGame() {
        click("solo")
        click("ruleSet:TRIPOT")
        click("opponent:Jean Médecin")
        click("start")
        compose.waitUntil(timeoutMillis = 10_000) { appState.screen.value == Screen.Board }
        compose.waitUntil(timeoutMillis = 10_000) { !game().aiToMove }
    }

    private fun game(): GameState = checkNotNull(appState.board.value) { "no board shown" }.state.value.game

    /** The node tagged [tag] (holes are not merged into a parent, so all nodes are searched). */
    private fun tag(tag: String): SemanticsNodeInteraction = compose.onNodeWithTag(tag, useUnmergedTree = true)

    /** Clicks the node tagged [tag], scrolled into view when it sits in a scrolling column. */
    private fun click(tag: String) {
        compose.waitUntil(timeoutMillis = 10_000) {
            compose.onAllNodesWithTag(tag, useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty()
        }
        runCatching { tag(tag).performScrollTo() }
        tag(tag).performClick()
        compose.waitForIdle()
    }
}
