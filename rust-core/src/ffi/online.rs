//! [`OnlineGame`]: the connection to the server and the game played through it. The app owns the
//! WebSocket: it sends what each call returns and passes every frame it receives to `receive`.
//! Each call is one [`OnlineEvent`] that the session's `update` applies atomically (a refused
//! call or frame changes nothing), as a [`super::LocalGame`] call is one local event.
//! A session kept in the saved-games library ([`super::GameLibrary`]) writes each game of ours
//! inside every call that changed it (our move sent, a move or the end received).

use std::sync::Arc;

use parking_lot::{Mutex, ReentrantMutex};

use super::listen::{deliver, Delivery, OnlineTransport, Pending};
use crate::ai::AiLevel;
use crate::online::{Format, TimeControl};
use crate::session::online::{OnlineEvent, OnlineRefusal, OnlineSession, OnlineState};
use crate::session::{GameState, Keeper, MoveError, OnlineError, SaveError};

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

    /// A touch of the board, refused as a move.
    fn touch(&self, event: OnlineEvent) -> Result<OnlineUpdate, MoveError> {
        let (outgoing, state) = self.apply(event);
        Ok(OnlineUpdate {
            outgoing: outgoing.map_err(OnlineRefusal::into_move)?,
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

    /// The first message of every connection, and of every reconnection.
    pub fn hello(&self, token: String, name: String) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Hello { token, name })
    }

    /// Every text frame from the server goes in here; send what comes out.
    pub fn receive(&self, frame: String) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Frame { text: frame })
    }

    /// The socket dropped: the state shows "reconnecting" at once. Reconnect, then `hello`.
    pub fn connection_lost(&self) -> OnlineState {
        self.always(OnlineEvent::ConnectionLost).state
    }

    /// How long to wait (ms) before the next reconnection attempt, counted by `connection_lost`
    /// (about 500 ms doubling to 30 s, ±20%, afresh after a welcome); `None`: do not reconnect
    /// (the person left, or the game is over and nothing waits).
    pub fn reconnect_delay_ms(&self) -> Option<u64> {
        self.session.lock().session.reconnect_delay_ms()
    }

    /// The person leaves online play (the app closes the socket): no reconnection until `hello`.
    pub fn leave(&self) {
        self.always(OnlineEvent::Leave);
    }

    /// Changes the display name (for later games).
    pub fn set_name(&self, name: String) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::SetName { name })
    }

    /// Quick match in a format, or in any format (`None`).
    pub fn quick_match(&self, format: Option<Format>) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::QuickMatch { format })
    }

    /// Stops waiting for a quick match.
    pub fn cancel_match(&self) -> OnlineUpdate {
        self.always(OnlineEvent::CancelMatch)
    }

    /// Starts receiving the lobby's open tables (now and on every change).
    pub fn watch_lobby(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::WatchLobby)
    }

    /// Stops receiving the lobby.
    pub fn unwatch_lobby(&self) -> OnlineUpdate {
        self.always(OnlineEvent::UnwatchLobby)
    }

    /// Opens a public table in the lobby.
    pub fn create_table(&self, format: Format) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::CreateTable {
            format,
            clock: None,
        })
    }

    /// Closes our open table or private room (its code stops working at once).
    pub fn close_table(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::CloseTable)
    }

    /// Sits at an open table.
    pub fn join_table(&self, table: String) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::JoinTable { table })
    }

    /// Creates a private room; its code arrives in `state.room`.
    pub fn create_room(&self, format: Format) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::CreateRoom {
            format,
            clock: None,
        })
    }

    /// Opens a public table with a time control (`None`: the format's default: 30 s a move in
    /// sternhalma, untimed otherwise).
    pub fn create_table_timed(
        &self,
        format: Format,
        clock: Option<TimeControl>,
    ) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::CreateTable { format, clock })
    }

    /// Creates a private room with a time control (`None`: the format's default).
    pub fn create_room_timed(
        &self,
        format: Format,
        clock: Option<TimeControl>,
    ) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::CreateRoom { format, clock })
    }

    /// Asks for the public games in progress (they arrive in the state's `liveGames`).
    pub fn watch_games(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::WatchGames)
    }

    /// Watches a game read-only: a public game by its id, a private room's game by the room's
    /// code as typed (`spectating` in the state; the board shows it, taps do nothing).
    pub fn spectate(
        &self,
        game: String,
        code: Option<String>,
    ) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Spectate { game, code })
    }

    /// Watches a private room's game by the room's code alone, as typed (the code its players
    /// joined with; case, spaces and dashes do not matter): the server finds the room's game,
    /// whose id then comes in the state's `game`. A code that names no game ends the watching
    /// (`spectating` false) with `lastError` `GameNotFound`, the answer a game that does not
    /// exist gets; too many wrong codes get `RateLimited`, as when joining rooms.
    pub fn spectate_room(&self, code: String) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Spectate {
            game: String::new(),
            code: Some(code),
        })
    }

    /// Stops watching.
    pub fn stop_spectating(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::StopSpectating)
    }

    /// Asks for our ratings (they arrive in the state's `ratings`).
    pub fn request_ratings(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::RequestRatings)
    }

    /// Asks for our last finished games (they arrive in the state's `pastGames`).
    pub fn list_games(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::ListGames)
    }

    /// Asks for a finished game's record (it arrives in the state's `download`, a saved game
    /// that `LocalGame.restore` opens for replay).
    pub fn download_game(&self, game: String) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::DownloadGame { game })
    }

    /// Joins a private room by its code as typed.
    pub fn join_room(&self, code: String) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::JoinRoom { code })
    }

    /// The host of a table or room of 3 or more seats starts it now, the empty seats played by
    /// the server's AI at `level`.
    pub fn fill_with_ai(&self, level: AiLevel) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::FillWithAi { level })
    }

    /// Leaves the table or room of 3 or more seats we sit at before its game starts.
    pub fn leave_seat(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::LeaveSeat)
    }

    /// The app goes to the background: the server holds the seat longer.
    pub fn away(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Away)
    }

    /// The app is back in the foreground on a live socket.
    pub fn back(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Back)
    }

    /// A tap on the board; a finished move is shown as pending and sent.
    pub fn tap(&self, q: i32, r: i32) -> Result<OnlineUpdate, MoveError> {
        self.touch(OnlineEvent::Tap { q, r })
    }

    /// "End jump" sends the chain in progress.
    pub fn end_jump(&self) -> Result<OnlineUpdate, MoveError> {
        self.touch(OnlineEvent::EndJump)
    }

    /// Drops the selection or the chain in progress.
    pub fn cancel_touch(&self) -> OnlineState {
        self.always(OnlineEvent::CancelTouch).state
    }

    /// Resigns the game in progress.
    pub fn resign(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Resign)
    }

    /// Offers a draw.
    pub fn offer_draw(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::OfferDraw)
    }

    /// Answers the opponent's draw offer.
    pub fn answer_draw(&self, accept: bool) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::AnswerDraw { accept })
    }

    /// Asks for (or agrees to) a rematch after the end.
    pub fn rematch(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Rematch)
    }

    /// The `resume` for the current game (the welcome sends it by itself).
    pub fn resume(&self) -> Result<OnlineUpdate, OnlineError> {
        self.request(OnlineEvent::Resume)
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
