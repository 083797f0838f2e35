//! The session's online mode: the board, the touch model and the banners of a local game, with the
//! moves going through the server.
//!
//! [`OnlineSession`] owns the connection's state (welcomed, searching, open table or room) and the
//! game's [`ClientGame`]. The apps move strings only: every action returns the encoded messages to
//! send, and every frame the server sends goes into [`OnlineSession::receive`]. A move made with
//! taps is shown at once as pending ("Sending…") and committed when the server's event comes back;
//! the opponent's moves are validated by the rules before they are applied; a refusal, a gap or a
//! reconnection makes the session ask for a resync. Undo, redo and hints do not exist online
//! (RULES.md §3.2).

use super::error::SessionError;
use super::state::{update, Event, ManualEnd, SessionState, Touch};
use super::types::{Banner, BannerKind, BoardView, EndReason, OnlineStatus};
use super::view::coord;
use crate::online::record::start_position;
use crate::online::{
    check_name, check_token, decode_server, encode, ClientGame, ClientMsg, DrawAction,
    EndReason as WireEnd, Format, GameEvent, ServerMsg, SyncEffect, PROTOCOL_VERSION,
};
use crate::rules::Game;

/// An online format as the apps choose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum OnlineFormat {
    /// Tripot, one colour per side.
    Tripot1,
    /// Tripot, two colours per side.
    Tripot2,
    /// Tripot, three colours per side.
    Tripot3,
}

impl OnlineFormat {
    /// The protocol's format.
    pub fn format(self) -> Format {
        match self {
            OnlineFormat::Tripot1 => Format::Tripot1,
            OnlineFormat::Tripot2 => Format::Tripot2,
            OnlineFormat::Tripot3 => Format::Tripot3,
        }
    }
}

/// What an online call produces: the messages to send (in order, each one WebSocket text frame)
/// and the new board to draw.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct OnlineUpdate {
    /// Encoded messages to send now, in order.
    pub outgoing: Vec<String>,
    /// The snapshot to draw now.
    pub view: BoardView,
}

/// A game found by the server whose snapshot has not arrived yet.
#[derive(Clone, Debug)]
struct Matched {
    game: String,
    opponent: String,
}

/// The online mode's state. Pure: no I/O, no clock.
#[derive(Clone, Debug)]
pub struct OnlineSession {
    name: String,
    welcomed: bool,
    searching: bool,
    table: Option<String>,
    room_code: Option<String>,
    matched: Option<Matched>,
    opponent: String,
    client: Option<ClientGame>,
    /// The board shown: the confirmed game with our pending move on top.
    display: SessionState,
    /// A passing banner (opponent back, draw declined, a refusal), cleared by the next move.
    note: Option<Banner>,
}

/// The board shown before an online game starts (tripot 1's start position).
pub(crate) fn placeholder() -> SessionState {
    SessionState::online(
        Game::new(start_position(Format::Tripot1)),
        0,
        vec!["You".into(), "Opponent".into()],
        None,
    )
}

fn note(kind: BannerKind, text: impl Into<String>) -> Option<Banner> {
    Some(Banner {
        kind,
        text: text.into(),
    })
}

impl Default for OnlineSession {
    fn default() -> Self {
        OnlineSession::new()
    }
}

impl OnlineSession {
    /// A session not yet connected: send [`OnlineSession::hello`] first.
    pub fn new() -> OnlineSession {
        OnlineSession {
            name: String::new(),
            welcomed: false,
            searching: false,
            table: None,
            room_code: None,
            matched: None,
            opponent: String::new(),
            client: None,
            display: placeholder(),
            note: None,
        }
    }

    /// The game in progress or just over, if any.
    pub fn client(&self) -> Option<&ClientGame> {
        self.client.as_ref()
    }

    fn in_game(&self) -> bool {
        self.client.as_ref().is_some_and(|c| !c.record().is_over())
    }

    fn game_id(&self) -> Result<String, SessionError> {
        self.client
            .as_ref()
            .map(|c| c.game_id().to_owned())
            .ok_or_else(|| SessionError::NotNow("there is no online game".into()))
    }

    fn playing(&self) -> Result<String, SessionError> {
        if !self.in_game() {
            return Err(SessionError::NotNow(
                "there is no online game in progress".into(),
            ));
        }
        self.game_id()
    }

    fn not_in_game(&self) -> Result<(), SessionError> {
        if self.in_game() {
            return Err(SessionError::NotNow("a game is in progress".into()));
        }
        Ok(())
    }

    /// The first message of every connection (and of every reconnection: the server's welcome
    /// then makes the session resume its game).
    pub fn hello(&mut self, token: &str, name: &str) -> Result<Vec<String>, SessionError> {
        check_token(token).map_err(SessionError::BadSettings)?;
        let name = check_name(name).map_err(SessionError::BadSettings)?;
        self.name = name.clone();
        // A new connection: nothing is known to the server until it welcomes us.
        self.welcomed = false;
        self.searching = false;
        Ok(vec![encode(&ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token: token.to_owned(),
            name,
        })])
    }

    /// Quick match in a format, or in any format (`None`).
    pub fn quick_match(
        &mut self,
        format: Option<OnlineFormat>,
    ) -> Result<Vec<String>, SessionError> {
        self.not_in_game()?;
        Ok(vec![encode(&ClientMsg::QuickMatch {
            format: format.map(OnlineFormat::format),
        })])
    }

    /// Stops waiting for a quick match.
    pub fn cancel_match(&mut self) -> Vec<String> {
        vec![encode(&ClientMsg::CancelMatch)]
    }

    /// Opens a public table in the lobby.
    pub fn create_table(&mut self, format: OnlineFormat) -> Result<Vec<String>, SessionError> {
        self.not_in_game()?;
        Ok(vec![encode(&ClientMsg::CreateTable {
            format: format.format(),
        })])
    }

    /// Sits at an open table.
    pub fn join_table(&mut self, table: &str) -> Result<Vec<String>, SessionError> {
        self.not_in_game()?;
        Ok(vec![encode(&ClientMsg::JoinTable {
            table: table.to_owned(),
        })])
    }

    /// Creates a private room; its code comes back in the view (`online.room_code`).
    pub fn create_room(&mut self, format: OnlineFormat) -> Result<Vec<String>, SessionError> {
        self.not_in_game()?;
        Ok(vec![encode(&ClientMsg::CreateRoom {
            format: format.format(),
        })])
    }

    /// Joins a private room by its code (as typed).
    pub fn join_room(&mut self, code: &str) -> Result<Vec<String>, SessionError> {
        self.not_in_game()?;
        Ok(vec![encode(&ClientMsg::JoinRoom {
            code: code.to_owned(),
        })])
    }

    /// A tap on the board. A completed move is validated, shown as pending and sent.
    pub fn tap(&mut self, q: i32, r: i32) -> Result<Vec<String>, SessionError> {
        self.touch(Event::Tap { q, r })
    }

    /// "End jump": sends the chain in progress as it stands.
    pub fn end_jump(&mut self) -> Result<Vec<String>, SessionError> {
        self.touch(Event::EndJump)
    }

    /// Drops the selection or the chain in progress.
    pub fn cancel_touch(&mut self) {
        self.display.touch = Touch::Idle;
    }

    fn touch(&mut self, event: Event) -> Result<Vec<String>, SessionError> {
        let Some(client) = self.client.as_mut() else {
            return Err(SessionError::NotNow("there is no online game".into()));
        };
        if client.pending().is_some() {
            return Err(SessionError::NotNow(
                "your previous move is still being sent".into(),
            ));
        }
        // The touch model runs on a copy: a finished move must go to the server, not be played.
        let before = self.display.game.history().len();
        let mut trial = self.display.clone();
        update(&mut trial, event)?;
        let Some(entry) = trial.game.history().nth(before) else {
            self.display = trial;
            return Ok(Vec::new());
        };
        let msg = client
            .propose(&entry.mv)
            .map_err(|e| SessionError::NotNow(e.to_string()))?;
        self.note = None;
        self.rebuild();
        Ok(vec![encode(&msg)])
    }

    /// Resigns the game in progress.
    pub fn resign(&mut self) -> Result<Vec<String>, SessionError> {
        let game = self.playing()?;
        Ok(vec![encode(&ClientMsg::Resign { game })])
    }

    /// Offers a draw (accepts the opponent's offer if one is pending).
    pub fn offer_draw(&mut self) -> Result<Vec<String>, SessionError> {
        let game = self.playing()?;
        Ok(vec![encode(&ClientMsg::Draw {
            game,
            action: DrawAction::Offer,
        })])
    }

    /// Answers the opponent's draw offer.
    pub fn answer_draw(&mut self, accept: bool) -> Result<Vec<String>, SessionError> {
        let game = self.playing()?;
        let offered_by_opponent = self
            .client
            .as_ref()
            .is_some_and(|c| c.record().draw_offer().is_some_and(|s| s != c.side()));
        if !offered_by_opponent {
            return Err(SessionError::NotNow("no draw was offered".into()));
        }
        let action = if accept {
            DrawAction::Accept
        } else {
            DrawAction::Decline
        };
        Ok(vec![encode(&ClientMsg::Draw { game, action })])
    }

    /// Asks for (or agrees to) a rematch once the game is over.
    pub fn rematch(&mut self) -> Result<Vec<String>, SessionError> {
        if self.in_game() {
            return Err(SessionError::NotNow("the game is not over".into()));
        }
        let game = self.game_id()?;
        Ok(vec![encode(&ClientMsg::Rematch { game })])
    }

    /// The `resume` message for the current game (after a reconnection; `receive` sends it by
    /// itself when the server welcomes us back).
    pub fn resume(&mut self) -> Result<Vec<String>, SessionError> {
        let Some(client) = self.client.as_mut() else {
            return Err(SessionError::NotNow("there is no online game".into()));
        };
        Ok(vec![encode(&client.resume_msg())])
    }

    /// One frame from the server: returns the messages to send in answer.
    pub fn receive(&mut self, text: &str) -> Result<Vec<String>, SessionError> {
        let msg = decode_server(text).map_err(|e| SessionError::Online(e.to_string()))?;
        let mut out = Vec::new();
        match &msg {
            ServerMsg::Welcome { name, .. } => {
                self.welcomed = true;
                self.name = name.clone();
                // Back after a reconnection: fetch what was missed.
                if let Some(c) = self.client.as_mut() {
                    if !c.record().is_over() {
                        out.push(encode(&c.resume_msg()));
                    }
                }
            }
            ServerMsg::Searching { .. } => self.searching = true,
            ServerMsg::MatchCancelled => self.searching = false,
            ServerMsg::TableCreated { table } => self.table = Some(table.id.clone()),
            ServerMsg::RoomCreated { code, .. } => self.room_code = Some(code.clone()),
            ServerMsg::Matched { game, opponent, .. } => {
                self.searching = false;
                self.table = None;
                self.room_code = None;
                self.note = None;
                self.matched = Some(Matched {
                    game: game.clone(),
                    opponent: opponent.clone(),
                });
            }
            ServerMsg::Sync { snapshot } => {
                let current = self.client.as_ref().map(|c| c.game_id().to_owned());
                if current.as_deref() == Some(snapshot.game.as_str()) {
                    self.effect(&msg, &mut out);
                } else if self
                    .matched
                    .as_ref()
                    .is_some_and(|m| m.game == snapshot.game)
                {
                    let client = ClientGame::from_snapshot(snapshot)
                        .map_err(|e| SessionError::Online(e.to_string()))?;
                    if let Some(m) = self.matched.take() {
                        self.opponent = m.opponent;
                    }
                    self.client = Some(client);
                    self.display.touch = Touch::Idle;
                }
            }
            ServerMsg::Event { event, .. } => {
                let opponent_event = self.opponent_note(event);
                let before = self.client.as_ref().map(ClientGame::last_seq);
                self.effect(&msg, &mut out);
                let applied = self.client.as_ref().map(ClientGame::last_seq) != before;
                if applied {
                    if matches!(event, GameEvent::Moved { .. } | GameEvent::Ended { .. }) {
                        self.note = None;
                    }
                    if opponent_event.is_some() {
                        self.note = opponent_event;
                    }
                }
            }
            ServerMsg::Ack { .. } => self.effect(&msg, &mut out),
            ServerMsg::Error { game, message, .. } => {
                if game.is_some() {
                    self.effect(&msg, &mut out);
                }
                self.note = note(BannerKind::ServerError, message.clone());
            }
            ServerMsg::ShuttingDown { .. } => {
                self.welcomed = false;
                self.searching = false;
            }
            ServerMsg::Lobby { .. } | ServerMsg::Pong => {}
        }
        self.rebuild();
        Ok(out)
    }

    /// The passing banner an event of the opponent's deserves, if any.
    fn opponent_note(&self, event: &GameEvent) -> Option<Banner> {
        let c = self.client.as_ref()?;
        let who = &self.opponent;
        match event {
            GameEvent::Reconnected { side } if *side != c.side() => {
                note(BannerKind::OpponentReconnected, format!("{who} is back"))
            }
            GameEvent::DrawDeclined { side } if *side != c.side() => {
                note(BannerKind::DrawDeclined, format!("{who} declined the draw"))
            }
            GameEvent::RematchOffered { side } if *side != c.side() => {
                note(BannerKind::RematchOffered, format!("{who} wants a rematch"))
            }
            GameEvent::RematchOffered { .. } => note(
                BannerKind::RematchOffered,
                format!("Rematch asked — waiting for {who}"),
            ),
            _ => None,
        }
    }

    /// Lets the game's sync machine handle `msg` and queues what it asks to send.
    fn effect(&mut self, msg: &ServerMsg, out: &mut Vec<String>) {
        let Some(c) = self.client.as_mut() else {
            return;
        };
        match c.receive(msg) {
            SyncEffect::Resync(m) | SyncEffect::Resend(m) => out.push(encode(&m)),
            SyncEffect::None | SyncEffect::Changed | SyncEffect::Committed => {}
        }
    }

    /// Rebuilds the board shown from the confirmed game and our pending move, keeping the touch
    /// state when the game did not move.
    fn rebuild(&mut self) {
        let Some(c) = &self.client else {
            return;
        };
        let record = c.record();
        let mut game = record.game().clone();
        if let Some(p) = c.pending() {
            if let Ok(mv) = p.mv.to_move() {
                // Validated by `propose` against this very position.
                let _ = game.play(&mv);
            }
        }
        // Endings the rules do not know about are shown like the local ones.
        let end = record.result().and_then(|r| match (r.reason, r.winner) {
            (WireEnd::Resign | WireEnd::Abandoned, Some(w)) => Some(ManualEnd {
                reason: EndReason::Resigned,
                by: usize::from(1 - (w & 1)),
            }),
            (WireEnd::DrawAgreed, _) => Some(ManualEnd {
                reason: EndReason::DrawAgreed,
                by: 0,
            }),
            _ => None,
        });
        let mut names = record.players().to_vec();
        names[usize::from(c.side())] = "You".into();
        let same = self.display.game.history().len() == game.history().len()
            && self.display.names.len() == names.len();
        let mut next = SessionState::online(game, usize::from(c.side()), names, end);
        if same && next.touchable() {
            next.touch = self.display.touch.clone();
        }
        self.display = next;
    }

    /// The snapshot to draw now.
    pub fn view(&self) -> BoardView {
        let mut v = self.display.view();
        let caps = &mut v.capabilities;
        // Undo, redo, hint and the AI are already off for `Mode::Online` (see `SessionState`);
        // replay is for finished local games only.
        caps.can_replay = false;
        let in_game = self.in_game();
        let (side, draw_offer) = match &self.client {
            Some(c) => (Some(c.side()), c.record().draw_offer()),
            None => (None, None),
        };
        caps.can_resign = in_game;
        caps.can_offer_draw = in_game && draw_offer.is_none();
        caps.can_answer_draw = in_game && draw_offer.is_some() && draw_offer != side;
        if self.client.is_none() {
            caps.can_end_jump = false;
        }
        let pending: Vec<super::types::Coord> = self
            .client
            .as_ref()
            .and_then(|c| c.pending())
            .and_then(|p| p.mv.to_move().ok())
            .map(|mv| mv.path.iter().map(|&h| coord(h)).collect())
            .unwrap_or_default();
        let opponent_connected = self.client.as_ref().is_none_or(|c| {
            c.record()
                .connected()
                .get(usize::from(1 - c.side()))
                .copied()
                .unwrap_or(true)
        });
        let abandoned = self
            .client
            .as_ref()
            .and_then(|c| c.record().result())
            .is_some_and(|r| r.reason == WireEnd::Abandoned);
        if abandoned {
            if let Some(o) = v.outcome.as_mut() {
                o.text = o.text.replacen("resigned", "left the game", 1);
            }
        }
        v.banner = self.banner(&v, in_game, &pending, opponent_connected);
        v.online = Some(OnlineStatus {
            welcomed: self.welcomed,
            searching: self.searching,
            table: self.table.clone(),
            room_code: self.room_code.clone(),
            game: self.client.as_ref().map(|c| c.game_id().to_owned()),
            side: side.map(u32::from),
            opponent: self.opponent.clone(),
            pending_move: pending,
            opponent_connected,
            can_rematch: self.client.is_some() && !in_game,
        });
        v
    }

    fn banner(
        &self,
        v: &BoardView,
        in_game: bool,
        pending: &[super::types::Coord],
        opponent_connected: bool,
    ) -> Option<Banner> {
        if let Some(o) = &v.outcome {
            if self.note.is_some() && self.room_code.is_none() && !self.searching {
                return self.note.clone();
            }
            if self.matched.is_none() && self.room_code.is_none() && !self.searching {
                return note(BannerKind::GameOver, o.text.clone());
            }
        }
        if !self.welcomed {
            return note(BannerKind::Connecting, "Connecting…");
        }
        if let Some(code) = &self.room_code {
            return note(
                BannerKind::RoomCode,
                format!("Room code {code} — share it with your opponent"),
            );
        }
        if self.searching || self.table.is_some() {
            return note(BannerKind::Waiting, "Waiting for an opponent…");
        }
        if self.client.as_ref().is_some_and(ClientGame::is_resyncing) {
            return note(BannerKind::Syncing, "Syncing with the server…");
        }
        if !pending.is_empty() {
            return note(BannerKind::Sending, "Sending…");
        }
        if in_game && !opponent_connected {
            return note(
                BannerKind::OpponentDisconnected,
                format!("{} lost the connection — their seat is held", self.opponent),
            );
        }
        if let Some(c) = &self.client {
            if in_game {
                if let Some(by) = c.record().draw_offer() {
                    let text = if by == c.side() {
                        format!("Draw offered — waiting for {}", self.opponent)
                    } else {
                        format!("{} offers a draw", self.opponent)
                    };
                    return note(BannerKind::DrawOffered, text);
                }
            }
        }
        if self.note.is_some() {
            return self.note.clone();
        }
        v.banner.clone()
    }
}

#[cfg(test)]
#[path = "online_tests.rs"]
mod tests;
