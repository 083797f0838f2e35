//! Save and restore: the whole session as versioned JSON, and local statistics per opponent.
//!
//! A save is `{"format": "chinese-checkers-session", "version": 2, ...}`. Restoring replays every
//! move through the rules, so a tampered save is refused rather than trusted. A save from a newer
//! version or a damaged one gives a [`SaveError`], never a panic. Version 1 saves (the terminal
//! game's, before seats were typed) are still read.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::SaveError;
use super::setup::{Seat, ValidSetup};
use super::state::{ManualEnd, SessionState};
use super::types::{EndReason, PlayerName, SeatPlayer};
use crate::ai::AiLevel;
use crate::rules::{Move, Position};

/// The `format` field of a session save.
pub const SAVE_FORMAT: &str = "chinese-checkers-session";
/// The newest session save version this build writes and reads.
pub const SAVE_VERSION: u32 = 2;
/// The `format` field of a statistics file.
pub const STATS_FORMAT: &str = "chinese-checkers-statistics";
/// The newest statistics version this build writes and reads.
pub const STATS_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveV2 {
    format: String,
    version: u32,
    seats: Vec<SeatPlayer>,
    names: Vec<PlayerName>,
    seed: u64,
    start: Value,
    moves: Vec<Value>,
    redo: Vec<Vec<Value>>,
    #[serde(default)]
    end: Option<ManualEnd>,
    #[serde(default)]
    draw_offer: Option<usize>,
    #[serde(default)]
    stats_recorded: bool,
}

/// Version 1: the settings held a mode instead of typed seats.
#[derive(Deserialize)]
struct SaveV1 {
    settings: SettingsV1,
    names: Vec<String>,
    start: Value,
    moves: Vec<Value>,
    redo: Vec<Vec<Value>>,
    #[serde(default)]
    end: Option<ManualEnd>,
    #[serde(default)]
    draw_offer: Option<usize>,
    #[serde(default)]
    stats_recorded: bool,
}

#[derive(Deserialize)]
struct SettingsV1 {
    mode: ModeV1,
    seed: u64,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ModeV1 {
    Solo { level: AiLevel, human_side: u32 },
    PassAndPlay,
}

impl SaveV1 {
    fn upgrade(self) -> SaveV2 {
        let n = self.names.len();
        let seats = (0..n)
            .map(|p| match &self.settings.mode {
                ModeV1::Solo { level, human_side } if *human_side as usize != p => {
                    SeatPlayer::Ai { level: *level }
                }
                _ => SeatPlayer::Person,
            })
            .collect();
        SaveV2 {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            seats,
            names: self
                .names
                .into_iter()
                .map(|name| PlayerName::Named { name })
                .collect(),
            seed: self.settings.seed,
            start: self.start,
            moves: self.moves,
            redo: self.redo,
            end: self.end,
            draw_offer: self.draw_offer,
            stats_recorded: self.stats_recorded,
        }
    }
}

/// Reads `format` and `version` first, so that a newer save is recognised even if its layout
/// changed.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u32>,
}

fn corrupt(msg: impl std::fmt::Display) -> SaveError {
    SaveError::Corrupt {
        detail: msg.to_string(),
    }
}

/// Checks the header of a versioned JSON file and returns its version.
pub(crate) fn check_header(value: &Value, format: &str, supported: u32) -> Result<u32, SaveError> {
    let header: Header = serde_json::from_value(value.clone()).map_err(corrupt)?;
    if header.format.as_deref() != Some(format) {
        return Err(corrupt(format!("not a {format} file")));
    }
    match header.version {
        None => Err(corrupt("the version is missing")),
        Some(v) if v > supported => Err(SaveError::TooNew {
            found: v.min(i32::MAX as u32) as i32,
            supported: supported as i32,
        }),
        Some(0) => Err(corrupt("version 0 does not exist")),
        Some(v) => Ok(v),
    }
}

impl SessionState {
    /// The whole session as versioned JSON text.
    pub fn save(&self) -> String {
        let save = SaveV2 {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            seats: self.seats.clone(),
            names: self.names.clone(),
            seed: self.seed,
            start: self.game.start().to_json(),
            moves: self.game.history().map(|e| e.mv.to_json()).collect(),
            redo: self
                .redo
                .iter()
                .map(|g| g.iter().map(Move::to_json).collect())
                .collect(),
            end: self.end,
            draw_offer: self.draw_offer,
            stats_recorded: self.stats_recorded,
        };
        serde_json::to_string(&save).unwrap_or_default()
    }

    /// Restores a session saved by [`SessionState::save`], replaying and checking every move.
    pub fn restore(text: &str) -> Result<SessionState, SaveError> {
        let value: Value = serde_json::from_str(text).map_err(corrupt)?;
        let save = match check_header(&value, SAVE_FORMAT, SAVE_VERSION)? {
            1 => serde_json::from_value::<SaveV1>(value)
                .map_err(corrupt)?
                .upgrade(),
            _ => serde_json::from_value::<SaveV2>(value).map_err(corrupt)?,
        };
        let start = Position::from_json(&save.start)
            .map_err(|e| corrupt(format!("start position: {e}")))?;
        if save.seats.len() != start.player_count() || save.names.len() != save.seats.len() {
            return Err(corrupt(
                "the seats do not match the players of the position",
            ));
        }
        if save.seats.contains(&SeatPlayer::Remote) {
            return Err(corrupt("a local game has no remote seat"));
        }
        let seats = save
            .seats
            .iter()
            .map(|&player| Seat {
                player,
                name: String::new(),
            })
            .collect();
        let setup = ValidSetup {
            start,
            seats,
            seed: save.seed,
            coin_toss: None,
        };
        let mut state = SessionState::new(setup);
        state.names = save.names;
        // Replaying from the start: `new` may already have auto-played leading passes.
        state.game = crate::rules::Game::new(start);
        for (i, m) in save.moves.iter().enumerate() {
            let mv = Move::from_json(m).map_err(|e| corrupt(format!("move {}: {e}", i + 1)))?;
            state
                .game
                .play(&mv)
                .map_err(|e| corrupt(format!("move {}: {e}", i + 1)))?;
        }
        state.refresh();
        for g in &save.redo {
            let group = g
                .iter()
                .map(Move::from_json)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| corrupt(format!("redo: {e}")))?;
            state.redo.push(group);
        }
        if save
            .end
            .is_some_and(|e| e.by >= state.seats.len() || e.reason == EndReason::Abandoned)
            || save.draw_offer.is_some_and(|p| p >= state.seats.len())
        {
            return Err(corrupt("the ending names a player who does not exist"));
        }
        state.end = save.end;
        state.draw_offer = save.draw_offer;
        state.stats_recorded = save.stats_recorded;
        Ok(state)
    }

    /// Adds this finished game to the statistics (once per game) and returns them. Counted:
    /// games of one person against the AI (against the strongest AI seat when levels differ).
    ///
    /// `statistics` is the JSON text from a previous call or [`Statistics::to_json`] (an empty
    /// text starts afresh). Unfinished games and other games leave them unchanged.
    pub fn record_statistics(&mut self, statistics: &str) -> Result<String, SaveError> {
        let mut stats = Statistics::from_json(statistics)?;
        let person = self.only_person();
        let level = (0..self.seats.len()).filter_map(|p| self.ai_level(p)).max();
        let (Some(person), Some(level), Some(outcome)) = (person, level, self.outcome_view())
        else {
            return Ok(stats.to_json());
        };
        if !self.stats_recorded {
            let result = if outcome.winners.contains(&(person as i32)) {
                GameResult::Won
            } else if outcome.winners.is_empty() || outcome.reason == EndReason::DrawAgreed {
                GameResult::Drawn
            } else {
                GameResult::Lost
            };
            stats.record(level, result);
            self.stats_recorded = true;
        }
        Ok(stats.to_json())
    }
}

/// A finished game from the person's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The person won.
    Won,
    /// The person lost (resignation included).
    Lost,
    /// Nobody won.
    Drawn,
}

/// Won / lost / drawn against one opponent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OpponentRecord {
    /// The level the opponent plays at.
    #[serde(skip, default = "default_level")]
    pub level: AiLevel,
    /// The opponent's name.
    #[serde(skip)]
    pub name: String,
    /// Games the person won.
    pub won: i32,
    /// Games the person lost.
    pub lost: i32,
    /// Games drawn.
    #[serde(default)]
    pub drawn: i32,
}

fn default_level() -> AiLevel {
    AiLevel::Beginner
}

/// Local statistics per opponent, saved as versioned JSON like the session.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statistics {
    per_level: BTreeMap<String, OpponentRecord>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StatsV1 {
    format: String,
    version: u32,
    opponents: BTreeMap<String, OpponentRecord>,
}

impl Statistics {
    /// Parses statistics JSON text; an empty text gives empty statistics.
    pub fn from_json(text: &str) -> Result<Statistics, SaveError> {
        if text.trim().is_empty() {
            return Ok(Statistics::default());
        }
        let value: Value = serde_json::from_str(text).map_err(corrupt)?;
        check_header(&value, STATS_FORMAT, STATS_VERSION)?;
        let raw: StatsV1 = serde_json::from_value(value).map_err(corrupt)?;
        for (key, r) in &raw.opponents {
            if AiLevel::from_name(key).is_none() {
                return Err(corrupt(format!("unknown opponent level \"{key}\"")));
            }
            if r.won < 0 || r.lost < 0 || r.drawn < 0 {
                return Err(corrupt(format!("negative count for \"{key}\"")));
            }
        }
        Ok(Statistics {
            per_level: raw.opponents,
        })
    }

    /// The JSON text to store.
    pub fn to_json(&self) -> String {
        let raw = StatsV1 {
            format: STATS_FORMAT.into(),
            version: STATS_VERSION,
            opponents: self.per_level.clone(),
        };
        serde_json::to_string(&raw).unwrap_or_default()
    }

    /// Counts one game against the opponent at `level`.
    pub fn record(&mut self, level: AiLevel, result: GameResult) {
        let entry = self.per_level.entry(level.name().to_string()).or_default();
        match result {
            GameResult::Won => entry.won = entry.won.saturating_add(1),
            GameResult::Lost => entry.lost = entry.lost.saturating_add(1),
            GameResult::Drawn => entry.drawn = entry.drawn.saturating_add(1),
        }
    }

    /// One record per opponent, weakest first (zeros for opponents never played).
    pub fn records(&self) -> Vec<OpponentRecord> {
        AiLevel::ALL
            .into_iter()
            .map(|level| {
                let r = self
                    .per_level
                    .get(level.name())
                    .cloned()
                    .unwrap_or_default();
                OpponentRecord {
                    level,
                    name: level.opponent().name.to_string(),
                    ..r
                }
            })
            .collect()
    }
}
