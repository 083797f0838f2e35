package app.chinesecheckers.ui

import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.GameSetup
import app.chinesecheckers.core.Opener
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.core.ruleSets
import app.chinesecheckers.desktop.DesktopPlatform
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

fun person() = Seat(SeatPlayer.Person, "")
fun ai(level: AiLevel = AiLevel.BEGINNER) = Seat(SeatPlayer.Ai(level), "")

/** The catalogue's default set-up of [preset], re-seated. */
fun setup(preset: Preset, seats: List<Seat>, colours: Int = 1, opener: Opener = Opener.Seat(0), seed: Long = 7L): GameSetup =
    ruleSets().first { it.preset == preset }.defaultSetup.copy(seats = seats, coloursPerSide = colours, opener = opener, seed = seed)

/** A phone's and a tablet's size in dp, with their pixel density (PerformanceTest's frames). */
enum class Device(val widthDp: Int, val heightDp: Int, val density: Float) {
    Phone(411, 891, 2f),
    Tablet(1280, 800, 1.5f),
}
