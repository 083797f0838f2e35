import ChineseCheckersCore
// The app's side of online play, with URLSessionWebSocketTask (plain Foundation; on Linux the
// WebSocket lives in FoundationNetworking). Same shape as the Kotlin OkHttp client.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Carries strings between a WebSocket and the core's `OnlineGame`, nothing more: every message
/// is built and read by the core (`OnlineUpdate.outgoing` is sent as text frames, every text frame
/// received goes to `receive(frame:)`), and every new state comes out through `onState` (called on
/// URLSession's queue or on the caller's thread).
///
/// The connection is kept alive: a WebSocket ping every `OnlineClient.pingInterval` seconds (a
/// player thinking sends nothing for minutes, and the server closes silent sockets). When the
/// socket closes or fails, the client reconnects by itself after the delay the core's policy
/// gives (`reconnectDelayMs()`, the same for every app) and sends `hello` again; the core resumes
/// the game and resends a pending move when the server welcomes it. `close()` stops it.
public final class OnlineClient: @unchecked Sendable {
    /// How often the client pings the server (well within the server's 120 s of allowed silence).
    public static let pingInterval: TimeInterval = 25

    /// The core's online game whose messages this client carries.
    public let game: OnlineGame
    /// Nil in a build without a server, none chosen: `connect()` then opens nothing.
    private let url: URL?
    private let token: String
    private let name: String
    private let urlSession: URLSession
    private let onState: (OnlineState) -> Void
    // One lock around "ask the core, send what it says", so that messages leave in the order the
    // core produced them even when the UI and URLSession's queue call at once.
    private let lock = NSLock()
    private var task: URLSessionWebSocketTask?
    // Frames to send, in order: one sending loop per connection drains it (FoundationNetworking's
    // `send` is async only, so a single loop keeps the core's order).
    private var outbox: AsyncStream<String>.Continuation?
    /// The interval of the keep-alive pings, in seconds.
    public let pingEvery: TimeInterval
    /// Set by `close()`: no reconnection until `connect()` is called again.
    private var closed = false
    private var reconnectTask: Task<Void, Never>?
    private var pings = 0
    private var pongs = 0

    /// A client for `game` talking to `url` as the install's `token` under `name`; `onState`
    /// gets every new state. Nothing is sent before `connect()`.
    public init(
        game: OnlineGame, url: URL?, token: String, name: String,
        urlSession: URLSession = URLSession(configuration: .default),
        pingInterval: TimeInterval = OnlineClient.pingInterval,
        onState: @escaping (OnlineState) -> Void = { _ in }
    ) {
        self.game = game
        self.url = url
        self.token = token
        self.name = name
        self.urlSession = urlSession
        self.pingEvery = pingInterval
        self.onState = onState
    }

    /// Pings sent, and pongs received, since the client was made.
    public var pingCounts: (sent: Int, pongs: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (pings, pongs)
    }

    /// Opens the WebSocket and sends `hello` (the task holds frames until it is open).
    public func connect() throws {
        lock.lock()
        closed = false
        reconnectTask?.cancel()
        reconnectTask = nil
        let state: OnlineState
        do {
            state = try openLocked()
        } catch {
            lock.unlock()
            throw error
        }
        lock.unlock()
        onState(state)
    }

    /// The scheduled reconnection: opens a new socket unless closed or connected meanwhile.
    private func reconnect() {
        lock.lock()
        reconnectTask = nil
        guard !closed, task == nil, let state = try? openLocked() else {
            lock.unlock()
            return
        }
        lock.unlock()
        onState(state)
    }

    /// Opens a socket (the lock held): `hello` first, then the sending, receiving and ping loops.
    /// Returns the state after `hello`.
    private func openLocked() throws -> OnlineState {
        guard let url else { return game.state() }
        let (frames, outbox) = AsyncStream.makeStream(of: String.self)
        closeLocked(.goingAway)
        var request = URLRequest(url: url)
        #if canImport(FoundationNetworking)
            // FoundationNetworking adds `Connection: keep-alive`, which replaces libcurl's upgrade
            // header, and the server then refuses the upgrade (400). Ask for the upgrade explicitly.
            request.setValue("Upgrade", forHTTPHeaderField: "Connection")
        #endif
        let hello = try game.send(request: .hello(token: token, name: name))
        let t = urlSession.webSocketTask(with: request)
        task = t
        self.outbox = outbox
        t.resume()
        // `hello` goes first, before anything another thread may perform meanwhile.
        hello.outgoing.forEach { outbox.yield($0) }
        let every = UInt64(pingEvery * 1_000_000_000)
        Task { [weak self] in
            while true {
                try? await Task.sleep(nanoseconds: every)
                guard let self, self.pinging(t) else { return }
                t.sendPing { [weak self] error in
                    if error == nil { self?.counted { $0.pongs += 1 } }
                }
            }
        }
        Task {
            for await text in frames {
                // A failed send ends the loop; the receive loop reports the closed socket.
                do { try await t.send(.string(text)) } catch { break }
            }
        }
        Task { [weak self] in
            while let self {
                let message: URLSessionWebSocketTask.Message
                do { message = try await t.receive() } catch {
                    self.socketEnded(t)
                    return
                }
                if case .string(let text) = message {
                    // A frame the core does not understand changes nothing; the next one may.
                    _ = try? self.receive(frame: text)
                }  // the protocol has text frames only
            }
        }
        return hello.state
    }

    /// Whether `t` is still the socket (counting a ping about to be sent on it).
    private func pinging(_ t: URLSessionWebSocketTask) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard task === t else { return false }
        pings += 1
        return true
    }

    private func counted(_ change: (OnlineClient) -> Void) {
        lock.lock()
        change(self)
        lock.unlock()
    }

    /// Sends one request of the player (`OnlineGame.send`) and what it makes, and publishes the
    /// state.
    @discardableResult
    public func send(_ request: OnlineRequest) throws -> OnlineState {
        try perform { try $0.send(request: request) }
    }

    /// One frame from the server (the socket's own, or a test's), and what the core answers.
    @discardableResult
    public func receive(frame: String) throws -> OnlineState {
        try perform { try $0.receive(frame: frame) }
    }

    /// Runs one of the game's calls, sends what it returns and publishes its state.
    @discardableResult
    private func perform(_ action: (OnlineGame) throws -> OnlineUpdate) throws -> OnlineState {
        lock.lock()
        let update: OnlineUpdate
        do {
            update = try action(game)
        } catch {
            lock.unlock()
            throw error
        }
        for text in update.outgoing { outbox?.yield(text) }
        lock.unlock()
        onState(update.state)
        return update.state
    }

    /// Sends one frame the core made (a board call's, through the game's `OnlineTransport`) on
    /// the open socket, in order with the client's own. With no socket it goes nowhere: the
    /// core resends a pending move when the server welcomes it again.
    public func send(frame: String) {
        lock.lock()
        outbox?.yield(frame)
        lock.unlock()
    }

    /// This client as its game's transport, held weakly: the board calls (`Game`) send their
    /// frames through it (`game.setTransport(transport: client.transport())`). The client is an
    /// `OnlineTransport` itself, but the game keeps its transport and the client its game: set
    /// directly, the two would never be freed.
    public func transport() -> OnlineTransport { WeakTransport(self) }

    /// Closes the socket (the server holds the seat for its grace period) and stops
    /// reconnecting: the person leaves.
    public func close() {
        lock.lock()
        closed = true
        reconnectTask?.cancel()
        reconnectTask = nil
        let open = task != nil
        closeLocked(.normalClosure)
        let state = open ? game.connectionLost() : nil
        _ = try? game.send(request: .leave)
        lock.unlock()
        if let state { onState(state) }
    }

    /// Drops the socket abruptly, as a lost network would: the client reconnects by itself.
    public func drop() {
        lock.lock()
        let t = task
        lock.unlock()
        guard let t else { return }
        t.cancel()
        socketEnded(t)
    }

    /// The socket `t` closed or failed: the core shows "reconnecting" and counts the attempt, and
    /// a reconnection is scheduled after the core's delay (unless `t` was already replaced or
    /// closed by `connect()` or `close()`, or the core says not to reconnect).
    private func socketEnded(_ t: URLSessionWebSocketTask) {
        lock.lock()
        guard task === t else {
            lock.unlock()
            return
        }
        closeLocked(.goingAway)
        let state = game.connectionLost()
        if !closed, let delay = game.reconnectDelayMs() {
            reconnectTask?.cancel()
            reconnectTask = Task { [weak self] in
                try? await Task.sleep(nanoseconds: delay.magnitude * 1_000_000)
                guard !Task.isCancelled else { return }
                self?.reconnect()
            }
        }
        lock.unlock()
        onState(state)
    }

    private func closeLocked(_ code: URLSessionWebSocketTask.CloseCode) {
        outbox?.finish()
        outbox = nil
        task?.cancel(with: code, reason: nil)
        task = nil
    }
}

extension OnlineClient: OnlineTransport {}

/// Forwards the board's frames to a client it does not keep alive.
private final class WeakTransport: OnlineTransport, @unchecked Sendable {
    private weak var client: OnlineClient?

    init(_ client: OnlineClient) { self.client = client }

    func send(frame: String) { client?.send(frame: frame) }
}
