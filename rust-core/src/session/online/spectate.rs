//! Watching a game read-only: the list of public games in progress and the spectator's
//! requests. The spectator's snapshot and events go through `receive` like a player's.
//!
//! A private room's game is watched with the room's code, the one its players joined with:
//! [`OnlineSession::spectate_room`] sends the code alone and the server finds the room's game
//! (docs/ONLINE.md, "Spectating"), so a friend "invited with the code" types nothing else.

use super::OnlineSession;
use crate::online::{encode, normalize_room_code, ClientMsg, ErrorCode};
use crate::session::error::OnlineError;

impl OnlineSession {
    /// Asks for the public games in progress (they arrive in `live_games`).
    pub fn watch_games(&mut self) -> Result<Vec<String>, OnlineError> {
        self.lobby_request()?;
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
        if game.is_empty() && code.is_none() {
            return Err(OnlineError::NoGame);
        }
        let mut out = Vec::new();
        if let Some((old, _)) = &self.spectate {
            // From one game watched to another: the server stops sending the old one's events
            // (whose snapshot could otherwise pass for the room's game we look for).
            self.connected()?;
            if !old.is_empty() && old != game {
                out.push(encode(&ClientMsg::StopSpectating { game: old.clone() }));
            }
        } else {
            self.free()?;
        }
        self.client = None;
        self.spectate = Some((game.to_owned(), code.clone()));
        self.rebuild();
        out.push(encode(&ClientMsg::Spectate {
            game: game.to_owned(),
            code,
        }));
        Ok(out)
    }

    /// Watches a private room's game by the room's code alone, as typed (case, spaces and
    /// dashes do not matter): the server finds the game the room started. Its id comes with its
    /// snapshot (`game` in the state); a code that names no game ends the watching with
    /// `last_error` `GameNotFound` (`RateLimited` after too many wrong codes), the answer a game
    /// that does not exist gets. Not while we play one.
    pub fn spectate_room(&mut self, code: &str) -> Result<Vec<String>, OnlineError> {
        self.spectate("", Some(code.to_owned()))
    }

    /// Whether a snapshot of `game` is the game we watch. Watching by a room's code, the first
    /// snapshot is the room's game (the only one the server sends us while we play none): its
    /// id is kept, for reconnections and `stop_spectating`.
    pub(super) fn watches(&mut self, game: &str) -> bool {
        match &mut self.spectate {
            Some((watched, Some(_))) if watched.is_empty() => {
                *watched = game.to_owned();
                true
            }
            Some((watched, _)) => watched == game,
            None => false,
        }
    }

    /// A refusal about no game in particular: while we look for a room's game by its code, it is
    /// the answer (no game with that code, or too many wrong codes), and we watch nothing.
    pub(super) fn spectate_refused(&mut self, code: ErrorCode) {
        let looking = self.spectate.as_ref().is_some_and(|(g, _)| g.is_empty());
        if looking && matches!(code, ErrorCode::GameNotFound | ErrorCode::RateLimited) {
            self.spectate = None;
            self.client = None;
        }
    }

    /// Stops watching.
    pub fn stop_spectating(&mut self) -> Result<Vec<String>, OnlineError> {
        let (game, _) = self.spectate.take().ok_or(OnlineError::NoGame)?;
        self.client = None;
        self.rebuild();
        if game.is_empty() {
            // A room's game not found yet: the server follows nothing for us.
            return Ok(Vec::new());
        }
        Ok(vec![encode(&ClientMsg::StopSpectating { game })])
    }
}
