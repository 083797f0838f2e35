//! The lobby's amplification (issue #27, finding 6): `--lobby-tables` open tables, held by
//! connections of 3 tables each (each connection an address of its own, or all one address
//! with `--tables-one-addr`); `--lobby-watchers` connections watching the lobby, counting the
//! lobby messages and bytes they receive; with `--lobby-churn` one more client replacing its
//! table by a new one as fast as the server's rate limit allows; and `--games` unrelated games
//! (the usual slots) whose relay latency is the figure that matters. The tables and watchers
//! are set up first; the run itself lasts `--seconds`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chinese_checkers_core::online::{ClientMsg, Format, ServerMsg};
use futures_util::StreamExt;
use tokio_tungstenite::tungstenite::Message;

use super::{
    cpu_seconds, hello, hello_from, percentile, recv, send, server_memory, start_games, Opts,
    Stats, Ws,
};

/// What the lobby run sets up.
#[derive(Clone, Debug, Default)]
pub(super) struct LobbyOpts {
    /// Open tables to hold during the run.
    pub(super) tables: usize,
    /// Connections watching the lobby.
    pub(super) watchers: usize,
    /// One client opens and closes a table in a loop.
    pub(super) churn: bool,
    /// Every table-holding connection claims the same address.
    pub(super) one_addr: bool,
}

/// What the watchers received during the run.
#[derive(Default)]
struct Received {
    messages: AtomicU64,
    bytes: AtomicU64,
    /// The size of the last lobby message seen.
    last_size: AtomicU64,
}

/// Messages a second the churner sends: under the server's 20 a second.
const CHURN_RATE: f64 = 18.0;

/// Opens `n` tables, 3 per connection; returns the connections (kept open: their tables close
/// with them), the tables opened and the tables refused.
async fn open_tables(
    url: &str,
    n: usize,
    one_addr: bool,
    deadline: Instant,
) -> (Vec<Ws>, u64, u64) {
    let mut hosts = Vec::new();
    let (mut opened, mut refused) = (0, 0);
    while (opened + refused) < n as u64 && Instant::now() < deadline {
        let ws = if one_addr {
            hello_from(url, "Host", "10.250.0.1", deadline).await
        } else {
            hello(url, "Host", deadline).await
        };
        let Some(mut ws) = ws else {
            refused += 1;
            continue;
        };
        for _ in 0..3 {
            if (opened + refused) >= n as u64 {
                break;
            }
            let msg = ClientMsg::CreateTable {
                format: Format::Tripot1,
                clock: None,
            };
            send(&mut ws, &msg).await;
            match recv(&mut ws, deadline).await {
                Some(ServerMsg::TableCreated { .. }) => opened += 1,
                _ => refused += 1,
            }
        }
        hosts.push(ws);
    }
    (hosts, opened, refused)
}

/// Reads a connection's frames until `deadline` (answering the server's pings); counts the
/// lobby messages while `counting` is set.
async fn drain(
    mut ws: Ws,
    deadline: Instant,
    counting: Arc<AtomicU64>,
    got: Option<Arc<Received>>,
) {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(Some(Ok(frame))) = tokio::time::timeout(left, ws.next()).await else {
            break;
        };
        let (Some(got), Message::Text(text)) = (&got, &frame) else {
            continue;
        };
        if counting.load(Ordering::Relaxed) == 1 && text.as_str().starts_with(r#"{"type":"lobby""#)
        {
            got.messages.fetch_add(1, Ordering::Relaxed);
            got.bytes.fetch_add(text.len() as u64, Ordering::Relaxed);
            got.last_size.store(text.len() as u64, Ordering::Relaxed);
        }
    }
    let _ = ws.close(None).await;
}

/// Replaces its table by a new one until `deadline` (one is open at every moment, a new one
/// each time: every change shows in a lobby shorter than a page); returns the lobby changes
/// made and the refusals.
async fn churn(url: String, deadline: Instant) -> (u64, u64) {
    let Some(mut ws) = hello(&url, "Churner", deadline).await else {
        return (0, 1);
    };
    let pace = Duration::from_secs_f64(2.0 / CHURN_RATE);
    let (mut changes, mut refused) = (0, 0);
    let mut open: Option<String> = None;
    while Instant::now() < deadline {
        let cycle = Instant::now();
        let msg = ClientMsg::CreateTable {
            format: Format::Tripot2,
            clock: None,
        };
        send(&mut ws, &msg).await;
        match recv(&mut ws, deadline).await {
            Some(ServerMsg::TableCreated { table }) => {
                changes += 1;
                if let Some(old) = open.replace(table.id) {
                    send(&mut ws, &ClientMsg::CloseTable { table: old }).await;
                    changes += 1;
                }
            }
            // Refused (rate_limited, too_many_tables): counted, and the loop goes on.
            Some(_) => refused += 1,
            None => break,
        }
        tokio::time::sleep_until((cycle + pace).into()).await;
    }
    if let Some(old) = open {
        send(&mut ws, &ClientMsg::CloseTable { table: old }).await;
    }
    (changes, refused)
}

/// Runs the lobby measurement and prints its figures.
pub(super) async fn run(url: &str, opts: Arc<Opts>) {
    let lobby = &opts.lobby;
    let setup_deadline = Instant::now() + Duration::from_secs(300);
    let set_up = Instant::now();
    let (hosts, opened, refused) =
        open_tables(url, lobby.tables, lobby.one_addr, setup_deadline).await;
    let counting = Arc::new(AtomicU64::new(0));
    let got = Arc::new(Received::default());
    let mut watchers = 0;
    let mut readers = Vec::new();
    let deadline_of_run = |start: Instant| start + Duration::from_secs(opts.seconds);
    // The readers stop a little after the run, so that what was sent during it is read.
    let end = Instant::now() + Duration::from_secs(opts.seconds + 600);
    for _ in 0..lobby.watchers {
        let Some(mut ws) = hello(url, "Watcher", setup_deadline).await else {
            continue;
        };
        send(&mut ws, &ClientMsg::WatchLobby).await;
        watchers += 1;
        readers.push(tokio::spawn(drain(
            ws,
            end,
            counting.clone(),
            Some(got.clone()),
        )));
    }
    for ws in hosts {
        readers.push(tokio::spawn(drain(ws, end, counting.clone(), None)));
    }
    println!(
        "lobby: {opened} tables open ({refused} refused{}), {watchers} watchers; set up in {:.1} s",
        if lobby.one_addr {
            ", all from one address"
        } else {
            ", one address per 3 tables"
        },
        set_up.elapsed().as_secs_f64()
    );
    // Let the first pages arrive before counting.
    tokio::time::sleep(Duration::from_secs(2)).await;

    let stats = Arc::new(Stats::default());
    let cpu_before = opts.server_pid.and_then(cpu_seconds);
    let start = Instant::now();
    let deadline = deadline_of_run(start);
    counting.store(1, Ordering::Relaxed);
    let churner = lobby
        .churn
        .then(|| tokio::spawn(churn(url.to_owned(), deadline)));
    let games = start_games(url, &opts, &stats, start, deadline).await;
    let addr = url
        .trim_start_matches("ws://")
        .split('/')
        .next()
        .unwrap_or("")
        .to_owned();
    tokio::time::sleep(
        Duration::from_secs(2).min(deadline.saturating_duration_since(Instant::now())),
    )
    .await;
    let mem = server_memory(&addr).await;
    for g in games {
        let _ = g.await;
    }
    let (changes, churn_refused) = match churner {
        Some(c) => c.await.unwrap_or_default(),
        None => (0, 0),
    };
    let secs = start.elapsed().as_secs_f64();
    counting.store(0, Ordering::Relaxed);
    let cpu = opts
        .server_pid
        .and_then(|pid| Some(cpu_seconds(pid)? - cpu_before?));

    let mut l = std::mem::take(&mut *stats.latencies_us.lock());
    l.sort_unstable();
    let messages = got.messages.load(Ordering::Relaxed);
    let bytes = got.bytes.load(Ordering::Relaxed);
    let per_watcher = |v: u64| v as f64 / watchers.max(1) as f64 / secs;
    println!(
        "duration: {secs:.1} s; churn: {} ({changes} lobby changes, {:.1}/s; {churn_refused} refused)",
        if lobby.churn { "on" } else { "off" },
        changes as f64 / secs
    );
    println!(
        "lobby messages: {messages} in all, {:.2}/s per watcher, {:.1} KB/s per watcher, \
         {:.1} MB in all; last message {} bytes",
        per_watcher(messages),
        per_watcher(bytes) / 1000.0,
        bytes as f64 / 1e6,
        got.last_size.load(Ordering::Relaxed)
    );
    println!(
        "unrelated games: {} ({} moves relayed); relay latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; errors {}",
        opts.games,
        l.len(),
        percentile(&l, 0.5),
        percentile(&l, 0.99),
        percentile(&l, 1.0),
        stats.errors.load(Ordering::Relaxed)
    );
    if let Some(cpu) = cpu {
        println!(
            "server CPU over the run: {cpu:.1} s ({:.0}% of one core)",
            cpu / secs * 100.0
        );
    }
    if let Some(b) = mem {
        println!("server memory (RSS): {:.1} MiB", b as f64 / 1048576.0);
    }
    for r in readers {
        r.abort();
    }
}
