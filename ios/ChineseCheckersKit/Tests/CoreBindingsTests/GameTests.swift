import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

/// Every state a listener heard, in order.
final class Heard: GameListener, @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [GameState] = []

    func changed(state: GameState) {
        lock.lock()
        heard.append(state)
        lock.unlock()
    }

    var states: [GameState] {
        lock.lock()
        defer { lock.unlock() }
        return heard
    }

    var last: GameState? { states.last }

    /// Waits until the last state heard satisfies `cond`; returns it.
    @discardableResult
    func waitFor(_ what: String, _ cond: (GameState) -> Bool) throws -> GameState {
        var found: GameState?
        try waitUntil("the listener to hear \(what)") {
            found = last.flatMap { cond($0) ? $0 : nil }
            return found != nil
        }
        return found!
    }

    /// The revisions never go back (a listener never hears an older state after a newer one).
    func assertInOrder(file: StaticString = #filePath, line: UInt = #line) {
        let revisions = states.map(\.revision)
        XCTAssertEqual(revisions, revisions.sorted(), "out of order", file: file, line: line)
    }
}

extension Game {
    /// Plays a step of the seat to move with two taps; returns the state after it.
    @discardableResult
    func step() throws -> GameState {
        let now = state()
        for hole in now.holes where hole.owner == now.toMove {
            let selected = try tap(q: hole.coord.q, r: hole.coord.r)
            guard let step = selected.targets.first(where: { $0.kind == .step }) else {
                _ = cancelTouch()
                continue
            }
            return try tap(q: step.coord.q, r: step.coord.r)
        }
        throw TestError("no step to play")
    }
}

/// The one board interface, `Game`, over a solo and a pass-and-play game: the capabilities of
/// each, and the listener hearing every state (the AI's move from the engine thread).
final class GameTests: XCTestCase {
    func testASoloGameHasUndoHintReplayAndTheAiAndItsListenerHearsTheAiMove() async throws {
        let board = try LocalGame.make(.tripot).game()
        let caps = board.capabilities()
        XCTAssertNotNil(caps.undo)
        XCTAssertNotNil(caps.hint)
        XCTAssertNotNil(caps.replay)
        let engine = try XCTUnwrap(caps.ai)
        XCTAssertFalse(caps.drawOffers)
        XCTAssertFalse(caps.clock)
        XCTAssertTrue(caps.rematch && caps.resign)
        let heard = Heard()
        board.setListener(listener: heard)

        let mine = try board.step()
        XCTAssertEqual(heard.last, mine, "the tap's state")
        XCTAssertTrue(mine.aiToMove)
        engine.setAiTimeLimit(ms: 50)
        let outcome = try await engine.think().finish()
        guard case .finished(let moved) = outcome else {
            return XCTFail("the AI did not move: \(outcome)")
        }
        XCTAssertEqual(try heard.waitFor("the AI's move") { $0.history.count == 2 }, moved)
        heard.assertInOrder()

        let undone = try XCTUnwrap(caps.undo).undo()
        XCTAssertEqual(undone.history.count, 0)
        XCTAssertEqual(heard.last, undone)
        XCTAssertEqual(try caps.undo?.redo().history.count, 2)
        XCTAssertEqual(try caps.replay?.start().replay?.total, 2)
        XCTAssertNil(caps.replay?.exit().replay)

        // A rematch is the next game on the same board, after the end (its revisions start
        // afresh).
        assertThrows(MoveError.self, try board.rematch()) {
            if case .NotOver = $0 { return true }
            return false
        }
        let oldId = board.id()
        XCTAssertNotNil(try board.resign().outcome)
        heard.assertInOrder()
        let next = try board.rematch()
        XCTAssertTrue(next.history.isEmpty && next.outcome == nil)
        XCTAssertNotEqual(board.id(), oldId)
        XCTAssertEqual(heard.last, next)
        // The handles got before the rematch play the new game.
        XCTAssertEqual(try board.step().history.count, 1)
        XCTAssertEqual(try caps.undo?.undo().history.count, 0)
    }

    func testAPassAndPlayGameHasUndoReplayAndDrawOffersButNoEngine() throws {
        let people = [Seat(player: .person, name: "Ann"), Seat(player: .person, name: "Bob")]
        let board = try LocalGame.make(.classic, seats: people).game()
        let caps = board.capabilities()
        XCTAssertNotNil(caps.undo)
        XCTAssertNotNil(caps.replay)
        XCTAssertNil(caps.hint, "the hint is the engine's")
        XCTAssertNil(caps.ai)
        XCTAssertTrue(caps.drawOffers && caps.rematch && caps.resign)
        XCTAssertFalse(caps.clock)
        let heard = Heard()
        board.setListener(listener: heard)
        try board.step()
        try board.step()
        XCTAssertEqual(heard.last?.history.count, 2)
        XCTAssertTrue(try board.offerDraw().capabilities.canAnswerDraw)
        let drawn = try board.answerDraw(accept: true)
        XCTAssertEqual(drawn.outcome?.reason, .drawAgreed)
        XCTAssertEqual(heard.last, drawn)
        heard.assertInOrder()
    }
}

// These tests start the real server as a child process, which iOS does not have.
#if os(macOS) || os(Linux)
    /// The one board interface over an online game against the real server and a watched one.
    final class OnlineBoardTests: XCTestCase {
        private var server: Process?

        override func tearDown() {
            if let p = server, p.isRunning {
                p.terminate()
                let deadline = Date().addingTimeInterval(5)
                while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
                if p.isRunning { kill(p.processIdentifier, SIGKILL) }
            }
            server = nil
            super.tearDown()
        }

        /// One device: its session, its client, and its board with a listener.
        private final class Device {
            let online = OnlineGame()
            let client: OnlineClient
            let board: Game
            let heard = Heard()

            init(url: URL, name: String) throws {
                client = OnlineClient(game: online, url: url, token: newToken(), name: name)
                board = online.game()
                board.setListener(listener: heard)
                // The kit's client is the transport: the board's frames go out on its socket.
                online.setTransport(transport: client.transport())
                try client.connect()
                try waitUntil("\(name) welcomed") { online.state().connection == .connected }
            }

            var state: OnlineState { online.state() }
        }

        func testTheClientAsTransportDoesNotKeepItselfAlive() throws {
            let online = OnlineGame()
            var client: OnlineClient? = OnlineClient(
                game: online, url: URL(string: "ws://127.0.0.1:9/ws")!, token: newToken(),
                name: "Ann")
            weak var gone = client
            online.setTransport(transport: client!.transport())
            client = nil
            XCTAssertNil(gone, "the game's transport holds the client weakly")
            // The transport is still set (no `NoTransport`): a board call is refused for what it
            // is, no game on this board.
            assertThrows(MoveError.self, try online.game().resign()) {
                if case .NoGame = $0 { return true }
                return false
            }
        }

        func testAnOnlineGameAndAWatchedOneThroughTheBoard() throws {
            let url = try startTestServer { server = $0 }
            let ann = try Device(url: url, name: "Ann")
            let bob = try Device(url: url, name: "Bob")
            defer { [ann, bob].forEach { $0.client.close() } }
            let none = ann.board.capabilities()
            XCTAssertFalse(none.resign || none.rematch || none.drawOffers)

            try ann.client.send(.createRoom(format: .tripot1, clock: nil))
            try waitUntil("the room's code") { ann.state.room != nil }
            let code = ann.state.room!.code
            try bob.client.send(.joinRoom(code: code))
            try waitUntil("the game") { ann.state.game != nil && bob.state.game != nil }
            XCTAssertEqual(ann.board.id(), bob.board.id())
            for d in [ann, bob] {
                let caps = d.board.capabilities()
                XCTAssertNil(caps.undo)
                XCTAssertNil(caps.hint)
                XCTAssertNil(caps.replay)
                XCTAssertNil(caps.ai)
                XCTAssertTrue(caps.drawOffers && caps.rematch && caps.resign)
                XCTAssertFalse(caps.clock, "tripot is untimed by default")
            }

            // Cy watches the room's game: no action, and a tap says so.
            let cy = try Device(url: url, name: "Cy")
            defer { cy.client.close() }
            try cy.client.send(.spectateRoom(code: code))
            try waitUntil("watching") { cy.state.spectating && cy.state.game != nil }
            let watched = cy.board.capabilities()
            XCTAssertNil(watched.undo)
            XCTAssertNil(watched.hint)
            XCTAssertNil(watched.replay)
            XCTAssertNil(watched.ai)
            XCTAssertFalse(
                watched.drawOffers || watched.clock || watched.rematch || watched.resign)
            let peg = try XCTUnwrap(cy.board.state().holes.first { $0.owner != nil }).coord
            let tapped = try cy.board.tap(q: peg.q, r: peg.r)
            XCTAssertEqual(tapped.notice, .watching)
            XCTAssertNil(tapped.selected)

            // Two moves tapped on the boards go through the transport; every listener hears them.
            for n in 1...2 {
                let mover = ann.state.board.toMove == ann.state.game!.side ? ann : bob
                let sent = try mover.board.step()
                XCTAssertTrue(mover.heard.states.contains(sent), "the move's state was heard")
                for d in [ann, bob, cy] {
                    try d.heard.waitFor("move \(n)") { $0.history.count == n }
                }
            }
            try waitUntil("confirmed") { ann.state.game?.pendingMove.isEmpty == true }
            XCTAssertEqual(ann.heard.last?.history, cy.heard.last?.history)

            // A draw offered on Ann's board reaches Bob's listener; Bob's board resigns.
            assertThrows(MoveError.self, try ann.board.rematch()) {
                if case .NotOver = $0 { return true }
                return false
            }
            _ = try ann.board.offerDraw()
            try bob.heard.waitFor("the draw offer") { $0.capabilities.canAnswerDraw }
            _ = try bob.board.resign()
            let end = try ann.heard.waitFor("the end") { $0.outcome != nil }
            XCTAssertEqual(end.outcome?.reason, .resigned)
            try cy.heard.waitFor("the end, watched") { $0.outcome != nil }
            for d in [ann, bob, cy] { d.heard.assertInOrder() }
        }
    }
#endif
