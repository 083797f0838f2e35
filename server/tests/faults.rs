//! Combined faults with real clients: games between devices on two server instances (real
//! processes on one Redis) go on while Redis is killed and restarted and while one instance is
//! killed, and every game finishes with every move its players sent stored exactly once.
//!
//! Each device is what an app is: the core's `OnlineGame` (sync machine and reconnection policy)
//! plus a socket, reconnecting by itself after `reconnect_delay_ms` to the first instance that
//! answers. The test only injects the faults and checks the outcome against Redis's logs.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use chinese_checkers_core::session::online::OnlineRequest;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use chinese_checkers_core::ffi::{new_token, OnlineGame};
use chinese_checkers_core::online::{Format, GameEvent};
use chinese_checkers_core::session::online::{Connection, OnlineState};
use common::{tap_a_step, DurableRedis, Process};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A game is resigned by the side to move at this ply (it finishes either way).
const LAST_PLY: usize = 40;
/// A person's think time, so that the faults land in the middle of games.
const THINK: Duration = Duration::from_millis(25);

/// One device: an online game, the servers it may reach (preferred first), its socket.
struct Device {
    name: String,
    token: String,
    game: Arc<OnlineGame>,
    urls: Vec<String>,
    ws: Option<Ws>,
    /// Moves this device sent (each must be stored exactly once).
    sent: Arc<AtomicU32>,
}

impl Device {
    fn new(name: &str, urls: Vec<String>) -> Device {
        Device {
            name: name.to_owned(),
            token: new_token(),
            game: OnlineGame::new(),
            urls,
            ws: None,
            sent: Arc::new(AtomicU32::new(0)),
        }
    }

    async fn send(&mut self, outgoing: Vec<String>) {
        for text in outgoing {
            let failed = match self.ws.as_mut() {
                Some(ws) => ws.send(Message::text(text)).await.is_err(),
                None => true,
            };
            if failed {
                // The frame is not lost: the session resends what matters after the welcome.
                self.lost().await;
                return;
            }
        }
    }

    /// The socket dropped: tell the core, as an app does.
    async fn lost(&mut self) {
        self.ws = None;
        self.game.connection_lost();
    }

    /// Connects to the first server that answers and says hello; on failure waits the core's
    /// delay and tries again.
    async fn connect(&mut self, until: Instant) {
        while self.ws.is_none() {
            assert!(Instant::now() < until, "{} never reconnected", self.name);
            for url in self.urls.clone() {
                if let Ok(Ok((ws, _))) = tokio::time::timeout(
                    Duration::from_secs(2),
                    tokio_tungstenite::connect_async(url.as_str()),
                )
                .await
                {
                    self.ws = Some(ws);
                    break;
                }
            }
            if self.ws.is_none() {
                self.game.connection_lost();
                let delay = self.game.reconnect_delay_ms().unwrap_or(500);
                tokio::time::sleep(Duration::from_millis(delay.unsigned_abs())).await;
                continue;
            }
            let up = self
                .game
                .send(OnlineRequest::Hello {
                    token: self.token.clone(),
                    name: self.name.clone(),
                })
                .unwrap();
            self.send(up.outgoing).await;
        }
    }

    /// The next frame for the core, or the socket's end (then the core is told).
    async fn pump_once(&mut self, wait: Duration) {
        let Some(ws) = self.ws.as_mut() else {
            return;
        };
        match tokio::time::timeout(wait, ws.next()).await {
            Err(_) => {}
            Ok(Some(Ok(Message::Text(text)))) => {
                let up = self.game.receive(text.as_str().to_owned()).unwrap();
                self.send(up.outgoing).await;
            }
            Ok(Some(Ok(_))) => {}
            Ok(None | Some(Err(_))) => {
                self.lost().await;
                let delay = self.game.reconnect_delay_ms().unwrap_or(500);
                tokio::time::sleep(Duration::from_millis(delay.unsigned_abs())).await;
            }
        }
    }

    /// Pumps until `done` holds for the state (reconnecting as needed).
    async fn until(&mut self, until: Instant, done: impl Fn(&OnlineState) -> bool) {
        loop {
            if done(&self.game.state()) {
                return;
            }
            assert!(
                Instant::now() < until,
                "{}: condition not reached",
                self.name
            );
            self.connect(until).await;
            self.pump_once(Duration::from_millis(200)).await;
        }
    }

    /// Our move, if it is our turn, the game is on and nothing is pending: a step (the first
    /// peg that has one), or a resignation once the game is long enough.
    async fn act(&mut self) {
        let state = self.game.state();
        let Some(info) = state.game.as_ref() else {
            return;
        };
        if info.over
            || !info.pending_move.is_empty()
            || info.resyncing
            || state.connection != Connection::Connected
            || state.board.to_move != info.side
        {
            return;
        }
        tokio::time::sleep(THINK).await;
        if state.board.history.len() >= LAST_PLY {
            self.send(common::on_board(&self.game, |b| b.resign().unwrap()))
                .await;
            return;
        }
        let frames =
            tap_a_step(&self.game).unwrap_or_else(|| panic!("{}: no step to play", self.name));
        self.sent.fetch_add(1, Ordering::SeqCst);
        self.send(frames).await;
    }

    /// Plays until the game is over (this device has seen its end).
    async fn play_to_the_end(mut self, until: Instant) -> Device {
        loop {
            let state = self.game.state();
            if state.game.as_ref().is_some_and(|g| g.over) {
                return self;
            }
            assert!(
                Instant::now() < until,
                "{}: the game never ended",
                self.name
            );
            self.connect(until).await;
            self.act().await;
            self.pump_once(Duration::from_millis(50)).await;
        }
    }
}

/// Plies played in `d`'s game as it sees it.
fn plies(d: &OnlineGame) -> usize {
    d.state().board.history.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_move_is_kept_once_through_redis_and_instance_failures() {
    let mut redis = DurableRedis::new();
    let extra = [
        "--grace-ms",
        "60000",
        "--presence-ms",
        "200",
        "--trust-proxy",
    ];
    let a = Process::start_with(&redis.url(), &extra);
    let b = Process::start_with(&redis.url(), &extra);
    let until = Instant::now() + Duration::from_secs(150);

    // Four games; in each, the host is on one instance and the guest on the other.
    let mut devices = Vec::new();
    for i in 0..4 {
        let (first, second) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
        let mut host = Device::new(
            &format!("Host{i}"),
            vec![first.url.clone(), second.url.clone()],
        );
        let mut guest = Device::new(
            &format!("Guest{i}"),
            vec![second.url.clone(), first.url.clone()],
        );
        host.connect(until).await;
        host.until(until, |s| s.connection == Connection::Connected)
            .await;
        let up = host
            .game
            .send(OnlineRequest::CreateRoom {
                format: Format::Tripot1,
                clock: None,
            })
            .unwrap();
        host.send(up.outgoing).await;
        host.until(until, |s| s.room.is_some()).await;
        let code = host.game.state().room.unwrap().code;
        guest.connect(until).await;
        guest
            .until(until, |s| s.connection == Connection::Connected)
            .await;
        let up = guest
            .game
            .send(OnlineRequest::JoinRoom {
                code: code.to_owned(),
            })
            .unwrap();
        guest.send(up.outgoing).await;
        guest.until(until, |s| s.game.is_some()).await;
        host.until(until, |s| s.game.is_some()).await;
        devices.push(host);
        devices.push(guest);
    }
    let games: Vec<String> = devices
        .iter()
        .step_by(2)
        .map(|d| d.game.state().game.unwrap().id)
        .collect();
    let watch: Vec<Arc<OnlineGame>> = devices.iter().map(|d| d.game.clone()).collect();
    let sent: Vec<Arc<AtomicU32>> = devices.iter().map(|d| d.sent.clone()).collect();
    let players: Vec<_> = devices
        .into_iter()
        .map(|d| tokio::spawn(d.play_to_the_end(until)))
        .collect();

    // Every game a few moves in: Redis dies (no goodbye) while moves are being sent.
    let wait_all = |at_least: usize| {
        let watch = watch.clone();
        async move {
            while !watch.iter().all(|g| plies(g) >= at_least) {
                assert!(
                    Instant::now() < until,
                    "the games stalled before ply {at_least}"
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    };
    wait_all(6).await;
    redis.kill();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    redis.start();
    // Further in: instance B dies (SIGKILL); its devices move to A by themselves.
    wait_all(16).await;
    b.kill();

    let mut finished = Vec::new();
    for p in players {
        finished.push(p.await.expect("a device ran to the end"));
    }
    drop(a);

    for (g, id) in games.iter().enumerate() {
        let log = redis.log(id);
        let plies: Vec<u32> = log
            .iter()
            .filter_map(|e| match e {
                GameEvent::Moved { ply, .. } => Some(*ply),
                _ => None,
            })
            .collect();
        // Every move once, in order, none missing.
        assert_eq!(
            plies,
            (0..plies.len() as u32).collect::<Vec<_>>(),
            "game {g}"
        );
        let sent_here: u32 =
            sent[2 * g].load(Ordering::SeqCst) + sent[2 * g + 1].load(Ordering::SeqCst);
        assert_eq!(
            plies.len() as u32,
            sent_here,
            "game {g}: moves sent vs stored"
        );
        // Ended exactly once, last.
        let ended = log
            .iter()
            .filter(|e| matches!(e, GameEvent::Ended { .. }))
            .count();
        assert_eq!(ended, 1, "game {g}");
        assert!(
            matches!(log.last(), Some(GameEvent::Ended { .. })),
            "game {g}"
        );
        // Both devices saw the whole game.
        for d in &finished[2 * g..2 * g + 2] {
            assert_eq!(
                d.game.state().board.history.len(),
                plies.len(),
                "{}",
                d.name
            );
        }
    }
}
