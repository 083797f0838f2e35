// Online play: the connection indicator, then quick match, the lobby, a private room (shared
// with the share sheet) or joining by code; once matched, the board.
// AccessibilityNotification lives in the Accessibility framework (iOS 17).
import Accessibility
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The online screen.
struct OnlineView: View {
    @Bindable var model: OnlineModel
    @State private var format: Format = .tripot1
    @FocusState private var codeFocused: Bool

    var body: some View {
        Group {
            if model.state.game != nil {
                OnlineGameView(model: model)
            } else {
                lobby
            }
        }
        .safeAreaInset(edge: .top) { ConnectionBadge(state: model.state) }
        .onAppear {
            if model.state.connection != .connected { model.handle(.connect) }
        }
        .alert(
            "common.problem",
            isPresented: errorShown(model.error, dismiss: { model.handle(.dismissError) })
        ) {
            Button("common.ok", role: .cancel) { model.handle(.dismissError) }
        } message: {
            if let error = model.error { Text(error) }
        }
    }

    private var lobby: some View {
        Form {
            if let banner = model.banner {
                Section { Text(banner) }
            }
            if let seated = model.seated {
                SeatedSection(model: model, panel: seated)
            } else {
                choices
            }
        }
        .navigationTitle(Text("online.title"))
        // A finished game downloaded from "Your games", replayed on the local board.
        .navigationDestination(
            isPresented: Binding(
                get: { @MainActor in model.replay != nil },
                set: { @MainActor in if !$0 { model.handle(.closeReplay) } })
        ) {
            if let board = model.replay {
                GameView(model: board, haptics: false)
            }
        }
    }

    /// Quick match, private room and lobby, with the format they use. Until the server has
    /// welcomed this device, what needs it is disabled and says why; once a search, a table or a
    /// room waits, the format is chosen and its picker goes.
    @ViewBuilder private var choices: some View {
        if !model.hasServer {
            Section {
                Text("online.noServer")
                    .accessibilityIdentifier("online-noServer")
            }
        } else if !model.isConnected {
            Section {
                Text("online.notConnected")
                    .accessibilityIdentifier("online-notConnected")
            }
        }
        if !model.isWaiting {
            Section("online.format") {
                Picker("online.format", selection: $format) {
                    ForEach(onlineFormats(), id: \.self) {
                        Text(Wording.format($0)).tag($0)
                    }
                }
            }
        }
        Section("online.timeControl") {
            // The time control of the room or table created below (quick match has none).
            Picker("online.timeControl", selection: $model.timeControl) {
                ForEach(TimeControlChoice.allCases, id: \.self) {
                    Text($0.label).tag($0)
                }
            }
        }
        Section("online.quickMatch") {
            if model.state.searching {
                HStack {
                    ProgressView()
                    Text("online.searching")
                }
                Button("common.cancel", role: .cancel) { model.handle(.cancelMatch) }
            } else {
                Button("online.quickMatch.start") { model.handle(.quickMatch(format)) }
                    .disabled(!model.isConnected)
            }
        }
        if !model.ratingLines.isEmpty {
            Section("online.ratings") {
                ForEach(Array(model.ratingLines.enumerated()), id: \.offset) { _, line in
                    Text(line)
                }
            }
        }
        PastGamesSection(model: model)
        LiveGamesSection(model: model)
        Section("online.room") {
            if let room = model.state.room, let invitation = model.roomInvitation {
                LabeledContent("online.room.code") {
                    Text(verbatim: room.code).font(.title2.monospaced()).textSelection(.enabled)
                }
                ShareLink(item: AppText.string(invitation)) {
                    Label("online.room.share", systemImage: "square.and.arrow.up")
                }
                Button("online.room.close", role: .destructive) { model.handle(.closeTable) }
            } else {
                Button("online.room.create") { model.handle(.createRoom(format)) }
                    .disabled(!model.isConnected)
            }
            TextField("online.room.typeCode", text: $model.typedRoomCode)
                .textInputAutocapitalization(.characters)
                .autocorrectionDisabled()
                .focused($codeFocused)
                .submitLabel(.join)
                .onSubmit { model.handle(.submitRoomCode) }
            Button("online.room.join") { model.handle(.joinTypedRoom) }
                .disabled(!model.isConnected || model.roomCodeToJoin == nil)
        }
        Section("online.lobby") {
            if model.state.watchingLobby {
                if model.state.lobby.isEmpty {
                    Text("online.lobby.empty").foregroundStyle(.secondary)
                }
                ForEach(model.state.lobby, id: \.id) { table in
                    Button {
                        model.handle(.joinTable(table.id))
                    } label: {
                        LabeledContent {
                            Text(Wording.tableDetail(table))
                        } label: {
                            Text(Wording.tableHost(table))
                        }
                    }
                }
                if model.state.table != nil {
                    Button("online.table.close", role: .destructive) { model.handle(.closeTable) }
                } else {
                    Button("online.table.create") { model.handle(.createTable(format)) }
                        .disabled(!model.isConnected)
                }
                Button("online.lobby.leave") { model.handle(.unwatchLobby) }
            } else {
                Button("online.lobby.watch") { model.handle(.watchLobby) }
                    .disabled(!model.isConnected)
            }
        }
    }
}

/// "Your games": a button that asks for our finished games, then their list, latest first; a
/// tap replays one on the local board, "Share" downloads its save for the share sheet.
struct PastGamesSection: View {
    @Bindable var model: OnlineModel

    var body: some View {
        Section("online.games") {
            if !model.showingGames {
                Button("online.games.show") { model.handle(.listGames) }
            } else if let lines = model.pastGameLines {
                if lines.isEmpty {
                    Text("online.games.empty").foregroundStyle(.secondary)
                }
                ForEach(lines) { line in
                    VStack(alignment: .leading, spacing: 4) {
                        Button {
                            model.handle(.replayGame(line.id))
                        } label: {
                            VStack(alignment: .leading, spacing: 2) {
                                Text(line.title)
                                HStack(spacing: 4) {
                                    Text(line.detail)
                                    Text(verbatim: "·")
                                    if let day = line.day {
                                        Text(day)
                                    } else {
                                        Text(line.endedAt, style: .date)
                                    }
                                }
                                .font(.footnote)
                                .foregroundStyle(.secondary)
                            }
                        }
                        .buttonStyle(.borderless)
                        if let shared = model.shared, shared.id == line.id {
                            ShareLink(item: shared.save) {
                                Label("online.games.share", systemImage: "square.and.arrow.up")
                            }
                            .buttonStyle(.borderless)
                        } else {
                            Button("online.games.share") { model.handle(.shareGame(line.id)) }
                                .buttonStyle(.borderless)
                        }
                    }
                }
                Button("online.games.hide") { model.handle(.hideGames) }
            } else {
                ProgressView()
            }
        }
    }
}

/// "Watch a game": a button that asks for the public games in progress, then their list; a tap
/// watches one read-only (the board replaces the lobby, under "Watching"). "Watch with a code":
/// a private room's game by the room's code alone (a wrong one: said under the field until the
/// code is edited).
struct LiveGamesSection: View {
    @Bindable var model: OnlineModel

    var body: some View {
        Section("online.watch") {
            if !model.showingLiveGames {
                Button("online.watch.show") { model.handle(.watchGames) }
            } else if let lines = model.liveGameLines {
                if lines.isEmpty {
                    Text("online.watch.empty").foregroundStyle(.secondary)
                }
                ForEach(lines) { line in
                    Button {
                        model.handle(.spectate(line.id))
                    } label: {
                        Text(line.text)
                    }
                }
                Button("online.watch.hide") { model.handle(.hideLiveGames) }
            } else {
                ProgressView()
            }
            TextField("online.watch.code.field", text: $model.typedWatchCode)
                .textInputAutocapitalization(.characters)
                .autocorrectionDisabled()
                .submitLabel(.go)
                .onSubmit { if model.watchCodeToUse != nil { model.handle(.watchTypedCode) } }
            Button("online.watch.code.watch") { model.handle(.watchTypedCode) }
                .disabled(model.watchCodeToUse == nil)
            if let message = model.watchCodeMessage {
                Text(message).foregroundStyle(.red)
            }
        }
    }
}

/// The table or room of 3 or more seats we sit at while it fills: who sits, the free seats; the
/// host starts it with computer players at a picked level; anyone may leave.
struct SeatedSection: View {
    @Bindable var model: OnlineModel
    let panel: SeatedPanel

    var body: some View {
        Section {
            ForEach(Array(panel.players.enumerated()), id: \.offset) { _, name in
                Text(verbatim: name)
            }
            Text(panel.freeSeats).foregroundStyle(.secondary)
            if panel.canStart {
                Picker("online.seated.level", selection: $model.fillLevel) {
                    ForEach([AiLevel.beginner, .easy, .medium, .hard, .impossible], id: \.self) {
                        Text(Wording.level($0)).tag($0)
                    }
                }
                Button("online.seated.start") { model.handle(.fillWithAi) }
            } else if let waiting = panel.waiting {
                HStack {
                    ProgressView()
                    Text(waiting)
                }
            }
            Button("online.seated.leave", role: .destructive) { model.handle(.leaveSeat) }
        } header: {
            Text(panel.title)
        }
    }
}

/// Connected, connecting or reconnecting, always visible.
struct ConnectionBadge: View {
    let state: OnlineState

    var body: some View {
        HStack(spacing: 6) {
            Circle()
                .fill(state.connection == .connected ? Color.green : Color.orange)
                .frame(width: 10, height: 10)
                .accessibilityHidden(true)
            Text(Wording.connection(state.connection)).font(.footnote)
            if state.connection == .reconnecting { ProgressView().controlSize(.small) }
        }
        .padding(.vertical, 4)
        .frame(maxWidth: .infinity)
        .background(.bar)
        .accessibilityElement(children: .combine)
    }
}

/// The online board: the same canvas and board model as a local game, the buttons of what the
/// game has (a watched game has none), the clock and the seats.
struct OnlineGameView: View {
    @Bindable var model: OnlineModel
    @State private var showHistory = false
    @State private var zoom = BoardZoom.identity

    private var board: BoardModel { model.board }

    /// The opponent's name; with 3 or more seats (listed under the banner) the format.
    private var title: Text {
        guard let game = model.state.game else { return Text(verbatim: "") }
        if model.seatLines == nil { return Text(verbatim: game.opponent) }
        return Text(Wording.format(game.format))
    }

    var body: some View {
        VStack(spacing: 8) {
            if model.isSpectating {
                // A game watched: taps are refused, no resignation, draw or rematch is offered.
                HStack {
                    Label("online.watching", systemImage: "eye").font(.headline)
                    Spacer()
                    Button("online.watch.stop") { model.handle(.stopSpectating) }
                        .buttonStyle(.bordered)
                }
                .padding(.horizontal)
            }
            StatusLine(status: board.status)
            if let clock = model.state.game?.clock {
                // The clock counts down locally: redrawn when the core says its face changes.
                TimelineView(ClockSchedule(clock: clock)) { context in
                    ClockAndSeats(
                        model: model,
                        clock: model.clockDisplay(nowMs: context.date.unixMs))
                }
            } else {
                ClockAndSeats(model: model, clock: nil)
            }
            BoardCanvas(
                geometry: board.geometry, state: board.state,
                rotation: board.rotation,
                animation: board.animation, trail: board.trailSegments,
                arrows: board.shownMoveArrows,
                onTap: {
                    board.hideShownMove()
                    board.tap(x: $0, y: $1)
                },
                onTapHole: {
                    board.hideShownMove()
                    board.tap($0)
                },
                zoom: $zoom
            )
            .padding(.horizontal, 8)
            .overlay(alignment: .top) {
                if let backByMs = model.awayBackByMs {
                    // An opponent is away: the countdown redrawn when the core says its face
                    // changes.
                    TimelineView(AwaySchedule(backByMs: backByMs)) { context in
                        BoardNotes(
                            banner: model.overlayBanner(nowMs: context.date.unixMs),
                            notice: board.notice, hint: nil,
                            failure: board.storageFailure, retry: board.saveNow,
                            shownMove: board.shownMoveWords)
                    }
                } else {
                    BoardNotes(
                        banner: model.overlayBanner(), notice: board.notice, hint: nil,
                        failure: board.storageFailure, retry: board.saveNow,
                        shownMove: board.shownMoveWords)
                }
            }
            .overlay(alignment: .bottom) {
                if let change = model.ratingChange {
                    Text(change).font(.headline)
                        .padding(.all, 8)
                        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 10))
                        .allowsHitTesting(false)
                }
            }
            ControlBar(model: board) { showHistory = true }
        }
        .navigationTitle(title)
        .historyPanel(isPresented: $showHistory, model: board)
        .sheet(isPresented: shown(board.gameOverShown, dismiss: board.dismissGameOver)) {
            GameOverSheet(model: board, newGame: nil)
        }
        .confirmations(board)
        .alert("common.problem", isPresented: errorShown(board.error, dismiss: board.dismissError))
        {
            Button("common.ok", role: .cancel) { board.dismissError() }
        } message: {
            if let error = board.error { Text(error) }
        }
        .onChange(of: board.announcement) { _, announcement in
            guard let announcement else { return }
            AccessibilityNotification.Announcement(AppText.sentence(announcement.messages)).post()
        }
    }
}

/// Redraws the clock when its shown time changes (the core's `nextChangeAtMs`, read again at
/// each change), until the time is out.
struct ClockSchedule: TimelineSchedule {
    let clock: OnlineClock

    func entries(from startDate: Date, mode: TimelineScheduleMode) -> some Sequence<Date> {
        var changes = ClockChanges(clock, fromMs: startDate.unixMs)
        return sequence(first: startDate) { _ in changes.next().map(Date.init(unixMs:)) }
    }
}

/// Redraws the away countdown when its shown time changes (the core's `nextChangeAtMs`, read
/// again at each change), until the time is up.
struct AwaySchedule: TimelineSchedule {
    let backByMs: Int64

    func entries(from startDate: Date, mode: TimelineScheduleMode) -> some Sequence<Date> {
        var changes = AwayChanges(backByMs: backByMs, fromMs: startDate.unixMs)
        return sequence(first: startDate) { _ in changes.next().map(Date.init(unixMs:)) }
    }
}

/// The clock of a timed game (if any) and the seats of a game of 3 or more seats (if any).
struct ClockAndSeats: View {
    let model: OnlineModel
    let clock: ClockDisplay?

    var body: some View {
        VStack(spacing: 8) {
            if let clock {
                ClockBar(
                    clock: clock, players: model.state.board.players,
                    showBanks: model.seatLines == nil)
            }
            if let seats = model.seatLines {
                SeatList(lines: seats, clock: clock)
            }
        }
    }
}

/// The running clock: the time left of the side to move (red under ten seconds) and, in a game
/// of two with a game clock, both banks next to the names.
struct ClockBar: View {
    let clock: ClockDisplay
    let players: [PlayerState]
    let showBanks: Bool

    var body: some View {
        HStack(spacing: 12) {
            if showBanks {
                ForEach(Array(clock.banks.enumerated()), id: \.offset) { side, bank in
                    HStack(spacing: 4) {
                        Text(Wording.player(Int32(side), in: players)).font(.subheadline)
                        Text(verbatim: bank)
                            .font(
                                .subheadline.monospacedDigit().weight(
                                    side == clock.side ? .bold : .regular))
                    }
                }
            }
            Spacer()
            Text(verbatim: clock.text)
                .font(.title3.monospacedDigit().bold())
                .foregroundStyle(clock.low ? Color.red : Color.primary)
                .accessibilityLabel(Text(clock.spoken))
        }
        .padding(.horizontal)
    }
}

/// The seats of an online game of 3 or more seats in turn order: colours, name, the computer's
/// level, "away", the bank of a game clock, and the seat to move highlighted.
struct SeatList: View {
    let lines: [SeatLine]
    let clock: ClockDisplay?

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 6) {
                ForEach(lines, id: \.side) { line in
                    HStack(spacing: 4) {
                        ForEach(line.colours, id: \.self) { colour in
                            Circle().fill(PegStyle.of(colour).color).frame(width: 10, height: 10)
                                .accessibilityHidden(true)
                        }
                        Text(line.name).font(.subheadline.weight(line.toMove ? .bold : .regular))
                        if let bank = clock?.bank(line.side) {
                            Text(verbatim: bank).font(.caption.monospacedDigit())
                        }
                        if let computer = line.computer {
                            Text(computer).font(.caption).foregroundStyle(.secondary)
                        }
                        if let away = line.away {
                            Text(away).font(.caption).foregroundStyle(.red)
                        }
                    }
                    .padding(.horizontal, 8)
                    .padding(.vertical, 4)
                    .background(
                        line.toMove ? Color.accentColor.opacity(0.2) : Color.secondary.opacity(0.1),
                        in: RoundedRectangle(cornerRadius: 8)
                    )
                    .accessibilityElement(children: .combine)
                    .accessibilityAddTraits(line.toMove ? AccessibilityTraits.isSelected : [])
                }
            }
            .padding(.horizontal)
        }
    }
}
