//! Logging, initialised once: logcat on Android (`android_logger`), the unified log on Apple
//! platforms (`oslog`), stderr elsewhere.

use std::sync::Once;

/// How much the core logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum LogLevel {
    /// Errors only.
    Error,
    /// Warnings and errors.
    Warn,
    /// Informational messages and above.
    Info,
    /// Debugging detail and above.
    Debug,
    /// Everything.
    Trace,
}

impl LogLevel {
    fn filter(self) -> log::LevelFilter {
        match self {
            LogLevel::Error => log::LevelFilter::Error,
            LogLevel::Warn => log::LevelFilter::Warn,
            LogLevel::Info => log::LevelFilter::Info,
            LogLevel::Debug => log::LevelFilter::Debug,
            LogLevel::Trace => log::LevelFilter::Trace,
        }
    }
}

static LOGGING: Once = Once::new();

/// Starts logging (logcat on Android, the unified log on Apple platforms, stderr elsewhere).
/// Only the first call installs the logger; later calls change the level.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn init_logging(level: LogLevel) {
    LOGGING.call_once(install_logger);
    log::set_max_level(env_level().unwrap_or(level.filter()));
}

/// Desktop and CI only: `RUST_LOG=debug` (a bare level) overrides the level the app asks for.
fn env_level() -> Option<log::LevelFilter> {
    if cfg!(any(target_os = "android", target_vendor = "apple")) {
        return None;
    }
    std::env::var("RUST_LOG").ok()?.trim().parse().ok()
}

#[cfg(target_os = "android")]
fn install_logger() {
    android_logger::init_once(
        android_logger::Config::default()
            .with_max_level(log::LevelFilter::Trace)
            .with_tag("ChineseCheckersCore"),
    );
}

#[cfg(target_vendor = "apple")]
fn install_logger() {
    let logger =
        oslog::OsLogger::new("app.chinesecheckers.core").level_filter(log::LevelFilter::Trace);
    if logger.init().is_err() {
        // Another logger is already installed: keep it.
    }
}

#[cfg(not(any(target_os = "android", target_vendor = "apple")))]
fn install_logger() {
    /// A tiny logger writing to stderr.
    struct StderrLogger;
    impl log::Log for StderrLogger {
        fn enabled(&self, metadata: &log::Metadata) -> bool {
            metadata.level() <= log::max_level()
        }
        fn log(&self, record: &log::Record) {
            if self.enabled(record.metadata()) {
                eprintln!("[{} {}] {}", record.level(), record.target(), record.args());
            }
        }
        fn flush(&self) {}
    }
    static LOGGER: StderrLogger = StderrLogger;
    if log::set_logger(&LOGGER).is_err() {
        // Another logger is already installed: keep it.
    }
}
