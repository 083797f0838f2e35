import Foundation
import XCTest
import ChineseCheckersCore
import GameModel

/// Two URLSession clients carry two online sessions' strings through the real server on 127.0.0.1
/// (the binary run.sh builds, passed in CHINESE_CHECKERS_SERVER_BIN). Same scenario as Kotlin's.
final class OnlineClientTests: XCTestCase {
    private var server: Process?

    override func tearDown() {
        if let p = server, p.isRunning {
            p.terminate() // SIGTERM: the server says `shutting_down` and exits
            let deadline = Date().addingTimeInterval(5)
            while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        }
        server = nil
        super.tearDown()
    }

    /// Starts the server on a free loopback port; returns its WebSocket URL.
    private func startServer() throws -> URL {
        let bin = ProcessInfo.processInfo.environment["CHINESE_CHECKERS_SERVER_BIN"] ?? ""
        guard FileManager.default.isExecutableFile(atPath: bin) else {
            throw TestError("server binary not found: '\(bin)' (run tests/swift/run.sh)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: bin)
        p.arguments = ["--bind", "127.0.0.1:0"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        server = p

        // Read the first line on another thread (bounded wait), then keep draining stdout so the
        // pipe never fills.
        let firstLine = DispatchSemaphore(value: 0)
        let box = Box<String>()
        let reader = out.fileHandleForReading
        DispatchQueue.global().async {
            var buf = Data()
            var signalled = false
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break } // EOF
                if !signalled {
                    buf.append(chunk)
                    if let nl = buf.firstIndex(of: UInt8(ascii: "\n")) {
                        box.set(String(decoding: buf[buf.startIndex..<nl], as: UTF8.self))
                        signalled = true
                        firstLine.signal()
                    }
                }
            }
            if !signalled { firstLine.signal() }
        }
        guard firstLine.wait(timeout: .now() + 20) == .success, let line = box.get() else {
            throw TestError("the server did not start within 20 s")
        }
        let prefix = "listening on "
        guard line.hasPrefix(prefix) else { throw TestError("unexpected server output: \(line)") }
        let addr = line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
        guard addr.hasPrefix("127.0.0.1:"), let url = URL(string: "ws://\(addr)/ws") else {
            throw TestError("not a loopback address: \(addr)")
        }
        return url
    }

    /// One device: its session, its client, and the last view the client reported.
    private final class Device {
        let session = GameSession.newOnline()
        let views = Box<BoardView>()
        let client: OnlineClient

        init(url: URL, name: String) {
            client = OnlineClient(session: session, url: url, token: newToken(), name: name) { [views] in
                views.set($0)
            }
        }

        func waitFor(_ what: String, timeout: TimeInterval = 10,
                   _ cond: (BoardView) -> Bool) throws -> BoardView {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                let v = session.view()
                if cond(v) { return v }
                Thread.sleep(forTimeInterval: 0.01)
            }
            throw TestError("timed out waiting for \(what)")
        }

        func myTurn() -> Bool {
            let v = session.view()
            return v.toMove == v.online?.side
        }

        /// Taps a step (the first peg of ours that has one); returns the game's length after it.
        func playStep() throws -> Int {
            let v = session.view()
            let mine = v.players[Int(v.online!.side!)].colours
            for hole in v.holes where hole.occupant.map({ mine.contains($0) }) == true {
                let targets = try client.perform { try $0.onlineTap(q: hole.coord.q, r: hole.coord.r) }.targets
                guard let step = targets.first(where: { $0.kind == .step }) else {
                    try client.perform { try $0.onlineCancelTouch() }
                    continue
                }
                let moves = try client.perform { try $0.onlineTap(q: step.coord.q, r: step.coord.r) }.history.count
                _ = try waitFor("our move confirmed") { $0.online!.pendingMove.isEmpty }
                return moves
            }
            throw TestError("no step to play")
        }
    }

    func testTwoClientsPlayThroughTheServer() throws {
        let url = try startServer()
        let a = Device(url: url, name: "Ann")
        let b = Device(url: url, name: "Bob")
        a.client.connect()
        b.client.connect()
        _ = try a.waitFor("welcome") { $0.online!.welcomed }
        _ = try b.waitFor("welcome") { $0.online!.welcomed }

        try a.client.perform { try $0.onlineCreateRoom(format: .tripot1) }
        let code = try a.waitFor("room code") { $0.online!.roomCode != nil }.online!.roomCode!
        try b.client.perform { try $0.onlineJoinRoom(code: code) }
        _ = try a.waitFor("game") { $0.online!.game != nil }
        _ = try b.waitFor("game") { $0.online!.game != nil }

        for _ in 0..<4 {
            let (mover, other) = a.myTurn() ? (a, b) : (b, a)
            let moves = try mover.playStep()
            _ = try other.waitFor("the opponent's move") { $0.history.count == moves }
        }

        try b.client.perform { try $0.onlineResign() }
        let end = try a.waitFor("the end") { $0.outcome != nil }
        XCTAssertEqual(end.outcome?.reason, .resigned)
        XCTAssertEqual(end.banner?.kind, .gameOver)
        XCTAssertTrue(try b.waitFor("the end") { $0.outcome != nil }.online!.canRematch)
        XCTAssertNotNil(a.views.get(), "the client published views")
        a.client.close()
        b.client.close()
    }
}

private struct TestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A value shared between threads.
private final class Box<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    func set(_ v: T) { lock.lock(); value = v; lock.unlock() }
    func get() -> T? { lock.lock(); defer { lock.unlock() }; return value }
}
