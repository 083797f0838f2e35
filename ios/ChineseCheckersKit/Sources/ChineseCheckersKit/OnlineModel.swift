// The online screens' model (quick match, lobby, private room, join by code, the connection):
// the core's `OnlineGame` behind an `OnlineClient`, its state published on the main actor. The
// board is a `BoardModel` over the session's `Game`, the same as a local game's.
import ChineseCheckersCore
import Foundation
import Observation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Online play.
@MainActor
@Observable
public final class OnlineModel {
    /// The client carrying the core's messages over the WebSocket.
    @ObservationIgnored public let client: OnlineClient
    /// The board of the game played or watched (whichever it is now): its taps and buttons go
    /// through the client, as the session's transport.
    public let board: BoardModel
    /// The latest state of the online game.
    public private(set) var state: OnlineState
    /// The last refusal, for an alert (cleared by `handle(.dismissError)`).
    public private(set) var error: LocalizedMessage?
    /// The room code as the person types it (checked by the core as it is typed).
    public var typedRoomCode = ""
    /// "Watch with a code": the private room's code being typed, whose game is watched by it.
    public var typedWatchCode = "" {
        didSet { if typedWatchCode != oldValue { watchCodeEdited = true } }
    }
    /// The last thing asked was to watch by a code: a `gameNotFound` refusal is then "no game
    /// with that code", not a game that ended.
    public private(set) var watchCodeSent = false
    /// The code was edited since it was last sent: what the server said of the code sent is
    /// about another code, and is no longer shown.
    public private(set) var watchCodeEdited = false
    /// The level the host picks for the computer players of a filling table.
    public var fillLevel: AiLevel = .medium
    /// The time control of the tables and rooms this player creates (quick match has none).
    public var timeControl: TimeControlChoice = .standard
    /// "Your games" is open (its lines are `pastGameLines`).
    public private(set) var showingGames = false
    /// "Watch a game" is open (its lines are `liveGameLines`).
    public private(set) var showingLiveGames = false
    /// A finished game downloaded to replay: its board, at the replay's start (the view shows
    /// it; `handle(.closeReplay)` drops it).
    public private(set) var replay: BoardModel?
    /// A finished game downloaded to share: its id and save text (the share sheet's item).
    public private(set) var shared: DownloadedGame?

    @ObservationIgnored private let library: GameLibrary?
    @ObservationIgnored private let settings: AppSettings?
    @ObservationIgnored private let nowMs: @Sendable () -> Int64
    /// The finished game being downloaded, and whether to share it (else replay it).
    @ObservationIgnored private var pendingDownload: (id: String, share: Bool)?
    /// Our ratings were asked for once connected.
    @ObservationIgnored private var ratingsAsked = false

    /// A model for `game` (a new `OnlineGame()` or one reopened from the library) talking to
    /// `url` as the install's `token` under `name`. With a `library`, the session is kept there
    /// (`keepOnline`): every game of ours writes itself as it changes. Nothing is sent before
    /// `connect()`.
    public init(
        game: OnlineGame = OnlineGame(), url: URL?, token: String, name: String,
        library: GameLibrary? = nil, settings: AppSettings? = nil,
        urlSession: URLSession = URLSession(configuration: .default),
        nowMs: @escaping @Sendable () -> Int64 = OnlineModel.systemNowMs
    ) {
        self.nowMs = nowMs
        hasServer = url != nil
        self.library = library
        self.settings = settings
        self.state = game.state()
        library?.keepOnline(game: game)
        // The client reports from URLSession's queue: hop to the main actor and read the core's
        // latest state there (reading it, rather than passing the reported one, keeps the
        // newest state even when two hops arrive out of order).
        // `self` cannot be captured before every property is set: the client calls this
        // variable, set just below, before anything can connect.
        var refresh: (OnlineState) -> Void = { _ in }
        self.client = OnlineClient(
            game: game, url: url, token: token, name: name, urlSession: urlSession
        ) { state in refresh(state) }
        game.setTransport(transport: client.transport())
        board = BoardModel(game: game.game(), turnBoard: settings?.turnBoard ?? true)
        refresh = { [weak self] _ in
            Task { @MainActor [weak self] in self?.refresh() }
        }
        // A board call goes through the transport, not the client's `send`: the session's
        // state is read again after every state of the board.
        board.onChange = { [weak self] _ in self?.sessionChanged() }
    }

    /// The online game of the core.
    public var game: OnlineGame { client.game }

    /// Whether there is a server to connect to: false in a build without a default server when
    /// the player has chosen none (the screen says to choose one under Settings → Advanced).
    public let hasServer: Bool

    /// Reads the board's state and the session's again (the board's listener would tell, a
    /// moment later).
    private func refresh() {
        board.refresh()
        // The board tells of its new state (`onChange`); read the session even if it did not.
        sessionChanged()
    }

    private func sessionChanged() {
        let next = game.state()
        state = next
        if next.connection == .connected, !ratingsAsked {
            ratingsAsked = true
            send(.requestRatings)
        }
        openDownload(next)
    }

    /// A finished game asked for has arrived: open its replay, or hold it for the share sheet.
    private func openDownload(_ next: OnlineState) {
        guard let download = next.download, let pending = pendingDownload,
            download.id == pending.id
        else { return }
        pendingDownload = nil
        if pending.share {
            shared = download
            return
        }
        do {
            // Not saved nor counted: the library keeps this device's games, not replays.
            let board = BoardModel(
                game: try LocalGame.restore(save: download.save).game(),
                turnBoard: settings?.turnBoard ?? true)
            // The replay opens at the last move: back to the first position, to play it through.
            board.startReplay()
            if let total = board.state.replay?.total, total > 0 {
                board.stepReplay(by: -Int32(total))
            }
            replay = board
        } catch {
            self.error = Wording.error(error)
        }
    }

    /// This device's clock in milliseconds.
    // Nonisolated: it is `init`'s default argument, which callers on any actor evaluate (a
    // Sendable constant, safe anywhere).
    public nonisolated static let systemNowMs: @Sendable () -> Int64 = {
        Date().unixMs
    }

    // MARK: What the screens show

    /// The banner above the board (or over the lobby), worded. A refused watch code is not one:
    /// it is said under the code field (`watchCodeMessage`).
    public var banner: LocalizedMessage? {
        if watchCodeRefused { return nil }
        return state.board.banner.map { Wording.banner($0, players: state.board.players) }
    }

    /// Under "Watch with a code": "No game is being played with that code." once the server
    /// found no game for the code sent, until the code is edited (or something else is asked).
    public var watchCodeMessage: LocalizedMessage? {
        guard watchCodeRefused, !watchCodeEdited else { return nil }
        return LocalizedMessage("online.watch.code.notFound")
    }

    /// The last thing asked was to watch by a code, and the server found no game for it.
    private var watchCodeRefused: Bool {
        guard watchCodeSent, case .serverError(code: .gameNotFound)? = state.board.banner else {
            return false
        }
        return true
    }

    /// The connection indicator.
    public var connection: LocalizedMessage { Wording.connection(state.connection) }

    /// The server has welcomed this device: quick match, rooms and the lobby may be asked for
    /// (before, the core refuses them with `NotConnected`, and the screen disables them).
    public var isConnected: Bool { state.connection == .connected }

    /// A search, a table or a room waits, or the device is seated at a filling table: the
    /// format is chosen.
    public var isWaiting: Bool {
        state.searching || state.table != nil || state.room != nil || state.seated != nil
    }

    /// The typed room code in the core's form, or nil while it is not a valid code.
    public var roomCodeToJoin: String? { checkRoomCode(typed: typedRoomCode) }

    /// The typed code of "Watch with a code" in the core's form, or nil while it is not a code.
    public var watchCodeToUse: String? { checkRoomCode(typed: typedWatchCode) }

    /// The text shared with the private room's code (the share sheet).
    public var roomInvitation: LocalizedMessage? {
        state.room.map { LocalizedMessage("online.room.invitation", [.text($0.code)]) }
    }

    /// The panel of the table or room of 3 or more seats we sit at while it fills.
    public var seated: SeatedPanel? { state.seated.map(SeatedPanel.init) }

    /// When the opponent whose connection dropped loses their seat (this device's clock, ms),
    /// while the board's banner says they are away and this device saw the drop; the view
    /// redraws the countdown at its changes (`AwayChanges`).
    public var awayBackByMs: Int64? {
        guard case .opponentDisconnected(_, let backByMs)? = board.state.banner else { return nil }
        return backByMs
    }

    /// The banner over the board at `nowMs` (this device's clock, `systemNowMs()` by default):
    /// the away countdown while an opponent is away ("Bob … has 2:41 to come back"), otherwise
    /// the board's own (`BoardModel.overlayBanner`).
    public func overlayBanner(nowMs: Int64? = nil) -> LocalizedMessage? {
        guard case .opponentDisconnected(let player, let backByMs?)? = board.state.banner else {
            return board.overlayBanner
        }
        return AwayDisplay(
            player: player, backByMs: backByMs, nowMs: nowMs ?? self.nowMs(),
            players: board.state.players
        ).text
    }

    /// The running clock as the core reads it at `nowMs` (this device's clock, `systemNowMs()`
    /// by default): the time left of the side to move and, with a game clock, every seat's
    /// bank; nil for an untimed game or a game that is over. The view redraws it at its
    /// `nextChangeAtMs` (`ClockChanges`).
    public func clockDisplay(nowMs: Int64? = nil) -> ClockDisplay? {
        guard let clock = state.game?.clock else { return nil }
        return ClockDisplay(clock, nowMs: nowMs ?? self.nowMs(), players: state.board.players)
    }

    /// "Your games", the latest first; nil until the server answered.
    public var pastGameLines: [PastGameLine]? {
        let now = nowMs()
        return state.pastGames?.map { PastGameLine($0, nowMs: now) }
    }

    /// "Watch a game": the public games in progress, the newest first; nil until the server
    /// answered.
    public var liveGameLines: [LiveGameLine]? { state.liveGames?.map(LiveGameLine.init) }

    /// We watch the game on the board read-only (no move, resignation or offer is ours).
    public var isSpectating: Bool { state.spectating }

    /// Our ratings, one line per rule set we played rated games in (none before the answer).
    public var ratingLines: [LocalizedMessage] { (state.ratings ?? []).map(Wording.ratingLine) }

    /// How the game on the board changed our rating, once the server said.
    public var ratingChange: LocalizedMessage? {
        guard let change = state.ratingChange, change.game == state.game?.id else { return nil }
        return Wording.ratingChange(change)
    }

    /// The seats of a game of 3 or more seats in turn order; nil for a game of 2.
    public var seatLines: [SeatLine]? { SeatLine.lines(state) }

    // MARK: Actions

    /// Handles one action of the player or of the scene: the one way in, as the Android app's
    /// `OnlinePresenter.onEvent` (a state holder with one state and one action type).
    public func handle(_ action: OnlineAction) {
        switch action {
        case .connect: attempt { try client.connect() }
        case .disconnect:
            client.close()
            refresh()
        case .quickMatch(let format): send(.quickMatch(format: format))
        case .cancelMatch: send(.cancelMatch)
        case .watchLobby: send(.watchLobby)
        case .unwatchLobby: send(.unwatchLobby)
        case .createTable(let format):
            send(.createTable(format: format, clock: timeControl.timeControl))
        case .closeTable: send(.closeTable)
        case .joinTable(let id): send(.joinTable(table: id))
        case .createRoom(let format):
            send(.createRoom(format: format, clock: timeControl.timeControl))
        case .fillWithAi: send(.fillWithAi(level: fillLevel))
        case .leaveSeat: send(.leaveSeat)
        case .requestRatings: send(.requestRatings)
        case .listGames:
            showingGames = true
            send(.listGames)
        case .hideGames: showingGames = false
        case .watchGames: watchGames()
        case .hideLiveGames: showingLiveGames = false
        case .spectate(let id):
            watchCodeSent = false
            send(.spectate(game: id, code: nil))
        case .watchTypedCode: watchTypedCode()
        case .stopSpectating:
            send(.stopSpectating)
            // Back in the lobby: the list is asked for again, games have moved on.
            if showingLiveGames { send(.watchGames) }
        case .replayGame(let id): download(id, share: false)
        case .shareGame(let id): download(id, share: true)
        case .closeReplay: replay = nil
        case .joinTypedRoom: joinTypedRoom()
        case .submitRoomCode: submitRoomCode()
        case .dismissError: error = nil
        case .enteredBackground: enteredBackground()
        case .becameActive: becameActive()
        }
    }

    /// Opens "Watch a game": asks the server for the public games in progress.
    private func watchGames() {
        watchCodeSent = false
        showingLiveGames = true
        send(.watchGames)
    }
    /// Watches the game of the room whose code was typed, by the code alone (the one its players
    /// joined with): the server finds the game. A code that names no game leaves the lobby as it
    /// was, with "no game with that code" under the field (`watchCodeMessage`).
    private func watchTypedCode() {
        watchCodeSent = true
        watchCodeEdited = false
        send(.spectateRoom(code: typedWatchCode))
    }

    private func download(_ id: String, share: Bool) {
        watchCodeSent = false
        pendingDownload = (id, share)
        send(.downloadGame(game: id))
    }

    /// A frame from the server, as the socket delivers it (tests and tools feed the protocol's
    /// own frames here).
    public func receive(frame: String) {
        attempt { try client.receive(frame: frame) }
    }

    /// Joins the room whose code was typed (the core checks the code first).
    private func joinTypedRoom() {
        watchCodeSent = false
        send(.joinRoom(code: typedRoomCode))
    }

    /// Enter in the room-code field: joins the room typed, as the Join button does; an empty
    /// field does nothing (no alert for a stray Enter). The core checks the code.
    private func submitRoomCode() {
        guard !typedRoomCode.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return
        }
        joinTypedRoom()
    }

    /// Sends one request of the player through the client (the one path of every request).
    private func send(_ request: OnlineRequest) {
        attempt { try client.send(request) }
    }

    /// Runs one call of the client: a refusal becomes the alert; the state is read again.
    private func attempt(_ call: () throws -> Void) {
        do {
            try call()
        } catch {
            self.error = Wording.error(error)
        }
        refresh()
    }

    // MARK: Life cycle

    /// The scene went to the background: tells the server (the seat is held). The kept game is
    /// on disk already.
    private func enteredBackground() {
        // A game watched is not ours: nothing to hold.
        if state.spectating { return }
        if state.connection == .connected, state.game != nil {
            _ = try? client.send(.away)
        }
        refresh()
    }

    /// The scene is active again: tells the server the player is back (on a live socket).
    private func becameActive() {
        if state.connection == .connected, state.game != nil {
            _ = try? client.send(.back)
        }
        refresh()
    }
}

/// What the player (or the scene) does on the online screen, off the board: `OnlineModel.handle`.
/// Typing goes to the model's text fields (`typedRoomCode`, `typedWatchCode`) and the pickers to
/// `fillLevel` and `timeControl`.
public enum OnlineAction: Equatable, Sendable {
    /// Opens the connection and says hello.
    case connect
    /// Leaves online play: closes the socket and stops reconnecting.
    case disconnect
    /// Looks for an opponent (any format when nil).
    case quickMatch(Format?)
    /// Stops looking for an opponent.
    case cancelMatch
    /// Shows the open tables.
    case watchLobby
    /// Stops following the lobby.
    case unwatchLobby
    /// Opens a table in the lobby, with the picked time control.
    case createTable(Format)
    /// Closes this player's open table or waiting private room (its code stops working).
    case closeTable
    /// Sits at another player's table.
    case joinTable(String)
    /// Creates a private room with the picked time control (its code arrives in `state.room`).
    case createRoom(Format)
    /// The host starts the filling table now, the computer at `fillLevel` in the empty seats.
    case fillWithAi
    /// Leaves the filling table or room of 3 or more seats.
    case leaveSeat
    /// Asks for our ratings (done once by itself when the connection opens).
    case requestRatings
    /// Opens "Your games": asks the server for our finished games.
    case listGames
    /// Closes "Your games".
    case hideGames
    /// Opens "Watch a game": asks the server for the public games in progress.
    case watchGames
    /// Closes "Watch a game".
    case hideLiveGames
    /// Watches a game in progress read-only (the board shows it once the server sends it).
    case spectate(String)
    /// Watches the game of the room whose code was typed, by the code alone.
    case watchTypedCode
    /// Stops watching: back to the lobby.
    case stopSpectating
    /// Downloads a finished game and opens it in the local board's replay (`replay`).
    case replayGame(String)
    /// Downloads a finished game for the share sheet (`shared`).
    case shareGame(String)
    /// Leaves the replay of a finished game.
    case closeReplay
    /// Joins the room whose code was typed (the core checks the code first).
    case joinTypedRoom
    /// Enter in the room-code field: joins the room typed; an empty field does nothing.
    case submitRoomCode
    /// Forgets the alert.
    case dismissError
    /// The scene went to the background: tells the server (the seat is held).
    case enteredBackground
    /// The scene is active again: tells the server the player is back.
    case becameActive
}
