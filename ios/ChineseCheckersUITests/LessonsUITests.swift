// "Learn to play" on a simulator, through accessibility identifiers: the first start's offer
// opens the lessons, and the first three lessons (tripot-moves, tripot-long-jumps, tripot-swaps)
// are played to their end by tapping holes, with a wrong try put back by "Try again". The moves
// are the core's intended ones (rust-core/src/session/lesson_data.rs), as the kit's
// LessonModelTests play them.
import XCTest

final class LessonsUITests: XCTestCase {
    override func setUpWithError() throws {
        continueAfterFailure = false
    }

    @MainActor
    private func launch(firstStart: Bool = false) -> XCUIApplication {
        XCUIDevice.shared.orientation = .landscapeRight
        let app = XCUIApplication()
        app.launchArguments = ["-ui-testing"] + (firstStart ? ["-first-start"] : [])
        app.launch()
        return app
    }

    @MainActor
    private func element(_ app: XCUIApplication, _ identifier: String) -> XCUIElement {
        app.descendants(matching: .any)[identifier].firstMatch
    }

    /// Waits until `condition` holds (each read queries the app again) or 5 s pass.
    @MainActor
    private func wait(_ what: String, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        while !condition(), Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.1))
        }
        XCTAssertTrue(condition(), what)
    }

    /// Taps the holes (q, r) in order, then End jump when it is offered (a chain that could go
    /// on), and waits for the step to be done: Next enabled.
    @MainActor
    private func playStep(_ app: XCUIApplication, _ holes: [(Int, Int)]) {
        for (q, r) in holes {
            let hole = element(app, "hole_\(q)_\(r)")
            XCTAssertTrue(hole.waitForExistence(timeout: 5), "hole \(q), \(r)")
            hole.tap()
        }
        let endJump = element(app, "lesson-endJump")
        if endJump.isEnabled { endJump.tap() }
        let next = element(app, "lesson-next")
        wait("the step is done: Next is enabled") { next.isEnabled }
        next.tap()
    }

    @MainActor
    func testTheFirstStartOffersTheLessons() throws {
        let app = launch(firstStart: true)
        let learn = element(app, "offer-learn")
        XCTAssertTrue(learn.waitForExistence(timeout: 5), "Learn to play is offered")
        XCTAssertTrue(element(app, "offer-skip").exists, "with Skip beside it")
        learn.tap()
        XCTAssertTrue(
            element(app, "lessons-tripot-moves").waitForExistence(timeout: 5),
            "the lessons are shown")
    }

    @MainActor
    func testTheFirstThreeLessonsArePlayedByTaps() throws {
        let app = launch()
        XCTAssertFalse(element(app, "offer-learn").exists, "not asked outside a first start")
        let learn = element(app, "home-learn")
        XCTAssertTrue(learn.waitForExistence(timeout: 5))
        learn.tap()
        element(app, "lessons-tripot-moves").tap()
        XCTAssertTrue(element(app, "lesson-goal").waitForExistence(timeout: 5))

        // A wrong try (a jump where a step is asked): said, taken back, and Try again.
        let feedback = element(app, "lesson-feedback")
        let quiet = feedback.label
        element(app, "hole_-1_4").tap()
        element(app, "hole_-1_2").tap()
        wait("the wrong try is said") { feedback.label != quiet }
        let tryAgain = element(app, "lesson-tryAgain")
        XCTAssertTrue(tryAgain.isEnabled)
        XCTAssertFalse(element(app, "lesson-next").isEnabled, "no Next after a wrong try")
        tryAgain.tap()
        wait("Try again clears it") { feedback.label == quiet }

        // Steps, jumps and chains.
        playStep(app, [(-1, 4), (0, 3)])
        playStep(app, [(-1, 4), (-1, 2)])
        playStep(app, [(0, 4), (0, 2), (0, 0), (0, -2)])
        playStep(app, [(0, 4), (0, 2), (0, 0)])
        // Long jumps ("Next lesson" opened them).
        playStep(app, [(0, 4), (0, -2)])
        playStep(app, [(-4, 8), (6, -2)])
        // The blocked-peg swap, both cases; the last Next opens the lesson after them.
        playStep(app, [(-4, 8), (-4, 7)])
        playStep(app, [(1, -4), (1, -5)])
        XCTAssertTrue(element(app, "lesson-goal").waitForExistence(timeout: 5))
    }
}
