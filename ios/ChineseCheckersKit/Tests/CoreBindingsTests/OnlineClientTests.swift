// These tests start the real server as a child process (`Process`), which macOS and Linux have
// and iOS does not: on the iOS simulator (the app scheme's test action) they are left out.
#if os(macOS) || os(Linux)
    import ChineseCheckersCore
    import ChineseCheckersKit
    import Foundation
    import XCTest

    /// Two URLSession clients carry two `OnlineGame`s' strings through the real server on 127.0.0.1
    /// (the binary run.sh builds, passed in CHINESE_CHECKERS_SERVER_BIN). Same scenario as Kotlin's.
    final class OnlineClientTests: XCTestCase {
        private var server: Process?

        override func tearDown() {
            if let p = server, p.isRunning {
                p.terminate()  // SIGTERM: the server says `shutting_down` and exits
                let deadline = Date().addingTimeInterval(5)
                while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
                if p.isRunning { kill(p.processIdentifier, SIGKILL) }
            }
            server = nil
            super.tearDown()
        }

        /// Starts the server on a free loopback port; returns its WebSocket URL.
        private func startServer() throws -> URL {
            try startTestServer { server = $0 }
        }

        /// One device: its online game, its client (with the device's token), and the last state
        /// the client reported.
        private final class Device {
            let token: String
            let client: OnlineClient
            let reported = Box<OnlineState>()
            var game: OnlineGame { client.game }
            var state: OnlineState { game.state() }
            /// The session's board, as the apps play it: its frames go out on the client's socket.
            var board: Game { game.game() }

            init(
                url: URL, name: String, token: String = newToken(), game: OnlineGame = OnlineGame(),
                pingInterval: TimeInterval = OnlineClient.pingInterval
            ) {
                self.token = token
                client = OnlineClient(
                    game: game, url: url, token: token, name: name,
                    pingInterval: pingInterval
                ) { [reported] in
                    reported.set($0)
                }
                // The kit's client is the transport: the board's frames go out on its socket.
                game.setTransport(transport: client.transport())
            }

            /// Taps a step (the first peg of ours that has one) without waiting for the server;
            /// returns the game's length with it.
            func tapStep() throws -> Int {
                let s = state
                for hole in s.board.holes where hole.owner == s.game!.side {
                    let selected = try board.tap(q: hole.coord.q, r: hole.coord.r)
                    guard let step = selected.targets.first(where: { $0.kind == .step }) else {
                        _ = board.cancelTouch()
                        continue
                    }
                    // The board's own state of the tap: the server may answer before the
                    // session is read again.
                    let sent = try board.tap(q: step.coord.q, r: step.coord.r)
                    XCTAssertEqual(sent.lastMove, [hole.coord, step.coord])
                    return sent.history.count
                }
                throw TestError("no step to play")
            }

            @discardableResult
            func waitFor(
                _ what: String, timeout: TimeInterval = 10,
                _ cond: (OnlineState) -> Bool
            ) throws -> OnlineState {
                var last = state
                try waitUntil(what, timeout: timeout) {
                    last = state
                    return cond(last)
                }
                return last
            }

            var side: Int32 { state.game!.side }

            func myTurn() -> Bool {
                let s = state
                return s.game.map { !$0.over && s.board.toMove == $0.side } ?? false
            }

            /// Taps a step (the first peg of ours that has one), waits for the server to confirm it and
            /// returns the game's length after it.
            func playStep() throws -> Int {
                let s = state
                XCTAssertNil(s.board.outcome)
                for hole in s.board.holes where hole.owner == s.game!.side {
                    let selected = try board.tap(q: hole.coord.q, r: hole.coord.r)
                    guard let step = selected.targets.first(where: { $0.kind == .step }) else {
                        _ = board.cancelTouch()
                        continue
                    }
                    // The board's own state of the tap: the server may answer before the
                    // session is read again.
                    let sent = try board.tap(q: step.coord.q, r: step.coord.r)
                    XCTAssertEqual(sent.lastMove, [hole.coord, step.coord])
                    XCTAssertEqual(sent.banner, .sending)
                    XCTAssertEqual(sent.history.count, s.board.history.count + 1, "shown at once")
                    let done = try waitFor("our move confirmed") { $0.game!.pendingMove.isEmpty }
                    return done.board.history.count
                }
                throw TestError("no step to play")
            }
        }

        /// One move by whoever is to move; the other sees it.
        private func oneMove(_ a: Device, _ b: Device) throws {
            try waitUntil("someone to move") { a.myTurn() || b.myTurn() }
            let (mover, other) = a.myTurn() ? (a, b) : (b, a)
            let moves = try mover.playStep()
            let seen = try other.waitFor("the opponent's move") { $0.board.history.count == moves }
            XCTAssertEqual(seen.board.change.kind, .newMove)
            XCTAssertEqual(seen.board.holes, mover.state.board.holes)
        }

        func testTheClientPingsTheServerToKeepAQuietConnection() throws {
            XCTAssertEqual(OnlineClient.pingInterval, 25)
            let url = try startServer()
            XCTAssertEqual(
                Device(url: url, name: "Ann").client.pingEvery, 25, "every 25 s by default")
            // A short interval here: the pings go out while the player says nothing.
            let a = Device(url: url, name: "Ann", pingInterval: 0.1)
            try a.client.connect()
            try a.waitFor("welcome") { $0.connection == .connected }
            try waitUntil("three pings") { a.client.pingCounts.sent >= 3 }
            // (FoundationNetworking on Linux does not report the pongs: `pongs` stays 0 there.)
            XCTAssertEqual(
                a.state.connection, .connected, "the pings do not disturb the connection")
            a.client.close()
        }

        func testTwoGamesPlaySaveReconnectAndFinishThroughTheServer() throws {
            let url = try startServer()
            let a = Device(url: url, name: "Ann")
            let b = Device(url: url, name: "Bob")
            XCTAssertEqual(a.state.connection, .connecting)
            XCTAssertEqual(a.state.board.banner, .connecting)
            try a.client.connect()
            try b.client.connect()
            XCTAssertEqual(try a.waitFor("welcome") { $0.connection == .connected }.name, "Ann")
            try b.waitFor("welcome") { $0.connection == .connected }

            assertThrows(OnlineError.self, try b.client.send(.joinRoom(code: "no!"))) {
                $0 == .BadRoomCode(code: "no!")
            }
            try a.client.send(.createRoom(format: .tripot1, clock: nil))
            let room = try a.waitFor("room code") { $0.room != nil }
            let code = room.room!.code
            XCTAssertEqual(room.room!.format, .tripot1)
            XCTAssertEqual(room.board.banner, .roomCode(code: code))
            let typed = code.prefix(3).lowercased() + "-" + code.dropFirst(3) + " "
            XCTAssertEqual(checkRoomCode(typed: typed), code)
            XCTAssertNil(checkRoomCode(typed: "no!"))
            try b.client.send(.joinRoom(code: typed))
            let ga = try a.waitFor("game") { $0.game != nil }.game!
            let gb = try b.waitFor("game") { $0.game != nil }.game!
            XCTAssertEqual(ga.id, gb.id)
            XCTAssertEqual(Set([ga.side, gb.side]), [0, 1])
            XCTAssertEqual(ga.opponent, "Bob")
            XCTAssertEqual(gb.opponent, "Ann")
            XCTAssertEqual(ga.format, .tripot1)
            XCTAssertNil(a.state.room)
            XCTAssertEqual(a.state.board.players[Int(ga.side)].name, .you)
            XCTAssertEqual(a.state.board.players[Int(gb.side)].name, .named(name: "Bob"))

            for _ in 0..<4 { try oneMove(a, b) }

            // Bob's app saves, loses its connection and is killed.
            let saved = b.game.save()
            let movesAtSave = b.state.board.history.count
            XCTAssertEqual(movesAtSave, 4)
            let (library, _) = try makeLibrary()
            library.keepOnline(game: OnlineGame())
            XCTAssertEqual(try library.listing().playing, [], "no game on: nothing written")
            library.keepOnline(game: b.game)
            let entry = try XCTUnwrap(try library.listing().playing.first)
            XCTAssertEqual(entry.id, gb.id)
            XCTAssertEqual(entry.kind, .online)
            XCTAssertEqual(entry.preset, .tripot)
            XCTAssertEqual(entry.moves, 4)
            XCTAssertNil(entry.outcome)
            XCTAssertEqual(entry.seats.count, 2)
            XCTAssertEqual(entry.seats[Int(gb.side)].name, .you)
            XCTAssertEqual(entry.seats[Int(ga.side)].name, .named(name: "Ann"))
            XCTAssertEqual(try library.listing().playing.map(\.id), [gb.id])
            b.client.close()
            XCTAssertEqual(b.state.connection, .reconnecting)
            XCTAssertEqual(b.state.board.banner, .reconnecting)
            let away = try a.waitFor("Bob's seat held") { $0.game?.opponentConnected == false }
            guard case .opponentDisconnected(let player, _) = away.board.banner else {
                return XCTFail("\(String(describing: away.board.banner))")
            }
            XCTAssertEqual(player, gb.side)
            // Ann may move meanwhile: the restored game catches up.
            if a.myTurn() { _ = try a.playStep() }

            XCTAssertEqual(
                try OnlineGame.restore(save: saved).state().board.history.count, movesAtSave)
            let restored = try library.openOnlineGame(id: gb.id)
            let r = restored.state()
            XCTAssertEqual(r.connection, .connecting)
            XCTAssertEqual(r.game?.id, gb.id)
            XCTAssertEqual(r.game?.side, gb.side)
            XCTAssertEqual(r.board.history.count, movesAtSave)
            let b2 = Device(url: url, name: "Bob", token: b.token, game: restored)
            try b2.client.connect()
            let caughtUp = try b2.waitFor("the game resumed") {
                $0.connection == .connected && $0.game?.resyncing == false
                    && $0.board.history == a.state.board.history
            }
            XCTAssertEqual(caughtUp.board.holes, a.state.board.holes)
            let back = try a.waitFor("Bob back") { $0.game?.opponentConnected == true }
            XCTAssertEqual(back.board.banner, .opponentReconnected(player: gb.side))

            for _ in 0..<4 { try oneMove(a, b2) }

            // The network drops while Bob is to move: the client reconnects by itself.
            if !b2.myTurn() { try oneMove(a, b2) }
            XCTAssertTrue(b2.myTurn())
            b2.client.drop()
            XCTAssertEqual(b2.state.connection, .reconnecting)
            XCTAssertEqual(b2.state.board.banner, .reconnecting)
            let firstDelay = try XCTUnwrap(b2.game.reconnectDelayMs())
            XCTAssertTrue(
                (400...600).contains(firstDelay),
                "the core's first delay, about 500 ms: \(firstDelay)")
            // He moves meanwhile: the move stays pending until the server has it, exactly once.
            let withPending = try b2.tapStep()
            try b2.waitFor("reconnected by itself, the pending move confirmed") {
                $0.connection == .connected && $0.game?.resyncing == false
                    && $0.game!.pendingMove.isEmpty && $0.board.history.count == withPending
            }
            try a.waitFor("Bob's move after the drop") {
                $0.game?.opponentConnected == true && $0.board.history.count == withPending
            }
            Thread.sleep(forTimeInterval: 0.3)
            XCTAssertEqual(a.state.board.history.count, withPending, "the move was played once")
            XCTAssertEqual(a.state.board.history, b2.state.board.history)
            // The game goes on.
            for _ in 0..<2 { try oneMove(a, b2) }

            // Bob resigns: both sides agree on the outcome.
            try waitUntil("no move in flight") {
                a.state.game!.pendingMove.isEmpty && b2.state.game!.pendingMove.isEmpty
            }
            _ = try b2.board.resign()
            let endA = try a.waitFor("the end") { $0.board.outcome != nil }
            let endB = try b2.waitFor("the end") { $0.board.outcome != nil }
            XCTAssertEqual(endA.board.outcome, endB.board.outcome)
            XCTAssertEqual(endA.board.outcome?.reason, .resigned)
            XCTAssertEqual(endA.board.outcome?.winners, [ga.side])
            XCTAssertEqual(endA.board.outcome?.by, gb.side)
            XCTAssertEqual(endA.board.history, endB.board.history)
            for end in [endA, endB] {
                XCTAssertEqual(end.board.banner, .gameOver)
                XCTAssertTrue(end.game!.over)
                XCTAssertTrue(end.board.capabilities.canRematch)
                XCTAssertFalse(end.board.capabilities.canResign)
            }
            assertThrows(MoveError.self, try a.board.resign()) { $0 == .NoGame }
            XCTAssertNil(
                try a.board.tap(q: 0, r: 0).selected,
                "taps after the end are ignored")
            XCTAssertNotNil(a.reported.get(), "the client published states")
            a.client.close()
            b2.client.close()
        }
    }
#endif
