//! The scale-out backend: queue, lobby, rooms and game logs in Redis, and Redis pub/sub to relay
//! bus messages between instances. Any instance can serve any game; a client can reconnect to
//! another instance after one dies.
//!
//! Every multi-step change is one Lua script, so it is atomic across instances. A game's log is a
//! Redis list of events; an append succeeds only if the list still has the length the appending
//! instance replayed (compare-and-append), and publishes the events in the same script.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock};
use std::time::{SystemTime, UNIX_EPOCH};

use chinese_checkers_core::online::{Command, CommandError, ErrorCode, GameEvent, GameRecord};
use futures_util::StreamExt;
use parking_lot::Mutex;
use redis::aio::MultiplexedConnection;
use redis::{AsyncCommands, Script};
use tokio::sync::watch;

use super::{
    no_game, not_in_game, CatchUp, Created, GameMeta, QueueEntry, Resumed, StoreError, StoredRoom,
    StoredTable, MAX_CATCH_UP,
};
use crate::bus::{Bus, BusMsg};

// The scripts are built once: `Script::new` hashes the source, and APPEND runs on every move.

static APPEND: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
for i = 3, #ARGV, 2 do
  redis.call('RPUSH', KEYS[1], ARGV[i])
  redis.call('PUBLISH', ARGV[2], ARGV[i + 1])
end
return 1",
    )
});

static ENQUEUE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local items = redis.call('LRANGE', KEYS[1], 0, -1)
local me = cjson.decode(ARGV[1])
for _, item in ipairs(items) do
  if cjson.decode(item).token == me.token then redis.call('LREM', KEYS[1], 0, item) end
end
for _, item in ipairs(items) do
  local e = cjson.decode(item)
  if e.token ~= me.token and (me.format == cjson.null or e.format == cjson.null or e.format == me.format) then
    redis.call('LREM', KEYS[1], 1, item)
    return item
  end
end
redis.call('RPUSH', KEYS[1], ARGV[1])
return false",
    )
});

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

struct Cached {
    meta: GameMeta,
    record: GameRecord,
}

/// State in Redis; bus messages go through Redis pub/sub.
pub struct RedisStore {
    conn: MultiplexedConnection,
    prefix: String,
    games: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Option<Cached>>>>>,
}

fn corrupt(e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
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
        let conn = client.get_multiplexed_async_connection().await?;
        let mut pubsub = client.get_async_pubsub().await?;
        let pattern = format!("{prefix}:bus:*");
        pubsub.psubscribe(&pattern).await?;
        let strip = format!("{prefix}:bus:");
        tokio::spawn(subscriber(pubsub, strip, bus, stop));
        Ok(RedisStore {
            conn,
            prefix: prefix.to_owned(),
            games: Mutex::default(),
        })
    }

    fn key(&self, rest: &str) -> String {
        format!("{}:{rest}", self.prefix)
    }

    fn bus_channel(&self, channel: &str) -> String {
        format!("{}:bus:{channel}", self.prefix)
    }

    pub(super) async fn publish(&self, channel: &str, msg: BusMsg) -> Result<(), StoreError> {
        let payload = serde_json::to_string(&msg).map_err(corrupt)?;
        let mut conn = self.conn.clone();
        let _: i64 = conn.publish(self.bus_channel(channel), payload).await?;
        Ok(())
    }

    pub(super) async fn create_game(
        &self,
        id: &str,
        meta: &GameMeta,
        started: &GameEvent,
    ) -> Result<(), StoreError> {
        let bus = BusMsg::Game {
            game: id.to_owned(),
            seq: 1,
            event: started.clone(),
        };
        let mut conn = self.conn.clone();
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
        for token in &meta.tokens {
            pipe.sadd(self.key(&format!("u:{token}:games")), id);
        }
        pipe.publish(
            self.bus_channel(&crate::bus::game_channel(id)),
            serde_json::to_string(&bus).map_err(corrupt)?,
        );
        let _: () = pipe.query_async(&mut conn).await?;
        Ok(())
    }

    fn slot(&self, id: &str) -> Arc<tokio::sync::Mutex<Option<Cached>>> {
        self.games.lock().entry(id.to_owned()).or_default().clone()
    }

    /// Brings the cached record up to date with the stored log; `None` if there is no game.
    async fn refresh(&self, id: &str, cached: &mut Option<Cached>) -> Result<bool, StoreError> {
        let mut conn = self.conn.clone();
        if cached.is_none() {
            let meta: Option<String> = conn.get(self.key(&format!("g:{id}:meta"))).await?;
            let Some(meta) = meta else {
                return Ok(false);
            };
            let meta: GameMeta = serde_json::from_str(&meta).map_err(corrupt)?;
            let events = self.events_from(id, 0).await?;
            let record = GameRecord::replay(id, &events).map_err(corrupt)?;
            *cached = Some(Cached { meta, record });
            return Ok(true);
        }
        if let Some(c) = cached.as_mut() {
            let from = c.record.seq();
            for (i, event) in self.events_from(id, from).await?.iter().enumerate() {
                c.record
                    .apply(from + 1 + i as u64, event)
                    .map_err(corrupt)?;
            }
        }
        Ok(true)
    }

    /// Stored events after the first `from`.
    async fn events_from(&self, id: &str, from: u64) -> Result<Vec<GameEvent>, StoreError> {
        let mut conn = self.conn.clone();
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
        // Bounded: another instance can win the race only so often in a row.
        for _ in 0..16 {
            if !self.refresh(id, &mut cached).await? {
                return Ok(Err(no_game(id)));
            }
            let Some(c) = cached.as_mut() else {
                return Ok(Err(no_game(id)));
            };
            let Some(side) = c.meta.side_of(token) else {
                return Ok(Err(not_in_game()));
            };
            let mut next = c.record.clone();
            let was_over = next.is_over();
            let events = match next.execute(side, command) {
                Ok(events) => events,
                Err(e) => return Ok(Err(e)),
            };
            if events.is_empty() {
                return Ok(Ok(events));
            }
            let mut script = APPEND.prepare_invoke();
            script
                .key(self.key(&format!("g:{id}:ev")))
                .arg(c.record.seq())
                .arg(self.bus_channel(&crate::bus::game_channel(id)));
            for (seq, event) in &events {
                let bus = BusMsg::Game {
                    game: id.to_owned(),
                    seq: *seq,
                    event: event.clone(),
                };
                script
                    .arg(serde_json::to_string(event).map_err(corrupt)?)
                    .arg(serde_json::to_string(&bus).map_err(corrupt)?);
            }
            let mut conn = self.conn.clone();
            let done: i64 = script.invoke_async(&mut conn).await?;
            if done == 1 {
                if !was_over && next.is_over() {
                    let mut pipe = redis::pipe();
                    for t in &c.meta.tokens {
                        pipe.srem(self.key(&format!("u:{t}:games")), id);
                    }
                    pipe.expire(self.key(&format!("g:{id}:ev")), FINISHED_TTL_S)
                        .expire(self.key(&format!("g:{id}:meta")), FINISHED_TTL_S);
                    let _: () = pipe.query_async(&mut conn).await?;
                }
                c.record = next;
                return Ok(Ok(events));
            }
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
        if !self.refresh(id, &mut cached).await? {
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
            CatchUp::Snapshot(c.record.snapshot(side))
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
        }))
    }

    pub(super) async fn token_of(&self, id: &str, side: u8) -> Result<Option<String>, StoreError> {
        let mut conn = self.conn.clone();
        let meta: Option<String> = conn.get(self.key(&format!("g:{id}:meta"))).await?;
        let Some(meta) = meta else { return Ok(None) };
        let meta: GameMeta = serde_json::from_str(&meta).map_err(corrupt)?;
        Ok(Some(meta.tokens[usize::from(side & 1)].clone()))
    }

    pub(super) async fn touch_presence(
        &self,
        id: &str,
        side: u8,
        ttl_ms: u64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let _: () = redis::cmd("SET")
            .arg(self.key(&format!("p:{id}:{side}")))
            .arg(1)
            .arg("PX")
            .arg(ttl_ms.max(1))
            .query_async(&mut conn)
            .await?;
        Ok(())
    }

    pub(super) async fn present(&self, id: &str, side: u8) -> Result<bool, StoreError> {
        let mut conn = self.conn.clone();
        let n: i64 = conn.exists(self.key(&format!("p:{id}:{side}"))).await?;
        Ok(n > 0)
    }

    pub(super) async fn active_games(&self, token: &str) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn.clone();
        let mut games: Vec<String> = conn.smembers(self.key(&format!("u:{token}:games"))).await?;
        games.sort();
        Ok(games)
    }

    pub(super) async fn enqueue(
        &self,
        entry: &QueueEntry,
    ) -> Result<Option<QueueEntry>, StoreError> {
        let mut conn = self.conn.clone();
        let found: Option<String> = ENQUEUE
            .key(self.key("queue"))
            .arg(serde_json::to_string(entry).map_err(corrupt)?)
            .invoke_async(&mut conn)
            .await?;
        found
            .map(|s| serde_json::from_str(&s).map_err(corrupt))
            .transpose()
    }

    async fn remove_where(
        &self,
        list: &str,
        field: &str,
        value: &str,
    ) -> Result<(Option<String>, usize), StoreError> {
        let mut conn = self.conn.clone();
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
        let mut conn = self.conn.clone();
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
        let mut conn = self.conn.clone();
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
        let mut conn = self.conn.clone();
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
        let mut conn = self.conn.clone();
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

    pub(super) fn games_cached(&self) -> usize {
        self.games.lock().len()
    }
}

/// Delivers every instance's bus messages to this instance's listeners.
async fn subscriber(
    pubsub: redis::aio::PubSub,
    strip: String,
    bus: Arc<Bus>,
    mut stop: watch::Receiver<bool>,
) {
    let mut stream = pubsub.into_on_message();
    loop {
        tokio::select! {
            msg = stream.next() => {
                let Some(msg) = msg else {
                    log::error!("redis pub/sub closed; this instance no longer relays");
                    return;
                };
                let channel = msg.get_channel_name();
                let Some(local) = channel.strip_prefix(&strip) else { continue };
                let payload: String = match msg.get_payload() {
                    Ok(p) => p,
                    Err(e) => {
                        log::warn!("bad pub/sub payload on {channel}: {e}");
                        continue;
                    }
                };
                match serde_json::from_str::<BusMsg>(&payload) {
                    Ok(m) => bus.deliver(local, Arc::new(m)),
                    Err(e) => log::warn!("bad bus message on {channel}: {e}"),
                }
            }
            _ = stop.changed() => return,
        }
    }
}
