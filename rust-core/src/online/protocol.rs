//! The online protocol: versioned JSON messages, one per WebSocket text frame.
//!
//! Every message is an object whose `"type"` names it (snake_case). The client opens with
//! [`ClientMsg::Hello`] carrying [`PROTOCOL_VERSION`]; the server answers [`ServerMsg::Welcome`]
//! or an [`ErrorCode::UnsupportedVersion`] error. Decoding is strict and tells apart malformed
//! JSON, an unknown message type and a known message with bad fields.
//!
//! Games are numbered event streams: [`ServerMsg::Event`] carries one [`GameEvent`] with its
//! sequence number `seq` (1, 2, …, per game). A client that reconnects sends
//! [`ClientMsg::Resume`] with the last `seq` it saw and gets the missed events or a full
//! [`ServerMsg::Sync`].

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use crate::ai::AiLevel;
use crate::rules::Preset;

pub use super::format::{Format, TimeControl, WireMove, TIMEOUTS_TO_LEAVE};

/// The protocol version this build speaks. Bumped on any incompatible change: version 2 added
/// every rule set, games of 3 to 6 seats and AI seats (version 1 clients get
/// `unsupported_version`).
pub const PROTOCOL_VERSION: u32 = 2;

/// What to do with a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawAction {
    /// Offer a draw (accepts the opponent's pending offer, if any).
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline the opponent's offer.
    Decline,
}

/// Messages from a client to the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// First message of a connection: protocol version, device token and display name.
    Hello {
        /// The client's [`PROTOCOL_VERSION`].
        v: u32,
        /// The device's random token (see [`crate::online::identity`]).
        token: String,
        /// The display name.
        name: String,
    },
    /// Change the display name (applies to later games).
    SetName {
        /// The new name.
        name: String,
    },
    /// Quick match: wait for an opponent in a format, or in any format (`null`).
    QuickMatch {
        /// The format wanted; `None` for "any format".
        format: Option<Format>,
    },
    /// Stop waiting for a quick match.
    CancelMatch,
    /// Open a public table in the lobby.
    CreateTable {
        /// The table's format.
        format: Format,
        /// The time control (absent: the format's default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<TimeControl>,
    },
    /// Close one's own open table.
    CloseTable {
        /// The table.
        table: String,
    },
    /// Receive the lobby's open tables now and whenever they change.
    WatchLobby,
    /// Stop receiving lobby updates.
    UnwatchLobby,
    /// Sit at an open table; the game starts at once.
    JoinTable {
        /// The table.
        table: String,
    },
    /// Create a private room and get its code.
    CreateRoom {
        /// The room's format.
        format: Format,
        /// The host wants the room's game rated (it is only if every guest wants it too).
        #[serde(default, skip_serializing_if = "is_false")]
        rated: bool,
        /// The time control (absent: the format's default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<TimeControl>,
    },
    /// Join a private room by its code; the game starts at once.
    JoinRoom {
        /// The code (case, spaces and dashes do not matter).
        code: String,
        /// The guest wants the room's game rated (it is only if the host and every guest do).
        #[serde(default, skip_serializing_if = "is_false")]
        rated: bool,
    },
    /// Play a move. `ply` is the number of moves already played in the game; a resent move with
    /// the same ply is acknowledged, never applied twice.
    Move {
        /// The game.
        game: String,
        /// Moves played before this one.
        ply: u32,
        /// The move.
        mv: WireMove,
    },
    /// Resign the game.
    Resign {
        /// The game.
        game: String,
    },
    /// Offer, accept or decline a draw.
    Draw {
        /// The game.
        game: String,
        /// What to do.
        action: DrawAction,
    },
    /// Ask for (or agree to) a rematch once the game is over.
    Rematch {
        /// The finished game.
        game: String,
    },
    /// (Re)join a game's event stream after the last event seen (0: from the start).
    Resume {
        /// The game.
        game: String,
        /// The last `seq` this client saw.
        last_seq: u64,
    },
    /// The app goes to the background briefly: hold the seat longer if the socket drops.
    Away {
        /// The game.
        game: String,
    },
    /// Keep-alive; answered by [`ServerMsg::Pong`].
    Ping,
    /// The host of a table or room of 3 or more seats starts it now: the empty seats are played
    /// by the server's AI at `level`.
    FillWithAi {
        /// The table's id or the room's code.
        id: String,
        /// The AI's level.
        level: AiLevel,
    },
    /// A guest leaves a table or room before its game starts.
    LeaveSeat {
        /// The table's id or the room's code.
        id: String,
    },
    /// Asks for the sender's ratings (answered by [`ServerMsg::Ratings`]).
    Ratings,
    /// Asks for the sender's last finished games (answered by [`ServerMsg::Games`]).
    ListGames,
    /// Asks for a finished game's record, one the sender played (answered by
    /// [`ServerMsg::GameLog`]).
    GetGame {
        /// The game.
        game: String,
    },
    /// Asks for the public games in progress (answered by [`ServerMsg::LiveGames`]).
    WatchGames,
    /// Watches a game read-only: a public one (quick match, lobby table) by its id, a private
    /// room's by the room's code — with its id, or with no id (`game` absent or empty): the
    /// code alone names the room's game, so a friend needs only the code the players joined
    /// with. Answered by its snapshot (`sync`, seen from side 0; it names the game), then its
    /// events like a player's; a code that names no game gets `game_not_found` (and counts as
    /// a wrong room code).
    Spectate {
        /// The game; empty (absent on the wire) to find a room's game by `code`.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        game: String,
        /// The private room's code, for a room's game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
    },
    /// Stops watching a game.
    StopSpectating {
        /// The game.
        game: String,
    },
}

/// Serde's "skip when false".
fn is_false(b: &bool) -> bool {
    !*b
}

impl ClientMsg {
    /// Every `type` a client may send.
    pub const TYPES: [&'static str; 26] = [
        "hello",
        "set_name",
        "quick_match",
        "cancel_match",
        "create_table",
        "close_table",
        "watch_lobby",
        "unwatch_lobby",
        "join_table",
        "create_room",
        "join_room",
        "move",
        "resign",
        "draw",
        "rematch",
        "resume",
        "away",
        "ping",
        "fill_with_ai",
        "leave_seat",
        "ratings",
        "list_games",
        "get_game",
        "watch_games",
        "spectate",
        "stop_spectating",
    ];
}

/// An open table in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct TableInfo {
    /// The table's id.
    pub id: String,
    /// Its format.
    pub format: Format,
    /// The host's display name.
    pub host: String,
    /// Players seated so far, the host included.
    pub seated: i32,
    /// The host's rating in the table's rule set, rounded (`None`: not rated yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub host_rating: Option<i32>,
}

/// A player's rating in one rule set (Glicko-2, see docs/ONLINE.md "Ratings").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatingInfo {
    /// The rule set (tripot, classic or sternhalma).
    pub rule_set: Preset,
    /// The rating (1500 for a newcomer).
    pub rating: f64,
    /// Its deviation, RD (350 for a newcomer; smaller is surer).
    pub rd: f64,
    /// Rated games played in this rule set.
    pub games: u32,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A side completed its targets.
    Win,
    /// Two passes in a row; decided by tripot's deadlock scoring.
    Deadlock,
    /// The rules ended it as a draw.
    Draw,
    /// The rules' move cap ranked the players.
    MoveLimit,
    /// A side resigned.
    Resign,
    /// Both sides agreed to a draw.
    DrawAgreed,
    /// A side stayed away longer than the grace period.
    Abandoned,
}

/// The end of an online game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The winning side, `None` for a draw (or when several seats share first place).
    pub winner: Option<u8>,
    /// Why.
    pub reason: EndReason,
    /// Every seat by place, best first; seats sharing a place share a group. Empty when the
    /// game ended by resignation, agreement or abandonment of a two-seat game (the winner says
    /// it all) or when every person left.
    #[serde(default)]
    pub ranking: Vec<Vec<u8>>,
}

impl GameResult {
    /// A result with a single winner (or a draw) and no ranking.
    pub fn new(winner: Option<u8>, reason: EndReason) -> GameResult {
        GameResult {
            winner,
            reason,
            ranking: Vec::new(),
        }
    }
}

/// One numbered event of a game. Both sides replay them into the same [`super::GameRecord`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum GameEvent {
    /// The game starts from the format's start position; side 0 (`players[0]`) opens.
    Started {
        /// The format.
        format: Format,
        /// The display names, side 0 first (one per seat).
        players: Vec<String>,
        /// Per seat, the level of the server's AI playing it (`None`: a person). Absent means
        /// every seat is a person.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        ai: Vec<Option<AiLevel>>,
        /// Whether the game is rated (absent: not rated).
        #[serde(default, skip_serializing_if = "is_false")]
        rated: bool,
        /// The time control (absent: untimed).
        #[serde(default, skip_serializing_if = "is_untimed")]
        clock: TimeControl,
    },
    /// A player's time ran out: the `moved` that follows was played for them by the server (the
    /// move with the greatest progress).
    TimedOut {
        /// Whose time ran out.
        side: u8,
    },
    /// A person left a game of 3 or more seats (resigned, or away past the grace period): the
    /// server's AI plays the seat from now on, and the game goes on for the others.
    SeatToAi {
        /// The seat.
        side: u8,
        /// The AI's level.
        level: AiLevel,
    },
    /// A side played a move (the server plays forced passes itself).
    Moved {
        /// Moves played before this one.
        ply: u32,
        /// Who moved.
        side: u8,
        /// The move.
        mv: WireMove,
    },
    /// A side offers a draw.
    DrawOffered {
        /// Who offers.
        side: u8,
    },
    /// A side declined the opponent's draw offer.
    DrawDeclined {
        /// Who declined.
        side: u8,
    },
    /// A side's connection dropped; its seat is held for `grace_ms`.
    Disconnected {
        /// Who dropped.
        side: u8,
        /// How long the seat is held, in milliseconds.
        grace_ms: u64,
    },
    /// A side is back.
    Reconnected {
        /// Who is back.
        side: u8,
    },
    /// The game is over.
    Ended {
        /// The result.
        result: GameResult,
    },
    /// A side asks for a rematch.
    RematchOffered {
        /// Who asks.
        side: u8,
    },
    /// Both asked: the rematch is this new game (sides swapped).
    RematchStarted {
        /// The new game's id.
        game: String,
    },
}

fn is_untimed(clock: &TimeControl) -> bool {
    !clock.is_timed()
}

/// How many finished games `list_games` returns (the server keeps as many per player).
pub const MAX_LISTED_GAMES: usize = 50;

/// Most tables in one [`ServerMsg::Lobby`]: the oldest open ones (a lobby of hundreds of tables
/// would make every change cost every watcher tens of kilobytes).
pub const MAX_LOBBY_TABLES: usize = 50;

/// A public game in progress, for spectators.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct LiveGame {
    /// The game's id (for `spectate`).
    pub game: String,
    /// Its format.
    pub format: Format,
    /// Every seat's name, side 0 first.
    pub players: Vec<String>,
    /// Moves played so far.
    pub ply: i32,
}

/// A finished game in a player's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSummary {
    /// The game's id (for `get_game`).
    pub game: String,
    /// Its format.
    pub format: Format,
    /// Every seat's name, side 0 first.
    pub players: Vec<String>,
    /// The side the recipient played.
    pub side: u8,
    /// How it ended.
    pub result: GameResult,
    /// When it ended (milliseconds since the Unix epoch, the server's clock).
    pub ended_ms: u64,
}

/// Everything a client needs to rebuild a game at once (a full resync).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSnapshot {
    /// The game's id.
    pub game: String,
    /// The last event's number.
    pub seq: u64,
    /// The recipient's side.
    pub side: u8,
    /// The format.
    pub format: Format,
    /// Display names, side 0 first.
    pub players: Vec<String>,
    /// Per seat, the level of the AI playing it (`None`: a person; absent: every seat is a
    /// person).
    #[serde(default)]
    pub ai: Vec<Option<AiLevel>>,
    /// The time control.
    #[serde(default)]
    pub clock: TimeControl,
    /// Per seat, the time-outs in a row (the clock played their last moves).
    #[serde(default)]
    pub timeouts: Vec<u32>,
    /// Every move played, in order.
    pub moves: Vec<WireMove>,
    /// The side whose draw offer is pending.
    pub draw_offer: Option<u8>,
    /// Which sides are connected.
    pub connected: Vec<bool>,
    /// Sides that asked for a rematch.
    pub rematch: Vec<bool>,
    /// The rematch game, once both asked.
    pub rematch_game: Option<String>,
    /// The result, once the game is over.
    pub result: Option<GameResult>,
    /// Whether the game is rated (absent: not rated).
    #[serde(default, skip_serializing_if = "is_false")]
    pub rated: bool,
}

/// Machine-readable error codes sent in [`ServerMsg::Error`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ErrorCode {
    /// The frame is not JSON, or not an object with a `type`.
    Malformed,
    /// The `type` is not a message of this protocol.
    UnknownMessage,
    /// A known message with missing, extra or ill-typed fields.
    BadMessage,
    /// The client's protocol version is not supported.
    UnsupportedVersion,
    /// The first message must be `hello`.
    HelloFirst,
    /// The token is not acceptable.
    BadToken,
    /// The display name is not acceptable.
    BadName,
    /// Too many messages too fast.
    RateLimited,
    /// A frame larger than the limit.
    TooLarge,
    /// Too many open rooms for this token.
    TooManyRooms,
    /// Too many open tables for this token.
    TooManyTables,
    /// Already waiting for a quick match.
    AlreadySearching,
    /// No room with that code (or it expired).
    RoomNotFound,
    /// No open table with that id.
    TableNotFound,
    /// One cannot join one's own table or room, nor watch a game one still plays in.
    OwnTable,
    /// No game with that id.
    GameNotFound,
    /// The game exists but the sender does not play in it.
    NotInGame,
    /// The move's ply is not the next one.
    WrongPly,
    /// It is the opponent's turn.
    NotYourTurn,
    /// The move breaks the rules.
    IllegalMove,
    /// The game is over.
    GameOver,
    /// The game is not over (rematch).
    NotOver,
    /// There is no draw offer to answer.
    NoDrawOffer,
    /// The connection was idle too long.
    Idle,
    /// The server stops; reconnect (to another instance) shortly.
    ShuttingDown,
    /// Something went wrong on the server.
    Internal,
    /// A second `hello` on a connection that already said hello (reconnect instead); the
    /// connection stays as it was.
    AlreadyGreeted,
    /// What was asked does not exist in this format (a draw offer at a table of 3 or more, AI
    /// seats at a table of 2).
    NotInThisFormat,
    /// Only the table's or room's host may do that.
    NotHost,
}

/// Messages from the server to a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMsg {
    /// Answer to `hello`.
    Welcome {
        /// The server's protocol version.
        v: u32,
        /// The name as the server keeps it (cleaned).
        name: String,
        /// Games this token plays that are not over: resume them.
        games: Vec<String>,
    },
    /// Waiting for a quick-match opponent.
    Searching {
        /// The format asked for (`None`: any).
        format: Option<Format>,
    },
    /// No longer waiting.
    MatchCancelled,
    /// A table of the sender was opened.
    TableCreated {
        /// The table.
        table: TableInfo,
    },
    /// The lobby's open tables (sent on `watch_lobby` and after changes, at most 4 times a
    /// second: changes that close together come as one).
    Lobby {
        /// Open tables, oldest first: at most [`MAX_LOBBY_TABLES`].
        tables: Vec<TableInfo>,
    },
    /// A private room was created.
    RoomCreated {
        /// The code to share.
        code: String,
        /// The format.
        format: Format,
        /// Seconds before an unused room expires.
        expires_in_s: u64,
    },
    /// A game was found: the recipient plays `side`. Its events follow.
    Matched {
        /// The game's id.
        game: String,
        /// The recipient's side (0 opens).
        side: u8,
        /// The format.
        format: Format,
        /// Every seat's display name, side 0 first (the recipient's included).
        players: Vec<String>,
    },
    /// Who sits at a table or room of 3 or more seats that is still filling (sent to each of its
    /// players when someone joins or leaves).
    Seated {
        /// The table's id or the room's code.
        id: String,
        /// The format.
        format: Format,
        /// The players seated so far, the host first.
        players: Vec<String>,
        /// Whether the recipient is the host (who may start it with AI seats).
        host: bool,
    },
    /// One numbered event of a game.
    Event {
        /// The game.
        game: String,
        /// The event's number (1, 2, … per game).
        seq: u64,
        /// The event.
        event: GameEvent,
    },
    /// The full state of a game (after `resume` when events are not enough, or on request).
    Sync {
        /// The state.
        snapshot: GameSnapshot,
    },
    /// Answer to a `resume` that missed nothing: the client is up to date with the game.
    UpToDate {
        /// The game.
        game: String,
        /// The game's last event number.
        seq: u64,
    },
    /// A resent move that was already applied: nothing changes.
    Ack {
        /// The game.
        game: String,
        /// The move's ply.
        ply: u32,
    },
    /// Something was refused; other games are never affected.
    Error {
        /// What kind of error.
        code: ErrorCode,
        /// Said so a person understands.
        message: String,
        /// The game concerned, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
    },
    /// The server is stopping; reconnect after the delay (to any instance).
    ShuttingDown {
        /// Suggested delay before reconnecting.
        reconnect_after_ms: u64,
    },
    /// Answer to `ping`.
    Pong,
    /// Answer to `ratings`: the sender's rating in each rule set it played rated games in.
    Ratings {
        /// One per rule set.
        ratings: Vec<RatingInfo>,
    },
    /// Answer to `watch_games`: public games in progress, the newest first.
    LiveGames {
        /// At most [`MAX_LISTED_GAMES`].
        games: Vec<LiveGame>,
    },
    /// Answer to `list_games`: the sender's last finished games, the latest first.
    Games {
        /// At most [`MAX_LISTED_GAMES`].
        games: Vec<GameSummary>,
    },
    /// Answer to `get_game`: a finished game's whole event stream (replay it with
    /// [`super::GameRecord::replay`]).
    GameLog {
        /// The game.
        game: String,
        /// Its events, `started` first.
        events: Vec<GameEvent>,
    },
    /// A rated game ended: the recipient's rating in its rule set changed (rounded).
    RatingChanged {
        /// The game.
        game: String,
        /// The rule set.
        rule_set: Preset,
        /// The rating before the game.
        before: i32,
        /// The rating after it.
        after: i32,
    },
    /// The clock of a timed game, sent after every event that changes whose turn it is and
    /// after a resume: the side to move has `left_ms` from when the server sent this (a relative
    /// time, so the device's clock offset does not matter).
    Clock {
        /// The game.
        game: String,
        /// The side to move.
        side: u8,
        /// Milliseconds it has left for this move.
        left_ms: u64,
        /// With a game clock: every seat's remaining time, side 0 first (empty otherwise).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        banks_ms: Vec<u64>,
    },
}

impl ServerMsg {
    /// An error message.
    pub fn error(code: ErrorCode, message: impl Into<String>, game: Option<&str>) -> ServerMsg {
        ServerMsg::Error {
            code,
            message: message.into(),
            game: game.map(str::to_owned),
        }
    }
}

/// Why a frame could not be decoded.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ProtocolError {
    /// Not JSON, or not an object with a string `type`.
    #[error("malformed message: {0}")]
    Malformed(String),
    /// A `type` this protocol does not have.
    #[error("unknown message type \"{0}\"")]
    UnknownMessage(String),
    /// A known message with bad fields.
    #[error("bad \"{0}\" message: {1}")]
    BadMessage(String, String),
}

impl ProtocolError {
    /// The error code sent back for this error.
    pub fn code(&self) -> ErrorCode {
        match self {
            ProtocolError::Malformed(_) => ErrorCode::Malformed,
            ProtocolError::UnknownMessage(_) => ErrorCode::UnknownMessage,
            ProtocolError::BadMessage(..) => ErrorCode::BadMessage,
        }
    }
}

/// Client messages with no field but `type`. Serde's internally tagged enums ignore whatever
/// else such a message carries, so [`decode_with`] refuses the extra fields itself (the struct
/// variants refuse theirs with `deny_unknown_fields`).
const BARE_CLIENT_TYPES: [&str; 7] = [
    "cancel_match",
    "watch_lobby",
    "unwatch_lobby",
    "ping",
    "ratings",
    "list_games",
    "watch_games",
];

/// Server messages with no field but `type` (see [`BARE_CLIENT_TYPES`]).
const BARE_SERVER_TYPES: [&str; 2] = ["match_cancelled", "pong"];

/// Decodes a frame of one of the `known` types (`bare`: the types without fields).
pub(super) fn decode_with<T: serde::de::DeserializeOwned>(
    text: &str,
    known: &[&str],
    bare: &[&str],
) -> Result<T, ProtocolError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| ProtocolError::Malformed(e.to_string()))?;
    let kind = match value.get("type") {
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(ProtocolError::Malformed("\"type\" must be a string".into())),
        None if value.is_object() => {
            return Err(ProtocolError::Malformed("missing \"type\"".into()))
        }
        None => return Err(ProtocolError::Malformed("not a JSON object".into())),
    };
    if !known.contains(&kind.as_str()) {
        let shown: String = kind.chars().take(40).collect();
        return Err(ProtocolError::UnknownMessage(shown));
    }
    if bare.contains(&kind.as_str()) {
        if let Some(extra) = value
            .as_object()
            .and_then(|o| o.keys().find(|k| k.as_str() != "type"))
        {
            let shown: String = extra.chars().take(40).collect();
            let why = format!("unknown field `{shown}`, this message has no fields");
            return Err(ProtocolError::BadMessage(kind, why));
        }
    }
    serde_json::from_value(value).map_err(|e| ProtocolError::BadMessage(kind, e.to_string()))
}

/// Decodes a client's frame.
pub fn decode_client(text: &str) -> Result<ClientMsg, ProtocolError> {
    decode_with(text, &ClientMsg::TYPES, &BARE_CLIENT_TYPES)
}

/// Every `type` the server may send.
pub const SERVER_TYPES: [&str; 21] = [
    "welcome",
    "searching",
    "match_cancelled",
    "table_created",
    "lobby",
    "room_created",
    "matched",
    "event",
    "sync",
    "up_to_date",
    "ack",
    "error",
    "shutting_down",
    "pong",
    "seated",
    "ratings",
    "rating_changed",
    "clock",
    "games",
    "game_log",
    "live_games",
];

/// Decodes a server's frame.
pub fn decode_server(text: &str) -> Result<ServerMsg, ProtocolError> {
    decode_with(text, &SERVER_TYPES, &BARE_SERVER_TYPES)
}

/// Encodes a message as one JSON text frame.
pub fn encode<T: Serialize>(msg: &T) -> String {
    // Serialising these plain types to a string cannot fail (no maps with non-string keys).
    serde_json::to_string(msg).unwrap_or_else(|e| {
        format!(r#"{{"type":"error","code":"internal","message":"encoding failed: {e}"}}"#)
    })
}

#[cfg(test)]
#[path = "protocol_tests.rs"]
mod tests;
