// Rules, statistics and settings.
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The rules of each rule set, with its options as the core describes them.
struct RulesView: View {
    @State var model = RulesModel()

    var body: some View {
        List {
            Picker("newGame.ruleSet", selection: $model.selected) {
                ForEach(model.ruleSets, id: \.preset) { info in
                    Text(Wording.preset(info.preset)).tag(info.preset)
                }
            }
            .pickerStyle(.menu)
            Section {
                Text(RulesModel.explanation(model.selected))
            }
            // Headings larger than the body text below them (a list's own section headers are
            // smaller than it).
            Section {
                ForEach(model.optionLines, id: \.self) { line in
                    Text(line)
                }
            } header: {
                RulesHeading("rules.options")
            }
            if let shown = model.shown {
                Section {
                    Text(verbatim: shown.seatCounts.map(String.init).joined(separator: ", "))
                } header: {
                    RulesHeading("rules.players")
                }
            }
        }
        .navigationTitle(Text("rules.title"))
    }
}

/// A heading of the rules screen: a title, larger than the text under it.
struct RulesHeading: View {
    let key: LocalizedStringKey

    init(_ key: LocalizedStringKey) { self.key = key }

    var body: some View {
        Text(key).font(.title3.bold())
    }
}

/// Games against each opponent: played, won, lost, drawn, fewest moves of a win.
struct StatisticsView: View {
    @State var model: StatisticsModel

    var body: some View {
        List {
            if model.totalPlayed == 0 {
                Text("stats.none").foregroundStyle(.secondary)
            }
            ForEach(model.rows, id: \.level) { row in
                VStack(alignment: .leading, spacing: 4) {
                    Text(verbatim: row.name + " · " + AppText.string(Wording.level(row.level)))
                        .font(.headline)
                    Text(
                        LocalizedMessage(
                            "stats.line",
                            [
                                .number(Int(row.played)), .number(Int(row.won)),
                                .number(Int(row.lost)), .number(Int(row.drawn)),
                            ]))
                    if let fewest = row.fewestMoves {
                        Text(LocalizedMessage("stats.fewestMoves", [.number(Int(fewest))]))
                            .foregroundStyle(.secondary)
                    }
                }
                .accessibilityElement(children: .combine)
            }
        }
        .navigationTitle(Text("stats.title"))
        .onAppear { model.refresh() }
    }
}

/// The player's name, haptics, the version and, under Advanced, the server.
struct SettingsView: View {
    @State var model: SettingsModel

    var body: some View {
        Form {
            Section("settings.online") {
                TextField("settings.name", text: $model.playerName)
                    .textContentType(.nickname)
                    .accessibilityIdentifier("settings-name")
            }
            Section("settings.feedback") {
                Toggle("settings.haptics", isOn: $model.haptics)
                    .accessibilityIdentifier("settings-haptics")
                // The core says which sounds each update plays; this only mutes them.
                Toggle("settings.sound", isOn: $model.sound)
                    .accessibilityIdentifier("settings-sound")
            }
            Section("settings.board") {
                // Pass and play: the core turns the board to the player to move.
                Toggle("settings.turnBoard", isOn: $model.turnBoard)
                    .accessibilityIdentifier("settings-turn-board")
            }
            Section {
                // The hold before each AI move, so that every move of a many-player game is seen.
                Picker("settings.pace", selection: $model.aiPace) {
                    ForEach(model.aiPaces, id: \.seconds) { pace in
                        Text(pace.words).tag(pace.seconds)
                    }
                }
                .accessibilityIdentifier("settings-pace")
            } footer: {
                Text("settings.pace.footer")
            }
            Section("settings.about") {
                LabeledContent("settings.version") {
                    Text(verbatim: coreVersion())
                }
            }
            Section {
                // Secondary: most players never leave the public server, so it stays folded.
                DisclosureGroup("settings.advanced") {
                    TextField(
                        "settings.server", text: $model.serverAddress,
                        prompt: Text(verbatim: SettingsModel.defaultServerAddress)
                    )
                    .keyboardType(.URL)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .onSubmit { _ = model.commitServerAddress() }
                    .accessibilityIdentifier("settings-server")
                    if let error = model.error {
                        Text(error).foregroundStyle(.red)
                    }
                    Button("settings.server.reset") { model.resetServerAddress() }
                        .disabled(!model.canResetServer)
                }
                .accessibilityIdentifier("settings-advanced")
            } footer: {
                Text("settings.server.footer")
            }
        }
        .navigationTitle(Text("settings.title"))
        .onDisappear { _ = model.commitServerAddress() }
    }
}
