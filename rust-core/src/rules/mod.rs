//! The rules engine: board geometry, rule options and presets, move generation and validation,
//! outcomes and the JSON interchange formats of docs/RULES.md.
//!
//! Choices where docs/RULES.md and the seeds are silent are documented where they are made:
//! - a colour may have fewer pegs than the rules give it (test positions); more is an error;
//! - `legal_moves` does not look at whether the game is over; [`Game`] and the CLI do;
//! - under `deadlock: "peg_count"` with more than two players the earliest seat wins a perfect tie.

pub mod board;
pub mod chain;
pub mod error;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod option_value;
pub mod options;
pub mod outcome;
pub mod play;
pub mod position;
#[cfg(test)]
mod proptests;
pub mod setup;

pub use board::{Bits, Colour, Coord, Hole, HOLES};
pub use error::{IllegalMove, PositionError};
pub use game::{Game, HistoryEntry};
pub use moves::{CompactMove, Move, MoveKind};
pub use option_value::{rule_option_value, RuleOption, RuleOptionValue};
pub use options::{Camps, Deadlock, MaxChain, Preset, Ranking, RuleOptions, Rules, WinRule};
pub use outcome::{Outcome, OutcomeReason};
pub use play::Undo;
pub use position::{Player, Position};
pub use setup::{PegsSetup, PlayerSetup, Setup};
