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

use rand::{rngs::StdRng, Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::{MoveError, OnlineError, SaveError};
use super::export::online_game_save;
use super::save::check_header;
use super::state::{update, Event, ManualEnd, SessionState, Touch};
use super::types::{
    Banner, ChangeKind, Coord, EndReason, GameState, PlayerName, SeatPlayer, StateChange,
};
use super::view::coord;
use crate::ai::AiLevel;
use crate::online::record::start_position;
use crate::online::{
    check_name, check_token, decode_server, encode, normalize_room_code, ClientGame, ClientMsg,
    DrawAction, EndReason as WireEnd, ErrorCode, Format, GameEvent, GameRecord, GameSnapshot,
    GameSummary, LiveGame, ServerMsg, SyncEffect, TableInfo, TimeControl, WireMove,
    PROTOCOL_VERSION,
};
use crate::rules::{Game, Preset};

/// The connection as the app should show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Connection {
    /// Connecting for the first time (`hello` sent or about to be).
    Connecting,
    /// The socket dropped (reported by the app); reconnecting.
    Reconnecting,
    /// The server welcomed us.
    Connected,
}

/// A private room waiting for the friend.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct RoomInfo {
    /// The code to share.
    pub code: String,
    /// The format.
    pub format: Format,
    /// Seconds before the unused room expires (as the server said when it was created).
    pub expires_in_s: u64,
}

/// A table or room of 3 or more seats that we sit at, still filling.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SeatedInfo {
    /// The table's id or the room's code.
    pub id: String,
    /// The format.
    pub format: Format,
    /// The players seated so far, the host first.
    pub players: Vec<String>,
    /// The seats to fill in all.
    pub seats: u32,
    /// Whether we are the host (who may start with AI seats: `fill_with_ai`).
    pub host: bool,
}

/// The clock of a timed online game, as the server last said (count down from when this state
/// arrived: `left_ms` is relative, so the device's clock offset does not matter).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OnlineClock {
    /// The side whose time runs.
    pub side: i32,
    /// Milliseconds it had left when the server sent this.
    pub left_ms: u64,
    /// With a game clock, every seat's remaining time, side 0 first (empty otherwise).
    pub banks_ms: Vec<u64>,
}

/// One seat of an online game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OnlineSeat {
    /// The display name (the AI's proper name for an AI seat).
    pub name: String,
    /// The level of the server's AI playing the seat; `None` for a person.
    pub ai: Option<AiLevel>,
    /// Whether the seat's player is connected (always for an AI).
    pub connected: bool,
}

/// The game this device plays online.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OnlineGameInfo {
    /// The server's game id.
    pub id: String,
    /// Its format.
    pub format: Format,
    /// Our seat (0 opens).
    pub side: i32,
    /// The opponent's display name; with 3 or more seats, the others' names joined by ", ".
    pub opponent: String,
    /// Every seat, side 0 first (ours included).
    pub seats: Vec<OnlineSeat>,
    /// The time control.
    pub time_control: TimeControl,
    /// The running clock of a timed game that is not over (none untimed).
    pub clock: Option<OnlineClock>,
    /// The path of our move sent but not yet confirmed (already drawn on the board).
    pub pending_move: Vec<Coord>,
    /// Whether every other person at the table is connected.
    pub opponent_connected: bool,
    /// The game is being brought back in step with the server.
    pub resyncing: bool,
    /// The game is over.
    pub over: bool,
}

/// Everything the online screens show, sent as one value after every call.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OnlineState {
    /// The connection.
    pub connection: Connection,
    /// Our display name as the server keeps it (empty before the first welcome).
    pub name: String,
    /// Waiting for a quick-match opponent.
    pub searching: bool,
    /// Our open table in the lobby, waiting for an opponent.
    pub table: Option<TableInfo>,
    /// Our private room, waiting for the friend.
    pub room: Option<RoomInfo>,
    /// The table or room of 3 or more seats we sit at while it fills (host or guest).
    pub seated: Option<SeatedInfo>,
    /// Watching the lobby.
    pub watching_lobby: bool,
    /// The lobby's open tables (while watching), oldest first.
    pub lobby: Vec<TableInfo>,
    /// The game in progress or just over.
    pub game: Option<OnlineGameInfo>,
    /// A game found by the server, or named in its welcome, is being picked up (its state is on
    /// its way): do not look for another.
    pub joining: bool,
    /// The board (tripot's start while no game is on).
    pub board: GameState,
    /// The last refusal of the server, until the next successful action.
    pub last_error: Option<ErrorCode>,
    /// Our ratings, one per rule set we played rated games in, once the server answered
    /// `ratings` (`None` before).
    pub ratings: Option<Vec<OnlineRating>>,
    /// How the last rated game changed our rating (shown at the game's end).
    pub rating_change: Option<RatingChange>,
    /// The public games in progress, once the server answered `watch_games`.
    pub live_games: Option<Vec<LiveGame>>,
    /// We watch `game` read-only (a spectator): no move, resignation or offer is ours to make.
    pub spectating: bool,
    /// Our last finished games, the latest first, once the server answered `list_games`
    /// (`None` before: not asked yet, or the answer is on its way).
    pub past_games: Option<Vec<PastGame>>,
    /// The game last downloaded (`download_game`), as a saved game to replay or share.
    pub download: Option<DownloadedGame>,
}

/// Our rating in a rule set (Glicko-2, rounded for display).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OnlineRating {
    /// The rule set.
    pub rule_set: Preset,
    /// The rating (1500 for a newcomer).
    pub rating: i32,
    /// Its deviation (350 for a newcomer; smaller is surer).
    pub deviation: i32,
    /// Rated games played in this rule set.
    pub games: u32,
}

/// How a rated game changed our rating.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct RatingChange {
    /// The game.
    pub game: String,
    /// Its rule set.
    pub rule_set: Preset,
    /// The rating before it.
    pub before: i32,
    /// The rating after it.
    pub after: i32,
}

/// A finished online game in our list.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PastGame {
    /// The server's game id (for `download_game`).
    pub id: String,
    /// Its format.
    pub format: Format,
    /// Every seat's name, side 0 first.
    pub players: Vec<String>,
    /// Our seat.
    pub side: i32,
    /// The winning seats (none for a draw or when everyone left).
    pub winners: Vec<i32>,
    /// How it ended.
    pub reason: EndReason,
    /// When it ended, in milliseconds since the Unix epoch (the server's clock).
    pub ended_ms: u64,
}

/// A downloaded online game: a session save (the format of local games), which
/// `LocalGame.restore` opens for replay, or the app shares as a file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct DownloadedGame {
    /// The server's game id.
    pub id: String,
    /// The save (JSON text).
    pub save: String,
}

/// A finished game of the server's list, as the app shows it.
fn past_game(g: &GameSummary) -> PastGame {
    let r = &g.result;
    let winners = match (r.winner, r.ranking.first()) {
        (Some(w), _) => vec![i32::from(w)],
        (None, Some(first)) if matches!(r.reason, WireEnd::MoveLimit) => {
            first.iter().map(|&s| i32::from(s)).collect()
        }
        _ => Vec::new(),
    };
    PastGame {
        id: g.game.clone(),
        format: g.format,
        players: g.players.clone(),
        side: i32::from(g.side),
        winners,
        reason: match r.reason {
            WireEnd::Win => EndReason::Win,
            WireEnd::Deadlock => EndReason::Deadlock,
            WireEnd::Draw => EndReason::Draw,
            WireEnd::MoveLimit => EndReason::MoveLimit,
            WireEnd::Resign => EndReason::Resigned,
            WireEnd::DrawAgreed => EndReason::DrawAgreed,
            WireEnd::Abandoned => EndReason::Abandoned,
        },
        ended_ms: g.ended_ms,
    }
}

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

/// The first reconnection waits about this long; every further attempt twice as long...
const RECONNECT_BASE_MS: u64 = 500;
/// ... up to this (the jittered delay never exceeds it either).
const RECONNECT_CAP_MS: u64 = 30_000;
/// The delays vary by up to this fraction either way, so that many devices dropped at once
/// (a server restart) do not all come back in the same instant.
const RECONNECT_JITTER: f64 = 0.2;

/// The board shown before an online game starts (tripot 1's start position).
fn placeholder() -> SessionState {
    SessionState::with_game(
        vec![SeatPlayer::Person, SeatPlayer::Remote],
        vec![PlayerName::You, PlayerName::Numbered { number: 2 }],
        Game::new(start_position(Format::Tripot1)),
    )
}

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
        self.last_error = None;
        // The refusal's banner goes with it (it would come back once the wait ends).
        if matches!(self.note, Some(Banner::ServerError { .. })) {
            self.note = None;
        }
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
        // A new connection: nothing is known to the server until it welcomes us.
        if self.connection == Connection::Connected {
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

    /// The app's socket dropped, or an attempt to reconnect failed: show "reconnecting" at once
    /// and count the attempt. The app waits [`OnlineSession::reconnect_delay_ms`], reconnects and
    /// sends [`OnlineSession::hello`] again.
    pub fn connection_lost(&mut self) {
        self.connection = Connection::Reconnecting;
        self.reconnect_attempts = self.reconnect_attempts.saturating_add(1);
        self.new_connection();
        self.rebuild();
    }

    /// How long to wait before the next reconnection attempt, the same policy for every app:
    /// about 500 ms after the first loss, twice as long after every failed attempt, at most 30 s,
    /// each delay varied by up to ±20% (from this session's seed); a welcome starts again from
    /// 500 ms. `None` when nothing is worth reconnecting for: the person left, or the game is
    /// over and nothing else waits (no room, no game matched).
    pub fn reconnect_delay_ms(&self) -> Option<u64> {
        if self.left {
            return None;
        }
        let over = self.client.as_ref().is_some_and(|c| c.record().is_over());
        if over && self.matched.is_none() && self.room.is_none() {
            return None;
        }
        let attempt = self.reconnect_attempts.max(1);
        let nominal = (RECONNECT_BASE_MS << (attempt - 1).min(16)).min(RECONNECT_CAP_MS);
        // A fraction in [0, 1) from the seed and the attempt: the same answer until the next
        // attempt is counted.
        let unit: f64 = StdRng::seed_from_u64(self.reconnect_seed ^ u64::from(attempt)).gen();
        let factor = 1.0 - RECONNECT_JITTER + 2.0 * RECONNECT_JITTER * unit;
        Some(((nominal as f64 * factor).round() as u64).min(RECONNECT_CAP_MS))
    }

    /// Seeds the jitter of [`OnlineSession::reconnect_delay_ms`] (random by default; tests fix it).
    pub fn set_reconnect_seed(&mut self, seed: u64) {
        self.reconnect_seed = seed;
    }

    /// The person leaves online play (the app closes the socket itself): no reconnection until
    /// the next [`OnlineSession::hello`].
    pub fn leave(&mut self) {
        self.left = true;
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
        self.connected()?;
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

    /// Asks for our ratings (they arrive in `ratings`).
    pub fn request_ratings(&mut self) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        self.ratings = None;
        Ok(vec![encode(&ClientMsg::Ratings)])
    }

    /// Asks for our last finished games (they arrive in `past_games`).
    pub fn list_games(&mut self) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        self.past_games = None;
        Ok(vec![encode(&ClientMsg::ListGames)])
    }

    /// Asks for a finished game's record (it arrives in `download`, as a saved game).
    pub fn download_game(&mut self, game: &str) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        self.download = None;
        Ok(vec![encode(&ClientMsg::GetGame {
            game: game.to_owned(),
        })])
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
        let msg = decode_server(text).map_err(bad_frame)?;
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
                let watched = self.spectate.as_ref().map(|(g, _)| g.as_str());
                if current.as_deref() == Some(snapshot.game.as_str()) {
                    self.effect(&msg, &mut out);
                } else if watched == Some(snapshot.game.as_str()) {
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
                    });
                }
            }
            ServerMsg::Ratings { ratings } => {
                self.ratings = Some(
                    ratings
                        .iter()
                        .map(|r| OnlineRating {
                            rule_set: r.rule_set,
                            rating: r.rating.round() as i32,
                            deviation: r.rd.round() as i32,
                            games: r.games,
                        })
                        .collect(),
                );
            }
            ServerMsg::RatingChanged {
                game,
                rule_set,
                before,
                after,
            } => {
                self.rating_change = Some(RatingChange {
                    game: game.clone(),
                    rule_set: *rule_set,
                    before: *before,
                    after: *after,
                });
            }
            ServerMsg::LiveGames { games } => self.live_games = Some(games.clone()),
            ServerMsg::Games { games } => {
                self.past_games = Some(games.iter().map(past_game).collect());
            }
            ServerMsg::GameLog { game, events } => {
                // Replayed through the rules like any game: a log that does not replay is refused.
                let record = GameRecord::replay(game, events).map_err(bad_frame)?;
                self.download = Some(DownloadedGame {
                    id: game.clone(),
                    save: online_game_save(&record),
                });
            }
        }
        self.rebuild();
        Ok(out)
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

    /// Rebuilds the board shown from the confirmed game and our pending move, keeping the touch
    /// state when the game did not move, and records what changed.
    fn rebuild(&mut self) {
        let Some(c) = &self.client else {
            self.bump(StateChange::default());
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
        let end = record.result().and_then(|r| {
            if record.seats() != 2 {
                // Only the last person's leaving ends a game of 3 or more seats that way.
                return matches!(r.reason, WireEnd::Resign | WireEnd::Abandoned).then_some(
                    ManualEnd {
                        reason: EndReason::Abandoned,
                        by: usize::from(c.side()),
                    },
                );
            }
            let loser = usize::from(1 - (r.winner? & 1));
            match r.reason {
                WireEnd::Resign => Some(ManualEnd {
                    reason: EndReason::Resigned,
                    by: loser,
                }),
                WireEnd::Abandoned => Some(ManualEnd {
                    reason: EndReason::Abandoned,
                    by: loser,
                }),
                _ => None,
            }
        });
        let end = end.or_else(|| {
            record.result().and_then(|r| {
                (r.reason == WireEnd::DrawAgreed).then_some(ManualEnd {
                    reason: EndReason::DrawAgreed,
                    by: 0,
                })
            })
        });
        let side = usize::from(c.side());
        let mut names: Vec<PlayerName> = record
            .players()
            .iter()
            .map(|n| PlayerName::Named { name: n.clone() })
            .collect();
        if self.spectate.is_none() {
            names[side] = PlayerName::You;
        }
        let mut seats: Vec<SeatPlayer> = record
            .ai()
            .iter()
            .map(|ai| match ai {
                Some(level) => SeatPlayer::Ai { level: *level },
                None => SeatPlayer::Remote,
            })
            .collect();
        if self.spectate.is_none() {
            seats[side] = SeatPlayer::Person;
        }
        let old = self.display.game.history().len();
        let new = game.history().len();
        let same_game = self.display.names.len() == names.len()
            && self.display.game.start() == game.start()
            && new >= old;
        let change = if same_game && new == old + 1 {
            let animate = game
                .history()
                .last()
                .map(|e| e.mv.path.iter().map(|&h| coord(h)).collect())
                .unwrap_or_default();
            StateChange {
                kind: ChangeKind::NewMove,
                animate,
            }
        } else {
            StateChange::default()
        };
        let mut next = SessionState::with_game(seats, names, game);
        next.end = end;
        next.refresh();
        if same_game && new == old && next.touchable() {
            next.touch = self.display.touch.clone();
        }
        next.revision = self.display.revision;
        self.display = next;
        self.bump(change);
    }

    fn bump(&mut self, change: StateChange) {
        self.display.revision += 1;
        self.display.change = change;
    }

    /// The state to draw now.
    pub fn state(&self) -> OnlineState {
        let mut v = self.display.view();
        let in_game = self.in_game();
        let caps = &mut v.capabilities;
        let (side, draw_offer) = match &self.client {
            Some(c) => (Some(c.side()), c.record().draw_offer()),
            None => (None, None),
        };
        let two_seats = self
            .client
            .as_ref()
            .is_some_and(|c| c.record().seats() == 2);
        caps.can_resign = in_game;
        caps.can_offer_draw = in_game && two_seats && draw_offer.is_none();
        caps.can_answer_draw = in_game && draw_offer.is_some() && draw_offer != side;
        caps.can_rematch = self.client.is_some() && !in_game && self.spectate.is_none();
        if self.client.is_none() {
            caps.can_end_jump = false;
        }
        let game = self.client.as_ref().map(|c| OnlineGameInfo {
            id: c.game_id().to_owned(),
            format: c.record().format(),
            side: i32::from(c.side()),
            opponent: self.opponent.clone(),
            seats: seats_of(c.record()),
            time_control: c.record().clock(),
            clock: self
                .clock
                .clone()
                .filter(|_| c.record().clock().is_timed() && !c.record().is_over()),
            pending_move: c
                .pending()
                .and_then(|p| p.mv.to_move().ok())
                .map(|mv| mv.path.iter().map(|&h| coord(h)).collect())
                .unwrap_or_default(),
            opponent_connected: first_away(c).is_none(),
            resyncing: c.is_resyncing(),
            over: c.record().is_over(),
        });
        v.banner = self.banner(&v, game.as_ref());
        OnlineState {
            connection: self.connection,
            name: self.name.clone(),
            searching: self.searching,
            table: self.table.clone(),
            room: self.room.clone(),
            seated: self.seated.clone(),
            watching_lobby: self.watching_lobby,
            lobby: self.lobby.clone(),
            game,
            joining: self.matched.is_some(),
            board: v,
            last_error: self.last_error,
            past_games: self.past_games.clone(),
            download: self.download.clone(),
            ratings: self.ratings.clone(),
            rating_change: self.rating_change.clone(),
            live_games: self.live_games.clone(),
            spectating: self.spectate.is_some(),
        }
    }

    fn banner(&self, v: &GameState, game: Option<&OnlineGameInfo>) -> Option<Banner> {
        let waiting =
            self.room.is_some() || self.searching || self.table.is_some() || self.seated.is_some();
        if v.outcome.is_some() && !waiting {
            if self.note.is_some() {
                return self.note.clone();
            }
            if self.matched.is_none() {
                return v.banner.clone();
            }
        }
        match self.connection {
            Connection::Connecting => return Some(Banner::Connecting),
            Connection::Reconnecting => return Some(Banner::Reconnecting),
            Connection::Connected => {}
        }
        if let Some(room) = &self.room {
            return Some(Banner::RoomCode {
                code: room.code.clone(),
            });
        }
        if self.searching || self.table.is_some() || self.seated.is_some() {
            return Some(Banner::Waiting);
        }
        if let Some(g) = game.filter(|g| !g.over) {
            if g.resyncing {
                return Some(Banner::Syncing);
            }
            if !g.pending_move.is_empty() {
                return Some(Banner::Sending);
            }
            if let Some(player) = self.client.as_ref().and_then(first_away) {
                return Some(Banner::OpponentDisconnected {
                    player: i32::from(player),
                });
            }
            if let Some(by) = self.client.as_ref().and_then(|c| c.record().draw_offer()) {
                return Some(Banner::DrawOffered { by: i32::from(by) });
            }
        }
        if self.note.is_some() {
            return self.note.clone();
        }
        v.banner.clone()
    }

    /// The session as versioned JSON: the game (as the server's snapshot of it) and our pending
    /// move, so that a game survives the app being killed.
    pub fn save(&self) -> String {
        let save = OnlineSaveV1 {
            format: ONLINE_SAVE_FORMAT.into(),
            version: ONLINE_SAVE_VERSION,
            name: self.name.clone(),
            opponent: self.opponent.clone(),
            game: self.client.as_ref().map(|c| c.record().snapshot(c.side())),
            pending: self
                .client
                .as_ref()
                .and_then(|c| c.pending())
                .map(|p| p.mv.clone()),
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
            session.client = Some(client);
        }
        session.rebuild();
        Ok(session)
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

/// The first other person at the table whose connection dropped.
fn first_away(c: &ClientGame) -> Option<u8> {
    let record = c.record();
    (0..record.seats() as u8)
        .find(|&s| s != c.side() && !record.connected().get(usize::from(s)).unwrap_or(&true))
}

/// Every seat as the game screen shows it.
fn seats_of(record: &GameRecord) -> Vec<OnlineSeat> {
    (0..record.seats())
        .map(|s| OnlineSeat {
            name: record.players()[s].clone(),
            ai: record.ai()[s],
            connected: record.connected()[s],
        })
        .collect()
}

#[cfg(test)]
#[path = "online_tests.rs"]
mod tests;
