//! [`Kept`]: a local game's session and its library keeper under one lock, shared by the game
//! object and the engine thread that plays the AI's move (both write the game after a change).

use crate::session::{GameState, Keeper, SessionState};

/// The game and, when the library keeps it, its keeper, under one lock: every change is written
/// inside the call that made it, and two writes never overtake each other.
pub(crate) struct Kept {
    /// The session.
    pub(crate) state: SessionState,
    pub(crate) keeper: Option<Keeper>,
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
}
