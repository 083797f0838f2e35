package app.chinesecheckers.android

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertIsEnabled
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.BoardMode
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotSame
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The process killed while the player is away, and a new process — a new Application over the
 * same files, the Activity created with its saved state — when they come back: mid-game the board
 * is back at the same position, mid-chain with the hop already made; from any other screen the
 * new process opens on Home, whose Continue offers the game.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class ProcessDeathTest {
    @Test
    fun killedMidGameTheBoardComesBackAtTheSamePosition() = processTest {
        start()
        click("solo")
        click("ruleSet:TRIPOT")
        click("opponent:Jean Médecin")
        click("start")
        val (from, to) = Coord(-1, 5) to Coord(-1, 4)
        tapHole(from)
        tapHole(to)
        waitUntil("the AI's answer", 30_000) { game().history.size == 2 && !game().aiToMove && game().thinking == null }
        val before = game()
        val id = checkNotNull(app.board.value).gameId
        val old = application

        killAndComeBack()
        assertNotSame("a new process", old, application)
        assertEquals(Screen.Board, app.screen.value)
        assertEquals(id, checkNotNull(app.board.value).gameId)
        assertEquals(BoardMode.Solo, checkNotNull(app.board.value).state.value.mode)
        assertEquals(before.holes, game().holes)
        assertEquals(before.history, game().history)
        assertEquals(0, game().toMove)
        tag("board").assertIsDisplayed()
        // The game goes on: the person moves again, the AI answers.
        val mine = game().holes.first { it.owner == 0 && it.coord != to }
        tapHole(mine.coord)
        val target = checkNotNull(game().targets.firstOrNull()) { "no move for ${mine.coord}" }
        tapHole(target.coord)
        waitUntil("the AI's second answer", 30_000) { game().history.size == 4 && !game().aiToMove }
    }

    @Test
    fun killedMidChainTheHopAlreadyMadeIsThereAndTheChainEnds() = processTest {
        start()
        // Pass and play: a step each first (the library keeps a game from its first move on),
        // then the chain.
        startChainGame(app, BoardMode.PassAndPlay)
        tapHole(Coord(0, 4))
        tapHole(Coord(0, 3))
        tapHole(Coord(4, -8))
        val step = game().targets.first { it.kind == MoveKind.STEP }.coord
        tapHole(step)
        assertEquals(2, game().history.size)
        hopOnce(app)
        val before = game()

        killAndComeBack()
        assertEquals(Screen.Board, app.screen.value)
        assertEquals("the position before the chain", before.holes, game().holes)
        assertEquals("the hop already made", listOf(Coord(0, 0), Coord(0, -2)), game().chain)
        tag("endJump").assertIsEnabled()
        tapHole(Coord(2, -4))
        click("endJump")
        val played = game().history.last()
        assertEquals(MoveKind.JUMP, played.kind)
        assertEquals(listOf(Coord(0, 0), Coord(0, -2), Coord(2, -4)), played.path)
    }

    @Test
    fun killedOnAnotherScreenTheAppOpensOnHomeWithTheGameToContinue() = processTest {
        start()
        startChainGame(app)
        tapHole(Coord(0, 0))
        tapHole(Coord(0, -2))
        click("endJump")
        waitUntil("the AI's answer", 30_000) { game().history.size == 2 && !game().aiToMove }
        val before = game()
        click("home")
        click("rules")

        killAndComeBack()
        assertEquals(Screen.Home, app.screen.value)
        assertNull(app.board.value)
        val card = app.home.state.value.interrupted.single()
        click("continue:${card.id}")
        assertEquals(before.holes, game().holes)
        assertTrue(game().chain.isEmpty())
    }
}
