// The parts of the player's table around the board, shared by the local and the online game
// screens: the player strip, the one status line, the notes drawn over the board, the control
// bar's fixed slots, the questions before resigning or offering a draw, and the game-over sheet.
// What they show comes from BoardModel; they lay it out.
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The players in seat order; it scrolls sideways when they do not fit, and keeps the player to
/// move in view.
struct PlayerStrip: View {
    let chips: [PlayerChip]

    private var current: Int32? { chips.first { $0.toMove }?.id }

    var body: some View {
        ScrollViewReader { proxy in
            ScrollView(.horizontal, showsIndicators: false) {
                HStack(spacing: 8) {
                    ForEach(chips) { chip in
                        PlayerChipView(chip: chip).id(chip.id)
                    }
                }
                .padding(.horizontal)
            }
            .onAppear { if let current { proxy.scrollTo(current, anchor: .center) } }
            .onChange(of: current) { _, next in
                if let next { proxy.scrollTo(next, anchor: .center) }
            }
        }
        .accessibilityElement(children: .contain)
        .accessibilityLabel(Text("board.players"))
    }
}

/// One player: the colours' dots and the whole name (never cut: the strip scrolls instead).
struct PlayerChipView: View {
    let chip: PlayerChip

    var body: some View {
        HStack(spacing: 4) {
            ForEach(chip.colours, id: \.self) { colour in
                Circle().fill(PegStyle.of(colour).color).frame(width: 12, height: 12)
            }
            Text(chip.name)
                .font(chip.toMove ? .subheadline.bold() : .subheadline)
                .lineLimit(1)
        }
        .padding(.horizontal, 10)
        .padding(.vertical, 4)
        .background(
            chip.toMove ? Color.accentColor.opacity(0.25) : Color.secondary.opacity(0.12),
            in: RoundedRectangle(cornerRadius: 12)
        )
        .accessibilityElement(children: .combine)
    }
}

/// The status: one line that never wraps (it shrinks a little instead), so the board below
/// never moves.
struct StatusLine: View {
    let status: LocalizedMessage

    var body: some View {
        Text(status)
            .font(.headline)
            .lineLimit(1)
            .minimumScaleFactor(0.7)
            .frame(maxWidth: .infinity)
            .padding(.horizontal)
            .accessibilityIdentifier("board-status")
    }
}

/// Over the board's top edge: the banner, the last tap's notice, the hint in words and a failed
/// save. Taps go through to the board, except on "Try again".
struct BoardNotes: View {
    let banner: LocalizedMessage?
    let notice: LocalizedMessage?
    let hint: LocalizedMessage?
    let failure: LocalizedMessage?
    let retry: () -> Void
    /// The move tapped in the history, in words (the board draws its arrows).
    var shownMove: LocalizedMessage?

    var body: some View {
        VStack(spacing: 4) {
            Group {
                if let shownMove {
                    Text(shownMove).font(.subheadline)
                        .accessibilityIdentifier("board-shown-move")
                }
                if let banner {
                    Text(banner).font(.subheadline.bold())
                }
                if let notice {
                    Text(notice).font(.subheadline).foregroundStyle(.secondary)
                }
                if let hint {
                    Text(hint).font(.subheadline).accessibilityIdentifier("board-hint")
                }
            }
            .multilineTextAlignment(.center)
            .padding(.horizontal, 10)
            .padding(.vertical, 4)
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 10))
            .allowsHitTesting(false)
            if let failure {
                SaveFailureBar(message: failure, retry: retry)
                    .padding(.vertical, 4)
                    .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 10))
            }
        }
        .padding(.horizontal)
    }
}

/// The control bar: every slot of `BoardModel.controlSlots`, equally wide, in a fixed order.
struct ControlBar: View {
    let model: BoardModel
    let showMoves: () -> Void

    var body: some View {
        HStack(spacing: 4) {
            ForEach(model.controlSlots) { slot in
                Button {
                    if slot.id == .moves { showMoves() } else { model.tapSlot(slot.id) }
                } label: {
                    VStack(spacing: 2) {
                        Image(systemName: symbol(slot.id))
                        Text(title(slot.id))
                            .font(.caption)
                            .lineLimit(1)
                            .minimumScaleFactor(0.6)
                    }
                    .frame(maxWidth: .infinity, minHeight: 44)
                }
                .disabled(!slot.enabled)
                .accessibilityIdentifier(identifier(slot.id))
            }
        }
        .buttonStyle(.borderless)
        .padding(.horizontal, 8)
        .padding(.bottom, 8)
    }

    private func title(_ kind: ControlSlot.Kind) -> LocalizedStringKey {
        switch kind {
        case .endJump: return "board.endJump"
        case .undo: return "board.undo"
        case .redo: return "board.redo"
        case .hint: return "board.hint"
        case .replay: return model.replaySlotExits ? "board.replay.exit" : "board.replay"
        case .moves: return "board.history"
        case .draw: return model.drawSlotAnswers ? "board.draw.answer" : "board.draw.offer"
        case .resign: return "board.resign"
        }
    }

    private func symbol(_ kind: ControlSlot.Kind) -> String {
        switch kind {
        case .endJump: return "checkmark.circle"
        case .undo: return "arrow.uturn.backward"
        case .redo: return "arrow.uturn.forward"
        case .hint: return "lightbulb"
        case .replay: return model.replaySlotExits ? "xmark" : "play.rectangle"
        case .moves: return "list.number"
        case .draw: return "equal.circle"
        case .resign: return "flag"
        }
    }

    /// For the UI tests: "board-<slot>" ("board-resign" as before).
    private func identifier(_ kind: ControlSlot.Kind) -> String {
        switch kind {
        case .endJump: return "board-endJump"
        case .undo: return "board-undo"
        case .redo: return "board-redo"
        case .hint: return "board-hint-button"
        case .replay: return "board-replay"
        case .moves: return "board-moves"
        case .draw: return "board-draw"
        case .resign: return "board-resign"
        }
    }
}

extension View {
    /// The question `model.pendingConfirmation` asks, as a confirmation dialog: resign, offer a
    /// draw, or answer the opponent's offer. Closing it without a choice cancels. The buttons act
    /// by themselves, not through the pending question: SwiftUI may clear the dialog's binding
    /// (and so the question) before it runs the tapped button's action.
    func confirmations(_ model: BoardModel) -> some View {
        confirmationDialog(
            confirmationTitle(model.pendingConfirmation),
            isPresented: shown(
                model.pendingConfirmation != nil, dismiss: model.cancelConfirmation),
            titleVisibility: .visible
        ) {
            switch model.pendingConfirmation {
            case .resign:
                Button("board.resign", role: .destructive) { model.resign() }
                    .accessibilityIdentifier("board-resign-confirm")
            case .offerDraw:
                Button("board.draw.offer") { model.offerDraw() }
                    .accessibilityIdentifier("board-draw-confirm")
            case .answerDraw:
                Button("board.draw.accept") { model.answerDraw(accept: true) }
                Button("board.draw.decline") { model.answerDraw(accept: false) }
            case nil:
                EmptyView()
            }
            Button("common.cancel", role: .cancel) { model.cancelConfirmation() }
        } message: {
            if model.pendingConfirmation == .resign {
                Text(resignConsequence(model))
            }
        }
    }
}

/// What resigning does: it ends the game, or (a game of three or more that goes on for the
/// others) hands the seat to the AI. The core says which.
@MainActor
private func resignConsequence(_ model: BoardModel) -> LocalizedStringKey {
    model.resignKeepsGameGoing ? "board.resign.leaves" : "board.resign.ends"
}

private func confirmationTitle(_ confirmation: Confirmation?) -> LocalizedStringKey {
    switch confirmation {
    case .resign, nil: return "board.resign.confirm"
    case .offerDraw: return "board.draw.offer.confirm"
    case .answerDraw: return "board.draw.answer.confirm"
    }
}

/// The end of the game: who won and how, the ranking, and the only places of Rematch and New
/// game (so that no tap meant for a control of the board lands on them).
struct GameOverSheet: View {
    let model: BoardModel
    let newGame: (() -> Void)?
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 12) {
            if let outcome = model.outcome {
                Text(outcome).font(.title3.bold())
                    .multilineTextAlignment(.center)
                    .accessibilityIdentifier("board-outcome")
            }
            ForEach(model.ranking, id: \.self) { line in
                Text(line).font(.body)
            }
            HStack(spacing: 12) {
                if model.canRematch {
                    Button("board.rematch", systemImage: "arrow.clockwise") { model.rematch() }
                        .buttonStyle(.borderedProminent)
                        .accessibilityIdentifier("board-rematch")
                }
                if let newGame {
                    Button("board.newGame", systemImage: "plus") {
                        model.dismissGameOver()
                        newGame()
                    }
                    .buttonStyle(.bordered)
                    .accessibilityIdentifier("board-newGame")
                }
            }
            Button("common.done") { dismiss() }
                .accessibilityIdentifier("board-gameOver-done")
        }
        .padding()
        .accessibilityElement(children: .contain)
    }
}

/// A binding that is true while `shown` holds and calls `dismiss` when the presentation goes
/// away (the model keeps the flag; see `errorShown`).
@MainActor
func shown(_ shown: Bool, dismiss: @escaping @MainActor () -> Void) -> Binding<Bool> {
    Binding(get: { @MainActor in shown }, set: { @MainActor in if !$0 { dismiss() } })
}
