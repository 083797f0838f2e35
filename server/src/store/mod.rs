//! Where the shared state lives: quick-match queue, lobby tables, private rooms and game records.
//!
//! Two backends with the same behaviour: [`memory`] (one process; by default written through to
//! a data file, see `file`, so a restart loses nothing) and [`redis`] (any number of
//! instances on one Redis, relaying through Redis pub/sub). Game records are event logs;
//! appending is compare-and-append on the log's length, so two instances never number two events
//! alike, and every appended event is published on the game's channel.
//!
//! The queue's matching is in `queue`, a game's deadlines in `clock`.

pub(crate) mod archive;
mod clock;
pub(crate) mod file;
pub mod integrity;
pub mod memory;
mod queue;
pub mod redis;

pub use crate::model::{ai_token, is_ai_token, not_in_game, now_ms, ClockNote, GameMeta};
pub use clock::{expiry, AiTurn, Clock, ClockChange, AI_TURN_ALLOWANCE_MS};
pub use queue::{
    rating_window, QueueEntry, RATING_WINDOW_BASE, RATING_WINDOW_OPEN_MS, RATING_WINDOW_PER_S,
};

use std::sync::Arc;
use std::time::Duration;

use chinese_checkers_core::online::{
    Command, CommandError, ErrorCode, Format, GameEvent, GameRecord, GameSnapshot, GameSummary,
    LiveGame, TableInfo, TimeControl,
};

/// Most seats at a table (sternhalma for six): the size of per-seat arrays.
pub const MAX_SEATS: usize = 6;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::metrics::Metrics;
use crate::model::BusMsg;

/// A backend failure (Redis unreachable, corrupt record).
#[derive(Debug, Error)]
pub enum StoreError {
    /// Redis failed.
    #[error("redis: {0}")]
    Redis(#[from] ::redis::RedisError),
    /// A stored value does not decode.
    #[error("corrupt stored value: {0}")]
    Corrupt(String),
    /// Redis cannot be reached now (reconnecting).
    #[error("{0}")]
    Unavailable(String),
    /// The data file of the default backend cannot be opened, read or written.
    #[error("data file {0}")]
    File(String),
}

/// A player as the server knows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The device token.
    pub token: String,
    /// The display name.
    pub name: String,
    /// In a private room: this player wants its game rated (it is only if everyone there does).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

/// An open lobby table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredTable {
    /// Its id.
    pub id: String,
    /// Its format.
    pub format: Format,
    /// Who opened it.
    pub host: Player,
    /// Who sat down since, in order (tables of 3 or more seats; absent when none, which is
    /// also how Redis's Lua JSON writes an empty list).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guests: Vec<Player>,
    /// The time control of its game.
    #[serde(default)]
    pub clock: TimeControl,
    /// The host's address as the limits count it (`Limits::tables_per_addr`); never shown.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub addr: String,
}

impl StoredTable {
    /// What the lobby shows.
    pub fn info(&self) -> TableInfo {
        TableInfo {
            id: self.id.clone(),
            format: self.format,
            host: self.host.name.clone(),
            seated: (1 + self.guests.len()) as u8,
            host_rating: None,
        }
    }
}

/// A private room waiting for its guests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredRoom {
    /// Its code.
    pub code: String,
    /// Its format.
    pub format: Format,
    /// Who created it.
    pub host: Player,
    /// Who joined since, in order (rooms of 3 or more seats).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guests: Vec<Player>,
    /// The time control of its game.
    #[serde(default)]
    pub clock: TimeControl,
}

/// What sitting down at a table or in a room did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sat<T> {
    /// No such table or room (or it expired).
    NotFound,
    /// One cannot join one's own table or room (nothing changed).
    Own,
    /// Seated; the table is still filling.
    Seated(T),
    /// That was the last seat: the table or room was taken to start its game.
    Full(T),
}

/// What taking a table or room out (its host starting or closing it) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken<T> {
    /// No such table or room (or it expired).
    Gone,
    /// It is someone else's: nothing changed.
    NotYours,
    /// Taken out; it is the caller's to start.
    Taken(T),
}

/// How a resuming client catches up.
#[derive(Clone, Debug, PartialEq)]
pub enum CatchUp {
    /// The events after its last one.
    Events(Vec<(u64, GameEvent)>),
    /// The whole state.
    Snapshot(Box<GameSnapshot>),
}

/// The answer to a resume.
#[derive(Clone, Debug, PartialEq)]
pub struct Resumed {
    /// The client's side.
    pub side: u8,
    /// What it missed.
    pub catch_up: CatchUp,
    /// Whether the game is over.
    pub over: bool,
    /// Per seat, whether the AI plays it (its length is the number of seats).
    pub ai: Vec<bool>,
    /// The running clock of a timed game.
    pub clock: Option<ClockNote>,
}

impl Resumed {
    /// What a spectator gets: the game seen from side 0, as a snapshot (both stores).
    pub(crate) fn watching(record: &GameRecord, clock: &Clock) -> Resumed {
        Resumed {
            side: 0,
            catch_up: CatchUp::Snapshot(Box::new(record.snapshot(0))),
            over: record.is_over(),
            ai: record.ai().iter().map(Option::is_some).collect(),
            clock: clock.note(record),
        }
    }
}

/// At most this many missed events are replayed one by one; more means a snapshot.
pub const MAX_CATCH_UP: u64 = 256;

/// A refusal for a game that does not exist.
pub fn no_game(id: &str) -> CommandError {
    CommandError::Refused(
        ErrorCode::GameNotFound,
        format!("there is no game \"{id}\""),
    )
}

/// A refusal for a game one may not watch (or that does not exist: the same answer, so that
/// private games are not found by guessing).
pub fn not_watchable(id: &str) -> CommandError {
    CommandError::Refused(
        ErrorCode::GameNotFound,
        format!("there is no game \"{id}\" to watch"),
    )
}

/// Result of creating a room or table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Created {
    /// Done.
    Ok,
    /// The token already has the maximum.
    TooMany,
    /// The host's address already has the maximum of open tables.
    TooManyFromAddr,
    /// The id or code is taken (try another).
    Taken,
}

/// The backend in use.
pub enum Engine {
    /// Everything in this process.
    Memory(memory::MemoryStore),
    /// Everything in Redis.
    Redis(redis::RedisStore),
}

/// The store: a backend, each call timed in `cc_store_latency_seconds`.
pub struct Store {
    engine: Engine,
    metrics: Arc<Metrics>,
}

/// Runs a call on the backend (untimed).
macro_rules! on_engine {
    ($self:ident, $s:ident => $e:expr) => {
        match &$self.engine {
            Engine::Memory($s) => $e,
            Engine::Redis($s) => $e,
        }
    };
}

/// Runs a call on the backend, timed.
macro_rules! dispatch {
    ($self:ident, $s:ident => $e:expr) => {{
        let started = std::time::Instant::now();
        let result = on_engine!($self, $s => $e);
        $self.metrics.store_latency.observe(started.elapsed());
        result
    }};
}

impl Store {
    /// A store on `engine` recording its latency in `metrics`.
    pub fn new(engine: Engine, metrics: Arc<Metrics>) -> Self {
        Store { engine, metrics }
    }

    /// The backend's name (`file`, `memory` or `redis`).
    pub fn kind(&self) -> &'static str {
        match &self.engine {
            Engine::Memory(m) if m.is_durable() => "file",
            Engine::Memory(_) => "memory",
            Engine::Redis(_) => "redis",
        }
    }

    /// Publishes a bus message on a channel (to every instance).
    pub async fn publish(&self, channel: &str, msg: BusMsg) -> Result<(), StoreError> {
        dispatch!(self, s => s.publish(channel, msg).await)
    }

    /// Stores a new game and its `started` event (number 1) and publishes it.
    pub async fn create_game(
        &self,
        id: &str,
        meta: &GameMeta,
        started: &GameEvent,
    ) -> Result<(), StoreError> {
        dispatch!(self, s => s.create_game(id, meta, started).await)
    }

    /// Runs a command of `token` on a game: the events are appended (numbered), published and
    /// returned; a refusal changes nothing.
    pub async fn update_game(
        &self,
        id: &str,
        token: &str,
        command: &Command,
    ) -> Result<Result<Vec<(u64, GameEvent)>, CommandError>, StoreError> {
        dispatch!(self, s => s.update_game(id, token, command).await)
    }

    /// What `token` missed in a game after event `last_seq`.
    pub async fn resume(
        &self,
        id: &str,
        token: &str,
        last_seq: u64,
    ) -> Result<Result<Resumed, CommandError>, StoreError> {
        dispatch!(self, s => s.resume(id, token, last_seq).await)
    }

    /// The token of a side of a game.
    pub async fn token_of(&self, id: &str, side: u8) -> Result<Option<String>, StoreError> {
        dispatch!(self, s => s.token_of(id, side).await)
    }

    /// Games of a token that are not over.
    pub async fn active_games(&self, token: &str) -> Result<Vec<String>, StoreError> {
        dispatch!(self, s => s.active_games(token).await)
    }

    /// Quick match: completes a table for `entry` with the longest-waiting compatible players
    /// (returned with the format and removed from the queue), or queues it (replacing an older
    /// entry of the same token).
    pub async fn enqueue(
        &self,
        entry: &QueueEntry,
    ) -> Result<Option<(Format, Vec<QueueEntry>)>, StoreError> {
        dispatch!(self, s => s.enqueue(entry).await)
    }

    /// Quick match again for a player still waiting (its rating window has widened): as
    /// [`Store::enqueue`], but only if the entry's token is still queued, and it keeps its place
    /// when nothing is found.
    pub async fn retry_match(
        &self,
        entry: &QueueEntry,
    ) -> Result<Option<(Format, Vec<QueueEntry>)>, StoreError> {
        dispatch!(self, s => s.retry_match(entry).await)
    }

    /// Puts a quick-match entry back in the queue in its place (by when it started waiting),
    /// without matching it (its game could not be stored).
    pub async fn requeue(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        dispatch!(self, s => s.requeue(entry).await)
    }

    /// Leaves the quick-match queue; whether the token was in it.
    pub async fn dequeue(&self, token: &str) -> Result<bool, StoreError> {
        dispatch!(self, s => s.dequeue(token).await)
    }

    /// Opens a lobby table: at most `per_token` per host token and `per_addr` per host address
    /// (`StoredTable::addr`), checked with the insertion in one step.
    pub async fn create_table(
        &self,
        table: &StoredTable,
        per_token: usize,
        per_addr: usize,
    ) -> Result<Created, StoreError> {
        dispatch!(self, s => s.create_table(table, per_token, per_addr).await)
    }

    /// Takes an open table out of the lobby (to play at it, or to close it) if `host` opened
    /// it; anyone else's attempt leaves it exactly as it was.
    pub async fn take_table(&self, id: &str, host: &str) -> Result<Taken<StoredTable>, StoreError> {
        dispatch!(self, s => s.take_table(id, host).await)
    }

    /// Sits `player` at an open table: seated while it fills, or the last seat (the table is
    /// taken out of the lobby to start).
    pub async fn sit_table(
        &self,
        id: &str,
        player: &Player,
    ) -> Result<Sat<StoredTable>, StoreError> {
        dispatch!(self, s => s.sit_table(id, player).await)
    }

    /// A guest leaves an open table; the table as it is now, if the guest was there.
    pub async fn unsit_table(
        &self,
        id: &str,
        token: &str,
    ) -> Result<Option<StoredTable>, StoreError> {
        dispatch!(self, s => s.unsit_table(id, token).await)
    }

    /// Sits `player` in a private room (see [`Store::sit_table`]).
    pub async fn sit_room(
        &self,
        code: &str,
        player: &Player,
    ) -> Result<Sat<StoredRoom>, StoreError> {
        dispatch!(self, s => s.sit_room(code, player).await)
    }

    /// A guest leaves a private room; the room as it is now, if the guest was there.
    pub async fn unsit_room(
        &self,
        code: &str,
        token: &str,
    ) -> Result<Option<StoredRoom>, StoreError> {
        dispatch!(self, s => s.unsit_room(code, token).await)
    }

    /// A token's rating in a rule set, if it played a rated game there.
    pub async fn rating(
        &self,
        token: &str,
        rule_set: chinese_checkers_core::rules::Preset,
    ) -> Result<Option<crate::ratings::Rating>, StoreError> {
        dispatch!(self, s => s.rating(token, rule_set).await)
    }

    /// A token's ratings (the rule sets it played rated games in, in menu order).
    pub async fn ratings(
        &self,
        token: &str,
    ) -> Result<Vec<(chinese_checkers_core::rules::Preset, crate::ratings::Rating)>, StoreError>
    {
        dispatch!(self, s => s.ratings(token).await)
    }

    /// The AI seat to move in a game, if any.
    pub async fn ai_turn(&self, id: &str) -> Result<Option<AiTurn>, StoreError> {
        dispatch!(self, s => s.ai_turn(id).await)
    }

    /// Games in progress this instance holds where an AI seat is to move (after a restart; the
    /// Redis backend answers for its cache only).
    pub async fn ai_turns_pending(&self) -> Vec<String> {
        on_engine!(self, s => s.ai_turns_pending().await)
    }

    /// Closes every table of a token; how many.
    pub async fn close_tables_of(&self, token: &str) -> Result<usize, StoreError> {
        dispatch!(self, s => s.close_tables_of(token).await)
    }

    /// Open tables, oldest first.
    pub async fn list_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        dispatch!(self, s => s.list_tables().await)
    }

    /// Creates a private room that expires after `ttl_s` (at most `max` per token).
    pub async fn create_room(
        &self,
        room: &StoredRoom,
        ttl_s: u64,
        max: usize,
    ) -> Result<Created, StoreError> {
        dispatch!(self, s => s.create_room(room, ttl_s, max).await)
    }

    /// Puts a private room taken for a game that could not be stored back, for `ttl_s` (unless
    /// its code is in use again). In memory it is back at once and its file write is not waited
    /// for (the data file may be what failed; it still holds the room unless a delete got
    /// through, and writes are kept in order).
    pub async fn restore_room(&self, room: &StoredRoom, ttl_s: u64) -> Result<(), StoreError> {
        dispatch!(self, s => s.restore_room(room, ttl_s).await)
    }

    /// Takes a room by its code (if it exists, has not expired and `host` created it); anyone
    /// else's attempt leaves it exactly as it was (its expiry included).
    pub async fn take_room(&self, code: &str, host: &str) -> Result<Taken<StoredRoom>, StoreError> {
        dispatch!(self, s => s.take_room(code, host).await)
    }

    /// Notes that `token` said hello from `addr` (for the shared-address rule of ratings).
    pub async fn note_address(&self, token: &str, addr: &str) -> Result<(), StoreError> {
        dispatch!(self, s => s.note_address(token, addr).await)
    }

    /// Before a rated game of these people starts: why it may not be rated (two of them share
    /// an address in their recent history, or a pair already played `cap` rated games in the
    /// last day), or `None`, and then the game counts for each pair's daily cap.
    pub async fn rating_guard(
        &self,
        tokens: &[String],
        cap: u32,
    ) -> Result<Option<integrity::Unrated>, StoreError> {
        dispatch!(self, s => s.rating_guard(tokens, cap).await)
    }

    /// Whether connections must renew their presence (only across instances).
    pub fn needs_presence(&self) -> bool {
        matches!(self.engine, Engine::Redis(_))
    }

    /// Marks a side of a game present for `ttl_ms` (no-op in memory).
    pub async fn touch_presence(&self, id: &str, side: u8, ttl_ms: u64) -> Result<(), StoreError> {
        match &self.engine {
            Engine::Memory(_) => Ok(()),
            Engine::Redis(r) => {
                let started = std::time::Instant::now();
                let result = r.touch_presence(id, side, ttl_ms).await;
                self.metrics.store_latency.observe(started.elapsed());
                result
            }
        }
    }

    /// One heartbeat in a game: renews `side`'s presence and says, for each of `peers`, whether
    /// it renewed its own lately, in one round trip (always present in memory).
    pub async fn pulse(
        &self,
        id: &str,
        side: u8,
        peers: &[u8],
        ttl_ms: u64,
    ) -> Result<Vec<bool>, StoreError> {
        match &self.engine {
            Engine::Memory(_) => Ok(vec![true; peers.len()]),
            Engine::Redis(r) => {
                let started = std::time::Instant::now();
                let result = r.pulse(id, side, peers, ttl_ms).await;
                self.metrics.store_latency.observe(started.elapsed());
                result
            }
        }
    }

    /// How long a game in progress may go without an event before it expires.
    pub fn set_inactivity(&self, inactivity: Duration) {
        on_engine!(self, s => s.set_inactivity(inactivity))
    }

    /// How much of the archive of finished games is kept.
    pub fn set_archive_limits(&self, limits: archive::ArchiveLimits) {
        on_engine!(self, s => s.set_archive_limits(limits))
    }

    /// Games whose earliest deadline is at or before `now` (at most `max`).
    pub async fn due_games(&self, now: u64, max: usize) -> Result<Vec<String>, StoreError> {
        dispatch!(self, s => s.due_games(now, max).await)
    }

    /// Ends a game whose deadline is due at `now` (see [`expiry`]) and publishes the events;
    /// whether it ended it. Harmless if the game went on, ended, or another instance did it.
    pub async fn expire_game(&self, id: &str, now: u64) -> Result<bool, StoreError> {
        dispatch!(self, s => s.expire_game(id, now).await)
    }

    /// Redis backend: completes the ends of games whose end is stored but not yet its ratings,
    /// archive entry and expiries (their instance died, or a step failed), if they ended more
    /// than `settle_ms` ago; how many. Nothing to do in memory, where a game's end, ratings and
    /// archive entry are one change (and, with a data file, one transaction).
    pub async fn complete_endings(&self, now: u64, settle_ms: u64) -> Result<usize, StoreError> {
        match &self.engine {
            Engine::Memory(_) => Ok(0),
            Engine::Redis(r) => r.complete_endings(now, settle_ms).await,
        }
    }

    /// Redis backend, tests: whether the instance that stores a game's end completes it at
    /// once (`false`: as if it died right after; another instance's sweeper completes it).
    #[doc(hidden)]
    pub fn set_finish_inline(&self, inline: bool) {
        if let Engine::Redis(r) = &self.engine {
            r.set_finish_inline(inline);
        }
    }

    /// Public games in progress (at most `max`).
    pub async fn live_games(&self, max: usize) -> Result<Vec<LiveGame>, StoreError> {
        dispatch!(self, s => s.live_games(max).await)
    }

    /// A game to watch: its snapshot seen from side 0, the seats the AI plays and its clock;
    /// refused unless it is public or `code` is its room's.
    pub async fn spectate(
        &self,
        id: &str,
        code: Option<&str>,
    ) -> Result<Result<Resumed, CommandError>, StoreError> {
        dispatch!(self, s => s.spectate(id, code).await)
    }

    /// The game a private room's players are playing (or played, while the game is kept), by
    /// the room's code (normalised). Kept as an index from code to game, written when the
    /// room's game starts (memory: a map beside the games, forgotten with the game; Redis:
    /// `rg:{code}`, expiring with the game's meta once it is over), so a friend watches with
    /// the code alone. A rematch has no code and is not found.
    pub async fn room_game(&self, code: &str) -> Result<Option<String>, StoreError> {
        dispatch!(self, s => s.room_game(code).await)
    }

    /// A player's last finished games, the latest first.
    pub async fn list_games(&self, token: &str) -> Result<Vec<GameSummary>, StoreError> {
        dispatch!(self, s => s.list_games(token).await)
    }

    /// A finished game's events, for one of its players.
    pub async fn game_log(
        &self,
        id: &str,
        token: &str,
    ) -> Result<Result<Vec<GameEvent>, CommandError>, StoreError> {
        dispatch!(self, s => s.game_log(id, token).await)
    }

    /// Games in progress that this instance knows of (metrics).
    pub fn games_cached(&self) -> usize {
        on_engine!(self, s => s.games_cached())
    }

    /// Whether the backend can be used now (`/health`): the data file takes writes; Redis
    /// answers, takes writes and pub/sub is up.
    pub async fn ready(&self) -> bool {
        match &self.engine {
            Engine::Memory(m) => m.storage_failing().is_none(),
            Engine::Redis(s) => s.ready().await,
        }
    }

    /// Tests: makes the data file's writes fail as on a full disk, or work again (no-op
    /// without a data file).
    #[doc(hidden)]
    pub fn fail_storage_writes(&self, failing: bool) {
        if let Engine::Memory(m) = &self.engine {
            m.fail_writes(failing);
        }
    }

    /// Closes the data file, if any (at shutdown): what was written stays, later writes fail.
    pub fn close(&self) {
        if let Engine::Memory(m) = &self.engine {
            m.close();
        }
    }

    /// Redis backend: how long a finished game's keys are kept (24 h; tests shorten it). No-op
    /// in memory, which keeps finished games `memory::FINISHED_KEEP`.
    pub fn set_finished_ttl(&self, ttl: std::time::Duration) {
        if let Engine::Redis(s) = &self.engine {
            s.set_finished_ttl(ttl);
        }
    }

    /// Redis backend: bounds the cache of game records (at most `max`; finished games kept
    /// `keep`). No-op in memory.
    pub fn set_cache_limits(&self, max: usize, keep: std::time::Duration) {
        if let Engine::Redis(s) = &self.engine {
            s.set_cache_limits(max, keep);
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
#[path = "clock_tests.rs"]
mod clock_tests;
