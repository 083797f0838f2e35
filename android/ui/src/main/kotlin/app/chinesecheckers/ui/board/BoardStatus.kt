package app.chinesecheckers.ui.board

import androidx.compose.foundation.background
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.widthIn
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.SaveStatus
import app.chinesecheckers.core.TurnStatus
import app.chinesecheckers.core.awayReading
import app.chinesecheckers.ui.online.ClockPresenter
import kotlinx.coroutines.delay
import app.chinesecheckers.ui.strings.Strings

/**
 * The status line's words, from the core's `GameState.status` (a `TurnStatus`): who won and how
 * once the game is over (also after the game-over sheet is closed), the replay, the AI thinking or
 * waiting, a chain that can hop on ("Jump again, or End jump" when it may stop here), or whose
 * turn it is. The app decides none of it; it only words it.
 */
fun statusLine(game: GameState, strings: Strings, names: (Int) -> String): String = when (val status = game.status) {
    is TurnStatus.Over -> strings.overLine(
        strings.winners(status.winners.map(names)),
        strings.endReason(status.reason, status.by?.let(names)),
    )
    is TurnStatus.Replay -> strings.replay
    is TurnStatus.Thinking -> strings.thinking(names(status.player))
    is TurnStatus.AiPaused -> strings.aiPaused(names(status.player))
    is TurnStatus.JumpAgain -> strings.jumpAgain(game.capabilities.canEndJump)
    is TurnStatus.ToMove -> strings.toMove(names(status.player))
}

/** The status line's least height: one line, whatever it says. */
private val StatusHeight = 40.dp

/**
 * Whose turn it is, in one line of fixed height (ellipsized, never wrapping), with a spinner after
 * it while the AI or a hint search works (its place is kept when idle, so the words never shift)
 * and the running clock of a timed online game.
 */
@Composable
internal fun StatusLine(ui: BoardUiState, strings: Strings, names: (Int) -> String, clock: ClockView?, modifier: Modifier = Modifier) {
    val game = ui.game
    val style = MaterialTheme.typography.titleMedium
    // One line of text, never wrapping: at least StatusHeight, taller only when the system's font
    // size makes that one line taller (its height then depends on the font, not on the words).
    Row(modifier.fillMaxWidth().heightIn(min = StatusHeight), verticalAlignment = Alignment.CenterVertically) {
        Text(
            statusLine(game, strings, names),
            style = style,
            maxLines = 1,
            softWrap = false,
            overflow = TextOverflow.Ellipsis,
            modifier = Modifier.weight(1f).testTag("status").semantics { liveRegion = LiveRegionMode.Polite },
        )
        // The spinner's place is kept when idle: the words never shift.
        Box(Modifier.size(28.dp), contentAlignment = Alignment.CenterEnd) {
            if (game.thinking != null || game.hintPending) {
                CircularProgressIndicator(Modifier.size(20.dp).testTag("thinking"), strokeWidth = 2.dp)
            }
        }
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
    }
}

/** The kinds of what comes and goes beside the board, so that a phone can put each in its own corner. */
enum class OverlayPart {
    /** Stop while the AI thinks, Let the AI play while it is paused. */
    AiControl,

    /** The core's banner (a skipped turn, a draw offered, an opponent away…). */
    Banner,

    /** The failed save with Try again. */
    SaveFailed,

    /** The last refusal or notice. */
    Notice,

    /** The hint in words. */
    Hint,
}

/**
 * What comes and goes beside the board, never pushing the layout: Stop / Let the AI play, the
 * banner (announced), the failed save with Try again, the last refusal or notice, and the hint
 * in words; only the [parts] asked for. The panels are drawn without a touch handler of their
 * own, so a tap on them reaches the board under them; only their buttons take taps. [position]
 * words a hole ("row·place"). [compact] (a phone's corner of the board): smaller words, and every
 * text ellipsized at the height it is given, so that nothing reaches past its corner.
 */
@Composable
fun BoardOverlays(
    ui: BoardUiState,
    strings: Strings,
    names: (Int) -> String,
    position: (Coord) -> String,
    onEvent: (BoardEvent) -> Unit,
    modifier: Modifier = Modifier,
    parts: Set<OverlayPart> = OverlayPart.entries.toSet(),
    compact: Boolean = false,
    horizontalAlignment: Alignment.Horizontal = Alignment.CenterHorizontally,
) {
    val game = ui.game
    // A phone's corner is about 120 dp wide: the smallest body text, so that a long name still
    // leaves the banner's point ("… offered a draw") in view.
    val large = if (compact) MaterialTheme.typography.bodySmall else MaterialTheme.typography.bodyLarge
    val small = if (compact) MaterialTheme.typography.bodySmall else MaterialTheme.typography.bodyMedium
    Column(
        modifier.widthIn(max = 560.dp).fillMaxWidth().padding(horizontal = if (compact) 4.dp else 8.dp, vertical = 4.dp),
        verticalArrangement = Arrangement.spacedBy(4.dp),
        horizontalAlignment = horizontalAlignment,
    ) {
        val aiControl = OverlayPart.AiControl in parts
        if (aiControl && game.thinking != null) {
            OutlinedButton(onClick = { onEvent(BoardEvent.StopThinking) }, modifier = Modifier.align(Alignment.End).testTag("stop")) { Text(strings.stopThinking) }
        } else if (aiControl && game.aiPaused) {
            Button(onClick = { onEvent(BoardEvent.LetAiPlay) }, modifier = Modifier.align(Alignment.End).testTag("letAiPlay")) { Text(strings.letAiPlay) }
        }
        val banner = game.banner
        // Thinking and game over are already said by the status line.
        if (OverlayPart.Banner in parts && banner != null && banner !is Banner.AiThinking && banner != Banner.GameOver) {
            // A dropped opponent seen dropping: the core's countdown, redrawn as it changes.
            val away = rememberAwayLeft((banner as? Banner.OpponentDisconnected)?.backByMs)
            val words = if (banner is Banner.OpponentDisconnected && away != null) {
                strings.awayCountdown(names(banner.player), away)
            } else {
                strings.banner(banner, names)
            }
            Panel(MaterialTheme.colorScheme.secondaryContainer, compact = compact) {
                Text(
                    words,
                    style = large,
                    overflow = TextOverflow.Ellipsis,
                    color = MaterialTheme.colorScheme.onSecondaryContainer,
                    modifier = Modifier.testTag("banner").semantics { liveRegion = LiveRegionMode.Assertive },
                )
            }
        }
        // The library could not write the last change: the game is whole in memory, and the core
        // writes it again at the next change or when the player retries.
        val storage = game.storage
        if (OverlayPart.SaveFailed in parts && storage is SaveStatus.Failed) {
            Panel(MaterialTheme.colorScheme.errorContainer, Modifier.testTag("saveFailed"), compact) {
                Row(verticalAlignment = Alignment.CenterVertically) {
                    Text(
                        strings.saveFailed(storage.detail),
                        style = small,
                        overflow = TextOverflow.Ellipsis,
                        color = MaterialTheme.colorScheme.onErrorContainer,
                        modifier = Modifier.weight(1f, fill = false).semantics { liveRegion = LiveRegionMode.Assertive },
                    )
                    TextButton(onClick = { onEvent(BoardEvent.SaveNow) }, modifier = Modifier.testTag("saveRetry")) { Text(strings.retrySave) }
                }
            }
        }
        val message = ui.error?.let { errorText(it, strings) } ?: game.notice?.let { strings.notice(it, names) }
        if (OverlayPart.Notice in parts && message != null) {
            Panel(MaterialTheme.colorScheme.surface, compact = compact) {
                Text(
                    message,
                    color = MaterialTheme.colorScheme.error,
                    style = small,
                    overflow = TextOverflow.Ellipsis,
                    modifier = Modifier.testTag("notice").semantics { liveRegion = LiveRegionMode.Polite },
                )
            }
        }
        // The hint, as long as the state has it (the board draws its whole path).
        val hint = game.hint
        val hintKind = game.hintKind
        if (OverlayPart.Hint in parts && hint.size >= 2 && hintKind != null) {
            Panel(MaterialTheme.colorScheme.tertiaryContainer, compact = compact) {
                Text(
                    strings.hintWords(hintKind, position(hint.first()), position(hint.last())),
                    style = large,
                    overflow = TextOverflow.Ellipsis,
                    fontWeight = FontWeight.SemiBold,
                    color = MaterialTheme.colorScheme.onTertiaryContainer,
                    modifier = Modifier.testTag("hintWords").semantics { liveRegion = LiveRegionMode.Polite },
                )
            }
        }
    }
}

/**
 * The away countdown of a seat held until [backByMs] ("2:41"), as the core reads it now
 * (`awayReading`), read again when the core says its digits next change; null without a deadline
 * (this device did not see the drop: the seat is shown held, without a countdown).
 */
@Composable
internal fun rememberAwayLeft(backByMs: Long?): String? {
    if (backByMs == null) return null
    var reading by remember(backByMs) { mutableStateOf(awayReading(backByMs, System.currentTimeMillis())) }
    LaunchedEffect(backByMs) {
        while (true) {
            val next = reading.nextChangeAtMs ?: break // the time is up: nothing changes any more
            delay(next - System.currentTimeMillis())
            reading = awayReading(backByMs, System.currentTimeMillis())
        }
    }
    return ClockPresenter.format(reading.shown)
}

/** A panel of the overlay: a tinted rounded box with no touch handling (not a Material Surface, which takes taps). */
@Composable
private fun Panel(colour: Color, modifier: Modifier = Modifier, compact: Boolean = false, content: @Composable () -> Unit) {
    Box(
        modifier.background(colour.copy(alpha = 0.94f), MaterialTheme.shapes.medium)
            .padding(horizontal = if (compact) 8.dp else 12.dp, vertical = if (compact) 6.dp else 8.dp),
    ) { content() }
}
