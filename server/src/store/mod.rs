//! Where the shared state lives: quick-match queue, lobby tables, private rooms and game records.
//!
//! Two backends with the same behaviour: [`memory`] (one process; by default written through to
//! a data file, see `file`, so a restart loses nothing) and [`redis`] (any number of
//! instances on one Redis, relaying through Redis pub/sub). Game records are event logs;
//! appending is compare-and-append on the log's length, so two instances never number two events
//! alike, and every appended event is published on the game's channel.
//!
//! What a backend answers is the [`Engine`] trait; [`Store`] holds one and times its calls. The
//! queue's matching is in `queue`, a game's deadlines in `clock`.

pub(crate) mod archive;
mod clock;
mod engine;
pub(crate) mod file;
pub mod integrity;
pub mod memory;
mod queue;
pub mod redis;
mod table;

pub use crate::model::{ai_token, is_ai_token, not_in_game, now_ms, ClockNote, GameMeta};
pub use clock::{expiry, AiTurn, Clock, ClockChange, AI_TURN_ALLOWANCE_MS};
pub use engine::{Answer, Engine, Events, Matched};
pub use queue::{
    rating_window, QueueEntry, RATING_WINDOW_BASE, RATING_WINDOW_OPEN_MS, RATING_WINDOW_PER_S,
};
pub(crate) use table::Seating;
pub use table::{Access, Table};

use std::sync::Arc;
use std::time::Duration;

use chinese_checkers_core::online::{
    Command, CommandError, ErrorCode, Format, GameEvent, GameRecord, GameSnapshot, GameSummary,
    LiveGame,
};
use futures_util::future::BoxFuture;

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

/// What sitting down at a table or in a room did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sat {
    /// No such table or room (or it expired).
    NotFound,
    /// One cannot join one's own table or room (nothing changed).
    Own,
    /// Seated; the table is still filling.
    Seated(Table),
    /// That was the last seat: the table or room was taken to start its game.
    Full(Table),
}

/// What taking a table or room out (its host starting or closing it) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// No such table or room (or it expired).
    Gone,
    /// It is someone else's: nothing changed.
    NotYours,
    /// Taken out; it is the caller's to start.
    Taken(Table),
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
    /// Whether a player whose last event is `last_seq` catches up with a snapshot of a game at
    /// event `now` rather than with the events after it (none seen, a number from elsewhere, or
    /// more than [`MAX_CATCH_UP`] missed).
    pub(crate) fn needs_snapshot(last_seq: u64, now: u64) -> bool {
        last_seq == 0 || last_seq > now || now - last_seq > MAX_CATCH_UP
    }

    /// What a player on `side` gets: the `missed` events, or a snapshot without them (both
    /// stores build the answer here, so that they answer alike).
    pub(crate) fn playing(
        record: &GameRecord,
        clock: &Clock,
        side: u8,
        missed: Option<Vec<(u64, GameEvent)>>,
    ) -> Resumed {
        let catch_up = match missed {
            Some(events) => CatchUp::Events(events),
            None => CatchUp::Snapshot(Box::new(record.snapshot(side))),
        };
        Resumed {
            side,
            catch_up,
            over: record.is_over(),
            ai: record.ai().iter().map(Option::is_some).collect(),
            clock: clock.note(record),
        }
    }

    /// What a spectator gets: the game seen from side 0, as a snapshot.
    pub(crate) fn watching(record: &GameRecord, clock: &Clock) -> Resumed {
        Resumed::playing(record, clock, 0, None)
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

/// The store: a backend, each call timed in `cc_store_latency_seconds`.
pub struct Store {
    engine: Box<dyn Engine>,
    metrics: Arc<Metrics>,
}

impl Store {
    /// A store on `engine` recording its latency in `metrics`.
    pub fn new(engine: Box<dyn Engine>, metrics: Arc<Metrics>) -> Self {
        Store { engine, metrics }
    }

    /// Awaits a call on the backend, timed.
    async fn timed<T>(&self, call: BoxFuture<'_, T>) -> T {
        let started = std::time::Instant::now();
        let result = call.await;
        self.metrics.store_latency.observe(started.elapsed());
        result
    }

    /// See [`Engine::kind`].
    pub fn kind(&self) -> &'static str {
        self.engine.kind()
    }

    /// [`Engine::publish`], timed.
    pub async fn publish(&self, channel: &str, msg: BusMsg) -> Result<(), StoreError> {
        self.timed(self.engine.publish(channel, msg)).await
    }

    /// [`Engine::create_game`], timed.
    pub async fn create_game(
        &self,
        id: &str,
        meta: &GameMeta,
        started: &GameEvent,
    ) -> Result<(), StoreError> {
        self.timed(self.engine.create_game(id, meta, started)).await
    }

    /// [`Engine::update_game`], timed.
    pub async fn update_game(
        &self,
        id: &str,
        token: &str,
        command: &Command,
    ) -> Result<Result<Vec<(u64, GameEvent)>, CommandError>, StoreError> {
        self.timed(self.engine.update_game(id, token, command))
            .await
    }

    /// [`Engine::resume`], timed.
    pub async fn resume(
        &self,
        id: &str,
        token: &str,
        last_seq: u64,
    ) -> Result<Result<Resumed, CommandError>, StoreError> {
        self.timed(self.engine.resume(id, token, last_seq)).await
    }

    /// [`Engine::token_of`], timed.
    pub async fn token_of(&self, id: &str, side: u8) -> Result<Option<String>, StoreError> {
        self.timed(self.engine.token_of(id, side)).await
    }

    /// [`Engine::active_games`], timed.
    pub async fn active_games(&self, token: &str) -> Result<Vec<String>, StoreError> {
        self.timed(self.engine.active_games(token)).await
    }

    /// [`Engine::enqueue`], timed.
    pub async fn enqueue(
        &self,
        entry: &QueueEntry,
    ) -> Result<Option<(Format, Vec<QueueEntry>)>, StoreError> {
        self.timed(self.engine.enqueue(entry)).await
    }

    /// [`Engine::retry_match`], timed.
    pub async fn retry_match(
        &self,
        entry: &QueueEntry,
    ) -> Result<Option<(Format, Vec<QueueEntry>)>, StoreError> {
        self.timed(self.engine.retry_match(entry)).await
    }

    /// [`Engine::requeue`], timed.
    pub async fn requeue(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        self.timed(self.engine.requeue(entry)).await
    }

    /// [`Engine::dequeue`], timed.
    pub async fn dequeue(&self, token: &str) -> Result<bool, StoreError> {
        self.timed(self.engine.dequeue(token)).await
    }

    /// [`Engine::create_table`], timed.
    pub async fn create_table(
        &self,
        table: &Table,
        per_token: usize,
        per_addr: usize,
    ) -> Result<Created, StoreError> {
        self.timed(self.engine.create_table(table, per_token, per_addr))
            .await
    }

    /// [`Engine::take`], timed.
    pub async fn take(&self, access: Access, id: &str, host: &str) -> Result<Taken, StoreError> {
        self.timed(self.engine.take(access, id, host)).await
    }

    /// [`Engine::sit`], timed.
    pub async fn sit(&self, access: Access, id: &str, player: &Player) -> Result<Sat, StoreError> {
        self.timed(self.engine.sit(access, id, player)).await
    }

    /// [`Engine::unsit`], timed.
    pub async fn unsit(
        &self,
        access: Access,
        id: &str,
        token: &str,
    ) -> Result<Option<Table>, StoreError> {
        self.timed(self.engine.unsit(access, id, token)).await
    }

    /// [`Engine::rating`], timed.
    pub async fn rating(
        &self,
        token: &str,
        rule_set: chinese_checkers_core::rules::Preset,
    ) -> Result<Option<crate::ratings::Rating>, StoreError> {
        self.timed(self.engine.rating(token, rule_set)).await
    }

    /// [`Engine::ratings`], timed.
    pub async fn ratings(
        &self,
        token: &str,
    ) -> Result<Vec<(chinese_checkers_core::rules::Preset, crate::ratings::Rating)>, StoreError>
    {
        self.timed(self.engine.ratings(token)).await
    }

    /// [`Engine::ai_turn`], timed.
    pub async fn ai_turn(&self, id: &str) -> Result<Option<AiTurn>, StoreError> {
        self.timed(self.engine.ai_turn(id)).await
    }

    /// See [`Engine::ai_turns_pending`].
    pub async fn ai_turns_pending(&self) -> Vec<String> {
        self.engine.ai_turns_pending().await
    }

    /// [`Engine::close_tables_of`], timed.
    pub async fn close_tables_of(&self, token: &str) -> Result<Vec<Table>, StoreError> {
        self.timed(self.engine.close_tables_of(token)).await
    }

    /// [`Engine::touch_host`], timed.
    pub async fn touch_host(&self, token: &str, ttl_ms: u64) -> Result<(), StoreError> {
        self.timed(self.engine.touch_host(token, ttl_ms)).await
    }

    /// [`Engine::close_orphan_tables`], timed.
    pub async fn close_orphan_tables(&self) -> Result<Vec<Table>, StoreError> {
        self.timed(self.engine.close_orphan_tables()).await
    }

    /// [`Engine::list_tables`], timed.
    pub async fn list_tables(&self) -> Result<Vec<Table>, StoreError> {
        self.timed(self.engine.list_tables()).await
    }

    /// [`Engine::create_room`], timed.
    pub async fn create_room(
        &self,
        room: &Table,
        ttl_s: u64,
        max: usize,
    ) -> Result<Created, StoreError> {
        self.timed(self.engine.create_room(room, ttl_s, max)).await
    }

    /// [`Engine::restore`], timed.
    pub async fn restore(&self, table: &Table, ttl_s: u64) -> Result<(), StoreError> {
        self.timed(self.engine.restore(table, ttl_s)).await
    }

    /// [`Engine::note_address`], timed.
    pub async fn note_address(&self, token: &str, addr: &str) -> Result<(), StoreError> {
        self.timed(self.engine.note_address(token, addr)).await
    }

    /// [`Engine::rating_guard`], timed.
    pub async fn rating_guard(
        &self,
        tokens: &[String],
        cap: u32,
    ) -> Result<Option<integrity::Unrated>, StoreError> {
        self.timed(self.engine.rating_guard(tokens, cap)).await
    }

    /// See [`Engine::needs_presence`].
    pub fn needs_presence(&self) -> bool {
        self.engine.needs_presence()
    }

    /// [`Engine::touch_presence`], timed.
    pub async fn touch_presence(&self, id: &str, side: u8, ttl_ms: u64) -> Result<(), StoreError> {
        self.timed(self.engine.touch_presence(id, side, ttl_ms))
            .await
    }

    /// [`Engine::pulse`], timed.
    pub async fn pulse(
        &self,
        id: &str,
        side: u8,
        peers: &[u8],
        ttl_ms: u64,
    ) -> Result<Vec<bool>, StoreError> {
        self.timed(self.engine.pulse(id, side, peers, ttl_ms)).await
    }

    /// See [`Engine::set_inactivity`].
    pub fn set_inactivity(&self, inactivity: Duration) {
        self.engine.set_inactivity(inactivity)
    }

    /// See [`Engine::set_archive_limits`].
    pub fn set_archive_limits(&self, limits: archive::ArchiveLimits) {
        self.engine.set_archive_limits(limits)
    }

    /// [`Engine::due_games`], timed.
    pub async fn due_games(&self, now: u64, max: usize) -> Result<Vec<String>, StoreError> {
        self.timed(self.engine.due_games(now, max)).await
    }

    /// [`Engine::expire_game`], timed.
    pub async fn expire_game(&self, id: &str, now: u64) -> Result<bool, StoreError> {
        self.timed(self.engine.expire_game(id, now)).await
    }

    /// See [`Engine::complete_endings`].
    pub async fn complete_endings(&self, now: u64, settle_ms: u64) -> Result<usize, StoreError> {
        self.engine.complete_endings(now, settle_ms).await
    }

    /// See [`Engine::set_finish_inline`].
    #[doc(hidden)]
    pub fn set_finish_inline(&self, inline: bool) {
        self.engine.set_finish_inline(inline)
    }

    /// [`Engine::live_games`], timed.
    pub async fn live_games(&self, max: usize) -> Result<Vec<LiveGame>, StoreError> {
        self.timed(self.engine.live_games(max)).await
    }

    /// [`Engine::spectate`], timed.
    pub async fn spectate(
        &self,
        id: &str,
        code: Option<&str>,
    ) -> Result<Result<Resumed, CommandError>, StoreError> {
        self.timed(self.engine.spectate(id, code)).await
    }

    /// [`Engine::room_game`], timed.
    pub async fn room_game(&self, code: &str) -> Result<Option<String>, StoreError> {
        self.timed(self.engine.room_game(code)).await
    }

    /// [`Engine::list_games`], timed.
    pub async fn list_games(&self, token: &str) -> Result<Vec<GameSummary>, StoreError> {
        self.timed(self.engine.list_games(token)).await
    }

    /// [`Engine::game_log`], timed.
    pub async fn game_log(
        &self,
        id: &str,
        token: &str,
    ) -> Result<Result<Vec<GameEvent>, CommandError>, StoreError> {
        self.timed(self.engine.game_log(id, token)).await
    }

    /// See [`Engine::games_cached`].
    pub fn games_cached(&self) -> usize {
        self.engine.games_cached()
    }

    /// See [`Engine::ready`].
    pub async fn ready(&self) -> bool {
        self.engine.ready().await
    }

    /// See [`Engine::fail_storage_writes`].
    #[doc(hidden)]
    pub fn fail_storage_writes(&self, failing: bool) {
        self.engine.fail_storage_writes(failing)
    }

    /// See [`Engine::close`].
    pub fn close(&self) {
        self.engine.close()
    }

    /// See [`Engine::set_finished_ttl`].
    pub fn set_finished_ttl(&self, ttl: std::time::Duration) {
        self.engine.set_finished_ttl(ttl)
    }

    /// See [`Engine::set_cache_limits`].
    pub fn set_cache_limits(&self, max: usize, keep: std::time::Duration) {
        self.engine.set_cache_limits(max, keep)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
#[path = "clock_tests.rs"]
mod clock_tests;
