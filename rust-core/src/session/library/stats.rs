//! The statistics file: results per opponent, and the ids of the games counted, so that no game
//! is ever counted twice.
//!
//! A game of one person against the AI, played from the start position, counts the first time it
//! ends; taking moves back afterwards changes nothing. A game kept in the library is counted by
//! the library as its ending is written; should the process die between writing the ending and
//! counting it, [`Library::open`](super::Library::open) counts it the next time.

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::file::{corrupt, header, io, write_atomically};
use super::types::LibraryError;
use super::{Library, OpponentStatistics};
use crate::ai::AiLevel;
use crate::session::state::CountedGame;

const STATS_FORMAT: &str = "chinese-checkers-statistics";
const STATS_VERSION: u32 = 2;
/// How many counted game ids the statistics remember (to never count a game twice). More than
/// the finished games the library keeps, so that every finished game kept is remembered.
const COUNTED_KEPT: usize = 1000;

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct StatsFile {
    format: String,
    version: u32,
    opponents: BTreeMap<String, OpponentStatistics>,
    counted: VecDeque<String>,
}

/// Version 1 of the statistics (the terminal game's): won, lost and drawn per level.
#[derive(Deserialize)]
struct StatsV1 {
    opponents: BTreeMap<String, RecordV1>,
}

#[derive(Deserialize)]
struct RecordV1 {
    won: i32,
    lost: i32,
    #[serde(default)]
    drawn: i32,
}

impl StatsFile {
    /// Whether game `id` was counted.
    pub(super) fn has(&self, id: &str) -> bool {
        self.counted.iter().any(|c| c == id)
    }

    /// Counts game `id`'s result (the caller checked it was not counted yet).
    pub(super) fn add(&mut self, id: &str, result: &CountedGame) {
        let entry = self
            .opponents
            .entry(result.level.name().to_string())
            .or_default();
        entry.played = entry.played.saturating_add(1);
        match result.won {
            Some(true) => {
                entry.won = entry.won.saturating_add(1);
                let moves = i32::try_from(result.moves).unwrap_or(i32::MAX);
                entry.fewest_moves = Some(entry.fewest_moves.map_or(moves, |m| m.min(moves)));
            }
            Some(false) => entry.lost = entry.lost.saturating_add(1),
            None => entry.drawn = entry.drawn.saturating_add(1),
        }
        self.counted.push_back(id.to_owned());
        while self.counted.len() > COUNTED_KEPT {
            self.counted.pop_front();
        }
    }
}

impl Library {
    /// The statistics file (zeros when there is none yet). A damaged or newer file is an error,
    /// and is never overwritten.
    pub(super) fn read_stats(&self) -> Result<StatsFile, LibraryError> {
        let path = self.stats_path();
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(StatsFile::default()),
            Err(e) => return Err(io(&path, e)),
        };
        let value: Value = serde_json::from_str(&text).map_err(|e| corrupt(&path, e))?;
        let version = header(&path, &value, STATS_FORMAT, STATS_VERSION)?;
        let stats = if version == 1 {
            let old: StatsV1 = serde_json::from_value(value).map_err(|e| corrupt(&path, e))?;
            let opponents = old
                .opponents
                .into_iter()
                .map(|(k, r)| {
                    let played = r.won.saturating_add(r.lost).saturating_add(r.drawn);
                    let rec = OpponentStatistics {
                        played,
                        won: r.won,
                        lost: r.lost,
                        drawn: r.drawn,
                        ..OpponentStatistics::default()
                    };
                    (k, rec)
                })
                .collect();
            StatsFile {
                opponents,
                ..StatsFile::default()
            }
        } else {
            serde_json::from_value(value).map_err(|e| corrupt(&path, e))?
        };
        for (key, r) in &stats.opponents {
            if AiLevel::from_name(key).is_none() || r.played < 0 || r.won < 0 || r.lost < 0 {
                return Err(corrupt(&path, format!("bad record \"{key}\"")));
            }
        }
        Ok(stats)
    }

    /// Writes the statistics (atomically).
    pub(super) fn write_stats(&self, mut stats: StatsFile) -> Result<(), LibraryError> {
        stats.format = STATS_FORMAT.into();
        stats.version = STATS_VERSION;
        let path = self.stats_path();
        let text = serde_json::to_string(&stats).map_err(|e| corrupt(&path, e))?;
        write_atomically(&path, &text)
    }

    /// The statistics per opponent, weakest first (zeros for opponents never played).
    pub fn statistics(&self) -> Result<Vec<OpponentStatistics>, LibraryError> {
        let stats = self.read_stats()?;
        Ok(AiLevel::ALL
            .into_iter()
            .map(|level| OpponentStatistics {
                level,
                name: level.opponent().name.to_string(),
                ..stats
                    .opponents
                    .get(level.name())
                    .cloned()
                    .unwrap_or_default()
            })
            .collect())
    }

    /// Counts game `id` with `result` unless it was counted already; `true` when counted now.
    pub(super) fn count(&self, id: &str, result: &CountedGame) -> Result<bool, LibraryError> {
        let _writing = self.lock.lock();
        let mut stats = self.read_stats()?;
        if stats.has(id) {
            return Ok(false);
        }
        stats.add(id, result);
        self.write_stats(stats)?;
        Ok(true)
    }
}
