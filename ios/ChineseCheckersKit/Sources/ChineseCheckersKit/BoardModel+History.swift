// A line of the history shown on the board: the tapped move drawn as arrows, one per hop of the
// core's path, between the geometry's hole centres, with the move in words. Drawing data only:
// the moves and their paths are the core's (`state.history`).
import ChineseCheckersCore

/// One arrow of a move shown from the history: one hop of its path, from a hole's centre to the
/// next one's, in the geometry's space (neighbouring holes 1 apart). The view maps both ends with
/// the board's own `BoardViewport`, so the arrows turn and zoom with the holes.
public struct MoveArrow: Equatable, Hashable, Sendable {
    /// The hole the hop leaves.
    public let from: Coord
    /// The hole the hop reaches.
    public let to: Coord
    /// The centre of `from`, in the geometry's space.
    public let fromX: Float
    /// The centre of `from`, in the geometry's space.
    public let fromY: Float
    /// The centre of `to`, in the geometry's space.
    public let toX: Float
    /// The centre of `to`, in the geometry's space.
    public let toY: Float

    /// The arrows of a path of the core's (a move, a lesson's try, a Rules diagram's move), one
    /// per hop, between `geometry`'s hole centres (none for a pass).
    public static func along(_ path: [Coord], geometry: BoardGeometry) -> [MoveArrow] {
        zip(path, path.dropFirst()).compactMap { from, to in
            guard let start = geometry.hole(at: from), let end = geometry.hole(at: to) else {
                return nil
            }
            return MoveArrow(
                from: from, to: to, fromX: start.x, fromY: start.y, toX: end.x, toY: end.y)
        }
    }
}

extension BoardModel {
    /// The history line of move `number` was tapped: the board shows that move, or stops showing
    /// it when it was the one shown. A number the history does not hold shows nothing.
    public func toggleShownMove(_ number: Int32) {
        if shownMoveNumber == number || !state.history.contains(where: { $0.number == number }) {
            shownMoveNumber = nil
        } else {
            shownMoveNumber = number
        }
    }

    /// The board was tapped or the history closed: no move is shown any more.
    public func hideShownMove() { shownMoveNumber = nil }

    /// The move the board shows from the history, if any.
    public var shownMove: PlayedMove? {
        guard let number = shownMoveNumber else { return nil }
        return state.history.first { $0.number == number }
    }

    /// What the player must see next, which a zoomed board keeps on screen
    /// (`BoardZoom.keeping`): the hint's path while one is shown, else the picked peg (mid-chain:
    /// the one that just landed) and every hole it may go to; nothing otherwise.
    public var keepInView: [Coord] {
        if state.hint.count >= 2 { return state.hint }
        guard let selected = state.selected else { return [] }
        return [selected] + state.targets.map(\.coord)
    }

    /// The shown move's arrows, one per hop of its path, in order (none for a pass, or when no
    /// move is shown).
    public var shownMoveArrows: [MoveArrow] {
        guard let path = shownMove?.path else { return [] }
        return MoveArrow.along(path, geometry: geometry)
    }

    /// The history line to mark: the move shown as arrows, else in replay the last move the
    /// board shows (the core's `replay.shown`); nil when none.
    public var markedMoveNumber: Int32? {
        if let shownMoveNumber { return shownMoveNumber }
        guard let shown = state.replay?.shown, shown > 0 else { return nil }
        return shown
    }

    /// The shown move in words ("Ann moved from row 3, place 2 to row 5, place 4"), for the note
    /// drawn over the board.
    /// An earlier move's words say that its arrows are drawn over today's position (the pegs
    /// have moved since).
    public var shownMoveWords: LocalizedMessage? {
        shownMove.map {
            let words = Wording.moveAnnouncement(
                $0, geometry: geometry.named(rotationDegrees: state.rotationDegrees),
                players: state.players)
            guard $0.number < Int32(state.history.count) else { return words }
            return LocalizedMessage("history.onTodaysBoard", [.message(words)])
        }
    }
}
