package app.chinesecheckers.ui

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.OnlineException
import app.chinesecheckers.core.OnlineState
import app.chinesecheckers.ui.online.OnlineEvent
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import okhttp3.WebSocket
import okhttp3.WebSocketListener
import okhttp3.mockwebserver.MockResponse
import okhttp3.mockwebserver.MockWebServer
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * The panel of a filling table of 3 or more seats, driven by a scripted server: a
 * [MockWebServer] answers `hello` with `welcome` and a `seated` frame, and records what the app
 * sends. The real server cannot script a half-filled table (it needs several devices), and the
 * frames are the protocol's own, so the core reads them exactly as it would the server's.
 */
@OptIn(ExperimentalTestApi::class)
class SeatedPanelUiTest {
    private val server = MockWebServer()

    /** Every frame the app sent, in order. */
    private val received = LinkedBlockingQueue<String>()

    @After
    fun stop() {
        server.shutdown()
    }

    /** Scripts the server: on `hello`, `welcome` then [seated]; every frame is recorded. */
    private fun scriptServer(seated: String): String {
        server.enqueue(
            MockResponse().withWebSocketUpgrade(object : WebSocketListener() {
                override fun onMessage(webSocket: WebSocket, text: String) {
                    received.add(text)
                    if (text.contains("\"type\":\"hello\"")) {
                        webSocket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
                        webSocket.send(seated)
                    }
                }

                // Answers the app's close, so that the server can shut down.
                override fun onClosing(webSocket: WebSocket, code: Int, reason: String) {
                    webSocket.close(1000, null)
                }
            }),
        )
        server.start()
        return "ws://${server.hostName}:${server.port}/ws"
    }

    private fun device(address: String): AppState = AppState(testPlatform()).also { app ->
        app.settings.update { it.copy(displayName = "Ann", serverAddress = address) }
        app.navigate(Screen.Online)
    }

    private fun online(app: AppState): OnlineState? = app.online.state.value.online

    /** The next frame sent of [type], skipping others (pings are not frames; `hello` is). */
    private fun nextFrame(type: String): String? {
        val deadline = System.currentTimeMillis() + 10_000
        while (System.currentTimeMillis() < deadline) {
            val frame = received.poll(deadline - System.currentTimeMillis(), TimeUnit.MILLISECONDS) ?: return null
            if (frame.contains("\"type\":\"$type\"")) return frame
        }
        return null
    }

    @Test
    fun theHostStartsWithComputerPlayersAtThePickedLevel() = runDesktopComposeUiTest(900, 1200) {
        val app = device(scriptServer("""{"type":"seated","id":"t4","format":"sternhalma4","players":["Ann","Bob"],"host":true}"""))
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { online(app)?.seated != null && exists("seated") }
        assertEquals(Connection.CONNECTED, online(app)!!.connection)
        tag("seatedPlayer:0").assertTextEquals("Ann")
        tag("seatedPlayer:1").assertTextEquals("Bob")
        tag("freeSeats").assertTextEquals("2 free seats")
        assertFalse("a seated player is not offered quick match", exists("quickMatch"))
        assertFalse("the format is the table's: no picker", exists("format:TRIPOT1"))
        for (d in Device.entries) screenshot("online-seated", d) { ChineseCheckersApp(app) }

        click("fillLevel:HARD")
        click("fillWithAi")
        val fill = nextFrame("fill_with_ai")
        assertNotNull("the app did not send fill_with_ai; sent: $received", fill)
        assertTrue(fill!!, fill.contains("\"id\":\"t4\"") && fill.contains("\"level\":\"hard\""))
        assertEquals("the start was refused: ${app.online.state.value.error}", null, app.online.state.value.error)
        app.close()
    }

    @Test
    fun aGuestWaitsForTheHostAndCanLeave() = runDesktopComposeUiTest(900, 1200) {
        val app = device(scriptServer("""{"type":"seated","id":"t6","format":"sternhalma6","players":["Bob","Ann","Cy"],"host":false}"""))
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { online(app)?.seated != null && exists("seated") }
        tag("freeSeats").assertTextEquals("3 free seats")
        assertFalse("only the host may start with computer players", exists("fillWithAi"))
        assertFalse(exists("fillLevel:MEDIUM"))
        // The core refuses a guest's start too (the button is not the only guard).
        assertTrue(runCatching { app.online.onEvent(OnlineEvent.FillWithAi) }.isSuccess)
        assertTrue(
            "a guest's start is refused by the core: ${app.online.state.value.error}",
            app.online.state.value.error is OnlineException.NotHost,
        )
        assertTrue("a guest sent fill_with_ai: $received", received.none { it.contains("fill_with_ai") })

        click("leaveSeat")
        val leave = nextFrame("leave_seat")
        assertNotNull("the app did not send leave_seat; sent: $received", leave)
        assertTrue(leave!!, leave.contains("\"id\":\"t6\""))
        waitUntil(timeoutMillis = 5_000) { !exists("seated") && exists("quickMatch") }
        // Back in the lobby, the picker offers every format again.
        assertTrue(exists("format:STERNHALMA6"))
        assertEquals(null, online(app)!!.seated)
        app.close()
    }
}
