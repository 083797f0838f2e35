//! Online play's transport: one WebSocket to `--server`, run by a worker thread (blocking
//! `tungstenite`). Every text frame the server sends goes straight to [`OnlineGame::receive`]
//! and its answers go back out; the UI thread hands the messages of taps and lobby calls to
//! [`Link::send`]. The UI only draws `OnlineGame::state()`.

use std::io::ErrorKind;
use std::net::{TcpStream, ToSocketAddrs};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use chinese_checkers_core::ffi::{new_token, OnlineGame};
use chinese_checkers_core::online::check_name;
use tungstenite::client::IntoClientRequest;
use tungstenite::handshake::HandshakeError;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use super::words;

/// How long a read waits before the worker looks at its outgoing queue again.
const POLL: Duration = Duration::from_millis(25);

/// What the worker tells the UI (transport trouble; the game's own state is in the core).
#[derive(Debug)]
pub enum LinkEvent {
    /// The connection is up.
    Connected,
    /// The server could not be reached at all: one line saying where and why.
    Unreachable(String),
    /// A frame the core refused, or a send that failed.
    Error(String),
    /// The connection is gone (or never came up).
    Closed(String),
}

/// The connection as the UI sees it.
pub struct Link {
    outgoing: Sender<String>,
    events: Receiver<LinkEvent>,
    stop: Arc<AtomicBool>,
    /// Set by the worker once the socket is up (its loop then ends within [`POLL`]).
    connected: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Link {
    /// Connects to `url` on a worker thread (the UI keeps running meanwhile).
    pub fn open(url: String, game: Arc<OnlineGame>) -> Result<Link> {
        let (out_tx, out_rx) = mpsc::channel::<String>();
        let (ev_tx, ev_rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let connected = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let up = Arc::clone(&connected);
        let handle = std::thread::Builder::new()
            .name("online".into())
            .spawn(move || worker(&url, &game, &out_rx, &ev_tx, &flag, &up))
            .context("could not start the connection thread")?;
        Ok(Link {
            outgoing: out_tx,
            events: ev_rx,
            stop,
            connected,
            handle: Some(handle),
        })
    }

    /// Queues messages to send, in order.
    pub fn send(&self, messages: Vec<String>) {
        for m in messages {
            // The worker only goes away once the connection is closed; nothing to send then.
            let _ = self.outgoing.send(m);
        }
    }

    /// The next event, if any.
    pub fn poll(&self) -> Option<LinkEvent> {
        self.events.try_recv().ok()
    }

    /// Closes the connection and waits for the worker (bounded by its poll interval); a worker
    /// still connecting is left behind rather than waited for.
    pub fn close(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(h) = self.handle.take() {
            if self.connected.load(Ordering::SeqCst) {
                let _ = h.join();
            }
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.close();
    }
}

fn worker(
    url: &str,
    game: &OnlineGame,
    outgoing: &Receiver<String>,
    events: &Sender<LinkEvent>,
    stop: &AtomicBool,
    connected: &AtomicBool,
) {
    let mut ws = match connect(url) {
        Ok(ws) => ws,
        Err(e) => {
            let _ = events.send(LinkEvent::Unreachable(words::unreachable(url, &e)));
            return;
        }
    };
    connected.store(true, Ordering::SeqCst);
    let _ = events.send(LinkEvent::Connected);
    let closed = |why: String| {
        let _ = events.send(LinkEvent::Closed(why));
    };
    loop {
        // Stopping: what the UI queued last (e.g. "away") still goes out before the close.
        let stopping = stop.load(Ordering::SeqCst);
        loop {
            match outgoing.try_recv() {
                Ok(text) => {
                    if let Err(e) = ws.send(Message::text(text)) {
                        return closed(format!("connection lost: {e}"));
                    }
                }
                Err(TryRecvError::Empty) => break,
                // The UI is gone.
                Err(TryRecvError::Disconnected) => {
                    let _ = ws.close(None);
                    return;
                }
            }
        }
        if stopping {
            let _ = ws.close(None);
            let _ = ws.flush();
            return;
        }
        match ws.read() {
            Ok(Message::Text(text)) => match game.receive(text.as_str().to_owned()) {
                Ok(update) => {
                    for m in update.outgoing {
                        if let Err(e) = ws.send(Message::text(m)) {
                            return closed(format!("connection lost: {e}"));
                        }
                    }
                }
                Err(e) => {
                    let _ = events.send(LinkEvent::Error(words::online_error(&e)));
                }
            },
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed) => {
                return closed("the server closed the connection".into());
            }
            Err(e) => return closed(format!("connection lost: {e}")),
        }
    }
}

/// How long reaching the server may take before it counts as unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Opens the WebSocket at `url`; the error is why not, in a few plain words. The TCP connection
/// is made here rather than by `tungstenite::connect`, whose error for it ("unable to connect to
/// URL") drops the reason.
fn connect(url: &str) -> Result<WebSocket<MaybeTlsStream<TcpStream>>, String> {
    let request = url.into_client_request().map_err(|e| reason(&e))?;
    let uri = request.uri();
    match uri.scheme_str() {
        Some("ws") => {}
        Some("wss") => {
            return Err(
                "secure wss:// servers are not supported by the terminal; use ws://HOST:PORT/ws"
                    .into(),
            )
        }
        _ => return Err("not a WebSocket address; use ws://HOST:PORT/ws".into()),
    }
    let host = uri
        .host()
        .map(|h| h.trim_start_matches('[').trim_end_matches(']').to_owned())
        .ok_or_else(|| "the address has no host; use ws://HOST:PORT/ws".to_owned())?;
    let port = uri.port_u16().unwrap_or(80);
    let addrs = (host.as_str(), port)
        .to_socket_addrs()
        .map_err(|e| io_reason(&e))?;
    let mut last = "the host name has no address".to_owned();
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
            Ok(stream) => {
                stream.set_nodelay(true).map_err(|e| io_reason(&e))?;
                let (ws, _) = tungstenite::client(request, MaybeTlsStream::Plain(stream)).map_err(
                    |e| match e {
                        HandshakeError::Failure(e) => reason(&e),
                        HandshakeError::Interrupted(_) => "the handshake was interrupted".into(),
                    },
                )?;
                if let MaybeTlsStream::Plain(s) = ws.get_ref() {
                    s.set_read_timeout(Some(POLL)).map_err(|e| io_reason(&e))?;
                }
                return Ok(ws);
            }
            Err(e) => last = io_reason(&e),
        }
    }
    Err(last)
}

/// Why an I/O call failed, in a few plain words ("connection refused").
fn io_reason(io: &std::io::Error) -> String {
    match io.kind() {
        ErrorKind::ConnectionRefused => "connection refused".into(),
        ErrorKind::TimedOut | ErrorKind::WouldBlock => "no answer (timed out)".into(),
        ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted => {
            "the connection was reset".into()
        }
        _ => {
            // "failed to lookup address information: … (os error 2)" without the number.
            let text = io.to_string();
            let text = text.split(" (os error").next().unwrap_or(&text).to_owned();
            lower_first(&text)
        }
    }
}

/// Why the WebSocket failed, in a few plain words.
fn reason(e: &tungstenite::Error) -> String {
    match e {
        tungstenite::Error::Io(io) => io_reason(io),
        tungstenite::Error::Url(u) => format!(
            "not a WebSocket address ({}); use ws://HOST:PORT/ws",
            lower_first(&u.to_string())
        ),
        tungstenite::Error::Http(response) => format!(
            "it answered HTTP {} instead of opening a WebSocket (is the path right, e.g. /ws?)",
            response.status()
        ),
        other => lower_first(&other.to_string()),
    }
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// This device's token, made once by the core and kept next to the save.
pub fn device_token(dir: &Path) -> Result<String> {
    let path = dir.join("online-token");
    if let Ok(text) = std::fs::read_to_string(&path) {
        let token = text.trim();
        if !token.is_empty() {
            return Ok(token.to_owned());
        }
    }
    let token = new_token();
    std::fs::create_dir_all(dir).with_context(|| format!("could not create {}", dir.display()))?;
    std::fs::write(&path, format!("{token}\n"))
        .with_context(|| format!("could not write {}", path.display()))?;
    Ok(token)
}

/// The name used when none was ever given with `--name`.
pub const DEFAULT_NAME: &str = "Player";

/// The name shown to the opponent: the one given with `--name` (checked by the core's rules and
/// remembered in a small file next to the device token), else the one remembered from last
/// time, else [`DEFAULT_NAME`].
pub fn player_name(dir: &Path, given: Option<&str>) -> Result<String> {
    let path = dir.join("online-name");
    if let Some(given) = given {
        let name = check_name(given).map_err(|e| anyhow!("invalid --name {given:?}: {e}"))?;
        std::fs::create_dir_all(dir)
            .with_context(|| format!("could not create {}", dir.display()))?;
        std::fs::write(&path, format!("{name}\n"))
            .with_context(|| format!("could not write {}", path.display()))?;
        return Ok(name);
    }
    let remembered = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| check_name(text.trim()).ok());
    Ok(remembered.unwrap_or_else(|| DEFAULT_NAME.into()))
}

/// Where an online game left in progress is kept until the next `--server` run resumes it.
fn game_file(dir: &Path) -> std::path::PathBuf {
    dir.join("online-game.json")
}

/// Keeps the online game in progress (the core's own save) so that the next run resumes it.
pub fn keep_game(dir: &Path, game: &OnlineGame) -> Result<()> {
    let path = game_file(dir);
    std::fs::create_dir_all(dir).with_context(|| format!("could not create {}", dir.display()))?;
    std::fs::write(&path, game.save())
        .with_context(|| format!("could not write {}", path.display()))
}

/// The online game left in progress last time, if any (taken: the file is removed). A file
/// that cannot be read back is dropped: the server still offers the game on the welcome.
pub fn take_game(dir: &Path) -> Option<Arc<OnlineGame>> {
    let path = game_file(dir);
    let text = std::fs::read_to_string(&path).ok()?;
    let _ = std::fs::remove_file(&path);
    OnlineGame::restore(text).ok()
}
