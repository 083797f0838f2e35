package app.chinesecheckers.android.online

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsNotSelected
import androidx.compose.ui.test.assertIsSelected
import androidx.compose.ui.test.assertTextEquals
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.ScriptedServer
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Format
import app.chinesecheckers.core.OnlineSeat
import app.chinesecheckers.core.opponents
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The board of an online game of 4 seats, driven by a scripted server: a [ScriptedServer] answers
 * `hello` with `welcome`, `matched` (4 players, we sit at side 1) and a `sync` snapshot built
 * like the protocol's GameSnapshot, with a computer at side 2 and side 3 not connected. The
 * real server cannot script such a table (it needs several devices and a dropped one), and the
 * frames are the protocol's own, so the core reads them exactly as it would the server's.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class OnlineSeatsUiTest {
    /** The medium computer's proper name, as the server names an AI seat. */
    private val computer = opponents().first { it.level == AiLevel.MEDIUM }.name

    private val players = """["Bob","Ann","$computer","Dan"]"""
    private val matched = """{"type":"matched","game":"g4","side":1,"format":"sternhalma4","players":$players}"""
    private val sync = """{"type":"sync","snapshot":{"game":"g4","seq":1,"side":1,"format":"sternhalma4",
        "players":$players,"ai":[null,null,"medium",null],"moves":[],"draw_offer":null,
        "connected":[true,true,true,false],"rematch":[false,false,false,false],
        "rematch_game":null,"result":null}}""".replace("\n", " ")

    private val server = ScriptedServer { socket, text ->
        if (text.contains("\"type\":\"hello\"")) {
            socket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
            socket.send(matched)
            socket.send(sync)
        }
    }

    @After
    fun stop() = server.stop()

    @Test
    fun aGameOfFourSeatsListsEverySeatInTurnOrder() = appTest(device = Device.TabletPortrait) {
        openOnline(server.start())
        waitUntil("the game of four", 30_000) { online(app)?.game != null && app.online.board.value != null && exists("seats") }
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

        snapshot("online-seats")
    }
}
