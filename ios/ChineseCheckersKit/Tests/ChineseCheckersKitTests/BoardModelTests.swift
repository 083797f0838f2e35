// The board's model through the real core: taps, the AI in tasks, undo/redo/replay, saving.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

@MainActor
final class BoardModelTests: XCTestCase {
    /// The person's move through the model: the hint's path, tapped start then end (and End jump
    /// when the chain stops short of the end).
    private func playHint(_ model: BoardModel) async throws {
        let before = model.state.history.count
        model.requestHint()
        XCTAssertTrue(model.state.hintPending || !model.state.hint.isEmpty)
        await model.waitUntilIdle()
        let hint = model.state.hint
        guard let from = hint.first, let to = hint.last, hint.count >= 2 else {
            throw HelperError("no hint at move \(before): \(model.state.hint)")
        }
        model.tap(from)
        XCTAssertEqual(model.state.selected, from)
        model.tap(to)
        if model.state.capabilities.canEndJump { model.endJump() }
        XCTAssertGreaterThan(model.state.history.count, before, "the hinted move was played")
    }

    func testAFullSoloGameThroughTheModel() async throws {
        let library = try GameLibrary.open(dir: temporaryFolder().path)
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat()], seed: 3))
        try library.keepLocal(game: game, replace: false)
        let model = BoardModel(game: game.game(), aiTimeLimitMs: 10)
        XCTAssertEqual(model.banner?.key, nil, "the person opens: no banner")
        let begin = Date()
        var personMoves = 0
        while model.state.outcome == nil, Date().timeIntervalSince(begin) < 240 {
            await model.waitUntilIdle()
            guard model.state.outcome == nil else { break }
            XCTAssertFalse(model.state.aiToMove, "the model lets the AI play by itself")
            XCTAssertEqual(model.state.players[Int(model.state.toMove)].player, .person)
            try await playHint(model)
            personMoves += 1
        }
        let outcome = try XCTUnwrap(model.state.outcome, "no end in \(personMoves) moves")
        XCTAssertEqual(model.state.banner, .gameOver)
        XCTAssertEqual(model.outcome?.key.hasPrefix("outcome."), true)
        XCTAssertEqual(model.ranking.count, outcome.ranking.count)
        XCTAssertEqual(model.ranking.first?.key, "ranking.place")
        XCTAssertTrue(model.announcement?.messages.contains(model.outcome!) ?? false)
        // The core counted the kept game in the statistics, once.
        let beginner = try library.statistics().first { $0.level == .beginner }!
        XCTAssertEqual(beginner.played, 1)
        XCTAssertEqual(beginner.won + beginner.lost + beginner.drawn, 1)
        XCTAssertEqual(beginner.won, outcome.winners == [0] ? 1 : 0)
        let statistics = StatisticsModel(library: library)
        XCTAssertEqual(statistics.totalPlayed, 1)
    }

    func testOneOfThreePeopleResigningLeavesTheSeatToTheAiAndTheOthersPlayOn() async throws {
        let game = try LocalGame(
            setup: setup(.sternhalma, seats: [personSeat, personSeat, personSeat], seed: 3))
        let model = BoardModel(game: game.game(), aiTimeLimitMs: 10)
        XCTAssertTrue(model.resignKeepsGameGoing, "two others play on")
        model.requestResign()
        XCTAssertEqual(model.pendingConfirmation, .resign)
        model.confirm()
        XCTAssertNil(model.state.outcome, "the game goes on for the others")
        XCTAssertEqual(model.state.players[0].player, .ai(level: .medium))
        // The AI plays the seat by itself; then the second person is to move.
        await model.waitUntilIdle()
        XCTAssertEqual(model.state.toMove, 1)
        XCTAssertEqual(model.state.history.first?.player, 0)
        XCTAssertTrue(model.resignKeepsGameGoing, "one other person still plays")
        model.requestResign()
        model.confirm()
        await model.waitUntilIdle()
        // The last person resigning ends it: every person left, so nobody won.
        XCTAssertEqual(model.state.toMove, 2)
        XCTAssertFalse(model.resignKeepsGameGoing)
        model.requestResign()
        model.confirm()
        let outcome = try XCTUnwrap(model.state.outcome)
        XCTAssertEqual(outcome.reason, .resigned)
        XCTAssertEqual(outcome.winners, [])
        XCTAssertEqual(outcome.ranking, [[0, 1, 2]])
    }

    func testATripotChainWithEndJumpAndBackingOut() async throws {
        // [3,-4] lets the chain hop on from [2,-4]: a landing with no hop left ends it by itself.
        let position = try positionFromJson(
            json: """
                {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[3,-4],[4,-8]]},"to_move":0}
                """)
        let game = try LocalGame.fromPosition(
            position: position, seats: [personSeat, personSeat], seed: 0)
        let model = BoardModel(game: game.game())
        // A tap in the geometry's space selects the nearest hole.
        let centre = try XCTUnwrap(model.geometry.hole(at: coord(0, 0)))
        model.tap(x: centre.x + 0.2, y: centre.y - 0.2)
        XCTAssertEqual(model.state.selected, coord(0, 0))
        model.tap(coord(0, -2))
        XCTAssertEqual(model.state.chain, [coord(0, 0), coord(0, -2)])
        XCTAssertTrue(model.state.capabilities.canEndJump)
        model.tap(coord(2, -4))
        XCTAssertEqual(model.state.chain.count, 3)
        // Backing out of the last hop.
        model.tap(coord(0, -2))
        XCTAssertEqual(model.state.chain, [coord(0, 0), coord(0, -2)])
        model.endJump()
        XCTAssertEqual(model.state.history.map(\.kind), [.jump])
        XCTAssertEqual(model.state.history[0].path, [coord(0, 0), coord(0, -2)])
        XCTAssertEqual(model.animation?.path, [coord(0, 0), coord(0, -2)])
        XCTAssertEqual(model.announcement?.messages.first?.key, "announce.move")
        XCTAssertNil(model.error)
        // A second End jump is refused by the core: the model words the error.
        model.endJump()
        XCTAssertEqual(model.error, LocalizedMessage("moveError.NoJumpInProgress"))
        model.dismissError()
        XCTAssertNil(model.error)
        // Pass and play: the core turns the board to the player to move (N: half a turn).
        XCTAssertEqual(model.state.toMove, 1)
        XCTAssertEqual(model.rotation, 180)
        XCTAssertEqual(rotationToBottom(colours: [.n]), 180)
        // The "turn the board" setting goes to the core, which stops turning it.
        model.setTurnBoard(false)
        XCTAssertEqual(model.rotation, 0)
        model.setTurnBoard(true)
        XCTAssertEqual(model.rotation, 180)
        let northToMove = try positionFromJson(
            json: """
                {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":1}
                """)
        let still = BoardModel(
            game: try LocalGame.fromPosition(
                position: northToMove, seats: [personSeat, personSeat], seed: 0
            ).game(), turnBoard: false)
        XCTAssertEqual(still.state.toMove, 1)
        XCTAssertEqual(still.rotation, 0, "set before the first state is read")
    }

    func testASoloBoardTurnsThePersonsSeatToTheBottomWhateverTheSetting() async throws {
        // The person plays the second seat against the AI: their camp comes to the bottom,
        // whoever is to move.
        let game = try LocalGame(setup: setup(.classic, seats: [aiSeat(), personSeat]))
        let model = BoardModel(game: game.game(), aiTimeLimitMs: 20_000, turnBoard: false)
        let colours = try XCTUnwrap(model.state.players.first { $0.index == 1 }?.colours)
        XCTAssertEqual(colours, [.n])
        XCTAssertEqual(model.rotation, 180)
        XCTAssertEqual(model.rotation, Double(rotationToBottom(colours: colours)))
        model.cancelThinking()
        await model.waitUntilIdle()
    }

    func testTheButtonsFollowWhatTheGameHas() async throws {
        let solo = BoardModel(
            game: try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat()])).game())
        XCTAssertTrue(solo.hasUndo && solo.hasHint && solo.hasReplay && solo.hasResign)
        XCTAssertNotNil(solo.capabilities.ai)
        XCTAssertFalse(solo.hasDrawOffers, "no draw against the AI")
        let people = BoardModel(
            game: try LocalGame(setup: setup(.classic, seats: [personSeat, personSeat])).game())
        XCTAssertTrue(people.hasUndo && people.hasReplay && people.hasDrawOffers)
        XCTAssertFalse(people.hasHint, "the hint is the engine's")
        XCTAssertNil(people.capabilities.ai)
        // What the game lacks is not refused: there is nothing to ask.
        people.requestHint()
        XCTAssertFalse(people.isHinting)
        XCTAssertNil(people.error)
        XCTAssertFalse(people.canRematch, "not before the end")
    }

    func testAChangeMadeThroughTheLocalGameReachesTheModelThroughTheListener() async throws {
        let game = try LocalGame(setup: setup(.classic, seats: [personSeat, personSeat]))
        let model = BoardModel(game: game.game())
        let selected = try game.tap(q: -1, r: 5)
        XCTAssertEqual(selected.selected, coord(-1, 5))
        try await eventually("the listener's state on the main actor") {
            model.state.selected == coord(-1, 5)
        }
        XCTAssertEqual(model.state, game.state())
    }

    func testATapBesideTheStarDoesNothing() async throws {
        let model = BoardModel(
            game: try LocalGame(setup: setup(.classic, seats: [personSeat, personSeat])).game())
        let before = model.state
        model.tap(x: -1, y: -1)
        model.tap(x: model.geometry.width + 1, y: model.geometry.height / 2)
        XCTAssertEqual(model.state, before)
        XCTAssertEqual(model.rotation, 0, "S, the first seat, is at the bottom")
    }

    func testUndoRedoAndReplay() async throws {
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat()]))
        let model = BoardModel(game: game.game(), aiTimeLimitMs: 10)
        for _ in 0..<3 {
            try await playHint(model)
            await model.waitUntilIdle()
        }
        let played = model.state.history
        XCTAssertEqual(played.count, 6)
        XCTAssertEqual(played.map(\.player), [0, 1, 0, 1, 0, 1])
        model.undo()
        XCTAssertEqual(model.state.change.kind, .undo)
        XCTAssertEqual(model.state.history, Array(played.prefix(4)), "back to the person's move")
        XCTAssertTrue(model.state.capabilities.canRedo)
        XCTAssertFalse(model.isThinking, "the AI waits: it is the person's turn")
        model.redo()
        XCTAssertEqual(model.state.change.kind, .redo)
        XCTAssertEqual(model.state.history, played)
        // The replay opens on the position reached and steps back and forth through the game.
        let finalHoles = model.state.holes
        model.startReplay()
        XCTAssertEqual(model.state.replay, ReplayState(shown: 6, total: 6))
        XCTAssertEqual(model.banner, LocalizedMessage("banner.replay", [.number(6), .number(6)]))
        model.stepReplay(by: -1)
        model.stepReplay(by: -1)
        XCTAssertEqual(model.state.replay?.shown, 4)
        XCTAssertEqual(model.state.change.kind, .replayStep)
        XCTAssertNotEqual(model.state.holes, finalHoles, "an earlier position is shown")
        model.stepReplay(by: 1)
        XCTAssertEqual(model.state.replay?.shown, 5)
        model.exitReplay()
        XCTAssertNil(model.state.replay)
        XCTAssertEqual(model.state.history, played)
        XCTAssertEqual(model.state.holes, finalHoles)
        // Nothing to redo now: the core refuses and the model words it.
        model.redo()
        XCTAssertEqual(model.error, LocalizedMessage("moveError.NothingToRedo"))
    }

    func testStoppingTheThinkingAiPausesItInTheCore() async throws {
        // The AI opens, with a long search: the model starts it in a task at once.
        let game = try LocalGame(
            setup: setup(
                .tripot, seats: [personSeat, aiSeat(.impossible)], opener: .seat(index: 1)))
        let model = BoardModel(game: game.game(), aiTimeLimitMs: 20_000)
        XCTAssertTrue(model.isThinking)
        XCTAssertEqual(model.state.thinking, 1)
        XCTAssertEqual(model.banner?.key, "banner.aiThinking")
        let before = model.state
        try await Task.sleep(nanoseconds: 150_000_000)
        let start = Date()
        model.cancelThinking()
        await model.waitUntilIdle()
        XCTAssertLessThan(Date().timeIntervalSince(start), 3, "the core stopped the search")
        XCTAssertFalse(model.isThinking)
        XCTAssertTrue(model.state.aiPaused)
        XCTAssertTrue(game.state().aiPaused, "the core keeps the pause")
        XCTAssertTrue(model.state.history.isEmpty, "no move was played")
        XCTAssertFalse(model.state.aiToMove, "the AI's turn waits for the person")
        XCTAssertEqual(model.state.holes, before.holes)
        XCTAssertNil(game.state().thinking, "the core's search is stopped too")
        // Nothing starts it again meanwhile: the model reads the core again and stays idle.
        model.refresh()
        XCTAssertFalse(model.isThinking)
        // The AI plays when the person lets it.
        model.setAiTimeLimit(ms: 20)
        model.resumeAI()
        XCTAssertTrue(model.isThinking)
        await model.waitUntilIdle()
        XCTAssertEqual(model.state.history.count, 1)
        XCTAssertEqual(model.state.toMove, 0)
    }

    func testUndoWhileTheAiThinksTakesBackTheMove() async throws {
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat(.impossible)]))
        let model = BoardModel(game: game.game(), aiTimeLimitMs: 20_000)
        model.tap(coord(-1, 5))
        model.tap(coord(-1, 4))
        XCTAssertTrue(model.isThinking)
        model.undo()
        XCTAssertFalse(model.isThinking)
        XCTAssertTrue(model.state.history.isEmpty)
        await model.waitUntilIdle()
        XCTAssertTrue(model.state.history.isEmpty, "the stopped search played nothing")
        XCTAssertFalse(model.state.aiPaused)
    }

    func testAnUndoEndsThePauseOfAStoppedAi() async throws {
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat(.impossible)]))
        let model = BoardModel(game: game.game(), aiTimeLimitMs: 20_000)
        model.tap(coord(-1, 5))
        model.tap(coord(-1, 4))
        XCTAssertTrue(model.isThinking)
        model.cancelThinking()
        await model.waitUntilIdle()
        XCTAssertTrue(model.state.aiPaused)
        XCTAssertEqual(model.state.history.count, 1)
        // The person takes their move back: the core ends the pause (the person is to move).
        model.undo()
        XCTAssertFalse(model.state.aiPaused)
        XCTAssertFalse(game.state().aiPaused)
        XCTAssertTrue(model.state.history.isEmpty)
        // Their next move lets the AI think at once.
        model.setAiTimeLimit(ms: 20)
        model.tap(coord(-1, 5))
        model.tap(coord(-1, 4))
        XCTAssertTrue(model.isThinking)
        await model.waitUntilIdle()
        XCTAssertEqual(model.state.history.count, 2)
    }

    func testAStoppedHintLeavesTheAiAlone() async throws {
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat()]))
        let model = BoardModel(game: game.game(), aiTimeLimitMs: 20_000)
        model.requestHint()
        XCTAssertTrue(model.isHinting)
        model.cancelThinking()
        await model.waitUntilIdle()
        XCTAssertFalse(model.isHinting)
        XCTAssertFalse(model.state.aiPaused, "hint searches never pause the AI")
        XCTAssertFalse(game.state().aiPaused)
    }

    /// Renders `message` in English with the app's catalog.
    private func english(_ message: LocalizedMessage) throws -> String {
        try StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)
            .renderer(language: "en").render(message)
    }

    func testHomeMidGameListsTheGameWithItsCardAndAnEndedGameIsNeverOffered() async throws {
        let folder = temporaryFolder()
        let settings = temporarySettings()
        let app = AppModel(directory: folder, settings: settings)
        XCTAssertNil(app.error)
        XCTAssertNil(app.restoreOnLaunch(), "nothing kept yet")
        let board = try XCTUnwrap(app.newGame(.solo).start())
        app.showBoard(board)
        app.navigation.choose(.newSolo)
        app.navigation.push(.board)
        board.setAiTimeLimit(ms: 10)
        XCTAssertEqual(board.state.storage, .saved)
        for _ in 0..<2 {
            try await playHint(board)
            await board.waitUntilIdle()
        }
        let history = board.state.history
        XCTAssertEqual(history.count, 4)

        // Home mid-game, no save call anywhere: the game is in Continue with its card.
        app.navigation.goHome()
        let card = try XCTUnwrap(app.home.continuable.first)
        XCTAssertEqual(app.home.continuable.map(\.id), [board.game.id()])
        XCTAssertEqual(card.kind, .solo)
        XCTAssertEqual(card.moves, 4)
        let lines = try app.home.summary(card).map(english)
        XCTAssertEqual(
            lines,
            ["Solo · Tripot · Catherine Ségurane (Easy) · 4 moves", "Your turn · played just now"])

        // Killed in the background (which writes nothing), the next launch reopens it.
        app.navigation.choose(.board)
        app.sceneEnteredBackground()
        XCTAssertEqual(settings.activeGameID, board.game.id())
        let relaunched = AppModel(directory: folder, settings: settings)
        XCTAssertEqual(relaunched.restoreOnLaunch(), .board)
        let restored = try XCTUnwrap(relaunched.board)
        XCTAssertEqual(restored.state.history, history)
        XCTAssertEqual(restored.state.holes, board.state.holes)
        XCTAssertEqual(restored.state.toMove, 0)
        XCTAssertEqual(restored.state.storage, .saved, "reopened kept")

        // A new solo game asks before replacing it; keeping it leaves the game to continue.
        let another = relaunched.newGame(.solo)
        XCTAssertNil(another.start())
        XCTAssertEqual(another.replaceRequest?.id, board.game.id())
        another.keepSavedGame()
        XCTAssertNil(another.replaceRequest)
        XCTAssertEqual(try relaunched.library!.listing().playing.map(\.id), [board.game.id()])

        // Resigned, it leaves Continue at once and is among the finished games.
        restored.resign()
        XCTAssertNotNil(restored.state.outcome)
        relaunched.navigation.choose(.board)
        relaunched.navigation.goHome()
        XCTAssertEqual(relaunched.home.continuable, [])
        XCTAssertEqual(try relaunched.library!.listing().finished.map(\.id), [board.game.id()])
        XCTAssertNil(
            AppModel(directory: folder, settings: settings).restoreOnLaunch(),
            "an ended game is not reopened")
    }

    func testAWonGameLeavesContinueWithItsWinningMove() async throws {
        let folder = temporaryFolder()
        let app = AppModel(directory: folder, settings: temporarySettings())
        let library = try XCTUnwrap(app.library)
        // South (Ann) two steps from the win: nine pegs home in the north camp, the tenth at
        // (1, -3), with (1, -5) the one hole left; North has two pegs in the middle.
        let home = [
            [4, -8], [3, -7], [4, -7], [2, -6], [3, -6], [4, -6], [2, -5], [3, -5], [4, -5],
            [1, -3],
        ]
        let position = try positionFromJson(
            json: """
                {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":\(home),"N":[[0,0],[1,0]]},"to_move":0}
                """)
        let game = try LocalGame.fromPosition(
            position: position, seats: [personSeat, personSeat], seed: 0)
        try library.keepLocal(game: game, replace: false)
        let board = BoardModel(game: game.game())
        app.showBoard(board)
        app.navigation.choose(.board)
        board.tap(coord(1, -3))
        board.tap(coord(1, -4))
        board.tap(coord(0, 0))
        board.tap(coord(0, 1))
        XCTAssertNil(board.error)
        XCTAssertEqual(board.state.history.count, 2)
        app.navigation.goHome()
        XCTAssertEqual(app.home.continuable.map(\.id), [game.id()], "mid-game: to continue")

        // The winning step: the game leaves Continue with it, and is among the finished games.
        app.navigation.choose(.board)
        board.tap(coord(1, -4))
        board.tap(coord(1, -5))
        let outcome = try XCTUnwrap(board.state.outcome)
        XCTAssertEqual(outcome.reason, .win)
        XCTAssertEqual(outcome.winners, [0])
        app.navigation.goHome()
        XCTAssertEqual(app.home.continuable, [])
        XCTAssertEqual(try library.listing().finished.map(\.id), [game.id()])
        XCTAssertNil(
            AppModel(directory: folder, settings: app.settings).restoreOnLaunch(),
            "a won game is not reopened")
    }

    func testANewGameTakesTheSlotOnlyWhenThePersonSaysSo() async throws {
        let app = AppModel(directory: temporaryFolder(), settings: temporarySettings())
        let first = try XCTUnwrap(app.newGame(.passAndPlay).start())
        first.tap(coord(-1, 5))
        first.tap(coord(-1, 4))
        XCTAssertEqual(try app.library!.listing().playing.map(\.id), [first.game.id()])
        let model = app.newGame(.passAndPlay)
        XCTAssertNil(model.start())
        XCTAssertEqual(model.replaceRequest?.id, first.game.id())
        let second = try XCTUnwrap(model.start(replacingSavedGame: true))
        XCTAssertNil(model.replaceRequest)
        XCTAssertEqual(
            try app.library!.listing().playing.map(\.id), [first.game.id()],
            "an untouched game replaces nothing")
        second.tap(coord(-1, 5))
        second.tap(coord(-1, 4))
        XCTAssertEqual(second.state.history.count, 1)
        XCTAssertEqual(try app.library!.listing().playing.map(\.id), [second.game.id()])
    }

    func testAFailedSaveIsShownAndRetried() async throws {
        let folder = temporaryFolder()
        let library = try GameLibrary.open(dir: folder.path)
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, personSeat]))
        try library.keepLocal(game: game, replace: false)
        let model = BoardModel(game: game.game())
        XCTAssertNil(model.storageFailure)
        // The library's games folder goes (a storage fault): the move is played, its write fails.
        let games = folder.appendingPathComponent("games")
        try FileManager.default.removeItem(at: games)
        model.tap(coord(-1, 5))
        model.tap(coord(-1, 4))
        XCTAssertEqual(model.state.history.count, 1)
        let failure = try XCTUnwrap(model.storageFailure, "\(model.state.storage)")
        XCTAssertEqual(failure.key, "board.saveFailed")
        // The folder is back: "Try again" writes it.
        try FileManager.default.createDirectory(at: games, withIntermediateDirectories: true)
        model.saveNow()
        XCTAssertNil(model.storageFailure)
        XCTAssertEqual(try library.listing().playing.first?.moves, 1)
    }

    func testARefusedTapSaysWhyAndIsAnnounced() async throws {
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat()]))
        let model = BoardModel(game: game.game())
        // An opponent's peg (N's camp, at the top).
        let theirs = try XCTUnwrap(model.state.holes.first { $0.owner == 1 })
        model.tap(theirs.coord)
        XCTAssertEqual(model.state.notice, .notYourPeg(owner: 1))
        let expected = LocalizedMessage(
            "notice.notYourPeg",
            [.message(Wording.name(model.state.players[1].name))])
        XCTAssertEqual(model.notice, expected)
        XCTAssertEqual(model.announcement?.messages, [expected])
        XCTAssertNil(model.state.selected)
        XCTAssertFalse(model.isThinking, "the person is to move")
    }
}
