package app.chinesecheckers.desktop

import androidx.compose.ui.unit.DpSize
import androidx.compose.ui.unit.dp
import androidx.compose.ui.window.Window
import androidx.compose.ui.window.application
import androidx.compose.ui.window.rememberWindowState
import app.chinesecheckers.core.setAiThreads
import app.chinesecheckers.ui.AppState
import app.chinesecheckers.ui.ChineseCheckersApp
import app.chinesecheckers.ui.platform.HapticKind
import app.chinesecheckers.ui.platform.Platform
import app.chinesecheckers.ui.platform.SOUND_SAMPLE_RATE
import java.awt.Toolkit
import java.awt.datatransfer.StringSelection
import java.io.File
import java.util.Locale

/**
 * The desktop's [Platform]: data in `~/.local/share/chinese-checkers` (or [dataDir]), the JVM's
 * locale as the system language, the clipboard as the share sheet, no vibration, and synthesised
 * tones for sounds.
 */
class DesktopPlatform(
    override val dataDir: String = defaultDataDir(),
    override val systemLanguage: String = Locale.getDefault().toLanguageTag(),
    override val systemReducedMotion: Boolean = false,
    /** Whether sounds reach the speakers (tests only record them). */
    private val playAudio: Boolean = true,
) : Platform {
    /** What was last shared (tests read it; the player finds it on the clipboard). */
    @Volatile
    var lastShared: String? = null
        private set

    override fun share(text: String) {
        lastShared = text
        // A desktop has no share sheet: the invitation goes to the clipboard, to paste anywhere.
        runCatching { Toolkit.getDefaultToolkit().systemClipboard.setContents(StringSelection(text), null) }
    }

    override fun haptic(kind: HapticKind) = Unit

    /** Sounds played so far, each as its samples (tests compare them with `Tones`). */
    val soundsPlayed: MutableList<ShortArray> = java.util.Collections.synchronizedList(mutableListOf())

    /** Plays the samples through javax.sound; silent without an audio device. */
    override fun playSound(samples: ShortArray) {
        soundsPlayed += samples
        if (!playAudio) return
        Thread {
            runCatching {
                val bytes = ByteArray(samples.size * 2)
                for ((i, v) in samples.withIndex()) {
                    bytes[2 * i] = (v.toInt() and 0xFF).toByte() // little-endian 16-bit
                    bytes[2 * i + 1] = (v.toInt() shr 8).toByte()
                }
                val format = javax.sound.sampled.AudioFormat(SOUND_SAMPLE_RATE.toFloat(), 16, 1, true, false)
                javax.sound.sampled.AudioSystem.getSourceDataLine(format).use { line ->
                    line.open(format)
                    line.start()
                    line.write(bytes, 0, bytes.size)
                    line.drain()
                }
            }
        }.apply { isDaemon = true }.start()
    }

    companion object {
        /** `$XDG_DATA_HOME/chinese-checkers`, or `~/.local/share/chinese-checkers`. */
        fun defaultDataDir(): String {
            val base = System.getenv("XDG_DATA_HOME")?.takeIf { it.isNotBlank() }
                ?: (System.getProperty("user.home") + "/.local/share")
            return File(base, "chinese-checkers").apply { mkdirs() }.path
        }
    }
}

/** Opens the game in a window; the game in progress is kept by the core as it is played ("Continue"). */
fun main() {
    // Hard and Impossible search on every core (the tests keep the default, 1).
    setAiThreads(Runtime.getRuntime().availableProcessors().coerceAtLeast(1).toUInt())
    val appState = AppState(DesktopPlatform())
    application {
        Window(
            onCloseRequest = {
                appState.onBackground()
                appState.close()
                exitApplication()
            },
            title = "Chinese Checkers",
            state = rememberWindowState(size = DpSize(1100.dp, 800.dp)),
        ) {
            ChineseCheckersApp(appState)
        }
    }
}
