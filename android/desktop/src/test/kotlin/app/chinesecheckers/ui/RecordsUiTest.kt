package app.chinesecheckers.ui

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.Preset
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import kotlin.math.abs
import okhttp3.WebSocket
import okhttp3.WebSocketListener
import okhttp3.mockwebserver.MockResponse
import okhttp3.mockwebserver.MockWebServer
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * "Your games" and ratings in the lobby, driven by a scripted server speaking the protocol's own
 * frames: `ratings` answered on connecting, `list_games` with one finished classic game,
 * `get_game` with its log (started, one move, Bob resigns), `watch_lobby` with a rated host.
 * A tap on the game downloads it and opens it in the local board's replay; "Share" hands the
 * save text to the platform.
 */
@OptIn(ExperimentalTestApi::class)
class RecordsUiTest {
    private val server = MockWebServer()

    /** The server's end of the app's socket, to send frames later. */
    @Volatile
    private var lastSocket: WebSocket? = null

    /** Every frame the app sent, in order. */
    private val received = LinkedBlockingQueue<String>()

    @After
    fun stop() {
        server.shutdown()
    }

    /** A step of seat 0 of a classic game, from its start, into the board's centre. */
    private fun classicStep(): String {
        val start: GameState = LocalGame(setup(Preset.CLASSIC, listOf(person(), person()))).state()
        val empty = start.holes.filter { it.occupant == null }.map { it.coord.q to it.coord.r }.toSet()
        val directions = listOf(1 to 0, -1 to 0, 0 to 1, 0 to -1, 1 to -1, -1 to 1)
        for (h in start.holes.filter { it.owner == 0 }) {
            for ((dq, dr) in directions) {
                val q = h.coord.q + dq
                val r = h.coord.r + dr
                if ((q to r) in empty && abs(q) <= 4 && abs(r) <= 4 && abs(q + r) <= 4) {
                    return """{"kind":"step","path":[[${h.coord.q},${h.coord.r}],[$q,$r]]}"""
                }
            }
        }
        error("no step")
    }

    private fun scriptServer(endedMs: Long, afterWelcome: List<String> = emptyList()): String {
        val step = classicStep()
        server.enqueue(
            MockResponse().withWebSocketUpgrade(object : WebSocketListener() {
                override fun onOpen(webSocket: WebSocket, response: okhttp3.Response) {
                    lastSocket = webSocket
                }

                override fun onMessage(webSocket: WebSocket, text: String) {
                    received.add(text)
                    when {
                        text.contains("\"type\":\"hello\"") ->
                        {
                            webSocket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
                            afterWelcome.forEach { webSocket.send(it) }
                        }
                        text.contains("\"type\":\"ratings\"") -> webSocket.send(
                            """{"type":"ratings","ratings":[{"rule_set":"tripot","rating":1534.6,"rd":201.2,"games":3},""" +
                                """{"rule_set":"classic","rating":1480.2,"rd":300.0,"games":1}]}""",
                        )
                        text.contains("\"type\":\"list_games\"") -> webSocket.send(
                            """{"type":"games","games":[""" +
                                """{"game":"g1","format":"classic","players":["Ann","Bob"],"side":0,"result":{"winner":0,"reason":"resign"},"ended_ms":$endedMs},""" +
                                """{"game":"g2","format":"classic","players":["Ann","Bob"],"side":0,"result":{"winner":1,"reason":"resign"},"ended_ms":$endedMs},""" +
                                """{"game":"g0","format":"tripot2","players":["Cy","Ann"],"side":1,"result":{"winner":0,"reason":"win"},"ended_ms":1700000000000}]}""",
                        )
                        text.contains("\"type\":\"get_game\"") -> webSocket.send(
                            """{"type":"game_log","game":"g1","events":[""" +
                                """{"kind":"started","format":"classic","players":["Ann","Bob"]},""" +
                                """{"kind":"moved","ply":0,"side":0,"mv":$step},""" +
                                """{"kind":"ended","result":{"winner":0,"reason":"resign"}}]}""",
                        )
                        text.contains("\"type\":\"watch_lobby\"") -> webSocket.send(
                            """{"type":"lobby","tables":[{"id":"t1","format":"classic","host":"Dee","seated":1,"host_rating":1620},""" +
                                """{"id":"t2","format":"tripot1","host":"Eve","seated":1}]}""",
                        )
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

    /** The desktop platform under the app: what was shared lands in its `lastShared`. */
    private val platform = testPlatform()

    private fun device(address: String): AppState = AppState(platform).also { app ->
        app.settings.update { it.copy(displayName = "Ann", serverAddress = address) }
        app.navigate(Screen.Online)
    }

    private fun nextFrame(type: String): String? {
        val deadline = System.currentTimeMillis() + 10_000
        while (System.currentTimeMillis() < deadline) {
            val frame = received.poll(deadline - System.currentTimeMillis(), TimeUnit.MILLISECONDS) ?: return null
            if (frame.contains("\"type\":\"$type\"")) return frame
        }
        return null
    }

    private fun androidx.compose.ui.test.ComposeUiTest.text(t: String): String =
        tag(t).fetchSemanticsNode().config[SemanticsProperties.Text].joinToString("") { it.text }

    @Test
    fun theLobbyListsOurGamesAndRatingsAndATapReplaysAGame() = runDesktopComposeUiTest(900, 1400) {
        val app = device(scriptServer(System.currentTimeMillis() - 60_000))
        setContent { ChineseCheckersApp(app) }
        // Our ratings are asked for on connecting, and shown rounded.
        waitUntil(timeoutMillis = 30_000) { exists("ratings") }
        tag("rating:TRIPOT").assertTextEquals("Tripot 1535 (3 games)")
        tag("rating:CLASSIC").assertTextEquals("Classic 1480 (1 game)")

        // A rated table's host shows their rating; an unrated one only the name.
        click("watchLobby")
        waitUntil(timeoutMillis = 10_000) { exists("table:t1") }
        tag("tableLine:t1").assertTextEquals("Dee (1620) · Classic")
        assertTrue(text("tableLine:t2"), text("tableLine:t2").startsWith("Eve · "))

        click("yourGames")
        assertNotNull("the app did not send list_games; sent: $received", nextFrame("list_games"))
        waitUntil(timeoutMillis = 10_000) { exists("pastGame:g1") }
        tag("pastGameTitle:g1").assertTextEquals("Classic · against Bob")
        tag("pastGameDetail:g1").assertTextEquals("Won · Bob resigned · today")
        // Who resigned is the core's (`PastGame.by`, `byYou`): ourselves, said so.
        tag("pastGameDetail:g2").assertTextEquals("Lost · You resigned · today")
        assertTrue(text("pastGameTitle:g0"), text("pastGameTitle:g0").endsWith("against Cy"))
        assertTrue(text("pastGameDetail:g0"), text("pastGameDetail:g0").startsWith("Lost · The target camp is filled · "))
        for (d in Device.entries) screenshot("online-your-games", d) { ChineseCheckersApp(app) }

        // Share: the save text goes to the platform (the desktop's clipboard) and the presenter.
        click("shareGame:g1")
        val get = nextFrame("get_game")
        assertNotNull("the app did not send get_game; sent: $received", get)
        assertEquals("""{"type":"get_game","game":"g1"}""", get)
        waitUntil(timeoutMillis = 10_000) { app.online.state.value.sharedSave != null }
        val save = app.online.state.value.sharedSave!!
        assertEquals(save, platform.lastShared)
        assertTrue("a session save: $save", LocalGame.restore(save).state().history.size == 1)

        // A tap on the game opens it in the local board's replay, at its start.
        click("pastGame:g1")
        waitUntil(timeoutMillis = 10_000) { app.screen.value == Screen.Board && exists("replayPosition") }
        tag("replayPosition").assertTextEquals("0 / 1")
        click("replayForward")
        tag("replayPosition").assertTextEquals("1 / 1")
        for (d in Device.entries) screenshot("online-replay-record", d) { ChineseCheckersApp(app) }
        app.close()
    }

    @Test
    fun aRatedGamesEndShowsHowItChangedOurRating() = runDesktopComposeUiTest(900, 1400) {
        val players = """["Ann","Bob"]"""
        val frames = listOf(
            """{"type":"matched","game":"g5","side":0,"format":"classic","players":$players}""",
            """{"type":"sync","snapshot":{"game":"g5","seq":1,"side":0,"format":"classic","players":$players,""" +
                """"moves":[],"draw_offer":null,"connected":[true,true],"rematch":[false,false],"rematch_game":null,"result":null}}""",
            """{"type":"event","game":"g5","seq":2,"event":{"kind":"ended","result":{"winner":0,"reason":"resign"}}}""",
            // Another game's change first: not this game's to show.
            """{"type":"rating_changed","game":"g4","rule_set":"classic","before":1400,"after":1450}""",
        )
        val app = device(scriptServer(0, frames))
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { app.online.state.value.online?.game?.over == true && exists("gameOver") }
        waitUntil(timeoutMillis = 5_000) { app.online.state.value.online?.ratingChange?.game == "g4" }
        waitForIdle()
        assertTrue("another game's change is not shown", !exists("ratingChange"))
        lastSocket!!.send("""{"type":"rating_changed","game":"g5","rule_set":"classic","before":1500,"after":1662}""")
        waitUntil(timeoutMillis = 10_000) { exists("ratingChange") }
        tag("ratingChange").assertTextEquals("Rating 1500 → 1662")
        for (d in Device.entries) screenshot("online-rating-change", d) { ChineseCheckersApp(app) }
        app.close()
    }
}
