package app.chinesecheckers.android.online

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.onNodeWithTag
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.TestServer
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.awaitSharedText
import app.chinesecheckers.android.awaitTrue
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.findStep
import app.chinesecheckers.android.lookAt
import app.chinesecheckers.android.onlineDevice
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapHole
import app.chinesecheckers.android.useServer
import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.EndReason
import app.chinesecheckers.core.ErrorCode
import app.chinesecheckers.core.SavedGameKind
import app.chinesecheckers.ui.AppState
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.online.OnlineEvent
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import java.io.File
import java.nio.file.Files

/**
 * An online room game between the app (Ann, on the real Activity, played by taps) and a second
 * client (Bob, a device without a screen, played through its presenters) through the real server
 * on 127.0.0.1.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class OnlineUiTest {
    private val server = TestServer()
    private val dataFile: File = File(Files.createTempDirectory("cc-server").toFile(), "games.redb")

    @After
    fun stopServer() = server.stop()

    /** A long grace: a dropped device must find its seat held when it comes back. */
    private val grace = listOf("--grace-ms", "60000")

    /** What a failed wait shows: both devices' online states and the end of the server's log. */
    private fun describeBoth(ann: AppState, bob: AppState): String =
        "Ann: ${describe(ann)}\nBob: ${describe(bob)}\nserver log:\n" +
            server.log.takeIf { it.exists() }?.readLines()?.takeLast(30)?.joinToString("\n")

    /**
     * [app]'s turn, and its board shows it: the board's presenter publishes the core's state on
     * its own coroutine, a moment after the online state says so, and the move is found (and
     * tapped) on the board's state.
     */
    private fun myTurn(app: AppState): Boolean {
        val s = online(app) ?: return false
        val g = s.game ?: return false
        val shown = app.online.board.value?.state?.value?.game ?: return false
        return !g.over && s.board.toMove == g.side && g.pendingMove.isEmpty() && s.connection == Connection.CONNECTED &&
            shown.toMove == g.side && shown.history.size == s.board.history.size
    }

    /** The app (Ann) on the online screen of the server at [address], and [bob] connected to it too: waited for both. */
    private fun RunningApp.bothOnline(address: String, bob: AppState) {
        useServer(address, name = "Ann")
        click("online")
        bob.navigate(Screen.Online)
        bob.online.connect()
        waitUntil("both connected", 30_000) { online(app)?.connection == Connection.CONNECTED && online(bob)?.connection == Connection.CONNECTED }
    }

    /**
     * The device whose turn it is plays a step: Ann by tapping the app's board, Bob through his
     * board's presenter; the other sees it arrive.
     */
    private fun RunningApp.playRound(bob: AppState) {
        val ann = app
        waitUntil("someone's turn: ${describeBoth(ann, bob)}", 30_000) { myTurn(ann) || myTurn(bob) }
        val annMoves = myTurn(ann)
        val (mover, other) = if (annMoves) ann to bob else bob to ann
        val before = online(mover)!!.board.history.size
        val presenter = checkNotNull(mover.online.board.value)
        val (from, to) = findStep(presenter)
        if (annMoves) {
            tapHole(from)
            tapHole(to)
        } else {
            presenter.onEvent(BoardEvent.TapHole(from.q, from.r))
            presenter.onEvent(BoardEvent.TapHole(to.q, to.r))
        }
        waitUntil("the move on both devices", 30_000) {
            online(mover)!!.game!!.pendingMove.isEmpty() && online(mover)!!.board.history.size == before + 1 &&
                online(other)!!.board.history.size == before + 1
        }
        assertEquals(online(mover)!!.board.holes, online(other)!!.board.holes)
    }

    @Test
    fun theAppPlaysARoomGameWithASecondDeviceThroughADroppedConnectionAndAServerRestart() = appTest(device = Device.TabletPortrait) {
        val address = server.start(dataFile = dataFile, extra = grace)
        val ann = app
        val bob = onlineDevice("Bob", address)
        try {
            bothOnline(address, bob)
            waitForIdle()
            tag("connection").assertIsDisplayed()

            // A room opened by mistake is closed from its card: its code finds nothing after.
            click("createRoom")
            waitUntil("the first room", 30_000) { online(ann)?.room != null && exists("closeRoom") }
            val closed = online(ann)!!.room!!.code
            onNodeWithTag("closeRoom").assertTextEquals("Close the room")
            click("closeRoom")
            waitUntil("the room closed", 30_000) { online(ann)?.room == null && exists("createRoom") }

            // Ann opens a private room and shares its code; Bob types it as a person might. The
            // server reads Ann's requests in order: once it answers this one, the first room is
            // closed, and Bob, typing the closed code first, finds nothing there.
            click("createRoom")
            waitUntil("the room", 30_000) { online(ann)?.room != null }
            val code = online(ann)!!.room!!.code
            assertNotEquals(closed, code)
            bob.online.onEvent(OnlineEvent.RoomCodeChanged(closed))
            bob.online.onEvent(OnlineEvent.JoinRoom)
            waitUntil("the closed room refused", 30_000) { online(bob)?.lastError == ErrorCode.ROOM_NOT_FOUND }
            assertNull(online(bob)?.game)
            waitForIdle()
            tag("roomCodeText").assertTextEquals(code.chunked(4).joinToString(" "))
            click("share")
            // The system's share sheet, asked for with the invitation.
            val shared = checkNotNull(awaitSharedText()) { "no share sheet started" }
            assertTrue("shared: $shared", shared.contains(code))
            bob.online.onEvent(OnlineEvent.RoomCodeChanged(code.lowercase().chunked(4).joinToString("-")))
            bob.online.onEvent(OnlineEvent.JoinRoom)
            waitUntil("the room's game on both devices", 30_000) {
                online(ann)?.game != null && online(bob)?.game != null && ann.online.board.value != null && bob.online.board.value != null
            }
            waitForIdle()
            assertEquals("Bob", online(ann)!!.game!!.opponent)
            assertEquals("Ann", online(bob)!!.game!!.opponent)
            tag("board").assertIsDisplayed()
            // A two-seat game names the opponent in the top row, with no list of seats.
            assertFalse("a two-seat game shows no seat list", exists("seats"))
            // The online board's capabilities: no undo, hint or replay handle, so no such button.
            val caps = checkNotNull(ann.online.board.value).state.value.capabilities
            assertTrue(caps.undo == null && caps.hint == null && caps.replay == null && caps.ai == null)
            assertTrue(caps.resign && caps.drawOffers && caps.rematch)
            assertFalse(exists("undo") || exists("hint") || exists("replay"))

            repeat(4) { playRound(bob) }

            // Ann goes Home mid-game: the game is in Continue with its card (the core kept it as it
            // was played), and the card takes her back to it.
            val gameId = online(ann)!!.game!!.id
            click("home")
            val card = ann.home.state.value.interrupted.single()
            assertEquals(gameId, card.id)
            assertEquals(SavedGameKind.ONLINE, card.kind)
            assertEquals(online(ann)!!.board.history.size, card.moves)
            tag("card:$gameId:1").assertTextEquals("vs Bob")
            click("continue:$gameId")
            tag("board").assertIsDisplayed()
            playRound(bob)

            // Ann's network drops: she sees "reconnecting" at once, the client reconnects by itself.
            ann.online.simulateNetworkDrop()
            waitForIdle()
            assertEquals(Connection.RECONNECTING, online(ann)!!.connection)
            // The board draws it once the next frame runs (the core's first retry is ~500 ms away).
            waitUntil("the reconnecting banner", 2_000) {
                onAllNodes(hasTestTag("banner") and hasText("Connection lost — reconnecting…"), useUnmergedTree = true)
                    .fetchSemanticsNodes().isNotEmpty()
            }
            waitUntil("Ann reconnected: ${describe(ann)}", 30_000) { online(ann)!!.connection == Connection.CONNECTED && online(ann)!!.game?.resyncing == false }
            repeat(2) { playRound(bob) }

            // The server restarts mid-game (on the same address and data file): both come back.
            server.stop()
            waitUntil("both lost the server", 30_000) { online(ann)!!.connection != Connection.CONNECTED && online(bob)!!.connection != Connection.CONNECTED }
            server.start(port = address.substringAfterLast(':').toInt(), dataFile = dataFile, extra = grace)
            waitUntil("both back: ${describeBoth(ann, bob)}", 30_000) {
                listOf(ann, bob).all { online(it)!!.connection == Connection.CONNECTED && online(it)!!.game?.resyncing == false }
            }
            assertEquals(online(ann)!!.board.history, online(bob)!!.board.history)
            repeat(2) { playRound(bob) }

            // Ann goes Home again, mid-game: her Continue card is there.
            click("home")
            tag("continue:$gameId").assertIsDisplayed()

            // Bob resigns from his board while Ann is on Home; both games see the end.
            checkNotNull(bob.online.board.value).onEvent(BoardEvent.Resign)
            waitUntil("the end on both devices", 30_000) { online(ann)!!.board.outcome != null && online(bob)!!.board.outcome != null }
            assertEquals(EndReason.RESIGNED, online(ann)!!.board.outcome!!.reason)
            assertEquals(listOf(online(ann)!!.game!!.side), online(ann)!!.board.outcome!!.winners)
            // Ann's Home drops the card of the game that ended, without her leaving Home.
            waitUntil("the card gone", 5_000) { ann.home.state.value.interrupted.isEmpty() }
            waitForIdle()
            assertFalse(exists("continue:$gameId"))
            assertEquals(Screen.Home, ann.screen.value)
            // Bob's board shows its game-over dialog (what his screen would draw: the outcome, not
            // dismissed, no replay open).
            val bobBoard = checkNotNull(bob.online.board.value).state.value
            assertTrue(bobBoard.game.outcome != null && !bobBoard.gameOverDismissed && bobBoard.game.replay == null)
            // The ended game is never offered to continue, on either device, and is among the finished.
            for (device in listOf(ann, bob)) {
                // What the game-over dialog's "Home" does.
                device.online.leaveScreen()
                device.navigate(Screen.Home)
                waitForIdle()
                assertEquals(Screen.Home, device.screen.value)
                assertEquals(emptyList<String>(), device.home.state.value.interrupted.map { it.id })
                assertFalse(exists("continue:$gameId"))
                assertEquals(listOf(gameId), checkNotNull(device.library).listing().finished.map { it.id })
            }
        } finally {
            bob.close()
        }
    }

    @Test
    fun waitingLobbyAndRoomCodeScreens() = appTest(device = Device.TabletPortrait) {
        val address = server.start()
        val ann = app
        val bob = onlineDevice("Bob", address)
        try {
            bothOnline(address, bob)

            click("quickMatch")
            waitUntil("searching: ${describe(ann)}", 30_000) { online(ann)?.searching == true && exists("cancelMatch") }
            // The spinner's turn differs from run to run: a few hundred pixels, well within the golden's tolerance.
            snapshot("online-waiting")
            click("cancelMatch")
            waitUntil("search cancelled: ${describe(ann)}", 30_000) { online(ann)?.searching == false && exists("quickMatch") }

            bob.online.onEvent(OnlineEvent.CreateTable)
            click("watchLobby")
            waitUntil("Bob's table in Ann's lobby", 30_000) { online(ann)?.lobby?.any { it.host == "Bob" } == true && exists("tableLine:${online(ann)!!.lobby.first().id}") }
            snapshot("online-lobby")
            ann.online.onEvent(OnlineEvent.UnwatchLobby)
            bob.online.onEvent(OnlineEvent.CloseTable)

            click("createRoom")
            waitUntil("room code", 30_000) { online(ann)?.room != null && exists("roomCodeText") }
            assertEquals(Banner.RoomCode(online(ann)!!.room!!.code), online(ann)!!.board.banner)
            // No golden of the room's code: the server draws it at random. A picture to look at.
            onNodeWithTag("closeRoom").assertIsDisplayed()
            lookAt("online-room-code-tablet")
            click("closeRoom")
            waitUntil("the room closed", 30_000) { online(ann)?.room == null && exists("createRoom") }
        } finally {
            bob.close()
        }
    }
}
