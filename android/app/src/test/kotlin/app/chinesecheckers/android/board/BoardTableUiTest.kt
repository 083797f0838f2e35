package app.chinesecheckers.android.board

import android.provider.Settings
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.onAllNodesWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.text.TextLayoutResult
import androidx.compose.ui.unit.dp
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.ai
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.assertHintDrawn
import app.chinesecheckers.android.board
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.game
import app.chinesecheckers.android.letTimePass
import app.chinesecheckers.android.nextStart
import app.chinesecheckers.android.person
import app.chinesecheckers.android.screenBounds
import app.chinesecheckers.android.setup
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapHole
import app.chinesecheckers.android.tapStep
import app.chinesecheckers.android.unclippedBounds
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.EndReason
import app.chinesecheckers.core.HolePosition
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.Opener
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.recallSetup
import app.chinesecheckers.core.rememberSetup
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.core.holePositions
import app.chinesecheckers.core.positionFromJson
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.statusLine
import app.chinesecheckers.ui.newgame.OpenerChoice
import app.chinesecheckers.ui.newgame.SeatChoice
import app.chinesecheckers.ui.strings.EnglishStrings
import app.chinesecheckers.ui.strings.ThemeChoice
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The player's table (issue 28): a control bar whose buttons never move (through a chain, a
 * banner and the AI thinking, at phone and tablet sizes), resign that asks first, the game-over
 * sheet's Rematch away from Resign, the status after the sheet, and the wide layout's history.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class BoardTableUiTest {
    /** Every control-bar slot there is, as the board tags them. */
    private val slotTags = listOf("endJump", "undo", "redo", "hint", "replay", "history", "offerDraw", "answerDraw", "resign")

    /** The unclipped bounds of every control-bar button shown, by tag, with the status line's. */
    private fun ComposeUiTest.barBounds(): Map<String, Rect> {
        waitForIdle()
        return (slotTags + "status").filter { exists(it) }.associateWith { unclippedBounds(it) }
    }

    private fun assertSame(what: String, before: Map<String, Rect>, now: Map<String, Rect>) {
        assertEquals("$what: the same buttons", before.keys, now.keys)
        for ((k, r) in before) assertEquals("$what: $k has not moved", r, now[k])
    }

    private fun RunningApp.chainGame() {
        val pos = positionFromJson(
            """{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0],[0,4]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":0}""",
        )
        app.showLocal(LocalGame.fromPosition(pos, listOf(person(), ai()), 0L).game(), BoardMode.Solo)
    }

    /**
     * The three boards of the desktop test's three apps, shown one after the other on the one app
     * of this process (each `showLocal` replaces the board, as a new game does).
     */
    private fun buttonsStayPutThroughAChainABannerAndTheAiThinking(device: Device) = appTest(device = device) {
        // A chain: S hops 0,0 → 0,-2 → 2,-4 and ends it with End jump.
        chainGame()
        val before = barBounds()
        assertTrue("the bar has its slots: ${before.keys}", before.keys.containsAll(listOf("endJump", "undo", "redo", "hint", "replay", "resign")))
        assertEquals("the wide layout shows the history, with no Moves button", device == Device.Phone, "history" in before)
        tag("endJump").assertIsNotEnabled()
        tapHole(Coord(0, 0))
        assertSame("a peg selected", before, barBounds())
        tapHole(Coord(0, -2))
        assertEquals(2, game().chain.size)
        tag("endJump").assertIsEnabled()
        assertSame("a chain in progress", before, barBounds())
        tapHole(Coord(2, -4))
        assertSame("the chain's second hop", before, barBounds())
        click("endJump")
        assertEquals("the chain was played", 3, game().history.first().path.size)
        assertSame("the chain ended", before, barBounds())
        waitUntil(timeoutMillis = 30_000) { game().history.size == 2 && game().thinking == null }
        assertSame("after the AI's answer", before, barBounds())

        // A banner: N's lone peg hemmed on its tip, the AI must pass after the person's move.
        val pos = positionFromJson(
            """{"rules":{"preset":"tripot","swaps":false},"players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[3,-7],[4,-7],[2,-6],[4,-6],[0,4]],"N":[[4,-8]]},"to_move":0}""",
        )
        app.showLocal(LocalGame.fromPosition(pos, listOf(person(), ai()), 0L).game(), BoardMode.Solo)
        val quiet = barBounds()
        tapHole(Coord(0, 4))
        tapHole(Coord(0, 3))
        waitUntil(timeoutMillis = 10_000) { game().banner is Banner.TurnSkipped }
        tag("banner").assertIsDisplayed()
        assertSame("a banner shown", quiet, barBounds())

        // The AI thinking: the strongest opponent answers the person's move slowly (the system's
        // animations turned off, as the desktop test's third app had them).
        Settings.Global.putFloat(application.contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, 0f)
        assertNull(app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE))), BoardMode.Solo))
        val idle = barBounds()
        tapStep()
        waitUntil(timeoutMillis = 20_000) { game().thinking == 1 }
        tag("stop").assertIsDisplayed()
        assertSame("the AI thinking", idle, barBounds())
        // Stopped at once: the search may end any moment (a golden of it thinking would race it).
        click("stop")
        waitUntil(timeoutMillis = 20_000) { game().aiPaused }
        tag("letAiPlay").assertIsDisplayed()
        assertSame("the AI paused", idle, barBounds())
        if (device == Device.Phone) snapshot("board-ai-paused-phone")
    }

    @Test
    fun phoneControlBarButtonsNeverMove() = buttonsStayPutThroughAChainABannerAndTheAiThinking(Device.Phone)

    @Test
    fun tabletControlBarButtonsNeverMove() = buttonsStayPutThroughAChainABannerAndTheAiThinking(Device.Tablet)

    @Test
    fun resignAsksFirstCancelKeepsTheGameAndRematchIsNotWhereResignWas() = appTest(device = Device.Phone, reducedMotion = true) {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai())), BoardMode.Solo)
        waitForIdle()
        // On the screen: the confirmation and the game-over sheet are dialogs, windows of their own.
        val resignAt = screenBounds("resign")
        val state = game()

        // One tap: a question, not a resignation.
        click("resign")
        assertNull(game().outcome)
        tag("confirm:Resign").assertIsDisplayed()
        click("cancelResign")
        assertFalse(exists("confirm:Resign"))
        assertNull(game().outcome)
        assertEquals("Cancel leaves the game as it was", state.holes, game().holes)
        assertEquals(state.history, game().history)
        assertEquals(state.toMove, game().toMove)

        // The second tap, the dialog's own button, resigns.
        click("resign")
        val confirmAt = screenBounds("confirmResign")
        click("confirmResign")
        waitUntil(timeoutMillis = 5_000) { game().outcome != null }
        tag("gameOver").assertIsDisplayed()
        val rematchAt = screenBounds("rematch")
        assertFalse("Rematch $rematchAt is not where Resign $resignAt was", rematchAt.overlaps(resignAt))
        assertFalse("nor where the confirmation $confirmAt was", rematchAt.overlaps(confirmAt))
        assertFalse("Rematch is never in the control bar", exists("rematchButton"))
        tag("gameOverNewGame").assertIsDisplayed()

        // The sheet closed, the status line says who won and how.
        click("gameOverClose")
        val outcome = checkNotNull(game().outcome)
        val en = EnglishStrings
        val names: (Int) -> String = { en.playerName(game().players[it].name) }
        val expected = en.overLine(en.winners(outcome.winners.map(names)), en.endReason(outcome.reason, outcome.by?.let(names)))
        assertEquals(expected, statusLine(game(), en, names))
        tag("status").assertTextEquals(expected)
        assertTrue("says who won: $expected", expected.contains(names(1)) && expected.contains("resigned"))
        tag("resign").assertIsNotEnabled()
        snapshot("board-game-over-status-phone")
    }

    @Test
    fun oneOfThreePeopleResigningLeavesTheSeatToTheComputerAndTheOthersPlayOn() = appTest(device = Device.Phone, reducedMotion = true) {
        app.startLocal(setup(Preset.STERNHALMA, listOf(person(), person(), person())), BoardMode.PassAndPlay)
        waitForIdle()
        click("resign")
        // The question says what resigning does here: the game goes on without this person.
        onNodeWithText(EnglishStrings.resignLeavesConsequence).assertIsDisplayed()
        click("confirmResign")
        // The computer plays the seat by itself, and the next person is to move.
        waitUntil("the computer's move for the seat", 10_000) { game().history.size == 1 && game().toMove == 1 }
        assertNull(game().outcome)
        assertEquals(SeatPlayer.Ai(AiLevel.MEDIUM), game().players[0].player)
        assertEquals(0, game().history[0].player)
        tag("resign").assertIsEnabled()
        // The last person's resignation ends the game; nobody is named the winner.
        click("resign")
        onNodeWithText(EnglishStrings.resignLeavesConsequence).assertIsDisplayed()
        click("confirmResign")
        waitUntil("the computer's move for the second seat", 10_000) { game().toMove == 2 }
        click("resign")
        onNodeWithText(EnglishStrings.resignConsequence).assertIsDisplayed()
        click("confirmResign")
        waitUntil(timeoutMillis = 5_000) { game().outcome != null }
        val outcome = checkNotNull(game().outcome)
        assertEquals(emptyList<Int>(), outcome.winners)
        assertEquals(listOf(listOf(0, 1, 2)), outcome.ranking)
    }

    /** Two moves of a pass-and-play game on the board. */
    private fun RunningApp.oneMoveOfPassAndPlay() {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
        waitForIdle()
        tapStep()
        waitForIdle()
    }

    // The desktop test's two windows, one test each (one Activity per process).
    /**
     * Issue 38 item 6: a move is named as the player sees the board. In pass-and-play the board
     * turns to the player to move; the history names holes by rows and places of the turned
     * board (the core's `holePositions`), so the move just played at the far side is named from
     * the far side, as it now stands on the screen.
     */
    @Test
    fun theHistoryNamesHolesAsTheTurnedBoardShowsThem() = appTest(device = Device.Tablet, reducedMotion = true) {
        oneMoveOfPassAndPlay()
        val g = game()
        assertEquals("turned to the second player", 180, g.rotationDegrees)
        val move = g.history.single()
        val turned = holePositions(180).associateBy { it.coord }
        val unturned = holePositions(0).associateBy { it.coord }
        val en = EnglishStrings
        fun named(p: Map<Coord, HolePosition>, c: Coord) = p.getValue(c).let { en.holePosition(it.row, it.place) }
        val expected = en.historyEntry(move.number, en.playerName(g.players[0].name), move.kind, named(turned, move.path.first()), named(turned, move.path.last()))
        tag("historyLine:1").assertTextContains(expected)
        assertNotEquals("the turn changes the names", named(turned, move.path.first()), named(unturned, move.path.first()))
        // The first player's start hole was near the bottom of the unturned board: near the top now.
        assertTrue(turned.getValue(move.path.first()).row < 9)
    }

    @Test
    fun theWideLayoutShowsTheHistoryWithoutAMovesButton() = appTest(device = Device.Tablet, reducedMotion = true) {
        oneMoveOfPassAndPlay()
        assertFalse("no Moves button where the history is always shown", exists("history"))
        tag("historyList").assertIsDisplayed()
    }

    @Test
    fun theMovesButtonOpensTheHistoryOnAPhone() = appTest(device = Device.Phone, reducedMotion = true) {
        oneMoveOfPassAndPlay()
        assertFalse(exists("historyList"))
        click("history")
        tag("historyList").assertIsDisplayed()
    }

    @Test
    fun theHintIsDrawnAsAPathAndSaidInWords() = appTest(device = Device.Phone, reducedMotion = true) {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai())), BoardMode.Solo)
        waitForIdle()
        assertFalse(exists("hintWords"))
        click("hint")
        waitUntil(timeoutMillis = 30_000) { game().hint.size >= 2 }
        waitForIdle()
        val hint = game().hint
        val holes = app.geometry.holes.associateBy { it.coord }
        val from = holes.getValue(hint.first())
        val to = holes.getValue(hint.last())
        // The move's kind is the core's (`hintKind`).
        val kind = EnglishStrings.moveKind(checkNotNull(game().hintKind))
        tag("hintWords").assertTextEquals("Hint: $kind from ${from.row}·${from.place} to ${to.row}·${to.place}")
        // The marker is white and near-black together, whatever is under it: both are found on
        // the ring around the peg to move (a red peg) and on the ring of the landing.
        assertHintDrawn(hint.first(), hint.last())
        // No golden: the hint is the best move found in about 300 ms of the clock, not always
        // the same one of equal moves. The dark theme's marker: white and near-black still.
        app.settings.update { it.copy(theme = ThemeChoice.Dark) }
        waitForIdle()
        assertHintDrawn(hint.first(), hint.last())
        app.settings.update { it.copy(theme = ThemeChoice.System) }
        // Still there after a moment: it stays while the state has it.
        letTimePass(300)
        assertEquals(hint, game().hint)
        tag("hintWords").assertIsDisplayed()
    }

    @Test
    fun theStatusLineIsOneLineOfFixedHeight() = appTest(device = Device.SmallPhone, reducedMotion = true) {
        // A long name thinking: the line is ellipsized, never wrapped.
        app.startLocal(
            setup(Preset.TRIPOT, listOf(person(), Seat(SeatPlayer.Ai(AiLevel.IMPOSSIBLE), "Niki de Saint Phalle the Magnificent")), opener = Opener.Seat(1)),
            BoardMode.Solo,
        )
        waitUntil(timeoutMillis = 20_000) { game().thinking == 1 }
        waitForIdle()
        val status = tag("status").fetchSemanticsNode()
        // 40 dp (the desktop test's window drew 1 px a dp; a phone's screen has 2).
        val limit = with(density) { 40.dp.toPx() }
        assertTrue("one line high: ${status.size.height} px (< $limit)", status.size.height < limit)
    }

    @Test
    fun theNewGameScreenRemembersTheLastChoicesAndKeepsWhoOpensWithTheColour() = appTest(device = Device.TabletPortrait) {
        click("solo")
        // Tripot: "you open" stays yours when you take the other colour.
        click("opener:you")
        click("sitAt:1")
        assertEquals(OpenerChoice.Seat(1), app.newGame.state.value.opener)
        tag("opener:you").assertIsDisplayed()
        assertTrue(tag("opener:you").fetchSemanticsNode().config[SemanticsProperties.Selected])
        // Classic fixes who opens: said next to the choice.
        click("ruleSet:CLASSIC")
        assertFalse(exists("opener:you"))
        tag("openerFixed").assertIsDisplayed()
        click("sitAt:1")
        click("opponent:Jean Médecin")
        val chosen = app.newGame.choicesText()
        // Kept in the core's one format (the iOS app keeps the same text), and read back whole.
        assertEquals(rememberSetup(app.newGame.setup()), chosen)
        assertEquals(app.newGame.setup().seats, recallSetup(chosen)?.seats)
        click("back")
        click("solo")
        assertEquals("the choices survive leaving and reopening", chosen, app.newGame.choicesText())
        assertEquals(Preset.CLASSIC, app.newGame.state.value.ruleSet.preset)
        assertEquals(SeatChoice.Person, app.newGame.state.value.seats[1])
        snapshot("new-game-remembered-tablet-portrait")
        // And the next start of the app (kept with the settings).
        nextStart { again ->
            again.navigate(Screen.NewGame(BoardMode.Solo))
            assertEquals(chosen, again.newGame.choicesText())
            // The other mode keeps its own.
            again.navigate(Screen.NewGame(BoardMode.PassAndPlay))
            assertEquals(Preset.TRIPOT, again.newGame.state.value.ruleSet.preset)
        }
    }

    @Test
    fun aDrawIsOfferedAfterAConfirmationAndAnsweredFromTheSameSlot() = appTest(device = Device.Phone, reducedMotion = true) {
        // Pass-and-play of two people has draw offers (the core's `drawOffers`).
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
        waitForIdle()
        val slot = tag("offerDraw").fetchSemanticsNode().boundsInRoot
        click("offerDraw")
        tag("confirm:OfferDraw").assertIsDisplayed()
        click("cancelOfferDraw")
        assertNull("Cancel offers nothing", game().banner)
        assertFalse(exists("answerDraw"))

        click("offerDraw")
        click("confirmOfferDraw")
        assertTrue(game().banner is Banner.DrawOffered)
        // The offer is answered from the very same slot.
        assertEquals(slot, tag("answerDraw").fetchSemanticsNode().boundsInRoot)
        click("answerDraw")
        click("declineDraw")
        assertNull(game().outcome)
        assertFalse(exists("answerDraw"))
        click("offerDraw")
        click("confirmOfferDraw")
        click("answerDraw")
        click("acceptDraw")
        assertEquals(EndReason.DRAW_AGREED, game().outcome?.reason)
    }

    @Test
    fun theRulesHeadingsAreLargerThanTheirText() = appTest(device = Device.Phone) {
        app.navigate(Screen.Rules)
        waitForIdle()
        fun fontSize(t: String): Float {
            val results = mutableListOf<TextLayoutResult>()
            val node = onAllNodesWithTag(t, useUnmergedTree = true)[0]
            node.fetchSemanticsNode().config[SemanticsActions.GetTextLayoutResult].action?.invoke(results)
            return results.first().layoutInput.style.fontSize.value
        }
        assertTrue("heading ${fontSize("rulesHeading")} sp over body ${fontSize("rulesBody")} sp", fontSize("rulesHeading") > fontSize("rulesBody"))
    }
}
