//! [`Game`]: the one board interface of every kind of game — solo, pass-and-play, watched online,
//! played online, a puzzle, a lesson. The apps hold a `Game` for every board and draw its [`GameState`]; what a game
//! can do at all is its [`GameCapabilities`], whose members are the handles of the actions that
//! only some games have (undo, hint, replay, the AI), so that no call is ever refused for the
//! kind of game. What can be done at this moment stays in `GameState.capabilities`.
//!
//! A `Game` forwards to the [`LocalGame`], [`OnlineGame`], [`PuzzleGame`] or [`Lesson`] it was
//! made from (`LocalGame.game()`, `Game.local(game)`, `OnlineGame.game()`, `PuzzleGame.game()`,
//! `Lesson.game()`); those objects keep working as they are, and every change made through them
//! reaches the `Game`'s listener too.

use std::sync::Arc;

use parking_lot::Mutex;
use rand::{Rng, SeedableRng};

use super::lesson::Lesson;
use super::listen::GameListener;
use super::local::LocalGame;
use super::online::OnlineGame;
use super::puzzle::PuzzleGame;
use super::search::AiSearch;
use crate::online::TimeControl;
use crate::rules::Preset;
use crate::session::online::OnlineSession;
use crate::session::{
    GameState, MoveError, Notice, RuleSetInfo, Seat, SeatPlayer, SessionState, ValidSetup,
};

/// What a game can do at all (not only now: that is `GameState.capabilities`). The actions only
/// some games have come as handles, present exactly when the game has them.
///
/// | kind | undo | hint | replay | ai | drawOffers | clock | rematch | resign |
/// |---|---|---|---|---|---|---|---|---|
/// | solo (a person and AI seats) | ✓ | ✓ | ✓ | ✓ | | | ✓ | ✓ |
/// | pass-and-play (people only) | ✓ | | ✓ | ✓ (three or more: a resigned seat) | ✓ (two people) | | ✓ | ✓ |
/// | online, played | | | | | ✓ (two seats) | ✓ (timed) | ✓ | ✓ |
/// | online, watched (or no game yet) | | | | | | | | |
/// | puzzle (¹) | ✓ | | | | | | | |
/// | lesson (²) | | | | | | | | |
///
/// (¹) With `puzzle`: restart and the solver's line. (²) With `lesson`: "Try again" and "Next".
///
/// The hint is the engine's: a game without AI seats has none. An online rematch is not offered
/// once a game is over that a player left: ended by abandonment, or with another person away at
/// its end.
#[derive(Clone)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameCapabilities {
    /// Taking moves back and playing them again (local games).
    pub undo: Option<Arc<GameHistory>>,
    /// The hint search (local games with an AI seat and a person).
    pub hint: Option<Arc<GameHints>>,
    /// Replaying the game move by move (local games).
    pub replay: Option<Arc<GameReplay>>,
    /// The AI seats' engine: starting the AI's move when `state.aiToMove` (local games with AI
    /// seats, or of three or more people, where the AI plays the seat of one who resigned).
    pub ai: Option<Arc<GameEngine>>,
    /// Draws may be offered and answered (`offerDraw`, `answerDraw`).
    pub draw_offers: bool,
    /// The game is timed (online, with a time control).
    pub clock: bool,
    /// A rematch may follow the end (`rematch`).
    pub rematch: bool,
    /// A person at this device may resign (`resign`).
    pub resign: bool,
    /// A puzzle's own actions: restart, the solver's line (its facts are `GameState.puzzle`).
    pub puzzle: Option<Arc<PuzzleGame>>,
    /// A lesson's own actions: "Try again", "Next" (its facts are `GameState.lesson`).
    pub lesson: Option<Arc<Lesson>>,
}

/// A local game's board, which a rematch replaces by the next game.
pub(crate) struct LocalSlot {
    game: Mutex<Arc<LocalGame>>,
    /// The AI's time limit, carried over to a rematch.
    ai_time_ms: Mutex<Option<u64>>,
}

impl LocalSlot {
    fn current(&self) -> Arc<LocalGame> {
        Arc::clone(&self.game.lock())
    }
}

#[derive(Clone)]
enum Board {
    Local(Arc<LocalSlot>),
    Online(Arc<OnlineGame>),
    Puzzle(Arc<PuzzleGame>),
    Lesson(Arc<Lesson>),
}

/// The board of any game: solo, pass-and-play, watched or played online, a puzzle, a lesson.
/// Thread-safe.
///
/// Every board call returns the state to draw now, and the listener (`setListener`) hears every
/// change — also the AI's move, made on the engine thread, and the frames received online. On an
/// online game the calls send their frames through the session's transport
/// (`OnlineGame.setTransport`); a tap on a watched game changes nothing and answers with the
/// notice `watching`.
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct Game {
    board: Board,
}

impl Game {
    /// Runs a local call, or an online board call through the transport.
    fn act(
        &self,
        local: impl FnOnce(&LocalGame) -> Result<GameState, MoveError>,
        online: impl FnOnce(&OnlineGame) -> Option<Result<GameState, MoveError>>,
    ) -> Result<GameState, MoveError> {
        match &self.board {
            Board::Local(slot) => Ok(local(&slot.current())?),
            Board::Online(game) => online(game).unwrap_or(Err(MoveError::NoTransport)),
            // No seat to resign, no draw to offer or answer: not a game against anyone.
            Board::Puzzle(_) | Board::Lesson(_) => Err(MoveError::NotYourTurn),
        }
    }

    /// A touch on the board (tap, end jump). On a watched game it changes nothing, so the
    /// listener hears nothing: the state returned carries the notice `watching`.
    fn touch(&self, touch: Touch) -> Result<GameState, MoveError> {
        match &self.board {
            Board::Local(slot) => touch.on_local(&slot.current()),
            Board::Online(game) => {
                let now = game.state();
                if now.spectating {
                    let mut board = now.board;
                    board.notice = Some(Notice::Watching);
                    return Ok(board);
                }
                game.board_call(|s| touch.on_online(s))
                    .unwrap_or(Err(MoveError::NoTransport))
            }
            Board::Puzzle(puzzle) => touch.on_puzzle(puzzle),
            Board::Lesson(lesson) => touch.on_lesson(lesson),
        }
    }

    /// The game as it stands, with the capabilities of a local game.
    fn local_capabilities(slot: &Arc<LocalSlot>) -> GameCapabilities {
        let (persons, ais, seats) = slot.current().with_state(|s| {
            let persons = s
                .seats()
                .iter()
                .filter(|p| **p == SeatPlayer::Person)
                .count();
            let ais = s
                .seats()
                .iter()
                .filter(|p| matches!(p, SeatPlayer::Ai { .. }))
                .count();
            (persons, ais, s.seats().len())
        });
        let with = |has: bool| has.then(|| Arc::clone(slot));
        GameCapabilities {
            undo: with(persons > 0).map(|slot| {
                Arc::new(GameHistory {
                    board: Board::Local(slot),
                })
            }),
            hint: with(persons > 0 && ais > 0).map(|slot| Arc::new(GameHints { slot })),
            replay: with(true).map(|slot| Arc::new(GameReplay { slot })),
            // Also without AI seats when a person may resign a game of three or more and leave
            // the seat to the AI (`Capabilities.resign_keeps_game_going`).
            ai: with(ais > 0 || (seats >= 3 && persons >= 2))
                .map(|slot| Arc::new(GameEngine { slot })),
            draw_offers: seats == 2 && persons == 2,
            clock: false,
            rematch: true,
            resign: persons > 0,
            puzzle: None,
            lesson: None,
        }
    }

    /// What a puzzle's or a lesson's board can do: undo for a puzzle, and its own handle.
    fn exercise_capabilities(board: &Board) -> GameCapabilities {
        GameCapabilities {
            undo: matches!(board, Board::Puzzle(_)).then(|| {
                Arc::new(GameHistory {
                    board: board.clone(),
                })
            }),
            hint: None,
            replay: None,
            ai: None,
            draw_offers: false,
            clock: false,
            rematch: false,
            resign: false,
            puzzle: match board {
                Board::Puzzle(p) => Some(Arc::clone(p)),
                _ => None,
            },
            lesson: match board {
                Board::Lesson(l) => Some(Arc::clone(l)),
                _ => None,
            },
        }
    }

    /// The session as it stands, with the capabilities of its board.
    fn online_capabilities(game: &OnlineGame) -> GameCapabilities {
        let state = game.state();
        let played = state.game.as_ref().filter(|_| !state.spectating);
        GameCapabilities {
            undo: None,
            hint: None,
            replay: None,
            ai: None,
            draw_offers: played.is_some_and(|g| g.seats.len() == 2),
            clock: played.is_some_and(|g| g.time_control != TimeControl::Untimed),
            // Not after a game the opponent left (abandoned, or away at its end).
            rematch: played.is_some_and(|g| !g.over || state.board.capabilities.can_rematch),
            resign: played.is_some(),
            puzzle: None,
            lesson: None,
        }
    }

    /// The next local game: the same rules, seats and names, a new seed (and a new coin toss if
    /// the opener was tossed for), kept in the library slot of the game it follows.
    fn local_rematch(slot: &LocalSlot) -> Result<GameState, MoveError> {
        let old = slot.current();
        let (next, over) = old.with_state(|s| (rematch_of(s, rand::random()), s.is_over()));
        if !over {
            return Err(MoveError::NotOver);
        }
        let next = next?;
        let keeper = match old.library() {
            Some(library) => {
                let mut keeper =
                    library
                        .keep_local(&next, true)
                        .map_err(|e| MoveError::Internal {
                            detail: e.to_string(),
                        })?;
                // On Home at once, before its first move: the player asked for this game.
                keeper.keep_local_now(&next);
                Some(keeper)
            }
            None => None,
        };
        let game = LocalGame::wrap_heard(next, keeper, old.delivery());
        game.keep_ai_time_limit(*slot.ai_time_ms.lock());
        old.detach();
        *slot.game.lock() = Arc::clone(&game);
        // The listener hears of the new game: a change like any other, stamped after every
        // change of the old one it could still hear.
        Ok(game.announce())
    }
}

/// A touch on any board, forwarded to the object behind it.
#[derive(Clone, Copy)]
enum Touch {
    Tap { q: i32, r: i32 },
    EndJump,
}

impl Touch {
    fn on_local(self, game: &LocalGame) -> Result<GameState, MoveError> {
        match self {
            Touch::Tap { q, r } => game.tap(q, r),
            Touch::EndJump => game.end_jump(),
        }
    }

    fn on_online(self, session: &mut OnlineSession) -> Result<Vec<String>, MoveError> {
        match self {
            Touch::Tap { q, r } => session.tap(q, r),
            Touch::EndJump => session.end_jump(),
        }
    }

    fn on_puzzle(self, puzzle: &PuzzleGame) -> Result<GameState, MoveError> {
        match self {
            Touch::Tap { q, r } => puzzle.tap(q, r),
            Touch::EndJump => puzzle.end_jump(),
        }
    }

    fn on_lesson(self, lesson: &Lesson) -> Result<GameState, MoveError> {
        match self {
            Touch::Tap { q, r } => lesson.tap(q, r),
            Touch::EndJump => lesson.end_jump(),
        }
    }
}

/// The session of the game after `state`: same start position, seats and names, seed `seed`.
fn rematch_of(state: &SessionState, seed: u64) -> Result<SessionState, MoveError> {
    let internal = |e: String| MoveError::Internal { detail: e };
    let seats: Vec<Seat> = state
        .seats()
        .iter()
        .zip(state.names())
        .map(|(player, name)| Seat {
            player: *player,
            name: match name {
                crate::session::PlayerName::Named { name } => name.clone(),
                _ => String::new(),
            },
        })
        .collect();
    let mut start = *state.game().start();
    let mut coin_toss = None;
    let preset: Preset = start.rules().preset;
    if state.coin_toss.is_some() && RuleSetInfo::of(preset).opener_choice {
        let opener = rand::rngs::StdRng::seed_from_u64(seed).gen_range(0..seats.len());
        start = start
            .with_to_move(opener)
            .map_err(|e| internal(e.to_string()))?;
        coin_toss = Some(opener);
    }
    let valid = ValidSetup {
        start,
        seats,
        seed,
        coin_toss,
        from_start: state.from_start,
    };
    let mut next = SessionState::new(valid);
    // The app's setting stays with the board.
    next.turn_board = state.turn_board;
    next.ai_pace_ms = state.ai_pace_ms;
    Ok(next)
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl Game {
    /// The board of local game `game` (the same as `game.game()`). A rematch replaces the game
    /// this board plays; `game` itself stays the game it was.
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn local(game: Arc<LocalGame>) -> Arc<Game> {
        let ai_time_ms = game.ai_time_limit();
        Arc::new(Game {
            board: Board::Local(Arc::new(LocalSlot {
                game: Mutex::new(game),
                ai_time_ms: Mutex::new(ai_time_ms),
            })),
        })
    }

    /// The board of online session `game`: the game it plays or watches (the same as
    /// `game.game()`).
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn online(game: Arc<OnlineGame>) -> Arc<Game> {
        Arc::new(Game {
            board: Board::Online(game),
        })
    }

    /// The board of puzzle `puzzle` (the same as `puzzle.game()`).
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn puzzle(puzzle: Arc<PuzzleGame>) -> Arc<Game> {
        Arc::new(Game {
            board: Board::Puzzle(puzzle),
        })
    }

    /// The board of lesson `lesson` (the same as `lesson.game()`).
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn lesson(lesson: Arc<Lesson>) -> Arc<Game> {
        Arc::new(Game {
            board: Board::Lesson(lesson),
        })
    }

    /// The state to draw now.
    pub fn state(&self) -> GameState {
        match &self.board {
            Board::Local(slot) => slot.current().state(),
            Board::Online(game) => game.state().board,
            Board::Puzzle(puzzle) => puzzle.state(),
            Board::Lesson(lesson) => lesson.state(),
        }
    }

    /// The game's id: a local game's library slot and statistics entry, the online game's id
    /// (empty while the session has no game), the puzzle's or the lesson's id.
    pub fn id(&self) -> String {
        match &self.board {
            Board::Local(slot) => slot.current().id(),
            Board::Online(game) => game.state().game.map(|g| g.id).unwrap_or_default(),
            Board::Puzzle(puzzle) => puzzle.state().puzzle.map(|p| p.id).unwrap_or_default(),
            Board::Lesson(lesson) => lesson
                .state()
                .lesson
                .map(|l| l.lesson_id)
                .unwrap_or_default(),
        }
    }

    /// What this game can do at all, with the handles of undo, hint, replay and the AI where it
    /// has them. A local game's never change; an online session's follow its board (watching,
    /// playing, nothing yet).
    pub fn capabilities(&self) -> GameCapabilities {
        match &self.board {
            Board::Local(slot) => Game::local_capabilities(slot),
            Board::Online(game) => Game::online_capabilities(game),
            Board::Puzzle(_) | Board::Lesson(_) => Game::exercise_capabilities(&self.board),
        }
    }

    /// Sets (or removes, with `None`) the listener that hears every change of this board, from
    /// whichever thread made it, in order (see `GameListener`). One listener per game: setting
    /// one replaces the last, also one set through another `Game` of the same game.
    pub fn set_listener(&self, listener: Option<Arc<dyn GameListener>>) {
        match &self.board {
            Board::Local(slot) => slot.current().delivery().set_listener(listener),
            Board::Online(game) => game.delivery().set_listener(listener),
            Board::Puzzle(puzzle) => puzzle.delivery().set_listener(listener),
            Board::Lesson(lesson) => lesson.delivery().set_listener(listener),
        }
    }

    /// A tap on hole `(q, r)`: select, play, hop, back out or cancel (see docs/API.md). Online, a
    /// finished move is drawn as pending and sent; on a watched game it does nothing and the
    /// state's notice is `watching`.
    pub fn tap(&self, q: i32, r: i32) -> Result<GameState, MoveError> {
        self.touch(Touch::Tap { q, r })
    }

    /// "End jump": plays (online: sends) the tripot chain in progress as it stands.
    pub fn end_jump(&self) -> Result<GameState, MoveError> {
        self.touch(Touch::EndJump)
    }

    /// Drops the selection or the chain in progress.
    pub fn cancel_touch(&self) -> GameState {
        match &self.board {
            Board::Local(slot) => slot.current().cancel_touch(),
            Board::Online(game) => game.cancel_touch().board,
            Board::Puzzle(puzzle) => puzzle.cancel_touch(),
            Board::Lesson(lesson) => lesson.cancel_touch(),
        }
    }

    /// The person at this device resigns (`capabilities.resign`).
    pub fn resign(&self) -> Result<GameState, MoveError> {
        self.act(
            |g| g.resign(),
            |g| {
                g.board_call(|s| s.resign())
                    .map(|r| r.map_err(MoveError::from))
            },
        )
    }

    /// Offers a draw (`capabilities.drawOffers`).
    pub fn offer_draw(&self) -> Result<GameState, MoveError> {
        self.act(
            |g| g.offer_draw(),
            |g| {
                g.board_call(|s| s.offer_draw())
                    .map(|r| r.map_err(MoveError::from))
            },
        )
    }

    /// Answers the pending draw offer.
    pub fn answer_draw(&self, accept: bool) -> Result<GameState, MoveError> {
        self.act(
            |g| g.answer_draw(accept),
            |g| {
                g.board_call(|s| s.answer_draw(accept))
                    .map(|r| r.map_err(MoveError::from))
            },
        )
    }

    /// After the end (`capabilities.rematch`): locally, starts the next game on this board — the
    /// same rules, seats and names, a new seed (and coin toss), kept in the library's slot of the
    /// game it follows if that one was kept; online, asks the opponent for one (or agrees).
    pub fn rematch(&self) -> Result<GameState, MoveError> {
        match &self.board {
            Board::Local(slot) => Game::local_rematch(slot),
            Board::Online(game) => match game.board_call(|s| s.rematch()) {
                Some(r) => r.map_err(MoveError::from),
                None => Err(MoveError::NoTransport),
            },
            // A puzzle restarts and a lesson goes on through their own handles.
            Board::Puzzle(_) | Board::Lesson(_) => Err(MoveError::NotOver),
        }
    }

    /// Pass-and-play: whether the board turns to the player to move (`state.rotationDegrees`;
    /// the app's "turn the board" setting, on by default). Kept for this board and its
    /// rematches, never saved: set it on every board made. The listener hears the new state if
    /// it changed. Solo, online and watched boards turn by their own rule and ignore it.
    pub fn set_turn_board(&self, on: bool) -> GameState {
        match &self.board {
            Board::Local(slot) => slot.current().set_turn_board(on),
            Board::Online(game) => game.state().board,
            Board::Puzzle(_) | Board::Lesson(_) => self.state(),
        }
    }

    /// Writes the game again after a failed save (`state.storage` is `failed`); the state says
    /// how it went.
    pub fn save_now(&self) -> GameState {
        match &self.board {
            Board::Local(slot) => slot.current().save_now(),
            Board::Online(game) => game.save_now().board,
            // Nothing of a puzzle or a lesson is kept in the library.
            Board::Puzzle(_) | Board::Lesson(_) => self.state(),
        }
    }
}

/// Undo and redo of a local game or a puzzle (`GameCapabilities.undo`).
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct GameHistory {
    board: Board,
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl GameHistory {
    /// Takes back moves: to the previous move of a person at this device (while
    /// `state.capabilities.canUndo`); a puzzle's last move, the count going down. Stops a
    /// search.
    pub fn undo(&self) -> Result<GameState, MoveError> {
        match &self.board {
            Board::Local(slot) => slot.current().undo(),
            Board::Puzzle(puzzle) => puzzle.undo(),
            Board::Online(_) | Board::Lesson(_) => Err(MoveError::NothingToUndo),
        }
    }

    /// Plays again what undo took back (while `canRedo`).
    pub fn redo(&self) -> Result<GameState, MoveError> {
        match &self.board {
            Board::Local(slot) => slot.current().redo(),
            Board::Puzzle(puzzle) => puzzle.redo(),
            Board::Online(_) | Board::Lesson(_) => Err(MoveError::NothingToRedo),
        }
    }
}

/// The hint of a local game with an AI seat (`GameCapabilities.hint`).
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct GameHints {
    slot: Arc<LocalSlot>,
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl GameHints {
    /// Starts a hint search for the person to move (while `canHint`); the hint shows in the
    /// state. Await or cancel the handle as the AI's move.
    pub fn hint(&self) -> Result<Arc<AiSearch>, MoveError> {
        self.slot.current().hint()
    }
}

/// The replay of a local game (`GameCapabilities.replay`).
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct GameReplay {
    slot: Arc<LocalSlot>,
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl GameReplay {
    /// Enters replay at the current move (while `canReplay`; the game itself is not changed).
    pub fn start(&self) -> Result<GameState, MoveError> {
        self.slot.current().replay_start()
    }

    /// Moves the replay cursor by `delta` moves (clamped to the game).
    pub fn step(&self, delta: i32) -> Result<GameState, MoveError> {
        self.slot.current().replay_step(delta)
    }

    /// Leaves replay.
    pub fn exit(&self) -> GameState {
        self.slot.current().replay_exit()
    }
}

/// The engine of a local game's AI seats (`GameCapabilities.ai`).
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct GameEngine {
    slot: Arc<LocalSlot>,
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl GameEngine {
    /// Starts the AI's move when `state.aiToMove` (refused with `NotAiTurn` otherwise, also
    /// while paused). The listener hears the move from the engine thread; `finish` on the handle
    /// also returns it. Cancelling or dropping the handle stops it and pauses the AI, as a
    /// failed search does.
    pub fn think(&self) -> Result<Arc<AiSearch>, MoveError> {
        self.slot.current().think()
    }

    /// Stops the AI on its turn ("Stop thinking"): its running search ends, and
    /// `state.aiPaused` holds it (`aiToMove` false) until `resume` or the next change of the
    /// moves (undo…). Off the AI's turn there is nothing to pause and nothing changes. The
    /// listener hears the new state.
    pub fn pause(&self) -> GameState {
        self.slot.current().pause_ai()
    }

    /// Lets the paused AI play ("Let the AI play"): `state.aiToMove` again, and the listener
    /// hears it, so the app starts `think` as on any AI turn.
    pub fn resume(&self) -> GameState {
        self.slot.current().resume_ai()
    }

    /// The app's AI pace: `pace_ms` between the moves of AI seats (the pace setting), none
    /// when `reduced_motion`. The state's `aiHoldMs` says how long to hold before each think.
    /// Kept for this game and its rematches, never saved: set it on every board made. The
    /// listener hears the new state if it changed.
    pub fn set_pace(&self, pace_ms: i64, reduced_motion: bool) -> GameState {
        self.slot.current().set_ai_pace(pace_ms, reduced_motion)
    }

    /// Limits the AI's thinking time per move (`None`: the level's own budget; a negative
    /// limit counts as 0), for this game and the rematches that follow it.
    pub fn set_ai_time_limit(&self, ms: Option<i64>) {
        let ms = super::local::unsigned_ms(ms);
        *self.slot.ai_time_ms.lock() = ms;
        self.slot.current().keep_ai_time_limit(ms);
    }
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl LocalGame {
    /// This game's board, the interface the apps hold for every kind of game (`Game.local`).
    pub fn game(self: Arc<Self>) -> Arc<Game> {
        Game::local(self)
    }
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl OnlineGame {
    /// This session's board: the game played or watched (`Game.online`).
    pub fn game(self: Arc<Self>) -> Arc<Game> {
        Game::online(self)
    }
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl PuzzleGame {
    /// This puzzle's board, the interface the apps hold for every kind of game (`Game.puzzle`):
    /// taps, End jump, undo and redo go there.
    pub fn game(self: Arc<Self>) -> Arc<Game> {
        Game::puzzle(self)
    }
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl Lesson {
    /// This lesson's board, the interface the apps hold for every kind of game (`Game.lesson`):
    /// taps and End jump go there.
    pub fn game(self: Arc<Self>) -> Arc<Game> {
        Game::lesson(self)
    }
}
