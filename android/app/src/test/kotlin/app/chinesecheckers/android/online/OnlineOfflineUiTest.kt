package app.chinesecheckers.android.online

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextEquals
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.useServer
import app.chinesecheckers.core.Connection
import app.chinesecheckers.ui.strings.EnglishStrings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import java.net.ServerSocket

/**
 * Issue 38 item 8: online with no server to reach tells the truth. Nothing listens at the
 * address: the screen says it is connecting (never "connection lost" before there was one), and
 * what needs the server is disabled and says why instead of doing nothing.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class OnlineOfflineUiTest {
    @Test
    fun withNoServerTheOnlineScreenSaysItIsConnectingAndItsChoicesWait() = appTest(device = Device.Phone, reducedMotion = true) {
        // A port nothing listens on: taken, then freed.
        val port = ServerSocket(0).use { it.localPort }
        useServer("127.0.0.1:$port")
        click("online")
        // The attempts fail (connection refused, at once on loopback; the next after about half a
        // second, then one second): through three seconds of them it stays the first connection
        // being tried, never "connection lost".
        waitUntil("the online state", 10_000) { online(app) != null }
        val seen = mutableSetOf<Connection?>()
        val until = System.nanoTime() + 3_000_000_000L
        while (System.nanoTime() < until) {
            waitForIdle()
            seen += online(app)?.connection
            assertFalse("no 'connection lost' before any connection", exists("reconnecting"))
            Thread.sleep(50)
        }
        assertEquals(setOf(Connection.CONNECTING), seen)
        tag("notConnected").assertTextEquals(EnglishStrings.notConnectedYet)
        tag("quickMatch").assertIsNotEnabled()
        tag("createRoom").assertIsNotEnabled()
        tag("createTable").assertIsNotEnabled()
        tag("watchLobby").assertIsNotEnabled()
        // A tap on the disabled button sends nothing and raises no error.
        click("quickMatch")
        assertNull(app.online.state.value.error)
        assertTrue(online(app)?.searching != true)
        tag("format:TRIPOT1").assertIsDisplayed()
    }
}
