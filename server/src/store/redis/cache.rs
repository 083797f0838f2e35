//! This instance's cache of game records.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chinese_checkers_core::online::GameRecord;

use crate::store::{Clock, GameMeta};

pub(super) struct Cached {
    pub(super) meta: GameMeta,
    pub(super) record: GameRecord,
    /// The game's deadlines as of the record's last event (read again with new events).
    pub(super) clock: Clock,
}

/// A game's cached record (`None` until loaded), locked while a command or resume runs on it.
pub(super) type Slot = Arc<tokio::sync::Mutex<Option<Cached>>>;

/// At most this many game records are cached per instance (least recently used out).
pub(super) const MAX_CACHED_GAMES: usize = 4096;

pub(super) struct CacheEntry {
    slot: Slot,
    /// Its place in the use order.
    used: u64,
    /// When it was seen finished.
    finished: Option<Instant>,
}

/// This instance's cache of game records. The log in Redis is the truth; the cache only saves
/// replaying it. It never holds an unknown game, forgets finished games after
/// [`crate::store::memory::FINISHED_KEEP`] (as the memory store does) and holds at most `max`
/// games.
pub(super) struct GameCache {
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
    pub(super) fn new(max: usize, keep: Duration) -> GameCache {
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
    pub(super) fn slot(&mut self, id: &str) -> Slot {
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
    pub(super) fn settle(&mut self, id: &str, slot: &Slot, empty: bool, over: bool, now: Instant) {
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

    pub(super) fn remove(&mut self, id: &str) {
        if let Some(e) = self.entries.remove(id) {
            self.lru.remove(&e.used);
        }
    }

    /// Forgets the games finished at least `keep` ago.
    pub(super) fn sweep(&mut self, now: Instant) {
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

    /// Changes the bounds: at most `max` games, finished ones kept `keep`.
    pub(super) fn set_limits(&mut self, max: usize, keep: Duration) {
        self.max = max;
        self.keep = keep;
    }

    /// Every cached game's slot.
    pub(super) fn slots(&self) -> Vec<(String, Slot)> {
        self.entries
            .iter()
            .map(|(id, e)| (id.clone(), e.slot.clone()))
            .collect()
    }

    pub(super) fn len(&mut self) -> usize {
        self.sweep(Instant::now());
        self.entries.len()
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
