//! The plain facts the server's modules pass one another: a bus message, a game's stored
//! facts, the clock note published with events, the AI's tokens and the server's time. They live
//! here, below the store, the bus, the timers and the ratings, so that each of those can name
//! them without naming the others.

use std::time::{SystemTime, UNIX_EPOCH};

use chinese_checkers_core::online::{
    Command, CommandError, ErrorCode, GameEvent, GameRecord, ServerMsg,
};
use serde::{Deserialize, Serialize};

/// A message on the bus.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "bus", rename_all = "snake_case")]
pub enum BusMsg {
    /// A game's event.
    Game {
        /// The game.
        game: String,
        /// Its number.
        seq: u64,
        /// The event.
        event: GameEvent,
        /// The turn's clock after this event, on the last event of a batch of a timed game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockNote>,
    },
    /// A message to forward to a player's connections.
    User {
        /// The message.
        msg: ServerMsg,
    },
    /// The lobby's tables changed.
    Lobby,
    /// On a player's channel: a connection said `hello` with the player's token. Every other
    /// connection of the token (on any instance) is replaced: told so and closed, leaving
    /// the player's games to the new one untouched.
    TakenOver {
        /// The new connection's session (random per connection, unique across instances).
        session: u64,
    },
    /// Local only, never published: messages may have been lost (the Redis subscription was
    /// down), so the connection brings what it follows up to date from the store.
    #[serde(skip)]
    Resync,
    /// Local only, never published: the lobby's page for a watching connection, encoded once
    /// for all of them (see [`crate::lobby`]).
    #[serde(skip)]
    LobbyPage {
        /// The `lobby` message as sent.
        text: axum::extract::ws::Utf8Bytes,
    },
}

/// The turn's deadline as the store publishes it with a game's events; each connection turns it
/// into the relative time of a `clock` message when it sends it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockNote {
    /// The side to move.
    pub side: u8,
    /// When its time runs out ([`now_ms`] time).
    pub deadline_ms: u64,
    /// With a game clock: every seat's time left at the start of its turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub banks_ms: Vec<u64>,
}

/// The token under which the server's AI plays a seat. Device tokens are made of
/// `[A-Za-z0-9_-]` only, so `~` never names a person.
pub fn ai_token(side: u8) -> String {
    format!("~ai{side}")
}

/// Whether a token is an AI seat's (see [`ai_token`]).
pub fn is_ai_token(token: &str) -> bool {
    token.starts_with('~')
}

/// The stored facts of a game besides its events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameMeta {
    /// The token of each side, side 0 first ([`ai_token`] for a seat the AI plays from the
    /// start).
    pub tokens: Vec<String>,
    /// Anyone may watch it (quick match, lobby tables); listed by `watch_games`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
    /// The private room it was played in: watched with this code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// A rated game that ends before this many moves (every seat's turns counted) changes no
    /// rating (`Limits::min_rated_moves_per_side` × seats when it started).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub min_rated_plies: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl GameMeta {
    /// Whether someone may watch the game: a public one, or a room's with its code.
    pub fn watchable(&self, code: Option<&str>) -> bool {
        self.public || (self.code.is_some() && self.code.as_deref() == code)
    }

    /// The side a token plays.
    pub fn side_of(&self, token: &str) -> Option<u8> {
        self.tokens.iter().position(|t| t == token).map(|s| s as u8)
    }

    /// The seat on whose behalf `token` may run `command` in `record`: the server's AI acts for
    /// the seats it plays ([`ai_token`]); a person for their own seat, except that once the AI
    /// took it over (they left) they may no longer play, resign or offer draws there.
    pub fn seat_for(
        &self,
        record: &GameRecord,
        token: &str,
        command: &Command,
    ) -> Result<u8, CommandError> {
        if is_ai_token(token) {
            return (0..record.seats() as u8)
                .find(|&s| ai_token(s) == token && record.ai_of(s).is_some())
                .ok_or_else(not_in_game);
        }
        let side = self.side_of(token).ok_or_else(not_in_game)?;
        let playing = matches!(
            command,
            Command::Move { .. } | Command::Resign | Command::Draw(_)
        );
        if playing && record.ai_of(side).is_some() {
            return Err(CommandError::Refused(
                ErrorCode::NotInGame,
                "you left this game; the computer plays your seat now".into(),
            ));
        }
        Ok(side)
    }
}

/// A refusal for a game the sender does not play in: the answer a game that does not exist
/// gets (`game_not_found`), so that no answer tells a stranger whether a game exists.
/// (`not_in_game` is kept for people who know the game: a spectator, or a player whose seat
/// the AI took over.)
pub fn not_in_game() -> CommandError {
    CommandError::Refused(
        ErrorCode::GameNotFound,
        "there is no such game among yours".into(),
    )
}

/// Milliseconds since the Unix epoch (deadlines are stored in these, shared by instances).
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}
