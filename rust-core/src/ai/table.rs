//! The transposition table, shareable between the threads of one search (Lazy SMP).
//!
//! Each slot is two atomic words: the entry packed into 64 bits, and the position's key XORed
//! with that word. A reader accepts a slot only when the two words agree with its key, so an
//! entry torn by two threads writing at once reads as a miss instead of a wrong move or score
//! (the classic lockless scheme; no `unsafe`, and relaxed atomics are plain loads and stores on
//! the phones' and this machine's processors). With one thread it behaves exactly like a plain
//! array of entries.

use std::sync::atomic::{AtomicU64, Ordering};

/// One stored search result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i32,
    pub from: u8,
    pub to: u8,
    pub kind: u8,
    /// Depth in the low 6 bits, bound in the top 2 (0 empty, 1 exact, 2 lower, 3 upper).
    pub meta: u8,
}

impl Entry {
    fn pack(&self) -> u64 {
        u64::from(self.score as u32)
            | u64::from(self.from) << 32
            | u64::from(self.to) << 40
            | u64::from(self.kind) << 48
            | u64::from(self.meta) << 56
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u32 as i32,
            from: (data >> 32) as u8,
            to: (data >> 40) as u8,
            kind: (data >> 48) as u8,
            meta: (data >> 56) as u8,
        }
    }
}

/// A fixed-size table of `2^bits` entries (16 bytes each), indexed by the low bits of the key.
pub(crate) struct Table {
    /// Two words per slot: `key ^ data`, then `data`.
    words: Vec<AtomicU64>,
    mask: usize,
}

impl Table {
    /// An empty table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits;
        Table {
            words: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(2 * size)
                .collect(),
            mask: size - 1,
        }
    }

    /// The slot's entry, whatever position it holds (`meta == 0` when empty or torn).
    pub fn slot(&self, key: u64) -> Entry {
        let i = 2 * ((key as usize) & self.mask);
        let check = self.words[i].load(Ordering::Relaxed);
        let data = self.words[i + 1].load(Ordering::Relaxed);
        let stored_key = check ^ data;
        if data == 0 {
            return Entry::default();
        }
        Entry::unpack(stored_key, data)
    }

    /// The entry stored for exactly this key, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slot(key);
        (e.meta != 0 && e.key == key).then_some(e)
    }

    /// Writes an entry into its key's slot (the caller decides whether to replace).
    pub fn write(&self, e: &Entry) {
        let i = 2 * ((e.key as usize) & self.mask);
        let data = e.pack();
        self.words[i].store(e.key ^ data, Ordering::Relaxed);
        self.words[i + 1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_keys_miss() {
        let t = Table::new(4);
        let e = Entry {
            key: 0xDEAD_BEEF_0000_0013,
            score: -123_456,
            from: 120,
            to: 7,
            kind: 2,
            meta: (3 << 6) | 17,
        };
        t.write(&e);
        assert_eq!(t.probe(e.key), Some(e));
        // Same slot (same low bits), another position.
        assert_eq!(t.probe(e.key ^ 0x100), None);
        assert_eq!(t.slot(e.key ^ 0x100).key, e.key);
        assert_eq!(t.probe(0x13 ^ 0x1), None);
    }

    #[test]
    fn a_torn_write_reads_as_a_miss() {
        let t = Table::new(2);
        let a = Entry {
            key: 0x1_0000_0001,
            score: 5,
            meta: 1,
            ..Entry::default()
        };
        let b = Entry {
            key: 0x2_0000_0001,
            score: -9,
            meta: 2,
            ..Entry::default()
        };
        t.write(&a);
        // Half of b's write: only its data word lands.
        t.words[3].store(b.pack(), Ordering::Relaxed);
        assert_eq!(t.probe(a.key), None);
        assert_eq!(t.probe(b.key), None);
    }
}
