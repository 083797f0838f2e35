// The app's entry: one AppModel for the process, a NavigationStack on iPhone and a
// NavigationSplitView on iPad (both drawn from the model's one `Navigation`), saving on the way
// to the background and reopening on launch.
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The Chinese Checkers app.
@main
struct ChineseCheckersApp: App {
    @State private var app: AppModel = {
        // Hard and Impossible search on every core of the device (tests keep the default, 1).
        setAiThreads(threads: Int32(clamping: max(1, ProcessInfo.processInfo.activeProcessorCount)))
        if ProcessInfo.processInfo.arguments.contains(Self.uiTestingArgument) {
            // The UI tests start from home with nothing saved, whatever an earlier run left.
            let run = "ui-tests-\(UUID().uuidString)"
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(run)
            let settings = UserDefaults(suiteName: run).map { AppSettings(defaults: $0) }
            // The first start's "Learn to play" is asked only when a test asks for it.
            if !ProcessInfo.processInfo.arguments.contains(Self.firstStartArgument) {
                settings?.learnOfferAnswered = true
            }
            return AppModel(directory: folder, settings: settings ?? AppSettings())
        }
        // Without a library folder the app still plays; AppModel reports the problem.
        let folder =
            (try? AppFiles.libraryDirectory())
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("Games")
        let model = AppModel(directory: folder)
        // The boards play the core's sound cues (the UI tests' boards stay silent).
        model.soundPlayer = ToneSoundPlayer()
        return model
    }()

    /// The launch argument of the UI tests (ChineseCheckersUITests): fresh library and settings.
    static let uiTestingArgument = "-ui-testing"
    /// With `uiTestingArgument`: a first start, asking "Learn to play" (the other tests skip it).
    static let firstStartArgument = "-first-start"

    var body: some Scene {
        WindowGroup {
            RootView(app: app)
        }
    }
}

/// Chooses the layout by size class and follows the scene's phase. Both layouts show
/// `app.navigation`, so turning an iPad into Split View (regular → compact) keeps the screen.
struct RootView: View {
    @Bindable var app: AppModel
    @Environment(\.horizontalSizeClass) private var sizeClass
    @Environment(\.scenePhase) private var scenePhase
    @State private var restored = false

    var body: some View {
        Group {
            if sizeClass == .regular {
                splitLayout
            } else {
                stackLayout
            }
        }
        // The first start's question, once (AppSettings.learnOfferAnswered).
        .alert("lessons.offer.title", isPresented: learnOfferShown) {
            Button("lessons.learn") { app.answerLearnOffer(learn: true) }
                .accessibilityIdentifier("offer-learn")
            Button("lessons.offer.skip", role: .cancel) { app.answerLearnOffer(learn: false) }
                .accessibilityIdentifier("offer-skip")
        } message: {
            Text("lessons.offer.message")
        }
        .onAppear(perform: restoreOnce)
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            case .background: app.sceneEnteredBackground()
            case .active: app.sceneBecameActive()
            default: break
            }
        }
        .alert(
            "common.problem", isPresented: errorShown(app.error, dismiss: app.dismissError)
        ) {
            Button("common.ok", role: .cancel) { app.dismissError() }
        } message: {
            if let error = app.error { Text(error) }
        }
    }

    /// iPhone: one stack, home at its root, the navigation's path above it.
    private var stackLayout: some View {
        NavigationStack(path: $app.navigation.path) {
            HomeView(app: app) { app.navigation.choose($0) }
                .navigationDestination(for: Screen.self) { screen in
                    ScreenView(app: app, screen: screen) { app.navigation.push($0) }
                }
        }
    }

    /// iPad: home's list in the sidebar; the path's first screen beside it, the rest above that.
    private var splitLayout: some View {
        NavigationSplitView {
            HomeView(app: app) { app.navigation.choose($0) }
        } detail: {
            NavigationStack(path: $app.navigation.detailPath) {
                Group {
                    if let root = app.navigation.root {
                        ScreenView(app: app, screen: root) { app.navigation.push($0) }
                    } else {
                        ContentUnavailableView(
                            "home.pickSomething", systemImage: "circle.hexagongrid")
                    }
                }
                .navigationDestination(for: Screen.self) { screen in
                    ScreenView(app: app, screen: screen) { app.navigation.push($0) }
                }
            }
        }
    }

    /// The first start's question: up until it is answered; a dismissal counts as "Skip".
    private var learnOfferShown: Binding<Bool> {
        let app = self.app
        return Binding(
            get: { @MainActor in app.learnOfferShown },
            set: { @MainActor in if !$0, app.learnOfferShown { app.answerLearnOffer(learn: false) }
            })
    }

    /// Reopens the game that was on screen when the app was last suspended (once per launch).
    private func restoreOnce() {
        guard !restored else { return }
        restored = true
        app.restoreOnLaunch()
    }
}

/// The view of one navigation destination.
struct ScreenView: View {
    let app: AppModel
    let screen: Screen
    let show: (Screen) -> Void

    var body: some View {
        switch screen {
        case .newSolo:
            NewGameView(model: app.newGame(.solo)) { board in
                app.showBoard(board)
                show(.board)
            }
        case .newPassAndPlay:
            NewGameView(model: app.newGame(.passAndPlay)) { board in
                app.showBoard(board)
                show(.board)
            }
        case .board:
            if let board = app.board {
                GameView(model: board, haptics: app.settings.haptics) {
                    app.newGameAfterBoard()
                }
            }
        case .online:
            if let online = app.online {
                OnlineView(model: online)
            } else {
                // Made outside the view update: changing the app model while SwiftUI reads it
                // is not allowed.
                ProgressView().onAppear { app.makeOnline() }
            }
        case .rules:
            RulesView {
                show(.lessons)
            } openLesson: { id, step in
                if let screen = app.openLesson(id: id, step: step) { show(screen) }
            }
        case .lessons:
            LessonsView(model: app.lessons) { id in
                if let screen = app.openLesson(id: id) { show(screen) }
            }
        case .lesson:
            if let lesson = app.lesson {
                LessonView(model: lesson)
            }
        case .statistics:
            StatisticsView(
                model: StatisticsModel(library: app.library), puzzles: app.puzzles.statisticsLine)
        case .settings:
            SettingsView(model: app.settingsModel())
        case .puzzles:
            PuzzlesView(model: app.puzzles) { info in
                if let screen = app.openPuzzle(info) { show(screen) }
            }
        case .puzzle:
            if let puzzle = app.puzzle {
                PuzzleView(
                    model: puzzle, haptics: app.settings.haptics,
                    next: app.puzzles.after(puzzle.info.id).map { info in
                        { _ = app.openPuzzle(info) }
                    },
                    backToList: { app.navigation.choose(.puzzles) }
                )
                // A new puzzle is a new screen: its zoom starts afresh.
                .id(puzzle.info.id)
            }
        }
    }
}

/// A binding that is true while `error` is set and clears it when the alert goes away.
/// Binding's closures are `@Sendable`: they run on the main actor, where the models live, and
/// `dismiss` is main-actor isolated too (which makes it Sendable).
@MainActor
func errorShown(_ error: LocalizedMessage?, dismiss: @escaping @MainActor () -> Void)
    -> Binding<Bool>
{
    Binding(get: { @MainActor in error != nil }, set: { @MainActor in if !$0 { dismiss() } })
}
