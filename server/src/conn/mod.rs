//! One client connection: decodes frames, enforces the limits, runs matchmaking and game
//! commands against the store, and forwards the bus messages it listens to, numbered and without
//! gaps (a gap is filled from the store, or by a full snapshot).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use chinese_checkers_core::online::{
    check_name, check_token, decode_client, encode, normalize_room_code, ClientMsg, Command,
    CommandError, ErrorCode, ServerMsg, ServerNotice, MAX_LISTED_GAMES, PROTOCOL_VERSION,
};
use rand::Rng;
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::bus::{game_channel, user_channel, Delivery, Outbox, LOBBY, RECEIVED};
use crate::limits::{RateLimiter, Window};
use crate::logging::{token_prefix, LogLimiter, LINES_PER_WINDOW, WINDOW};
use crate::metrics::inc;
use crate::model::BusMsg;
use crate::store::{Access, Player, QueueEntry, StoreError, Taken, MAX_SEATS};

/// How often a player waiting for a quick match looks again (its rating window widens with the
/// wait; see `store::rating_window`).
const MATCH_RETRY: Duration = Duration::from_secs(1);
use crate::{App, StopMode};

mod codes;
mod matchmaking;
mod presence;

/// A game this connection follows.
struct Followed {
    side: u8,
    /// The last event number sent to the client.
    sent: u64,
    away: bool,
    over: bool,
    /// The game's seats.
    seats: usize,
    /// Per seat, whether its player is connected, as far as the game's events say.
    peer_connected: [bool; MAX_SEATS],
    /// Per seat, whether the server's AI plays it (never away).
    ai: [bool; MAX_SEATS],
    /// Per seat, heartbeats in a row that found its presence lapsed (Redis backend).
    peer_missing: [u8; MAX_SEATS],
    /// Watched, not played: `Some(code)` (the private room's code, if any).
    watching: Option<Option<String>>,
}

impl Followed {
    fn new(side: u8, seats: usize, over: bool) -> Followed {
        Followed {
            side,
            sent: 0,
            away: false,
            over,
            seats: seats.min(MAX_SEATS),
            peer_connected: [true; MAX_SEATS],
            ai: [false; MAX_SEATS],
            peer_missing: [0; MAX_SEATS],
            watching: None,
        }
    }

    /// Notes which seats the AI plays.
    fn set_ai(&mut self, ai: &[bool]) {
        for (slot, &is_ai) in self.ai.iter_mut().zip(ai) {
            *slot = is_ai;
        }
    }

    /// The other people's seats whose presence the heartbeat checks.
    fn watched_peers(&self) -> Vec<u8> {
        (0..self.seats)
            .filter(|&s| s != usize::from(self.side) && !self.ai[s] && self.peer_connected[s])
            .map(|s| s as u8)
            .collect()
    }
}

struct Conn {
    app: Arc<App>,
    id: u64,
    outbox: Outbox,
    socket: WebSocket,
    player: Option<Player>,
    games: HashMap<String, Followed>,
    searching: bool,
    /// The quick-match entry while searching (tried again as its rating window widens).
    search: Option<QueueEntry>,
    watching: bool,
    /// It created a lobby table since connecting: when it goes, the tables it still hosts close.
    has_tables: bool,
    /// The filling table or room we sit at as a guest.
    seated_at: Option<matchmaking::SeatedAt>,
    rate: RateLimiter,
    violations: u32,
    closing: bool,
    /// The client's address, as the per-address limits count it.
    addr: IpAddr,
    /// This connection's room creations in the last minute.
    rooms_created: Window,
    /// This connection's failed `join_room`s.
    join_failures: u32,
    /// Bounds this connection's warning/error log lines.
    log_limit: LogLimiter,
    /// Random, unique across instances: tells this connection's takeover notice from others'.
    session: u64,
    /// A newer connection of the same token took over: closing leaves the games alone.
    replaced: bool,
}

/// A warning or error about a connection, through its log limiter, with its id and token prefix.
macro_rules! conn_log {
    ($level:ident, $conn:expr, $($rest:tt)+) => {
        if $conn.log_gate() {
            tracing::$level!(
                conn = $conn.id,
                token = token_prefix($conn.token()),
                $($rest)+
            );
        }
    };
}

// After `conn_log!`, which it uses (a macro is visible to the modules declared after it).
mod games;

fn random_id(prefix: char, len: usize) -> String {
    const ALPHA: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    std::iter::once(prefix)
        .chain((0..len).map(|_| char::from(ALPHA[rng.gen_range(0..ALPHA.len())])))
        .collect()
}

fn err(code: ErrorCode, message: impl Into<String>) -> ServerMsg {
    ServerMsg::error(code, message, None)
}

/// Serves one WebSocket until it closes, idles out or the server stops.
pub(crate) async fn run(app: Arc<App>, socket: WebSocket, addr: IpAddr) {
    let (outbox, mut inbox) = mpsc::channel::<Delivery>(512);
    let id = app.next_conn.fetch_add(1, Ordering::Relaxed);
    inc(&app.metrics.connections_total);
    app.metrics.connections_open.fetch_add(1, Ordering::Relaxed);
    let rate = RateLimiter::new(app.limits.rate_per_second, app.limits.rate_burst);
    let mut conn = Conn {
        app: app.clone(),
        id,
        outbox,
        socket,
        player: None,
        games: HashMap::new(),
        searching: false,
        search: None,
        watching: false,
        has_tables: false,
        seated_at: None,
        rate,
        violations: 0,
        closing: false,
        addr,
        rooms_created: Window::default(),
        join_failures: 0,
        log_limit: LogLimiter::new(LINES_PER_WINDOW, WINDOW, Instant::now()),
        session: rand::thread_rng().gen(),
        replaced: false,
    };
    tracing::info!(conn = id, addr = %addr, "connected");
    let mut stop = app.stop.clone();
    let idle = app.limits.idle;
    // Any frame, WebSocket pings and pongs included, is a sign of life. Half-way through a
    // silence the server pings: a client whose WebSocket answers pings is never idle.
    let mut deadline = Instant::now() + idle;
    let mut pinged = false;
    // A socket must say hello within the handshake's deadline, whatever else it sends: an open
    // socket that never becomes a player is only a cost.
    let hello_by = Instant::now() + app.limits.handshake;
    let heartbeat = app.store.needs_presence();
    let mut beat = tokio::time::interval(app.limits.presence_interval);
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut retry = tokio::time::interval(MATCH_RETRY);
    retry.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut killed = false;
    while !conn.closing {
        let log_window_end = conn.log_window_end();
        tokio::select! {
            frame = conn.socket.recv() => {
                if matches!(frame, Some(Ok(_))) {
                    deadline = Instant::now() + idle;
                    pinged = false;
                }
                match frame {
                    Some(Ok(Message::Text(text))) => {
                        let received = std::time::Instant::now();
                        if let Err(e) = RECEIVED.scope(received, conn.on_text(text.as_str())).await {
                            conn_log!(error, conn, error = %e, "store error");
                            conn.send(err(ErrorCode::Internal, "the server's storage failed, so nothing was changed; try again shortly")).await;
                            // This instance cannot serve the request now: the client reconnects
                            // with its backoff (perhaps to a healthy instance) and, once welcomed,
                            // resumes its games and resends a pending move, so nothing is lost.
                            // The seats stay taken, as when the server shuts down.
                            conn.send(ServerMsg::ShuttingDown { reconnect_after_ms: 1000 }).await;
                            conn.close().await;
                            killed = true;
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        if conn.within_rate().await {
                            conn_log!(warn, conn, abuse = "binary_frame", "binary frame");
                            conn.send(err(ErrorCode::Malformed, "messages are JSON text frames")).await;
                        }
                    }
                    // Counted like any frame: a flood of pings is a flood.
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {
                        conn.within_rate().await;
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                }
            }
            _ = tokio::time::sleep_until(deadline - idle / 2), if !pinged => {
                pinged = true;
                if conn.socket.send(Message::Ping(Default::default())).await.is_err() {
                    conn.closing = true;
                }
            }
            _ = retry.tick(), if conn.searching => {
                if let Err(e) = conn.retry_match().await {
                    conn_log!(error, conn, error = %e, "store error in quick match");
                }
            }
            _ = beat.tick(), if heartbeat => {
                if let Err(e) = conn.heartbeat().await {
                    conn_log!(error, conn, error = %e, "store error in heartbeat");
                }
            }
            Some(delivery) = inbox.recv() => {
                if let Err(e) = conn.on_bus(&delivery).await {
                    conn_log!(error, conn, error = %e, "store error");
                }
            }
            _ = tokio::time::sleep_until(log_window_end) => conn.flush_log(),
            _ = tokio::time::sleep_until(deadline) => {
                conn.send(err(ErrorCode::Idle, "closed after a long silence")).await;
                conn.close().await;
            }
            _ = tokio::time::sleep_until(hello_by), if conn.player.is_none() => {
                let ms = app.limits.handshake.as_millis();
                conn.send(err(ErrorCode::HelloFirst, format!("no hello within {ms} ms of connecting; closing"))).await;
                conn.close().await;
            }
            changed = stop.changed() => {
                let mode = *stop.borrow();
                if changed.is_err() || mode == StopMode::Kill {
                    killed = true;
                    break;
                }
                if mode == StopMode::Graceful {
                    conn.send(ServerMsg::ShuttingDown { reconnect_after_ms: 500 }).await;
                    conn.close().await;
                    killed = true; // the seats are not released: the clients come back
                }
            }
        }
    }
    if conn.replaced {
        // The newer connection plays on: only what this one held outside games goes.
        if let Err(e) = conn.release_lobby().await {
            conn_log!(error, conn, error = %e, "store error while leaving");
        }
    } else if !killed {
        if let Err(e) = conn.leave().await {
            conn_log!(error, conn, error = %e, "store error while leaving");
        }
    }
    conn.unsubscribe_all();
    if let Some(n) = conn.log_limit.take_suppressed() {
        tracing::warn!(
            conn = id,
            token = token_prefix(conn.token()),
            suppressed = n,
            "{n} more log lines suppressed"
        );
    }
    tracing::info!(
        conn = id,
        token = token_prefix(conn.token()),
        games = conn.games.len(),
        violations = conn.violations,
        "disconnected"
    );
    app.metrics.connections_open.fetch_sub(1, Ordering::Relaxed);
}

impl Conn {
    /// Whether a warning/error line about this connection may be logged now (after logging the
    /// count of the lines the last window suppressed, if any).
    fn log_gate(&mut self) -> bool {
        let admit = self.log_limit.admit(Instant::now());
        if let Some(n) = admit.report_suppressed {
            tracing::warn!(
                conn = self.id,
                token = token_prefix(self.token()),
                suppressed = n,
                "{n} more log lines suppressed"
            );
        }
        admit.log
    }

    /// When the log limiter's current window ends.
    fn log_window_end(&self) -> Instant {
        self.log_limit.window_end()
    }

    /// Reports the lines suppressed in a window that has ended.
    fn flush_log(&mut self) {
        if let Some(n) = self.log_limit.flush_due(Instant::now()) {
            tracing::warn!(
                conn = self.id,
                token = token_prefix(self.token()),
                suppressed = n,
                "{n} more log lines suppressed"
            );
        }
    }

    async fn send(&mut self, msg: ServerMsg) {
        if let ServerMsg::Error {
            code,
            message,
            game,
        } = &msg
        {
            inc(&self.app.metrics.errors);
            let (code, message, game) = (*code, message.clone(), game.clone());
            conn_log!(
                warn,
                self,
                code = ?code,
                game = game.as_deref().unwrap_or(""),
                "error sent to client: {message}"
            );
        }
        inc(&self.app.metrics.messages_out);
        if self
            .socket
            .send(Message::Text(encode(&msg).into()))
            .await
            .is_err()
        {
            self.closing = true;
        }
    }

    /// Sends a message encoded beforehand (a lobby page, shared by every watcher).
    async fn send_text(&mut self, text: axum::extract::ws::Utf8Bytes) {
        inc(&self.app.metrics.messages_out);
        if self.socket.send(Message::Text(text)).await.is_err() {
            self.closing = true;
        }
    }

    async fn close(&mut self) {
        let _ = self
            .socket
            .send(Message::Close(Some(CloseFrame {
                code: 1001,
                reason: "bye".into(),
            })))
            .await;
        self.closing = true;
    }

    fn token(&self) -> &str {
        self.player.as_ref().map_or("", |p| p.token.as_str())
    }

    /// Counts one frame (of any kind) against the rate limit; `false` when it is over the limit
    /// (the client was told, and the connection is closed after too many violations).
    async fn within_rate(&mut self) -> bool {
        if self.rate.allow() {
            return true;
        }
        self.violations += 1;
        conn_log!(
            warn,
            self,
            abuse = "rate_limit",
            violations = self.violations,
            "over the rate limit"
        );
        if self.violations > self.app.limits.max_violations {
            conn_log!(
                warn,
                self,
                abuse = "closed",
                violations = self.violations,
                "closing an abusive connection"
            );
            self.send(err(ErrorCode::RateLimited, "too many messages; closing"))
                .await;
            self.close().await;
        } else {
            self.send(err(ErrorCode::RateLimited, "too many messages; slow down"))
                .await;
        }
        false
    }

    async fn on_text(&mut self, text: &str) -> Result<(), StoreError> {
        inc(&self.app.metrics.messages_in);
        if !self.within_rate().await {
            return Ok(());
        }
        if text.len() > self.app.limits.max_frame {
            let max = self.app.limits.max_frame;
            self.send(err(
                ErrorCode::TooLarge,
                format!("a message has at most {max} bytes"),
            ))
            .await;
            return Ok(());
        }
        let msg = match decode_client(text) {
            Ok(m) => m,
            Err(e) => {
                self.send(err(e.code(), e.to_string())).await;
                return Ok(());
            }
        };
        if self.player.is_none() && !matches!(msg, ClientMsg::Hello { .. } | ClientMsg::Ping) {
            self.send(err(ErrorCode::HelloFirst, "say hello first"))
                .await;
            return Ok(());
        }
        self.on_msg(msg).await
    }

    async fn on_msg(&mut self, msg: ClientMsg) -> Result<(), StoreError> {
        match msg {
            ClientMsg::Hello { .. } if self.player.is_some() => {
                // One identity per connection: a second hello would leave the first one's
                // queue entry, tables and games behind. The connection stays as it was.
                self.send(err(
                    ErrorCode::AlreadyGreeted,
                    "this connection already said hello; open a new one to change identity",
                ))
                .await
            }
            ClientMsg::Hello { v, token, name } => self.hello(v, token, name).await?,
            ClientMsg::SetName { name } => match check_name(&name) {
                Ok(name) => {
                    if let Some(p) = self.player.as_mut() {
                        p.name = name;
                    }
                }
                Err(e) => self.send(err(ErrorCode::BadName, e)).await,
            },
            ClientMsg::Ping => self.send(ServerMsg::Pong).await,
            ClientMsg::QuickMatch { format } => self.quick_match(format).await?,
            ClientMsg::CancelMatch => {
                self.app.store.dequeue(self.token()).await?;
                self.searching = false;
                self.send(ServerMsg::MatchCancelled).await;
            }
            ClientMsg::CreateTable { format, clock } => self.create_table(format, clock).await?,
            ClientMsg::CloseTable { table } => {
                let token = self.token().to_owned();
                match self.app.store.take(Access::Open, &table, &token).await? {
                    Taken::Taken(t) => {
                        self.tell_closed(&t).await?;
                        self.app.store.publish(LOBBY, BusMsg::Lobby).await?
                    }
                    Taken::NotYours => {
                        self.send(err(ErrorCode::TableNotFound, "that table is not yours"))
                            .await
                    }
                    Taken::Gone => {
                        if let Some(code) = normalize_room_code(&table) {
                            self.close_room(code).await?;
                        }
                    }
                }
            }
            ClientMsg::WatchLobby => {
                self.watching = true;
                let app = self.app.clone();
                let page = app.lobby.watch(&app, self.id, &self.outbox).await?;
                self.send_text(page).await;
            }
            ClientMsg::UnwatchLobby => {
                self.watching = false;
                self.app.lobby.unwatch(self.id);
            }
            ClientMsg::JoinTable { table } => self.join_table(&table).await?,
            ClientMsg::CreateRoom {
                format,
                clock,
                rated,
            } => self.create_room(format, clock, rated).await?,
            ClientMsg::JoinRoom { code, rated } => self.join_room(&code, rated).await?,
            ClientMsg::Ratings => self.send_ratings().await?,
            ClientMsg::FillWithAi { id, level } => self.fill_with_ai(&id, level).await?,
            ClientMsg::WatchGames => {
                let games = self.app.store.live_games(MAX_LISTED_GAMES).await?;
                self.send(ServerMsg::LiveGames { games }).await;
            }
            ClientMsg::Spectate { game, code } if game.is_empty() => {
                self.spectate_room(code.as_deref()).await?
            }
            // Not a code at all counts as no code: nothing is looked up by it.
            ClientMsg::Spectate { game, code } => {
                match code.as_deref().and_then(normalize_room_code) {
                    None => self.spectate(&game, None).await?,
                    Some(code) => self.spectate_with_code(&game, code).await?,
                }
            }
            ClientMsg::StopSpectating { game } => self.stop_spectating(&game),
            ClientMsg::ListGames => {
                let games = self.app.store.list_games(self.token()).await?;
                self.send(ServerMsg::Games { games }).await;
            }
            ClientMsg::GetGame { game } => {
                let token = self.token().to_owned();
                match self.app.store.game_log(&game, &token).await? {
                    Ok(events) => self.send(ServerMsg::GameLog { game, events }).await,
                    Err(CommandError::Refused(code, message)) => {
                        self.send(ServerMsg::error(code, message, None)).await
                    }
                    Err(CommandError::Duplicate(_)) => {}
                }
            }
            ClientMsg::LeaveSeat { id } => self.leave_seat(&id).await?,
            ClientMsg::Move { game, ply, mv } => {
                self.command(&game, Command::Move { ply, mv }).await?
            }
            ClientMsg::Resign { game } => self.command(&game, Command::Resign).await?,
            ClientMsg::Draw { game, action } => self.command(&game, Command::Draw(action)).await?,
            ClientMsg::Rematch { game } => self.rematch(&game).await?,
            ClientMsg::Resume { game, last_seq } => self.resume(&game, last_seq).await?,
            ClientMsg::Away { game } => match self.games.get_mut(&game) {
                Some(f) => f.away = true,
                None => {
                    self.send(ServerMsg::error(
                        ErrorCode::NotInGame,
                        "resume the game first",
                        Some(&game),
                    ))
                    .await
                }
            },
        }
        Ok(())
    }

    async fn hello(&mut self, v: u32, token: String, name: String) -> Result<(), StoreError> {
        if v != PROTOCOL_VERSION {
            let msg =
                format!("this server speaks protocol {PROTOCOL_VERSION}, not {v}; update the app");
            self.send(err(ErrorCode::UnsupportedVersion, msg)).await;
            self.close().await;
            return Ok(());
        }
        if let Err(e) = check_token(&token) {
            self.send(err(ErrorCode::BadToken, e)).await;
            return Ok(());
        }
        let name = match check_name(&name) {
            Ok(n) => n,
            Err(e) => {
                self.send(err(ErrorCode::BadName, e)).await;
                return Ok(());
            }
        };
        self.app
            .bus
            .subscribe(&user_channel(&token), self.id, &self.outbox);
        // This connection takes over from any other of the token, on any instance (subscribed
        // first: our own notice comes back and is ignored).
        let takeover = BusMsg::TakenOver {
            session: self.session,
        };
        self.app
            .store
            .publish(&user_channel(&token), takeover)
            .await?;
        // For the shared-address rule of ratings (the address as the limits count it).
        self.app
            .store
            .note_address(&token, &self.addr.to_string())
            .await?;
        let games = self.app.store.active_games(&token).await?;
        self.player = Some(Player {
            token,
            name: name.clone(),
            rated: false,
        });
        self.send(ServerMsg::Welcome {
            v: PROTOCOL_VERSION,
            name,
            games,
        })
        .await;
        Ok(())
    }

    fn me(&self) -> Player {
        self.player.clone().unwrap_or(Player {
            token: String::new(),
            name: String::new(),
            rated: false,
        })
    }

    async fn on_bus(&mut self, delivery: &Delivery) -> Result<(), StoreError> {
        match &*delivery.msg {
            BusMsg::Game {
                game,
                seq,
                event,
                clock,
            } => {
                let Some(f) = self.games.get(game) else {
                    return Ok(());
                };
                let sent = f.sent;
                if *seq <= sent {
                    return Ok(());
                }
                if *seq == sent + 1 {
                    self.forward_event(game, *seq, event.clone()).await;
                    if let Some(note) = clock {
                        self.send_clock(game, note).await;
                    }
                    self.app
                        .metrics
                        .relay_latency
                        .observe(delivery.since.elapsed());
                } else if let Some(code) = f.watching.clone() {
                    let game = game.clone();
                    self.spectate(&game, code).await?;
                } else {
                    let token = self.token().to_owned();
                    if let Ok(resumed) = self.app.store.resume(game, &token, sent).await? {
                        self.send_resumed(game, resumed).await;
                    }
                }
            }
            BusMsg::User { msg } => {
                if let ServerMsg::Matched {
                    game,
                    side,
                    players,
                    ..
                } = msg
                {
                    if self.searching {
                        self.searching = false;
                        self.app.store.dequeue(self.token()).await?;
                    }
                    // `has_tables` stays: a host whose one table filled may host others.
                    self.seated_at = None;
                    let game = game.clone();
                    self.app
                        .bus
                        .subscribe(&game_channel(&game), self.id, &self.outbox);
                    self.games
                        .insert(game.clone(), Followed::new(*side, players.len(), false));
                    self.send(msg.clone()).await;
                    self.touch(&game).await?;
                    let token = self.token().to_owned();
                    if let Ok(resumed) = self.app.store.resume(&game, &token, 0).await? {
                        self.send_resumed(&game, resumed).await;
                    }
                } else {
                    self.send(msg.clone()).await;
                }
            }
            // The lobby task listens to the lobby's changes and sends us its pages.
            BusMsg::Lobby => {}
            BusMsg::LobbyPage { text } => {
                if self.watching {
                    self.send_text(text.clone()).await;
                }
            }
            BusMsg::Resync => self.resync().await?,
            BusMsg::TakenOver { session } if *session != self.session => {
                self.replaced = true;
                let message = "this device connected again on another connection, which \
                               goes on with its games; this one is closed";
                let notice = ServerNotice::Replaced {
                    message: message.into(),
                };
                inc(&self.app.metrics.messages_out);
                let _ = self
                    .socket
                    .send(Message::Text(encode(&notice).into()))
                    .await;
                self.close().await;
            }
            BusMsg::TakenOver { .. } => {}
        }
        Ok(())
    }

    /// Bus messages may have been lost (Redis came back): sends what each followed game missed
    /// since the last event sent (nothing if it missed nothing). The lobby task resyncs the
    /// lobby's watchers itself (it sends a page if the lobby changed meanwhile).
    async fn resync(&mut self) -> Result<(), StoreError> {
        let token = self.token().to_owned();
        let watched: Vec<(String, Option<String>)> = self
            .games
            .iter()
            .filter(|(_, f)| !f.over)
            .filter_map(|(g, f)| f.watching.clone().map(|c| (g.clone(), c)))
            .collect();
        for (game, code) in watched {
            self.spectate(&game, code).await?;
        }
        let open: Vec<(String, u64)> = self
            .games
            .iter()
            .filter(|(_, f)| !f.over && f.watching.is_none())
            .map(|(g, f)| (g.clone(), f.sent))
            .collect();
        for (game, sent) in open {
            self.touch(&game).await?;
            if let Ok(resumed) = self.app.store.resume(&game, &token, sent).await? {
                self.send_resumed(&game, resumed).await;
            }
        }
        Ok(())
    }

    /// What a closing connection held outside games: its queue entry, its tables, its seat at
    /// a filling table or room.
    async fn release_lobby(&mut self) -> Result<(), StoreError> {
        let Some(me) = self.player.clone() else {
            return Ok(());
        };
        if self.searching {
            self.app.store.dequeue(&me.token).await?;
        }
        if self.has_tables {
            // Every table it still hosts goes, and whoever sits at one is told (as when its host
            // closes it), so that no guest waits at a table whose host is gone.
            let closed = self.app.store.close_tables_of(&me.token).await?;
            for t in &closed {
                self.tell_closed(t).await?;
            }
            if !closed.is_empty() {
                self.app.store.publish(LOBBY, BusMsg::Lobby).await?;
            }
        }
        self.leave_seat_on_close().await
    }

    /// The socket is gone: leave the queue, close tables, hold the seats for the grace period
    /// (the `disconnected` event sets the game's stored deadline; the sweeper ends it) — in
    /// every game of the token that is not over, those this connection has not heard
    /// `matched` for yet included (a room's guest sat down as its host's socket went).
    async fn leave(&mut self) -> Result<(), StoreError> {
        let Some(me) = self.player.clone() else {
            return Ok(());
        };
        // No longer listening first: a game started from now on finds us gone (see
        // `mark_absent`), and one started before is in `active_games` below.
        self.app.bus.unsubscribe(&user_channel(&me.token), self.id);
        self.release_lobby().await?;
        let limits = &self.app.limits;
        let mut open: Vec<(String, Duration)> = self
            .games
            .iter()
            .filter(|(_, f)| !f.over && f.watching.is_none())
            .map(|(g, f)| {
                (
                    g.clone(),
                    if f.away {
                        limits.background_grace
                    } else {
                        limits.grace
                    },
                )
            })
            .collect();
        for game in self.app.store.active_games(&me.token).await? {
            if !open.iter().any(|(g, _)| *g == game) {
                open.push((game, self.app.limits.grace));
            }
        }
        for (game, grace) in open {
            let grace_ms = grace.as_millis() as u64;
            let cmd = Command::Disconnect { grace_ms };
            let _ = self.app.store.update_game(&game, &me.token, &cmd).await?;
        }
        Ok(())
    }

    fn unsubscribe_all(&mut self) {
        for game in self.games.keys() {
            self.app.bus.unsubscribe(&game_channel(game), self.id);
        }
        if let Some(p) = &self.player {
            self.app.bus.unsubscribe(&user_channel(&p.token), self.id);
        }
        self.app.lobby.unwatch(self.id);
    }
}
