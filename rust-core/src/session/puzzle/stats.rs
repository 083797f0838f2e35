//! The puzzle results kept on the device: the best count per puzzle, and whether it was at par.
//!
//! One small JSON file (`small_file`: written whole through a rename; an unreadable one moved
//! aside and the results started again from empty, so nothing on disk is lost).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::session::small_file;

/// One puzzle's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// The fewest moves it was solved in.
    pub best: u32,
    /// Solved in par moves or fewer at least once.
    pub at_par: bool,
}

/// Every puzzle's result, by puzzle id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleStats {
    /// Results by puzzle id.
    pub records: BTreeMap<String, PuzzleRecord>,
}

/// The results file in the app's data directory.
pub fn stats_path(dir: &Path) -> PathBuf {
    dir.join("puzzle-results.json")
}

impl PuzzleStats {
    /// Reads the results in `dir`; a missing file is no results, an unreadable one is moved
    /// aside and counts as none.
    pub fn load(dir: &Path) -> PuzzleStats {
        small_file::read_or_aside(&stats_path(dir), "puzzle results")
    }

    /// Notes a solve in `moves` of the puzzle `id` with par `par`; returns whether it changed.
    pub fn record(&mut self, id: &str, moves: u32, par: u32) -> bool {
        let new = PuzzleRecord {
            best: moves,
            at_par: moves <= par,
        };
        let merged = match self.records.get(id) {
            Some(old) => PuzzleRecord {
                best: old.best.min(moves),
                at_par: old.at_par || new.at_par,
            },
            None => new,
        };
        self.records.insert(id.to_string(), merged) != Some(merged)
    }

    /// Writes the results in `dir` (through a temporary file and a rename).
    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        small_file::write_whole(&stats_path(dir), self)
    }
}
