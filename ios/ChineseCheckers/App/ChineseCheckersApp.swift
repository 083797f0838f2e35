// The app's entry: one AppModel for the process, a NavigationStack on iPhone and a
// NavigationSplitView on iPad, saving on the way to the background and reopening on launch.
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The Chinese Checkers app.
@main
struct ChineseCheckersApp: App {
    @State private var app: AppModel = {
        // Without a library folder the app still plays; AppModel reports the problem.
        let folder =
            (try? AppFiles.libraryDirectory())
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("Games")
        // Hard and Impossible search on every core of the device (tests keep the default, 1).
        setAiThreads(threads: UInt32(max(1, ProcessInfo.processInfo.activeProcessorCount)))
        return AppModel(directory: folder)
    }()

    var body: some Scene {
        WindowGroup {
            RootView(app: app)
        }
    }
}

/// Chooses the layout by size class and follows the scene's phase.
struct RootView: View {
    let app: AppModel
    @Environment(\.horizontalSizeClass) private var sizeClass
    @Environment(\.scenePhase) private var scenePhase
    @State private var path: [Screen] = []
    @State private var selection: Screen?
    @State private var restored = false

    var body: some View {
        Group {
            if sizeClass == .regular {
                splitLayout
            } else {
                stackLayout
            }
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

    /// iPhone: one stack, home at its root.
    private var stackLayout: some View {
        NavigationStack(path: $path) {
            HomeView(app: app) { path.append($0) }
                .navigationDestination(for: Screen.self) { screen in
                    ScreenView(app: app, screen: screen) { path.append($0) }
                }
        }
    }

    /// iPad: home's list in the sidebar, the chosen screen beside it.
    private var splitLayout: some View {
        NavigationSplitView {
            HomeView(app: app) { selection = $0 }
        } detail: {
            NavigationStack {
                if let selection {
                    ScreenView(app: app, screen: selection) { self.selection = $0 }
                } else {
                    ContentUnavailableView("home.pickSomething", systemImage: "circle.hexagongrid")
                }
            }
        }
    }

    /// Reopens the game that was on screen when the app was last suspended (once per launch).
    private func restoreOnce() {
        guard !restored else { return }
        restored = true
        guard let screen = app.restoreOnLaunch() else { return }
        if sizeClass == .regular {
            selection = screen
        } else {
            path = [screen]
        }
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
                GameView(model: board, haptics: app.settings.haptics) { rematch in
                    app.showBoard(rematch)
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
            RulesView()
        case .statistics:
            StatisticsView(model: StatisticsModel(library: app.library))
        case .settings:
            SettingsView(model: SettingsModel(settings: app.settings))
        }
    }
}

/// A binding that is true while `error` is set and clears it when the alert goes away.
@MainActor
func errorShown(_ error: LocalizedMessage?, dismiss: @escaping () -> Void) -> Binding<Bool> {
    Binding(get: { error != nil }, set: { if !$0 { dismiss() } })
}
