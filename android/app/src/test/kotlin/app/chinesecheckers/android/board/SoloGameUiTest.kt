package app.chinesecheckers.android.board

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.onAllNodesWithContentDescription
import androidx.compose.ui.test.onRoot
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.ai
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.board
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.game
import app.chinesecheckers.android.hole
import app.chinesecheckers.android.holeCentre
import app.chinesecheckers.android.holeRadius
import app.chinesecheckers.android.isRedAt
import app.chinesecheckers.android.letTimePass
import app.chinesecheckers.android.person
import app.chinesecheckers.android.setup
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapHole
import app.chinesecheckers.android.tapStep
import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.Highlight
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.core.Opener
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.SaveStatus
import app.chinesecheckers.core.SavedGameKind
import app.chinesecheckers.core.positionFromJson
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.strings.AnimationSpeed
import app.chinesecheckers.ui.strings.EnglishStrings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import java.io.File

/** Solo and pass-and-play games clicked through the whole UI of the real Activity, on the real core. */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class SoloGameUiTest {
    @Test
    fun soloTripotGameFromHomeTapPegAndLitHoleMoveAnimatesAndTheAiAnswers() = appTest(device = Device.Phone) {
        // Slow hops give the test a wide window to look at the peg mid-way.
        app.settings.update { it.copy(animationSpeed = AnimationSpeed.Slow) }
        click("solo")
        tag("ruleSet:TRIPOT").assertIsDisplayed()
        click("opponent:Jean Médecin") // the beginner: answers fast
        click("start")
        tag("status").assertTextEquals("Your turn")
        assertEquals(BoardMode.Solo, board().mode)

        // Tap a peg: it is selected and its reachable holes are lit, and say so to a screen reader.
        val from = Coord(-1, 5)
        tapHole(from)
        val selected = game()
        assertEquals(from, selected.selected)
        val lit = selected.holes.filter { it.highlight == Highlight.STEP_TARGET || it.highlight == Highlight.JUMP_TARGET }
        assertTrue("lit holes after selecting", lit.isNotEmpty())
        assertEquals(lit.size, onAllNodesWithContentDescription("reachable", substring = true, useUnmergedTree = true).fetchSemanticsNodes().size)
        val to = Coord(-1, 4)
        assertEquals(Highlight.STEP_TARGET, selected.hole(to).highlight)

        // Tap the lit hole with the clock held: the peg travels, it is not at once on the hole.
        mainClock.autoAdvance = false
        tapHole(to)
        mainClock.advanceTimeByFrame()
        mainClock.advanceTimeBy(150) // about half of a slow hop (300 ms)
        val during = onRoot().captureToImage()
        val fromPx = holeCentre(from)
        val toPx = holeCentre(to)
        val mid = fromPx + (toPx - fromPx) / 2f
        val side = Offset(holeRadius(to) * 0.6f, 0f)
        // Beside the centre: the centre of a red peg carries its white symbol.
        assertTrue("the moving peg is drawn half-way", during.isRedAt(mid + side))
        assertFalse("the peg has not yet landed", during.isRedAt(toPx + side))
        mainClock.advanceTimeBy(1_000)
        mainClock.autoAdvance = true
        waitForIdle()
        assertTrue("the peg landed", onRoot().captureToImage().isRedAt(toPx + side))

        // The AI answers by itself, and it is the person's turn again.
        waitUntil(timeoutMillis = 20_000) { game().history.size == 2 && !game().aiToMove }
        assertEquals(MoveKind.STEP, game().history[0].kind)
        assertEquals(1, game().history[1].player)
        waitForIdle()
        tag("status").assertTextEquals("Your turn")
    }

    @Test
    fun theAiThinkingIndicatorCanBeStoppedAndTheAiResumed() = appTest(device = Device.TabletPortrait) {
        // The strongest opponent opens: its search is long enough to be seen and stopped.
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE)), opener = Opener.Seat(1)), BoardMode.Solo)
        waitUntil(timeoutMillis = 20_000) { game().thinking == 1 }
        // Stopped at once: the search must still be running when "Stop" arrives (on a loaded
        // machine, time spent looking first let the engine finish before the click).
        tag("thinking").assertIsDisplayed()
        click("stop")
        // The core paused its AI: the state says so, and the app starts nothing.
        waitUntil(timeoutMillis = 20_000) { game().aiPaused && game().thinking == null }
        waitForIdle()
        assertFalse(game().aiToMove)
        assertTrue(game().history.isEmpty())
        assertFalse(exists("thinking"))
        letTimePass(300)
        assertTrue("paused, the AI stays still", game().thinking == null && game().history.isEmpty())
        click("letAiPlay")
        waitUntil(timeoutMillis = 20_000) { game().thinking == 1 || game().history.size == 1 }
        assertFalse(game().aiPaused)
        assertFalse(exists("letAiPlay"))
    }

    @Test
    fun homeMidAiTurnAndBackTheAiPlaysOn() = appTest(device = Device.TabletPortrait, reducedMotion = true) {
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE))), BoardMode.Solo)
        tapStep()
        waitUntil(timeoutMillis = 20_000) { game().thinking == 1 }
        val id = checkNotNull(app.library).listing().playing.single().id
        // Home while the AI thinks, and back to the game at once.
        click("home")
        waitForIdle()
        click("continue:$id")
        waitForIdle()
        // Leaving stopped the search, which the core counts as a pause; the player did not ask
        // for it: the AI goes on by itself, with no "Let the AI play" to press.
        assertFalse("not paused on return", game().aiPaused)
        assertFalse(exists("letAiPlay"))
        waitUntil(timeoutMillis = 60_000) { game().history.size == 2 }
        assertEquals(1, game().history[1].player)
        waitForIdle()
        tag("status").assertTextEquals("Your turn")
    }

    @Test
    fun closingTheBoardMidThinkLeavesTheAiFreeToPlayWhenShownAgain() = appTest(device = Device.TabletPortrait, reducedMotion = true) {
        val shown = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE)), opener = Opener.Seat(1))).game()
        app.showLocal(shown, BoardMode.Solo)
        waitUntil(timeoutMillis = 20_000) { game().thinking == 1 }
        // The same game shown again on a new board: the first board closes mid-think.
        app.showLocal(shown, BoardMode.Solo)
        waitForIdle()
        assertFalse("the pause of a closed board is lifted", shown.state().aiPaused)
        waitUntil(timeoutMillis = 60_000) { game().history.size == 1 }
        // A pause the player asked for stays when the board is shown again.
        val other = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE)), opener = Opener.Seat(1))).game()
        app.showLocal(other, BoardMode.Solo)
        waitUntil(timeoutMillis = 20_000) { game().thinking == 1 }
        click("stop")
        waitUntil(timeoutMillis = 20_000) { game().aiPaused }
        app.showLocal(other, BoardMode.Solo)
        waitForIdle()
        assertTrue(game().aiPaused && game().thinking == null && game().history.isEmpty())
        tag("letAiPlay").assertIsDisplayed()
    }

    @Test
    fun tripotChainHopsBacksOutAndEndsWithTheEndJumpButton() = appTest(device = Device.TabletPortrait) {
        // [3,-4] lets the chain hop on from [2,-4]: a landing with no hop left ends it by itself.
        val pos = positionFromJson(
            """{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[3,-4],[4,-8]]},"to_move":0}""",
        )
        app.showLocal(LocalGame.fromPosition(pos, listOf(person(), person()), 0L).game(), BoardMode.PassAndPlay)
        waitForIdle()
        // End jump keeps its own slot: disabled until a chain may end.
        tag("endJump").assertIsNotEnabled()
        tapHole(Coord(0, 0))
        tapHole(Coord(0, -2))
        assertEquals(listOf(Coord(0, 0), Coord(0, -2)), game().chain)
        tag("endJump").assertIsEnabled()
        tapHole(Coord(2, -4))
        assertEquals(3, game().chain.size)
        tapHole(Coord(0, -2)) // back out of the last hop
        assertEquals(2, game().chain.size)
        click("endJump")
        val played = game().history.single()
        assertEquals(MoveKind.JUMP, played.kind)
        assertEquals(listOf(Coord(0, 0), Coord(0, -2)), played.path)
        tag("endJump").assertIsNotEnabled()
    }

    @Test
    fun buttonsFollowTheGamesCapabilitiesAndARematchFollowsTheEndInTheSameSlot() = appTest(device = Device.TabletPortrait) {
        app.settings.update { it.copy(animationSpeed = AnimationSpeed.Fast) }
        // Pass-and-play has undo and replay but no hint (no engine); solo has all three.
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
        waitForIdle()
        assertTrue(exists("undo") && exists("replay"))
        assertFalse("a game without an AI seat has no hint", exists("hint"))
        assertNull(board().capabilities.hint)

        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai())), BoardMode.Solo)
        waitForIdle()
        assertTrue(exists("undo") && exists("hint") && exists("replay"))
        tapHole(Coord(-1, 5))
        tapHole(Coord(-1, 4))
        waitUntil(timeoutMillis = 20_000) { game().history.size == 2 && !game().aiToMove }
        val library = checkNotNull(app.library)
        val slot = library.listing().playing.single { it.kind == SavedGameKind.SOLO }.id

        // Resigning ends it; the rematch is the core's: the same seats, a new game on this board.
        assertFalse(board().canRematch)
        click("resign")
        click("confirmResign")
        waitUntil(timeoutMillis = 5_000) { game().outcome != null }
        assertTrue(board().canRematch)
        val ended = game()
        click("rematch")
        waitUntil(timeoutMillis = 5_000) { game().outcome == null }
        val next = game()
        assertTrue("the rematch starts from the start position", next.history.isEmpty())
        assertEquals(ended.players.map { it.player }, next.players.map { it.player })
        assertTrue(exists("undo") && exists("hint") && exists("replay"))
        assertTrue("the ended game is among the finished ones", library.listing().finished.any { it.id == slot })
        // Its first move writes it in the slot of the game it follows.
        tapHole(Coord(-1, 5))
        tapHole(Coord(-1, 4))
        waitUntil(timeoutMillis = 20_000) { game().history.size == 2 && !game().aiToMove }
        val playing = library.listing().playing.filter { it.kind == SavedGameKind.SOLO }
        assertEquals("one solo game to continue, the rematch", 1, playing.size)
        assertEquals(2, playing.single().moves)
    }

    @Test
    fun undoRedoAndStepByStepReplay() = appTest(device = Device.TabletPortrait) {
        app.settings.update { it.copy(animationSpeed = AnimationSpeed.Fast) }
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai())), BoardMode.Solo)
        waitForIdle()
        tapHole(Coord(-1, 5))
        tapHole(Coord(-1, 4))
        waitUntil(timeoutMillis = 20_000) { game().history.size == 2 && !game().aiToMove }
        val afterAi = game()

        click("undo")
        waitForIdle()
        assertTrue("undo takes back the person's move with the AI's answer", game().history.isEmpty())
        assertEquals(Colour.S, game().hole(Coord(-1, 5)).occupant)
        tag("redo").assertIsDisplayed()
        click("redo")
        waitUntil(timeoutMillis = 5_000) { game().history.isNotEmpty() }
        click("redo")
        waitUntil(timeoutMillis = 5_000) { game().history.size == 2 }
        assertEquals(afterAi.history, game().history)
        assertEquals(afterAi.holes, game().holes)

        // The replay opens at the start (move 0), as it does from Your games, and steps back
        // and forth through the moves.
        click("replay")
        assertNotNull(game().replay)
        tag("replayPosition").assertTextEquals("0 / 2")
        click("replayForward")
        click("replayForward")
        tag("replayPosition").assertTextEquals("2 / 2")
        assertEquals(afterAi.holes, game().holes)
        click("replayBack")
        click("replayBack")
        tag("replayPosition").assertTextEquals("0 / 2")
        assertEquals(Colour.S, game().hole(Coord(-1, 5)).occupant)
        assertNull(game().hole(Coord(-1, 4)).occupant)
        click("replayForward")
        tag("replayPosition").assertTextEquals("1 / 2")
        assertNull(game().hole(Coord(-1, 5)).occupant)
        assertEquals(Colour.S, game().hole(Coord(-1, 4)).occupant)
        click("replayExit")
        assertNull(game().replay)
        assertEquals(afterAi.holes, game().holes)
    }

    @Test
    fun theSkippedTurnBannerShowsAndIsAnnounced() = appTest(device = Device.TabletPortrait) {
        // N's lone peg hemmed on its tip with swaps off: after the person's move, the AI must pass.
        val pos = positionFromJson(
            """{"rules":{"preset":"tripot","swaps":false},"players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[3,-7],[4,-7],[2,-6],[4,-6],[0,4]],"N":[[4,-8]]},"to_move":0}""",
        )
        app.showLocal(LocalGame.fromPosition(pos, listOf(person(), ai()), 0L).game(), BoardMode.Solo)
        waitForIdle()
        assertFalse(exists("banner"))
        tapHole(Coord(0, 4))
        tapHole(Coord(0, 3))
        waitForIdle()
        val banner = game().banner
        assertTrue("banner: $banner", banner is Banner.TurnSkipped && banner.player == 1)
        val name = EnglishStrings.playerName(game().players[1].name)
        tag("banner").assertTextEquals("$name was blocked — turn skipped")
        val live = tag("banner").fetchSemanticsNode().config[SemanticsProperties.LiveRegion]
        assertEquals(LiveRegionMode.Assertive, live)
        snapshot("skipped-turn-tablet-portrait")
        // Undo takes the pass back with the person's move, and the banner with it.
        click("undo")
        assertTrue(game().history.isEmpty())
        assertFalse(exists("banner"))
    }

    @Test
    fun sixPlayerSternhalmaWithAiSeatsSetUpOnTheNewGameScreen() = appTest(device = Device.TabletPortrait) {
        app.settings.update { it.copy(animationSpeed = AnimationSpeed.Fast) }
        click("passAndPlay")
        click("ruleSet:STERNHALMA")
        click("seats:6")
        for (i in 1..5) click("seat:$i:BEGINNER")
        click("start")
        val start = game()
        assertEquals(6, start.players.size)
        assertEquals(60, start.holes.count { it.occupant != null })
        assertEquals(0, start.toMove)
        // The person plays a step through the board; the five AI seats answer in turn.
        tapStep()
        waitUntil(timeoutMillis = 60_000) { game().history.size >= 6 && game().toMove == 0 && !game().aiToMove }
        assertEquals(listOf(0, 1, 2, 3, 4, 5), game().history.take(6).map { it.player })
        waitForIdle()
        val en = EnglishStrings
        tag("status").assertTextEquals(en.toMove(en.playerName(game().players[0].name)))
    }

    @Test
    fun aNewGameReplacesTheInterruptedOneOnlyWhenThePlayerSaysSo() = appTest(device = Device.TabletPortrait, reducedMotion = true) {
        click("passAndPlay")
        click("start")
        tapStep()
        waitForIdle()
        val interrupted = game().history.size
        // Nothing is saved by the app: the core wrote the move as it was played.
        val library = checkNotNull(app.library)
        val saved = library.listing().playing.single()
        assertEquals(interrupted, saved.moves)

        // A new pass-and-play game: asked first; "Cancel" keeps the interrupted game.
        click("home")
        waitForIdle()
        click("passAndPlay")
        click("start")
        tag("confirmReplace").assertIsDisplayed()
        click("cancelReplace")
        waitForIdle()
        assertFalse(exists("confirmReplace"))
        assertEquals(listOf(saved.id), library.listing().playing.map { it.id })

        // "Replace": the new game starts; untouched it replaces nothing, at its first move it takes the slot.
        click("start")
        click("confirmReplace")
        waitForIdle()
        assertEquals(0, game().history.size)
        assertEquals(listOf(saved.id), library.listing().playing.map { it.id })
        tapStep()
        waitForIdle()
        val now = library.listing().playing.single()
        assertTrue("the new game took the slot", now.id != saved.id)
        assertEquals(1, now.moves)
    }

    @Test
    fun homeMidGameShowsTheGameInContinueWithItsCardAndAnEndedGameIsNeverOffered() = appTest(device = Device.Phone, reducedMotion = true) {
        click("solo")
        click("opponent:Jean Médecin")
        click("start")
        tapStep()
        waitUntil(timeoutMillis = 30_000) { game().history.size == 2 && game().thinking == null }
        waitForIdle()
        val id = checkNotNull(app.library).listing().playing.single().id
        assertEquals(SaveStatus.Saved, game().storage)

        // "‹ Home" mid-game: the game is offered to continue, its card worded from the core's card.
        click("home")
        waitForIdle()
        tag("continue:$id").assertIsDisplayed()
        tag("card:$id:0").assertTextEquals("Solo · Tripot · 2 moves")
        tag("card:$id:1").assertTextEquals("vs Jean Médecin (Beginner)")
        tag("card:$id:2").assertTextEquals("Your turn · played just now")
        snapshot("home-continue-phone")

        // Continued, it is the same game; resigned, it leaves Continue at once.
        click("continue:$id")
        waitForIdle()
        assertEquals(2, game().history.size)
        click("resign")
        click("confirmResign")
        waitForIdle()
        assertNotNull(game().outcome)
        click("gameOverHome")
        waitForIdle()
        assertFalse("an ended game is not offered to continue", exists("continue:$id"))
        assertEquals(emptyList<String>(), app.home.state.value.interrupted.map { it.id })
        assertEquals(listOf(id), app.library!!.listing().finished.map { it.id })
    }

    @Test
    fun aFailedSaveIsShownOnTheBoardAndTryAgainWritesIt() = appTest(device = Device.TabletPortrait, reducedMotion = true) {
        click("passAndPlay")
        click("start")
        assertFalse(exists("saveFailed"))
        // The library's games folder goes (a storage fault): the move is played, its write fails.
        val games = File(app.platform.dataDir, "games")
        assertTrue(games.deleteRecursively())
        tapStep()
        waitForIdle()
        assertEquals(1, game().history.size)
        assertTrue("${game().storage}", game().storage is SaveStatus.Failed)
        tag("saveFailed").assertIsDisplayed()
        // The folder is back: "Try again" writes the game, and the warning goes.
        assertTrue(games.mkdirs())
        click("saveRetry")
        waitForIdle()
        assertEquals(SaveStatus.Saved, game().storage)
        assertFalse(exists("saveFailed"))
        assertEquals(1, checkNotNull(app.library).listing().playing.single().moves)
    }

    @Test
    fun passAndPlayTurnsTheBoardTowardThePlayerToMoveWhenTheSettingIsOn() = appTest(device = Device.TabletPortrait, reducedMotion = true) {
        // Reduced motion: the turn snaps, positions can be read at once.
        click("passAndPlay")
        click("start")
        assertEquals(0, game().rotationDegrees)
        val southTip = game().holes.filter { it.occupant == Colour.S }.maxBy { it.coord.r }.coord
        val northTip = game().holes.filter { it.occupant == Colour.N }.minBy { it.coord.r }.coord
        assertTrue("S sits at the bottom for the first player", holeCentre(southTip).y > holeCentre(northTip).y)
        tapStep()
        waitForIdle()
        assertEquals(1, game().toMove)
        assertEquals(180, game().rotationDegrees)
        assertTrue("N sits at the bottom for the second player", holeCentre(northTip).y > holeCentre(southTip).y)
        // Turned off in the settings, the core turns the board back at once, and it stays put.
        app.settings.update { it.copy(boardRotation = false) }
        waitUntil(timeoutMillis = 5_000) { game().rotationDegrees == 0 }
        waitForIdle()
        assertTrue("S is back at the bottom", holeCentre(southTip).y > holeCentre(northTip).y)
        tapStep()
        waitForIdle()
        assertEquals(0, game().toMove)
        assertEquals(0, game().rotationDegrees)
        tapStep()
        waitForIdle()
        assertEquals(0, game().rotationDegrees)
        assertTrue(holeCentre(southTip).y > holeCentre(northTip).y)
        // Turned on again, the core turns the board to the player to move.
        app.settings.update { it.copy(boardRotation = true) }
        waitUntil(timeoutMillis = 5_000) { game().rotationDegrees == 180 }
        assertEquals(1, game().toMove)
    }
}
