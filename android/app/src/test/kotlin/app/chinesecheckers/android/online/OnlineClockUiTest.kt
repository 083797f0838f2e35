package app.chinesecheckers.android.online

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertTextEquals
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.ScriptedServer
import app.chinesecheckers.android.ScriptedSocket
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.awaitSent
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.text
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.OnlineClock
import app.chinesecheckers.core.SavedGameKind
import app.chinesecheckers.core.TimeControl
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.online.TimeControlChoice
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import kotlin.math.abs

/**
 * Online clocks, driven by a scripted server: a [ScriptedServer] answers `hello` with `welcome`,
 * `matched` and a `sync` snapshot of a timed game, then sends what the test asks (`clock`
 * messages, the `timed_out` + `moved` pair of a move the clock played), and records what the
 * app sends. The frames are the protocol's own, so the core reads them as it would the server's.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class OnlineClockUiTest {
    /** What the server sends after `welcome` (none: the lobby). */
    @Volatile private var start: List<String> = emptyList()

    private val server = ScriptedServer { socket, text ->
        if (text.contains("\"type\":\"hello\"")) {
            socket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
            for (frame in start) socket.send(frame)
        }
    }

    /** The app's connection to the server. */
    private val socket: ScriptedSocket get() = checkNotNull(server.last) { "the app has not connected" }

    @After
    fun stop() = server.stop()

    /** Scripts the server: on `hello`, `welcome` then [start] (none: the lobby); returns its address. */
    private fun scriptServer(vararg start: String): String {
        this.start = start.toList()
        return server.start()
    }

    /** `matched` and `sync` of a sternhalma game of two, Bob (side 0) to move, we (Ann) side 1. */
    private fun timedGame(clock: String): Array<String> {
        val players = """["Bob","Ann"]"""
        val matched = """{"type":"matched","game":"g2","side":1,"format":"sternhalma2","players":$players}"""
        val sync = """{"type":"sync","snapshot":{"game":"g2","seq":1,"side":1,"format":"sternhalma2",
            "players":$players,"clock":$clock,"moves":[],"draw_offer":null,
            "connected":[true,true],"rematch":[false,false],
            "rematch_game":null,"result":null}}""".replace("\n", " ")
        return arrayOf(matched, sync)
    }

    /** The app on the online screen of the scripted server at [address], its game's board shown once [ready]. */
    private fun RunningApp.awaitGame(address: String, ready: String = "board") {
        openOnline(address)
        waitUntil("the scripted game's board", 30_000) { online(app)?.game != null && app.online.board.value != null && exists(ready) }
    }

    @Test
    fun aTimedGameCountsDownAndSaysWhenTheClockPlayedAMove() = appTest(device = Device.TabletPortrait) {
        awaitGame(scriptServer(*timedGame("""{"kind":"per_move","seconds":30}""")))
        assertEquals(TimeControl.PerMove(30), online(app)!!.game!!.timeControl)
        assertEquals("no clock heard yet: none shown", false, exists("clock"))

        val sentAt = System.currentTimeMillis()
        socket.send("""{"type":"clock","game":"g2","side":0,"left_ms":12000}""")
        waitUntil("Bob's clock shown", 10_000) { exists("clock") && text("clock") != "0:00" }
        val heard = online(app)!!.game!!.clock!!
        assertEquals(OnlineClock(0, 12_000L, emptyList(), heard.receivedAtMs), heard)
        assertTrue("the core stamps the clock as it arrives", heard.receivedAtMs in sentAt..System.currentTimeMillis())
        assertTrue("Bob's 12 s, counting down: ${text("clock")}", text("clock") in setOf("0:12", "0:11"))
        assertTrue("no bank without a game clock", !exists("bank:0") && !exists("bank:1"))
        // Counting down locally, with no further message.
        waitUntil("the clock at 0:10", 5_000) { text("clock") == "0:10" }

        // Bob's time runs out: the server plays his move with the most progress.
        val board = app.online.board.value!!.state.value.game
        val (from, to) = stepOf(board, player = 0)
        socket.send("""{"type":"event","game":"g2","seq":2,"event":{"kind":"timed_out","side":0}}""")
        socket.send(
            """{"type":"event","game":"g2","seq":3,"event":{"kind":"moved","ply":0,"side":0,""" +
                """"mv":{"kind":"step","path":[[${from.first},${from.second}],[${to.first},${to.second}]]}}}""",
        )
        socket.send("""{"type":"clock","game":"g2","side":1,"left_ms":8000}""")
        // The board's move and the clock and banner beside it reach the screen on two paths (the
        // game's listener, the online info): the status is awaited with them.
        waitUntil("our clock after Bob's timed-out move", 10_000) {
            online(app)?.game?.clock?.side == 1 && exists("banner") && text("clock") in setOf("0:08", "0:07") && text("status") == "Your turn"
        }
        assertEquals(Banner.MoveTimedOut(0), online(app)!!.board.banner)
        tag("banner").assertTextEquals("Bob's time ran out — the move with the most progress was played for them")
        assertTrue("our 8 s: ${text("clock")}", text("clock") in setOf("0:08", "0:07"))
        assertTrue("the app resynced: the move did not replay; sent: ${server.received}", server.received.none { it.contains("\"type\":\"resume\"") })
        tag("status").assertTextEquals("Your turn")
    }

    @Test
    fun aGameClockShowsEverySeatsBank() = appTest(device = Device.TabletPortrait) {
        awaitGame(scriptServer(*timedGame("""{"kind":"game","base_s":300,"increment_s":5}""")))
        socket.send("""{"type":"clock","game":"g2","side":0,"left_ms":295000,"banks_ms":[295000,183000]}""")
        waitUntil("our bank", 10_000) { exists("bank:1") && text("bank:1") == "3:03" }
        assertEquals(TimeControl.Game(300, 5), online(app)!!.game!!.timeControl)
        assertTrue(text("clock") in setOf("4:55", "4:54"))
        assertTrue("Bob's bank runs: ${text("bank:0")}", text("bank:0") in setOf("4:55", "4:54"))
        tag("bank:1").assertTextEquals("3:03")
    }

    @Test
    fun aGameOfFourSeatsShowsEachBankInItsSeatChip() = appTest(device = Device.TabletPortrait) {
        val players = """["Bob","Ann","Cy","Dan"]"""
        val matched = """{"type":"matched","game":"g2","side":1,"format":"sternhalma4","players":$players}"""
        val sync = """{"type":"sync","snapshot":{"game":"g2","seq":1,"side":1,"format":"sternhalma4",
            "players":$players,"clock":{"kind":"game","base_s":300,"increment_s":5},"moves":[],
            "draw_offer":null,"connected":[true,true,true,true],"rematch":[false,false,false,false],
            "rematch_game":null,"result":null}}""".replace("\n", " ")
        awaitGame(scriptServer(matched, sync), ready = "seats")
        socket.send("""{"type":"clock","game":"g2","side":0,"left_ms":9000,"banks_ms":[9000,300000,125000,61000]}""")
        waitUntil("Dan's bank", 10_000) { exists("bank:3") && text("bank:3") == "1:01" }
        assertTrue("Bob's bank runs: ${text("bank:0")}", text("bank:0") in setOf("0:09", "0:08"))
        tag("bank:1").assertTextEquals("5:00")
        tag("bank:2").assertTextEquals("2:05")
        assertTrue("under 10 s: the clock is low", text("clock") in setOf("0:09", "0:08"))
        // Bob's clock and bank counting down change a few digits: well within the golden's tolerance.
        snapshot("online-clock-seats")
    }

    @Test
    fun aTableIsCreatedWithThePickedTimeControl() = appTest(device = Device.TabletPortrait) {
        openOnline(scriptServer())
        // Welcomed (the welcome received and read, not only sent): a table can be asked for.
        waitUntil("the lobby", 30_000) { online(app)?.connection == Connection.CONNECTED && exists("createTable") }
        click("timeControl:${TimeControlChoice.Game5Plus5.name}")
        assertEquals(TimeControlChoice.Game5Plus5, app.online.state.value.timeControl)
        click("createTable")
        val create = awaitSent(server, "create_table")
        assertTrue(create, create.contains(""""clock":{"kind":"game","base_s":300,"increment_s":5}"""))
        assertEquals(null, app.online.state.value.error)
    }

    /** A step of [player]'s: one of its pegs to an empty neighbouring hole in the board's centre. */
    private fun stepOf(game: GameState, player: Int): Pair<Pair<Int, Int>, Pair<Int, Int>> {
        val empty = game.holes.filter { it.occupant == null }.map { it.coord.q to it.coord.r }.toSet()
        val directions = listOf(1 to 0, -1 to 0, 0 to 1, 0 to -1, 1 to -1, -1 to 1)
        for (h in game.holes.filter { it.owner == player }) {
            for ((dq, dr) in directions) {
                val q = h.coord.q + dq
                val r = h.coord.r + dr
                if ((q to r) in empty && abs(q) <= 4 && abs(r) <= 4 && abs(q + r) <= 4) return (h.coord.q to h.coord.r) to (q to r)
            }
        }
        error("player $player has no step into the centre")
    }

    /** `matched` and `sync` of an untimed sternhalma game of [players], we (Ann) on [side], the first to move. */
    private fun untimedGame(format: String, players: List<String>, side: Int): Array<String> {
        val names = players.joinToString(",", "[", "]") { "\"$it\"" }
        val flags = { v: Boolean -> players.joinToString(",", "[", "]") { "$v" } }
        val matched = """{"type":"matched","game":"g3","side":$side,"format":"$format","players":$names}"""
        val sync = """{"type":"sync","snapshot":{"game":"g3","seq":1,"side":$side,"format":"$format",""" +
            """"players":$names,"moves":[],"draw_offer":null,"connected":${flags(true)},"rematch":${flags(false)},""" +
            """"rematch_game":null,"result":null}}"""
        return arrayOf(matched, sync)
    }

    /**
     * Bob's connection drops (the server holds his seat 161 s): the banner says how long he has
     * to come back, from the core's `awayReading`, and counts down by itself; in a game of three
     * his seat says it too. Back, the countdown goes.
     */
    private fun awayCountdown(format: String, players: List<String>) = appTest(device = Device.TabletPortrait) {
        awaitGame(scriptServer(*untimedGame(format, players, side = 1)))
        val sentAt = System.currentTimeMillis()
        socket.send("""{"type":"event","game":"g3","seq":2,"event":{"kind":"disconnected","side":0,"grace_ms":161000}}""")
        waitUntil("the countdown banner", 10_000) { exists("banner") && text("banner").endsWith("to come back") }
        val banner = online(app)!!.board.banner as Banner.OpponentDisconnected
        val backBy = checkNotNull(banner.backByMs) { "the core stamps the drop it saw" }
        assertTrue("back by $backBy", backBy in sentAt + 161_000..System.currentTimeMillis() + 161_000)
        assertTrue(text("banner"), text("banner") in setOf("Bob has 2:41 to come back", "Bob has 2:40 to come back"))
        val seats = players.size >= 3
        if (seats) {
            // The seat's mark (the online info) comes on another path than the banner: awaited.
            waitUntil("the seat's away mark", 10_000) { exists("seatDetail:0") }
            assertTrue(text("seatDetail:0"), text("seatDetail:0") in setOf("away · 2:41", "away · 2:40", "away · 2:39"))
        }
        // Counting down with no further message.
        waitUntil("the banner at 2:39", 5_000) { text("banner") == "Bob has 2:39 to come back" }
        if (seats) waitUntil("the seat at 2:39", 2_000) { text("seatDetail:0") == "away · 2:39" }

        socket.send("""{"type":"event","game":"g3","seq":3,"event":{"kind":"reconnected","side":0}}""")
        // The banner (the game's state) and the seat's mark (the online info) change on two paths:
        // the seat is awaited with the banner.
        waitUntil("Bob back in the banner (${describe(app)})", 10_000) { exists("banner") && text("banner") == "Bob is back" }
        if (seats) waitUntil("Bob's seat without the away mark", 10_000) { !exists("seatDetail:0") }
    }

    @Test
    fun aDroppedOpponentHasACountdownToComeBack() = awayCountdown("sternhalma2", listOf("Bob", "Ann"))

    @Test
    fun aDroppedSeatOfAGameOfThreeCountsDownOnItsSeatToo() = awayCountdown("sternhalma3", listOf("Bob", "Ann", "Cy"))

    /**
     * An online game waiting for the opponent's move is among Home's games being played, with a
     * Continue that takes us back to its board.
     */
    @Test
    fun aWaitingOnlineGameShowsOnHomeWithAContinue() = appTest(device = Device.TabletPortrait) {
        awaitGame(scriptServer(*untimedGame("sternhalma2", listOf("Bob", "Ann"), side = 1)))
        tag("status").assertTextEquals("Bob to move")
        click("home")
        assertEquals(Screen.Home, app.screen.value)
        val card = checkNotNull(app.library).listing().playing.single()
        assertEquals("g3", card.id)
        assertEquals(SavedGameKind.ONLINE, card.kind)
        tag("continue:g3").assertIsDisplayed()
        assertTrue(text("card:g3:2"), text("card:g3:2").startsWith("Bob to move"))
        click("continue:g3")
        waitUntil("the board again", 10_000) { exists("board") }
        assertEquals("g3", online(app)?.game?.id)
    }
}
