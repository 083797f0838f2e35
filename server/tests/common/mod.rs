//! Test harness: servers on 127.0.0.1 (memory or a private redis-server), and WebSocket clients
//! that speak the protocol through the core's types and keep games in sync with `ClientGame`.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::zombie_processes
)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use chinese_checkers_core::online::{
    decode_server, encode, new_token, ClientGame, ClientMsg, ErrorCode, Format, GameEvent,
    ServerMsg, SyncEffect, PROTOCOL_VERSION,
};
use chinese_checkers_core::rules::Move;
use chinese_checkers_server::{start, Backend, Config, Limits, RunningServer};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Which backend a test runs against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Memory,
    Redis,
    /// In memory, written through to a data file (the binary's default).
    File,
}

/// A fresh data-file path in a directory of its own under the system's temp directory.
pub fn temp_data_file(name: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "cc-server-test-{}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed),
        name
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.redb")
}

/// A redis-server of our own on a free loopback port, stopped on drop.
/// Runs each scenario `async fn name(kind: Kind)` as a test on every store: in memory, in memory
/// written through to a data file, and on a private redis-server.
#[allow(unused_macros)]
macro_rules! suite {
    ($($name:ident),* $(,)?) => {
        mod memory {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() { super::$name(super::Kind::Memory).await })*
        }
        mod redis {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() { super::$name(super::Kind::Redis).await })*
        }
        mod file {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() { super::$name(super::Kind::File).await })*
        }
    };
}

pub struct RedisServer {
    child: Child,
    pub url: String,
}

fn free_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

impl RedisServer {
    /// A private redis-server on a free port, answering PING. The free port is only free when
    /// it was picked: under a full test run another process may take it first, so a server that
    /// exits (it could not bind) or a port that answers as something else is tried again.
    pub fn start() -> RedisServer {
        for _ in 0..5 {
            let port = free_port();
            let mut child = Command::new("redis-server")
                .args([
                    "--port",
                    &port.to_string(),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap_or_else(|e| {
                    panic!(
                        "redis-server is needed for the Redis backend tests and could not be \
                         started ({e}); install it with `apt-get install -y redis-server`"
                    )
                });
            let url = format!("redis://127.0.0.1:{port}/");
            for _ in 0..100 {
                if child.try_wait().ok().flatten().is_some() {
                    break;
                }
                if answers_ping(port) {
                    return RedisServer { child, url };
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        panic!("redis-server did not start answering on a free port");
    }
}

/// Whether a Redis server answers PING on the port.
fn answers_ping(port: u16) -> bool {
    use std::io::{Read, Write};
    let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_millis(500)));
    let mut buf = [0u8; 7];
    s.write_all(b"PING\r\n").is_ok() && s.read_exact(&mut buf).is_ok() && &buf == b"+PONG\r\n"
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A server (and its redis-server, kept alive as long as the server).
pub struct TestServer {
    pub server: Option<RunningServer>,
    pub redis: Option<RedisServer>,
    pub url: String,
}

pub fn fast_limits() -> Limits {
    Limits {
        grace: Duration::from_millis(400),
        background_grace: Duration::from_millis(3000),
        inactivity: Duration::from_secs(60),
        sweep_interval: Duration::from_millis(200),
        ..Limits::default()
    }
}

pub async fn server(kind: Kind, limits: Limits) -> TestServer {
    let redis = (kind == Kind::Redis).then(RedisServer::start);
    let s = if kind == Kind::File {
        instance_on(
            Backend::File {
                path: temp_data_file("e2e"),
            },
            limits,
        )
        .await
    } else {
        instance(redis.as_ref().map(|r| r.url.as_str()), limits).await
    };
    let url = s.ws_url();
    TestServer {
        server: Some(s),
        redis,
        url,
    }
}

/// One more instance on the same Redis (or a memory one).
pub async fn instance(redis: Option<&str>, limits: Limits) -> RunningServer {
    let backend = match redis {
        Some(url) => Backend::Redis {
            url: url.to_owned(),
            prefix: "cc".into(),
        },
        None => Backend::Memory,
    };
    instance_on(backend, limits).await
}

/// A server on a given backend.
pub async fn instance_on(backend: Backend, limits: Limits) -> RunningServer {
    let config = Config {
        bind: "127.0.0.1:0".parse().unwrap(),
        backend,
        limits,
        tls: None,
        file: Default::default(),
    };
    start(config).await.expect("server starts")
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A protocol client.
pub struct Client {
    ws: Ws,
    pub token: String,
    pub name: String,
    pub games: HashMap<String, ClientGame>,
    pub welcome_games: Vec<String>,
}

pub const WAIT: Duration = Duration::from_secs(10);

impl Client {
    pub async fn raw(url: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("connects");
        Client {
            ws,
            token: new_token(),
            name: String::new(),
            games: HashMap::new(),
            welcome_games: vec![],
        }
    }

    pub async fn join(url: &str, name: &str) -> Client {
        Client::rejoin(url, name, &new_token()).await
    }

    /// Connects (fresh token, hello answered) as if from `addr`: through a proxy that sets
    /// `X-Forwarded-For`, which a server with `trust_proxy` believes.
    pub async fn join_from(url: &str, name: &str, addr: &str) -> Client {
        Client::rejoin_from(url, name, &new_token(), addr).await
    }

    /// Opens a WebSocket as if from `addr` (see [`Client::join_from`]) without saying hello;
    /// the HTTP status when the server refuses the upgrade.
    pub async fn try_raw_from(url: &str, addr: &str) -> Result<Client, u16> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = url.into_client_request().unwrap();
        req.headers_mut()
            .insert("x-forwarded-for", addr.parse().unwrap());
        match tokio_tungstenite::connect_async(req).await {
            Ok((ws, _)) => Ok(Client {
                ws,
                token: new_token(),
                name: String::new(),
                games: HashMap::new(),
                welcome_games: vec![],
            }),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                Err(response.status().as_u16())
            }
            Err(e) => panic!("cannot connect to {url}: {e}"),
        }
    }

    /// Says hello with this client's token and `name`; waits for the welcome.
    pub async fn hello(&mut self, name: &str) {
        self.name = name.to_owned();
        self.send(&ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token: self.token.clone(),
            name: name.to_owned(),
        })
        .await;
        match self.recv().await {
            ServerMsg::Welcome { games, .. } => self.welcome_games = games,
            other => panic!("expected welcome, got {other:?}"),
        }
    }

    /// Connects with a given token as if from `addr` (see [`Client::join_from`]).
    pub async fn rejoin_from(url: &str, name: &str, token: &str, addr: &str) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = url.into_client_request().unwrap();
        req.headers_mut()
            .insert("x-forwarded-for", addr.parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async(req)
            .await
            .expect("connects");
        Client::greet(ws, name, token).await
    }

    /// Connects over `wss://` with a token (fresh or a device coming back), trusting what `tls`
    /// trusts (a test's own self-signed certificate), and says hello.
    pub async fn rejoin_tls(
        url: &str,
        name: &str,
        token: &str,
        tls: std::sync::Arc<rustls::ClientConfig>,
    ) -> Client {
        let connector = tokio_tungstenite::Connector::Rustls(tls);
        let (ws, _) =
            tokio_tungstenite::connect_async_tls_with_config(url, None, false, Some(connector))
                .await
                .expect("connects over TLS");
        Client::greet(ws, name, token).await
    }

    /// Connects with a given token (a device coming back).
    pub async fn rejoin(url: &str, name: &str, token: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("connects");
        Client::greet(ws, name, token).await
    }

    /// The client on the open socket `ws`: says hello with `token` and `name`, keeps the
    /// welcome's games.
    async fn greet(ws: Ws, name: &str, token: &str) -> Client {
        let mut c = Client {
            ws,
            token: token.to_owned(),
            name: name.to_owned(),
            games: HashMap::new(),
            welcome_games: vec![],
        };
        c.send(&ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token: token.to_owned(),
            name: name.to_owned(),
        })
        .await;
        match c.recv().await {
            ServerMsg::Welcome { games, .. } => c.welcome_games = games,
            other => panic!("expected welcome, got {other:?}"),
        }
        c
    }

    pub async fn send(&mut self, msg: &ClientMsg) {
        self.send_raw(&encode(msg)).await;
    }

    /// Sends any WebSocket frame; `false` when the connection is gone.
    pub async fn send_frame(&mut self, frame: Message) -> bool {
        self.ws.send(frame).await.is_ok()
    }

    /// Whether the server closes the connection within `wait` (frames until then are skipped).
    pub async fn closed_within(&mut self, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Err(_) => return false,
                Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => return true,
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    /// The next text frame as it came, undecoded (`None`: closed, or nothing within `wait`).
    pub async fn recv_text(&mut self, wait: Duration) -> Option<String> {
        loop {
            let frame = tokio::time::timeout(wait, self.ws.next()).await.ok()??;
            match frame {
                Ok(Message::Text(t)) => return Some(t.as_str().to_owned()),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            }
        }
    }

    pub async fn send_raw(&mut self, text: &str) {
        self.ws
            .send(Message::text(text.to_owned()))
            .await
            .expect("send");
    }

    /// The next message (fails after WAIT). Game messages also update `games`.
    pub async fn recv(&mut self) -> ServerMsg {
        self.try_recv(WAIT).await.expect("a message in time")
    }

    pub async fn try_recv(&mut self, wait: Duration) -> Option<ServerMsg> {
        loop {
            let frame = tokio::time::timeout(wait, self.ws.next()).await.ok()??;
            match frame {
                Ok(Message::Text(t)) => {
                    let msg = decode_server(t.as_str()).expect("server messages decode");
                    self.track(&msg).await;
                    return Some(msg);
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            }
        }
    }

    async fn track(&mut self, msg: &ServerMsg) {
        if let ServerMsg::Sync { snapshot } = msg {
            if !self.games.contains_key(&snapshot.game) {
                let g = ClientGame::from_snapshot(snapshot).expect("snapshot replays");
                self.games.insert(snapshot.game.clone(), g);
                return;
            }
        }
        let mut out = vec![];
        for g in self.games.values_mut() {
            match g.receive(msg) {
                SyncEffect::Resync(m) | SyncEffect::Resend(m) => out.push(m),
                _ => {}
            }
        }
        for m in out {
            self.send(&m).await;
        }
    }

    /// Waits for the end of a game (any reason), skipping other messages.
    pub async fn expect_end(&mut self) -> ServerMsg {
        self.expect("the end of the game", |m| {
            matches!(
                m,
                ServerMsg::Event {
                    event: GameEvent::Ended { .. },
                    ..
                }
            )
        })
        .await
    }

    /// Waits for a message matching `pred`, skipping others.
    pub async fn expect(&mut self, what: &str, pred: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.try_recv(left).await {
                Some(m) if pred(&m) => return m,
                Some(_) => continue,
                None => panic!("{}: no {what} in time", self.name),
            }
        }
    }

    pub async fn expect_error(&mut self, code: ErrorCode) -> String {
        match self
            .expect(&format!("error {code:?}"), |m| {
                matches!(m, ServerMsg::Error { .. })
            })
            .await
        {
            ServerMsg::Error {
                code: got, message, ..
            } => {
                assert_eq!(got, code, "{message}");
                message
            }
            _ => unreachable!(),
        }
    }

    /// Waits for `matched` and the game's snapshot; returns (game id, side, format).
    pub async fn matched(&mut self) -> (String, u8, Format) {
        let (game, side, format) = match self
            .expect("matched", |m| matches!(m, ServerMsg::Matched { .. }))
            .await
        {
            ServerMsg::Matched {
                game, side, format, ..
            } => (game, side, format),
            _ => unreachable!(),
        };
        while !self.games.contains_key(&game) {
            self.recv().await;
        }
        (game, side, format)
    }

    /// Creates a private room (the format's default clock); returns its code.
    /// Opens a lobby table of `format` (default clock); its id.
    pub async fn create_table(&mut self, format: Format) -> String {
        self.send(&ClientMsg::CreateTable {
            format,
            clock: None,
        })
        .await;
        match self
            .expect("table_created", |m| {
                matches!(m, ServerMsg::TableCreated { .. })
            })
            .await
        {
            ServerMsg::TableCreated { table } => table.id,
            _ => unreachable!(),
        }
    }

    /// Sits at the filling table or room `id` (`join_table`, or `join_room` for a room's code,
    /// unrated) and waits to be seated.
    pub async fn sit(&mut self, id: &str, room: bool) {
        let msg = if room {
            ClientMsg::JoinRoom {
                code: id.to_owned(),
                rated: false,
            }
        } else {
            ClientMsg::JoinTable {
                table: id.to_owned(),
            }
        };
        self.send(&msg).await;
        self.expect("seated", |m| matches!(m, ServerMsg::Seated { .. }))
            .await;
    }

    pub async fn create_room(&mut self, format: Format, rated: bool) -> String {
        self.send(&ClientMsg::CreateRoom {
            format,
            clock: None,
            rated,
        })
        .await;
        match self
            .expect("room_created", |m| {
                matches!(m, ServerMsg::RoomCreated { .. } | ServerMsg::Error { .. })
            })
            .await
        {
            ServerMsg::RoomCreated { code, .. } => code,
            other => panic!("no room: {other:?}"),
        }
    }

    pub fn game(&self, id: &str) -> &ClientGame {
        &self.games[id]
    }

    /// Plays a move through the sync machine and waits until the server confirmed it.
    pub async fn play(&mut self, id: &str, mv: &Move) {
        let msg = self
            .games
            .get_mut(id)
            .unwrap()
            .propose(mv)
            .expect("a legal move");
        self.send(&msg).await;
        let deadline = tokio::time::Instant::now() + WAIT;
        while self.games[id].pending().is_some() {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            self.try_recv(left)
                .await
                .expect("the move is confirmed in time");
        }
    }

    /// Receives until the game reached event `seq`.
    pub async fn catch_up(&mut self, id: &str, seq: u64) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while self.games.get(id).map_or(0, |g| g.last_seq()) < seq {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            self.try_recv(left)
                .await
                .unwrap_or_else(|| panic!("{} never reached event {seq}", self.name));
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// The move with the greatest progress (keeps games short and ending in a win).
pub fn greedy(game: &ClientGame) -> Move {
    let pos = *game.record().position();
    let legal = game.record().game().legal_moves();
    let compact: Vec<_> = legal.iter().map(|m| m.compact()).collect();
    let best = chinese_checkers_core::ai::greatest_progress(&pos, &compact);
    let i = compact.iter().position(|c| *c == best).unwrap_or(0);
    legal[i].clone()
}

/// Two clients matched into a game of `format`; returns them with the side-0 player first.
pub async fn pair(url: &str, format: Format) -> [Client; 2] {
    let mut a = Client::join(url, "Ada").await;
    let mut b = Client::join(url, "Bob").await;
    a.send(&ClientMsg::QuickMatch {
        format: Some(format),
    })
    .await;
    a.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    b.send(&ClientMsg::QuickMatch {
        format: Some(format),
    })
    .await;
    let (game, side_a, _) = a.matched().await;
    let (game_b, side_b, _) = b.matched().await;
    assert_eq!(game, game_b);
    assert_ne!(side_a, side_b);
    if side_a == 0 {
        [a, b]
    } else {
        [b, a]
    }
}

/// The id of the one game both clients follow.
pub fn game_id(p: &[Client; 2]) -> String {
    p[0].games.keys().next().cloned().unwrap()
}

/// Plays `n` greedy moves alternately (p[0] is side 0); both clients stay in sync.
pub async fn play_moves(p: &mut [Client; 2], id: &str, n: usize) {
    for _ in 0..n {
        let record = p[0].game(id).record();
        if record.is_over() || record.game().outcome().is_some() {
            return;
        }
        let side = p[0].game(id).record().to_move() as usize;
        let mv = greedy(p[side].game(id));
        p[side].play(id, &mv).await;
        let seq = p[side].game(id).last_seq();
        p[1 - side].catch_up(id, seq).await;
    }
}

/// `GET path` over plain HTTP; returns the body.
pub async fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    tokio::time::timeout(WAIT, s.read_to_string(&mut out))
        .await
        .unwrap()
        .unwrap();
    out
}

/// Polls `/health` until its status line contains `want` (panics after 15 s).
pub async fn wait_health(addr: std::net::SocketAddr, want: &str) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let got = http_get(addr, "/health").await;
        if got.lines().next().is_some_and(|l| l.contains(want)) {
            return got;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "/health never said {want}; last: {got}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A redis-server whose data survive a SIGKILL (append-only file, synced on every write), on a
/// fixed port and data directory so that it can be started again in its place.
pub struct DurableRedis {
    child: Option<Child>,
    port: u16,
    dir: PathBuf,
}

impl DurableRedis {
    pub fn new() -> DurableRedis {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir = std::env::temp_dir().join(format!("cc-redis-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut r = DurableRedis {
            child: None,
            port,
            dir,
        };
        r.start();
        r
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    pub fn start(&mut self) {
        let child = spawn_redis(self.port, &self.dir);
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                self.child = Some(child);
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("redis-server did not start listening on port {}", self.port);
    }

    /// SIGKILL: no goodbye, no final save.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The events of a game's stored log.
    pub fn log(&self, game: &str) -> Vec<GameEvent> {
        let client = redis::Client::open(self.url()).unwrap();
        let mut conn = client.get_connection().unwrap();
        let raw: Vec<String> = redis::cmd("LRANGE")
            .arg(format!("cc:g:{game}:ev"))
            .arg(0)
            .arg(-1)
            .query(&mut conn)
            .unwrap();
        raw.iter()
            .map(|s| serde_json::from_str(s).unwrap())
            .collect()
    }
}

fn spawn_redis(port: u16, dir: &Path) -> Child {
    Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--dir"])
        .arg(dir)
        .args([
            "--save",
            "",
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("redis-server is needed for this test (apt-get install -y redis-server)")
}

impl Drop for DurableRedis {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A TLS client configuration that trusts `cert` alone (a test's own self-signed certificate).
pub fn trusting(
    cert: rustls::pki_types::CertificateDer<'static>,
) -> std::sync::Arc<rustls::ClientConfig> {
    let mut roots = rustls::RootCertStore::empty();
    roots.add(cert).unwrap();
    let config = rustls::ClientConfig::builder_with_provider(std::sync::Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(roots)
    .with_no_client_auth();
    std::sync::Arc::new(config)
}

/// The server binary as a child process on a free port; killed on drop.
pub struct Process {
    pub child: Child,
    pub url: String,
}

impl Process {
    pub fn start(redis: &str) -> Process {
        Process::start_with(redis, &["--grace-ms", "5000"])
    }

    pub fn start_with(redis: &str, extra: &[&str]) -> Process {
        let args: Vec<&str> = ["--bind", "127.0.0.1:0", "--redis", redis]
            .into_iter()
            .chain(extra.iter().copied())
            .collect();
        Process::start_args(&args)
    }

    /// The server binary with exactly `args`; panics (naming them) unless it says where it
    /// listens.
    pub fn start_args<S: AsRef<std::ffi::OsStr> + std::fmt::Debug>(args: &[S]) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chinese-checkers-server"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server binary starts");
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let Some(addr) = line.trim().strip_prefix("listening on ") else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the server did not start with {args:?}: {line:?}");
        };
        Process {
            url: format!("ws://{addr}/ws"),
            child,
        }
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        let addr = self.url.trim_start_matches("ws://").trim_end_matches("/ws");
        addr.rsplit(':').next().unwrap().parse().unwrap()
    }

    pub fn kill(mut self) {
        let _ = self.child.kill(); // SIGKILL: no goodbye to anyone
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Collects the frames a session's board calls make (its transport), for a test to send.
#[derive(Default)]
pub struct Outbox(std::sync::Mutex<Vec<String>>);

impl chinese_checkers_core::ffi::OnlineTransport for Outbox {
    fn send(&self, frame: String) {
        self.0.lock().unwrap().push(frame);
    }
}

impl Outbox {
    /// Sets a new outbox as `game`'s transport.
    pub fn on(game: &chinese_checkers_core::ffi::OnlineGame) -> std::sync::Arc<Outbox> {
        let outbox = std::sync::Arc::new(Outbox::default());
        game.set_transport(Some(outbox.clone()));
        outbox
    }

    /// The frames collected since the last call.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

/// One call of the session's board (`OnlineGame.game()`), as an app makes it (resign, a draw
/// offer, a rematch…): returns the frames it made, to send.
pub fn on_board<T>(
    game: &std::sync::Arc<chinese_checkers_core::ffi::OnlineGame>,
    call: impl FnOnce(&chinese_checkers_core::ffi::Game) -> T,
) -> Vec<String> {
    let outbox = Outbox::on(game);
    call(&game.clone().game());
    outbox.take()
}

/// Plays a step through the session's board (`OnlineGame.game()`) with two taps, as a person
/// would: the first peg of ours that has a step, to that step. Returns the frames of the move to
/// send, or `None` if no peg of ours can step.
pub fn tap_a_step(
    game: &std::sync::Arc<chinese_checkers_core::ffi::OnlineGame>,
) -> Option<Vec<String>> {
    use chinese_checkers_core::rules::MoveKind;
    let outbox = Outbox::on(game);
    let board = game.clone().game();
    let state = game.state();
    let side = state.game.as_ref()?.side;
    let mine = &state.board.players[side as usize].colours;
    let pegs: Vec<_> = state
        .board
        .holes
        .iter()
        .filter(|h| h.occupant.is_some_and(|c| mine.contains(&c)))
        .map(|h| h.coord)
        .collect();
    for peg in pegs {
        let Ok(shown) = board.tap(peg.q, peg.r) else {
            continue;
        };
        let Some(step) = shown
            .targets
            .iter()
            .find(|t| t.kind == MoveKind::Step)
            .cloned()
        else {
            board.cancel_touch();
            continue;
        };
        board.tap(step.coord.q, step.coord.r).unwrap();
        let frames = outbox.take();
        assert_eq!(frames.len(), 1, "a finished move is sent");
        return Some(frames);
    }
    None
}
