package app.chinesecheckers.ui

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsNodeInteraction
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.hasAnyAncestor
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.onAllNodesWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performTextInput
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.EndReason
import app.chinesecheckers.core.SavedGameKind
import app.chinesecheckers.core.OnlineState
import app.chinesecheckers.desktop.DesktopPlatform
import app.chinesecheckers.ui.board.holeTag
import app.chinesecheckers.ui.online.OnlineEvent
import java.io.File
import java.nio.file.Files
import java.util.concurrent.TimeUnit
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test

/** Two UI instances play each other through the real server on 127.0.0.1. */
@OptIn(ExperimentalTestApi::class)
class OnlineUiTest {
    private var server: Process? = null
    private val dataFile: File = File(Files.createTempDirectory("cc-server").toFile(), "games.redb")
    private val serverLog: File = File(dataFile.parentFile, "server.log")

    @After
    fun stopServer() {
        server?.destroy()
        server?.waitFor(5, TimeUnit.SECONDS)
    }

    /**
     * Starts the server on [bind]; returns its address. [persistent]: with a data file, so that a
     * restart keeps the game; otherwise the memory store.
     */
    private fun startServer(bind: String = "127.0.0.1:0", persistent: Boolean = false): String {
        val bin = System.getProperty("server.bin")
        check(bin != null && File(bin).canExecute()) { "server binary not found: $bin (run android/desktop/run.sh)" }
        // A long grace: a dropped device must find its seat held when it comes back.
        val store = if (persistent) listOf("--data", dataFile.path) else listOf("--memory")
        val p = ProcessBuilder(listOf(bin, "--bind", bind) + store + listOf("--grace-ms", "60000"))
            .redirectError(ProcessBuilder.Redirect.appendTo(serverLog)) // read only when a wait fails
            .also { it.environment()["RUST_LOG"] = System.getProperty("server.log.level", "info") }
            .start()
        server = p
        val line = p.inputStream.bufferedReader().readLine() ?: error("the server did not start")
        check(line.startsWith("listening on ")) { "unexpected server output: $line" }
        return line.removePrefix("listening on ").trim()
    }

    private fun device(name: String, address: String, platform: DesktopPlatform = testPlatform()): AppState = AppState(platform).also { app ->
        app.settings.update { it.copy(displayName = name, serverAddress = "ws://$address/ws") }
    }

    private fun online(app: AppState): OnlineState? = app.online.state.value.online

    /** What a failed wait shows of [app]'s online state. */
    private fun describe(app: AppState): String = online(app)?.let {
        "connection=${it.connection} searching=${it.searching} table=${it.table} room=${it.room} lastError=${it.lastError} " +
            "banner=${it.board.banner} game=${it.game} ui error=${app.online.state.value.error}; ${app.online.diagnostics()}"
    }.let { (it ?: "not connected") + "\nserver log:\n" + serverLog.takeIf { f -> f.exists() }?.readLines()?.takeLast(30)?.joinToString("\n") }

    private fun myTurn(app: AppState): Boolean {
        val s = online(app) ?: return false
        val g = s.game ?: return false
        return !g.over && s.board.toMove == g.side && g.pendingMove.isEmpty() && s.connection == Connection.CONNECTED
    }

    /** The node tagged [tag] inside the half of the window that shows [device]. */
    private fun ComposeUiTest.inDevice(device: String, tag: String): SemanticsNodeInteraction =
        onAllNodes(hasTestTag(tag) and hasAnyAncestor(hasTestTag(device)), useUnmergedTree = true)[0]

    /** The device whose turn it is plays a step by tapping its board; the other sees it arrive. */
    private fun ComposeUiTest.playRound(a: AppState, b: AppState) {
        waitUntil(timeoutMillis = 30_000) { myTurn(a) || myTurn(b) }
        val (mover, tag, other) = if (myTurn(a)) Triple(a, "deviceA", b) else Triple(b, "deviceB", a)
        val before = online(mover)!!.board.history.size
        val (from, to) = findStep(checkNotNull(mover.online.board.value))
        inDevice(tag, holeTag(from)).performClick()
        waitForIdle()
        inDevice(tag, holeTag(to)).performClick()
        waitForIdle()
        waitUntil(timeoutMillis = 30_000) {
            online(mover)!!.game!!.pendingMove.isEmpty() && online(mover)!!.board.history.size == before + 1 &&
                online(other)!!.board.history.size == before + 1
        }
        assertEquals(online(mover)!!.board.holes, online(other)!!.board.holes)
    }

    @Test
    fun twoUiInstancesPlayARoomGameThroughADroppedConnectionAndAServerRestart() = runDesktopComposeUiTest(1600, 1000) {
        val address = startServer(persistent = true)
        val annPlatform = testPlatform()
        val ann = device("Ann", address, annPlatform)
        val bob = device("Bob", address)
        setContent {
            Row {
                Box(Modifier.weight(1f).fillMaxHeight().testTag("deviceA")) { ChineseCheckersApp(ann) }
                Box(Modifier.weight(1f).fillMaxHeight().testTag("deviceB")) { ChineseCheckersApp(bob) }
            }
        }
        inDevice("deviceA", "online").performClick()
        inDevice("deviceB", "online").performClick()
        waitUntil(timeoutMillis = 30_000) { online(ann)?.connection == Connection.CONNECTED && online(bob)?.connection == Connection.CONNECTED }
        waitForIdle()
        inDevice("deviceA", "connection").assertIsDisplayed()

        // Ann opens a private room and shares its code; Bob types it as a person might.
        inDevice("deviceA", "createRoom").performClick()
        waitUntil(timeoutMillis = 30_000) { online(ann)?.room != null }
        val code = online(ann)!!.room!!.code
        waitForIdle()
        inDevice("deviceA", "roomCodeText").assertTextEquals(code.chunked(4).joinToString(" "))
        inDevice("deviceA", "share").performClick()
        assertTrue(annPlatform.lastShared.orEmpty().contains(code))
        inDevice("deviceB", "roomCodeInput").performTextInput(code.lowercase().chunked(4).joinToString("-"))
        waitForIdle()
        inDevice("deviceB", "joinRoom").performClick()
        waitUntil(timeoutMillis = 30_000) { online(ann)?.game != null && online(bob)?.game != null && ann.online.board.value != null && bob.online.board.value != null }
        waitForIdle()
        assertEquals("Bob", online(ann)!!.game!!.opponent)
        assertEquals("Ann", online(bob)!!.game!!.opponent)
        inDevice("deviceA", "board").assertIsDisplayed()
        inDevice("deviceB", "board").assertIsDisplayed()
        // A two-seat game names the opponent in the top row, with no list of seats.
        assertFalse("a two-seat game shows no seat list", exists("seats"))
        // The online board's capabilities: no undo, hint or replay handle, so no such button.
        val caps = checkNotNull(ann.online.board.value).state.value.capabilities
        assertTrue(caps.undo == null && caps.hint == null && caps.replay == null && caps.ai == null)
        assertTrue(caps.resign && caps.drawOffers && caps.rematch)
        assertFalse(exists("undo") || exists("hint") || exists("replay"))

        repeat(4) { playRound(ann, bob) }

        // Ann goes Home mid-game: the game is in Continue with its card (the core kept it as it
        // was played), and the card takes her back to it.
        val gameId = online(ann)!!.game!!.id
        inDevice("deviceA", "home").performClick()
        waitForIdle()
        val card = ann.home.state.value.interrupted.single()
        assertEquals(gameId, card.id)
        assertEquals(SavedGameKind.ONLINE, card.kind)
        assertEquals(online(ann)!!.board.history.size, card.moves)
        inDevice("deviceA", "card:$gameId:1").assertTextEquals("vs Bob")
        inDevice("deviceA", "continue:$gameId").performClick()
        waitForIdle()
        inDevice("deviceA", "board").assertIsDisplayed()
        playRound(ann, bob)

        // Ann's network drops: she sees "reconnecting" at once, the client reconnects by itself.
        ann.online.simulateNetworkDrop()
        waitForIdle()
        assertEquals(Connection.RECONNECTING, online(ann)!!.connection)
        // The board draws it from the network's thread: wait for the frame (the core's first retry is ~500 ms away).
        waitUntil(timeoutMillis = 2_000) {
            onAllNodes(hasTestTag("banner") and hasAnyAncestor(hasTestTag("deviceA")) and hasText("Connection lost — reconnecting…"), useUnmergedTree = true)
                .fetchSemanticsNodes().isNotEmpty()
        }
        waitUntil(timeoutMillis = 30_000) { online(ann)!!.connection == Connection.CONNECTED && online(ann)!!.game?.resyncing == false }
        repeat(2) { playRound(ann, bob) }

        // The server restarts mid-game (on the same address and data file): both come back.
        server!!.destroy()
        server!!.waitFor(10, TimeUnit.SECONDS)
        waitUntil(timeoutMillis = 30_000) { online(ann)!!.connection != Connection.CONNECTED && online(bob)!!.connection != Connection.CONNECTED }
        startServer(address, persistent = true)
        waitUntil(timeoutMillis = 30_000) {
            listOf(ann, bob).all { online(it)!!.connection == Connection.CONNECTED && online(it)!!.game?.resyncing == false }
        }
        assertEquals(online(ann)!!.board.history, online(bob)!!.board.history)
        repeat(2) { playRound(ann, bob) }

        // Ann goes Home again, mid-game: her Continue card is there.
        inDevice("deviceA", "home").performClick()
        waitForIdle()
        inDevice("deviceA", "continue:$gameId").assertIsDisplayed()

        // Bob resigns from his board while Ann is on Home; both games see the end.
        inDevice("deviceB", "resign").performClick()
        waitForIdle()
        // Resign asks first (the dialog sits in its own window layer, outside the halves).
        onNodeWithTag("confirmResign", useUnmergedTree = true).performClick()
        waitUntil(timeoutMillis = 30_000) { online(ann)!!.board.outcome != null && online(bob)!!.board.outcome != null }
        assertEquals(EndReason.RESIGNED, online(ann)!!.board.outcome!!.reason)
        assertEquals(listOf(online(ann)!!.game!!.side), online(ann)!!.board.outcome!!.winners)
        // Ann's Home drops the card of the game that ended, without her leaving Home.
        waitUntil(timeoutMillis = 5_000) { ann.home.state.value.interrupted.isEmpty() }
        waitForIdle()
        assertFalse(exists("continue:$gameId"))
        assertEquals(Screen.Home, ann.screen.value)
        // Bob's device shows its game-over dialog (dialogs sit in their own window layer, outside the halves).
        waitUntil(timeoutMillis = 5_000) { onAllNodesWithTag("gameOver").fetchSemanticsNodes().size == 1 }
        // The ended game is never offered to continue, on either device, and is among the finished.
        for (app in listOf(ann, bob)) {
            // What the game-over dialog's "Home" does (the dialogs are outside the halves).
            app.online.leaveScreen()
            app.navigate(Screen.Home)
            waitForIdle()
            assertEquals(Screen.Home, app.screen.value)
            assertEquals(emptyList<String>(), app.home.state.value.interrupted.map { it.id })
            assertFalse(exists("continue:$gameId"))
            assertEquals(listOf(gameId), checkNotNull(app.library).listing().finished.map { it.id })
        }
        ann.close()
        bob.close()
    }

    @Test
    fun waitingLobbyAndRoomCodeScreens() {
        val address = startServer()
        val ann = device("Ann", address)
        val bob = device("Bob", address)
        ann.navigate(Screen.Online)
        bob.navigate(Screen.Online)
        ann.online.connect()
        bob.online.connect()
        awaitTrue("connected") { online(ann)?.connection == Connection.CONNECTED && online(bob)?.connection == Connection.CONNECTED }

        ann.online.onEvent(OnlineEvent.QuickMatch)
        awaitTrue("searching", describe = { describe(ann) }) { online(ann)?.searching == true }
        for (d in Device.entries) screenshot("online-waiting", d) { ChineseCheckersApp(ann) }
        ann.online.onEvent(OnlineEvent.CancelMatch)
        awaitTrue("search cancelled", describe = { describe(ann) }) {
            online(ann)?.searching == false
        }

        bob.online.onEvent(OnlineEvent.CreateTable)
        ann.online.onEvent(OnlineEvent.WatchLobby)
        awaitTrue("Bob's table in Ann's lobby", describe = { "Ann: ${describe(ann)}; Bob: ${describe(bob)}" }) { online(ann)?.lobby?.any { it.host == "Bob" } == true }
        for (d in Device.entries) screenshot("online-lobby", d) { ChineseCheckersApp(ann) }
        ann.online.onEvent(OnlineEvent.UnwatchLobby)
        bob.online.onEvent(OnlineEvent.CloseTable)

        ann.online.onEvent(OnlineEvent.CreateRoom)
        awaitTrue("room code") { online(ann)?.room != null }
        assertEquals(Banner.RoomCode(online(ann)!!.room!!.code), online(ann)!!.board.banner)
        for (d in Device.entries) screenshot("online-room-code", d) { ChineseCheckersApp(ann) }
        ann.close()
        bob.close()
    }
}
