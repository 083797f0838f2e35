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
            Section {
                ForEach(model.diagrams) { diagram in
                    VStack(alignment: .leading, spacing: 8) {
                        RuleDiagramView(diagram: diagram)
                            .frame(height: 150)
                            .accessibilityHidden(true)
                        Text(diagram.caption)
                    }
                }
            } header: {
                RulesHeading("rules.diagrams")
            }
        }
        .navigationTitle(Text("rules.title"))
    }
}

/// A piece of the board around a diagram's peg, drawn from the core's geometry and state: the
/// peg selected, its targets lit as on the board (a dot for a step, a ring for a jump, a dashed
/// ring for a swap).
struct RuleDiagramView: View {
    let diagram: ChineseCheckersKit.RuleDiagram

    var body: some View {
        Canvas { context, size in
            let xs = diagram.holes.map { CGFloat($0.geometry.x) }
            let ys = diagram.holes.map { CGFloat($0.geometry.y) }
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(),
                let maxY = ys.max()
            else { return }
            // Fitted with a margin of one hole spacing, centred.
            let scale = min(size.width / (maxX - minX + 2), size.height / (maxY - minY + 2))
            let originX = size.width / 2 - (minX + maxX) / 2 * scale
            let originY = size.height / 2 - (minY + maxY) / 2 * scale
            for hole in diagram.holes {
                let centre = CGPoint(
                    x: originX + CGFloat(hole.geometry.x) * scale,
                    y: originY + CGFloat(hole.geometry.y) * scale)
                draw(hole.state, at: centre, radius: scale * 0.32, in: &context)
            }
        }
    }

    private func draw(
        _ hole: HoleState, at centre: CGPoint, radius: CGFloat, in context: inout GraphicsContext
    ) {
        func circle(_ r: CGFloat) -> Path {
            Path(ellipseIn: CGRect(x: centre.x - r, y: centre.y - r, width: r * 2, height: r * 2))
        }
        context.fill(circle(radius), with: .color(.secondary.opacity(0.35)))
        if let colour = hole.occupant {
            context.fill(circle(radius * 0.9), with: .color(PegStyle.of(colour).color))
        }
        switch hole.highlight {
        case .selected:
            context.stroke(circle(radius * 1.25), with: .color(.primary), lineWidth: 3)
        case .stepTarget:
            context.fill(circle(radius * 0.45), with: .color(.accentColor))
        case .jumpTarget:
            context.stroke(circle(radius * 1.25), with: .color(.accentColor), lineWidth: 3)
        case .swapTarget:
            context.stroke(
                circle(radius * 1.25), with: .color(.orange),
                style: StrokeStyle(lineWidth: 3, dash: [4, 3]))
        default:
            break
        }
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
    /// The race puzzles' results, as the core keeps them.
    var puzzles: LocalizedMessage?

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
            if let puzzles {
                Text(puzzles).accessibilityIdentifier("stats-puzzles")
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
