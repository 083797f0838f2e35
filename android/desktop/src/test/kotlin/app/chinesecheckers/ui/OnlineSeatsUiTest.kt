package app.chinesecheckers.ui

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsNotSelected
import androidx.compose.ui.test.assertIsSelected
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Format
import app.chinesecheckers.core.OnlineSeat
import app.chinesecheckers.core.OnlineState
import app.chinesecheckers.core.opponents
import okhttp3.WebSocket
import okhttp3.WebSocketListener
import okhttp3.mockwebserver.MockResponse
import okhttp3.mockwebserver.MockWebServer
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Test

/**
 * The board of an online game of 4 seats, driven by a scripted server: a [MockWebServer] answers
 * `hello` with `welcome`, `matched` (4 players, we sit at side 1) and a `sync` snapshot built
 * like the protocol's GameSnapshot, with a computer at side 2 and side 3 not connected. The
 * real server cannot script such a table (it needs several devices and a dropped one), and the
 * frames are the protocol's own, so the core reads them exactly as it would the server's.
 */
@OptIn(ExperimentalTestApi::class)
class OnlineSeatsUiTest {
    private val server = MockWebServer()

    @After
    fun stop() {
        server.shutdown()
    }

    /** The medium computer's proper name, as the server names an AI seat. */
    private val computer = opponents().first { it.level == AiLevel.MEDIUM }.name

    private fun scriptServer(): String {
        val players = """["Bob","Ann","$computer","Dan"]"""
        val matched = """{"type":"matched","game":"g4","side":1,"format":"sternhalma4","players":$players}"""
        val sync = """{"type":"sync","snapshot":{"game":"g4","seq":1,"side":1,"format":"sternhalma4",
            "players":$players,"ai":[null,null,"medium",null],"moves":[],"draw_offer":null,
            "connected":[true,true,true,false],"rematch":[false,false,false,false],
            "rematch_game":null,"result":null}}""".replace("\n", " ")
        server.enqueue(
            MockResponse().withWebSocketUpgrade(object : WebSocketListener() {
                override fun onMessage(webSocket: WebSocket, text: String) {
                    if (text.contains("\"type\":\"hello\"")) {
                        webSocket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
                        webSocket.send(matched)
                        webSocket.send(sync)
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

    private fun online(app: AppState): OnlineState? = app.online.state.value.online

    @Test
    fun aGameOfFourSeatsListsEverySeatInTurnOrder() = runDesktopComposeUiTest(900, 1200) {
        val address = scriptServer()
        val app = AppState(testPlatform()).also { a ->
            a.settings.update { it.copy(displayName = "Ann", serverAddress = address) }
            a.navigate(Screen.Online)
        }
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { online(app)?.game != null && app.online.board.value != null && exists("seats") }
        waitForIdle()
        val game = online(app)!!.game!!
        assertEquals(Format.STERNHALMA4, game.format)
        assertEquals(
            listOf(OnlineSeat("Bob", null, true), OnlineSeat("Ann", null, true), OnlineSeat(computer, AiLevel.MEDIUM, true), OnlineSeat("Dan", null, false)),
            game.seats,
        )

        // Side 0 first (who opens), our seat named "You"; the computer with its level; Dan away.
        tag("seatName:0").assertTextEquals("Bob")
        tag("seatName:1").assertTextEquals("You")
        tag("seatName:2").assertTextEquals(computer)
        tag("seatDetail:2").assertTextEquals("Computer · Medium")
        tag("seatName:3").assertTextEquals("Dan")
        tag("seatDetail:3").assertTextEquals("away")
        assertFalse("a connected person has no mark", exists("seatDetail:0") || exists("seatDetail:1"))
        assertFalse("four seats, no fifth", exists("seat:4"))

        // Bob, side 0, opens: his seat is the highlighted one.
        assertEquals(0, app.online.board.value!!.state.value.game.toMove)
        tag("seat:0").assertIsSelected()
        for (i in 1..3) tag("seat:$i").assertIsNotSelected()
        tag("status").assertTextEquals("Bob to move")

        for (d in Device.entries) screenshot("online-seats", d) { ChineseCheckersApp(app) }
        app.close()
    }
}
