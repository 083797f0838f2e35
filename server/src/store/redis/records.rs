//! Ratings, the archive of finished games, and completing a game's end.

use std::collections::HashMap;

use chinese_checkers_core::online::{
    CommandError, GameEvent, GameRecord, GameSummary, MAX_LISTED_GAMES,
};
use chinese_checkers_core::rules::Preset;
use redis::AsyncCommands;

use std::sync::atomic::Ordering;

use super::scripts::{ARCHIVE, EXPIRE_IF_NAMES, FINISHED_TTL_S, RATE};
use super::{corrupt, RedisStore};
use crate::bus::user_channel;
use crate::model::BusMsg;
use crate::ratings::{self, RatedGame, Rating};
use crate::store::archive::{not_archived, Archived};
use crate::store::{is_ai_token, now_ms, GameMeta, StoreError};

impl RedisStore {
    /// Applies a finished game's ratings (once per game, whatever instance or retry asks) and
    /// tells its people.
    pub(super) async fn rate(&self, game: &RatedGame) -> Result<(), StoreError> {
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
    pub(in crate::store) async fn rating(
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
    pub(in crate::store) async fn ratings(
        &self,
        token: &str,
    ) -> Result<Vec<(Preset, Rating)>, StoreError> {
        let mut conn = self.conn.get().await?;
        let all: HashMap<String, String> =
            conn.hgetall(self.key(&format!("rating:{token}"))).await?;
        ratings::RULE_SETS
            .into_iter()
            .filter_map(|r| all.get(ratings::rule_set_name(r)).map(|s| (r, s)))
            .map(|(r, s)| Ok((r, serde_json::from_str(s).map_err(corrupt)?)))
            .collect()
    }

    /// Archives a game that ended at `ended_ms` (once, whatever instance or retry asks): one key
    /// with the whole game, and its id at the head of each player's list (trimmed to the last
    /// [`MAX_LISTED_GAMES`]), within the archive's limits (see `scripts::ARCHIVE`).
    pub(super) async fn archive(
        &self,
        id: &str,
        meta: &GameMeta,
        record: &GameRecord,
        ended_ms: u64,
    ) -> Result<(), StoreError> {
        let events = self.events_from(id, 0).await?;
        let Some(game) = Archived::of(&meta.tokens, record, &events, ended_ms) else {
            return Ok(());
        };
        let limits = *self.archive_limits.lock();
        let age_s = limits.max_age.as_secs().max(1);
        let mut script = ARCHIVE.prepare_invoke();
        script
            .key(self.key(&format!("arch:{id}")))
            .key(self.key("arch:index"))
            .key(self.key("arch:sizes"))
            .key(self.key("arch:bytes"));
        for token in game.people() {
            script.key(self.key(&format!("u:{token}:recent")));
        }
        script
            .arg(id)
            .arg(serde_json::to_string(&game).map_err(corrupt)?)
            .arg(age_s)
            .arg(MAX_LISTED_GAMES)
            .arg(ended_ms)
            .arg(limits.max_bytes)
            .arg(limits.cutoff(now_ms()))
            .arg(self.key("arch:"));
        let mut conn = self.conn.get().await?;
        let _: i64 = script.invoke_async(&mut conn).await?;
        Ok(())
    }

    /// Completes the end of a game whose end is stored (in the `ending` outbox since): its
    /// players' lists of games in progress, its keys' expiries, its room code's, its archive
    /// entry and its ratings; then it leaves the outbox. Each step may run twice (two instances,
    /// or a retry after a failure) and does its work once.
    pub(super) async fn finish(
        &self,
        id: &str,
        meta: &GameMeta,
        record: &GameRecord,
        ended_ms: u64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn.get().await?;
        let mut pipe = redis::pipe();
        for t in meta.tokens.iter().filter(|t| !is_ai_token(t)) {
            pipe.srem(self.key(&format!("u:{t}:games")), id);
        }
        let ttl_ms = self.finished_ttl_ms.load(Ordering::Relaxed) as i64;
        pipe.pexpire(self.key(&format!("g:{id}:ev")), ttl_ms)
            .pexpire(self.key(&format!("g:{id}:meta")), ttl_ms)
            .srem(self.key("live"), id);
        if let Some(code) = &meta.code {
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
        self.archive(id, meta, record, ended_ms).await?;
        // Rated once (see `scripts::RATE`), by whichever instance gets here first.
        if let Some(game) = ratings::rated_game(id, meta, record) {
            self.rate(&game).await?;
        }
        let _: i64 = conn.zrem(self.key("ending"), id).await?;
        Ok(())
    }

    /// Completes the ends in the outbox older than `settle_ms` (another instance may be at
    /// them; doing one twice is harmless): those of a dead instance, or that failed. How many.
    pub(in crate::store) async fn complete_endings(
        &self,
        now: u64,
        settle_ms: u64,
    ) -> Result<usize, StoreError> {
        let due: Vec<(String, u64)> = {
            let mut conn = self.conn.get().await?;
            redis::cmd("ZRANGEBYSCORE")
                .arg(self.key("ending"))
                .arg("-inf")
                .arg(now.saturating_sub(settle_ms))
                .arg("WITHSCORES")
                .arg("LIMIT")
                .arg(0)
                .arg(64)
                .query_async(&mut conn)
                .await?
        };
        let mut done = 0;
        for (id, ended_ms) in due {
            let slot = self.slot(&id);
            let mut cached = slot.lock().await;
            let found = self.refresh(&id, &mut cached).await;
            self.settle(&id, &slot, &cached);
            match (found?, cached.as_ref()) {
                (true, Some(c)) if c.record.is_over() => {
                    self.finish(&id, &c.meta, &c.record, ended_ms).await?;
                    done += 1;
                }
                // Gone (expired) or not over (cannot be: the end was stored): nothing to do.
                _ => {
                    let mut conn = self.conn.get().await?;
                    let _: i64 = conn.zrem(self.key("ending"), &id).await?;
                }
            }
        }
        Ok(done)
    }

    pub(in crate::store) async fn list_games(
        &self,
        token: &str,
    ) -> Result<Vec<GameSummary>, StoreError> {
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

    pub(in crate::store) async fn game_log(
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
}
