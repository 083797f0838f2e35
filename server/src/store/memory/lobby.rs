//! The quick-match queue, the open tables and the private rooms of the embedded backend.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use chinese_checkers_core::online::Format;

use crate::store::file::Op;
use crate::store::{
    now_ms, Access, Created, Player, QueueEntry, Sat, Seating, StoreError, Table, Taken,
};

use super::MemoryStore;

/// The tables waiting for players: the open ones (oldest first) and the private rooms (by code,
/// with when each expires), behind one lock so that one path finds either.
#[derive(Default)]
pub(super) struct Tables {
    open: Vec<Table>,
    rooms: HashMap<String, (Table, Instant)>,
}

impl Tables {
    /// A table by its access and id (a room not past its expiry at `now`).
    fn find(&mut self, access: Access, id: &str, now: Instant) -> Option<&mut Table> {
        match access {
            Access::Open => self.open.iter_mut().find(|t| t.id == id),
            Access::Private => match self.rooms.get_mut(id) {
                Some((room, expires)) if *expires > now => Some(room),
                _ => None,
            },
        }
    }

    /// Takes a table out.
    fn remove(&mut self, access: Access, id: &str) -> Option<Table> {
        match access {
            Access::Open => {
                let i = self.open.iter().position(|t| t.id == id)?;
                Some(self.open.remove(i))
            }
            Access::Private => self.rooms.remove(id).map(|(room, _)| room),
        }
    }

    /// Holds a room loaded from the data file until it expires.
    pub(super) fn hold_room(&mut self, room: Table, expires: Instant) {
        self.rooms.insert(room.id.clone(), (room, expires));
    }

    /// How many rooms are held.
    pub(super) fn rooms(&self) -> usize {
        self.rooms.len()
    }
}

impl MemoryStore {
    pub(in crate::store) async fn enqueue(
        &self,
        entry: &QueueEntry,
    ) -> Result<Option<(Format, Vec<QueueEntry>)>, StoreError> {
        Ok(self.match_queue(entry, false))
    }

    pub(in crate::store) async fn retry_match(
        &self,
        entry: &QueueEntry,
    ) -> Result<Option<(Format, Vec<QueueEntry>)>, StoreError> {
        Ok(self.match_queue(entry, true))
    }

    /// Completes a table for `entry` from the queue, or queues it in the order of waiting
    /// (`retry`: only if it is still queued).
    fn match_queue(&self, entry: &QueueEntry, retry: bool) -> Option<(Format, Vec<QueueEntry>)> {
        let mut queue = self.queue.lock();
        if retry && !queue.iter().any(|e| e.token == entry.token) {
            return None;
        }
        queue.retain(|e| e.token != entry.token);
        if let Some((format, mut picked)) = entry.table_from(&queue, now_ms()) {
            picked.sort_unstable();
            let mut others = Vec::with_capacity(picked.len());
            for i in picked.into_iter().rev() {
                others.push(queue.remove(i));
            }
            others.reverse();
            return Some((format, others));
        }
        let at = queue
            .iter()
            .position(|e| e.since_ms > entry.since_ms)
            .unwrap_or(queue.len());
        queue.insert(at, entry.clone());
        None
    }

    pub(in crate::store) async fn requeue(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        let mut queue = self.queue.lock();
        queue.retain(|e| e.token != entry.token);
        let at = queue
            .iter()
            .position(|e| e.since_ms > entry.since_ms)
            .unwrap_or(queue.len());
        queue.insert(at, entry.clone());
        Ok(())
    }

    pub(in crate::store) async fn dequeue(&self, token: &str) -> Result<bool, StoreError> {
        let mut queue = self.queue.lock();
        let before = queue.len();
        queue.retain(|e| e.token != token);
        Ok(queue.len() != before)
    }

    pub(in crate::store) async fn create_table(
        &self,
        table: &Table,
        per_token: usize,
        per_addr: usize,
    ) -> Result<Created, StoreError> {
        let mut held = self.tables.lock();
        let tables = &mut held.open;
        if tables
            .iter()
            .filter(|t| t.host.token == table.host.token)
            .count()
            >= per_token
        {
            return Ok(Created::TooMany);
        }
        if !table.addr.is_empty()
            && tables.iter().filter(|t| t.addr == table.addr).count() >= per_addr
        {
            return Ok(Created::TooManyFromAddr);
        }
        if tables.iter().any(|t| t.id == table.id) {
            return Ok(Created::Taken);
        }
        tables.push(table.clone());
        Ok(Created::Ok)
    }

    pub(in crate::store) async fn take(
        &self,
        access: Access,
        id: &str,
        host: &str,
    ) -> Result<Taken, StoreError> {
        let taken = {
            let mut tables = self.tables.lock();
            match tables.find(access, id, Instant::now()) {
                None => return Ok(Taken::Gone),
                Some(t) if t.host.token != host => return Ok(Taken::NotYours),
                Some(_) => tables.remove(access, id),
            }
        };
        let Some(t) = taken else {
            return Ok(Taken::Gone);
        };
        self.forget_room(&t);
        Ok(Taken::Taken(t))
    }

    pub(in crate::store) async fn sit(
        &self,
        access: Access,
        id: &str,
        player: &Player,
    ) -> Result<Sat, StoreError> {
        let full = {
            let mut tables = self.tables.lock();
            let Some(t) = tables.find(access, id, Instant::now()) else {
                return Ok(Sat::NotFound);
            };
            match t.seat(player) {
                Seating::Own => return Ok(Sat::Own),
                Seating::Filling => return Ok(Sat::Seated(t.clone())),
                Seating::Full => tables.remove(access, id),
            }
        };
        let Some(t) = full else {
            return Ok(Sat::NotFound);
        };
        self.forget_room(&t);
        Ok(Sat::Full(t))
    }

    pub(in crate::store) async fn unsit(
        &self,
        access: Access,
        id: &str,
        token: &str,
    ) -> Result<Option<Table>, StoreError> {
        let mut tables = self.tables.lock();
        let Some(t) = tables.find(access, id, Instant::now()) else {
            return Ok(None);
        };
        Ok(t.unseat(token).then(|| t.clone()))
    }

    /// A room taken out (full, or by its host) is gone from the data file too; the game it
    /// starts is written anyway, so the delete is not waited for.
    fn forget_room(&self, t: &Table) {
        if let (Access::Private, Some(j)) = (t.access, &self.journal) {
            j.write_later(vec![Op::DeleteRoom { code: t.id.clone() }]);
        }
    }

    pub(in crate::store) async fn close_tables_of(
        &self,
        token: &str,
    ) -> Result<Vec<Table>, StoreError> {
        let mut held = self.tables.lock();
        let (closed, open) = std::mem::take(&mut held.open)
            .into_iter()
            .partition(|t| t.host.token == token);
        held.open = open;
        Ok(closed)
    }

    pub(in crate::store) async fn list_tables(&self) -> Result<Vec<Table>, StoreError> {
        Ok(self.tables.lock().open.clone())
    }

    pub(in crate::store) async fn create_room(
        &self,
        room: &Table,
        ttl_s: u64,
        max: usize,
    ) -> Result<Created, StoreError> {
        let now = Instant::now();
        // The lock is released before the write is awaited.
        {
            let mut held = self.tables.lock();
            let rooms = &mut held.rooms;
            let expired: Vec<String> = rooms
                .iter()
                .filter(|(_, (_, expires))| *expires <= now)
                .map(|(code, _)| code.clone())
                .collect();
            if !expired.is_empty() {
                for code in &expired {
                    rooms.remove(code);
                }
                if let Some(j) = &self.journal {
                    j.write_later(
                        expired
                            .into_iter()
                            .map(|code| Op::DeleteRoom { code })
                            .collect(),
                    );
                }
            }
            let mine = rooms
                .values()
                .filter(|(r, _)| r.host.token == room.host.token)
                .count();
            if mine >= max {
                return Ok(Created::TooMany);
            }
            if rooms.contains_key(&room.id) {
                return Ok(Created::Taken);
            }
            rooms.insert(
                room.id.clone(),
                (room.clone(), now + Duration::from_secs(ttl_s)),
            );
        }
        let expires_ms = now_ms().saturating_add(ttl_s.saturating_mul(1000));
        let written = self
            .persist(vec![Op::Room {
                room: room.clone(),
                expires_ms,
            }])
            .await;
        if let Err(e) = written {
            self.tables.lock().rooms.remove(&room.id);
            return Err(e);
        }
        Ok(Created::Ok)
    }

    pub(in crate::store) async fn restore(
        &self,
        table: &Table,
        ttl_s: u64,
    ) -> Result<(), StoreError> {
        if table.access == Access::Open {
            self.create_table(table, usize::MAX, usize::MAX).await?;
            return Ok(());
        }
        let ttl = Duration::from_secs(ttl_s);
        let back = {
            let mut held = self.tables.lock();
            let rooms = &mut held.rooms;
            let free = !rooms.contains_key(&table.id);
            if free {
                rooms.insert(table.id.clone(), (table.clone(), Instant::now() + ttl));
            }
            free
        };
        if let (true, Some(j)) = (back, &self.journal) {
            j.write_later(vec![Op::Room {
                room: table.clone(),
                expires_ms: now_ms().saturating_add(ttl_s.saturating_mul(1000)),
            }]);
        }
        Ok(())
    }
}
