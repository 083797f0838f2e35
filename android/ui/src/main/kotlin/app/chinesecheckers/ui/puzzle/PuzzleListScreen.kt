package app.chinesecheckers.ui.puzzle

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.Card
import androidx.compose.material3.CardDefaults
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.PuzzleInfo
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.ReadableColumn
import app.chinesecheckers.ui.ScreenHeader
import app.chinesecheckers.ui.safeAreaPadding
import app.chinesecheckers.ui.strings.PuzzleStrings
import app.chinesecheckers.ui.strings.Strings
import app.chinesecheckers.ui.strings.puzzleWords

/**
 * A puzzle's name in the list: its rule set, difficulty and place among the puzzles of that rule
 * set and difficulty in the core's list ("Classic · Easy 2"); the puzzle of the day is titled so.
 */
fun puzzleTitle(info: PuzzleInfo, strings: Strings, words: PuzzleStrings): String =
    info.number?.let { words.title(strings.preset(info.preset), info.difficulty, it) } ?: words.puzzleOfTheDay

/**
 * The puzzles: what they ask, the puzzle of the day first, then the set by difficulty, each with
 * its par (proven or best known) and the person's result.
 */
@Composable
fun PuzzleListScreen(presenter: PuzzleListPresenter, onOpen: (PuzzleInfo, Boolean) -> Unit, onBack: () -> Unit) {
    val state by presenter.state.collectAsState()
    val strings = LocalStrings.current
    val words = puzzleWords(strings)
    Column(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background).safeAreaPadding()) {
        ScreenHeader(words.puzzles, onBack)
        ReadableColumn(Modifier.testTag("puzzleList")) {
            Text(words.intro, style = MaterialTheme.typography.bodyMedium)
            state.error?.let {
                Text(words.error(it), color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("puzzleError"))
            }
            state.daily?.let { daily ->
                Heading(words.puzzleOfTheDay)
                PuzzleCard(
                    daily,
                    title = "${strings.preset(daily.preset)} · ${words.difficulty(daily.difficulty)}",
                    words = words,
                    highlighted = true,
                    tag = "daily",
                ) { onOpen(daily, true) }
            }
            // By difficulty, easiest first; within one, in the core's order (rule set first).
            for ((difficulty, group) in state.puzzles.groupBy { it.difficulty }.toSortedMap(compareBy { it.ordinal })) {
                Heading(words.difficulty(difficulty), Modifier.testTag("grade:${difficulty.name}"))
                for (p in group) {
                    PuzzleCard(p, puzzleTitle(p, strings, words), words, highlighted = false, tag = "puzzle:${p.id}") { onOpen(p, false) }
                }
            }
        }
    }
}

@Composable
private fun Heading(text: String, modifier: Modifier = Modifier) {
    Text(
        text,
        style = MaterialTheme.typography.titleMedium,
        color = MaterialTheme.colorScheme.primary,
        modifier = modifier.padding(top = 4.dp).semantics { heading() },
    )
}

/** One puzzle: its name, par and the person's result; a tap opens it. */
@Composable
private fun PuzzleCard(info: PuzzleInfo, title: String, words: PuzzleStrings, highlighted: Boolean, tag: String, onClick: () -> Unit) {
    val colors = if (highlighted) {
        CardDefaults.cardColors(containerColor = MaterialTheme.colorScheme.secondaryContainer)
    } else {
        CardDefaults.cardColors()
    }
    Card(colors = colors, modifier = Modifier.fillMaxWidth().clickable(onClick = onClick).testTag(tag)) {
        Column(Modifier.padding(12.dp)) {
            Text(title, fontWeight = FontWeight.SemiBold, modifier = Modifier.testTag("$tag:title"))
            Text(words.par(info.par, info.proven), style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("$tag:par"))
            val best = info.best
            Text(
                words.result(best, info.solvedAtPar),
                style = MaterialTheme.typography.bodySmall,
                fontWeight = if (info.solvedAtPar) FontWeight.SemiBold else FontWeight.Normal,
                color = if (best == null) MaterialTheme.colorScheme.onSurfaceVariant else Color.Unspecified,
                modifier = Modifier.testTag("$tag:result"),
            )
        }
    }
}
