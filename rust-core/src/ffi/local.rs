//! [`LocalGame`]: a game played on this device — solo, pass-and-play, or any mix of people and AI
//! seats. One object per game; every call applies one event and returns the new [`GameState`].
//! A game kept in the saved-games library ([`super::GameLibrary`]) writes itself inside every call
//! that changed it (the AI's moves too, on the engine thread), and its state says whether that
//! write reached the disk (`storage`).

use std::sync::Arc;

use parking_lot::Mutex;

use super::kept::Kept;
use super::listen::{deliver, Delivery};
use super::search::AiSearch;
use crate::ai::CancelHandle;
use crate::rules::Setup;
use crate::session::{
    update, Event, GameSetup, GameState, Keeper, MoveError, SaveError, SearchKind, Seat,
    SessionState, SetupError, ValidSetup,
};

/// A game on this device. Thread-safe: the UI thread taps while an engine thread searches.
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct LocalGame {
    game: Arc<Mutex<Kept>>,
    /// The search running now, to stop it on undo or resign.
    running: Mutex<Option<CancelHandle>>,
    ai_time_ms: Mutex<Option<u64>>,
}

impl LocalGame {
    fn wrap(state: SessionState) -> Arc<LocalGame> {
        LocalGame::wrap_kept(state, None)
    }

    /// A game object over `state`, written by `keeper` if the library keeps it.
    pub(crate) fn wrap_kept(state: SessionState, keeper: Option<Keeper>) -> Arc<LocalGame> {
        LocalGame::wrap_heard(state, keeper, Delivery::new())
    }

    /// A game object over `state` whose changes `sink` hears (a rematch hears as its game did).
    pub(crate) fn wrap_heard(
        state: SessionState,
        keeper: Option<Keeper>,
        sink: Arc<Delivery>,
    ) -> Arc<LocalGame> {
        Arc::new(LocalGame {
            game: Arc::new(Mutex::new(Kept {
                state,
                keeper,
                sink,
            })),
            running: Mutex::new(None),
            ai_time_ms: Mutex::new(None),
        })
    }

    /// Runs `f` on the state (the board's rematch reads the game it follows through this).
    pub(crate) fn with_state<T>(&self, f: impl FnOnce(&SessionState) -> T) -> T {
        f(&self.game.lock().state)
    }

    /// Lets the library keep this game from now on: `keep` makes the keeper from the state (and
    /// writes it once).
    pub(crate) fn keep_with<E>(
        &self,
        keep: impl FnOnce(&SessionState) -> Result<Keeper, E>,
    ) -> Result<(), E> {
        let mut game = self.game.lock();
        let keeper = keep(&game.state)?;
        game.keeper = Some(keeper);
        Ok(())
    }

    /// The listener slot of this game (and the game's lock it is stamped under).
    pub(crate) fn delivery(&self) -> Arc<Delivery> {
        Arc::clone(&self.game.lock().sink)
    }

    /// Stops this game's listener hearing it (the board moved on to a rematch): changes still
    /// running here, such as a search finishing, go to nobody.
    pub(crate) fn detach(&self) {
        if let Some(c) = self.running.lock().take() {
            c.cancel();
        }
        self.game.lock().sink = Delivery::new();
    }

    /// The keeper's library, when the library keeps this game (a rematch takes its slot).
    pub(crate) fn library(&self) -> Option<crate::session::Library> {
        self.game
            .lock()
            .keeper
            .as_ref()
            .map(|k| k.library().clone())
    }

    /// The AI's time limit per move (`None`: the level's own budget).
    /// The AI's time limit per move, as set (`set_ai_time_limit`).
    pub(crate) fn keep_ai_time_limit(&self, ms: Option<u64>) {
        *self.ai_time_ms.lock() = ms;
    }

    pub(crate) fn ai_time_limit(&self) -> Option<u64> {
        *self.ai_time_ms.lock()
    }

    /// Tells the listener the state as it is (a board that just moved on to this game).
    pub(crate) fn announce(&self) -> GameState {
        let (view, pending) = {
            let game = self.game.lock();
            (game.view(), game.sink.stamp_with(|| game.view()))
        };
        deliver(pending);
        view
    }

    fn apply(&self, event: Event) -> Result<GameState, MoveError> {
        let (view, pending) = {
            let mut game = self.game.lock();
            update(&mut game.state, event)?;
            game.keep();
            (game.view(), game.changed())
        };
        deliver(pending);
        Ok(view)
    }

    fn search(&self, kind: SearchKind) -> Result<Arc<AiSearch>, MoveError> {
        let (request, pending) = {
            let time_ms = *self.ai_time_ms.lock();
            let mut game = self.game.lock();
            let request = game.state.begin_search(kind, time_ms)?;
            (request, game.changed())
        };
        deliver(pending);
        let search = AiSearch::spawn(Arc::clone(&self.game), request)?;
        *self.running.lock() = Some(search.cancel_handle());
        Ok(search)
    }

    /// Runs `change` on the session (a change of no move, so nothing to write); when it changed
    /// something, the listener hears the new state.
    fn change(&self, change: impl FnOnce(&mut SessionState) -> bool) -> GameState {
        let (view, pending) = {
            let mut game = self.game.lock();
            let changed = change(&mut game.state);
            (game.view(), changed.then(|| game.changed()).flatten())
        };
        deliver(pending);
        view
    }

    /// Pass-and-play: whether the board turns to the player to move (on by default, kept for
    /// this game and its rematches, not saved). The listener hears the new state if it changed.
    pub fn set_turn_board(&self, on: bool) -> GameState {
        self.change(|s| s.set_turn_board(on))
    }

    /// The app's AI pace (see [`crate::session::SessionState::ai_hold_ms`]): kept for this game
    /// and its rematches, not saved. The listener hears the new state if it changed.
    pub(crate) fn set_ai_pace(&self, pace_ms: i64, reduced_motion: bool) -> GameState {
        self.change(|s| s.set_ai_pace(pace_ms, reduced_motion))
    }

    /// Pauses the AI on its turn: stops its running search, and `ai_to_move` stays false until
    /// [`LocalGame::resume_ai`] or the next change of the moves. Nothing to pause off its turn.
    pub fn pause_ai(&self) -> GameState {
        let mut stopped = false;
        let state = self.change(|s| {
            stopped = s.search == Some(SearchKind::Think);
            let paused = s.pause_ai();
            stopped &= paused;
            paused
        });
        if stopped {
            if let Some(c) = self.running.lock().take() {
                c.cancel();
            }
        }
        state
    }

    /// Lets the paused AI play: the state says `ai_to_move` again (the listener hears it).
    pub fn resume_ai(&self) -> GameState {
        self.change(|s| s.resume_ai())
    }

    /// Applies `event`, which ends any search; the engine is stopped only when the event was
    /// accepted (a refused undo leaves a search running).
    fn apply_stopping_search(&self, event: Event) -> Result<GameState, MoveError> {
        let state = self.apply(event)?;
        if let Some(c) = self.running.lock().take() {
            c.cancel();
        }
        Ok(state)
    }
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl LocalGame {
    /// A new game from the new-game screen's set-up.
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn new(setup: GameSetup) -> Result<Arc<LocalGame>, SetupError> {
        let valid = setup.validate()?;
        log::info!("new game: {:?}", setup.rules.preset);
        Ok(LocalGame::wrap(SessionState::new(valid)))
    }

    /// A game from a position (puzzles, tests, a position file): one seat per player. `seed`
    /// is any number (its bits seed the AI: the same seed, the same game).
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn from_position(
        position: Setup,
        seats: Vec<Seat>,
        seed: i64,
    ) -> Result<Arc<LocalGame>, SetupError> {
        let valid =
            ValidSetup::from_position(&position, seats, u64::from_ne_bytes(seed.to_ne_bytes()))?;
        Ok(LocalGame::wrap(SessionState::new(valid)))
    }

    /// A game saved with `save`. A damaged or newer save is refused with a clear error.
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn restore(save: String) -> Result<Arc<LocalGame>, SaveError> {
        Ok(LocalGame::wrap(SessionState::restore(&save)?))
    }

    /// The state to draw now.
    pub fn state(&self) -> GameState {
        self.game.lock().view()
    }

    /// The game's id (its slot in the saved-games library, its entry in the statistics).
    pub fn id(&self) -> String {
        self.game.lock().state.id().to_owned()
    }

    /// A tap on hole `(q, r)`: select, play, hop, back out or cancel (see docs/API.md).
    pub fn tap(&self, q: i32, r: i32) -> Result<GameState, MoveError> {
        self.apply(Event::Tap { q, r })
    }

    /// "End jump": plays the tripot chain in progress as it stands.
    pub fn end_jump(&self) -> Result<GameState, MoveError> {
        self.apply(Event::EndJump)
    }

    /// Drops the selection or the chain in progress.
    pub fn cancel_touch(&self) -> GameState {
        self.apply(Event::CancelTouch)
            .unwrap_or_else(|_| self.state())
    }

    /// Takes back moves: to the previous move of a person at this device. Stops a search.
    pub fn undo(&self) -> Result<GameState, MoveError> {
        self.apply_stopping_search(Event::Undo)
    }

    /// Plays again what undo took back.
    pub fn redo(&self) -> Result<GameState, MoveError> {
        self.apply(Event::Redo)
    }

    /// The one person at this device (or the person to move) resigns. Stops a search.
    pub fn resign(&self) -> Result<GameState, MoveError> {
        self.apply_stopping_search(Event::Resign)
    }

    /// The player to move offers a draw (two people at one device).
    pub fn offer_draw(&self) -> Result<GameState, MoveError> {
        self.apply(Event::OfferDraw)
    }

    /// The other player answers the pending draw offer.
    pub fn answer_draw(&self, accept: bool) -> Result<GameState, MoveError> {
        self.apply(Event::AnswerDraw { accept })
    }

    /// Enters replay at the current move (the game itself is not changed).
    pub fn replay_start(&self) -> Result<GameState, MoveError> {
        self.apply(Event::ReplayStart)
    }

    /// Moves the replay cursor by `delta` moves (clamped to the game).
    pub fn replay_step(&self, delta: i32) -> Result<GameState, MoveError> {
        self.apply(Event::ReplayStep { delta })
    }

    /// Leaves replay.
    pub fn replay_exit(&self) -> GameState {
        self.apply(Event::ReplayExit)
            .unwrap_or_else(|_| self.state())
    }

    /// Starts the AI's move when `ai_to_move` (the state shows it thinking). Await the handle's
    /// `finish` for the state after its move; cancel it, or drop it, to stop the search.
    pub fn think(&self) -> Result<Arc<AiSearch>, MoveError> {
        self.search(SearchKind::Think)
    }

    /// Starts a hint search (about 300 ms) for the person to move; the hint shows in the state.
    pub fn hint(&self) -> Result<Arc<AiSearch>, MoveError> {
        self.search(SearchKind::Hint)
    }

    /// Limits the AI's thinking time per move (`None`: the level's own budget; a negative
    /// limit counts as 0, the quickest move the level finds).
    pub fn set_ai_time_limit(&self, ms: Option<i64>) {
        self.keep_ai_time_limit(unsigned_ms(ms));
    }

    /// The whole game as versioned JSON (to share it as a file, or for an app that keeps it
    /// itself; a game kept in the library is written by the core after every change).
    pub fn save(&self) -> String {
        self.game.lock().state.save()
    }

    /// Writes a game kept in the library now, whatever was written before — the "try again" after
    /// `state.storage` said a save failed. The state says how it went; a game not kept has
    /// nothing to write (`NotKept`).
    pub fn save_now(&self) -> GameState {
        let (view, pending) = {
            let mut game = self.game.lock();
            let Kept { state, keeper, .. } = &mut *game;
            if let Some(keeper) = keeper.as_mut() {
                keeper.rewrite_local(state);
            }
            (game.view(), game.changed())
        };
        deliver(pending);
        view
    }
}

/// A time limit from the apps' signed milliseconds: a negative one counts as 0.
pub(crate) fn unsigned_ms(ms: Option<i64>) -> Option<u64> {
    ms.map(|ms| u64::try_from(ms).unwrap_or(0))
}
