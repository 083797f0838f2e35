// The app's side of online play, with URLSessionWebSocketTask (plain Foundation; on Linux the
// WebSocket lives in FoundationNetworking). Same shape as the Kotlin OkHttp client.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ChineseCheckersCore

/// Carries strings between a WebSocket and the core's online session, nothing more: every message
/// is built and read by the core (`OnlineUpdate.outgoing` is sent as text frames, every text frame
/// received goes to `onlineReceive`), and every change of the board comes out as a `BoardView`
/// through `onView` (called on URLSession's queue or on the caller's thread).
///
/// Reconnecting is the app's choice (when, how often): call `connect()` again; the core sends
/// `hello` and resumes the game by itself when the server welcomes it.
public final class OnlineClient: @unchecked Sendable {
    private let session: GameSession
    private let url: URL
    private let token: String
    private let name: String
    private let urlSession: URLSession
    private let onView: (BoardView) -> Void
    // One lock around "ask the core, send what it says", so that messages leave in the order the
    // core produced them even when the UI and URLSession's queue call at once.
    private let lock = NSLock()
    private var task: URLSessionWebSocketTask?
    // Frames to send, in order: one sending loop per connection drains it (FoundationNetworking's
    // `send` is async only, so a single loop keeps the core's order).
    private var outbox: AsyncStream<String>.Continuation?

    public init(session: GameSession, url: URL, token: String, name: String,
                urlSession: URLSession = URLSession(configuration: .default),
                onView: @escaping (BoardView) -> Void) {
        self.session = session
        self.url = url
        self.token = token
        self.name = name
        self.urlSession = urlSession
        self.onView = onView
    }

    /// Opens the WebSocket and sends `hello` (the task holds frames until it is open).
    public func connect() {
        let (frames, outbox) = AsyncStream.makeStream(of: String.self)
        lock.lock()
        closeLocked(.goingAway)
        var request = URLRequest(url: url)
        #if canImport(FoundationNetworking)
        // FoundationNetworking adds `Connection: keep-alive`, which replaces libcurl's upgrade
        // header, and the server then refuses the upgrade (400). Ask for the upgrade explicitly.
        request.setValue("Upgrade", forHTTPHeaderField: "Connection")
        #endif
        let t = urlSession.webSocketTask(with: request)
        task = t
        self.outbox = outbox
        t.resume()
        // `hello` goes first, before anything another thread may perform meanwhile.
        let hello = try? session.onlineHello(token: token, name: name)
        hello?.outgoing.forEach { outbox.yield($0) }
        lock.unlock()
        if let view = hello?.view { onView(view) }
        Task {
            for await text in frames {
                do { try await t.send(.string(text)) } catch { break } // the receive loop reports it
            }
        }
        Task { [weak self] in
            while let self {
                let message: URLSessionWebSocketTask.Message
                do { message = try await t.receive() } catch {
                    self.onView(self.session.view()) // closed or failed: the view says so
                    return
                }
                if case .string(let text) = message {
                    // A frame the core does not understand changes nothing; the next one may.
                    _ = try? self.perform { try $0.onlineReceive(text: text) }
                } // the protocol has text frames only
            }
        }
    }

    /// Runs one of the session's `online…` calls, sends what it returns and publishes its view.
    @discardableResult
    public func perform(_ action: (GameSession) throws -> OnlineUpdate) throws -> BoardView {
        lock.lock()
        let update: OnlineUpdate
        do {
            update = try action(session)
        } catch {
            lock.unlock()
            throw error
        }
        for text in update.outgoing { outbox?.yield(text) }
        lock.unlock()
        onView(update.view)
        return update.view
    }

    /// Closes the socket (the server holds the seat for its grace period).
    public func close() {
        lock.lock()
        closeLocked(.normalClosure)
        lock.unlock()
    }

    private func closeLocked(_ code: URLSessionWebSocketTask.CloseCode) {
        outbox?.finish()
        outbox = nil
        task?.cancel(with: code, reason: nil)
        task = nil
    }
}
