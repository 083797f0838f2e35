package app.chinesecheckers.ui

import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Canvas
import androidx.compose.ui.graphics.ImageBitmap
import androidx.compose.ui.graphics.drawscope.CanvasDrawScope
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.LayoutDirection
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.Highlight
import app.chinesecheckers.core.Preset
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.board.BoardLayout
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.StarOutline
import app.chinesecheckers.ui.board.drawBoardFrame
import app.chinesecheckers.ui.theme.LightBoardPalette
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File
import java.util.concurrent.TimeUnit

/**
 * Measures (and prints; asserts nothing about speed): tap → the next frame with the lit holes
 * drawn, the board's draw time, and cold start to an interactive board. The numbers go to
 * target/performance.txt and are recorded in docs/BENCHMARKS.md.
 */
class PerformanceTest {
    private val report = StringBuilder()

    private fun record(line: String) {
        println("PERF $line")
        report.appendLine(line)
    }

    private fun percentile(sorted: List<Double>, p: Double) = sorted[((sorted.size - 1) * p).toInt()]

    @Test
    fun tapToFrameBoardDrawAndColdStart() {
        // A crowded board: tripot with three colours a side (60 pegs), a few moves in.
        val app = AppState(testPlatform())
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), person()), colours = 3), BoardMode.PassAndPlay)
        val presenter = checkNotNull(app.board.value)
        repeat(6) {
            val (from, to) = findStep(app)
            presenter.onEvent(BoardEvent.TapHole(from.q, from.r))
            presenter.onEvent(BoardEvent.TapHole(to.q, to.r))
        }
        // The pegs of the player to move that have somewhere to go: tapping them in turn selects each.
        val movable = gameOf(app).holes.filter { it.owner == gameOf(app).toMove }.map { it.coord }.filter { c ->
            presenter.onEvent(BoardEvent.TapHole(c.q, c.r))
            val lit = gameOf(app).targets.isNotEmpty()
            presenter.onEvent(BoardEvent.TapOutside)
            lit
        }
        assertTrue("pegs to tap: $movable", movable.size >= 3)

        val device = Device.Phone
        val scene = ImageComposeScene(
            (device.widthDp * device.density).toInt(), (device.heightDp * device.density).toInt(), Density(device.density),
        ) { ChineseCheckersApp(app) }
        var frameTime = 0L
        scene.render(frameTime)
        val samples = mutableListOf<Double>()
        repeat(100 + 200) { i -> // 100 warm-up taps (the JIT), then 200 measured
            val peg = movable[i % movable.size]
            frameTime += 16_666_667L
            val start = System.nanoTime()
            presenter.onEvent(BoardEvent.TapHole(peg.q, peg.r))
            val image = scene.render(frameTime)
            val elapsed = (System.nanoTime() - start) / 1e6
            if (i >= 100) samples += elapsed
            if (i == 100) {
                // The frame shows the lit holes: the core says which, and they are drawn in the target colour.
                val game = gameOf(app)
                assertTrue(game.holes.any { it.highlight == Highlight.STEP_TARGET || it.highlight == Highlight.JUMP_TARGET })
                assertTrue(image.width > 0)
            }
        }
        // What the harness itself costs: the same frame rendered again with nothing changed (the
        // scene still rasterises the whole window on the CPU and copies it out), and the core's tap alone.
        val idle = (0 until 100).map {
            frameTime += 16_666_667L
            val start = System.nanoTime()
            scene.render(frameTime)
            (System.nanoTime() - start) / 1e6
        }.sorted()
        val coreTaps = (0 until 200).map { i ->
            val peg = movable[i % movable.size]
            val start = System.nanoTime()
            presenter.onEvent(BoardEvent.TapHole(peg.q, peg.r))
            (System.nanoTime() - start) / 1e6
        }.sorted()
        scene.close()
        samples.sort()
        record("tap -> next frame with lit holes (phone ${device.widthDp}x${device.heightDp} dp @${device.density}x, 60-peg board, 200 taps): " +
            "median %.2f ms, p99 %.2f ms, max %.2f ms".format(percentile(samples, 0.5), percentile(samples, 0.99), samples.last()))
        record("  of which the harness: an unchanged frame rendered and copied out, median %.2f ms, p99 %.2f ms; the core's tap and the new UI state alone, median %.3f ms, p99 %.3f ms".format(
            percentile(idle, 0.5), percentile(idle, 0.99), percentile(coreTaps, 0.5), percentile(coreTaps, 0.99)))

        // The board's own drawing, without composition: one frame drawn into a bitmap.
        val size = Size(822f, 1400f)
        val layout = BoardLayout(app.geometry, size, 0f)
        val outline = StarOutline(app.geometry)
        val bitmap = ImageBitmap(size.width.toInt(), size.height.toInt())
        val canvas = Canvas(bitmap)
        val draw = CanvasDrawScope()
        val game = gameOf(app)
        fun timeDraws(includeStatic: Boolean) = (0 until 300).map {
            val start = System.nanoTime()
            draw.draw(Density(2f), LayoutDirection.Ltr, canvas, size) {
                drawBoardFrame(layout, outline, game, LightBoardPalette, null, 0f, includeStatic)
            }
            (System.nanoTime() - start) / 1e6
        }.drop(50).sorted()
        val whole = timeDraws(includeStatic = true)
        val perFrame = timeDraws(includeStatic = false)
        record("board draw, whole (822x1400 px, 121 holes, 60 pegs, CPU raster): median %.2f ms, p99 %.2f ms".format(percentile(whole, 0.5), percentile(whole, 0.99)))
        record("board draw, per frame over the cached star (highlights and pegs): median %.2f ms, p99 %.2f ms".format(percentile(perFrame, 0.5), percentile(perFrame, 0.99)))
        app.close()

        // Cold start: a fresh JVM opens the app state, starts a solo game and renders its first frame.
        val java = File(System.getProperty("java.home"), "bin/java").path
        val process = ProcessBuilder(
            java, "-Djava.awt.headless=true",
            "-Djna.library.path=" + System.getProperty("jna.library.path"),
            "-Duniffi.component.chinese_checkers_core.libraryOverride=" + System.getProperty("uniffi.component.chinese_checkers_core.libraryOverride"),
            "-cp", System.getProperty("java.class.path"), "app.chinesecheckers.ui.StartupProbeKt",
        ).redirectErrorStream(true).start()
        val out = process.inputStream.bufferedReader().readText()
        assertTrue("the probe ended", process.waitFor(120, TimeUnit.SECONDS))
        val line = out.lines().firstOrNull { it.startsWith("STARTUP ") } ?: error("no STARTUP line in: $out")
        record("cold start to an interactive board (new JVM, first frame of a solo board rendered): " + line.removePrefix("STARTUP "))
        File("target/performance.txt").writeText(report.toString())
    }
}
