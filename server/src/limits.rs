//! Abuse limits: the per-connection message rate (a token bucket), the room-creation and
//! failed-join limits per connection and per client address ([`AddrLimiter`]), and the open
//! connections per client address ([`ConnLimiter`]).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

use parking_lot::Mutex;

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
    /// Open lobby tables per client address, whatever tokens it uses (counted by the store, so
    /// across every instance on one Redis).
    pub tables_per_addr: usize,
    /// Open WebSocket connections per client address on this instance (hello said or not);
    /// one more is refused with HTTP 429 before the upgrade.
    pub connections_per_addr: usize,
    /// A lobby watcher gets at most one update per this long: the changes in between are
    /// folded into the next one (each instance builds one page for all its watchers).
    pub lobby_interval: Duration,
    /// An unused private room expires after this.
    pub room_ttl: Duration,
    /// A connection that sends nothing for this long is closed. Every frame counts, WebSocket
    /// pings and pongs included; the server pings a silent client half-way through.
    pub idle: Duration,
    /// The HTTP request head (the WebSocket upgrade, a health check) must arrive within this;
    /// a half-sent request is dropped. A WebSocket must also say `hello` within this of its
    /// upgrade, or it is closed (`hello_first`).
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
    /// A game in progress with no event for this long expires (ended as abandoned).
    pub inactivity: Duration,
    /// How often each instance looks for games whose deadline (grace or inactivity) is due.
    pub sweep_interval: Duration,
    /// Private rooms one client address may create within `room_ttl` (so at most this many of
    /// its rooms are open at once), whatever tokens and connections it uses.
    pub rooms_per_addr: usize,
    /// Private rooms one client address may create per minute.
    pub room_creations_per_addr_minute: usize,
    /// Private rooms one connection may create per minute.
    pub room_creations_per_conn_minute: usize,
    /// Failed `join_room` attempts (no such room) answered at once; each further failure of the
    /// connection or its address waits `join_delay`, doubled each time up to `join_delay_max`,
    /// before its `room_not_found`.
    pub join_failures_free: u32,
    /// The first delay after the free failures.
    pub join_delay: Duration,
    /// The longest delay.
    pub join_delay_max: Duration,
    /// Failed joins after which a connection's `join_room` is refused with `rate_limited`.
    pub join_failures_per_conn: u32,
    /// Failed joins of one address within `join_window` after which its `join_room`s are refused
    /// with `rate_limited` for `join_cooldown` (the right code included).
    pub join_failures_per_addr: u32,
    /// The window in which an address's failed joins are counted.
    pub join_window: Duration,
    /// How long an address that failed too often is refused.
    pub join_cooldown: Duration,
    /// Take the client's address from the last `X-Forwarded-For` entry (set by a reverse proxy in
    /// front of the server) instead of the TCP peer. Only behind a proxy that sets it: otherwise
    /// every client could claim any address.
    pub trust_proxy: bool,
    /// A rated game that ends before each seat had this many turns changes no rating
    /// (docs/ONLINE.md, "Rating integrity").
    pub min_rated_moves_per_side: u32,
    /// Rated games between the same two people within a day; later ones start unrated.
    pub rated_games_per_pair_day: u32,
    /// How much of the archive of finished games is kept (by age and size).
    pub archive: crate::store::archive::ArchiveLimits,
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
            tables_per_addr: 10,
            connections_per_addr: 64,
            lobby_interval: Duration::from_millis(250),
            room_ttl: Duration::from_secs(600),
            idle: Duration::from_secs(120),
            handshake: Duration::from_secs(10),
            allow_origins: Vec::new(),
            grace: Duration::from_secs(60),
            background_grace: Duration::from_secs(180),
            presence_interval: Duration::from_secs(5),
            inactivity: Duration::from_secs(24 * 3600),
            sweep_interval: Duration::from_secs(10),
            rooms_per_addr: 50,
            room_creations_per_addr_minute: 20,
            room_creations_per_conn_minute: 10,
            join_failures_free: 5,
            join_delay: Duration::from_millis(250),
            join_delay_max: Duration::from_secs(8),
            join_failures_per_conn: 20,
            join_failures_per_addr: 20,
            join_window: Duration::from_secs(3600),
            join_cooldown: Duration::from_secs(3600),
            trust_proxy: false,
            min_rated_moves_per_side: 2,
            rated_games_per_pair_day: 5,
            archive: Default::default(),
        }
    }
}

/// The address a client is counted under: the TCP peer, or with `trust_proxy` the last entry of
/// the (last) `X-Forwarded-For` header when it parses; IPv6 addresses are grouped by their /64
/// (one subscriber's network), IPv4-mapped ones are IPv4.
pub fn client_addr(peer: IpAddr, forwarded_for: Option<&str>, trust_proxy: bool) -> IpAddr {
    let ip = forwarded_for
        .filter(|_| trust_proxy)
        .and_then(|v| v.rsplit(',').next())
        .and_then(|last| last.trim().parse::<IpAddr>().ok())
        .unwrap_or(peer);
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut seg = v6.segments();
                seg[4..].fill(0);
                IpAddr::V6(seg.into())
            }
        },
    }
}

/// Moments of recent events, oldest first.
#[derive(Debug, Default)]
pub struct Window {
    times: VecDeque<Instant>,
}

impl Window {
    /// Forgets events older than `span`; returns how many are left.
    pub fn count(&mut self, now: Instant, span: Duration) -> usize {
        while let Some(t) = self.times.front() {
            if now.saturating_duration_since(*t) >= span {
                self.times.pop_front();
            } else {
                break;
            }
        }
        self.times.len()
    }

    /// Events within `span` of `now`, without forgetting any.
    fn within(&self, now: Instant, span: Duration) -> usize {
        self.times
            .iter()
            .filter(|t| now.saturating_duration_since(**t) < span)
            .count()
    }

    /// Records an event.
    pub fn push(&mut self, now: Instant) {
        self.times.push_back(now);
    }

    /// Takes back the last event recorded.
    pub fn pop(&mut self) {
        self.times.pop_back();
    }

    fn is_empty(&self) -> bool {
        self.times.is_empty()
    }
}

/// Why a room creation is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CreateRefused {
    /// `rooms_per_addr` within the room lifetime.
    Open,
    /// `room_creations_per_addr_minute`.
    PerMinute,
}

/// What a failed-join check says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinCheck {
    /// Go ahead; this many failures of the address are in the window, this attempt counted as
    /// one until [`AddrLimiter::join_succeeded`] takes it back.
    Allowed(u32),
    /// The address is refused for this long.
    Refused(Duration),
}

#[derive(Debug, Default)]
struct AddrState {
    created: Window,
    failed: Window,
    blocked_until: Option<Instant>,
}

/// Room creations and failed joins per client address, shared by an instance's connections (with
/// several instances each counts its own: see docs/ONLINE.md).
#[derive(Debug, Default)]
pub struct AddrLimiter {
    addrs: Mutex<HashMap<IpAddr, AddrState>>,
    ops: std::sync::atomic::AtomicU64,
}

impl AddrLimiter {
    /// Counts a room creation of `addr`, or says why it is refused.
    pub fn try_create(&self, addr: IpAddr, limits: &Limits) -> Result<(), CreateRefused> {
        self.try_create_at(addr, limits, Instant::now())
    }

    fn try_create_at(
        &self,
        addr: IpAddr,
        limits: &Limits,
        now: Instant,
    ) -> Result<(), CreateRefused> {
        self.sweep(now, limits);
        let mut addrs = self.addrs.lock();
        let st = addrs.entry(addr).or_default();
        let ttl = limits.room_ttl.max(Duration::from_secs(1));
        st.created.count(now, ttl.max(Duration::from_secs(60)));
        if st.created.within(now, ttl) >= limits.rooms_per_addr {
            return Err(CreateRefused::Open);
        }
        if st.created.within(now, Duration::from_secs(60)) >= limits.room_creations_per_addr_minute
        {
            return Err(CreateRefused::PerMinute);
        }
        st.created.push(now);
        Ok(())
    }

    /// Takes back a creation counted by `try_create` (the store refused the room).
    pub fn creation_failed(&self, addr: IpAddr) {
        if let Some(st) = self.addrs.lock().get_mut(&addr) {
            st.created.pop();
        }
    }

    /// Before looking a room up: whether `addr` may try, counting the attempt as a failure.
    pub fn join_attempt(&self, addr: IpAddr, limits: &Limits) -> JoinCheck {
        self.join_attempt_at(addr, limits, Instant::now())
    }

    fn join_attempt_at(&self, addr: IpAddr, limits: &Limits, now: Instant) -> JoinCheck {
        self.sweep(now, limits);
        let mut addrs = self.addrs.lock();
        let st = addrs.entry(addr).or_default();
        if let Some(until) = st.blocked_until {
            if until > now {
                return JoinCheck::Refused(until - now);
            }
            st.blocked_until = None;
        }
        let failed = st.failed.count(now, limits.join_window);
        if failed >= limits.join_failures_per_addr as usize {
            st.blocked_until = Some(now + limits.join_cooldown);
            return JoinCheck::Refused(limits.join_cooldown);
        }
        st.failed.push(now);
        JoinCheck::Allowed(u32::try_from(failed + 1).unwrap_or(u32::MAX))
    }

    /// The attempt found its room: it is not a failure.
    pub fn join_succeeded(&self, addr: IpAddr) {
        if let Some(st) = self.addrs.lock().get_mut(&addr) {
            st.failed.pop();
        }
    }

    /// Now and then, forgets addresses with nothing recent.
    fn sweep(&self, now: Instant, limits: &Limits) {
        let n = self.ops.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if n % 1024 != 1023 {
            return;
        }
        let keep = limits.room_ttl.max(Duration::from_secs(60));
        self.addrs.lock().retain(|_, st| {
            st.created.count(now, keep);
            st.failed.count(now, limits.join_window);
            !(st.created.is_empty()
                && st.failed.is_empty()
                && st.blocked_until.is_none_or(|u| u <= now))
        });
    }
}

/// Open connections per client address on this instance (see [`Limits::connections_per_addr`]).
#[derive(Debug, Default)]
pub struct ConnLimiter {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection counted by a [`ConnLimiter`]; the count goes down when it is dropped.
#[derive(Debug)]
pub struct ConnSlot {
    limiter: std::sync::Arc<ConnLimiter>,
    addr: IpAddr,
}

impl ConnLimiter {
    /// Counts one more connection of `addr`, or `None` when it already has `max` open.
    pub fn acquire(self: &std::sync::Arc<Self>, addr: IpAddr, max: usize) -> Option<ConnSlot> {
        let mut open = self.open.lock();
        let n = open.entry(addr).or_default();
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(ConnSlot {
            limiter: self.clone(),
            addr,
        })
    }

    /// Connections of `addr` open now.
    pub fn open(&self, addr: IpAddr) -> usize {
        self.open.lock().get(&addr).copied().unwrap_or(0)
    }
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        let mut open = self.limiter.open.lock();
        if let Some(n) = open.get_mut(&self.addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.addr);
            }
        }
    }
}

/// How long the answer to a failed join waits: nothing for the first `join_failures_free`
/// failures (`failures` counts this one), then `join_delay` doubling up to `join_delay_max`.
pub fn join_failure_delay(failures: u32, limits: &Limits) -> Duration {
    let Some(extra) = failures.checked_sub(limits.join_failures_free + 1) else {
        return Duration::ZERO;
    };
    let factor = 1u32 << extra.min(20);
    limits
        .join_delay
        .saturating_mul(factor)
        .min(limits.join_delay_max)
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

    fn small() -> Limits {
        Limits {
            room_ttl: Duration::from_secs(600),
            rooms_per_addr: 3,
            room_creations_per_addr_minute: 2,
            join_failures_free: 2,
            join_delay: Duration::from_millis(100),
            join_delay_max: Duration::from_millis(350),
            join_failures_per_addr: 4,
            join_window: Duration::from_secs(60),
            join_cooldown: Duration::from_secs(120),
            ..Limits::default()
        }
    }

    #[test]
    fn client_addresses_trust_the_proxy_only_when_told() {
        let peer: IpAddr = "127.0.0.1".parse().unwrap();
        let xff = Some("203.0.113.9, 198.51.100.7");
        assert_eq!(client_addr(peer, xff, false), peer);
        assert_eq!(
            client_addr(peer, xff, true),
            "198.51.100.7".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client_addr(peer, Some("garbage"), true), peer);
        assert_eq!(client_addr(peer, None, true), peer);
        // One IPv6 subscriber (a /64) is one address; IPv4-mapped is IPv4.
        let a = client_addr("2001:db8:1:2:aaaa::1".parse().unwrap(), None, false);
        let b = client_addr("2001:db8:1:2:bbbb::2".parse().unwrap(), None, false);
        let c = client_addr("2001:db8:1:3::1".parse().unwrap(), None, false);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(
            client_addr("::ffff:192.0.2.1".parse().unwrap(), None, false),
            "192.0.2.1".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn room_creations_per_address() {
        let l = small();
        let r = AddrLimiter::default();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let t = Instant::now();
        assert_eq!(r.try_create_at(a, &l, t), Ok(()));
        assert_eq!(r.try_create_at(a, &l, t), Ok(()));
        assert_eq!(r.try_create_at(a, &l, t), Err(CreateRefused::PerMinute));
        assert_eq!(r.try_create_at(b, &l, t), Ok(()));
        let t = t + Duration::from_secs(61);
        assert_eq!(r.try_create_at(a, &l, t), Ok(()));
        // Three within the room lifetime: the fourth waits until the first expired.
        assert_eq!(r.try_create_at(a, &l, t), Err(CreateRefused::Open));
        r.creation_failed(a);
        assert_eq!(r.try_create_at(a, &l, t), Ok(()));
        assert_eq!(r.try_create_at(a, &l, t + Duration::from_secs(601)), Ok(()));
    }

    #[test]
    fn failed_joins_per_address_are_slowed_then_refused() {
        let l = small();
        let r = AddrLimiter::default();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let t = Instant::now();
        for n in 1..=4 {
            assert_eq!(r.join_attempt_at(a, &l, t), JoinCheck::Allowed(n));
        }
        // A success is not a failure.
        r.join_succeeded(a);
        assert_eq!(r.join_attempt_at(a, &l, t), JoinCheck::Allowed(4));
        assert_eq!(
            r.join_attempt_at(a, &l, t),
            JoinCheck::Refused(Duration::from_secs(120))
        );
        assert_eq!(r.join_attempt_at(b, &l, t), JoinCheck::Allowed(1));
        // Still refused after the window, until the cool-down is over.
        let later = t + Duration::from_secs(90);
        assert_eq!(
            r.join_attempt_at(a, &l, later),
            JoinCheck::Refused(Duration::from_secs(30))
        );
        assert_eq!(
            r.join_attempt_at(a, &l, t + Duration::from_secs(121)),
            JoinCheck::Allowed(1)
        );
        let ms = |n| join_failure_delay(n, &l).as_millis();
        assert_eq!(
            [ms(1), ms(2), ms(3), ms(4), ms(5), ms(40)],
            [0, 0, 100, 200, 350, 350]
        );
    }

    #[test]
    fn connections_per_address_are_counted_while_open() {
        let limiter = std::sync::Arc::new(ConnLimiter::default());
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let first = limiter.acquire(a, 2).unwrap();
        let second = limiter.acquire(a, 2).unwrap();
        assert!(limiter.acquire(a, 2).is_none());
        let other = limiter.acquire(b, 2).unwrap();
        assert_eq!((limiter.open(a), limiter.open(b)), (2, 1));
        drop(first);
        let third = limiter.acquire(a, 2).unwrap();
        drop((second, third, other));
        assert_eq!((limiter.open(a), limiter.open(b)), (0, 0));
        assert!(
            limiter.open.lock().is_empty(),
            "addresses with nothing open are forgotten"
        );
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
