package app.chinesecheckers.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.fail
import kotlin.random.Random

/**
 * Whole games with a typed set-up in every rule set: AI seats play through `think()` and
 * `finish()` at Beginner level, person seats by tapping (see [personMove]).
 */
class FullGamesTest {
    /** What every finished game must show. */
    private val camps: Map<Colour, Set<Coord>> =
        boardGeometry().holes.filter { it.camp != null }.groupBy { it.camp!! }.mapValues { (_, h) -> h.map { it.coord }.toSet() }

    /** A win is real: every target camp of the winner is full, with its own pegs (`all_own`) or with one at least. */
    private fun checkWin(v: GameState, winner: Int, allOwn: Boolean) {
        for (c in v.players[winner].colours) {
            val target = v.holes.filter { it.coord in camps.getValue(c.opposite()) }
            assertEquals(10, target.size)
            assertTrue(target.all { it.occupant != null }, "target of $c not full")
            if (allOwn) {
                assertTrue(target.all { it.occupant == c }, "target of $c holds others")
            } else {
                assertTrue(target.any { it.occupant == c }, "target of $c holds none of its own")
            }
        }
    }

    private fun checkOutcome(v: GameState, reasons: Set<EndReason>, allOwn: Boolean = true) {
        val end = v.outcome ?: fail("no outcome after ${v.history.size} moves")
        assertTrue(end.reason in reasons, "reason ${end.reason}")
        assertEquals(Banner.GameOver, v.banner)
        val seats = v.players.indices.toSet()
        if (end.reason == EndReason.WIN) assertTrue(end.winners.isNotEmpty(), "nobody won: $end")
        assertTrue(seats.containsAll(end.winners))
        assertEquals(seats, end.ranking.flatten().toSet())
        assertEquals(seats.size, end.ranking.flatten().size)
        if (end.winners.isNotEmpty()) assertEquals(end.winners.toSet(), end.ranking.first().toSet())
        assertEquals(null, end.by)
        if (end.reason == EndReason.WIN) end.winners.forEach { checkWin(v, it, allOwn) }
        checkHistory(v)
        assertTrue(!v.aiToMove && v.thinking == null && !v.capabilities.canHint && !v.capabilities.canResign)
        assertTrue(v.capabilities.canReplay)
    }

    private fun checkHistory(v: GameState) {
        assertEquals((1..v.history.size).toList(), v.history.map { it.number })
        for (m in v.history) {
            if (m.kind == MoveKind.PASS) assertTrue(m.path.isEmpty()) else assertTrue(m.path.size >= 2)
        }
    }

    private fun playFull(game: LocalGame, seed: Int, budgetMs: Long): GameState {
        game.setAiTimeLimit(20L)
        val t0 = System.nanoTime()
        val v = game.playOn(Random(seed), budgetMs)
        println(
            "full game, ${v.players.size} seats: ${v.history.size} moves in ${(System.nanoTime() - t0) / 1_000_000} ms, " +
                "outcome ${v.outcome?.reason} winners ${v.outcome?.winners}",
        )
        return v
    }

    @Test
    fun tripotOneColourPlaysToTheEnd() {
        val g = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai()), colours = 1, opener = Opener.CoinToss, seed = 3L))
        val dir = java.nio.file.Files.createTempDirectory("cc-full")
        val library = GameLibrary.open(dir.toString())
        // Kept: the library counts it as it ends.
        library.keepLocal(g, false)
        assertTrue(library.statistics().all { it.played == 0 }, "not over yet")
        val v = playFull(g, 1, 120_000)
        checkOutcome(v, setOf(EndReason.WIN, EndReason.DEADLOCK))
        val end = v.outcome!!
        // The person's result is counted once in the statistics.
        val stats = library.statistics()
        val beginner = stats.first { it.level == AiLevel.BEGINNER }
        println("tripot, one colour: counted $beginner")
        assertEquals(opponents().first { it.level == AiLevel.BEGINNER }.name, beginner.name)
        assertEquals(1, beginner.played)
        assertEquals(1, beginner.won + beginner.lost + beginner.drawn)
        assertTrue(stats.filter { it.level != AiLevel.BEGINNER }.all { it.played == 0 })
        val personMoves = v.history.count { it.player == 0 && it.kind != MoveKind.PASS }
        when {
            0 in end.winners -> {
                assertEquals(1, beginner.won)
                assertEquals(personMoves, beginner.fewestMoves)
            }
            end.winners.isEmpty() -> assertEquals(1, beginner.drawn)
            else -> assertEquals(1, beginner.lost)
        }
        if (0 !in end.winners) assertNull(beginner.fewestMoves)
        // An ended game stays ended: no undo (Replay steps back through it), counted once.
        assertFalse(v.capabilities.canUndo, "no undo after ${end.reason}")
        assertThrows<MoveException.NothingToUndo> { g.undo() }
        assertEquals(end, g.state().outcome)
        assertEquals(v.history.size, g.state().history.size)
        assertEquals(stats, library.statistics())
        // Opened again, it still does not count twice.
        library.openGame(g.id())
        assertEquals(stats, GameLibrary.open(dir.toString()).statistics())
    }

    @Test
    fun tripotThreeColoursPlaysToTheEnd() {
        val g = LocalGame(setup(Preset.TRIPOT, listOf(ai(), person()), colours = 3, seed = 11L))
        assertEquals(30, g.state().holes.count { it.owner == 1 })
        val v = playFull(g, 2, 120_000)
        checkOutcome(v, setOf(EndReason.WIN, EndReason.DEADLOCK))
    }

    @Test
    fun classicPlaysToTheEnd() {
        val g = LocalGame(setup(Preset.CLASSIC, listOf(person(), ai()), seed = 5L))
        val v = playFull(g, 3, 120_000)
        checkOutcome(v, setOf(EndReason.WIN, EndReason.DRAW))
    }

    @Test
    fun rulebookPlaysToTheEnd() {
        val g = LocalGame(setup(Preset.RULEBOOK, listOf(ai(), person()), seed = 9L))
        val v = playFull(g, 4, 120_000)
        checkOutcome(v, setOf(EndReason.WIN, EndReason.DRAW))
    }

    /** Six seats, people and AI mixed; the 200-move cap bounds it, the time budget bounds the test. */
    @Test
    fun sternhalmaSixSeatsMixed() {
        val seats = listOf(person("Ann"), ai(), person(), ai(), person(), ai())
        val g = LocalGame(setup(Preset.STERNHALMA, seats, seed = 13L))
        val start = g.state()
        assertEquals(60, start.holes.count { it.occupant != null })
        assertEquals(
            listOf(Colour.S, Colour.SW, Colour.NW, Colour.N, Colour.NE, Colour.SE),
            start.players.map { it.colours.single() },
        )
        assertEquals(PlayerName.Named("Ann"), start.players[0].name)
        assertEquals(PlayerName.Numbered(3), start.players[2].name)
        val v = playFull(g, 5, 60_000)
        checkHistory(v)
        // Every seat moved in turn order.
        assertEquals((0 until 6).toList(), v.history.take(6).map { it.player })
        if (v.outcome != null) {
            checkOutcome(v, setOf(EndReason.WIN, EndReason.MOVE_LIMIT), allOwn = false)
        } else {
            // Too long for the budget: real progress is required instead.
            assertTrue(v.history.size >= 120, "only ${v.history.size} moves in the budget")
            for (p in 0 until 6) {
                assertTrue(
                    v.remainingDistance(p) < start.remainingDistance(p),
                    "seat $p made no progress: ${start.remainingDistance(p)} -> ${v.remainingDistance(p)}",
                )
            }
        }
    }
}
