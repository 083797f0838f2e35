package app.chinesecheckers.android

import android.provider.Settings
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.test.AndroidComposeUiTest
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsNodeInteraction
import androidx.compose.ui.test.onAllNodesWithTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.v2.runAndroidComposeUiTest
import androidx.test.core.app.ApplicationProvider
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameState
import app.chinesecheckers.ui.AppState
import app.chinesecheckers.ui.board.BoardUiState
import app.chinesecheckers.ui.board.holeTag
import org.robolectric.RuntimeEnvironment
import java.io.File

/**
 * The screen sizes the framework suite runs at, as Robolectric resource qualifiers: the window
 * Android gives the Activity (Configuration.screenWidthDp/heightDp, the density bucket).
 */
enum class Device(val widthDp: Int, val heightDp: Int, private val density: String) {
    /** A small phone: 360×640 dp. */
    SmallPhone(360, 640, "xhdpi"),

    /** A tall phone: 411×891 dp (a Pixel-class phone). */
    Phone(411, 891, "xhdpi"),

    /** That phone turned. */
    PhoneLandscape(891, 411, "xhdpi"),

    /** A tablet in landscape: 1280×800 dp. */
    Tablet(1280, 800, "hdpi"),
    ;

    /** Robolectric's qualifiers for this window. */
    val qualifiers: String
        get() = "w${widthDp}dp-h${heightDp}dp-${if (widthDp > heightDp) "land" else "port"}-$density"
}

/**
 * The day the suite's apps take as today (an epoch day): Home shows its puzzle of the day, so
 * with the real date its golden screenshots would change every day.
 */
const val SCREENSHOT_DAY = 20_430L

/** What a test of the real app holds: the Compose test, the Application and its state. */
@OptIn(ExperimentalTestApi::class)
class RunningApp(
    val compose: AndroidComposeUiTest<MainActivity>,
    val application: ChineseCheckersApplication,
) : ComposeUiTest by compose {
    /** The process's state, as MainActivity shows it. */
    val app: AppState get() = application.appState

    /** The Activity on screen now (a new one after a recreation). */
    val activity: MainActivity get() = checkNotNull(compose.activity) { "no Activity" }
}

/** The saved-games directory AndroidPlatform uses (files/games). */
fun gamesDir(): File = File(ApplicationProvider.getApplicationContext<ChineseCheckersApplication>().filesDir, "games")

/**
 * Runs [block] on the real [MainActivity] of a fresh process (Robolectric makes a new
 * Application per test): the window of [device], the system's animations off when
 * [reducedMotion] (the animator duration scale, as AndroidPlatform reads it), today pinned to
 * [SCREENSHOT_DAY]. Unless [firstStart], the settings say the lessons were offered already (as
 * after the first start), so that the offer covers no screen under test. [prepare] writes into
 * the saved-games directory before the app reads it.
 */
@OptIn(ExperimentalTestApi::class)
fun appTest(
    device: Device = Device.Phone,
    reducedMotion: Boolean = false,
    firstStart: Boolean = false,
    prepare: (File) -> Unit = {},
    block: RunningApp.() -> Unit,
) {
    RuntimeEnvironment.setQualifiers(device.qualifiers)
    val application = ApplicationProvider.getApplicationContext<ChineseCheckersApplication>()
    Settings.Global.putFloat(application.contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, if (reducedMotion) 0f else 1f)
    val games = gamesDir().apply { mkdirs() }
    if (!firstStart) File(games, "settings.properties").writeText("learnOffered=true\n")
    prepare(games)
    application.today = { SCREENSHOT_DAY }
    try {
        runAndroidComposeUiTest<MainActivity> {
            RunningApp(this, application).block()
        }
    } finally {
        // Stops the AI's searches and connections of this test's process.
        application.appState.close()
    }
}

/** The node with test tag [tag] (hole nodes are not merged into a parent, so all are searched). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.tag(tag: String): SemanticsNodeInteraction = onNodeWithTag(tag, useUnmergedTree = true)

/** True when some node carries [tag]. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.exists(tag: String): Boolean = onAllNodesWithTag(tag, useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty()

/** Waits until a node carries [tag], failing after [timeoutMs]. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.awaitTag(tag: String, timeoutMs: Long = 10_000) = waitUntil("a node tagged $tag", timeoutMs) { exists(tag) }

/** Clicks the node tagged [tag] (scrolled into view first when it sits in a scrolling column). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.click(tag: String) {
    awaitTag(tag)
    runCatching { tag(tag).performScrollTo() }
    tag(tag).performClick()
    waitForIdle()
}

/** Taps the hole at [c] at its centre: the board's own nearest-hole detection makes it the core's tap. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.tapHole(c: Coord) = click(holeTag(c))

/** The on-screen centre of the hole at [c], in root pixels. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.holeCentre(c: Coord): Offset = tag(holeTag(c)).fetchSemanticsNode().boundsInRoot.center

/** The board's current UI state. */
fun RunningApp.board(): BoardUiState = checkNotNull(app.board.value) { "no board shown" }.state.value

/** The game state on the board. */
fun RunningApp.game(): GameState = board().game

/**
 * The golden screenshot [name]: app/src/test/screenshots/[name].png (the folder is given by
 * run.sh; Gradle runs unit tests in the module's folder, where the default finds it).
 */
fun golden(name: String): String = File(System.getProperty("goldens.dir") ?: "src/test/screenshots", "$name.png").path
