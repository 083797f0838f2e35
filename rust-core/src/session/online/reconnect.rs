//! The reconnection policy every app follows (backoff with jitter): apart from the protocol
//! because it is about the socket, not the messages.

use rand::{rngs::StdRng, Rng, SeedableRng};

use super::{Connection, OnlineSession};

/// The first reconnection waits about this long; every further attempt twice as long...
const RECONNECT_BASE_MS: u64 = 500;
/// ... up to this (the jittered delay never exceeds it either).
const RECONNECT_CAP_MS: u64 = 30_000;
/// The delays vary by up to this fraction either way, so that many devices dropped at once
/// (a server restart) do not all come back in the same instant.
const RECONNECT_JITTER: f64 = 0.2;

impl OnlineSession {
    /// See [`OnlineSession::connection_lost`].
    pub(super) fn on_connection_lost(&mut self) -> Vec<String> {
        self.new_connection();
        match self.connection {
            Connection::Replaced => {}
            // Never welcomed yet: nothing was lost, the first connection is still being tried
            // (saying "connection lost" before there was one would be untrue).
            Connection::Connecting => {
                self.reconnect_attempts = self.reconnect_attempts.saturating_add(1);
            }
            Connection::Connected | Connection::Reconnecting => {
                self.connection = Connection::Reconnecting;
                self.reconnect_attempts = self.reconnect_attempts.saturating_add(1);
            }
        }
        self.rebuild();
        Vec::new()
    }

    /// How long to wait before the next reconnection attempt, the same policy for every app:
    /// about 500 ms after the first loss, twice as long after every failed attempt, at most 30 s,
    /// each delay varied by up to ±20% (from this session's seed); a welcome starts again from
    /// 500 ms. `None` when nothing is worth reconnecting for: the person left, another
    /// connection of this device took over ([`Connection::Replaced`]), or the game is over and
    /// nothing else waits (no room, no game matched).
    pub fn reconnect_delay_ms(&self) -> Option<u64> {
        if self.left || self.connection == Connection::Replaced {
            return None;
        }
        let over = self.client().is_some_and(|c| c.record().is_over());
        if over && self.phase.matched().is_none() && self.phase.room().is_none() {
            return None;
        }
        let attempt = self.reconnect_attempts.max(1);
        let nominal = (RECONNECT_BASE_MS << (attempt - 1).min(16)).min(RECONNECT_CAP_MS);
        // A fraction in [0, 1) from the seed and the attempt: the same answer until the next
        // attempt is counted.
        let unit: f64 = StdRng::seed_from_u64(self.reconnect_seed ^ u64::from(attempt)).gen();
        let factor = 1.0 - RECONNECT_JITTER + 2.0 * RECONNECT_JITTER * unit;
        Some(((nominal as f64 * factor).round() as u64).min(RECONNECT_CAP_MS))
    }

    /// Seeds the jitter of [`OnlineSession::reconnect_delay_ms`] (random by default; tests fix it).
    pub fn set_reconnect_seed(&mut self, seed: u64) {
        self.reconnect_seed = seed;
    }

    /// See [`OnlineSession::leave`].
    pub(super) fn on_leave(&mut self) -> Vec<String> {
        self.left = true;
        Vec::new()
    }
}
