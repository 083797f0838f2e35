// The board's zoom and pan arithmetic on the core's geometry: at the largest zoom on a 360 pt
// phone every hole is a 44 pt target, a tap finds the hole under it at any zoom, pan and turn,
// a pinch keeps the point under the fingers, and the board never leaves the view.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

final class BoardViewportTests: XCTestCase {
    private let geometry = boardGeometry()

    /// A 360 pt-wide view exactly as tall as the fitted star needs (the phone's board).
    private var phone: CGSize {
        CGSize(width: 360, height: 360 * CGFloat(geometry.height + 2) / CGFloat(geometry.width + 2))
    }

    /// The smallest distance between two hole centres in `viewport`.
    private func closestCentres(_ viewport: BoardViewport) -> CGFloat {
        let points = geometry.holes.map { viewport.point(of: $0) }
        var closest = CGFloat.infinity
        for (index, a) in points.enumerated() {
            for b in points[(index + 1)...] {
                closest = min(closest, hypot(a.x - b.x, a.y - b.y))
            }
        }
        return closest
    }

    func testAtTheLargestZoomOnA360PointPhoneEveryHoleIs44PointsFromItsNeighbours() {
        let fitted = BoardViewport(geometry: geometry, size: phone, rotation: 0)
        // The problem the zoom solves: the whole star leaves holes well under 44 pt apart.
        XCTAssertLessThan(closestCentres(fitted), 44)
        let zoom = BoardZoom(scale: BoardZoom.maximumScale, offset: .zero, in: phone)
        XCTAssertEqual(zoom.scale, BoardZoom.maximumScale)
        for rotation in [0.0, 60, 180] {
            let viewport = BoardViewport(
                geometry: geometry, size: phone, rotation: rotation, zoom: zoom)
            XCTAssertGreaterThanOrEqual(closestCentres(viewport), 44, "turned \(rotation)°")
        }
    }

    func testATapFindsTheHoleUnderItAtAnyZoomPanAndTurn() {
        let zooms = [
            BoardZoom.identity,
            BoardZoom(scale: 2, offset: CGSize(width: 90, height: -60), in: phone),
            BoardZoom(
                scale: BoardZoom.maximumScale, offset: CGSize(width: -300, height: 250), in: phone),
        ]
        for zoom in zooms {
            for rotation in [0.0, 180] {
                let viewport = BoardViewport(
                    geometry: geometry, size: phone, rotation: rotation, zoom: zoom)
                // Four tenths of a spacing off the centre is still the same hole.
                let off = viewport.scale * 0.4
                for hole in geometry.holes {
                    let centre = viewport.point(of: hole)
                    XCTAssertEqual(viewport.hole(at: centre)?.coord, hole.coord)
                    let beside = CGPoint(x: centre.x + off, y: centre.y)
                    XCTAssertEqual(viewport.hole(at: beside)?.coord, hole.coord)
                }
                // Far outside the star: no hole.
                let outside = viewport.point(x: -3, y: -3)
                XCTAssertNil(viewport.hole(at: outside))
            }
        }
    }

    func testAPinchKeepsThePointUnderTheFingersAndStaysWithinItsLimits() {
        let anchor = CGPoint(x: 200, y: 150)
        let before = BoardViewport(geometry: geometry, size: phone, rotation: 0)
        let zoom = BoardZoom.identity.zoomed(by: 2, anchor: anchor, in: phone)
        XCTAssertEqual(zoom.scale, 2)
        let after = BoardViewport(geometry: geometry, size: phone, rotation: 0, zoom: zoom)
        let was = before.geometryPoint(of: anchor)
        let now = after.geometryPoint(of: anchor)
        XCTAssertEqual(was.x, now.x, accuracy: 0.001)
        XCTAssertEqual(was.y, now.y, accuracy: 0.001)
        XCTAssertEqual(after.scale, before.scale * 2, accuracy: 0.0001)
        // The limits.
        XCTAssertEqual(
            zoom.zoomed(by: 100, anchor: anchor, in: phone).scale, BoardZoom.maximumScale)
        let out = zoom.zoomed(by: 0.01, anchor: anchor, in: phone)
        XCTAssertEqual(out.scale, BoardZoom.minimumScale)
        XCTAssertEqual(out.offset, .zero, "the whole star is centred again")
        XCTAssertFalse(out.isZoomed)
    }

    func testAPanNeverTakesTheBoardOutOfTheView() {
        // The whole star does not pan.
        XCTAssertEqual(
            BoardZoom.identity.panned(by: CGSize(width: 80, height: 80), in: phone).offset, .zero)
        let zoom = BoardZoom(scale: 2, offset: .zero, in: phone)
        let small = zoom.panned(by: CGSize(width: 30, height: -20), in: phone)
        XCTAssertEqual(small.offset, CGSize(width: 30, height: -20))
        // At zoom 2 the board reaches half a view beyond each edge: the pan stops there.
        let far = zoom.panned(by: CGSize(width: 10_000, height: -10_000), in: phone)
        XCTAssertEqual(far.offset.width, phone.width / 2, accuracy: 0.0001)
        XCTAssertEqual(far.offset.height, -phone.height / 2, accuracy: 0.0001)
        let viewport = BoardViewport(geometry: geometry, size: phone, rotation: 0, zoom: far)
        // Panned right as far as it goes: the board's left margin (a hole left of the star) is
        // at the view's left edge, not inside the view.
        let margin = viewport.point(x: -1, y: geometry.height / 2)
        XCTAssertEqual(margin.x, 0, accuracy: 0.001)
    }
}
