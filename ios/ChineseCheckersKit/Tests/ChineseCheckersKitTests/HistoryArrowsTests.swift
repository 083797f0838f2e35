// A tapped history line shown on the board (issue 28, "history in a notation the board shows"):
// which move, one arrow per hop, each arrow's ends at the core's hole centres, the tapped line
// toggles, and a move or an undo clears it (a selection does not).
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

@MainActor
final class HistoryArrowsTests: XCTestCase {
    /// Pass and play, South (a peg at the centre) to move, North's pegs leaving a chain of two
    /// hops: (0,0) → (0,-2) → (2,-4).
    private func chainModel() throws -> BoardModel {
        let position = try positionFromJson(
            json: """
                {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":0}
                """)
        let game = try LocalGame.fromPosition(
            position: position, seats: [personSeat, personSeat], seed: 0)
        return BoardModel(game: game.game())
    }

    /// Plays South's two-hop jump.
    private func playChain(_ model: BoardModel) {
        model.tap(coord(0, 0))
        model.tap(coord(0, -2))
        model.tap(coord(2, -4))
        model.endJump()
    }

    /// North steps its first peg that has a step (whatever the core lights).
    private func northSteps(_ model: BoardModel) throws {
        model.tap(coord(4, -8))
        guard let target = model.state.holes.first(where: { $0.highlight == .stepTarget }) else {
            throw HelperError("North's peg at (4,-8) has no step")
        }
        model.tap(target.coord)
    }

    /// Issue 38 item 9: an earlier move's arrows are drawn over today's position, and its words
    /// say so; the newest move's words do not need to.
    func testAnEarlierMovesWordsSayItIsDrawnOnTodaysBoard() async throws {
        let model = try chainModel()
        playChain(model)
        try northSteps(model)
        XCTAssertEqual(model.state.history.count, 2)
        model.toggleShownMove(1)
        let earlier = try XCTUnwrap(model.shownMoveWords)
        XCTAssertEqual(earlier.key, "history.onTodaysBoard")
        guard case .message(let inner) = earlier.arguments.first else {
            return XCTFail("the move's own words inside: \(earlier)")
        }
        XCTAssertEqual(inner.key, "announce.move")
        model.toggleShownMove(2)
        XCTAssertEqual(model.shownMoveWords?.key, "announce.move")
    }

    /// Issue 38 item 9: the replay marks, in the list, the last move the board shows.
    func testTheReplayMarksItsMoveInTheList() async throws {
        let model = try chainModel()
        playChain(model)
        let count = Int32(model.state.history.count)
        XCTAssertNil(model.markedMoveNumber, "nothing marked while playing")
        model.startReplay()
        // Wherever the replay opens, the line marked is the last move the board shows.
        let opened = try XCTUnwrap(model.state.replay).shown
        XCTAssertEqual(model.markedMoveNumber, opened > 0 ? opened : nil)
        model.stepReplay(by: -count)
        XCTAssertEqual(model.state.replay?.shown, 0)
        XCTAssertNil(model.markedMoveNumber, "before the first move: no line")
        model.stepReplay(by: 1)
        XCTAssertEqual(model.markedMoveNumber, 1)
        model.exitReplay()
        XCTAssertNil(model.markedMoveNumber)
    }

    func testATappedLineShowsItsMoveAsOneArrowPerHopBetweenTheHoleCentres() async throws {
        let model = try chainModel()
        playChain(model)
        let move = try XCTUnwrap(model.state.history.last)
        XCTAssertEqual(move.path, [coord(0, 0), coord(0, -2), coord(2, -4)])
        XCTAssertNil(model.shownMove)
        XCTAssertEqual(model.shownMoveArrows, [])

        model.toggleShownMove(move.number)
        XCTAssertEqual(model.shownMoveNumber, move.number)
        XCTAssertEqual(model.shownMove, move)
        let arrows = model.shownMoveArrows
        XCTAssertEqual(arrows.count, 2, "one arrow per hop")
        XCTAssertEqual(arrows.map(\.from), [coord(0, 0), coord(0, -2)])
        XCTAssertEqual(arrows.map(\.to), [coord(0, -2), coord(2, -4)])
        for arrow in arrows {
            let start = try XCTUnwrap(model.geometry.hole(at: arrow.from))
            let end = try XCTUnwrap(model.geometry.hole(at: arrow.to))
            XCTAssertEqual(arrow.fromX, start.x)
            XCTAssertEqual(arrow.fromY, start.y)
            XCTAssertEqual(arrow.toX, end.x)
            XCTAssertEqual(arrow.toY, end.y)
        }
        // The words name the move's first and last holes by the core's row and place, as the
        // board (turned to the next player) shows them.
        let named = model.geometry.named(rotationDegrees: model.state.rotationDegrees)
        let start = try XCTUnwrap(named.hole(at: coord(0, 0)))
        let end = try XCTUnwrap(named.hole(at: coord(2, -4)))
        let words = try XCTUnwrap(model.shownMoveWords)
        XCTAssertEqual(words.key, "announce.move")
        XCTAssertEqual(
            Array(words.arguments.dropFirst()),
            [
                .number(Int(start.row)), .number(Int(start.place)), .number(Int(end.row)),
                .number(Int(end.place)),
            ])

        // The same line again hides it; the board's tap (or closing the history) too.
        model.toggleShownMove(move.number)
        XCTAssertNil(model.shownMove)
        XCTAssertEqual(model.shownMoveArrows, [])
        model.toggleShownMove(move.number)
        model.hideShownMove()
        XCTAssertNil(model.shownMoveNumber)
        // A number the history does not hold shows nothing.
        model.toggleShownMove(99)
        XCTAssertNil(model.shownMoveNumber)
    }

    func testTheShownMoveFollowsTheTappedLineAndIsClearedByAMoveAndAnUndo() async throws {
        let model = try chainModel()
        playChain(model)
        try northSteps(model)
        XCTAssertEqual(model.state.history.count, 2)
        let step = try XCTUnwrap(model.state.history.last)
        XCTAssertEqual(step.kind, .step)

        // Another line: that move, one arrow.
        model.toggleShownMove(step.number)
        XCTAssertEqual(model.shownMove?.number, step.number)
        XCTAssertEqual(model.shownMoveArrows.count, 1)
        model.toggleShownMove(1)
        XCTAssertEqual(model.shownMove?.number, 1, "the newly tapped line replaces the other")
        XCTAssertEqual(model.shownMoveArrows.count, 2)

        // An undo changes the moves: nothing shown.
        model.undo()
        XCTAssertEqual(model.state.history.count, 1)
        XCTAssertNil(model.shownMoveNumber, "cleared by an undo")

        // A move changes them too.
        model.toggleShownMove(1)
        XCTAssertNotNil(model.shownMove)
        try northSteps(model)
        XCTAssertEqual(model.state.history.count, 2)
        XCTAssertNil(model.shownMoveNumber, "cleared by a move")

        // A tap that plays nothing (a selection) keeps it.
        model.toggleShownMove(2)
        model.tap(coord(2, -4))
        XCTAssertEqual(model.shownMoveNumber, 2, "a selection changes no move")
    }
}
