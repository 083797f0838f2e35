//! Logging: `tracing` events with structured fields, and a per-connection limiter so that one
//! abusive client cannot flood the log (at most [`LINES_PER_WINDOW`] warning/error lines per
//! connection per [`WINDOW`], then one "N more suppressed" line).

use std::time::Duration;

use tokio::time::Instant;

/// Warning/error lines a connection may log per window.
pub const LINES_PER_WINDOW: u32 = 10;
/// The limiter's window.
pub const WINDOW: Duration = Duration::from_secs(60);

/// Installs the global `tracing` subscriber: `RUST_LOG`-style filter (default `info`), human
/// text or, with `json`, one JSON object per line. Harmless if one is installed already.
pub fn init(json: bool) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = if json {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}

/// What the limiter says about one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Admit {
    /// Lines suppressed in the window that just ended: log "N more suppressed" first.
    pub report_suppressed: Option<u64>,
    /// Whether to log this line.
    pub log: bool,
}

/// Counts one connection's warning/error lines in fixed windows.
#[derive(Debug)]
pub struct LogLimiter {
    max: u32,
    window: Duration,
    start: Instant,
    logged: u32,
    suppressed: u64,
}

impl LogLimiter {
    /// At most `max` lines per `window`, starting at `now`.
    pub fn new(max: u32, window: Duration, now: Instant) -> Self {
        LogLimiter {
            max,
            window,
            start: now,
            logged: 0,
            suppressed: 0,
        }
    }

    /// One line wants out at `now`.
    pub fn admit(&mut self, now: Instant) -> Admit {
        let mut report_suppressed = None;
        if now.duration_since(self.start) >= self.window {
            report_suppressed = self.take_suppressed();
            self.start = now;
            self.logged = 0;
        }
        let log = self.logged < self.max;
        if log {
            self.logged += 1;
        } else {
            self.suppressed += 1;
        }
        Admit {
            report_suppressed,
            log,
        }
    }

    /// The lines suppressed and not yet reported (at the end of a window or of the
    /// connection), and resets that count.
    pub fn take_suppressed(&mut self) -> Option<u64> {
        let n = std::mem::take(&mut self.suppressed);
        (n > 0).then_some(n)
    }

    /// When the current window ends.
    pub fn window_end(&self) -> Instant {
        self.start + self.window
    }

    /// `take_suppressed` if the window has ended by `now` (periodic flush).
    pub fn flush_due(&mut self, now: Instant) -> Option<u64> {
        if now.duration_since(self.start) >= self.window {
            self.start = now;
            self.logged = 0;
            self.take_suppressed()
        } else {
            None
        }
    }
}

/// The first characters of a device token, enough to follow one client in the log without
/// writing the secret down.
pub fn token_prefix(token: &str) -> &str {
    let end = token.char_indices().nth(6).map_or(token.len(), |(i, _)| i);
    &token[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_logs_at_most_eleven_lines_and_reports_the_rest() {
        let t0 = Instant::now();
        let mut limiter = LogLimiter::new(LINES_PER_WINDOW, WINDOW, t0);
        let mut lines = 0;
        let mut reported = 0;
        for i in 0..1000u64 {
            let admit = limiter.admit(t0 + Duration::from_millis(i));
            if let Some(n) = admit.report_suppressed {
                lines += 1;
                reported += n;
            }
            if admit.log {
                lines += 1;
            }
        }
        // The connection closes: the suppressed count is reported once.
        if let Some(n) = limiter.take_suppressed() {
            lines += 1;
            reported += n;
        }
        assert!(lines <= 11, "{lines} lines");
        assert_eq!(lines, 11);
        assert_eq!(reported, 990);
        assert_eq!(limiter.take_suppressed(), None);
    }

    #[test]
    fn a_new_window_reports_the_last_one_and_logs_again() {
        let t0 = Instant::now();
        let mut limiter = LogLimiter::new(2, Duration::from_secs(60), t0);
        for _ in 0..5 {
            limiter.admit(t0);
        }
        assert_eq!(limiter.flush_due(t0 + Duration::from_secs(1)), None);
        let admit = limiter.admit(t0 + Duration::from_secs(61));
        assert_eq!(
            admit,
            Admit {
                report_suppressed: Some(3),
                log: true
            }
        );
        assert!(limiter.admit(t0 + Duration::from_secs(62)).log);
        assert!(!limiter.admit(t0 + Duration::from_secs(63)).log);
        assert_eq!(limiter.flush_due(t0 + Duration::from_secs(125)), Some(1));
        assert!(limiter.admit(t0 + Duration::from_secs(126)).log);
    }

    #[test]
    fn token_prefixes_are_short() {
        assert_eq!(token_prefix("abcdefghijkl"), "abcdef");
        assert_eq!(token_prefix("ab"), "ab");
        assert_eq!(token_prefix(""), "");
    }
}
