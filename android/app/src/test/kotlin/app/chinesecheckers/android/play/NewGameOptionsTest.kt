package app.chinesecheckers.android.play

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsNotSelected
import androidx.compose.ui.test.assertIsOff
import androidx.compose.ui.test.assertIsOn
import androidx.compose.ui.test.assertIsSelected
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performScrollTo
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.game
import app.chinesecheckers.android.ruleSet
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.RuleOption
import app.chinesecheckers.core.RuleOptionValue
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.core.SetupChange
import app.chinesecheckers.core.SetupException
import app.chinesecheckers.ui.newgame.NewGameEvent
import app.chinesecheckers.ui.newgame.SeatChoice
import app.chinesecheckers.ui.newgame.switchedOn
import app.chinesecheckers.ui.strings.EnglishStrings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The new-game screen's rule options come from the core: the options panel is offered only for a
 * rule set whose `editableOptions` is not empty, with one control per option and exactly the
 * core's values; a choice goes through `withRuleOption` and changes the game started.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class NewGameOptionsTest {
    private val en = EnglishStrings

    @Test
    fun theNamedRuleSetsOfferNoOptionsPanel() = appTest(device = Device.TabletPortrait, reducedMotion = true) {
        click("solo")
        for (preset in listOf(Preset.TRIPOT, Preset.CLASSIC, Preset.STERNHALMA)) {
            click("ruleSet:${preset.name}")
            assertEquals(preset, app.newGame.state.value.ruleSet.preset)
            assertTrue("$preset edits nothing in the core", ruleSet(preset).editableOptions.isEmpty())
            assertFalse("$preset: no more-options button", exists("moreOptions"))
            assertFalse("$preset: no options panel", exists("optionsEditor"))
        }
        // Opened on the rulebook, the panel closes when a named rule set is chosen.
        click("ruleSet:RULEBOOK")
        click("moreOptions")
        assertTrue(exists("optionsEditor"))
        click("ruleSet:CLASSIC")
        assertFalse(exists("optionsEditor"))
        assertFalse(exists("moreOptions"))
        // Asked to all the same (a tap that could not happen on the screen), the core refuses and
        // the screen says why.
        app.newGame.onEvent(NewGameEvent.SetOption(RuleOptionValue.Swaps(true)))
        waitForIdle()
        // (Exceptions compare by identity: their fields are compared.)
        val refused = app.newGame.state.value.optionError as SetupException.OptionFixed
        assertEquals(Preset.CLASSIC to RuleOption.SWAPS, refused.preset to refused.option)
        tag("optionError").assertTextEquals(en.setupError(refused))
        assertFalse(app.newGame.setup().rules.options.swaps)
    }

    /**
     * Issue 38 item 3: a choice survives a change of rule set that does not make it impossible
     * (Beginner, then Classic: still Beginner), and one that must change is said.
     */
    @Test
    fun aChangeOfRuleSetKeepsTheOpponentAndSaysWhatItCouldNotKeep() = appTest(device = Device.TabletPortrait, reducedMotion = true) {
        click("solo")
        val beginner = app.newGame.state.value.opponents.first { it.level == AiLevel.BEGINNER }
        click("opponent:${beginner.name}")
        assertEquals(SeatChoice.Ai(AiLevel.BEGINNER), app.newGame.state.value.seats[1])
        click("ruleSet:CLASSIC")
        assertEquals("the opponent chosen stays", SeatChoice.Ai(AiLevel.BEGINNER), app.newGame.state.value.seats[1])
        assertFalse("nothing had to change: nothing said", exists("ruleSetChanges"))
        click("ruleSet:TRIPOT")
        assertEquals(SeatChoice.Ai(AiLevel.BEGINNER), app.newGame.state.value.seats[1])
        // Three colours a side and the opponent opening: classic allows neither, and says so.
        click("colours:3")
        click("opener:opponent")
        click("ruleSet:CLASSIC")
        val s = app.newGame.state.value
        assertEquals(listOf(SetupChange.ColoursPerSide(3, 1), SetupChange.Opener), s.ruleSetChanges)
        assertEquals(1, s.coloursPerSide)
        assertEquals(SeatChoice.Ai(AiLevel.BEGINNER), s.seats[1])
        tag("ruleSetChanges").assertTextEquals(s.ruleSetChanges.joinToString(" ") { en.setupChange(it) })
        snapshot("new-game-rule-set-changes-tablet")
        // The next choice puts the words away.
        click("ruleSet:STERNHALMA")
        assertFalse(exists("ruleSetChanges"))
        assertEquals(SeatChoice.Ai(AiLevel.BEGINNER), app.newGame.state.value.seats[1])
    }

    /**
     * Issue 38 item 7: in a solo game of three or more the person picks their colour (any seat,
     * trading places with that seat's opponent) and each opponent's level.
     */
    @Test
    fun aSoloGameOfFourSeatsLetsThePersonPickAColourAndEachOpponentsLevel() = appTest(device = Device.TabletPortrait, reducedMotion = true) {
        click("solo")
        click("ruleSet:STERNHALMA")
        click("seats:4")
        // The core's new-game seats: the person first, the AI at Easy (the iOS screen's too).
        assertEquals(listOf(SeatChoice.Person) + List(3) { SeatChoice.Ai(AiLevel.EASY) }, app.newGame.state.value.seats)
        val impossible = app.newGame.state.value.opponents.first { it.level == AiLevel.IMPOSSIBLE }
        click("opponent:${impossible.name}")
        assertEquals(listOf(SeatChoice.Person) + List(3) { SeatChoice.Ai(AiLevel.IMPOSSIBLE) }, app.newGame.state.value.seats)
        click("seat:1:BEGINNER")
        click("sitAt:2")
        tag("sitAt:2").assertIsSelected()
        click("seat:0:HARD")
        val seats = app.newGame.state.value.seats
        assertEquals(
            listOf(SeatChoice.Ai(AiLevel.HARD), SeatChoice.Ai(AiLevel.BEGINNER), SeatChoice.Person, SeatChoice.Ai(AiLevel.IMPOSSIBLE)),
            seats,
        )
        assertFalse("no level row for the person's own seat", exists("seat:2:HARD"))
        snapshot("new-game-solo-four-seats-tablet")
        click("start")
        val players = game().players.map { it.player }
        assertEquals(
            listOf(SeatPlayer.Ai(AiLevel.HARD), SeatPlayer.Ai(AiLevel.BEGINNER), SeatPlayer.Person, SeatPlayer.Ai(AiLevel.IMPOSSIBLE)),
            players,
        )
    }

    @Test
    fun theRulebookShowsTheCoresOptionsAndAChoiceChangesTheGameStarted() = appTest(reducedMotion = true) {
        click("solo")
        click("ruleSet:RULEBOOK")
        assertFalse("closed until asked", exists("optionsEditor"))
        click("moreOptions")
        val editable = ruleSet(Preset.RULEBOOK).editableOptions
        assertTrue(editable.isNotEmpty())
        // One control per editable option, each with exactly the core's values, worded by the app.
        for (e in editable) {
            val tag = "option:${e.option.name}"
            assertTrue("a control for ${e.option}", exists(tag))
            if (e.values.map { it.switchedOn() } == listOf(false, true)) {
                assertFalse("a switch has no chips", exists("$tag:0"))
            } else {
                // A chip's words are its child's: read from the merged tree.
                e.values.forEachIndexed { i, v -> onNodeWithTag("$tag:$i").assertTextEquals(en.ruleOptionValue(v)) }
                assertFalse("${e.option}: no value beyond the core's", exists("$tag:${e.values.size}"))
            }
        }
        // The core's jump reaches, the distinct ones (6 and 7 read as 8, "any length").
        val reaches = (0 until 6).map { i -> onNodeWithTag("option:JUMP_REACH:$i").fetchSemanticsNode().config[SemanticsProperties.Text].joinToString() }
        assertEquals(listOf(1, 2, 3, 4, 5, 8).map { en.optionJumpReach(it) }, reaches)
        assertFalse(exists("option:JUMP_REACH:6"))

        // Picking values: a reach of 3, the other army size, swaps switched.
        val defaults = ruleSet(Preset.RULEBOOK).options
        click("option:JUMP_REACH:2")
        tag("option:JUMP_REACH:2").assertIsSelected()
        val pegValues = editable.first { it.option == RuleOption.PEGS }.values
        val otherPegs = pegValues.indexOfFirst { it != RuleOptionValue.Pegs(defaults.pegs) }
        val pegs = (pegValues[otherPegs] as RuleOptionValue.Pegs).pegs
        click("option:PEGS:$otherPegs")
        tag("option:PEGS:$otherPegs").assertIsSelected()
        tag("option:PEGS:${pegValues.indexOf(RuleOptionValue.Pegs(defaults.pegs))}").assertIsNotSelected()
        if (defaults.swaps) tag("option:SWAPS").assertIsOn() else tag("option:SWAPS").assertIsOff()
        click("option:SWAPS")
        if (defaults.swaps) tag("option:SWAPS").assertIsOff() else tag("option:SWAPS").assertIsOn()
        assertEquals(null, app.newGame.state.value.optionError)
        assertFalse(exists("optionError"))
        val chosen = app.newGame.setup().rules
        assertEquals(Preset.RULEBOOK, chosen.preset)
        assertEquals(3, chosen.options.jumpReach)
        assertEquals(pegs, chosen.options.pegs)
        assertEquals(!defaults.swaps, chosen.options.swaps)

        // The phone's screen scrolled to the options panel, the choices made.
        tag("optionsEditor").performScrollTo()
        snapshot("new-game-options-phone")

        // A value the core does not offer (no chip has it) is refused, shown, and changes nothing.
        app.newGame.onEvent(NewGameEvent.SetOption(RuleOptionValue.JumpReach(6)))
        waitForIdle()
        val refused = app.newGame.state.value.optionError as SetupException.OptionValue
        assertEquals(Preset.RULEBOOK to RuleOptionValue.JumpReach(6), refused.preset to refused.value)
        tag("optionError").assertTextEquals(en.setupError(refused))
        assertEquals(3, app.newGame.setup().rules.options.jumpReach)
        tag("option:JUMP_REACH:2").assertIsSelected()

        // The game started has the chosen army size on the board: two sides of `pegs` each.
        click("start")
        waitForIdle()
        assertEquals(2 * pegs.toInt(), game().holes.count { it.occupant != null })
    }
}
