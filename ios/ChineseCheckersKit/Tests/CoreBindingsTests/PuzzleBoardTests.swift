import ChineseCheckersCore
import Foundation
import XCTest

/// A puzzle through the bindings: its board is a `Game`, its facts ride on the board's state.
final class PuzzleBoardTests: XCTestCase {
    func testAPuzzlesBoardPlaysUndoesAndRestartsAsAGame() throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("puzzle-board-\(UUID().uuidString)").path
        let info = try XCTUnwrap(try puzzles(dataDir: dir).first)
        let puzzle = try PuzzleGame(dataDir: dir, id: info.id)
        let board = puzzle.game()
        let capabilities = board.capabilities()
        XCTAssertTrue(capabilities.puzzle != nil && capabilities.lesson == nil)
        XCTAssertFalse(capabilities.resign || capabilities.hint != nil || capabilities.ai != nil)
        XCTAssertEqual(board.id(), info.id)
        let start = board.state()
        XCTAssertEqual(start.puzzle?.par, info.par)
        XCTAssertEqual(start.puzzle?.moves, 0)
        let history = try XCTUnwrap(capabilities.undo)
        assertThrows(MoveError.self, try history.undo()) { $0 == .NothingToUndo }

        // A step of a racing peg (ours: seat 0), by two taps.
        var step: (from: Coord, to: Coord)?
        for hole in start.holes where hole.owner == 0 && step == nil {
            let targets = try board.tap(q: hole.coord.q, r: hole.coord.r).targets
            _ = board.cancelTouch()
            if let target = targets.first(where: { $0.kind == .step }) {
                step = (hole.coord, target.coord)
            }
        }
        let (from, to) = try XCTUnwrap(step)
        _ = try board.tap(q: from.q, r: from.r)
        let moved = try board.tap(q: to.q, r: to.r)
        XCTAssertEqual(moved.puzzle?.moves, 1)
        XCTAssertTrue(moved.capabilities.canUndo)
        XCTAssertGreaterThan(moved.revision, start.revision)

        XCTAssertEqual(try history.undo().puzzle?.moves, 0)
        XCTAssertEqual(try history.redo().puzzle?.moves, 1)
        let restarted = puzzle.restart()
        XCTAssertEqual(restarted.puzzle?.moves, 0)
        XCTAssertEqual(restarted.holes, start.holes)
        XCTAssertNil(puzzle.lineBoard(step: 0), "the solver's line waits for a solve")
    }
}
