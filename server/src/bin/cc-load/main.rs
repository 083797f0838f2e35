//! `cc-load`: a bounded loopback load test of the online server.
//!
//! Runs N concurrent games of random legal moves between pairs of real WebSocket clients (each
//! game: a private room, up to `--moves` moves, then a resignation, then the next game on the
//! same sockets) for `--seconds`, and reports games/s, moves/s, the p50/p99 relay latency of a
//! move (from the mover's send to the opponent's receipt of the `moved` event) and the server's
//! resident memory (from its `/metrics`).
//!
//! ```text
//! cc-load [--url ws://127.0.0.1:PORT/ws] [--games 2000] [--seconds 30] [--moves 60]
//!         [--think-ms 1000] [--ramp-s 10]
//!         [--lobby-tables N --lobby-watchers N [--lobby-churn] [--tables-one-addr]]
//!         [--server-pid PID]
//! ```
//! Without `--url` it starts an in-memory server in-process on 127.0.0.1:0. Only loopback
//! addresses are accepted (127.0.0.0/8, `localhost`, `[::1]`); games ≤ 5000, seconds ≤ 600.
//! `--help` prints the usage.
//!
//! With `--lobby-tables` or `--lobby-watchers` it measures the lobby's amplification instead
//! (issue #27, finding 6; see [`lobby`]): that many open tables and lobby watchers, one client
//! replacing its table by a new one as fast as the rate limit allows (`--lobby-churn`), and the
//! `--games` unrelated games whose relay latency it reports. `--server-pid` adds the server's
//! CPU time over the run (Linux `/proc`).

mod lobby;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chinese_checkers_core::online::{
    decode_server, encode, new_token, ClientGame, ClientMsg, Format, GameEvent, ServerMsg,
    SyncEffect, PROTOCOL_VERSION,
};
use futures_util::{SinkExt, StreamExt};
use parking_lot::Mutex;
use rand::Rng;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

struct Opts {
    url: Option<String>,
    games: usize,
    seconds: u64,
    moves: u32,
    think_ms: u64,
    ramp_s: u64,
    lobby: lobby::LobbyOpts,
    server_pid: Option<u32>,
}

#[derive(Default)]
struct Stats {
    moves: AtomicU64,
    games_done: AtomicU64,
    games_started: AtomicU64,
    errors: AtomicU64,
    latencies_us: Mutex<Vec<u32>>,
}

const MAX_SAMPLES: usize = 4_000_000;

const USAGE: &str = "usage: cc-load [--url ws://127.0.0.1:PORT/ws] [--games N (≤ 5000)] \
[--seconds N (≤ 600)] [--moves N] [--think-ms N] [--ramp-s N] \
[--lobby-tables N (≤ 3000)] [--lobby-watchers N (≤ 3000)] [--lobby-churn] [--tables-one-addr] \
[--server-pid PID]
Runs N concurrent games of random moves against a loopback server (an in-memory one of its own \
without --url) and reports games/s, moves/s, relay latency and the server's memory.
With --lobby-tables/--lobby-watchers: that many open tables (3 per connection, each connection \
an address of its own, or all one address with --tables-one-addr) and lobby watchers, one client \
replacing its table by a new one as fast as allowed with --lobby-churn, and --games unrelated games: \
reports their relay latency and what the watchers received. --server-pid PID: the server's CPU \
time over the run.";

/// Whether `url` is a `ws://` URL of this machine: 127.0.0.0/8, `localhost` or `[::1]`, with an
/// optional port, no user info.
fn is_loopback_url(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("ws://") else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.contains('@') {
        return false;
    }
    let (host, port) = if authority.starts_with('[') {
        match authority.find(']') {
            Some(end) => authority.split_at(end + 1),
            None => return false,
        }
    } else {
        match authority.find(':') {
            Some(i) => authority.split_at(i),
            None => (authority, ""),
        }
    };
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    let host_ok = host == "[::1]"
        || host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback());
    port_ok && host_ok
}

/// The options, or `None` for `--help`.
fn parse(args: &[String]) -> Result<Option<Opts>, String> {
    let mut o = Opts {
        url: None,
        games: 200,
        seconds: 30,
        moves: 60,
        think_ms: 1000,
        ramp_s: 5,
        lobby: lobby::LobbyOpts::default(),
        server_pid: None,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut v = || it.next().cloned().ok_or(format!("{a} needs a value"));
        let num = |s: String| s.parse::<u64>().map_err(|e| format!("{a}: {e}"));
        match a.as_str() {
            "--url" => o.url = Some(v()?),
            "--games" => o.games = num(v()?)? as usize,
            "--seconds" => o.seconds = num(v()?)?,
            "--moves" => o.moves = num(v()?)? as u32,
            "--think-ms" => o.think_ms = num(v()?)?,
            "--ramp-s" => o.ramp_s = num(v()?)?,
            "--lobby-tables" => o.lobby.tables = num(v()?)? as usize,
            "--lobby-watchers" => o.lobby.watchers = num(v()?)? as usize,
            "--lobby-churn" => o.lobby.churn = true,
            "--tables-one-addr" => o.lobby.one_addr = true,
            "--server-pid" => o.server_pid = Some(num(v()?)? as u32),
            "--help" | "-h" => return Ok(None),
            _ => return Err(format!("unknown option {a}\n{USAGE}")),
        }
    }
    if o.games == 0 || o.games > 5000 {
        return Err("--games must be between 1 and 5000".into());
    }
    if o.seconds == 0 || o.seconds > 600 {
        return Err("--seconds must be between 1 and 600".into());
    }
    o.moves = o.moves.clamp(1, 1000);
    if o.lobby.tables > 3000 || o.lobby.watchers > 3000 {
        return Err("--lobby-tables and --lobby-watchers must be at most 3000".into());
    }
    if let Some(url) = &o.url {
        if !is_loopback_url(url) {
            return Err(format!("only loopback servers are allowed, not {url}"));
        }
    }
    Ok(Some(o))
}

async fn send(ws: &mut Ws, msg: &ClientMsg) -> bool {
    ws.send(Message::text(encode(msg))).await.is_ok()
}

async fn recv(ws: &mut Ws, deadline: Instant) -> Option<ServerMsg> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let frame = tokio::time::timeout(left, ws.next()).await.ok()??.ok()?;
        if let Message::Text(t) = frame {
            return decode_server(t.as_str()).ok();
        }
    }
}

/// Connects as a client of its own address (`X-Forwarded-For: 10.x.y.z`, believed by a server
/// run with `--trust-proxy`), so that the per-address room limits see many players, not one.
async fn hello(url: &str, name: &str, deadline: Instant) -> Option<Ws> {
    static NEXT_ADDR: AtomicU64 = AtomicU64::new(1);
    let n = NEXT_ADDR.fetch_add(1, Ordering::Relaxed);
    let addr = format!("10.{}.{}.{}", (n >> 16) & 255, (n >> 8) & 255, n & 255);
    hello_from(url, name, &addr, deadline).await
}

/// Connects as a client of `addr` (see [`hello`]) and says hello with a new token.
async fn hello_from(url: &str, name: &str, addr: &str, deadline: Instant) -> Option<Ws> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = url.into_client_request().ok()?;
    req.headers_mut()
        .insert("x-forwarded-for", addr.parse().ok()?);
    // tungstenite's default 128 KiB read buffer per socket made the tool, not the server, the
    // biggest process (1.1 GB at 4,000 games); the server's frames are small.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(req, Some(config), true)
        .await
        .ok()?;
    let msg = ClientMsg::Hello {
        v: PROTOCOL_VERSION,
        token: new_token(),
        name: name.into(),
    };
    send(&mut ws, &msg).await;
    match recv(&mut ws, deadline).await? {
        ServerMsg::Welcome { .. } => Some(ws),
        _ => None,
    }
}

/// Sets up one game between the two sockets; returns the sync machines of both.
async fn new_game(ws: &mut [Ws; 2], deadline: Instant) -> Option<[ClientGame; 2]> {
    let format = Format::ALL[rand::thread_rng().gen_range(0..3)];
    send(
        &mut ws[0],
        &ClientMsg::CreateRoom {
            format,
            rated: false,
            clock: None,
        },
    )
    .await;
    let code = loop {
        if let ServerMsg::RoomCreated { code, .. } = recv(&mut ws[0], deadline).await? {
            break code;
        }
    };
    send(&mut ws[1], &ClientMsg::JoinRoom { code, rated: false }).await;
    let mut games: [Option<ClientGame>; 2] = [None, None];
    for (i, w) in ws.iter_mut().enumerate() {
        while games[i].is_none() {
            if let ServerMsg::Sync { snapshot } = recv(w, deadline).await? {
                games[i] = ClientGame::from_snapshot(&snapshot).ok();
            }
        }
    }
    let [Some(a), Some(b)] = games else {
        return None;
    };
    Some([a, b])
}

/// Starts the run's `opts.games` game slots, spread evenly over the ramp from `start` (a burst of
/// connections at once would measure the handshake, not the relay).
async fn start_games(
    url: &str,
    opts: &Arc<Opts>,
    stats: &Arc<Stats>,
    start: Instant,
    deadline: Instant,
) -> Vec<tokio::task::JoinHandle<()>> {
    let ramp = Duration::from_secs(opts.ramp_s);
    let mut tasks = Vec::with_capacity(opts.games);
    for i in 0..opts.games {
        let at = start + ramp.mul_f64(i as f64 / opts.games as f64);
        tokio::time::sleep_until(at.into()).await;
        tasks.push(tokio::spawn(slot(
            url.to_owned(),
            opts.clone(),
            stats.clone(),
            deadline,
        )));
    }
    tasks
}

/// One game slot: plays games back to back until the deadline.
async fn slot(url: String, opts: Arc<Opts>, stats: Arc<Stats>, deadline: Instant) {
    let Some(a) = hello(&url, "LoadA", deadline).await else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let Some(b) = hello(&url, "LoadB", deadline).await else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let mut ws = [a, b];
    while Instant::now() < deadline {
        let Some(mut games) = new_game(&mut ws, deadline).await else {
            break;
        };
        stats.games_started.fetch_add(1, Ordering::Relaxed);
        if !play(&mut ws, &mut games, &opts, &stats, deadline).await {
            break;
        }
        stats.games_done.fetch_add(1, Ordering::Relaxed);
    }
    for w in ws.iter_mut() {
        let _ = w.close(None).await;
    }
}

fn think(opts: &Opts) -> Duration {
    let base = opts.think_ms as f64;
    Duration::from_micros((base * rand::thread_rng().gen_range(0.5..1.5) * 1000.0) as u64)
}

/// Plays one game: random legal moves with think time, then a resignation. `false` on failure.
async fn play(
    ws: &mut [Ws; 2],
    games: &mut [ClientGame; 2],
    opts: &Opts,
    stats: &Stats,
    deadline: Instant,
) -> bool {
    let mut sent: HashMap<u32, Instant> = HashMap::new();
    let mut next_move = Instant::now() + think(opts);
    let [ws0, ws1] = ws;
    loop {
        let over = games[0].record().is_over() && games[1].record().is_over();
        if over {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        let to_move = games[0].record().to_move();
        let mover = if games[0].side() == to_move { 0 } else { 1 };
        let ply = games[mover].record().ply();
        let can_move =
            games[mover].my_turn() && games[1 - mover].last_seq() == games[mover].last_seq();
        let sleep_until = if can_move { next_move } else { deadline };
        let (who, frame) = tokio::select! {
            f = ws0.next() => (0, f),
            f = ws1.next() => (1, f),
            _ = tokio::time::sleep_until(sleep_until.into()) => {
                if !can_move { return false; }
                let msg = if ply >= opts.moves {
                    ClientMsg::Resign { game: games[mover].game_id().to_owned() }
                } else {
                    let legal = games[mover].record().game().legal_moves();
                    if legal.is_empty() { return false; }
                    let mv = &legal[rand::thread_rng().gen_range(0..legal.len())];
                    match games[mover].propose(mv) {
                        Ok(m) => m,
                        Err(_) => return false,
                    }
                };
                sent.insert(ply, Instant::now());
                let w = if mover == 0 { &mut *ws0 } else { &mut *ws1 };
                if !send(w, &msg).await { return false; }
                next_move = Instant::now() + Duration::from_secs(3600);
                continue;
            }
        };
        let Some(Ok(Message::Text(text))) = frame else {
            return false;
        };
        let Ok(msg) = decode_server(text.as_str()) else {
            return false;
        };
        if let ServerMsg::Event {
            event: GameEvent::Moved { ply, side, .. },
            ..
        } = &msg
        {
            if usize::from(*side) != who {
                if let Some(t0) = sent.remove(ply) {
                    let us = t0.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
                    let mut l = stats.latencies_us.lock();
                    if l.len() < MAX_SAMPLES {
                        l.push(us);
                    }
                    stats.moves.fetch_add(1, Ordering::Relaxed);
                }
                next_move = Instant::now() + think(opts);
            }
        }
        if matches!(msg, ServerMsg::Error { .. }) {
            stats.errors.fetch_add(1, Ordering::Relaxed);
        }
        match games[who].receive(&msg) {
            SyncEffect::Resync(m) | SyncEffect::Resend(m) => {
                let w = if who == 0 { &mut *ws0 } else { &mut *ws1 };
                if !send(w, &m).await {
                    return false;
                }
            }
            _ => {}
        }
    }
}

async fn server_memory(addr: &str) -> Option<u64> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(addr).await.ok()?;
    let req = "GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    s.write_all(req.as_bytes()).await.ok()?;
    let mut out = String::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_string(&mut out))
        .await
        .ok()?
        .ok()?;
    out.lines()
        .find_map(|l| l.strip_prefix("cc_resident_memory_bytes "))
        .and_then(|v| v.trim().parse().ok())
}

/// CPU time (user + system) of process `pid` so far, in seconds (Linux `/proc/PID/stat`, at the
/// usual 100 clock ticks a second).
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// This process's peak resident memory (Linux `VmHWM`), in KiB.
fn own_peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match parse(&args) {
        Ok(Some(o)) => Arc::new(o),
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut _local = None;
    let url = match &opts.url {
        Some(u) => u.clone(),
        None => {
            let mut config = chinese_checkers_server::Config {
                bind: SocketAddr::from(([127, 0, 0, 1], 0)),
                ..Default::default()
            };
            config.limits.trust_proxy = true;
            match chinese_checkers_server::start(config).await {
                Ok(s) => {
                    let u = s.ws_url();
                    _local = Some(s);
                    u
                }
                Err(e) => {
                    eprintln!("cannot start the server: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    let addr = url
        .trim_start_matches("ws://")
        .split('/')
        .next()
        .unwrap_or("")
        .to_owned();
    if opts.lobby.tables > 0 || opts.lobby.watchers > 0 {
        lobby::run(&url, opts.clone()).await;
        print_load_average();
        return ExitCode::SUCCESS;
    }
    let cpu_before = opts.server_pid.and_then(cpu_seconds);
    let stats = Arc::new(Stats::default());
    let start = Instant::now();
    let deadline = start + Duration::from_secs(opts.seconds);
    let tasks = start_games(&url, &opts, &stats, start, deadline).await;
    let mem_peak = {
        // Sample the server's memory while every game is running.
        tokio::time::sleep(
            Duration::from_secs(2).min(deadline.saturating_duration_since(Instant::now())),
        )
        .await;
        server_memory(&addr).await
    };
    for t in tasks {
        let _ = t.await;
    }
    let secs = start.elapsed().as_secs_f64();
    let mut l = std::mem::take(&mut *stats.latencies_us.lock());
    l.sort_unstable();
    let moves = stats.moves.load(Ordering::Relaxed);
    let done = stats.games_done.load(Ordering::Relaxed);
    println!("concurrent games: {}", opts.games);
    println!(
        "duration: {secs:.1} s (ramp {} s, think {} ms ±50%)",
        opts.ramp_s, opts.think_ms
    );
    println!(
        "games started: {}, finished: {done} ({:.1} games/s)",
        stats.games_started.load(Ordering::Relaxed),
        done as f64 / secs
    );
    println!(
        "moves relayed: {moves} ({:.0} moves/s)",
        moves as f64 / secs
    );
    println!(
        "relay latency: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&l, 0.5),
        percentile(&l, 0.99),
        percentile(&l, 1.0)
    );
    println!("errors: {}", stats.errors.load(Ordering::Relaxed));
    match mem_peak {
        Some(b) => println!(
            "server memory (RSS, under load): {:.1} MiB",
            b as f64 / 1048576.0
        ),
        None => println!("server memory: unknown"),
    }
    if let (Some(pid), Some(before)) = (opts.server_pid, cpu_before) {
        if let Some(after) = cpu_seconds(pid) {
            println!("server CPU over the run: {:.1} s", after - before);
        }
    }
    if let Some(kib) = own_peak_rss_kib() {
        println!("cc-load memory (peak RSS): {:.1} MiB", kib as f64 / 1024.0);
    }
    print_load_average();
    ExitCode::SUCCESS
}

fn print_load_average() {
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        let avg: Vec<&str> = load.split_whitespace().take(3).collect();
        println!("load average (1, 5, 15 min): {}", avg.join(" "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_urls_are_accepted() {
        for ok in [
            "ws://127.0.0.1:8080/ws",
            "ws://127.0.0.1/ws",
            "ws://127.1.2.3:9/ws",
            "ws://localhost:8080/ws",
            "ws://LOCALHOST/ws",
            "ws://[::1]:8080/ws",
            "ws://[::1]/ws",
        ] {
            assert!(is_loopback_url(ok), "{ok} refused");
        }
        for bad in [
            "ws://[2001:db8::1]:8080/ws",
            "ws://[::ffff:8.8.8.8]/ws",
            "ws://[::]:8080/ws",
            "ws://[::1:8080/ws",
            "ws://8.8.8.8:8080/ws",
            "ws://128.0.0.1/ws",
            "ws://0.0.0.0:8080/ws",
            "ws://localhost.example.org/ws",
            "ws://127.0.0.1.nip.io/ws",
            "ws://127.0.0.1@example.org/ws",
            "ws://127.0.0.1:80x/ws",
            "wss://127.0.0.1/ws",
            "http://127.0.0.1/ws",
            "",
        ] {
            assert!(!is_loopback_url(bad), "{bad} accepted");
        }
    }

    #[test]
    fn help_is_not_an_error_and_bad_urls_are() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(matches!(parse(&args(&["--help"])), Ok(None)));
        assert!(matches!(parse(&args(&["-h"])), Ok(None)));
        assert!(matches!(parse(&args(&[])), Ok(Some(_))));
        assert!(parse(&args(&["--url", "ws://[::1]:9/ws"])).is_ok());
        assert!(parse(&args(&["--url", "ws://[fe80::1]:9/ws"])).is_err());
        let lobby = parse(&args(&[
            "--lobby-tables",
            "600",
            "--lobby-watchers",
            "300",
            "--lobby-churn",
        ]))
        .ok()
        .flatten()
        .map(|o| o.lobby);
        assert!(lobby.is_some_and(
            |l| (l.tables, l.watchers, l.churn, l.one_addr) == (600, 300, true, false)
        ));
        assert!(parse(&args(&["--lobby-watchers", "3001"])).is_err());
        let e = parse(&args(&["--bogus"])).err().unwrap_or_default();
        assert!(
            e.contains("unknown option --bogus") && e.contains("usage"),
            "{e}"
        );
    }
}
