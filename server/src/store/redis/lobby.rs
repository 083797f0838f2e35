//! The queue, the open tables and the private rooms.

use chinese_checkers_core::online::Format;
use redis::AsyncCommands;

use super::scripts::{
    sat, seats_json, taken, CREATE_ROOM, CREATE_TABLE, ENQUEUE, ORPHAN_TABLES, REMOVE_WHERE,
    REQUEUE, SIT, TAKE, UNSIT,
};
use super::{corrupt, RedisStore};
use crate::store::{now_ms, Access, Created, Player, QueueEntry, Sat, StoreError, Table, Taken};

impl RedisStore {
    pub(in crate::store) async fn enqueue(
        &self,
        entry: &QueueEntry,
    ) -> Result<Option<(Format, Vec<QueueEntry>)>, StoreError> {
        self.match_queue(entry, false).await
    }

    pub(in crate::store) async fn retry_match(
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
            .arg(crate::store::RATING_WINDOW_BASE)
            .arg(crate::store::RATING_WINDOW_PER_S)
            .arg(crate::store::RATING_WINDOW_OPEN_MS)
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

    /// Where the table scripts find a table (`scripts::AT`): its key and the first arguments.
    fn at(&self, access: Access, id: &str) -> (String, &'static str) {
        match access {
            Access::Open => (self.key("tables"), "open"),
            Access::Private => (self.key(&format!("room:{id}")), "private"),
        }
    }

    pub(in crate::store) async fn sit(
        &self,
        access: Access,
        id: &str,
        player: &Player,
    ) -> Result<Sat, StoreError> {
        let (key, kind) = self.at(access, id);
        let mut conn = self.conn.get().await?;
        let reply: Vec<String> = SIT
            .key(key)
            .arg(kind)
            .arg(id)
            .arg(serde_json::to_string(player).map_err(corrupt)?)
            .arg(seats_json())
            .invoke_async(&mut conn)
            .await?;
        let sat = sat(reply)?;
        if let Sat::Full(t) = &sat {
            if t.access == Access::Private {
                let _: i64 = conn
                    .zrem(self.key(&format!("u:{}:rooms", t.host.token)), id)
                    .await?;
            }
        }
        Ok(sat)
    }

    pub(in crate::store) async fn unsit(
        &self,
        access: Access,
        id: &str,
        token: &str,
    ) -> Result<Option<Table>, StoreError> {
        let (key, kind) = self.at(access, id);
        let mut conn = self.conn.get().await?;
        let reply: Option<String> = UNSIT
            .key(key)
            .arg(kind)
            .arg(id)
            .arg(token)
            .invoke_async(&mut conn)
            .await?;
        reply
            .map(|s| serde_json::from_str(&s).map_err(corrupt))
            .transpose()
    }

    pub(in crate::store) async fn take(
        &self,
        access: Access,
        id: &str,
        host: &str,
    ) -> Result<Taken, StoreError> {
        let (key, kind) = self.at(access, id);
        let mut script = TAKE.key(key);
        if access == Access::Private {
            script.key(self.key(&format!("u:{host}:rooms")));
        }
        let mut conn = self.conn.get().await?;
        let reply: Vec<String> = script
            .arg(kind)
            .arg(id)
            .arg(host)
            .invoke_async(&mut conn)
            .await?;
        taken(reply)
    }

    async fn remove_where(
        &self,
        list: &str,
        field: &str,
        value: &str,
    ) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn.get().await?;
        let removed: Vec<String> = REMOVE_WHERE
            .key(self.key(list))
            .arg(field)
            .arg(value)
            .invoke_async(&mut conn)
            .await?;
        Ok(removed)
    }

    pub(in crate::store) async fn requeue(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        let mut conn = self.conn.get().await?;
        let _: i64 = REQUEUE
            .key(self.key("queue"))
            .arg(serde_json::to_string(entry).map_err(corrupt)?)
            .invoke_async(&mut conn)
            .await?;
        Ok(())
    }

    pub(in crate::store) async fn restore(
        &self,
        table: &Table,
        ttl_s: u64,
    ) -> Result<(), StoreError> {
        match table.access {
            Access::Open => self.create_table(table, usize::MAX, usize::MAX).await?,
            Access::Private => self.create_room(table, ttl_s, usize::MAX).await?,
        };
        Ok(())
    }

    pub(in crate::store) async fn dequeue(&self, token: &str) -> Result<bool, StoreError> {
        Ok(!self.remove_where("queue", "token", token).await?.is_empty())
    }

    pub(in crate::store) async fn create_table(
        &self,
        table: &Table,
        per_token: usize,
        per_addr: usize,
    ) -> Result<Created, StoreError> {
        let mut conn = self.conn.get().await?;
        let r: i64 = CREATE_TABLE
            .key(self.key("tables"))
            .arg(serde_json::to_string(table).map_err(corrupt)?)
            .arg(per_token)
            .arg(per_addr)
            .invoke_async(&mut conn)
            .await?;
        Ok(match r {
            1 => Created::Ok,
            0 => Created::Taken,
            -2 => Created::TooManyFromAddr,
            _ => Created::TooMany,
        })
    }

    pub(in crate::store) async fn close_tables_of(
        &self,
        token: &str,
    ) -> Result<Vec<Table>, StoreError> {
        self.remove_where("tables", "host", token)
            .await?
            .iter()
            .map(|s| serde_json::from_str(s).map_err(corrupt))
            .collect()
    }

    pub(in crate::store) async fn touch_host(
        &self,
        token: &str,
        ttl_ms: u64,
    ) -> Result<(), StoreError> {
        self.mark_present(&format!("host:{token}"), ttl_ms).await
    }

    pub(in crate::store) async fn close_orphan_tables(&self) -> Result<Vec<Table>, StoreError> {
        let mut conn = self.conn.get().await?;
        let removed: Vec<String> = ORPHAN_TABLES
            .key(self.key("tables"))
            .arg(self.key("host:"))
            .invoke_async(&mut conn)
            .await?;
        removed
            .iter()
            .map(|s| serde_json::from_str(s).map_err(corrupt))
            .collect()
    }

    pub(in crate::store) async fn list_tables(&self) -> Result<Vec<Table>, StoreError> {
        let mut conn = self.conn.get().await?;
        let raw: Vec<String> = conn.lrange(self.key("tables"), 0, -1).await?;
        raw.iter()
            .map(|s| serde_json::from_str(s).map_err(corrupt))
            .collect()
    }

    pub(in crate::store) async fn create_room(
        &self,
        room: &Table,
        ttl_s: u64,
        max: usize,
    ) -> Result<Created, StoreError> {
        let now = now_ms();
        let mut conn = self.conn.get().await?;
        let r: i64 = CREATE_ROOM
            .key(self.key(&format!("room:{}", room.id)))
            .key(self.key(&format!("u:{}:rooms", room.host.token)))
            .arg(serde_json::to_string(room).map_err(corrupt)?)
            .arg(ttl_s.max(1))
            .arg(now)
            .arg(max)
            .arg(&room.id)
            .arg(now + ttl_s * 1000)
            .invoke_async(&mut conn)
            .await?;
        Ok(match r {
            1 => Created::Ok,
            0 => Created::Taken,
            _ => Created::TooMany,
        })
    }
}
