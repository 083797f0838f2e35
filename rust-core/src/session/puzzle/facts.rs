//! The puzzle's exported facts: a solver's line's step, the count against par, and what a
//! puzzle's board carries beside the board ([`PuzzleState`]). Their own module, below the
//! session's [`crate::session::types::GameState`], which carries them.

use serde::{Deserialize, Serialize};

use crate::rules::Coord;

/// One move of a solver's line: the peg's hole before and after, and the holes between.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PuzzleStep {
    /// Where the peg starts.
    pub from: Coord,
    /// Where it ends (after a step or a whole jump chain).
    pub to: Coord,
    /// The move's whole path, `from` first and `to` last, every hop's landing hole between (draw
    /// it as the history's arrows, one per hop). Filled by the puzzle in play when it hands the
    /// line out; the stored set keeps only `from` and `to` (the path follows from the rules).
    #[serde(skip)]
    pub path: Vec<Coord>,
}

/// A puzzle's facts beside its board (`GameState.puzzle`): the count against par and, once
/// solved, the solver's line. The board itself is the `GameState` that carries it (undo and redo
/// in its capabilities, as a game's).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PuzzleState {
    /// The puzzle's id.
    pub id: String,
    /// Moves played so far.
    pub moves: i32,
    /// The solver's count.
    pub par: i32,
    /// Whether par is proven optimal (otherwise "best known").
    pub proven: bool,
    /// Every racing peg is home.
    pub solved: bool,
    /// Solved in par moves or fewer.
    pub at_par: bool,
    /// Once solved, how the count compares with par (`None` before).
    pub verdict: Option<ParVerdict>,
    /// The solver's line, given once the puzzle is solved (empty before).
    pub line: Vec<PuzzleStep>,
}

/// A solve against par.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ParVerdict {
    /// Fewer moves than par: better than the solver's best known line.
    UnderPar {
        /// Moves fewer than par.
        by: i32,
    },
    /// Exactly par.
    AtPar,
    /// More moves than par.
    OverPar {
        /// Moves more than par.
        by: i32,
    },
}

impl ParVerdict {
    /// `moves` against `par`.
    pub fn of(moves: i32, par: i32) -> ParVerdict {
        match moves.cmp(&par) {
            std::cmp::Ordering::Less => ParVerdict::UnderPar { by: par - moves },
            std::cmp::Ordering::Equal => ParVerdict::AtPar,
            std::cmp::Ordering::Greater => ParVerdict::OverPar { by: moves - par },
        }
    }
}
