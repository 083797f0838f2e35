//! The scale-out backend: queue, lobby, rooms and game logs in Redis, and Redis pub/sub to relay
//! bus messages between instances. Any instance can serve any game; a client can reconnect to
//! another instance after one dies.
//!
//! Every multi-step change is one Lua script, so it is atomic across instances. A game's log is a
//! Redis list of events; an append succeeds only if the list still has the length the appending
//! instance replayed (compare-and-append), and publishes the events in the same script.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chinese_checkers_core::online::{
    Command, CommandError, ErrorCode, GameEvent, GameRecord, LiveGame,
};
use parking_lot::Mutex;
use redis::AsyncCommands;
use tokio::sync::watch;

use super::{
    expiry, is_ai_token, no_game, not_in_game, not_watchable, now_ms, AiTurn, Clock, ClockChange,
    GameMeta, Resumed, StoreError,
};
use crate::bus::Bus;
use crate::model::BusMsg;

mod cache;
mod engine;
mod integrity;
mod link;
mod lobby;
mod pubsub;
mod records;
mod scripts;

use cache::{Cached, GameCache, Slot, MAX_CACHED_GAMES};
use link::{connection_config, Link};
use pubsub::{open_pubsub, Subscriber};
use scripts::{APPEND, FINISHED_TTL_S};

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
    /// How much of the archive is kept.
    archive_limits: Mutex<crate::store::archive::ArchiveLimits>,
    /// Whether the instance whose append ends a game completes the end at once (tests turn it
    /// off: the instance dies right after the end is stored).
    finish_inline: AtomicBool,
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
            conn: Arc::new(Link::new(client, conn)),
            prefix: prefix.to_owned(),
            games: Mutex::new(GameCache::new(
                MAX_CACHED_GAMES,
                super::memory::FINISHED_KEEP,
            )),
            subscribed,
            inactivity_ms: AtomicU64::new(24 * 3600 * 1000),
            finished_ttl_ms: AtomicU64::new(FINISHED_TTL_S as u64 * 1000),
            archive_limits: Mutex::default(),
            finish_inline: AtomicBool::new(true),
        })
    }

    pub(super) fn kind(&self) -> &'static str {
        "redis"
    }

    /// Across instances, a connection's presence is its heartbeats (`pulse`).
    pub(super) fn needs_presence(&self) -> bool {
        true
    }

    /// No data file here: nothing to make fail.
    pub(super) fn fail_storage_writes(&self, _failing: bool) {}

    /// No data file here: nothing to close (Redis keeps what was written).
    pub(super) fn close(&self) {}

    pub(super) fn set_archive_limits(&self, limits: crate::store::archive::ArchiveLimits) {
        *self.archive_limits.lock() = limits;
    }

    /// Tests: whether an instance completes a game's end at once after storing it (otherwise
    /// the end waits in the outbox for a sweeper, as when the instance dies right then).
    pub(super) fn set_finish_inline(&self, inline: bool) {
        self.finish_inline.store(inline, Ordering::Relaxed);
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
            .key(self.key("ending"))
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
        script.arg(now);
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
            // The end is stored and in the outbox (same script); the rest is completed here,
            // or, if this instance dies first or a step fails, by any instance's sweeper.
            if self.finish_inline.load(Ordering::Relaxed) {
                if let Err(e) = self.finish(id, &c.meta, &next, now).await {
                    tracing::error!(game = %id, error = %e,
                        "the end of the game is left to the sweeper (ratings, archive)");
                }
            }
        }
        c.record = next;
        c.clock = clock;
        Ok(true)
    }

    /// Whether Redis answers, takes writes and the pub/sub subscription is up (for `/health`).
    /// The write is a small key with an expiry: a Redis that answers but refuses writes (out of
    /// memory under `noeviction`, a failed save with `stop-writes-on-bgsave-error`, a read-only
    /// replica) is not ready, and is again as soon as it takes them.
    pub(super) async fn ready(&self) -> bool {
        if !self.subscribed.load(Ordering::Relaxed) {
            return false;
        }
        let ping = async {
            let mut conn = self.conn.get().await?;
            let ok: String = redis::cmd("SET")
                .arg(self.key("health"))
                .arg(now_ms())
                .arg("PX")
                .arg(60_000)
                .query_async(&mut conn)
                .await?;
            Ok::<_, StoreError>(ok)
        };
        matches!(
            tokio::time::timeout(Duration::from_secs(2), ping).await,
            Ok(Ok(_))
        )
    }

    /// Changes the cache bounds (tests: a small cache, a short keep of finished games).
    pub(super) fn set_cache_limits(&self, max: usize, keep: Duration) {
        self.games.lock().set_limits(max, keep);
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
        let missed = if Resumed::needs_snapshot(last_seq, now) {
            None
        } else {
            let events = self.events_from(id, last_seq).await?;
            // Only what the cached record has replayed (the log may have grown since).
            let upto = (now - last_seq) as usize;
            Some(
                events
                    .into_iter()
                    .take(upto)
                    .enumerate()
                    .map(|(i, e)| (last_seq + 1 + i as u64, e))
                    .collect(),
            )
        };
        Ok(Ok(Resumed::playing(&c.record, &c.clock, side, missed)))
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
                    ply: i32::try_from(c.record.ply()).unwrap_or(i32::MAX),
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
        self.mark_present(&format!("p:{id}:{side}"), ttl_ms).await
    }

    /// Sets the presence key `rest` (under the prefix) for `ttl_ms`: present until it lapses.
    pub(super) async fn mark_present(&self, rest: &str, ttl_ms: u64) -> Result<(), StoreError> {
        let mut conn = self.conn.get().await?;
        let _: () = redis::cmd("SET")
            .arg(self.key(rest))
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

    pub(super) fn games_cached(&self) -> usize {
        self.games.lock().len()
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
        let slots: Vec<(String, Slot)> = { self.games.lock().slots() };
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
}
