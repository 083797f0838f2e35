//! The game session: a pure state machine (Ferrostar/Crux style) between the apps and the rules.
//!
//! [`update`]`(state, event)` is the only way a person's action changes the state;
//! [`SessionState::view`] derives the [`GameState`] the apps render. Nothing here blocks, spawns or
//! does I/O: a search (the AI's move, a hint) is asked for with [`SessionState::begin_search`],
//! which picks the level and the seed, runs outside (see `ffi::search`), and comes back through
//! [`SessionState::finish_search`], tagged with the generation it started from so that a stale
//! result is dropped.
//!
//! Touch model: tap one of your pegs to select it (its step, jump and swap targets are
//! highlighted, each with its path); tap a target to play. In tripot a jump leaves the peg "in
//! chain": tap a next hop to jump on, tap the peg again or press "End jump" to stop, tap an
//! earlier landing to back out to it. Tapping anywhere else cancels.

pub mod error;
pub mod export;
mod facts;
pub mod geometry;
pub mod lesson;
mod lesson_data;
pub mod lesson_progress;
mod lesson_types;
pub mod library;
mod notice;
pub mod online;
pub mod puzzle;
pub mod rule_options;
pub mod save;
pub mod setup;
mod setup_change;
mod setup_choices;
pub(crate) mod signed;
mod small_file;
mod sounds;
pub mod state;
mod touch;
pub mod types;
mod view;

pub use error::{MoveError, OnlineError, SaveError, SetupError};
pub use geometry::{
    board_geometry, hole_positions, rotation_to_bottom, BoardGeometry, HoleGeometry, HolePosition,
};
pub use lesson::{
    lessons, rule_diagrams, DiagramPeg, LessonFeedback, LessonGoal, LessonInfo, LessonPlay,
    LessonRule, LessonState, LessonTopic, RuleDiagram, WrongTry,
};
pub use library::{
    CardNames, CardSeat, GameCard, Keeper, Library, LibraryError, Listing, OpponentStatistics,
    SavedGame, SavedGameKind, UnreadableGame, UnreadableReason, FINISHED_KEPT,
};
pub use rule_options::{with_rule_option, EditableOption};
pub use save::SAVE_VERSION;
pub use setup::{
    new_game_seats, rule_sets, GameSetup, Opener, RuleSetInfo, Seat, ValidSetup, DEFAULT_AI_LEVEL,
};
pub use setup_change::{CarriedSetup, SetupChange};
pub use state::{
    update, CountedGame, Event, ManualEnd, SearchKind, SearchRequest, SessionState, Target, Touch,
};
pub use types::*;

#[cfg(test)]
mod facts_tests;
#[cfg(test)]
mod lesson_tests;
#[cfg(test)]
mod resign_tests;
#[cfg(test)]
mod sounds_tests;
#[cfg(test)]
mod status_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod update_tests;
