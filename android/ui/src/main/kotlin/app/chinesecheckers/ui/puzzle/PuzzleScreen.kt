package app.chinesecheckers.ui.puzzle

import androidx.compose.foundation.background
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.WindowInsetsSides
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.BoardGeometry
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.ParVerdict
import app.chinesecheckers.core.PuzzleInfo
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.TabletMinWidth
import app.chinesecheckers.ui.board.BoardCanvas
import app.chinesecheckers.ui.board.SlotLabel
import app.chinesecheckers.ui.safeAreaPadding
import app.chinesecheckers.ui.strings.PuzzleStrings
import app.chinesecheckers.ui.strings.Strings
import app.chinesecheckers.ui.strings.puzzleWords

/**
 * A race puzzle in play: the board drawn as a game's (the core's `PuzzleState.board`), the count
 * against par always in view, and End jump, Undo, Redo and Restart in fixed slots that never move
 * (issue 28). Once solved, a sheet says the count against par and the person's best, and offers
 * the solver's line, stepped through on the board as arrows, the next puzzle and the list.
 * [title] names the puzzle; [next] is the puzzle the sheet offers after it (none after the last).
 */
@Composable
fun PuzzleScreen(
    presenter: PuzzlePresenter,
    geometry: BoardGeometry,
    reducedMotion: Boolean,
    title: String,
    next: PuzzleInfo?,
    best: Int?,
    onNext: (PuzzleInfo) -> Unit,
    onList: () -> Unit,
) {
    val ui by presenter.state.collectAsState()
    val strings = LocalStrings.current
    val words = puzzleWords(strings)
    val onEvent = presenter::onEvent
    val game = ui.puzzle
    val board = ui.line?.board ?: ui.board
    val names: (Int) -> String = { i -> board.players.getOrNull(i)?.let { strings.playerName(it.name) } ?: "?" }
    // Holes named as the player sees them on the turned board (the core's `holePositions`).
    val named = app.chinesecheckers.ui.board.rememberHolePositions(board.rotationDegrees)
    val positions = remember(named) { named.associate { it.coord to (it.row to it.place) } }
    val position: (Coord) -> String = { c -> positions[c]?.let { strings.holePosition(it.first, it.second) } ?: "" }
    BoxWithConstraints(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background)) {
        val tablet = maxWidth >= TabletMinWidth && maxWidth > maxHeight
        val boardBox = @Composable { modifier: Modifier, padding: Dp ->
            Box(modifier) {
                BoardCanvas(
                    geometry = geometry,
                    game = board,
                    rotationDegrees = board.rotationDegrees.toFloat(),
                    animation = null,
                    reducedMotion = reducedMotion,
                    strings = strings,
                    playerName = names,
                    onTapHole = { onEvent(PuzzleEvent.TapHole(it.q, it.r)) },
                    // Beside the star: nothing to do (the selected peg is tapped again to let go).
                    onTapOutside = {},
                    modifier = Modifier.fillMaxSize().padding(padding).testTag("board"),
                    arrowPath = ui.line?.arrow?.path.orEmpty(),
                )
                // Phone: over the board's bottom edge, below the star. Tablet: in the side panel,
                // where it covers no hole.
                if (!tablet) LineStepper(ui, words, onEvent, Modifier.align(Alignment.BottomCenter).padding(bottom = 8.dp))
            }
        }
        val status = @Composable { modifier: Modifier -> StatusWords(ui, words, strings, names, position, modifier) }
        if (tablet) {
            Row(Modifier.fillMaxSize()) {
                Column(Modifier.weight(1f).fillMaxHeight().safeAreaPadding(WindowInsetsSides.Start + WindowInsetsSides.Vertical)) {
                    TitleRow(title, words, onList)
                    boardBox(Modifier.weight(1f).fillMaxWidth(), 8.dp)
                }
                Surface(tonalElevation = 2.dp, modifier = Modifier.fillMaxHeight()) {
                    Column(
                        Modifier.safeAreaPadding(WindowInsetsSides.End + WindowInsetsSides.Vertical).width(360.dp).fillMaxHeight().padding(16.dp),
                        verticalArrangement = Arrangement.spacedBy(12.dp),
                    ) {
                        CountRow(ui, words, onEvent)
                        Text(words.par(game.par, game.proven), style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("parWords"))
                        PuzzleControls(ui, words, strings, columns = 2, onEvent = onEvent)
                        HorizontalDivider()
                        status(Modifier)
                        LineStepper(ui, words, onEvent, Modifier.align(Alignment.CenterHorizontally), closeInside = false)
                        // The panel is narrow for the stepper and its close button side by side.
                        if (ui.line != null) {
                            OutlinedButton(onClick = { onEvent(PuzzleEvent.CloseLine) }, modifier = Modifier.fillMaxWidth().testTag("closeLine")) { Text(words.closeLine) }
                        }
                        HorizontalDivider()
                        // Below the buttons, what a phone keeps in the list and the sheet: the
                        // puzzle's aim, the person's best, and the moves on the board.
                        Text(words.intro, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant, modifier = Modifier.testTag("puzzleIntro"))
                        best?.let { Text(words.yourBest(it), style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("panelBest")) }
                        PuzzleMoves(ui.board, position, strings, names, Modifier.weight(1f).fillMaxWidth())
                    }
                }
            }
        } else {
            Column(Modifier.fillMaxSize().safeAreaPadding()) {
                TitleRow(title, words, onList)
                CountRow(ui, words, onEvent, Modifier.padding(horizontal = 12.dp))
                status(Modifier.padding(horizontal = 12.dp))
                boardBox(Modifier.weight(1f).fillMaxWidth(), 4.dp)
                PuzzleControls(ui, words, strings, columns = 4, onEvent = onEvent, modifier = Modifier.padding(horizontal = 12.dp, vertical = 8.dp))
            }
        }
        if (ui.sheetOpen && game.solved) SolvedSheet(ui, words, best, next, onEvent, onNext, onList)
    }
}

/**
 * The person's moves, newest first, as a game's side panel words them (also while the solver's
 * line is shown: its move is said above, in the status words).
 */
@Composable
private fun PuzzleMoves(board: GameState, position: (Coord) -> String, strings: Strings, names: (Int) -> String, modifier: Modifier = Modifier) {
    if (board.history.isEmpty()) {
        Text(strings.noMovesYet, style = MaterialTheme.typography.bodyMedium, modifier = modifier.testTag("puzzleMoves"))
        return
    }
    LazyColumn(modifier.testTag("puzzleMoves")) {
        items(board.history.reversed(), key = { it.number }) { move ->
            val from = move.path.firstOrNull()?.let(position) ?: ""
            val to = move.path.lastOrNull()?.let(position) ?: ""
            Text(
                strings.historyEntry(move.number, names(move.player), move.kind, from, to),
                style = MaterialTheme.typography.bodyMedium,
                modifier = Modifier.fillMaxWidth().padding(vertical = 4.dp).testTag("puzzleMove:${move.number}"),
            )
        }
    }
}

/** Back to the list, and the puzzle's name. */
@Composable
private fun TitleRow(title: String, words: PuzzleStrings, onList: () -> Unit) {
    Row(Modifier.fillMaxWidth().padding(horizontal = 8.dp, vertical = 4.dp), verticalAlignment = Alignment.CenterVertically) {
        TextButton(onClick = onList, modifier = Modifier.testTag("back")) { Text("‹ " + words.puzzles, maxLines = 1) }
        Text(
            title,
            style = MaterialTheme.typography.titleMedium,
            maxLines = 1,
            overflow = TextOverflow.Ellipsis,
            modifier = Modifier.weight(1f).padding(start = 4.dp).testTag("puzzleTitle").semantics { heading() },
        )
    }
}

/**
 * "Moves 5 · Par 7", always in view, and once solved the button that opens the result again: in
 * a row of fixed height, so that nothing below moves when it appears.
 */
@Composable
private fun CountRow(ui: PuzzleUiState, words: PuzzleStrings, onEvent: (PuzzleEvent) -> Unit, modifier: Modifier = Modifier) {
    Row(modifier.fillMaxWidth().heightIn(min = 48.dp), verticalAlignment = Alignment.CenterVertically) {
        Text(
            words.count(ui.puzzle.moves, ui.puzzle.par),
            style = MaterialTheme.typography.titleLarge,
            fontWeight = FontWeight.Bold,
            modifier = Modifier.weight(1f).testTag("count").semantics { liveRegion = LiveRegionMode.Polite },
        )
        if (ui.puzzle.solved && !ui.sheetOpen && ui.line == null) {
            TextButton(onClick = { onEvent(PuzzleEvent.ShowSheet(true)) }, modifier = Modifier.testTag("openResult")) { Text(words.result) }
        }
    }
}

/**
 * One or two lines under the count: the core's refusal or notice, or while the solver's line is
 * shown, its move in words. Its height is kept, so that the board never jumps.
 */
@Composable
private fun StatusWords(
    ui: PuzzleUiState,
    words: PuzzleStrings,
    strings: Strings,
    names: (Int) -> String,
    position: (Coord) -> String,
    modifier: Modifier = Modifier,
) {
    val line = ui.line
    val text = when {
        line != null -> line.arrow?.let { words.lineStep(line.step, line.total, position(it.from), position(it.to)) } ?: words.lineStart(line.total)
        else -> ui.error?.let { strings.moveError(it) } ?: ui.board.notice?.let { strings.notice(it, names) }
    }
    Box(modifier.fillMaxWidth().heightIn(min = 40.dp), contentAlignment = Alignment.CenterStart) {
        if (text != null) {
            Text(
                text,
                style = MaterialTheme.typography.bodyMedium,
                color = if (line == null) MaterialTheme.colorScheme.error else MaterialTheme.colorScheme.onSurface,
                maxLines = 2,
                modifier = Modifier.testTag(if (line == null) "notice" else "lineWords").semantics { liveRegion = LiveRegionMode.Polite },
            )
        }
    }
}

/**
 * End jump, Undo, Redo, Restart: always there, in the same places, enabled by the core's state
 * (none while the solver's line is shown).
 */
@Composable
private fun PuzzleControls(
    ui: PuzzleUiState,
    words: PuzzleStrings,
    strings: Strings,
    columns: Int,
    onEvent: (PuzzleEvent) -> Unit,
    modifier: Modifier = Modifier,
) {
    val free = ui.line == null
    val game = ui.puzzle
    class Slot(val tag: String, val label: String, val enabled: Boolean, val primary: Boolean, val event: PuzzleEvent)
    val slots = listOf(
        Slot("endJump", strings.endJump, free && ui.board.capabilities.canEndJump, true, PuzzleEvent.EndJump),
        Slot("undo", strings.undo, free && ui.board.capabilities.canUndo, false, PuzzleEvent.Undo),
        Slot("redo", strings.redo, free && ui.board.capabilities.canRedo, false, PuzzleEvent.Redo),
        Slot("restart", words.restart, free && ui.board.capabilities.canUndo, false, PuzzleEvent.Restart),
    )
    Column(modifier.fillMaxWidth().testTag("controlBar"), verticalArrangement = Arrangement.spacedBy(6.dp)) {
        for (row in slots.chunked(columns)) {
            Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(6.dp)) {
                for (slot in row) {
                    val m = Modifier.weight(1f).height(48.dp).testTag(slot.tag)
                    val padding = PaddingValues(horizontal = 6.dp, vertical = 2.dp)
                    val onClick = { onEvent(slot.event) }
                    if (slot.primary) {
                        Button(onClick, m, enabled = slot.enabled, contentPadding = padding) { SlotLabel(slot.label) }
                    } else {
                        FilledTonalButton(onClick, m, enabled = slot.enabled, contentPadding = padding) { SlotLabel(slot.label) }
                    }
                }
                repeat(columns - row.size) { Spacer(Modifier.weight(1f)) }
            }
        }
    }
}

/**
 * The solver's line's stepper: back, the move shown, forward, and ([closeInside]) the button back
 * to the person's board.
 */
@Composable
private fun LineStepper(ui: PuzzleUiState, words: PuzzleStrings, onEvent: (PuzzleEvent) -> Unit, modifier: Modifier = Modifier, closeInside: Boolean = true) {
    val line = ui.line ?: return
    Surface(shape = MaterialTheme.shapes.large, tonalElevation = 4.dp, shadowElevation = 2.dp, modifier = modifier.testTag("lineStepper")) {
        Row(Modifier.padding(horizontal = 8.dp, vertical = 4.dp), verticalAlignment = Alignment.CenterVertically) {
            FilledTonalButton(onClick = { onEvent(PuzzleEvent.LineStep(-1)) }, enabled = line.step > 0, modifier = Modifier.testTag("lineBack")) { Text("◀") }
            Text(
                "${line.step} / ${line.total}",
                style = MaterialTheme.typography.titleMedium,
                modifier = Modifier.padding(horizontal = 12.dp).testTag("linePosition"),
            )
            FilledTonalButton(onClick = { onEvent(PuzzleEvent.LineStep(1)) }, enabled = line.step < line.total, modifier = Modifier.testTag("lineForward")) { Text("▶") }
            if (closeInside) {
                TextButton(onClick = { onEvent(PuzzleEvent.CloseLine) }, modifier = Modifier.testTag("closeLine")) { Text(words.closeLine) }
            }
        }
    }
}

/**
 * The result: solved in how many moves, at par, under or over it, the person's best (as the core
 * kept it, [best]), then the solver's line, the next puzzle and the list.
 */
@Composable
private fun SolvedSheet(
    ui: PuzzleUiState,
    words: PuzzleStrings,
    best: Int?,
    next: PuzzleInfo?,
    onEvent: (PuzzleEvent) -> Unit,
    onNext: (PuzzleInfo) -> Unit,
    onList: () -> Unit,
) {
    val game = ui.puzzle
    val moves = game.moves
    val par = game.par
    val strings = LocalStrings.current
    AlertDialog(
        onDismissRequest = { onEvent(PuzzleEvent.ShowSheet(false)) },
        modifier = Modifier.testTag("puzzleSolved"),
        title = { Text(words.solvedIn(moves), modifier = Modifier.testTag("solvedTitle")) },
        text = {
            Column(verticalArrangement = Arrangement.spacedBy(6.dp)) {
                Text(
                    words.againstPar(game.verdict ?: ParVerdict.AtPar),
                    style = MaterialTheme.typography.titleMedium,
                    fontWeight = FontWeight.Bold,
                    color = if (game.atPar) MaterialTheme.colorScheme.primary else MaterialTheme.colorScheme.onSurface,
                    modifier = Modifier.testTag("againstPar"),
                )
                Text(words.par(par, game.proven))
                best?.let { Text(words.yourBest(it), modifier = Modifier.testTag("yourBest")) }
                Spacer(Modifier.height(4.dp))
                Button(onClick = { onEvent(PuzzleEvent.ShowLine) }, modifier = Modifier.fillMaxWidth().testTag("showLine")) { Text(words.showLine) }
                if (next != null) {
                    OutlinedButton(onClick = { onNext(next) }, modifier = Modifier.fillMaxWidth().testTag("nextPuzzle")) { Text(words.nextPuzzle) }
                }
            }
        },
        confirmButton = {
            TextButton(onClick = { onEvent(PuzzleEvent.ShowSheet(false)) }, modifier = Modifier.testTag("sheetClose")) { Text(strings.close) }
        },
        dismissButton = {
            TextButton(onClick = onList, modifier = Modifier.testTag("allPuzzles")) { Text(words.allPuzzles) }
        },
    )
}
