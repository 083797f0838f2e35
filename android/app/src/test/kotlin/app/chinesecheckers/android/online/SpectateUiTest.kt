package app.chinesecheckers.android.online

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.onNodeWithTag
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.ScriptedServer
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.awaitSent
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapHole
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.Format
import app.chinesecheckers.core.LiveGame
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * Watching a game, driven by a scripted server: `watch_games` is answered with `live_games`,
 * `spectate` with the game's `sync` (seen from side 0, as the server sends a spectator). The
 * board shows it read-only under "Watching"; "Stop watching" sends `stop_spectating` and goes
 * back to the lobby.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class SpectateUiTest {
    private val liveGames = """{"type":"live_games","games":[""" +
        """{"game":"g1","format":"sternhalma2","players":["Bob","Cy"],"ply":12},""" +
        """{"game":"g7","format":"sternhalma3","players":["Dee","Eve","Fay"],"ply":1}]}"""

    private val sync = """{"type":"sync","snapshot":{"game":"g1","seq":1,"side":0,"format":"sternhalma2",
        "players":["Bob","Cy"],"moves":[],"draw_offer":null,
        "connected":[true,true],"rematch":[false,false],
        "rematch_game":null,"result":null}}""".replace("\n", " ")

    private val server = ScriptedServer { socket, text ->
        when {
            text.contains("\"type\":\"hello\"") ->
                socket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
            text.contains("\"type\":\"watch_games\"") -> socket.send(liveGames)
            text.contains("\"type\":\"spectate\"") -> socket.send(sync)
        }
    }

    @After
    fun stop() = server.stop()

    @Test
    fun aGameInProgressIsWatchedReadOnlyThenLeft() = appTest(device = Device.TabletPortrait) {
        openOnline(server.start())
        waitUntil("connected", 30_000) { exists("watchGames") && online(app)?.connection == Connection.CONNECTED }

        click("watchGames")
        awaitSent(server, "watch_games")
        waitUntil("the live games", 10_000) { exists("liveGame:g1") }
        assertEquals(
            listOf(LiveGame("g1", Format.STERNHALMA2, listOf("Bob", "Cy"), 12), LiveGame("g7", Format.STERNHALMA3, listOf("Dee", "Eve", "Fay"), 1)),
            online(app)!!.liveGames,
        )
        tag("liveGame:g1").assertTextEquals("Sternhalma · 2 players · Bob, Cy · 12 moves")
        tag("liveGame:g7").assertTextEquals("Sternhalma · 3 players · Dee, Eve, Fay · 1 move")
        snapshot("online-live-games")

        click("liveGame:g1")
        assertEquals("""{"type":"spectate","game":"g1"}""", awaitSent(server, "spectate"))
        waitUntil("the watched board", 10_000) { online(app)?.game != null && app.online.board.value != null && exists("board") && exists("watching") }
        assertTrue(online(app)!!.spectating)
        tag("watching").assertTextEquals("Watching")
        onNodeWithTag("stopWatching").assertTextEquals("Stop watching")
        val caps = app.online.board.value!!.state.value.game.capabilities
        assertFalse("a spectator resigns nothing", caps.canResign)
        assertFalse(caps.canOfferDraw)
        assertFalse(caps.canRematch)
        assertFalse(exists("resign") || exists("offerDraw"))
        assertFalse("a watched game has no undo, hint or replay", exists("undo") || exists("hint") || exists("replay"))

        snapshot("online-watching")

        // Read-only: taps on Bob's pegs send no move.
        val board = app.online.board.value!!
        val game = board.state.value.game
        tapHole(game.holes.first { it.owner == game.toMove }.coord)
        waitForIdle()
        assertTrue("nothing picked up", board.state.value.game.targets.isEmpty())
        assertTrue("no move sent: ${server.received}", server.received.none { it.contains("\"type\":\"move\"") })
        assertTrue(online(app)!!.spectating)

        click("stopWatching")
        assertEquals("""{"type":"stop_spectating","game":"g1"}""", awaitSent(server, "stop_spectating"))
        waitUntil("the lobby again", 10_000) { !exists("watching") && exists("quickMatch") }
        assertFalse(online(app)!!.spectating)
        assertEquals(null, online(app)!!.game)
    }
}
