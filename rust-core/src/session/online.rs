//! An online game on this device: the board, the touch model and the banners of a local game,
//! with the moves going through the server.
//!
//! [`OnlineSession`] is a state machine like the local session: every call of the app and every
//! frame of the server is an [`OnlineEvent`], and [`OnlineSession::update`] applies it to a copy
//! of the session, kept only if the event was accepted (a refused call or frame changes
//! nothing). The session is in one phase at a time (idle, searching, hosting a table, in a
//! room, seated at a table of 3 or more, matched, playing, watching: [`OnlinePhase`]), each
//! holding the data of that phase alone. The apps move strings only: every event returns the
//! encoded messages to send. A move made with taps is shown at once as pending ("Sending…")
//! and committed when the server's event comes back; the opponent's moves are validated by the
//! rules before they are applied; a refusal, a gap or a reconnection makes the session ask for a
//! resync. Undo, redo and hints do not exist online (docs/RULES.md).

use super::error::{MoveError, OnlineError};
use super::state::SessionState;
use super::types::{Banner, PlayerName, SeatPlayer};
use crate::ai::AiLevel;
use crate::online::record::start_position;
use crate::online::{ClientGame, ErrorCode, Format, LiveGame, TableInfo, TimeControl};
use crate::rules::Game;

// The public records of the state live in `types`, reading the clock in `clock`, the phases in
// `phase`, the app's requests in `requests` and the server's frames in `frames`, the requests and
// answers about finished games and ratings in `records`, watching in `spectate`, the
// reconnection policy in `reconnect`, the state shown in `view` and the save format in `save`:
// one concern a file, each an `impl OnlineSession` block over the same private fields.
mod clock;
mod frames;
mod phase;
mod reconnect;
mod records;
mod requests;
mod save;
mod spectate;
mod types;
mod view;

pub use clock::{
    away_reading, clock_reading, wall_clock_ms, AwayReading, ClockFace, ClockReading, LOW_MS,
};
pub use phase::OnlinePhase;
use phase::Phase;
pub use types::{
    Connection, DownloadedGame, OnlineClock, OnlineGameInfo, OnlineRating, OnlineSeat, OnlineState,
    PastGame, PastResult, RatingChange, RoomInfo, SeatedInfo,
};

/// The online mode's state. Pure: no I/O, no clock.
#[derive(Clone, Debug)]
pub struct OnlineSession {
    name: String,
    connection: Connection,
    /// What the session is doing, with the data of that phase (the game on the board among it).
    phase: Phase,
    /// The lobby's open tables while we watch the lobby (`None`: not watching). Apart from the
    /// phase: the lobby is watched whatever else we do.
    lobby: Option<Vec<TableInfo>>,
    opponent: String,
    /// The last clock the server sent for the game.
    clock: Option<OnlineClock>,
    /// When the seats of the game on the board that dropped are lost: stamped as each
    /// `disconnected` event arrived (its grace added), read only while the record still says
    /// the seat is away.
    away: Vec<AwayDeadline>,
    past_games: Option<Vec<PastGame>>,
    download: Option<DownloadedGame>,
    ratings: Option<Vec<OnlineRating>>,
    rating_change: Option<RatingChange>,
    live_games: Option<Vec<LiveGame>>,
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

/// A seat's away deadline: game `game`'s seat `side` is lost at `back_by_ms` (this device's
/// clock) unless its player is back.
#[derive(Clone, Debug, PartialEq, Eq)]
struct AwayDeadline {
    game: String,
    side: u8,
    back_by_ms: i64,
}

/// What happens to an online session: a call of the app or a frame of the server. Every one
/// goes through [`OnlineSession::update`].
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineEvent {
    /// The first message of every connection (and of every reconnection).
    Hello {
        /// This device's token (`new_token`).
        token: String,
        /// The display name asked for.
        name: String,
    },
    /// A new display name (for later games).
    SetName {
        /// The name as typed.
        name: String,
    },
    /// Quick match in a format, or in any format (`None`).
    QuickMatch {
        /// The format wanted (`None`: any).
        format: Option<Format>,
    },
    /// Stop waiting for a quick match.
    CancelMatch,
    /// Start receiving the lobby's open tables.
    WatchLobby,
    /// Stop receiving the lobby.
    UnwatchLobby,
    /// Open a public table (`clock` `None`: the format's default time control).
    CreateTable {
        /// The table's format.
        format: Format,
        /// Its time control (`None`: the format's default).
        clock: Option<TimeControl>,
    },
    /// Close our open table or private room.
    CloseTable,
    /// Sit at an open table.
    JoinTable {
        /// The table's id (from the lobby).
        table: String,
    },
    /// Create a private room (`clock` `None`: the format's default time control).
    CreateRoom {
        /// The room's format.
        format: Format,
        /// Its time control (`None`: the format's default).
        clock: Option<TimeControl>,
    },
    /// Join a private room by its code as typed.
    JoinRoom {
        /// The code as typed (case, spaces and dashes do not matter).
        code: String,
    },
    /// The host starts a table or room of 3 or more seats, the empty seats played by the AI.
    FillWithAi {
        /// The level of the AI seats.
        level: AiLevel,
    },
    /// Leave the table or room of 3 or more seats we sit at.
    LeaveSeat,
    /// The app goes to the background.
    Away,
    /// The app is back in the foreground on a live socket.
    Back,
    /// A tap on the board.
    Tap {
        /// The cell's axial column.
        q: i32,
        /// The cell's axial row.
        r: i32,
    },
    /// "End jump": send the chain in progress.
    EndJump,
    /// Drop the selection or the chain in progress.
    CancelTouch,
    /// Resign the game in progress.
    Resign,
    /// Offer a draw (or accept the opponent's).
    OfferDraw,
    /// Answer the opponent's draw offer.
    AnswerDraw {
        /// Accept (or decline) the offer.
        accept: bool,
    },
    /// Ask for (or agree to) a rematch.
    Rematch,
    /// Ask for the current game's catch-up.
    Resume,
    /// One text frame from the server.
    Frame {
        /// The frame as received.
        text: String,
    },
    /// The socket dropped, or an attempt to reconnect failed.
    ConnectionLost,
    /// The person leaves online play.
    Leave,
    /// Ask for the public games in progress.
    WatchGames,
    /// Watch a game read-only: by its id, or a private room's game by the room's code.
    Spectate {
        /// The game's id (empty: the room's game, found by `code`).
        game: String,
        /// The private room's code, as typed.
        code: Option<String>,
    },
    /// Stop watching.
    StopSpectating,
    /// Ask for our ratings.
    RequestRatings,
    /// Ask for our last finished games.
    ListGames,
    /// Ask for a finished game's record.
    DownloadGame {
        /// The game's id (from `past_games`).
        game: String,
    },
}

/// Why [`OnlineSession::update`] refused an event: a touch of the board is refused as a move,
/// everything else as an online call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineRefusal {
    /// A call or a frame was refused.
    Online(OnlineError),
    /// A touch of the board was refused.
    Move(MoveError),
}

impl From<OnlineError> for OnlineRefusal {
    fn from(e: OnlineError) -> Self {
        OnlineRefusal::Online(e)
    }
}

impl From<MoveError> for OnlineRefusal {
    fn from(e: MoveError) -> Self {
        OnlineRefusal::Move(e)
    }
}

impl OnlineRefusal {
    /// The refusal of an online call. Only the touches of the board are refused as moves; one
    /// that reached here is told as what it is: there was no game to touch.
    pub fn into_online(self) -> OnlineError {
        match self {
            OnlineRefusal::Online(e) => e,
            OnlineRefusal::Move(_) => OnlineError::NoGame,
        }
    }

    /// The refusal of a touch of the board (a touch is only ever refused as a move).
    pub fn into_move(self) -> MoveError {
        match self {
            OnlineRefusal::Move(e) => e,
            OnlineRefusal::Online(e) => MoveError::Internal {
                detail: e.to_string(),
            },
        }
    }
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
            phase: Phase::Idle,
            lobby: None,
            opponent: String::new(),
            clock: None,
            away: Vec::new(),
            past_games: None,
            download: None,
            ratings: None,
            rating_change: None,
            live_games: None,
            display: placeholder(),
            note: None,
            last_error: None,
            reconnect_attempts: 0,
            reconnect_seed: rand::random(),
            left: false,
        }
    }

    /// Applies one event: works on a copy of the session and keeps it only if the event was
    /// accepted, so that a refused call or frame leaves the session exactly as it was. Returns
    /// the encoded messages to send, in order.
    pub fn update(&mut self, event: OnlineEvent) -> Result<Vec<String>, OnlineRefusal> {
        let mut next = self.clone();
        let out = next.handle(event)?;
        *self = next;
        Ok(out)
    }

    /// [`OnlineSession::update`] for an event refused as an online call.
    pub fn request(&mut self, event: OnlineEvent) -> Result<Vec<String>, OnlineError> {
        self.update(event).map_err(OnlineRefusal::into_online)
    }

    /// [`OnlineSession::update`] for a touch of the board, refused as a move.
    pub fn touch(&mut self, event: OnlineEvent) -> Result<Vec<String>, MoveError> {
        self.update(event).map_err(OnlineRefusal::into_move)
    }

    /// [`OnlineSession::update`] for an event that is never refused.
    fn always(&mut self, event: OnlineEvent) -> Vec<String> {
        self.update(event).unwrap_or_default()
    }

    /// One event on the session being changed (the copy `update` keeps if this succeeds).
    fn handle(&mut self, event: OnlineEvent) -> Result<Vec<String>, OnlineRefusal> {
        use OnlineEvent as E;
        Ok(match event {
            E::Hello { token, name } => self.on_hello(&token, &name)?,
            E::SetName { name } => self.on_set_name(&name)?,
            E::QuickMatch { format } => self.on_quick_match(format)?,
            E::CancelMatch => self.on_cancel_match(),
            E::WatchLobby => self.on_watch_lobby()?,
            E::UnwatchLobby => self.on_unwatch_lobby(),
            E::CreateTable { format, clock } => self.on_create_table(format, clock)?,
            E::CloseTable => self.on_close_table()?,
            E::JoinTable { table } => self.on_join_table(&table)?,
            E::CreateRoom { format, clock } => self.on_create_room(format, clock)?,
            E::JoinRoom { code } => self.on_join_room(&code)?,
            E::FillWithAi { level } => self.on_fill_with_ai(level)?,
            E::LeaveSeat => self.on_leave_seat()?,
            E::Away => self.on_away()?,
            E::Back => self.on_back()?,
            E::Tap { q, r } => self.on_touch(super::state::Event::Tap { q, r })?,
            E::EndJump => self.on_touch(super::state::Event::EndJump)?,
            E::CancelTouch => self.on_cancel_touch(),
            E::Resign => self.on_resign()?,
            E::OfferDraw => self.on_offer_draw()?,
            E::AnswerDraw { accept } => self.on_answer_draw(accept)?,
            E::Rematch => self.on_rematch()?,
            E::Resume => self.on_resume()?,
            E::Frame { text } => self.on_frame(&text)?,
            E::ConnectionLost => self.on_connection_lost(),
            E::Leave => self.on_leave(),
            E::WatchGames => self.on_watch_games()?,
            E::Spectate { game, code } => self.on_spectate(&game, code)?,
            E::StopSpectating => self.on_stop_spectating()?,
            E::RequestRatings => self.on_request_ratings()?,
            E::ListGames => self.on_list_games()?,
            E::DownloadGame { game } => self.on_download_game(&game)?,
        })
    }

    /// The phase the session is in.
    pub fn phase(&self) -> OnlinePhase {
        self.phase.kind()
    }

    /// The game on the board (ours in progress or just over, or the one watched), if any.
    pub fn client(&self) -> Option<&ClientGame> {
        self.phase.client()
    }

    fn in_game(&self) -> bool {
        self.phase.own().is_some_and(|c| !c.record().is_over())
    }

    fn game_id(&self) -> Result<String, OnlineError> {
        self.client()
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
        if self.phase.watch().is_some() {
            return Err(OnlineError::GameInProgress);
        }
        // A game found or named in the welcome whose snapshot is on its way counts as in progress:
        // a restarted client resumes it instead of looking for another.
        if self.in_game() || self.phase.matched().is_some() {
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

    fn connected(&self) -> Result<(), OnlineError> {
        if self.connection != Connection::Connected {
            return Err(OnlineError::NotConnected);
        }
        Ok(())
    }

    /// The first message of every connection (and of every reconnection: the server's welcome
    /// then makes the session resume its game).
    pub fn hello(&mut self, token: &str, name: &str) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::Hello {
            token: token.to_owned(),
            name: name.to_owned(),
        })
    }

    /// Changes the display name (for later games).
    pub fn set_name(&mut self, name: &str) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::SetName {
            name: name.to_owned(),
        })
    }

    /// Quick match in a format, or in any format (`None`).
    pub fn quick_match(&mut self, format: Option<Format>) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::QuickMatch { format })
    }

    /// Stops waiting for a quick match.
    pub fn cancel_match(&mut self) -> Vec<String> {
        self.always(OnlineEvent::CancelMatch)
    }

    /// Starts receiving the lobby's open tables (sent now and on every change).
    pub fn watch_lobby(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::WatchLobby)
    }

    /// Stops receiving the lobby.
    pub fn unwatch_lobby(&mut self) -> Vec<String> {
        self.always(OnlineEvent::UnwatchLobby)
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
        self.request(OnlineEvent::CreateTable { format, clock })
    }

    /// Closes our open table or private room (its code stops working at once).
    pub fn close_table(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::CloseTable)
    }

    /// Sits at an open table.
    pub fn join_table(&mut self, table: &str) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::JoinTable {
            table: table.to_owned(),
        })
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
        self.request(OnlineEvent::CreateRoom { format, clock })
    }

    /// Joins a private room by its code as typed (case, spaces and dashes do not matter).
    pub fn join_room(&mut self, code: &str) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::JoinRoom {
            code: code.to_owned(),
        })
    }

    /// The host of a table or room of 3 or more seats starts it now: the empty seats are played
    /// by the server's AI at `level`.
    pub fn fill_with_ai(&mut self, level: AiLevel) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::FillWithAi { level })
    }

    /// Leaves the table or room of 3 or more seats we sit at (a host closes it for everyone).
    pub fn leave_seat(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::LeaveSeat)
    }

    /// The app goes to the background: the server holds our seat longer if the socket drops.
    pub fn away(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::Away)
    }

    /// The app is back in the foreground on a live socket: catch up with the game.
    pub fn back(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::Back)
    }

    /// A tap on the board. A completed move is validated, shown as pending and sent.
    pub fn tap(&mut self, q: i32, r: i32) -> Result<Vec<String>, MoveError> {
        self.touch(OnlineEvent::Tap { q, r })
    }

    /// "End jump": sends the chain in progress as it stands.
    pub fn end_jump(&mut self) -> Result<Vec<String>, MoveError> {
        self.touch(OnlineEvent::EndJump)
    }

    /// Drops the selection or the chain in progress.
    pub fn cancel_touch(&mut self) {
        self.always(OnlineEvent::CancelTouch);
    }

    /// Resigns the game in progress.
    pub fn resign(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::Resign)
    }

    /// Offers a draw (accepts the opponent's offer if one is pending).
    pub fn offer_draw(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::OfferDraw)
    }

    /// Answers the opponent's draw offer.
    pub fn answer_draw(&mut self, accept: bool) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::AnswerDraw { accept })
    }

    /// Asks for (or agrees to) a rematch once the game is over.
    pub fn rematch(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::Rematch)
    }

    /// The `resume` message for the current game (`receive` sends it by itself when the server
    /// welcomes us back).
    pub fn resume(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::Resume)
    }

    /// One frame from the server: returns the messages to send in answer. A frame that cannot
    /// be understood is refused and changes nothing.
    pub fn receive(&mut self, text: &str) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::Frame {
            text: text.to_owned(),
        })
    }

    /// The app's socket dropped, or an attempt to reconnect failed: show "reconnecting" at once
    /// and count the attempt. The app waits [`OnlineSession::reconnect_delay_ms`], reconnects and
    /// sends [`OnlineSession::hello`] again.
    ///
    /// A connection another one replaced stays [`Connection::Replaced`]: its socket was closed on
    /// purpose and nothing is attempted.
    pub fn connection_lost(&mut self) {
        self.always(OnlineEvent::ConnectionLost);
    }

    /// The person leaves online play (the app closes the socket itself): no reconnection until
    /// the next [`OnlineSession::hello`].
    pub fn leave(&mut self) {
        self.always(OnlineEvent::Leave);
    }

    /// Asks for the public games in progress (they arrive in `live_games`).
    pub fn watch_games(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::WatchGames)
    }

    /// Watches a game read-only: a public game by its id, a private room's game by the room's
    /// code (as typed). Not while we play one.
    pub fn spectate(
        &mut self,
        game: &str,
        code: Option<String>,
    ) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::Spectate {
            game: game.to_owned(),
            code,
        })
    }

    /// Watches a private room's game by the room's code alone, as typed (case, spaces and
    /// dashes do not matter): the server finds the game the room started. Its id comes with its
    /// snapshot (`game` in the state); a code that names no game ends the watching with
    /// `last_error` `GameNotFound` (`RateLimited` after too many wrong codes), the answer a game
    /// that does not exist gets. Not while we play one.
    pub fn spectate_room(&mut self, code: &str) -> Result<Vec<String>, OnlineError> {
        self.spectate("", Some(code.to_owned()))
    }

    /// Stops watching.
    pub fn stop_spectating(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::StopSpectating)
    }

    /// Asks for our ratings (they arrive in `ratings`).
    pub fn request_ratings(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::RequestRatings)
    }

    /// Asks for our last finished games (they arrive in `past_games`).
    pub fn list_games(&mut self) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::ListGames)
    }

    /// Asks for a finished game's record (it arrives in `download`, as a saved game).
    pub fn download_game(&mut self, game: &str) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::DownloadGame {
            game: game.to_owned(),
        })
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

#[cfg(test)]
#[path = "online_phase_tests.rs"]
mod phase_tests;

#[cfg(test)]
#[path = "online_table_tests.rs"]
mod table_tests;
