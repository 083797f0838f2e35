// Swift task cancellation for the core's searches: the core owns the search thread, the app
// owns the task that waits for it.
import ChineseCheckersCore

extension AiSearch {
    /// Awaits the search. Cancelling the Swift `Task` that awaits it cancels the search in the
    /// core: Swift's cancellation does not reach Rust by itself, so it is forwarded to `cancel()`
    /// (the game is then left as it was and `finish` returns `.cancelled`).
    public func outcome() async -> SearchOutcome {
        await withTaskCancellationHandler {
            await self.finish()
        } onCancel: {
            self.cancel()
        }
    }
}

extension SearchOutcome {
    /// The state after the search, however it ended.
    public var state: GameState {
        switch self {
        case .finished(let state), .cancelled(let state), .failed(_, let state):
            return state
        }
    }
}
