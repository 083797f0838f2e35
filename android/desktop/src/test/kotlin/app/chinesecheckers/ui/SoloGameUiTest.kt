package app.chinesecheckers.ui

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.onAllNodesWithContentDescription
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
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
import app.chinesecheckers.core.SoundCue
import app.chinesecheckers.ui.platform.Tones
import app.chinesecheckers.ui.strings.AnimationSpeed
import app.chinesecheckers.ui.strings.EnglishStrings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** Solo and pass-and-play games clicked through the whole UI, on the real core. */
@OptIn(ExperimentalTestApi::class)
class SoloGameUiTest {
    @Test
    fun soloTripotGameFromHomeTapPegAndLitHoleMoveAnimatesAndTheAiAnswers() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform())
        // Slow hops give the test a wide window to look at the peg mid-way.
        app.settings.update { it.copy(animationSpeed = AnimationSpeed.Slow) }
        setContent { ChineseCheckersApp(app) }
        click("solo")
        tag("ruleSet:TRIPOT").assertIsDisplayed()
        click("opponent:Jean Médecin") // the beginner: answers fast
        click("start")
        tag("status").assertTextEquals("Your turn")
        assertEquals(BoardMode.Solo, boardOf(app).mode)

        // Tap a peg: it is selected and its reachable holes are lit, and say so to a screen reader.
        val from = Coord(-1, 5)
        tapHole(from)
        val selected = gameOf(app)
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
        val side = androidx.compose.ui.geometry.Offset(holeRadius(to) * 0.6f, 0f)
        // Beside the centre: the centre of a red peg carries its white symbol.
        assertTrue("the moving peg is drawn half-way", during.isRedAt(mid + side))
        assertFalse("the peg has not yet landed", during.isRedAt(toPx + side))
        mainClock.advanceTimeBy(1_000)
        mainClock.autoAdvance = true
        waitForIdle()
        assertTrue("the peg landed", onRoot().captureToImage().isRedAt(toPx + side))

        // The AI answers by itself, and it is the person's turn again.
        waitUntil(timeoutMillis = 20_000) { gameOf(app).history.size == 2 && !gameOf(app).aiToMove }
        assertEquals(MoveKind.STEP, gameOf(app).history[0].kind)
        assertEquals(1, gameOf(app).history[1].player)
        waitForIdle()
        tag("status").assertTextEquals("Your turn")
        app.close()
    }

    @Test
    fun theAiThinkingIndicatorCanBeStoppedAndTheAiResumed() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform())
        // The strongest opponent opens: its search is long enough to be seen and stopped.
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE)), opener = Opener.Seat(1)), BoardMode.Solo)
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 20_000) { gameOf(app).thinking == 1 }
        // Stopped at once: the search must still be running when "Stop" arrives (on a loaded
        // machine, time spent looking first let the engine finish before the click).
        tag("thinking").assertIsDisplayed()
        click("stop")
        // The core paused its AI: the state says so, and the app starts nothing.
        waitUntil(timeoutMillis = 20_000) { gameOf(app).aiPaused && gameOf(app).thinking == null }
        waitForIdle()
        assertFalse(gameOf(app).aiToMove)
        assertTrue(gameOf(app).history.isEmpty())
        assertFalse(exists("thinking"))
        Thread.sleep(300)
        waitForIdle()
        assertTrue("paused, the AI stays still", gameOf(app).thinking == null && gameOf(app).history.isEmpty())
        click("letAiPlay")
        waitUntil(timeoutMillis = 20_000) { gameOf(app).thinking == 1 || gameOf(app).history.size == 1 }
        assertFalse(gameOf(app).aiPaused)
        assertFalse(exists("letAiPlay"))
        app.close()
    }

    @Test
    fun homeMidAiTurnAndBackTheAiPlaysOn() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform(reducedMotion = true))
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE))), BoardMode.Solo)
        setContent { ChineseCheckersApp(app) }
        val (from, to) = findStep(app)
        tapHole(from)
        tapHole(to)
        waitUntil(timeoutMillis = 20_000) { gameOf(app).thinking == 1 }
        val id = checkNotNull(app.library).listing().playing.single().id
        // Home while the AI thinks, and back to the game at once.
        click("home")
        waitForIdle()
        click("continue:$id")
        waitForIdle()
        // Leaving stopped the search, which the core counts as a pause; the player did not ask
        // for it: the AI goes on by itself, with no "Let the AI play" to press.
        assertFalse("not paused on return", gameOf(app).aiPaused)
        assertFalse(exists("letAiPlay"))
        waitUntil(timeoutMillis = 60_000) { gameOf(app).history.size == 2 }
        assertEquals(1, gameOf(app).history[1].player)
        waitForIdle()
        tag("status").assertTextEquals("Your turn")
        app.close()
    }

    @Test
    fun closingTheBoardMidThinkLeavesTheAiFreeToPlayWhenShownAgain() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform(reducedMotion = true))
        val game = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE)), opener = Opener.Seat(1))).game()
        app.showLocal(game, BoardMode.Solo)
        setContent { ChineseCheckersApp(app) }
        waitUntil(timeoutMillis = 20_000) { gameOf(app).thinking == 1 }
        // The same game shown again on a new board: the first board closes mid-think.
        app.showLocal(game, BoardMode.Solo)
        waitForIdle()
        assertFalse("the pause of a closed board is lifted", game.state().aiPaused)
        waitUntil(timeoutMillis = 60_000) { gameOf(app).history.size == 1 }
        // A pause the player asked for stays when the board is shown again.
        val other = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(AiLevel.IMPOSSIBLE)), opener = Opener.Seat(1))).game()
        app.showLocal(other, BoardMode.Solo)
        waitUntil(timeoutMillis = 20_000) { gameOf(app).thinking == 1 }
        click("stop")
        waitUntil(timeoutMillis = 20_000) { gameOf(app).aiPaused }
        app.showLocal(other, BoardMode.Solo)
        waitForIdle()
        assertTrue(gameOf(app).aiPaused && gameOf(app).thinking == null && gameOf(app).history.isEmpty())
        tag("letAiPlay").assertIsDisplayed()
        app.close()
    }

    @Test
    fun tripotChainHopsBacksOutAndEndsWithTheEndJumpButton() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform())
        // [3,-4] lets the chain hop on from [2,-4]: a landing with no hop left ends it by itself.
        val pos = positionFromJson(
            """{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[3,-4],[4,-8]]},"to_move":0}""",
        )
        app.showLocal(LocalGame.fromPosition(pos, listOf(person(), person()), 0uL).game(), BoardMode.PassAndPlay)
        setContent { ChineseCheckersApp(app) }
        // End jump keeps its own slot: disabled until a chain may end.
        tag("endJump").assertIsNotEnabled()
        tapHole(Coord(0, 0))
        tapHole(Coord(0, -2))
        assertEquals(listOf(Coord(0, 0), Coord(0, -2)), gameOf(app).chain)
        tag("endJump").assertIsEnabled()
        tapHole(Coord(2, -4))
        assertEquals(3, gameOf(app).chain.size)
        screenshot("chain-in-progress", Device.Phone) { ChineseCheckersApp(app) }
        screenshot("chain-in-progress", Device.Tablet) { ChineseCheckersApp(app) }
        tapHole(Coord(0, -2)) // back out of the last hop
        assertEquals(2, gameOf(app).chain.size)
        click("endJump")
        val played = gameOf(app).history.single()
        assertEquals(MoveKind.JUMP, played.kind)
        assertEquals(listOf(Coord(0, 0), Coord(0, -2)), played.path)
        tag("endJump").assertIsNotEnabled()
        app.close()
    }

    @Test
    fun buttonsFollowTheGamesCapabilitiesAndARematchFollowsTheEndInTheSameSlot() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform())
        app.settings.update { it.copy(animationSpeed = AnimationSpeed.Fast) }
        // Pass-and-play has undo and replay but no hint (no engine); solo has all three.
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), person())), BoardMode.PassAndPlay)
        setContent { ChineseCheckersApp(app) }
        assertTrue(exists("undo") && exists("replay"))
        assertFalse("a game without an AI seat has no hint", exists("hint"))
        assertNull(boardOf(app).capabilities.hint)

        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai())), BoardMode.Solo)
        waitForIdle()
        assertTrue(exists("undo") && exists("hint") && exists("replay"))
        tapHole(Coord(-1, 5))
        tapHole(Coord(-1, 4))
        waitUntil(timeoutMillis = 20_000) { gameOf(app).history.size == 2 && !gameOf(app).aiToMove }
        val library = checkNotNull(app.library)
        val slot = library.listing().playing.single { it.kind == SavedGameKind.SOLO }.id

        // Resigning ends it; the rematch is the core's: the same seats, a new game on this board.
        assertFalse(boardOf(app).canRematch)
        click("resign")
        click("confirmResign")
        waitUntil(timeoutMillis = 5_000) { gameOf(app).outcome != null }
        assertTrue(boardOf(app).canRematch)
        val ended = gameOf(app)
        click("rematch")
        waitUntil(timeoutMillis = 5_000) { gameOf(app).outcome == null }
        val next = gameOf(app)
        assertTrue("the rematch starts from the start position", next.history.isEmpty())
        assertEquals(ended.players.map { it.player }, next.players.map { it.player })
        assertTrue(exists("undo") && exists("hint") && exists("replay"))
        assertTrue("the ended game is among the finished ones", library.listing().finished.any { it.id == slot })
        // Its first move writes it in the slot of the game it follows.
        tapHole(Coord(-1, 5))
        tapHole(Coord(-1, 4))
        waitUntil(timeoutMillis = 20_000) { gameOf(app).history.size == 2 && !gameOf(app).aiToMove }
        val playing = library.listing().playing.filter { it.kind == SavedGameKind.SOLO }
        assertEquals("one solo game to continue, the rematch", 1, playing.size)
        assertEquals(2, playing.single().moves)
        app.close()
    }

    @Test
    fun undoRedoAndStepByStepReplay() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform())
        app.settings.update { it.copy(animationSpeed = AnimationSpeed.Fast) }
        app.startLocal(setup(Preset.TRIPOT, listOf(person(), ai())), BoardMode.Solo)
        setContent { ChineseCheckersApp(app) }
        tapHole(Coord(-1, 5))
        tapHole(Coord(-1, 4))
        waitUntil(timeoutMillis = 20_000) { gameOf(app).history.size == 2 && !gameOf(app).aiToMove }
        val afterAi = gameOf(app)

        click("undo")
        waitForIdle()
        assertTrue("undo takes back the person's move with the AI's answer", gameOf(app).history.isEmpty())
        assertEquals(Colour.S, gameOf(app).hole(Coord(-1, 5)).occupant)
        tag("redo").assertIsDisplayed()
        click("redo")
        waitUntil(timeoutMillis = 5_000) { gameOf(app).history.isNotEmpty() }
        click("redo")
        waitUntil(timeoutMillis = 5_000) { gameOf(app).history.size == 2 }
        assertEquals(afterAi.history, gameOf(app).history)
        assertEquals(afterAi.holes, gameOf(app).holes)

        // The replay opens at the start (move 0), as it does from Your games, and steps back
        // and forth through the moves.
        click("replay")
        assertNotNull(gameOf(app).replay)
        tag("replayPosition").assertTextEquals("0 / 2")
        click("replayForward")
        click("replayForward")
        tag("replayPosition").assertTextEquals("2 / 2")
        assertEquals(afterAi.holes, gameOf(app).holes)
        click("replayBack")
        click("replayBack")
        tag("replayPosition").assertTextEquals("0 / 2")
        assertEquals(Colour.S, gameOf(app).hole(Coord(-1, 5)).occupant)
        assertNull(gameOf(app).hole(Coord(-1, 4)).occupant)
        click("replayForward")
        tag("replayPosition").assertTextEquals("1 / 2")
        assertNull(gameOf(app).hole(Coord(-1, 5)).occupant)
        assertEquals(Colour.S, gameOf(app).hole(Coord(-1, 4)).occupant)
        click("replayExit")
        assertNull(gameOf(app).replay)
        assertEquals(afterAi.holes, gameOf(app).holes)
        app.close()
    }

    @Test
    fun theSkippedTurnBannerShowsAndIsAnnounced() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform())
        // N's lone peg hemmed on its tip with swaps off: after the person's move, the AI must pass.
        val pos = positionFromJson(
            """{"rules":{"preset":"tripot","swaps":false},"players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[3,-7],[4,-7],[2,-6],[4,-6],[0,4]],"N":[[4,-8]]},"to_move":0}""",
        )
        app.showLocal(LocalGame.fromPosition(pos, listOf(person(), ai()), 0uL).game(), BoardMode.Solo)
        setContent { ChineseCheckersApp(app) }
        assertFalse(exists("banner"))
        tapHole(Coord(0, 4))
        tapHole(Coord(0, 3))
        waitForIdle()
        val banner = gameOf(app).banner
        assertTrue("banner: $banner", banner is Banner.TurnSkipped && banner.player == 1)
        val name = EnglishStrings.playerName(gameOf(app).players[1].name)
        tag("banner").assertTextEquals("$name was blocked — turn skipped")
        val live = tag("banner").fetchSemanticsNode().config[androidx.compose.ui.semantics.SemanticsProperties.LiveRegion]
        assertEquals(androidx.compose.ui.semantics.LiveRegionMode.Assertive, live)
        screenshot("skipped-turn", Device.Phone) { ChineseCheckersApp(app) }
        screenshot("skipped-turn", Device.Tablet) { ChineseCheckersApp(app) }
        // Undo takes the pass back with the person's move, and the banner with it.
        click("undo")
        assertTrue(gameOf(app).history.isEmpty())
        assertFalse(exists("banner"))
        app.close()
    }

    @Test
    fun sixPlayerSternhalmaWithAiSeatsSetUpOnTheNewGameScreen() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform())
        app.settings.update { it.copy(animationSpeed = AnimationSpeed.Fast) }
        setContent { ChineseCheckersApp(app) }
        click("passAndPlay")
        click("ruleSet:STERNHALMA")
        click("seats:6")
        for (i in 1..5) click("seat:$i:BEGINNER")
        click("start")
        val start = gameOf(app)
        assertEquals(6, start.players.size)
        assertEquals(60, start.holes.count { it.occupant != null })
        assertEquals(0, start.toMove)
        // The person plays a step through the board; the five AI seats answer in turn.
        val (from, to) = findStep(app)
        tapHole(from)
        tapHole(to)
        waitUntil(timeoutMillis = 60_000) { gameOf(app).history.size >= 6 && gameOf(app).toMove == 0 && !gameOf(app).aiToMove }
        assertEquals(listOf(0, 1, 2, 3, 4, 5), gameOf(app).history.take(6).map { it.player })
        waitForIdle()
        val en = EnglishStrings
        tag("status").assertTextEquals(en.toMove(en.playerName(gameOf(app).players[0].name)))
        app.close()
    }

    @Test
    fun aNewGameReplacesTheInterruptedOneOnlyWhenThePlayerSaysSo() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform(reducedMotion = true))
        setContent { ChineseCheckersApp(app) }
        click("passAndPlay")
        click("start")
        val (from, to) = findStep(app)
        tapHole(from)
        tapHole(to)
        waitForIdle()
        val interrupted = gameOf(app).history.size
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
        assertEquals(0, gameOf(app).history.size)
        assertEquals(listOf(saved.id), library.listing().playing.map { it.id })
        val (from2, to2) = findStep(app)
        tapHole(from2)
        tapHole(to2)
        waitForIdle()
        val now = library.listing().playing.single()
        assertTrue("the new game took the slot", now.id != saved.id)
        assertEquals(1, now.moves)
        app.close()
    }

    @Test
    fun homeMidGameShowsTheGameInContinueWithItsCardAndAnEndedGameIsNeverOffered() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform(reducedMotion = true), today = screenshotToday)
        setContent { ChineseCheckersApp(app) }
        click("solo")
        click("opponent:Jean Médecin")
        click("start")
        val (from, to) = findStep(app)
        tapHole(from)
        tapHole(to)
        waitUntil(timeoutMillis = 30_000) { gameOf(app).history.size == 2 && gameOf(app).thinking == null }
        waitForIdle()
        val id = checkNotNull(app.library).listing().playing.single().id
        assertEquals(SaveStatus.Saved, gameOf(app).storage)

        // "‹ Home" mid-game: the game is offered to continue, its card worded from the core's card.
        click("home")
        waitForIdle()
        tag("continue:$id").assertIsDisplayed()
        tag("card:$id:0").assertTextEquals("Solo · Tripot · 2 moves")
        tag("card:$id:1").assertTextEquals("vs Jean Médecin (Beginner)")
        tag("card:$id:2").assertTextEquals("Your turn · played just now")
        for (device in Device.entries) screenshot("home-continue", device) { ChineseCheckersApp(app) }

        // Continued, it is the same game; resigned, it leaves Continue at once.
        click("continue:$id")
        waitForIdle()
        assertEquals(2, gameOf(app).history.size)
        click("resign")
        click("confirmResign")
        waitForIdle()
        assertNotNull(gameOf(app).outcome)
        click("gameOverHome")
        waitForIdle()
        assertFalse("an ended game is not offered to continue", exists("continue:$id"))
        assertEquals(emptyList<String>(), app.home.state.value.interrupted.map { it.id })
        assertEquals(listOf(id), app.library!!.listing().finished.map { it.id })
        app.close()
    }

    @Test
    fun aFailedSaveIsShownOnTheBoardAndTryAgainWritesIt() = runDesktopComposeUiTest(800, 1000) {
        val platform = testPlatform(reducedMotion = true)
        val app = AppState(platform)
        setContent { ChineseCheckersApp(app) }
        click("passAndPlay")
        click("start")
        assertFalse(exists("saveFailed"))
        // The library's games folder goes (a storage fault): the move is played, its write fails.
        val games = java.io.File(platform.dataDir, "games")
        assertTrue(games.deleteRecursively())
        val (from, to) = findStep(app)
        tapHole(from)
        tapHole(to)
        waitForIdle()
        assertEquals(1, gameOf(app).history.size)
        assertTrue("${gameOf(app).storage}", gameOf(app).storage is SaveStatus.Failed)
        tag("saveFailed").assertIsDisplayed()
        // The folder is back: "Try again" writes the game, and the warning goes.
        assertTrue(games.mkdirs())
        click("saveRetry")
        waitForIdle()
        assertEquals(SaveStatus.Saved, gameOf(app).storage)
        assertFalse(exists("saveFailed"))
        assertEquals(1, checkNotNull(app.library).listing().playing.single().moves)
        app.close()
    }

    @Test
    fun aMoveSoundsAndTheSoundSettingSilencesIt() = runDesktopComposeUiTest(800, 1000) {
        val platform = testPlatform(reducedMotion = true)
        val app = AppState(platform)
        setContent { ChineseCheckersApp(app) }
        click("passAndPlay")
        click("start")
        val (from, to) = findStep(app)
        tapHole(from)
        assertEquals("selecting a peg makes no sound", 0, platform.soundsPlayed.size)
        tapHole(to)
        waitForIdle()
        assertEquals("the core's step sound", listOf(Tones.pcm(SoundCue.STEP).toList()), platform.soundsPlayed.map { it.toList() })
        // Off in the settings: the next move is silent.
        app.settings.update { it.copy(sound = false) }
        val (from2, to2) = findStep(app)
        tapHole(from2)
        tapHole(to2)
        waitForIdle()
        assertEquals(2, gameOf(app).history.size)
        assertEquals("the core's step sound", listOf(Tones.pcm(SoundCue.STEP).toList()), platform.soundsPlayed.map { it.toList() })
        app.close()
    }

    @Test
    fun passAndPlayTurnsTheBoardTowardThePlayerToMoveWhenTheSettingIsOn() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform(reducedMotion = true)) // the turn snaps: positions can be read at once
        setContent { ChineseCheckersApp(app) }
        click("passAndPlay")
        click("start")
        assertEquals(0, gameOf(app).rotationDegrees)
        val southTip = gameOf(app).holes.filter { it.occupant == Colour.S }.maxBy { it.coord.r }.coord
        val northTip = gameOf(app).holes.filter { it.occupant == Colour.N }.minBy { it.coord.r }.coord
        assertTrue("S sits at the bottom for the first player", holeCentre(southTip).y > holeCentre(northTip).y)
        val (from, to) = findStep(app)
        tapHole(from)
        tapHole(to)
        waitForIdle()
        assertEquals(1, gameOf(app).toMove)
        assertEquals(180, gameOf(app).rotationDegrees)
        assertTrue("N sits at the bottom for the second player", holeCentre(northTip).y > holeCentre(southTip).y)
        // Turned off in the settings, the core turns the board back at once, and it stays put.
        app.settings.update { it.copy(boardRotation = false) }
        waitUntil(timeoutMillis = 5_000) { gameOf(app).rotationDegrees == 0 }
        waitForIdle()
        assertTrue("S is back at the bottom", holeCentre(southTip).y > holeCentre(northTip).y)
        val (from2, to2) = findStep(app)
        tapHole(from2)
        tapHole(to2)
        waitForIdle()
        assertEquals(0, gameOf(app).toMove)
        assertEquals(0, gameOf(app).rotationDegrees)
        val (from3, to3) = findStep(app)
        tapHole(from3)
        tapHole(to3)
        waitForIdle()
        assertEquals(0, gameOf(app).rotationDegrees)
        assertTrue(holeCentre(southTip).y > holeCentre(northTip).y)
        // Turned on again, the core turns the board to the player to move.
        app.settings.update { it.copy(boardRotation = true) }
        waitUntil(timeoutMillis = 5_000) { gameOf(app).rotationDegrees == 180 }
        assertEquals(1, gameOf(app).toMove)
        app.close()
    }
}
