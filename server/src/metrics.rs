//! Counters and latency histograms for the `/metrics` endpoint (Prometheus text format).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds (seconds) of the latency histograms' buckets; `+Inf` follows.
pub const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// A latency histogram with the fixed [`BUCKETS`] (lock-free).
#[derive(Debug, Default)]
pub struct Histogram {
    /// Per bucket (not cumulative); the last one is `+Inf`.
    buckets: [AtomicU64; BUCKETS.len() + 1],
    sum_ns: AtomicU64,
    count: AtomicU64,
}

impl Histogram {
    /// Records one observation.
    pub fn observe(&self, d: Duration) {
        let secs = d.as_secs_f64();
        let i = BUCKETS
            .iter()
            .position(|&b| secs <= b)
            .unwrap_or(BUCKETS.len());
        self.buckets[i].fetch_add(1, Ordering::Relaxed);
        let ns = u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        self.sum_ns.fetch_add(ns, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
    }

    /// Observations so far.
    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// Appends the exposition text of `cc_<name>` (cumulative buckets, `_sum`, `_count`).
    fn render(&self, out: &mut String, name: &str, help: &str) {
        let _ = writeln!(out, "# HELP cc_{name} {help}\n# TYPE cc_{name} histogram");
        let mut cumulative = 0;
        for (i, b) in self.buckets.iter().enumerate() {
            cumulative += b.load(Ordering::Relaxed);
            match BUCKETS.get(i) {
                Some(le) => {
                    let _ = writeln!(out, "cc_{name}_bucket{{le=\"{le}\"}} {cumulative}");
                }
                None => {
                    let _ = writeln!(out, "cc_{name}_bucket{{le=\"+Inf\"}} {cumulative}");
                }
            }
        }
        let sum = self.sum_ns.load(Ordering::Relaxed) as f64 / 1e9;
        let _ = writeln!(out, "cc_{name}_sum {sum}");
        let _ = writeln!(out, "cc_{name}_count {}", self.count());
    }
}

/// The server's counters.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Connections open now.
    pub connections_open: AtomicU64,
    /// Connections accepted since start.
    pub connections_total: AtomicU64,
    /// Connections refused before the upgrade (too many from one address).
    pub connections_refused: AtomicU64,
    /// Lobby pages built (one serves every watcher of the instance).
    pub lobby_builds: AtomicU64,
    /// Lobby pages sent to watchers.
    pub lobby_sent: AtomicU64,
    /// Games started by this instance.
    pub games_started: AtomicU64,
    /// Moves accepted by this instance.
    pub moves: AtomicU64,
    /// Messages received.
    pub messages_in: AtomicU64,
    /// Messages sent.
    pub messages_out: AtomicU64,
    /// Error messages sent.
    pub errors: AtomicU64,
    /// From receiving a move (memory backend) or a pub/sub message (Redis backend) to writing
    /// the resulting event on a subscriber's socket.
    pub relay_latency: Histogram,
    /// Each call to the store.
    pub store_latency: Histogram,
}

/// Adds one to a counter.
pub fn inc(c: &AtomicU64) {
    c.fetch_add(1, Ordering::Relaxed);
}

/// The resident set size of this process in bytes (Linux), 0 if unknown.
pub fn rss_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

impl Metrics {
    /// The Prometheus exposition text, with the number of games this instance holds.
    pub fn render(&self, games: usize, channels: usize) -> String {
        let g = |c: &AtomicU64| c.load(Ordering::Relaxed);
        let mut out = String::new();
        let mut line = |name: &str, kind: &str, help: &str, v: u64| {
            out.push_str(&format!(
                "# HELP cc_{name} {help}\n# TYPE cc_{name} {kind}\ncc_{name} {v}\n"
            ));
        };
        line(
            "connections_open",
            "gauge",
            "Open WebSocket connections.",
            g(&self.connections_open),
        );
        line(
            "connections_total",
            "counter",
            "Connections accepted.",
            g(&self.connections_total),
        );
        line(
            "connections_refused_total",
            "counter",
            "Connections refused: too many from one address.",
            g(&self.connections_refused),
        );
        line(
            "lobby_builds_total",
            "counter",
            "Lobby pages built (each serves every watcher of this instance).",
            g(&self.lobby_builds),
        );
        line(
            "lobby_sent_total",
            "counter",
            "Lobby pages sent to watchers.",
            g(&self.lobby_sent),
        );
        line(
            "games_started_total",
            "counter",
            "Games started here.",
            g(&self.games_started),
        );
        line(
            "games_held",
            "gauge",
            "Game records held in memory.",
            games as u64,
        );
        line(
            "bus_channels",
            "gauge",
            "Bus channels with listeners here.",
            channels as u64,
        );
        line(
            "moves_total",
            "counter",
            "Moves accepted here.",
            g(&self.moves),
        );
        line(
            "messages_in_total",
            "counter",
            "Messages received.",
            g(&self.messages_in),
        );
        line(
            "messages_out_total",
            "counter",
            "Messages sent.",
            g(&self.messages_out),
        );
        line(
            "errors_total",
            "counter",
            "Error messages sent.",
            g(&self.errors),
        );
        line(
            "resident_memory_bytes",
            "gauge",
            "Resident set size.",
            rss_bytes(),
        );
        self.relay_latency.render(
            &mut out,
            "relay_latency_seconds",
            "From a move's arrival (or a pub/sub message's) to its event on a subscriber's socket.",
        );
        self.store_latency.render(
            &mut out,
            "store_latency_seconds",
            "Duration of each store call.",
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_renders_cumulative_buckets() {
        let h = Histogram::default();
        h.observe(Duration::from_micros(100));
        h.observe(Duration::from_millis(3));
        h.observe(Duration::from_secs(10));
        let mut out = String::new();
        h.render(&mut out, "x_seconds", "X.");
        assert!(out.contains("# TYPE cc_x_seconds histogram\n"));
        assert!(out.contains("cc_x_seconds_bucket{le=\"0.0005\"} 1\n"));
        assert!(out.contains("cc_x_seconds_bucket{le=\"0.005\"} 2\n"));
        assert!(out.contains("cc_x_seconds_bucket{le=\"2.5\"} 2\n"));
        assert!(out.contains("cc_x_seconds_bucket{le=\"+Inf\"} 3\n"));
        assert!(out.contains("cc_x_seconds_count 3\n"));
        assert!(out.contains("cc_x_seconds_sum 10.0031\n"));
    }
}
