//! The quick-match queue: who waits, and who is close enough in rating to play whom.

use chinese_checkers_core::online::Format;
use serde::{Deserialize, Serialize};

use super::now_ms;

/// One player waiting for a quick match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QueueEntry {
    /// The device token.
    pub token: String,
    /// The display name.
    pub name: String,
    /// The format wanted (`None`: any game of two).
    pub format: Option<Format>,
    /// The seats of that format (2 for any): the Redis script reads it.
    #[serde(default = "two")]
    pub seats: usize,
    /// The player's rating in the format's rule set (tripot's for "any"; 1500 for a newcomer).
    #[serde(default = "start_rating")]
    pub rating: f64,
    /// When the player started waiting ([`now_ms`]); older entries come first.
    #[serde(default)]
    pub since_ms: u64,
}

fn two() -> usize {
    2
}

fn start_rating() -> f64 {
    crate::ratings::START_RATING
}

/// Quick match for two pairs players whose ratings differ by at most this much at once...
pub const RATING_WINDOW_BASE: f64 = 200.0;
/// ...plus this much per second the longer waiting of the two has waited...
pub const RATING_WINDOW_PER_S: f64 = 100.0;
/// ...and anyone once one of them has waited this long (milliseconds).
pub const RATING_WINDOW_OPEN_MS: u64 = 30_000;

/// How far apart two ratings may be for a game of two when the longer waiting player has waited
/// `waited_ms`: 200 + 100 per second waited, any after 30 s.
pub fn rating_window(waited_ms: u64) -> f64 {
    if waited_ms >= RATING_WINDOW_OPEN_MS {
        f64::INFINITY
    } else {
        RATING_WINDOW_BASE + RATING_WINDOW_PER_S * waited_ms as f64 / 1000.0
    }
}

impl QueueEntry {
    /// An entry for `format` (`None`: any game of two).
    pub fn new(token: &str, name: &str, format: Option<Format>) -> QueueEntry {
        QueueEntry {
            token: token.to_owned(),
            name: name.to_owned(),
            format,
            seats: format.map_or(2, Format::seats),
            rating: start_rating(),
            since_ms: now_ms(),
        }
    }

    /// Whether two players are close enough in rating for a game of two at `now`.
    pub fn close_enough(&self, other: &QueueEntry, now: u64) -> bool {
        let waited = now.saturating_sub(self.since_ms.min(other.since_ms));
        (self.rating - other.rating).abs() <= rating_window(waited)
    }

    /// Whether two waiting players can play each other, and in which format. "Any" means any
    /// game of two; a table of 3 or more seats fills only with players who asked for it.
    pub fn pairs_with(&self, other: &QueueEntry) -> Option<Format> {
        if self.token == other.token {
            return None;
        }
        match (self.format, other.format) {
            (Some(a), Some(b)) if a == b => Some(a),
            (Some(_), Some(_)) => None,
            (Some(f), None) | (None, Some(f)) => (f.seats() == 2).then_some(f),
            (None, None) => Some(Format::Tripot1),
        }
    }

    /// The players of the queue (oldest first) that `self` completes a table with at `now`, and
    /// the format, if there are enough of them. A game of two takes the longest waiting player
    /// close enough in rating ([`rating_window`]); a table of 3 or more does not look at ratings.
    pub fn table_from(&self, queue: &[QueueEntry], now: u64) -> Option<(Format, Vec<usize>)> {
        let first = queue.iter().position(|e| match e.pairs_with(self) {
            Some(f) if f.seats() == 2 => self.close_enough(e, now),
            Some(_) => true,
            None => false,
        })?;
        let format = queue[first].pairs_with(self)?;
        let others: Vec<usize> = queue
            .iter()
            .enumerate()
            .filter(|(_, e)| e.token != self.token && e.format == Some(format))
            .map(|(i, _)| i)
            .take(format.seats() - 1)
            .collect();
        if format.seats() == 2 {
            return Some((format, vec![first]));
        }
        (others.len() == format.seats() - 1).then_some((format, others))
    }
}

#[cfg(test)]
mod queue_tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn entry(token: &str, rating: f64, since_ms: u64) -> QueueEntry {
        QueueEntry {
            rating,
            since_ms,
            ..QueueEntry::new(token, token, Some(Format::Classic))
        }
    }

    #[test]
    fn the_rating_window_widens_with_the_wait() {
        assert_eq!(rating_window(0), 200.0);
        assert_eq!(rating_window(1500), 350.0);
        assert_eq!(rating_window(29_999), 200.0 + 100.0 * 29.999);
        assert_eq!(rating_window(30_000), f64::INFINITY);
    }

    #[test]
    fn a_game_of_two_takes_the_longest_waiting_player_close_enough_in_rating() {
        let queue = [
            entry("far", 1900.0, 1_000),
            entry("near", 1550.0, 2_000),
            entry("nearer", 1500.0, 3_000),
        ];
        let me = entry("me", 1500.0, 3_000);
        // At 3 s "far" has waited 2 s: the window (400) reaches its 1900.
        assert_eq!(
            me.table_from(&queue, 3_000),
            Some((Format::Classic, vec![0]))
        );
        // Just after "far" queued, only "near" (50 apart) qualifies.
        let me = entry("me", 1500.0, 1_000);
        assert_eq!(
            me.table_from(&queue, 1_000),
            Some((Format::Classic, vec![1]))
        );
        // Tables of three do not look at ratings.
        let three = |t: &str, r: f64| QueueEntry {
            rating: r,
            since_ms: 0,
            ..QueueEntry::new(t, t, Some(Format::Sternhalma3))
        };
        let queue = [three("a", 2500.0), three("b", 900.0)];
        assert_eq!(
            three("c", 1500.0).table_from(&queue, 0),
            Some((Format::Sternhalma3, vec![0, 1]))
        );
    }
}
