// The local game screen, a player's table whose parts never move: the player strip and one
// status line above the board, banners, notices, the hint in words and "thinking" drawn over the
// board's top and bottom edges (they push nothing), and the control bar's fixed slots below it
// (BoardModel.controlSlots: a button that does not apply now stays in place, disabled). Resign
// and draw offers ask first (BoardModel.pendingConfirmation); Rematch and New game live in the
// game-over sheet only. VoiceOver announcements and haptics as before.
// AccessibilityNotification lives in the Accessibility framework (iOS 17).
import Accessibility
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// A local game (solo or pass and play), or a finished online game replayed.
struct GameView: View {
    @Bindable var model: BoardModel
    let haptics: Bool
    /// The game-over sheet's "New game" (nil: no such button, as for a replayed online game).
    var newGame: (() -> Void)?

    @State private var showHistory = false
    @State private var zoom = BoardZoom.identity
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        VStack(spacing: 8) {
            PlayerStrip(chips: model.playerChips)
            StatusLine(status: model.status)
            BoardCanvas(
                geometry: model.geometry, state: model.state,
                rotation: model.rotation,
                animation: model.animation, trail: model.trailSegments,
                onTap: { model.tap(x: $0, y: $1) }, onTapHole: { model.tap($0) },
                zoom: $zoom
            )
            .padding(.horizontal, 8)
            .overlay(alignment: .top) {
                BoardNotes(
                    banner: model.overlayBanner, notice: model.notice, hint: model.hintWords,
                    failure: model.storageFailure, retry: model.saveNow)
            }
            .overlay(alignment: .bottom) { bottomNote }
            ControlBar(model: model) { showHistory = true }
        }
        .navigationTitle(Text("board.title"))
        .navigationBarTitleDisplayMode(.inline)
        .sheet(isPresented: $showHistory) {
            HistoryList(state: model.state)
        }
        .sheet(isPresented: shown(model.gameOverShown, dismiss: model.dismissGameOver)) {
            GameOverSheet(model: model, newGame: newGame)
        }
        .confirmations(model)
        .alert("common.problem", isPresented: errorShown(model.error, dismiss: model.dismissError))
        {
            Button("common.ok", role: .cancel) { model.dismissError() }
        } message: {
            if let error = model.error { Text(error) }
        }
        .onAppear { model.reduceMotion = reduceMotion }
        .onChange(of: reduceMotion) { _, on in model.reduceMotion = on }
        .onChange(of: model.announcement) { _, announcement in
            guard let announcement else { return }
            AccessibilityNotification.Announcement(AppText.sentence(announcement.messages)).post()
        }
        .sensoryFeedback(.selection, trigger: model.state.selected) { _, _ in haptics }
        .sensoryFeedback(.impact, trigger: model.state.history.count) { _, _ in haptics }
    }

    /// Over the board's bottom edge: the AI's or the hint's search with its cancel button, the
    /// AI's pause, or the replay's steps.
    @ViewBuilder private var bottomNote: some View {
        if model.isThinking || model.isHinting {
            ThinkingIndicator(hint: model.isHinting) { model.cancelThinking() }
                .padding(.all, 8)
                .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 10))
        } else if model.state.aiPaused {
            Button("board.resumeAI") { model.resumeAI() }
                .buttonStyle(.borderedProminent)
        } else if model.state.replay != nil {
            HStack(spacing: 12) {
                Button("board.replay.back", systemImage: "backward.frame") {
                    model.stepReplay(by: -1)
                }
                Button("board.replay.forward", systemImage: "forward.frame") {
                    model.stepReplay(by: 1)
                }
            }
            .labelStyle(.titleAndIcon)
            .buttonStyle(.bordered)
            .padding(.all, 8)
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 10))
        }
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
