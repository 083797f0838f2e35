// The app's main flows on a simulator, through its accessibility identifiers: a solo game from
// home with a move made by tapping holes, Settings, home in the middle of a game and back
// through "Continue", a line of the moves list shown on the board, a resigned game that is no
// longer offered to continue, and a race puzzle solved at par. The app is launched with
// `-ui-testing`: a fresh library and settings.
import XCTest

final class MainFlowsUITests: XCTestCase {
    override func setUpWithError() throws {
        continueAfterFailure = false
    }

    /// The person's first step in the default solo game (tripot, the person opens from the
    /// south camp): the peg at q -1, r 5 steps to q -1, r 4, as the kit's tests play it.
    private let pegHole = "hole_-1_5"
    private let targetHole = "hole_-1_4"

    /// tripot-easy-1's solver line, as the committed set has it (rust-core/src/session/
    /// puzzles.json; par 6): each step a peg's hole and where it stops.
    private let puzzleLine = [
        ("hole_6_-4", "hole_6_-3"), ("hole_-3_-4", "hole_1_-4"), ("hole_6_-3", "hole_4_-5"),
        ("hole_-1_-4", "hole_0_-4"), ("hole_1_-4", "hole_2_-5"), ("hole_0_-4", "hole_1_-5"),
    ]

    /// Launches the app fresh; `arguments` are added to the launch's (a language, say).
    @MainActor
    private func launch(_ arguments: [String] = []) -> XCUIApplication {
        // Landscape: an iPad shows the split view's sidebar beside the screen (in portrait it
        // hides it); the app keeps portrait on an iPhone, which it only supports.
        XCUIDevice.shared.orientation = .landscapeRight
        let app = XCUIApplication()
        app.launchArguments = ["-ui-testing"] + arguments
        app.launch()
        return app
    }

    /// An element by accessibility identifier, whatever its type.
    @MainActor
    private func element(_ app: XCUIApplication, _ identifier: String) -> XCUIElement {
        app.descendants(matching: .any)[identifier].firstMatch
    }

    /// Home's list: the root of the iPhone's stack (back buttons lead there), the iPad's sidebar
    /// (visible beside the screen, or behind the navigation bar's sidebar button in portrait).
    @MainActor
    private func showHome(_ app: XCUIApplication) {
        let solo = element(app, "home-solo")
        for _ in 0..<4 where !(solo.exists && solo.isHittable) {
            let back = app.navigationBars.buttons.element(boundBy: 0)
            guard back.exists else { break }
            back.tap()
        }
        XCTAssertTrue(solo.waitForExistence(timeout: 5), "home is shown")
    }

    /// Home → Solo → Start, then the person's first move by tapping the peg and its target.
    /// Returns what VoiceOver said about the target hole while it was empty.
    @MainActor
    private func startSoloGameAndMove(_ app: XCUIApplication) -> String {
        showHome(app)
        element(app, "home-solo").tap()
        let start = element(app, "newGame-start")
        XCTAssertTrue(start.waitForExistence(timeout: 5), "the new-game screen is shown")
        start.tap()

        let peg = element(app, pegHole)
        let target = element(app, targetHole)
        XCTAssertTrue(peg.waitForExistence(timeout: 10), "the board is shown")
        let empty = target.label
        peg.tap()
        target.tap()
        // The target's label names what stands on it: it changes when our peg arrives (each
        // read of `label` queries the app again; the peg travels for a fraction of a second).
        let deadline = Date().addingTimeInterval(5)
        while target.label == empty, Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.1))
        }
        XCTAssertNotEqual(target.label, empty, "the peg moved")
        return empty
    }

    @MainActor
    func testASoloGameStartsFromHomeAndTakesAMoveByTappingHoles() throws {
        let app = launch()
        let empty = startSoloGameAndMove(app)
        XCTAssertFalse(empty.isEmpty, "the hole has a VoiceOver label")
    }

    @MainActor
    func testATappedLineOfTheMovesIsShownOnTheBoardUntilTappedAgain() throws {
        let app = launch()
        _ = startSoloGameAndMove(app)
        element(app, "board-moves").tap()
        // The person's move is move 1; the AI's answer (move 2) would put a shown move away, so
        // the test waits for it first.
        let line = element(app, "history-1")
        XCTAssertTrue(line.waitForExistence(timeout: 5), "the moves list is shown")
        XCTAssertTrue(element(app, "history-2").waitForExistence(timeout: 30), "the AI answered")
        let shown = element(app, "board-shown-move")
        XCTAssertFalse(shown.exists, "nothing is shown before a line is tapped")
        line.tap()
        XCTAssertTrue(shown.waitForExistence(timeout: 5), "the move is said over the board")
        line.tap()
        let deadline = Date().addingTimeInterval(5)
        while shown.exists, Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.1))
        }
        XCTAssertFalse(shown.exists, "tapping the line again puts it away")
    }

    /// Home → Puzzles → tripot-easy-1, solved at par by tapping its solver's line; the solved
    /// sheet steps the line; back in the list the puzzle shows solved at par.
    @MainActor
    func testAPuzzleIsSolvedAtParByTappingTheSolversLine() throws {
        // English, for the words checked at the end.
        let app = launch(["-AppleLanguages", "(en)", "-AppleLocale", "en_US"])
        showHome(app)
        element(app, "home-puzzles").tap()
        let row = element(app, "puzzle-tripot-easy-1")
        XCTAssertTrue(row.waitForExistence(timeout: 5), "the puzzles are listed")
        for _ in 0..<5 where !row.isHittable { app.swipeUp() }
        XCTAssertTrue(row.label.contains("Not solved yet"))
        row.tap()

        let count = element(app, "puzzle-count")
        XCTAssertTrue(count.waitForExistence(timeout: 10), "the puzzle is on the board")
        XCTAssertEqual(count.label, "Moves 0 · Par 6")
        let endJump = element(app, "puzzle-endJump")
        for (number, step) in puzzleLine.enumerated() {
            element(app, step.0).tap()
            element(app, step.1).tap()
            // A tripot chain that could go on waits for End jump.
            if endJump.isEnabled { endJump.tap() }
            let expected = "Moves \(number + 1) · Par 6"
            let deadline = Date().addingTimeInterval(5)
            while count.label != expected, Date() < deadline {
                RunLoop.current.run(until: Date().addingTimeInterval(0.1))
            }
            XCTAssertEqual(count.label, expected, "step \(number + 1) of the line was played")
        }

        let result = element(app, "puzzle-result")
        XCTAssertTrue(result.waitForExistence(timeout: 5), "the solved sheet is up")
        XCTAssertEqual(result.label, "Solved in 6 moves: at par!")
        element(app, "puzzle-line-forward").tap()
        XCTAssertEqual(element(app, "puzzle-line").label, "The solver’s line: move 1 of 6")
        element(app, "puzzle-backToList").tap()
        XCTAssertTrue(row.waitForExistence(timeout: 5), "back in the list")
        XCTAssertTrue(row.label.contains("Best: 6 moves, solved at par"), row.label)
    }

    @MainActor
    func testSettingsOpenFromHome() throws {
        let app = launch()
        showHome(app)
        element(app, "home-settings").tap()
        XCTAssertTrue(element(app, "settings-haptics").waitForExistence(timeout: 5))
        XCTAssertTrue(element(app, "settings-name").exists)
        // The server is under Advanced, folded until asked for.
        element(app, "settings-advanced").tap()
        XCTAssertTrue(element(app, "settings-server").waitForExistence(timeout: 5))
    }

    @MainActor
    func testHomeInTheMiddleOfAGameAndBackThroughContinue() throws {
        let app = launch()
        let empty = startSoloGameAndMove(app)

        // Leaving the board saves the game: on iPhone by going back to home, on iPad by choosing
        // another screen in the sidebar (the board stays beside it otherwise).
        showHome(app)
        element(app, "home-rules").tap()
        showHome(app)

        let continueGame = element(app, "home-continue")
        XCTAssertTrue(continueGame.waitForExistence(timeout: 5), "the game is listed to continue")
        continueGame.tap()
        let target = element(app, targetHole)
        XCTAssertTrue(target.waitForExistence(timeout: 10), "the board is shown again")
        // Our peg still stands on the target (the label also names highlights, which differ).
        XCTAssertNotEqual(target.label, empty, "the game goes on where it was left")
    }

    @MainActor
    func testAResignedGameIsNeverOfferedToContinue() throws {
        let app = launch()
        _ = startSoloGameAndMove(app)
        element(app, "board-resign").tap()
        let confirm = element(app, "board-resign-confirm")
        XCTAssertTrue(confirm.waitForExistence(timeout: 5), "resigning asks first")
        confirm.tap()
        XCTAssertTrue(element(app, "board-outcome").waitForExistence(timeout: 5), "the game ended")
        // The game-over sheet closed, the status line still says who won and how.
        let outcome = element(app, "board-outcome").label
        element(app, "board-gameOver-done").tap()
        XCTAssertEqual(element(app, "board-status").label, outcome)

        // Home, as in the test above: the ended game is not under "Continue".
        showHome(app)
        element(app, "home-rules").tap()
        showHome(app)
        XCTAssertFalse(
            element(app, "home-continue").waitForExistence(timeout: 3),
            "an ended game is never offered to continue")
    }
}
