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
                    ForEach(home.continuable, id: \.id) { saved in
                        Button {
                            if let screen = app.open(saved) { show(screen) }
                        } label: {
                            Label {
                                Text(home.summary(saved))
                            } icon: {
                                Image(systemName: saved.kind == .online ? "network" : "play.circle")
                            }
                        }
                        .swipeActions {
                            Button("home.delete", role: .destructive) { home.remove(saved) }
                        }
                    }
                }
            }
            Section("home.play") {
                Button {
                    show(.newSolo)
                } label: {
                    Label("home.solo", systemImage: "person")
                }
                Button {
                    show(.newPassAndPlay)
                } label: {
                    Label("home.passAndPlay", systemImage: "person.2")
                }
                Button {
                    show(.online)
                } label: {
                    Label("home.online", systemImage: "globe")
                }
            }
            Section {
                Button {
                    show(.rules)
                } label: {
                    Label("home.rules", systemImage: "book")
                }
                Button {
                    show(.statistics)
                } label: {
                    Label("home.statistics", systemImage: "chart.bar")
                }
                Button {
                    show(.settings)
                } label: {
                    Label("home.settings", systemImage: "gearshape")
                }
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
