package app.chinesecheckers.ui.board

import androidx.compose.foundation.background
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.WindowInsetsSides
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.CardDefaults
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.platform.testTag
import app.chinesecheckers.core.SaveStatus
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.BoardGeometry
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.OnlineSeat
import app.chinesecheckers.core.clockReading
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.TabletMinWidth
import app.chinesecheckers.ui.safeAreaPadding
import app.chinesecheckers.ui.online.ClockPresenter
import kotlinx.coroutines.delay
import app.chinesecheckers.ui.strings.Strings
import app.chinesecheckers.ui.theme.LocalBoardPalette

/** The board screen: the star, whose turn it is, banners, the game's buttons and dialogs. */
@Composable
fun BoardScreen(
    presenter: BoardPresenter,
    geometry: BoardGeometry,
    reducedMotion: Boolean,
    onHome: () -> Unit,
) {
    val ui by presenter.state.collectAsState()
    val strings = LocalStrings.current
    val names: (Int) -> String = { i -> ui.game.players.getOrNull(i)?.let { strings.playerName(it.name) } ?: "?" }
    val onEvent = presenter::onEvent
    val clock = rememberClock(ui.online)
    BoxWithConstraints(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background)) {
        val tablet = maxWidth >= TabletMinWidth && maxWidth > maxHeight
        val board = @Composable { modifier: Modifier ->
            BoardCanvas(
                geometry = geometry,
                game = ui.game,
                rotationDegrees = ui.game.rotationDegrees.toFloat(),
                animation = ui.animation,
                reducedMotion = reducedMotion,
                strings = strings,
                playerName = names,
                onTapHole = { onEvent(BoardEvent.TapHole(it.q, it.r)) },
                onTapOutside = { onEvent(BoardEvent.TapOutside) },
                modifier = modifier.testTag("board"),
                onAnimationFinished = { onEvent(BoardEvent.AnimationFinished(it)) },
            )
        }
        // Backgrounds (the window's, the side panel's) run under the system bars, cut-out and
        // keyboard; the board and every control stay out of them.
        if (tablet) {
            Row(Modifier.fillMaxSize()) {
                Column(Modifier.weight(1f).fillMaxHeight().safeAreaPadding(WindowInsetsSides.Start + WindowInsetsSides.Vertical)) {
                    TopRow(ui, strings, names, clock, onHome)
                    OnlineSeats(ui, strings, names, clock, Modifier.padding(horizontal = 12.dp))
                    board(Modifier.weight(1f).fillMaxWidth().padding(8.dp))
                }
                Surface(tonalElevation = 2.dp, modifier = Modifier.fillMaxHeight()) {
                    Column(
                        Modifier.safeAreaPadding(WindowInsetsSides.End + WindowInsetsSides.Vertical).width(360.dp).padding(16.dp),
                        verticalArrangement = Arrangement.spacedBy(12.dp),
                    ) {
                        StatusPanel(ui, strings, names, clock, onEvent)
                        Controls(ui, strings, onEvent)
                        HorizontalDivider()
                        Text(strings.history, style = MaterialTheme.typography.titleMedium)
                        HistoryList(ui.game, geometry, strings, names, Modifier.weight(1f))
                    }
                }
            }
        } else {
            Column(Modifier.fillMaxSize().safeAreaPadding()) {
                TopRow(ui, strings, names, clock, onHome)
                OnlineSeats(ui, strings, names, clock, Modifier.padding(horizontal = 12.dp))
                StatusPanel(ui, strings, names, clock, onEvent, Modifier.padding(horizontal = 12.dp))
                board(Modifier.weight(1f).fillMaxWidth().padding(4.dp))
                Controls(ui, strings, onEvent, Modifier.padding(horizontal = 12.dp, vertical = 8.dp))
            }
        }
        if (ui.historyOpen && !tablet) HistoryDialog(ui.game, geometry, strings, names, onEvent)
        if (ui.game.outcome != null && !ui.gameOverDismissed && ui.game.replay == null) {
            GameOverDialog(ui, strings, names, onEvent, onHome)
        }
    }
}

/** What the board shows of a running online clock, as of the last second's tick. */
private data class ClockView(
    /** The side whose time runs. */
    val side: Int,
    /** Its time left, "m:ss". */
    val text: String,
    /** Under ten seconds left: highlighted. */
    val low: Boolean,
    /** With a game clock, every seat's bank, side 0 first; empty otherwise. */
    val banks: List<String>,
)

/**
 * The online game's clock as the core reads it now (`clockReading`), read again when the core
 * says its digits next change; null for an untimed game, a game that is over, or a local game.
 */
@Composable
private fun rememberClock(online: OnlineBoardInfo?): ClockView? {
    val clock = online?.game?.clock ?: return null
    var reading by remember(clock) { mutableStateOf(clockReading(clock, System.currentTimeMillis())) }
    LaunchedEffect(clock) {
        while (true) {
            val next = reading.nextChangeAtMs ?: break // the time is out: nothing changes any more
            delay(next - System.currentTimeMillis())
            reading = clockReading(clock, System.currentTimeMillis())
        }
    }
    return ClockView(
        side = reading.side,
        text = ClockPresenter.format(reading.shown),
        low = reading.low,
        banks = reading.banks.map(ClockPresenter::format),
    )
}

@Composable
private fun TopRow(ui: BoardUiState, strings: Strings, names: (Int) -> String, clock: ClockView?, onHome: () -> Unit) {
    Row(
        Modifier.fillMaxWidth().padding(horizontal = 8.dp, vertical = 4.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        TextButton(onClick = onHome, modifier = Modifier.testTag("home")) { Text("‹ " + strings.home) }
        Spacer(Modifier.weight(1f))
        // The players in turn order, each with every colour it plays (tripot with 2 or 3 colours
        // a side), the one to move in bold. An online game of 3 or more seats lists its seats
        // below instead ([OnlineSeats]).
        for (p in if (onlineSeats(ui) == null) ui.game.players else emptyList()) {
            if (p.colours.isEmpty()) continue
            Row(Modifier.padding(start = 3.dp, end = 3.dp), horizontalArrangement = Arrangement.spacedBy(2.dp)) {
                for (colour in p.colours) {
                    val style = LocalBoardPalette.current.peg(colour)
                    Box(Modifier.size(12.dp).clip(CircleShape).background(style.fill))
                }
            }
            Text(
                names(p.index),
                style = MaterialTheme.typography.labelMedium,
                fontWeight = if (p.index == ui.game.toMove && ui.game.outcome == null) FontWeight.Bold else FontWeight.Normal,
                modifier = Modifier.padding(end = if (clock?.banks?.getOrNull(p.index) != null) 4.dp else 8.dp),
                maxLines = 1,
            )
            // A game clock: the seat's bank next to its name.
            clock?.banks?.getOrNull(p.index)?.let { bank ->
                BankText(bank, clock.side == p.index, clock.low, Modifier.padding(end = 8.dp).testTag("bank:${p.index}"))
            }
        }
        ui.online?.let { ConnectionChip(it.connection, strings) }
    }
}

/** The seats of an online game of 3 or more seats, side 0 (who opens) first; null otherwise. */
private fun onlineSeats(ui: BoardUiState): List<OnlineSeat>? =
    ui.online?.game?.seats?.takeIf { it.size >= 3 }

/**
 * An online game of 3 or more seats: every seat in turn order with its colours, its name, the
 * computer's level for an AI seat, an "away" mark while its player is not connected, and the one
 * to move highlighted (announced as selected). Two-seat games show nothing here.
 */
@OptIn(ExperimentalLayoutApi::class)
@Composable
private fun OnlineSeats(ui: BoardUiState, strings: Strings, names: (Int) -> String, clock: ClockView?, modifier: Modifier = Modifier) {
    val seats = onlineSeats(ui) ?: return
    FlowRow(
        modifier.fillMaxWidth().testTag("seats"),
        horizontalArrangement = Arrangement.spacedBy(6.dp),
        verticalArrangement = Arrangement.spacedBy(4.dp),
    ) {
        for ((i, seat) in seats.withIndex()) {
            val turn = i == ui.game.toMove && ui.game.outcome == null
            val player = ui.game.players.getOrNull(i)
            val detail = listOfNotNull(seat.ai?.let { strings.seatComputer(it) }, strings.seatAway.takeIf { !seat.connected })
            Surface(
                shape = MaterialTheme.shapes.small,
                color = if (turn) MaterialTheme.colorScheme.primaryContainer else MaterialTheme.colorScheme.surfaceVariant,
                modifier = Modifier.testTag("seat:$i").semantics(mergeDescendants = true) { selected = turn },
            ) {
                Row(Modifier.padding(horizontal = 8.dp, vertical = 4.dp), verticalAlignment = Alignment.CenterVertically) {
                    for (colour in player?.colours.orEmpty()) {
                        Box(Modifier.padding(end = 2.dp).size(10.dp).clip(CircleShape).background(LocalBoardPalette.current.peg(colour).fill))
                    }
                    Text(
                        player?.let { names(i) } ?: seat.name,
                        style = MaterialTheme.typography.labelLarge,
                        fontWeight = if (turn) FontWeight.Bold else FontWeight.Normal,
                        maxLines = 1,
                        modifier = Modifier.padding(start = 4.dp).testTag("seatName:$i"),
                    )
                    clock?.banks?.getOrNull(i)?.let { bank ->
                        BankText(bank, clock.side == i, clock.low, Modifier.padding(start = 6.dp).testTag("bank:$i"))
                    }
                    if (detail.isNotEmpty()) {
                        Text(
                            detail.joinToString(" · "),
                            style = MaterialTheme.typography.labelSmall,
                            color = if (seat.connected) MaterialTheme.colorScheme.onSurfaceVariant else MaterialTheme.colorScheme.error,
                            maxLines = 1,
                            modifier = Modifier.padding(start = 6.dp).testTag("seatDetail:$i"),
                        )
                    }
                }
            }
        }
    }
}

/** A seat's bank of a game clock: monospaced digits, the running one bold (in red when low). */
@Composable
private fun BankText(bank: String, running: Boolean, low: Boolean, modifier: Modifier) {
    Text(
        bank,
        style = MaterialTheme.typography.labelMedium.copy(fontFeatureSettings = "tnum"),
        fontWeight = if (running) FontWeight.Bold else FontWeight.Normal,
        color = if (running && low) MaterialTheme.colorScheme.error else MaterialTheme.colorScheme.onSurfaceVariant,
        maxLines = 1,
        modifier = modifier,
    )
}

@Composable
private fun ConnectionChip(connection: Connection, strings: Strings) {
    val colour = when (connection) {
        Connection.CONNECTED -> androidx.compose.ui.graphics.Color(0xFF2E7D32)
        Connection.CONNECTING -> androidx.compose.ui.graphics.Color(0xFFF9A825)
        Connection.RECONNECTING -> androidx.compose.ui.graphics.Color(0xFFC62828)
        Connection.REPLACED -> androidx.compose.ui.graphics.Color(0xFF757575)
    }
    Row(verticalAlignment = Alignment.CenterVertically, modifier = Modifier.testTag("connection")) {
        Box(Modifier.size(10.dp).clip(CircleShape).background(colour))
        Text(strings.connection(connection), style = MaterialTheme.typography.labelSmall, modifier = Modifier.padding(start = 4.dp))
    }
}

/** Whose turn, the AI thinking (with Stop), the banner (announced) and the last refusal. */
@Composable
private fun StatusPanel(
    ui: BoardUiState,
    strings: Strings,
    names: (Int) -> String,
    clock: ClockView?,
    onEvent: (BoardEvent) -> Unit,
    modifier: Modifier = Modifier,
) {
    val game = ui.game
    Column(modifier.fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(6.dp)) {
        Row(verticalAlignment = Alignment.CenterVertically, modifier = Modifier.heightIn(min = 40.dp)) {
            val thinking = game.thinking
            val status = when {
                game.outcome != null -> strings.gameOver
                thinking != null -> strings.thinking(names(thinking))
                game.replay != null -> strings.replay
                else -> strings.toMove(names(game.toMove))
            }
            if (thinking != null || game.hintPending) {
                CircularProgressIndicator(Modifier.size(20.dp).testTag("thinking"), strokeWidth = 2.dp)
                Spacer(Modifier.width(8.dp))
            }
            Text(
                status,
                style = MaterialTheme.typography.titleMedium,
                modifier = Modifier.weight(1f).testTag("status").semantics { liveRegion = LiveRegionMode.Polite },
            )
            // The time left of the side to move (a timed online game that is not over).
            if (clock != null && game.replay == null) {
                val spoken = strings.clockLeft(names(clock.side), clock.text)
                Surface(
                    shape = MaterialTheme.shapes.small,
                    color = if (clock.low) MaterialTheme.colorScheme.errorContainer else MaterialTheme.colorScheme.surfaceVariant,
                    modifier = Modifier.padding(start = 8.dp),
                ) {
                    Text(
                        clock.text,
                        style = MaterialTheme.typography.titleMedium.copy(fontFeatureSettings = "tnum"),
                        fontWeight = FontWeight.Bold,
                        color = if (clock.low) MaterialTheme.colorScheme.onErrorContainer else MaterialTheme.colorScheme.onSurfaceVariant,
                        modifier = Modifier.padding(horizontal = 10.dp, vertical = 4.dp).testTag("clock")
                            .semantics { contentDescription = spoken },
                    )
                }
            }
            if (thinking != null) {
                OutlinedButton(onClick = { onEvent(BoardEvent.StopThinking) }, modifier = Modifier.testTag("stop")) {
                    Text(strings.stopThinking)
                }
            } else if (game.aiPaused) {
                Button(onClick = { onEvent(BoardEvent.LetAiPlay) }, modifier = Modifier.testTag("letAiPlay")) {
                    Text(strings.letAiPlay)
                }
            }
        }
        val banner = game.banner
        // Thinking and game over are already said by the status line above.
        if (banner != null && banner !is app.chinesecheckers.core.Banner.AiThinking && banner != app.chinesecheckers.core.Banner.GameOver) {
            Card(
                colors = CardDefaults.cardColors(containerColor = MaterialTheme.colorScheme.secondaryContainer),
                modifier = Modifier.fillMaxWidth(),
            ) {
                Text(
                    strings.banner(banner, names),
                    style = MaterialTheme.typography.bodyLarge,
                    modifier = Modifier.padding(12.dp).testTag("banner").semantics { liveRegion = LiveRegionMode.Assertive },
                )
            }
        }
        // The library could not write the last change: the game is whole in memory, and the core
        // writes it again at the next change or when the player retries.
        val storage = game.storage
        if (storage is SaveStatus.Failed) {
            Card(
                colors = CardDefaults.cardColors(containerColor = MaterialTheme.colorScheme.errorContainer),
                modifier = Modifier.fillMaxWidth().testTag("saveFailed"),
            ) {
                Row(Modifier.padding(horizontal = 12.dp, vertical = 6.dp), verticalAlignment = Alignment.CenterVertically) {
                    Text(
                        strings.saveFailed(storage.detail),
                        style = MaterialTheme.typography.bodyMedium,
                        color = MaterialTheme.colorScheme.onErrorContainer,
                        modifier = Modifier.weight(1f).semantics { liveRegion = LiveRegionMode.Assertive },
                    )
                    TextButton(onClick = { onEvent(BoardEvent.SaveNow) }, modifier = Modifier.testTag("saveRetry")) { Text(strings.retrySave) }
                }
            }
        }
        val message = ui.error?.let { errorText(it, strings) } ?: game.notice?.let { strings.notice(it, names) }
        if (message != null) {
            Text(
                message,
                color = MaterialTheme.colorScheme.error,
                style = MaterialTheme.typography.bodyMedium,
                modifier = Modifier.testTag("notice").semantics { liveRegion = LiveRegionMode.Polite },
            )
        }
    }
}

/** Words an exception the core threw. */
fun errorText(e: Exception, strings: Strings): String = when (e) {
    is app.chinesecheckers.core.GameException -> strings.gameError(e)
    is app.chinesecheckers.core.MoveException -> strings.moveError(e)
    is app.chinesecheckers.core.SetupException -> strings.setupError(e)
    is app.chinesecheckers.core.LibraryException -> strings.libraryError(e)
    is app.chinesecheckers.core.OnlineException -> strings.onlineError(e)
    is app.chinesecheckers.core.SaveException -> strings.saveError(e)
    else -> e.message ?: e.toString()
}

/** The game's buttons, as the core's capabilities allow. */
@OptIn(ExperimentalLayoutApi::class)
@Composable
private fun Controls(ui: BoardUiState, strings: Strings, onEvent: (BoardEvent) -> Unit, modifier: Modifier = Modifier) {
    val game = ui.game
    val caps = game.capabilities
    FlowRow(
        modifier.fillMaxWidth(),
        horizontalArrangement = Arrangement.spacedBy(8.dp),
        verticalArrangement = Arrangement.spacedBy(4.dp),
    ) {
        val replay = game.replay
        if (replay != null) {
            FilledTonalButton(onClick = { onEvent(BoardEvent.ReplayStep(-1)) }, enabled = replay.shown > 0, modifier = Modifier.testTag("replayBack")) { Text("◀") }
            Text("${replay.shown} / ${replay.total}", modifier = Modifier.align(Alignment.CenterVertically).testTag("replayPosition"))
            FilledTonalButton(onClick = { onEvent(BoardEvent.ReplayStep(1)) }, enabled = replay.shown < replay.total, modifier = Modifier.testTag("replayForward")) { Text("▶") }
            Button(onClick = { onEvent(BoardEvent.ReplayExit) }, modifier = Modifier.testTag("replayExit")) { Text(strings.exitReplay) }
            return@FlowRow
        }
        if (caps.canEndJump) {
            Button(onClick = { onEvent(BoardEvent.EndJump) }, modifier = Modifier.testTag("endJump")) { Text(strings.endJump) }
        }
        if (caps.canAnswerDraw) {
            Button(onClick = { onEvent(BoardEvent.AnswerDraw(true)) }, modifier = Modifier.testTag("acceptDraw")) { Text(strings.acceptDraw) }
            OutlinedButton(onClick = { onEvent(BoardEvent.AnswerDraw(false)) }, modifier = Modifier.testTag("declineDraw")) { Text(strings.declineDraw) }
        }
        // Undo, hint and replay exist only where the game has them (its capabilities' handles).
        val has = ui.capabilities
        if (has.undo != null) {
            FilledTonalButton(onClick = { onEvent(BoardEvent.Undo) }, enabled = caps.canUndo, modifier = Modifier.testTag("undo")) { Text(strings.undo) }
            FilledTonalButton(onClick = { onEvent(BoardEvent.Redo) }, enabled = caps.canRedo, modifier = Modifier.testTag("redo")) { Text(strings.redo) }
        }
        if (has.hint != null) {
            FilledTonalButton(onClick = { onEvent(BoardEvent.Hint) }, enabled = caps.canHint && !game.hintPending, modifier = Modifier.testTag("hint")) { Text(strings.hint) }
        }
        if (has.replay != null) {
            FilledTonalButton(onClick = { onEvent(BoardEvent.ReplayStart) }, enabled = caps.canReplay, modifier = Modifier.testTag("replay")) { Text(strings.replay) }
        }
        OutlinedButton(onClick = { onEvent(BoardEvent.ShowHistory(true)) }, modifier = Modifier.testTag("history")) { Text(strings.history) }
        if (caps.canOfferDraw) {
            OutlinedButton(onClick = { onEvent(BoardEvent.OfferDraw) }, modifier = Modifier.testTag("offerDraw")) { Text(strings.offerDraw) }
        }
        if (caps.canResign) {
            OutlinedButton(onClick = { onEvent(BoardEvent.Resign) }, modifier = Modifier.testTag("resign")) { Text(strings.resign) }
        }
        if (game.outcome != null && ui.canRematch) {
            Button(onClick = { onEvent(BoardEvent.Rematch) }, modifier = Modifier.testTag("rematchButton")) { Text(strings.rematch) }
        }
    }
}

/** The moves played, newest last, each as "n. player: kind from → to" with row·place positions. */
@Composable
private fun HistoryList(game: GameState, geometry: BoardGeometry, strings: Strings, names: (Int) -> String, modifier: Modifier = Modifier) {
    val position = remember(geometry) { geometry.holes.associate { it.coord to (it.row to it.place) } }
    if (game.history.isEmpty()) {
        Text(strings.noMovesYet, modifier = modifier)
        return
    }
    LazyColumn(modifier.testTag("historyList")) {
        items(game.history.reversed()) { move ->
            val from = move.path.firstOrNull()?.let { position[it] }?.let { strings.holePosition(it.first, it.second) } ?: ""
            val to = move.path.lastOrNull()?.let { position[it] }?.let { strings.holePosition(it.first, it.second) } ?: ""
            Text(
                strings.historyEntry(move.number, names(move.player), move.kind, from, to),
                style = MaterialTheme.typography.bodyMedium,
                modifier = Modifier.padding(vertical = 2.dp),
            )
        }
    }
}

@Composable
private fun HistoryDialog(game: GameState, geometry: BoardGeometry, strings: Strings, names: (Int) -> String, onEvent: (BoardEvent) -> Unit) {
    AlertDialog(
        onDismissRequest = { onEvent(BoardEvent.ShowHistory(false)) },
        confirmButton = { TextButton(onClick = { onEvent(BoardEvent.ShowHistory(false)) }) { Text(strings.close) } },
        title = { Text(strings.history) },
        text = { HistoryList(game, geometry, strings, names, Modifier.heightIn(max = 420.dp)) },
    )
}

/** The result: winners, why it ended, the ranking; rematch, close, home. */
@Composable
private fun GameOverDialog(ui: BoardUiState, strings: Strings, names: (Int) -> String, onEvent: (BoardEvent) -> Unit, onHome: () -> Unit) {
    val outcome = ui.game.outcome ?: return
    AlertDialog(
        onDismissRequest = { onEvent(BoardEvent.DismissGameOver) },
        modifier = Modifier.testTag("gameOver"),
        title = { Text(strings.winners(outcome.winners.map(names))) },
        text = {
            Column(verticalArrangement = Arrangement.spacedBy(6.dp)) {
                Text(strings.endReason(outcome.reason, outcome.by?.let(names)))
                ui.online?.ratingChange?.let { change ->
                    Text(
                        strings.ratingChange(change.before, change.after),
                        fontWeight = FontWeight.Bold,
                        modifier = Modifier.testTag("ratingChange"),
                    )
                }
                outcome.ranking.forEachIndexed { place, players ->
                    if (players.isNotEmpty()) {
                        Text("${strings.place(place + 1)}  ${players.joinToString(", ") { names(it) }}", fontWeight = if (place == 0) FontWeight.Bold else FontWeight.Normal)
                    }
                }
            }
        },
        confirmButton = {
            if (ui.canRematch) {
                Button(onClick = { onEvent(BoardEvent.Rematch) }, modifier = Modifier.testTag("rematch")) { Text(strings.rematch) }
            }
        },
        dismissButton = {
            Row {
                TextButton(onClick = onHome, modifier = Modifier.testTag("gameOverHome")) { Text(strings.home) }
                TextButton(onClick = { onEvent(BoardEvent.DismissGameOver) }, modifier = Modifier.testTag("gameOverClose")) { Text(strings.close) }
            }
        },
    )
}
