// "Your games" and ratings as the online screen shows them, fed the protocol's own frames (no
// socket): the list's lines, a download opening the local board's replay or held for sharing,
// our ratings, a rated host at a lobby table and the change a rated game made.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

@MainActor
final class OnlineRecordsTests: XCTestCase {
    /// `message` in `language`, from the app's catalog.
    private func render(_ message: LocalizedMessage, _ language: String = "en") throws -> String {
        try StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)
            .renderer(language: language).render(message)
    }

    /// Noon on 1 December 2026 (UTC), as this test's "now".
    nonisolated static let nowMs: Int64 = 1_796_126_400_000

    /// A model whose core said hello and was welcomed (nothing connects before `connect()`).
    private func welcomedModel() throws -> OnlineModel {
        let game = OnlineGame()
        _ = try game.send(request: .hello(token: newToken(), name: "Ann"))
        _ = try game.receive(frame: #"{"type":"welcome","v":2,"name":"Ann","games":[]}"#)
        return OnlineModel(
            game: game, url: URL(string: "ws://127.0.0.1:9/ws")!, token: newToken(), name: "Ann",
            nowMs: { OnlineRecordsTests.nowMs })
    }

    /// The `games` frame: a classic game Ann (seat 0) won when Bob resigned, an hour ago, and a
    /// tripot game Cy won a day before.
    static let games =
        #"{"type":"games","games":[{"game":"g1","format":"classic","players":["Ann","Bob"],"side":0,"result":{"winner":0,"reason":"resign"},"ended_ms":1796122800000},"#
        + #"{"game":"g0","format":"tripot2","players":["Cy","Ann"],"side":1,"result":{"winner":0,"reason":"win"},"ended_ms":1796036400000},"#
        + #"{"game":"gx","format":"classic","players":["Ann","Dee"],"side":0,"result":{"reason":"draw_agreed"},"ended_ms":1700000000000}]}"#

    /// A step of seat 0 of a classic game from its start, into the board's centre.
    private func classicStep() throws -> String {
        let start = try LocalGame(setup: setup(.classic, seats: [personSeat, personSeat])).state()
        let empty = Set(start.holes.filter { $0.occupant == nil }.map { [$0.coord.q, $0.coord.r] })
        let directions: [[Int32]] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]]
        for hole in start.holes where hole.owner == 0 {
            for d in directions {
                let q = hole.coord.q + d[0]
                let r = hole.coord.r + d[1]
                if empty.contains([q, r]), abs(q) <= 4, abs(r) <= 4, abs(q + r) <= 4 {
                    let from = "[\(hole.coord.q),\(hole.coord.r)]"
                    return #"{"kind":"step","path":["# + from + ",[\(q),\(r)]]}"
                }
            }
        }
        throw HelperError("no step")
    }

    private func gameLog() throws -> String {
        #"{"type":"game_log","game":"g1","events":[{"kind":"started","format":"classic","players":["Ann","Bob"]},"#
            + #"{"kind":"moved","ply":0,"side":0,"mv":\#(try classicStep())},"#
            + #"{"kind":"ended","result":{"winner":0,"reason":"resign"}}]}"#
    }

    func testYourGamesListsTheLatestFirstWithResultReasonAndDay() async throws {
        let model = try welcomedModel()
        XCTAssertFalse(model.showingGames)
        XCTAssertNil(model.pastGameLines, "nothing before the server answers")
        model.handle(.listGames)
        XCTAssertNil(model.error)
        XCTAssertTrue(model.showingGames)
        model.receive(frame: Self.games)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let lines = try XCTUnwrap(model.state.pastGames).map {
            PastGameLine($0, nowMs: Self.nowMs, calendar: calendar)
        }
        XCTAssertEqual(lines.map(\.id), ["g1", "g0", "gx"])
        XCTAssertEqual(try render(lines[0].title), "Classic · against Bob")
        XCTAssertEqual(try render(lines[0].detail), "Won · Bob resigned", "Bob resigned")
        XCTAssertEqual(try render(XCTUnwrap(lines[0].day)), "today")
        XCTAssertEqual(
            try render(lines[1].title), "\(try render(Wording.format(.tripot2))) · against Cy")
        XCTAssertEqual(try render(lines[1].detail), "Lost · camp filled")
        XCTAssertEqual(try render(XCTUnwrap(lines[1].day)), "yesterday")
        XCTAssertEqual(try render(lines[2].detail), "No winner · draw agreed")
        XCTAssertNil(lines[2].day, "an older game shows its date")
        XCTAssertEqual(lines[2].endedAt, Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(try render(lines[0].title, "fr"), "Classique · contre Bob")
        XCTAssertEqual(try render(lines[0].detail, "zh-Hans"), "胜 · Bob 认输了")
        XCTAssertEqual(model.pastGameLines?.count, 3, "the model's own lines")
        model.handle(.hideGames)
        XCTAssertFalse(model.showingGames)
    }

    func testWatchAGameListsLiveGamesThenWatchesOneReadOnly() async throws {
        let model = try welcomedModel()
        XCTAssertFalse(model.showingLiveGames)
        XCTAssertNil(model.liveGameLines, "nothing before the server answers")
        model.handle(.watchGames)
        XCTAssertNil(model.error)
        XCTAssertTrue(model.showingLiveGames)
        model.receive(
            frame:
                #"{"type":"live_games","games":[{"game":"g1","format":"tripot1","players":["Bob","Cy"],"ply":12},"#
                + #"{"game":"g2","format":"classic","players":["Dee","Eve"],"ply":1}]}"#)
        let lines = try XCTUnwrap(model.liveGameLines)
        XCTAssertEqual(lines.map(\.id), ["g1", "g2"])
        let tripot = try render(Wording.format(.tripot1))
        XCTAssertEqual(try render(lines[0].text), "\(tripot) · Bob, Cy · 12 moves")
        XCTAssertEqual(try render(lines[1].text), "Classic · Dee, Eve · 1 move")
        XCTAssertEqual(try render(lines[1].text, "fr"), "Classique · Dee, Eve · 1 coup")
        XCTAssertTrue(try render(lines[0].text, "zh-Hans").hasSuffix("已走 12 步"))

        XCTAssertFalse(model.isSpectating)
        model.handle(.spectate("g1"))
        XCTAssertTrue(model.isSpectating)
        model.receive(
            frame:
                #"{"type":"sync","snapshot":{"game":"g1","seq":1,"side":0,"format":"tripot1","players":["Bob","Cy"],"moves":[],"draw_offer":null,"connected":[true,true],"rematch":[false,false],"rematch_game":null,"result":null}}"#
        )
        XCTAssertEqual(model.state.game?.id, "g1")
        let can = model.state.board.capabilities
        XCTAssertFalse(can.canResign || can.canOfferDraw || can.canRematch, "read-only")
        // The watched board has none of a player's buttons, and a tap on it says why.
        let board = model.board
        XCTAssertFalse(board.hasResign || board.hasDrawOffers || board.canRematch)
        XCTAssertFalse(board.hasUndo || board.hasHint || board.hasReplay)
        let peg = try XCTUnwrap(board.state.holes.first { $0.owner != nil }).coord
        board.tap(peg)
        XCTAssertNil(board.error)
        XCTAssertNil(board.state.selected)
        XCTAssertEqual(board.notice, LocalizedMessage("notice.watching"))
        XCTAssertEqual(board.announcement?.messages, [LocalizedMessage("notice.watching")])
        model.handle(.stopSpectating)
        XCTAssertNil(model.error)
        XCTAssertFalse(model.isSpectating)
        XCTAssertNil(model.state.game)
        XCTAssertNil(model.liveGameLines, "asked for again")
        model.handle(.hideLiveGames)
        XCTAssertFalse(model.showingLiveGames)
    }

    func testAPrivateRoomsGameIsWatchedByTheRoomCodeAlone() async throws {
        let model = try welcomedModel()
        model.handle(.watchGames)
        XCTAssertNil(model.watchCodeToUse, "nothing typed")
        model.typedWatchCode = "abcd-234"
        XCTAssertNil(model.watchCodeToUse, "not a code yet")
        // A wrong code: the server finds no game; the lobby stays, and the field says why.
        model.typedWatchCode = "abcd-2345"
        XCTAssertEqual(model.watchCodeToUse, "ABCD2345")
        let notFound =
            #"{"type":"error","code":"game_not_found","message":"no game with that room code"}"#
        model.handle(.watchTypedCode)
        XCTAssertNil(model.error)
        XCTAssertTrue(model.isSpectating)
        model.receive(frame: notFound)
        XCTAssertFalse(model.isSpectating)
        let message = try XCTUnwrap(model.watchCodeMessage)
        XCTAssertEqual(message.key, "online.watch.code.notFound")
        XCTAssertEqual(try render(message, "en"), "No game is being played with that code.")
        XCTAssertEqual(try render(message, "fr"), "Aucune partie ne se joue avec ce code.")
        XCTAssertEqual(try render(message, "zh-Hans"), "没有正在用这个房间码进行的对局。")
        XCTAssertNil(model.banner, "said once, under the field")
        // Editing the code takes the message away: it was about the code sent (and no banner
        // words the refusal instead).
        model.typedWatchCode = "abcd-234"
        XCTAssertNil(model.watchCodeMessage, "the message goes with the edit")
        XCTAssertNil(model.banner)
        model.typedWatchCode = "abcd-2347"
        XCTAssertNil(model.watchCodeMessage, "another code, not sent yet")
        // Sent, it is refused, and said again.
        model.handle(.watchTypedCode)
        model.receive(frame: notFound)
        XCTAssertEqual(model.watchCodeMessage?.key, "online.watch.code.notFound")
        // Another request of the lobby: the refusal was the code's, and no banner words it
        // again as a game that ended.
        model.handle(.listGames)
        XCTAssertNil(model.watchCodeMessage, "the message goes with another request")
        XCTAssertNil(model.banner)
        XCTAssertNil(model.state.lastError)
        model.handle(.hideGames)
        // The right code: the snapshot names the room's game, watched read-only.
        model.typedWatchCode = "ABCD 2346"
        model.handle(.watchTypedCode)
        model.receive(
            frame:
                #"{"type":"sync","snapshot":{"game":"g9","seq":1,"side":0,"format":"tripot1","players":["Ann","Bob"],"moves":[],"draw_offer":null,"connected":[true,true],"rematch":[false,false],"rematch_game":null,"result":null}}"#
        )
        XCTAssertTrue(model.isSpectating)
        XCTAssertEqual(model.state.game?.id, "g9")
        XCTAssertFalse(model.state.board.capabilities.canResign, "read-only")
        model.handle(.stopSpectating)
        XCTAssertFalse(model.isSpectating)
    }

    func testATappedGameDownloadsAndOpensInTheReplay() async throws {
        let model = try welcomedModel()
        model.receive(frame: Self.games)
        model.handle(.replayGame("g1"))
        XCTAssertNil(model.error)
        XCTAssertNil(model.replay, "not before the log arrives")
        model.receive(frame: try gameLog())
        XCTAssertNil(model.error)
        let board = try XCTUnwrap(model.replay, "the log opens in the local board")
        XCTAssertEqual(board.state.replay?.shown, 0, "at the replay's start")
        XCTAssertEqual(board.state.replay?.total, 1)
        XCTAssertEqual(board.state.history.count, 1)
        board.stepReplay(by: 1)
        XCTAssertEqual(board.state.replay?.shown, 1)
        XCTAssertNil(model.shared, "replaying is not sharing")
        model.handle(.closeReplay)
        XCTAssertNil(model.replay)
    }

    func testSharingHoldsTheSaveForTheShareSheet() async throws {
        let model = try welcomedModel()
        model.receive(frame: Self.games)
        model.handle(.shareGame("g1"))
        model.receive(frame: try gameLog())
        let shared = try XCTUnwrap(model.shared)
        XCTAssertEqual(shared.id, "g1")
        XCTAssertEqual(try LocalGame.restore(save: shared.save).state().history.count, 1)
        XCTAssertNil(model.replay, "sharing does not open the replay")
    }

    func testRatingsTheHostsRatingAndTheChangeOfARatedGame() async throws {
        let model = try welcomedModel()
        XCTAssertEqual(model.ratingLines, [], "none before the answer")
        model.handle(.requestRatings)
        XCTAssertNil(model.error)
        model.receive(
            frame:
                #"{"type":"ratings","ratings":[{"rule_set":"tripot","rating":1534.6,"rd":201.2,"games":3},{"rule_set":"classic","rating":1480.2,"rd":300.0,"games":1}]}"#
        )
        XCTAssertEqual(
            try model.ratingLines.map { try render($0) },
            ["Tripot 1535 (3 games)", "Classic 1480 (1 game)"])
        XCTAssertEqual(try render(model.ratingLines[0], "fr"), "Tripot 1535 (3 parties)")
        XCTAssertEqual(try render(model.ratingLines[0], "zh-Hans"), "Tripot 规则 1535（3 局）")

        model.handle(.watchLobby)
        model.receive(
            frame:
                #"{"type":"lobby","tables":[{"id":"t1","format":"classic","host":"Dee","seated":1,"host_rating":1620},{"id":"t2","format":"tripot1","host":"Eve","seated":1}]}"#
        )
        XCTAssertEqual(
            try model.state.lobby.map { try render(Wording.tableHost($0)) }, ["Dee (1620)", "Eve"])

        // A rated game: the change is shown for this game only.
        model.receive(
            frame:
                #"{"type":"matched","game":"g9","side":0,"format":"tripot1","players":["Ann","Bob"]}"#
        )
        model.receive(
            frame:
                #"{"type":"sync","snapshot":{"game":"g9","seq":1,"side":0,"format":"tripot1","players":["Ann","Bob"],"moves":[],"draw_offer":null,"connected":[true,true],"rematch":[false,false],"rematch_game":null,"result":null}}"#
        )
        XCTAssertEqual(model.state.game?.id, "g9")
        XCTAssertNil(model.ratingChange)
        model.receive(
            frame:
                #"{"type":"rating_changed","game":"g8","rule_set":"tripot","before":1400,"after":1450}"#
        )
        XCTAssertNil(model.ratingChange, "another game's change is not this game's")
        model.receive(
            frame:
                #"{"type":"rating_changed","game":"g9","rule_set":"tripot","before":1500,"after":1662}"#
        )
        XCTAssertEqual(try render(XCTUnwrap(model.ratingChange)), "Rating 1500 → 1662")
        XCTAssertEqual(try render(XCTUnwrap(model.ratingChange), "fr"), "Classement 1500 → 1662")
    }
}
