package app.chinesecheckers.android.play

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.performTextClearance
import androidx.compose.ui.test.performTextInput
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.nextStart
import app.chinesecheckers.android.tag
import app.chinesecheckers.core.defaultServerUrl
import app.chinesecheckers.ui.settings.SettingsStore
import app.chinesecheckers.ui.strings.EnglishStrings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import java.io.File
import java.nio.file.Files

/**
 * The server address: the core's public server until the player types another under Settings →
 * Advanced (collapsed at first); "Reset to default" and an emptied field both go back to it.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class AdvancedSettingsTest {
    private val custom = "ws://10.0.2.2:8080/ws"

    /** The server field's text. */
    private fun RunningApp.fieldText(): String =
        tag("serverAddress").fetchSemanticsNode().config[SemanticsProperties.EditableText].text

    @Test
    fun withoutADefaultServerOnlinePlaySaysHowToChooseOneUntilOneIsTypedUnderAdvanced() = appTest {
        // The test command builds the core as a source build does: no default server.
        assertNull(defaultServerUrl())
        assertNull(app.settings.settings.value.server)

        // The online screen connects to nothing and says where to choose a server.
        click("online")
        tag("noServer").assertTextEquals(EnglishStrings.noServer)
        tag("quickMatch").assertIsNotEnabled()
        assertFalse(exists("notConnected"))
        click("back")

        click("settings")
        // Collapsed: no field until "Advanced" is opened.
        assertFalse(exists("serverAddress"))
        click("advanced")
        tag("defaultServer").assertTextEquals(EnglishStrings.noDefaultServer)
        assertEquals("", fieldText())
        tag("resetServer").assertIsNotEnabled()

        // A typed address is used, and kept for the next start.
        tag("serverAddress").performTextInput(custom)
        waitForIdle()
        assertEquals(custom, app.settings.settings.value.server)
        assertEquals(custom, nextStart { it.settings.settings.value.server })

        // The online screen then tries it (no server answers here: not connected yet).
        click("back")
        click("online")
        assertFalse(exists("noServer"))
        assertTrue(exists("notConnected"))
        click("back")

        // "Reset to default" empties the field: no server again, in this process and the next.
        click("settings")
        click("advanced")
        tag("resetServer").assertIsEnabled()
        click("resetServer")
        assertEquals("", fieldText())
        assertNull(app.settings.settings.value.server)
        assertNull(nextStart { it.settings.settings.value.server })

        // A field cleared by hand means the default too.
        tag("serverAddress").performTextInput(custom)
        tag("serverAddress").performTextClearance()
        waitForIdle()
        assertNull(app.settings.settings.value.server)

        // Opened again, the screen starts collapsed.
        click("back")
        click("settings")
        assertFalse(exists("serverAddress"))
    }

    @Test
    fun aServerOfOurOwnIsUsedButNotShownOnTheOnlineScreen() = appTest {
        app.settings.update { it.copy(serverAddress = custom) }
        assertEquals(custom, app.settings.settings.value.server)
        click("online")
        // The online screen is shown (the lobby's room-code field) and names no server: the
        // address is a setting, under Settings → Advanced only.
        assertTrue(exists("quickMatch"))
        assertTrue(onAllNodes(hasText(custom, substring = true), useUnmergedTree = true).fetchSemanticsNodes().isEmpty())
        assertTrue(onAllNodes(hasText(EnglishStrings.serverAddress, substring = true), useUnmergedTree = true).fetchSemanticsNodes().isEmpty())
    }

    @Test
    fun theDeviceLocalDefaultOfEarlierVersionsGivesWayToTheCoresServer() {
        val dir = Files.createTempDirectory("cc-settings").toFile().apply { deleteOnExit() }
        // Written before the core had a default: the then-default was stored for everyone.
        File(dir, "settings.properties").writeText("serverAddress=ws\\://127.0.0.1\\:8080/ws\ndisplayName=Ann\n")
        val old = SettingsStore(dir.path)
        assertEquals(defaultServerUrl(), old.settings.value.server)
        assertNull("a source build has no default", old.settings.value.server)
        assertEquals("Ann", old.settings.value.displayName)
        // Typed since (the file is rewritten in the new format), the same address is the player's and kept.
        old.update { it.copy(serverAddress = "ws://127.0.0.1:8080/ws") }
        assertEquals("ws://127.0.0.1:8080/ws", SettingsStore(dir.path).settings.value.server)
    }
}
