//! The records the apps draw an online game from (the FFI exports them): kept apart from the
//! state machine in `online.rs` because they are plain data.

use super::OnlinePhase;
use crate::ai::AiLevel;
use crate::online::{ErrorCode, Format, LiveGame, TableInfo, TimeControl};
use crate::rules::Preset;
use crate::session::types::{Coord, EndReason, GameState};

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
    /// Another connection with this device's token said hello (the same device again, or a
    /// copy of its token) and took over its games; the server closed this one. No reconnection
    /// by itself (it would take the games back): a new [`OnlineSession::hello`], when the person
    /// comes back to online play here, takes them back.
    ///
    /// [`OnlineSession::hello`]: super::OnlineSession::hello
    Replaced,
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
    pub expires_in_s: i64,
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
    pub seats: i32,
    /// Whether we are the host (who may start with AI seats: `fill_with_ai`).
    pub host: bool,
}

/// The clock of a timed online game, as the server last said (count down from when it arrived:
/// `left_ms` is relative, so the device's clock offset from the server's does not matter). Read it
/// at an instant with `clockReading(clock, nowMs)`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OnlineClock {
    /// The side whose time runs.
    pub side: i32,
    /// Milliseconds it had left when the server sent this.
    pub left_ms: i64,
    /// With a game clock, every seat's remaining time, side 0 first (empty otherwise).
    pub banks_ms: Vec<i64>,
    /// When the frame carrying it arrived: milliseconds since the Unix epoch on this device's
    /// clock, stamped by the core; `left_ms` counts down from here.
    pub received_at_ms: i64,
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
    /// While the seat's player is away (`connected` false): when the seat is lost if they are
    /// not back, in milliseconds since the Unix epoch on this device's clock (read it with
    /// `awayReading(backByMs, nowMs)`). `None` while connected, and when this device did not see
    /// the drop happen (the game was brought back from a snapshot meanwhile).
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub back_by_ms: Option<i64>,
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
    /// Whether the board lists the seats (who sits where, who is away, whose turn): games of 3
    /// or more seats. A game of two names its one opponent in the status line instead.
    pub lists_seats: bool,
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
    /// The phase the session is in (idle, searching, hosting a table, in a room, seated,
    /// matched, playing, watching): the one the fields below describe. Switch on it rather
    /// than on which of them are set.
    pub phase: OnlinePhase,
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
    /// The last refusal of the server, until the next successful action or the next request
    /// of the lobby (looking for a game, watching the lobby or the games in progress, asking for
    /// finished games).
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
    pub games: i32,
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
    pub ended_ms: i64,
    /// Who resigned or left, when the game ended that way and it is known (a game of two: the
    /// one who did not win); `None` otherwise (a game of 3 or more ends so only when the last
    /// person leaves, and the list does not say who).
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub by: Option<i32>,
    /// `by` is our own seat: "You resigned", "You left the game".
    #[cfg_attr(feature = "uniffi", uniffi(default = false))]
    pub by_you: bool,
    /// Our result: won (our seat among the winners), lost, or no winner (a draw, or everyone
    /// left).
    pub result: PastResult,
}

/// Our result in a finished online game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PastResult {
    /// Our seat is among the winners.
    Won,
    /// Someone else won.
    Lost,
    /// Nobody won: a draw, or every person left.
    NoWinner,
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
