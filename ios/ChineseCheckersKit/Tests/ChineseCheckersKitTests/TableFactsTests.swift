// The player's table reads the core's facts (issue 28, second round), through the real core:
// the status line from `state.status` (a chain that goes on, a dead end that plays by itself),
// the hint in words by its kind and kept while pegs are selected, the trail of the other seats'
// moves, the away countdown, who resigned a past game, and the sounds of each new state.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

/// A sound player that records what it is asked to play.
@MainActor
final class RecordingSoundPlayer: SoundPlayer {
    private(set) var played: [[SoundCue]] = []

    func play(_ cues: [SoundCue]) { played.append(cues) }
}

@MainActor
final class TableFactsTests: XCTestCase {
    /// `message` in `language`, from the app's catalog.
    private func render(_ message: LocalizedMessage?, _ language: String = "en") throws -> String {
        try StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)
            .renderer(language: language).render(XCTUnwrap(message))
    }

    /// Tripot, South (seat 0) with one peg at the centre and to move; North's pegs leave a
    /// chain of two hops, [0,0] → [0,-2] → [2,-4], and [2,-4] is a dead end.
    private func chainGame(seats: [Seat]) throws -> LocalGame {
        let position = try positionFromJson(
            json: """
                {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":0}
                """)
        return try LocalGame.fromPosition(position: position, seats: seats, seed: 0)
    }

    /// Selects a peg of seat `player` with a target of `kind` (any kind when nil) and returns
    /// that target; nil when no peg has one.
    private func selectPeg(
        of player: Int32, in model: BoardModel, with kind: MoveKind? = nil, except: Coord? = nil
    ) -> Coord? {
        let colours = model.state.players.first { $0.index == player }?.colours ?? []
        let pegs = model.state.holes.filter { hole in
            hole.occupant.map(colours.contains) == true && hole.coord != except
        }
        for peg in pegs {
            model.tap(peg.coord)
            guard model.state.selected == peg.coord else { continue }
            if let target = model.state.targets.first(where: { kind == nil || $0.kind == kind }) {
                return target.coord
            }
        }
        return nil
    }

    // MARK: The status line

    func testTheStatusLineWordsTheCoresStatusAndADeadEndPlaysByItself() async throws {
        let model = BoardModel(game: try chainGame(seats: [personSeat, personSeat]).game())
        XCTAssertEqual(model.state.status, .toMove(player: 0))
        XCTAssertEqual(
            model.status,
            LocalizedMessage(
                "status.toMove", [.message(Wording.player(0, in: model.state.players))]))
        XCTAssertEqual(try render(model.status), "Player 1 to move")
        model.tap(coord(0, 0))
        model.tap(coord(0, -2))
        // A hop with hops left: the chain goes on, and may stop here.
        XCTAssertEqual(model.state.status, .jumpAgain(player: 0))
        XCTAssertTrue(model.state.capabilities.canEndJump)
        XCTAssertEqual(model.status, LocalizedMessage("status.jumpAgain"))
        XCTAssertEqual(try render(model.status), "Jump again, or End jump")
        // Where the core says the chain may not stop, only "Jump again".
        let mustGoOn = Wording.status(
            model.state.status, canEndJump: false, players: model.state.players)
        XCTAssertEqual(mustGoOn, LocalizedMessage("status.jumpAgain.only"))
        XCTAssertEqual(try render(mustGoOn, "fr"), "Sautez encore")
        // A hop onto a dead end plays the move by itself: no End jump needed.
        model.tap(coord(2, -4))
        XCTAssertEqual(model.state.change.kind, .newMove)
        XCTAssertEqual(
            model.state.history.map(\.path), [[coord(0, 0), coord(0, -2), coord(2, -4)]])
        XCTAssertEqual(model.state.status, .toMove(player: 1))
        XCTAssertEqual(try render(model.status), "Player 2 to move")
        XCTAssertEqual(model.controlSlots.first, ControlSlot(id: .endJump, enabled: false))

        // Over: who won and how, from the status alone.
        model.requestResign()
        model.confirm()
        let outcome = try XCTUnwrap(model.state.outcome)
        XCTAssertEqual(
            model.state.status,
            .over(winners: outcome.winners, reason: .resigned, by: outcome.by))
        XCTAssertEqual(model.status, Wording.outcome(outcome, players: model.state.players))
        XCTAssertEqual(try render(model.status), "Player 2 resigned: Player 1 wins.")
    }

    func testTheStatusLineSaysTheAiIsPausedWhenItsSearchIsStopped() async throws {
        // Two AI seats open: the second holds still after the first one's move.
        let gate = HoldGate()
        let model = BoardModel(
            game: try LocalGame(
                setup: setup(.sternhalma, seats: [aiSeat(), aiSeat(), personSeat])
            ).game(), aiTimeLimitMs: 10, aiPace: 1, sleeper: { await gate.hold($0) })
        try await gate.reached()
        XCTAssertEqual(model.state.status, .toMove(player: 1), "the AI holds still first")
        model.cancelThinking()
        XCTAssertEqual(model.state.status, .aiPaused(player: 1))
        let ai = try render(Wording.player(1, in: model.state.players))
        XCTAssertEqual(try render(model.status), "\(ai) is paused: Let the AI play")
        await gate.release()
        await model.waitUntilIdle()
        XCTAssertEqual(model.state.history.count, 1, "paused: the second AI did not move")
        // No second hold to release: the AI thinks at once when resumed.
        model.aiPace = 0
        model.resumeAI()
        await model.waitUntilIdle()
        XCTAssertEqual(model.state.history.count, 2, "the AI played once resumed")
    }

    // MARK: The hint

    func testTheHintInWordsSaysItsKindStaysWhileSelectingAndGoesAfterAMove() async throws {
        let model = BoardModel(
            game: try LocalGame(
                setup: setup(.classic, seats: [personSeat, aiSeat()])
            ).game(), aiTimeLimitMs: 10, aiPace: 0.05)
        model.requestHint()
        await model.waitUntilIdle()
        let hint = model.state.hint
        let kind = try XCTUnwrap(model.state.hintKind)
        let from = try XCTUnwrap(hint.first.flatMap { model.geometry.hole(at: $0) })
        let to = try XCTUnwrap(hint.last.flatMap { model.geometry.hole(at: $0) })
        let key = kind == .step ? "board.hint.step" : kind == .jump ? "board.hint.jump" : "-"
        let words = LocalizedMessage(
            key,
            [
                .number(Int(from.row)), .number(Int(from.place)), .number(Int(to.row)),
                .number(Int(to.place)),
            ])
        XCTAssertEqual(model.hintWords, words)
        XCTAssertTrue(
            try render(model.hintWords).hasPrefix("Hint: \(kind == .step ? "step" : "jump")"))

        // Another peg selected: the hint and its words stay.
        let other = try XCTUnwrap(selectPeg(of: 0, in: model, except: hint.first))
        XCTAssertNotNil(model.state.selected)
        XCTAssertEqual(model.state.hint, hint)
        XCTAssertEqual(model.hintWords, words)

        // A move played (that peg's; the AI holds still a moment): the hint is gone, and its
        // words.
        model.tap(other)
        if model.state.capabilities.canEndJump { model.endJump() }
        XCTAssertEqual(model.state.history.count, 1)
        XCTAssertTrue(model.state.hint.isEmpty)
        XCTAssertNil(model.state.hintKind)
        XCTAssertNil(model.hintWords)
        await model.waitUntilIdle()

        // A swap in words, and no words without a kind.
        let path = [coord(0, 0), coord(1, 0)]
        XCTAssertEqual(
            try render(Wording.hint(path, kind: .swap, geometry: model.geometry)).hasPrefix(
                "Hint: swap row"), true)
        XCTAssertNil(Wording.hint(path, kind: nil, geometry: model.geometry))
        XCTAssertNil(Wording.hint([coord(0, 0)], kind: .step, geometry: model.geometry))
    }

    // MARK: The trail

    /// Issue 38 item 6: holes are named as the player sees the turned board (the core's
    /// `holePositions`): after the first move of a pass-and-play game the board turns to the
    /// second player, and the move is named from their side.
    func testHolesAreNamedAsTheTurnedBoardShowsThem() async throws {
        let geometry = boardGeometry()
        let turned = geometry.named(rotationDegrees: 180)
        XCTAssertEqual(geometry.hole(at: coord(4, -8))?.row, 1, "the top tip")
        XCTAssertEqual(turned.hole(at: coord(4, -8))?.row, 17, "at the bottom once turned")
        XCTAssertEqual(turned.holes.map(\.x), geometry.holes.map(\.x), "centres unchanged")
        let model = BoardModel(
            game: try LocalGame(setup: setup(.tripot, seats: [personSeat, personSeat])).game())
        model.tap(coord(-1, 5))
        model.tap(coord(-1, 4))
        XCTAssertEqual(model.state.history.count, 1)
        XCTAssertEqual(model.state.rotationDegrees, 180)
        model.toggleShownMove(1)
        let words = try XCTUnwrap(model.shownMoveWords)
        let from = try XCTUnwrap(turned.hole(at: coord(-1, 5)))
        let to = try XCTUnwrap(turned.hole(at: coord(-1, 4)))
        XCTAssertEqual(
            Array(words.arguments.dropFirst()),
            [
                .number(Int(from.row)), .number(Int(from.place)), .number(Int(to.row)),
                .number(Int(to.place)),
            ])
        XCTAssertLessThan(from.row, 9, "the first player's start, at the top for the second")
    }

    func testTheTrailListsTheFiveAiMovesOfSixPlayerSternhalma() async throws {
        let seats = [personSeat] + (1...5).map { _ in aiSeat() }
        let model = BoardModel(
            game: try LocalGame(setup: setup(.sternhalma, seats: seats)).game(),
            aiTimeLimitMs: 10, aiPace: 0)
        XCTAssertEqual(model.state.toMove, 0)
        XCTAssertEqual(model.trailSegments, [], "nothing played yet")
        /// The person's move: the first peg with a target, and End jump if a chain stops short.
        func personMoves() throws {
            let target = try XCTUnwrap(selectPeg(of: 0, in: model))
            model.tap(target)
            if model.state.capabilities.canEndJump { model.endJump() }
        }
        try personMoves()
        XCTAssertFalse(model.trailSegments.contains { $0.player == 0 }, "never our own move")
        await model.waitUntilIdle()
        XCTAssertEqual(model.state.history.count, 6)
        XCTAssertEqual(model.state.toMove, 0)
        var trail = model.trailSegments
        XCTAssertEqual(trail.map(\.player), [1, 2, 3, 4, 5])
        XCTAssertEqual(trail.map(\.id), [2, 3, 4, 5, 6])
        XCTAssertEqual(trail.map(\.path), model.state.history.suffix(5).map(\.path))
        XCTAssertEqual(trail.map(\.age), [4, 3, 2, 1, 0], "the newest last, age 0")
        XCTAssertEqual(trail.last?.path, model.state.lastMove, "the newest is the last move")
        // Each AI's line in its own pegs' colour: five colours, not one for all.
        XCTAssertEqual(
            trail.map(\.colour),
            trail.map { model.state.players[Int($0.player)].colours.first })
        XCTAssertEqual(Set(trail.compactMap(\.colour)).count, 5)

        // With a hold before the AI's moves, the state right after the person's move is seen:
        // the trail is empty until the next seat moves.
        model.aiPace = 0.05
        try personMoves()
        XCTAssertEqual(model.state.history.count, 7)
        XCTAssertEqual(model.trailSegments, [], "after the person's own move")
        await model.waitUntilIdle()
        trail = model.trailSegments
        XCTAssertEqual(trail.map(\.id), [8, 9, 10, 11, 12])
        XCTAssertEqual(trail.map(\.age), [4, 3, 2, 1, 0])
    }

    // MARK: The away countdown

    func testTheAwayCountdownIsReadByTheCoreAndRedrawnAtItsChanges() async throws {
        let game = OnlineGame()
        _ = try game.send(request: .hello(token: newToken(), name: "Ann"))
        _ = try game.receive(frame: #"{"type":"welcome","v":2,"name":"Ann","games":[]}"#)
        _ = try game.receive(
            frame: #"{"type":"matched","game":"g","side":0,"format":"tripot1","#
                + #""players":["Ann","Bob"]}"#)
        _ = try game.receive(
            frame: #"{"type":"sync","snapshot":{"game":"g","seq":1,"side":0,"#
                + #""format":"tripot1","players":["Ann","Bob"],"ai":[null,null],"moves":[],"#
                + #""draw_offer":null,"connected":[true,true],"rematch":[false,false],"#
                + #""rematch_game":null,"result":null}}"#)
        let model = OnlineModel(
            game: game, url: URL(string: "ws://127.0.0.1:9/ws")!, token: newToken(), name: "Ann")
        XCTAssertNil(model.awayBackByMs)
        model.receive(
            frame:
                #"{"type":"event","game":"g","seq":2,"event":{"kind":"disconnected","side":1,"grace_ms":161000}}"#
        )
        XCTAssertNil(model.error)
        let backBy = try XCTUnwrap(model.awayBackByMs, "the core saw the drop")
        // Read at the drop's arrival (a fixed now): the whole grace.
        let atDrop = backBy - 161_000
        XCTAssertEqual(
            try render(model.overlayBanner(nowMs: atDrop)),
            "Bob lost the connection and has 2:41 to come back")
        XCTAssertEqual(
            try render(model.overlayBanner(nowMs: atDrop), "fr"),
            "Bob a perdu la connexion et a 2:41 pour revenir")
        XCTAssertTrue(try render(model.overlayBanner(nowMs: backBy - 1)).contains(" 0:01 "))
        XCTAssertTrue(try render(model.overlayBanner(nowMs: backBy + 5_000)).contains(" 0:00 "))
        let display = AwayDisplay(
            player: 1, backByMs: backBy, nowMs: atDrop, players: model.board.state.players)
        XCTAssertEqual(display.nextChangeAtMs, atDrop + 1_000)
        XCTAssertNil(
            AwayDisplay(player: 1, backByMs: backBy, nowMs: backBy, players: []).nextChangeAtMs)
        XCTAssertEqual(Array(AwayChanges(backByMs: 10_000, fromMs: 7_500)), [8_000, 9_000, 10_000])
        XCTAssertEqual(Array(AwayChanges(backByMs: 10_000, fromMs: 10_000)), [], "time is up")

        // Back: no countdown, the board's own banner.
        model.receive(
            frame: #"{"type":"event","game":"g","seq":3,"event":{"kind":"reconnected","side":1}}"#)
        XCTAssertNil(model.awayBackByMs)
        XCTAssertEqual(model.overlayBanner(nowMs: atDrop), model.board.overlayBanner)
    }

    // MARK: Your games

    func testYourGamesSaysWhoResignedOrLeft() async throws {
        let game = OnlineGame()
        _ = try game.send(request: .hello(token: newToken(), name: "Ann"))
        _ = try game.receive(frame: #"{"type":"welcome","v":2,"name":"Ann","games":[]}"#)
        let model = OnlineModel(
            game: game, url: URL(string: "ws://127.0.0.1:9/ws")!, token: newToken(), name: "Ann")
        model.handle(.listGames)
        model.receive(
            frame: #"{"type":"games","games":["#
                + #"{"game":"a","format":"classic","players":["Ann","Bob"],"side":0,"result":{"winner":1,"reason":"resign"},"ended_ms":1796122800000},"#
                + #"{"game":"b","format":"classic","players":["Bob","Ann"],"side":1,"result":{"winner":1,"reason":"abandoned"},"ended_ms":1796122700000},"#
                + #"{"game":"c","format":"classic","players":["Ann","Cy"],"side":0,"result":{"winner":1,"reason":"abandoned"},"ended_ms":1796122600000}]}"#
        )
        let games = try XCTUnwrap(model.state.pastGames)
        XCTAssertEqual(games.map(\.byYou), [true, false, true])
        let lines = games.map { PastGameLine($0, nowMs: OnlineRecordsTests.nowMs) }
        XCTAssertEqual(try render(lines[0].detail), "Lost · You resigned")
        XCTAssertEqual(try render(lines[1].detail), "Won · Bob left the game")
        XCTAssertEqual(try render(lines[2].detail), "Lost · You left the game")
        XCTAssertEqual(try render(lines[0].detail, "fr"), "Perdue · Vous avez abandonné")
        XCTAssertEqual(try render(lines[1].detail, "zh-Hans"), "胜 · Bob 离开了对局")
    }

    // MARK: Sounds

    func testEachNewStatesSoundsArePlayedOnceWhileTheSettingIsOn() async throws {
        let player = RecordingSoundPlayer()
        let model = BoardModel(
            game: try LocalGame(setup: setup(.classic, seats: [personSeat, personSeat])).game(),
            soundPlayer: player)
        let step = try XCTUnwrap(selectPeg(of: 0, in: model, with: .step))
        XCTAssertEqual(player.played, [], "a selection is silent")
        model.tap(step)
        XCTAssertEqual(player.played, [[.step]])
        // The listener's copy of the same revision is not played again.
        model.refresh()
        try await Task.sleep(nanoseconds: 50_000_000)
        XCTAssertEqual(player.played, [[.step]])
        // The setting off: nothing.
        model.soundOn = false
        let next = try XCTUnwrap(selectPeg(of: 1, in: model, with: .step))
        model.tap(next)
        XCTAssertEqual(model.state.change.sounds, [.step], "the core still says it")
        XCTAssertEqual(player.played, [[.step]])

        // The setting: on by default, kept, and handed to the board shown.
        let settings = temporarySettings()
        XCTAssertTrue(settings.sound)
        let app = AppModel(directory: temporaryFolder(), settings: settings)
        app.soundPlayer = player
        let board = try XCTUnwrap(app.newGame(.passAndPlay).start())
        app.showBoard(board)
        XCTAssertTrue(board.soundOn)
        XCTAssertTrue(board.soundPlayer === player)
        let screen = app.settingsModel()
        XCTAssertTrue(screen.sound)
        screen.sound = false
        XCTAssertFalse(settings.sound)
        XCTAssertFalse(board.soundOn)
        XCTAssertFalse(app.settingsModel().sound)
        for language in CatalogCoverageTests.languages {
            XCTAssertFalse(try render(LocalizedMessage("settings.sound"), language).isEmpty)
        }
    }
}
