// The board's model for every kind of game (solo, pass and play, online played or watched):
// forwards taps and buttons to the core's `Game`, publishes every state it returns or its
// listener hears on the main actor, and runs the AI and the hint in tasks where the game has
// them. It decides nothing about the rules and never saves.
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

/// Waits out the hold before an AI think (`BoardModel`'s pace); returns early when its task is
/// cancelled.
public typealias AiHoldSleeper = @Sendable (Duration) async -> Void

/// The real hold: `Task.sleep`.
public let defaultAiHoldSleeper: AiHoldSleeper = { try? await Task.sleep(for: $0) }

/// Hears the core's changes of a board on whichever thread made them, and hands them to the
/// model on the main actor. A rematch gets a new listener (a new `epoch`): the hops of the game
/// before, still queued, are then dropped, whatever their revisions.
private final class BoardListener: GameListener, @unchecked Sendable {
    private let epoch: Int
    // Weak: the game holds its listener, and the model holds the game.
    private weak var model: BoardModel?

    init(_ model: BoardModel, epoch: Int) {
        self.model = model
        self.epoch = epoch
    }

    func changed(state: GameState) {
        // The core delivers in order; the model keeps the newest revision of this epoch.
        let model = self.model
        let epoch = self.epoch
        Task { @MainActor in model?.heard(state, epoch: epoch) }
    }
}

/// The board on screen, whatever the game: solo, pass and play, an online game played or
/// watched. Forwards taps and buttons to the core's `Game`, publishes every state it hears on the
/// main actor, and runs the AI and the hint in tasks where the game has them. It decides nothing
/// about the rules, and never asks which kind of game it shows: the buttons follow the game's
/// `capabilities()` (what it can do at all) and `state.capabilities` (what it can do now).
@MainActor
@Observable
public final class BoardModel {
    /// The core's board.
    @ObservationIgnored public let game: Game
    /// The board's drawing data (the same for every game).
    public let geometry: BoardGeometry
    /// The latest state the core gave.
    public private(set) var state: GameState
    /// What the game can do at all, with the handles of undo, hint, replay and the AI where it
    /// has them (read again with every state: an online board's follow its game).
    public private(set) var capabilities: GameCapabilities
    /// The last refusal, for an alert (cleared by `dismissError()`).
    public private(set) var error: LocalizedMessage?
    /// What VoiceOver should say about the latest update.
    public private(set) var announcement: Announcement?
    /// The latest forward move to animate.
    public private(set) var animation: PegAnimation?
    /// The destructive action waiting for the player's "yes" (`confirm()`) or "no"
    /// (`cancelConfirmation()`): the view shows it as a confirmation dialog.
    public internal(set) var pendingConfirmation: Confirmation?
    /// Whether the game-over sheet is up: set when the game ends, cleared by
    /// `dismissGameOver()` (the status line then keeps saying who won and how).
    public internal(set) var gameOverShown = false
    /// The number of the history line the player tapped: the board draws that move as arrows
    /// (`shownMoveArrows`) until the line is tapped again, the board is tapped, the history is
    /// closed or the moves change (a move, an undo, a rematch).
    public internal(set) var shownMoveNumber: Int32?
    /// Seconds the board holds still after a move of an AI seat before the next AI seat thinks,
    /// so that every move can be seen (the pace setting; 0 plays at once). Handed to the core's
    /// engine, which decides each hold (`state.aiHoldMs`).
    public var aiPace: Double { didSet { handPace() } }
    /// Reduce Motion is on: no hold before the AI's moves (the view reports it).
    public var reduceMotion: Bool { didSet { handPace() } }
    /// The sound setting: when off, no state's sounds are played.
    public var soundOn: Bool
    /// Plays each new state's `change.sounds` (nil: the board is silent).
    @ObservationIgnored public var soundPlayer: (any SoundPlayer)?
    /// Called on the main actor after every state the model takes (the online model reads its
    /// session's state again then).
    @ObservationIgnored var onChange: (@MainActor (GameState) -> Void)?
    /// Waits out the hold before an AI think (tests pass one they control).
    @ObservationIgnored private let sleeper: AiHoldSleeper

    @ObservationIgnored private var aiTask: Task<Void, Never>?
    /// The AI task is still in its hold (no search runs yet).
    @ObservationIgnored private var aiHolding = false
    @ObservationIgnored private var hintTask: Task<Void, Never>?
    @ObservationIgnored private var serial = 0
    /// Grows with every rematch: the listener's hops of an earlier game are dropped.
    @ObservationIgnored private var epoch = 0

    /// A model for `game` (`LocalGame.game()`, `OnlineGame.game()`), listening to it. A game
    /// kept in the library writes itself after every change and is counted in the statistics by
    /// the core as it ends: the model never saves. `aiTimeLimitMs` limits the AI's thinking
    /// where the game has one; `turnBoard` is the "turn the board" setting (`setTurnBoard`).
    /// The AI starts when the core says it is to move, after the hold the core gives for the
    /// pace of `aiPace` seconds (none with `reduceMotion`), waited out by `sleeper`. Each new state's sounds go to
    /// `soundPlayer` while `soundOn`.
    public init(
        game: Game, aiTimeLimitMs: Int64? = nil, turnBoard: Bool = true, aiPace: Double = 0,
        reduceMotion: Bool = false, sleeper: @escaping AiHoldSleeper = defaultAiHoldSleeper,
        soundOn: Bool = true, soundPlayer: (any SoundPlayer)? = nil
    ) {
        self.game = game
        self.soundOn = soundOn
        self.soundPlayer = soundPlayer
        self.aiPace = aiPace
        self.reduceMotion = reduceMotion
        self.sleeper = sleeper
        self.geometry = boardGeometry()
        let capabilities = game.capabilities()
        if let aiTimeLimitMs { capabilities.ai?.setAiTimeLimit(ms: aiTimeLimitMs) }
        self.capabilities = capabilities
        // Before the listener: the state read next already has the board's turn.
        self.state = game.setTurnBoard(on: turnBoard)
        if let engine = capabilities.ai {
            self.state = engine.setPace(paceMs: paceMs, reducedMotion: reduceMotion)
        }
        game.setListener(listener: BoardListener(self, epoch: epoch))
        scheduleAI()
    }

    /// A state the listener heard (on the main actor by now).
    fileprivate func heard(_ next: GameState, epoch: Int) {
        guard epoch == self.epoch else { return }
        apply(next)
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

    /// The board's turn, in degrees clockwise, as the core chose it (the seat at the bottom,
    /// following the "turn the board" setting in pass and play).
    public var rotation: Double { Double(state.rotationDegrees) }

    // MARK: What this game has

    /// Undo and redo exist (local games): their buttons show, enabled by `state.capabilities`.
    public var hasUndo: Bool { capabilities.undo != nil }

    /// The hint exists (a local game with an AI seat).
    public var hasHint: Bool { capabilities.hint != nil }

    /// The replay exists (local games).
    public var hasReplay: Bool { capabilities.replay != nil }

    /// Draws may be offered and answered in this game.
    public var hasDrawOffers: Bool { capabilities.drawOffers }

    /// A person at this device may resign.
    public var hasResign: Bool { capabilities.resign }

    /// Resigning now hands the seat to the AI and the others play on (a game of three or more);
    /// otherwise it ends the game.
    public var resignKeepsGameGoing: Bool { state.capabilities.resignKeepsGameGoing }

    /// The rematch button shows: the game has rematches and this one is over.
    public var canRematch: Bool { capabilities.rematch && state.capabilities.canRematch }

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

    /// Takes back the last move (stopping the AI if it is thinking), where the game has undo.
    public func undo() {
        guard let history = capabilities.undo else { return }
        personActs { _ in try history.undo() }
    }

    /// Plays again a move taken back, where the game has undo.
    public func redo() {
        guard let history = capabilities.undo else { return }
        personActs { _ in try history.redo() }
    }

    /// The player at this device resigns.
    public func resign() { personActs { try $0.resign() } }

    /// The player to move offers a draw.
    public func offerDraw() { personActs { try $0.offerDraw() } }

    /// Answers a draw offer (and closes the question that asked it).
    public func answerDraw(accept: Bool) {
        pendingConfirmation = nil
        personActs { try $0.answerDraw(accept: accept) }
    }

    /// Starts replaying the game from its first position, where the game has a replay.
    public func startReplay() {
        guard let replay = capabilities.replay else { return }
        personActs { _ in try replay.start() }
    }

    /// Steps the replay forward (positive) or back (negative).
    public func stepReplay(by delta: Int32) {
        guard let replay = capabilities.replay else { return }
        personActs { _ in try replay.step(delta: delta) }
    }

    /// Leaves the replay, back to the current position.
    public func exitReplay() {
        guard let replay = capabilities.replay else { return }
        personActs { _ in replay.exit() }
    }

    /// After the end: locally the next game on this board (the same seats, a new seed, kept
    /// where the game was kept), online a rematch asked of the opponent (or agreed to).
    public func rematch() {
        cancelThinking()
        // A local rematch is a new game whose revisions start afresh: a new listener first, so
        // that the hops of the game before, still queued, are dropped whatever their revisions.
        epoch += 1
        game.setListener(listener: BoardListener(self, epoch: epoch))
        let next: GameState
        do {
            next = try game.rematch()
        } catch {
            self.error = Wording.error(error)
            apply(game.state())
            return
        }
        // The new game's state replaces the old one's whatever its revision.
        let previous = state
        state = next
        describeChange(from: previous, to: next)
        apply(game.state())
    }

    /// Forgets the alert.
    public func dismissError() { error = nil }

    /// Reads the game's state again, at once (after a change its listener reports a moment
    /// later).
    public func refresh() { apply(game.state()) }

    private func personActs(_ action: (Game) throws -> GameState) {
        do {
            apply(try action(game))
        } catch {
            self.error = Wording.error(error)
            apply(game.state())
        }
    }

    // MARK: AI and hint

    /// Searches a hint for the person to move, where the game has one; the state shows it when
    /// found.
    public func requestHint() {
        guard hintTask == nil, let hints = capabilities.hint else { return }
        let search: AiSearch
        do {
            search = try hints.hint()
        } catch {
            self.error = Wording.error(error)
            return
        }
        apply(game.state())
        hintTask = Task { [weak self, epoch] in
            let outcome = await search.outcome()
            self?.searchEnded(outcome, wasHint: true, epoch: epoch)
        }
    }

    /// Stops the AI's search or the hint's (the core stops within milliseconds). The core then
    /// pauses the AI: it waits for `resumeAI()` or a change of the moves (undo, for instance).
    public func cancelThinking() {
        if aiTask != nil, let engine = capabilities.ai { apply(engine.pause()) }
        if aiHolding { aiTask?.cancel() }
        hintTask?.cancel()
    }

    /// Lets the AI play again after `cancelThinking()` (or a failed search): the core ends the
    /// pause and the AI starts when it is to move.
    public func resumeAI() {
        guard let engine = capabilities.ai else { return }
        apply(engine.resume())
    }

    /// The "turn the board" setting changed: the core turns the board (or not) and says so.
    public func setTurnBoard(_ on: Bool) {
        apply(game.setTurnBoard(on: on))
    }

    /// Limits the AI's thinking time per move (nil: the level's own budget), where the game has
    /// an AI; the rematches that follow keep it.
    public func setAiTimeLimit(ms: Int64?) {
        capabilities.ai?.setAiTimeLimit(ms: ms)
    }

    /// Waits until no AI or hint search runs (the AI's moves follow one another until a person
    /// is to move or the game ends).
    public func waitUntilIdle() async {
        while let task = aiTask ?? hintTask {
            await task.value
        }
    }

    /// The hold before the next AI think, in seconds, as the core decides it (`state.aiHoldMs`:
    /// the pace after a move of an AI seat; none after a person's move or with Reduce Motion).
    public var aiHold: Double { Double(state.aiHoldMs) / 1000 }

    /// The pace setting in the core's unit.
    private var paceMs: Int64 { Int64((max(0, aiPace) * 1000).rounded()) }

    /// Hands the pace setting to the core's engine (the same pace again changes nothing).
    private func handPace() {
        guard let engine = capabilities.ai else { return }
        apply(engine.setPace(paceMs: paceMs, reducedMotion: reduceMotion))
    }

    /// Starts the AI's search when the core says it is to move (through the game's engine),
    /// after the hold the core gives: the AI move just played stays still on the board first.
    private func scheduleAI() {
        guard state.aiToMove, capabilities.ai != nil, aiTask == nil else { return }
        let hold = state.aiHoldMs
        guard hold > 0 else {
            startThinking()
            return
        }
        aiHolding = true
        aiTask = Task { [weak self, epoch, sleeper] in
            await sleeper(.milliseconds(hold))
            self?.holdEnded(epoch: epoch)
        }
    }

    /// The hold is over: the AI thinks if it still is to move in the same game (an undo, a
    /// pause or a rematch meanwhile may have changed that).
    private func holdEnded(epoch: Int) {
        aiHolding = false
        aiTask = nil
        if epoch == self.epoch, !Task.isCancelled, state.aiToMove {
            startThinking()
        } else {
            apply(game.state())
        }
    }

    private func startThinking() {
        guard let engine = capabilities.ai else { return }
        let search: AiSearch
        do {
            search = try engine.think()
        } catch {
            self.error = Wording.error(error)
            return
        }
        aiTask = Task { [weak self, epoch] in
            let outcome = await search.outcome()
            self?.searchEnded(outcome, wasHint: false, epoch: epoch)
        }
        apply(game.state())
    }

    private func searchEnded(_ outcome: SearchOutcome, wasHint: Bool, epoch: Int) {
        if wasHint { hintTask = nil } else { aiTask = nil }
        // A search of the game before a rematch says nothing of this one.
        if epoch == self.epoch {
            if case .failed(let detail, _) = outcome {
                error = LocalizedMessage("error.search", [.text(detail)])
            }
            // An undo meanwhile made a newer state: `apply` keeps the newest.
            apply(outcome.state)
        }
        apply(game.state())
    }

    // MARK: Updates

    /// Publishes `next` unless an older revision than what is shown; announces, animates, and
    /// starts the AI when it is to move.
    private func apply(_ next: GameState) {
        guard next.revision >= state.revision else { return }
        let previous = state
        state = next
        capabilities = game.capabilities()
        // A refused tap on a watched board says why without a new revision.
        if next.revision != previous.revision || next.notice != previous.notice {
            describeChange(from: previous, to: next)
        }
        scheduleAI()
        onChange?(next)
    }

    private func describeChange(from previous: GameState, to next: GameState) {
        var messages: [LocalizedMessage] = []
        // A move shown from the history belongs to the moves as they were.
        if next.history.count != previous.history.count
            || next.history.last?.number != previous.history.last?.number
            || next.history.last?.path != previous.history.last?.path
        {
            shownMoveNumber = nil
        }
        if let outcome = outcome, previous.outcome == nil {
            messages.append(outcome)
            gameOverShown = true
        }
        if next.outcome == nil { gameOverShown = false }
        // A question the game no longer allows goes away (the game ended, the offer was
        // withdrawn); one still valid stays up while the other players move.
        switch pendingConfirmation {
        case .resign where !next.capabilities.canResign,
            .offerDraw where !next.capabilities.canOfferDraw,
            .answerDraw where !next.capabilities.canAnswerDraw:
            pendingConfirmation = nil
        default: break
        }
        if next.change.kind == .newMove || next.change.kind == .redo,
            let move = next.history.last, next.history.count > previous.history.count
        {
            messages.append(
                Wording.moveAnnouncement(
                    move, geometry: geometry.named(rotationDegrees: next.rotationDegrees),
                    players: next.players))
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
        if next.revision != previous.revision, !next.change.animate.isEmpty {
            animation = PegAnimation(serial: serial, path: next.change.animate)
        }
        // Once per revision: a state heard again (the listener's copy of a state a call
        // returned) has the same revision and is not described twice.
        if next.revision != previous.revision, soundOn, !next.change.sounds.isEmpty {
            soundPlayer?.play(next.change.sounds)
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
}
