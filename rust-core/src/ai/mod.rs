//! The AI: five levels with named opponents, hints, and the search behind them.
//!
//! Public surface used by the session (keep it stable): [`AiLevel`], [`Opponent`], [`opponents`],
//! [`CancelHandle`], [`SearchLimits`], [`SearchReport`], [`choose_move`] and [`hint`].

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use parking_lot::Mutex;
use serde::{Deserialize, Serialize};

use crate::rules::{CompactMove, Move, Position};

pub mod book;
pub mod book_maker;
mod eval;
pub mod features;
mod levels;
pub mod race;
mod search;
mod table;
#[cfg(test)]
mod tests;

/// The five levels, weakest first.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum AiLevel {
    /// Plays plausible forward moves and makes human mistakes.
    #[default]
    Beginner,
    /// Looks one move ahead, sometimes misses the best jump.
    Easy,
    /// Reads a few moves ahead.
    Medium,
    /// Deep search.
    Hard,
    /// As strong as we can make it.
    Impossible,
}

impl AiLevel {
    /// Every level, weakest first.
    pub const ALL: [AiLevel; 5] = [
        AiLevel::Beginner,
        AiLevel::Easy,
        AiLevel::Medium,
        AiLevel::Hard,
        AiLevel::Impossible,
    ];

    /// The level's name as written on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            AiLevel::Beginner => "beginner",
            AiLevel::Easy => "easy",
            AiLevel::Medium => "medium",
            AiLevel::Hard => "hard",
            AiLevel::Impossible => "impossible",
        }
    }

    /// Parses a level name.
    pub fn from_name(name: &str) -> Option<AiLevel> {
        AiLevel::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The named opponent who plays at this level.
    pub fn opponent(self) -> &'static Opponent {
        &OPPONENTS[self as usize]
    }
}

/// A named AI opponent shown in the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// The level it plays at.
    pub level: AiLevel,
    /// Display name.
    pub name: &'static str,
    /// One-line personality shown under the name.
    pub personality: &'static str,
}

static OPPONENTS: [Opponent; 5] = [
    Opponent {
        level: AiLevel::Beginner,
        name: "Jean Médecin",
        personality: "Strolls forward one peg at a time and rarely sees a long jump.",
    },
    Opponent {
        level: AiLevel::Easy,
        name: "Catherine Ségurane",
        personality: "Loves a good jump, but only ever thinks about this turn.",
    },
    Opponent {
        level: AiLevel::Medium,
        name: "Giuseppe Garibaldi",
        personality: "Plans a couple of moves ahead and builds ladders when he can.",
    },
    Opponent {
        level: AiLevel::Hard,
        name: "Henri Matisse",
        personality: "Patient and precise: reads deep, blocks your ladders, wastes nothing.",
    },
    Opponent {
        level: AiLevel::Impossible,
        name: "Marie Curie",
        personality: "Calculates everything. Every tempo counts against her.",
    },
];

/// Names for further AI seats in one game (a six-player table may seat the same level five
/// times): each AI seat after the first of its level takes the next name not yet at the table.
pub static MORE_AI_NAMES: [&str; 6] = [
    "Yves Klein",
    "Simone Veil",
    "Raoul Dufy",
    "Niki de Saint Phalle",
    "Louis Nucéra",
    "Ben Vautier",
];

/// The five opponents, weakest first.
pub fn opponents() -> &'static [Opponent] {
    &OPPONENTS
}

/// Threads of the Hard and Impossible searches (and the hint); see [`set_search_threads`].
static SEARCH_THREADS: AtomicUsize = AtomicUsize::new(1);

/// Most threads one search uses, whatever the app asks for.
pub const MAX_SEARCH_THREADS: usize = 16;

/// Sets how many threads the Hard and Impossible searches (and the hint) use, e.g. the
/// device's core count; clamped to 1..=[`MAX_SEARCH_THREADS`]. The default, 1, is deterministic
/// (the same position, level and seed give the same move); with more threads the helpers
/// share the transposition table (Lazy SMP) and the move may vary from run to run. Applies to
/// searches started afterwards.
pub fn set_search_threads(threads: usize) {
    SEARCH_THREADS.store(clamp_threads(threads), Ordering::Relaxed);
}

/// A thread count the searches accept: 1 to [`MAX_SEARCH_THREADS`].
fn clamp_threads(threads: usize) -> usize {
    threads.clamp(1, MAX_SEARCH_THREADS)
}

/// The thread count set by [`set_search_threads`].
pub fn search_threads() -> usize {
    SEARCH_THREADS.load(Ordering::Relaxed)
}

/// Stops a search from another thread; the search returns its best move so far, which is also
/// readable at any time through [`CancelHandle::best_so_far`].
#[derive(Clone, Debug, Default)]
pub struct CancelHandle(Arc<AtomicBool>, Arc<Mutex<Option<Move>>>);

impl CancelHandle {
    /// A fresh, uncancelled handle.
    pub fn new() -> CancelHandle {
        CancelHandle::default()
    }

    /// Asks the search to stop as soon as possible.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether cancellation was asked for.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The best move of the search in progress after its last completed iteration, if any.
    pub fn best_so_far(&self) -> Option<Move> {
        self.1.lock().clone()
    }

    /// Records the best move so far (called by the search between iterations, never per node).
    pub(crate) fn set_best(&self, m: Option<Move>) {
        *self.1.lock() = m;
    }
}

/// Budget of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Wall-clock budget in milliseconds (the level's default when `None`).
    pub time_ms: Option<u64>,
    /// Seed of the level's randomness (mistakes, tie-breaks).
    pub seed: u64,
}

/// What a search found, for tools and logs.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport {
    /// The chosen move.
    pub best: Move,
    /// Score from the mover's point of view (engine units).
    pub score: i32,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds used.
    pub elapsed_ms: u64,
}

/// Chooses a move for the side to move at the given level. Never fails on a position that is
/// not over: the pass is always available when nothing else is.
///
/// Deterministic for a given seed when `limits.time_ms` is `None`: the levels then stop on a node
/// budget (their time budget is only a safety cap that a normal machine never reaches).
pub fn choose_move(
    position: &Position,
    level: AiLevel,
    limits: SearchLimits,
    cancel: &CancelHandle,
) -> SearchReport {
    levels::choose(position, level, limits, cancel)
}

/// [`choose_move`] with `nodes` in place of the level's node budget and no clock (tools: the
/// arena plays a level at a fraction of its time as a fraction of its nodes, so that a loaded
/// machine still plays the same moves). Deterministic for a given seed; Impossible keeps its
/// book. Levels without a search (Beginner, Easy) play as usual.
pub fn choose_move_with_nodes(
    position: &Position,
    level: AiLevel,
    nodes: u64,
    seed: u64,
) -> SearchReport {
    levels::choose_nodes(position, level, nodes, seed)
}

/// The best move for the side to move (the hint button), within about 300 ms.
pub fn hint(position: &Position, cancel: &CancelHandle) -> Move {
    // A little under 300 ms: the clock is read every 1024 nodes and the table must be cleared.
    let limits = SearchLimits {
        time_ms: Some(280),
        seed: 0,
    };
    choose_move(position, AiLevel::Hard, limits, cancel).best
}

/// The move with the largest drop in remaining distance (the online time-out move).
pub fn greatest_progress(position: &Position, moves: &[CompactMove]) -> CompactMove {
    let player = position.to_move();
    let mut best = CompactMove::PASS;
    let mut best_gain = i64::MIN;
    for m in moves {
        let mut p = *position;
        p.apply(m);
        let gain = i64::from(position.progress(player).1) - i64::from(p.progress(player).1);
        if gain > best_gain {
            best_gain = gain;
            best = *m;
        }
    }
    best
}
