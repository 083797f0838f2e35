//! The puzzle results kept on the device: the best count per puzzle, and whether it was at par.
//!
//! One small JSON file, written whole through a temporary file and a rename, so a crash leaves the
//! old file or the new one. A file that cannot be read is moved aside (`.unreadable`), never
//! overwritten, and the results start again from empty: nothing on disk is lost.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

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

/// A free name to keep an unreadable file under (an earlier one is never replaced).
pub(crate) fn aside_path(path: &Path) -> PathBuf {
    std::iter::once(path.with_extension("json.unreadable"))
        .chain((2..1000).map(|n| path.with_extension(format!("json.unreadable-{n}"))))
        .find(|p| !p.exists())
        .unwrap_or_else(|| path.with_extension("json.unreadable-last"))
}

impl PuzzleStats {
    /// Reads the results in `dir`; a missing file is no results, an unreadable one is moved
    /// aside and counts as none.
    pub fn load(dir: &Path) -> PuzzleStats {
        let path = stats_path(dir);
        let Ok(text) = std::fs::read_to_string(&path) else {
            return PuzzleStats::default();
        };
        match serde_json::from_str(&text) {
            Ok(stats) => stats,
            Err(e) => {
                log::warn!("puzzle results unreadable ({e}); kept aside");
                // Best effort: if even the move fails, the next save replaces nothing else.
                let _ = std::fs::rename(&path, aside_path(&path));
                PuzzleStats::default()
            }
        }
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
        std::fs::create_dir_all(dir)?;
        let path = stats_path(dir);
        let tmp = path.with_extension("json.tmp");
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, &path)
    }
}
