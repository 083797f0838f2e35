//! The online server of the Chinese Checkers app: matchmaking (quick match, lobby tables,
//! private rooms) and the relay of validated moves between two devices, over WebSockets.
//!
//! - `GET /ws`: the game protocol of `chinese_checkers_core::online` (one JSON message per text
//!   frame).
//! - `GET /health`: `{"status":"ok",...}`.
//! - `GET /metrics`: Prometheus counters.
//!
//! State lives in a [`store::Store`]: in memory (one process, the default) or in Redis (any
//! number of instances). Every move is validated by the rules engine before it is stored and
//! relayed. On shutdown every client is told to reconnect.

pub mod bus;
mod conn;
pub mod limits;
pub mod metrics;
pub mod store;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use thiserror::Error;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use limits::Limits;
use metrics::Metrics;
use store::{memory::MemoryStore, redis::RedisStore, Store, StoreError};

/// Where the shared state lives.
#[derive(Clone, Debug)]
pub enum Backend {
    /// In this process.
    Memory,
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
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            backend: Backend::Memory,
            limits: Limits::default(),
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
    pub(crate) metrics: Metrics,
    pub(crate) stop: watch::Receiver<StopMode>,
    pub(crate) next_conn: std::sync::atomic::AtomicU64,
}

/// A running server.
pub struct RunningServer {
    addr: SocketAddr,
    stop: watch::Sender<StopMode>,
    task: JoinHandle<()>,
    app: Arc<App>,
}

impl RunningServer {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The WebSocket URL.
    pub fn ws_url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// Current metrics text.
    pub fn metrics(&self) -> String {
        self.app
            .metrics
            .render(self.app.store.games_cached(), self.app.bus.channels())
    }

    /// Tells every client to reconnect, closes the connections and stops (bounded wait).
    pub async fn shutdown(self) {
        let _ = self.stop.send(StopMode::Graceful);
        let _ = tokio::time::timeout(Duration::from_secs(5), self.task).await;
    }

    /// Stops at once without telling anyone, as a crashed instance would.
    pub fn kill(self) {
        let _ = self.stop.send(StopMode::Kill);
        self.task.abort();
    }
}

/// Starts a server: binds, connects the backend, serves until stopped.
pub async fn start(config: Config) -> Result<RunningServer, ServerError> {
    let listener = TcpListener::bind(config.bind)
        .await
        .map_err(|e| ServerError::Bind(config.bind, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| ServerError::Bind(config.bind, e))?;
    let (stop_tx, stop_rx) = watch::channel(StopMode::Running);
    let bus = Arc::new(bus::Bus::default());
    let store = match &config.backend {
        Backend::Memory => Store::Memory(MemoryStore::new(bus.clone())),
        Backend::Redis { url, prefix } => {
            let (sub_stop_tx, sub_stop_rx) = watch::channel(false);
            let mut watcher = stop_rx.clone();
            tokio::spawn(async move {
                let _ = watcher.wait_for(|m| *m != StopMode::Running).await;
                let _ = sub_stop_tx.send(true);
            });
            Store::Redis(RedisStore::connect(url, prefix, bus.clone(), sub_stop_rx).await?)
        }
    };
    let app = Arc::new(App {
        store,
        bus,
        limits: config.limits.clone(),
        metrics: Metrics::default(),
        stop: stop_rx.clone(),
        next_conn: std::sync::atomic::AtomicU64::new(1),
    });
    let router = Router::new()
        .route("/ws", get(ws_handler))
        .route("/health", get(health))
        .route("/metrics", get(metrics_handler))
        .with_state(app.clone());
    let mut stop_rx2 = stop_rx;
    let handshake = config.limits.handshake;
    let task = tokio::spawn(async move {
        let shutdown = async move {
            let _ = stop_rx2.wait_for(|m| *m != StopMode::Running).await;
            // Give connections a moment to say goodbye before the listener goes.
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        serve(listener, router, handshake, shutdown).await;
    });
    Ok(RunningServer {
        addr,
        stop: stop_tx,
        task,
        app,
    })
}

/// Serves HTTP/1.1 (with upgrades) until `shutdown`, like `axum::serve`, but with a deadline for
/// the request head: a client that sends half a request is dropped after `handshake`.
async fn serve(
    listener: TcpListener,
    router: Router,
    handshake: Duration,
    shutdown: impl std::future::Future<Output = ()>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;

    let (close_tx, close_rx) = watch::channel(());
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little, keep serving.
                    log::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(router.clone());
        let mut close = close_rx.clone();
        tokio::spawn(async move {
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
                        log::debug!("connection: {e}");
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

async fn ws_handler(
    ws: WebSocketUpgrade,
    headers: HeaderMap,
    State(app): State<Arc<App>>,
) -> Response {
    // Browsers send `Origin`; the apps do not. A page of another site may not use the server.
    let origin = headers
        .get(header::ORIGIN)
        .map(|v| v.to_str().unwrap_or("?"));
    if !limits::origin_allowed(origin, &app.limits.allow_origins) {
        return (StatusCode::FORBIDDEN, "origin not allowed\n").into_response();
    }
    // Transport ceiling; the protocol's own (smaller) limit answers with a clear error.
    let ceiling = app.limits.max_frame.max(1024) * 16;
    // Small buffers: thousands of idle-most-of-the-time sockets must not cost 128 KiB each.
    ws.read_buffer_size(4096)
        .write_buffer_size(4096)
        .max_message_size(ceiling)
        .max_frame_size(ceiling)
        .on_upgrade(move |socket| conn::run(app, socket))
        .into_response()
}

async fn health(State(app): State<Arc<App>>) -> impl IntoResponse {
    let backend = match app.store {
        Store::Memory(_) => "memory",
        Store::Redis(_) => "redis",
    };
    axum::Json(serde_json::json!({
        "status": "ok",
        "backend": backend,
        "protocol": chinese_checkers_core::online::PROTOCOL_VERSION,
    }))
}

async fn metrics_handler(State(app): State<Arc<App>>) -> impl IntoResponse {
    app.metrics
        .render(app.store.games_cached(), app.bus.channels())
}
