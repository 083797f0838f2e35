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
import androidx.compose.ui.graphics.ImageBitmap
import androidx.compose.ui.graphics.toPixelMap
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameSetup
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.HoleState
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.core.Opener
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.RuleSetInfo
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.core.ruleSets
import app.chinesecheckers.ui.AppState
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.board.BoardPresenter
import app.chinesecheckers.ui.board.BoardUiState
import app.chinesecheckers.ui.board.holeTag
import app.chinesecheckers.ui.platform.HapticKind
import app.chinesecheckers.ui.platform.Platform
import com.github.takahirom.roborazzi.ExperimentalRoborazziApi
import com.github.takahirom.roborazzi.RoborazziOptions
import com.github.takahirom.roborazzi.RoborazziTaskType
import com.github.takahirom.roborazzi.captureScreenRoboImage
import org.robolectric.RuntimeEnvironment
import java.io.File
import java.nio.file.Files
import java.util.concurrent.TimeUnit

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

    /** That tablet in portrait: 800×1280 dp (wide enough for the side panel, 700 dp and up). */
    TabletPortrait(800, 1280, "hdpi"),
    ;

    /**
     * Robolectric's qualifiers for this window, in Android's order: the language ([locale], e.g.
     * "fr-rFR"), the size, the orientation, the dark theme ([night]), the density.
     */
    fun qualifiers(locale: String? = null, night: Boolean = false): String = listOfNotNull(
        locale,
        "w${widthDp}dp-h${heightDp}dp",
        if (widthDp > heightDp) "land" else "port",
        if (night) "night" else "notnight",
        density,
    ).joinToString("-")
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
 * [reducedMotion] (the animator duration scale, as AndroidPlatform reads it), today given by
 * [today], read each time the app asks (pinned to [SCREENSHOT_DAY] for the goldens; a test of a
 * date that changes while the app runs hands its own). Unless [firstStart], the settings say the
 * lessons were offered already (as after the first start), so that the offer covers no screen
 * under test. [prepare] writes into the saved-games directory before the app reads it.
 * [testTimeout] bounds the whole test (Compose's own default, a minute, unless a test plays long).
 */
@OptIn(ExperimentalTestApi::class)
fun appTest(
    device: Device = Device.Phone,
    reducedMotion: Boolean = false,
    firstStart: Boolean = false,
    night: Boolean = false,
    locale: String? = null,
    fontScale: Float = 1f,
    today: () -> Long = { SCREENSHOT_DAY },
    prepare: (File) -> Unit = {},
    testTimeout: kotlin.time.Duration = kotlin.time.Duration.parse("60s"),
    block: RunningApp.() -> Unit,
) {
    // The system's configuration as a phone has it: the window, the dark theme, the language
    // (a resource qualifier such as "fr-rFR" or "zh-rCN"), the font size.
    RuntimeEnvironment.setQualifiers(device.qualifiers(locale, night))
    RuntimeEnvironment.setFontScale(fontScale)
    val application = ApplicationProvider.getApplicationContext<ChineseCheckersApplication>()
    Settings.Global.putFloat(application.contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, if (reducedMotion) 0f else 1f)
    val games = gamesDir().apply { mkdirs() }
    if (!firstStart) File(games, "settings.properties").writeText("learnOffered=true\n")
    prepare(games)
    // Before the AppState is made: it reads the date through this.
    application.today = today
    startManifestProviders()
    try {
        runAndroidComposeUiTest<MainActivity>(testTimeout = testTimeout) {
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

/**
 * Compares the whole screen (every window: a dialog or a sheet over the Activity too) with the
 * golden [name] (RECORD=1 run.sh writes it instead). A changed word fails (GoldenComparisonTest).
 */
@OptIn(ExperimentalTestApi::class, ExperimentalRoborazziApi::class)
fun RunningApp.snapshot(name: String) {
    waitForIdle()
    captureScreenRoboImage(golden(name), roborazziOptions = GOLDEN_OPTIONS)
}

/**
 * Writes the whole screen to `playthrough.dir` as [name].png, to be looked at (not a golden:
 * nothing is compared) — a screen whose content differs from run to run, such as a room's code.
 */
@OptIn(ExperimentalTestApi::class, ExperimentalRoborazziApi::class)
fun RunningApp.lookAt(name: String) {
    waitForIdle()
    val dir = File(System.getProperty("playthrough.dir") ?: "target/playthrough").apply { mkdirs() }
    captureScreenRoboImage(File(dir, "$name.png").path, roborazziOptions = RoborazziOptions(taskType = RoborazziTaskType.Record))
}

/**
 * The goldens' comparison: at most 0.02 % of the pixels may differ (about 290 of a phone's 1.46
 * million): room for a few anti-aliased edges drawn otherwise, none for a word. The same
 * renderer (Robolectric's native graphics, the same fonts) draws the same pixels: every golden
 * compared here so far differed by 0.
 */
val GOLDEN_OPTIONS = RoborazziOptions(compareOptions = RoborazziOptions.CompareOptions(changeThreshold = 0.0002f))

/** The on-screen radius of a hole, in root pixels. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.holeRadius(c: Coord): Float = tag(holeTag(c)).fetchSemanticsNode().boundsInRoot.width / 2

/** True when the pixel at [p] is clearly the red (S) peg colour. */
fun ImageBitmap.isRedAt(p: Offset): Boolean {
    val c = toPixelMap()[p.x.toInt(), p.y.toInt()]
    return c.red > 0.5f && c.green < 0.35f && c.blue < 0.35f
}

/** The first own peg of the player to move with a step target, and that step (read from the core by tapping). */
fun RunningApp.findStep(): Pair<Coord, Coord> = findStep(checkNotNull(app.board.value) { "no board shown" })

/** The same on the board of [presenter] (an online game's board, for one). */
fun findStep(presenter: BoardPresenter): Pair<Coord, Coord> {
    val s = presenter.state.value.game
    for (h in s.holes.filter { it.owner == s.toMove }) {
        presenter.onEvent(BoardEvent.TapHole(h.coord.q, h.coord.r))
        val targets = presenter.state.value.game.targets
        presenter.onEvent(BoardEvent.TapOutside)
        val step = targets.firstOrNull { it.kind == MoveKind.STEP }
        if (step != null) return h.coord to step.coord
    }
    error("player ${s.toMove} has no step")
}

/** The player to move steps by taps: [findStep]'s peg, then its hole. */
@OptIn(ExperimentalTestApi::class)
fun RunningApp.tapStep() {
    val (from, to) = findStep()
    tapHole(from)
    tapHole(to)
}

fun person() = Seat(SeatPlayer.Person, "")
fun ai(level: AiLevel = AiLevel.BEGINNER) = Seat(SeatPlayer.Ai(level), "")

/** The catalogue's entry of [preset]. */
fun ruleSet(preset: Preset): RuleSetInfo = ruleSets().first { it.preset == preset }

/** The catalogue's default set-up of [preset], re-seated. */
fun setup(preset: Preset, seats: List<Seat>, colours: Int = 1, opener: Opener = Opener.Seat(0), seed: Long = 7L): GameSetup =
    ruleSet(preset).defaultSetup.copy(seats = seats, coloursPerSide = colours, opener = opener, seed = seed)

fun GameState.hole(c: Coord): HoleState = holes.first { it.coord == c }

/** Waits (really, off the UI) until [condition] holds, failing after [timeoutMs]. */
fun awaitTrue(what: String, timeoutMs: Long = 30_000, describe: () -> String = { "" }, condition: () -> Boolean) {
    val deadline = System.currentTimeMillis() + timeoutMs
    while (!condition()) {
        check(System.currentTimeMillis() < deadline) { "timed out waiting for $what ${describe()}" }
        Thread.sleep(10)
    }
}

/**
 * A second device with no screen (an online opponent, driven through its presenters): its own
 * data directory, English, no sound or vibration.
 */
class HeadlessPlatform(language: String = "en") : Platform {
    override val dataDir: String = Files.createTempDirectory("cc-device").toFile().apply { deleteOnExit() }.path
    override val systemLanguage: String = language
    override val systemReducedMotion: Boolean = true
    override fun share(text: String) = Unit
    override fun haptic(kind: HapticKind) = Unit
    override fun playSound(samples: ShortArray) = Unit
}

/** A second device of the app named [name], connecting to the server at [address] (`127.0.0.1:port`). */
fun onlineDevice(name: String, address: String): AppState = AppState(HeadlessPlatform()).also { device ->
    device.settings.update { it.copy(displayName = name, serverAddress = "ws://$address/ws", learnOffered = true) }
}

/** The server address setting for the app under test (ws://127.0.0.1:port/ws). */
fun RunningApp.useServer(address: String, name: String = "Alice") =
    app.settings.update { it.copy(displayName = name, serverAddress = "ws://$address/ws") }

/**
 * The real server for an online test: started on 127.0.0.1 at a free port with its games in
 * memory, or in [dataFile] (kept across a restart), its stderr kept in [log]; [stop] it from an
 * `@After`. run.sh hands the binary over as the `server.bin` property.
 */
class TestServer {
    private var process: Process? = null

    /** The server's stderr. */
    val log: File = File(Files.createTempDirectory("cc-server").toFile(), "server.log")

    /**
     * Starts the server (at [port], 0 for a free one) and returns the address it listens on;
     * [extra] are more of the server's options (e.g. `--grace-ms 60000`).
     */
    fun start(port: Int = 0, dataFile: File? = null, extra: List<String> = emptyList()): String {
        val bin = System.getProperty("server.bin")
        check(bin != null && File(bin).canExecute()) { "server binary not found: $bin (run android/robolectric/run.sh)" }
        val store = if (dataFile != null) listOf("--data", dataFile.path) else listOf("--memory")
        val p = ProcessBuilder(listOf(bin, "--bind", "127.0.0.1:$port") + store + extra)
            .redirectError(ProcessBuilder.Redirect.appendTo(log))
            .start()
        process = p
        val line = p.inputStream.bufferedReader().readLine() ?: error("the server did not start: ${log.readText()}")
        check(line.startsWith("listening on ")) { "unexpected server output: $line" }
        return line.removePrefix("listening on ").trim()
    }

    /** Stops the server, if it was started. */
    fun stop() {
        process?.destroy()
        process?.waitFor(5, TimeUnit.SECONDS)
    }
}

/**
 * Starts the content providers of the merged manifest, as Android does when it starts the app's
 * process (Robolectric makes the Application but starts no provider): androidx.startup's
 * InitializationProvider, whose onCreate runs every library initializer the manifest lists
 * (the process lifecycle, emoji2, the profile installer). Android starts them just before
 * Application.onCreate; here they start just after it, which the app cannot tell (nothing in
 * its onCreate uses them).
 */
fun startManifestProviders() {
    val context = RuntimeEnvironment.getApplication()
    val providers = context.packageManager
        .getPackageInfo(context.packageName, android.content.pm.PackageManager.GET_PROVIDERS).providers.orEmpty()
    for (provider in providers) {
        @Suppress("UNCHECKED_CAST")
        val type = Class.forName(provider.name) as Class<android.content.ContentProvider>
        org.robolectric.Robolectric.setupContentProvider(type, provider.authority)
    }
}
