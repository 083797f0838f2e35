package app.chinesecheckers.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.chinesecheckers.ui.strings.EnglishStrings
import app.chinesecheckers.ui.strings.Strings

/** The wording of the language in force. */
val LocalStrings = staticCompositionLocalOf<Strings> { EnglishStrings }

/** Widths from which a screen uses the tablet layout (side panel beside the board). */
val TabletMinWidth = 700.dp

/** A screen's title row with a back button; [actions] sit at the end. */
@Composable
fun ScreenHeader(title: String, onBack: (() -> Unit)?, actions: @Composable () -> Unit = {}) {
    val strings = LocalStrings.current
    Row(
        Modifier.fillMaxWidth().padding(horizontal = 8.dp, vertical = 4.dp),
        verticalAlignment = Alignment.CenterVertically,
        horizontalArrangement = Arrangement.spacedBy(8.dp),
    ) {
        if (onBack != null) {
            TextButton(onClick = onBack, modifier = Modifier.testTag("back")) { Text("‹ " + strings.back) }
        }
        Text(
            title,
            style = MaterialTheme.typography.titleLarge,
            modifier = Modifier.weight(1f).padding(start = if (onBack == null) 8.dp else 0.dp).semantics { heading() },
        )
        actions()
    }
}

/** Widest a column of text and controls gets on a tablet: lines stay readable. */
val ReadableMaxWidth = 720.dp

/**
 * A scrolling column centred on wide screens and at most [ReadableMaxWidth] wide (full width on a
 * phone), for the screens made of text and controls.
 */
@Composable
fun ReadableColumn(modifier: Modifier = Modifier, content: @Composable androidx.compose.foundation.layout.ColumnScope.() -> Unit) {
    androidx.compose.foundation.layout.Box(modifier.fillMaxWidth(), contentAlignment = Alignment.TopCenter) {
        androidx.compose.foundation.layout.Column(
            Modifier.widthIn(max = ReadableMaxWidth).fillMaxWidth()
                .verticalScroll(androidx.compose.foundation.rememberScrollState()).padding(16.dp),
            verticalArrangement = Arrangement.spacedBy(12.dp),
            content = content,
        )
    }
}
