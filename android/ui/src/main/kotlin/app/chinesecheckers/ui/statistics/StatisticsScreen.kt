package app.chinesecheckers.ui.statistics

import androidx.compose.foundation.background
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.Card
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.GameLibrary
import app.chinesecheckers.core.PuzzleTally
import app.chinesecheckers.ui.strings.puzzleWords
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.ReadableColumn
import app.chinesecheckers.ui.ScreenHeader
import app.chinesecheckers.ui.safeAreaPadding

/**
 * Games against each named opponent, as the library counted them; then the race puzzles
 * ([puzzles], the core's tally over the built-in set): how many solved, how many at par.
 */
@Composable
fun StatisticsScreen(library: GameLibrary?, onBack: () -> Unit, puzzles: PuzzleTally? = null) {
    val strings = LocalStrings.current
    val stats = remember(library) { runCatching { library?.statistics() ?: emptyList() }.getOrDefault(emptyList()) }
    // The background fills the window, under the system bars; the content stays out of them.
    Column(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background).safeAreaPadding()) {
        ScreenHeader(strings.statistics, onBack)
        ReadableColumn {
            if (stats.none { it.played > 0 }) Text(strings.noStatistics, modifier = Modifier.testTag("noStatistics"))
            for (s in stats) {
                Card(Modifier.fillMaxWidth().testTag("stats:${s.level.name}")) {
                    Column(Modifier.padding(12.dp)) {
                        Text("${s.name} · ${strings.aiLevel(s.level)}", fontWeight = FontWeight.SemiBold)
                        Row(horizontalArrangement = Arrangement.spacedBy(16.dp)) {
                            Text("${strings.played} ${s.played}")
                            Text("${strings.won} ${s.won}")
                            Text("${strings.lost} ${s.lost}")
                            Text("${strings.drawn} ${s.drawn}")
                        }
                        s.fewestMoves?.let { Text("${strings.fewestMoves}: $it", style = MaterialTheme.typography.bodySmall) }
                    }
                }
            }
            if (puzzles != null && puzzles.total > 0) {
                Card(Modifier.fillMaxWidth().testTag("stats:puzzles")) {
                    Text(
                        puzzleWords(strings).statistics(puzzles.solved, puzzles.atPar, puzzles.total),
                        fontWeight = FontWeight.SemiBold,
                        modifier = Modifier.padding(12.dp).testTag("puzzleStats"),
                    )
                }
            }
        }
    }
}
