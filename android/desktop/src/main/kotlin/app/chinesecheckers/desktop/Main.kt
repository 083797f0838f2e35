package app.chinesecheckers.desktop

import androidx.compose.ui.input.key.Key
import androidx.compose.ui.input.key.KeyEventType
import androidx.compose.ui.input.key.key
import androidx.compose.ui.input.key.type
import androidx.compose.ui.unit.DpSize
import androidx.compose.ui.unit.isSpecified
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
import kotlin.math.roundToInt

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

/** The window's size at the first start, and whenever the remembered one cannot be read. */
val DEFAULT_WINDOW_SIZE = DpSize(1100.dp, 800.dp)

/** The file in the data folder that remembers the window's size between starts. */
private const val WINDOW_FILE = "window-size.txt"

/**
 * The window's size as the player left it ([writeWindowSize]), from [dataDir]; the default when
 * there is none, or it is damaged, or it is too small or too large to be a window one meant.
 */
fun readWindowSize(dataDir: String): DpSize {
    val text = runCatching { File(dataDir, WINDOW_FILE).readText() }.getOrNull() ?: return DEFAULT_WINDOW_SIZE
    val parts = text.trim().split("x").mapNotNull { it.trim().toFloatOrNull() }
    if (parts.size != 2 || parts.any { it.isNaN() || it < 320f || it > 10_000f }) return DEFAULT_WINDOW_SIZE
    return DpSize(parts[0].dp, parts[1].dp)
}

/** Remembers the window's [size] in [dataDir] ("1100x800", in dp); best effort. */
fun writeWindowSize(dataDir: String, size: DpSize) {
    if (!size.isSpecified) return
    runCatching { File(dataDir, WINDOW_FILE).writeText("${size.width.value.roundToInt()}x${size.height.value.roundToInt()}\n") }
}

/**
 * Esc, as a phone's back: back to the previous screen (Home at the bottom). Returns whether the
 * key was used. A dialog open over the screen takes its own Esc first (Compose closes it).
 */
fun escapeGoesBack(key: Key, type: KeyEventType, appState: AppState): Boolean =
    type == KeyEventType.KeyDown && key == Key.Escape && appState.back()

/** Opens the game in a window; the game in progress is kept by the core as it is played ("Continue"). */
fun main() {
    // Hard and Impossible search on every core (the tests keep the default, 1).
    setAiThreads(Runtime.getRuntime().availableProcessors().coerceAtLeast(1))
    val platform = DesktopPlatform()
    val appState = AppState(platform)
    application {
        // The size the player left the window at, kept across starts.
        val windowState = rememberWindowState(size = readWindowSize(platform.dataDir))
        Window(
            onCloseRequest = {
                writeWindowSize(platform.dataDir, windowState.size)
                appState.onBackground()
                appState.close()
                exitApplication()
            },
            title = "Chinese Checkers",
            state = windowState,
            onKeyEvent = { escapeGoesBack(it.key, it.type, appState) },
        ) {
            ChineseCheckersApp(appState)
        }
    }
}
