package app.chinesecheckers.ui

import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.unit.Density
import app.chinesecheckers.core.Preset
import app.chinesecheckers.ui.board.BoardMode
import java.lang.management.ManagementFactory

/**
 * Run in a fresh JVM by [PerformanceTest]: times from the JVM's start (and from `main`) to the
 * first rendered frame of a solo board, i.e. the core loaded, the app state opened, the game
 * started and the board composed and drawn once. Prints one `STARTUP ...` line.
 */
fun main() {
    val mainStart = System.nanoTime()
    val app = AppState(testPlatform())
    app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai())), BoardMode.Solo)
    val scene = ImageComposeScene(822, 1782, Density(2f)) { ChineseCheckersApp(app) }
    scene.render(0)
    val fromMain = (System.nanoTime() - mainStart) / 1_000_000
    val fromJvm = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().startTime
    scene.close()
    app.close()
    println("STARTUP %d ms from the JVM's start, %d ms from main".format(fromJvm, fromMain))
}
