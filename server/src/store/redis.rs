//! The scale-out backend: queue, lobby, rooms and game logs in Redis, and Redis pub/sub to relay
//! bus messages between instances. Any instance can serve any game; a client can reconnect to
//! another instance after one dies.
//!
//! Every multi-step change is one Lua script, so it is atomic across instances. A game's log is a
//! Redis list of events; an append succeeds only if the list still has the length the appending
//! instance replayed (compare-and-append), and publishes the events in the same script.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use chinese_checkers_core::online::{
    Command, CommandError, ErrorCode, Format, GameEvent, GameRecord, GameSummary, LiveGame,
    MAX_LISTED_GAMES,
};
use futures_util::StreamExt;
use parking_lot::Mutex;
use redis::aio::{ConnectionLike, MultiplexedConnection};
use redis::{AsyncCommands, Cmd, Pipeline, RedisError, RedisFuture, Script, Value};
use tokio::sync::watch;

use super::archive::{not_archived, Archived, ARCHIVE_TTL_S};
use super::{
    expiry, is_ai_token, no_game, not_in_game, not_watchable, now_ms, AiTurn, CatchUp, Clock,
    ClockChange, Created, GameMeta, Player, QueueEntry, Resumed, Sat, StoreError, StoredRoom,
    StoredTable, MAX_CATCH_UP,
};
use crate::bus::{user_channel, Bus, BusMsg};
use crate::ratings::{self, RatedGame, Rating};
use chinese_checkers_core::rules::Preset;

// The scripts are built once: `Script::new` hashes the source, and APPEND runs on every move.

/// Compare-and-append, keeping the game's deadlines in step: KEYS = log, deadlines hash
/// (`a0` … `a5`: grace ends; `idle`; `t`: the turn's deadline; `ts`: when the turn started;
/// `b0` … `b5`: game clock banks), the `deadlines` sorted set (scored by the earliest of `a*`,
/// `idle` and `t`); ARGV = expected length, channel, game id, `a0` … `a5` ops (`''` keep, `'-'`
/// clear, else set), new idle deadline, `'1'` if the game is over, `due` (`''`, or: refuse unless
/// the game's deadline is at or before it), `t`, `ts`, `b0` … `b5` ops, then event and bus
/// message pairs.
static APPEND: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
if ARGV[12] ~= '' then
  local due = redis.call('ZSCORE', KEYS[3], ARGV[3])
  if not due or tonumber(due) > tonumber(ARGV[12]) then return 0 end
end
for i = 21, #ARGV, 2 do
  redis.call('RPUSH', KEYS[1], ARGV[i])
  redis.call('PUBLISH', ARGV[2], ARGV[i + 1])
end
if ARGV[11] == '1' then
  redis.call('DEL', KEYS[2])
  redis.call('ZREM', KEYS[3], ARGV[3])
  return 1
end
local function op(field, v)
  if v == '-' then redis.call('HDEL', KEYS[2], field)
  elseif v ~= '' then redis.call('HSET', KEYS[2], field, v) end
end
for s = 0, 5 do op('a' .. s, ARGV[4 + s]) end
op('idle', ARGV[10])
op('t', ARGV[13])
op('ts', ARGV[14])
for s = 0, 5 do op('b' .. s, ARGV[15 + s]) end
local min = nil
local fields = redis.call('HGETALL', KEYS[2])
for i = 1, #fields, 2 do
  local f, n = fields[i], tonumber(fields[i + 1])
  local deadline = f == 'idle' or f == 't' or string.sub(f, 1, 1) == 'a'
  if deadline and n and (not min or n < min) then min = n end
end
if min then redis.call('ZADD', KEYS[3], min, ARGV[3]) else redis.call('ZREM', KEYS[3], ARGV[3]) end
return 1",
    )
});

/// Quick match (`QueueEntry::table_from` in Lua): ARGV[1] = the entry, ARGV[2] = now (Unix ms),
/// ARGV[3] = `'1'` to retry (only if the token is still queued), ARGV[4..6] = the rating window
/// (base, per second waited, open after ms; see `rating_window`). Returns `{}` (queued, or not
/// queued any more) or `{format, entry, ...}`: the players taken out of the queue to complete the
/// table. The queue is kept in the order of waiting (`since_ms`).
static ENQUEUE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local items = redis.call('LRANGE', KEYS[1], 0, -1)
local me = cjson.decode(ARGV[1])
local now = tonumber(ARGV[2])
local rest = {}
local present = false
for _, item in ipairs(items) do
  local e = cjson.decode(item)
  if e.token == me.token then
    present = true
    redis.call('LREM', KEYS[1], 0, item)
  else table.insert(rest, {item, e}) end
end
if ARGV[3] == '1' and not present then return {} end
local function since(e) return tonumber(e.since_ms) or 0 end
local function close_enough(a, b)
  local waited = now - math.min(since(a), since(b))
  if waited >= tonumber(ARGV[6]) then return true end
  local d = math.abs((tonumber(a.rating) or 1500) - (tonumber(b.rating) or 1500))
  return d <= tonumber(ARGV[4]) + tonumber(ARGV[5]) * waited / 1000
end
local function pairs_with(a, b)
  if a.format ~= cjson.null and b.format ~= cjson.null then
    if a.format == b.format then return a.format, a.seats end
    return nil
  end
  if a.format == cjson.null and b.format == cjson.null then return 'tripot1', 2 end
  local f, seats = a.format, a.seats
  if f == cjson.null then f, seats = b.format, b.seats end
  if seats == 2 then return f, 2 end
  return nil
end
local first, format = nil, nil
for _, p in ipairs(rest) do
  local f, seats = pairs_with(me, p[2])
  if f and (seats > 2 or close_enough(me, p[2])) then
    first, format = p, f
    break
  end
end
local picked = {}
if first and me.seats <= 2 then
  picked = {first[1]}
elseif first then
  for _, p in ipairs(rest) do
    if #picked < me.seats - 1 and p[2].format == format then table.insert(picked, p[1]) end
  end
  if #picked < me.seats - 1 then picked = {} end
end
if #picked == 0 then
  for _, p in ipairs(rest) do
    if since(p[2]) > since(me) then
      redis.call('LINSERT', KEYS[1], 'BEFORE', p[1], ARGV[1])
      return {}
    end
  end
  redis.call('RPUSH', KEYS[1], ARGV[1])
  return {}
end
local out = {format}
for _, item in ipairs(picked) do
  redis.call('LREM', KEYS[1], 1, item)
  table.insert(out, item)
end
return out",
    )
});

/// Sits a player at a lobby table: KEYS = the tables list; ARGV = table id, the player, the
/// seats of each format (JSON object). Returns `{'none'}`, `{'own'}`, `{'seated', table}` or
/// `{'full', table}` (taken out of the list).
static SIT_TABLE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local items = redis.call('LRANGE', KEYS[1], 0, -1)
local me = cjson.decode(ARGV[2])
local seats = cjson.decode(ARGV[3])
for i, item in ipairs(items) do
  local t = cjson.decode(item)
  if t.id == ARGV[1] then
    if t.host.token == me.token then return {'own'} end
    local guests = t.guests or {}
    local there = false
    for _, g in ipairs(guests) do if g.token == me.token then there = true end end
    if not there then table.insert(guests, me) end
    t.guests = guests
    local out = cjson.encode(t)
    if 1 + #guests >= seats[t.format] then
      redis.call('LREM', KEYS[1], 1, item)
      return {'full', out}
    end
    redis.call('LSET', KEYS[1], i - 1, out)
    return {'seated', out}
  end
end
return {'none'}",
    )
});

/// A guest leaves a lobby table: KEYS = the tables list; ARGV = table id, token. Returns the
/// table as it is now, or false if the guest was not there.
static UNSIT_TABLE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local items = redis.call('LRANGE', KEYS[1], 0, -1)
for i, item in ipairs(items) do
  local t = cjson.decode(item)
  if t.id == ARGV[1] then
    local kept, found = {}, false
    for _, g in ipairs(t.guests or {}) do
      if g.token == ARGV[2] then found = true else table.insert(kept, g) end
    end
    if not found then return false end
    if #kept == 0 then t.guests = nil else t.guests = kept end
    local out = cjson.encode(t)
    redis.call('LSET', KEYS[1], i - 1, out)
    return out
  end
end
return false",
    )
});

/// Sits a player in a private room: KEYS = the room; ARGV = the player, the room's seats.
/// Returns as [`SIT_TABLE`] (a full room is deleted; its expiry is kept while it fills).
static SIT_ROOM: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local raw = redis.call('GET', KEYS[1])
if not raw then return {'none'} end
local r = cjson.decode(raw)
local me = cjson.decode(ARGV[1])
if r.host.token == me.token then return {'own'} end
local guests = r.guests or {}
local there = false
for _, g in ipairs(guests) do if g.token == me.token then there = true end end
if not there then table.insert(guests, me) end
r.guests = guests
local out = cjson.encode(r)
if 1 + #guests >= tonumber(ARGV[2]) then
  redis.call('DEL', KEYS[1])
  return {'full', out}
end
redis.call('SET', KEYS[1], out, 'KEEPTTL')
return {'seated', out}",
    )
});

/// A guest leaves a private room: KEYS = the room; ARGV = token. Returns the room as it is now,
/// or false if the guest was not there.
static UNSIT_ROOM: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local r = cjson.decode(raw)
local kept, found = {}, false
for _, g in ipairs(r.guests or {}) do
  if g.token == ARGV[1] then found = true else table.insert(kept, g) end
end
if not found then return false end
if #kept == 0 then r.guests = nil else r.guests = kept end
local out = cjson.encode(r)
redis.call('SET', KEYS[1], out, 'KEEPTTL')
return out",
    )
});

/// The seats of every format, as the table scripts read them.
fn seats_json() -> String {
    let map: serde_json::Map<String, serde_json::Value> = Format::ALL
        .iter()
        .map(|f| (f.name().to_owned(), serde_json::Value::from(f.seats())))
        .collect();
    serde_json::Value::Object(map).to_string()
}

/// Decodes what the sit scripts return.
fn sat<T: serde::de::DeserializeOwned>(reply: Vec<String>) -> Result<Sat<T>, StoreError> {
    let decode = |s: &String| serde_json::from_str(s).map_err(corrupt);
    Ok(match (reply.first().map(String::as_str), reply.get(1)) {
        (Some("own"), _) => Sat::Own,
        (Some("seated"), Some(t)) => Sat::Seated(decode(t)?),
        (Some("full"), Some(t)) => Sat::Full(decode(t)?),
        _ => Sat::NotFound,
    })
}

/// Removes the items of a list whose field `ARGV[1]` (`token` or `id`, possibly inside `host`)
/// equals `ARGV[2]`; returns the first removed item (or false) and the count.
static REMOVE_WHERE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local items = redis.call('LRANGE', KEYS[1], 0, -1)
local first = false
local n = 0
for _, item in ipairs(items) do
  local e = cjson.decode(item)
  local v = e[ARGV[1]]
  if ARGV[1] == 'host' then v = e.host.token end
  if v == ARGV[2] then
    redis.call('LREM', KEYS[1], 1, item)
    if not first then first = item end
    n = n + 1
  end
end
return {first, n}",
    )
});

static CREATE_TABLE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local items = redis.call('LRANGE', KEYS[1], 0, -1)
local me = cjson.decode(ARGV[1])
local mine = 0
for _, item in ipairs(items) do
  local e = cjson.decode(item)
  if e.id == me.id then return 0 end
  if e.host.token == me.host.token then mine = mine + 1 end
end
if mine >= tonumber(ARGV[2]) then return -1 end
redis.call('RPUSH', KEYS[1], ARGV[1])
return 1",
    )
});

static CREATE_ROOM: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return -1 end
if not redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2], 'NX') then return 0 end
redis.call('ZADD', KEYS[2], ARGV[6], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return 1",
    )
});

/// How long a finished game's log is kept.
const FINISHED_TTL_S: i64 = 24 * 3600;

/// Sets the expiry (ARGV[2], ms) of a key (a room's code) only while it holds ARGV[1] (the game
/// that ended).
const EXPIRE_IF_NAMES: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0";

/// Rates a finished game once: KEYS = the game's "rated" mark, then each person's ratings hash;
/// ARGV = the rule set (the hash field), the mark's expiry in seconds, then per person the
/// rating read before (`''`: none) and the new one (JSON). Returns 0 if the game was rated
/// already, -1 if a rating changed since it was read (another game ended meanwhile: read again
/// and retry), 1 when written.
static RATE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
for i = 2, #KEYS do
  local cur = redis.call('HGET', KEYS[i], ARGV[1])
  if (cur or '') ~= ARGV[2 * i - 1] then return -1 end
end
for i = 2, #KEYS do redis.call('HSET', KEYS[i], ARGV[1], ARGV[2 * i]) end
redis.call('SET', KEYS[1], '1', 'EX', ARGV[2])
return 1",
    )
});

struct Cached {
    meta: GameMeta,
    record: GameRecord,
    /// The game's deadlines as of the record's last event (read again with new events).
    clock: Clock,
}

/// A game's cached record (`None` until loaded), locked while a command or resume runs on it.
type Slot = Arc<tokio::sync::Mutex<Option<Cached>>>;

/// At most this many game records are cached per instance (least recently used out).
pub const MAX_CACHED_GAMES: usize = 4096;

struct CacheEntry {
    slot: Slot,
    /// Its place in the use order.
    used: u64,
    /// When it was seen finished.
    finished: Option<Instant>,
}

/// This instance's cache of game records. The log in Redis is the truth; the cache only saves
/// replaying it. It never holds an unknown game, forgets finished games after
/// [`super::memory::FINISHED_KEEP`] (as the memory store does) and holds at most `max` games.
struct GameCache {
    entries: HashMap<String, CacheEntry>,
    /// Use order: tick of last use to game id.
    lru: BTreeMap<u64, String>,
    /// Finished games in the order they were seen finished.
    finished: VecDeque<(Instant, String)>,
    tick: u64,
    max: usize,
    keep: Duration,
}

impl GameCache {
    fn new(max: usize, keep: Duration) -> GameCache {
        GameCache {
            entries: HashMap::new(),
            lru: BTreeMap::new(),
            finished: VecDeque::new(),
            tick: 0,
            max,
            keep,
        }
    }

    /// The slot of a game (a new, empty one if it is not cached), marked used now.
    fn slot(&mut self, id: &str) -> Slot {
        self.sweep(Instant::now());
        self.tick += 1;
        let tick = self.tick;
        if let Some(e) = self.entries.get_mut(id) {
            self.lru.remove(&e.used);
            e.used = tick;
            self.lru.insert(tick, id.to_owned());
            return e.slot.clone();
        }
        while self.entries.len() >= self.max.max(1) {
            let Some((_, old)) = self.lru.pop_first() else {
                break;
            };
            self.entries.remove(&old);
        }
        let slot = Slot::default();
        self.entries.insert(
            id.to_owned(),
            CacheEntry {
                slot: slot.clone(),
                used: tick,
                finished: None,
            },
        );
        self.lru.insert(tick, id.to_owned());
        slot
    }

    /// After a command or resume on `slot`: drops it if it holds nothing (no such game, or the
    /// load failed), notes when it was first seen finished.
    fn settle(&mut self, id: &str, slot: &Slot, empty: bool, over: bool, now: Instant) {
        let Some(e) = self.entries.get_mut(id) else {
            return;
        };
        if !Arc::ptr_eq(&e.slot, slot) {
            return;
        }
        if empty {
            self.remove(id);
        } else if over && e.finished.is_none() {
            e.finished = Some(now);
            self.finished.push_back((now, id.to_owned()));
            if self.finished.len() > self.max.max(1) * 2 {
                // Entries evicted meanwhile: keep only those still cached as finished.
                let entries = &self.entries;
                self.finished
                    .retain(|(at, id)| entries.get(id).is_some_and(|e| e.finished == Some(*at)));
            }
        }
    }

    fn remove(&mut self, id: &str) {
        if let Some(e) = self.entries.remove(id) {
            self.lru.remove(&e.used);
        }
    }

    /// Forgets the games finished at least `keep` ago.
    fn sweep(&mut self, now: Instant) {
        while let Some((at, _)) = self.finished.front() {
            if now.saturating_duration_since(*at) < self.keep {
                break;
            }
            if let Some((at, id)) = self.finished.pop_front() {
                if self
                    .entries
                    .get(&id)
                    .is_some_and(|e| e.finished == Some(at))
                {
                    self.remove(&id);
                }
            }
        }
    }

    fn len(&mut self) -> usize {
        self.sweep(Instant::now());
        self.entries.len()
    }
}

/// State in Redis; bus messages go through Redis pub/sub.
pub struct RedisStore {
    conn: Arc<Link>,
    prefix: String,
    games: Mutex<GameCache>,
    /// Whether the pub/sub subscription is up.
    subscribed: Arc<AtomicBool>,
    inactivity_ms: AtomicU64,
    /// How long a finished game's keys are kept ([`FINISHED_TTL_S`]; tests shorten it).
    finished_ttl_ms: AtomicU64,
}

/// Delay before the `failures`-th retry of a lost connection: 50 ms doubling up to 1 s.
fn backoff(failures: u32) -> Duration {
    Duration::from_millis(50u64 << failures.min(5)).min(Duration::from_secs(1))
}

/// The command connection: one multiplexed connection, replaced when it breaks (Redis restarted
/// or unreachable). While Redis is down, commands fail fast and new connections are tried with
/// backoff; the first command after Redis is back reconnects.
struct Link {
    client: redis::Client,
    current: Mutex<Option<(u64, MultiplexedConnection)>>,
    dial: tokio::sync::Mutex<Dial>,
}

#[derive(Default)]
struct Dial {
    generation: u64,
    failures: u32,
    next_try: Option<Instant>,
}

/// Timeouts of a command connection. The client's default 500 ms answer timeout turned a
/// briefly saturated machine (3,000 games on two shared cores) into thousands of `internal`
/// errors; a dead Redis is noticed by the broken connection (and `/health`'s 2 s ping) anyway.
fn connection_config() -> redis::AsyncConnectionConfig {
    redis::AsyncConnectionConfig::new()
        .set_connection_timeout(Some(Duration::from_secs(2)))
        .set_response_timeout(Some(Duration::from_secs(5)))
}

impl Link {
    /// A connection to use now, reconnecting if the last one broke.
    async fn get(self: &Arc<Self>) -> Result<LinkConn, StoreError> {
        let wrap = |(generation, conn): (u64, MultiplexedConnection)| LinkConn {
            link: self.clone(),
            generation,
            conn,
        };
        if let Some(c) = self.current.lock().clone() {
            return Ok(wrap(c));
        }
        let mut dial = self.dial.lock().await;
        if let Some(c) = self.current.lock().clone() {
            return Ok(wrap(c));
        }
        if dial.next_try.is_some_and(|t| Instant::now() < t) {
            return Err(StoreError::Unavailable(
                "redis is unreachable; reconnecting".into(),
            ));
        }
        match self
            .client
            .get_multiplexed_async_connection_with_config(&connection_config())
            .await
        {
            Ok(conn) => {
                if dial.failures > 0 {
                    tracing::info!("redis reconnected");
                }
                dial.generation += 1;
                dial.failures = 0;
                dial.next_try = None;
                let c = (dial.generation, conn);
                *self.current.lock() = Some(c.clone());
                Ok(wrap(c))
            }
            Err(e) => {
                dial.next_try = Some(Instant::now() + backoff(dial.failures));
                dial.failures = dial.failures.saturating_add(1);
                Err(e.into())
            }
        }
    }

    /// A command on connection `generation` failed: drop the connection if it is broken.
    fn failed(&self, generation: u64, e: &RedisError) {
        if !(e.is_unrecoverable_error() || e.is_connection_dropped() || e.is_io_error()) {
            return;
        }
        let mut current = self.current.lock();
        if current.as_ref().is_some_and(|(g, _)| *g == generation) {
            tracing::warn!(error = %e, "redis connection lost; reconnecting");
            *current = None;
        }
    }
}

/// A connection of a [`Link`]: reports failures to it, so a broken one is replaced.
#[derive(Clone)]
struct LinkConn {
    link: Arc<Link>,
    generation: u64,
    conn: MultiplexedConnection,
}

impl ConnectionLike for LinkConn {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        Box::pin(async move {
            let r = self.conn.req_packed_command(cmd).await;
            if let Err(e) = &r {
                self.link.failed(self.generation, e);
            }
            r
        })
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        Box::pin(async move {
            let r = self.conn.req_packed_commands(pipeline, offset, count).await;
            if let Err(e) = &r {
                self.link.failed(self.generation, e);
            }
            r
        })
    }

    fn get_db(&self) -> i64 {
        self.conn.get_db()
    }
}

fn corrupt(e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

impl RedisStore {
    /// Connects to `url`, keys under `prefix`, and starts the subscriber that delivers every
    /// instance's bus messages to `bus` until `stop` turns true.
    pub async fn connect(
        url: &str,
        prefix: &str,
        bus: Arc<Bus>,
        stop: watch::Receiver<bool>,
    ) -> Result<RedisStore, StoreError> {
        let client = redis::Client::open(url)?;
        let conn = client
            .get_multiplexed_async_connection_with_config(&connection_config())
            .await?;
        let pattern = format!("{prefix}:bus:*");
        let pubsub = open_pubsub(&client, &pattern).await?;
        let subscribed = Arc::new(AtomicBool::new(true));
        let sub = Subscriber {
            client: client.clone(),
            pattern,
            strip: format!("{prefix}:bus:"),
            bus,
            subscribed: subscribed.clone(),
        };
        tokio::spawn(sub.run(pubsub, stop));
        Ok(RedisStore {
            conn: Arc::new(Link {
                client,
                current: Mutex::new(Some((0, conn))),
                dial: tokio::sync::Mutex::default(),
            }),
            prefix: prefix.to_owned(),
            games: Mutex::new(GameCache::new(
                MAX_CACHED_GAMES,
                super::memory::FINISHED_KEEP,
            )),
            subscribed,
            inactivity_ms: AtomicU64::new(24 * 3600 * 1000),
            finished_ttl_ms: AtomicU64::new(FINISHED_TTL_S as u64 * 1000),
        })
    }

    pub(super) fn set_inactivity(&self, inactivity: Duration) {
        self.inactivity_ms
            .store(inactivity.as_millis() as u64, Ordering::Relaxed);
    }

    fn inactivity(&self) -> u64 {
        self.inactivity_ms.load(Ordering::Relaxed)
    }

    /// Changes how long a finished game's keys are kept (tests: seconds instead of a day).
    pub(super) fn set_finished_ttl(&self, ttl: Duration) {
        self.finished_ttl_ms
            .store(ttl.as_millis().max(1) as u64, Ordering::Relaxed);
    }

    pub(super) async fn due_games(&self, now: u64, max: usize) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn.get().await?;
        let ids: Vec<String> = redis::cmd("ZRANGEBYSCORE")
            .arg(self.key("deadlines"))
            .arg("-inf")
            .arg(now)
            .arg("LIMIT")
            .arg(0)
            .arg(max)
            .query_async(&mut conn)
            .await?;
        Ok(ids)
    }

    async fn clock(&self, id: &str) -> Result<Clock, StoreError> {
        let mut conn = self.conn.get().await?;
        let fields: HashMap<String, u64> = conn.hgetall(self.key(&format!("g:{id}:dl"))).await?;
        Ok(Clock {
            away: std::array::from_fn(|s| fields.get(&format!("a{s}")).copied()),
            idle: fields.get("idle").copied(),
            turn: fields.get("t").copied(),
            turn_since: fields.get("ts").copied(),
            banks: std::array::from_fn(|s| fields.get(&format!("b{s}")).copied()),
        })
    }

    pub(super) async fn expire_game(&self, id: &str, now: u64) -> Result<bool, StoreError> {
        let slot = self.slot(id);
        let mut cached = slot.lock().await;
        let result = self.expire_cached(id, now, &mut cached).await;
        self.settle(id, &slot, &cached);
        result
    }

    async fn expire_cached(
        &self,
        id: &str,
        now: u64,
        cached: &mut Option<Cached>,
    ) -> Result<bool, StoreError> {
        // The clock first: if the log grows after, the append below is refused.
        let clock = self.clock(id).await?;
        let found = self.refresh(id, cached).await?;
        if let Some(c) = cached.as_mut() {
            c.clock = clock;
        }
        let Some(c) = cached.as_mut().filter(|_| found) else {
            let mut conn = self.conn.get().await?;
            let _: () = conn.zrem(self.key("deadlines"), id).await?;
            return Ok(false);
        };
        let Some(events) = expiry(&c.record, &clock, now) else {
            let mut conn = self.conn.get().await?;
            let mut pipe = redis::pipe();
            pipe.atomic();
            if c.record.is_over() {
                pipe.zrem(self.key("deadlines"), id)
                    .del(self.key(&format!("g:{id}:dl")));
            } else if clock.next().is_some_and(|t| t <= now) {
                // Stale deadlines (sides that are back, a turn that moved on): drop the due ones,
                // keep the others.
                let (stale, kept) = clock.without_due(now);
                pipe.hdel(self.key(&format!("g:{id}:dl")), stale);
                if let Some(next) = kept.next() {
                    pipe.zadd(self.key("deadlines"), id, next);
                }
            }
            let _: () = pipe.query_async(&mut conn).await?;
            return Ok(false);
        };
        let mut next = c.record.clone();
        let mut numbered = Vec::with_capacity(events.len());
        for event in events {
            let seq = next.seq() + 1;
            next.apply(seq, &event).map_err(corrupt)?;
            numbered.push((seq, event));
        }
        self.append(id, c, next, &numbered, Some(now)).await
    }

    /// Appends events already applied to `next` (a copy of the cached record) if the log did not
    /// grow meanwhile (and, with `due`, the game's deadline is still due then); updates the
    /// deadlines in the same script.
    async fn append(
        &self,
        id: &str,
        c: &mut Cached,
        next: GameRecord,
        events: &[(u64, GameEvent)],
        due: Option<u64>,
    ) -> Result<bool, StoreError> {
        let was_over = c.record.is_over();
        let now = now_ms();
        let change = ClockChange::of(events, now);
        let clock = c.clock.after(&next, events, now, self.inactivity());
        let note = clock.note(&next);
        let op = |v: Option<Option<u64>>| match v {
            None => String::new(),
            Some(None) => "-".to_owned(),
            Some(Some(t)) => t.to_string(),
        };
        let set = |v: Option<u64>| op(Some(v));
        let mut script = APPEND.prepare_invoke();
        script
            .key(self.key(&format!("g:{id}:ev")))
            .key(self.key(&format!("g:{id}:dl")))
            .key(self.key("deadlines"))
            .arg(c.record.seq())
            .arg(self.bus_channel(&crate::bus::game_channel(id)))
            .arg(id);
        for away in change.away {
            script.arg(op(away));
        }
        script
            .arg(now.saturating_add(self.inactivity()))
            .arg(if next.is_over() { "1" } else { "0" })
            .arg(due.map(|d| d.to_string()).unwrap_or_default())
            .arg(set(clock.turn))
            .arg(set(clock.turn_since));
        for bank in clock.banks {
            script.arg(set(bank));
        }
        for (i, (seq, event)) in events.iter().enumerate() {
            let bus = BusMsg::Game {
                game: id.to_owned(),
                seq: *seq,
                event: event.clone(),
                clock: (i + 1 == events.len()).then(|| note.clone()).flatten(),
            };
            script
                .arg(serde_json::to_string(event).map_err(corrupt)?)
                .arg(serde_json::to_string(&bus).map_err(corrupt)?);
        }
        let mut conn = self.conn.get().await?;
        let done: i64 = script.invoke_async(&mut conn).await?;
        if done != 1 {
            return Ok(false);
        }
        if !was_over && next.is_over() {
            let mut pipe = redis::pipe();
            for t in c.meta.tokens.iter().filter(|t| !is_ai_token(t)) {
                pipe.srem(self.key(&format!("u:{t}:games")), id);
            }
            let ttl_ms = self.finished_ttl_ms.load(Ordering::Relaxed) as i64;
            pipe.pexpire(self.key(&format!("g:{id}:ev")), ttl_ms)
                .pexpire(self.key(&format!("g:{id}:meta")), ttl_ms)
                .srem(self.key("live"), id);
            if let Some(code) = &c.meta.code {
                // The code expires with the game, unless a later room that drew the same code
                // started a game since: the code names that one now.
                pipe.cmd("EVAL")
                    .arg(EXPIRE_IF_NAMES)
                    .arg(1)
                    .arg(self.key(&format!("rg:{code}")))
                    .arg(id)
                    .arg(ttl_ms);
            }
            let _: () = pipe.query_async(&mut conn).await?;
            if let Err(e) = self.archive(id, &c.meta, &next).await {
                tracing::error!(game = %id, error = %e, "the finished game was not archived");
            }
            // The instance whose append ended the game rates it (once: see RATE).
            if let Some(game) = ratings::rated_game(id, &c.meta, &next) {
                if let Err(e) = self.rate(&game).await {
                    tracing::error!(game = %id, error = %e, "the game's ratings were not updated");
                }
            }
        }
        c.record = next;
        c.clock = clock;
        Ok(true)
    }

    /// Applies a finished game's ratings (once per game, whatever instance or retry asks) and
    /// tells its people.
    async fn rate(&self, game: &RatedGame) -> Result<(), StoreError> {
        let field = ratings::rule_set_name(game.rule_set);
        // Bounded: each retry means another game of one of these people ended meanwhile.
        for _ in 0..16 {
            let mut conn = self.conn.get().await?;
            let mut read = redis::pipe();
            for (token, _) in &game.people {
                read.hget(self.key(&format!("rating:{token}")), field);
            }
            let raw: Vec<Option<String>> = read.query_async(&mut conn).await?;
            let before = raw
                .iter()
                .map(|r| match r {
                    Some(s) => serde_json::from_str(s).map_err(corrupt),
                    None => Ok(Rating::default()),
                })
                .collect::<Result<Vec<Rating>, _>>()?;
            let places: Vec<u32> = game.people.iter().map(|(_, p)| *p).collect();
            let after = ratings::rate(&before, &places);
            let mut script = RATE.prepare_invoke();
            script.key(self.key(&format!("rated:{}", game.game)));
            for (token, _) in &game.people {
                script.key(self.key(&format!("rating:{token}")));
            }
            script.arg(field).arg(2 * FINISHED_TTL_S);
            for (was, now) in raw.iter().zip(&after) {
                script
                    .arg(was.clone().unwrap_or_default())
                    .arg(serde_json::to_string(now).map_err(corrupt)?);
            }
            let done: i64 = script.invoke_async(&mut conn).await?;
            match done {
                1 => {
                    for (((token, _), b), a) in game.people.iter().zip(&before).zip(&after) {
                        let msg = ratings::changed(game, b, a);
                        self.publish(&user_channel(token), BusMsg::User { msg })
                            .await?;
                    }
                    return Ok(());
                }
                0 => return Ok(()),
                _ => continue,
            }
        }
        Err(StoreError::Unavailable(format!(
            "the ratings of game {} kept changing",
            game.game
        )))
    }

    /// A token's rating in a rule set, if it played a rated game there.
    pub(super) async fn rating(
        &self,
        token: &str,
        rule_set: Preset,
    ) -> Result<Option<Rating>, StoreError> {
        let mut conn = self.conn.get().await?;
        let raw: Option<String> = conn
            .hget(
                self.key(&format!("rating:{token}")),
                ratings::rule_set_name(rule_set),
            )
            .await?;
        raw.map(|s| serde_json::from_str(&s).map_err(corrupt))
            .transpose()
    }

    /// A token's ratings, in menu order of the rule sets.
    pub(super) async fn ratings(&self, token: &str) -> Result<Vec<(Preset, Rating)>, StoreError> {
        let mut conn = self.conn.get().await?;
        let all: HashMap<String, String> =
            conn.hgetall(self.key(&format!("rating:{token}"))).await?;
        ratings::RULE_SETS
            .into_iter()
            .filter_map(|r| all.get(ratings::rule_set_name(r)).map(|s| (r, s)))
            .map(|(r, s)| Ok((r, serde_json::from_str(s).map_err(corrupt)?)))
            .collect()
    }

    /// Whether Redis answers and the pub/sub subscription is up (for `/health`).
    pub(super) async fn ready(&self) -> bool {
        if !self.subscribed.load(Ordering::Relaxed) {
            return false;
        }
        let ping = async {
            let mut conn = self.conn.get().await?;
            let pong: String = redis::cmd("PING").query_async(&mut conn).await?;
            Ok::<_, StoreError>(pong)
        };
        matches!(
            tokio::time::timeout(Duration::from_secs(2), ping).await,
            Ok(Ok(_))
        )
    }

    /// Changes the cache bounds (tests: a small cache, a short keep of finished games).
    pub(super) fn set_cache_limits(&self, max: usize, keep: Duration) {
        let mut games = self.games.lock();
        games.max = max;
        games.keep = keep;
    }

    fn key(&self, rest: &str) -> String {
        format!("{}:{rest}", self.prefix)
    }

    fn bus_channel(&self, channel: &str) -> String {
        format!("{}:bus:{channel}", self.prefix)
    }

    pub(super) async fn publish(&self, channel: &str, msg: BusMsg) -> Result<(), StoreError> {
        let payload = serde_json::to_string(&msg).map_err(corrupt)?;
        let mut conn = self.conn.get().await?;
        let _: i64 = conn.publish(self.bus_channel(channel), payload).await?;
        Ok(())
    }

    pub(super) async fn create_game(
        &self,
        id: &str,
        meta: &GameMeta,
        started: &GameEvent,
    ) -> Result<(), StoreError> {
        let record = GameRecord::replay(id, [started]).map_err(corrupt)?;
        let clock = Clock::started(now_ms(), self.inactivity(), &record);
        let bus = BusMsg::Game {
            game: id.to_owned(),
            seq: 1,
            event: started.clone(),
            clock: clock.note(&record),
        };
        let mut conn = self.conn.get().await?;
        let mut pipe = redis::pipe();
        pipe.atomic()
            .set(
                self.key(&format!("g:{id}:meta")),
                serde_json::to_string(meta).map_err(corrupt)?,
            )
            .rpush(
                self.key(&format!("g:{id}:ev")),
                serde_json::to_string(started).map_err(corrupt)?,
            );
        for token in meta.tokens.iter().filter(|t| !is_ai_token(t)) {
            pipe.sadd(self.key(&format!("u:{token}:games")), id);
        }
        if meta.public {
            pipe.sadd(self.key("live"), id);
        }
        if let Some(code) = &meta.code {
            // Watching a room's game by its code (`room_game`).
            pipe.set(self.key(&format!("rg:{code}")), id);
        }
        let dl = self.key(&format!("g:{id}:dl"));
        let idle = clock.idle.unwrap_or_default();
        pipe.hset(&dl, "idle", idle);
        if let (Some(t), Some(ts)) = (clock.turn, clock.turn_since) {
            pipe.hset(&dl, "t", t).hset(&dl, "ts", ts);
        }
        pipe.zadd(self.key("deadlines"), id, clock.next().unwrap_or(idle));
        pipe.publish(
            self.bus_channel(&crate::bus::game_channel(id)),
            serde_json::to_string(&bus).map_err(corrupt)?,
        );
        let _: () = pipe.query_async(&mut conn).await?;
        Ok(())
    }

    fn slot(&self, id: &str) -> Slot {
        self.games.lock().slot(id)
    }

    /// After a command or resume: an empty slot (no such game, or loading failed) leaves the
    /// cache; a finished game is forgotten after a while.
    fn settle(&self, id: &str, slot: &Slot, cached: &Option<Cached>) {
        let over = cached.as_ref().is_some_and(|c| c.record.is_over());
        self.games
            .lock()
            .settle(id, slot, cached.is_none(), over, Instant::now());
    }

    /// Brings the cached record up to date with the stored log; `None` if there is no game.
    async fn refresh(&self, id: &str, cached: &mut Option<Cached>) -> Result<bool, StoreError> {
        let mut conn = self.conn.get().await?;
        if cached.is_none() {
            let meta: Option<String> = conn.get(self.key(&format!("g:{id}:meta"))).await?;
            let Some(meta) = meta else {
                return Ok(false);
            };
            let meta: GameMeta = serde_json::from_str(&meta).map_err(corrupt)?;
            let clock = self.clock(id).await?;
            let events = self.events_from(id, 0).await?;
            let record = GameRecord::replay(id, &events).map_err(corrupt)?;
            *cached = Some(Cached {
                meta,
                record,
                clock,
            });
            return Ok(true);
        }
        if let Some(c) = cached.as_mut() {
            let from = c.record.seq();
            // The deadlines before the events: read after them, they could be newer than the
            // record (another instance appending in between), which only delays a time-out.
            let clock = self.clock(id).await?;
            let events = self.events_from(id, from).await?;
            if !events.is_empty() {
                c.clock = clock;
            }
            for (i, event) in events.iter().enumerate() {
                c.record
                    .apply(from + 1 + i as u64, event)
                    .map_err(corrupt)?;
            }
        }
        Ok(true)
    }

    /// Stored events after the first `from`.
    async fn events_from(&self, id: &str, from: u64) -> Result<Vec<GameEvent>, StoreError> {
        let mut conn = self.conn.get().await?;
        let raw: Vec<String> = conn
            .lrange(self.key(&format!("g:{id}:ev")), from as isize, -1)
            .await?;
        raw.iter()
            .map(|s| serde_json::from_str(s).map_err(corrupt))
            .collect()
    }

    pub(super) async fn update_game(
        &self,
        id: &str,
        token: &str,
        command: &Command,
    ) -> Result<Result<Vec<(u64, GameEvent)>, CommandError>, StoreError> {
        let slot = self.slot(id);
        let mut cached = slot.lock().await;
        let result = self.update_cached(id, token, command, &mut cached).await;
        self.settle(id, &slot, &cached);
        result
    }

    async fn update_cached(
        &self,
        id: &str,
        token: &str,
        command: &Command,
        cached: &mut Option<Cached>,
    ) -> Result<Result<Vec<(u64, GameEvent)>, CommandError>, StoreError> {
        // Optimistic: a cached record is used as it is, and the append (a compare-and-append on
        // the log's length) is the check that it was current: one round trip per move. Only when
        // the append loses, or the cached record refuses the command (it may lack the
        // opponent's last move, played through another instance), is the log read again.
        let mut fresh = cached.is_none();
        // Bounded: another instance can win the race only so often in a row.
        for _ in 0..16 {
            if fresh && !self.refresh(id, cached).await? {
                return Ok(Err(no_game(id)));
            }
            let Some(c) = cached.as_mut() else {
                return Ok(Err(no_game(id)));
            };
            let side = match c.meta.seat_for(&c.record, token, command) {
                Ok(side) => side,
                Err(e) if fresh => return Ok(Err(e)),
                Err(_) => {
                    fresh = true;
                    continue;
                }
            };
            let mut next = c.record.clone();
            let events = match next.execute(side, command) {
                Ok(events) => events,
                Err(e) if fresh => return Ok(Err(e)),
                Err(_) => {
                    fresh = true;
                    continue;
                }
            };
            if events.is_empty() {
                if fresh {
                    return Ok(Ok(events));
                }
                // "Already applied" by a stale record: confirm on the current one.
                fresh = true;
                continue;
            }
            if self.append(id, c, next, &events, None).await? {
                return Ok(Ok(events));
            }
            fresh = true;
        }
        Ok(Err(CommandError::Refused(
            ErrorCode::Internal,
            "the game is too busy; try again".into(),
        )))
    }

    pub(super) async fn resume(
        &self,
        id: &str,
        token: &str,
        last_seq: u64,
    ) -> Result<Result<Resumed, CommandError>, StoreError> {
        let slot = self.slot(id);
        let mut cached = slot.lock().await;
        let result = self.resume_cached(id, token, last_seq, &mut cached).await;
        self.settle(id, &slot, &cached);
        result
    }

    async fn resume_cached(
        &self,
        id: &str,
        token: &str,
        last_seq: u64,
        cached: &mut Option<Cached>,
    ) -> Result<Result<Resumed, CommandError>, StoreError> {
        if !self.refresh(id, cached).await? {
            return Ok(Err(no_game(id)));
        }
        let Some(c) = cached.as_ref() else {
            return Ok(Err(no_game(id)));
        };
        let Some(side) = c.meta.side_of(token) else {
            return Ok(Err(not_in_game()));
        };
        let now = c.record.seq();
        let catch_up = if last_seq == 0 || last_seq > now || now - last_seq > MAX_CATCH_UP {
            CatchUp::Snapshot(Box::new(c.record.snapshot(side)))
        } else {
            let events = self.events_from(id, last_seq).await?;
            // Only what the cached record has replayed (the log may have grown since).
            let upto = (now - last_seq) as usize;
            CatchUp::Events(
                events
                    .into_iter()
                    .take(upto)
                    .enumerate()
                    .map(|(i, e)| (last_seq + 1 + i as u64, e))
                    .collect(),
            )
        };
        Ok(Ok(Resumed {
            side,
            catch_up,
            over: c.record.is_over(),
            ai: c.record.ai().iter().map(Option::is_some).collect(),
            clock: c.clock.note(&c.record),
        }))
    }

    pub(super) async fn live_games(&self, max: usize) -> Result<Vec<LiveGame>, StoreError> {
        let ids: Vec<String> = {
            let mut conn = self.conn.get().await?;
            redis::cmd("SRANDMEMBER")
                .arg(self.key("live"))
                .arg(max.saturating_mul(4))
                .query_async(&mut conn)
                .await?
        };
        let mut live = Vec::new();
        let mut gone = Vec::new();
        for id in ids {
            let slot = self.slot(&id);
            let mut cached = slot.lock().await;
            let found = self.refresh(&id, &mut cached).await;
            self.settle(&id, &slot, &cached);
            match cached.as_ref().filter(|_| matches!(found, Ok(true))) {
                Some(c) if !c.record.is_over() => live.push(LiveGame {
                    game: id.clone(),
                    format: c.record.format(),
                    players: c.record.players().to_vec(),
                    ply: c.record.ply(),
                }),
                _ => gone.push(id),
            }
        }
        if !gone.is_empty() {
            let mut conn = self.conn.get().await?;
            let _: i64 = conn.srem(self.key("live"), gone).await?;
        }
        live.sort_by(|a, b| a.ply.cmp(&b.ply).then_with(|| a.game.cmp(&b.game)));
        live.truncate(max);
        Ok(live)
    }

    pub(super) async fn spectate(
        &self,
        id: &str,
        code: Option<&str>,
    ) -> Result<Result<Resumed, CommandError>, StoreError> {
        let slot = self.slot(id);
        let mut cached = slot.lock().await;
        let found = self.refresh(id, &mut cached).await;
        self.settle(id, &slot, &cached);
        if !found? {
            return Ok(Err(not_watchable(id)));
        }
        let Some(c) = cached.as_ref() else {
            return Ok(Err(not_watchable(id)));
        };
        if !c.meta.watchable(code) {
            return Ok(Err(not_watchable(id)));
        }
        Ok(Ok(Resumed::watching(&c.record, &c.clock)))
    }

    pub(super) async fn room_game(&self, code: &str) -> Result<Option<String>, StoreError> {
        let mut conn = self.conn.get().await?;
        Ok(conn.get(self.key(&format!("rg:{code}"))).await?)
    }

    pub(super) async fn token_of(&self, id: &str, side: u8) -> Result<Option<String>, StoreError> {
        let mut conn = self.conn.get().await?;
        let meta: Option<String> = conn.get(self.key(&format!("g:{id}:meta"))).await?;
        let Some(meta) = meta else { return Ok(None) };
        let meta: GameMeta = serde_json::from_str(&meta).map_err(corrupt)?;
        Ok(meta.tokens.get(usize::from(side)).cloned())
    }

    pub(super) async fn touch_presence(
        &self,
        id: &str,
        side: u8,
        ttl_ms: u64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn.get().await?;
        let _: () = redis::cmd("SET")
            .arg(self.key(&format!("p:{id}:{side}")))
            .arg(1)
            .arg("PX")
            .arg(ttl_ms.max(1))
            .query_async(&mut conn)
            .await?;
        Ok(())
    }

    /// Renews `side`'s presence and reads each of `peers`', in one round trip.
    pub(super) async fn pulse(
        &self,
        id: &str,
        side: u8,
        peers: &[u8],
        ttl_ms: u64,
    ) -> Result<Vec<bool>, StoreError> {
        let mut conn = self.conn.get().await?;
        let mut pipe = redis::pipe();
        pipe.cmd("SET")
            .arg(self.key(&format!("p:{id}:{side}")))
            .arg(1)
            .arg("PX")
            .arg(ttl_ms.max(1))
            .ignore();
        for peer in peers {
            pipe.exists(self.key(&format!("p:{id}:{peer}")));
        }
        let found: Vec<i64> = pipe.query_async(&mut conn).await?;
        Ok(found.into_iter().map(|n| n > 0).collect())
    }

    pub(super) async fn active_games(&self, token: &str) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn.get().await?;
        let mut games: Vec<String> = conn.smembers(self.key(&format!("u:{token}:games"))).await?;
        games.sort();
        Ok(games)
    }

    pub(super) async fn enqueue(
        &self,
        entry: &QueueEntry,
    ) -> Result<Option<(Format, Vec<QueueEntry>)>, StoreError> {
        self.match_queue(entry, false).await
    }

    pub(super) async fn retry_match(
        &self,
        entry: &QueueEntry,
    ) -> Result<Option<(Format, Vec<QueueEntry>)>, StoreError> {
        self.match_queue(entry, true).await
    }

    async fn match_queue(
        &self,
        entry: &QueueEntry,
        retry: bool,
    ) -> Result<Option<(Format, Vec<QueueEntry>)>, StoreError> {
        let mut conn = self.conn.get().await?;
        let found: Vec<String> = ENQUEUE
            .key(self.key("queue"))
            .arg(serde_json::to_string(entry).map_err(corrupt)?)
            .arg(now_ms())
            .arg(if retry { "1" } else { "0" })
            .arg(super::RATING_WINDOW_BASE)
            .arg(super::RATING_WINDOW_PER_S)
            .arg(super::RATING_WINDOW_OPEN_MS)
            .invoke_async(&mut conn)
            .await?;
        let Some((format, others)) = found.split_first() else {
            return Ok(None);
        };
        let format = Format::from_name(format)
            .ok_or_else(|| StoreError::Corrupt(format!("queue format {format}")))?;
        let others = others
            .iter()
            .map(|s| serde_json::from_str(s).map_err(corrupt))
            .collect::<Result<_, _>>()?;
        Ok(Some((format, others)))
    }

    pub(super) async fn sit_table(
        &self,
        id: &str,
        player: &Player,
    ) -> Result<Sat<StoredTable>, StoreError> {
        let mut conn = self.conn.get().await?;
        let reply: Vec<String> = SIT_TABLE
            .key(self.key("tables"))
            .arg(id)
            .arg(serde_json::to_string(player).map_err(corrupt)?)
            .arg(seats_json())
            .invoke_async(&mut conn)
            .await?;
        sat(reply)
    }

    pub(super) async fn unsit_table(
        &self,
        id: &str,
        token: &str,
    ) -> Result<Option<StoredTable>, StoreError> {
        let mut conn = self.conn.get().await?;
        let reply: Option<String> = UNSIT_TABLE
            .key(self.key("tables"))
            .arg(id)
            .arg(token)
            .invoke_async(&mut conn)
            .await?;
        reply
            .map(|s| serde_json::from_str(&s).map_err(corrupt))
            .transpose()
    }

    pub(super) async fn sit_room(
        &self,
        code: &str,
        player: &Player,
    ) -> Result<Sat<StoredRoom>, StoreError> {
        let mut conn = self.conn.get().await?;
        let raw: Option<String> = conn.get(self.key(&format!("room:{code}"))).await?;
        let Some(raw) = raw else {
            return Ok(Sat::NotFound);
        };
        let seats = serde_json::from_str::<StoredRoom>(&raw)
            .map_err(corrupt)?
            .format
            .seats();
        let reply: Vec<String> = SIT_ROOM
            .key(self.key(&format!("room:{code}")))
            .arg(serde_json::to_string(player).map_err(corrupt)?)
            .arg(seats)
            .invoke_async(&mut conn)
            .await?;
        let sat = sat::<StoredRoom>(reply)?;
        if let Sat::Full(room) = &sat {
            let _: i64 = conn
                .zrem(self.key(&format!("u:{}:rooms", room.host.token)), code)
                .await?;
        }
        Ok(sat)
    }

    pub(super) async fn unsit_room(
        &self,
        code: &str,
        token: &str,
    ) -> Result<Option<StoredRoom>, StoreError> {
        let mut conn = self.conn.get().await?;
        let reply: Option<String> = UNSIT_ROOM
            .key(self.key(&format!("room:{code}")))
            .arg(token)
            .invoke_async(&mut conn)
            .await?;
        reply
            .map(|s| serde_json::from_str(&s).map_err(corrupt))
            .transpose()
    }

    pub(super) async fn ai_turn(&self, id: &str) -> Result<Option<AiTurn>, StoreError> {
        let slot = self.slot(id);
        let mut cached = slot.lock().await;
        let found = self.refresh(id, &mut cached).await;
        self.settle(id, &slot, &cached);
        if !found? {
            return Ok(None);
        }
        Ok(cached.as_ref().and_then(|c| AiTurn::of(&c.record)))
    }

    /// Games of this instance's cache where an AI seat is to move.
    pub(super) async fn ai_turns_pending(&self) -> Vec<String> {
        let slots: Vec<(String, Slot)> = {
            let games = self.games.lock();
            games
                .entries
                .iter()
                .map(|(id, e)| (id.clone(), e.slot.clone()))
                .collect()
        };
        let mut due = Vec::new();
        for (id, slot) in slots {
            let cached = slot.lock().await;
            if cached
                .as_ref()
                .is_some_and(|c| c.record.ai_to_move().is_some())
            {
                due.push(id);
            }
        }
        due
    }

    async fn remove_where(
        &self,
        list: &str,
        field: &str,
        value: &str,
    ) -> Result<(Option<String>, usize), StoreError> {
        let mut conn = self.conn.get().await?;
        let (first, n): (Option<String>, usize) = REMOVE_WHERE
            .key(self.key(list))
            .arg(field)
            .arg(value)
            .invoke_async(&mut conn)
            .await?;
        Ok((first, n))
    }

    pub(super) async fn dequeue(&self, token: &str) -> Result<bool, StoreError> {
        Ok(self.remove_where("queue", "token", token).await?.1 > 0)
    }

    pub(super) async fn create_table(
        &self,
        table: &StoredTable,
        max: usize,
    ) -> Result<Created, StoreError> {
        let mut conn = self.conn.get().await?;
        let r: i64 = CREATE_TABLE
            .key(self.key("tables"))
            .arg(serde_json::to_string(table).map_err(corrupt)?)
            .arg(max)
            .invoke_async(&mut conn)
            .await?;
        Ok(match r {
            1 => Created::Ok,
            0 => Created::Taken,
            _ => Created::TooMany,
        })
    }

    pub(super) async fn take_table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let (first, _) = self.remove_where("tables", "id", id).await?;
        first
            .map(|s| serde_json::from_str(&s).map_err(corrupt))
            .transpose()
    }

    pub(super) async fn close_tables_of(&self, token: &str) -> Result<usize, StoreError> {
        Ok(self.remove_where("tables", "host", token).await?.1)
    }

    pub(super) async fn list_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        let mut conn = self.conn.get().await?;
        let raw: Vec<String> = conn.lrange(self.key("tables"), 0, -1).await?;
        raw.iter()
            .map(|s| serde_json::from_str(s).map_err(corrupt))
            .collect()
    }

    pub(super) async fn create_room(
        &self,
        room: &StoredRoom,
        ttl_s: u64,
        max: usize,
    ) -> Result<Created, StoreError> {
        let now = now_ms();
        let mut conn = self.conn.get().await?;
        let r: i64 = CREATE_ROOM
            .key(self.key(&format!("room:{}", room.code)))
            .key(self.key(&format!("u:{}:rooms", room.host.token)))
            .arg(serde_json::to_string(room).map_err(corrupt)?)
            .arg(ttl_s.max(1))
            .arg(now)
            .arg(max)
            .arg(&room.code)
            .arg(now + ttl_s * 1000)
            .invoke_async(&mut conn)
            .await?;
        Ok(match r {
            1 => Created::Ok,
            0 => Created::Taken,
            _ => Created::TooMany,
        })
    }

    pub(super) async fn take_room(&self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        let mut conn = self.conn.get().await?;
        let raw: Option<String> = redis::cmd("GETDEL")
            .arg(self.key(&format!("room:{code}")))
            .query_async(&mut conn)
            .await?;
        let Some(raw) = raw else {
            return Ok(None);
        };
        let room: StoredRoom = serde_json::from_str(&raw).map_err(corrupt)?;
        let _: i64 = conn
            .zrem(self.key(&format!("u:{}:rooms", room.host.token)), code)
            .await?;
        Ok(Some(room))
    }

    /// Archives a game that just ended: one key with the whole game, and its id at the head of
    /// each player's list (trimmed to the last [`MAX_LISTED_GAMES`]).
    async fn archive(
        &self,
        id: &str,
        meta: &GameMeta,
        record: &GameRecord,
    ) -> Result<(), StoreError> {
        let events = self.events_from(id, 0).await?;
        let Some(game) = Archived::of(&meta.tokens, record, &events, now_ms()) else {
            return Ok(());
        };
        let mut conn = self.conn.get().await?;
        let mut pipe = redis::pipe();
        pipe.atomic().set_ex(
            self.key(&format!("arch:{id}")),
            serde_json::to_string(&game).map_err(corrupt)?,
            ARCHIVE_TTL_S as u64,
        );
        for token in game.people() {
            let list = self.key(&format!("u:{token}:recent"));
            pipe.lpush(&list, id)
                .ltrim(&list, 0, MAX_LISTED_GAMES as isize - 1)
                .expire(&list, ARCHIVE_TTL_S);
        }
        let _: () = pipe.query_async(&mut conn).await?;
        Ok(())
    }

    pub(super) async fn list_games(&self, token: &str) -> Result<Vec<GameSummary>, StoreError> {
        let mut conn = self.conn.get().await?;
        let ids: Vec<String> = conn
            .lrange(self.key(&format!("u:{token}:recent")), 0, -1)
            .await?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let keys: Vec<String> = ids
            .iter()
            .map(|id| self.key(&format!("arch:{id}")))
            .collect();
        let raw: Vec<Option<String>> = redis::cmd("MGET").arg(&keys).query_async(&mut conn).await?;
        let mut games = Vec::with_capacity(ids.len());
        for (id, raw) in ids.iter().zip(raw) {
            // An archived game that expired, or does not decode, is left out of the list.
            let Some(game) = raw.and_then(|r| serde_json::from_str::<Archived>(&r).ok()) else {
                continue;
            };
            games.extend(game.summary(id, token));
        }
        Ok(games)
    }

    pub(super) async fn game_log(
        &self,
        id: &str,
        token: &str,
    ) -> Result<Result<Vec<GameEvent>, CommandError>, StoreError> {
        let mut conn = self.conn.get().await?;
        let raw: Option<String> = conn.get(self.key(&format!("arch:{id}"))).await?;
        let Some(raw) = raw else {
            return Ok(Err(not_archived(id)));
        };
        let game: Archived = serde_json::from_str(&raw).map_err(corrupt)?;
        Ok(game.log_for(token))
    }

    pub(super) fn games_cached(&self) -> usize {
        self.games.lock().len()
    }
}

/// A pub/sub connection subscribed to every bus channel of the prefix.
async fn open_pubsub(
    client: &redis::Client,
    pattern: &str,
) -> Result<redis::aio::PubSub, StoreError> {
    let mut pubsub = client.get_async_pubsub().await?;
    pubsub.psubscribe(pattern).await?;
    Ok(pubsub)
}

/// Delivers every instance's bus messages to this instance's listeners. When the subscription
/// is lost (Redis restarted), it resubscribes with backoff, then has every local connection
/// bring its games up to date from the store (what was published meanwhile is lost).
struct Subscriber {
    client: redis::Client,
    pattern: String,
    strip: String,
    bus: Arc<Bus>,
    subscribed: Arc<AtomicBool>,
}

impl Subscriber {
    async fn run(self, mut pubsub: redis::aio::PubSub, mut stop: watch::Receiver<bool>) {
        loop {
            if !self.relay(pubsub, &mut stop).await {
                return;
            }
            self.subscribed.store(false, Ordering::Relaxed);
            tracing::warn!("redis pub/sub lost; resubscribing");
            let mut failures = 0;
            pubsub = loop {
                tokio::select! {
                    _ = tokio::time::sleep(backoff(failures)) => {}
                    _ = stop.changed() => return,
                }
                let attempt = open_pubsub(&self.client, &self.pattern);
                match tokio::time::timeout(Duration::from_secs(2), attempt).await {
                    Ok(Ok(p)) => break p,
                    Ok(Err(e)) => tracing::debug!(error = %e, "redis pub/sub"),
                    Err(_) => tracing::debug!("redis pub/sub: connection timed out"),
                }
                failures = failures.saturating_add(1);
            };
            self.subscribed.store(true, Ordering::Relaxed);
            tracing::info!("redis pub/sub resubscribed; resyncing this instance's connections");
            self.bus.resync_all();
        }
    }

    /// Relays until the subscription is lost (`true`) or the server stops (`false`).
    async fn relay(&self, pubsub: redis::aio::PubSub, stop: &mut watch::Receiver<bool>) -> bool {
        let mut stream = pubsub.into_on_message();
        loop {
            tokio::select! {
                msg = stream.next() => {
                    let Some(msg) = msg else { return true };
                    let channel = msg.get_channel_name();
                    let Some(local) = channel.strip_prefix(&self.strip) else { continue };
                    let payload: String = match msg.get_payload() {
                        Ok(p) => p,
                        Err(e) => {
                            tracing::warn!(channel = %channel, error = %e, "bad pub/sub payload");
                            continue;
                        }
                    };
                    match serde_json::from_str::<BusMsg>(&payload) {
                        Ok(m) => self.bus.deliver(local, Arc::new(m)),
                        Err(e) => tracing::warn!(channel = %channel, error = %e, "bad bus message"),
                    }
                }
                _ = stop.changed() => return false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_drops_the_least_recently_used_and_empty_and_finished_games() {
        let keep = Duration::from_secs(60);
        let mut cache = GameCache::new(2, keep);
        let a = cache.slot("a");
        cache.slot("b");
        assert!(Arc::ptr_eq(&a, &cache.slot("a")));
        let c = cache.slot("c");
        assert_eq!(cache.len(), 2);
        assert!(
            !cache.entries.contains_key("b"),
            "b was the least recently used"
        );
        // No such game: the entry goes.
        cache.settle("c", &c, true, false, Instant::now());
        assert_eq!(cache.len(), 1);
        // A stale slot settles nothing.
        let old_c = c;
        let c = cache.slot("c");
        cache.settle("c", &old_c, true, false, Instant::now());
        assert_eq!(cache.len(), 2);
        // Finished: kept `keep`, then swept.
        let t = Instant::now();
        cache.settle("c", &c, false, true, t);
        cache.sweep(t + keep / 2);
        assert!(cache.entries.contains_key("c"));
        cache.sweep(t + keep);
        assert!(!cache.entries.contains_key("c"));
        assert!(cache.entries.contains_key("a"));
        assert_eq!(cache.lru.len(), cache.entries.len());
    }
}
