package app.chinesecheckers.ui.rules

import androidx.compose.foundation.background
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.FilterChip
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.unit.dp
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.material3.FilledTonalButton
import androidx.compose.runtime.remember
import app.chinesecheckers.core.BoardGeometry
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.ruleDiagrams
import app.chinesecheckers.ui.strings.lessons
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.ReadableColumn
import app.chinesecheckers.ui.ScreenHeader
import app.chinesecheckers.ui.safeAreaPadding

/**
 * The rules of each rule set, readable in the app's language, with the core's small boards of
 * each move kind ([geometry]; a board's link opens its lesson step, [onOpenLesson]) and the way
 * to the lessons ([onLearn]).
 */
@OptIn(ExperimentalLayoutApi::class)
@Composable
fun RulesScreen(
    geometry: BoardGeometry,
    onBack: () -> Unit,
    onLearn: () -> Unit = {},
    onOpenLesson: (String, Int) -> Unit = { _, _ -> },
) {
    val strings = LocalStrings.current
    var preset by rememberSaveable { mutableStateOf(Preset.TRIPOT) }
    val diagrams = remember(preset) { ruleDiagrams(preset) }
    // The background fills the window, under the system bars; the content stays out of them.
    Column(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background).safeAreaPadding()) {
        ScreenHeader(strings.rules, onBack)
        FlowRow(Modifier.padding(horizontal = 16.dp), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            for (p in Preset.entries) {
                FilterChip(p == preset, { preset = p }, { Text(strings.preset(p)) }, Modifier.testTag("rules:${p.name}"))
            }
        }
        ReadableColumn {
            Text(strings.presetSummary(preset), style = MaterialTheme.typography.titleMedium, color = MaterialTheme.colorScheme.primary)
            FilledTonalButton(onClick = onLearn, modifier = Modifier.fillMaxWidth().testTag("rulesLearn")) { Text(strings.lessons.learnToPlay) }
            Text(strings.lessons.diagramsTitle, style = MaterialTheme.typography.titleLarge, modifier = Modifier.padding(top = 8.dp).semantics { heading() })
            RuleDiagrams(diagrams, geometry, onOpenLesson)
            for (section in strings.rulesText(preset)) {
                // Headings a step larger than the body (titleLarge 22 sp over bodyLarge 16 sp).
                Text(section.title, style = MaterialTheme.typography.titleLarge, modifier = Modifier.padding(top = 8.dp).semantics { heading() }.testTag("rulesHeading"))
                Text(section.body, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.testTag("rulesBody"))
            }
        }
    }
}
