package app.chinesecheckers.ui.board

import androidx.compose.foundation.ExperimentalFoundationApi
import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.ui.graphics.Color
import app.chinesecheckers.core.PlayedMove
import androidx.compose.foundation.horizontalScroll
import androidx.compose.foundation.relocation.BringIntoViewRequester
import androidx.compose.foundation.relocation.bringIntoViewRequester
import androidx.compose.foundation.rememberScrollState
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.platform.LocalDensity
import app.chinesecheckers.core.Coord
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxScope
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
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.lazy.rememberLazyListState
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
import androidx.compose.runtime.snapshotFlow
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
import androidx.compose.ui.text.style.TextOverflow
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

/**
 * The board screen: the player strip, the one-line status, the star with what comes and goes in
 * the empty corners beside it (a phone, [PhoneOverlays]) or in the side panel (a tablet), and the
 * control bar of fixed slots; the history beside the board on a tablet.
 * Nothing that comes and goes (banners, thinking, notices, the chain's End jump) changes the
 * place of a button. [onNewGame] is offered in the game-over sheet (local games).
 */
@Composable
fun BoardScreen(
    presenter: BoardPresenter,
    geometry: BoardGeometry,
    reducedMotion: Boolean,
    onHome: () -> Unit,
    onNewGame: (() -> Unit)? = null,
) {
    val ui by presenter.state.collectAsState()
    val strings = LocalStrings.current
    val names: (Int) -> String = { i -> ui.game.players.getOrNull(i)?.let { strings.playerName(it.name) } ?: "?" }
    val onEvent = presenter::onEvent
    val clock = rememberClock(ui.online)
    // Holes named as the player sees them on the turned board (the core's `holePositions`).
    val named = app.chinesecheckers.ui.board.rememberHolePositions(ui.game.rotationDegrees)
    val positions = remember(named) { named.associate { it.coord to (it.row to it.place) } }
    val position: (Coord) -> String = { c -> positions[c]?.let { strings.holePosition(it.first, it.second) } ?: "" }
    var confirm by remember { mutableStateOf<Confirm?>(null) }
    val shownMove = ui.shownPlayedMove
    BoxWithConstraints(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background)) {
        val tablet = maxWidth >= TabletMinWidth && maxWidth > maxHeight
        // The star with, on a phone, what comes and goes in its corners: nothing here moves the buttons.
        val zoom = rememberBoardZoomState()
        // What the player must see next, brought on screen while zoomed: the hint's path, else
        // the picked peg (mid-chain: the one that just landed) and where it can go.
        val hint = ui.game.hint
        val selected = ui.game.selected
        val targets = ui.game.targets
        val keepInView = remember(hint, selected, targets) {
            hint.takeIf { it.size >= 2 } ?: selected?.let { listOf(it) + targets.map { t -> t.coord } }.orEmpty()
        }
        val board = @Composable { modifier: Modifier, padding: Dp ->
            Box(modifier) {
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
                    modifier = Modifier.fillMaxSize().padding(padding).testTag("board"),
                    onAnimationFinished = { onEvent(BoardEvent.AnimationFinished(it)) },
                    zoomState = zoom,
                    shownMove = shownMove,
                    keepInView = keepInView,
                    // A phone's "1×" button, and the hint's words above it while there is one.
                    keepClearBottom = if (tablet) 0.dp else if (hint.size >= 2) ZoomResetRoom + CornerEnoughHeight else ZoomResetRoom,
                )
                if (tablet) {
                    // The rest is in the side panel (see below), where it covers no hole.
                    shownMove?.let { move ->
                        // In the board's bottom-start corner, beside the star: never over the control bar.
                        ShownMoveWords(move, move.number == ui.game.history.size, position, strings, names, onEvent, Modifier.align(Alignment.BottomStart).padding(6.dp).widthIn(max = 300.dp))
                    }
                } else {
                    PhoneOverlays(ui, geometry, padding, zoom.viewport.isZoomed, strings, names, position, onEvent)
                }
            }
        }
        // Backgrounds (the window's, the side panel's) run under the system bars, cut-out and
        // keyboard; the board and every control stay out of them.
        if (tablet) {
            Row(Modifier.fillMaxSize()) {
                Column(Modifier.weight(1f).fillMaxHeight().safeAreaPadding(WindowInsetsSides.Start + WindowInsetsSides.Vertical)) {
                    PlayerStrip(ui, strings, names, clock, onHome)
                    OnlineSeats(ui, strings, names, clock, Modifier.padding(horizontal = 12.dp))
                    board(Modifier.weight(1f).fillMaxWidth(), 8.dp)
                }
                Surface(tonalElevation = 2.dp, modifier = Modifier.fillMaxHeight()) {
                    Column(
                        Modifier.safeAreaPadding(WindowInsetsSides.End + WindowInsetsSides.Vertical).width(360.dp).padding(16.dp),
                        verticalArrangement = Arrangement.spacedBy(12.dp),
                    ) {
                        StatusLine(ui, strings, names, clock)
                        ControlBar(ui, strings, tablet = true, onEvent = onEvent, onConfirm = { confirm = it })
                        HorizontalDivider()
                        // Always shown here: the wide layout has no Moves button.
                        Text(strings.history, style = MaterialTheme.typography.titleMedium)
                        HistoryList(ui.game, ui.shownMove, position, strings, names, onEvent, Modifier.weight(1f))
                        // Stop / Try again, banners, notices and the replay's stepper: below the
                        // history, off the board (over it they covered the star's top and bottom
                        // holes); the history only gets shorter, its newest lines stay in place.
                        BoardOverlays(ui, strings, names, position, onEvent, Modifier.testTag("overlays"))
                        ReplayStepper(ui, onEvent, Modifier.align(Alignment.CenterHorizontally))
                    }
                }
            }
        } else {
            Column(Modifier.fillMaxSize().safeAreaPadding()) {
                PlayerStrip(ui, strings, names, clock, onHome)
                OnlineSeats(ui, strings, names, clock, Modifier.padding(horizontal = 12.dp))
                // A tapped history line's words lie over the status line, across the screen's
                // width: in a corner beside the star they wrapped to six lines at 360 dp.
                Box(Modifier.padding(horizontal = 12.dp)) {
                    StatusLine(ui, strings, names, clock)
                    shownMove?.let { move ->
                        ShownMoveWords(move, move.number == ui.game.history.size, position, strings, names, onEvent, Modifier.matchParentSize(), maxLines = 2)
                    }
                }
                board(Modifier.weight(1f).fillMaxWidth(), 4.dp)
                ControlBar(ui, strings, tablet = false, onEvent = onEvent, onConfirm = { confirm = it }, modifier = Modifier.padding(horizontal = 12.dp, vertical = 8.dp))
            }
        }
        if (ui.historyOpen && !tablet) HistoryDialog(ui.game, ui.shownMove, position, strings, names, onEvent)
        confirm?.let { ask -> ConfirmDialog(ask, ui, strings, onEvent) { confirm = null } }
        if (ui.game.outcome != null && !ui.gameOverDismissed && ui.game.replay == null) {
            GameOverDialog(ui, strings, names, onEvent, onHome, onNewGame)
        }
    }
}

/**
 * A phone's overlays, each in an empty corner of the board's box beside the star ([boardCorners]:
 * the widest rectangle, tall enough, in each corner that reaches no hole's touch area): the
 * banner and a failed save top left, Stop / Let the AI play and the notice top right, the replay
 * stepper bottom left, the hint's words bottom right (a tapped history line's words lie over the
 * status line, where they have the screen's width). Zoomed ([zoomed]), the board fills the
 * corners: the hint's words sit above the "1×" button, and the board pans what the player must
 * see clear of both ([BoardCanvas]'s keepInView). A phone has no room
 * beside the board, and a band kept free for them would shrink the star for good; the corners
 * are empty whatever is shown, so nothing moves when an overlay comes or goes. Each corner's box
 * is exactly its rectangle: what it holds is laid out, wrapped and ellipsized within it.
 * [padding] is the canvas's inside the board's box.
 */
@Composable
private fun PhoneOverlays(
    ui: BoardUiState,
    geometry: BoardGeometry,
    padding: Dp,
    zoomed: Boolean,
    strings: Strings,
    names: (Int) -> String,
    position: (Coord) -> String,
    onEvent: (BoardEvent) -> Unit,
) {
    BoxWithConstraints(Modifier.fillMaxSize().padding(padding)) {
        val density = LocalDensity.current
        val size = with(density) { Size(maxWidth.toPx(), maxHeight.toPx()) }
        val rotation = ui.game.rotationDegrees.toFloat()
        val enough = with(density) { CornerEnoughHeight.toPx() }
        val corners = remember(geometry, size, rotation, enough) { boardCorners(geometry, size, rotation, enough) }
        @Composable
        fun Corner(rect: Rect, alignment: Alignment, name: String, content: @Composable BoxScope.() -> Unit) {
            val (w, h) = with(density) { rect.width.toDp() to rect.height.toDp() }
            Box(Modifier.align(alignment).size(w, h).testTag("corner:$name"), contentAlignment = alignment, content = content)
        }
        Corner(corners.topStart, Alignment.TopStart, "topStart") {
            BoardOverlays(ui, strings, names, position, onEvent, Modifier, setOf(OverlayPart.Banner, OverlayPart.SaveFailed), compact = true, Alignment.Start)
        }
        Corner(corners.topEnd, Alignment.TopEnd, "topEnd") {
            BoardOverlays(ui, strings, names, position, onEvent, Modifier, setOf(OverlayPart.AiControl, OverlayPart.Notice), compact = true, Alignment.End)
        }
        Corner(corners.bottomStart, Alignment.BottomStart, "bottomStart") {
            Column(Modifier.padding(4.dp), verticalArrangement = Arrangement.spacedBy(4.dp, Alignment.Bottom)) {
                ReplayStepper(ui, onEvent, compact = true)
            }
        }
        if (!zoomed) {
            Corner(corners.bottomEnd, Alignment.BottomEnd, "bottomEnd") {
                BoardOverlays(ui, strings, names, position, onEvent, Modifier, setOf(OverlayPart.Hint), compact = true, Alignment.End)
            }
        } else {
            // Zoomed, the board fills its corners and the "1×" button takes the bottom end: the
            // hint's words sit above the button (the hint's path is panned clear of both).
            val width = with(density) { corners.bottomEnd.width.toDp() }.coerceAtLeast(maxWidth / 2)
            Box(
                Modifier.align(Alignment.BottomEnd).padding(bottom = ZoomResetRoom).width(width).heightIn(max = CornerEnoughHeight).testTag("corner:bottomEnd"),
                contentAlignment = Alignment.BottomEnd,
            ) {
                BoardOverlays(ui, strings, names, position, onEvent, Modifier, setOf(OverlayPart.Hint), compact = true, Alignment.End)
            }
        }
    }
}

/** The room the zoomed board's "1×" button takes at its bottom end (48 dp and its padding). */
private val ZoomResetRoom = 64.dp

/** The height a phone's overlay corner needs: five lines of small words in a panel, or the compact stepper. */
private val CornerEnoughHeight = 96.dp

/** What the board shows of a running online clock, as of the last second's tick. */
internal data class ClockView(
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

/**
 * Home, the players and the connection. The players sit in a row that scrolls sideways when it
 * is wider than the screen (six long names on a phone): names are never cut, and the one to move
 * is scrolled into view whenever the turn changes.
 */
@OptIn(ExperimentalFoundationApi::class)
@Composable
private fun PlayerStrip(ui: BoardUiState, strings: Strings, names: (Int) -> String, clock: ClockView?, onHome: () -> Unit) {
    Row(
        Modifier.fillMaxWidth().padding(horizontal = 8.dp, vertical = 4.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        TextButton(onClick = onHome, modifier = Modifier.testTag("home")) { Text("‹ " + strings.home) }
        // The players in turn order, each with every colour it plays (tripot with 2 or 3 colours
        // a side), the one to move in bold. An online game of 3 or more seats lists its seats
        // below instead ([OnlineSeats]).
        val players = if (onlineSeats(ui) == null) ui.game.players.filter { it.colours.isNotEmpty() } else emptyList()
        Row(
            Modifier.weight(1f).horizontalScroll(rememberScrollState()).testTag("players"),
            horizontalArrangement = Arrangement.End,
            verticalAlignment = Alignment.CenterVertically,
        ) {
            for (p in players) {
                val turn = p.index == ui.game.toMove && ui.game.outcome == null
                val requester = remember { BringIntoViewRequester() }
                LaunchedEffect(turn, ui.game.toMove) { if (turn) requester.bringIntoView() }
                Row(
                    Modifier.bringIntoViewRequester(requester).padding(horizontal = 3.dp).testTag("player:${p.index}")
                        .semantics(mergeDescendants = true) { selected = turn },
                    verticalAlignment = Alignment.CenterVertically,
                ) {
                    Row(Modifier.padding(end = 3.dp), horizontalArrangement = Arrangement.spacedBy(2.dp)) {
                        for (colour in p.colours) {
                            val style = LocalBoardPalette.current.peg(colour)
                            Box(Modifier.size(12.dp).clip(CircleShape).background(style.fill))
                        }
                    }
                    Text(
                        names(p.index),
                        style = MaterialTheme.typography.labelMedium,
                        fontWeight = if (turn) FontWeight.Bold else FontWeight.Normal,
                        modifier = Modifier.padding(end = if (clock?.banks?.getOrNull(p.index) != null) 4.dp else 5.dp).testTag("playerName:${p.index}"),
                        maxLines = 1,
                        softWrap = false,
                    )
                    // A game clock: the seat's bank next to its name.
                    clock?.banks?.getOrNull(p.index)?.let { bank ->
                        BankText(bank, clock.side == p.index, clock.low, Modifier.padding(end = 5.dp).testTag("bank:${p.index}"))
                    }
                }
            }
        }
        ui.online?.let { ConnectionChip(it.connection, strings) }
    }
}

/** The seats of an online game of 3 or more seats, side 0 (who opens) first; null otherwise. */
private fun onlineSeats(ui: BoardUiState): List<OnlineSeat>? =
    ui.online?.game?.takeIf { it.listsSeats }?.seats

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
            // An away seat whose drop this device saw counts down (the core's `awayReading`).
            val awayLeft = rememberAwayLeft(seat.backByMs.takeIf { !seat.connected })
            val away = if (seat.connected) null else awayLeft?.let(strings::seatAwayLeft) ?: strings.seatAway
            val detail = listOfNotNull(seat.ai?.let { strings.seatComputer(it) }, away)
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

/** Words an exception the core threw. */
fun errorText(e: Exception, strings: Strings): String = when (e) {
    is app.chinesecheckers.core.MoveException -> strings.moveError(e)
    is app.chinesecheckers.core.SetupException -> strings.setupError(e)
    is app.chinesecheckers.core.LibraryException -> strings.libraryError(e)
    is app.chinesecheckers.core.OnlineException -> strings.onlineError(e)
    is app.chinesecheckers.core.SaveException -> strings.saveError(e)
    else -> e.message ?: e.toString()
}

/**
 * The moves played, newest first, each as "n. player: kind from → to" with row·place positions.
 * A line is a button: it shows its move on the board as arrows ([BoardEvent.ShowMove]; again,
 * it puts them away); the line shown ([shown]) is marked, and in replay the last move the board
 * shows (`GameState.replay.shown`). The newest move is always in view
 * unless the player scrolled back on purpose: a keyed lazy list keeps its first visible line
 * in place when a line is added above it, which pushed each new move out of sight once the
 * list filled, so a new move scrolls the list back to the top when the top was in view.
 */
@Composable
private fun HistoryList(
    game: GameState,
    shown: Int?,
    position: (Coord) -> String,
    strings: Strings,
    names: (Int) -> String,
    onEvent: (BoardEvent) -> Unit,
    modifier: Modifier = Modifier,
) {
    if (game.history.isEmpty()) {
        Text(strings.noMovesYet, modifier = modifier)
        return
    }
    val list = rememberLazyListState()
    LaunchedEffect(list) {
        // Whether the player follows the game: the list's top was in view after the last
        // scroll. A keyed lazy list keeps its first line in place when a line is added above it
        // (the scroll position moves to index 1): a change of the moves is told apart from a
        // scroll by the number of lines, and brings a following list back to the top.
        var following = true
        var lines = -1
        snapshotFlow { Triple(list.layoutInfo.totalItemsCount, list.firstVisibleItemIndex, list.firstVisibleItemScrollOffset) }
            .collect { (total, index, _) ->
                if (total != lines) {
                    lines = total
                    if (following && index != 0) list.scrollToItem(0)
                } else {
                    following = index == 0
                }
            }
    }
    LazyColumn(modifier.testTag("historyList"), state = list) {
        // The line marked: the move shown as arrows, else in replay the last move on the board.
        val markedNumber = shown ?: game.replay?.shown?.takeIf { it > 0 }
        items(game.history.reversed(), key = { it.number }) { move ->
            val marked = move.number == markedNumber
            Text(
                historyWords(move, position, strings, names),
                style = MaterialTheme.typography.bodyMedium,
                fontWeight = if (marked) FontWeight.Bold else FontWeight.Normal,
                modifier = Modifier.fillMaxWidth()
                    .clip(MaterialTheme.shapes.small)
                    .background(if (marked) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent)
                    .clickable(onClickLabel = strings.showMoveOnBoard) { onEvent(BoardEvent.ShowMove(move.number)) }
                    .semantics { selected = marked }
                    .padding(horizontal = 6.dp, vertical = 6.dp)
                    .testTag("historyLine:${move.number}"),
            )
        }
    }
}

/** One history move in words: "n. player: kind from → to". */
private fun historyWords(move: PlayedMove, position: (Coord) -> String, strings: Strings, names: (Int) -> String): String {
    val from = move.path.firstOrNull()?.let(position) ?: ""
    val to = move.path.lastOrNull()?.let(position) ?: ""
    return strings.historyEntry(move.number, names(move.player), move.kind, from, to)
}

/**
 * The words of the move the board shows as arrows, with a button that puts them away. The arrows
 * are drawn over today's position: for an earlier move the words say so (the pegs have moved
 * since).
 */
@Composable
private fun ShownMoveWords(
    move: PlayedMove,
    newest: Boolean,
    position: (Coord) -> String,
    strings: Strings,
    names: (Int) -> String,
    onEvent: (BoardEvent) -> Unit,
    modifier: Modifier = Modifier,
    maxLines: Int = Int.MAX_VALUE,
) {
    Surface(shape = MaterialTheme.shapes.medium, tonalElevation = 4.dp, shadowElevation = 2.dp, modifier = modifier.testTag("shownMove")) {
        Row(verticalAlignment = Alignment.CenterVertically, modifier = Modifier.padding(start = 10.dp)) {
            val words = historyWords(move, position, strings, names)
            Text(
                if (newest) words else strings.onTodaysBoard(words),
                style = MaterialTheme.typography.bodySmall,
                maxLines = maxLines,
                overflow = TextOverflow.Ellipsis,
                modifier = Modifier.weight(1f, fill = false).testTag("shownMoveWords"),
            )
            // A touch target's width, not Material's wider minimum: the words keep the room.
            TextButton(onClick = { onEvent(BoardEvent.HideMove) }, modifier = Modifier.width(48.dp).testTag("shownMoveClose")) { Text("✕") }
        }
    }
}

@Composable
private fun HistoryDialog(
    game: GameState,
    shown: Int?,
    position: (Coord) -> String,
    strings: Strings,
    names: (Int) -> String,
    onEvent: (BoardEvent) -> Unit,
) {
    AlertDialog(
        onDismissRequest = { onEvent(BoardEvent.ShowHistory(false)) },
        confirmButton = { TextButton(onClick = { onEvent(BoardEvent.ShowHistory(false)) }) { Text(strings.close) } },
        title = { Text(strings.history) },
        text = { HistoryList(game, shown, position, strings, names, onEvent, Modifier.heightIn(max = 420.dp)) },
    )
}
