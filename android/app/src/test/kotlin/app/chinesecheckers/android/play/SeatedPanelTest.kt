package app.chinesecheckers.android.play

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.ScriptedServer
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.awaitSent
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.online.online
import app.chinesecheckers.android.online.openOnline
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.OnlineException
import app.chinesecheckers.ui.online.OnlineEvent
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The panel of a filling table of 3 or more seats, driven by a scripted server: a
 * [ScriptedServer] answers `hello` with `welcome` and a `seated` frame, and records what the app
 * sends. The real server cannot script a half-filled table (it needs several devices), and the
 * frames are the protocol's own, so the core reads them exactly as it would the server's.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class SeatedPanelTest {
    private var server: ScriptedServer? = null

    @After
    fun stop() {
        server?.stop()
    }

    /** Scripts the server: on `hello`, `welcome` then [seated]; every frame is recorded. */
    private fun scriptServer(seated: String): ScriptedServer = ScriptedServer { socket, text ->
        if (text.contains("\"type\":\"hello\"")) {
            socket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
            socket.send(seated)
        }
    }.also { server = it }

    @Test
    fun theHostStartsWithComputerPlayersAtThePickedLevel() = appTest {
        val server = scriptServer("""{"type":"seated","id":"t4","format":"sternhalma4","players":["Ann","Bob"],"host":true}""")
        openOnline(server.start())
        waitUntil(timeoutMillis = 30_000) { online(app)?.seated != null && exists("seated") }
        assertEquals(Connection.CONNECTED, online(app)!!.connection)
        tag("seatedPlayer:0").assertTextEquals("Ann")
        tag("seatedPlayer:1").assertTextEquals("Bob")
        tag("freeSeats").assertTextEquals("2 free seats")
        assertFalse("a seated player is not offered quick match", exists("quickMatch"))
        assertFalse("the format is the table's: no picker", exists("format:TRIPOT1"))
        snapshot("online-seated-phone")

        click("fillLevel:HARD")
        click("fillWithAi")
        val fill = awaitSent(server, "fill_with_ai")
        assertTrue(fill, fill.contains("\"id\":\"t4\"") && fill.contains("\"level\":\"hard\""))
        assertEquals("the start was refused: ${app.online.state.value.error}", null, app.online.state.value.error)
    }

    @Test
    fun aGuestWaitsForTheHostAndCanLeave() = appTest(device = Device.Tablet) {
        val server = scriptServer("""{"type":"seated","id":"t6","format":"sternhalma6","players":["Bob","Ann","Cy"],"host":false}""")
        openOnline(server.start())
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
        assertTrue("a guest sent fill_with_ai: ${server.received}", server.received.none { it.contains("fill_with_ai") })

        click("leaveSeat")
        val leave = awaitSent(server, "leave_seat")
        assertTrue(leave, leave.contains("\"id\":\"t6\""))
        waitUntil(timeoutMillis = 5_000) { !exists("seated") && exists("quickMatch") }
        // Back in the lobby, the picker offers every format again.
        assertTrue(exists("format:STERNHALMA6"))
        assertEquals(null, online(app)!!.seated)
    }
}
