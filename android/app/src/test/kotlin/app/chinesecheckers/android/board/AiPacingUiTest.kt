package app.chinesecheckers.android.board

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.HeadlessPlatform
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.awaitTrue
import app.chinesecheckers.android.click
import app.chinesecheckers.android.findStep
import app.chinesecheckers.android.game
import app.chinesecheckers.android.nextStart
import app.chinesecheckers.android.person
import app.chinesecheckers.android.setup
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapStep
import app.chinesecheckers.android.unclippedBounds
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.BoardPresenter
import app.chinesecheckers.ui.settings.Settings
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.launch
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import java.util.Collections

/**
 * Readable turns with several AI seats: each AI move is drawn and held for the pace of the
 * settings before the next AI starts thinking (none with reduced motion); and the player strip
 * of a six-player game on a 360 dp phone is never cut: it scrolls to the player to move.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class AiPacingUiTest {
    private val longNames = listOf("Niki de Saint Phalle", "Jean-Michel Basquiat", "Louise Bourgeois", "Yayoi Kusama", "Marcel Duchamp")

    private fun sixPlayers() = setup(
        Preset.STERNHALMA,
        listOf(person()) + longNames.map { Seat(SeatPlayer.Ai(AiLevel.BEGINNER), it) },
    )

    /** One hold asked for: its length and the moves played when it started and when it ended. */
    private data class Hold(val millis: Long, val movesBefore: Int, val movesAfter: Int)

    /**
     * Plays the person's move of a six-player game with five AI seats on a presenter whose hold
     * is recorded (and really waited), a stand-in board reporting each animation as played;
     * returns the holds and the instants (ms) each move appeared. No screen: everything runs on
     * Dispatchers.Default, so the test thread may wait for it.
     */
    private fun playRound(reducedMotion: Boolean): Pair<List<Hold>, List<Long>> {
        val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default)
        val settings = MutableStateFlow(Settings(reducedMotion = reducedMotion))
        val holds = Collections.synchronizedList(mutableListOf<Hold>())
        lateinit var presenter: BoardPresenter
        val recordingHold: suspend (Long) -> Unit = { ms ->
            val before = presenter.state.value.game.history.size
            delay(ms)
            holds += Hold(ms, before, presenter.state.value.game.history.size)
        }
        val game = LocalGame(sixPlayers()).game()
        presenter = BoardPresenter(game, BoardMode.Solo, scope, settings, HeadlessPlatform(), hold = recordingHold)
        val seen = Collections.synchronizedList(mutableListOf<Long>())
        // The board: plays each animation for its length, then says so; notes when each move shows.
        scope.launch {
            var shown = 0
            presenter.state.collect { ui ->
                while (ui.game.history.size > shown) {
                    shown++
                    seen += System.currentTimeMillis()
                }
                val animation = ui.animation ?: return@collect
                launch {
                    delay(animation.totalMillis.toLong())
                    presenter.onEvent(BoardEvent.AnimationFinished(animation.revision))
                }
            }
        }
        val (from, to) = findStep(presenter)
        presenter.onEvent(BoardEvent.TapHole(from.q, from.r))
        presenter.onEvent(BoardEvent.TapHole(to.q, to.r))
        awaitTrue("the five AI moves", timeoutMs = 90_000) {
            val g = presenter.state.value.game
            g.history.size >= 6 && g.toMove == 0 && !g.aiToMove && g.thinking == null
        }
        presenter.close()
        scope.cancel()
        return holds.toList() to seen.toList()
    }

    @Test
    fun eachAiMoveIsHeldBeforeTheNextAiThinksAndReducedMotionHoldsNone() {
        val (holds, seen) = playRound(reducedMotion = false)
        // A hold after each AI move that another AI follows (AI 1 to 4); none after the
        // person's move (the AI may think at once) nor after the last AI's (the person's turn).
        assertEquals("holds: $holds", listOf(600L, 600L, 600L, 600L), holds.map { it.millis })
        for (h in holds) assertEquals("no AI moved during the hold $h", h.movesBefore, h.movesAfter)
        assertEquals(listOf(2, 3, 4, 5), holds.map { it.movesBefore })
        // The AI moves are spaced by at least the pace on the clock.
        for (i in 2..5) assertTrue("move $i came ${seen[i] - seen[i - 1]} ms after the one before", seen[i] - seen[i - 1] >= 600)

        val (reduced, _) = playRound(reducedMotion = true)
        assertEquals("reduced motion holds nothing", emptyList<Hold>(), reduced)
    }

    @Test
    fun thePaceIsASettingKeptForTheNextStart() = appTest(device = Device.TabletPortrait) {
        assertEquals(600, app.settings.settings.value.aiPaceMillis)
        app.navigate(Screen.Settings)
        click("aiPace:1000")
        assertEquals(1000, app.settings.settings.value.aiPaceMillis)
        snapshot("settings-ai-pace-tablet-portrait")
        // The next start reads the settings file again.
        assertEquals(1000, nextStart { it.settings.settings.value.aiPaceMillis })
    }

    @Test
    fun thePlayerStripOfSixPlayersScrollsToThePlayerToMoveAt360Dp() = appTest(device = Device.SmallPhone) {
        app.startLocal(sixPlayers(), BoardMode.Solo)
        waitForIdle()
        val strip = tag("players").fetchSemanticsNode().boundsInRoot
        fun nameBounds(i: Int) = unclippedBounds("playerName:$i")
        fun fullyShown(i: Int): Boolean {
            val b = nameBounds(i)
            return b.left >= strip.left - 0.5f && b.right <= strip.right + 0.5f
        }
        // The names are whole (not ellipsized) and do not all fit: the strip must scroll.
        for ((k, name) in longNames.withIndex()) tag("playerName:${k + 1}").assertTextEquals(name)
        assertTrue("six long names overflow 360 dp", (0..5).any { !fullyShown(it) })
        assertTrue("the person, to move, is shown whole", fullyShown(0))
        snapshot("board-six-players-small-phone")

        tapStep()
        // Each AI in turn: once the strip has caught up, its name is shown whole.
        val checked = mutableSetOf<Int>()
        waitUntil(timeoutMillis = 90_000) {
            val g = game()
            val current = g.toMove
            if (current != 0 && fullyShown(current)) checked += current
            g.history.size >= 6 && current == 0 && !g.aiToMove
        }
        waitUntil(timeoutMillis = 5_000) { fullyShown(0) }
        assertTrue("every AI was seen whole while it played: $checked", checked.size >= 4)
    }
}
