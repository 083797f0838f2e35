//! Rating integrity (docs/ONLINE.md, "Rating integrity"): which rated games may change ratings.
//! A game whose people share an address in their recent history, or a pair's games beyond a
//! daily cap, start unrated; the memory store's book of addresses and pair counts is here (the
//! Redis store keeps the same in Redis, see `redis::integrity`).

use std::collections::HashMap;

use parking_lot::Mutex;

/// How long an address a token said hello from counts as its history.
pub const ADDRESS_HISTORY_MS: u64 = 7 * 24 * 3600 * 1000;

/// At most this many addresses are kept per token (the most recent).
pub const ADDRESSES_PER_TOKEN: usize = 16;

/// The window of the daily cap of rated games between the same two people.
pub const PAIR_WINDOW_MS: u64 = 24 * 3600 * 1000;

/// Why a game asked for as rated starts unrated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// Two of its people said hello from the same address within the history.
    SharedAddress,
    /// Two of its people already played the day's cap of rated games together.
    DailyCap,
}

/// The two tokens of a pair in a fixed order (the key of its count).
pub fn pair_key(a: &str, b: &str) -> (String, String) {
    if a <= b {
        (a.to_owned(), b.to_owned())
    } else {
        (b.to_owned(), a.to_owned())
    }
}

/// Every pair of distinct people of a game.
pub fn pairs(tokens: &[String]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, a) in tokens.iter().enumerate() {
        for b in &tokens[i + 1..] {
            if a != b {
                out.push(pair_key(a, b));
            }
        }
    }
    out
}

/// The memory store's book: each token's recent addresses, each pair's rated games today.
#[derive(Default)]
pub struct IntegrityBook {
    /// Token → (address, when last seen), the most recent last.
    seen: Mutex<HashMap<String, Vec<(String, u64)>>>,
    /// Pair → (rated games, when the window started).
    pairs: Mutex<HashMap<(String, String), (u32, u64)>>,
    /// Calls since the last sweep of old entries.
    calls: Mutex<u32>,
}

impl IntegrityBook {
    /// Notes that `token` said hello from `addr` at `now` (ms).
    pub fn note(&self, token: &str, addr: &str, now: u64) {
        self.sweep(now);
        let mut seen = self.seen.lock();
        let list = seen.entry(token.to_owned()).or_default();
        list.retain(|(a, _)| a != addr);
        list.push((addr.to_owned(), now));
        if list.len() > ADDRESSES_PER_TOKEN {
            list.remove(0);
        }
    }

    /// See [`crate::store::Store::rating_guard`].
    pub fn guard(&self, tokens: &[String], cap: u32, now: u64) -> Option<Unrated> {
        let pairs = pairs(tokens);
        {
            let seen = self.seen.lock();
            let recent = |t: &str| -> Vec<&str> {
                seen.get(t).map_or_else(Vec::new, |l| {
                    l.iter()
                        .filter(|(_, at)| now.saturating_sub(*at) < ADDRESS_HISTORY_MS)
                        .map(|(a, _)| a.as_str())
                        .collect()
                })
            };
            for (a, b) in &pairs {
                let theirs = recent(b);
                if recent(a).iter().any(|x| theirs.contains(x)) {
                    return Some(Unrated::SharedAddress);
                }
            }
        }
        let mut counts = self.pairs.lock();
        let played = |c: Option<&(u32, u64)>| match c {
            Some((n, since)) if now.saturating_sub(*since) < PAIR_WINDOW_MS => *n,
            _ => 0,
        };
        if pairs.iter().any(|p| played(counts.get(p)) >= cap) {
            return Some(Unrated::DailyCap);
        }
        for p in pairs {
            let entry = counts.entry(p).or_insert((0, now));
            if now.saturating_sub(entry.1) >= PAIR_WINDOW_MS {
                *entry = (0, now);
            }
            entry.0 += 1;
        }
        None
    }

    /// Now and then, forgets what is older than its window (bounds the book by the tokens
    /// seen in a week and the pairs that played in a day).
    fn sweep(&self, now: u64) {
        let mut calls = self.calls.lock();
        *calls += 1;
        if *calls < 1024 {
            return;
        }
        *calls = 0;
        drop(calls);
        self.seen.lock().retain(|_, l| {
            l.retain(|(_, at)| now.saturating_sub(*at) < ADDRESS_HISTORY_MS);
            !l.is_empty()
        });
        self.pairs
            .lock()
            .retain(|_, (_, since)| now.saturating_sub(*since) < PAIR_WINDOW_MS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(t: &[&str]) -> Vec<String> {
        t.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn shared_addresses_and_the_daily_cap_unrate() {
        let book = IntegrityBook::default();
        book.note("ann", "10.0.0.1", 0);
        book.note("bob", "10.0.0.2", 0);
        book.note("cy", "10.0.0.3", 0);
        assert_eq!(book.guard(&tokens(&["ann", "bob"]), 2, 10), None);
        assert_eq!(book.guard(&tokens(&["bob", "ann"]), 2, 20), None);
        // The third game of the pair within a day.
        assert_eq!(
            book.guard(&tokens(&["ann", "bob"]), 2, 30),
            Some(Unrated::DailyCap)
        );
        // A day later the count starts again.
        assert_eq!(
            book.guard(&tokens(&["ann", "bob"]), 2, 10 + PAIR_WINDOW_MS),
            None
        );
        // Cy once said hello from Ann's address: their games are unrated for a week.
        book.note("cy", "10.0.0.1", 40);
        assert_eq!(
            book.guard(&tokens(&["ann", "cy"]), 9, 50),
            Some(Unrated::SharedAddress)
        );
        assert_eq!(
            book.guard(&tokens(&["bob", "ann", "cy"]), 9, 50),
            Some(Unrated::SharedAddress)
        );
        assert_eq!(
            book.guard(&tokens(&["ann", "cy"]), 9, 41 + ADDRESS_HISTORY_MS),
            None
        );
    }
}
