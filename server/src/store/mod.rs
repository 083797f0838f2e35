//! Where the shared state lives: quick-match queue, lobby tables, private rooms and game records.
//!
//! Two backends with the same behaviour: [`memory`] (one process; by default written through to
//! a data file, see [`file`], so a restart loses nothing) and [`redis`] (any number of instances
//! on one Redis, relaying through Redis pub/sub). Game records are
//! event logs; appending is compare-and-append on the log's length, so two instances never
//! number two events alike, and every appended event is published on the game's channel.

pub(crate) mod archive;
pub(crate) mod file;
pub mod memory;
pub mod redis;

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chinese_checkers_core::online::{
    Command, CommandError, EndReason, ErrorCode, Format, GameEvent, GameRecord, GameResult,
    GameSnapshot, GameSummary, LiveGame, TableInfo, TimeControl,
};

/// Most seats at a table (sternhalma for six): the size of per-seat arrays.
pub const MAX_SEATS: usize = 6;

/// The token under which the server's AI plays a seat. Device tokens are made of
/// `[A-Za-z0-9_-]` only, so `~` never names a person.
pub fn ai_token(side: u8) -> String {
    format!("~ai{side}")
}

/// Whether a token is an AI seat's (see [`ai_token`]).
pub fn is_ai_token(token: &str) -> bool {
    token.starts_with('~')
}
use chinese_checkers_core::ai::AiLevel;
use chinese_checkers_core::rules::Position;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bus::BusMsg;
use crate::metrics::Metrics;

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

/// One player waiting for a quick match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QueueEntry {
    /// The device token.
    pub token: String,
    /// The display name.
    pub name: String,
    /// The format wanted (`None`: any game of two).
    pub format: Option<Format>,
    /// The seats of that format (2 for any): the Redis script reads it.
    #[serde(default = "two")]
    pub seats: usize,
    /// The player's rating in the format's rule set (tripot's for "any"; 1500 for a newcomer).
    #[serde(default = "start_rating")]
    pub rating: f64,
    /// When the player started waiting ([`now_ms`]); older entries come first.
    #[serde(default)]
    pub since_ms: u64,
}

fn two() -> usize {
    2
}

fn start_rating() -> f64 {
    crate::ratings::START_RATING
}

/// Quick match for two pairs players whose ratings differ by at most this much at once...
pub const RATING_WINDOW_BASE: f64 = 200.0;
/// ...plus this much per second the longer waiting of the two has waited...
pub const RATING_WINDOW_PER_S: f64 = 100.0;
/// ...and anyone once one of them has waited this long (milliseconds).
pub const RATING_WINDOW_OPEN_MS: u64 = 30_000;

/// How far apart two ratings may be for a game of two when the longer waiting player has waited
/// `waited_ms`: 200 + 100 per second waited, any after 30 s.
pub fn rating_window(waited_ms: u64) -> f64 {
    if waited_ms >= RATING_WINDOW_OPEN_MS {
        f64::INFINITY
    } else {
        RATING_WINDOW_BASE + RATING_WINDOW_PER_S * waited_ms as f64 / 1000.0
    }
}

impl QueueEntry {
    /// An entry for `format` (`None`: any game of two).
    pub fn new(token: &str, name: &str, format: Option<Format>) -> QueueEntry {
        QueueEntry {
            token: token.to_owned(),
            name: name.to_owned(),
            format,
            seats: format.map_or(2, Format::seats),
            rating: start_rating(),
            since_ms: now_ms(),
        }
    }

    /// Whether two players are close enough in rating for a game of two at `now`.
    pub fn close_enough(&self, other: &QueueEntry, now: u64) -> bool {
        let waited = now.saturating_sub(self.since_ms.min(other.since_ms));
        (self.rating - other.rating).abs() <= rating_window(waited)
    }

    /// Whether two waiting players can play each other, and in which format. "Any" means any
    /// game of two; a table of 3 or more seats fills only with players who asked for it.
    pub fn pairs_with(&self, other: &QueueEntry) -> Option<Format> {
        if self.token == other.token {
            return None;
        }
        match (self.format, other.format) {
            (Some(a), Some(b)) if a == b => Some(a),
            (Some(_), Some(_)) => None,
            (Some(f), None) | (None, Some(f)) => (f.seats() == 2).then_some(f),
            (None, None) => Some(Format::Tripot1),
        }
    }

    /// The players of the queue (oldest first) that `self` completes a table with at `now`, and
    /// the format, if there are enough of them. A game of two takes the longest waiting player
    /// close enough in rating ([`rating_window`]); a table of 3 or more does not look at ratings.
    pub fn table_from(&self, queue: &[QueueEntry], now: u64) -> Option<(Format, Vec<usize>)> {
        let first = queue.iter().position(|e| match e.pairs_with(self) {
            Some(f) if f.seats() == 2 => self.close_enough(e, now),
            Some(_) => true,
            None => false,
        })?;
        let format = queue[first].pairs_with(self)?;
        let others: Vec<usize> = queue
            .iter()
            .enumerate()
            .filter(|(_, e)| e.token != self.token && e.format == Some(format))
            .map(|(i, _)| i)
            .take(format.seats() - 1)
            .collect();
        if format.seats() == 2 {
            return Some((format, vec![first]));
        }
        (others.len() == format.seats() - 1).then_some((format, others))
    }
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

/// A refusal for a game the sender does not play in.
pub fn not_in_game() -> CommandError {
    CommandError::Refused(ErrorCode::NotInGame, "you do not play in this game".into())
}

/// Result of creating a room or table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Created {
    /// Done.
    Ok,
    /// The token already has the maximum.
    TooMany,
    /// The id or code is taken (try another).
    Taken,
}

/// Milliseconds since the Unix epoch (deadlines are stored in these, shared by instances).
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// A game's deadlines, in [`now_ms`] time, stored with the game: the end of each away side's
/// grace period, the end of the inactivity allowance (reset by every event), and the turn's
/// deadline with what the game clocks need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// When each side's grace ends (while it is away).
    pub away: [Option<u64>; MAX_SEATS],
    /// When the game expires if nothing happens.
    pub idle: Option<u64>,
    /// When the side to move runs out of time (a timed game, or an AI seat to move).
    pub turn: Option<u64>,
    /// When the current turn started.
    pub turn_since: Option<u64>,
    /// With a game clock: each side's time left at the start of its turn (`None`: all of it).
    pub banks: [Option<u64>; MAX_SEATS],
}

/// An AI seat to move gets this long before the sweeper plays the greatest-progress move for
/// it: the AI players normally answer in well under a second; this only covers an instance
/// that died while its AI was thinking.
pub const AI_TURN_ALLOWANCE_MS: u64 = 30_000;

impl Clock {
    /// The earliest deadline.
    pub fn next(&self) -> Option<u64> {
        self.away
            .iter()
            .flatten()
            .copied()
            .chain(self.idle)
            .chain(self.turn)
            .min()
    }

    /// The clock without its deadlines due at `now` (stale ones: the sweeper found nothing to
    /// do), and the names of those fields in Redis.
    pub fn without_due(&self, now: u64) -> (Vec<String>, Clock) {
        let mut kept = *self;
        let mut stale = Vec::new();
        for (s, away) in kept.away.iter_mut().enumerate() {
            if away.is_some_and(|t| t <= now) {
                *away = None;
                stale.push(format!("a{s}"));
            }
        }
        if kept.turn.is_some_and(|t| t <= now) {
            kept.turn = None;
            stale.push("t".to_owned());
        }
        (stale, kept)
    }

    /// A new game's clock: the first turn starts now.
    pub fn started(now: u64, inactivity_ms: u64, record: &GameRecord) -> Clock {
        let mut clock = Clock {
            idle: Some(now.saturating_add(inactivity_ms)),
            ..Clock::default()
        };
        clock.start_turn(record, now);
        clock
    }

    /// The time the side to move has for its move, as it starts.
    fn allowance(&self, record: &GameRecord) -> Option<u64> {
        if record.is_over() {
            return None;
        }
        let side = record.to_move();
        if record.ai_of(side).is_some() {
            return Some(AI_TURN_ALLOWANCE_MS);
        }
        match record.clock() {
            TimeControl::Untimed => None,
            TimeControl::PerMove { seconds } => Some(u64::from(seconds) * 1000),
            TimeControl::Game { base_s, .. } => Some(
                self.banks
                    .get(usize::from(side))
                    .copied()
                    .flatten()
                    .unwrap_or(u64::from(base_s) * 1000),
            ),
        }
    }

    fn start_turn(&mut self, record: &GameRecord, now: u64) {
        self.turn_since = Some(now);
        self.turn = self.allowance(record).map(|a| now.saturating_add(a));
    }

    /// The clock after `events` (already applied: `after` is the record with them) were appended
    /// at `now`.
    pub fn after(
        &self,
        after: &GameRecord,
        events: &[(u64, GameEvent)],
        now: u64,
        inactivity_ms: u64,
    ) -> Clock {
        if after.is_over() {
            return Clock::default();
        }
        let mut next = *self;
        for (slot, op) in next.away.iter_mut().zip(ClockChange::of(events, now).away) {
            if let Some(v) = op {
                *slot = v;
            }
        }
        next.idle = Some(now.saturating_add(inactivity_ms));
        // The first move of the batch is the one whose time ran (forced passes and the AI's
        // answers come after it, at the same instant).
        let mover = events.iter().find_map(|(_, e)| match e {
            GameEvent::Moved { side, .. } => Some(*side),
            _ => None,
        });
        if let (
            Some(side),
            TimeControl::Game {
                base_s,
                increment_s,
            },
        ) = (mover, after.clock())
        {
            if let Some(bank) = next.banks.get_mut(usize::from(side)) {
                let used = now.saturating_sub(self.turn_since.unwrap_or(now));
                let left = bank
                    .unwrap_or(u64::from(base_s) * 1000)
                    .saturating_sub(used);
                *bank = Some(left.saturating_add(u64::from(increment_s) * 1000));
            }
        }
        let handed_over = events.iter().any(
            |(_, e)| matches!(e, GameEvent::SeatToAi { side, .. } if *side == after.to_move()),
        );
        if mover.is_some() || handed_over || self.turn_since.is_none() {
            next.start_turn(after, now);
        }
        next
    }

    /// What a client sees of this clock (a timed game, or none).
    pub fn note(&self, record: &GameRecord) -> Option<ClockNote> {
        if !record.clock().is_timed() || record.is_over() {
            return None;
        }
        let banks_ms = match record.clock() {
            TimeControl::Game { base_s, .. } => (0..record.seats())
                .map(|s| self.banks[s].unwrap_or(u64::from(base_s) * 1000))
                .collect(),
            _ => Vec::new(),
        };
        Some(ClockNote {
            side: record.to_move(),
            deadline_ms: self.turn?,
            banks_ms,
        })
    }
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

/// How appended events change the grace deadlines of a game's [`Clock`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockChange {
    /// Per side: `None` keep, `Some(None)` clear (back), `Some(Some(t))` set (gone).
    pub away: [Option<Option<u64>>; MAX_SEATS],
}

impl ClockChange {
    /// The change that `events` appended at `now` make.
    pub fn of(events: &[(u64, GameEvent)], now: u64) -> Self {
        let mut away = [None; MAX_SEATS];
        for (_, event) in events {
            match event {
                GameEvent::Disconnected { side, grace_ms } => {
                    if let Some(slot) = away.get_mut(usize::from(*side)) {
                        *slot = Some(Some(now.saturating_add(*grace_ms)));
                    }
                }
                // Back, or gone for good (the AI plays the seat): no grace runs any more.
                GameEvent::Reconnected { side } | GameEvent::SeatToAi { side, .. } => {
                    if let Some(slot) = away.get_mut(usize::from(*side)) {
                        *slot = Some(None);
                    }
                }
                _ => {}
            }
        }
        ClockChange { away }
    }
}

/// The events that end a game whose deadline is due at `now`, or `None` if nothing is due.
/// A due grace: the side away (if several are away, the one that left first) loses by
/// abandonment through the ordinary `Abandon` command (at a table of 3 or more, the AI takes
/// its seat instead). Inactivity: the same if a side is away, else the side to move loses by
/// abandonment (or, at a table of 3 or more, is replaced by the AI).
pub fn expiry(record: &GameRecord, clock: &Clock, now: u64) -> Option<Vec<GameEvent>> {
    if record.is_over() {
        return None;
    }
    let seats = record.seats() as u8;
    let first_away = (0..seats)
        .filter_map(|s| record.disconnected_since(s).map(|q| (s, q)))
        .min_by_key(|(_, q)| *q);
    let grace_due = (0..seats).any(|s| {
        record.disconnected_since(s).is_some()
            && clock
                .away
                .get(usize::from(s))
                .copied()
                .flatten()
                .is_some_and(|t| t <= now)
    });
    let idle_due = clock.idle.is_some_and(|t| t <= now);
    if !grace_due && !idle_due {
        return turn_expiry(record, clock, now);
    }
    if let Some((loser, since_seq)) = first_away {
        let events = record
            .command(loser, &Command::Abandon { since_seq })
            .ok()?;
        if !events.is_empty() {
            return Some(events);
        }
    }
    if let Some(events) = turn_expiry(record, clock, now) {
        return Some(events);
    }
    if !idle_due {
        return None;
    }
    if seats > 2 {
        let events = record.leave(record.to_move(), EndReason::Abandoned);
        return (!events.is_empty()).then_some(events);
    }
    Some(vec![GameEvent::Ended {
        result: GameResult::new(Some(1 - record.to_move()), EndReason::Abandoned),
    }])
}

/// An AI seat to move: what the server's AI needs to play it.
#[derive(Clone, Debug)]
pub struct AiTurn {
    /// The seat.
    pub side: u8,
    /// Its level.
    pub level: AiLevel,
    /// The move's ply.
    pub ply: u32,
    /// The position to move from.
    pub position: Position,
}

impl AiTurn {
    /// The AI turn of a record, if an AI seat is to move.
    pub fn of(record: &GameRecord) -> Option<AiTurn> {
        let (side, level) = record.ai_to_move()?;
        Some(AiTurn {
            side,
            level,
            ply: record.ply(),
            position: *record.position(),
        })
    }
}

/// The events of a turn whose time ran out: the clock's move for a person (a `timed_out` and the
/// greatest-progress move; leaving after too many in a row), the greatest-progress move for an
/// AI seat whose instance never answered.
fn turn_expiry(record: &GameRecord, clock: &Clock, now: u64) -> Option<Vec<GameEvent>> {
    if clock.turn.is_none_or(|t| t > now) {
        return None;
    }
    let side = record.to_move();
    let ply = record.ply();
    let events = if record.ai_of(side).is_some() {
        let legal = record.game().legal_moves();
        let compact: Vec<_> = legal.iter().map(|m| m.compact()).collect();
        let best = chinese_checkers_core::ai::greatest_progress(record.position(), &compact);
        let mv = compact.iter().position(|c| *c == best).map(|i| &legal[i])?;
        let command = Command::Move {
            ply,
            mv: chinese_checkers_core::online::WireMove::from_move(mv),
        };
        record.command(side, &command).ok()?
    } else {
        record.command(side, &Command::TimeOut { ply }).ok()?
    };
    (!events.is_empty()).then_some(events)
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

    /// Leaves the quick-match queue; whether the token was in it.
    pub async fn dequeue(&self, token: &str) -> Result<bool, StoreError> {
        dispatch!(self, s => s.dequeue(token).await)
    }

    /// Opens a lobby table (at most `max` per token).
    pub async fn create_table(
        &self,
        table: &StoredTable,
        max: usize,
    ) -> Result<Created, StoreError> {
        dispatch!(self, s => s.create_table(table, max).await)
    }

    /// Takes an open table out of the lobby (to play at it, or to close it).
    pub async fn take_table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        dispatch!(self, s => s.take_table(id).await)
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

    /// Takes a room by its code (if it exists and has not expired).
    pub async fn take_room(&self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        dispatch!(self, s => s.take_room(code).await)
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

    /// Games whose earliest deadline is at or before `now` (at most `max`).
    pub async fn due_games(&self, now: u64, max: usize) -> Result<Vec<String>, StoreError> {
        dispatch!(self, s => s.due_games(now, max).await)
    }

    /// Ends a game whose deadline is due at `now` (see [`expiry`]) and publishes the events;
    /// whether it ended it. Harmless if the game went on, ended, or another instance did it.
    pub async fn expire_game(&self, id: &str, now: u64) -> Result<bool, StoreError> {
        dispatch!(self, s => s.expire_game(id, now).await)
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

    /// Whether the backend can be used now (`/health`): Redis answers and pub/sub is up.
    pub async fn ready(&self) -> bool {
        match &self.engine {
            Engine::Memory(_) => true,
            Engine::Redis(s) => s.ready().await,
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
mod queue_tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn entry(token: &str, rating: f64, since_ms: u64) -> QueueEntry {
        QueueEntry {
            rating,
            since_ms,
            ..QueueEntry::new(token, token, Some(Format::Classic))
        }
    }

    #[test]
    fn the_rating_window_widens_with_the_wait() {
        assert_eq!(rating_window(0), 200.0);
        assert_eq!(rating_window(1500), 350.0);
        assert_eq!(rating_window(29_999), 200.0 + 100.0 * 29.999);
        assert_eq!(rating_window(30_000), f64::INFINITY);
    }

    #[test]
    fn a_game_of_two_takes_the_longest_waiting_player_close_enough_in_rating() {
        let queue = [
            entry("far", 1900.0, 1_000),
            entry("near", 1550.0, 2_000),
            entry("nearer", 1500.0, 3_000),
        ];
        let me = entry("me", 1500.0, 3_000);
        // At 3 s "far" has waited 2 s: the window (400) reaches its 1900.
        assert_eq!(
            me.table_from(&queue, 3_000),
            Some((Format::Classic, vec![0]))
        );
        // Just after "far" queued, only "near" (50 apart) qualifies.
        let me = entry("me", 1500.0, 1_000);
        assert_eq!(
            me.table_from(&queue, 1_000),
            Some((Format::Classic, vec![1]))
        );
        // Tables of three do not look at ratings.
        let three = |t: &str, r: f64| QueueEntry {
            rating: r,
            since_ms: 0,
            ..QueueEntry::new(t, t, Some(Format::Sternhalma3))
        };
        let queue = [three("a", 2500.0), three("b", 900.0)];
        assert_eq!(
            three("c", 1500.0).table_from(&queue, 0),
            Some((Format::Sternhalma3, vec![0, 1]))
        );
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
#[path = "clock_tests.rs"]
mod clock_tests;
