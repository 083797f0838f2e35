// A lesson step framed on its holes (issue 29): on a 360×640 pt phone every step of the first
// three lessons opens zoomed so that its pointer holes are touch targets apart, its pegs all in
// view and a tap on each pointer hole finds it; a tablet's whole star needs no zoom; the model
// asks for the framing when a step opens, on Try again and when a wrong try is taken back, and
// not on other taps (the player's own pinch is kept).
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

@MainActor
final class BoardFramingTests: XCTestCase {
    private let geometry = boardGeometry()
    private let phone = CGSize(width: 360, height: 640)
    /// The board of the smallest iPad (744 pt wide) in portrait, inside the screen's padding.
    private let tablet = CGSize(width: 728, height: 760)

    /// Every step of the first three lessons, each opened as a Rules diagram's link opens it.
    private func firstThreeLessonsSteps() throws -> [LessonModel] {
        var models: [LessonModel] = []
        let folder = temporaryFolder()
        for lesson in LessonsModel(directory: folder).lessons.prefix(3) {
            for step in 0..<lesson.stepRules.count {
                models.append(
                    try LessonModel(id: lesson.id, step: Int32(step), directory: folder))
            }
        }
        XCTAssertGreaterThan(models.count, 3, "several steps each")
        return models
    }

    private func viewport(_ model: LessonModel, in size: CGSize) throws -> BoardViewport {
        let framing = try XCTUnwrap(model.framing, "\(model.state.lessonId) \(model.state.step)")
        let zoom = BoardZoom.framing(
            framing.box, geometry: geometry, rotation: model.rotation, in: size)
        return BoardViewport(geometry: geometry, size: size, rotation: model.rotation, zoom: zoom)
    }

    func testOnAPhoneEachStepOpensWithItsPointerTouchableAndItsPegsInView() async throws {
        let whole = BoardViewport(geometry: geometry, size: phone, rotation: 0)
        // The problem: the whole star leaves neighbouring holes under a touch target apart.
        XCTAssertLessThan(whole.scale, 44)
        for model in try firstThreeLessonsSteps() {
            try checkFramed(model, in: phone, pointerApart: 44)
        }
    }

    func testOnThePhoneBoardTheLessonScreenFitsEachStepStillOpensZoomedOnItsPegs() async throws {
        // The board the lesson screen draws on that phone: its width less 8 pt of padding each
        // side, the star's own proportions. Less tall than the screen, so a step whose pegs
        // spread over the star (the swaps lesson: a whole camp, or pegs at both ends) cannot
        // bring its pointer 44 pt apart with every peg in view; it still opens zoomed in.
        let fitted = CGSize(
            width: 344, height: 344 * CGFloat(geometry.height + 2) / CGFloat(geometry.width + 2))
        for model in try firstThreeLessonsSteps() {
            try checkFramed(model, in: fitted, pointerApart: 27)
        }
    }

    /// Checks the step opens zoomed in on `size` with every peg in view, its pointer holes at
    /// least `pointerApart` points apart and each found by a tap at its zoomed centre.
    private func checkFramed(
        _ model: LessonModel, in size: CGSize, pointerApart: CGFloat
    ) throws {
        let name = "\(model.state.lessonId) step \(model.state.step) in \(size)"
        let view = try viewport(model, in: size)
        // The steps are about a few holes: each opens zoomed in, within the board's limits.
        XCTAssertTrue(view.zoom.isZoomed, name)
        XCTAssertLessThanOrEqual(view.zoom.scale, BoardZoom.maximumScale, name)
        let pointer = try model.pointer.map { try XCTUnwrap(geometry.hole(at: $0)) }
        XCTAssertFalse(pointer.isEmpty, name)
        let centres = pointer.map { view.point(of: $0) }
        for (index, a) in centres.enumerated() {
            for b in centres[(index + 1)...] {
                XCTAssertGreaterThanOrEqual(hypot(a.x - b.x, a.y - b.y), pointerApart, name)
            }
        }
        // A tap at each pointer hole's zoomed centre finds that hole.
        for (hole, centre) in zip(pointer, centres) {
            XCTAssertEqual(view.hole(at: centre)?.coord, hole.coord, name)
        }
        // Every peg of the step, whole, inside the view.
        let inside = CGRect(origin: .zero, size: size).insetBy(
            dx: view.holeRadius, dy: view.holeRadius)
        for hole in model.board.holes where hole.occupant != nil {
            let centre = view.point(of: try XCTUnwrap(geometry.hole(at: hole.coord)))
            XCTAssertTrue(inside.contains(centre), "\(name): peg at \(hole.coord) at \(centre)")
        }
    }

    func testOnATabletTheWholeStarStays() async throws {
        XCTAssertGreaterThanOrEqual(
            BoardViewport(geometry: geometry, size: tablet, rotation: 0).scale,
            BoardZoom.comfortableSpacing)
        for model in try firstThreeLessonsSteps() {
            XCTAssertEqual(
                try viewport(model, in: tablet).zoom, .identity,
                "\(model.state.lessonId) step \(model.state.step)")
        }
    }

    func testAFramingCentresItsBoxAndStaysBetweenTheWholeStarAndTheLargestZoom() async throws {
        let centre = try XCTUnwrap(geometry.hole(at: coord(1, 1)))
        let small = try XCTUnwrap(BoardFraming.box(around: [coord(1, 1)], geometry: geometry))
        XCTAssertEqual(small.width, 2, accuracy: 0.0001, "one spacing of margin each way")
        for rotation in [0.0, 60, 180] {
            // One hole: as far as the board zooms, with that hole in the view's centre.
            let zoom = BoardZoom.framing(small, geometry: geometry, rotation: rotation, in: phone)
            XCTAssertEqual(zoom.scale, BoardZoom.maximumScale, "turned \(rotation)°")
            let view = BoardViewport(
                geometry: geometry, size: phone, rotation: rotation, zoom: zoom)
            let point = view.point(of: centre)
            XCTAssertEqual(point.x, phone.width / 2, accuracy: 0.01)
            XCTAssertEqual(point.y, phone.height / 2, accuracy: 0.01)
        }
        // The whole star: no zoom (never below 1×), whatever the box is larger than.
        let all = try XCTUnwrap(
            BoardFraming.box(around: geometry.holes.map(\.coord), geometry: geometry))
        XCTAssertEqual(
            BoardZoom.framing(all, geometry: geometry, rotation: 0, in: phone), .identity)
        // An empty view frames nothing.
        XCTAssertEqual(
            BoardZoom.framing(small, geometry: geometry, rotation: 0, in: .zero), .identity)
        XCTAssertNil(BoardFraming.box(around: [], geometry: geometry))
    }

    /// Issue 38: zoomed on one part of the star, what the player must see next (a hint's path,
    /// a picked peg's landings) is brought into view below the notes, at the same zoom, moving
    /// as little as it can; at the whole star nothing moves.
    func testAZoomedBoardIsMovedJustEnoughToShowWhatMustBeSeen() async throws {
        let bottom = try XCTUnwrap(
            BoardFraming.box(around: [coord(-4, 8), coord(-3, 7)], geometry: geometry, margin: 0.5))
        XCTAssertEqual(
            BoardZoom.identity.keeping(bottom, geometry: geometry, rotation: 0, in: phone),
            .identity)
        // Zoomed on the top of the star: the bottom point is off screen.
        let top = try XCTUnwrap(BoardFraming.box(around: [coord(4, -8)], geometry: geometry))
        let zoomed = BoardZoom.framing(top, geometry: geometry, rotation: 0, in: phone)
        XCTAssertTrue(zoomed.isZoomed)
        let kept = zoomed.keeping(bottom, geometry: geometry, rotation: 0, in: phone, topBand: 80)
        XCTAssertEqual(kept.scale, zoomed.scale, "never re-zoomed")
        let view = BoardViewport(geometry: geometry, size: phone, rotation: 0, zoom: kept)
        for c in [coord(-4, 8), coord(-3, 7)] {
            let p = view.point(of: try XCTUnwrap(geometry.hole(at: c)))
            XCTAssertTrue(
                p.x >= 0 && p.x <= phone.width && p.y >= 80 && p.y <= phone.height, "\(c) at \(p)")
        }
        // Already in view: unchanged.
        XCTAssertEqual(
            kept.keeping(bottom, geometry: geometry, rotation: 0, in: phone, topBand: 80), kept)
    }

    /// The model says what must be seen: the hint's path, else the picked peg and its landings.
    func testTheBoardModelKeepsInViewTheHintElseThePickedPegAndItsLandings() async throws {
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat()], seed: 3))
        let model = BoardModel(game: game.game(), aiTimeLimitMs: 10)
        XCTAssertEqual(model.keepInView, [])
        // A peg of the person's that can move, picked.
        var picked: Coord?
        for hole in model.state.holes where hole.occupant != nil && hole.owner == 0 {
            model.tap(hole.coord)
            if model.state.selected == hole.coord, !model.state.targets.isEmpty {
                picked = hole.coord
                break
            }
        }
        let peg = try XCTUnwrap(picked, "a peg with somewhere to go")
        XCTAssertEqual(model.keepInView, [peg] + model.state.targets.map(\.coord))
        // Let go (the peg tapped again), then the hint.
        model.tap(peg)
        XCTAssertNil(model.state.selected)
        model.requestHint()
        await model.waitUntilIdle()
        XCTAssertGreaterThanOrEqual(model.state.hint.count, 2)
        XCTAssertEqual(model.keepInView, model.state.hint)
    }

    func testAFramingMovesInAStraightLineFromTheZoomItLeaves() async {
        let from = BoardZoom(scale: 1, offset: .zero, in: phone)
        let to = BoardZoom(scale: 3, offset: CGSize(width: 200, height: -300), in: phone)
        XCTAssertEqual(from.interpolated(to: to, fraction: 0, in: phone), from)
        XCTAssertEqual(from.interpolated(to: to, fraction: 1, in: phone), to)
        XCTAssertEqual(from.interpolated(to: to, fraction: 2, in: phone), to, "clamped")
        let half = from.interpolated(to: to, fraction: 0.5, in: phone)
        XCTAssertEqual(half.scale, 2, accuracy: 0.0001)
        XCTAssertEqual(half.offset.width, 100, accuracy: 0.0001)
        XCTAssertEqual(half.offset.height, -150, accuracy: 0.0001)
    }

    func testTheModelFramesAStepAsItOpensOnTryAgainAndAfterAWrongTryOnly() async throws {
        let model = try LessonModel(id: "tripot-moves", directory: temporaryFolder())
        let opened = try XCTUnwrap(model.framing)
        let pointerBox = try XCTUnwrap(BoardFraming.box(around: model.pointer, geometry: geometry))
        XCTAssertTrue(opened.box.contains(pointerBox), "the pointer is framed")
        // Picking the peg up is the player's business: the framing (and any pinch) stays.
        model.handle(.tap(coord(-1, 4)))
        XCTAssertEqual(model.board.selected, coord(-1, 4))
        XCTAssertEqual(model.framing, opened)
        // A wrong try, taken back by the core: framed again, the step's box as it opened.
        model.handle(.tap(coord(-1, 2)))
        if model.isEnabled(.endJump) { model.handle(.press(.endJump)) }
        guard case .missed = model.state.feedback else {
            return XCTFail("a jump where a step was asked is missed")
        }
        let afterMiss = try XCTUnwrap(model.framing)
        XCTAssertNotEqual(afterMiss.serial, opened.serial)
        XCTAssertEqual(afterMiss.box, opened.box)
        // Try again: framed again.
        model.handle(.press(.tryAgain))
        let afterRetry = try XCTUnwrap(model.framing)
        XCTAssertNotEqual(afterRetry.serial, afterMiss.serial)
        XCTAssertEqual(afterRetry.box, opened.box)
        // The step played and Next: the next step opens framed on its own holes.
        model.handle(.tap(coord(-1, 4)))
        model.handle(.tap(coord(0, 3)))
        XCTAssertTrue(model.state.stepDone)
        XCTAssertEqual(model.framing, afterRetry, "a step done keeps the view")
        model.handle(.press(.next))
        let next = try XCTUnwrap(model.framing)
        XCTAssertNotEqual(next.serial, afterRetry.serial)
        let nextPointer = try XCTUnwrap(
            BoardFraming.box(around: model.pointer, geometry: geometry))
        XCTAssertTrue(next.box.contains(nextPointer))
    }
}
