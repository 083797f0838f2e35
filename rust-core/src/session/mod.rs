//! The game session: a pure state machine (Ferrostar/Crux style) between the apps and the rules.
//!
//! [`update`]`(state, event)` is the only way the state changes; [`SessionState::view`] derives
//! the [`BoardView`] the apps render. Nothing here blocks, spawns or does I/O: the AI's search
//! runs outside (see `ffi::GameSession::think`), and its result comes back as an
//! [`Event::AiMoved`] tagged with the state's generation, so a stale result is ignored.
//!
//! Touch model: tap one of your pegs to select it (its step, jump and swap targets are
//! highlighted, each with its path); tap a target to play. In tripot a jump leaves the peg "in
//! chain": tap a next hop to jump on, tap the peg again or press "End jump" to stop, tap an
//! earlier landing to back out to it. Tapping anywhere else cancels.

pub mod error;
pub mod online;
pub mod save;
pub mod state;
mod touch;
pub mod types;
mod view;

pub use error::SessionError;
pub use save::{GameResult, OpponentRecord, Statistics, SAVE_VERSION};
pub use state::{update, Event, ManualEnd, SessionState, Target, Touch};
pub use types::*;

#[cfg(test)]
mod tests;
