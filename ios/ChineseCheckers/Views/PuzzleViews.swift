// The race puzzles: the list (today's puzzle first, then the set by difficulty, each with its par
// and the person's result), the puzzle on the game's own board with the count against par above
// it and End jump / Undo / Redo / Restart in fixed places below it, and the solved sheet (the
// result, the best, the solver's line stepped on a small board, next puzzle or back to the list).
// The kit's PuzzleListModel and PuzzleModel say everything; these lay it out.
// AccessibilityNotification lives in the Accessibility framework (iOS 17).
import Accessibility
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The puzzles' list.
struct PuzzlesView: View {
    let model: PuzzleListModel
    let open: (PuzzleInfo) -> Void

    var body: some View {
        List {
            if let daily = model.daily {
                Section("puzzle.section.daily") { row(daily) }
            }
            ForEach(model.sections) { section in
                Section {
                    ForEach(section.puzzles, id: \.id) { row($0) }
                } header: {
                    Text(PuzzleListModel.difficulty(section.id))
                }
            }
        }
        .navigationTitle(Text("puzzle.title"))
        .onAppear { model.refresh() }
        .alert("common.problem", isPresented: errorShown(model.error, dismiss: model.dismissError))
        {
            Button("common.ok", role: .cancel) { model.dismissError() }
        } message: {
            if let error = model.error { Text(error) }
        }
    }

    private func row(_ info: PuzzleInfo) -> some View {
        Button {
            open(info)
        } label: {
            HStack {
                VStack(alignment: .leading, spacing: 2) {
                    Text(model.title(info)).font(.body)
                    Text(PuzzleListModel.details(info)).font(.caption)
                    Text(PuzzleListModel.resultWords(info))
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
                Spacer()
                if info.solvedAtPar {
                    Image(systemName: "checkmark.seal.fill")
                        .foregroundStyle(Color.accentColor)
                        .accessibilityHidden(true)
                }
            }
            .contentShape(Rectangle())
        }
        .accessibilityElement(children: .combine)
        // The UI tests' way to a puzzle ("puzzle-tripot-easy-1").
        .accessibilityIdentifier("puzzle-\(info.id)")
    }
}

/// A puzzle in play: the count against par above the board, the buttons below it, never moving.
struct PuzzleView: View {
    @Bindable var model: PuzzleModel
    let haptics: Bool
    /// The solved sheet's "Next puzzle" (nil after the last one).
    let next: (() -> Void)?
    /// The solved sheet's "All puzzles".
    let backToList: () -> Void

    @State private var zoom = BoardZoom.identity

    var body: some View {
        VStack(spacing: 8) {
            Text(LocalizedMessage("puzzle.goal", [.message(model.parWords)]))
                .font(.subheadline)
                .lineLimit(1)
                .minimumScaleFactor(0.7)
                .padding(.horizontal)
            // One line that never wraps, so the board below never moves.
            Text(model.count)
                .font(.headline)
                .lineLimit(1)
                .minimumScaleFactor(0.7)
                .frame(maxWidth: .infinity)
                .padding(.horizontal)
                .accessibilityIdentifier("puzzle-count")
            BoardCanvas(
                geometry: model.geometry, state: model.board, rotation: model.rotation,
                animation: model.animation, trail: [], arrows: [],
                onTap: { model.handle(.tapAt(x: $0, y: $1)) },
                onTapHole: { model.handle(.tap($0)) }, zoom: $zoom
            )
            .padding(.horizontal, 8)
            .overlay(alignment: .top) {
                BoardNotes(
                    banner: nil, notice: model.notice, hint: nil, failure: nil, retry: {},
                    shownMove: nil)
            }
            PuzzleControlBar(model: model)
        }
        .navigationTitle(Text(PuzzleListModel.details(model.info)))
        .navigationBarTitleDisplayMode(.inline)
        .sheet(isPresented: shown(model.solvedShown) { model.handle(.dismissSolved) }) {
            PuzzleSolvedSheet(model: model, next: next, backToList: backToList)
                .presentationDetents([.medium, .large])
        }
        .alert(
            "common.problem", isPresented: errorShown(model.error) { model.handle(.dismissError) }
        ) {
            Button("common.ok", role: .cancel) { model.handle(.dismissError) }
        } message: {
            if let error = model.error { Text(error) }
        }
        .onChange(of: model.announcement) { _, announcement in
            guard let announcement else { return }
            AccessibilityNotification.Announcement(AppText.sentence(announcement.messages)).post()
        }
        .sensoryFeedback(.selection, trigger: model.board.selected) { _, _ in haptics }
        .sensoryFeedback(.impact, trigger: model.state.moves) { _, _ in haptics }
    }
}

/// End jump, Undo, Redo and Restart: every slot of `PuzzleModel.slots`, equally wide, in a fixed
/// order (a button that does not apply now stays in place, disabled).
struct PuzzleControlBar: View {
    let model: PuzzleModel

    var body: some View {
        HStack(spacing: 4) {
            ForEach(model.slots) { slot in
                Button {
                    model.handle(.slot(slot.id))
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
                .accessibilityIdentifier("puzzle-\(identifier(slot.id))")
            }
        }
        .buttonStyle(.borderless)
        .padding(.horizontal, 8)
        .padding(.bottom, 8)
    }

    private func title(_ kind: PuzzleSlot.Kind) -> LocalizedStringKey {
        switch kind {
        case .endJump: return "board.endJump"
        case .undo: return "board.undo"
        case .redo: return "board.redo"
        case .restart: return "puzzle.restart"
        }
    }

    private func symbol(_ kind: PuzzleSlot.Kind) -> String {
        switch kind {
        case .endJump: return "checkmark.circle"
        case .undo: return "arrow.uturn.backward"
        case .redo: return "arrow.uturn.forward"
        case .restart: return "arrow.counterclockwise"
        }
    }

    private func identifier(_ kind: PuzzleSlot.Kind) -> String {
        switch kind {
        case .endJump: return "endJump"
        case .undo: return "undo"
        case .redo: return "redo"
        case .restart: return "restart"
        }
    }
}

/// The army is home: the result, the best, the solver's line on a small board with its stepper,
/// and the ways on.
struct PuzzleSolvedSheet: View {
    let model: PuzzleModel
    let next: (() -> Void)?
    let backToList: () -> Void
    @State private var zoom = BoardZoom.identity
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 10) {
            Text("puzzle.solved").font(.title3.bold())
            if let result = model.resultWords {
                Text(result)
                    .multilineTextAlignment(.center)
                    .accessibilityIdentifier("puzzle-result")
            }
            if let best = model.bestWords {
                Text(best).font(.subheadline).foregroundStyle(.secondary)
            }
            if let board = model.lineBoard {
                BoardCanvas(
                    geometry: model.geometry, state: board, rotation: model.rotation,
                    animation: nil, trail: [], arrows: model.lineArrows,
                    onTap: { _, _ in }, onTapHole: { _ in }, zoom: $zoom
                )
                .frame(minHeight: 200)
                Text(model.lineWords).font(.subheadline)
                    .accessibilityIdentifier("puzzle-line")
                HStack(spacing: 12) {
                    Button("puzzle.line.back", systemImage: "backward.frame") {
                        model.handle(.stepLine(forward: false))
                    }
                    .disabled(!model.canStepLineBack)
                    .accessibilityIdentifier("puzzle-line-back")
                    Button("puzzle.line.forward", systemImage: "forward.frame") {
                        model.handle(.stepLine(forward: true))
                    }
                    .disabled(!model.canStepLineForward)
                    .accessibilityIdentifier("puzzle-line-forward")
                }
                .labelStyle(.titleAndIcon)
                .buttonStyle(.bordered)
            }
            HStack(spacing: 12) {
                if let next {
                    Button("puzzle.next", systemImage: "arrow.right") {
                        model.handle(.dismissSolved)
                        next()
                    }
                    .buttonStyle(.borderedProminent)
                    .accessibilityIdentifier("puzzle-next")
                }
                Button("puzzle.backToList", systemImage: "list.bullet") {
                    model.handle(.dismissSolved)
                    backToList()
                }
                .buttonStyle(.bordered)
                .accessibilityIdentifier("puzzle-backToList")
            }
            Button("common.done") { dismiss() }
                .accessibilityIdentifier("puzzle-solved-done")
        }
        .padding()
        .accessibilityElement(children: .contain)
    }
}
