package app.chinesecheckers.core

import app.chinesecheckers.online.OnlineClient
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.util.concurrent.TimeUnit

/** Two OkHttp clients carry two online sessions' strings through the real server on 127.0.0.1. */
class OnlineClientTest {
    private var server: Process? = null

    @AfterEach
    fun stop() {
        server?.destroy()
        server?.waitFor(5, TimeUnit.SECONDS)
    }

    private fun startServer(): String {
        val bin = System.getProperty("server.bin")
        check(bin != null && File(bin).canExecute()) { "server binary not found: $bin (run tests/kotlin/run.sh)" }
        val p = ProcessBuilder(bin, "--bind", "127.0.0.1:0")
            .redirectError(ProcessBuilder.Redirect.DISCARD) // never read: must not fill a pipe
            .start()
        server = p
        val line = p.inputStream.bufferedReader().readLine() ?: error("the server did not start")
        check(line.startsWith("listening on ")) { "unexpected server output: $line" }
        return "ws://${line.removePrefix("listening on ").trim()}/ws"
    }

    /** One device: its session, its client, and the last view the client reported. */
    private class Device(url: String, name: String) {
        val session = GameSession.newOnline()
        @Volatile var view: BoardView = session.view()
        val client = OnlineClient(session, url, newToken(), name) { view = it }

        fun await(what: String, cond: (BoardView) -> Boolean): BoardView {
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
            while (System.nanoTime() < deadline) {
                val v = session.view()
                if (cond(v)) return v
                Thread.sleep(10)
            }
            error("timed out waiting for $what")
        }

        fun myTurn(): Boolean {
            val v = session.view()
            return v.toMove == v.online?.side
        }

        /** Taps a step (the first peg of ours that has one); returns the game's length after it. */
        fun playStep(): Int {
            val v = session.view()
            val mine = v.players[v.online!!.side!!.toInt()].colours
            for (hole in v.holes.filter { it.occupant != null && it.occupant in mine }) {
                var targets: List<TargetView> = emptyList()
                client.perform { s -> s.onlineTap(hole.coord.q, hole.coord.r).also { targets = it.view.targets } }
                val step = targets.firstOrNull { it.kind == MoveKindView.STEP }
                if (step == null) {
                    client.perform { it.onlineCancelTouch() }
                    continue
                }
                var moves = 0
                client.perform { s -> s.onlineTap(step.coord.q, step.coord.r).also { moves = it.view.history.size } }
                await("our move confirmed") { it.online!!.pendingMove.isEmpty() }
                return moves
            }
            error("no step to play")
        }
    }

    @Test
    fun twoClientsPlayThroughTheServer() {
        val url = startServer()
        val a = Device(url, "Ann")
        val b = Device(url, "Bob")
        a.client.connect()
        b.client.connect()
        a.await("welcome") { it.online!!.welcomed }
        b.await("welcome") { it.online!!.welcomed }

        a.client.perform { it.onlineCreateRoom(OnlineFormat.TRIPOT1) }
        val code = a.await("room code") { it.online!!.roomCode != null }.online!!.roomCode!!
        b.client.perform { it.onlineJoinRoom(code) }
        a.await("game") { it.online!!.game != null }
        b.await("game") { it.online!!.game != null }

        repeat(4) {
            val (mover, other) = if (a.myTurn()) a to b else b to a
            val moves = mover.playStep()
            other.await("the opponent's move") { it.history.size == moves }
        }

        b.client.perform { it.onlineResign() }
        val end = a.await("the end") { it.outcome != null }
        assertEquals(EndReason.RESIGNED, end.outcome!!.reason)
        assertEquals(BannerKind.GAME_OVER, end.banner?.kind)
        assertTrue(b.await("the end") { it.outcome != null }.online!!.canRematch)
        a.client.close()
        b.client.close()
    }
}
