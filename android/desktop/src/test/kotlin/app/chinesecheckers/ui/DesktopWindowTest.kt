package app.chinesecheckers.ui

import androidx.compose.ui.input.key.Key
import androidx.compose.ui.input.key.KeyEventType
import androidx.compose.ui.unit.DpSize
import androidx.compose.ui.unit.dp
import app.chinesecheckers.desktop.DEFAULT_WINDOW_SIZE
import app.chinesecheckers.desktop.escapeGoesBack
import app.chinesecheckers.desktop.readWindowSize
import app.chinesecheckers.desktop.writeWindowSize
import java.io.File
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * Issue 38 item 9: the desktop window keeps the size the player left it at, across starts, and
 * Esc goes back as a phone's back does.
 */
class DesktopWindowTest {
    @Test
    fun theWindowSizeIsKeptAcrossStartsAndADamagedOneIsIgnored() {
        val dir = testPlatform().dataDir
        assertEquals("first start", DEFAULT_WINDOW_SIZE, readWindowSize(dir))
        writeWindowSize(dir, DpSize(1234.dp, 777.dp))
        assertEquals(DpSize(1234.dp, 777.dp), readWindowSize(dir))
        for (damaged in listOf("abc", "10x10", "1200", "1200x-5", "")) {
            File(dir, "window-size.txt").writeText(damaged)
            assertEquals("'$damaged'", DEFAULT_WINDOW_SIZE, readWindowSize(dir))
        }
    }

    @Test
    fun escapeGoesBackToThePreviousScreen() {
        val app = AppState(testPlatform(reducedMotion = true))
        try {
            app.navigate(Screen.Settings)
            assertEquals(Screen.Settings, app.screen.value)
            assertFalse("a key release does nothing", escapeGoesBack(Key.Escape, KeyEventType.KeyUp, app))
            assertFalse("another key does nothing", escapeGoesBack(Key.A, KeyEventType.KeyDown, app))
            assertEquals(Screen.Settings, app.screen.value)
            assertTrue(escapeGoesBack(Key.Escape, KeyEventType.KeyDown, app))
            assertEquals(Screen.Home, app.screen.value)
            assertFalse("at Home, Esc has nowhere to go", escapeGoesBack(Key.Escape, KeyEventType.KeyDown, app))
        } finally {
            app.close()
        }
    }
}
