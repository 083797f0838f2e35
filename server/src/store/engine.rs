//! The store's contract: the calls every backend answers, the same way (the behaviour tests run
//! against both). [`Store`](super::Store) holds one backend behind `Box<dyn Engine>` and times
//! its calls; the futures are boxed so that the trait can be used as an object.

use std::time::Duration;

use chinese_checkers_core::online::{
    Command, CommandError, Format, GameEvent, GameSummary, LiveGame,
};
use chinese_checkers_core::rules::Preset;
use futures_util::future::BoxFuture;

use crate::model::{BusMsg, GameMeta};
use crate::ratings::Rating;
use crate::store::{
    archive, integrity, Access, AiTurn, Created, Player, QueueEntry, Resumed, Sat, StoreError,
    Table, Taken,
};

/// A backend's answer to a call: the answer, or the backend failed.
pub type Answer<'a, T> = BoxFuture<'a, Result<T, StoreError>>;

/// Events as appended, each with its number.
pub type Events = Vec<(u64, GameEvent)>;

/// A quick match found: the format and the entries of the table's players.
pub type Matched = (Format, Vec<QueueEntry>);

/// A backend of the store: [`MemoryStore`](super::memory::MemoryStore) (one process, optionally
/// written through to a data file) or [`RedisStore`](super::redis::RedisStore) (any number of
/// instances on one Redis).
pub trait Engine: Send + Sync {
    /// The backend's name (`file`, `memory` or `redis`).
    fn kind(&self) -> &'static str;

    /// Publishes a bus message on a channel (to every instance).
    fn publish<'a>(&'a self, channel: &'a str, msg: BusMsg) -> Answer<'a, ()>;

    /// Stores a new game and its `started` event (number 1) and publishes it.
    fn create_game<'a>(
        &'a self,
        id: &'a str,
        meta: &'a GameMeta,
        started: &'a GameEvent,
    ) -> Answer<'a, ()>;

    /// Runs a command of `token` on a game: the events are appended (numbered), published and
    /// returned; a refusal changes nothing.
    fn update_game<'a>(
        &'a self,
        id: &'a str,
        token: &'a str,
        command: &'a Command,
    ) -> Answer<'a, Result<Events, CommandError>>;

    /// What `token` missed in a game after event `last_seq`.
    fn resume<'a>(
        &'a self,
        id: &'a str,
        token: &'a str,
        last_seq: u64,
    ) -> Answer<'a, Result<Resumed, CommandError>>;

    /// The token of a side of a game.
    fn token_of<'a>(&'a self, id: &'a str, side: u8) -> Answer<'a, Option<String>>;

    /// Games of a token that are not over.
    fn active_games<'a>(&'a self, token: &'a str) -> Answer<'a, Vec<String>>;

    /// Quick match: completes a table for `entry` with the longest-waiting compatible players
    /// (returned with the format and removed from the queue), or queues it (replacing an older
    /// entry of the same token).
    fn enqueue<'a>(&'a self, entry: &'a QueueEntry) -> Answer<'a, Option<Matched>>;

    /// Quick match again for a player still waiting (its rating window has widened): as
    /// [`Engine::enqueue`], but only if the entry's token is still queued, and it keeps its place
    /// when nothing is found.
    fn retry_match<'a>(&'a self, entry: &'a QueueEntry) -> Answer<'a, Option<Matched>>;

    /// Puts a quick-match entry back in the queue in its place (by when it started waiting),
    /// without matching it (its game could not be stored).
    fn requeue<'a>(&'a self, entry: &'a QueueEntry) -> Answer<'a, ()>;

    /// Leaves the quick-match queue; whether the token was in it.
    fn dequeue<'a>(&'a self, token: &'a str) -> Answer<'a, bool>;

    /// Opens a lobby table (an open [`Table`]): at most `per_token` per host token and `per_addr` per host address
    /// (`Table::addr`), checked with the insertion in one step.
    fn create_table<'a>(
        &'a self,
        table: &'a Table,
        per_token: usize,
        per_addr: usize,
    ) -> Answer<'a, Created>;

    /// Takes a table out (to play at it, or to close it) if `host` opened it: an open table out
    /// of the lobby, a private room by its code (if it has not expired); anyone else's attempt
    /// leaves it exactly as it was (a room's expiry included).
    fn take<'a>(&'a self, access: Access, id: &'a str, host: &'a str) -> Answer<'a, Taken>;

    /// Sits `player` at a table (an open one by its id, a private room by its code, if it has
    /// not expired): seated while it fills, or the last seat (the table is taken out to start).
    /// A room keeps its expiry while it fills.
    fn sit<'a>(&'a self, access: Access, id: &'a str, player: &'a Player) -> Answer<'a, Sat>;

    /// A guest leaves a table (see [`Engine::sit`]); the table as it is now, if the guest was
    /// there.
    fn unsit<'a>(
        &'a self,
        access: Access,
        id: &'a str,
        token: &'a str,
    ) -> Answer<'a, Option<Table>>;

    /// A token's rating in a rule set, if it played a rated game there.
    fn rating<'a>(&'a self, token: &'a str, rule_set: Preset) -> Answer<'a, Option<Rating>>;

    /// A token's ratings (the rule sets it played rated games in, in menu order).
    fn ratings<'a>(&'a self, token: &'a str) -> Answer<'a, Vec<(Preset, Rating)>>;

    /// The AI seat to move in a game, if any.
    fn ai_turn<'a>(&'a self, id: &'a str) -> Answer<'a, Option<AiTurn>>;

    /// Games in progress this instance holds where an AI seat is to move (after a restart; the
    /// Redis backend answers for its cache only).
    fn ai_turns_pending(&self) -> BoxFuture<'_, Vec<String>>;

    /// Closes every table of a token; the tables closed.
    fn close_tables_of<'a>(&'a self, token: &'a str) -> Answer<'a, Vec<Table>>;

    /// Renews, for `ttl_ms`, the presence of `token` as the host of lobby tables: across
    /// instances, a host whose instance died stops renewing it and its tables are closed by
    /// [`Engine::close_orphan_tables`]. A store of one process does nothing (its tables close
    /// with their host's connection).
    fn touch_host<'a>(&'a self, token: &'a str, ttl_ms: u64) -> Answer<'a, ()>;

    /// Closes the lobby tables whose host's presence lapsed (its instance died); the tables
    /// closed. A store of one process has none.
    fn close_orphan_tables(&self) -> Answer<'_, Vec<Table>>;

    /// Open tables, oldest first.
    fn list_tables(&self) -> Answer<'_, Vec<Table>>;

    /// Creates a private room (a private [`Table`]) that expires after `ttl_s` (at most `max` per token).
    fn create_room<'a>(&'a self, room: &'a Table, ttl_s: u64, max: usize) -> Answer<'a, Created>;

    /// Puts a table taken for a game that could not be stored back, unless its id is in use
    /// again: an open table in the lobby (no limit applies: it is put back as it was, its host's
    /// address kept), a private room for `ttl_s`. In memory a room is back at once and its file
    /// write is not waited for (the data file may be what failed; it still holds the room unless
    /// a delete got through, and writes are kept in order).
    fn restore<'a>(&'a self, table: &'a Table, ttl_s: u64) -> Answer<'a, ()>;

    /// Notes that `token` said hello from `addr` (for the shared-address rule of ratings).
    fn note_address<'a>(&'a self, token: &'a str, addr: &'a str) -> Answer<'a, ()>;

    /// Before a rated game of these people starts: why it may not be rated (two of them share
    /// an address in their recent history, or a pair already played `cap` rated games in the
    /// last day), or `None`, and then the game counts for each pair's daily cap.
    fn rating_guard<'a>(
        &'a self,
        tokens: &'a [String],
        cap: u32,
    ) -> Answer<'a, Option<integrity::Unrated>>;

    /// Whether connections must renew their presence (only across instances).
    fn needs_presence(&self) -> bool;

    /// Marks a side of a game present for `ttl_ms` (no-op in memory).
    fn touch_presence<'a>(&'a self, id: &'a str, side: u8, ttl_ms: u64) -> Answer<'a, ()>;

    /// One heartbeat in a game: renews `side`'s presence and says, for each of `peers`, whether
    /// it renewed its own lately, in one round trip (always present in memory).
    fn pulse<'a>(
        &'a self,
        id: &'a str,
        side: u8,
        peers: &'a [u8],
        ttl_ms: u64,
    ) -> Answer<'a, Vec<bool>>;

    /// How long a game in progress may go without an event before it expires.
    fn set_inactivity(&self, inactivity: Duration);

    /// How much of the archive of finished games is kept.
    fn set_archive_limits(&self, limits: archive::ArchiveLimits);

    /// Games whose earliest deadline is at or before `now` (at most `max`).
    fn due_games(&self, now: u64, max: usize) -> Answer<'_, Vec<String>>;

    /// Ends a game whose deadline is due at `now` (see [`expiry`]) and publishes the events;
    /// whether it ended it. Harmless if the game went on, ended, or another instance did it.
    fn expire_game<'a>(&'a self, id: &'a str, now: u64) -> Answer<'a, bool>;

    /// Redis backend: completes the ends of games whose end is stored but not yet its ratings,
    /// archive entry and expiries (their instance died, or a step failed), if they ended more
    /// than `settle_ms` ago; how many. Nothing to do in memory, where a game's end, ratings and
    /// archive entry are one change (and, with a data file, one transaction).
    fn complete_endings(&self, now: u64, settle_ms: u64) -> Answer<'_, usize>;

    /// Redis backend, tests: whether the instance that stores a game's end completes it at
    /// once (`false`: as if it died right after; another instance's sweeper completes it).
    fn set_finish_inline(&self, inline: bool);

    /// Public games in progress (at most `max`).
    fn live_games(&self, max: usize) -> Answer<'_, Vec<LiveGame>>;

    /// A game to watch: its snapshot seen from side 0, the seats the AI plays and its clock;
    /// refused unless it is public or `code` is its room's.
    fn spectate<'a>(
        &'a self,
        id: &'a str,
        code: Option<&'a str>,
    ) -> Answer<'a, Result<Resumed, CommandError>>;

    /// The game a private room's players are playing (or played, while the game is kept), by
    /// the room's code (normalised). Kept as an index from code to game, written when the
    /// room's game starts (memory: a map beside the games, forgotten with the game; Redis:
    /// `rg:{code}`, expiring with the game's meta once it is over), so a friend watches with
    /// the code alone. A rematch has no code and is not found.
    fn room_game<'a>(&'a self, code: &'a str) -> Answer<'a, Option<String>>;

    /// A player's last finished games, the latest first.
    fn list_games<'a>(&'a self, token: &'a str) -> Answer<'a, Vec<GameSummary>>;

    /// A finished game's events, for one of its players.
    fn game_log<'a>(
        &'a self,
        id: &'a str,
        token: &'a str,
    ) -> Answer<'a, Result<Vec<GameEvent>, CommandError>>;

    /// Games in progress that this instance knows of (metrics).
    fn games_cached(&self) -> usize;

    /// Whether the backend can be used now (`/health`): the data file takes writes; Redis
    /// answers, takes writes and pub/sub is up.
    fn ready(&self) -> BoxFuture<'_, bool>;

    /// Tests: makes the data file's writes fail as on a full disk, or work again (no-op
    /// without a data file).
    fn fail_storage_writes(&self, failing: bool);

    /// Closes the data file, if any (at shutdown): what was written stays, later writes fail.
    fn close(&self);

    /// Redis backend: how long a finished game's keys are kept (24 h; tests shorten it). No-op
    /// in memory, which keeps finished games `memory::FINISHED_KEEP`.
    fn set_finished_ttl(&self, ttl: std::time::Duration);

    /// Redis backend: bounds the cache of game records (at most `max`; finished games kept
    /// `keep`). No-op in memory.
    fn set_cache_limits(&self, max: usize, keep: std::time::Duration);
}
