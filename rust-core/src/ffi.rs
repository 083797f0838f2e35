//! The exported UniFFI surface: a thin facade over the pure core.
//!
//! [`GameSession`] wraps the session's state machine in a mutex; every call applies one event and
//! returns the new [`BoardView`]. The AI's search runs outside the lock, on the caller's thread
//! ([`GameSession::think`], to be called from a background dispatcher) or on a thread of its own
//! ([`GameSession::think_async`]); [`GameSession::cancel_thinking`] stops it promptly.
//! No call panics across the boundary: fallible calls return [`SessionError`].

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Once};
use std::task::{Context, Poll, Waker};

use parking_lot::Mutex;

use crate::ai::{self, CancelHandle, SearchLimits};
use crate::session::online::{OnlineFormat, OnlineSession, OnlineUpdate};
use crate::session::{
    update, AiLevel, BoardView, Event, Mode, NewGame, OpponentRecord, SessionError, SessionState,
    Statistics,
};

/// The version of the core library, as built.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A fresh random device token for online play (made once, on first launch, and kept).
#[uniffi::export]
pub fn new_token() -> String {
    crate::online::new_token()
}

/// A named AI opponent for the new-game screen.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct OpponentInfo {
    /// The level it plays at.
    pub level: AiLevel,
    /// Display name.
    pub name: String,
    /// One-line personality shown under the name.
    pub personality: String,
}

/// The five opponents, weakest first.
#[uniffi::export]
pub fn opponents() -> Vec<OpponentInfo> {
    let levels = [
        AiLevel::Beginner,
        AiLevel::Easy,
        AiLevel::Medium,
        AiLevel::Hard,
        AiLevel::Impossible,
    ];
    levels
        .into_iter()
        .map(|level| {
            let o = level.level().opponent();
            OpponentInfo {
                level,
                name: o.name.to_string(),
                personality: o.personality.to_string(),
            }
        })
        .collect()
}

/// The statistics per opponent (weakest first) from their JSON text (empty text: all zeros).
#[uniffi::export]
pub fn statistics_records(statistics_json: String) -> Result<Vec<OpponentRecord>, SessionError> {
    Ok(Statistics::from_json(&statistics_json)?.records())
}

/// How much the core logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum LogLevel {
    /// Errors only.
    Error,
    /// Warnings and errors.
    Warn,
    /// Informational messages and above.
    Info,
    /// Debugging detail and above.
    Debug,
    /// Everything.
    Trace,
}

impl LogLevel {
    fn filter(self) -> log::LevelFilter {
        match self {
            LogLevel::Error => log::LevelFilter::Error,
            LogLevel::Warn => log::LevelFilter::Warn,
            LogLevel::Info => log::LevelFilter::Info,
            LogLevel::Debug => log::LevelFilter::Debug,
            LogLevel::Trace => log::LevelFilter::Trace,
        }
    }
}

static LOGGING: Once = Once::new();

/// Starts logging through `log` (android_logger on Android, oslog on Apple platforms, stderr
/// elsewhere). Only the first call installs the logger; later calls change the level.
#[uniffi::export]
pub fn init_logging(level: LogLevel) {
    LOGGING.call_once(install_logger);
    log::set_max_level(env_level().unwrap_or(level.filter()));
}

/// Desktop and CI only: `RUST_LOG=debug` (a bare level) overrides the level the app asks for.
fn env_level() -> Option<log::LevelFilter> {
    if cfg!(any(target_os = "android", target_vendor = "apple")) {
        return None;
    }
    std::env::var("RUST_LOG").ok()?.trim().parse().ok()
}

#[cfg(target_os = "android")]
fn install_logger() {
    android_logger::init_once(
        android_logger::Config::default()
            .with_max_level(log::LevelFilter::Trace)
            .with_tag("ChineseCheckersCore"),
    );
}

#[cfg(target_vendor = "apple")]
fn install_logger() {
    let logger =
        oslog::OsLogger::new("app.chinesecheckers.core").level_filter(log::LevelFilter::Trace);
    if logger.init().is_err() {
        // Another logger is already installed: keep it.
    }
}

#[cfg(not(any(target_os = "android", target_vendor = "apple")))]
fn install_logger() {
    /// A tiny env_logger-like logger writing to stderr.
    struct StderrLogger;
    impl log::Log for StderrLogger {
        fn enabled(&self, metadata: &log::Metadata) -> bool {
            metadata.level() <= log::max_level()
        }
        fn log(&self, record: &log::Record) {
            if self.enabled(record.metadata()) {
                eprintln!("[{} {}] {}", record.level(), record.target(), record.args());
            }
        }
        fn flush(&self) {}
    }
    static LOGGER: StderrLogger = StderrLogger;
    if log::set_logger(&LOGGER).is_err() {
        // Another logger is already installed: keep it.
    }
}

/// One game, as the apps hold it. Thread-safe: the UI thread taps while a background thread
/// thinks for the AI.
#[derive(uniffi::Object)]
pub struct GameSession {
    state: Mutex<SessionState>,
    search: Mutex<Option<(u64, CancelHandle)>>,
    searches: std::sync::atomic::AtomicU64,
    ai_time_ms: Mutex<Option<u64>>,
    /// Online mode: the connection and the game; `state` is then unused.
    online: Mutex<Option<OnlineSession>>,
}

impl GameSession {
    fn wrap(state: SessionState) -> Arc<GameSession> {
        Arc::new(GameSession {
            state: Mutex::new(state),
            search: Mutex::new(None),
            searches: std::sync::atomic::AtomicU64::new(0),
            ai_time_ms: Mutex::new(None),
            online: Mutex::new(None),
        })
    }

    /// Runs `f` on the online session and returns what to send and the new view.
    fn online_call(
        &self,
        f: impl FnOnce(&mut OnlineSession) -> Result<Vec<String>, SessionError>,
    ) -> Result<OnlineUpdate, SessionError> {
        let mut online = self.online.lock();
        let Some(session) = online.as_mut() else {
            return Err(SessionError::NotNow(
                "this is not an online game (use GameSession.new_online)".into(),
            ));
        };
        let outgoing = f(session)?;
        Ok(OnlineUpdate {
            outgoing,
            view: session.view(),
        })
    }

    fn refuse_online(&self) -> Result<(), SessionError> {
        if self.online.lock().is_some() {
            return Err(SessionError::NotNow(
                "online games are played with the online_ calls".into(),
            ));
        }
        Ok(())
    }

    /// Makes `cancel` the search that `cancel_thinking` stops (stopping any earlier one).
    fn register_search(&self, cancel: &CancelHandle) -> u64 {
        let id = self
            .searches
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if let Some((_, old)) = self.search.lock().replace((id, cancel.clone())) {
            old.cancel();
        }
        id
    }

    /// Forgets search `id` once it is over (unless a newer one replaced it).
    fn unregister_search(&self, id: u64) {
        let mut search = self.search.lock();
        if search.as_ref().is_some_and(|(current, _)| *current == id) {
            *search = None;
        }
    }

    /// The search behind `think`, stopped by `cancel` or by `cancel_thinking`.
    fn think_with(&self, cancel: CancelHandle) -> Result<BoardView, SessionError> {
        self.refuse_online()?;
        let (position, level, generation, seed, cancel, id) = {
            let mut state = self.state.lock();
            if !state.ai_to_move() {
                return Err(SessionError::NotNow("it is not the AI's turn".into()));
            }
            let Mode::Solo { level, .. } = state.settings().mode else {
                return Err(SessionError::NotNow("there is no AI in this game".into()));
            };
            if cancel.is_cancelled() {
                return Err(SessionError::Cancelled);
            }
            let generation = state.generation();
            update(&mut state, Event::AiStarted { generation })?;
            let id = self.register_search(&cancel);
            let seed = state.settings().seed ^ generation.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            (
                *state.game().position(),
                level,
                generation,
                seed,
                cancel,
                id,
            )
        };
        let limits = SearchLimits {
            time_ms: *self.ai_time_ms.lock(),
            seed,
        };
        let search_cancel = cancel.clone();
        let report =
            guarded(move || ai::choose_move(&position, level.level(), limits, &search_cancel));
        self.unregister_search(id);
        let mut state = self.state.lock();
        if cancel.is_cancelled() {
            log::info!("AI search cancelled");
            update(&mut state, Event::AiStopped)?;
            return Err(SessionError::Cancelled);
        }
        let report = match report {
            Ok(r) => r,
            Err(e) => {
                update(&mut state, Event::AiStopped)?;
                return Err(e);
            }
        };
        log::debug!(
            "AI {:?}: depth {} nodes {} in {} ms",
            level,
            report.depth,
            report.nodes,
            report.elapsed_ms
        );
        update(
            &mut state,
            Event::AiMoved {
                mv: report.best,
                generation,
            },
        )?;
        Ok(state.view())
    }

    fn apply(&self, event: Event) -> Result<BoardView, SessionError> {
        self.refuse_online()?;
        let mut state = self.state.lock();
        update(&mut state, event)?;
        Ok(state.view())
    }
}

#[uniffi::export]
impl GameSession {
    /// A new game from the new-game screen's settings.
    #[uniffi::constructor]
    pub fn new(settings: NewGame) -> Result<Arc<GameSession>, SessionError> {
        log::info!("new game: {:?}", settings.mode);
        Ok(GameSession::wrap(SessionState::new(settings)?))
    }

    /// A game from any Position JSON (RULES.md §4), for puzzles and tests.
    #[uniffi::constructor]
    pub fn from_position(
        position_json: String,
        mode: Mode,
        names: Vec<String>,
        seed: u64,
    ) -> Result<Arc<GameSession>, SessionError> {
        Ok(GameSession::wrap(SessionState::from_position(
            &position_json,
            mode,
            names,
            seed,
        )?))
    }

    /// A session saved with `save`. A damaged or newer save is refused with a clear error.
    #[uniffi::constructor]
    pub fn restore(save_json: String) -> Result<Arc<GameSession>, SessionError> {
        Ok(GameSession::wrap(SessionState::restore(&save_json)?))
    }

    /// An online game, not yet connected: open the WebSocket, send what `online_hello` returns,
    /// then pass every frame received to `online_receive` and send what it returns.
    #[uniffi::constructor]
    pub fn new_online() -> Arc<GameSession> {
        let session = GameSession::wrap(crate::session::online::placeholder());
        *session.online.lock() = Some(OnlineSession::new());
        session
    }

    /// The snapshot to draw now.
    pub fn view(&self) -> BoardView {
        if let Some(online) = self.online.lock().as_ref() {
            return online.view();
        }
        self.state.lock().view()
    }

    /// Online: the `hello` to send first on every (re)connection. The server's welcome then makes
    /// the session resume its game, if one is in progress.
    pub fn online_hello(&self, token: String, name: String) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.hello(&token, &name))
    }

    /// Online: every text frame from the server goes in here; send what comes out.
    pub fn online_receive(&self, text: String) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.receive(&text))
    }

    /// Online: quick match in a format, or in any format (`None`).
    pub fn online_quick_match(
        &self,
        format: Option<OnlineFormat>,
    ) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.quick_match(format))
    }

    /// Online: stops waiting for a quick match.
    pub fn online_cancel_match(&self) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| Ok(s.cancel_match()))
    }

    /// Online: opens a public table.
    pub fn online_create_table(&self, format: OnlineFormat) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.create_table(format))
    }

    /// Online: sits at an open table.
    pub fn online_join_table(&self, table: String) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.join_table(&table))
    }

    /// Online: creates a private room (its code arrives in `view.online.room_code`).
    pub fn online_create_room(&self, format: OnlineFormat) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.create_room(format))
    }

    /// Online: joins a private room by its code.
    pub fn online_join_room(&self, code: String) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.join_room(&code))
    }

    /// Online: a tap on the board; a finished move is shown as pending and sent.
    pub fn online_tap(&self, q: i32, r: i32) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.tap(q, r))
    }

    /// Online: "End jump" sends the chain in progress.
    pub fn online_end_jump(&self) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.end_jump())
    }

    /// Online: drops the selection or the chain in progress.
    pub fn online_cancel_touch(&self) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| {
            s.cancel_touch();
            Ok(Vec::new())
        })
    }

    /// Online: resigns the game in progress.
    pub fn online_resign(&self) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.resign())
    }

    /// Online: offers a draw.
    pub fn online_offer_draw(&self) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.offer_draw())
    }

    /// Online: answers the opponent's draw offer.
    pub fn online_answer_draw(&self, accept: bool) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.answer_draw(accept))
    }

    /// Online: asks for (or agrees to) a rematch after the end.
    pub fn online_rematch(&self) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.rematch())
    }

    /// Online: the `resume` for the current game (after a reconnection, if not done by the
    /// welcome).
    pub fn online_resume(&self) -> Result<OnlineUpdate, SessionError> {
        self.online_call(|s| s.resume())
    }

    /// A tap on hole `(q, r)`: select, play, hop, back out or cancel (see the touch model).
    pub fn tap(&self, q: i32, r: i32) -> Result<BoardView, SessionError> {
        self.apply(Event::Tap { q, r })
    }

    /// "End jump": plays the tripot chain in progress as it stands.
    pub fn end_jump(&self) -> Result<BoardView, SessionError> {
        self.apply(Event::EndJump)
    }

    /// Drops the selection or the chain in progress.
    pub fn cancel_touch(&self) -> BoardView {
        self.apply(Event::CancelTouch)
            .unwrap_or_else(|_| self.view())
    }

    /// Takes back moves (solo: to the person's previous turn; pass-and-play: one move). Stops a
    /// search in progress.
    pub fn undo(&self) -> Result<BoardView, SessionError> {
        self.cancel_thinking();
        self.apply(Event::Undo)
    }

    /// Plays again what undo took back.
    pub fn redo(&self) -> Result<BoardView, SessionError> {
        self.apply(Event::Redo)
    }

    /// The person (solo) or the player to move (pass-and-play) resigns.
    pub fn resign(&self) -> Result<BoardView, SessionError> {
        self.cancel_thinking();
        self.apply(Event::Resign)
    }

    /// The player to move offers a draw (pass-and-play).
    pub fn offer_draw(&self) -> Result<BoardView, SessionError> {
        self.apply(Event::OfferDraw)
    }

    /// The other player answers the pending draw offer.
    pub fn answer_draw(&self, accept: bool) -> Result<BoardView, SessionError> {
        self.apply(Event::AnswerDraw { accept })
    }

    /// Enters replay at the current move (the game itself is not changed).
    pub fn replay_start(&self) -> Result<BoardView, SessionError> {
        self.apply(Event::ReplayStart)
    }

    /// Moves the replay cursor by `delta` moves (clamped to the game).
    pub fn replay_step(&self, delta: i32) -> Result<BoardView, SessionError> {
        self.apply(Event::ReplayStep { delta })
    }

    /// Leaves replay.
    pub fn replay_exit(&self) -> BoardView {
        self.apply(Event::ReplayExit)
            .unwrap_or_else(|_| self.view())
    }

    /// Computes a hint (about 300 ms; call from a background thread) and shows it on the board.
    /// `cancel_thinking` stops it (then `Cancelled`).
    pub fn hint(&self) -> Result<BoardView, SessionError> {
        self.refuse_online()?;
        let (position, generation) = {
            let state = self.state.lock();
            if !state.can_hint() {
                return Err(SessionError::NotNow(
                    "hints are for your turn in a solo game".into(),
                ));
            }
            (*state.game().position(), state.generation())
        };
        let cancel = CancelHandle::new();
        let id = self.register_search(&cancel);
        let search_cancel = cancel.clone();
        let mv = guarded(move || ai::hint(&position, &search_cancel));
        self.unregister_search(id);
        if cancel.is_cancelled() {
            return Err(SessionError::Cancelled);
        }
        self.apply(Event::HintReady {
            mv: mv?,
            generation,
        })
    }

    /// Limits the AI's thinking time per move (`None`: the level's own budget).
    pub fn set_ai_time_limit(&self, ms: Option<u64>) {
        *self.ai_time_ms.lock() = ms;
    }

    /// Plays the AI's move, blocking the calling thread while it searches (call it from a
    /// background dispatcher when `capabilities.ai_to_move`). Returns `Cancelled` when
    /// `cancel_thinking`, `undo` or `resign` stopped it; the game is then unchanged.
    pub fn think(&self) -> Result<BoardView, SessionError> {
        self.think_with(CancelHandle::new())
    }

    /// The AI's move, computed on a thread of its own; cancel with `cancel_thinking`.
    /// Dropping the future (cancelling the Kotlin coroutine) stops the search too. UniFFI's Swift
    /// bindings do not pass Task cancellation on: Swift calls `cancel_thinking()` instead.
    pub async fn think_async(self: Arc<Self>) -> Result<BoardView, SessionError> {
        let (tx, rx) = oneshot();
        let session = Arc::clone(&self);
        let cancel = CancelHandle::new();
        let mut guard = CancelOnDrop(Some(cancel.clone()));
        let spawned = std::thread::Builder::new()
            .name("ai-think".into())
            .spawn(move || tx.send(session.think_with(cancel)));
        if let Err(e) = spawned {
            return Err(SessionError::Internal(format!(
                "could not start the AI thread: {e}"
            )));
        }
        let result = rx.await;
        guard.0 = None; // finished: nothing to cancel
        result
    }

    /// Stops the AI's search in progress, if any (leaving the screen, undo). Safe to call any time.
    pub fn cancel_thinking(&self) {
        if let Some((_, c)) = self.search.lock().take() {
            c.cancel();
        }
    }

    /// The whole session as versioned JSON, to survive process death.
    pub fn save(&self) -> String {
        self.state.lock().save()
    }

    /// Adds this finished solo game to the statistics JSON (once per game) and returns the new
    /// JSON; an empty text starts afresh.
    pub fn record_statistics(&self, statistics_json: String) -> Result<String, SessionError> {
        self.state.lock().record_statistics(&statistics_json)
    }
}

/// Cancels a search when the future waiting for it is dropped unfinished.
struct CancelOnDrop(Option<CancelHandle>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(c) = self.0.take() {
            c.cancel();
        }
    }
}

/// Stack of the engine's worker thread. Searches run on a thread of their own so that their depth
/// never depends on the caller's stack (JVM and Android threads often have 1 MB or less).
const ENGINE_STACK: usize = 16 << 20;

/// Runs engine code on a worker thread with a large stack and waits for it, turning a panic into
/// an error so that none crosses the FFI.
fn guarded<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, SessionError> {
    let worker = std::thread::Builder::new()
        .name("engine".into())
        .stack_size(ENGINE_STACK)
        .spawn(f)
        .map_err(|e| SessionError::Internal(format!("could not start the engine thread: {e}")))?;
    worker.join().map_err(|p| {
        let msg = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        log::error!("engine panic: {msg}");
        SessionError::Internal(msg)
    })
}

/// A one-value channel whose receiving end is a future (no async runtime needed).
struct Slot<T> {
    value: Option<T>,
    waker: Option<Waker>,
    closed: bool,
}

struct Sender<T>(Arc<Mutex<Slot<T>>>);
struct Receiver<T>(Arc<Mutex<Slot<T>>>);

fn oneshot<T>() -> (Sender<T>, Receiver<T>) {
    let slot = Arc::new(Mutex::new(Slot {
        value: None,
        waker: None,
        closed: false,
    }));
    (Sender(Arc::clone(&slot)), Receiver(slot))
}

impl<T> Sender<T> {
    fn send(self, value: T) {
        let waker = {
            let mut slot = self.0.lock();
            slot.value = Some(value);
            slot.waker.take()
        };
        if let Some(w) = waker {
            w.wake();
        }
    }
}

impl<T> Drop for Sender<T> {
    fn drop(&mut self) {
        let waker = {
            let mut slot = self.0.lock();
            slot.closed = true;
            slot.waker.take()
        };
        if let Some(w) = waker {
            w.wake();
        }
    }
}

impl<T> Future for Receiver<Result<T, SessionError>> {
    type Output = Result<T, SessionError>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut slot = self.0.lock();
        if let Some(v) = slot.value.take() {
            return Poll::Ready(v);
        }
        if slot.closed {
            return Poll::Ready(Err(SessionError::Internal("the AI thread stopped".into())));
        }
        slot.waker = Some(cx.waker().clone());
        Poll::Pending
    }
}

#[cfg(test)]
#[path = "ffi_tests.rs"]
mod tests;
