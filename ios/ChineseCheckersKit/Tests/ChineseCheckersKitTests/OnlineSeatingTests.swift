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
        _ = try game.hello(token: newToken(), name: "Ann")
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
        model.fillWithAi()
        XCTAssertNil(model.error, "the core accepts the host's start")

        model.leaveSeat()
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
        model.fillWithAi()
        XCTAssertEqual(model.error, Wording.onlineError(.NotHost), "only the host may start")
        XCTAssertNotNil(model.seated, "a refused start leaves the guest seated")
    }

    func testLeavingWhenNotSeatedIsRefused() async throws {
        let game = OnlineGame()
        let model = OnlineModel(
            game: game, url: URL(string: "ws://127.0.0.1:9/ws")!, token: newToken(), name: "Ann")
        XCTAssertNil(model.seated)
        model.leaveSeat()
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

    func testTheFormatsComeInTheCoresOrderWithTheirSeats() async {
        XCTAssertEqual(Format.all.first, .tripot1)
        XCTAssertEqual(Format.all.last, .sternhalma6)
        XCTAssertEqual(Set(Format.all).count, Format.all.count, "no format twice")
        XCTAssertEqual(Format.all.map(\.seats), [2, 2, 2, 2, 2, 3, 4, 6])
    }
}
