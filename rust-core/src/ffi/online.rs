//! [`OnlineGame`]: the connection to the server and the game played through it. The app owns the
//! WebSocket: it sends what each call returns and passes every frame it receives to `receive`.
//! The person's requests are one type, [`OnlineRequest`], sent with one call (`send`); the board's
//! actions go through the session's `Game`. Each call is one [`OnlineEvent`] that the session's
//! `update` applies atomically (a refused call or frame changes nothing), as a
//! [`super::LocalGame`] call is one local event.
//! A session kept in the saved-games library ([`super::GameLibrary`]) writes each game of ours
//! inside every call that changed it (our move sent, a move or the end received).

use std::sync::Arc;

use parking_lot::{Mutex, ReentrantMutex};

use super::listen::{deliver, Delivery, OnlineTransport, Pending};
use crate::session::online::{
    OnlineEvent, OnlineRefusal, OnlineRequest, OnlineSession, OnlineState,
};
use crate::session::{GameState, Keeper, OnlineError, SaveError};

/// What an online call produces: the messages to send (in order, each one WebSocket text frame)
/// and the new state to draw.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OnlineUpdate {
    /// Encoded messages to send now, in order.
    pub outgoing: Vec<String>,
    /// The state to draw now.
    pub state: OnlineState,
}

/// The session and, when the library keeps it, its keeper, under one lock.
struct KeptSession {
    session: OnlineSession,
    keeper: Option<Keeper>,
    /// Who hears of each change of the board (the `Game`'s listener); stamped under this lock.
    sink: Arc<Delivery>,
}

impl KeptSession {
    /// Writes our game if the session is kept and the game changed (after every call).
    fn keep(&mut self) {
        if let Some(keeper) = self.keeper.as_mut() {
            keeper.keep_online(&self.session);
        }
    }

    /// The state to draw, with whether our game is on disk.
    fn state(&self) -> OnlineState {
        let mut state = self.session.state();
        if let Some(keeper) = &self.keeper {
            state.board.storage = keeper.status();
        }
        state
    }

    /// After a call: the board for the listener, to deliver once this lock is released.
    fn changed(&self) -> Option<Pending> {
        self.sink.stamp_with(|| self.state().board)
    }
}

/// An online session: lobby, matchmaking, rooms and the game in progress.
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct OnlineGame {
    session: Mutex<KeptSession>,
    transport: Mutex<Option<Arc<dyn OnlineTransport>>>,
    /// Held by a board call from its change to the last frame sent, so that frames leave in the
    /// order of the changes that made them (reentrant: a transport may call the game back).
    sending: ReentrantMutex<()>,
}

impl OnlineGame {
    /// A game object over `session`, written by `keeper` if the library keeps it.
    pub(crate) fn wrap_kept(session: OnlineSession, keeper: Option<Keeper>) -> Arc<OnlineGame> {
        Arc::new(OnlineGame {
            session: Mutex::new(KeptSession {
                session,
                keeper,
                sink: Delivery::new(),
            }),
            transport: Mutex::new(None),
            sending: ReentrantMutex::new(()),
        })
    }

    /// Lets the library keep this session from now on: `keep` makes the keeper (and writes our
    /// game once, if one is on).
    pub(crate) fn keep_with(&self, keep: impl FnOnce(&OnlineSession) -> Keeper) {
        let mut kept = self.session.lock();
        let keeper = keep(&kept.session);
        kept.keeper = Some(keeper);
    }

    /// The listener slot of this session's board.
    pub(crate) fn delivery(&self) -> Arc<Delivery> {
        Arc::clone(&self.session.lock().sink)
    }

    /// A board call of the `Game` over this session: runs `f`, sends the frames it made through
    /// the transport in order (after the session's lock is released), tells the listener, and
    /// returns the board. `None` when no transport is set: then nothing was run.
    pub(crate) fn board_call<E>(
        &self,
        f: impl FnOnce(&mut OnlineSession) -> Result<Vec<String>, E>,
    ) -> Option<Result<GameState, E>> {
        let _order = self.sending.lock();
        let transport = self.transport.lock().clone()?;
        let (outgoing, state) = self.with(f);
        let frames = match outgoing {
            Ok(frames) => frames,
            Err(e) => return Some(Err(e)),
        };
        for frame in frames {
            transport.send(frame);
        }
        Some(Ok(state.board))
    }

    /// Runs a call that changes the session: keeps the game, tells the listener (after the
    /// lock), returns the state.
    fn with<T>(&self, f: impl FnOnce(&mut OnlineSession) -> T) -> (T, OnlineState) {
        let (out, state, pending) = {
            let mut kept = self.session.lock();
            let out = f(&mut kept.session);
            kept.keep();
            (out, kept.state(), kept.changed())
        };
        deliver(pending);
        (out, state)
    }

    /// Applies one event to the session (atomic: a refused event changes nothing), keeps the
    /// game, tells the listener, and returns the messages to send with the new state.
    fn apply(&self, event: OnlineEvent) -> (Result<Vec<String>, OnlineRefusal>, OnlineState) {
        self.with(|s| s.update(event))
    }

    /// An event that is refused as an online call.
    fn request(&self, event: OnlineEvent) -> Result<OnlineUpdate, OnlineError> {
        let (outgoing, state) = self.apply(event);
        Ok(OnlineUpdate {
            outgoing: outgoing.map_err(OnlineRefusal::into_online)?,
            state,
        })
    }

    /// An event that is never refused.
    fn always(&self, event: OnlineEvent) -> OnlineUpdate {
        let (outgoing, state) = self.apply(event);
        OnlineUpdate {
            outgoing: outgoing.unwrap_or_default(),
            state,
        }
    }

    /// Drops the selection or the chain in progress (the board's `cancelTouch`).
    pub(crate) fn cancel_touch(&self) -> OnlineState {
        self.always(OnlineEvent::CancelTouch).state
    }
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl OnlineGame {
    /// A session not yet connected: open the WebSocket and send what `hello` returns.
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn new() -> Arc<OnlineGame> {
        OnlineGame::wrap_kept(OnlineSession::new(), None)
    }

    /// A session saved with `save` (the game survives the app being killed). Connect and send
    /// `hello`: the welcome resumes the game.
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn restore(save: String) -> Result<Arc<OnlineGame>, SaveError> {
        Ok(OnlineGame::wrap_kept(OnlineSession::restore(&save)?, None))
    }

    /// The state to draw now.
    pub fn state(&self) -> OnlineState {
        self.session.lock().state()
    }

    /// Sets (or removes, with `None`) where the board calls of this session's `Game` send their
    /// frames: the app's WebSocket. Without one, those calls are refused (`NoTransport`). The
    /// calls of this object keep returning their frames in `OnlineUpdate.outgoing`.
    pub fn set_transport(&self, transport: Option<Arc<dyn OnlineTransport>>) {
        *self.transport.lock() = transport;
    }

    /// Sends one request of the person (connecting, finding or hosting a game, watching one,
    /// asking for records, the app's lifecycle): returns the messages to send, in order, and the
    /// state. Atomic: a refused request changes nothing. The board's own actions (taps, resign,
    /// draws, rematch) go through this session's `game()`.
    pub fn send(&self, request: OnlineRequest) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Request(request))
    }

    /// Every text frame from the server goes in here; send what comes out.
    pub fn receive(&self, frame: String) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Frame { text: frame })
    }

    /// The socket dropped: the state shows "reconnecting" at once. Reconnect, then send
    /// `OnlineRequest.hello`.
    pub fn connection_lost(&self) -> OnlineState {
        self.always(OnlineEvent::ConnectionLost).state
    }

    /// How long to wait (ms) before the next reconnection attempt, counted by `connection_lost`
    /// (about 500 ms doubling to 30 s, ±20%, afresh after a welcome); `None`: do not reconnect
    /// (the person left, or the game is over and nothing waits).
    pub fn reconnect_delay_ms(&self) -> Option<i64> {
        self.session
            .lock()
            .session
            .reconnect_delay_ms()
            .map(crate::session::signed::long)
    }

    /// The session as versioned JSON (the game and a pending move), for an app that keeps it
    /// itself; a session kept in the library is written by the core after every change.
    pub fn save(&self) -> String {
        self.session.lock().session.save()
    }

    /// Writes our game now if the session is kept in the library, whatever was written before —
    /// the "try again" after `state.board.storage` said a save failed. The state says how it
    /// went.
    pub fn save_now(&self) -> OnlineState {
        let (state, pending) = {
            let mut kept = self.session.lock();
            let KeptSession {
                session, keeper, ..
            } = &mut *kept;
            if let Some(keeper) = keeper.as_mut() {
                keeper.rewrite_online(session);
            }
            (kept.state(), kept.changed())
        };
        deliver(pending);
        state
    }
}
