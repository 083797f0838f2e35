package app.chinesecheckers.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** A puzzle through the bindings: its board is a Game, its facts ride on the board's state. */
class PuzzleBoardTest {
    @Test
    fun aPuzzlesBoardPlaysUndoesAndRestartsAsAGame() {
        val dir = kotlin.io.path.createTempDirectory("puzzles").toString()
        val info = puzzles(dir).first()
        val puzzle = PuzzleGame(dir, info.id)
        val board = puzzle.game()
        val capabilities = board.capabilities()
        assertTrue(capabilities.puzzle != null && capabilities.lesson == null)
        assertFalse(capabilities.resign || capabilities.hint != null || capabilities.ai != null)
        assertEquals(info.id, board.id())
        val start = board.state()
        assertEquals(info.par, start.puzzle?.par)
        assertEquals(0, start.puzzle?.moves)
        assertFalse(start.capabilities.canUndo)
        val history = checkNotNull(capabilities.undo)
        assertThrows<MoveException.NothingToUndo> { history.undo() }

        // A step of a racing peg (ours: seat 0), by two taps.
        val (from, to) = start.holes.filter { it.owner == 0 }.firstNotNullOf { h ->
            val targets = board.tap(h.coord.q, h.coord.r).targets.filter { it.kind == MoveKind.STEP }
            board.cancelTouch()
            targets.firstOrNull()?.let { h.coord to it.coord }
        }
        board.tap(from.q, from.r)
        val moved = board.tap(to.q, to.r)
        assertEquals(1, moved.puzzle?.moves)
        assertTrue(moved.capabilities.canUndo && moved.revision > start.revision)
        assertNull(moved.puzzle?.verdict, "no verdict before the army is home")

        val back = history.undo()
        assertEquals(0, back.puzzle?.moves)
        assertTrue(back.capabilities.canRedo)
        assertEquals(1, history.redo().puzzle?.moves)
        val restarted = puzzle.restart()
        assertEquals(0, restarted.puzzle?.moves)
        assertEquals(start.holes, restarted.holes)
        assertNull(puzzle.lineBoard(0), "the solver's line waits for a solve")
    }
}
