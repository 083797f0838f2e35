package app.chinesecheckers.ui.online

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.CardDefaults
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.FilterChip
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.foundation.text.KeyboardActions
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.ui.input.key.Key
import androidx.compose.ui.input.key.KeyEventType
import androidx.compose.ui.input.key.key
import androidx.compose.ui.input.key.onPreviewKeyEvent
import androidx.compose.ui.input.key.type
import androidx.compose.ui.text.input.ImeAction
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.sp
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.BoardGeometry
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.OnlineRating
import app.chinesecheckers.core.PastGame
import app.chinesecheckers.core.PlayerName
import app.chinesecheckers.core.formatSeats
import app.chinesecheckers.core.onlineFormats
import app.chinesecheckers.core.SeatedInfo
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.ReadableColumn
import app.chinesecheckers.ui.ScreenHeader
import app.chinesecheckers.ui.safeAreaPadding
import app.chinesecheckers.ui.board.BoardScreen
import app.chinesecheckers.ui.board.errorText
import app.chinesecheckers.ui.strings.Strings

/**
 * Online play: connection state, quick match (with a cancellable waiting screen), the lobby's
 * tables, private rooms (code, share, join by code); the board once a game starts.
 */
@OptIn(ExperimentalLayoutApi::class)
@Composable
fun OnlineScreen(presenter: OnlinePresenter, geometry: BoardGeometry, reducedMotion: Boolean, onBack: () -> Unit) {
    val ui by presenter.state.collectAsState()
    val board by presenter.board.collectAsState()
    val strings = LocalStrings.current
    LaunchedEffect(Unit) { presenter.connect() }
    val online = ui.online
    if (board != null && online?.game != null) {
        if (online.spectating) {
            // A game watched: the core refuses taps and offers no resignation, draw or rematch.
            // The insets are padded here, around the bar and the board, and so not again by the board.
            Column(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background).safeAreaPadding()) {
                SpectatorBar(strings) { presenter.onEvent(OnlineEvent.StopSpectating) }
                Box(Modifier.weight(1f)) {
                    BoardScreen(board!!, geometry, reducedMotion, onHome = { presenter.onEvent(OnlineEvent.StopSpectating); onBack() })
                }
            }
        } else {
            BoardScreen(board!!, geometry, reducedMotion, onHome = onBack)
        }
        return
    }
    val on = presenter::onEvent
    // The background fills the window, under the system bars; the content stays out of them (and
    // out from under the keyboard: the column scrolls the focused room-code field into view).
    Column(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background).safeAreaPadding()) {
        ScreenHeader(strings.online, onBack) {
            online?.let { ConnectionIndicator(it.connection, strings) }
        }
        // Reconnecting, or replaced by another connection of this device (which does not reconnect).
        val lost = when (online?.connection) {
            Connection.RECONNECTING -> app.chinesecheckers.core.Banner.Reconnecting to "reconnecting"
            Connection.REPLACED -> app.chinesecheckers.core.Banner.Replaced to "replaced"
            else -> null
        }
        if (lost != null) {
            Card(
                colors = CardDefaults.cardColors(containerColor = MaterialTheme.colorScheme.errorContainer),
                modifier = Modifier.fillMaxWidth().padding(horizontal = 16.dp),
            ) {
                Text(
                    strings.banner(lost.first) { "" },
                    modifier = Modifier.padding(12.dp).testTag(lost.second).semantics { liveRegion = LiveRegionMode.Polite },
                )
            }
        }
        ReadableColumn {
            // Seated at a filling table, searching, or waiting at a table or in a room, the format
            // is already chosen: the picker would contradict it.
            val waiting = online?.seated != null || online?.searching == true || online?.table != null || online?.room != null
            if (!waiting) {
                FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    for (f in onlineFormats()) {
                        FilterChip(ui.format == f, { on(OnlineEvent.SelectFormat(f)) }, { Text(strings.format(f)) }, Modifier.testTag("format:${f.name}"))
                    }
                }
            }
            when {
                online?.seated != null -> SeatedPanel(online.seated, ui.fillLevel, strings, on)
                online?.searching == true -> Waiting(strings.searching, strings.cancel, "cancelMatch") { on(OnlineEvent.CancelMatch) }
                online?.table != null -> Waiting(strings.waitingForOpponent, strings.closeTable, "closeTable") { on(OnlineEvent.CloseTable) }
                online?.room != null -> RoomCode(online.room.code, online.room.expiresInS, strings, { on(OnlineEvent.ShareRoom) }) { on(OnlineEvent.CloseTable) }
                else -> {
                    // Until the server has welcomed this device, what needs it waits, and says so.
                    val connected = online?.connection == Connection.CONNECTED
                    if (ui.noServer) {
                        Text(strings.noServer, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("noServer"))
                    } else if (!connected) {
                        Text(strings.notConnectedYet, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("notConnected"))
                    }
                    Button(onClick = { on(OnlineEvent.QuickMatch) }, enabled = connected, modifier = Modifier.fillMaxWidth().testTag("quickMatch")) { Text(strings.quickMatch) }
                    online?.ratings?.takeIf { it.isNotEmpty() }?.let { Ratings(it, strings) }
                    PastGames(ui, strings, on)
                    LiveGames(ui, strings, on)
                    HorizontalDivider()
                    // The time control of the table or room created below (quick match has none).
                    Text(strings.timeControlTitle, style = MaterialTheme.typography.titleMedium)
                    FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                        for (c in TimeControlChoice.entries) {
                            FilterChip(
                                ui.timeControl == c, { on(OnlineEvent.SelectTimeControl(c)) },
                                { Text(strings.timeControlChoice(c)) }, Modifier.testTag("timeControl:${c.name}"),
                            )
                        }
                    }
                    HorizontalDivider()
                    Text(strings.lobby, style = MaterialTheme.typography.titleMedium)
                    if (online?.watchingLobby != true) {
                        FilledTonalButton(onClick = { on(OnlineEvent.WatchLobby) }, enabled = connected, modifier = Modifier.testTag("watchLobby")) { Text(strings.lobby) }
                    } else {
                        if (online.lobby.isEmpty()) Text(strings.noTables, modifier = Modifier.testTag("noTables"))
                        for (t in online.lobby) {
                            Row(Modifier.fillMaxWidth().testTag("table:${t.id}"), verticalAlignment = Alignment.CenterVertically) {
                                val seats = formatSeats(t.format)
                                val host = t.hostRating?.let { strings.ratedName(t.host, it) } ?: t.host
                                val line = if (seats > 2) strings.tableLine(host, t.format, t.seated, seats) else strings.tableLine(host, t.format)
                                Text(line, Modifier.weight(1f).testTag("tableLine:${t.id}"))
                                OutlinedButton(onClick = { on(OnlineEvent.JoinTable(t.id)) }, modifier = Modifier.testTag("join:${t.id}")) { Text(strings.join) }
                            }
                        }
                    }
                    FilledTonalButton(onClick = { on(OnlineEvent.CreateTable) }, enabled = connected, modifier = Modifier.testTag("createTable")) { Text(strings.createTable) }
                    HorizontalDivider()
                    Text(strings.privateRoom, style = MaterialTheme.typography.titleMedium)
                    FilledTonalButton(onClick = { on(OnlineEvent.CreateRoom) }, enabled = connected, modifier = Modifier.testTag("createRoom")) { Text(strings.createRoom) }
                    Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                        OutlinedTextField(
                            ui.roomCodeInput, { on(OnlineEvent.RoomCodeChanged(it)) },
                            label = { Text(strings.roomCodeField) }, singleLine = true,
                            isError = ui.roomCodeInput.isNotBlank() && ui.roomCode == null,
                            // Enter joins, as the button does (only with a valid code): the
                            // keyboard's Go key and a hardware Enter key.
                            keyboardOptions = KeyboardOptions(imeAction = ImeAction.Go),
                            keyboardActions = KeyboardActions(onGo = { if (connected && ui.roomCode != null) on(OnlineEvent.JoinRoom) }),
                            modifier = Modifier.weight(1f).testTag("roomCodeInput")
                                .onEnterKey { if (connected && ui.roomCode != null) on(OnlineEvent.JoinRoom) },
                        )
                        Button(onClick = { on(OnlineEvent.JoinRoom) }, enabled = connected && ui.roomCode != null, modifier = Modifier.testTag("joinRoom")) { Text(strings.joinRoom) }
                    }
                    if (ui.roomCodeInput.isNotBlank() && ui.roomCode == null) {
                        Text(strings.invalidRoomCode, color = MaterialTheme.colorScheme.error, style = MaterialTheme.typography.bodySmall)
                    }
                }
            }
            // A code that names no game is said under its field (LiveGames), not here.
            ui.serverError?.let {
                Text(strings.errorCode(it), color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("serverError"))
            }
            ui.error?.let { Text(errorText(it, strings), color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("onlineError")) }
            // No server address here: it is a setting for the few who run their own (Settings → Advanced).
        }
    }
}

@Composable
private fun ConnectionIndicator(connection: Connection, strings: Strings) {
    val colour = when (connection) {
        Connection.CONNECTED -> Color(0xFF2E7D32)
        Connection.CONNECTING -> Color(0xFFF9A825)
        Connection.RECONNECTING -> Color(0xFFC62828)
        Connection.REPLACED -> Color(0xFF757575)
    }
    Row(verticalAlignment = Alignment.CenterVertically, modifier = Modifier.padding(end = 8.dp).testTag("connection")) {
        Box(Modifier.size(10.dp).clip(CircleShape).background(colour))
        Text(strings.connection(connection), style = MaterialTheme.typography.labelMedium, modifier = Modifier.padding(start = 6.dp))
    }
}

@Composable
private fun Waiting(text: String, cancel: String, tag: String, onCancel: () -> Unit) {
    Column(
        Modifier.fillMaxWidth().padding(vertical = 32.dp).testTag("waiting"),
        horizontalAlignment = Alignment.CenterHorizontally,
        verticalArrangement = Arrangement.spacedBy(20.dp),
    ) {
        CircularProgressIndicator(Modifier.size(56.dp))
        Text(text, style = MaterialTheme.typography.titleMedium, modifier = Modifier.semantics { liveRegion = LiveRegionMode.Polite })
        OutlinedButton(onClick = onCancel, modifier = Modifier.testTag(tag)) { Text(cancel) }
    }
}

@Composable
private fun RoomCode(code: String, expiresInS: Long, strings: Strings, onShare: () -> Unit, onClose: () -> Unit) {
    Card(Modifier.fillMaxWidth().testTag("roomCode")) {
        Column(Modifier.padding(20.dp).fillMaxWidth(), horizontalAlignment = Alignment.CenterHorizontally, verticalArrangement = Arrangement.spacedBy(12.dp)) {
            Text(strings.roomCodeField, style = MaterialTheme.typography.titleMedium)
            Text(
                code.chunked(4).joinToString(" "),
                fontSize = 40.sp, fontFamily = FontFamily.Monospace, fontWeight = FontWeight.Bold,
                color = MaterialTheme.colorScheme.primary, modifier = Modifier.testTag("roomCodeText"),
            )
            Text(strings.roomExpires((expiresInS / 60).toInt()), style = MaterialTheme.typography.bodySmall)
            Button(onClick = onShare, modifier = Modifier.testTag("share")) { Text(strings.share) }
            CircularProgressIndicator(Modifier.size(28.dp))
            Text(strings.banner(app.chinesecheckers.core.Banner.Waiting) { "" }, style = MaterialTheme.typography.bodyMedium)
            OutlinedButton(onClick = onClose, modifier = Modifier.testTag("closeRoom")) { Text(strings.closeRoom) }
        }
    }
}

/**
 * Our table or room of 3 or more seats while it fills: who sits, how many seats are free; the
 * host may start now with computer players (at a picked level), anyone may leave.
 */
@OptIn(ExperimentalLayoutApi::class)
@Composable
private fun SeatedPanel(seated: SeatedInfo, level: AiLevel, strings: Strings, on: (OnlineEvent) -> Unit) {
    Card(Modifier.fillMaxWidth().testTag("seated")) {
        Column(Modifier.padding(20.dp).fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(12.dp)) {
            Text("${strings.seatedTitle} · ${strings.format(seated.format)}", style = MaterialTheme.typography.titleMedium)
            for ((i, name) in seated.players.withIndex()) {
                Text(name, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.testTag("seatedPlayer:$i"))
            }
            val free = (seated.seats - seated.players.size).coerceAtLeast(0)
            Text(strings.freeSeats(free), modifier = Modifier.testTag("freeSeats").semantics { liveRegion = LiveRegionMode.Polite })
            if (seated.host) {
                Text(strings.computerLevel, style = MaterialTheme.typography.labelLarge)
                FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    for (l in AiLevel.entries) {
                        FilterChip(level == l, { on(OnlineEvent.SelectFillLevel(l)) }, { Text(strings.aiLevel(l)) }, Modifier.testTag("fillLevel:${l.name}"))
                    }
                }
                Button(onClick = { on(OnlineEvent.FillWithAi) }, modifier = Modifier.fillMaxWidth().testTag("fillWithAi")) { Text(strings.startWithComputers) }
            } else {
                Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                    CircularProgressIndicator(Modifier.size(24.dp))
                    Text(strings.waitingForHost, style = MaterialTheme.typography.bodyMedium)
                }
            }
            OutlinedButton(onClick = { on(OnlineEvent.LeaveSeat) }, modifier = Modifier.testTag("leaveSeat")) { Text(strings.leaveSeat) }
        }
    }
}

/** Our ratings, one line per rule set we played rated games in. */
@Composable
private fun Ratings(ratings: List<OnlineRating>, strings: Strings) {
    Column(Modifier.fillMaxWidth().testTag("ratings"), verticalArrangement = Arrangement.spacedBy(2.dp)) {
        Text(strings.yourRatings, style = MaterialTheme.typography.titleMedium)
        for (r in ratings) {
            Text(strings.ratingLine(r.ruleSet, r.rating, r.games), modifier = Modifier.testTag("rating:${r.ruleSet.name}"))
        }
    }
}

/**
 * "Your games": a button that asks for our finished games, then their list, latest first (as
 * the server sends it); a tap replays one on the local board, "Share" hands its save on.
 */
@Composable
private fun PastGames(ui: OnlineUiState, strings: Strings, on: (OnlineEvent) -> Unit) {
    if (!ui.showGames) {
        FilledTonalButton(onClick = { on(OnlineEvent.ListGames) }, modifier = Modifier.testTag("yourGames")) { Text(strings.yourGames) }
        return
    }
    Row(verticalAlignment = Alignment.CenterVertically) {
        Text(strings.yourGames, style = MaterialTheme.typography.titleMedium, modifier = Modifier.weight(1f))
        TextButton(onClick = { on(OnlineEvent.HideGames) }, modifier = Modifier.testTag("hideGames")) { Text(strings.close) }
    }
    val games = ui.online?.pastGames
    when {
        games == null -> CircularProgressIndicator(Modifier.size(24.dp).testTag("gamesLoading"))
        games.isEmpty() -> Text(strings.noPastGames, modifier = Modifier.testTag("noPastGames"))
        else -> {
            val now = System.currentTimeMillis()
            for (g in games) PastGameRow(g, now, strings, on)
        }
    }
}

@Composable
private fun PastGameRow(g: PastGame, nowMs: Long, strings: Strings, on: (OnlineEvent) -> Unit) {
    Row(
        Modifier.fillMaxWidth().clickable { on(OnlineEvent.ReplayGame(g.id)) }.padding(vertical = 4.dp).testTag("pastGame:${g.id}"),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Column(Modifier.weight(1f)) {
            Text(pastGameTitle(g, strings), style = MaterialTheme.typography.bodyLarge, modifier = Modifier.testTag("pastGameTitle:${g.id}"))
            Text(pastGameDetail(g, nowMs, strings), style = MaterialTheme.typography.bodySmall, modifier = Modifier.testTag("pastGameDetail:${g.id}"))
        }
        OutlinedButton(onClick = { on(OnlineEvent.ShareGame(g.id)) }, modifier = Modifier.testTag("shareGame:${g.id}")) { Text(strings.share) }
    }
}

/** "Classic · against Bob" (every other player's name). */
internal fun pastGameTitle(g: PastGame, strings: Strings): String {
    val others = g.players.filterIndexed { i, _ -> i != g.side }
    return "${strings.format(g.format)} · ${strings.versus(others.joinToString(", "))}"
}

/** "Won · Bob resigned · today": our result, why it ended, when. */
internal fun pastGameDetail(g: PastGame, nowMs: Long, strings: Strings): String {
    // Who resigned or left is the core's (`by`, `byYou`): "You resigned" when it was us.
    val by = when {
        g.byYou -> strings.playerName(PlayerName.You)
        else -> g.by?.let { g.players.getOrNull(it) }
    }
    val reason = strings.endReason(g.reason, by).trimEnd('.', '。')
    return listOf(strings.pastResult(g.result), reason, strings.pastDate(g.endedMs, nowMs)).joinToString(" · ")
}

/** Above the board of a game we watch: "Watching" and the way back to the lobby. */
@Composable
private fun SpectatorBar(strings: Strings, onStop: () -> Unit) {
    Card(
        colors = CardDefaults.cardColors(containerColor = MaterialTheme.colorScheme.secondaryContainer),
        modifier = Modifier.fillMaxWidth().padding(horizontal = 16.dp, vertical = 8.dp),
    ) {
        Row(Modifier.padding(horizontal = 12.dp, vertical = 4.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(
                strings.watching, style = MaterialTheme.typography.titleMedium,
                modifier = Modifier.weight(1f).testTag("watching").semantics { liveRegion = LiveRegionMode.Polite },
            )
            OutlinedButton(onClick = onStop, modifier = Modifier.testTag("stopWatching")) { Text(strings.stopWatching) }
        }
    }
}

/**
 * "Watch a game": a button that asks for the public games in progress, then their list (newest
 * first, as the server sends it); a tap watches one read-only. Below, "Watch with a code": a
 * private room's game is watched with the room's code alone (the one its players joined with).
 */
@Composable
private fun LiveGames(ui: OnlineUiState, strings: Strings, on: (OnlineEvent) -> Unit) {
    if (!ui.showLiveGames) {
        FilledTonalButton(onClick = { on(OnlineEvent.WatchGames) }, modifier = Modifier.testTag("watchGames")) { Text(strings.watchGames) }
        return
    }
    Row(verticalAlignment = Alignment.CenterVertically) {
        Text(strings.watchGames, style = MaterialTheme.typography.titleMedium, modifier = Modifier.weight(1f))
        TextButton(onClick = { on(OnlineEvent.HideLiveGames) }, modifier = Modifier.testTag("hideLiveGames")) { Text(strings.close) }
    }
    val games = ui.online?.liveGames
    when {
        games == null -> CircularProgressIndicator(Modifier.size(24.dp).testTag("liveGamesLoading"))
        games.isEmpty() -> Text(strings.noLiveGames, modifier = Modifier.testTag("noLiveGames"))
        else -> for (g in games) {
            Text(
                strings.liveGameLine(strings.format(g.format), g.players, g.ply),
                style = MaterialTheme.typography.bodyLarge,
                modifier = Modifier.fillMaxWidth().clickable { on(OnlineEvent.Spectate(g.game)) }.padding(vertical = 8.dp).testTag("liveGame:${g.game}"),
            )
        }
    }
    Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        OutlinedTextField(
            ui.watchCodeInput, { on(OnlineEvent.WatchCodeChanged(it)) },
            label = { Text(strings.roomCodeField) }, singleLine = true,
            isError = ui.watchCodeInvalid,
            keyboardOptions = KeyboardOptions(imeAction = ImeAction.Go),
            keyboardActions = KeyboardActions(onGo = { if (ui.watchCode != null) on(OnlineEvent.WatchWithCode) }),
            modifier = Modifier.weight(1f).testTag("watchCodeInput").onEnterKey { if (ui.watchCode != null) on(OnlineEvent.WatchWithCode) },
        )
        Button(onClick = { on(OnlineEvent.WatchWithCode) }, enabled = ui.watchCode != null, modifier = Modifier.testTag("watchWithCode")) { Text(strings.watchWithCode) }
    }
    if (ui.watchCodeInvalid) {
        Text(strings.invalidRoomCode, color = MaterialTheme.colorScheme.error, style = MaterialTheme.typography.bodySmall)
    } else if (ui.watchCodeNotFound) {
        Text(
            strings.noGameWithCode, color = MaterialTheme.colorScheme.error,
            modifier = Modifier.testTag("watchCodeError").semantics { liveRegion = LiveRegionMode.Polite },
        )
    }
}

/** Calls [action] when a hardware Enter key (main or keypad) is pressed in this field; the key is used up. */
private fun Modifier.onEnterKey(action: () -> Unit): Modifier = onPreviewKeyEvent { e ->
    val enter = e.key == Key.Enter || e.key == Key.NumPadEnter
    if (enter && e.type == KeyEventType.KeyDown) action()
    enter
}
