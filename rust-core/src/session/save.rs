//! Save and restore: the whole session as versioned JSON, and local statistics per opponent.
//!
//! A save is `{"format": "chinese-checkers-session", "version": 2, ...}`. Restoring replays every
//! move through the rules, so a tampered save is refused rather than trusted. A save from a newer
//! version or a damaged one gives a [`SaveError`], never a panic. Version 1 saves (the terminal
//! game's, before seats were typed) are still read; they never count in the statistics (whether
//! they started from the start position is not known).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::SaveError;
use super::setup::{Seat, ValidSetup};
use super::state::{new_game_id, FirstEnd, ManualEnd, SessionState};
use super::types::{EndReason, PlayerName, SeatPlayer, StateChange};
use crate::ai::AiLevel;
use crate::rules::{Move, MoveKind, Position};

/// The `format` field of a session save.
pub const SAVE_FORMAT: &str = "chinese-checkers-session";
/// The newest session save version this build writes and reads.
pub const SAVE_VERSION: u32 = 2;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveV2 {
    format: String,
    version: u32,
    id: String,
    #[serde(default)]
    from_start: bool,
    #[serde(default)]
    first_end: Option<FirstEnd>,
    seats: Vec<SeatPlayer>,
    names: Vec<PlayerName>,
    seed: u64,
    start: Value,
    moves: Vec<Value>,
    redo: Vec<Vec<Value>>,
    #[serde(default)]
    end: Option<ManualEnd>,
    /// People who resigned a game of three or more and left their seats to the AI.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    left: Vec<usize>,
    #[serde(default)]
    draw_offer: Option<usize>,
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
            id: new_game_id(),
            from_start: false,
            first_end: None,
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
            left: Vec::new(),
            draw_offer: self.draw_offer,
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

/// Who left a game must be people of a game of three or more, each once, and at least one
/// person must still play it (the last one to resign ends the game instead).
fn check_left(left: &[usize], seats: &[SeatPlayer]) -> Result<(), SaveError> {
    if left.is_empty() {
        return Ok(());
    }
    if seats.len() < 3 {
        return Err(corrupt("nobody leaves a game of two: resigning ends it"));
    }
    for (i, &p) in left.iter().enumerate() {
        if seats.get(p) != Some(&SeatPlayer::Person) {
            return Err(corrupt(format!(
                "seat {p} left the game but is not a person's"
            )));
        }
        if left[..i].contains(&p) {
            return Err(corrupt(format!("seat {p} left the game twice")));
        }
    }
    let playing = (0..seats.len()).any(|p| seats[p] == SeatPlayer::Person && !left.contains(&p));
    if !playing {
        return Err(corrupt("every person left the game, yet it goes on"));
    }
    Ok(())
}

impl SessionState {
    /// The whole session as versioned JSON text.
    pub fn save(&self) -> String {
        let save = SaveV2 {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            id: self.id.clone(),
            from_start: self.from_start,
            first_end: self.first_end.clone(),
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
            left: self.left.clone(),
            draw_offer: self.draw_offer,
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
        check_left(&save.left, &save.seats)?;
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
            from_start: save.from_start,
        };
        let mut state = SessionState::new(setup);
        state.names = save.names;
        state.left = save.left;
        // Replaying from the start: `new` may already have auto-played leading passes.
        let game = state.game_mut();
        *game = crate::rules::Game::new(start);
        for (i, m) in save.moves.iter().enumerate() {
            let mv = Move::from_json(m).map_err(|e| corrupt(format!("move {}: {e}", i + 1)))?;
            game.play(&mv)
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
            || save.first_end.as_ref().is_some_and(|f| {
                f.moves.len() != state.seats.len()
                    || f.winners.iter().any(|&w| w >= state.seats.len())
            })
        {
            return Err(corrupt("the ending names a player who does not exist"));
        }
        if save.id.is_empty()
            || save.id.len() > 64
            || !save.id.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            return Err(corrupt("the game id is not one this app makes"));
        }
        state.id = save.id;
        state.end = save.end;
        state.draw_offer = save.draw_offer;
        state.first_end = save.first_end;
        // A save from before the ending was kept: the ending it shows is the first one.
        state.note_end();
        state.replay_taken_back_ending();
        Ok(state)
    }

    /// A save written by an earlier version, where the moves that ended the game were taken
    /// back afterwards (undo after the end was allowed then; it is not now, see
    /// [`SessionState::can_undo`]): the taken-back moves are played again from the redo stack,
    /// so that the game opens as it ended — as its card, filed with the finished games, and the
    /// statistics, which counted it, say. Nothing is played when the redo stack does not lead
    /// back to an end (other moves were played after the undo); the game then opens where it
    /// was left.
    fn replay_taken_back_ending(&mut self) {
        if self.first_end.is_none() || self.is_over() {
            return;
        }
        let mut probe = self.clone();
        while !probe.is_over() {
            let Some(group) = probe.redo.pop() else {
                return;
            };
            for mv in group.iter().filter(|m| m.kind != MoveKind::Pass) {
                if probe.play(mv, false).is_err() {
                    return;
                }
            }
        }
        probe.change = StateChange::default();
        *self = probe;
    }
}
