// The app's side of online play, with URLSessionWebSocketTask (plain Foundation; on Linux the
// WebSocket lives in FoundationNetworking). Same shape as the Kotlin OkHttp client.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ChineseCheckersCore

/// Carries strings between a WebSocket and the core's `OnlineGame`, nothing more: every message
/// is built and read by the core (`OnlineUpdate.outgoing` is sent as text frames, every text frame
/// received goes to `receive(frame:)`), and every new state comes out through `onState` (called on
/// URLSession's queue or on the caller's thread).
///
/// Reconnecting is the app's choice (when, how often): call `connect()` again; the core sends
/// `hello` and resumes the game by itself when the server welcomes it.
public final class OnlineClient: @unchecked Sendable {
    public let game: OnlineGame
    private let url: URL
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

    public init(game: OnlineGame, url: URL, token: String, name: String,
                urlSession: URLSession = URLSession(configuration: .default),
                onState: @escaping (OnlineState) -> Void = { _ in }) {
        self.game = game
        self.url = url
        self.token = token
        self.name = name
        self.urlSession = urlSession
        self.onState = onState
    }

    /// Opens the WebSocket and sends `hello` (the task holds frames until it is open).
    public func connect() throws {
        let (frames, outbox) = AsyncStream.makeStream(of: String.self)
        lock.lock()
        closeLocked(.goingAway)
        var request = URLRequest(url: url)
        #if canImport(FoundationNetworking)
        // FoundationNetworking adds `Connection: keep-alive`, which replaces libcurl's upgrade
        // header, and the server then refuses the upgrade (400). Ask for the upgrade explicitly.
        request.setValue("Upgrade", forHTTPHeaderField: "Connection")
        #endif
        let hello: OnlineUpdate
        do {
            hello = try game.hello(token: token, name: name)
        } catch {
            lock.unlock()
            throw error
        }
        let t = urlSession.webSocketTask(with: request)
        task = t
        self.outbox = outbox
        t.resume()
        // `hello` goes first, before anything another thread may perform meanwhile.
        hello.outgoing.forEach { outbox.yield($0) }
        lock.unlock()
        onState(hello.state)
        Task {
            for await text in frames {
                do { try await t.send(.string(text)) } catch { break } // the receive loop reports it
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
                    _ = try? self.perform { try $0.receive(frame: text) }
                } // the protocol has text frames only
            }
        }
    }

    /// Runs one of the game's calls, sends what it returns and publishes its state.
    @discardableResult
    public func perform(_ action: (OnlineGame) throws -> OnlineUpdate) throws -> OnlineState {
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

    /// Closes the socket (the server holds the seat for its grace period).
    public func close() {
        lock.lock()
        let open = task != nil
        closeLocked(.normalClosure)
        let state = open ? game.connectionLost() : nil
        lock.unlock()
        if let state { onState(state) }
    }

    /// The socket `t` closed or failed: the core shows "reconnecting" (unless `t` was already
    /// replaced or closed by `connect()` or `close()`).
    private func socketEnded(_ t: URLSessionWebSocketTask) {
        lock.lock()
        guard task === t else {
            lock.unlock()
            return
        }
        closeLocked(.goingAway)
        let state = game.connectionLost()
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
