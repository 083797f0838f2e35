package app.chinesecheckers.ui.newgame

import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.GameSetup
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.Opener
import app.chinesecheckers.core.OpponentInfo
import app.chinesecheckers.core.RuleOption
import app.chinesecheckers.core.RuleOptionValue
import app.chinesecheckers.core.RuleOptions
import app.chinesecheckers.core.RuleSetInfo
import app.chinesecheckers.core.Rules
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.core.SetupChange
import app.chinesecheckers.core.SetupException
import app.chinesecheckers.core.newGameSeats
import app.chinesecheckers.core.opponents
import app.chinesecheckers.core.ruleOptionValue
import app.chinesecheckers.core.recallSetup
import app.chinesecheckers.core.rememberSetup
import app.chinesecheckers.core.ruleSets
import app.chinesecheckers.core.setupForRuleSet
import app.chinesecheckers.core.setupSitAt
import app.chinesecheckers.core.setupWithSeatCount
import app.chinesecheckers.core.withRuleOption
import app.chinesecheckers.ui.board.BoardMode
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlin.random.Random

/** Who a seat is on the new-game screen: a person, or an AI at a level. */
sealed interface SeatChoice {
    data object Person : SeatChoice
    data class Ai(val level: AiLevel) : SeatChoice
}

/** Who opens: a seat by index, or the core's coin toss. */
sealed interface OpenerChoice {
    data class Seat(val index: Int) : OpenerChoice
    data object CoinToss : OpenerChoice
}

/**
 * One control of the options editor: an option the chosen rule set lets a new game change, the
 * values the core offers for it (in the core's order) and the one chosen
 * (`ruleOptionValue(options, option)`).
 */
data class OptionControl(val option: RuleOption, val values: List<RuleOptionValue>, val chosen: RuleOptionValue) {
    /** Drawn as a switch: the core offers exactly off then on. */
    val isSwitch: Boolean get() = values.map { it.switchedOn() } == listOf(false, true)
}

/** Whether a value of an on/off option is on; null for the options with named values. */
fun RuleOptionValue.switchedOn(): Boolean? = when (this) {
    is RuleOptionValue.TargetLock -> on
    is RuleOptionValue.Swaps -> on
    is RuleOptionValue.MandatoryJump -> on
    is RuleOptionValue.AntiBlocking -> on
    is RuleOptionValue.BlockedDestination -> on
    is RuleOptionValue.ContinueForPlaces -> on
    is RuleOptionValue.JumpReach, is RuleOptionValue.Camps, is RuleOptionValue.Win, is RuleOptionValue.Deadlock,
    is RuleOptionValue.Pegs, is RuleOptionValue.MaxChain, is RuleOptionValue.Ranking -> null
}

/** The new-game screen's state: every choice comes from the core's catalogue ([ruleSets]). */
data class NewGameUiState(
    val mode: BoardMode,
    val ruleSets: List<RuleSetInfo>,
    val opponents: List<OpponentInfo>,
    val selected: Int,
    val seats: List<SeatChoice>,
    val coloursPerSide: Int,
    val opener: OpenerChoice,
    val options: RuleOptions,
    /** The options panel is open (only ever while [optionControls] is not empty). */
    val showMoreOptions: Boolean,
    /** The chosen rule set's editable options (`editableOptions`), with the values chosen; empty: no options panel. */
    val optionControls: List<OptionControl>,
    /** Why the core refused the last option chosen (`withRuleOption`), or null. */
    val optionError: SetupException?,
    /** The colours of each seat, as the core deals them for this set-up (empty when invalid). */
    val seatColours: List<List<Colour>>,
    /** Why the set-up cannot start (a [app.chinesecheckers.core.SetupException]), or null. */
    val error: Exception?,
    /**
     * The choices the last change of rule set could not keep (`setupForRuleSet`), said under
     * the rule sets until another choice is made; empty: every choice was kept.
     */
    val ruleSetChanges: List<SetupChange> = emptyList(),
) {
    val ruleSet: RuleSetInfo get() = ruleSets[selected]

    /** The rule set lets a new game change some of its options: the "more options" button is offered. */
    val optionsOffered: Boolean get() = optionControls.isNotEmpty()
}

/** What the player changes on the new-game screen. */
sealed interface NewGameEvent {
    data class SelectRuleSet(val index: Int) : NewGameEvent
    data class SetSeatCount(val count: Int) : NewGameEvent
    data class SetSeat(val index: Int, val choice: SeatChoice) : NewGameEvent
    data class SetColoursPerSide(val count: Int) : NewGameEvent
    data class SetOpener(val opener: OpenerChoice) : NewGameEvent
    /** One option's value chosen in the editor; the core applies it (`withRuleOption`) or says why not. */
    data class SetOption(val value: RuleOptionValue) : NewGameEvent
    data class ShowMoreOptions(val show: Boolean) : NewGameEvent
    /** Solo: the person sits at [index], trading places with that seat's opponent (who keeps its level). */
    data class SitAt(val index: Int) : NewGameEvent
}

/**
 * The new-game screen's state holder. It builds a [GameSetup] from the catalogue's default set-up
 * of the chosen rule set, re-seated as the player chooses; the core validates it (a preview game
 * is created to show each seat's colours, and its [app.chinesecheckers.core.SetupException] is
 * shown when the combination is not allowed).
 */
class NewGamePresenter(
    mode: BoardMode,
    private val seed: () -> Long = { Random.nextLong() },
    /** The last choices of this mode ([choicesText]), kept with the settings; null: the defaults. */
    remembered: String? = null,
    /** Told the choices after every change, to keep them for the next visit. */
    private val onChoices: (String) -> Unit = {},
) {
    private val catalogue = ruleSets()
    private val _state = MutableStateFlow(remembered?.let { restore(mode, it) } ?: initial(mode))

    /** The one state the screen renders. */
    val state: StateFlow<NewGameUiState> = _state.asStateFlow()

    private fun initial(mode: BoardMode): NewGameUiState {
        val tripot = catalogue.indexOfFirst { it.preset == app.chinesecheckers.core.Preset.TRIPOT }.coerceAtLeast(0)
        return withPreview(defaultsFor(mode, catalogue, tripot))
    }

    /** Handles one change. */
    fun onEvent(event: NewGameEvent) {
        val s = _state.value
        val next = when (event) {
            is NewGameEvent.SelectRuleSet -> carried(s, event.index)
            // The core keeps the seats chosen, adds its own new-game seats, and moves a gone opener.
            is NewGameEvent.SetSeatCount -> s.chose(setupWithSeatCount(setupOf(s).copy(opener = s.opener.core), event.count, s.mode == BoardMode.Solo))
            is NewGameEvent.SetSeat -> s.copy(seats = s.seats.toMutableList().also { it[event.index] = event.choice })
            is NewGameEvent.SetColoursPerSide -> s.copy(coloursPerSide = event.count)
            is NewGameEvent.SetOpener -> s.copy(opener = event.opener)
            is NewGameEvent.SetOption -> try {
                s.copy(options = withRuleOption(Rules(s.ruleSet.preset, s.options), event.value).options, optionError = null)
            } catch (e: SetupException) {
                s.copy(optionError = e)
            }
            is NewGameEvent.ShowMoreOptions -> s.copy(showMoreOptions = event.show && s.optionsOffered)
            // The core trades the places (every opponent keeps its level) and keeps who opens with
            // the player it was chosen for.
            is NewGameEvent.SitAt -> s.chose(setupSitAt(setupOf(s), event.index))
        }
        // What the rule set change could not keep is said until the next choice.
        _state.value = withPreview(if (event is NewGameEvent.SelectRuleSet) next else next.copy(ruleSetChanges = emptyList()))
        onChoices(choicesText(_state.value))
    }

    /**
     * [s]'s choices in the rule set at [index]: the core keeps each one the rule set allows
     * (`setupForRuleSet`: the opponents and their levels, the seats, colours, who opens) and
     * names those it had to change; the options are the new rule set's own.
     */
    private fun carried(s: NewGameUiState, index: Int): NewGameUiState {
        val defaults = defaultsFor(s.mode, s.ruleSets, index)
        // The opener as chosen (setupOf falls back to the rule set's for a fixed opener).
        val moved = setupForRuleSet(setupOf(s).copy(opener = s.opener.core), defaults.ruleSet.preset)
        return defaults.chose(moved.setup).copy(
            showMoreOptions = s.showMoreOptions && defaults.ruleSet.editableOptions.isNotEmpty(),
            ruleSetChanges = moved.changed,
        )
    }

    /** This state with [setup]'s seats, colours per side and opener. */
    private fun NewGameUiState.chose(setup: GameSetup): NewGameUiState = copy(
        seats = setup.seats.map { it.choice },
        coloursPerSide = setup.coloursPerSide,
        opener = when (val o = setup.opener) {
            is Opener.Seat -> OpenerChoice.Seat(o.index)
            Opener.CoinToss -> OpenerChoice.CoinToss
        },
    )

    /**
     * The choices as text to keep with the settings, in the core's one format (`rememberSetup`:
     * rule set, seats, colours per side and who opens). The options editor's changes are not
     * kept: a new visit starts from the rule set's options.
     */
    fun choicesText(s: NewGameUiState = _state.value): String = rememberSetup(setupOf(s))

    /** The state of [text] ([choicesText]) as the core reads it back, or null: the defaults. */
    private fun restore(mode: BoardMode, text: String): NewGameUiState? {
        val setup = recallSetup(text) ?: return null
        val index = catalogue.indexOfFirst { it.preset == setup.rules.preset }.takeIf { it >= 0 } ?: return null
        val restored = withPreview(defaultsFor(mode, catalogue, index).chose(setup))
        return restored.takeIf { it.error == null }
    }

    /** The set-up to start, as chosen; the caller creates the game (and shows a refusal). */
    fun setup(): GameSetup = setupOf(_state.value)

    private fun setupOf(s: NewGameUiState): GameSetup = s.ruleSet.defaultSetup.copy(
        rules = Rules(s.ruleSet.preset, s.options),
        seats = s.seats.map {
            when (it) {
                SeatChoice.Person -> Seat(SeatPlayer.Person, "")
                is SeatChoice.Ai -> Seat(SeatPlayer.Ai(it.level), "")
            }
        },
        coloursPerSide = s.coloursPerSide,
        opener = when (val o = s.opener) {
            is OpenerChoice.Seat -> if (s.ruleSet.openerChoice) Opener.Seat(o.index) else s.ruleSet.defaultSetup.opener
            OpenerChoice.CoinToss -> if (s.ruleSet.openerChoice) Opener.CoinToss else s.ruleSet.defaultSetup.opener
        },
        seed = seed(),
    )

    private fun withPreview(s: NewGameUiState): NewGameUiState {
        val controls = s.ruleSet.editableOptions.map { OptionControl(it.option, it.values, ruleOptionValue(s.options, it.option)) }
        return try {
            LocalGame(setupOf(s)).use { game ->
                s.copy(optionControls = controls, seatColours = game.state().players.map { it.colours }, error = null)
            }
        } catch (e: SetupException) {
            s.copy(optionControls = controls, seatColours = emptyList(), error = e)
        }
    }

    private fun defaultsFor(mode: BoardMode, catalogue: List<RuleSetInfo>, index: Int): NewGameUiState {
        val info = catalogue[index]
        val count = info.defaultSetup.seats.size
        return NewGameUiState(
            mode = mode,
            ruleSets = catalogue,
            opponents = opponents(),
            selected = index,
            seats = newGameSeats(count, mode == BoardMode.Solo).map { it.choice },
            coloursPerSide = info.defaultSetup.coloursPerSide,
            opener = OpenerChoice.Seat(0),
            options = info.options,
            showMoreOptions = false,
            optionControls = emptyList(),
            optionError = null,
            seatColours = emptyList(),
            error = null,
        )
    }

    /** The opener as the core's set-up says it. */
    private val OpenerChoice.core: Opener
        get() = when (this) {
            is OpenerChoice.Seat -> Opener.Seat(index)
            OpenerChoice.CoinToss -> Opener.CoinToss
        }

    /** A core seat as the screen shows it. */
    private val Seat.choice: SeatChoice
        get() = when (val p = player) {
            is SeatPlayer.Ai -> SeatChoice.Ai(p.level)
            else -> SeatChoice.Person
        }
}
