//! Running a search the session asked for (the AI's move or a hint) on one engine thread, with a
//! handle that awaits it and cancels it.
//!
//! The session chose the position, level and seed
//! ([`SessionState::begin_search`](crate::session::SessionState::begin_search)); the thread runs
//! the search, hands the result back to the session
//! ([`SessionState::finish_search`](crate::session::SessionState::finish_search)) and
//! sends the new state to whoever awaits the [`AiSearch`]. Cancelling — by
//! [`AiSearch::cancel`], by dropping the handle, or by dropping the future that awaits it (a
//! cancelled Kotlin coroutine) — stops the search within a few milliseconds. The AI's move is
//! written by the library's keeper on the engine thread, before the new state is sent.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use parking_lot::Mutex;

use super::kept::Kept;
use super::listen::{deliver, Pending};
use crate::ai::{self, CancelHandle};
use crate::session::{GameState, MoveError, SearchRequest};

/// How a search ended.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SearchOutcome {
    /// The AI moved, or the hint is on the board.
    Finished {
        /// The state after it.
        state: GameState,
    },
    /// The search was cancelled (or overtaken by undo, resign…); the game is unchanged by it.
    Cancelled {
        /// The state now.
        state: GameState,
    },
    /// The engine failed (a bug); the game is unchanged by it.
    Failed {
        /// What failed, for logs.
        detail: String,
        /// The state now.
        state: GameState,
    },
}

/// A search in progress. Await [`AiSearch::finish`]; [`AiSearch::cancel`] or dropping the handle
/// stops it.
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct AiSearch {
    cancel: CancelHandle,
    game: Arc<Mutex<Kept>>,
    /// The search as the session knows it (kind and generation).
    request: SearchRequest,
    result: Mutex<Option<oneshot::Receiver<SearchOutcome>>>,
}

/// Stack of the engine thread: a search's depth must never depend on the caller's stack (JVM and
/// Android threads often have 1 MB or less).
const ENGINE_STACK: usize = 16 << 20;

impl AiSearch {
    /// The handle that stops this search (kept by the game to stop it on undo or resign).
    pub(crate) fn cancel_handle(&self) -> CancelHandle {
        self.cancel.clone()
    }

    /// Starts `request` on an engine thread.
    pub(crate) fn spawn(
        game: Arc<Mutex<Kept>>,
        request: SearchRequest,
    ) -> Result<Arc<AiSearch>, MoveError> {
        let cancel = CancelHandle::new();
        let (tx, rx) = oneshot::channel();
        let (thread_game, thread_cancel) = (Arc::clone(&game), cancel.clone());
        let thread_request = request.clone();
        let spawned = std::thread::Builder::new()
            .name("engine".into())
            .stack_size(ENGINE_STACK)
            .spawn(move || {
                let (outcome, pending) = run(&thread_game, &thread_request, &thread_cancel);
                // The listener hears of the AI's move first, from this thread.
                deliver(pending);
                // Nobody may be waiting any more: that is fine.
                let _ = tx.send(outcome);
            });
        if let Err(e) = spawned {
            game.lock().state.cancel_search(&request);
            return Err(MoveError::Internal {
                detail: format!("could not start the engine thread: {e}"),
            });
        }
        Ok(Arc::new(AiSearch {
            cancel,
            game,
            request,
            result: Mutex::new(Some(rx)),
        }))
    }

    /// Waits for the search on this thread (the terminal game; the apps await `finish`).
    pub fn wait(&self) -> SearchOutcome {
        let rx = self.result.lock().take();
        match rx.map(|rx| rx.recv()) {
            Some(Ok(outcome)) => outcome,
            _ => self.cancelled(),
        }
    }

    fn cancelled(&self) -> SearchOutcome {
        SearchOutcome::Cancelled {
            state: self.game.lock().view(),
        }
    }
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl AiSearch {
    /// Waits for the end of the search and returns the new state. Dropping the waiting future
    /// (cancelling the coroutine) cancels the search; a second call returns `Cancelled`.
    pub async fn finish(&self) -> SearchOutcome {
        let rx = self.result.lock().take();
        let Some(rx) = rx else {
            return self.cancelled();
        };
        let mut guard = CancelOnDrop(Some(self));
        let outcome = rx.await;
        guard.0 = None;
        outcome.unwrap_or_else(|_| self.cancelled())
    }

    /// Stops the search (safe to call any time, also after it ended). The game is left as it
    /// was before the search; `finish` returns `Cancelled`.
    pub fn cancel(&self) {
        self.cancel.cancel();
        let pending = {
            let mut game = self.game.lock();
            game.state.cancel_search(&self.request);
            game.changed()
        };
        deliver(pending);
    }
}

impl Drop for AiSearch {
    fn drop(&mut self) {
        // A finished search has nothing left to stop; this only stops one still running.
        self.cancel.cancel();
    }
}

/// Cancels the search when the future awaiting it is dropped unfinished.
struct CancelOnDrop<'a>(Option<&'a AiSearch>);

impl Drop for CancelOnDrop<'_> {
    fn drop(&mut self) {
        if let Some(search) = self.0.take() {
            search.cancel();
        }
    }
}

/// The engine thread's work: search, hand the result to the session, report the new state (and
/// the change for the listener, delivered once the game's lock is released).
fn run(
    game: &Mutex<Kept>,
    request: &SearchRequest,
    cancel: &CancelHandle,
) -> (SearchOutcome, Option<Pending>) {
    let found = catch_unwind(AssertUnwindSafe(|| {
        ai::choose_move(&request.position, request.level, request.limits, cancel)
    }));
    let mut game = game.lock();
    let outcome = match found {
        Ok(_) if cancel.is_cancelled() => {
            log::info!("{:?} search cancelled", request.kind);
            game.state.finish_search(request, None);
            SearchOutcome::Cancelled { state: game.view() }
        }
        Ok(report) => {
            log::debug!(
                "{:?} at {:?}: depth {} nodes {} in {} ms",
                request.kind,
                request.level,
                report.depth,
                report.nodes,
                report.elapsed_ms
            );
            game.state.finish_search(request, Some(report.best));
            // The AI's move is written before anyone is told of it.
            game.keep();
            SearchOutcome::Finished { state: game.view() }
        }
        Err(panic) => {
            let detail = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            log::error!("engine panic: {detail}");
            game.state.finish_search(request, None);
            SearchOutcome::Failed {
                detail,
                state: game.view(),
            }
        }
    };
    let pending = game.changed();
    (outcome, pending)
}
