// Rules (with the core's diagrams and the way to the lessons), statistics and settings.
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The rules of each rule set, with its options as the core describes them, a small board per
/// move kind (each opening its lesson step) and the way to the lessons.
struct RulesView: View {
    @State var model = RulesModel()
    /// Opens the lessons list.
    let learn: () -> Void
    /// Opens lesson `id` at `step` (a diagram's link).
    let openLesson: (String, Int32) -> Void

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
                Button {
                    learn()
                } label: {
                    Label("lessons.learn", systemImage: "graduationcap")
                }
                .accessibilityIdentifier("rules-learn")
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
                ForEach(model.diagrams, id: \.rule) { diagram in
                    VStack(alignment: .leading, spacing: 8) {
                        RuleDiagramView(diagram: diagram)
                            .frame(height: 150)
                            .accessibilityHidden(true)
                        Text(diagram.caption)
                        Button("rules.diagram.try") {
                            openLesson(diagram.lessonId, diagram.step)
                        }
                        .buttonStyle(.bordered)
                        .accessibilityIdentifier(
                            "rules-diagram-\(diagram.lessonId)-\(diagram.step)")
                    }
                }
            } header: {
                RulesHeading("rules.diagrams")
            }
        }
        .navigationTitle(Text("rules.title"))
    }
}

/// A diagram of the core's: its few holes scaled to their own bounding box, the pegs in their
/// colours before the move, the move as arrows (as a move shown from the history).
struct RuleDiagramView: View {
    let diagram: RuleDiagram

    var body: some View {
        Canvas { context, size in
            let xs = diagram.holes.map { CGFloat($0.x) }
            let ys = diagram.holes.map { CGFloat($0.y) }
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(),
                let maxY = ys.max()
            else { return }
            // Fitted with a margin of one hole spacing, centred.
            let scale = min(size.width / (maxX - minX + 2), size.height / (maxY - minY + 2))
            let originX = size.width / 2 - (minX + maxX) / 2 * scale
            let originY = size.height / 2 - (minY + maxY) / 2 * scale
            let radius = scale * 0.32
            func point(_ x: Float, _ y: Float) -> CGPoint {
                CGPoint(x: originX + CGFloat(x) * scale, y: originY + CGFloat(y) * scale)
            }
            for hole in diagram.holes {
                let centre = point(hole.x, hole.y)
                context.fill(circle(centre, radius), with: .color(.secondary.opacity(0.35)))
                if let colour = diagram.occupant(at: hole.coord) {
                    let style = PegStyle.of(colour)
                    context.fill(circle(centre, radius * 0.9), with: .color(style.color))
                    context.fill(
                        style.mark(at: centre, radius: radius), with: .color(.white.opacity(0.9)))
                }
            }
            drawMoveArrows(diagram.arrows, in: &context, radius: radius, point: point)
        }
    }

    private func circle(_ centre: CGPoint, _ r: CGFloat) -> Path {
        Path(ellipseIn: CGRect(x: centre.x - r, y: centre.y - r, width: r * 2, height: r * 2))
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
                        prompt: Text(verbatim: SettingsModel.defaultServerAddress ?? "wss://")
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
                // A build without a default server (a source build): the field must name one.
                Text(
                    SettingsModel.defaultServerAddress == nil
                        ? LocalizedStringKey("settings.server.none")
                        : LocalizedStringKey("settings.server.footer"))
            }
        }
        .navigationTitle(Text("settings.title"))
        .onDisappear { _ = model.commitServerAddress() }
    }
}
