//! Telling the app about changes: the [`GameListener`] a [`super::game::Game`] calls after every
//! change of its board, and the [`OnlineTransport`] its online board calls send through.
//!
//! Every change is stamped with a number while the game's lock is held (so the numbers follow
//! the order of the changes), then handed to the listener after that lock is released — foreign
//! code never runs under a core lock, so a listener may call the game back. Deliveries go one at
//! a time under the delivery lock, and one older than the last delivered is dropped: a listener
//! never sees an older state after a newer one, whichever thread made each change (a tap on the
//! UI thread, the AI's move on the engine thread, a frame received online).

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::{Mutex, ReentrantMutex};

use crate::session::{GameState, MoveError};

/// Hears every change of a game's board (set with `Game.setListener`).
///
/// `changed` is called after every change — a tap, undo, the AI's move, a frame received online
/// — on the thread that made it (the engine thread for the AI's move, the socket's thread for a
/// frame): hop to the UI thread before drawing. States arrive in the order of their changes; one
/// overtaken by a newer state is dropped, never delivered late. The game may be called back from
/// here (no core lock is held), but keep it short: the next change waits for it.
#[cfg_attr(feature = "uniffi", uniffi::export(with_foreign))]
pub trait GameListener: Send + Sync {
    /// The board changed: `state` is the state to draw now.
    fn changed(&self, state: GameState);
}

/// Sends the frames an online game's board calls produce (set with `OnlineGame.setTransport`):
/// the app writes each one to its WebSocket as a text frame, in the order received.
#[cfg_attr(feature = "uniffi", uniffi::export(with_foreign))]
pub trait OnlineTransport: Send + Sync {
    /// Sends one encoded message now (a WebSocket text frame).
    fn send(&self, frame: String);
}

/// A game's listener slot and the order of its changes.
#[derive(Default)]
pub(crate) struct Delivery {
    /// The number of the last change stamped; taken under the game's lock.
    stamped: AtomicU64,
    listener: Mutex<Option<Arc<dyn GameListener>>>,
    /// The number of the last change delivered. Reentrant: a listener that calls the game back
    /// on its own thread delivers the newer state from inside its call, and the older one, still
    /// being delivered, was already handed over.
    delivered: ReentrantMutex<Cell<u64>>,
}

/// A change stamped under the game's lock, to deliver once that lock is released.
#[must_use = "deliver it after releasing the game's lock"]
pub(crate) struct Pending {
    delivery: Arc<Delivery>,
    number: u64,
    state: GameState,
}

impl Delivery {
    /// A slot with no listener.
    pub(crate) fn new() -> Arc<Delivery> {
        Arc::new(Delivery::default())
    }

    /// Sets (or removes, with `None`) the listener.
    pub(crate) fn set_listener(&self, listener: Option<Arc<dyn GameListener>>) {
        *self.listener.lock() = listener;
    }

    /// Whether anyone listens (the state need not be built for nobody).
    pub(crate) fn listening(&self) -> bool {
        self.listener.lock().is_some()
    }

    /// Stamps a change; call under the game's lock, deliver after releasing it.
    pub(crate) fn stamp(self: &Arc<Self>, state: GameState) -> Pending {
        Pending {
            delivery: Arc::clone(self),
            number: self.stamped.fetch_add(1, Ordering::SeqCst) + 1,
            state,
        }
    }

    /// Stamps a change if anyone listens (`state` is built only then).
    pub(crate) fn stamp_with(
        self: &Arc<Self>,
        state: impl FnOnce() -> GameState,
    ) -> Option<Pending> {
        self.listening().then(|| self.stamp(state()))
    }
}

impl Pending {
    /// Hands the state to the listener, unless a newer one was delivered already. Never call
    /// it under a game's lock.
    pub(crate) fn deliver(self) {
        let delivered = self.delivery.delivered.lock();
        if self.number <= delivered.get() {
            return;
        }
        delivered.set(self.number);
        let listener = self.delivery.listener.lock().clone();
        if let Some(listener) = listener {
            listener.changed(self.state);
        }
    }
}

/// Runs `act` on the board behind `board` (it makes its change and returns the state to draw),
/// stamps that state under the board's lock and hands it to the listener once the lock is
/// released: the one path of a puzzle's and a lesson's changes.
pub(crate) fn change<T>(
    board: &Mutex<T>,
    delivery: &Arc<Delivery>,
    act: impl FnOnce(&mut T) -> Result<GameState, MoveError>,
) -> Result<GameState, MoveError> {
    let (state, pending) = {
        let mut guarded = board.lock();
        let state = act(&mut guarded)?;
        let pending = delivery.stamp(state.clone());
        (state, pending)
    };
    pending.deliver();
    Ok(state)
}

/// Delivers a change stamped earlier, if there is one.
pub(crate) fn deliver(pending: Option<Pending>) {
    if let Some(p) = pending {
        p.deliver();
    }
}
