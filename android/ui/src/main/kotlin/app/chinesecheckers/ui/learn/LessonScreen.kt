package app.chinesecheckers.ui.learn

import androidx.compose.foundation.background
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.WindowInsetsSides
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.BoardGeometry
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.Highlight
import app.chinesecheckers.core.LessonFeedback
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.ReadableColumn
import app.chinesecheckers.ui.ScreenHeader
import app.chinesecheckers.ui.TabletMinWidth
import app.chinesecheckers.ui.board.BoardCanvas
import app.chinesecheckers.ui.board.BoardFraming
import app.chinesecheckers.ui.safeAreaPadding
import app.chinesecheckers.ui.strings.Strings
import app.chinesecheckers.ui.strings.lessons

/** The lessons: their list, or the lesson being played. [onBack] leaves a lesson for the list, the list for the screen before. */
@Composable
fun LessonScreen(presenter: LessonPresenter, geometry: BoardGeometry, reducedMotion: Boolean, onBack: () -> Unit) {
    val state by presenter.state.collectAsState()
    val openings by presenter.openings.collectAsState()
    val shown = state
    if (shown == null) LessonList(presenter, onBack) else LessonPlay(presenter, shown, openings, geometry, reducedMotion, onBack)
}

/** The first-start offer of the lessons: "Learn to play" or "Skip", asked once ([onAnswer] true to learn). */
@Composable
fun LearnOffer(onAnswer: (learn: Boolean) -> Unit) {
    val words = LocalStrings.current.lessons
    AlertDialog(
        // Dismissing it is a Skip: asked once, never again.
        onDismissRequest = { onAnswer(false) },
        title = { Text(words.offerTitle) },
        text = { Text(words.offerText) },
        confirmButton = { Button(onClick = { onAnswer(true) }, Modifier.testTag("startLearn")) { Text(words.learnToPlay) } },
        dismissButton = { TextButton(onClick = { onAnswer(false) }, Modifier.testTag("skipLearn")) { Text(words.skip) } },
        modifier = Modifier.testTag("learnOffer"),
    )
}

@Composable
private fun LessonList(presenter: LessonPresenter, onBack: () -> Unit) {
    val strings = LocalStrings.current
    val words = strings.lessons
    Column(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background).safeAreaPadding()) {
        ScreenHeader(words.lessonsTitle, onBack)
        val catalogue by presenter.catalogue.collectAsState()
        ReadableColumn {
            for ((i, info) in catalogue.withIndex()) {
                Card(onClick = { presenter.onEvent(LessonEvent.Open(info.id)) }, modifier = Modifier.fillMaxWidth().testTag("lesson:${info.id}")) {
                    Row(Modifier.padding(16.dp), verticalAlignment = Alignment.CenterVertically) {
                        Column(Modifier.weight(1f), verticalArrangement = Arrangement.spacedBy(4.dp)) {
                            Text("${i + 1}. ${words.topic(info.topic)}", style = MaterialTheme.typography.titleMedium)
                            Text(
                                "${strings.preset(info.rules)} · ${words.stepCount(info.stepRules.size)}",
                                style = MaterialTheme.typography.bodyMedium,
                                color = MaterialTheme.colorScheme.onSurfaceVariant,
                            )
                        }
                        // A finished lesson says so in words (read by a screen reader), with a tick.
                        if (info.finished) {
                            Text(
                                "✓ ${words.finished}",
                                style = MaterialTheme.typography.labelLarge,
                                color = MaterialTheme.colorScheme.primary,
                                modifier = Modifier.padding(start = 12.dp).testTag("finished:${info.id}"),
                            )
                        }
                    }
                }
            }
        }
    }
}

/**
 * A lesson in play: the board as a game draws it with the core's pointer ringed, the step and
 * its goal above, what the last try did below, and three buttons in fixed places (End jump while
 * a chain may stop, Try again, Next): nothing that comes and goes moves a button.
 */
@Composable
private fun LessonPlay(presenter: LessonPresenter, state: LessonUiState, openings: Long, geometry: BoardGeometry, reducedMotion: Boolean, onBack: () -> Unit) {
    val strings = LocalStrings.current
    val words = strings.lessons
    val names: (Int) -> String = { i -> state.board.players.getOrNull(i)?.let { strings.playerName(it.name) } ?: "?" }
    BoxWithConstraints(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background)) {
        val tablet = maxWidth >= TabletMinWidth && maxWidth > maxHeight
        val tall = maxHeight >= StackedControlsMinHeight
        val board = @Composable { modifier: Modifier ->
            BoardCanvas(
                geometry = geometry,
                game = state.board,
                rotationDegrees = state.board.rotationDegrees.toFloat(),
                animation = null,
                reducedMotion = reducedMotion,
                strings = strings,
                playerName = names,
                onTapHole = { presenter.onEvent(LessonEvent.TapHole(it.q, it.r)) },
                // A lesson has no touch to cancel: a tap beside the star does nothing.
                onTapOutside = {},
                modifier = modifier.testTag("board"),
                pointer = state.lesson.pointer,
                framing = BoardFraming(stepHoles(state), openings),
            )
        }
        val header = @Composable { ScreenHeader(words.topic(state.lesson.topic), onBack) }
        if (tablet) {
            Row(Modifier.fillMaxSize()) {
                Column(Modifier.weight(1f).fillMaxHeight().safeAreaPadding(WindowInsetsSides.Start + WindowInsetsSides.Vertical)) {
                    header()
                    board(Modifier.weight(1f).fillMaxWidth().padding(8.dp))
                }
                Column(
                    Modifier.width(380.dp).fillMaxHeight().background(MaterialTheme.colorScheme.surfaceVariant)
                        .safeAreaPadding(WindowInsetsSides.End + WindowInsetsSides.Vertical).padding(16.dp),
                    verticalArrangement = Arrangement.spacedBy(12.dp),
                ) {
                    StepWords(state, strings)
                    Feedback(state, strings, names)
                    Spacer(Modifier.weight(1f))
                    if (tall) {
                        // One under the other, full words at ease; side by side on a short landscape screen.
                        Column(verticalArrangement = Arrangement.spacedBy(8.dp)) {
                            for (control in controls(presenter, state, strings)) control(Modifier.fillMaxWidth().height(48.dp))
                        }
                    } else {
                        Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                            for (control in controls(presenter, state, strings)) control(Modifier.weight(1f).height(56.dp))
                        }
                    }
                }
            }
        } else {
            Column(Modifier.fillMaxSize().safeAreaPadding()) {
                header()
                Column(Modifier.padding(horizontal = 16.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) { StepWords(state, strings) }
                board(Modifier.weight(1f).fillMaxWidth().padding(4.dp))
                Column(Modifier.padding(horizontal = 16.dp)) { Feedback(state, strings, names) }
                Row(Modifier.fillMaxWidth().padding(12.dp), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    for (control in controls(presenter, state, strings)) control(Modifier.weight(1f).height(56.dp))
                }
            }
        }
    }
}

/**
 * The holes a step is about, as the core set them out: its pegs, its pointer and the board's
 * targets. On a phone the board opens framed on them (on a tablet they fit at 1×).
 */
private fun stepHoles(state: LessonUiState): List<Coord> {
    val targets = setOf(Highlight.SELECTED, Highlight.STEP_TARGET, Highlight.JUMP_TARGET, Highlight.SWAP_TARGET)
    val onBoard = state.board.holes.filter { it.occupant != null || it.highlight in targets }.map { it.coord }
    return (onBoard + state.lesson.pointer).distinct()
}

/** The step n of m (with the rule set) and the goal, in a fixed height so that the board does not move between steps. */
@Composable
private fun StepWords(state: LessonUiState, strings: Strings) {
    val words = strings.lessons
    Text(
        words.stepOf(state.lesson.step + 1, state.lesson.steps) + " · " + words.ruleTitle(state.lesson.rule),
        style = MaterialTheme.typography.labelLarge,
        color = MaterialTheme.colorScheme.primary,
        modifier = Modifier.testTag("lessonStep"),
    )
    Text(
        words.goal(state.lesson.goal, strings::colour),
        style = MaterialTheme.typography.bodyLarge,
        minLines = 3,
        maxLines = 4,
        overflow = TextOverflow.Ellipsis,
        modifier = Modifier.testTag("lessonGoal"),
    )
}

/** What the last try did, worded; two lines kept even when empty, so that the buttons below stay put. */
@Composable
private fun Feedback(state: LessonUiState, strings: Strings, names: (Int) -> String) {
    val words = strings.lessons
    val (text, good) = when (val f = state.lesson.feedback) {
        null -> "" to true
        is LessonFeedback.Refused -> strings.notice(f.notice, names) to false
        is LessonFeedback.Missed -> words.missed(f.reason, strings::colour) to false
        LessonFeedback.StepDone -> (if (state.lesson.lessonDone) words.lessonDone else words.stepDone) to true
        LessonFeedback.TurnPassed -> words.turnPassed to true
    }
    Text(
        text,
        style = MaterialTheme.typography.bodyLarge,
        color = if (good) MaterialTheme.colorScheme.primary else MaterialTheme.colorScheme.error,
        minLines = 2,
        maxLines = 3,
        overflow = TextOverflow.Ellipsis,
        modifier = Modifier.fillMaxWidth().semantics { liveRegion = LiveRegionMode.Polite }.testTag("lessonFeedback"),
    )
}

/** From this height the side panel stacks its three controls. */
private val StackedControlsMinHeight = 560.dp

/** The padding inside a control: small, so that "Leçon suivante" fits a third of a phone. */
private val ControlPadding = PaddingValues(horizontal = 6.dp)

/** A control's words: up to two lines, centred. */
@Composable
private fun ControlText(text: String) = Text(text, maxLines = 2, overflow = TextOverflow.Ellipsis, textAlign = TextAlign.Center)

/**
 * The three control slots, in their fixed order, each drawn in the modifier its place gives:
 * End jump (only while the chain may stop; its slot stays empty otherwise), Try again, and Next
 * (enabled once the step is done) / Next lesson / All lessons.
 */
private fun controls(presenter: LessonPresenter, state: LessonUiState, strings: Strings): List<@Composable (Modifier) -> Unit> {
    val words = strings.lessons
    val endJump: @Composable (Modifier) -> Unit = { slot ->
        if (state.board.capabilities.canEndJump) {
            FilledTonalButton(onClick = { presenter.onEvent(LessonEvent.EndJump) }, modifier = slot.testTag("lessonEndJump"), contentPadding = ControlPadding) { ControlText(strings.endJump) }
        } else {
            Box(slot)
        }
    }
    val tryAgain: @Composable (Modifier) -> Unit = { slot ->
        OutlinedButton(onClick = { presenter.onEvent(LessonEvent.TryAgain) }, modifier = slot.testTag("tryAgain"), contentPadding = ControlPadding) { ControlText(words.tryAgain) }
    }
    val nextLesson = presenter.nextLesson()
    val next: @Composable (Modifier) -> Unit = { slot ->
        when {
            state.lesson.lessonDone && nextLesson != null ->
                Button(onClick = { presenter.onEvent(LessonEvent.Open(nextLesson.id)) }, modifier = slot.testTag("nextLesson"), contentPadding = ControlPadding) { ControlText(words.nextLesson) }
            state.lesson.lessonDone ->
                Button(onClick = { presenter.onEvent(LessonEvent.ShowList) }, modifier = slot.testTag("allLessons"), contentPadding = ControlPadding) { ControlText(words.allLessons) }
            else ->
                Button(onClick = { presenter.onEvent(LessonEvent.Next) }, enabled = state.lesson.stepDone, modifier = slot.testTag("nextStep"), contentPadding = ControlPadding) { ControlText(words.nextStep) }
        }
    }
    return listOf(endJump, tryAgain, next)
}
