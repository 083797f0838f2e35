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
import app.chinesecheckers.core.Camps
import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.Deadlock
import app.chinesecheckers.core.MaxChain
import app.chinesecheckers.core.Ranking
import app.chinesecheckers.core.RuleOptions
import app.chinesecheckers.core.WinRule
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
            val info = s.ruleSet
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
                if (s.seats.size == 2 && s.seatColours.size == 2) {
                    Section(strings.yourColour)
                    FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                        for (i in 0..1) {
                            FilterChip(
                                s.seats[i] == SeatChoice.Person, { on(NewGameEvent.SitAt(i)) },
                                { ColourLabel(s.seatColours[i], strings) }, Modifier.testTag("sitAt:$i"),
                            )
                        }
                    }
                }
                Section(strings.opponent)
                val current = (s.seats.firstOrNull { it is SeatChoice.Ai } as? SeatChoice.Ai)?.level
                for (o in s.opponents) {
                    OpponentCard(o.name, strings.aiLevel(o.level), strings.personality(o.level), o.level == current) {
                        s.seats.forEachIndexed { i, seat -> if (seat is SeatChoice.Ai) on(NewGameEvent.SetSeat(i, SeatChoice.Ai(o.level))) }
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
            TextButton(onClick = { on(NewGameEvent.ShowMoreOptions(!s.showMoreOptions)) }, modifier = Modifier.testTag("moreOptions")) {
                Text(if (s.showMoreOptions) strings.fewerOptions else strings.moreOptions)
            }
            if (s.showMoreOptions) OptionsEditor(s.options, strings) { on(NewGameEvent.SetOptions(it)) }
            s.error?.let { Text(errorText(it, strings), color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("setupError")) }
        }
        Button(
            onClick = onStart,
            enabled = s.error == null,
            modifier = Modifier.widthIn(max = app.chinesecheckers.ui.ReadableMaxWidth).fillMaxWidth().padding(16.dp).align(Alignment.CenterHorizontally).testTag("start"),
        ) { Text(strings.start) }
    }
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

/** The rulebook options on top of the preset; the core checks the combination. */
@OptIn(ExperimentalLayoutApi::class)
@Composable
private fun OptionsEditor(o: RuleOptions, strings: Strings, onChange: (RuleOptions) -> Unit) {
    @Composable
    fun toggle(label: String, value: Boolean, tag: String, set: (Boolean) -> RuleOptions) {
        Row(Modifier.fillMaxWidth(), verticalAlignment = Alignment.CenterVertically) {
            Text(label, Modifier.weight(1f))
            Switch(value, { onChange(set(it)) }, Modifier.testTag("option:$tag"))
        }
    }
    @Composable
    fun <T> choice(label: String, values: List<T>, current: T, word: (T) -> String, set: (T) -> RuleOptions) {
        Text(label, style = MaterialTheme.typography.labelLarge)
        FlowRow(horizontalArrangement = Arrangement.spacedBy(6.dp)) {
            for (v in values) FilterChip(v == current, { onChange(set(v)) }, { Text(word(v)) })
        }
    }
    Column(verticalArrangement = Arrangement.spacedBy(6.dp), modifier = Modifier.testTag("optionsEditor")) {
        choice(strings.optionJumpReach(o.jumpReach.toInt()), listOf(1, 5, 8), o.jumpReach.toInt(), { strings.optionJumpReach(it) }) { o.copy(jumpReach = it.toUByte()) }
        choice(strings.optionCamps, Camps.entries, o.camps, strings::camps) { o.copy(camps = it) }
        choice(strings.optionWin, WinRule.entries, o.win, strings::winRule) { o.copy(win = it) }
        choice(strings.optionMaxChain, MaxChain.entries, o.maxChain, strings::maxChain) { o.copy(maxChain = it) }
        choice(strings.optionRanking, Ranking.entries, o.ranking, strings::ranking) { o.copy(ranking = it) }
        choice(strings.optionDeadlock, Deadlock.entries, o.deadlock, strings::deadlock) { o.copy(deadlock = it) }
        choice(strings.optionPegs(o.pegs.toInt()), listOf(10, 15), o.pegs.toInt(), strings::optionPegs) { o.copy(pegs = it.toUByte()) }
        toggle(strings.optionTargetLock, o.targetLock, "targetLock") { o.copy(targetLock = it) }
        toggle(strings.optionSwaps, o.swaps, "swaps") { o.copy(swaps = it) }
        toggle(strings.optionMandatoryJump, o.mandatoryJump, "mandatoryJump") { o.copy(mandatoryJump = it) }
        toggle(strings.optionAntiBlocking, o.antiBlocking, "antiBlocking") { o.copy(antiBlocking = it) }
        toggle(strings.optionBlockedDestination, o.blockedDestination, "blockedDestination") { o.copy(blockedDestination = it) }
        toggle(strings.optionContinueForPlaces, o.continueForPlaces, "continueForPlaces") { o.copy(continueForPlaces = it) }
    }
}
