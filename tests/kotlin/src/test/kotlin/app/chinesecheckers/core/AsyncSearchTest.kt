package app.chinesecheckers.core

import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** The AI's move and the hint as `AiSearch` handles awaited and cancelled from Kotlin coroutines. */
class AsyncSearchTest {
    /** The Impossible AI opens with a long budget: its search runs until it is stopped. */
    private fun slowAiGame(): LocalGame {
        val g = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE)), opener = Opener.Seat(1)))
        g.setAiTimeLimit(30_000L)
        return g
    }

    private fun awaitState(g: LocalGame, what: String, cond: (GameState) -> Boolean): GameState {
        val deadline = System.nanoTime() + 3_000_000_000L
        while (System.nanoTime() < deadline) {
            val s = g.state()
            if (cond(s)) return s
            Thread.sleep(5)
        }
        throw AssertionError("timed out waiting for $what: ${g.state()}")
    }

    @Test
    fun aiThreadsAreClampedAndATwoThreadSearchPlays() = runBlocking {
        try {
            assertEquals(1, aiThreads()) // the default: deterministic
            setAiThreads(0)
            assertEquals(1, aiThreads())
            setAiThreads(1_000)
            assertEquals(16, aiThreads())
            setAiThreads(2)
            val g = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.HARD)), opener = Opener.Seat(1)))
            val v = assertInstanceOf(SearchOutcome.Finished::class.java, g.think().finish()).state
            assertEquals(1, v.history.size)
            assertEquals(1, v.history[0].player)
        } finally {
            setAiThreads(1) // the other tests expect the default
        }
    }

    @Test
    fun thinkIsAwaitedFromACoroutine() = runBlocking {
        val g = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE)), opener = Opener.Seat(1)))
        g.setAiTimeLimit(300L)
        assertTrue(g.state().aiToMove)
        val search = g.think()
        val thinking = g.state()
        assertEquals(1, thinking.thinking)
        assertFalse(thinking.aiToMove)
        assertEquals(Banner.AiThinking(1), thinking.banner)
        // Only one search at a time.
        assertThrows<MoveException.NotAiTurn> { g.think() }
        val outcome = search.finish()
        val v = assertInstanceOf(SearchOutcome.Finished::class.java, outcome).state
        assertEquals(1, v.history.size)
        assertEquals(1, v.history[0].player)
        assertEquals(0, v.toMove)
        assertNull(v.thinking)
        assertNull(v.banner)
        assertEquals(v, g.state())
        // A second await of the same handle has nothing left to wait for.
        assertInstanceOf(SearchOutcome.Cancelled::class.java, search.finish())
        assertEquals(v, g.state())
    }

    @Test
    fun cancellingTheAwaitingCoroutineStopsTheSearch() = runBlocking {
        val g = slowAiGame()
        val before = g.state()
        val search = g.think()
        assertEquals(Banner.AiThinking(1), g.state().banner)
        val job = launch(Dispatchers.Default) { search.finish() }
        delay(200)
        assertTrue(job.isActive, "the Impossible AI finished within 200 ms of a 30 s budget")
        assertEquals(1, g.state().thinking)
        val t0 = System.nanoTime()
        job.cancelAndJoin()
        val after = awaitState(g, "the search to stop") { it.thinking == null }
        val ms = (System.nanoTime() - t0) / 1_000_000
        assertTrue(ms < 2_000, "cancel took $ms ms")
        // The game is as it was: no move, nobody thinking; the AI, stopped, waits (paused).
        assertTrue(after.history.isEmpty())
        assertEquals(before.holes, after.holes)
        assertEquals(before.toMove, after.toMove)
        assertNull(after.banner)
        assertTrue(after.aiPaused)
        assertFalse(after.aiToMove)
        assertTrue(after.revision > before.revision)
        // A cancelled search never plays later.
        delay(300)
        assertTrue(g.state().history.isEmpty())
        // Resumed, a new search starts at once and plays.
        assertTrue(g.game().capabilities().ai!!.resume().aiToMove)
        g.setAiTimeLimit(50L)
        val outcome = withTimeout(20_000) { g.think().finish() }
        val v = assertInstanceOf(SearchOutcome.Finished::class.java, outcome).state
        assertEquals(1, v.history.size)
        assertFalse(v.aiToMove)
    }

    @Test
    fun cancelOnTheHandleEndsTheAwaitWithCancelled() = runBlocking {
        val g = slowAiGame()
        val search = g.think()
        val awaiting = async(Dispatchers.Default, start = CoroutineStart.DEFAULT) { search.finish() }
        delay(150)
        val t0 = System.nanoTime()
        search.cancel()
        // The game forgets the search at once, before the engine has even stopped.
        val now = g.state()
        assertNull(now.thinking)
        // Stopped, the AI waits for resume (the core's pause).
        assertTrue(now.aiPaused)
        assertFalse(now.aiToMove)
        val outcome = withTimeout(3_000) { awaiting.await() }
        val ms = (System.nanoTime() - t0) / 1_000_000
        assertTrue(ms < 2_000, "cancel took $ms ms")
        val v = assertInstanceOf(SearchOutcome.Cancelled::class.java, outcome).state
        assertTrue(v.history.isEmpty())
        assertNull(v.thinking)
        search.cancel() // safe again
        // Undo and resign stop a running search as well.
        g.game().capabilities().ai!!.resume()
        val again = g.think()
        val resigned = g.resign()
        assertEquals(EndReason.RESIGNED, resigned.outcome?.reason)
        assertNull(resigned.thinking)
        assertInstanceOf(SearchOutcome.Cancelled::class.java, withTimeout(3_000) { again.finish() })
        assertTrue(g.state().history.isEmpty())
    }

    @Test
    fun hintIsAwaitedAndCancelled() = runBlocking {
        val g = LocalGame(setup(Preset.TRIPOT))
        val before = g.state()
        val hint = g.hint()
        val pending = g.state()
        assertTrue(pending.hintPending)
        assertNull(pending.thinking)
        assertFalse(pending.capabilities.canHint)
        assertThrows<MoveException.HintNotPossible> { g.hint() }
        // Cancelling the coroutine that awaits the hint forgets it.
        val job = launch(Dispatchers.Default) { hint.finish() }
        delay(20)
        job.cancelAndJoin()
        val after = awaitState(g, "the hint to stop") { !it.hintPending }
        assertTrue(after.hint.isEmpty())
        assertTrue(after.capabilities.canHint)
        assertEquals(before.holes, after.holes)
        delay(400) // longer than a hint takes: a cancelled one never shows up
        assertTrue(g.state().hint.isEmpty())
        // A new hint runs to its end.
        val found = withTimeout(10_000) { g.hint().finish() }
        val v = assertInstanceOf(SearchOutcome.Finished::class.java, found).state
        assertFalse(v.hintPending)
        assertTrue(v.hint.size >= 2)
        val from = v.hint.first()
        assertEquals(0, v.hole(from.q, from.r).owner)
        assertTrue(v.history.isEmpty())
        // Playing the hinted move with taps.
        g.tap(from.q, from.r)
        var played = g.tap(v.hint.last().q, v.hint.last().r)
        if (played.chain.isNotEmpty()) played = g.endJump()
        assertEquals(v.hint.first(), played.history.single().path.first())
        assertEquals(v.hint.last(), played.history.single().path.last())
        assertTrue(played.hint.isEmpty())
    }
}
