// The player's table (issue 28) through the real core: the control bar's slots never change
// during a chain, a banner or a thinking AI; resigning and offering a draw need a "yes"; one
// status line says who won and how once the sheet is closed; the AI holds still before each
// move (none with Reduce Motion); the hint in words; the player strip; Enter in the room-code
// field; the new-game screen's last choices.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

/// A hold the test releases: records each hold asked and keeps it until `release()`.
actor HoldGate {
    private(set) var holds: [Duration] = []
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func hold(_ duration: Duration) async {
        holds.append(duration)
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        for continuation in waiting { continuation.resume() }
        waiting = []
    }

    /// Waits until the model's hold has reached the gate (the hold starts in a task of its own),
    /// or fails after `timeout` seconds.
    func reached(within timeout: TimeInterval = 15) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while holds.isEmpty {
            guard Date() < deadline else {
                throw HelperError("no hold reached the gate within \(timeout) s")
            }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
    }
}

@MainActor
final class TableTests: XCTestCase {
    /// South (seat 0, a person) with one peg at the centre, North (seat 1) to move first when
    /// `northToMove`: North's three pegs leave a chain of hops for South.
    private func chainGame(seats: [Seat], northToMove: Bool = false) throws -> LocalGame {
        let position = try positionFromJson(
            json: """
                {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":\(northToMove ? 1 : 0)}
                """)
        return try LocalGame.fromPosition(position: position, seats: seats, seed: 0)
    }

    private func ids(_ model: BoardModel) -> [ControlSlot.Kind] { model.controlSlots.map(\.id) }

    func testTheControlSlotsStayTheSameDuringAChainABannerAndAThinkingAI() async throws {
        // Pass and play: a chain, then a draw offer's banner.
        let model = BoardModel(game: try chainGame(seats: [personSeat, personSeat]).game())
        let slots = ids(model)
        XCTAssertEqual(slots, [.endJump, .undo, .redo, .replay, .moves, .draw, .resign])
        XCTAssertFalse(model.controlSlots[0].enabled, "End jump is shown, disabled, before")
        XCTAssertEqual(model.status.key.hasPrefix("status.toMove"), true)
        model.tap(coord(0, 0))
        model.tap(coord(0, -2))
        XCTAssertEqual(ids(model), slots, "during a chain")
        XCTAssertEqual(model.controlSlots.first, ControlSlot(id: .endJump, enabled: true))
        XCTAssertEqual(model.status, LocalizedMessage("status.jumpAgain"))
        model.tap(coord(2, -4))
        XCTAssertEqual(ids(model), slots)
        model.tapSlot(.endJump)
        XCTAssertEqual(model.state.history.count, 1)
        XCTAssertEqual(ids(model), slots, "after the chain")
        XCTAssertEqual(model.controlSlots.first, ControlSlot(id: .endJump, enabled: false))
        XCTAssertEqual(
            model.controlSlots.first { $0.id == .moves }?.enabled, true, "a move to list")

        // A banner: North offers a draw (after saying yes), South is asked to answer.
        model.tapSlot(.draw)
        XCTAssertEqual(model.pendingConfirmation, .offerDraw)
        XCTAssertNil(model.state.banner, "nothing is offered before the yes")
        model.confirm()
        XCTAssertNotNil(model.state.banner)
        XCTAssertNotNil(model.overlayBanner)
        XCTAssertEqual(ids(model), slots, "with a banner")
        // The same slot answers the offer now, after a question of its own.
        XCTAssertTrue(model.drawSlotAnswers)
        model.tapSlot(.draw)
        XCTAssertEqual(model.pendingConfirmation, .answerDraw)
        model.answerDraw(accept: false)
        XCTAssertNil(model.pendingConfirmation)
        XCTAssertFalse(model.drawSlotAnswers)
        XCTAssertNil(model.state.outcome, "declined")
        XCTAssertEqual(ids(model), slots)

        // The replay: the same slots, only its own (now "Exit replay") and Moves enabled.
        model.tapSlot(.replay)
        XCTAssertNotNil(model.state.replay)
        XCTAssertEqual(ids(model), slots, "during the replay")
        XCTAssertTrue(model.replaySlotExits)
        XCTAssertEqual(
            model.controlSlots.filter(\.enabled).map(\.id), [.replay, .moves])
        XCTAssertEqual(model.status.key, "banner.replay")
        model.tapSlot(.replay)
        XCTAssertNil(model.state.replay)
        XCTAssertEqual(ids(model), slots)

        // A solo game whose AI opens: the same slots while it thinks and after (a strong AI
        // with time to think, so that its search is still running when the state is read).
        let solo = BoardModel(
            game: try chainGame(seats: [personSeat, aiSeat(.hard)], northToMove: true).game(),
            aiTimeLimitMs: 500)
        XCTAssertTrue(solo.isThinking, "the AI searches at once without a pace")
        let soloSlots = ids(solo)
        XCTAssertEqual(soloSlots, [.endJump, .undo, .redo, .hint, .replay, .moves, .resign])
        XCTAssertEqual(solo.status.key, "banner.aiThinking")
        XCTAssertNil(solo.overlayBanner, "the status line says it already")
        await solo.waitUntilIdle()
        XCTAssertFalse(solo.isThinking)
        XCTAssertEqual(solo.state.history.count, 1)
        XCTAssertEqual(ids(solo), soloSlots, "after the thinking phase")
        XCTAssertEqual(solo.status, LocalizedMessage("status.toMove.you"))
    }

    func testResigningNeedsAYesAndTheStatusThenSaysWhoWonAndHow() async throws {
        let model = BoardModel(
            game: try LocalGame(setup: setup(.classic, seats: [personSeat, personSeat])).game())
        let before = model.state
        model.tapSlot(.resign)
        XCTAssertEqual(model.pendingConfirmation, .resign)
        XCTAssertEqual(model.state, before, "one tap resigns nothing")
        model.cancelConfirmation()
        XCTAssertNil(model.pendingConfirmation)
        XCTAssertEqual(model.state, before, "no leaves the game as it was")
        XCTAssertNil(model.outcome)
        // A confirm with nothing pending does nothing either.
        model.confirm()
        XCTAssertEqual(model.state, before)

        model.requestResign()
        model.confirm()
        let outcome = try XCTUnwrap(model.state.outcome)
        XCTAssertEqual(outcome.reason, .resigned)
        XCTAssertNil(model.pendingConfirmation)
        XCTAssertTrue(model.gameOverShown, "the game-over sheet opens")
        model.dismissGameOver()
        XCTAssertFalse(model.gameOverShown)
        XCTAssertEqual(model.status, model.outcome, "who won and how, after the sheet")
        XCTAssertEqual(model.status.key, "outcome.resigned")
        XCTAssertEqual(model.controlSlots.first { $0.id == .resign }?.enabled, false)
        // Asking again after the end asks nothing.
        model.requestResign()
        XCTAssertNil(model.pendingConfirmation)
    }

    /// Sternhalma for three: two AI seats, then the person (or the person first).
    private func threeSeats(personFirst: Bool = false) throws -> Game {
        let seats =
            personFirst
            ? [personSeat, aiSeat(), aiSeat()] : [aiSeat(), aiSeat(), personSeat]
        return try LocalGame(setup: setup(.sternhalma, seats: seats)).game()
    }

    /// Plays a move of the person (seat 0) with two taps: the first peg that has a target.
    private func playAnyMove(_ model: BoardModel) {
        let colours = model.state.players[0].colours
        for hole in model.state.holes where hole.occupant.map(colours.contains) == true {
            model.tap(hole.coord)
            if let target = model.state.targets.first {
                model.tap(target.coord)
                if !model.state.chain.isEmpty { model.endJump() }
                return
            }
        }
    }

    func testTheAiHoldsStillAfterEachAiMoveUnlessReduceMotionIsOn() async throws {
        let gate = HoldGate()
        let model = BoardModel(
            game: try threeSeats(), aiTimeLimitMs: 10, aiPace: 0.6,
            sleeper: { await gate.hold($0) })
        XCTAssertEqual(model.aiHold, 0, "the opening AI thinks at once")
        // After the first AI seat's move, the second holds still for the pace.
        try await gate.reached()
        let holds = await gate.holds
        XCTAssertEqual(holds, [.milliseconds(600)])
        XCTAssertEqual(model.aiHold, 0.6)
        // Held: no search, no move, however long the test waits.
        try await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertTrue(model.state.aiToMove)
        XCTAssertFalse(model.isThinking)
        XCTAssertEqual(model.state.history.count, 1)
        await gate.release()
        await model.waitUntilIdle()
        XCTAssertEqual(model.state.history.count, 2, "the AI moved once the hold was over")
        XCTAssertEqual(model.state.history.last?.player, 1)
        XCTAssertEqual(model.state.toMove, 2, "the person's turn: nothing more to hold")
        let all = await gate.holds
        XCTAssertEqual(all.count, 1)

        // Reduce Motion: no hold at all.
        let still = HoldGate()
        let calm = BoardModel(
            game: try threeSeats(), aiTimeLimitMs: 10, aiPace: 0.6, reduceMotion: true,
            sleeper: { await still.hold($0) })
        await calm.waitUntilIdle()
        XCTAssertEqual(calm.state.history.count, 2, "both AI seats played at once")
        XCTAssertEqual(calm.aiHold, 0)
        let calmHolds = await still.holds
        XCTAssertTrue(calmHolds.isEmpty)
    }

    func testAnUndoDuringTheHoldKeepsTheAiFromMoving() async throws {
        let gate = HoldGate()
        let model = BoardModel(
            game: try threeSeats(personFirst: true), aiTimeLimitMs: 10, aiPace: 0.6,
            sleeper: { await gate.hold($0) })
        // The person's move: the first AI seat answers at once, the second holds.
        playAnyMove(model)
        // The person's move is in; the first AI seat's answer (10 ms, on the engine thread) may
        // already be read with it, never the second seat's, which holds.
        XCTAssertTrue((1...2).contains(model.state.history.count), "\(model.state.history.count)")
        try await gate.reached()
        XCTAssertEqual(model.state.history.count, 2)
        XCTAssertTrue(model.state.aiToMove)
        XCTAssertEqual(model.controlSlots.first { $0.id == .undo }?.enabled, true)
        model.tapSlot(.undo)
        XCTAssertFalse(model.state.aiToMove)
        let undone = model.state.history.count
        XCTAssertLessThan(undone, 2)
        await gate.release()
        await model.waitUntilIdle()
        XCTAssertEqual(model.state.history.count, undone, "the hold ended without a search")
        XCTAssertFalse(model.isThinking)
        XCTAssertNil(model.error, "no search was asked of an AI that is not to move")
        let holds = await gate.holds
        XCTAssertEqual(holds.count, 1)
    }

    func testTheHintIsWordedWhileTheStateHasIt() async throws {
        let model = BoardModel(
            game: try chainGame(seats: [personSeat, aiSeat()]).game(), aiTimeLimitMs: 10)
        XCTAssertNil(model.hintWords)
        model.tapSlot(.hint)
        XCTAssertTrue(model.isHinting)
        XCTAssertEqual(model.controlSlots.first { $0.id == .hint }?.enabled, false)
        await model.waitUntilIdle()
        let hint = model.state.hint
        let from = try XCTUnwrap(hint.first.flatMap { model.geometry.hole(at: $0) })
        let to = try XCTUnwrap(hint.last.flatMap { model.geometry.hole(at: $0) })
        // In words by its kind.
        let kind = try XCTUnwrap(model.state.hintKind)
        XCTAssertEqual(
            model.hintWords,
            LocalizedMessage(
                kind == .jump ? "board.hint.jump" : "board.hint.step",
                [
                    .number(Int(from.row)), .number(Int(from.place)), .number(Int(to.row)),
                    .number(Int(to.place)),
                ]))
        // The words follow the state: no path, no words.
        XCTAssertNil(Wording.hint([], kind: .jump, geometry: model.geometry))
        XCTAssertNil(Wording.hint([hint[0]], kind: .jump, geometry: model.geometry))
    }

    func testThePlayerStripListsEveryPlayerAndMarksTheOneToMove() async throws {
        let three = try XCTUnwrap(ruleSets().first { $0.seatCounts.contains(3) })
        let model = BoardModel(
            game: try LocalGame(
                setup: setup(three.preset, seats: [personSeat, personSeat, personSeat])
            ).game())
        XCTAssertEqual(model.playerChips.count, 3)
        let chips = model.playerChips
        XCTAssertEqual(chips.map(\.id), model.state.players.map(\.index))
        XCTAssertEqual(chips.filter(\.toMove).map(\.id), [model.state.toMove])
        XCTAssertEqual(chips[0].name, Wording.name(model.state.players[0].name))
        XCTAssertEqual(chips[0].colours, model.state.players[0].colours)
    }

    func testEnterInTheRoomCodeFieldJoinsAndAnEmptyFieldDoesNothing() async throws {
        // Nothing is sent before connect(): the core checks the code all the same.
        let model = OnlineModel(
            url: URL(string: "ws://127.0.0.1:9")!, token: newToken(), name: "Bob")
        model.typedRoomCode = "  "
        model.handle(.submitRoomCode)
        XCTAssertNil(model.error, "a stray Enter asks nothing")
        model.typedRoomCode = "no!"
        model.handle(.submitRoomCode)
        XCTAssertEqual(model.error, LocalizedMessage("onlineError.BadRoomCode", [.text("no!")]))
    }

    func testYourColourTradesSeatsAndKeepsWhoOpensWithThePlayer() async throws {
        let model = NewGameModel(mode: .solo)
        XCTAssertEqual(model.preset, .tripot)
        XCTAssertEqual(model.personSeat, 0)
        let colours = model.seatColours
        XCTAssertEqual(colours.count, 2, "each seat's colours, from the core")
        XCTAssertNotEqual(colours[0], colours[1])
        let opponent = model.seats[1]
        // "You open": still the person after taking the other colour (as on Android).
        model.opener = .seat(index: 0)
        model.sitAt(1)
        XCTAssertEqual(model.personSeat, 1)
        XCTAssertEqual(model.seats[0], opponent, "the opponent keeps its level")
        XCTAssertEqual(model.opener, .seat(index: 1))
        XCTAssertEqual(model.seatColours, colours, "the seats keep their colours")
        // Classic fixes who opens: the first seat, whoever sits there.
        model.choose(.classic)
        model.sitAt(0)
        XCTAssertEqual(model.personSeat, 0)
        XCTAssertEqual(model.opener, .seat(index: 0))
        // Pass and play has no "your colour".
        XCTAssertNil(NewGameModel(mode: .passAndPlay).personSeat)
    }

    func testTheNewGameScreenStartsFromTheLastChoices() async throws {
        let settings = temporarySettings()
        let first = NewGameModel(mode: .solo, settings: settings)
        XCTAssertEqual(first.preset, first.ruleSets[0].preset, "the default at first")
        let other = try XCTUnwrap(
            first.ruleSets.first { $0.preset != first.preset && $0.seatCounts.contains(3) })
        first.choose(other.preset)
        first.setSeatCount(3)
        first.setSeat(2, player: .ai(level: .hard))
        let chosen = first.setup()
        XCTAssertNotNil(first.start(), "\(String(describing: first.error))")
        let stored = try XCTUnwrap(settings.loadChoices(for: .solo))
        XCTAssertEqual(stored, rememberSetup(setup: chosen), "the core's one format")

        let again = NewGameModel(mode: .solo, settings: settings)
        XCTAssertEqual(again.preset, other.preset)
        XCTAssertEqual(again.seats, chosen.seats)
        XCTAssertEqual(again.coloursPerSide, chosen.coloursPerSide)
        XCTAssertEqual(again.opener, chosen.opener)
        // Each screen keeps its own: pass and play still starts from the default.
        let people = NewGameModel(mode: .passAndPlay, settings: settings)
        XCTAssertEqual(people.preset, people.ruleSets[0].preset)
        // Choices the core cannot read back (a rule set it no longer offers, an older app's
        // format) leave the defaults.
        let unknown = stored.replacingOccurrences(
            of: "\"\(other.preset)\"".lowercased(), with: "\"gone\"")
        XCTAssertNotEqual(unknown, stored)
        for text in [unknown, "{\"preset\":\"sternhalma\",\"seats\":[]}", ""] {
            settings.saveChoices(text, for: .passAndPlay)
            XCTAssertEqual(
                NewGameModel(mode: .passAndPlay, settings: settings).preset,
                people.ruleSets[0].preset)
        }
    }

    func testThePaceSettingDefaultsToAboutHalfASecond() async throws {
        let settings = temporarySettings()
        XCTAssertEqual(settings.aiPace, 0.6)
        let model = SettingsModel(settings: settings)
        XCTAssertEqual(model.aiPace, 0.6)
        XCTAssertTrue(model.aiPaces.contains { $0.seconds == 0.6 })
        XCTAssertEqual(model.aiPaces.first?.words, LocalizedMessage("settings.pace.none"))
        model.aiPace = 1
        XCTAssertEqual(settings.aiPace, 1)
        XCTAssertEqual(Wording.pace(0.6), LocalizedMessage("settings.pace.ms", [.number(600)]))

        // The setting reaches the boards the app makes, and the board on screen when it changes.
        let app = AppModel(directory: temporaryFolder(), settings: settings)
        let board = try XCTUnwrap(app.newGame(.passAndPlay).start())
        app.showBoard(board)
        XCTAssertEqual(board.aiPace, 1)
        app.settingsModel().aiPace = 0.3
        XCTAssertEqual(board.aiPace, 0.3)
        // The game-over sheet's New game opens the new-game screen of the board's kind.
        app.newGameAfterBoard()
        XCTAssertEqual(app.navigation.path, [.newPassAndPlay])
        app.showBoard(try XCTUnwrap(app.newGame(.solo).start()))
        app.newGameAfterBoard()
        XCTAssertEqual(app.navigation.path, [.newSolo])
    }

    func testTheTablesWordsAreInEveryLanguage() async throws {
        let catalog = try StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)
        let keys = [
            "status.jumpAgain", "status.toMove", "status.toMove.you", "board.hint.jump",
            "settings.pace.none", "settings.pace.ms",
        ]
        for key in keys {
            for language in CatalogCoverageTests.languages {
                XCTAssertNotNil(catalog.string(key, language: language), "\(key) in \(language)")
            }
        }
        let french = catalog.renderer(language: "fr")
        XCTAssertEqual(
            try french.render(
                LocalizedMessage(
                    "board.hint.jump", [.number(3), .number(2), .number(5), .number(4)])),
            "Conseil : sautez de la rangée 3, place 2 à la rangée 5, place 4")
    }
}
