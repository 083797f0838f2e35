package app.chinesecheckers.r8check

import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.core.Opener
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.SearchOutcome
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.core.coreVersion
import app.chinesecheckers.core.ruleSets
import kotlinx.coroutines.runBlocking
import kotlin.system.exitProcess

/**
 * Goes through R8 with the app (r8-check.sh) as one more entry point, like MainActivity, and is
 * then run on the desktop JVM from the shrunk classes, against the host-built core: each call
 * below crosses JNA the way the app's calls do (direct-mapped native functions, RustBuffer and
 * call-status Structures read by field name, a Rust future polled through a JNA Callback). A keep
 * rule missing for JNA or the bindings makes one of them throw here, as it would on a phone.
 */
object ShrunkCoreProbe {
    @JvmStatic
    fun main(args: Array<String>) {
        try {
            probe()
        } catch (e: Throwable) {
            System.err.println("the shrunk core bindings FAILED: $e")
            e.printStackTrace()
            exitProcess(1)
        }
    }

    private fun probe() {
        // A plain call returning a string (a RustBuffer Structure).
        val version = coreVersion()
        check(version.matches(Regex("\\d+\\.\\d+\\.\\d+.*"))) { "core_version returned '$version'" }
        // A list of records (a bigger RustBuffer, read field by field).
        val sets = ruleSets()
        check(sets.any { it.preset == Preset.TRIPOT }) { "rule_sets has no tripot: $sets" }
        val setup = sets.first { it.preset == Preset.TRIPOT }.defaultSetup.copy(
            seats = listOf(Seat(SeatPlayer.Person, ""), Seat(SeatPlayer.Ai(AiLevel.BEGINNER), "")),
            opener = Opener.Seat(0),
            seed = 7L,
        )
        // An object (a handle, freed through the cleaner) and taps, as the board sends them.
        LocalGame(setup).use { game ->
            val selected = game.tap(-1, 5)
            check(selected.selected == Coord(-1, 5)) { "tapping a peg did not select it: ${selected.selected}" }
            val moved = game.tap(-1, 4)
            check(moved.history.singleOrNull()?.kind == MoveKind.STEP) { "the step was not played: ${moved.history}" }
            check(moved.aiToMove) { "the AI is not to move after the person's step" }
            // The AI's answer: an async function, a Rust future driven through JNA callbacks.
            val outcome = runBlocking { game.think().finish() }
            check(outcome is SearchOutcome.Finished && outcome.state.history.size == 2) { "the AI did not answer: $outcome" }
            println("shrunk bindings: core $version, ${sets.size} rule sets, a tap-played step and the AI's answer (${outcome.state.history[1].kind})")
        }
    }
}
