package app.chinesecheckers.desktop

import androidx.compose.ui.unit.DpSize
import androidx.compose.ui.unit.dp
import androidx.compose.ui.window.Window
import androidx.compose.ui.window.application
import androidx.compose.ui.window.rememberWindowState
import app.chinesecheckers.ui.AppState
import app.chinesecheckers.ui.ChineseCheckersApp
import app.chinesecheckers.ui.platform.HapticKind
import app.chinesecheckers.ui.platform.Platform
import java.awt.Toolkit
import java.awt.datatransfer.StringSelection
import java.io.File
import java.util.Locale

/**
 * The desktop's [Platform]: data in `~/.local/share/chinese-checkers` (or [dataDir]), the JVM's
 * locale as the system language, the clipboard as the share sheet, and no vibration.
 */
class DesktopPlatform(
    override val dataDir: String = defaultDataDir(),
    override val systemLanguage: String = Locale.getDefault().toLanguageTag(),
    override val systemReducedMotion: Boolean = false,
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

    companion object {
        /** `$XDG_DATA_HOME/chinese-checkers`, or `~/.local/share/chinese-checkers`. */
        fun defaultDataDir(): String {
            val base = System.getenv("XDG_DATA_HOME")?.takeIf { it.isNotBlank() }
                ?: (System.getProperty("user.home") + "/.local/share")
            return File(base, "chinese-checkers").apply { mkdirs() }.path
        }
    }
}

/** Opens the game in a window; closing it saves the game in progress for "Continue". */
fun main() {
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
