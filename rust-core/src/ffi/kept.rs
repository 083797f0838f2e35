//! [`Kept`]: a local game's session and its library keeper under one lock, shared by the game
//! object and the engine thread that plays the AI's move (both write the game after a change).

use std::sync::Arc;

use super::listen::{Delivery, Pending};
use crate::session::{GameState, Keeper, SessionState};

/// The game and, when the library keeps it, its keeper, under one lock: every change is written
/// inside the call that made it, and two writes never overtake each other.
pub(crate) struct Kept {
    /// The session.
    pub(crate) state: SessionState,
    pub(crate) keeper: Option<Keeper>,
    /// Who hears of each change (the board's listener); stamped under this lock.
    pub(crate) sink: Arc<Delivery>,
}

impl Kept {
    /// The state to draw, with whether it is on disk.
    pub(crate) fn view(&self) -> GameState {
        let mut view = self.state.view();
        if let Some(keeper) = &self.keeper {
            view.storage = keeper.status();
        }
        view
    }

    /// Writes the game if it is kept and changed (after every accepted call).
    pub(crate) fn keep(&mut self) {
        if let Some(keeper) = self.keeper.as_mut() {
            keeper.keep_local(&self.state);
        }
    }

    /// After a change: the state for the listener, to deliver once this lock is released.
    pub(crate) fn changed(&self) -> Option<Pending> {
        self.sink.stamp_with(|| self.view())
    }
}
