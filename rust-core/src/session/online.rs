//! An online game on this device: the board, the touch model and the banners of a local game,
//! with the moves going through the server.
//!
//! [`OnlineSession`] owns the connection's state (welcomed, searching, open table or room, the
//! lobby) and the game's [`ClientGame`]. The apps move strings only: every action returns the
//! encoded messages to send, and every frame the server sends goes into
//! [`OnlineSession::receive`]. A move made with taps is shown at once as pending ("Sending…")
//! and committed when the server's event comes back; the opponent's moves are validated by the
//! rules before they are applied; a refusal, a gap or a reconnection makes the session ask for a
//! resync. Undo, redo and hints do not exist online (docs/RULES.md).

use super::error::{MoveError, OnlineError};
use super::state::{update, Event, SessionState, Touch};
use super::types::{Banner, PlayerName, SeatPlayer, StateChange};
use crate::ai::AiLevel;
use crate::online::record::start_position;
use crate::online::{
    check_name, check_token, decode_notice, decode_server, encode, normalize_room_code, ClientGame,
    ClientMsg, DrawAction, ErrorCode, Format, GameEvent, LiveGame, ServerMsg, ServerNotice,
    SyncEffect, TableInfo, TimeControl, PROTOCOL_VERSION,
};
use crate::rules::Game;

// The public records of the state live in `types`, the requests and answers about finished
// games and ratings in `records`, watching in `spectate`, the reconnection policy in
// `reconnect`, the state shown in `view` and the save format in `save`: one concern a file,
// each an `impl OnlineSession` block over the same private fields.
mod clock;
mod reconnect;
mod records;
mod save;
mod spectate;
mod types;
mod view;

pub use clock::{clock_reading, wall_clock_ms, ClockFace, ClockReading, LOW_MS};
pub use types::{
    Connection, DownloadedGame, OnlineClock, OnlineGameInfo, OnlineRating, OnlineSeat, OnlineState,
    PastGame, RatingChange, RoomInfo, SeatedInfo,
};

/// A game found by the server (or named in the welcome) whose snapshot has not arrived yet.
#[derive(Clone, Debug)]
struct Matched {
    game: String,
}

/// The online mode's state. Pure: no I/O, no clock.
#[derive(Clone, Debug)]
pub struct OnlineSession {
    name: String,
    connection: Connection,
    searching: bool,
    table: Option<TableInfo>,
    room: Option<RoomInfo>,
    seated: Option<SeatedInfo>,
    watching_lobby: bool,
    lobby: Vec<TableInfo>,
    matched: Option<Matched>,
    opponent: String,
    client: Option<ClientGame>,
    /// The last clock the server sent for the game.
    clock: Option<OnlineClock>,
    past_games: Option<Vec<PastGame>>,
    download: Option<DownloadedGame>,
    ratings: Option<Vec<OnlineRating>>,
    rating_change: Option<RatingChange>,
    live_games: Option<Vec<LiveGame>>,
    /// The game we watch (and the private room's code it was found by), if we spectate.
    spectate: Option<(String, Option<String>)>,
    /// The board shown: the confirmed game with our pending move on top.
    display: SessionState,
    /// A passing banner (opponent back, draw declined, a refusal), cleared by the next move.
    note: Option<Banner>,
    last_error: Option<ErrorCode>,
    /// Reconnection attempts since the last welcome (counted by `connection_lost`).
    reconnect_attempts: u32,
    /// Seeds the jitter of the reconnection delays.
    reconnect_seed: u64,
    /// The person left (`leave`): no reconnection until the next `hello`.
    left: bool,
}

/// The board shown before an online game starts (tripot 1's start position).
fn placeholder() -> SessionState {
    SessionState::with_game(
        vec![SeatPlayer::Person, SeatPlayer::Remote],
        vec![PlayerName::You, PlayerName::Numbered { number: 2 }],
        Game::new(start_position(Format::Tripot1)),
    )
}

impl Default for OnlineSession {
    fn default() -> Self {
        OnlineSession::new()
    }
}

fn bad_frame(e: impl std::fmt::Display) -> OnlineError {
    OnlineError::Malformed {
        detail: e.to_string(),
    }
}

impl OnlineSession {
    /// A session not yet connected: send [`OnlineSession::hello`] first.
    pub fn new() -> OnlineSession {
        OnlineSession {
            name: String::new(),
            connection: Connection::Connecting,
            searching: false,
            table: None,
            room: None,
            seated: None,
            watching_lobby: false,
            lobby: Vec::new(),
            matched: None,
            opponent: String::new(),
            client: None,
            clock: None,
            past_games: None,
            download: None,
            ratings: None,
            rating_change: None,
            live_games: None,
            spectate: None,
            display: placeholder(),
            note: None,
            last_error: None,
            reconnect_attempts: 0,
            reconnect_seed: rand::random(),
            left: false,
        }
    }

    /// The game in progress or just over, if any.
    pub fn client(&self) -> Option<&ClientGame> {
        self.client.as_ref()
    }

    fn in_game(&self) -> bool {
        self.spectate.is_none() && self.client.as_ref().is_some_and(|c| !c.record().is_over())
    }

    fn game_id(&self) -> Result<String, OnlineError> {
        self.client
            .as_ref()
            .map(|c| c.game_id().to_owned())
            .ok_or(OnlineError::NoGame)
    }

    fn playing(&self) -> Result<String, OnlineError> {
        if !self.in_game() {
            return Err(OnlineError::NoGame);
        }
        self.game_id()
    }

    /// Checks that a new game may be looked for (connected, no game in progress, not watching
    /// one: stop spectating first).
    fn free(&mut self) -> Result<(), OnlineError> {
        if self.connection != Connection::Connected {
            return Err(OnlineError::NotConnected);
        }
        if self.spectate.is_some() {
            return Err(OnlineError::GameInProgress);
        }
        // A game found or named in the welcome whose snapshot is on its way counts as in progress:
        // a restarted client resumes it instead of looking for another.
        if self.in_game() || self.matched.is_some() {
            return Err(OnlineError::GameInProgress);
        }
        self.forget_refusal();
        Ok(())
    }

    /// A new request from the player: the server's last refusal was about an earlier one, and
    /// is no longer shown (otherwise, say, a wrong watch code's `game_not_found` would come back
    /// under the lobby as a game that ended). Its banner goes with it (it would come back once a
    /// wait ends).
    fn forget_refusal(&mut self) {
        self.last_error = None;
        if matches!(self.note, Some(Banner::ServerError { .. })) {
            self.note = None;
        }
    }

    /// Checks that a request of the lobby may be sent (connected), and forgets the last refusal
    /// (see [`Self::forget_refusal`]).
    fn lobby_request(&mut self) -> Result<(), OnlineError> {
        self.connected()?;
        self.forget_refusal();
        Ok(())
    }

    /// A new connection starts without what the old one had: the server dropped our place in
    /// the quick-match queue and closed our tables when the socket went, and the lobby must be
    /// watched again.
    fn new_connection(&mut self) {
        self.searching = false;
        self.table = None;
        self.seated = None;
        self.watching_lobby = false;
        self.lobby.clear();
    }

    fn connected(&self) -> Result<(), OnlineError> {
        if self.connection != Connection::Connected {
            return Err(OnlineError::NotConnected);
        }
        Ok(())
    }

    /// The first message of every connection (and of every reconnection: the server's welcome
    /// then makes the session resume its game).
    pub fn hello(&mut self, token: &str, name: &str) -> Result<Vec<String>, OnlineError> {
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

    /// Changes the display name (for later games).
    pub fn set_name(&mut self, name: &str) -> Result<Vec<String>, OnlineError> {
        let name = check_name(name).map_err(|detail| OnlineError::BadName { detail })?;
        self.name = name.clone();
        Ok(vec![encode(&ClientMsg::SetName { name })])
    }

    /// Quick match in a format, or in any format (`None`).
    pub fn quick_match(&mut self, format: Option<Format>) -> Result<Vec<String>, OnlineError> {
        self.free()?;
        Ok(vec![encode(&ClientMsg::QuickMatch { format })])
    }

    /// Stops waiting for a quick match.
    pub fn cancel_match(&mut self) -> Vec<String> {
        vec![encode(&ClientMsg::CancelMatch)]
    }

    /// Starts receiving the lobby's open tables (sent now and on every change).
    pub fn watch_lobby(&mut self) -> Result<Vec<String>, OnlineError> {
        self.lobby_request()?;
        self.watching_lobby = true;
        self.rebuild();
        Ok(vec![encode(&ClientMsg::WatchLobby)])
    }

    /// Stops receiving the lobby.
    pub fn unwatch_lobby(&mut self) -> Vec<String> {
        self.watching_lobby = false;
        self.lobby.clear();
        self.rebuild();
        vec![encode(&ClientMsg::UnwatchLobby)]
    }

    /// Opens a public table in the lobby (the format's default time control).
    pub fn create_table(&mut self, format: Format) -> Result<Vec<String>, OnlineError> {
        self.create_table_timed(format, None)
    }

    /// Opens a public table in the lobby with a time control (`None`: the format's default).
    pub fn create_table_timed(
        &mut self,
        format: Format,
        clock: Option<TimeControl>,
    ) -> Result<Vec<String>, OnlineError> {
        self.free()?;
        Ok(vec![encode(&ClientMsg::CreateTable { format, clock })])
    }

    /// Closes our open table.
    pub fn close_table(&mut self) -> Result<Vec<String>, OnlineError> {
        let table = self.table.take().ok_or(OnlineError::NoTable)?;
        self.rebuild();
        Ok(vec![encode(&ClientMsg::CloseTable { table: table.id })])
    }

    /// Sits at an open table.
    pub fn join_table(&mut self, table: &str) -> Result<Vec<String>, OnlineError> {
        self.free()?;
        Ok(vec![encode(&ClientMsg::JoinTable {
            table: table.to_owned(),
        })])
    }

    /// Creates a private room; its code comes back in the state (`room`).
    pub fn create_room(&mut self, format: Format) -> Result<Vec<String>, OnlineError> {
        self.create_room_timed(format, None)
    }

    /// Creates a private room with a time control (`None`: the format's default).
    pub fn create_room_timed(
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

    /// Joins a private room by its code as typed (case, spaces and dashes do not matter).
    pub fn join_room(&mut self, code: &str) -> Result<Vec<String>, OnlineError> {
        let normalised = normalize_room_code(code).ok_or_else(|| OnlineError::BadRoomCode {
            code: code.to_owned(),
        })?;
        self.free()?;
        Ok(vec![encode(&ClientMsg::JoinRoom {
            code: normalised,
            rated: false,
        })])
    }

    /// The host of a table or room of 3 or more seats starts it now: the empty seats are played
    /// by the server's AI at `level`.
    pub fn fill_with_ai(&mut self, level: AiLevel) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        let seated = self.seated.as_ref().ok_or(OnlineError::NotSeated)?;
        if !seated.host {
            return Err(OnlineError::NotHost);
        }
        Ok(vec![encode(&ClientMsg::FillWithAi {
            id: seated.id.clone(),
            level,
        })])
    }

    /// Leaves the table or room of 3 or more seats we sit at (a host closes it for everyone).
    pub fn leave_seat(&mut self) -> Result<Vec<String>, OnlineError> {
        let seated = self.seated.take().ok_or(OnlineError::NotSeated)?;
        self.table = None;
        self.room = None;
        self.rebuild();
        Ok(vec![encode(&ClientMsg::LeaveSeat { id: seated.id })])
    }

    /// The app goes to the background: the server holds our seat longer if the socket drops.
    pub fn away(&mut self) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        let game = self.playing()?;
        Ok(vec![encode(&ClientMsg::Away { game })])
    }

    /// The app is back in the foreground on a live socket: catch up with the game.
    pub fn back(&mut self) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        let client = self.client.as_ref().ok_or(OnlineError::NoGame)?;
        // Not a resync: on a live socket the server sends only what we missed, often nothing,
        // and "Syncing" would stay up until the next event.
        Ok(vec![encode(&ClientMsg::Resume {
            game: client.game_id().to_owned(),
            last_seq: client.last_seq(),
        })])
    }

    /// A tap on the board. A completed move is validated, shown as pending and sent.
    pub fn tap(&mut self, q: i32, r: i32) -> Result<Vec<String>, MoveError> {
        self.touch(Event::Tap { q, r })
    }

    /// "End jump": sends the chain in progress as it stands.
    pub fn end_jump(&mut self) -> Result<Vec<String>, MoveError> {
        self.touch(Event::EndJump)
    }

    /// Drops the selection or the chain in progress.
    pub fn cancel_touch(&mut self) {
        self.display.touch = Touch::Idle;
        self.bump(StateChange::default());
    }

    fn touch(&mut self, event: Event) -> Result<Vec<String>, MoveError> {
        if self.spectate.is_some() {
            // A spectator's board is for looking at.
            return Err(MoveError::NotYourTurn);
        }
        let Some(client) = self.client.as_mut() else {
            return Err(MoveError::NoGame);
        };
        if client.pending().is_some() {
            return Err(MoveError::MoveInFlight);
        }
        // The touch model runs on a copy: a finished move must go to the server, not be played.
        let before = self.display.game.history().len();
        let mut trial = self.display.clone();
        update(&mut trial, event)?;
        let Some(entry) = trial.game.history().nth(before) else {
            self.display = trial;
            return Ok(Vec::new());
        };
        let msg = client.propose(&entry.mv).map_err(|e| MoveError::Internal {
            detail: e.to_string(),
        })?;
        self.note = None;
        self.last_error = None;
        self.rebuild();
        Ok(vec![encode(&msg)])
    }

    /// Resigns the game in progress.
    pub fn resign(&mut self) -> Result<Vec<String>, OnlineError> {
        let game = self.playing()?;
        Ok(vec![encode(&ClientMsg::Resign { game })])
    }

    /// Offers a draw (accepts the opponent's offer if one is pending).
    pub fn offer_draw(&mut self) -> Result<Vec<String>, OnlineError> {
        let game = self.playing()?;
        Ok(vec![encode(&ClientMsg::Draw {
            game,
            action: DrawAction::Offer,
        })])
    }

    /// Answers the opponent's draw offer.
    pub fn answer_draw(&mut self, accept: bool) -> Result<Vec<String>, OnlineError> {
        let game = self.playing()?;
        let offered_by_opponent = self
            .client
            .as_ref()
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

    /// Asks for (or agrees to) a rematch once the game is over.
    pub fn rematch(&mut self) -> Result<Vec<String>, OnlineError> {
        if self.in_game() {
            return Err(OnlineError::NotOver);
        }
        let game = self.game_id()?;
        Ok(vec![encode(&ClientMsg::Rematch { game })])
    }

    /// The `resume` message for the current game (`receive` sends it by itself when the server
    /// welcomes us back).
    pub fn resume(&mut self) -> Result<Vec<String>, OnlineError> {
        let client = self.client.as_mut().ok_or(OnlineError::NoGame)?;
        Ok(vec![encode(&client.resume_msg())])
    }

    /// One frame from the server: returns the messages to send in answer. A frame that cannot
    /// be understood is refused and changes nothing.
    pub fn receive(&mut self, text: &str) -> Result<Vec<String>, OnlineError> {
        let msg = match decode_server(text) {
            Ok(msg) => msg,
            // Not a message: perhaps a notice (`replaced`), or a frame to refuse.
            Err(e) => match decode_notice(text) {
                Ok(notice) => return Ok(self.notice(&notice)),
                Err(_) => return Err(bad_frame(e)),
            },
        };
        let mut out = Vec::new();
        match &msg {
            ServerMsg::Welcome { name, games, .. } => {
                self.connection = Connection::Connected;
                self.name = name.clone();
                self.welcome(games, &mut out);
            }
            ServerMsg::Searching { .. } => self.searching = true,
            ServerMsg::MatchCancelled => self.searching = false,
            ServerMsg::TableCreated { table } => self.table = Some(table.clone()),
            ServerMsg::Lobby { tables } => {
                if self.watching_lobby {
                    self.lobby = tables.clone();
                }
            }
            ServerMsg::RoomCreated {
                code,
                format,
                expires_in_s,
            } => {
                self.room = Some(RoomInfo {
                    code: code.clone(),
                    format: *format,
                    expires_in_s: *expires_in_s,
                })
            }
            ServerMsg::Seated {
                id,
                format,
                players,
                host,
            } => {
                self.seated = Some(SeatedInfo {
                    id: id.clone(),
                    format: *format,
                    players: players.clone(),
                    seats: format.seats() as u32,
                    host: *host,
                });
            }
            ServerMsg::Matched {
                game,
                side,
                players,
                ..
            } => {
                self.searching = false;
                self.table = None;
                self.room = None;
                self.seated = None;
                self.clock = None;
                self.note = None;
                self.last_error = None;
                self.opponent = others(players, *side);
                self.matched = Some(Matched { game: game.clone() });
            }
            ServerMsg::Sync { snapshot } => {
                let current = self.client.as_ref().map(|c| c.game_id().to_owned());
                if current.as_deref() == Some(snapshot.game.as_str()) {
                    self.effect(&msg, &mut out);
                } else if self.watches(&snapshot.game) {
                    let client = ClientGame::from_snapshot(snapshot).map_err(bad_frame)?;
                    self.opponent = snapshot.players.join(", ");
                    self.client = Some(client);
                    self.display.touch = Touch::Idle;
                } else if self
                    .matched
                    .as_ref()
                    .is_some_and(|m| m.game == snapshot.game)
                {
                    let client = ClientGame::from_snapshot(snapshot).map_err(bad_frame)?;
                    self.matched = None;
                    self.opponent = others(&snapshot.players, client.side());
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
                    // The move the clock played keeps its time-out's banner.
                    let clocks_move = matches!(
                        (event, &self.note),
                        (GameEvent::Moved { side, .. }, Some(Banner::MoveTimedOut { player }))
                            if i32::from(*side) == *player
                    );
                    if matches!(event, GameEvent::Moved { .. } | GameEvent::Ended { .. })
                        && !clocks_move
                    {
                        self.note = None;
                    }
                    if opponent_event.is_some() {
                        self.note = opponent_event;
                    }
                    if let GameEvent::RematchStarted { game } = event {
                        // Both asked: the new game's events follow.
                        self.matched = Some(Matched { game: game.clone() });
                    }
                }
            }
            // An empty catch-up: nothing was missed.
            ServerMsg::UpToDate { .. } | ServerMsg::Ack { .. } => self.effect(&msg, &mut out),
            ServerMsg::Error { game, code, .. } => {
                if game.is_some() {
                    self.effect(&msg, &mut out);
                } else {
                    self.spectate_refused(*code);
                }
                self.last_error = Some(*code);
                self.note = Some(Banner::ServerError { code: *code });
            }
            ServerMsg::ShuttingDown { .. } => {
                self.connection = Connection::Reconnecting;
                self.new_connection();
            }
            ServerMsg::Pong => {}
            ServerMsg::Clock {
                game,
                side,
                left_ms,
                banks_ms,
            } => {
                if self.client.as_ref().is_some_and(|c| c.game_id() == game) {
                    self.clock = Some(OnlineClock {
                        side: i32::from(*side),
                        left_ms: *left_ms,
                        banks_ms: banks_ms.clone(),
                        received_at_ms: clock::wall_clock_ms(),
                    });
                }
            }
            ServerMsg::Ratings { .. }
            | ServerMsg::RatingChanged { .. }
            | ServerMsg::Games { .. }
            | ServerMsg::GameLog { .. } => self.receive_record(&msg)?,
            ServerMsg::LiveGames { games } => self.live_games = Some(games.clone()),
        }
        self.rebuild();
        Ok(out)
    }

    /// A notice of the server (docs/ONLINE.md, "Version rules"): `replaced`, another connection
    /// of this device's token took over, and the server closes this one.
    fn notice(&mut self, notice: &ServerNotice) -> Vec<String> {
        match notice {
            ServerNotice::Replaced { .. } => {
                self.connection = Connection::Replaced;
                self.new_connection();
                self.note = None;
            }
        }
        self.rebuild();
        Vec::new()
    }

    /// After a welcome: resume our game (and resend a pending move: the server answers a move it
    /// already has with an `ack`), or pick up a game the server says we play but this device
    /// does not know (the app was killed before it saved).
    fn welcome(&mut self, games: &[String], out: &mut Vec<String>) {
        // Connected again: the next loss starts the reconnection delays afresh.
        self.reconnect_attempts = 0;
        if let Some((game, code)) = &self.spectate {
            // Watching: ask for the game again (a spectator has no seat to resume).
            out.push(encode(&ClientMsg::Spectate {
                game: game.clone(),
                code: code.clone(),
            }));
            self.client = None;
            return;
        }
        if let Some(c) = self.client.as_mut() {
            if !c.record().is_over() {
                out.push(encode(&c.resume_msg()));
                if let Some(p) = c.pending() {
                    out.push(encode(&ClientMsg::Move {
                        game: c.game_id().to_owned(),
                        ply: p.ply,
                        mv: p.mv.clone(),
                    }));
                }
                return;
            }
        }
        // A game matched before the socket dropped (its snapshot never came) is asked for again.
        let matched = self
            .matched
            .as_ref()
            .map(|m| &m.game)
            .filter(|g| games.contains(g));
        if let Some(game) = matched.or(games.first()).cloned() {
            self.matched = Some(Matched { game: game.clone() });
            out.push(encode(&ClientMsg::Resume { game, last_seq: 0 }));
        }
    }

    /// The passing banner an event of the opponent's deserves, if any.
    fn opponent_note(&self, event: &GameEvent) -> Option<Banner> {
        let c = self.client.as_ref()?;
        match event {
            GameEvent::Reconnected { side } if *side != c.side() => {
                Some(Banner::OpponentReconnected {
                    player: i32::from(*side),
                })
            }
            GameEvent::DrawDeclined { side } if *side != c.side() => Some(Banner::DrawDeclined {
                by: i32::from(*side),
            }),
            GameEvent::SeatToAi { side, .. } if *side != c.side() => Some(Banner::PlayerReplaced {
                player: i32::from(*side),
            }),
            GameEvent::TimedOut { side } => Some(Banner::MoveTimedOut {
                player: i32::from(*side),
            }),
            GameEvent::RematchOffered { side } => Some(Banner::RematchOffered {
                by: i32::from(*side),
            }),
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
}

/// The others' names as one line: the opponent's, or with 3 or more seats every other name
/// joined by ", ".
fn others(players: &[String], side: u8) -> String {
    let names: Vec<&str> = players
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != usize::from(side))
        .map(|(_, n)| n.as_str())
        .collect();
    names.join(", ")
}

#[cfg(test)]
#[path = "online_tests.rs"]
mod tests;
