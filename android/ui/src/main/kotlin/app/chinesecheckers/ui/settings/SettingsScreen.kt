package app.chinesecheckers.ui.settings

import androidx.compose.foundation.background
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.material3.FilterChip
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.unit.dp
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.ReadableColumn
import app.chinesecheckers.ui.ScreenHeader
import app.chinesecheckers.ui.platform.Platform
import app.chinesecheckers.ui.strings.AnimationSpeed
import app.chinesecheckers.ui.strings.Language
import app.chinesecheckers.ui.strings.ThemeChoice

/** Settings: every change is saved at once by [store]. */
@OptIn(ExperimentalLayoutApi::class)
@Composable
fun SettingsScreen(store: SettingsStore, platform: Platform, onBack: () -> Unit) {
    val s by store.settings.collectAsState()
    val strings = LocalStrings.current
    Column(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background)) {
        ScreenHeader(strings.settings, onBack)
        ReadableColumn {
            Toggle(strings.sound, s.sound, "sound") { v -> store.update { it.copy(sound = v) } }
            Toggle(strings.haptics, s.haptics, "haptics") { v -> store.update { it.copy(haptics = v) } }
            Label(strings.animationSpeed)
            FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                for (speed in AnimationSpeed.entries) {
                    FilterChip(s.animationSpeed == speed, { store.update { it.copy(animationSpeed = speed) } }, { Text(strings.animationSpeed(speed)) }, Modifier.testTag("speed:${speed.name}"))
                }
            }
            Toggle(strings.reducedMotion, s.reducedMotion ?: platform.systemReducedMotion, "reducedMotion") { v -> store.update { it.copy(reducedMotion = v) } }
            Toggle(strings.boardRotation, s.boardRotation, "boardRotation", strings.boardRotationHint) { v -> store.update { it.copy(boardRotation = v) } }
            OutlinedTextField(
                s.displayName, { v -> store.update { it.copy(displayName = v.take(24)) } },
                label = { Text(strings.displayName) }, singleLine = true, modifier = Modifier.fillMaxWidth().testTag("displayName"),
            )
            OutlinedTextField(
                s.serverAddress, { v -> store.update { it.copy(serverAddress = v.trim()) } },
                label = { Text(strings.serverAddress) }, singleLine = true, modifier = Modifier.fillMaxWidth().testTag("serverAddress"),
            )
            Label(strings.languageSetting)
            FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                FilterChip(s.language == null, { store.update { it.copy(language = null) } }, { Text(strings.systemDefault) }, Modifier.testTag("language:system"))
                for (l in Language.entries) {
                    FilterChip(s.language == l, { store.update { it.copy(language = l) } }, { Text(strings.languageName(l)) }, Modifier.testTag("language:${l.code}"))
                }
            }
            Label(strings.theme)
            FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                for (t in ThemeChoice.entries) {
                    FilterChip(s.theme == t, { store.update { it.copy(theme = t) } }, { Text(strings.theme(t)) }, Modifier.testTag("theme:${t.name}"))
                }
            }
        }
    }
}

@Composable
private fun Label(text: String) = Text(text, style = MaterialTheme.typography.titleSmall)

@Composable
private fun Toggle(label: String, value: Boolean, tag: String, hint: String? = null, onChange: (Boolean) -> Unit) {
    Row(Modifier.fillMaxWidth(), verticalAlignment = Alignment.CenterVertically) {
        Column(Modifier.weight(1f)) {
            Text(label, style = MaterialTheme.typography.bodyLarge)
            if (hint != null) Text(hint, style = MaterialTheme.typography.bodySmall)
        }
        Switch(value, onChange, Modifier.testTag("setting:$tag"))
    }
}
