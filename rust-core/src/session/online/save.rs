//! The online save: the game as the server's snapshot of it and our pending move, so that a
//! game survives the app being killed. Apart from the state machine: a file format.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::phase::Phase;
use super::OnlineSession;
use crate::online::{ClientGame, GameSnapshot, WireMove};
use crate::session::error::SaveError;
use crate::session::save::check_header;

/// The `format` field of an online save.
const ONLINE_SAVE_FORMAT: &str = "chinese-checkers-online";
/// The newest online save version this build writes and reads.
const ONLINE_SAVE_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OnlineSaveV1 {
    format: String,
    version: u32,
    name: String,
    opponent: String,
    game: Option<GameSnapshot>,
    pending: Option<WireMove>,
}

impl OnlineSession {
    /// Our own game in progress or just over: none while we only watch one (a watched game is
    /// not ours to keep or resume).
    pub(crate) fn own_game(&self) -> Option<&ClientGame> {
        self.phase.own()
    }

    /// The board shown (the confirmed game with our pending move on top): its seats and names.
    pub(crate) fn board(&self) -> &crate::session::state::SessionState {
        &self.display
    }

    /// The session as versioned JSON: the game (as the server's snapshot of it) and our pending
    /// move, so that a game survives the app being killed. A game we only watch is not ours to
    /// resume: it is left out, and the save holds the name alone.
    pub fn save(&self) -> String {
        let ours = self.own_game();
        let save = OnlineSaveV1 {
            format: ONLINE_SAVE_FORMAT.into(),
            version: ONLINE_SAVE_VERSION,
            name: self.name.clone(),
            opponent: self.opponent.clone(),
            game: ours.map(|c| c.record().snapshot(c.side())),
            pending: ours.and_then(|c| c.pending()).map(|p| p.mv.clone()),
        };
        serde_json::to_string(&save).unwrap_or_default()
    }

    /// A session saved by [`OnlineSession::save`]; not connected: send `hello` (the welcome
    /// resumes the game and resends a pending move).
    pub fn restore(text: &str) -> Result<OnlineSession, SaveError> {
        let corrupt = |e: String| SaveError::Corrupt { detail: e };
        let value: Value = serde_json::from_str(text).map_err(|e| corrupt(e.to_string()))?;
        check_header(&value, ONLINE_SAVE_FORMAT, ONLINE_SAVE_VERSION)?;
        let save: OnlineSaveV1 =
            serde_json::from_value(value).map_err(|e| corrupt(e.to_string()))?;
        let mut session = OnlineSession::new();
        session.name = save.name;
        session.opponent = save.opponent;
        if let Some(snapshot) = &save.game {
            let mut client =
                ClientGame::from_snapshot(snapshot).map_err(|e| corrupt(e.to_string()))?;
            if let Some(wire) = &save.pending {
                let mv = wire.to_move().map_err(|e| corrupt(e.to_string()))?;
                client
                    .propose(&mv)
                    .map_err(|e| corrupt(format!("pending move: {e}")))?;
            }
            session.phase = Phase::Playing(client);
        }
        session.rebuild();
        Ok(session)
    }
}
