package app.chinesecheckers.ui

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.Format
import app.chinesecheckers.core.LiveGame
import app.chinesecheckers.core.OnlineState
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
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/**
 * Watching a game, driven by a scripted server: `watch_games` is answered with `live_games`,
 * `spectate` with the game's `sync` (seen from side 0, as the server sends a spectator). The
 * board shows it read-only under "Watching"; "Stop watching" sends `stop_spectating` and goes
 * back to the lobby.
 */
@OptIn(ExperimentalTestApi::class)
class SpectateUiTest {
    private val server = MockWebServer()

    /** Every frame the app sent, in order. */
    private val received = LinkedBlockingQueue<String>()
    private val sent = java.util.Collections.synchronizedList(mutableListOf<String>())

    @After
    fun stop() {
        server.shutdown()
    }

    private val liveGames = """{"type":"live_games","games":[""" +
        """{"game":"g1","format":"sternhalma2","players":["Bob","Cy"],"ply":12},""" +
        """{"game":"g7","format":"sternhalma3","players":["Dee","Eve","Fay"],"ply":1}]}"""

    private val sync = """{"type":"sync","snapshot":{"game":"g1","seq":1,"side":0,"format":"sternhalma2",
        "players":["Bob","Cy"],"moves":[],"draw_offer":null,
        "connected":[true,true],"rematch":[false,false],
        "rematch_game":null,"result":null}}""".replace("\n", " ")

    private fun scriptServer(): String {
        server.enqueue(
            MockResponse().withWebSocketUpgrade(object : WebSocketListener() {
                override fun onMessage(webSocket: WebSocket, text: String) {
                    received.add(text)
                    sent.add(text)
                    when {
                        text.contains("\"type\":\"hello\"") ->
                            webSocket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
                        text.contains("\"type\":\"watch_games\"") -> webSocket.send(liveGames)
                        text.contains("\"type\":\"spectate\"") -> webSocket.send(sync)
                    }
                }

                override fun onClosing(webSocket: WebSocket, code: Int, reason: String) {
                    webSocket.close(1000, null)
                }
            }),
        )
        server.start()
        return "ws://${server.hostName}:${server.port}/ws"
    }

    private fun online(app: AppState): OnlineState? = app.online.state.value.online

    /** The next frame sent of [type], skipping others. */
    private fun nextFrame(type: String): String? {
        val deadline = System.currentTimeMillis() + 10_000
        while (System.currentTimeMillis() < deadline) {
            val frame = received.poll(deadline - System.currentTimeMillis(), TimeUnit.MILLISECONDS) ?: return null
            if (frame.contains("\"type\":\"$type\"")) return frame
        }
        return null
    }

    @Test
    fun aGameInProgressIsWatchedReadOnlyThenLeft() = runDesktopComposeUiTest(900, 1200) {
        val address = scriptServer()
        val app = AppState(testPlatform()).also { a ->
            a.settings.update { it.copy(displayName = "Ann", serverAddress = address) }
            a.navigate(Screen.Online)
        }
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { exists("watchGames") && online(app)?.connection == Connection.CONNECTED }

        click("watchGames")
        assertNotNull("watch_games sent; sent: $sent", nextFrame("watch_games"))
        waitUntil(timeoutMillis = 10_000) { exists("liveGame:g1") }
        assertEquals(
            listOf(LiveGame("g1", Format.STERNHALMA2, listOf("Bob", "Cy"), 12u), LiveGame("g7", Format.STERNHALMA3, listOf("Dee", "Eve", "Fay"), 1u)),
            online(app)!!.liveGames,
        )
        tag("liveGame:g1").assertTextEquals("Sternhalma · 2 players · Bob, Cy · 12 moves")
        tag("liveGame:g7").assertTextEquals("Sternhalma · 3 players · Dee, Eve, Fay · 1 move")
        for (d in Device.entries) screenshot("online-live-games", d) { ChineseCheckersApp(app) }

        click("liveGame:g1")
        assertEquals("""{"type":"spectate","game":"g1"}""", nextFrame("spectate"))
        waitUntil(timeoutMillis = 10_000) { online(app)?.game != null && app.online.board.value != null && exists("board") && exists("watching") }
        assertTrue(online(app)!!.spectating)
        tag("watching").assertTextEquals("Watching")
        onNodeWithTag("stopWatching").assertTextEquals("Stop watching")
        val caps = app.online.board.value!!.state.value.game.capabilities
        assertFalse("a spectator resigns nothing", caps.canResign)
        assertFalse(caps.canOfferDraw)
        assertFalse(caps.canRematch)
        assertFalse(exists("resign") || exists("offerDraw"))
        assertFalse("a watched game has no undo, hint or replay", exists("undo") || exists("hint") || exists("replay"))

        for (d in Device.entries) screenshot("online-watching", d) { ChineseCheckersApp(app) }

        // Read-only: taps on Bob's pegs send no move.
        val board = app.online.board.value!!
        val game = board.state.value.game
        tapHole(game.holes.first { it.owner == game.toMove }.coord)
        waitForIdle()
        assertTrue("nothing picked up", board.state.value.game.targets.isEmpty())
        assertTrue("no move sent: $sent", sent.none { it.contains("\"type\":\"move\"") })
        assertTrue(online(app)!!.spectating)

        click("stopWatching")
        assertEquals("""{"type":"stop_spectating","game":"g1"}""", nextFrame("stop_spectating"))
        waitUntil(timeoutMillis = 10_000) { !exists("watching") && exists("quickMatch") }
        assertFalse(online(app)!!.spectating)
        assertEquals(null, online(app)!!.game)
        app.close()
    }
}
