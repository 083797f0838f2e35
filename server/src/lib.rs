//! The online server of the Chinese Checkers app: matchmaking (quick match, lobby tables,
//! private rooms) and the relay of validated moves between two devices, over WebSockets.
//!
//! - `GET /ws`: the game protocol of `chinese_checkers_core::online` (one JSON message per text
//!   frame).
//! - `GET /health`: `{"status":"ok",...}`.
//! - `GET /metrics`: Prometheus counters and latency histograms.
//!
//! State lives in a [`store::Store`]: in memory (one process, the default) or in Redis (any
//! number of instances). Every move is validated by the rules engine before it is stored and
//! relayed. On shutdown every client is told to reconnect.

pub mod bus;
mod conn;
pub mod limits;
mod lobby;
pub mod logging;
pub mod metrics;
pub mod model;
mod players;
pub mod ratings;
pub mod store;
pub mod timers;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use thiserror::Error;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use limits::Limits;
use metrics::{inc, Metrics};
pub use store::archive::ArchiveLimits;
pub use store::file::FileOptions;
use store::{memory::MemoryStore, redis::RedisStore, Engine, Store, StoreError};

/// Where the shared state lives.
#[derive(Clone, Debug)]
pub enum Backend {
    /// In this process only: a restart loses every game (tests, throw-away servers).
    Memory,
    /// In this process, written through to an embedded database file (the server's default):
    /// a restart picks up every game and private room. One process per file.
    File {
        /// The data file (created if missing).
        path: std::path::PathBuf,
    },
    /// In Redis, shared by every instance using the same URL and prefix.
    Redis {
        /// `redis://host:port`.
        url: String,
        /// Key and channel prefix.
        prefix: String,
    },
}

/// A server's configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (port 0 picks a free one).
    pub bind: SocketAddr,
    /// The backend.
    pub backend: Backend,
    /// Limits and timings.
    pub limits: Limits,
    /// Serve TLS (`wss://`, `https://`) with these PEM files instead of plain TCP.
    pub tls: Option<TlsFiles>,
    /// How the data file may be treated at start (`Backend::File`): repaired if damaged, or
    /// used if empty.
    pub file: FileOptions,
}

/// A certificate chain and its private key, PEM files (`--tls-cert`, `--tls-key`).
#[derive(Clone, Debug)]
pub struct TlsFiles {
    /// The certificate chain, leaf first.
    pub cert: std::path::PathBuf,
    /// The private key (PKCS#8, PKCS#1 or SEC1).
    pub key: std::path::PathBuf,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            backend: Backend::Memory,
            limits: Limits::default(),
            tls: None,
            file: FileOptions::default(),
        }
    }
}

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum ServerError {
    /// The address could not be bound.
    #[error("cannot listen on {0}: {1}")]
    Bind(SocketAddr, std::io::Error),
    /// The backend is unreachable.
    #[error("backend: {0}")]
    Store(#[from] StoreError),
    /// The TLS certificate or key could not be used.
    #[error("TLS: {0}")]
    Tls(String),
}

/// How the server is running or stopping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopMode {
    /// Serving.
    Running,
    /// Stopping: tell every client, then close.
    Graceful,
    /// Dying at once, telling no one (tests of instance failure).
    Kill,
}

/// Shared by every connection of an instance.
pub(crate) struct App {
    pub(crate) store: Store,
    pub(crate) bus: Arc<bus::Bus>,
    pub(crate) limits: Limits,
    pub(crate) metrics: Arc<Metrics>,
    pub(crate) stop: watch::Receiver<StopMode>,
    pub(crate) next_conn: std::sync::atomic::AtomicU64,
    /// Room creations and failed joins per client address.
    pub(crate) addrs: limits::AddrLimiter,
    /// Open connections per client address.
    pub(crate) conns: Arc<limits::ConnLimiter>,
    /// The lobby's watchers on this instance and their page.
    pub(crate) lobby: lobby::Lobby,
    /// Games to look at for an AI seat to move (see [`players`]).
    ai_nudges: tokio::sync::mpsc::UnboundedSender<String>,
}

impl App {
    /// Asks the AI players to look at a game: if an AI seat is to move, it moves. Cheap; call it
    /// after anything that may hand the turn to an AI seat.
    pub(crate) fn nudge_ai(&self, game: &str) {
        // Closed only when the instance stops.
        let _ = self.ai_nudges.send(game.to_owned());
    }
}

/// A running server.
pub struct RunningServer {
    addr: SocketAddr,
    tls: bool,
    stop: watch::Sender<StopMode>,
    task: JoinHandle<()>,
    app: Arc<App>,
}

impl RunningServer {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The WebSocket URL (`wss://` when serving TLS).
    pub fn ws_url(&self) -> String {
        let scheme = if self.tls { "wss" } else { "ws" };
        format!("{scheme}://{}/ws", self.addr)
    }

    /// Current metrics text.
    pub fn metrics(&self) -> String {
        self.app
            .metrics
            .render(self.app.store.games_cached(), self.app.bus.channels())
    }

    /// Redis backend: bounds this instance's cache of game records (tests use small bounds).
    #[doc(hidden)]
    pub fn set_game_cache_limits(&self, max: usize, keep: Duration) {
        self.app.store.set_cache_limits(max, keep);
    }

    /// Data file backend: makes its writes fail as on a full disk (`true`), or work again
    /// (tests of storage faults; the real commit path runs, the file's I/O fails).
    #[doc(hidden)]
    pub fn fail_storage_writes(&self, failing: bool) {
        self.app.store.fail_storage_writes(failing);
    }

    /// Redis backend: whether this instance completes a game's end (ratings, archive entry,
    /// expiries) at once after storing it; `false` leaves it to the sweepers, as when the
    /// instance dies right after (tests).
    #[doc(hidden)]
    pub fn set_finish_inline(&self, inline: bool) {
        self.app.store.set_finish_inline(inline);
    }

    /// Redis backend: how long a finished game's keys are kept (24 h; tests shorten it).
    #[doc(hidden)]
    pub fn set_finished_ttl(&self, ttl: Duration) {
        self.app.store.set_finished_ttl(ttl);
    }

    /// Tells every client to reconnect, closes the connections and stops (bounded wait).
    pub async fn shutdown(self) {
        let _ = self.stop.send(StopMode::Graceful);
        let _ = tokio::time::timeout(Duration::from_secs(5), self.task).await;
        // Let the connections' last writes finish, then release the data file for the next run.
        tokio::time::sleep(Duration::from_millis(50)).await;
        self.app.store.close();
    }

    /// Stops at once without telling anyone, as a crashed instance would.
    pub fn kill(self) {
        let _ = self.stop.send(StopMode::Kill);
        self.task.abort();
        // A dead process's file lock goes with it.
        self.app.store.close();
    }
}

/// A stored game end is completed by a sweeper once it is this old (the instance that stored
/// it completes it at once unless it died).
const ENDING_SETTLE_MS: u64 = 2_000;

/// Ends the games whose deadline (a grace period, the inactivity limit) is due, every
/// `sweep_interval`, until the server stops. Every instance runs one; the store makes sure a game
/// is ended once.
async fn sweep(app: Arc<App>) {
    let mut stop = app.stop.clone();
    let mut tick = tokio::time::interval(app.limits.sweep_interval.max(Duration::from_millis(10)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.wait_for(|m| *m != StopMode::Running) => return,
        }
        let now = store::now_ms();
        let due = match app.store.due_games(now, 256).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "store error in the deadline sweeper");
                continue;
            }
        };
        // Game ends another instance stored but did not complete (Redis: it died).
        match app.store.complete_endings(now, ENDING_SETTLE_MS).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(games = n, "completed the ends of games left in the outbox"),
            Err(e) => tracing::warn!(error = %e, "store error completing game ends"),
        }
        // Lobby tables whose host's instance died (Redis): closed, their guests told.
        match app.store.close_orphan_tables().await {
            Ok(closed) if !closed.is_empty() => {
                tracing::info!(
                    tables = closed.len(),
                    "closed the tables of hosts whose instance died"
                );
                tell_orphans_closed(&app, &closed).await;
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "store error closing orphaned tables"),
        }
        for game in due {
            match app.store.expire_game(&game, now).await {
                // A leaver's seat may have gone to the AI, whose turn it may be.
                Ok(true) => app.nudge_ai(&game),
                Ok(false) => {}
                Err(e) => tracing::warn!(game = %game, error = %e, "store error expiring a game"),
            }
        }
    }
}

/// Tells the guests of tables closed because their host's instance died (`table_not_found`, as
/// when a host closes its table), and the lobby's watchers.
async fn tell_orphans_closed(app: &App, closed: &[store::Table]) {
    for table in closed {
        let why = "the host of this table left";
        if let Err(e) = lobby::tell_guests_closed(&app.store, table, why).await {
            tracing::warn!(error = %e, "store error telling the guests their table closed");
        }
    }
    if let Err(e) = app.store.publish(bus::LOBBY, model::BusMsg::Lobby).await {
        tracing::warn!(error = %e, "store error telling the lobby");
    }
}

/// Starts a server: binds, connects the backend, serves until stopped.
pub async fn start(config: Config) -> Result<RunningServer, ServerError> {
    let tls = config.tls.as_ref().map(tls_acceptor).transpose()?;
    let listener = TcpListener::bind(config.bind)
        .await
        .map_err(|e| ServerError::Bind(config.bind, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| ServerError::Bind(config.bind, e))?;
    let (stop_tx, stop_rx) = watch::channel(StopMode::Running);
    let bus = Arc::new(bus::Bus::default());
    let metrics = Arc::new(Metrics::default());
    let engine = match &config.backend {
        Backend::Memory => Box::new(MemoryStore::new(bus.clone())) as Box<dyn Engine>,
        Backend::File { path } => {
            let archive = config.limits.archive;
            Box::new(MemoryStore::with_file(
                bus.clone(),
                path,
                config.file,
                archive,
            )?)
        }
        Backend::Redis { url, prefix } => {
            let (sub_stop_tx, sub_stop_rx) = watch::channel(false);
            let mut watcher = stop_rx.clone();
            tokio::spawn(async move {
                let _ = watcher.wait_for(|m| *m != StopMode::Running).await;
                let _ = sub_stop_tx.send(true);
            });
            Box::new(RedisStore::connect(url, prefix, bus.clone(), sub_stop_rx).await?)
        }
    };
    let store = Store::new(engine, metrics.clone());
    let (ai_nudges, nudged) = tokio::sync::mpsc::unbounded_channel();
    let app = Arc::new(App {
        store,
        bus,
        limits: config.limits.clone(),
        metrics,
        stop: stop_rx.clone(),
        next_conn: std::sync::atomic::AtomicU64::new(1),
        addrs: limits::AddrLimiter::default(),
        conns: Arc::default(),
        lobby: lobby::Lobby::default(),
        ai_nudges,
    });
    app.store.set_inactivity(config.limits.inactivity);
    app.store.set_archive_limits(config.limits.archive);
    tokio::spawn(sweep(app.clone()));
    tokio::spawn(lobby::run(app.clone()));
    let (timers, scheduled) = tokio::sync::mpsc::unbounded_channel();
    app.bus.set_timers(timers);
    tokio::spawn(timers::run(app.clone(), scheduled));
    players::spawn(app.clone(), nudged);
    // Games read back from the data file whose AI seat was to move when the server stopped.
    for game in app.store.ai_turns_pending().await {
        app.nudge_ai(&game);
    }
    let router = Router::new()
        .route("/ws", get(ws_handler))
        .route("/health", get(health))
        .route("/metrics", get(metrics_handler))
        .with_state(app.clone());
    let mut stop_rx2 = stop_rx;
    let handshake = config.limits.handshake;
    let tls_task = tls.clone();
    let task = tokio::spawn(async move {
        let shutdown = async move {
            let _ = stop_rx2.wait_for(|m| *m != StopMode::Running).await;
            // Give connections a moment to say goodbye before the listener goes.
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        serve(listener, router, handshake, tls_task, shutdown).await;
    });
    Ok(RunningServer {
        addr,
        tls: tls.is_some(),
        stop: stop_tx,
        task,
        app,
    })
}

/// Serves HTTP/1.1 (with upgrades) until `shutdown`, like `axum::serve`, but with a deadline for
/// the request head: a client that sends half a request is dropped after `handshake`. With
/// `tls`, each connection is a TLS one, whose handshake has the same deadline.
async fn serve(
    listener: TcpListener,
    router: Router,
    handshake: Duration,
    tls: Option<tokio_rustls::TlsAcceptor>,
    shutdown: impl std::future::Future<Output = ()>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;

    let (close_tx, close_rx) = watch::channel(());
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little, keep serving.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        // The peer's address, for the per-address limits (`ConnectInfo`, as `axum::serve` does).
        let service = TowerToHyperService::new(
            router
                .clone()
                .layer(axum::Extension(ConnectInfo::<SocketAddr>(peer))),
        );
        let mut close = close_rx.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            let stream = match tls {
                None => Transport::Plain(stream),
                Some(acceptor) => {
                    // The TLS handshake has the deadline of a request head, and stops with
                    // the server.
                    let accept = tokio::time::timeout(handshake, acceptor.accept(stream));
                    tokio::select! {
                        accepted = accept => match accepted {
                            Ok(Ok(stream)) => Transport::Tls(Box::new(stream)),
                            Ok(Err(e)) => return tracing::debug!(error = %e, "TLS handshake failed"),
                            Err(_) => return tracing::debug!("TLS handshake timed out"),
                        },
                        _ = close.changed() => return,
                    }
                }
            };
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(handshake);
            let conn = builder
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                result = conn.as_mut() => {
                    if let Err(e) = result {
                        tracing::debug!(error = %e, "connection error");
                    }
                    return;
                }
                _ = close.changed() => conn.as_mut().graceful_shutdown(),
            }
            let _ = conn.await;
        });
    }
    drop(listener);
    drop(close_rx);
    let _ = close_tx.send(());
    close_tx.closed().await;
}

/// One accepted connection: plain TCP, or TLS over it.
enum Transport {
    Plain(tokio::net::TcpStream),
    Tls(Box<tokio_rustls::server::TlsStream<tokio::net::TcpStream>>),
}

impl tokio::io::AsyncRead for Transport {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        match self.get_mut() {
            Transport::Plain(s) => std::pin::Pin::new(s).poll_read(cx, buf),
            Transport::Tls(s) => std::pin::Pin::new(s.as_mut()).poll_read(cx, buf),
        }
    }
}

impl tokio::io::AsyncWrite for Transport {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        match self.get_mut() {
            Transport::Plain(s) => std::pin::Pin::new(s).poll_write(cx, buf),
            Transport::Tls(s) => std::pin::Pin::new(s.as_mut()).poll_write(cx, buf),
        }
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        match self.get_mut() {
            Transport::Plain(s) => std::pin::Pin::new(s).poll_flush(cx),
            Transport::Tls(s) => std::pin::Pin::new(s.as_mut()).poll_flush(cx),
        }
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        match self.get_mut() {
            Transport::Plain(s) => std::pin::Pin::new(s).poll_shutdown(cx),
            Transport::Tls(s) => std::pin::Pin::new(s.as_mut()).poll_shutdown(cx),
        }
    }
}

/// The TLS set-up of `files`: the certificate chain and key read and checked now, so that a
/// wrong file stops the server at start rather than failing every handshake.
fn tls_acceptor(files: &TlsFiles) -> Result<tokio_rustls::TlsAcceptor, ServerError> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};

    let read = |path: &std::path::Path| {
        std::fs::read(path)
            .map_err(|e| ServerError::Tls(format!("cannot read {}: {e}", path.display())))
    };
    let certs = CertificateDer::pem_slice_iter(&read(&files.cert)?)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ServerError::Tls(format!("{}: {e}", files.cert.display())))?;
    if certs.is_empty() {
        return Err(ServerError::Tls(format!(
            "{} holds no PEM certificate",
            files.cert.display()
        )));
    }
    let key = PrivateKeyDer::from_pem_slice(&read(&files.key)?).map_err(|e| {
        ServerError::Tls(format!(
            "{}: no usable private key ({e})",
            files.key.display()
        ))
    })?;
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .map_err(|e| ServerError::Tls(e.to_string()))?
    .with_no_client_auth()
    .with_single_cert(certs, key)
    .map_err(|e| ServerError::Tls(format!("the certificate and key do not go together: {e}")))?;
    Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
}

async fn ws_handler(
    ws: WebSocketUpgrade,
    headers: HeaderMap,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(app): State<Arc<App>>,
) -> Response {
    // Browsers send `Origin`; the apps do not. A page of another site may not use the server.
    let origin = headers
        .get(header::ORIGIN)
        .map(|v| v.to_str().unwrap_or("?"));
    if !limits::origin_allowed(origin, &app.limits.allow_origins) {
        return (StatusCode::FORBIDDEN, "origin not allowed\n").into_response();
    }
    // Counted under the client's address (the proxy's `X-Forwarded-For` with `--trust-proxy`).
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|v| v.to_str().ok());
    let addr = limits::client_addr(peer.ip(), forwarded, app.limits.trust_proxy);
    // Counted from before the upgrade until the socket's task ends (the slot goes with it, or
    // with the closure if the upgrade fails).
    let Some(slot) = app.conns.acquire(addr, app.limits.connections_per_addr) else {
        inc(&app.metrics.connections_refused);
        tracing::warn!(addr = %addr, abuse = "connections_per_addr", "too many connections from one address");
        return (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::CONNECTION, "close"), (header::RETRY_AFTER, "10")],
            "too many connections from one address\n",
        )
            .into_response();
    };
    // Transport ceiling; the protocol's own (smaller) limit answers with a clear error.
    let ceiling = app.limits.max_frame.max(1024) * 16;
    // Small buffers: thousands of idle-most-of-the-time sockets must not cost 128 KiB each.
    ws.read_buffer_size(4096)
        .write_buffer_size(4096)
        .max_message_size(ceiling)
        .max_frame_size(ceiling)
        .on_upgrade(move |socket| async move {
            conn::run(app, socket, addr).await;
            drop(slot);
        })
        .into_response()
}

/// 200 `ok` when the backend can be used; 503 `unavailable` while it cannot: the data file's
/// last write failed (the writer opens it again by itself until a write succeeds), or Redis
/// cannot be reached or refuses writes (the instance reconnects by itself).
async fn health(State(app): State<Arc<App>>) -> impl IntoResponse {
    let backend = app.store.kind();
    let ready = app.store.ready().await;
    let code = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let body = axum::Json(serde_json::json!({
        "status": if ready { "ok" } else { "unavailable" },
        "backend": backend,
        "protocol": chinese_checkers_core::online::PROTOCOL_VERSION,
    }));
    (code, body)
}

async fn metrics_handler(State(app): State<Arc<App>>) -> impl IntoResponse {
    app.metrics
        .render(app.store.games_cached(), app.bus.channels())
}
