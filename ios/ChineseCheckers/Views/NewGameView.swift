// New game: rule set, seats (people and the five named opponents), colours, who opens, and the
// options the rule set lets a game change under More options. The choices come from the core's
// `ruleSets()`.
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The new-game screen.
struct NewGameView: View {
    // Kept in @State: the parent view makes a new model at every update, this one stays.
    @State private var model: NewGameModel
    let start: (BoardModel) -> Void

    init(model: NewGameModel, start: @escaping (BoardModel) -> Void) {
        _model = State(initialValue: model)
        self.start = start
    }

    var body: some View {
        Form {
            Section("newGame.rules") {
                Picker("newGame.ruleSet", selection: presetBinding) {
                    ForEach(model.ruleSets, id: \.preset) { info in
                        Text(Wording.preset(info.preset)).tag(info.preset)
                    }
                }
                Text(RulesModel.explanation(model.preset))
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                // What the change of rule set could not keep, said rather than done silently.
                ForEach(model.ruleSetChanges.indices, id: \.self) { index in
                    Text(Wording.setupChange(model.ruleSetChanges[index]))
                        .font(.footnote)
                        .foregroundStyle(.orange)
                        .accessibilityIdentifier("newGame-ruleSetChange-\(index)")
                }
            }
            Section("newGame.players") {
                if model.seatCounts.count > 1 {
                    Picker("newGame.seatCount", selection: seatCountBinding) {
                        ForEach(model.seatCounts, id: \.self) { count in
                            Text(verbatim: "\(count)").tag(Int(count))
                        }
                    }
                }
                ForEach(model.seats.indices, id: \.self) { index in
                    SeatRow(model: model, index: index)
                }
            }
            if model.personSeat != nil {
                let colours = model.seatColours
                if colours.count == model.seats.count {
                    Section("newGame.yourColour") {
                        Picker("newGame.yourColour", selection: personSeatBinding) {
                            ForEach(colours.indices, id: \.self) { index in
                                Text(verbatim: colourWords(colours[index])).tag(index)
                            }
                        }
                        .accessibilityIdentifier("newGame-yourColour")
                    }
                }
            }
            if model.colourCounts.count > 1 {
                Section("newGame.colours") {
                    Picker("newGame.coloursPerSide", selection: $model.coloursPerSide) {
                        ForEach(model.colourCounts, id: \.self) { count in
                            Text(verbatim: "\(count)").tag(count)
                        }
                    }
                    .pickerStyle(.segmented)
                }
            }
            if model.canChooseOpener {
                Section("newGame.opener") {
                    Picker("newGame.opener", selection: $model.opener) {
                        ForEach(model.seats.indices, id: \.self) { index in
                            Text(seatTitle(index)).tag(Opener.seat(index: Int32(index)))
                        }
                        Text("newGame.coinToss").tag(Opener.coinToss)
                    }
                }
            }
            Section {
                DisclosureGroup("newGame.moreOptions") {
                    if model.canEditOptions {
                        OptionsEditor(model: model)
                    } else if let customizable = model.customizable {
                        Button("newGame.customize") { model.choose(customizable) }
                    }
                }
            }
            Section {
                Button("newGame.start", action: startPressed)
                    .font(.headline)
                    .frame(maxWidth: .infinity)
                    .accessibilityIdentifier("newGame-start")
            }
        }
        .navigationTitle(
            Text(
                model.mode == .solo
                    ? LocalizedStringKey("newGame.title.solo")
                    : LocalizedStringKey("newGame.title.passAndPlay"))
        )
        .alert("common.problem", isPresented: errorShown(model.error, dismiss: model.dismissError))
        {
            Button("common.ok", role: .cancel) { model.dismissError() }
        } message: {
            if let error = model.error { Text(error) }
        }
        .alert(
            "board.replace.title",
            isPresented: Binding(
                get: { @MainActor in model.replaceRequest != nil },
                set: { @MainActor in if !$0 { model.keepSavedGame() } })
        ) {
            Button("board.replace.confirm", role: .destructive) { begin(replacing: true) }
            Button("board.replace.keep", role: .cancel) { model.keepSavedGame() }
        } message: {
            if let existing = model.replaceRequest {
                Text(Wording.libraryError(.WouldReplace(existing: existing)))
            }
        }
    }

    private var presetBinding: Binding<Preset> {
        // Binding's closures are @Sendable: they say where they run (the model's actor).
        Binding(get: { @MainActor in model.preset }, set: { @MainActor in model.choose($0) })
    }

    private var seatCountBinding: Binding<Int> {
        Binding(
            get: { @MainActor in model.seats.count },
            set: { @MainActor in model.setSeatCount($0) })
    }

    /// The person's seat, chosen by its colours (the core trades the places).
    private var personSeatBinding: Binding<Int> {
        Binding(
            get: { @MainActor in model.personSeat ?? 0 },
            set: { @MainActor in model.sitAt($0) })
    }

    /// A seat's colours in words ("Red, Green").
    private func colourWords(_ colours: [Colour]) -> String {
        colours.map { AppText.string(Wording.colour($0)) }.joined(separator: ", ")
    }

    private func seatTitle(_ index: Int) -> LocalizedMessage {
        LocalizedMessage("newGame.seat", [.number(index + 1)])
    }

    /// Starts at once, or asks first when the core says the game would replace an interrupted
    /// one of the same kind (`replaceRequest`).
    private func startPressed() {
        begin(replacing: false)
    }

    private func begin(replacing: Bool) {
        if let board = model.start(replacingSavedGame: replacing) { start(board) }
    }
}

/// One seat: a person or one of the five named opponents (with a line of personality).
struct SeatRow: View {
    @Bindable var model: NewGameModel
    let index: Int

    var body: some View {
        let seat = model.seats[index]
        VStack(alignment: .leading, spacing: 4) {
            Picker(selection: playerBinding) {
                Text("newGame.person").tag(SeatPlayer.person)
                ForEach(model.opponents, id: \.level) { opponent in
                    Text(
                        verbatim: opponent.name + " · "
                            + AppText.string(Wording.level(opponent.level))
                    )
                    .tag(SeatPlayer.ai(level: opponent.level))
                }
            } label: {
                Text(LocalizedMessage("newGame.seat", [.number(index + 1)]))
            }
            if case .ai(let level) = seat.player {
                Text(Wording.personality(level))
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        }
    }

    private var playerBinding: Binding<SeatPlayer> {
        Binding(
            get: { @MainActor in model.seats[index].player },
            set: { @MainActor in model.setSeat(index, player: $0) })
    }
}

/// The options the chosen rule set lets a new game change: one picker per option, over exactly
/// the values the core offers; a choice goes through the core (a refusal shows in the alert).
struct OptionsEditor: View {
    @Bindable var model: NewGameModel

    var body: some View {
        ForEach(model.editableOptions, id: \.option) { editable in
            Picker(selection: binding(editable.option)) {
                ForEach(editable.values, id: \.self) { value in
                    Text(Wording.optionValue(value)).tag(value)
                }
            } label: {
                Text(Wording.optionName(editable.option))
            }
        }
    }

    private func binding(_ option: RuleOption) -> Binding<RuleOptionValue> {
        Binding(
            get: { @MainActor in model.value(of: option) },
            set: { @MainActor in model.setOption($0) })
    }
}
