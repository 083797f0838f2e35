// A race puzzle in play: forwards taps, End jump, undo and redo to the puzzle's board (a `Game`,
// as any game's) and restart to the core's `PuzzleGame`, words the
// count against par and, once solved, the result, the person's best (as the core recorded it) and
// the solver's line, stepped through on a board of its own. Nothing here decides a rule, a count
// or a result: the core does.
import ChineseCheckersCore
import Foundation
import Observation

/// A button under the puzzle's board, in its fixed place.
public struct PuzzleSlot: Identifiable, Equatable, Hashable, Sendable {
    /// Which button, in the bar's order.
    public enum Kind: Equatable, Hashable, Sendable, CaseIterable {
        /// Ends a tripot chain where the peg stands.
        case endJump
        /// Takes back the last move.
        case undo
        /// Plays again a move taken back.
        case redo
        /// Back to the puzzle's start.
        case restart
    }

    /// Which button.
    public let id: Kind
    /// Whether it does something now (a button that does not stays in place, disabled).
    public let enabled: Bool
}

/// What the player does on the puzzle screen: the one way into `PuzzleModel` (`handle(_:)`),
/// as `PuzzleEvent` is into Android's presenter.
public enum PuzzleAction: Equatable {
    /// A tap at `(x, y)` in the geometry's space (the nearest hole, if any).
    case tapAt(x: Float, y: Float)
    /// A tap on a hole: select a racing peg, play a target, hop on in a chain.
    case tap(Coord)
    /// A button of the bar (End jump, Undo, Redo, Restart).
    case slot(PuzzleSlot.Kind)
    /// One move forward or back in the solver's line on the solved sheet.
    case stepLine(forward: Bool)
    /// The solved sheet is put away (the board stays solved; an undo plays on).
    case dismissSolved
    /// The alert is put away.
    case dismissError
}

/// Why a puzzle could not be opened beyond the core's own refusals.
public enum PuzzleModelError: Error, Equatable {
    /// The core gave a puzzle's board without the puzzle's facts (a bug).
    case noPuzzle
}

/// The puzzle screen.
@MainActor
@Observable
public final class PuzzleModel {
    /// The core's puzzle: restart and the solver's line.
    @ObservationIgnored public let puzzle: PuzzleGame
    /// Its board, as any game's: taps, End jump, undo and redo.
    @ObservationIgnored public let game: Game
    @ObservationIgnored private let history: GameHistory?
    /// The puzzle as the list showed it when it was opened.
    public let info: PuzzleInfo
    /// The board's drawing data (the same as a game's).
    public let geometry: BoardGeometry
    /// The latest board the core gave.
    public private(set) var board: GameState
    /// The puzzle's facts on it: the count against par, the solver's line once solved.
    public private(set) var state: PuzzleState
    /// The last refusal, for an alert.
    public private(set) var error: LocalizedMessage?
    /// The latest move to animate (as a game's board does).
    public private(set) var animation: PegAnimation?
    /// Whether the solved sheet is up: set when the racing army gets home, cleared by
    /// `dismissSolved()` or by an undo.
    public private(set) var solvedShown = false
    /// The person's result as the core keeps it, read again after each solve.
    public private(set) var recorded: PuzzleInfo?
    /// How many moves of the solver's line the solved sheet's board shows played (0: the
    /// puzzle's start).
    public private(set) var lineStep = 0
    /// The solved sheet's board: the position after `lineStep` moves of the solver's line, as
    /// the core plays them.
    public private(set) var lineBoard: GameState?
    /// What VoiceOver should say about the latest update (the count after a move, a refusal,
    /// the result).
    public private(set) var announcement: Announcement?
    /// The sound setting: when off, no state's sounds are played.
    public var soundOn = true
    /// Plays each new state's `change.sounds` (nil: silent).
    @ObservationIgnored public var soundPlayer: (any SoundPlayer)?

    @ObservationIgnored private let lookup: @MainActor (String) -> PuzzleInfo?
    @ObservationIgnored private var serial = 0

    /// Opens `info` with its results kept in `directory`; `lookup` reads a puzzle's listing
    /// again (the person's best after a solve: `PuzzleListModel.info(id:)` after a refresh).
    public init(
        directory: URL, info: PuzzleInfo,
        lookup: @escaping @MainActor (String) -> PuzzleInfo?
    ) throws {
        let puzzle = try PuzzleGame(dataDir: directory.path, id: info.id)
        let game = puzzle.game()
        let first = game.state()
        guard let facts = first.puzzle else { throw PuzzleModelError.noPuzzle }
        self.puzzle = puzzle
        self.game = game
        history = game.capabilities().undo
        self.info = info
        self.lookup = lookup
        geometry = boardGeometry()
        board = first
        state = facts
        recorded = info
    }

    // MARK: What the screen shows

    /// "Moves 5 · Par 7".
    public var count: LocalizedMessage {
        LocalizedMessage("puzzle.count", [.number(Int(state.moves)), .number(Int(state.par))])
    }

    /// "par 27, proven optimal" or "par 20, best known".
    public var parWords: LocalizedMessage {
        PuzzleListModel.parWords(par: state.par, proven: state.proven)
    }

    /// Why the last tap did nothing, worded as in a game.
    public var notice: LocalizedMessage? {
        board.notice.map { Wording.notice($0, players: board.players) }
    }

    /// The board's turn, in degrees clockwise, as the core chose it.
    public var rotation: Double { Double(board.rotationDegrees) }

    /// End jump, Undo, Redo and Restart, always in this order and all shown.
    public var slots: [PuzzleSlot] {
        [
            PuzzleSlot(id: .endJump, enabled: board.capabilities.canEndJump),
            PuzzleSlot(id: .undo, enabled: board.capabilities.canUndo),
            PuzzleSlot(id: .redo, enabled: board.capabilities.canRedo),
            // Restart undoes every move at once: it applies when undo does.
            PuzzleSlot(id: .restart, enabled: board.capabilities.canUndo),
        ]
    }

    /// Once solved: "Solved in 6 moves: at par!", "… 1 under par!" or "… 2 over par".
    public var resultWords: LocalizedMessage? {
        guard let verdict = state.verdict else { return nil }
        let moves = Int(state.moves)
        switch verdict {
        case .overPar(let by):
            return LocalizedMessage("puzzle.result.overPar", [.number(moves), .number(Int(by))])
        case .underPar(let by):
            return LocalizedMessage("puzzle.result.underPar", [.number(moves), .number(Int(by))])
        case .atPar: return LocalizedMessage("puzzle.result.atPar", [.number(moves)])
        }
    }

    /// The person's best on this puzzle, as the core recorded it.
    public var bestWords: LocalizedMessage? {
        guard let recorded, recorded.best != nil else { return nil }
        return PuzzleListModel.resultWords(recorded)
    }

    /// The solved sheet's line: "The solver's line: start" or "… move 3 of 6".
    public var lineWords: LocalizedMessage {
        lineStep == 0
            ? LocalizedMessage("puzzle.line.start", [.number(state.line.count)])
            : LocalizedMessage("puzzle.line.move", [.number(lineStep), .number(state.line.count)])
    }

    /// The solver's move shown on the sheet's board (the last one played there), as arrows along
    /// its whole path (the core's `PuzzleStep.path`): one per hop of a jump chain, as the
    /// history's moves are drawn.
    public var lineArrows: [MoveArrow] {
        guard lineStep > 0, lineStep <= state.line.count else { return [] }
        return MoveArrow.along(state.line[lineStep - 1].path, geometry: geometry)
    }

    /// Whether the line can step back / forward.
    public var canStepLineBack: Bool { lineStep > 0 }
    /// Whether the line has a move after the one shown.
    public var canStepLineForward: Bool { lineStep < state.line.count && lineBoard != nil }

    // MARK: Taps and buttons

    /// Handles one of the player's actions.
    public func handle(_ action: PuzzleAction) {
        switch action {
        case .tapAt(let x, let y):
            guard let hole = geometry.nearestHole(x: x, y: y) else { return }
            tap(hole.coord)
        case .tap(let coord): tap(coord)
        case .slot(let kind): tapSlot(kind)
        case .stepLine(let forward): stepLine(forward: forward)
        case .dismissSolved: solvedShown = false
        case .dismissError: error = nil
        }
    }

    private func tap(_ coord: Coord) {
        act { try $0.tap(q: coord.q, r: coord.r) }
    }

    private func tapSlot(_ kind: PuzzleSlot.Kind) {
        switch kind {
        case .endJump: act { try $0.endJump() }
        case .undo:
            guard let history else { return }
            act { _ in try history.undo() }
        case .redo:
            guard let history else { return }
            act { _ in try history.redo() }
        case .restart: act { [puzzle] _ in puzzle.restart() }
        }
    }

    /// Steps the solver's line on the sheet's board, one move forward or back, on the core's
    /// boards of the line (the person's game is not touched).
    private func stepLine(forward: Bool) {
        let next = forward ? lineStep + 1 : lineStep - 1
        guard next >= 0, next <= state.line.count, let shown = puzzle.lineBoard(step: Int32(next))
        else { return }
        lineBoard = shown
        lineStep = next
    }

    private func act(_ action: (Game) throws -> GameState) {
        do {
            apply(try action(game))
        } catch {
            self.error = Wording.error(error)
            apply(game.state())
        }
    }

    private func apply(_ nextBoard: GameState) {
        guard let next = nextBoard.puzzle else { return }
        let previous = state
        let previousBoard = board
        state = next
        board = nextBoard
        serial += 1
        if nextBoard.revision != previousBoard.revision, !nextBoard.change.animate.isEmpty {
            animation = PegAnimation(serial: serial, path: nextBoard.change.animate)
        }
        if next.solved, !previous.solved {
            solvedShown = true
            recorded = lookup(info.id) ?? recorded
            openLine()
        }
        if !next.solved { solvedShown = false }
        describe(from: (previous, previousBoard), to: (next, nextBoard))
    }

    /// Announces and sounds a change, once per revision (a refusal has no new revision but a
    /// new notice).
    private func describe(
        from old: (facts: PuzzleState, board: GameState),
        to new: (facts: PuzzleState, board: GameState)
    ) {
        let (previous, next) = (old.facts, new.facts)
        let newRevision = new.board.revision != old.board.revision
        var messages: [LocalizedMessage] = []
        if let result = resultWords, !previous.solved {
            messages.append(result)
        } else if next.moves != previous.moves {
            messages.append(count)
        }
        if let notice, new.board.notice != old.board.notice { messages.append(notice) }
        if !messages.isEmpty { announcement = Announcement(serial: serial, messages: messages) }
        if newRevision, soundOn, !new.board.change.sounds.isEmpty {
            soundPlayer?.play(new.board.change.sounds)
        }
    }

    /// The solver's line at its start.
    private func openLine() {
        lineBoard = puzzle.lineBoard(step: 0)
        lineStep = 0
    }
}
