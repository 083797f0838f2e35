//! Online play's transport: one WebSocket to `--server`, run by a worker thread (blocking
//! `tungstenite`). Every text frame the server sends goes straight to [`OnlineGame::receive`]
//! and its answers go back out; the UI thread hands the messages of taps and lobby calls to
//! [`Link::send`]. The UI only draws `OnlineGame::state()`.

use std::io::ErrorKind;
use std::net::TcpStream;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::{Context, Result};
use chinese_checkers_core::ffi::{new_token, OnlineGame};
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
            let _ = events.send(LinkEvent::Closed(format!(
                "could not connect to {url}: {e:#}"
            )));
            return;
        }
    };
    connected.store(true, Ordering::SeqCst);
    let _ = events.send(LinkEvent::Connected);
    let closed = |why: String| {
        let _ = events.send(LinkEvent::Closed(why));
    };
    loop {
        if stop.load(Ordering::SeqCst) {
            let _ = ws.close(None);
            let _ = ws.flush();
            return;
        }
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

fn connect(url: &str) -> Result<WebSocket<MaybeTlsStream<TcpStream>>> {
    let (ws, _) = tungstenite::connect(url)?;
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(POLL))?;
        s.set_nodelay(true)?;
    }
    Ok(ws)
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

/// The name shown to the opponent: the login name, else a plain default.
pub fn player_name() -> String {
    std::env::var("USER")
        .ok()
        .map(|u| {
            u.chars()
                .filter(|c| !c.is_control())
                .take(20)
                .collect::<String>()
        })
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| "Terminal player".into())
}
