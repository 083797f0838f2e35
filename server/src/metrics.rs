//! Counters for the `/metrics` endpoint (Prometheus text format).

use std::sync::atomic::{AtomicU64, Ordering};

/// The server's counters.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Connections open now.
    pub connections_open: AtomicU64,
    /// Connections accepted since start.
    pub connections_total: AtomicU64,
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
        out
    }
}
