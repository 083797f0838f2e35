package app.chinesecheckers.ui

import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsNodeInteraction
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.board.BoardUiState
import app.chinesecheckers.ui.board.holeTag

/** The node with test tag [tag] (hole nodes are not merged into a parent, so all are searched). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.tag(tag: String): SemanticsNodeInteraction = onNodeWithTag(tag, useUnmergedTree = true)

/** Clicks the node tagged [tag] and lets the UI settle. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.click(tag: String) {
    // Scrolled into view first when it sits in a scrolling column (a click off-screen is lost).
    runCatching { tag(tag).performScrollTo() }
    tag(tag).performClick()
    waitForIdle()
}

/**
 * Taps the hole at [c] with a real pointer event at the hole's centre: the board's own
 * nearest-hole detection turns it into the core's tap.
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.tapHole(c: Coord) = click(holeTag(c))

/** The board's current UI state of [app]. */
fun boardOf(app: AppState): BoardUiState = checkNotNull(app.board.value) { "no board shown" }.state.value

/** The game state on [app]'s board. */
fun gameOf(app: AppState): GameState = boardOf(app).game

/** The first own peg of the player to move with a step target, and that step (read from the core by tapping). */
fun findStep(app: AppState): Pair<Coord, Coord> = findStep(checkNotNull(app.board.value))

/** The same on the board of [presenter] (an online game's board, for one). */
fun findStep(presenter: app.chinesecheckers.ui.board.BoardPresenter): Pair<Coord, Coord> {
    val s = presenter.state.value.game
    for (h in s.holes.filter { it.owner == s.toMove }) {
        presenter.onEvent(BoardEvent.TapHole(h.coord.q, h.coord.r))
        val targets = presenter.state.value.game.targets
        presenter.onEvent(BoardEvent.TapOutside)
        val step = targets.firstOrNull { it.kind == MoveKind.STEP }
        if (step != null) return h.coord to step.coord
    }
    error("player ${s.toMove} has no step")
}
