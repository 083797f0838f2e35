package app.chinesecheckers.ui.newgame

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
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.CardDefaults
import androidx.compose.material3.FilterChip
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.RadioButton
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.RuleOptionValue
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.ReadableColumn
import app.chinesecheckers.ui.ScreenHeader
import app.chinesecheckers.ui.safeAreaPadding
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.errorText
import app.chinesecheckers.ui.strings.Strings
import app.chinesecheckers.ui.theme.LocalBoardPalette

/** The new-game screen: rule set, seats, opponents, colours, who opens and rule options. */
@OptIn(ExperimentalLayoutApi::class)
@Composable
fun NewGameScreen(presenter: NewGamePresenter, onStart: () -> Unit, onBack: () -> Unit) {
    val s by presenter.state.collectAsState()
    val strings = LocalStrings.current
    val on = presenter::onEvent
    // The background fills the window, under the system bars; the content stays out of them.
    Column(Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background).safeAreaPadding()) {
        ScreenHeader(strings.newGame + " · " + if (s.mode == BoardMode.Solo) strings.solo else strings.passAndPlay, onBack)
        ReadableColumn(Modifier.weight(1f)) {
            Section(strings.ruleSet)
            s.ruleSets.forEachIndexed { i, info ->
                Row(
                    Modifier.fillMaxWidth().selectable(i == s.selected, role = Role.RadioButton) { on(NewGameEvent.SelectRuleSet(i)) }
                        .testTag("ruleSet:${info.preset.name}"),
                    verticalAlignment = Alignment.CenterVertically,
                ) {
                    RadioButton(selected = i == s.selected, onClick = null)
                    Column(Modifier.padding(start = 8.dp)) {
                        Text(strings.preset(info.preset), fontWeight = FontWeight.SemiBold)
                        Text(strings.presetSummary(info.preset), style = MaterialTheme.typography.bodySmall)
                    }
                }
            }
            if (s.ruleSetChanges.isNotEmpty()) {
                // A choice the new rule set could not keep changes with a word, never silently.
                Text(
                    s.ruleSetChanges.joinToString(" ") { strings.setupChange(it) },
                    style = MaterialTheme.typography.bodyMedium,
                    color = MaterialTheme.colorScheme.tertiary,
                    modifier = Modifier.padding(top = 4.dp).testTag("ruleSetChanges"),
                )
            }
            val info = s.ruleSet
            val fixedOpener = if (info.openerChoice) null else s.seatColours.firstOrNull()?.let { first ->
                strings.openerFixed(first.joinToString(" + ") { strings.colour(it) })
            }
            if (info.seatCounts.size > 1) {
                Section(strings.players)
                FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    for (n in info.seatCounts) {
                        FilterChip(s.seats.size == n, { on(NewGameEvent.SetSeatCount(n)) }, { Text("$n") }, Modifier.testTag("seats:$n"))
                    }
                }
            }
            if (info.coloursPerSide.size > 1) {
                Section(strings.coloursPerSide)
                FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    for (n in info.coloursPerSide) {
                        FilterChip(s.coloursPerSide == n, { on(NewGameEvent.SetColoursPerSide(n)) }, { Text("$n") }, Modifier.testTag("colours:$n"))
                    }
                }
            }
            if (s.mode == BoardMode.Solo) {
                // Your colour: any seat (in a game of three or more too), with its colours.
                if (s.seatColours.size == s.seats.size) {
                    Section(strings.yourColour)
                    FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                        for (i in s.seats.indices) {
                            FilterChip(
                                s.seats[i] == SeatChoice.Person, { on(NewGameEvent.SitAt(i)) },
                                { ColourLabel(s.seatColours[i], strings) }, Modifier.testTag("sitAt:$i"),
                            )
                        }
                    }
                    if (s.seats.size == 2) fixedOpener?.let { OpenerFixed(it) }
                }
                Section(strings.opponent)
                // One card sets every opponent; with several, each can then be set on its own.
                val levels = s.seats.filterIsInstance<SeatChoice.Ai>().map { it.level }.distinct()
                for (o in s.opponents) {
                    OpponentCard(o.name, strings.aiLevel(o.level), strings.personality(o.level), levels == listOf(o.level)) {
                        s.seats.forEachIndexed { i, seat -> if (seat is SeatChoice.Ai) on(NewGameEvent.SetSeat(i, SeatChoice.Ai(o.level))) }
                    }
                }
                if (s.seats.size > 2) {
                    s.seats.forEachIndexed { i, seat ->
                        if (seat !is SeatChoice.Ai) return@forEachIndexed
                        Section(strings.seat(i + 1))
                        s.seatColours.getOrNull(i)?.let { ColourLabel(it, strings) }
                        FlowRow(horizontalArrangement = Arrangement.spacedBy(6.dp)) {
                            for (level in AiLevel.entries) {
                                FilterChip(seat.level == level, { on(NewGameEvent.SetSeat(i, SeatChoice.Ai(level))) }, { Text(strings.aiLevel(level)) }, Modifier.testTag("seat:$i:${level.name}"))
                            }
                        }
                    }
                }
            } else {
                s.seats.forEachIndexed { i, seat ->
                    Section(strings.seat(i + 1))
                    s.seatColours.getOrNull(i)?.let { ColourLabel(it, strings) }
                    FlowRow(horizontalArrangement = Arrangement.spacedBy(6.dp)) {
                        FilterChip(seat == SeatChoice.Person, { on(NewGameEvent.SetSeat(i, SeatChoice.Person)) }, { Text(strings.person) }, Modifier.testTag("seat:$i:person"))
                        for (level in AiLevel.entries) {
                            FilterChip(seat == SeatChoice.Ai(level), { on(NewGameEvent.SetSeat(i, SeatChoice.Ai(level))) }, { Text(strings.aiLevel(level)) }, Modifier.testTag("seat:$i:${level.name}"))
                        }
                    }
                }
            }
            if (info.openerChoice) {
                Section(strings.whoOpens)
                FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    val you = s.seats.indexOf(SeatChoice.Person).coerceAtLeast(0)
                    if (s.mode == BoardMode.Solo && s.seats.size == 2) {
                        FilterChip(s.opener == OpenerChoice.Seat(you), { on(NewGameEvent.SetOpener(OpenerChoice.Seat(you))) }, { Text(strings.openerYou) }, Modifier.testTag("opener:you"))
                        FilterChip(s.opener == OpenerChoice.Seat(1 - you), { on(NewGameEvent.SetOpener(OpenerChoice.Seat(1 - you))) }, { Text(strings.openerOpponent) }, Modifier.testTag("opener:opponent"))
                    } else {
                        for (i in s.seats.indices) {
                            FilterChip(s.opener == OpenerChoice.Seat(i), { on(NewGameEvent.SetOpener(OpenerChoice.Seat(i))) }, { Text(strings.openerSeat(i + 1)) }, Modifier.testTag("opener:$i"))
                        }
                    }
                    FilterChip(s.opener == OpenerChoice.CoinToss, { on(NewGameEvent.SetOpener(OpenerChoice.CoinToss)) }, { Text(strings.coinToss) }, Modifier.testTag("opener:coin"))
                }
            }
            // The rules fix who opens (the first seat): said next to the choice of colour (or
            // where "who opens" would be), so that taking another colour does not silently hand
            // the first move to the other side.
            val colourChoice = s.mode == BoardMode.Solo && s.seats.size == 2 && s.seatColours.size == 2
            if (fixedOpener != null && !colourChoice) {
                Section(strings.whoOpens)
                OpenerFixed(fixedOpener)
            }
            if (s.optionsOffered) {
                TextButton(onClick = { on(NewGameEvent.ShowMoreOptions(!s.showMoreOptions)) }, modifier = Modifier.testTag("moreOptions")) {
                    Text(if (s.showMoreOptions) strings.fewerOptions else strings.moreOptions)
                }
            }
            if (s.showMoreOptions) OptionsEditor(s.optionControls, strings) { on(NewGameEvent.SetOption(it)) }
            s.optionError?.let { Text(errorText(it, strings), color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("optionError")) }
            s.error?.let { Text(errorText(it, strings), color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("setupError")) }
        }
        Button(
            onClick = onStart,
            enabled = s.error == null,
            modifier = Modifier.widthIn(max = app.chinesecheckers.ui.ReadableMaxWidth).fillMaxWidth().padding(16.dp).align(Alignment.CenterHorizontally).testTag("start"),
        ) { Text(strings.start) }
    }
}

/** Who opens, where the rules fix it: said in words, no choice. */
@Composable
private fun OpenerFixed(text: String) {
    Text(text, style = MaterialTheme.typography.bodyMedium, color = MaterialTheme.colorScheme.onSurfaceVariant, modifier = Modifier.testTag("openerFixed"))
}

@Composable
private fun Section(title: String) {
    Text(title, style = MaterialTheme.typography.titleMedium, modifier = Modifier.padding(top = 4.dp))
}

@Composable
private fun ColourLabel(colours: List<Colour>, strings: Strings) {
    val palette = LocalBoardPalette.current
    Row(verticalAlignment = Alignment.CenterVertically) {
        for (c in colours) {
            Box(Modifier.padding(end = 4.dp).size(12.dp).clip(CircleShape).background(palette.peg(c).fill))
        }
        Text(colours.joinToString(" + ") { strings.colour(it) })
    }
}

@Composable
private fun OpponentCard(name: String, level: String, personality: String, selected: Boolean, onClick: () -> Unit) {
    Card(
        colors = CardDefaults.cardColors(
            containerColor = if (selected) MaterialTheme.colorScheme.primaryContainer else MaterialTheme.colorScheme.surfaceVariant,
        ),
        modifier = Modifier.fillMaxWidth().widthIn(max = 640.dp).clickable(onClick = onClick).testTag("opponent:$name"),
    ) {
        Column(Modifier.padding(12.dp)) {
            Text("$name · $level", fontWeight = FontWeight.SemiBold)
            Text(personality, style = MaterialTheme.typography.bodySmall)
        }
    }
}

/**
 * The options the chosen rule set lets a new game change, one control each, with exactly the
 * values the core offers ([OptionControl]); the core applies a choice or says why not.
 */
@OptIn(ExperimentalLayoutApi::class)
@Composable
private fun OptionsEditor(controls: List<OptionControl>, strings: Strings, onChoose: (RuleOptionValue) -> Unit) {
    Column(verticalArrangement = Arrangement.spacedBy(6.dp), modifier = Modifier.testTag("optionsEditor")) {
        for (c in controls) {
            val tag = "option:${c.option.name}"
            if (c.isSwitch) {
                Row(Modifier.fillMaxWidth(), verticalAlignment = Alignment.CenterVertically) {
                    Text(strings.ruleOption(c.option), Modifier.weight(1f))
                    Switch(
                        checked = c.chosen.switchedOn() == true,
                        onCheckedChange = { on -> c.values.firstOrNull { it.switchedOn() == on }?.let(onChoose) },
                        modifier = Modifier.testTag(tag),
                    )
                }
            } else {
                Text(strings.ruleOption(c.option), style = MaterialTheme.typography.labelLarge)
                FlowRow(horizontalArrangement = Arrangement.spacedBy(6.dp), modifier = Modifier.testTag(tag)) {
                    c.values.forEachIndexed { i, v ->
                        FilterChip(v == c.chosen, { onChoose(v) }, { Text(strings.ruleOptionValue(v)) }, Modifier.testTag("$tag:$i"))
                    }
                }
            }
        }
    }
}
