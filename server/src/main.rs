//! `chinese-checkers-server`: the online server. `cargo run -p chinese-checkers-server` serves on
//! 127.0.0.1:8080, keeping its games in the data file `chinese-checkers-server.redb` of the
//! working directory, so a restart loses nothing.
//!
//! Options: `--bind ADDR` (default `127.0.0.1:8080`; port 0 picks one), `--data FILE` (the data
//! file; a missing one is created, an empty (0-byte) one is refused unless `--init-data`, a
//! damaged one is refused unchanged unless `--repair`, which copies it to
//! `FILE.damaged-<time>` first and keeps what can be read; see docs/ONLINE.md, "Storage
//! faults"), `--memory` (no data file: a restart loses every game; for tests), `--redis URL`
//! (scale-out backend, several instances on one Redis), `--prefix P` (Redis key prefix, default `cc`), `--grace-ms N` (seat grace period),
//! `--presence-ms N` (Redis presence heartbeat), `--sweep-ms N` (how often game deadlines are
//! checked, default 10000), `--inactivity-s N` (a game with no event this long expires, default
//! 86400), `--handshake-ms N` (deadline for an HTTP request
//! head, default 10000), `--allow-origin ORIGIN` (repeatable: a browser origin allowed to open
//! `/ws`; requests without `Origin`, as the apps send them, are always allowed), `--tls-cert FILE
//! --tls-key FILE` (PEM certificate chain and private key: serve `wss://` and `https://` rather
//! than plain TCP; both or neither),
//! `--trust-proxy` (behind a reverse proxy only: count each client under the last
//! `X-Forwarded-For` address rather than the proxy's, for the per-address room limits),
//! `--log-json` (log one JSON object per line rather than text; `RUST_LOG` filters, default
//! `info`).
//! Prints `listening on ADDR` once ready; SIGINT/SIGTERM stop it gracefully (clients are told).

use std::process::ExitCode;
use std::time::Duration;

use chinese_checkers_server::{start, Backend, Config, TlsFiles};

/// Where games are kept when no backend is chosen.
const DEFAULT_DATA_FILE: &str = "chinese-checkers-server.redb";

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
            "--allow-origin" => config.limits.allow_origins.push(value()?),
            "--trust-proxy" => config.limits.trust_proxy = true,
            "--log-json" => {} // read by `main`
            "--tls-cert" => tls_cert = Some(value()?),
            "--tls-key" => tls_key = Some(value()?),
            "--help" | "-h" => {
                return Err(
                    "usage: chinese-checkers-server [--bind ADDR] \
                            [--data FILE [--repair] [--init-data] | --memory | --redis URL] \
                            [--prefix P] [--grace-ms N] [--presence-ms N] [--sweep-ms N] \
                            [--inactivity-s N] \
                            [--handshake-ms N] [--allow-origin ORIGIN]... [--trust-proxy] [--log-json] \
                            [--tls-cert FILE --tls-key FILE]"
                        .into(),
                )
            }
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
