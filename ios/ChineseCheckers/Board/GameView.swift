// The local game screen: banner, board, controls following the game's capabilities (the buttons
// of what it has at all, enabled by what it can do now), the AI's thinking indicator with its
// cancel button, the end with its ranking, VoiceOver announcements and haptics.
// AccessibilityNotification lives in the Accessibility framework (iOS 17).
import Accessibility
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// A local game (solo or pass and play).
struct GameView: View {
    @Bindable var model: BoardModel
    let haptics: Bool

    @State private var confirmResign = false
    @State private var showHistory = false

    var body: some View {
        VStack(spacing: 8) {
            StatusBanner(banner: model.banner, notice: model.notice)
            if let failure = model.storageFailure {
                SaveFailureBar(message: failure, retry: model.saveNow)
            }
            BoardCanvas(
                geometry: model.geometry, state: model.state,
                rotation: model.rotation,
                animation: model.animation,
                onTap: { model.tap(x: $0, y: $1) }, onTapHole: { model.tap($0) }
            )
            .padding(.horizontal, 8)
            if model.isThinking || model.isHinting {
                ThinkingIndicator(hint: model.isHinting) { model.cancelThinking() }
            } else if model.state.aiPaused {
                Button("board.resumeAI") { model.resumeAI() }
                    .buttonStyle(.bordered)
            }
            if let outcome = model.outcome {
                EndPanel(outcome: outcome, ranking: model.ranking, canRematch: model.canRematch) {
                    model.rematch()
                }
            }
            controls
        }
        .navigationTitle(Text("board.title"))
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button {
                    showHistory = true
                } label: {
                    Label("board.history", systemImage: "list.number")
                }
            }
        }
        .sheet(isPresented: $showHistory) {
            HistoryList(state: model.state)
        }
        .confirmationDialog("board.resign.confirm", isPresented: $confirmResign) {
            Button("board.resign", role: .destructive) { model.resign() }
                .accessibilityIdentifier("board-resign-confirm")
        }
        .alert("common.problem", isPresented: errorShown(model.error, dismiss: model.dismissError))
        {
            Button("common.ok", role: .cancel) { model.dismissError() }
        } message: {
            if let error = model.error { Text(error) }
        }
        .onChange(of: model.announcement) { _, announcement in
            guard let announcement else { return }
            AccessibilityNotification.Announcement(AppText.sentence(announcement.messages)).post()
        }
        .sensoryFeedback(.selection, trigger: model.state.selected) { _, _ in haptics }
        .sensoryFeedback(.impact, trigger: model.state.history.count) { _, _ in haptics }
    }

    /// The buttons of what the game has (`capabilities()`), each enabled as the state's
    /// capabilities say.
    private var controls: some View {
        let can = model.state.capabilities
        return ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 12) {
                if model.state.replay != nil {
                    Button("board.replay.back", systemImage: "backward.frame") {
                        model.stepReplay(by: -1)
                    }
                    Button("board.replay.forward", systemImage: "forward.frame") {
                        model.stepReplay(by: 1)
                    }
                    Button("board.replay.exit", systemImage: "xmark") { model.exitReplay() }
                } else {
                    if can.canEndJump {
                        Button("board.endJump", systemImage: "checkmark.circle") {
                            model.endJump()
                        }
                        .buttonStyle(.borderedProminent)
                    }
                    if model.hasUndo {
                        Button("board.undo", systemImage: "arrow.uturn.backward") { model.undo() }
                            .disabled(!can.canUndo)
                        Button("board.redo", systemImage: "arrow.uturn.forward") { model.redo() }
                            .disabled(!can.canRedo)
                    }
                    if model.hasHint {
                        Button("board.hint", systemImage: "lightbulb") { model.requestHint() }
                            .disabled(!can.canHint)
                    }
                    if model.hasReplay {
                        Button("board.replay", systemImage: "play.rectangle") {
                            model.startReplay()
                        }
                        .disabled(!can.canReplay)
                    }
                    if can.canAnswerDraw {
                        Button("board.draw.accept") { model.answerDraw(accept: true) }
                        Button("board.draw.decline") { model.answerDraw(accept: false) }
                    } else if model.hasDrawOffers {
                        Button("board.draw.offer", systemImage: "equal.circle") {
                            model.offerDraw()
                        }
                        .disabled(!can.canOfferDraw)
                    }
                    if model.hasResign {
                        Button("board.resign", systemImage: "flag") { confirmResign = true }
                            .disabled(!can.canResign)
                            .accessibilityIdentifier("board-resign")
                    }
                }
            }
            .labelStyle(.titleAndIcon)
            .buttonStyle(.bordered)
            .padding(.horizontal)
        }
        .padding(.bottom, 8)
    }
}

/// The library could not write the game: why, and "Try again" (the core's `saveNow`).
struct SaveFailureBar: View {
    let message: LocalizedMessage
    let retry: () -> Void

    var body: some View {
        HStack(spacing: 8) {
            Text(message)
                .font(.subheadline)
                .multilineTextAlignment(.leading)
            Button("board.saveRetry") { retry() }
                .accessibilityIdentifier("board-saveRetry")
        }
        .frame(maxWidth: .infinity)
        .padding(.horizontal)
    }
}

/// The banner and the notice above the board.
struct StatusBanner: View {
    let banner: LocalizedMessage?
    let notice: LocalizedMessage?

    var body: some View {
        VStack(spacing: 4) {
            if let banner {
                Text(banner)
                    .font(.headline)
                    .multilineTextAlignment(.center)
            }
            if let notice {
                Text(notice)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
            }
        }
        .frame(maxWidth: .infinity, minHeight: 44)
        .padding(.horizontal)
        .accessibilityElement(children: .combine)
    }
}

/// "Thinking…" with a way to stop the search.
struct ThinkingIndicator: View {
    let hint: Bool
    let cancel: @MainActor () -> Void

    var body: some View {
        HStack(spacing: 12) {
            ProgressView()
            Text(hint ? LocalizedStringKey("board.hinting") : LocalizedStringKey("board.thinking"))
            Button("common.cancel", role: .cancel, action: cancel)
                .buttonStyle(.bordered)
        }
        .accessibilityElement(children: .combine)
    }
}

/// The outcome, the ranking and the rematch button.
struct EndPanel: View {
    let outcome: LocalizedMessage
    let ranking: [LocalizedMessage]
    let canRematch: Bool
    let rematch: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 6) {
            Text(outcome).font(.title3.bold())
                .accessibilityIdentifier("board-outcome")
            ForEach(ranking, id: \.self) { line in
                Text(line).font(.body)
            }
            if canRematch {
                Button("board.rematch", systemImage: "arrow.clockwise", action: rematch)
                    .buttonStyle(.borderedProminent)
            }
        }
        .padding()
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12))
        .accessibilityElement(children: .contain)
    }
}

/// The moves played, one line each.
struct HistoryList: View {
    let state: GameState
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List(state.history.reversed(), id: \.number) { move in
                Text(Wording.historyEntry(move, players: state.players))
            }
            .navigationTitle(Text("board.history"))
            .toolbar {
                Button("common.done") { dismiss() }
            }
        }
    }
}
