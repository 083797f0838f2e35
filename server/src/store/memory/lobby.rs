//! The quick-match queue, the open tables and the private rooms of the embedded backend.

use std::time::{Duration, Instant};

use chinese_checkers_core::online::Format;

use crate::store::file::Op;
use crate::store::{
    now_ms, Created, Player, QueueEntry, Sat, StoreError, StoredRoom, StoredTable, Taken,
};

use super::MemoryStore;

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
        table: &StoredTable,
        per_token: usize,
        per_addr: usize,
    ) -> Result<Created, StoreError> {
        let mut tables = self.tables.lock();
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

    pub(in crate::store) async fn take_table(
        &self,
        id: &str,
        host: &str,
    ) -> Result<Taken<StoredTable>, StoreError> {
        let mut tables = self.tables.lock();
        Ok(match tables.iter().position(|t| t.id == id) {
            None => Taken::Gone,
            Some(i) if tables[i].host.token != host => Taken::NotYours,
            Some(i) => Taken::Taken(tables.remove(i)),
        })
    }

    pub(in crate::store) async fn sit_table(
        &self,
        id: &str,
        player: &Player,
    ) -> Result<Sat<StoredTable>, StoreError> {
        let mut tables = self.tables.lock();
        let Some(i) = tables.iter().position(|t| t.id == id) else {
            return Ok(Sat::NotFound);
        };
        let t = &mut tables[i];
        if t.host.token == player.token {
            return Ok(Sat::Own);
        }
        if !t.guests.iter().any(|g| g.token == player.token) {
            t.guests.push(player.clone());
        }
        if 1 + t.guests.len() >= t.format.seats() {
            return Ok(Sat::Full(tables.remove(i)));
        }
        Ok(Sat::Seated(t.clone()))
    }

    pub(in crate::store) async fn unsit_table(
        &self,
        id: &str,
        token: &str,
    ) -> Result<Option<StoredTable>, StoreError> {
        let mut tables = self.tables.lock();
        let Some(t) = tables.iter_mut().find(|t| t.id == id) else {
            return Ok(None);
        };
        let before = t.guests.len();
        t.guests.retain(|g| g.token != token);
        Ok((t.guests.len() != before).then(|| t.clone()))
    }

    pub(in crate::store) async fn close_tables_of(&self, token: &str) -> Result<usize, StoreError> {
        let mut tables = self.tables.lock();
        let before = tables.len();
        tables.retain(|t| t.host.token != token);
        Ok(before - tables.len())
    }

    pub(in crate::store) async fn list_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        Ok(self.tables.lock().clone())
    }

    pub(in crate::store) async fn create_room(
        &self,
        room: &StoredRoom,
        ttl_s: u64,
        max: usize,
    ) -> Result<Created, StoreError> {
        let now = Instant::now();
        // The lock is released before the write is awaited.
        {
            let mut rooms = self.rooms.lock();
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
            if rooms.contains_key(&room.code) {
                return Ok(Created::Taken);
            }
            rooms.insert(
                room.code.clone(),
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
            self.rooms.lock().remove(&room.code);
            return Err(e);
        }
        Ok(Created::Ok)
    }

    pub(in crate::store) async fn restore_room(
        &self,
        room: &StoredRoom,
        ttl_s: u64,
    ) -> Result<(), StoreError> {
        let ttl = Duration::from_secs(ttl_s);
        let back = {
            let mut rooms = self.rooms.lock();
            let free = !rooms.contains_key(&room.code);
            if free {
                rooms.insert(room.code.clone(), (room.clone(), Instant::now() + ttl));
            }
            free
        };
        if let (true, Some(j)) = (back, &self.journal) {
            j.write_later(vec![Op::Room {
                room: room.clone(),
                expires_ms: now_ms().saturating_add(ttl_s.saturating_mul(1000)),
            }]);
        }
        Ok(())
    }

    pub(in crate::store) async fn take_room(
        &self,
        code: &str,
        host: &str,
    ) -> Result<Taken<StoredRoom>, StoreError> {
        let now = Instant::now();
        let taken = {
            let mut rooms = self.rooms.lock();
            match rooms.get(code) {
                None => return Ok(Taken::Gone),
                Some((_, expires)) if *expires <= now => return Ok(Taken::Gone),
                Some((room, _)) if room.host.token != host => return Ok(Taken::NotYours),
                Some(_) => rooms.remove(code),
            }
        };
        let Some((room, _)) = taken else {
            return Ok(Taken::Gone);
        };
        // Taken, it is gone from the file too; the game it starts is written anyway.
        if let Some(j) = &self.journal {
            j.write_later(vec![Op::DeleteRoom {
                code: code.to_owned(),
            }]);
        }
        Ok(Taken::Taken(room))
    }

    pub(in crate::store) async fn sit_room(
        &self,
        code: &str,
        player: &Player,
    ) -> Result<Sat<StoredRoom>, StoreError> {
        let now = Instant::now();
        let full = {
            let mut rooms = self.rooms.lock();
            let Some((room, expires)) = rooms.get_mut(code) else {
                return Ok(Sat::NotFound);
            };
            if *expires <= now {
                return Ok(Sat::NotFound);
            }
            if room.host.token == player.token {
                return Ok(Sat::Own);
            }
            if !room.guests.iter().any(|g| g.token == player.token) {
                room.guests.push(player.clone());
            }
            if 1 + room.guests.len() < room.format.seats() {
                return Ok(Sat::Seated(room.clone()));
            }
            rooms.remove(code).map(|(room, _)| room)
        };
        let Some(room) = full else {
            return Ok(Sat::NotFound);
        };
        // Full, it is gone from the file too; the game it starts is written anyway.
        if let Some(j) = &self.journal {
            j.write_later(vec![Op::DeleteRoom {
                code: code.to_owned(),
            }]);
        }
        Ok(Sat::Full(room))
    }

    pub(in crate::store) async fn unsit_room(
        &self,
        code: &str,
        token: &str,
    ) -> Result<Option<StoredRoom>, StoreError> {
        let mut rooms = self.rooms.lock();
        let Some((room, _)) = rooms.get_mut(code) else {
            return Ok(None);
        };
        let before = room.guests.len();
        room.guests.retain(|g| g.token != token);
        Ok((room.guests.len() != before).then(|| room.clone()))
    }
}
