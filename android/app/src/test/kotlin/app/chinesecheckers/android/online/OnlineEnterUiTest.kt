package app.chinesecheckers.android.online

import androidx.compose.ui.input.key.Key
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.performImeAction
import androidx.compose.ui.test.performKeyInput
import androidx.compose.ui.test.performTextClearance
import androidx.compose.ui.test.performTextInput
import androidx.compose.ui.test.pressKey
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.TestServer
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.awaitTrue
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.onlineDevice
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.useServer
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.ErrorCode
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.online.OnlineEvent
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * Enter joins in the room-code field, through the real server on 127.0.0.1: a hardware Enter
 * with a wrong (well-formed) code sends it (the server says there is no such room), the
 * keyboard's Go key with the room's code joins Ann's game; Enter with an invalid code sends nothing.
 * Bob is the app under test; Ann a second device without a screen.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class OnlineEnterUiTest {
    private val server = TestServer()

    @After
    fun stopServer() = server.stop()

    @Test
    fun enterInTheRoomCodeFieldJoins() = appTest(device = Device.TabletPortrait) {
        val address = server.start()
        val ann = onlineDevice("Ann", address)
        try {
            ann.navigate(Screen.Online)
            ann.online.connect()
            // Ann's device has no screen: its state changes on the network's threads, not the main looper.
            awaitTrue("Ann connected") { online(ann)?.connection == Connection.CONNECTED }
            ann.online.onEvent(OnlineEvent.CreateRoom)
            awaitTrue("room code") { online(ann)?.room != null }
            val code = online(ann)!!.room!!.code

            useServer(address, name = "Bob")
            click("online")
            waitUntil("Bob connected", 30_000) { exists("roomCodeInput") && online(app)?.connection == Connection.CONNECTED }

            // Not a code: Enter sends nothing.
            tag("roomCodeInput").performTextInput("abc")
            tag("roomCodeInput").performKeyInput { pressKey(Key.Enter) }
            waitForIdle()
            // Time for a refusal to come back, had anything been sent (it would arrive on the
            // network's thread, which this sleep does not hold up).
            Thread.sleep(300)
            assertNull(online(app)!!.lastError)
            tag("roomCodeInput").performTextClearance()

            // A well-formed code of no room, and the hardware Enter key: sent, and refused.
            val wrong = (if (code.startsWith("2")) "3" else "2") + code.drop(1)
            tag("roomCodeInput").performTextInput(wrong)
            tag("roomCodeInput").performKeyInput { pressKey(Key.Enter) }
            waitUntil("the refusal", 10_000) { online(app)?.lastError != null }
            assertEquals(ErrorCode.ROOM_NOT_FOUND, online(app)!!.lastError)
            tag("roomCodeInput").performTextClearance()

            // The room's code, and the keyboard's Go key: Bob joins Ann's game.
            tag("roomCodeInput").performTextInput(code)
            tag("roomCodeInput").performImeAction()
            waitUntil("the room's game", 30_000) { online(ann)?.game != null && online(app)?.game != null }
            assertEquals("Ann", online(app)!!.game!!.opponent)
        } finally {
            ann.close()
        }
    }
}
