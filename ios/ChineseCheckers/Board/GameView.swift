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
                arrows: model.shownMoveArrows,
                onTap: {
                    // A tap on the board puts away the move shown from the history.
                    model.hideShownMove()
                    model.tap(x: $0, y: $1)
                },
                onTapHole: {
                    model.hideShownMove()
                    model.tap($0)
                },
                zoom: $zoom,
                keepInView: model.keepInView,
                // The notes over the board's top: a banner or the hint's words, about two lines.
                notesHeight: 72
            )
            .padding(.horizontal, 8)
            .overlay(alignment: .top) {
                BoardNotes(
                    banner: model.overlayBanner, notice: model.notice, hint: model.hintWords,
                    failure: model.storageFailure, retry: model.saveNow,
                    shownMove: model.shownMoveWords)
            }
            .overlay(alignment: .bottom) { bottomNote }
            ControlBar(model: model) { showHistory = true }
        }
        .navigationTitle(Text("board.title"))
        .navigationBarTitleDisplayMode(.inline)
        .historyPanel(isPresented: $showHistory, model: model)
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

extension View {
    /// The moves played beside the board: an inspector, which is a trailing column on a wide
    /// screen and a sheet on a phone, where it stops at half height so that the board stays in
    /// view and can be tapped. Closing it puts away the move it showed. On a phone the panel is
    /// a sheet presented from this same view, and the board behind it stays usable, so a move
    /// or a button there can raise the game-over sheet, a confirmation dialog or an error alert
    /// while it is up; a view presents one of them at a time (a second is not shown), so the
    /// panel closes to make way for them.
    func historyPanel(isPresented: Binding<Bool>, model: BoardModel) -> some View {
        inspector(isPresented: isPresented) {
            HistoryList(model: model) { isPresented.wrappedValue = false }
                .presentationDetents([.medium, .large])
                .presentationBackgroundInteraction(.enabled(upThrough: .medium))
        }
        .onChange(of: isPresented.wrappedValue) { _, open in
            if !open { model.hideShownMove() }
        }
        .onChange(of: model.gameOverShown) { _, over in
            if over { isPresented.wrappedValue = false }
        }
        .onChange(of: model.pendingConfirmation) { _, asked in
            if asked != nil { isPresented.wrappedValue = false }
        }
        .onChange(of: model.error != nil) { _, failed in
            if failed { isPresented.wrappedValue = false }
        }
    }
}

/// The moves played, one line each. A tapped line is drawn on the board as arrows; the line
/// shown is marked (in replay, the last move the board shows), and tapping it again hides it.
struct HistoryList: View {
    let model: BoardModel
    let close: () -> Void

    var body: some View {
        NavigationStack {
            List(model.state.history.reversed(), id: \.number) { move in
                let shown = model.markedMoveNumber == move.number
                Button {
                    model.toggleShownMove(move.number)
                } label: {
                    HStack {
                        Text(Wording.historyEntry(move, players: model.state.players))
                        Spacer()
                        if shown {
                            Image(systemName: "arrow.up.right.circle.fill")
                                .accessibilityHidden(true)
                        }
                    }
                    .contentShape(Rectangle())
                }
                .foregroundStyle(shown ? Color.accentColor : Color.primary)
                .accessibilityAddTraits(shown ? .isSelected : [])
                .accessibilityIdentifier("history-\(move.number)")
            }
            .navigationTitle(Text("board.history"))
            .toolbar {
                Button("common.done") { close() }
            }
        }
    }
}
