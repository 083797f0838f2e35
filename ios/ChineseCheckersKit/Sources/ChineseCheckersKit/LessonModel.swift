// "Learn to play": the lessons the core holds as data, and the lesson in play. The core checks
// every goal, refuses or takes back every wrong try and says why; this model forwards the taps
// and End jump to the lesson's board (a `Game`, as any game's), Try again and Next to the core's
// `Lesson`, and words what the core returns.
import ChineseCheckersCore
import Foundation
import Observation

/// The lessons list: every lesson of the core, tripot first, each with its title, a line
/// saying its rule set and length, and whether it was played to its end (the core keeps that in
/// the app's folder when a lesson opened at its start is finished).
@MainActor
@Observable
public final class LessonsModel {
    /// The core's lessons, in its order, each with `finished`.
    public private(set) var lessons: [LessonInfo]
    /// The app's folder, where the core keeps the finished lessons.
    public let directory: URL

    /// The list of the core's lessons, with the progress kept in `directory`.
    public init(directory: URL) {
        self.directory = directory
        lessons = ChineseCheckersCore.lessons(dataDir: directory.path)
    }

    /// Reads the list again (a lesson may have been finished since).
    public func refresh() {
        lessons = ChineseCheckersCore.lessons(dataDir: directory.path)
    }

    /// "Done", on a finished lesson's row (nil for one not finished).
    public nonisolated static func finished(_ lesson: LessonInfo) -> LocalizedMessage? {
        lesson.finished ? LocalizedMessage("lessons.finished") : nil
    }

    /// A lesson's title (its topic).
    public nonisolated static func title(_ lesson: LessonInfo) -> LocalizedMessage {
        Wording.lessonTopic(lesson.topic)
    }

    /// "Tripot · 4 steps": the lesson's rule set and number of steps.
    public nonisolated static func summary(_ lesson: LessonInfo) -> LocalizedMessage {
        LocalizedMessage(
            "lessons.summary",
            [.message(Wording.preset(lesson.rules)), .number(lesson.stepRules.count)])
    }
}

/// The three buttons under a lesson's board, always in the same places (a button that does not
/// apply now stays where it is, disabled).
public enum LessonButton: Equatable, Hashable, Sendable, CaseIterable {
    /// Ends a tripot chain where the peg stands.
    case endJump
    /// Puts the step back as it opened.
    case tryAgain
    /// The next step, or the next lesson once this one is done.
    case next
}

/// What the learner does on a lesson's screen: the one way into `LessonModel` (`handle(_:)`),
/// as `LessonEvent` is into Android's presenter.
public enum LessonAction: Equatable {
    /// A tap at `(x, y)` in the geometry's space (the nearest hole, if any).
    case tapAt(x: Float, y: Float)
    /// A tap on a hole.
    case tap(Coord)
    /// A button of the bar (End jump, Try again, Next).
    case press(LessonButton)
    /// The alert is put away.
    case dismissError
}

/// Why a lesson could not be shown beyond the core's own refusals.
public enum LessonModelError: Error, Equatable {
    /// The core gave a lesson's board without the lesson's facts (a bug).
    case noLesson
}

/// A lesson in play: the core's `Lesson` and its board, the latest state and the words for it.
@MainActor
@Observable
public final class LessonModel {
    /// The core's lesson: Try again, Next (replaced by `next()` when it opens the next lesson).
    @ObservationIgnored public private(set) var lesson: Lesson
    /// Its board, as any game's: taps, End jump.
    @ObservationIgnored public private(set) var game: Game
    /// The latest board the core gave.
    public private(set) var board: GameState
    /// The lesson's facts on it: the step, its goal and pointer, the feedback.
    public private(set) var state: LessonState
    /// The board's drawing data (the same as a game's).
    public let geometry: BoardGeometry
    /// A call the core refused (e.g. End jump with no jump in progress), for an alert.
    public private(set) var error: LocalizedMessage?
    /// The latest forward move to animate, as on a game's board.
    public private(set) var animation: PegAnimation?
    /// The part of the board the step is about, for the board to zoom on: set again when a step
    /// opens, on Try again and when the core takes a wrong try back (nil when the step has no
    /// peg, pointer or target to frame).
    public private(set) var framing: BoardFraming?
    @ObservationIgnored private var serial = 0
    /// The core's lessons, in its order (for "Next lesson").
    @ObservationIgnored private let all: [LessonInfo]
    /// Where the core keeps the finished lessons.
    @ObservationIgnored private let directory: URL

    /// A model playing `lesson` from the state it is in; the lessons after it are opened with
    /// their progress kept in `directory`.
    public init(lesson: Lesson, directory: URL) throws {
        self.lesson = lesson
        self.directory = directory
        all = ChineseCheckersCore.lessons(dataDir: directory.path)
        let game = lesson.game()
        let first = game.state()
        guard let facts = first.lesson else { throw LessonModelError.noLesson }
        self.game = game
        board = first
        state = facts
        geometry = boardGeometry()
        reframe()
    }

    /// Lesson `id` at its step `step` (0: its start; a Rules diagram's link gives its own);
    /// throws the core's `LessonError` for an unknown lesson or step.
    /// Finishing a lesson opened at its start is kept in `directory`.
    public convenience init(id: String, step: Int32 = 0, directory: URL) throws {
        let path = directory.path
        try self.init(
            lesson: step == 0
                ? try Lesson(dataDir: path, id: id)
                : try Lesson.atStep(dataDir: path, id: id, step: step),
            directory: directory)
    }

    // MARK: What the screen shows

    /// The lesson's title.
    public var title: LocalizedMessage { Wording.lessonTopic(state.topic) }

    /// "Step 2 of 4".
    public var progress: LocalizedMessage {
        LocalizedMessage(
            "lesson.progress", [.number(Int(state.step) + 1), .number(Int(state.steps))])
    }

    /// What to do in this step.
    public var goal: LocalizedMessage { Wording.lessonGoal(state.goal) }

    /// What the last action did (nil before the first one, or after Try again).
    public var feedback: LocalizedMessage? {
        state.feedback.map {
            Wording.lessonFeedback($0, players: board.players, lessonDone: state.lessonDone)
        }
    }

    /// Whether the feedback is good news (a step done, or the turn passed as the step wanted).
    public var feedbackIsSuccess: Bool {
        switch state.feedback {
        case .stepDone, .turnPassed: return true
        case .refused, .missed, nil: return false
        }
    }

    /// The holes to point at, the peg first (none once the step is done).
    public var pointer: [Coord] { state.stepDone ? [] : state.pointer }

    /// The move a wrong try played and the core took back, as arrows over the board.
    public var missedArrows: [MoveArrow] {
        guard case .missed(_, let path) = state.feedback else { return [] }
        return MoveArrow.along(path, geometry: geometry)
    }

    /// The holes a framing keeps in view: the step's pegs, its pointer and the board's targets,
    /// all as the core gives them.
    public var framedHoles: [Coord] {
        var holes = board.holes.filter { hole in
            switch hole.highlight {
            case .stepTarget, .jumpTarget, .swapTarget: return true
            default: return hole.occupant != nil
            }
        }.map(\.coord)
        holes.append(contentsOf: state.pointer)
        return holes
    }

    /// The board's turn, as the core chose it.
    public var rotation: Double { Double(board.rotationDegrees) }

    /// Whether `button` does something now.
    public func isEnabled(_ button: LessonButton) -> Bool {
        switch button {
        case .endJump: return board.capabilities.canEndJump
        case .tryAgain:
            // Something to put back: a try, a peg picked up, a chain under way.
            return state.feedback != nil || board.selected != nil
                || !board.chain.isEmpty
        case .next: return state.lessonDone ? nextLessonID != nil : state.stepDone
        }
    }

    /// Whether the Next button opens the next lesson (this one is done) rather than a step.
    public var nextOpensLesson: Bool { state.lessonDone }

    /// The lesson after this one in the core's list (nil after the last).
    public var nextLessonID: String? {
        guard let index = all.firstIndex(where: { $0.id == state.lessonId }),
            index + 1 < all.count
        else { return nil }
        return all[index + 1].id
    }

    // MARK: Taps and buttons

    /// Handles one of the learner's actions.
    public func handle(_ action: LessonAction) {
        switch action {
        case .tapAt(let x, let y):
            guard let hole = geometry.nearestHole(x: x, y: y) else { return }
            tap(hole.coord)
        case .tap(let coord): tap(coord)
        case .press(.endJump): act { [game] in try game.endJump() }
        // "Try again": the step as it opened, framed again.
        case .press(.tryAgain): act(reframing: true) { [lesson] in lesson.retry() }
        case .press(.next): next()
        case .dismissError: error = nil
        }
    }

    private func tap(_ coord: Coord) {
        act { [game] in try game.tap(q: coord.q, r: coord.r) }
    }

    /// The next step once this one is done; after the last step, the next lesson.
    private func next() {
        if state.lessonDone {
            guard let id = nextLessonID, let lesson = try? Lesson(dataDir: directory.path, id: id)
            else { return }
            self.lesson = lesson
            game = lesson.game()
            take(game.state(), reframing: true)
        } else {
            act(reframing: true) { [lesson] in lesson.next() }
        }
    }

    private func act(reframing: Bool = false, _ call: () throws -> GameState) {
        do {
            take(try call(), reframing: reframing)
        } catch {
            self.error = Wording.error(error)
        }
    }

    private func take(_ nextBoard: GameState, reframing: Bool = false) {
        guard let next = nextBoard.lesson else { return }
        let moved = nextBoard.revision != board.revision
        state = next
        board = nextBoard
        serial += 1
        if moved, !nextBoard.change.animate.isEmpty {
            animation = PegAnimation(serial: serial, path: nextBoard.change.animate)
        }
        // The core says "missed" only in the state that took a wrong try back: the step is as it
        // opened, and so is its framing.
        var takenBack = false
        if case .missed = next.feedback { takenBack = true }
        if reframing || takenBack { reframe() }
    }

    /// Frames the step's holes anew (a new serial, so the board applies it even when the box is
    /// the one it had).
    private func reframe() {
        framing = BoardFraming.box(around: framedHoles, geometry: geometry).map {
            BoardFraming(serial: serial, box: $0)
        }
    }
}
