package app.chinesecheckers.ui

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.OnlineClock
import app.chinesecheckers.core.OnlineState
import app.chinesecheckers.core.SavedGameKind
import app.chinesecheckers.core.TimeControl
import app.chinesecheckers.ui.online.TimeControlChoice
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
import kotlin.math.abs

/**
 * Online clocks, driven by a scripted server: a [MockWebServer] answers `hello` with `welcome`,
 * `matched` and a `sync` snapshot of a timed game, then sends what the test asks (`clock`
 * messages, the `timed_out` + `moved` pair of a move the clock played), and records what the
 * app sends. The frames are the protocol's own, so the core reads them as it would the server's.
 */
@OptIn(ExperimentalTestApi::class)
class OnlineClockUiTest {
    private val server = MockWebServer()

    /** Every frame the app sent, in order. */
    private val received = LinkedBlockingQueue<String>()

    /** The app's socket, once it said hello. */
    @Volatile private var socket: WebSocket? = null

    @After
    fun stop() {
        server.shutdown()
    }

    /** Scripts the server: on `hello`, `welcome` then [start] (none: the lobby). */
    private fun scriptServer(vararg start: String): String {
        server.enqueue(
            MockResponse().withWebSocketUpgrade(object : WebSocketListener() {
                override fun onMessage(webSocket: WebSocket, text: String) {
                    received.add(text)
                    if (text.contains("\"type\":\"hello\"")) {
                        webSocket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
                        for (frame in start) webSocket.send(frame)
                        socket = webSocket
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

    private fun device(address: String): AppState = AppState(testPlatform()).also { app ->
        app.settings.update { it.copy(displayName = "Ann", serverAddress = address) }
        app.navigate(Screen.Online)
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

    /** The text of the node tagged [t]. */
    private fun androidx.compose.ui.test.ComposeUiTest.text(t: String): String =
        tag(t).fetchSemanticsNode().config[SemanticsProperties.Text].joinToString("") { it.text }

    @Test
    fun aTimedGameCountsDownAndSaysWhenTheClockPlayedAMove() = runDesktopComposeUiTest(900, 1200) {
        val app = device(scriptServer(*timedGame("""{"kind":"per_move","seconds":30}""")))
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { online(app)?.game != null && app.online.board.value != null && exists("board") }
        assertEquals(TimeControl.PerMove(30u), online(app)!!.game!!.timeControl)
        assertEquals("no clock heard yet: none shown", false, exists("clock"))

        val sentAt = System.currentTimeMillis()
        socket!!.send("""{"type":"clock","game":"g2","side":0,"left_ms":12000}""")
        waitUntil(timeoutMillis = 10_000) { exists("clock") && text("clock") != "0:00" }
        val heard = online(app)!!.game!!.clock!!
        assertEquals(OnlineClock(0, 12_000uL, emptyList(), heard.receivedAtMs), heard)
        assertTrue("the core stamps the clock as it arrives", heard.receivedAtMs in sentAt..System.currentTimeMillis())
        assertTrue("Bob's 12 s, counting down: ${text("clock")}", text("clock") in setOf("0:12", "0:11"))
        assertTrue("no bank without a game clock", !exists("bank:0") && !exists("bank:1"))
        // Counting down locally, with no further message.
        waitUntil(timeoutMillis = 5_000) { text("clock") == "0:10" }

        // Bob's time runs out: the server plays his move with the most progress.
        val board = app.online.board.value!!.state.value.game
        val (from, to) = stepOf(board, player = 0)
        socket!!.send("""{"type":"event","game":"g2","seq":2,"event":{"kind":"timed_out","side":0}}""")
        socket!!.send(
            """{"type":"event","game":"g2","seq":3,"event":{"kind":"moved","ply":0,"side":0,""" +
                """"mv":{"kind":"step","path":[[${from.first},${from.second}],[${to.first},${to.second}]]}}}""",
        )
        socket!!.send("""{"type":"clock","game":"g2","side":1,"left_ms":8000}""")
        waitUntil(timeoutMillis = 10_000) {
            online(app)?.game?.clock?.side == 1 && exists("banner") && text("clock") in setOf("0:08", "0:07")
        }
        assertEquals(Banner.MoveTimedOut(0), online(app)!!.board.banner)
        tag("banner").assertTextEquals("Bob's time ran out — the move with the most progress was played for them")
        assertTrue("our 8 s: ${text("clock")}", text("clock") in setOf("0:08", "0:07"))
        assertTrue("the app resynced: the move did not replay; sent: $received", received.none { it.contains("\"type\":\"resume\"") })
        tag("status").assertTextEquals("Your turn")
        for (d in Device.entries) screenshot("online-clock", d) { ChineseCheckersApp(app) }
        app.close()
    }

    @Test
    fun aGameClockShowsEverySeatsBank() = runDesktopComposeUiTest(900, 1200) {
        val app = device(scriptServer(*timedGame("""{"kind":"game","base_s":300,"increment_s":5}""")))
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { online(app)?.game != null && app.online.board.value != null && exists("board") }
        socket!!.send("""{"type":"clock","game":"g2","side":0,"left_ms":295000,"banks_ms":[295000,183000]}""")
        waitUntil(timeoutMillis = 10_000) { exists("bank:1") && text("bank:1") == "3:03" }
        assertEquals(TimeControl.Game(300u, 5u), online(app)!!.game!!.timeControl)
        assertTrue(text("clock") in setOf("4:55", "4:54"))
        assertTrue("Bob's bank runs: ${text("bank:0")}", text("bank:0") in setOf("4:55", "4:54"))
        tag("bank:1").assertTextEquals("3:03")
        for (d in Device.entries) screenshot("online-clock-banks", d) { ChineseCheckersApp(app) }
        app.close()
    }

    @Test
    fun aGameOfFourSeatsShowsEachBankInItsSeatChip() = runDesktopComposeUiTest(900, 1200) {
        val players = """["Bob","Ann","Cy","Dan"]"""
        val matched = """{"type":"matched","game":"g2","side":1,"format":"sternhalma4","players":$players}"""
        val sync = """{"type":"sync","snapshot":{"game":"g2","seq":1,"side":1,"format":"sternhalma4",
            "players":$players,"clock":{"kind":"game","base_s":300,"increment_s":5},"moves":[],
            "draw_offer":null,"connected":[true,true,true,true],"rematch":[false,false,false,false],
            "rematch_game":null,"result":null}}""".replace("\n", " ")
        val app = device(scriptServer(matched, sync))
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { online(app)?.game != null && app.online.board.value != null && exists("seats") }
        socket!!.send("""{"type":"clock","game":"g2","side":0,"left_ms":9000,"banks_ms":[9000,300000,125000,61000]}""")
        waitUntil(timeoutMillis = 10_000) { exists("bank:3") && text("bank:3") == "1:01" }
        assertTrue("Bob's bank runs: ${text("bank:0")}", text("bank:0") in setOf("0:09", "0:08"))
        tag("bank:1").assertTextEquals("5:00")
        tag("bank:2").assertTextEquals("2:05")
        assertTrue("under 10 s: the clock is low", text("clock") in setOf("0:09", "0:08"))
        for (d in Device.entries) screenshot("online-clock-seats", d) { ChineseCheckersApp(app) }
        app.close()
    }

    @Test
    fun aTableIsCreatedWithThePickedTimeControl() = runDesktopComposeUiTest(900, 1200) {
        val app = device(scriptServer())
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { online(app) != null && socket != null && exists("createTable") }
        click("timeControl:${TimeControlChoice.Game5Plus5.name}")
        assertEquals(TimeControlChoice.Game5Plus5, app.online.state.value.timeControl)
        for (d in Device.entries) screenshot("online-time-control", d) { ChineseCheckersApp(app) }
        click("createTable")
        val create = nextFrame("create_table")
        assertNotNull("the app did not send create_table; sent: $received", create)
        assertTrue(create!!, create.contains(""""clock":{"kind":"game","base_s":300,"increment_s":5}"""))
        assertEquals(null, app.online.state.value.error)
        app.close()
    }

    /** A step of [player]'s: one of its pegs to an empty neighbouring hole in the board's centre. */
    private fun stepOf(game: app.chinesecheckers.core.GameState, player: Int): Pair<Pair<Int, Int>, Pair<Int, Int>> {
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
    private fun awayCountdown(format: String, players: List<String>, screenshotName: String) = runDesktopComposeUiTest(900, 1200) {
        val app = device(scriptServer(*untimedGame(format, players, side = 1)))
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { online(app)?.game != null && app.online.board.value != null && exists("board") }
        val sentAt = System.currentTimeMillis()
        socket!!.send("""{"type":"event","game":"g3","seq":2,"event":{"kind":"disconnected","side":0,"grace_ms":161000}}""")
        waitUntil(timeoutMillis = 10_000) { exists("banner") && text("banner").endsWith("to come back") }
        val banner = online(app)!!.board.banner as Banner.OpponentDisconnected
        val backBy = checkNotNull(banner.backByMs) { "the core stamps the drop it saw" }
        assertTrue("back by $backBy", backBy in sentAt + 161_000..System.currentTimeMillis() + 161_000)
        assertTrue(text("banner"), text("banner") in setOf("Bob has 2:41 to come back", "Bob has 2:40 to come back"))
        val seats = players.size >= 3
        if (seats) assertTrue(text("seatDetail:0"), text("seatDetail:0") in setOf("away · 2:41", "away · 2:40"))
        // Counting down with no further message.
        waitUntil(timeoutMillis = 5_000) { text("banner") == "Bob has 2:39 to come back" }
        if (seats) waitUntil(timeoutMillis = 2_000) { text("seatDetail:0") == "away · 2:39" }
        for (d in Device.entries) screenshot(screenshotName, d) { ChineseCheckersApp(app) }

        socket!!.send("""{"type":"event","game":"g3","seq":3,"event":{"kind":"reconnected","side":0}}""")
        waitUntil(timeoutMillis = 10_000) { exists("banner") && text("banner") == "Bob is back" }
        if (seats) assertFalse(exists("seatDetail:0"))
        app.close()
    }

    @Test
    fun aDroppedOpponentHasACountdownToComeBack() = awayCountdown("sternhalma2", listOf("Bob", "Ann"), "online-away")

    @Test
    fun aDroppedSeatOfAGameOfThreeCountsDownOnItsSeatToo() = awayCountdown("sternhalma3", listOf("Bob", "Ann", "Cy"), "online-away-seats")

    /**
     * An online game waiting for the opponent's move is among Home's games being played, with a
     * Continue that takes us back to its board.
     */
    @Test
    fun aWaitingOnlineGameShowsOnHomeWithAContinue() = runDesktopComposeUiTest(900, 1200) {
        val app = device(scriptServer(*untimedGame("sternhalma2", listOf("Bob", "Ann"), side = 1)))
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 30_000) { online(app)?.game != null && app.online.board.value != null && exists("board") }
        tag("status").assertTextEquals("Bob to move")
        click("home")
        assertEquals(Screen.Home, app.screen.value)
        val card = checkNotNull(app.library).listing().playing.single()
        assertEquals("g3", card.id)
        assertEquals(SavedGameKind.ONLINE, card.kind)
        tag("continue:g3").assertIsDisplayed()
        assertTrue(text("card:g3:2"), text("card:g3:2").startsWith("Bob to move"))
        click("continue:g3")
        waitUntil(timeoutMillis = 10_000) { exists("board") }
        assertEquals("g3", online(app)?.game?.id)
        app.close()
    }
}
