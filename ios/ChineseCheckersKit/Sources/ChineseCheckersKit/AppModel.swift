// The app's root model: opens the library, makes the screens' models and reopens the game in
// progress on launch. It never saves: every game kept in the library writes itself.
import ChineseCheckersCore
import Foundation
import Observation

/// The screens the navigation stack pushes.
public enum Screen: Hashable, Sendable {
    /// New solo game.
    case newSolo
    /// New pass-and-play game.
    case newPassAndPlay
    /// The local game on the board.
    case board
    /// Online play (quick match, lobby, room, join, then the board).
    case online
    /// The rules.
    case rules
    /// The lessons ("Learn to play").
    case lessons
    /// The lesson in play (`AppModel.lesson`).
    case lesson
    /// The statistics.
    case statistics
    /// The settings.
    case settings
    /// The race puzzles' list.
    case puzzles
    /// The race puzzle in play (`AppModel.puzzle`).
    case puzzle
}

/// Where the player is: the screens above home, in the order they were opened. The one
/// navigation state of the app: the iPhone's stack renders `path` above home; the iPad's split
/// view renders `root` beside home's sidebar and `detailPath` above it. Both read and write the
/// same array, so a size-class change (rotation, Split View, Stage Manager) keeps the screen.
public struct Navigation: Hashable, Sendable {
    /// The screens above home, the one on screen last (empty: home).
    public var path: [Screen]

    /// Navigation starting at `path` (home by default).
    public init(path: [Screen] = []) {
        self.path = path
    }

    /// The screen on screen (nil: home).
    public var current: Screen? { path.last }

    /// The split view's detail column: its first screen (nil: nothing chosen yet).
    public var root: Screen? { path.first }

    /// The split view's detail stack, above `root`. Setting it keeps `root` (the back button of
    /// the detail column pops these only).
    public var detailPath: [Screen] {
        get { Array(path.dropFirst()) }
        set { path = (path.first.map { [$0] } ?? []) + newValue }
    }

    /// A choice on home (or its sidebar): that screen alone above home.
    public mutating func choose(_ screen: Screen) {
        path = [screen]
    }

    /// A screen opened from another one (the board after "Start"): pushed on top.
    public mutating func push(_ screen: Screen) {
        path.append(screen)
    }

    /// Back to home.
    public mutating func goHome() {
        path = []
    }
}

/// The whole app's state outside the views.
@MainActor
@Observable
public final class AppModel {
    /// The settings.
    public let settings: AppSettings
    /// The game library (nil when its folder could not be opened; `error` says why).
    public let library: GameLibrary?
    /// The home screen.
    public let home: HomeModel
    /// The local game in progress, if any.
    public private(set) var board: BoardModel?
    /// Which new-game screen the local board's game belongs to (its "New game" opens it).
    @ObservationIgnored private var boardMode: NewGameModel.Mode = .solo
    /// The online session, if any.
    public private(set) var online: OnlineModel?
    /// The lesson in play, if any (`openLesson`).
    public private(set) var lesson: LessonModel?
    /// Whether the first start's "Learn to play" / "Skip" question is up (answered once, with
    /// `answerLearnOffer`, and never asked again; not asked when the library already holds
    /// games).
    public private(set) var learnOfferShown: Bool
    /// The race puzzles, with the results kept beside the library.
    public let puzzles: PuzzleListModel
    /// The lessons, with the finished ones kept beside the library.
    public let lessons: LessonsModel
    /// The race puzzle on screen, if any.
    public private(set) var puzzle: PuzzleModel?
    /// Plays the boards' sounds (set by the app before any board shows; nil: silent). Each
    /// board shown gets it, with the sound setting.
    @ObservationIgnored public var soundPlayer: (any SoundPlayer)?
    /// A problem to show on launch.
    public private(set) var error: LocalizedMessage?
    /// Where the player is, for both layouts (see `Navigation`). Back home, the listing is read
    /// again: the game left is under "Continue" (the core wrote it as it was played), an ended
    /// one is not.
    public var navigation = Navigation() {
        didSet {
            if navigation.path.isEmpty, !oldValue.path.isEmpty {
                home.refresh()
                puzzles.refresh()
            }
            // Back from a lesson to the list (or further): its tick may have changed.
            if navigation.path.count < oldValue.path.count { lessons.refresh() }
        }
    }

    /// The app's model over the library in `directory` (the app passes
    /// `AppFiles.libraryDirectory()`; tests a temporary folder). Starts the core's logging.
    public init(directory: URL, settings: AppSettings = AppSettings()) {
        Self.startLogging()
        self.settings = settings
        var failure: LocalizedMessage?
        var opened: GameLibrary?
        do {
            opened = try GameLibrary.open(dir: directory.path)
        } catch {
            failure = Wording.error(error)
        }
        library = opened
        home = HomeModel(library: opened)
        puzzles = PuzzleListModel(directory: directory)
        lessons = LessonsModel(directory: directory)
        error = failure
        // A library that already holds games is no first start (an update of the app): the
        // lessons are not pressed on a player who has played.
        let played = (try? opened?.listing()).map { !$0.playing.isEmpty || !$0.finished.isEmpty }
        learnOfferShown = !settings.learnOfferAnswered && played != true
    }

    /// The first start's question answered: "Learn to play" opens the lessons, "Skip" stays
    /// where the player is; either way it is never asked again.
    public func answerLearnOffer(learn: Bool) {
        settings.learnOfferAnswered = true
        learnOfferShown = false
        if learn { navigation.choose(.lessons) }
    }

    /// Opens lesson `id` at `step` (its start by default; a Rules diagram's link gives its own)
    /// as `lesson`, and returns its screen (nil, with `error`, when the core has no such lesson
    /// or step). The caller shows it (`navigation.push`).
    public func openLesson(id: String, step: Int32 = 0) -> Screen? {
        do {
            lesson = try LessonModel(id: id, step: step, directory: lessons.directory)
            return .lesson
        } catch {
            self.error = Wording.error(error)
            return nil
        }
    }

    /// The core logs through the unified log on Apple platforms (its `oslog` target), stderr
    /// elsewhere; the first call installs it.
    public static func startLogging() {
        initLogging(level: .info)
    }

    /// Reopens the game that was on screen when the app last went to the background (local or
    /// online, if the library still offers it to continue: not one that ended), shows its
    /// screen and returns it, or nil for home. It reads the listing only; nothing is written.
    @discardableResult
    public func restoreOnLaunch() -> Screen? {
        guard let library, let id = settings.activeGameID,
            let card = (try? library.listing())?.playing.first(where: { $0.id == id }),
            let screen = open(card)
        else { return nil }
        navigation.choose(screen)
        return screen
    }

    /// Opens a game of home's Continue list, kept, and returns its screen (nil, with `error`,
    /// on failure). A local game comes back with its AI going on: a search stopped as it was
    /// left paused only that game in memory (the core keeps no pause on disk), and the game
    /// reopened from the library thinks at once when the AI is to move. The choice: leaving a
    /// game is no "stop the AI" of the person's.
    public func open(_ card: GameCard) -> Screen? {
        guard let library else { return nil }
        do {
            switch card.kind {
            case .solo, .passAndPlay:
                let game = try library.openGame(id: card.id)
                boardMode = card.kind == .passAndPlay ? .passAndPlay : .solo
                showBoard(
                    BoardModel(
                        game: game.game(), aiTimeLimitMs: settings.aiTimeLimitMs,
                        turnBoard: settings.turnBoard, aiPace: settings.aiPace))
                return .board
            case .online:
                if let online, online.state.game?.id == card.id { return .online }
                let model = makeOnline(game: try library.openOnlineGame(id: card.id))
                model.handle(.connect)
                return .online
            }
        } catch {
            self.error = Wording.error(error)
            return nil
        }
    }

    /// The game-over sheet's "New game": the new-game screen of the board's kind (the screen
    /// that made it, or the library card it was reopened from), alone above home.
    public func newGameAfterBoard() {
        navigation.choose(boardMode == .passAndPlay ? .newPassAndPlay : .newSolo)
    }

    /// Makes the settings screen's model; a change of "turn the board" goes to the boards.
    public func settingsModel() -> SettingsModel {
        SettingsModel(
            settings: settings, onTurnBoard: { [weak self] on in self?.turnBoardChanged(on) },
            onAiPace: { [weak self] pace in self?.board?.aiPace = pace },
            onSound: { [weak self] on in
                self?.board?.soundOn = on
                self?.online?.board.soundOn = on
                self?.puzzle?.soundOn = on
            })
    }

    /// The "turn the board" setting changed: the boards of this app turn (or not) at once.
    func turnBoardChanged(_ on: Bool) {
        board?.setTurnBoard(on)
        online?.board.setTurnBoard(on)
    }

    /// Makes the new-game screen's model.
    public func newGame(_ mode: NewGameModel.Mode) -> NewGameModel {
        let model = NewGameModel(mode: mode, library: library, settings: settings)
        model.onStart = { [weak self] in self?.boardMode = mode }
        return model
    }

    /// Puts a local game on the board (a new one or a reopened one); it is the game
    /// `restoreOnLaunch` reopens while the library offers it to continue (a rematch on the board
    /// is the game it plays by the next time the scene goes to the background).
    public func showBoard(_ model: BoardModel) {
        board?.cancelThinking()
        model.soundPlayer = soundPlayer
        model.soundOn = settings.sound
        board = model
        settings.activeGameID = model.game.id()
    }

    /// Puts the puzzle `info` on screen (the list's row, today's puzzle or the solved sheet's
    /// "Next puzzle") and returns its screen (nil, with `error`, when the core refuses it).
    @discardableResult
    public func openPuzzle(_ info: PuzzleInfo) -> Screen? {
        do {
            let list = puzzles
            let model = try PuzzleModel(directory: list.directory, info: info) { id in
                list.refresh()
                return list.info(id: id)
            }
            model.soundPlayer = soundPlayer
            model.soundOn = settings.sound
            puzzle = model
            return .puzzle
        } catch {
            self.error = Wording.error(error)
            return nil
        }
    }

    /// The online session (made on first use, with the settings' server, token and name).
    @discardableResult
    public func makeOnline(game: OnlineGame = OnlineGame()) -> OnlineModel {
        online?.handle(.disconnect)
        let model = OnlineModel(
            game: game, url: settings.serverURL, token: settings.onlineToken,
            name: settings.playerName, library: library, settings: settings)
        model.board.soundPlayer = soundPlayer
        model.board.soundOn = settings.sound
        online = model
        return model
    }

    /// The scene went to the background: remembers the game on screen (the local board's, a
    /// rematch's included, or an online game's) as the one to reopen on the next launch
    /// (nothing is saved here: the core wrote every change already), and tells the online
    /// server the player is away.
    public func sceneEnteredBackground() {
        if navigation.current == .board, let board {
            settings.activeGameID = board.game.id()
        }
        if navigation.current == .online, let online, !online.state.spectating,
            let id = online.state.game?.id
        {
            settings.activeGameID = id
        }
        online?.handle(.enteredBackground)
        home.refresh()
    }

    /// The scene is active again.
    public func sceneBecameActive() {
        online?.handle(.becameActive)
        home.refresh()
    }

    /// Forgets the alert.
    public func dismissError() { error = nil }
}
