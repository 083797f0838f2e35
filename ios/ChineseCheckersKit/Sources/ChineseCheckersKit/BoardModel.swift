// The board screen's model for a local game (solo or pass and play): forwards taps and buttons to
// the core's `LocalGame`, publishes every state it returns on the main actor, runs the AI and
// the hint in tasks, saves and records the game. It decides nothing about the rules.
import ChineseCheckersCore
import Foundation
import Observation

/// Something VoiceOver should say after an update (the serial changes with every new one, so the
/// same words twice are announced twice).
public struct Announcement: Equatable, Sendable {
    /// Grows with every announcement of a model.
    public let serial: Int
    /// The messages, most important first.
    public let messages: [LocalizedMessage]
}

/// A peg to animate along a path (the core's `change.animate`), once per forward move.
public struct PegAnimation: Equatable, Sendable {
    /// Grows with every animation of a model.
    public let serial: Int
    /// The holes the peg passes, from its start to its end.
    public let path: [Coord]

    /// An animation along `path` (the online screen makes its own from the core's state).
    // Written out: a memberwise initialiser is internal, so the app could not call it.
    public init(serial: Int, path: [Coord]) {
        self.serial = serial
        self.path = path
    }
}

/// The local game on screen.
@MainActor
@Observable
public final class BoardModel {
    /// The core's game.
    public let game: LocalGame
    /// The board's drawing data (the same for every game).
    public let geometry: BoardGeometry
    /// The set-up the game started from, for a rematch (nil for a game reopened from a save).
    public let setup: GameSetup?
    /// The latest state the core returned.
    public private(set) var state: GameState
    /// The last refusal, for an alert (cleared by `dismissError()`).
    public private(set) var error: LocalizedMessage?
    /// What VoiceOver should say about the latest update.
    public private(set) var announcement: Announcement?
    /// The latest forward move to animate.
    public private(set) var animation: PegAnimation?
    /// Whether the person stopped the AI (it waits for `resumeAI()` or their next action).
    public private(set) var aiPaused = false

    @ObservationIgnored private let library: GameLibrary?
    @ObservationIgnored private let settings: AppSettings?
    @ObservationIgnored private var aiTask: Task<Void, Never>?
    @ObservationIgnored private var hintTask: Task<Void, Never>?
    @ObservationIgnored private var serial = 0

    /// A model for `game`. A game kept in the library (`keepLocal`, `openGame`) writes itself
    /// after every change and is counted in the statistics by the core as it ends: the model
    /// never saves. `library` is for a rematch, kept like its game. The AI starts at once when
    /// it is to move.
    public init(
        game: LocalGame, setup: GameSetup? = nil, library: GameLibrary? = nil,
        settings: AppSettings? = nil, aiTimeLimitMs: UInt64? = nil
    ) {
        self.game = game
        self.setup = setup
        self.library = library
        self.settings = settings
        self.geometry = boardGeometry()
        if let aiTimeLimitMs { game.setAiTimeLimit(ms: aiTimeLimitMs) }
        self.state = game.state()
        scheduleAI()
    }

    // MARK: What the screen shows

    /// The banner above the board, worded.
    public var banner: LocalizedMessage? {
        state.banner.map { Wording.banner($0, players: state.players) }
    }

    /// Why the last tap did nothing.
    public var notice: LocalizedMessage? {
        state.notice.map { Wording.notice($0, players: state.players) }
    }

    /// The outcome sentence once the game is over.
    public var outcome: LocalizedMessage? {
        state.outcome.map { Wording.outcome($0, players: state.players) }
    }

    /// The final ranking, one line per place.
    public var ranking: [LocalizedMessage] {
        state.outcome.map { Wording.ranking($0, players: state.players) } ?? []
    }

    /// Whether the AI is searching (the thinking indicator, with its cancel button).
    public var isThinking: Bool { state.thinking != nil }

    /// Whether a hint is being searched.
    public var isHinting: Bool { state.hintPending }

    /// Whether several people share this device (the board turns to the player to move).
    public var isPassAndPlay: Bool {
        state.players.filter { $0.player == .person }.count > 1
    }

    /// The angle, in degrees clockwise, that brings the colours of the player to move to the
    /// bottom of the screen in pass and play (0 otherwise). Presentation only: the seats' camps
    /// come from the core; the camps sit 60° apart, clockwise from the bottom in the order
    /// S, SW, NW, N, NE, SE.
    public var passAndPlayRotation: Double {
        guard isPassAndPlay, state.outcome == nil,
            let player = state.players.first(where: { $0.index == state.toMove }),
            !player.colours.isEmpty
        else { return 0 }
        let order: [Colour] = [.s, .sw, .nw, .n, .ne, .se]
        // Mean direction of the player's camps (one to three neighbouring camps).
        var x = 0.0
        var y = 0.0
        for colour in player.colours {
            let angle = Double(order.firstIndex(of: colour) ?? 0) * 60 * .pi / 180
            x += cos(angle)
            y += sin(angle)
        }
        let degrees = atan2(y, x) * 180 / .pi
        return -(degrees.rounded())
    }

    // MARK: Taps and buttons

    /// A tap at `(x, y)` in the geometry's space: forwarded to the nearest hole, if any.
    public func tap(x: Float, y: Float) {
        guard let hole = geometry.nearestHole(x: x, y: y) else { return }
        tap(hole.coord)
    }

    /// A tap on a hole.
    public func tap(_ coord: Coord) {
        personActs { try $0.tap(q: coord.q, r: coord.r) }
    }

    /// Ends a tripot chain where the peg stands.
    public func endJump() { personActs { try $0.endJump() } }

    /// Drops the selection.
    public func cancelTouch() { personActs { $0.cancelTouch() } }

    /// Takes back the last move (stopping the AI if it is thinking).
    public func undo() { personActs { try $0.undo() } }

    /// Plays again a move taken back.
    public func redo() { personActs { try $0.redo() } }

    /// The player to move resigns.
    public func resign() { personActs { try $0.resign() } }

    /// The player to move offers a draw.
    public func offerDraw() { personActs { try $0.offerDraw() } }

    /// Answers a draw offer.
    public func answerDraw(accept: Bool) { personActs { try $0.answerDraw(accept: accept) } }

    /// Starts replaying the game from its first position.
    public func startReplay() { personActs { try $0.replayStart() } }

    /// Steps the replay forward (positive) or back (negative).
    public func stepReplay(by delta: Int32) { personActs { try $0.replayStep(delta: delta) } }

    /// Leaves the replay, back to the current position.
    public func exitReplay() { personActs { $0.replayExit() } }

    /// Forgets the alert.
    public func dismissError() { error = nil }

    private func personActs(_ action: (LocalGame) throws -> GameState) {
        aiPaused = false
        do {
            apply(try action(game))
        } catch {
            self.error = Wording.error(error)
            apply(game.state())
        }
    }

    // MARK: AI and hint

    /// Searches a hint for the person to move; the state shows it when found.
    public func requestHint() {
        guard hintTask == nil else { return }
        let search: AiSearch
        do {
            search = try game.hint()
        } catch {
            self.error = Wording.error(error)
            return
        }
        apply(game.state())
        hintTask = Task { [weak self] in
            let outcome = await search.outcome()
            self?.searchEnded(outcome, wasHint: true)
        }
    }

    /// Stops the AI's search or the hint's (the core stops within milliseconds). The AI then
    /// waits for `resumeAI()` or the person's next action (undo, for instance).
    public func cancelThinking() {
        if aiTask != nil { aiPaused = true }
        aiTask?.cancel()
        hintTask?.cancel()
    }

    /// Lets the AI play again after `cancelThinking()`.
    public func resumeAI() {
        aiPaused = false
        scheduleAI()
    }

    /// Waits until no AI or hint search runs (the AI's moves follow one another until a person
    /// is to move or the game ends).
    public func waitUntilIdle() async {
        while let task = aiTask ?? hintTask {
            await task.value
        }
    }

    /// Starts the AI's search when the core says it is to move.
    private func scheduleAI() {
        guard state.aiToMove, aiTask == nil, !aiPaused, state.replay == nil else { return }
        let search: AiSearch
        do {
            search = try game.think()
        } catch {
            self.error = Wording.error(error)
            return
        }
        aiTask = Task { [weak self] in
            let outcome = await search.outcome()
            self?.searchEnded(outcome, wasHint: false)
        }
        apply(game.state())
    }

    private func searchEnded(_ outcome: SearchOutcome, wasHint: Bool) {
        if wasHint { hintTask = nil } else { aiTask = nil }
        if case .failed(let detail, _) = outcome {
            error = LocalizedMessage("error.search", [.text(detail)])
        }
        // An undo meanwhile made a newer state: `apply` keeps the newest.
        apply(outcome.state)
        apply(game.state())
    }

    // MARK: Updates

    /// Publishes `next` unless an older revision than what is shown; announces, animates, and
    /// starts the AI when it is to move.
    private func apply(_ next: GameState) {
        guard next.revision >= state.revision else { return }
        let previous = state
        state = next
        if next.revision != previous.revision {
            describeChange(from: previous, to: next)
        }
        scheduleAI()
    }

    private func describeChange(from previous: GameState, to next: GameState) {
        var messages: [LocalizedMessage] = []
        if let outcome = outcome, previous.outcome == nil {
            messages.append(outcome)
        }
        if next.change.kind == .newMove || next.change.kind == .redo,
            let move = next.history.last, next.history.count > previous.history.count
        {
            messages.append(
                Wording.moveAnnouncement(move, geometry: geometry, players: next.players))
        }
        if let banner, next.banner != previous.banner, next.banner != .gameOver {
            messages.append(banner)
        }
        if let notice, next.notice != previous.notice {
            messages.append(notice)
        }
        serial += 1
        if !messages.isEmpty {
            announcement = Announcement(serial: serial, messages: messages)
        }
        if !next.change.animate.isEmpty {
            animation = PegAnimation(serial: serial, path: next.change.animate)
        }
    }

    // MARK: Saving

    /// Why the library could not write the last change (the game is intact in memory, and the
    /// core writes it again at the next change or on `saveNow()`); nil when it is on disk or
    /// not kept.
    public var storageFailure: LocalizedMessage? {
        guard case .failed(let detail) = state.storage else { return nil }
        return LocalizedMessage("board.saveFailed", [.text(detail)])
    }

    /// Writes the game again after a failed write (the person's "Try again").
    public func saveNow() {
        apply(game.saveNow())
    }

    /// Whether `rematch()` can start a new game (the set-up is known).
    public var canRematch: Bool { setup != nil }

    /// A new game with the same set-up (nil for a game reopened from a save, whose set-up the
    /// core does not keep).
    public func rematch() -> BoardModel? {
        guard let setup else { return nil }
        let next = GameSetup(
            rules: setup.rules, seats: setup.seats, coloursPerSide: setup.coloursPerSide,
            opener: setup.opener, seed: UInt64.random(in: 0...UInt64.max))
        do {
            let game = try LocalGame(setup: next)
            // The rematch follows the ended game in its slot: the person chose it.
            try library?.keepLocal(game: game, replace: true)
            return BoardModel(game: game, setup: next, library: library, settings: settings)
        } catch {
            self.error = Wording.error(error)
            return nil
        }
    }
}
