//! Watching a game read-only: the list of public games in progress and the spectator's
//! requests. The spectator's snapshot and events go through `receive` like a player's.

use super::OnlineSession;
use crate::online::{encode, normalize_room_code, ClientMsg};
use crate::session::error::OnlineError;

impl OnlineSession {
    /// Asks for the public games in progress (they arrive in `live_games`).
    pub fn watch_games(&mut self) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        self.live_games = None;
        Ok(vec![encode(&ClientMsg::WatchGames)])
    }

    /// Watches a game read-only: a public game by its id, a private room's game by the room's
    /// code (as typed). Not while we play one.
    pub fn spectate(
        &mut self,
        game: &str,
        code: Option<String>,
    ) -> Result<Vec<String>, OnlineError> {
        let code = match code {
            Some(typed) => Some(normalize_room_code(&typed).ok_or(OnlineError::BadRoomCode {
                code: typed.clone(),
            })?),
            None => None,
        };
        if self.spectate.is_some() {
            // From one game watched to another.
            self.connected()?;
        } else {
            self.free()?;
        }
        self.client = None;
        self.spectate = Some((game.to_owned(), code.clone()));
        self.rebuild();
        Ok(vec![encode(&ClientMsg::Spectate {
            game: game.to_owned(),
            code,
        })])
    }

    /// Stops watching.
    pub fn stop_spectating(&mut self) -> Result<Vec<String>, OnlineError> {
        let (game, _) = self.spectate.take().ok_or(OnlineError::NoGame)?;
        self.client = None;
        self.rebuild();
        Ok(vec![encode(&ClientMsg::StopSpectating { game })])
    }
}
