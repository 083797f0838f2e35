package app.chinesecheckers.ui.settings

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.material3.FilterChip
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.collapse
import androidx.compose.ui.semantics.expand
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.defaultServerUrl
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.ReadableColumn
import app.chinesecheckers.ui.ScreenHeader
import app.chinesecheckers.ui.safeAreaPadding
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
    // The background fills the window, under the system bars; the content stays out of them.
    Column(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background).safeAreaPadding()) {
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
            Label(strings.aiPace)
            Text(strings.aiPaceHint, style = MaterialTheme.typography.bodySmall)
            FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                for (pace in AI_PACES) {
                    FilterChip(s.aiPaceMillis == pace, { store.update { it.copy(aiPaceMillis = pace) } }, { Text(strings.aiPaceValue(pace)) }, Modifier.testTag("aiPace:$pace"))
                }
            }
            Toggle(strings.boardRotation, s.boardRotation, "boardRotation", strings.boardRotationHint) { v -> store.update { it.copy(boardRotation = v) } }
            OutlinedTextField(
                s.displayName, { v -> store.update { it.copy(displayName = v.take(24)) } },
                label = { Text(strings.displayName) }, singleLine = true, modifier = Modifier.fillMaxWidth().testTag("displayName"),
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
            Advanced(s, store)
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


/**
 * "Advanced", collapsed at first: the server address, which players of the public server never
 * need to see. An empty field means the core's public server, named under it; "Reset to default"
 * empties it.
 */
@Composable
private fun Advanced(s: Settings, store: SettingsStore) {
    val strings = LocalStrings.current
    var open by rememberSaveable { mutableStateOf(false) }
    val default = remember { defaultServerUrl() }
    HorizontalDivider()
    Row(
        Modifier.fillMaxWidth().heightIn(min = 48.dp).clickable(role = Role.Button) { open = !open }.testTag("advanced")
            // Said as expandable (or collapsible) by screen readers; the arrow is only drawn.
            .semantics { if (open) collapse { open = false; true } else expand { open = true; true } },
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Text(strings.advanced, style = MaterialTheme.typography.titleSmall, modifier = Modifier.weight(1f))
        Text(if (open) "▾" else "▸", style = MaterialTheme.typography.titleMedium, modifier = Modifier.clearAndSetSemantics {})
    }
    if (!open) return
    OutlinedTextField(
        s.serverAddress, { v -> store.update { it.copy(serverAddress = v.trim()) } },
        label = { Text(strings.serverAddress) },
        placeholder = { Text(default ?: "wss://") },
        supportingText = { Text(default?.let { strings.defaultServer(it) } ?: strings.noDefaultServer, modifier = Modifier.testTag("defaultServer")) },
        singleLine = true,
        modifier = Modifier.fillMaxWidth().testTag("serverAddress"),
    )
    TextButton(
        onClick = { store.update { it.copy(serverAddress = "") } },
        enabled = s.customServer != null,
        modifier = Modifier.testTag("resetServer"),
    ) { Text(strings.resetToDefault) }
}
