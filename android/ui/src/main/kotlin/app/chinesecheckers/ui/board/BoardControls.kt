package app.chinesecheckers.ui.board

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.ButtonDefaults
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.sp
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.runtime.remember
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.Constraints
import app.chinesecheckers.ui.strings.Strings

/** A destructive or binding action waiting for the player's confirmation. */
enum class Confirm { Resign, OfferDraw, AnswerDraw }

/** How a slot's button is drawn: the usual actions, End jump (the one to press now), the grave ones. */
private enum class SlotStyle { Tonal, Primary, Outlined }

/** One fixed place of the control bar. */
private class Slot(val tag: String, val label: String, val enabled: Boolean, val style: SlotStyle, val onClick: () -> Unit)

/** Every slot's height, Material's touch target: two lines of a label fit, so a long word never grows the bar. */
private val SlotHeight = 48.dp

/**
 * The game's buttons in fixed slots that never move: End jump, Undo, Redo, Hint, Replay, Moves,
 * Offer draw (or answer one), Resign. Which slots exist depends only on what the game has for
 * its whole life (the core's capability handles) and on the layout ([tablet]: the history is
 * always shown there, so it has no Moves button); what applies now only enables or disables a
 * slot (`game.capabilities`). Rematch is never here: it is in the game-over sheet alone.
 * Resign and Offer draw ask first ([onConfirm]).
 */
@Composable
fun ControlBar(
    ui: BoardUiState,
    strings: Strings,
    tablet: Boolean,
    onEvent: (BoardEvent) -> Unit,
    onConfirm: (Confirm) -> Unit,
    modifier: Modifier = Modifier,
) {
    val caps = ui.game.capabilities
    val has = ui.capabilities
    val replaying = ui.game.replay != null
    val slots = buildList {
        // A person plays at this device (a watched game has no buttons to play with).
        if (has.resign) add(Slot("endJump", strings.endJump, caps.canEndJump, SlotStyle.Primary) { onEvent(BoardEvent.EndJump) })
        if (has.undo != null) {
            add(Slot("undo", strings.undo, caps.canUndo, SlotStyle.Tonal) { onEvent(BoardEvent.Undo) })
            add(Slot("redo", strings.redo, caps.canRedo, SlotStyle.Tonal) { onEvent(BoardEvent.Redo) })
        }
        if (has.hint != null) {
            add(Slot("hint", strings.hint, caps.canHint && !ui.game.hintPending, SlotStyle.Tonal) { onEvent(BoardEvent.Hint) })
        }
        if (has.replay != null) {
            if (replaying) {
                add(Slot("replayExit", strings.exitReplaySlot, true, SlotStyle.Primary) { onEvent(BoardEvent.ReplayExit) })
            } else {
                add(Slot("replay", strings.replay, caps.canReplay, SlotStyle.Tonal) { onEvent(BoardEvent.ReplayStart) })
            }
        }
        if (!tablet) add(Slot("history", strings.history, true, SlotStyle.Tonal) { onEvent(BoardEvent.ShowHistory(true)) })
        if (has.drawOffers) {
            if (caps.canAnswerDraw) {
                add(Slot("answerDraw", strings.answerDrawSlot, true, SlotStyle.Primary) { onConfirm(Confirm.AnswerDraw) })
            } else {
                add(Slot("offerDraw", strings.offerDrawSlot, caps.canOfferDraw, SlotStyle.Outlined) { onConfirm(Confirm.OfferDraw) })
            }
        }
        if (has.resign) add(Slot("resign", strings.resign, caps.canResign, SlotStyle.Outlined) { onConfirm(Confirm.Resign) })
    }
    if (slots.isEmpty()) return
    val columns = if (tablet) 2 else 4
    Column(modifier.fillMaxWidth().testTag("controlBar"), verticalArrangement = Arrangement.spacedBy(6.dp)) {
        for (row in slots.chunked(columns)) {
            Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(6.dp)) {
                for (slot in row) SlotButton(slot, Modifier.weight(1f))
                repeat(columns - row.size) { Spacer(Modifier.weight(1f)) }
            }
        }
    }
}

@Composable
private fun SlotButton(slot: Slot, modifier: Modifier) {
    val m = modifier.height(SlotHeight).testTag(slot.tag)
    val padding = PaddingValues(horizontal = 6.dp, vertical = 2.dp)
    val label: @Composable androidx.compose.foundation.layout.RowScope.() -> Unit = {
        SlotLabel(slot.label, Modifier.testTag("${slot.tag}:label"))
    }
    when (slot.style) {
        SlotStyle.Primary -> Button(slot.onClick, m, enabled = slot.enabled, contentPadding = padding, content = label)
        SlotStyle.Tonal -> FilledTonalButton(slot.onClick, m, enabled = slot.enabled, contentPadding = padding, content = label)
        SlotStyle.Outlined -> OutlinedButton(slot.onClick, m, enabled = slot.enabled, contentPadding = padding, content = label)
    }
}

/**
 * A slot's label on one line always: set in the label style, shrunk to fit the slot's width when
 * it is wider (down to [MinLabelSize]), so that no label wraps or is cut in any language and the
 * slot keeps its bounds. Measured here rather than by auto-sizing text, so that the size is the
 * same in every frame and renderer.
 */
@Composable
internal fun SlotLabel(label: String, modifier: Modifier = Modifier) {
    val style = MaterialTheme.typography.labelLarge
    val measurer = rememberTextMeasurer()
    BoxWithConstraints(contentAlignment = Alignment.Center) {
        val density = LocalDensity.current
        val room = constraints.maxWidth
        val size = remember(label, style, room, density) {
            val full = style.fontSize
            val width = measurer.measure(label, style, softWrap = false, maxLines = 1).size.width
            if (room == Constraints.Infinity || width <= room) {
                full
            } else {
                // Text width scales with the font size; half a step down for rounding.
                val fitted = full.value * room / width - 0.5f
                maxOf(fitted, MinLabelSize.value).sp
            }
        }
        Text(label, style = style.copy(fontSize = size), maxLines = 1, softWrap = false, overflow = TextOverflow.Ellipsis, textAlign = TextAlign.Center, modifier = modifier)
    }
}

/** The smallest a slot's label is set. */
private val MinLabelSize = 9.sp

/**
 * The replay's stepper, shown while a replay runs (the board takes no move then): back, the
 * position, forward; [compact] (a phone's corner beside the star): the position above the buttons.
 */
@Composable
fun ReplayStepper(ui: BoardUiState, onEvent: (BoardEvent) -> Unit, modifier: Modifier = Modifier, compact: Boolean = false) {
    val replay = ui.game.replay ?: return
    val back = @Composable {
        FilledTonalButton(
            onClick = { onEvent(BoardEvent.ReplayStep(-1)) },
            enabled = replay.shown > 0,
            contentPadding = if (compact) CompactStepPadding else ButtonDefaults.ContentPadding,
            modifier = Modifier.then(if (compact) Modifier.width(CompactStepWidth) else Modifier).testTag("replayBack"),
        ) { Text("◀") }
    }
    val forward = @Composable {
        FilledTonalButton(
            onClick = { onEvent(BoardEvent.ReplayStep(1)) },
            enabled = replay.shown < replay.total,
            contentPadding = if (compact) CompactStepPadding else ButtonDefaults.ContentPadding,
            modifier = Modifier.then(if (compact) Modifier.width(CompactStepWidth) else Modifier).testTag("replayForward"),
        ) { Text("▶") }
    }
    val position = @Composable { padding: Modifier ->
        Text("${replay.shown} / ${replay.total}", style = MaterialTheme.typography.titleMedium, maxLines = 1, modifier = padding.testTag("replayPosition"))
    }
    Surface(shape = MaterialTheme.shapes.large, tonalElevation = 4.dp, shadowElevation = 2.dp, modifier = modifier.testTag("replayStepper")) {
        if (compact) {
            // A phone's corner beside the star is narrow: the position above the two buttons.
            Column(Modifier.padding(horizontal = 6.dp, vertical = 4.dp), horizontalAlignment = Alignment.CenterHorizontally) {
                position(Modifier)
                Row(horizontalArrangement = Arrangement.spacedBy(6.dp)) {
                    back()
                    forward()
                }
            }
        } else {
            Row(Modifier.padding(horizontal = 8.dp, vertical = 4.dp), verticalAlignment = Alignment.CenterVertically) {
                back()
                position(Modifier.padding(horizontal = 16.dp))
                forward()
            }
        }
    }
}

/** A compact stepper's button padding: two buttons side by side in a phone's corner beside the star. */
private val CompactStepPadding = PaddingValues(horizontal = 8.dp)

/** A compact stepper's button width: a touch target's 48 dp, under Material's 58 dp minimum. */
private val CompactStepWidth = 48.dp

/**
 * Asks before [ask]: the consequence in words, Cancel and the action (for a draw offered to
 * us: Decline and Accept). Shown only while the action is still possible.
 */
@Composable
fun ConfirmDialog(ask: Confirm, ui: BoardUiState, strings: Strings, onEvent: (BoardEvent) -> Unit, onDone: () -> Unit) {
    val caps = ui.game.capabilities
    val possible = when (ask) {
        Confirm.Resign -> caps.canResign
        Confirm.OfferDraw -> caps.canOfferDraw
        Confirm.AnswerDraw -> caps.canAnswerDraw
    }
    if (!possible) {
        // The game moved on (it ended, the offer was withdrawn): nothing left to confirm.
        LaunchedEffect(Unit) { onDone() }
        return
    }
    val (title, text) = when (ask) {
        Confirm.Resign -> strings.resignTitle to
            if (caps.resignKeepsGameGoing) strings.resignLeavesConsequence else strings.resignConsequence
        Confirm.OfferDraw -> strings.offerDrawTitle to strings.offerDrawConsequence
        Confirm.AnswerDraw -> strings.answerDrawTitle to strings.answerDrawConsequence
    }
    AlertDialog(
        onDismissRequest = onDone,
        modifier = Modifier.testTag("confirm:${ask.name}"),
        title = { Text(title) },
        text = { Text(text) },
        confirmButton = {
            when (ask) {
                Confirm.Resign -> Button(onClick = { onDone(); onEvent(BoardEvent.Resign) }, modifier = Modifier.testTag("confirmResign")) { Text(strings.resign) }
                Confirm.OfferDraw -> Button(onClick = { onDone(); onEvent(BoardEvent.OfferDraw) }, modifier = Modifier.testTag("confirmOfferDraw")) { Text(strings.offerDraw) }
                Confirm.AnswerDraw -> Button(onClick = { onDone(); onEvent(BoardEvent.AnswerDraw(true)) }, modifier = Modifier.testTag("acceptDraw")) { Text(strings.acceptDraw) }
            }
        },
        dismissButton = {
            when (ask) {
                Confirm.AnswerDraw -> TextButton(onClick = { onDone(); onEvent(BoardEvent.AnswerDraw(false)) }, modifier = Modifier.testTag("declineDraw")) { Text(strings.declineDraw) }
                else -> TextButton(onClick = onDone, modifier = Modifier.testTag("cancel${ask.name}")) { Text(strings.cancel) }
            }
        },
    )
}

/**
 * The result: winners, why it ended, the ranking. Rematch and New game are offered here and
 * nowhere else, as wide buttons inside the sheet (never at the place of the control bar's
 * Resign, nor of the confirmation's button that ended the game); Home and Close below.
 */
@Composable
fun GameOverDialog(
    ui: BoardUiState,
    strings: Strings,
    names: (Int) -> String,
    onEvent: (BoardEvent) -> Unit,
    onHome: () -> Unit,
    onNewGame: (() -> Unit)?,
) {
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
                if (ui.canRematch || onNewGame != null) Spacer(Modifier.height(4.dp))
                if (ui.canRematch) {
                    Button(onClick = { onEvent(BoardEvent.Rematch) }, modifier = Modifier.fillMaxWidth().testTag("rematch")) { Text(strings.rematch) }
                }
                if (onNewGame != null) {
                    OutlinedButton(onClick = onNewGame, modifier = Modifier.fillMaxWidth().testTag("gameOverNewGame")) { Text(strings.newGame) }
                }
            }
        },
        confirmButton = {
            TextButton(onClick = { onEvent(BoardEvent.DismissGameOver) }, modifier = Modifier.testTag("gameOverClose")) { Text(strings.close) }
        },
        dismissButton = {
            TextButton(onClick = onHome, modifier = Modifier.testTag("gameOverHome")) { Text(strings.home) }
        },
    )
}
