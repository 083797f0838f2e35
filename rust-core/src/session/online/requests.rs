//! The app's requests: each checks that it may be made in the phase the session is in and
//! returns the message to send. Most change no phase: the server's answer does (`frames`);
//! closing a table or leaving a seat is ours to decide, and ends the wait at once.

use super::phase::{Phase, Wait};
use super::{Connection, OnlineSession};
use crate::ai::AiLevel;
use crate::online::{
    check_name, check_token, encode, normalize_room_code, ClientMsg, DrawAction, Format,
    TimeControl, PROTOCOL_VERSION,
};
use crate::session::error::{MoveError, OnlineError};
use crate::session::state::{update, Event, Touch};
use crate::session::types::StateChange;

impl OnlineSession {
    /// A new connection starts without what the old one had: the server dropped our place in
    /// the quick-match queue and closed our tables when the socket went (a table of 3 or more
    /// seats that a room of ours fills is the room again), and the lobby must be watched again.
    /// A room, a game found and our game outlive the socket.
    pub(super) fn new_connection(&mut self) {
        let phase = std::mem::replace(&mut self.phase, Phase::Idle);
        self.phase = match phase {
            Phase::Waiting {
                wait: Wait::Seated {
                    room: Some(room), ..
                },
                last,
            } => Phase::Waiting {
                wait: Wait::InRoom(room),
                last,
            },
            Phase::Waiting {
                wait: Wait::Searching | Wait::Hosting(_) | Wait::Seated { .. },
                last,
            } => Phase::showing(last),
            other => other,
        };
        self.lobby = None;
    }

    pub(super) fn on_hello(&mut self, token: &str, name: &str) -> Result<Vec<String>, OnlineError> {
        check_token(token).map_err(|detail| OnlineError::BadToken { detail })?;
        let name = check_name(name).map_err(|detail| OnlineError::BadName { detail })?;
        self.name = name.clone();
        self.left = false;
        // A new connection: nothing is known to the server until it welcomes us. One that was
        // replaced comes back on purpose (the person returned): it takes the games back.
        if matches!(
            self.connection,
            Connection::Connected | Connection::Replaced
        ) {
            self.connection = Connection::Reconnecting;
        }
        self.new_connection();
        self.rebuild();
        Ok(vec![encode(&ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token: token.to_owned(),
            name,
        })])
    }

    pub(super) fn on_set_name(&mut self, name: &str) -> Result<Vec<String>, OnlineError> {
        let name = check_name(name).map_err(|detail| OnlineError::BadName { detail })?;
        self.name = name.clone();
        Ok(vec![encode(&ClientMsg::SetName { name })])
    }

    pub(super) fn on_quick_match(
        &mut self,
        format: Option<Format>,
    ) -> Result<Vec<String>, OnlineError> {
        self.free()?;
        Ok(vec![encode(&ClientMsg::QuickMatch { format })])
    }

    pub(super) fn on_cancel_match(&mut self) -> Vec<String> {
        vec![encode(&ClientMsg::CancelMatch)]
    }

    pub(super) fn on_watch_lobby(&mut self) -> Result<Vec<String>, OnlineError> {
        self.lobby_request()?;
        if self.lobby.is_none() {
            self.lobby = Some(Vec::new());
        }
        self.rebuild();
        Ok(vec![encode(&ClientMsg::WatchLobby)])
    }

    pub(super) fn on_unwatch_lobby(&mut self) -> Vec<String> {
        self.lobby = None;
        self.rebuild();
        vec![encode(&ClientMsg::UnwatchLobby)]
    }

    pub(super) fn on_create_table(
        &mut self,
        format: Format,
        clock: Option<TimeControl>,
    ) -> Result<Vec<String>, OnlineError> {
        self.free()?;
        Ok(vec![encode(&ClientMsg::CreateTable { format, clock })])
    }

    /// Closing our open table or private room ends the wait at once (a table or room of 3 or
    /// more seats keeps our seat until the server says otherwise, as it did before it was ours
    /// to close). The server takes a room's code where a table's id goes (`close_table`); a
    /// friend who types the code afterwards is told the room is no longer open.
    pub(super) fn on_close_table(&mut self) -> Result<Vec<String>, OnlineError> {
        let id = match (self.phase.table(), self.phase.room()) {
            (Some(t), _) => t.id.clone(),
            (None, Some(r)) => r.code.clone(),
            (None, None) => return Err(OnlineError::NoTable),
        };
        let phase = std::mem::replace(&mut self.phase, Phase::Idle);
        self.phase = match phase {
            Phase::Waiting {
                wait: Wait::Seated { seated, .. },
                last,
            } => Phase::Waiting {
                wait: Wait::Seated {
                    seated,
                    table: None,
                    room: None,
                },
                last,
            },
            other => other.stop_waiting(),
        };
        self.rebuild();
        Ok(vec![encode(&ClientMsg::CloseTable { table: id })])
    }

    pub(super) fn on_join_table(&mut self, table: &str) -> Result<Vec<String>, OnlineError> {
        self.free()?;
        Ok(vec![encode(&ClientMsg::JoinTable {
            table: table.to_owned(),
        })])
    }

    pub(super) fn on_create_room(
        &mut self,
        format: Format,
        clock: Option<TimeControl>,
    ) -> Result<Vec<String>, OnlineError> {
        self.free()?;
        Ok(vec![encode(&ClientMsg::CreateRoom {
            format,
            clock,
            rated: false,
        })])
    }

    pub(super) fn on_join_room(&mut self, code: &str) -> Result<Vec<String>, OnlineError> {
        let normalised = normalize_room_code(code).ok_or_else(|| OnlineError::BadRoomCode {
            code: code.to_owned(),
        })?;
        self.free()?;
        Ok(vec![encode(&ClientMsg::JoinRoom {
            code: normalised,
            rated: false,
        })])
    }

    pub(super) fn on_fill_with_ai(&mut self, level: AiLevel) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        let seated = self.phase.seated().ok_or(OnlineError::NotSeated)?;
        if !seated.host {
            return Err(OnlineError::NotHost);
        }
        Ok(vec![encode(&ClientMsg::FillWithAi {
            id: seated.id.clone(),
            level,
        })])
    }

    /// Leaving our seat ends the wait at once, with the table or room it was at.
    pub(super) fn on_leave_seat(&mut self) -> Result<Vec<String>, OnlineError> {
        let id = self
            .phase
            .seated()
            .map(|s| s.id.clone())
            .ok_or(OnlineError::NotSeated)?;
        self.phase = std::mem::replace(&mut self.phase, Phase::Idle).stop_waiting();
        self.rebuild();
        Ok(vec![encode(&ClientMsg::LeaveSeat { id })])
    }

    pub(super) fn on_away(&mut self) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        let game = self.playing()?;
        Ok(vec![encode(&ClientMsg::Away { game })])
    }

    pub(super) fn on_back(&mut self) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        let client = self.client().ok_or(OnlineError::NoGame)?;
        // Not a resync: on a live socket the server sends only what we missed, often nothing,
        // and "Syncing" would stay up until the next event.
        Ok(vec![encode(&ClientMsg::Resume {
            game: client.game_id().to_owned(),
            last_seq: client.last_seq(),
        })])
    }

    pub(super) fn on_cancel_touch(&mut self) -> Vec<String> {
        self.display.touch = Touch::Idle;
        self.bump(StateChange::default());
        Vec::new()
    }

    pub(super) fn on_touch(&mut self, event: Event) -> Result<Vec<String>, MoveError> {
        if self.phase.watch().is_some() {
            // A spectator's board is for looking at.
            return Err(MoveError::NotYourTurn);
        }
        let Some(client) = self.phase.own() else {
            return Err(MoveError::NoGame);
        };
        if client.pending().is_some() {
            return Err(MoveError::MoveInFlight);
        }
        // The touch model runs on a copy of the board: a finished move must go to the server,
        // not be played.
        let before = self.display.game.history().len();
        let mut trial = self.display.clone();
        update(&mut trial, event)?;
        let Some(entry) = trial.game.history().nth(before) else {
            self.display = trial;
            return Ok(Vec::new());
        };
        let mv = entry.mv.clone();
        let client = self.phase.own_mut().ok_or(MoveError::NoGame)?;
        let msg = client.propose(&mv).map_err(|e| MoveError::Internal {
            detail: e.to_string(),
        })?;
        self.note = None;
        self.last_error = None;
        self.rebuild();
        Ok(vec![encode(&msg)])
    }

    pub(super) fn on_resign(&mut self) -> Result<Vec<String>, OnlineError> {
        let game = self.playing()?;
        Ok(vec![encode(&ClientMsg::Resign { game })])
    }

    pub(super) fn on_offer_draw(&mut self) -> Result<Vec<String>, OnlineError> {
        let game = self.playing()?;
        Ok(vec![encode(&ClientMsg::Draw {
            game,
            action: DrawAction::Offer,
        })])
    }

    pub(super) fn on_answer_draw(&mut self, accept: bool) -> Result<Vec<String>, OnlineError> {
        let game = self.playing()?;
        let offered_by_opponent = self
            .client()
            .is_some_and(|c| c.record().draw_offer().is_some_and(|s| s != c.side()));
        if !offered_by_opponent {
            return Err(OnlineError::NoDrawOffer);
        }
        let action = if accept {
            DrawAction::Accept
        } else {
            DrawAction::Decline
        };
        Ok(vec![encode(&ClientMsg::Draw { game, action })])
    }

    pub(super) fn on_rematch(&mut self) -> Result<Vec<String>, OnlineError> {
        if self.in_game() {
            return Err(OnlineError::NotOver);
        }
        // Watching, or a game whose opponent left: there is no one to play a rematch with.
        if !self.rematch_possible() {
            return Err(OnlineError::NoGame);
        }
        let game = self.game_id()?;
        Ok(vec![encode(&ClientMsg::Rematch { game })])
    }

    pub(super) fn on_resume(&mut self) -> Result<Vec<String>, OnlineError> {
        let client = self.phase.client_mut().ok_or(OnlineError::NoGame)?;
        Ok(vec![encode(&client.resume_msg())])
    }
}
