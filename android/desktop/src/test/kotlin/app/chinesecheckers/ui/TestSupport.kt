package app.chinesecheckers.ui

import androidx.compose.runtime.Composable
import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.unit.Density
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameSetup
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.HoleState
import app.chinesecheckers.core.Opener
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.RuleSetInfo
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.core.ruleSets
import app.chinesecheckers.desktop.DesktopPlatform
import org.jetbrains.skia.EncodedImageFormat
import java.io.File
import java.nio.file.Files

/**
 * A platform with its own data directory, English, normal motion. Unless [firstStart], the
 * directory holds settings that have offered the lessons already (as after the first start), so
 * that the first-start offer covers no screen under test.
 */
fun testPlatform(language: String = "en", reducedMotion: Boolean = false, firstStart: Boolean = false): DesktopPlatform {
    val dir = Files.createTempDirectory("cc-ui-test").toFile().apply { deleteOnExit() }
    if (!firstStart) File(dir, "settings.properties").writeText("learnOffered=true\n")
    return DesktopPlatform(
        dataDir = dir.path,
        systemLanguage = language,
        systemReducedMotion = reducedMotion,
        playAudio = false,
    )
}

/**
 * The day the screenshot tests' apps take as today (an epoch day): Home shows its puzzle of the
 * day, so with the real date its pictures would change every day.
 */
const val SCREENSHOT_DAY = 20_430L

/** [AppState]'s `today` for the screenshot tests: always [SCREENSHOT_DAY]. */
val screenshotToday: () -> Long = { SCREENSHOT_DAY }

fun person() = Seat(SeatPlayer.Person, "")
fun ai(level: AiLevel = AiLevel.BEGINNER) = Seat(SeatPlayer.Ai(level), "")

/** The catalogue's entry of [preset]. */
fun ruleSet(preset: Preset): RuleSetInfo = ruleSets().first { it.preset == preset }

/** The catalogue's default set-up of [preset], re-seated. */
fun setup(preset: Preset, seats: List<Seat>, colours: Int = 1, opener: Opener = Opener.Seat(0), seed: ULong = 7uL): GameSetup =
    ruleSet(preset).defaultSetup.copy(seats = seats, coloursPerSide = colours, opener = opener, seed = seed)

fun GameState.hole(c: Coord): HoleState = holes.first { it.coord == c }

/** The phone and tablet sizes the screenshots are taken at, in dp, with their pixel density. */
enum class Device(val widthDp: Int, val heightDp: Int, val density: Float) {
    Phone(411, 891, 2f),
    Tablet(1280, 800, 1.5f),
}

/** Where screenshots go (docs/screenshots/android, set by the pom). */
val screenshotDir: File = File(System.getProperty("screenshots.dir") ?: "target/screenshots").apply { mkdirs() }

/**
 * Renders [content] off-screen at [device]'s size and writes `name-phone.png` / `name-tablet.png`.
 * Frames are rendered a few seconds apart so that effects run and animations settle.
 */
fun screenshot(name: String, device: Device, content: @Composable () -> Unit): File =
    screenshot("$name-${device.name.lowercase()}", device.widthDp, device.heightDp, device.density, content)

/**
 * Renders [content] off-screen at [widthDp] × [heightDp] and writes `file.png`: for a long
 * screen drawn whole (a phone's width, as tall as the screen's content).
 */
fun screenshot(file: String, widthDp: Int, heightDp: Int, density: Float, content: @Composable () -> Unit): File {
    val scene = ImageComposeScene(
        (widthDp * density).toInt(),
        (heightDp * density).toInt(),
        Density(density),
        content = content,
    )
    try {
        var image = scene.render(0)
        for (t in 1..6) image = scene.render(t * 500_000_000L)
        val file = File(screenshotDir, "$file.png")
        file.writeBytes(image.encodeToData(EncodedImageFormat.PNG)!!.bytes)
        return file
    } finally {
        scene.close()
    }
}

/** Waits (really) until [condition] holds, failing after [timeoutMs]. */
fun awaitTrue(what: String, timeoutMs: Long = 30_000, describe: () -> String = { "" }, condition: () -> Boolean) {
    val deadline = System.currentTimeMillis() + timeoutMs
    while (!condition()) {
        check(System.currentTimeMillis() < deadline) { "timed out waiting for $what ${describe()}" }
        Thread.sleep(10)
    }
}
