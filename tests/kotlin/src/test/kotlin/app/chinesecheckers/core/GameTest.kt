package app.chinesecheckers.core

import app.chinesecheckers.online.OnlineClient
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.io.File
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit

/**
 * The one board interface, `Game`, over every kind of game: a solo game, a pass-and-play game,
 * an online game against the real server and a watched one — each one's capabilities, and the
 * listener hearing the states (the AI's move from the engine thread, the opponent's move from
 * the socket's thread).
 */
class GameTest {
    private var server: Process? = null
    private val clients = mutableListOf<OnlineClient>()

    @AfterEach
    fun stop() {
        clients.forEach { it.close() }
        server?.destroy()
        server?.waitFor(5, TimeUnit.SECONDS)
    }

    /** Every state a listener heard, in order. */
    private class Heard : GameListener {
        val states = CopyOnWriteArrayList<GameState>()

        override fun changed(state: GameState) {
            states += state
        }

        fun await(what: String, cond: (GameState) -> Boolean): GameState {
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
            while (System.nanoTime() < deadline) {
                states.lastOrNull()?.takeIf(cond)?.let { return it }
                Thread.sleep(10)
            }
            error("the listener never heard $what: ${states.lastOrNull()}")
        }

        fun assertInOrder() {
            val revisions = states.map { it.revision }
            assertTrue(revisions.zipWithNext().all { (a, b) -> a <= b }, "out of order: $revisions")
        }
    }

    /** Plays a step of the seat to move with two taps on the board; returns the state after it. */
    private fun Game.step(): GameState {
        val now = state()
        for (hole in now.holes.filter { it.owner == now.toMove }) {
            val targets = tap(hole.coord.q, hole.coord.r).targets
            val step = targets.firstOrNull { it.kind == MoveKind.STEP }
            if (step == null) {
                cancelTouch()
                continue
            }
            return tap(step.coord.q, step.coord.r)
        }
        error("no step to play")
    }

    @Test
    fun aSoloGameHasUndoHintReplayAndTheAiAndItsListenerHearsTheAiMove() {
        val board = LocalGame(setup(Preset.TRIPOT)).game()
        val caps = board.capabilities()
        assertNotNull(caps.undo)
        assertNotNull(caps.hint)
        assertNotNull(caps.replay)
        val ai = checkNotNull(caps.ai) { "a solo game has the AI" }
        assertFalse(caps.drawOffers)
        assertFalse(caps.clock)
        assertTrue(caps.rematch && caps.resign)
        val heard = Heard()
        board.setListener(heard)

        val mine = board.step()
        assertEquals(mine, heard.states.last(), "the tap's state")
        assertTrue(mine.aiToMove)
        ai.setAiTimeLimit(50L)
        val outcome = runBlocking { ai.think().finish() }
        assertTrue(outcome is SearchOutcome.Finished, "$outcome")
        val after = heard.await("the AI's move") { it.history.size == 2 }
        assertEquals((outcome as SearchOutcome.Finished).state, after)
        heard.assertInOrder()

        val undone = caps.undo!!.undo()
        assertEquals(0, undone.history.size)
        assertEquals(undone, heard.states.last())
        assertEquals(2, caps.undo!!.redo().history.size)
        assertEquals(2, caps.replay!!.start().replay!!.total)
        assertNull(caps.replay!!.exit().replay)

        // A rematch is the next game on the same board, after the end (its revisions start
        // afresh).
        assertThrows<MoveException.NotOver> { board.rematch() }
        val oldId = board.id()
        assertNotNull(board.resign().outcome)
        heard.assertInOrder()
        val next = board.rematch()
        assertTrue(next.history.isEmpty() && next.outcome == null)
        assertTrue(oldId != board.id())
        assertEquals(next, heard.states.last())
        // The handles got before the rematch play the new game.
        assertEquals(1, board.step().history.size)
        assertEquals(0, caps.undo!!.undo().history.size)
    }

    @Test
    fun aPassAndPlayGameHasUndoReplayAndDrawOffersButNoEngine() {
        val board = LocalGame(setup(Preset.CLASSIC, seats = listOf(person("Ann"), person("Bob")))).game()
        val caps = board.capabilities()
        assertNotNull(caps.undo)
        assertNotNull(caps.replay)
        assertNull(caps.hint, "the hint is the engine's")
        assertNull(caps.ai)
        assertTrue(caps.drawOffers && caps.rematch && caps.resign)
        assertFalse(caps.clock)
        val heard = Heard()
        board.setListener(heard)
        board.step()
        board.step()
        assertEquals(2, heard.states.last().history.size)
        assertTrue(board.offerDraw().capabilities.canAnswerDraw)
        val drawn = board.answerDraw(true)
        assertEquals(EndReason.DRAW_AGREED, drawn.outcome!!.reason)
        assertEquals(drawn, heard.states.last())
        heard.assertInOrder()
    }

    private fun startServer(): String {
        val bin = System.getProperty("server.bin")
        check(bin != null && File(bin).canExecute()) { "server binary not found: $bin (run tests/kotlin/run.sh)" }
        val p = ProcessBuilder(bin, "--bind", "127.0.0.1:0", "--memory")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start()
        server = p
        val line = p.inputStream.bufferedReader().readLine() ?: error("the server did not start")
        check(line.startsWith("listening on ")) { "unexpected server output: $line" }
        return "ws://${line.removePrefix("listening on ").trim()}/ws"
    }

    /** One device: its session, the client carrying its frames, and its board with a listener. */
    private inner class Device(url: String, name: String) {
        val online = OnlineGame()
        val client = OnlineClient(online, url, newToken(), name).also { clients += it }
        val board = online.game()
        val heard = Heard().also { board.setListener(it) }

        init {
            // The board's own calls send through the client's socket.
            online.setTransport(object : OnlineTransport {
                override fun send(frame: String) {
                    checkNotNull(client.currentSocket) { "no socket" }.send(frame)
                }
            })
            client.connect()
            awaitState("welcome") { it.connection == Connection.CONNECTED }
        }

        fun awaitState(what: String, cond: (OnlineState) -> Boolean): OnlineState {
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
            while (System.nanoTime() < deadline) {
                val s = online.state()
                if (cond(s)) return s
                Thread.sleep(10)
            }
            error("timed out waiting for $what: ${online.state()}")
        }
    }

    @Test
    fun anOnlineGameAndAWatchedOneThroughTheBoardAgainstTheRealServer() {
        val url = startServer()
        val ann = Device(url, "Ann")
        val bob = Device(url, "Bob")
        val none = ann.board.capabilities()
        assertFalse(none.resign || none.rematch || none.drawOffers)

        ann.client.send(OnlineRequest.CreateRoom(Format.TRIPOT1, null))
        val code = ann.awaitState("room code") { it.room != null }.room!!.code
        bob.client.send(OnlineRequest.JoinRoom(code))
        ann.awaitState("game") { it.game != null }
        bob.awaitState("game") { it.game != null }
        assertEquals(ann.board.id(), bob.board.id())
        for (d in listOf(ann, bob)) {
            val caps = d.board.capabilities()
            assertNull(caps.undo)
            assertNull(caps.hint)
            assertNull(caps.replay)
            assertNull(caps.ai)
            assertTrue(caps.drawOffers && caps.rematch && caps.resign)
            assertFalse(caps.clock, "tripot is untimed by default")
        }

        // Cy watches the room's game.
        val cy = Device(url, "Cy")
        cy.client.send(OnlineRequest.SpectateRoom(code))
        cy.awaitState("watching") { it.spectating && it.game != null }
        val watched = cy.board.capabilities()
        assertNull(watched.undo)
        assertNull(watched.hint)
        assertNull(watched.replay)
        assertNull(watched.ai)
        assertFalse(watched.drawOffers || watched.clock || watched.rematch || watched.resign)
        val peg = cy.board.state().holes.first { it.owner != null }.coord
        val tapped = cy.board.tap(peg.q, peg.r)
        assertEquals(Notice.Watching, tapped.notice)
        assertNull(tapped.selected)

        // Two moves, tapped on the boards: each goes through the transport, and every listener
        // hears it (the opponent's and the watcher's from the socket's thread).
        repeat(2) { n ->
            val mover = if (ann.online.state().board.toMove == ann.online.state().game!!.side) ann else bob
            val sent = mover.board.step()
            assertTrue(sent in mover.heard.states, "the move's state was heard")
            for (d in listOf(ann, bob, cy)) {
                d.heard.await("move ${n + 1}") { it.history.size == n + 1 }
            }
        }
        ann.awaitState("confirmed") { it.game!!.pendingMove.isEmpty() }
        assertEquals(ann.heard.states.last().history, cy.heard.states.last().history)

        // A draw offered on Ann's board reaches Bob's listener; Bob's board resigns.
        assertThrows<MoveException.NotOver> { ann.board.rematch() }
        ann.board.offerDraw()
        bob.heard.await("the draw offer") { it.capabilities.canAnswerDraw }
        bob.board.resign()
        val end = ann.heard.await("the end") { it.outcome != null }
        assertEquals(EndReason.RESIGNED, end.outcome!!.reason)
        cy.heard.await("the end, watched") { it.outcome != null }
        for (d in listOf(ann, bob, cy)) d.heard.assertInOrder()
    }
}
