// The rules screen's diagrams (issue 28, "a diagram per move kind"): one each for a step, a jump
// and a swap, drawn from the core's geometry, their targets the ones the core lit.
import ChineseCheckersCore
import ChineseCheckersKit
import XCTest

final class RuleDiagramsTests: XCTestCase {
    func testAStepAJumpAndASwapEachWithTheTargetsTheCoreLit() throws {
        let diagrams = ChineseCheckersKit.RuleDiagram.all()
        XCTAssertEqual(diagrams.map(\.id), [.step, .jump, .swap])
        let geometry = boardGeometry()
        XCTAssertEqual(diagrams.map(\.peg), [coord(0, 0), coord(0, 0), coord(8, -4)])
        for diagram in diagrams {
            let peg = try XCTUnwrap(diagram.holes.first { $0.state.coord == diagram.peg })
            XCTAssertEqual(peg.state.highlight, .selected, "\(diagram.id): its peg is selected")
            XCTAssertEqual(peg.state.occupant, .s)
            // Drawn from the core's geometry: each hole is the geometry's own.
            for hole in diagram.holes {
                XCTAssertEqual(geometry.hole(at: hole.state.coord), hole.geometry)
            }
            XCTAssertEqual(diagram.caption.key, "rules.diagram.\(diagram.id)")
        }
        // A step: the six empty neighbours.
        XCTAssertEqual(
            Set(diagrams[0].targets),
            [coord(1, 0), coord(-1, 0), coord(0, 1), coord(0, -1), coord(1, -1), coord(-1, 1)])
        // A jump: over (0,-1) to (0,-2); the neighbours are steps, never lit with a jump.
        XCTAssertEqual(diagrams[1].targets, [coord(0, -2)])
        // A swap: the walled-in peg may trade with each opposing peg within a jump's reach.
        let swaps = diagrams[2].targets
        XCTAssertEqual(Set(swaps), [coord(7, -4), coord(7, -3), coord(6, -4), coord(6, -2)])
        for target in swaps {
            let hole = try XCTUnwrap(diagrams[2].holes.first { $0.state.coord == target })
            XCTAssertEqual(hole.state.occupant, .n)
            XCTAssertEqual(hole.state.highlight, .swapTarget)
        }
    }
}
