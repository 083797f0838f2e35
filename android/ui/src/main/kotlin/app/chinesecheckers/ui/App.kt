package app.chinesecheckers.ui

import androidx.compose.material3.AlertDialog
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import app.chinesecheckers.core.BoardGeometry
import app.chinesecheckers.core.GameCard
import app.chinesecheckers.core.GameInterface
import app.chinesecheckers.core.GameLibrary
import app.chinesecheckers.core.LibraryException
import app.chinesecheckers.core.GameSetup
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.SavedGame
import app.chinesecheckers.core.SavedGameKind
import app.chinesecheckers.core.boardGeometry
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.board.BoardPresenter
import app.chinesecheckers.ui.board.BoardScreen
import app.chinesecheckers.ui.home.HomePresenter
import app.chinesecheckers.ui.home.HomeScreen
import app.chinesecheckers.ui.learn.LearnOffer
import app.chinesecheckers.ui.learn.LessonPresenter
import app.chinesecheckers.ui.learn.LessonScreen
import app.chinesecheckers.ui.newgame.NewGamePresenter
import app.chinesecheckers.ui.newgame.NewGameScreen
import app.chinesecheckers.ui.online.OnlinePresenter
import app.chinesecheckers.ui.online.OnlineScreen
import app.chinesecheckers.ui.platform.HapticKind
import app.chinesecheckers.ui.platform.Platform
import app.chinesecheckers.ui.puzzle.PuzzleListPresenter
import app.chinesecheckers.ui.puzzle.PuzzleListScreen
import app.chinesecheckers.ui.puzzle.PuzzlePresenter
import app.chinesecheckers.ui.puzzle.PuzzleScreen
import app.chinesecheckers.ui.puzzle.puzzleTitle
import app.chinesecheckers.ui.strings.puzzleWords
import app.chinesecheckers.core.PuzzleException
import app.chinesecheckers.core.PuzzleInfo
import app.chinesecheckers.ui.rules.RulesScreen
import app.chinesecheckers.ui.settings.SettingsScreen
import app.chinesecheckers.ui.settings.SettingsStore
import app.chinesecheckers.ui.statistics.StatisticsScreen
import app.chinesecheckers.ui.strings.Language
import app.chinesecheckers.ui.strings.Strings
import app.chinesecheckers.ui.strings.stringsFor
import app.chinesecheckers.ui.theme.AppTheme
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/** The app's screens; [Board] shows [AppState.board]. */
sealed interface Screen {
    data object Home : Screen
    data class NewGame(val mode: BoardMode) : Screen
    data object Board : Screen
    data object Online : Screen
    data object Rules : Screen
    data object Statistics : Screen
    data object Settings : Screen
    /** The race puzzles' list; [Puzzle] plays [AppState.puzzle]. */
    data object Puzzles : Screen
    data object Puzzle : Screen
    /** The lessons: their list, or the one being played ([AppState.learn]). */
    data object Learn : Screen
}

/**
 * Everything the app keeps alive across screens; created once per process by the host (the
 * Android Activity's holder, or the desktop main). It owns the settings, the saved-games library,
 * the board geometry, the navigation and the presenter of each open screen. [today] is the local
 * date in days since 1970-01-01 (the puzzle of the day's; tests fix it).
 */
class AppState(platform: Platform, today: () -> Long = { java.time.LocalDate.now().toEpochDay() }) {
    /** The host's platform, with haptics and sound silenced when the settings turn them off. */
    val platform: Platform = SettingsAwarePlatform(platform)

    /** The player's settings (persisted in the data directory). */
    val settings = SettingsStore(platform.dataDir)

    /** Saved games and statistics; null when the data directory cannot be used (then nothing is saved). */
    val library: GameLibrary? = runCatching { GameLibrary.open(platform.dataDir) }.getOrNull()

    /** The board's drawing data, the same for every game. */
    val geometry: BoardGeometry = boardGeometry()

    /** Where presenters await searches and network events; cancelled by [close]. */
    val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default)

    private val _screen = MutableStateFlow<Screen>(Screen.Home)
    private val backStack = ArrayDeque<Screen>()

    /** The screen shown. */
    val screen: StateFlow<Screen> = _screen.asStateFlow()

    private val _board = MutableStateFlow<BoardPresenter?>(null)

    /** The board of the game being played, if any. */
    val board: StateFlow<BoardPresenter?> = _board.asStateFlow()

    /** Home's state holder. */
    val home = HomePresenter(library)

    /** The new-game screen's state holder of the mode being set up. */
    var newGame: NewGamePresenter = NewGamePresenter(BoardMode.Solo)
        private set

    /** The race puzzles with the person's results (the list, Home's puzzle of the day, Statistics). */
    val puzzleList = PuzzleListPresenter(platform.dataDir, today)

    private val _puzzle = MutableStateFlow<PuzzlePresenter?>(null)

    /** The race puzzle being played, if any. */
    val puzzle: StateFlow<PuzzlePresenter?> = _puzzle.asStateFlow()

    /**
     * Plays the puzzle [info] ([daily]: the puzzle of the day), from the list or from a solved
     * sheet's "Next puzzle" (which takes the place of the one solved: back returns to the list).
     */
    fun openPuzzle(info: PuzzleInfo, daily: Boolean) {
        val presenter = try {
            PuzzlePresenter(
                platform.dataDir,
                info,
                daily,
                haptic = this.platform::haptic,
                onSolved = puzzleList::refresh,
            )
        } catch (e: PuzzleException) {
            puzzleList.refresh()
            return
        }
        _puzzle.value?.close()
        _puzzle.value = presenter
        if (_screen.value != Screen.Puzzle) navigate(Screen.Puzzle)
    }
    /** The lessons' state holder, created on first use. */
    val learn: LessonPresenter by lazy { LessonPresenter(platform.dataDir) }

    /** Online play's state holder, created on first use. */
    val online: OnlinePresenter by lazy { OnlinePresenter(this) }

    /** The strings of the chosen language, or of the system's. */
    val language: Language get() = settings.settings.value.language ?: Language.fromTag(platform.systemLanguage)

    /** Shows [to]; [back] returns to the screen before it. */
    fun navigate(to: Screen) {
        if (to == Screen.Home) backStack.clear() else backStack.addLast(_screen.value)
        if (to is Screen.NewGame) {
            // The last choices of this mode, kept with the settings at every change.
            val key = to.mode.name
            newGame = NewGamePresenter(
                to.mode,
                remembered = settings.settings.value.lastNewGame[key],
                onChoices = { choices -> settings.update { it.copy(lastNewGame = it.lastNewGame + (key to choices)) } },
            )
        }
        if (to == Screen.Home) home.refresh()
        if (to == Screen.Home || to == Screen.Puzzles || to == Screen.Statistics) puzzleList.refresh()
        // The lessons open on their list; a Rules diagram opens its step after ([openLesson]).
        if (to == Screen.Learn) learn.showList()
        _screen.value = to
    }

    /** Opens the lesson [id] at [step] (a Rules diagram's link); the lessons' list if the core has no such step. */
    fun openLesson(id: String, step: Int) {
        navigate(Screen.Learn)
        learn.open(id, step)
    }

    /**
     * Answers the first-start offer of the lessons: it is remembered in the settings, so that it
     * never shows again; [learn] opens the lessons.
     */
    fun answerLearnOffer(learn: Boolean) {
        settings.update { it.copy(learnOffered = true) }
        if (learn) navigate(Screen.Learn)
    }

    /** Returns to the previous screen (Home at the bottom). Returns false when already home. */
    fun back(): Boolean {
        // A lesson in play goes back to the lessons' list first.
        if (_screen.value == Screen.Learn && learn.state.value != null) {
            learn.showList()
            return true
        }
        val previous = backStack.removeLastOrNull() ?: return false
        if (previous == Screen.Home) home.refresh()
        if (previous == Screen.Home || previous == Screen.Puzzles) puzzleList.refresh()
        _screen.value = previous
        return true
    }

    /**
     * Starts a local game from [setup], kept in the library at once: from then on it writes itself
     * after every change. When it would take the slot of another interrupted game of its kind,
     * nothing starts and that game is returned, so that the player is asked first; then call
     * again with [replace]. A set-up the core refuses starts nothing either (null).
     */
    fun startLocal(setup: GameSetup, mode: BoardMode, replace: Boolean = false): SavedGame? {
        val game = try {
            LocalGame(setup)
        } catch (e: app.chinesecheckers.core.SetupException) {
            return null
        }
        try {
            library?.keepLocal(game, replace)
        } catch (e: LibraryException.WouldReplace) {
            return e.existing
        } catch (e: LibraryException) {
            // The library cannot take it (its folder failed): the game is played all the same,
            // and its state says it is not kept.
        }
        showLocal(game.game(), mode)
        return null
    }

    /**
     * Shows the board of an existing local game (a test position, a restored one, or an online
     * game's record replayed; `localGame.game()`); [back] is the screen the board's back returns to.
     */
    fun showLocal(game: GameInterface, mode: BoardMode, back: Screen = Screen.Home) {
        _board.value?.close()
        _board.value = BoardPresenter(game, mode, scope, settings.settings, this.platform)
        backStack.clear()
        backStack.addLast(Screen.Home)
        if (back != Screen.Home) backStack.addLast(back)
        _screen.value = Screen.Board
    }

    /** Reopens a game of Home's Continue list, kept: it goes on writing itself. */
    fun continueGame(card: GameCard) {
        val library = library ?: return
        when (card.kind) {
            SavedGameKind.ONLINE -> {
                online.resume(card)
                navigate(Screen.Online)
            }
            else -> {
                // The board left on Home may still be thinking on its copy of this game: stop it
                // before the file is read again, so that one game object alone writes the slot.
                _board.value?.close()
                _board.value = null
                val game = runCatching { library.openGame(card.id) }.getOrElse { home.refresh(); return }
                val mode = if (card.kind == SavedGameKind.SOLO) BoardMode.Solo else BoardMode.PassAndPlay
                showLocal(game.game(), mode)
            }
        }
    }

    /**
     * What the Activity keeps for a new process (Android stops a process the player left and, when
     * they come back, starts a new one with the Activity's saved state): the local game on the
     * board and, mid-move, the pegs tapped so far (the selected peg, or a chain's hops), so that
     * the player finds the board as they left it. Null on every other screen, which a new process
     * opens on Home (an online game is continued from there and reconnects). The game itself is
     * in the library already: it wrote itself at every move.
     */
    fun instanceState(): String? {
        if (_screen.value != Screen.Board) return null
        val board = _board.value ?: return null
        val ui = board.state.value
        if (ui.mode != BoardMode.Solo && ui.mode != BoardMode.PassAndPlay) return null
        val taps = ui.game.chain.ifEmpty { listOfNotNull(ui.game.selected) }
        return listOf(INSTANCE_BOARD, board.gameId, ui.game.history.size.toString(), taps.joinToString(";") { "${it.q},${it.r}" })
            .joinToString("\t")
    }

    /**
     * Reopens what [instanceState] kept, in a new process: the game from the library (if it is
     * still an interrupted game of this device) and, when its moves are those the state was kept
     * at, the same taps again, which the core checks like any tap. Anything else leaves Home.
     */
    fun restoreInstanceState(state: String) {
        val parts = state.split('\t')
        if (parts.size != 4 || parts[0] != INSTANCE_BOARD) return
        val card = runCatching { library?.listing()?.playing }.getOrNull()
            ?.firstOrNull { it.id == parts[1] && it.kind != SavedGameKind.ONLINE } ?: return
        continueGame(card)
        val board = _board.value ?: return
        if (board.state.value.game.history.size.toString() != parts[2]) return
        for (tap in parts[3].split(';').filter { it.isNotEmpty() }) {
            val (q, r) = tap.split(',').map { it.toIntOrNull() ?: return }
            board.onEvent(app.chinesecheckers.ui.board.BoardEvent.TapHole(q, r))
        }
    }

    /**
     * The app goes to the background: the online game tells the server. Nothing is saved here:
     * every kept game wrote itself as it changed.
     */
    fun onBackground() {
        runCatching { online.onBackground() }
    }

    /** The app comes back to the foreground. */
    fun onForeground() {
        runCatching { online.onForeground() }
    }

    /** Stops every search and connection (the process ends). */
    fun close() {
        _board.value?.close()
        _puzzle.value?.close()
        runCatching { online.close() }
        scope.cancel()
    }

    private inner class SettingsAwarePlatform(private val host: Platform) : Platform by host {
        override fun playSound(samples: ShortArray) {
            if (settings.settings.value.sound) host.playSound(samples)
        }

        override fun haptic(kind: HapticKind) {
            if (settings.settings.value.haptics) host.haptic(kind)
        }
    }
}

/** The kind of [AppState.instanceState]: a local game's board. */
private const val INSTANCE_BOARD = "board"

/** The whole app: the screen [appState] shows, in the chosen theme and language. */
@Composable
fun ChineseCheckersApp(appState: AppState) {
    val settings by appState.settings.settings.collectAsState()
    val screen by appState.screen.collectAsState()
    val strings: Strings = stringsFor(settings.language ?: Language.fromTag(appState.platform.systemLanguage))
    val reducedMotion = settings.reducedMotion ?: appState.platform.systemReducedMotion
    AppTheme(settings.theme) {
        CompositionLocalProvider(LocalStrings provides strings) {
          // A surface under every screen: text takes the theme's colour on it (light or dark).
          Surface(color = MaterialTheme.colorScheme.background) {
            when (val s = screen) {
                Screen.Home -> {
                    val puzzles by appState.puzzleList.state.collectAsState()
                    HomeScreen(appState.home, onNavigate = appState::navigate, onContinue = appState::continueGame, puzzleOfTheDay = puzzles.daily)
                    if (!settings.learnOffered) LearnOffer(onAnswer = appState::answerLearnOffer)
                }
                is Screen.NewGame -> {
                    // An interrupted game of the same kind is replaced only once the player says so.
                    var replacing by remember(s) { mutableStateOf<SavedGame?>(null) }
                    NewGameScreen(
                        appState.newGame,
                        onStart = { replacing = appState.startLocal(appState.newGame.setup(), s.mode) },
                        onBack = { appState.back() },
                    )
                    replacing?.let { existing ->
                        AlertDialog(
                            onDismissRequest = { replacing = null },
                            text = { Text(strings.replaceInterrupted(existing.kind, existing.moves)) },
                            confirmButton = {
                                TextButton(
                                    onClick = { replacing = null; appState.startLocal(appState.newGame.setup(), s.mode, replace = true) },
                                    modifier = Modifier.testTag("confirmReplace"),
                                ) { Text(strings.replace) }
                            },
                            dismissButton = {
                                TextButton(onClick = { replacing = null }, modifier = Modifier.testTag("cancelReplace")) { Text(strings.cancel) }
                            },
                        )
                    }
                }
                Screen.Board -> {
                    val board by appState.board.collectAsState()
                    board?.let { presenter ->
                        // A new game of the same kind, from the game-over sheet (local games).
                        val mode = presenter.state.value.mode
                        val onNewGame = if (mode == BoardMode.Online) null else { { appState.navigate(Screen.NewGame(mode)) } }
                        BoardScreen(presenter, appState.geometry, reducedMotion, onHome = { appState.navigate(Screen.Home) }, onNewGame = onNewGame)
                    }
                }
                Screen.Online -> OnlineScreen(appState.online, appState.geometry, reducedMotion, onBack = { appState.online.leaveScreen(); appState.navigate(Screen.Home) })
                Screen.Rules -> RulesScreen(
                    appState.geometry,
                    onBack = { appState.back() },
                    onLearn = { appState.navigate(Screen.Learn) },
                    onOpenLesson = appState::openLesson,
                )
                Screen.Learn -> LessonScreen(appState.learn, appState.geometry, reducedMotion, onBack = { appState.back() })
                Screen.Statistics -> {
                    val puzzles by appState.puzzleList.state.collectAsState()
                    StatisticsScreen(appState.library, onBack = { appState.back() }, puzzles = puzzles.tally)
                }
                Screen.Settings -> SettingsScreen(appState.settings, appState.platform, onBack = { appState.back() })
                Screen.Puzzles -> PuzzleListScreen(appState.puzzleList, onOpen = appState::openPuzzle, onBack = { appState.back() })
                Screen.Puzzle -> {
                    val presenter by appState.puzzle.collectAsState()
                    val list by appState.puzzleList.state.collectAsState()
                    presenter?.let { p ->
                        val ui by p.state.collectAsState()
                        val words = puzzleWords(strings)
                        // The person's result as the core kept it (read again once solved).
                        val listed = list.puzzles.firstOrNull { it.id == ui.info.id } ?: list.daily?.takeIf { it.id == ui.info.id }
                        PuzzleScreen(
                            p,
                            appState.geometry,
                            reducedMotion,
                            title = if (ui.daily) words.puzzleOfTheDay else puzzleTitle(ui.info, strings, words),
                            next = appState.puzzleList.next(ui.info.id),
                            best = listed?.best,
                            onNext = { appState.openPuzzle(it, daily = false) },
                            onList = { appState.back() },
                        )
                    }
                }
            }
          }
        }
    }
}
