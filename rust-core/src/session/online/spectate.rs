//! Watching a game read-only: the list of public games in progress and the spectator's
//! requests. The spectator's snapshot and events go through `receive` like a player's.
//!
//! A private room's game is watched with the room's code, the one its players joined with:
//! [`OnlineSession::spectate_room`] sends the code alone and the server finds the room's game
//! (docs/ONLINE.md, "Spectating"), so a friend "invited with the code" types nothing else.

use super::phase::{Phase, Watch};
use super::OnlineSession;
use crate::online::{encode, normalize_room_code, ClientMsg, ErrorCode};
use crate::session::error::OnlineError;

impl OnlineSession {
    pub(super) fn on_watch_games(&mut self) -> Result<Vec<String>, OnlineError> {
        self.lobby_request()?;
        self.live_games = None;
        Ok(vec![encode(&ClientMsg::WatchGames)])
    }

    /// Watching a game leaves the phase we were in (our finished game goes from the board).
    pub(super) fn on_spectate(
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
        if let Some(old) = self.phase.watch() {
            // From one game watched to another: the server stops sending the old one's events
            // (whose snapshot could otherwise pass for the room's game we look for).
            let old = old.game.clone();
            self.connected()?;
            if !old.is_empty() && old != game {
                out.push(encode(&ClientMsg::StopSpectating { game: old }));
            }
        } else {
            self.free()?;
        }
        self.phase = Phase::Watching(Watch {
            game: game.to_owned(),
            code: code.clone(),
            client: None,
        });
        self.rebuild();
        out.push(encode(&ClientMsg::Spectate {
            game: game.to_owned(),
            code,
        }));
        Ok(out)
    }

    /// Whether a snapshot of `game` is the game we watch. Watching by a room's code, the first
    /// snapshot is the room's game (the only one the server sends us while we play none): its
    /// id is kept, for reconnections and `stop_spectating`.
    pub(super) fn watches(&mut self, game: &str) -> bool {
        match &mut self.phase {
            Phase::Watching(Watch {
                game: watched,
                code: Some(_),
                ..
            }) if watched.is_empty() => {
                *watched = game.to_owned();
                true
            }
            Phase::Watching(watch) => watch.game == game,
            _ => false,
        }
    }

    /// A refusal about no game in particular: while we look for a room's game by its code, it is
    /// the answer (no game with that code, or too many wrong codes), and we watch nothing.
    pub(super) fn spectate_refused(&mut self, code: ErrorCode) {
        let looking = self.phase.watch().is_some_and(|w| w.game.is_empty());
        if looking && matches!(code, ErrorCode::GameNotFound | ErrorCode::RateLimited) {
            self.phase = Phase::Idle;
        }
    }

    /// Stopping watching leaves nothing on the board.
    pub(super) fn on_stop_spectating(&mut self) -> Result<Vec<String>, OnlineError> {
        let game = self
            .phase
            .watch()
            .map(|w| w.game.clone())
            .ok_or(OnlineError::NoGame)?;
        self.phase = Phase::Idle;
        self.rebuild();
        if game.is_empty() {
            // A room's game not found yet: the server follows nothing for us.
            return Ok(Vec::new());
        }
        Ok(vec![encode(&ClientMsg::StopSpectating { game })])
    }
}
