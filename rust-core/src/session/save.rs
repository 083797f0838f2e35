//! Save and restore: the whole session as versioned JSON, and local statistics per opponent.
//!
//! A save is `{"format": "chinese-checkers-session", "version": 1, ...}`. Restoring replays every
//! move through the rules, so a tampered save is refused rather than trusted. A save from a newer
//! version or a damaged one gives a [`SessionError`], never a panic.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::SessionError;
use super::state::{ManualEnd, SessionState};
use super::types::{AiLevel, EndReason, Mode, NewGame};
use crate::rules::{Move, Position};

/// The `format` field of a session save.
pub const SAVE_FORMAT: &str = "chinese-checkers-session";
/// The newest session save version this build writes and reads.
pub const SAVE_VERSION: u32 = 1;
/// The `format` field of a statistics file.
pub const STATS_FORMAT: &str = "chinese-checkers-statistics";
/// The newest statistics version this build writes and reads.
pub const STATS_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveV1 {
    format: String,
    version: u32,
    settings: NewGame,
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

/// Reads `format` and `version` first, so that a newer save is recognised even if its layout
/// changed.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u32>,
}

fn corrupt(msg: impl std::fmt::Display) -> SessionError {
    SessionError::CorruptSave(msg.to_string())
}

fn check_header(
    value: &Value,
    format: &str,
    supported: u32,
    err: fn(String) -> SessionError,
) -> Result<(), SessionError> {
    let header: Header = serde_json::from_value(value.clone()).map_err(|e| err(e.to_string()))?;
    if header.format.as_deref() != Some(format) {
        return Err(err(format!("not a {format} file")));
    }
    match header.version {
        None => Err(err("the version is missing".into())),
        Some(v) if v > supported => Err(SessionError::SaveTooNew {
            found: v,
            supported,
        }),
        Some(0) => Err(err("version 0 does not exist".into())),
        Some(_) => Ok(()),
    }
}

impl SessionState {
    /// The whole session as versioned JSON text.
    pub fn save(&self) -> String {
        let save = SaveV1 {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            settings: self.settings.clone(),
            names: self.names.clone(),
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
    pub fn restore(text: &str) -> Result<SessionState, SessionError> {
        let value: Value = serde_json::from_str(text).map_err(corrupt)?;
        check_header(&value, SAVE_FORMAT, SAVE_VERSION, SessionError::CorruptSave)?;
        let save: SaveV1 = serde_json::from_value(value).map_err(corrupt)?;
        let start = Position::from_json(&save.start)
            .map_err(|e| corrupt(format!("start position: {e}")))?;
        let mut state = SessionState::build(save.settings, start)
            .map_err(|e| corrupt(format!("settings: {e}")))?;
        if save.names.len() == state.names.len() {
            state.names = save.names;
        }
        // Replaying from the start: `build` may already have auto-played leading passes.
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
        state.end = save.end;
        state.draw_offer = save.draw_offer;
        state.stats_recorded = save.stats_recorded;
        Ok(state)
    }

    /// Adds this finished solo game to the statistics (once per game) and returns them.
    ///
    /// `statistics` is the JSON text from a previous call or [`Statistics::to_json`] (an empty
    /// text starts afresh). Unfinished games and other modes leave them unchanged.
    pub fn record_statistics(&mut self, statistics: &str) -> Result<String, SessionError> {
        let mut stats = Statistics::from_json(statistics)?;
        let (Mode::Solo { level, human_side }, Some(outcome)) =
            (&self.settings.mode, self.outcome_view())
        else {
            return Ok(stats.to_json());
        };
        if !self.stats_recorded {
            let result = if outcome.winners.contains(human_side) {
                GameResult::Won
            } else if outcome.winners.is_empty() || outcome.reason == EndReason::DrawAgreed {
                GameResult::Drawn
            } else {
                GameResult::Lost
            };
            stats.record(*level, result);
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, uniffi::Record)]
pub struct OpponentRecord {
    /// The level the opponent plays at.
    #[serde(skip, default = "default_level")]
    pub level: AiLevel,
    /// The opponent's name.
    #[serde(skip)]
    pub name: String,
    /// Games the person won.
    pub won: u32,
    /// Games the person lost.
    pub lost: u32,
    /// Games drawn.
    #[serde(default)]
    pub drawn: u32,
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
    pub fn from_json(text: &str) -> Result<Statistics, SessionError> {
        if text.trim().is_empty() {
            return Ok(Statistics::default());
        }
        let bad = |e: String| SessionError::CorruptStatistics(e);
        let value: Value = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        check_header(&value, STATS_FORMAT, STATS_VERSION, bad)?;
        let raw: StatsV1 = serde_json::from_value(value).map_err(|e| bad(e.to_string()))?;
        for key in raw.opponents.keys() {
            if crate::ai::Level::from_name(key).is_none() {
                return Err(bad(format!("unknown opponent level \"{key}\"")));
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
        let entry = self
            .per_level
            .entry(level.level().name().to_string())
            .or_default();
        match result {
            GameResult::Won => entry.won += 1,
            GameResult::Lost => entry.lost += 1,
            GameResult::Drawn => entry.drawn += 1,
        }
    }

    /// One record per opponent, weakest first (zeros for opponents never played).
    pub fn records(&self) -> Vec<OpponentRecord> {
        let all = [
            AiLevel::Beginner,
            AiLevel::Easy,
            AiLevel::Medium,
            AiLevel::Hard,
            AiLevel::Impossible,
        ];
        all.into_iter()
            .map(|level| {
                let r = self
                    .per_level
                    .get(level.level().name())
                    .cloned()
                    .unwrap_or_default();
                OpponentRecord {
                    level,
                    name: level.opponent_name().to_string(),
                    ..r
                }
            })
            .collect()
    }
}
