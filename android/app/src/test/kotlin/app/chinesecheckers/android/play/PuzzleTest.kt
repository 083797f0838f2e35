package app.chinesecheckers.android.play

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.SCREENSHOT_DAY
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.arrows
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.hole
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapHole
import app.chinesecheckers.android.text
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.core.ParVerdict
import app.chinesecheckers.core.PuzzleGame
import app.chinesecheckers.core.PuzzleInfo
import app.chinesecheckers.core.PuzzleStep
import app.chinesecheckers.core.puzzleOfTheDay
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.holeTag
import app.chinesecheckers.ui.strings.ChinesePuzzleStrings
import app.chinesecheckers.ui.strings.EnglishPuzzleStrings
import app.chinesecheckers.ui.strings.FrenchPuzzleStrings
import app.chinesecheckers.ui.strings.Language
import app.chinesecheckers.ui.strings.ThemeChoice
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import java.io.File
import java.nio.file.Files

/**
 * Issue 29's race puzzles on Android: a puzzle solved at par by taps on the board's holes along
 * the solver's line, the solved sheet, the line stepped through as arrows, the list and the
 * Statistics screen showing the result the core kept; undo, redo and restart; Home's puzzle of
 * the day for an injected date. Goldens of the list, a puzzle in play, solved and its line.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class PuzzleTest {
    /** The app's date (appTest pins it to this day). */
    private val day = SCREENSHOT_DAY

    /**
     * The solver's line of [id] from the core's built-in set (`rust-core/src/session/puzzles.json`,
     * the data the library embeds): the core hands the line out only once a puzzle is solved, so
     * the test reads it there, and checks at the end that the solved state gives the same line.
     */
    private fun solverLine(id: String): List<PuzzleStep> {
        var dir: File? = File(System.getProperty("user.dir")).absoluteFile
        while (dir != null && !File(dir, "rust-core/src/session/puzzles.json").exists()) dir = dir.parentFile
        val json = File(checkNotNull(dir) { "no puzzles.json above the working directory" }, "rust-core/src/session/puzzles.json").readText()
        val start = json.indexOf("\"id\": \"$id\"")
        check(start >= 0) { "$id is not in the set" }
        val lineAt = json.indexOf("\"line\"", start)
        val end = json.indexOf(']', lineAt)
        val number = Regex("-?\\d+")
        val values = number.findAll(json.substring(lineAt, end)).map { it.value.toInt() }.toList()
        return values.chunked(4).map { (fq, fr, tq, tr) -> PuzzleStep(Coord(fq, fr), Coord(tq, tr), emptyList()) }
    }

    /** Plays [step] by taps on the board's holes (End jump when a tripot chain could go on). */
    private fun RunningApp.playByTaps(step: PuzzleStep) {
        val before = app.puzzle.value!!.state.value.puzzle.moves
        tapHole(step.from)
        tapHole(step.to)
        if (app.puzzle.value!!.state.value.puzzle.moves == before) click("endJump")
        assertEquals("one move per step", before + 1, app.puzzle.value!!.state.value.puzzle.moves)
    }

    private fun RunningApp.openFromList(id: String) {
        click("puzzles")
        click("puzzle:$id")
        assertTrue(exists("board"))
    }

    /** The golden [name] in the app's [theme] (the light theme again after). */
    private fun RunningApp.snapshotIn(theme: ThemeChoice, name: String) {
        app.settings.update { it.copy(theme = theme) }
        snapshot(name)
        app.settings.update { it.copy(theme = ThemeChoice.Light) }
        waitForIdle()
    }

    @Test
    fun aPuzzleSolvedAtParByTapsSaysSoAndTheListAndStatisticsShowIt() = appTest(reducedMotion = true) {
        val info = app.puzzleList.state.value.puzzles.first()
        val line = solverLine(info.id)
        assertEquals(info.par, line.size)
        openFromList(info.id)
        assertEquals(EnglishPuzzleStrings.count(0, info.par), text("count"))
        for ((i, step) in line.withIndex()) {
            if (i == 1) snapshotIn(ThemeChoice.Light, "puzzle-play-phone")
            playByTaps(step)
            assertEquals(EnglishPuzzleStrings.count(i + 1, info.par), text("count"))
        }
        // The sheet: at par, the best the core kept.
        assertTrue(exists("puzzleSolved"))
        val coreLine = app.puzzle.value!!.state.value.puzzle.line
        assertEquals("the core's line is the one the taps followed", line.map { it.from to it.to }, coreLine.map { it.from to it.to })
        for (move in coreLine) assertEquals("each move's path runs from its start to its end", listOf(move.from, move.to), listOf(move.path.first(), move.path.last()))
        assertEquals(EnglishPuzzleStrings.solvedIn(info.par), text("solvedTitle"))
        assertEquals(EnglishPuzzleStrings.againstPar(ParVerdict.AtPar), text("againstPar"))
        assertEquals(EnglishPuzzleStrings.yourBest(info.par), text("yourBest"))
        snapshotIn(ThemeChoice.Light, "puzzle-solved-phone")
        snapshotIn(ThemeChoice.Dark, "puzzle-solved-dark-phone")

        // The solver's line, on the board as arrows along each move's path, forward and back.
        click("showLine")
        assertFalse(exists("puzzleSolved"))
        assertEquals("0 / ${line.size}", text("linePosition"))
        assertTrue(arrows().isEmpty())
        click("lineForward")
        click("lineForward")
        assertEquals("2 / ${line.size}", text("linePosition"))
        assertEquals(coreLine[1].path, arrows())
        val shown = app.puzzle.value!!.state.value.line!!.board
        assertEquals("the line's board has the solver's peg on its landing hole", 0, shown.hole(line[1].to).owner)
        tag("undo").assertIsNotEnabled()
        snapshotIn(ThemeChoice.Light, "puzzle-line-phone")
        click("lineBack")
        assertEquals(coreLine[0].path, arrows())
        click("closeLine")
        assertTrue(arrows().isEmpty())
        assertTrue("the person's board again, solved", app.puzzle.value!!.state.value.puzzle.solved)
        click("openResult")
        assertTrue(exists("puzzleSolved"))

        // The list shows it solved at par; replaying the solver's line did not count as a solve.
        click("allPuzzles")
        assertEquals(EnglishPuzzleStrings.result(info.par, solvedAtPar = true), text("puzzle:${info.id}:result"))
        val others = app.puzzleList.state.value.puzzles.filter { it.id != info.id }
        assertTrue(others.all { it.best == null })
        snapshotIn(ThemeChoice.Light, "puzzle-list-phone")

        // Statistics: one solved, at par.
        click("back")
        click("statistics")
        val total = app.puzzleList.state.value.puzzles.size
        assertEquals(EnglishPuzzleStrings.statistics(1, 1, total), text("puzzleStats"))
    }

    @Test
    fun onATabletTheSolverLinesStepperCoversNoHole() = appTest(device = Device.Tablet, reducedMotion = true) {
        // A tripot puzzle this time: its chains are ended with End jump where the line stops.
        val info = app.puzzleList.state.value.puzzles.first { it.id.startsWith("tripot") }
        val line = solverLine(info.id)
        openFromList(info.id)
        for (step in line) playByTaps(step)
        assertEquals(EnglishPuzzleStrings.againstPar(ParVerdict.AtPar), text("againstPar"))
        click("showLine")
        click("lineForward")
        val stepper = tag("lineStepper").fetchSemanticsNode().boundsInRoot
        for (h in app.puzzle.value!!.state.value.line!!.board.holes) {
            assertFalse("the stepper covers hole ${h.coord}", stepper.overlaps(tag(holeTag(h.coord)).fetchSemanticsNode().boundsInRoot))
        }
        snapshot("puzzle-line-tablet")
        // The side panel below the buttons: the aim, the best kept, and the person's moves,
        // newest first (the line's move is said above it).
        assertEquals(EnglishPuzzleStrings.intro, text("puzzleIntro"))
        assertEquals(EnglishPuzzleStrings.yourBest(line.size), text("panelBest"))
        assertTrue(exists("puzzleMove:${line.size}") && !exists("puzzleMove:${line.size + 1}"))
        // Next puzzle: the one after it in the list, from its start; back goes to the list.
        click("closeLine")
        assertTrue(exists("puzzleMove:${line.size}"))
        click("openResult")
        click("nextPuzzle")
        val list = app.puzzleList.state.value.puzzles
        val next = list[list.indexOfFirst { it.id == info.id } + 1]
        assertEquals(next.id, app.puzzle.value!!.state.value.puzzle.id)
        assertEquals(EnglishPuzzleStrings.count(0, next.par), text("count"))
        assertFalse(exists("puzzleSolved"))
        click("back")
        assertTrue(exists("puzzle:${next.id}"))
    }

    /**
     * A step out and back that leaves the position as it was (two moves spent for nothing),
     * found on a scratch game of the core's.
     */
    private fun detour(id: String): Pair<Coord, Coord> {
        val dir = Files.createTempDirectory("cc-puzzle-detour").toFile().apply { deleteOnExit() }.path
        PuzzleGame(dir, id).use { puzzle ->
            val game = puzzle.game()
            val start = game.state().holes.map { it.owner }
            for (h in game.state().holes.filter { it.owner == 0 }) {
                val steps = game.tap(h.coord.q, h.coord.r).targets.filter { it.kind == MoveKind.STEP }
                game.tap(h.coord.q, h.coord.r) // let go of it
                for (t in steps) {
                    game.tap(h.coord.q, h.coord.r)
                    game.tap(t.coord.q, t.coord.r)
                    val back = game.tap(t.coord.q, t.coord.r).targets.any { it.coord == h.coord && it.kind == MoveKind.STEP }
                    if (back && game.tap(h.coord.q, h.coord.r).holes.map { it.owner } == start) return h.coord to t.coord
                    puzzle.restart()
                }
            }
        }
        error("no step out and back in $id")
    }

    @Test
    fun aPuzzleSolvedOverParSaysSoAndTheListShowsTheBestNotAtPar() = appTest(reducedMotion = true) {
        val info = app.puzzleList.state.value.puzzles.first()
        val line = solverLine(info.id)
        val (peg, hole) = detour(info.id)
        openFromList(info.id)
        playByTaps(PuzzleStep(peg, hole, emptyList()))
        playByTaps(PuzzleStep(hole, peg, emptyList()))
        for (step in line) playByTaps(step)
        val par = info.par
        assertEquals(EnglishPuzzleStrings.solvedIn(par + 2), text("solvedTitle"))
        assertEquals(EnglishPuzzleStrings.againstPar(ParVerdict.OverPar(2)), text("againstPar"))
        assertEquals("2 over par. Try again to reach par.", text("againstPar"))
        assertEquals(EnglishPuzzleStrings.yourBest(par + 2), text("yourBest"))
        click("allPuzzles")
        assertEquals(EnglishPuzzleStrings.result(par + 2, solvedAtPar = false), text("puzzle:${info.id}:result"))
    }

    @Test
    fun undoRedoAndRestartChangeTheCount() = appTest(reducedMotion = true) {
        // A tripot puzzle: its End jump slot is there from the start, disabled until a chain.
        val info = app.puzzleList.state.value.puzzles.first { it.id.startsWith("tripot") }
        val line = solverLine(info.id)
        openFromList(info.id)
        val par = info.par
        for (slot in listOf("endJump", "undo", "redo", "restart")) tag(slot).assertIsNotEnabled()
        val slots = listOf("endJump", "undo", "redo", "restart").associateWith { tag(it).fetchSemanticsNode().boundsInRoot }
        playByTaps(line[0])
        playByTaps(line[1])
        assertEquals(EnglishPuzzleStrings.count(2, par), text("count"))
        click("undo")
        assertEquals(EnglishPuzzleStrings.count(1, par), text("count"))
        tag("redo").assertIsEnabled()
        click("redo")
        assertEquals(EnglishPuzzleStrings.count(2, par), text("count"))
        tag("redo").assertIsNotEnabled()
        click("undo")
        click("undo")
        assertEquals(EnglishPuzzleStrings.count(0, par), text("count"))
        click("redo")
        assertEquals(EnglishPuzzleStrings.count(1, par), text("count"))
        click("restart")
        assertEquals(EnglishPuzzleStrings.count(0, par), text("count"))
        tag("redo").assertIsNotEnabled()
        tag("restart").assertIsNotEnabled()
        // Nothing moved under the finger.
        for ((slot, bounds) in slots) assertEquals("$slot stays in place", bounds, tag(slot).fetchSemanticsNode().boundsInRoot)
        // A tap the core refuses is said (a frozen peg is not the person's).
        val frozen = info.frozen.first()
        tapHole(frozen)
        assertTrue(exists("notice"))
    }

    @Test
    fun homeShowsThePuzzleOfTheDayOfTheInjectedDate() {
        var today = day
        appTest(today = { today }, reducedMotion = true) {
            val dataDir = app.platform.dataDir
            // A second date whose puzzle reads differently on Home, so that the check can fail.
            fun glance(p: PuzzleInfo) = EnglishPuzzleStrings.today(p.difficulty, p.par)
            val first = puzzleOfTheDay(dataDir, day)
            val other = (day + 1..day + 60).first { glance(puzzleOfTheDay(dataDir, it)) != glance(first) }
            assertEquals(glance(first), text("puzzleOfTheDay"))
            today = other
            click("settings")
            click("back")
            assertEquals("Home reads the date again", glance(puzzleOfTheDay(dataDir, other)), text("puzzleOfTheDay"))
            // The list's first card is the same puzzle, and opens titled as the puzzle of the day.
            click("puzzles")
            val daily = puzzleOfTheDay(dataDir, other)
            assertEquals(EnglishPuzzleStrings.par(daily.par, daily.proven), text("daily:par"))
            // The set's puzzles are numbered by the core within their rule set and difficulty
            // (iOS's list shows the same numbers).
            val firstOfSet = app.puzzleList.state.value.puzzles.first()
            assertEquals("Classic · Easy 1", text("puzzle:${firstOfSet.id}:title"))
            click("daily")
            assertEquals(EnglishPuzzleStrings.puzzleOfTheDay, text("puzzleTitle"))
            assertEquals(daily.id, app.puzzle.value!!.state.value.puzzle.id)
        }
    }

    @Test
    fun thePuzzlesAreWordedInFrenchAndChinese() = appTest(reducedMotion = true) {
        val info = app.puzzleList.state.value.puzzles.first()
        for ((language, words) in listOf(Language.French to FrenchPuzzleStrings, Language.Chinese to ChinesePuzzleStrings)) {
            assertNotEquals(EnglishPuzzleStrings.restart, words.restart)
            assertNotEquals(EnglishPuzzleStrings.againstPar(ParVerdict.AtPar), words.againstPar(ParVerdict.AtPar))
            app.settings.update { it.copy(language = language) }
            waitForIdle()
            click("puzzles")
            assertEquals(words.par(info.par, info.proven), text("puzzle:${info.id}:par"))
            click("puzzle:${info.id}")
            assertEquals(words.count(0, info.par), text("count"))
            val tag = language.code.lowercase()
            // A puzzle in play in French, the list in Chinese.
            if (language == Language.French) snapshot("puzzle-play-$tag-phone")
            click("back")
            if (language == Language.Chinese) snapshot("puzzle-list-$tag-phone")
            app.navigate(Screen.Home)
        }
    }
}
