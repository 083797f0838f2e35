package app.chinesecheckers.ui

import androidx.compose.ui.input.key.Key
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.performImeAction
import androidx.compose.ui.test.performKeyInput
import androidx.compose.ui.test.performTextClearance
import androidx.compose.ui.test.performTextInput
import androidx.compose.ui.test.pressKey
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.ErrorCode
import app.chinesecheckers.core.OnlineState
import app.chinesecheckers.ui.online.OnlineEvent
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

/**
 * Enter joins in the room-code field, through the real server on 127.0.0.1: a hardware Enter
 * with a wrong (well-formed) code sends it (the server says there is no such room), the
 * keyboard's Go key with the room's code joins Ann's game; Enter with an invalid code sends nothing.
 */
@OptIn(ExperimentalTestApi::class)
class OnlineEnterUiTest {
    private val server = TestServer()

    @After
    fun stopServer() = server.stop()

    private fun online(app: AppState): OnlineState? = app.online.state.value.online

    @Test
    fun enterInTheRoomCodeFieldJoins() = runDesktopComposeUiTest(900, 1400) {
        val address = server.start()
        val ann = onlineDevice("Ann", address)
        val bob = onlineDevice("Bob", address)
        ann.navigate(Screen.Online)
        ann.online.connect()
        awaitTrue("Ann connected") { online(ann)?.connection == Connection.CONNECTED }
        ann.online.onEvent(OnlineEvent.CreateRoom)
        awaitTrue("room code") { online(ann)?.room != null }
        val code = online(ann)!!.room!!.code

        bob.navigate(Screen.Online)
        setContent { ChineseCheckersApp(bob) }
        waitUntil(timeoutMillis = 30_000) { exists("roomCodeInput") && online(bob)?.connection == Connection.CONNECTED }

        // Not a code: Enter sends nothing.
        tag("roomCodeInput").performTextInput("abc")
        tag("roomCodeInput").performKeyInput { pressKey(Key.Enter) }
        waitForIdle()
        Thread.sleep(300)
        assertNull(online(bob)!!.lastError)
        tag("roomCodeInput").performTextClearance()

        // A well-formed code of no room, and the hardware Enter key: sent, and refused.
        val wrong = (if (code.startsWith("2")) "3" else "2") + code.drop(1)
        tag("roomCodeInput").performTextInput(wrong)
        tag("roomCodeInput").performKeyInput { pressKey(Key.Enter) }
        waitUntil(timeoutMillis = 10_000) { online(bob)?.lastError != null }
        assertEquals(ErrorCode.ROOM_NOT_FOUND, online(bob)!!.lastError)
        tag("roomCodeInput").performTextClearance()

        // The room's code, and the keyboard's Go key: Bob joins Ann's game.
        tag("roomCodeInput").performTextInput(code)
        tag("roomCodeInput").performImeAction()
        waitUntil(timeoutMillis = 30_000) { online(ann)?.game != null && online(bob)?.game != null }
        assertEquals("Ann", online(bob)!!.game!!.opponent)
        ann.close()
        bob.close()
    }
}
