package app.chinesecheckers.core

import app.chinesecheckers.online.OnlineClient
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.util.concurrent.TimeUnit

/** Two OkHttp clients carry two online games' strings through the real server on 127.0.0.1. */
class OnlineClientTest {
    private var server: Process? = null
    private val clients = mutableListOf<OnlineClient>()

    @AfterEach
    fun stop() {
        clients.forEach { it.close() }
        server?.destroy()
        server?.waitFor(5, TimeUnit.SECONDS)
    }

    private fun startServer(): String {
        val bin = System.getProperty("server.bin")
        check(bin != null && File(bin).canExecute()) { "server binary not found: $bin (run tests/kotlin/run.sh)" }
        // A long grace: the dropped device must find its seat held when it comes back.
        val p = ProcessBuilder(bin, "--bind", "127.0.0.1:0", "--memory", "--grace-ms", "60000")
            .redirectError(ProcessBuilder.Redirect.DISCARD) // never read: must not fill a pipe
            .start()
        server = p
        val line = p.inputStream.bufferedReader().readLine() ?: error("the server did not start")
        check(line.startsWith("listening on ")) { "unexpected server output: $line" }
        return "ws://${line.removePrefix("listening on ").trim()}/ws"
    }

    /** One device: its game object and the OkHttp client carrying its strings. */
    private inner class Device(url: String, name: String, val token: String = newToken(), game: OnlineGame = OnlineGame()) {
        val client = OnlineClient(game, url, token, name).also { clients += it }
        val game get() = client.game

        /** The session's board, as the apps play it (its frames go out through the client). */
        val board get() = client.game.game()
        val state get() = game.state()
        val side get() = state.game!!.side

        fun await(what: String, cond: (OnlineState) -> Boolean): OnlineState {
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
            while (System.nanoTime() < deadline) {
                val s = game.state()
                if (cond(s)) return s
                Thread.sleep(10)
            }
            error("timed out waiting for $what: ${game.state()}")
        }

        fun myTurn(): Boolean {
            val s = game.state()
            val g = s.game ?: return false
            return !g.over && s.board.toMove == g.side && g.pendingMove.isEmpty()
        }

        /** Taps a step (the first peg of ours that has one); returns the game's length with it. */
        fun tapStep(): Int {
            val v = game.state().board
            for (hole in v.holes.filter { it.owner == v.toMove }) {
                val targets = board.tap(hole.coord.q, hole.coord.r).targets
                val step = targets.firstOrNull { it.kind == MoveKind.STEP }
                if (step == null) {
                    board.cancelTouch()
                    continue
                }
                // The board's own state of the tap: the server may answer before the session is read again.
                val after = board.tap(step.coord.q, step.coord.r)
                assertEquals(listOf(hole.coord, step.coord), after.lastMove)
                return after.history.size
            }
            error("no step to play")
        }

        /** Plays a step and waits for the server to confirm it. */
        fun playStep(): Int {
            val moves = tapStep()
            await("our move confirmed") { it.game!!.pendingMove.isEmpty() && it.board.history.size == moves }
            return moves
        }
    }

    /** The device whose turn it is plays a step; the other one sees it. */
    private fun playRound(a: Device, b: Device) {
        val (mover, other) = if (a.myTurn()) a to b else b to a
        val moves = mover.playStep()
        other.await("the opponent's move") { it.board.history.size == moves }
    }

    @Test
    fun theClientPingsTheServerEvery25Seconds() {
        val client = OnlineClient(OnlineGame(), "ws://127.0.0.1:1/ws", newToken(), "Ann")
        assertEquals(25_000, client.http.pingIntervalMillis)
        // Set on a client the app passes in, too.
        val given = okhttp3.OkHttpClient.Builder().pingInterval(0, TimeUnit.SECONDS).build()
        assertEquals(25_000, OnlineClient(OnlineGame(), "ws://127.0.0.1:1/ws", newToken(), "Ann", given).http.pingIntervalMillis)
    }

    @Test
    fun aSilentGameStaysConnectedThroughPings() {
        // OkHttp's pings (a short interval here) are answered by the server and the connection
        // stays up without any message from the player.
        val url = startServer()
        val game = OnlineGame()
        val client = OnlineClient(game, url, newToken(), "Ann", pingIntervalMillis = 100).also { clients += it }
        assertEquals(100, client.http.pingIntervalMillis)
        client.connect()
        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
        fun pongs() = (client.currentSocket as? okhttp3.internal.ws.RealWebSocket)?.receivedPongCount() ?: 0
        while (pongs() < 3 && System.nanoTime() < deadline) Thread.sleep(10)
        val ws = client.currentSocket as okhttp3.internal.ws.RealWebSocket
        assertTrue(ws.sentPingCount() >= 3, "pings sent: ${ws.sentPingCount()}")
        assertTrue(ws.receivedPongCount() >= 3, "pongs received: ${ws.receivedPongCount()}")
        assertEquals(Connection.CONNECTED, game.state().connection)
    }

    @Test
    fun twoClientsPlaySaveRestoreReconnectAndFinish() {
        val url = startServer()
        val ann = Device(url, "Ann")
        val bob = Device(url, "Bob")
        ann.client.connect()
        bob.client.connect()
        ann.await("welcome") { it.connection == Connection.CONNECTED }
        bob.await("welcome") { it.connection == Connection.CONNECTED }

        ann.client.send(OnlineRequest.CreateRoom(Format.TRIPOT1, null))
        val code = ann.await("room code") { it.room != null }.room!!.code
        assertEquals(Banner.RoomCode(code), ann.state.board.banner)
        // The code as a person might type it.
        bob.client.send(OnlineRequest.JoinRoom(" " + code.lowercase().chunked(3).joinToString("-") + " "))
        val annGame = ann.await("game") { it.game != null }.game!!
        val bobGame = bob.await("game") { it.game != null }.game!!
        assertEquals(annGame.id, bobGame.id)
        assertEquals(1, annGame.side + bobGame.side)
        assertEquals("Bob", annGame.opponent)
        assertEquals("Ann", bobGame.opponent)

        repeat(4) { playRound(ann, bob) }
        // Ann is to move when her connection drops.
        if (!ann.myTurn()) playRound(ann, bob)
        assertTrue(ann.myTurn())
        val played = ann.state.board.history.size

        // The app is killed: its socket drops and nothing reconnects it.
        ann.client.drop(reconnect = false)
        assertEquals(Connection.RECONNECTING, ann.state.connection)
        assertEquals(Banner.Reconnecting, ann.state.board.banner)
        bob.await("Ann's seat held") {
            !it.game!!.opponentConnected && (it.board.banner as? Banner.OpponentDisconnected)?.player == 1 - it.game!!.side
        }
        // Offline, Ann still moves: the move is shown as pending, and saved with the game.
        val withPending = ann.tapStep()
        assertEquals(played + 1, withPending)
        val saved = ann.game.save()

        // The app is killed; a new game object is restored from the save and reconnects.
        val restored = OnlineGame.restore(saved)
        val before = restored.state()
        assertEquals(annGame.id, before.game!!.id)
        assertEquals(annGame.side, before.game!!.side)
        assertEquals(ann.state.board.history, before.board.history)
        assertEquals(ann.state.game!!.pendingMove, before.game!!.pendingMove)
        assertEquals(ann.state.board.holes, before.board.holes)
        val ann2 = Device(url, "Ann", ann.token, restored)
        ann2.client.connect()
        ann2.await("resumed, pending move confirmed") {
            it.connection == Connection.CONNECTED && !it.game!!.resyncing &&
                it.game!!.pendingMove.isEmpty() && it.board.history.size == played + 1
        }
        bob.await("Ann's move after her return") {
            it.game!!.opponentConnected && it.board.history.size == played + 1
        }
        assertEquals(ann2.state.board.history, bob.state.board.history)
        assertEquals(ann2.state.board.holes, bob.state.board.holes)

        repeat(3) { playRound(ann2, bob) }

        // The network drops while Ann is to move: the client reconnects by itself.
        if (!ann2.myTurn()) playRound(ann2, bob)
        assertTrue(ann2.myTurn())
        ann2.client.drop()
        assertEquals(Connection.RECONNECTING, ann2.state.connection)
        assertEquals(Banner.Reconnecting, ann2.state.board.banner)
        assertTrue(ann2.game.reconnectDelayMs()!! in 400L..600L, "the core's first delay, about 500 ms")
        // She moves meanwhile: the move stays pending until the server has it, exactly once.
        val withPending2 = ann2.tapStep()
        ann2.await("reconnected by itself, the pending move confirmed") {
            it.connection == Connection.CONNECTED && !it.game!!.resyncing &&
                it.game!!.pendingMove.isEmpty() && it.board.history.size == withPending2
        }
        bob.await("Ann's move after the drop") {
            it.game!!.opponentConnected && it.board.history.size == withPending2
        }
        Thread.sleep(300)
        assertEquals(withPending2, bob.state.board.history.size, "the move was played once")
        assertEquals(ann2.state.board.history, bob.state.board.history)
        // The game goes on.
        repeat(2) { playRound(ann2, bob) }

        // A draw offered and declined, then Bob resigns.
        ann2.board.offerDraw()
        val offered = bob.await("the draw offer") { it.board.capabilities.canAnswerDraw }
        assertEquals(Banner.DrawOffered(ann2.side), offered.board.banner)
        bob.board.answerDraw(false)
        ann2.await("the decline") { it.board.banner == Banner.DrawDeclined(bob.side) }

        bob.board.resign()
        val annEnd = ann2.await("the end") { it.board.outcome != null }
        val bobEnd = bob.await("the end") { it.board.outcome != null }
        val end = annEnd.board.outcome!!
        assertEquals(end, bobEnd.board.outcome)
        assertEquals(EndReason.RESIGNED, end.reason)
        assertEquals(bob.side, end.by)
        assertEquals(listOf(ann2.side), end.winners)
        assertEquals(annEnd.board.history, bobEnd.board.history)
        for (s in listOf(annEnd, bobEnd)) {
            assertEquals(Banner.GameOver, s.board.banner)
            assertTrue(s.game!!.over)
            assertTrue(s.board.capabilities.canRematch)
            assertFalse(s.board.capabilities.canResign)
        }
        // The finished game saves and restores as finished.
        val after = OnlineGame.restore(ann2.game.save()).state()
        assertEquals(end, after.board.outcome)
    }
}
