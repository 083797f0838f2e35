//! Ratings and the archive of finished games.

use std::collections::HashMap;

use chinese_checkers_core::online::{
    CommandError, GameEvent, GameRecord, GameSummary, MAX_LISTED_GAMES,
};
use chinese_checkers_core::rules::Preset;
use redis::AsyncCommands;

use super::scripts::{FINISHED_TTL_S, RATE};
use super::{corrupt, RedisStore};
use crate::bus::{user_channel, BusMsg};
use crate::ratings::{self, RatedGame, Rating};
use crate::store::archive::{not_archived, Archived, ARCHIVE_TTL_S};
use crate::store::{now_ms, GameMeta, StoreError};

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

    /// Archives a game that just ended: one key with the whole game, and its id at the head of
    /// each player's list (trimmed to the last [`MAX_LISTED_GAMES`]).
    pub(super) async fn archive(
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
