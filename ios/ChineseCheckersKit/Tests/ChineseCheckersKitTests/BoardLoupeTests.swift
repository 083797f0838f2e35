// The loupe's decisions (issue 28, "a magnified preview under the finger"): it shows at the
// whole-star size only, picks the hole the board's hit test finds under the finger, sits beside
// the finger inside the view, and draws the hole under the finger at its centre, magnified past
// the touch target and turned with the board.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

final class BoardLoupeTests: XCTestCase {
    private let geometry = boardGeometry()

    /// A 360 pt-wide view exactly as tall as the fitted star needs (the phone's board).
    private var phone: CGSize {
        CGSize(width: 360, height: 360 * CGFloat(geometry.height + 2) / CGFloat(geometry.width + 2))
    }

    func testAReleasePicksTheHoleUnderTheFingerAtEveryHoleAndTurn() throws {
        for rotation in [0.0, 60, 180] {
            let viewport = BoardViewport(geometry: geometry, size: phone, rotation: rotation)
            for hole in geometry.holes {
                // A finger a little off the centre, as fingers are.
                var finger = viewport.point(of: hole)
                finger.x += viewport.scale * 0.2
                let loupe = try XCTUnwrap(BoardLoupe(finger: finger, viewport: viewport))
                XCTAssertEqual(loupe.pick, hole.coord, "turned \(rotation)°")
                XCTAssertEqual(loupe.pick, viewport.hole(at: finger)?.coord)
            }
        }
    }

    func testBesideTheStarItPicksNothingAndZoomedInItDoesNotShow() throws {
        let viewport = BoardViewport(geometry: geometry, size: phone, rotation: 0)
        let corner = try XCTUnwrap(BoardLoupe(finger: CGPoint(x: 2, y: 2), viewport: viewport))
        XCTAssertNil(corner.pick, "no hole in the view's corner")

        let zoom = BoardZoom(scale: 2, offset: .zero, in: phone)
        let zoomed = BoardViewport(geometry: geometry, size: phone, rotation: 0, zoom: zoom)
        let centre = CGPoint(x: phone.width / 2, y: phone.height / 2)
        XCTAssertNil(BoardLoupe(finger: centre, viewport: zoomed), "zoomed in, a hold pans")
        XCTAssertNotNil(BoardLoupe(finger: centre, viewport: viewport))
    }

    func testTheHoleUnderTheFingerIsAtTheLoupesCentreMagnifiedPastTheTouchTarget() throws {
        for rotation in [0.0, 120] {
            let viewport = BoardViewport(geometry: geometry, size: phone, rotation: rotation)
            let hole = try XCTUnwrap(geometry.hole(at: coord(1, -2)))
            let loupe = try XCTUnwrap(
                BoardLoupe(finger: viewport.point(of: hole), viewport: viewport))
            let half = BoardLoupe.diameter / 2
            let centre = loupe.point(x: hole.x, y: hole.y)
            XCTAssertEqual(centre.x, half, accuracy: 0.001)
            XCTAssertEqual(centre.y, half, accuracy: 0.001)
            // Its neighbours 44 pt or more away inside the loupe, while the board has them closer.
            XCTAssertLessThan(viewport.scale, 44)
            let neighbour = try XCTUnwrap(geometry.hole(at: coord(2, -2)))
            let a = loupe.point(x: hole.x, y: hole.y)
            let b = loupe.point(x: neighbour.x, y: neighbour.y)
            XCTAssertGreaterThanOrEqual(hypot(a.x - b.x, a.y - b.y), 44)
            // Turned like the board: the direction from the hole to its neighbour is the board's.
            let boardA = viewport.point(of: hole)
            let boardB = viewport.point(of: neighbour)
            XCTAssertEqual(
                atan2(b.y - a.y, b.x - a.x), atan2(boardB.y - boardA.y, boardB.x - boardA.x),
                accuracy: 0.0001)
            XCTAssertEqual(loupe.holeRadius / loupe.scale, CGFloat(geometry.holeRadius))
        }
    }

    func testTheLoupeSitsAboveTheFingerOrBesideItAndAlwaysInsideTheView() {
        let size = phone
        let half = BoardLoupe.diameter / 2
        // Low on the board: straight above the finger, clear of it.
        let low = CGPoint(x: 180, y: size.height - 20)
        let above = BoardLoupe.centre(for: low, in: size)
        XCTAssertEqual(above.x, low.x)
        XCTAssertEqual(above.y, low.y - BoardLoupe.gap - half)
        // Near the top: beside the finger, on the roomier side.
        let topLeft = BoardLoupe.centre(for: CGPoint(x: 60, y: 30), in: size)
        XCTAssertEqual(topLeft.x, 60 + BoardLoupe.gap + half)
        let topRight = BoardLoupe.centre(for: CGPoint(x: 330, y: 30), in: size)
        XCTAssertEqual(topRight.x, 330 - BoardLoupe.gap - half)
        // Everywhere: wholly inside the view, never under the finger.
        for x in stride(from: 0, through: size.width, by: 30) {
            for y in stride(from: 0, through: size.height, by: 30) {
                let finger = CGPoint(x: x, y: y)
                let centre = BoardLoupe.centre(for: finger, in: size)
                XCTAssertGreaterThanOrEqual(centre.x - half, -0.001)
                XCTAssertLessThanOrEqual(centre.x + half, size.width + 0.001)
                XCTAssertGreaterThanOrEqual(centre.y - half, -0.001)
                XCTAssertLessThanOrEqual(centre.y + half, size.height + 0.001)
            }
        }
    }
}
