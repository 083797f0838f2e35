//! Abuse limits: the per-connection message rate (a token bucket).

use std::time::{Duration, Instant};

/// A token bucket: `burst` messages at once, refilled at `per_second`.
#[derive(Debug)]
pub struct RateLimiter {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
}

impl RateLimiter {
    /// A full bucket.
    pub fn new(per_second: u32, burst: u32) -> RateLimiter {
        RateLimiter {
            tokens: f64::from(burst),
            burst: f64::from(burst),
            per_second: f64::from(per_second),
            last: Instant::now(),
        }
    }

    /// Takes one token; `false` when the bucket is empty.
    pub fn allow(&mut self) -> bool {
        self.allow_at(Instant::now())
    }

    fn allow_at(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last);
        self.last = now;
        self.tokens = (self.tokens + elapsed.as_secs_f64() * self.per_second).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Whether a WebSocket request with this `Origin` header (if any) may connect.
pub fn origin_allowed(origin: Option<&str>, allowed: &[String]) -> bool {
    match origin {
        None => true,
        Some(o) => {
            let o = o.trim().trim_end_matches('/');
            allowed
                .iter()
                .any(|a| a.trim().trim_end_matches('/').eq_ignore_ascii_case(o))
        }
    }
}

/// Limits and timings of a server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest accepted text frame, in bytes (larger ones get a `too_large` error).
    pub max_frame: usize,
    /// Messages per second per connection (sustained).
    pub rate_per_second: u32,
    /// Messages a connection may send at once.
    pub rate_burst: u32,
    /// Rate violations after which the connection is closed.
    pub max_violations: u32,
    /// Open private rooms per token.
    pub rooms_per_token: usize,
    /// Open lobby tables per token.
    pub tables_per_token: usize,
    /// An unused private room expires after this.
    pub room_ttl: Duration,
    /// A connection that sends nothing for this long is closed. Every frame counts, WebSocket
    /// pings and pongs included; the server pings a silent client half-way through.
    pub idle: Duration,
    /// The HTTP request head (the WebSocket upgrade, a health check) must arrive within this;
    /// a half-sent request is dropped.
    pub handshake: Duration,
    /// Browser origins allowed to open `/ws` (exact `Origin` values, e.g.
    /// `https://play.example.org`). A request without `Origin` (the apps) is always allowed; one
    /// with an `Origin` not listed is refused with 403.
    pub allow_origins: Vec<String>,
    /// How long a dropped player's seat is held.
    pub grace: Duration,
    /// How long it is held when the app said it was going to the background.
    pub background_grace: Duration,
    /// Redis backend: how often a connection renews its players' presence in their games (a
    /// side whose presence lapsed twice, e.g. because its instance died, is marked disconnected
    /// by the opponent's instance).
    pub presence_interval: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_frame: 4096,
            rate_per_second: 20,
            rate_burst: 40,
            max_violations: 50,
            rooms_per_token: 3,
            tables_per_token: 3,
            room_ttl: Duration::from_secs(600),
            idle: Duration::from_secs(120),
            handshake: Duration::from_secs(10),
            allow_origins: Vec::new(),
            grace: Duration::from_secs(60),
            background_grace: Duration::from_secs(180),
            presence_interval: Duration::from_secs(5),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_checked_against_the_list() {
        let list = vec!["https://play.example.org".to_owned()];
        assert!(origin_allowed(None, &[]));
        assert!(origin_allowed(None, &list));
        assert!(!origin_allowed(Some("https://evil.example"), &[]));
        assert!(!origin_allowed(Some("https://evil.example"), &list));
        assert!(!origin_allowed(Some("null"), &list));
        assert!(origin_allowed(Some("https://play.example.org"), &list));
        assert!(origin_allowed(Some("HTTPS://Play.Example.org/"), &list));
        assert!(!origin_allowed(
            Some("https://play.example.org.evil"),
            &list
        ));
    }

    #[test]
    fn bucket_refills() {
        let mut r = RateLimiter::new(10, 3);
        let t = r.last;
        assert!(r.allow_at(t) && r.allow_at(t) && r.allow_at(t));
        assert!(!r.allow_at(t));
        assert!(r.allow_at(t + Duration::from_millis(150)));
        assert!(!r.allow_at(t + Duration::from_millis(150)));
    }
}
