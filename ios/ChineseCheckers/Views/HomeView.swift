// Home: the ways to play, the saved games to continue, and the other screens.
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The home screen (the sidebar on iPad).
struct HomeView: View {
    let app: AppModel
    let show: (Screen) -> Void

    var body: some View {
        let home = app.home
        List {
            if !home.continuable.isEmpty {
                Section("home.continue") {
                    ForEach(home.continuable, id: \.id) { card in
                        Button {
                            if let screen = app.open(card) { show(screen) }
                        } label: {
                            Label {
                                VStack(alignment: .leading, spacing: 2) {
                                    ForEach(Array(home.summary(card).enumerated()), id: \.offset) {
                                        line in
                                        Text(line.element)
                                            .font(line.offset == 0 ? .body : .caption)
                                    }
                                }
                            } icon: {
                                Image(systemName: card.kind == .online ? "network" : "play.circle")
                            }
                        }
                        // The UI tests' way back to a game ("home-continue", newest first).
                        .accessibilityIdentifier("home-continue")
                        .swipeActions {
                            Button("home.delete", role: .destructive) { home.remove(card) }
                        }
                    }
                }
            }
            if let note = home.unreadableNote {
                Section {
                    Text(note)
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
            }
            Section("home.play") {
                Button {
                    show(.newSolo)
                } label: {
                    Label("home.solo", systemImage: "person")
                }
                .accessibilityIdentifier("home-solo")
                Button {
                    show(.newPassAndPlay)
                } label: {
                    Label("home.passAndPlay", systemImage: "person.2")
                }
                .accessibilityIdentifier("home-passAndPlay")
                Button {
                    show(.online)
                } label: {
                    Label("home.online", systemImage: "globe")
                }
                .accessibilityIdentifier("home-online")
                Button {
                    show(.puzzles)
                } label: {
                    Label {
                        VStack(alignment: .leading, spacing: 2) {
                            Text("home.puzzles")
                            if let today = app.puzzles.homeLine {
                                Text(today).font(.caption)
                            }
                        }
                    } icon: {
                        Image(systemName: "puzzlepiece")
                    }
                }
                .accessibilityIdentifier("home-puzzles")
            }
            Section {
                Button {
                    show(.lessons)
                } label: {
                    Label("lessons.learn", systemImage: "graduationcap")
                }
                .accessibilityIdentifier("home-learn")
                Button {
                    show(.rules)
                } label: {
                    Label("home.rules", systemImage: "book")
                }
                .accessibilityIdentifier("home-rules")
                Button {
                    show(.statistics)
                } label: {
                    Label("home.statistics", systemImage: "chart.bar")
                }
                .accessibilityIdentifier("home-statistics")
                Button {
                    show(.settings)
                } label: {
                    Label("home.settings", systemImage: "gearshape")
                }
                .accessibilityIdentifier("home-settings")
            }
        }
        .navigationTitle(Text("app.title"))
        .onAppear { home.refresh() }
        .alert("common.problem", isPresented: errorShown(home.error, dismiss: home.dismissError)) {
            Button("common.ok", role: .cancel) { home.dismissError() }
        } message: {
            if let error = home.error { Text(error) }
        }
    }
}
