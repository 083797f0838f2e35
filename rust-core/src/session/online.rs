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
use crate::online::record::start_position;
use crate::online::{ClientGame, ErrorCode, Format, LiveGame, TableInfo};
use crate::rules::Game;

// The public records of the state live in `types`, reading the clock in `clock`, the phases in
// `phase`, the person's requests in `request` (the one type) and `requests` (their handlers), the
// board's actions in `requests` too, the server's frames in `frames`, the requests and
// answers about finished games and ratings in `records`, watching in `spectate`, the
// reconnection policy in `reconnect`, the state shown in `view` and the save format in `save`:
// one concern a file, each an `impl OnlineSession` block over the same private fields.
mod clock;
mod frames;
mod phase;
mod reconnect;
mod records;
mod request;
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
pub use request::OnlineRequest;
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

/// What happens to an online session: a request of the person, a touch or action on the board,
/// or a frame of the server. Every one goes through [`OnlineSession::update`].
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineEvent {
    /// A request off the board (connecting, finding a game, watching, records, lifecycle).
    Request(OnlineRequest),
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
    /// One text frame from the server.
    Frame {
        /// The frame as received.
        text: String,
    },
    /// The socket dropped, or an attempt to reconnect failed.
    ConnectionLost,
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
            E::Request(request) => self.on_request(request)?,
            E::Tap { q, r } => self.on_touch(super::state::Event::Tap { q, r })?,
            E::EndJump => self.on_touch(super::state::Event::EndJump)?,
            E::CancelTouch => self.on_cancel_touch(),
            E::Resign => self.on_resign()?,
            E::OfferDraw => self.on_offer_draw()?,
            E::AnswerDraw { accept } => self.on_answer_draw(accept)?,
            E::Rematch => self.on_rematch()?,
            E::Frame { text } => self.on_frame(&text)?,
            E::ConnectionLost => self.on_connection_lost(),
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

    /// One frame from the server: returns the messages to send in answer. A frame that cannot
    /// be understood is refused and changes nothing.
    pub fn receive(&mut self, text: &str) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::Frame {
            text: text.to_owned(),
        })
    }

    /// The app's socket dropped, or an attempt to reconnect failed: show "reconnecting" at once
    /// and count the attempt. The app waits [`OnlineSession::reconnect_delay_ms`], reconnects and
    /// sends [`OnlineRequest::Hello`] again.
    ///
    /// A connection another one replaced stays [`Connection::Replaced`]: its socket was closed on
    /// purpose and nothing is attempted.
    pub fn connection_lost(&mut self) {
        self.always(OnlineEvent::ConnectionLost);
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
