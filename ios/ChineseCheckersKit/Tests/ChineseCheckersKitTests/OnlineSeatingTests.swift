// The filling table of 3 or more seats as the online screen shows it, driven by the protocol's
// own frames fed to the core (no socket: the real server cannot script a half-filled table
// without several devices). Also the lobby's "seated/seats" and the pickers' formats.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

@MainActor
final class OnlineSeatingTests: XCTestCase {
    /// `message` in English, from the app's catalog.
    private func english(_ message: LocalizedMessage) throws -> String {
        try StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)
            .renderer(language: "en").render(message)
    }

    /// A model whose core said hello, was welcomed, then got `seated` (a frame of the server).
    private func seatedModel(_ seated: String) throws -> OnlineModel {
        let game = OnlineGame()
        _ = try game.send(request: .hello(token: newToken(), name: "Ann"))
        _ = try game.receive(frame: #"{"type":"welcome","v":2,"name":"Ann","games":[]}"#)
        _ = try game.receive(frame: seated)
        // Nothing connects before connect(): the address is never dialled.
        return OnlineModel(
            game: game, url: URL(string: "ws://127.0.0.1:9/ws")!, token: newToken(), name: "Ann")
    }

    func testTheHostSeesWhoSitsTheFreeSeatsAndMayStartWithComputerPlayers() async throws {
        let model = try seatedModel(
            #"{"type":"seated","id":"t4","format":"sternhalma4","players":["Ann","Bob"],"host":true}"#
        )
        let panel = try XCTUnwrap(model.seated, "the core reports the filling table")
        XCTAssertEqual(panel.players, ["Ann", "Bob"])
        XCTAssertEqual(panel.freeSeatCount, 2)
        XCTAssertTrue(panel.canStart)
        XCTAssertNil(panel.waiting)
        XCTAssertEqual(try english(panel.freeSeats), "Free seats: 2")
        XCTAssertEqual(
            try english(panel.title), "Seated at the table · Sternhalma · 4 players")

        XCTAssertEqual(model.fillLevel, .medium, "Medium unless the host picks another")
        model.fillLevel = .hard
        model.handle(.fillWithAi)
        XCTAssertNil(model.error, "the core accepts the host's start")

        model.handle(.leaveSeat)
        XCTAssertNil(model.error)
        XCTAssertNil(model.seated, "leaving drops the panel")
        XCTAssertNil(model.state.seated)
    }

    func testAGuestWaitsAndIsRefusedTheStart() async throws {
        let model = try seatedModel(
            #"{"type":"seated","id":"t6","format":"sternhalma6","players":["Bob","Ann","Cy"],"host":false}"#
        )
        let panel = try XCTUnwrap(model.seated)
        XCTAssertFalse(panel.canStart)
        XCTAssertEqual(panel.freeSeatCount, 3)
        XCTAssertEqual(
            try english(XCTUnwrap(panel.waiting)),
            "Waiting for more players or for the host to start…")
        model.handle(.fillWithAi)
        XCTAssertEqual(model.error, Wording.onlineError(.NotHost), "only the host may start")
        XCTAssertNotNil(model.seated, "a refused start leaves the guest seated")
    }

    func testLeavingWhenNotSeatedIsRefused() async throws {
        let game = OnlineGame()
        let model = OnlineModel(
            game: game, url: URL(string: "ws://127.0.0.1:9/ws")!, token: newToken(), name: "Ann")
        XCTAssertNil(model.seated)
        model.handle(.leaveSeat)
        XCTAssertEqual(model.error, Wording.onlineError(.NotSeated))
    }

    func testLobbyRowsShowSeatedOverSeatsForThreeOrMoreSeats() async throws {
        let four = TableInfo(id: "t", format: .sternhalma4, host: "Bob", seated: 3)
        XCTAssertEqual(
            try english(Wording.tableDetail(four)), "Sternhalma · 4 players · 3/4")
        let two = TableInfo(id: "u", format: .tripot2, host: "Bob", seated: 1)
        XCTAssertEqual(
            try english(Wording.tableDetail(two)), "Tripot, 2 colours each",
            "a table of 2 shows no count")
    }

    func testTheFormatsAndTheirSeatsAreTheCores() async throws {
        let formats = onlineFormats()
        XCTAssertEqual(formats.first, .tripot1)
        XCTAssertEqual(formats.last, .sternhalma6)
        XCTAssertEqual(Set(formats).count, formats.count, "no format twice")
        XCTAssertEqual(formats.map { formatSeats(format: $0) }, [2, 2, 2, 2, 2, 3, 4, 6])
        // The lobby's count reads the core's seats.
        let three = TableInfo(id: "t", format: .sternhalma3, host: "Bob", seated: 2)
        XCTAssertEqual(try english(Wording.tableDetail(three)), "Sternhalma · 3 players · 2/3")
    }

    /// A model whose core was welcomed, then `matched` at side `side` and `sync`ed (the
    /// server's frames): `ai` and `connected` per seat, as the protocol's GameSnapshot has them.
    private func gameModel(
        format: String, players: [String], side: Int, ai: String, connected: String
    ) throws -> OnlineModel {
        let game = OnlineGame()
        _ = try game.send(request: .hello(token: newToken(), name: "Ann"))
        _ = try game.receive(frame: #"{"type":"welcome","v":2,"name":"Ann","games":[]}"#)
        let names = "[" + players.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let rematch = "[" + players.map { _ in "false" }.joined(separator: ",") + "]"
        _ = try game.receive(
            frame: #"{"type":"matched","game":"g","side":\#(side),"format":"\#(format)","#
                + #""players":\#(names)}"#)
        _ = try game.receive(
            frame: #"{"type":"sync","snapshot":{"game":"g","seq":1,"side":\#(side),"#
                + #""format":"\#(format)","players":\#(names),"ai":\#(ai),"moves":[],"#
                + #""draw_offer":null,"connected":\#(connected),"rematch":\#(rematch),"#
                + #""rematch_game":null,"result":null}}"#)
        return OnlineModel(
            game: game, url: URL(string: "ws://127.0.0.1:9/ws")!, token: newToken(), name: "Ann")
    }

    func testAGameOfFourSeatsListsEverySeatInTurnOrder() async throws {
        let cleo = try XCTUnwrap(opponents().first { $0.level == .medium }).name
        let model = try gameModel(
            format: "sternhalma4", players: ["Bob", "Ann", cleo, "Dan"], side: 1,
            ai: #"[null,null,"medium",null]"#, connected: "[true,true,true,false]")
        let lines = try XCTUnwrap(model.seatLines, "a game of 4 lists its seats")
        XCTAssertEqual(lines.map(\.side), [0, 1, 2, 3], "side 0, who opens, first")
        XCTAssertEqual(try lines.map { try english($0.name) }, ["Bob", "You", cleo, "Dan"])
        XCTAssertEqual(
            try lines.map { try $0.computer.map(english) }, [nil, nil, "Computer · Medium", nil])
        XCTAssertEqual(try lines.map { try $0.away.map(english) }, [nil, nil, nil, "away"])
        XCTAssertEqual(lines.map(\.toMove), [true, false, false, false], "Bob opens")
        XCTAssertTrue(lines.allSatisfy { !$0.colours.isEmpty }, "every seat plays a colour")
        let players = model.state.board.players.sorted { $0.index < $1.index }
        XCTAssertEqual(lines.map(\.colours), players.map(\.colours))
        for language in CatalogCoverageTests.languages {
            let renderer = try StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)
                .renderer(language: language)
            for line in lines {
                for message in [line.computer, line.away].compactMap({ $0 }) {
                    let text = try renderer.render(message)
                    XCTAssertFalse(text.isEmpty || text.contains("%"), "\(language): \(text)")
                }
            }
        }
    }

    func testATwoSeatGameNamesTheOpponentWithNoSeatList() async throws {
        let model = try gameModel(
            format: "tripot1", players: ["Ann", "Bob"], side: 0, ai: "[null,null]",
            connected: "[true,true]")
        XCTAssertEqual(model.state.game?.opponent, "Bob")
        XCTAssertNil(model.seatLines)
    }
}
