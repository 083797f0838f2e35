//! Online play's transport: one WebSocket to `--server`, run by a worker thread (blocking
//! `tungstenite`). Every text frame the server sends goes straight to [`OnlineGame::receive`]
//! and its answers go back out; the UI thread hands the messages of taps and lobby calls to
//! [`Link::send`]. The UI only draws `OnlineGame::state()`.
//!
//! The worker keeps the connection alive: a WebSocket ping every [`PING_EVERY`] (a player
//! thinking sends nothing for minutes, and the server closes silent sockets), and when the socket
//! drops it reconnects by itself after the delays the core's policy gives
//! (`OnlineGame::reconnect_delay_ms`), greeting the server again each time (the welcome resumes
//! the game and resends a pending move). The screen shows the core's "Reconnecting…" meanwhile.

use std::io::ErrorKind;
use std::net::{TcpStream, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use chinese_checkers_core::ffi::{new_token, GameLibrary, OnlineGame, OnlineTransport};
use chinese_checkers_core::online::check_name;
use chinese_checkers_core::session::online::{Connection, OnlineRequest};
use chinese_checkers_core::session::SavedGameKind;
use tungstenite::client::IntoClientRequest;
use tungstenite::handshake::HandshakeError;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use super::library_words;
use super::words;

/// How long a read waits before the worker looks at its outgoing queue again.
const POLL: Duration = Duration::from_millis(25);

/// How often the worker pings the server (well within the server's 120 s of allowed silence).
pub const PING_EVERY: Duration = Duration::from_secs(25);

/// What the worker tells the UI (transport trouble; the game's own state is in the core).
#[derive(Debug)]
pub enum LinkEvent {
    /// The connection is up (first time or again).
    Connected,
    /// The server could not be reached at all: one line saying where and why.
    Unreachable(String),
    /// A frame the core refused, or a send that failed.
    Error(String),
    /// The connection is gone for good (the core's policy says not to reconnect).
    Closed(String),
}

/// Who this device is to the server (greeted on every connection) and how the link behaves.
#[derive(Clone, Debug)]
pub struct LinkConfig {
    /// The device token.
    pub token: String,
    /// The display name.
    pub name: String,
    /// The interval of the keep-alive pings.
    pub ping_every: Duration,
    /// A PEM file of certificates trusted for `wss://` besides the usual public authorities
    /// (a private CA, or a test's self-signed certificate).
    pub ca_file: Option<PathBuf>,
}

/// The environment variable naming a PEM file of extra trusted certificates (as `--ca-file`).
pub const CA_FILE_ENV: &str = "CHINESE_CHECKERS_CA_FILE";

impl LinkConfig {
    /// The device's identity with the usual keep-alive ([`PING_EVERY`]), trusting the public
    /// authorities plus the certificates of [`CA_FILE_ENV`] if it is set.
    pub fn new(token: String, name: String) -> LinkConfig {
        LinkConfig {
            token,
            name,
            ping_every: PING_EVERY,
            ca_file: std::env::var_os(CA_FILE_ENV)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from),
        }
    }
}

/// The session's transport: the frames of the board's calls (taps, resign, draws) join the
/// link's queue, in order with those of [`Link::send`].
struct Outbox(Sender<String>);

impl OnlineTransport for Outbox {
    fn send(&self, frame: String) {
        // The worker only goes away once the connection is closed; nothing to send then.
        let _ = self.0.send(frame);
    }
}

/// The connection as the UI sees it.
pub struct Link {
    game: Arc<OnlineGame>,
    outgoing: Sender<String>,
    events: Receiver<LinkEvent>,
    stop: Arc<AtomicBool>,
    /// Set by the worker while it would end within [`POLL`] if asked to (connected, or waiting
    /// to reconnect); not while it is connecting.
    prompt: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Link {
    /// Connects to `url` on a worker thread (the UI keeps running meanwhile) and greets the
    /// server with `config`'s identity on this connection and on every reconnection.
    pub fn open(url: String, game: Arc<OnlineGame>, config: LinkConfig) -> Result<Link> {
        let (out_tx, out_rx) = mpsc::channel::<String>();
        let (ev_tx, ev_rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let prompt = Arc::new(AtomicBool::new(false));
        let worker = Worker {
            url,
            game: Arc::clone(&game),
            config,
            outgoing: out_rx,
            events: ev_tx,
            stop: Arc::clone(&stop),
            prompt: Arc::clone(&prompt),
        };
        game.set_transport(Some(Arc::new(Outbox(out_tx.clone()))));
        let handle = std::thread::Builder::new()
            .name("online".into())
            .spawn(move || worker.run())
            .context("could not start the connection thread")?;
        Ok(Link {
            game,
            outgoing: out_tx,
            events: ev_rx,
            stop,
            prompt,
            handle: Some(handle),
        })
    }

    /// Queues messages to send, in order. Messages queued while the socket is down are dropped
    /// (the core resends what must survive, a pending move, once the server welcomes us back).
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

    /// Closes the connection for good (the person leaves: no reconnection) and waits for the
    /// worker (bounded by its poll interval); a worker still connecting is left behind rather
    /// than waited for.
    pub fn close(&mut self) {
        // The board's calls have nowhere to send now: they say so (`NoTransport`).
        self.game.set_transport(None);
        let _ = self.game.send(OnlineRequest::Leave);
        self.stop.store(true, Ordering::SeqCst);
        if let Some(h) = self.handle.take() {
            if self.prompt.load(Ordering::SeqCst) {
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

/// How one connection ended.
enum End {
    /// Closed on purpose (the UI stopped or went away).
    Stopped,
    /// Lost, and why.
    Lost(String),
}

/// The worker thread's side of the link.
struct Worker {
    url: String,
    game: Arc<OnlineGame>,
    config: LinkConfig,
    outgoing: Receiver<String>,
    events: Sender<LinkEvent>,
    stop: Arc<AtomicBool>,
    prompt: Arc<AtomicBool>,
}

impl Worker {
    fn event(&self, event: LinkEvent) {
        let _ = self.events.send(event);
    }

    /// Connects, and reconnects after every loss as long as the core's policy says so.
    fn run(self) {
        let mut ever_connected = false;
        loop {
            let why = match connect(&self.url, self.config.ca_file.as_deref()) {
                Ok(mut ws) => {
                    if ever_connected {
                        // What was queued while the socket was down (or as it dropped) is
                        // dropped: the welcome makes the core resume and resend a pending move.
                        while self.outgoing.try_recv().is_ok() {}
                    }
                    ever_connected = true;
                    let hello = match self.game.send(OnlineRequest::Hello {
                        token: self.config.token.clone(),
                        name: self.config.name.clone(),
                    }) {
                        Ok(update) => update.outgoing,
                        Err(e) => {
                            let _ = ws.close(None);
                            return self.event(LinkEvent::Error(words::online_error(&e)));
                        }
                    };
                    self.prompt.store(true, Ordering::SeqCst);
                    self.event(LinkEvent::Connected);
                    match self.session(&mut ws, hello) {
                        End::Stopped => return,
                        End::Lost(why) => why,
                    }
                }
                Err(e) if !ever_connected => {
                    return self.event(LinkEvent::Unreachable(words::unreachable(&self.url, &e)));
                }
                Err(e) => e,
            };
            // Lost, or a reconnection failed: the core counts the attempt and says how long
            // to wait (the screen shows "Reconnecting…" meanwhile).
            self.game.connection_lost();
            let Some(delay) = self.game.reconnect_delay_ms() else {
                // Replaced by another connection of this token: say that, not how it closed.
                if self.game.state().connection == Connection::Replaced {
                    return self.event(LinkEvent::Closed(words::replaced()));
                }
                return self.event(LinkEvent::Closed(why));
            };
            self.prompt.store(true, Ordering::SeqCst);
            let until = Instant::now() + Duration::from_millis(delay.unsigned_abs());
            while Instant::now() < until {
                if self.stop.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(POLL.min(until.saturating_duration_since(Instant::now())));
            }
            if self.stop.load(Ordering::SeqCst) {
                return;
            }
            self.prompt.store(false, Ordering::SeqCst);
        }
    }

    /// Runs one connection: sends `hello`, then carries frames both ways and pings the server
    /// every `ping_every`, until it ends.
    fn session(&self, ws: &mut WebSocket<MaybeTlsStream<TcpStream>>, hello: Vec<String>) -> End {
        let lost = |e: tungstenite::Error| End::Lost(format!("connection lost: {e}"));
        for m in hello {
            if let Err(e) = ws.send(Message::text(m)) {
                return lost(e);
            }
        }
        let mut last_ping = Instant::now();
        loop {
            // Stopping: what the UI queued last (e.g. "away") still goes out before the close.
            let stopping = self.stop.load(Ordering::SeqCst);
            loop {
                match self.outgoing.try_recv() {
                    Ok(text) => {
                        if let Err(e) = ws.send(Message::text(text)) {
                            return lost(e);
                        }
                    }
                    Err(TryRecvError::Empty) => break,
                    // The UI is gone.
                    Err(TryRecvError::Disconnected) => {
                        let _ = ws.close(None);
                        return End::Stopped;
                    }
                }
            }
            if stopping {
                let _ = ws.close(None);
                let _ = ws.flush();
                return End::Stopped;
            }
            if last_ping.elapsed() >= self.config.ping_every {
                last_ping = Instant::now();
                if let Err(e) = ws.send(Message::Ping(Default::default())) {
                    return lost(e);
                }
            }
            match ws.read() {
                Ok(Message::Text(text)) => match self.game.receive(text.as_str().to_owned()) {
                    Ok(update) => {
                        for m in update.outgoing {
                            if let Err(e) = ws.send(Message::text(m)) {
                                return lost(e);
                            }
                        }
                    }
                    Err(e) => self.event(LinkEvent::Error(words::online_error(&e))),
                },
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed) => {
                    return End::Lost("the server closed the connection".into());
                }
                Err(e) => return lost(e),
            }
        }
    }
}

/// How long reaching the server may take before it counts as unreachable: the TCP connection,
/// and then each read or write of the TLS and WebSocket handshakes.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Opens the WebSocket at `url` (`ws://`, or `wss://` over rustls trusting the public
/// authorities and the certificates in `ca_file`); the error is why not, in a few plain words.
/// The TCP connection is made here rather than by `tungstenite::connect`, whose error for it
/// ("unable to connect to URL") drops the reason.
fn connect(
    url: &str,
    ca_file: Option<&Path>,
) -> Result<WebSocket<MaybeTlsStream<TcpStream>>, String> {
    let request = url.into_client_request().map_err(|e| reason(&e))?;
    let uri = request.uri();
    let secure = match uri.scheme_str() {
        Some("ws") => false,
        Some("wss") => true,
        _ => return Err("not a WebSocket address; use ws://HOST:PORT/ws or wss://HOST/ws".into()),
    };
    let host = uri
        .host()
        .map(|h| h.trim_start_matches('[').trim_end_matches(']').to_owned())
        .ok_or_else(|| "the address has no host; use ws://HOST:PORT/ws".to_owned())?;
    let port = uri.port_u16().unwrap_or(if secure { 443 } else { 80 });
    // Checked before any connection: a bad certificate file is not the server's fault.
    let tls = if secure {
        Some(tls_client(&host, ca_file)?)
    } else {
        None
    };
    let addrs = (host.as_str(), port)
        .to_socket_addrs()
        .map_err(|e| io_reason(&e))?;
    let mut last = "the host name has no address".to_owned();
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
            Ok(stream) => {
                stream.set_nodelay(true).map_err(|e| io_reason(&e))?;
                stream
                    .set_read_timeout(Some(CONNECT_TIMEOUT))
                    .and_then(|()| stream.set_write_timeout(Some(CONNECT_TIMEOUT)))
                    .map_err(|e| io_reason(&e))?;
                let stream = match &tls {
                    Some((config, name)) => MaybeTlsStream::Rustls(rustls::StreamOwned::new(
                        rustls::ClientConnection::new(Arc::clone(config), name.clone())
                            .map_err(|e| tls_reason(&e))?,
                        stream,
                    )),
                    None => MaybeTlsStream::Plain(stream),
                };
                let (ws, _) = tungstenite::client(request, stream).map_err(|e| match e {
                    HandshakeError::Failure(e) => reason(&e),
                    // A socket timeout mid-handshake surfaces as "would block".
                    HandshakeError::Interrupted(_) => "no answer (timed out)".into(),
                })?;
                let tcp = match ws.get_ref() {
                    MaybeTlsStream::Plain(s) => Some(s),
                    MaybeTlsStream::Rustls(s) => Some(s.get_ref()),
                    _ => None,
                };
                if let Some(s) = tcp {
                    s.set_read_timeout(Some(POLL))
                        .and_then(|()| s.set_write_timeout(None))
                        .map_err(|e| io_reason(&e))?;
                }
                return Ok(ws);
            }
            Err(e) => last = io_reason(&e),
        }
    }
    Err(last)
}

/// The rustls client set-up for `wss://` to `host` (its name, or an IP address, is the one
/// sent for SNI and checked against the certificate): the public authorities of `webpki-roots`
/// plus every certificate in the PEM file `ca_file`.
fn tls_client(
    host: &str,
    ca_file: Option<&Path>,
) -> Result<
    (
        Arc<rustls::ClientConfig>,
        rustls::pki_types::ServerName<'static>,
    ),
    String,
> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, ServerName};

    let mut roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    if let Some(path) = ca_file {
        let bad = |why: String| format!("the certificate file {} {why}", path.display());
        let pem =
            std::fs::read(path).map_err(|e| bad(format!("cannot be read: {}", io_reason(&e))))?;
        let mut added = 0;
        for cert in CertificateDer::pem_slice_iter(&pem) {
            let cert = cert.map_err(|e| bad(format!("is not valid PEM: {e}")))?;
            roots
                .add(cert)
                .map_err(|e| bad(format!("holds an unusable certificate: {}", tls_reason(&e))))?;
            added += 1;
        }
        if added == 0 {
            return Err(bad("holds no PEM certificate".into()));
        }
    }
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .map_err(|e| tls_reason(&e))?
    .with_root_certificates(roots)
    .with_no_client_auth();
    let name = ServerName::try_from(host.to_owned())
        .map_err(|_| format!("{host:?} is not a host name usable with TLS"))?;
    Ok((Arc::new(config), name))
}

/// Why TLS failed, in a few plain words.
fn tls_reason(e: &rustls::Error) -> String {
    match e {
        rustls::Error::InvalidCertificate(why) => {
            use rustls::CertificateError as C;
            let why = match why {
                C::UnknownIssuer => "not signed by a trusted authority; for a private one, \
                                     give its certificate with --ca-file"
                    .to_owned(),
                C::NotValidForName | C::NotValidForNameContext { .. } => {
                    "it is for another host name".to_owned()
                }
                C::Expired | C::ExpiredContext { .. } => "it has expired".to_owned(),
                C::NotValidYet | C::NotValidYetContext { .. } => "it is not valid yet".to_owned(),
                other => format!("{other:?}"),
            };
            format!("its TLS certificate was refused ({why})")
        }
        other => format!("TLS failed ({other})"),
    }
}

/// Why an I/O call failed, in a few plain words ("connection refused").
fn io_reason(io: &std::io::Error) -> String {
    if let Some(tls) = io.get_ref().and_then(|e| e.downcast_ref::<rustls::Error>()) {
        return tls_reason(tls);
    }
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

/// Where an earlier version kept the online game left in progress (the library keeps it now).
fn game_file(dir: &Path) -> std::path::PathBuf {
    dir.join("online-game.json")
}

/// The online session to play in, kept in `library` (the core writes every game of ours after
/// every change): the game left in progress last time — the one played last, which the welcome
/// resumes — or a new session. A game an earlier version left in `online-game.json` is brought
/// into the library first (and the file removed); a file that cannot be read back is dropped:
/// the server still offers the game on the welcome.
pub fn resume_game(dir: &Path, library: &GameLibrary) -> Arc<OnlineGame> {
    let path = game_file(dir);
    if let Ok(text) = std::fs::read_to_string(&path) {
        if let Ok(old) = OnlineGame::restore(text) {
            // Kept, it is written at once (when it holds a game of ours) and listed below.
            library.keep_online(old);
        }
        let _ = std::fs::remove_file(&path);
    }
    let left = library.listing().ok().and_then(|listing| {
        listing
            .playing
            .into_iter()
            .find(|card| card.kind == SavedGameKind::Online)
    });
    if let Some(card) = left {
        match library.open_online_game(card.id) {
            Ok(game) => return game,
            Err(e) => eprintln!("{}", library_words::online_not_reopened(&e)),
        }
    }
    let game = OnlineGame::new();
    library.keep_online(Arc::clone(&game));
    game
}
