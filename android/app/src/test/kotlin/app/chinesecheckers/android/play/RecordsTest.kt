package app.chinesecheckers.android.play

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.ScriptedServer
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.awaitSent
import app.chinesecheckers.android.awaitSharedText
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.online.describe
import app.chinesecheckers.android.online.openOnline
import app.chinesecheckers.android.person
import app.chinesecheckers.android.setup
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.text
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.Preset
import app.chinesecheckers.ui.Screen
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import kotlin.math.abs

/**
 * "Your games" and ratings in the lobby, driven by a scripted server speaking the protocol's own
 * frames: `ratings` answered on connecting, `list_games` with one finished classic game,
 * `get_game` with its log (started, one move, Bob resigns), `watch_lobby` with a rated host.
 * A tap on the game downloads it and opens it in the local board's replay; "Share" hands the
 * save text to the system's share sheet.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class RecordsTest {
    private var server: ScriptedServer? = null

    @After
    fun stop() {
        server?.stop()
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

    private fun scriptServer(endedMs: Long, afterWelcome: List<String> = emptyList()): ScriptedServer {
        val step = classicStep()
        return ScriptedServer { socket, text ->
            when {
                text.contains("\"type\":\"hello\"") -> {
                    socket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
                    afterWelcome.forEach { socket.send(it) }
                }
                text.contains("\"type\":\"ratings\"") -> socket.send(
                    """{"type":"ratings","ratings":[{"rule_set":"tripot","rating":1534.6,"rd":201.2,"games":3},""" +
                        """{"rule_set":"classic","rating":1480.2,"rd":300.0,"games":1}]}""",
                )
                text.contains("\"type\":\"list_games\"") -> socket.send(
                    """{"type":"games","games":[""" +
                        """{"game":"g1","format":"classic","players":["Ann","Bob"],"side":0,"result":{"winner":0,"reason":"resign"},"ended_ms":$endedMs},""" +
                        """{"game":"g2","format":"classic","players":["Ann","Bob"],"side":0,"result":{"winner":1,"reason":"resign"},"ended_ms":$endedMs},""" +
                        """{"game":"g0","format":"tripot2","players":["Cy","Ann"],"side":1,"result":{"winner":0,"reason":"win"},"ended_ms":1700000000000}]}""",
                )
                text.contains("\"type\":\"get_game\"") -> socket.send(
                    """{"type":"game_log","game":"g1","events":[""" +
                        """{"kind":"started","format":"classic","players":["Ann","Bob"]},""" +
                        """{"kind":"moved","ply":0,"side":0,"mv":$step},""" +
                        """{"kind":"ended","result":{"winner":0,"reason":"resign"}}]}""",
                )
                text.contains("\"type\":\"watch_lobby\"") -> socket.send(
                    """{"type":"lobby","tables":[{"id":"t1","format":"classic","host":"Dee","seated":1,"host_rating":1620},""" +
                        """{"id":"t2","format":"tripot1","host":"Eve","seated":1}]}""",
                )
            }
        }.also { server = it }
    }

    @Test
    fun theLobbyListsOurGamesAndRatingsAndATapReplaysAGame() = appTest {
        val server = scriptServer(System.currentTimeMillis() - 60_000)
        openOnline(server.start())
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
        awaitSent(server, "list_games")
        waitUntil(timeoutMillis = 10_000) { exists("pastGame:g1") }
        tag("pastGameTitle:g1").assertTextEquals("Classic · against Bob")
        tag("pastGameDetail:g1").assertTextEquals("Won · Bob resigned · today")
        // Who resigned is the core's (`PastGame.by`, `byYou`): ourselves, said so.
        tag("pastGameDetail:g2").assertTextEquals("Lost · You resigned · today")
        assertTrue(text("pastGameTitle:g0"), text("pastGameTitle:g0").endsWith("against Cy"))
        assertTrue(text("pastGameDetail:g0"), text("pastGameDetail:g0").startsWith("Lost · The target camp is filled · "))
        snapshot("online-your-games-phone")

        // Share: the save text goes to the system's share sheet and the presenter.
        click("shareGame:g1")
        val get = awaitSent(server, "get_game")
        assertEquals("""{"type":"get_game","game":"g1"}""", get)
        waitUntil(timeoutMillis = 10_000) { app.online.state.value.sharedSave != null }
        val save = app.online.state.value.sharedSave!!
        // (The presenter shares right after it keeps the save, on OkHttp's thread: waited for.)
        assertEquals(save, awaitSharedText())
        assertTrue("a session save: $save", LocalGame.restore(save).state().history.size == 1)

        // A tap on the game opens it in the local board's replay, at its start.
        click("pastGame:g1")
        waitUntil(timeoutMillis = 10_000) { app.screen.value == Screen.Board && exists("replayPosition") }
        tag("replayPosition").assertTextEquals("0 / 1")
        click("replayForward")
        tag("replayPosition").assertTextEquals("1 / 1")
        snapshot("online-replay-record-phone")
    }

    @Test
    fun aRatedGamesEndShowsHowItChangedOurRating() = appTest(device = Device.Tablet) {
        val players = """["Ann","Bob"]"""
        val frames = listOf(
            """{"type":"matched","game":"g5","side":0,"format":"classic","players":$players}""",
            """{"type":"sync","snapshot":{"game":"g5","seq":1,"side":0,"format":"classic","players":$players,""" +
                """"moves":[],"draw_offer":null,"connected":[true,true],"rematch":[false,false],"rematch_game":null,"result":null}}""",
            """{"type":"event","game":"g5","seq":2,"event":{"kind":"ended","result":{"winner":0,"reason":"resign"}}}""",
            // Another game's change first: not this game's to show.
            """{"type":"rating_changed","game":"g4","rule_set":"classic","before":1400,"after":1450}""",
        )
        val server = scriptServer(0, frames)
        openOnline(server.start())
        waitUntil(timeoutMillis = 30_000) { app.online.state.value.online?.game?.over == true && exists("gameOver") }
        waitUntil("g4's rating change read (${describe(app)})", 20_000) { app.online.state.value.online?.ratingChange?.game == "g4" }
        waitForIdle()
        assertTrue("another game's change is not shown", !exists("ratingChange"))
        server.last!!.send("""{"type":"rating_changed","game":"g5","rule_set":"classic","before":1500,"after":1662}""")
        waitUntil(timeoutMillis = 10_000) { exists("ratingChange") }
        tag("ratingChange").assertTextEquals("Rating 1500 → 1662")
        snapshot("online-rating-change-tablet")
    }
}
