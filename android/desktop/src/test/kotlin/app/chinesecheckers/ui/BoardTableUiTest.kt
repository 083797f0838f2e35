package app.chinesecheckers.ui

import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.EndReason
import androidx.compose.ui.test.onAllNodesWithTag
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.graphics.toPixelMap
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.Opener
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.Seat
import app.chinesecheckers.core.SeatPlayer
import app.chinesecheckers.core.positionFromJson
import app.chinesecheckers.desktop.DesktopPlatform
import app.chinesecheckers.ui.newgame.OpenerChoice
import app.chinesecheckers.ui.newgame.SeatChoice
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.statusLine
import app.chinesecheckers.ui.strings.EnglishStrings
import app.chinesecheckers.ui.strings.ThemeChoice
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * The player's table (issue 28): a control bar whose buttons never move (through a chain, a
 * banner and the AI thinking, at phone and tablet sizes), resign that asks first, the game-over
 * sheet's Rematch away from Resign, the status after the sheet, and the wide layout's history.
 */
@OptIn(ExperimentalTestApi::class)
class BoardTableUiTest {
    /** Every control-bar slot there is, as the board tags them. */
    private val slotTags = listOf("endJump", "undo", "redo", "hint", "replay", "history", "offerDraw", "answerDraw", "resign")

    /** The unclipped bounds of every control-bar button shown, by tag, with the status line's. */
    private fun ComposeUiTest.barBounds(): Map<String, Rect> {
        waitForIdle()
        return (slotTags + "status").filter { exists(it) }.associateWith { tag(it).fetchSemanticsNode().unclippedBoundsInRoot() }
    }

    private fun androidx.compose.ui.semantics.SemanticsNode.unclippedBoundsInRoot(): Rect =
        Rect(positionInRoot, androidx.compose.ui.geometry.Size(size.width.toFloat(), size.height.toFloat()))

    private fun assertSame(what: String, before: Map<String, Rect>, now: Map<String, Rect>) {
        assertEquals("$what: the same buttons", before.keys, now.keys)
        for ((k, r) in before) assertEquals("$what: $k has not moved", r, now[k])
    }

    private fun chainGame(app: AppState) {
        val pos = positionFromJson(
            """{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0],[0,4]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":0}""",
        )
        app.showLocal(LocalGame.fromPosition(pos, listOf(person(), ai()), 0uL).game(), BoardMode.Solo)
    }

    private fun buttonsStayPutThroughAChainABannerAndTheAiThinking(device: Device) = runDesktopComposeUiTest(device.widthDp, device.heightDp) {
        val app = AppState(testPlatform())
        // A chain: S hops 0,0 → 0,-2 → 2,-4 and ends it with End jump.
        chainGame(app)
        setContent { ChineseCheckersApp(app) }
        val before = barBounds()
        assertTrue("the bar has its slots: ${before.keys}", before.keys.containsAll(listOf("endJump", "undo", "redo", "hint", "replay", "resign")))
        assertEquals("the wide layout shows the history, with no Moves button", device == Device.Phone, "history" in before)
        tag("endJump").assertIsNotEnabled()
        tapHole(Coord(0, 0))
        assertSame("a peg selected", before, barBounds())
        tapHole(Coord(0, -2))
        assertEquals(2, gameOf(app).chain.size)
        tag("endJump").assertIsEnabled()
        assertSame("a chain in progress", before, barBounds())
        tapHole(Coord(2, -4))
        assertSame("the chain's second hop", before, barBounds())
        click("endJump")
        assertEquals("the chain was played", 3, gameOf(app).history.first().path.size)
        assertSame("the chain ended", before, barBounds())
        waitUntil(timeoutMillis = 30_000) { gameOf(app).history.size == 2 && gameOf(app).thinking == null }
        assertSame("after the AI's answer", before, barBounds())
        app.close()

        // A banner: N's lone peg hemmed on its tip, the AI must pass after the person's move.
        val banner = AppState(testPlatform())
        val pos = positionFromJson(
            """{"rules":{"preset":"tripot","swaps":false},"players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[3,-7],[4,-7],[2,-6],[4,-6],[0,4]],"N":[[4,-8]]},"to_move":0}""",
        )
        banner.showLocal(LocalGame.fromPosition(pos, listOf(person(), ai()), 0uL).game(), BoardMode.Solo)
        setContent { ChineseCheckersApp(banner) }
        val quiet = barBounds()
        tapHole(Coord(0, 4))
        tapHole(Coord(0, 3))
        waitUntil(timeoutMillis = 10_000) { gameOf(banner).banner is Banner.TurnSkipped }
        tag("banner").assertIsDisplayed()
        assertSame("a banner shown", quiet, barBounds())
        banner.close()

        // The AI thinking: the strongest opponent answers the person's move slowly.
        val thinking = AppState(testPlatform(reducedMotion = true))
        thinking.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE))), BoardMode.Solo)
        setContent { ChineseCheckersApp(thinking) }
        val idle = barBounds()
        val (from, to) = findStep(thinking)
        tapHole(from)
        tapHole(to)
        waitUntil(timeoutMillis = 20_000) { gameOf(thinking).thinking == 1 }
        tag("stop").assertIsDisplayed()
        assertSame("the AI thinking", idle, barBounds())
        screenshot("board-ai-thinking", device) { ChineseCheckersApp(thinking) }
        click("stop")
        waitUntil(timeoutMillis = 20_000) { gameOf(thinking).aiPaused }
        tag("letAiPlay").assertIsDisplayed()
        assertSame("the AI paused", idle, barBounds())
        thinking.close()
    }

    @Test
    fun phoneControlBarButtonsNeverMove() = buttonsStayPutThroughAChainABannerAndTheAiThinking(Device.Phone)

    @Test
    fun tabletControlBarButtonsNeverMove() = buttonsStayPutThroughAChainABannerAndTheAiThinking(Device.Tablet)

    @Test
    fun resignAsksFirstCancelKeepsTheGameAndRematchIsNotWhereResignWas() = runDesktopComposeUiTest(Device.Phone.widthDp, Device.Phone.heightDp) {
        val app = AppState(testPlatform(reducedMotion = true))
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai())), BoardMode.Solo)
        setContent { ChineseCheckersApp(app) }
        val resignAt = tag("resign").fetchSemanticsNode().boundsInRoot
        val state = gameOf(app)

        // One tap: a question, not a resignation.
        click("resign")
        assertNull(gameOf(app).outcome)
        tag("confirm:Resign").assertIsDisplayed()
        click("cancelResign")
        assertFalse(exists("confirm:Resign"))
        assertNull(gameOf(app).outcome)
        assertEquals("Cancel leaves the game as it was", state.holes, gameOf(app).holes)
        assertEquals(state.history, gameOf(app).history)
        assertEquals(state.toMove, gameOf(app).toMove)

        // The second tap, the dialog's own button, resigns.
        click("resign")
        val confirmAt = tag("confirmResign").fetchSemanticsNode().boundsInRoot
        click("confirmResign")
        waitUntil(timeoutMillis = 5_000) { gameOf(app).outcome != null }
        tag("gameOver").assertIsDisplayed()
        val rematchAt = tag("rematch").fetchSemanticsNode().boundsInRoot
        assertFalse("Rematch $rematchAt is not where Resign $resignAt was", rematchAt.overlaps(resignAt))
        assertFalse("nor where the confirmation $confirmAt was", rematchAt.overlaps(confirmAt))
        assertFalse("Rematch is never in the control bar", exists("rematchButton"))
        tag("gameOverNewGame").assertIsDisplayed()

        // The sheet closed, the status line says who won and how.
        click("gameOverClose")
        val outcome = checkNotNull(gameOf(app).outcome)
        val en = EnglishStrings
        val names: (Int) -> String = { en.playerName(gameOf(app).players[it].name) }
        val expected = en.overLine(en.winners(outcome.winners.map(names)), en.endReason(outcome.reason, outcome.by?.let(names)))
        assertEquals(expected, statusLine(gameOf(app), en, names))
        tag("status").assertTextEquals(expected)
        assertTrue("says who won: $expected", expected.contains(names(1)) && expected.contains("resigned"))
        tag("resign").assertIsNotEnabled()
        screenshot("board-game-over-status", Device.Phone) { ChineseCheckersApp(app) }
        app.close()
    }

    @Test
    fun theMovesButtonOpensTheHistoryOnAPhoneAndTheWideLayoutShowsItWithoutOne() {
        runDesktopComposeUiTest(Device.Tablet.widthDp, Device.Tablet.heightDp) {
            val app = AppState(testPlatform(reducedMotion = true))
            app.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
            setContent { ChineseCheckersApp(app) }
            val (from, to) = findStep(app)
            tapHole(from)
            tapHole(to)
            waitForIdle()
            assertFalse("no Moves button where the history is always shown", exists("history"))
            tag("historyList").assertIsDisplayed()
            app.close()
        }
        runDesktopComposeUiTest(Device.Phone.widthDp, Device.Phone.heightDp) {
            val app = AppState(testPlatform(reducedMotion = true))
            app.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
            setContent { ChineseCheckersApp(app) }
            val (from, to) = findStep(app)
            tapHole(from)
            tapHole(to)
            waitForIdle()
            assertFalse(exists("historyList"))
            click("history")
            tag("historyList").assertIsDisplayed()
            app.close()
        }
    }

    @Test
    fun theHintIsDrawnAsAPathAndSaidInWords() = runDesktopComposeUiTest(Device.Phone.widthDp, Device.Phone.heightDp) {
        val app = AppState(testPlatform(reducedMotion = true))
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai())), BoardMode.Solo)
        setContent { ChineseCheckersApp(app) }
        assertFalse(exists("hintWords"))
        click("hint")
        waitUntil(timeoutMillis = 30_000) { gameOf(app).hint.size >= 2 }
        waitForIdle()
        val hint = gameOf(app).hint
        val holes = app.geometry.holes.associateBy { it.coord }
        val from = holes.getValue(hint.first())
        val to = holes.getValue(hint.last())
        // The move's kind is the core's (`hintKind`).
        val kind = EnglishStrings.moveKind(checkNotNull(gameOf(app).hintKind))
        tag("hintWords").assertTextEquals("Hint: $kind from ${from.row}·${from.place} to ${to.row}·${to.place}")
        // The marker is white and near-black together, whatever is under it: both are found on
        // the ring around the peg to move (a red peg) and on the ring of the landing.
        val image = onRoot().captureToImage().toPixelMap()
        for ((c, ring) in listOf(hint.first() to 1.35f, hint.last() to 1.2f)) {
            val centre = holeCentre(c)
            val r = holeRadius(c)
            val samples = (0 until 48).flatMap { k ->
                val a = Math.PI * 2 * k / 48
                listOf(0.85f, 1f, 1.15f).map { f ->
                    image[(centre.x + Math.cos(a) * r * ring * f).toInt(), (centre.y + Math.sin(a) * r * ring * f).toInt()]
                }
            }
            assertTrue("white on the ring at $c", samples.any { it.red > 0.93f && it.green > 0.93f && it.blue > 0.93f })
            assertTrue("near-black on the ring at $c", samples.any { it.red < 0.15f && it.green < 0.15f && it.blue < 0.15f })
        }
        for (device in Device.entries) screenshot("board-hint", device) { ChineseCheckersApp(app) }
        app.settings.update { it.copy(theme = ThemeChoice.Dark) }
        for (device in Device.entries) screenshot("board-hint-dark", device) { ChineseCheckersApp(app) }
        app.settings.update { it.copy(theme = ThemeChoice.System) }
        // Still there after a moment: it stays while the state has it.
        Thread.sleep(300)
        waitForIdle()
        assertEquals(hint, gameOf(app).hint)
        tag("hintWords").assertIsDisplayed()
        app.close()
    }

    @Test
    fun theStatusLineIsOneLineOfFixedHeight() = runDesktopComposeUiTest(360, 640) {
        val app = AppState(testPlatform(reducedMotion = true))
        // A long name thinking: the line is ellipsized, never wrapped.
        app.startLocal(
            setup(Preset.TRIPOT, listOf(person(), Seat(SeatPlayer.Ai(AiLevel.IMPOSSIBLE), "Niki de Saint Phalle the Magnificent")), opener = Opener.Seat(1)),
            BoardMode.Solo,
        )
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 20_000) { gameOf(app).thinking == 1 }
        waitForIdle()
        val status = tag("status").fetchSemanticsNode()
        assertTrue("one line high: ${status.size.height}", status.size.height < 40)
        app.close()
    }

    @Test
    fun theNewGameScreenRemembersTheLastChoicesAndKeepsWhoOpensWithTheColour() = runDesktopComposeUiTest(800, 1000) {
        val platform = testPlatform()
        val app = AppState(platform)
        setContent { ChineseCheckersApp(app) }
        click("solo")
        // Tripot: "you open" stays yours when you take the other colour.
        click("opener:you")
        click("sitAt:1")
        assertEquals(OpenerChoice.Seat(1), app.newGame.state.value.opener)
        tag("opener:you").assertIsDisplayed()
        assertTrue(tag("opener:you").fetchSemanticsNode().config[androidx.compose.ui.semantics.SemanticsProperties.Selected])
        // Classic fixes who opens: said next to the choice.
        click("ruleSet:CLASSIC")
        assertFalse(exists("opener:you"))
        tag("openerFixed").assertIsDisplayed()
        click("sitAt:1")
        click("opponent:Jean Médecin")
        val chosen = app.newGame.choicesText()
        click("back")
        click("solo")
        assertEquals("the choices survive leaving and reopening", chosen, app.newGame.choicesText())
        assertEquals(Preset.CLASSIC, app.newGame.state.value.ruleSet.preset)
        assertEquals(SeatChoice.Person, app.newGame.state.value.seats[1])
        for (device in Device.entries) screenshot("new-game-remembered", device) { ChineseCheckersApp(app) }
        app.close()
        // And the next start of the app (kept with the settings).
        val again = AppState(DesktopPlatform(dataDir = platform.dataDir, systemLanguage = "en", systemReducedMotion = false, playAudio = false))
        again.navigate(Screen.NewGame(BoardMode.Solo))
        assertEquals(chosen, again.newGame.choicesText())
        // The other mode keeps its own.
        again.navigate(Screen.NewGame(BoardMode.PassAndPlay))
        assertEquals(Preset.TRIPOT, again.newGame.state.value.ruleSet.preset)
        again.close()
    }

    @Test
    fun aDrawIsOfferedAfterAConfirmationAndAnsweredFromTheSameSlot() = runDesktopComposeUiTest(Device.Phone.widthDp, Device.Phone.heightDp) {
        val app = AppState(testPlatform(reducedMotion = true))
        // Pass-and-play of two people has draw offers (the core's `drawOffers`).
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
        setContent { ChineseCheckersApp(app) }
        val slot = tag("offerDraw").fetchSemanticsNode().boundsInRoot
        click("offerDraw")
        tag("confirm:OfferDraw").assertIsDisplayed()
        click("cancelOfferDraw")
        assertNull("Cancel offers nothing", gameOf(app).banner)
        assertFalse(exists("answerDraw"))

        click("offerDraw")
        click("confirmOfferDraw")
        assertTrue(gameOf(app).banner is Banner.DrawOffered)
        // The offer is answered from the very same slot.
        assertEquals(slot, tag("answerDraw").fetchSemanticsNode().boundsInRoot)
        click("answerDraw")
        click("declineDraw")
        assertNull(gameOf(app).outcome)
        assertFalse(exists("answerDraw"))
        click("offerDraw")
        click("confirmOfferDraw")
        click("answerDraw")
        click("acceptDraw")
        assertEquals(EndReason.DRAW_AGREED, gameOf(app).outcome?.reason)
        app.close()
    }

    @Test
    fun theRulesHeadingsAreLargerThanTheirText() = runDesktopComposeUiTest(Device.Phone.widthDp, Device.Phone.heightDp) {
        val app = AppState(testPlatform())
        app.navigate(Screen.Rules)
        setContent { ChineseCheckersApp(app) }
        fun fontSize(t: String): Float {
            val results = mutableListOf<androidx.compose.ui.text.TextLayoutResult>()
            val node = onAllNodesWithTag(t, useUnmergedTree = true)[0]
            node.fetchSemanticsNode().config[androidx.compose.ui.semantics.SemanticsActions.GetTextLayoutResult].action?.invoke(results)
            return results.first().layoutInput.style.fontSize.value
        }
        assertTrue("heading ${fontSize("rulesHeading")} sp over body ${fontSize("rulesBody")} sp", fontSize("rulesHeading") > fontSize("rulesBody"))
        app.close()
    }
}
