//! `chinese-checkers-server`: the online server. `cargo run -p chinese-checkers-server` serves on
//! 127.0.0.1:8080, keeping its games in the data file `chinese-checkers-server.redb` of the
//! working directory, so a restart loses nothing.
//!
//! Options: `--bind ADDR` (default `127.0.0.1:8080`; port 0 picks one), `--data FILE` (the data
//! file; a missing one is created, an empty (0-byte) one is refused unless `--init-data`, a
//! damaged one is refused unchanged unless `--repair`, which copies it to
//! `FILE.damaged-<time>` first and keeps what can be read; see docs/ONLINE.md, "Storage
//! faults, repair and the archive's limits"), `--archive-days N` and `--archive-mb N` (the
//! archive of finished games: at most N days, default 90, and N MiB, default 64), `--memory` (no data file: a restart loses every game; for tests), `--redis URL`
//! (scale-out backend, several instances on one Redis), `--prefix P` (Redis key prefix, default `cc`), `--grace-ms N` (seat grace period),
//! `--presence-ms N` (Redis presence heartbeat), `--sweep-ms N` (how often game deadlines are
//! checked, default 10000), `--inactivity-s N` (a game with no event this long expires, default
//! 86400), `--handshake-ms N` (deadline for an HTTP request
//! head and for a WebSocket's `hello`, default 10000), `--connections-per-addr N` (open
//! WebSockets per client address, default 64; one more gets HTTP 429), `--tables-per-addr N`
//! (open lobby tables per client address, default 10), `--allow-origin ORIGIN` (repeatable: a browser origin allowed to open
//! `/ws`; requests without `Origin`, as the apps send them, are always allowed), `--tls-cert FILE
//! --tls-key FILE` (PEM certificate chain and private key: serve `wss://` and `https://` rather
//! than plain TCP; both or neither),
//! `--trust-proxy` (behind a reverse proxy only: count each client under the last
//! `X-Forwarded-For` address rather than the proxy's, for the per-address limits),
//! `--log-json` (log one JSON object per line rather than text; `RUST_LOG` filters, default
//! `info`).
//! Prints `listening on ADDR` once ready; SIGINT/SIGTERM stop it gracefully (clients are told).

use std::process::ExitCode;
use std::time::Duration;

use chinese_checkers_server::{start, Backend, Config, TlsFiles};

/// Where games are kept when no backend is chosen.
const DEFAULT_DATA_FILE: &str = "chinese-checkers-server.redb";

/// `--help`.
const HELP: &str = "\
usage: chinese-checkers-server [--bind ADDR] [--data FILE [--repair] [--init-data] | --memory | --redis URL [--prefix P]]
         [--archive-days N] [--archive-mb N] [--grace-ms N] [--presence-ms N] [--sweep-ms N]
         [--inactivity-s N] [--handshake-ms N] [--connections-per-addr N] [--tables-per-addr N]
         [--allow-origin ORIGIN]... [--trust-proxy]
         [--tls-cert FILE --tls-key FILE] [--log-json]

The online server of Chinese Checkers. Prints `listening on ADDR` once ready; SIGINT/SIGTERM
stop it gracefully. Endpoints: /ws, /health, /metrics. See server/README.md and docs/ONLINE.md.

Store (one of):
  --data FILE       the data file (default chinese-checkers-server.redb in the working
                    directory); a path with no file starts a new one
  --memory          nothing written: a restart loses every game
  --redis URL       several instances on one Redis; --prefix P names its keys (default cc)
Data file at start (checked page by page without being written to):
  a damaged file    is refused unchanged (exit code 1), with the file and the ways out named
  --repair          copy a damaged file to FILE.damaged-<time>, then keep what can be read
  an empty file     is refused; --init-data uses it as a new data file
While running: a write that fails (full disk, Redis refusing writes) is refused with
`internal`, never acknowledged; /health answers 503 until writes succeed again, which the
server finds by itself (the data file is opened again every 0.5-5 s; no restart).
Archive of finished games (each player lists their last 50):
  --archive-days N  keep a game at most N days (default 90)
  --archive-mb N    keep at most N MiB in all, the games that ended first leave first
                    (default 64, counted as stored JSON: about 10,000 games of two)
Timings and limits:
  --bind ADDR       address to listen on (default 127.0.0.1:8080; port 0 picks one)
  --grace-ms N      how long a disconnected player's seat is held (default 60000)
  --presence-ms N   Redis presence heartbeat (default 5000)
  --sweep-ms N      safety-net sweeper interval (default 10000; deadlines are scheduled)
  --inactivity-s N  a game with no event this long expires (default 86400)
  --handshake-ms N  deadline for an HTTP request head or TLS handshake, and for a WebSocket's
                    hello (default 10000)
  --connections-per-addr N
                    open WebSockets per client address (default 64; one more gets HTTP 429)
  --tables-per-addr N
                    open lobby tables per client address (default 10)
  --allow-origin O  a browser origin allowed to open /ws (repeatable)
  --trust-proxy     behind a reverse proxy: count clients under the last X-Forwarded-For
  --tls-cert FILE --tls-key FILE
                    serve wss:// and https:// with these PEM files (both or neither)
  --log-json        one JSON object per log line (RUST_LOG filters, default info)
";

fn parse(args: &[String]) -> Result<Config, String> {
    let mut config = Config::default();
    let mut redis: Option<String> = None;
    let mut data: Option<String> = None;
    let mut memory = false;
    let mut prefix = "cc".to_owned();
    let mut tls_cert: Option<String> = None;
    let mut tls_key: Option<String> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--bind" => {
                config.bind = value()?.parse().map_err(|e| format!("--bind: {e}"))?;
            }
            "--redis" => redis = Some(value()?),
            "--data" => data = Some(value()?),
            "--memory" => memory = true,
            "--repair" => config.file.repair = true,
            "--init-data" => config.file.init_empty = true,
            "--prefix" => prefix = value()?,
            "--grace-ms" => {
                let ms: u64 = value()?.parse().map_err(|e| format!("--grace-ms: {e}"))?;
                config.limits.grace = Duration::from_millis(ms);
            }
            "--presence-ms" => {
                let ms: u64 = value()?
                    .parse()
                    .map_err(|e| format!("--presence-ms: {e}"))?;
                config.limits.presence_interval = Duration::from_millis(ms.max(10));
            }
            "--sweep-ms" => {
                let ms: u64 = value()?.parse().map_err(|e| format!("--sweep-ms: {e}"))?;
                config.limits.sweep_interval = Duration::from_millis(ms.max(10));
            }
            "--inactivity-s" => {
                let s: u64 = value()?
                    .parse()
                    .map_err(|e| format!("--inactivity-s: {e}"))?;
                config.limits.inactivity = Duration::from_secs(s.max(1));
            }
            "--handshake-ms" => {
                let ms: u64 = value()?
                    .parse()
                    .map_err(|e| format!("--handshake-ms: {e}"))?;
                config.limits.handshake = Duration::from_millis(ms.max(10));
            }
            "--archive-days" => {
                let days: u64 = value()?
                    .parse()
                    .map_err(|e| format!("--archive-days: {e}"))?;
                config.limits.archive.max_age = Duration::from_secs(days.max(1) * 24 * 3600);
            }
            "--archive-mb" => {
                let mb: u64 = value()?.parse().map_err(|e| format!("--archive-mb: {e}"))?;
                config.limits.archive.max_bytes = mb.max(1) << 20;
            }
            "--connections-per-addr" => {
                let n: usize = value()?
                    .parse()
                    .map_err(|e| format!("--connections-per-addr: {e}"))?;
                config.limits.connections_per_addr = n.max(1);
            }
            "--tables-per-addr" => {
                let n: usize = value()?
                    .parse()
                    .map_err(|e| format!("--tables-per-addr: {e}"))?;
                config.limits.tables_per_addr = n.max(1);
            }
            "--allow-origin" => config.limits.allow_origins.push(value()?),
            "--trust-proxy" => config.limits.trust_proxy = true,
            "--log-json" => {} // read by `main`
            "--tls-cert" => tls_cert = Some(value()?),
            "--tls-key" => tls_key = Some(value()?),
            "--help" | "-h" => return Err(HELP.into()),
            other => return Err(format!("unknown option {other}")),
        }
    }
    config.tls = match (tls_cert, tls_key) {
        (Some(cert), Some(key)) => Some(TlsFiles {
            cert: cert.into(),
            key: key.into(),
        }),
        (None, None) => None,
        _ => return Err("--tls-cert and --tls-key go together".into()),
    };
    config.backend = match (redis, data, memory) {
        (Some(url), None, false) => Backend::Redis { url, prefix },
        (None, None, true) => Backend::Memory,
        (None, data, false) => Backend::File {
            path: data.unwrap_or_else(|| DEFAULT_DATA_FILE.to_owned()).into(),
        },
        _ => return Err("choose one of --data, --memory and --redis".into()),
    };
    if (config.file.repair || config.file.init_empty)
        && !matches!(config.backend, Backend::File { .. })
    {
        return Err(
            "--repair and --init-data are about the data file (not with --memory or --redis)"
                .into(),
        );
    }
    Ok(config)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    chinese_checkers_server::logging::init(args.iter().any(|a| a == "--log-json"));
    let config = match parse(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let server = match start(config).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("listening on {}", server.addr());
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term => {}
    }
    tracing::info!("shutting down");
    server.shutdown().await;
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::parse;
    use chinese_checkers_server::Backend;

    #[test]
    fn the_default_store_is_a_data_file_and_backends_exclude_each_other() {
        match parse(&args(&[])).unwrap().backend {
            Backend::File { path } => {
                assert_eq!(
                    path,
                    std::path::PathBuf::from("chinese-checkers-server.redb")
                )
            }
            other => panic!("default backend {other:?}"),
        }
        match parse(&args(&["--data", "/var/lib/cc/games.redb"]))
            .unwrap()
            .backend
        {
            Backend::File { path } => {
                assert_eq!(path, std::path::PathBuf::from("/var/lib/cc/games.redb"))
            }
            other => panic!("--data backend {other:?}"),
        }
        assert!(matches!(
            parse(&args(&["--memory"])).unwrap().backend,
            Backend::Memory
        ));
        assert!(matches!(
            parse(&args(&["--redis", "redis://127.0.0.1/"]))
                .unwrap()
                .backend,
            Backend::Redis { .. }
        ));
        for clash in [
            &["--memory", "--redis", "redis://x/"][..],
            &["--data", "f", "--memory"][..],
            &["--data", "f", "--redis", "redis://x/"][..],
        ] {
            assert_eq!(
                parse(&args(clash)).unwrap_err(),
                "choose one of --data, --memory and --redis"
            );
        }
    }

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn data_file_and_archive_options() {
        let config = parse(&args(&["--data", "g.redb", "--repair", "--init-data"])).unwrap();
        assert!(config.file.repair && config.file.init_empty);
        assert!(!parse(&args(&[])).unwrap().file.repair);
        for other in [
            &["--memory", "--repair"][..],
            &["--redis", "redis://x/", "--init-data"][..],
        ] {
            assert!(parse(&args(other)).unwrap_err().contains("data file"));
        }
        let config = parse(&args(&["--archive-days", "7", "--archive-mb", "16"])).unwrap();
        assert_eq!(config.limits.archive.max_age.as_secs(), 7 * 24 * 3600);
        assert_eq!(config.limits.archive.max_bytes, 16 << 20);
        let defaults = parse(&args(&[])).unwrap().limits.archive;
        assert_eq!(defaults.max_age.as_secs(), 90 * 24 * 3600);
        assert_eq!(defaults.max_bytes, 64 << 20);
        assert!(parse(&args(&["--archive-mb", "x"])).is_err());
        assert!(parse(&args(&["--help"])).unwrap_err().contains("--repair"));
    }

    #[test]
    fn per_address_limits_are_options() {
        let config = parse(&args(&[
            "--connections-per-addr",
            "8",
            "--tables-per-addr",
            "2",
        ]))
        .unwrap();
        assert_eq!(
            (
                config.limits.connections_per_addr,
                config.limits.tables_per_addr
            ),
            (8, 2)
        );
        assert!(parse(&args(&["--tables-per-addr", "many"]))
            .unwrap_err()
            .starts_with("--tables-per-addr: "));
        assert!(parse(&args(&["--help"]))
            .unwrap_err()
            .contains("--connections-per-addr N"));
    }

    #[test]
    fn tls_options_come_in_pairs() {
        let config = parse(&args(&["--tls-cert", "c.pem", "--tls-key", "k.pem"])).unwrap();
        let tls = config.tls.unwrap();
        assert_eq!(tls.cert, std::path::PathBuf::from("c.pem"));
        assert_eq!(tls.key, std::path::PathBuf::from("k.pem"));
        assert!(parse(&args(&[])).unwrap().tls.is_none());
        for half in [["--tls-cert", "c.pem"], ["--tls-key", "k.pem"]] {
            assert_eq!(
                parse(&args(&half)).unwrap_err(),
                "--tls-cert and --tls-key go together"
            );
        }
        assert_eq!(
            parse(&args(&["--tls-cert"])).unwrap_err(),
            "--tls-cert needs a value"
        );
    }
}
