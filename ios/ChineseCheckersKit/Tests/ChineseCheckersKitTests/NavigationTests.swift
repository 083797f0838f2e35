// The app's one navigation state: the iPhone's stack and the iPad's split view render the same
// `Navigation`, so a size-class change keeps the screen; leaving the board saves the game for
// home's "Continue".
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

@MainActor
final class NavigationTests: XCTestCase {
    func testBothLayoutsShowTheSameScreens() async {
        var navigation = Navigation()
        XCTAssertNil(navigation.current, "home")
        XCTAssertNil(navigation.root, "the split view's detail is empty")
        XCTAssertEqual(navigation.detailPath, [])

        // Home's choice, then "Start": the stack is home → new game → board.
        navigation.choose(.newSolo)
        navigation.push(.board)
        XCTAssertEqual(navigation.path, [.newSolo, .board])
        XCTAssertEqual(navigation.current, .board)
        // The same state through the split view: new game at the detail's root, board above it.
        XCTAssertEqual(navigation.root, .newSolo)
        XCTAssertEqual(navigation.detailPath, [.board])

        // The detail column's back button pops its own stack only.
        navigation.detailPath = []
        XCTAssertEqual(navigation.path, [.newSolo])
        navigation.detailPath = [.board]
        XCTAssertEqual(navigation.path, [.newSolo, .board])

        // The sidebar (or home) chooses another screen: it replaces the whole path.
        navigation.choose(.settings)
        XCTAssertEqual(navigation.path, [.settings])
        XCTAssertEqual(navigation.root, .settings)
        XCTAssertEqual(navigation.detailPath, [])
        navigation.goHome()
        XCTAssertEqual(navigation.path, [])

        // Without a root, a detail path has nothing to sit on: it becomes the path as is.
        navigation.detailPath = [.rules]
        XCTAssertEqual(navigation.path, [.rules])
    }

    func testTheAppKeepsOneNavigationAndSavesTheBoardWhenLeft() async throws {
        let settings = temporarySettings()
        let app = AppModel(directory: temporaryFolder(), settings: settings)
        let board = try XCTUnwrap(app.newGame(.solo).start())
        app.showBoard(board)
        app.navigation.choose(.newSolo)
        app.navigation.push(.board)
        // The layouts are views of `app.navigation`: nothing else holds a path.
        XCTAssertEqual(app.navigation.root, .newSolo)
        XCTAssertEqual(app.navigation.current, .board)

        board.tap(coord(-1, 5))
        board.tap(coord(-1, 4))
        XCTAssertFalse(board.state.history.isEmpty, "the person moved")
        // The AI may have answered already; stop it so the saved game is this one.
        board.cancelThinking()
        await board.waitUntilIdle()
        // What the core holds (an AI answer that finished as it was stopped is in it, and written).
        let history = board.game.state().history
        XCTAssertEqual(
            try app.library!.listing().playing.map(\.id), [board.game.id()],
            "written by the core as it was played")

        // Back to home: the game is listed under "Continue".
        app.navigation.goHome()
        XCTAssertEqual(app.home.continuable.map(\.id), [board.game.id()])
        XCTAssertEqual(settings.activeGameID, board.game.id())

        // "Continue" reopens it on the board. The AI is to move there, and its engine may answer
        // before the board is read (a race the scheduler decides): the moves written come first.
        let screen = try XCTUnwrap(app.open(app.home.continuable[0]))
        XCTAssertEqual(screen, .board)
        app.navigation.choose(screen)
        XCTAssertEqual(app.navigation.path, [.board])
        let reopened = try XCTUnwrap(app.board?.state.history)
        XCTAssertEqual(Array(reopened.prefix(history.count)), history)
        XCTAssertLessThanOrEqual(reopened.count, history.count + 1)
        app.board?.cancelThinking()
    }

    func testRestoreOnLaunchShowsTheGameInBothLayouts() async throws {
        let folder = temporaryFolder()
        let settings = temporarySettings()
        let app = AppModel(directory: folder, settings: settings)
        let board = try XCTUnwrap(app.newGame(.solo).start())
        board.tap(coord(-1, 5))
        board.tap(coord(-1, 4))
        board.cancelThinking()
        app.showBoard(board)
        app.sceneEnteredBackground()

        let relaunched = AppModel(directory: folder, settings: settings)
        XCTAssertEqual(relaunched.restoreOnLaunch(), .board)
        XCTAssertEqual(relaunched.navigation.path, [.board])
        XCTAssertEqual(relaunched.navigation.root, .board)
        relaunched.board?.cancelThinking()
    }

    func testAnAiStoppedAsTheGameWasLeftPlaysOnWhenTheGameComesBack() async throws {
        let settings = temporarySettings()
        let app = AppModel(directory: temporaryFolder(), settings: settings)
        let library = try XCTUnwrap(app.library)
        // The person moves; the AI answers with a long search.
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat(.impossible)]))
        try library.keepLocal(game: game, replace: true)
        let board = BoardModel(game: game.game(), aiTimeLimitMs: 20_000)
        app.showBoard(board)
        app.navigation.choose(.board)
        board.tap(coord(-1, 5))
        board.tap(coord(-1, 4))
        XCTAssertTrue(board.isThinking)
        // The person stops it and leaves: the core keeps the pause in that game.
        board.cancelThinking()
        await board.waitUntilIdle()
        XCTAssertTrue(board.state.aiPaused)
        app.navigation.goHome()

        // "Continue": the game comes back and its AI goes on (the pause is not kept).
        settings.aiTimeLimitMs = 20
        // No hold before the AI's move (the pace setting), so its search starts at once.
        settings.aiPace = 0
        let card = try XCTUnwrap(app.home.continuable.first { $0.id == game.id() })
        XCTAssertEqual(app.open(card), .board)
        let back = try XCTUnwrap(app.board)
        XCTAssertFalse(back.state.aiPaused)
        XCTAssertTrue(back.isThinking)
        await back.waitUntilIdle()
        XCTAssertEqual(back.state.history.map(\.player), [0, 1])
        XCTAssertEqual(back.state.toMove, 0)
    }

    func testTheTurnTheBoardSettingReachesTheBoardOnScreen() async throws {
        let settings = temporarySettings()
        let app = AppModel(directory: temporaryFolder(), settings: settings)
        let board = BoardModel(
            game: try LocalGame(setup: setup(.classic, seats: [personSeat, personSeat])).game(),
            turnBoard: settings.turnBoard)
        app.showBoard(board)
        board.tap(coord(-1, 5))
        board.tap(coord(-1, 4))
        XCTAssertEqual(board.state.toMove, 1)
        XCTAssertEqual(board.rotation, 180, "turned to N by default")
        let screen = app.settingsModel()
        XCTAssertTrue(screen.turnBoard)
        screen.turnBoard = false
        XCTAssertFalse(settings.turnBoard, "kept")
        XCTAssertEqual(board.rotation, 0, "the core stopped turning it")
        // A board made afterwards starts from the setting.
        let next = try XCTUnwrap(app.newGame(.passAndPlay).start(replacingSavedGame: true))
        next.tap(coord(-1, 5))
        next.tap(coord(-1, 4))
        XCTAssertNotEqual(next.state.toMove, 0, "the second player, away from the bottom")
        XCTAssertEqual(next.rotation, 0)
        screen.turnBoard = true
        XCTAssertEqual(board.rotation, 180)
    }
}
