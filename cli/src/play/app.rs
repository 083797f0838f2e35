//! The terminal game's UI state: the game (a [`LocalGame`] or an [`OnlineGame`]), the last
//! [`GameState`], the keyboard cursor, the message line and the AI's search (and hints) running
//! off the UI thread. Keys and clicks become game calls; every rule stays in the core.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;

use chinese_checkers_core::ffi::{
    AiSearch, Game as Board, GameLibrary, LocalGame, OnlineGame, OnlineUpdate, SearchOutcome,
};
use chinese_checkers_core::session::online::{
    away_reading, clock_reading, wall_clock_ms, AwayReading, ClockReading, Connection,
    OnlineRequest, OnlineState,
};
use chinese_checkers_core::session::{
    Banner, Coord, GameState, MoveError, OnlineError, OpponentStatistics, PlayerState, SaveStatus,
    SeatPlayer,
};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::board::{self, Direction, Placement};
use super::library_words;
use super::online::{Link, LinkEvent};
use super::words;

/// An online game's connection and the lobby request still to make.
struct Online {
    game: Arc<OnlineGame>,
    /// The session's board: taps and the game's actions, their frames sent through the link
    /// (the session's transport), as in the apps.
    board: Arc<Board>,
    link: Link,
    /// What to ask the server for once it has welcomed us.
    action: Option<OnlineRequest>,
    /// The game the cursor was last placed for.
    game_id: Option<String>,
    /// The online state drawn on screen (its `board` is the app's `view`).
    state: OnlineState,
}

/// The game behind the screen.
enum Game {
    Local(Arc<LocalGame>),
    Online(Box<Online>),
}

/// What the background search is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The AI's move (`LocalGame::think`).
    Think,
    /// A hint for the person (`LocalGame::hint`).
    Hint,
}

/// A search in progress: its handle (to cancel it) and the small thread that waits for it.
struct Worker {
    job: Job,
    search: Arc<AiSearch>,
    result: Receiver<SearchOutcome>,
    handle: JoinHandle<()>,
}

/// The whole UI state of the terminal game.
pub struct App {
    game: Game,
    /// The snapshot drawn on screen.
    pub view: GameState,
    /// The hole under the keyboard cursor.
    pub cursor: Coord,
    /// The x the cursor keeps while moving up and down.
    goal_x: Option<f32>,
    /// The seat the cursor was last placed for (pass-and-play hands it to the next seat).
    cursor_seat: i32,
    /// The last error or notice, shown under the board until the next action.
    pub message: Option<String>,
    /// Where the last frame drew the board (for mouse clicks).
    pub placement: Option<Placement>,
    worker: Option<Worker>,
    /// Set once the person asked to quit.
    pub quit: bool,
    /// Whether the AI moves by itself (off in tests that render a fixed position).
    pub autoplay: bool,
    /// Online: `x` asked "Resign? y/n"; the next key answers.
    pub confirming_resign: bool,
    /// Why the game cannot go on at all (the server could not be reached): the program quits
    /// and says this.
    pub fatal: Option<String>,
    /// The saved games and statistics (none in tests that need no files).
    library: Option<Arc<GameLibrary>>,
    /// Whether the outcome shown was seen already (the statistics panel is read again once).
    outcome_seen: bool,
    /// The statistics shown in the side panel instead of the history (`s`), or why they could
    /// not be read; `None` while the history is shown.
    pub stats: Option<Result<Vec<OpponentStatistics>, String>>,
}

impl App {
    fn with(game: Game, view: GameState) -> App {
        let cursor = initial_cursor(&view);
        let cursor_seat = view.to_move;
        App {
            game,
            view,
            cursor,
            goal_x: None,
            cursor_seat,
            message: None,
            placement: None,
            worker: None,
            quit: false,
            autoplay: true,
            confirming_resign: false,
            fatal: None,
            library: None,
            outcome_seen: false,
            stats: None,
        }
    }

    /// Shows the statistics of `library` (`s`); the library counts a game it keeps as it ends.
    pub fn set_library(&mut self, library: Arc<GameLibrary>) {
        self.library = Some(library);
        self.note_outcome();
    }

    /// Refreshes the statistics panel, if it is shown, once the game shows an outcome: the
    /// library counted a game it keeps as it wrote its end (a game it does not keep — a file
    /// opened with `--open`, a game played without its slot — is not counted).
    fn note_outcome(&mut self) {
        if self.outcome_seen || self.view.outcome.is_none() {
            return;
        }
        self.outcome_seen = true;
        if self.stats.is_some() {
            self.load_stats();
        }
    }

    /// Reads the statistics for the side panel.
    fn load_stats(&mut self) {
        self.stats = Some(match &self.library {
            Some(library) => library
                .statistics()
                .map_err(|e| library_words::statistics_error(&e)),
            None => Err(library_words::no_statistics()),
        });
    }

    /// `s`: the statistics in the side panel instead of the history, or the history back.
    pub fn toggle_stats(&mut self) {
        if self.stats.take().is_none() {
            self.load_stats();
        }
    }

    /// The UI state of a game on this device, the cursor on the peg of the person nearest the
    /// centre.
    pub fn new(game: Arc<LocalGame>) -> App {
        let view = game.state();
        App::with(Game::Local(game), view)
    }

    /// The UI state of an online game: `link` carries its messages, and `action` (quick match,
    /// room, table) is asked for once the server has welcomed us.
    pub fn new_online(game: Arc<OnlineGame>, link: Link, action: OnlineRequest) -> App {
        let state = game.state();
        let view = state.board.clone();
        let mut app = App::with(
            Game::Online(Box::new(Online {
                board: Arc::clone(&game).game(),
                game,
                link,
                action: Some(action),
                game_id: None,
                state,
            })),
            view,
        );
        app.autoplay = false;
        app
    }

    /// Whether this is an online game.
    pub fn is_online(&self) -> bool {
        matches!(self.game, Game::Online(_))
    }

    /// Online, a timed game: the core's reading of its clock now.
    pub fn clock_now(&self) -> Option<ClockReading> {
        let Game::Online(online) = &self.game else {
            return None;
        };
        let clock = online.state.game.as_ref()?.clock.as_ref()?;
        Some(clock_reading(clock, wall_clock_ms()))
    }

    /// Online, while the opponent is away and this device saw them drop: the core's reading of
    /// the time they have to come back, now.
    pub fn away_now(&self) -> Option<(i32, AwayReading)> {
        if !self.is_online() {
            return None;
        }
        match self.view.banner {
            Some(Banner::OpponentDisconnected {
                player,
                back_by_ms: Some(back_by),
            }) => Some((player, away_reading(back_by, wall_clock_ms()))),
            _ => None,
        }
    }

    /// Online: whether a game of ours is on the board (its seats, and so our colours, are
    /// known; before it, the board is only the server's start position).
    pub fn seats_known(&self) -> bool {
        match &self.game {
            Game::Local(_) => true,
            Game::Online(o) => o.state.game.is_some(),
        }
    }

    /// The online state behind the screen (none in a local game).
    pub fn online_state(&self) -> Option<&OnlineState> {
        match &self.game {
            Game::Local(_) => None,
            Game::Online(o) => Some(&o.state),
        }
    }

    /// The local game behind the screen (none online).
    pub fn local(&self) -> Option<&Arc<LocalGame>> {
        match &self.game {
            Game::Local(g) => Some(g),
            Game::Online(_) => None,
        }
    }

    /// The game's state now, fetched from the core.
    fn fetch(&mut self) -> GameState {
        match &mut self.game {
            Game::Local(g) => g.state(),
            Game::Online(o) => {
                o.state = o.game.state();
                o.state.board.clone()
            }
        }
    }

    /// Online: reports the connection's events, makes the lobby request once welcomed, draws
    /// what the game now shows and puts the cursor on our pegs when a game starts.
    fn tick_online(&mut self) {
        let Game::Online(online) = &mut self.game else {
            return;
        };
        while let Some(event) = online.link.poll() {
            match event {
                LinkEvent::Connected => {}
                LinkEvent::Unreachable(e) => {
                    self.fatal = Some(e);
                    self.quit = true;
                }
                LinkEvent::Error(e) | LinkEvent::Closed(e) => self.message = Some(e),
            }
        }
        let now = online.game.state();
        if now.connection == Connection::Connected {
            if let Some(action) = online.action.take() {
                // A game left in progress last time (kept here, or only known to the server) is
                // resumed by the welcome instead.
                let resumed = now.joining || now.game.as_ref().is_some_and(|g| !g.over);
                if !resumed {
                    match online.game.send(action) {
                        Ok(update) => online.link.send(update.outgoing),
                        Err(e) => self.message = Some(words::online_error(&e)),
                    }
                }
            }
        }
        online.state = online.game.state();
        let game_id = online.state.game.as_ref().map(|g| g.id.clone());
        let new_game = game_id.is_some() && game_id != online.game_id;
        online.game_id = game_id;
        self.view = online.state.board.clone();
        if new_game {
            self.cursor = initial_cursor(&self.view);
            self.goal_x = None;
            self.cursor_seat = self.view.to_move;
        }
    }

    /// Online: sends what a call produced and shows its state.
    fn apply_online(&mut self, result: Result<OnlineUpdate, String>) {
        let Game::Online(online) = &mut self.game else {
            return;
        };
        let result = result.map(|update| {
            online.link.send(update.outgoing);
            online.state = update.state;
            online.state.board.clone()
        });
        self.show(result);
    }

    fn cancel_touch(&mut self) {
        match &mut self.game {
            Game::Local(g) => self.view = g.cancel_touch(),
            Game::Online(o) => {
                self.view = o.board.cancel_touch();
                o.state = o.game.state();
            }
        }
        self.message = None;
    }

    /// What the background search is doing, if anything.
    pub fn busy(&self) -> Option<Job> {
        self.worker.as_ref().map(|w| w.job)
    }

    /// Collects a finished search, refreshes the view while one runs, and starts the AI's search
    /// when it is the AI's turn. Called once per frame.
    pub fn tick(&mut self) {
        self.tick_online();
        if let Some(w) = &self.worker {
            match w.result.try_recv() {
                Ok(outcome) => {
                    self.finish_worker();
                    // Finished: the AI's move or the hint is in the game. Cancelled (by undo,
                    // resign or quit): nothing to report.
                    if let SearchOutcome::Failed { detail, .. } = outcome {
                        self.message = Some(format!(
                            "internal error: {detail} (a lets the AI try again)"
                        ));
                    }
                    // The outcome's state may be older than a later call's: draw the newest.
                    self.view = self.fetch();
                    self.note_storage();
                }
                Err(TryRecvError::Empty) => self.view = self.fetch(),
                Err(TryRecvError::Disconnected) => {
                    self.finish_worker();
                    self.message = Some("the AI stopped unexpectedly".into());
                    self.view = self.fetch();
                }
            }
        }
        if self.autoplay && self.worker.is_none() && self.view.ai_to_move {
            self.start(Job::Think);
            // Show "… is thinking" at once.
            self.view = self.fetch();
        }
        self.follow_turn();
        self.note_outcome();
    }

    /// In pass-and-play, puts the cursor on the next seat's pegs when the turn passes to it.
    fn follow_turn(&mut self) {
        let seat = self.view.to_move;
        let person = self
            .view
            .players
            .iter()
            .any(|p| p.index == seat && p.player == SeatPlayer::Person);
        if person && seat != self.cursor_seat && self.view.outcome.is_none() {
            self.cursor = initial_cursor(&self.view);
            self.goal_x = None;
            self.cursor_seat = seat;
        }
    }

    fn finish_worker(&mut self) {
        if let Some(w) = self.worker.take() {
            if w.handle.join().is_err() {
                self.message = Some("the AI thread failed".into());
            }
        }
    }

    /// Starts `job` in the core (its engine thread searches) and waits for it on a small thread
    /// of ours; the outcome is picked up by [`App::tick`].
    fn start(&mut self, job: Job) {
        let Game::Local(game) = &self.game else {
            return;
        };
        let started = match job {
            Job::Think => game.think(),
            Job::Hint => game.hint(),
        };
        let search = match started {
            Ok(search) => search,
            // The turn changed hands meanwhile: nothing to do.
            Err(MoveError::NotAiTurn) => return,
            Err(e) => {
                self.message = Some(words::move_error(&e));
                return;
            }
        };
        let (tx, rx) = mpsc::channel();
        let waiting = Arc::clone(&search);
        let spawned = std::thread::Builder::new()
            .name(match job {
                Job::Think => "ai-think".into(),
                Job::Hint => "ai-hint".into(),
            })
            // The UI may have quit already: nobody to tell then.
            .spawn(move || drop(tx.send(waiting.wait())));
        match spawned {
            Ok(handle) => {
                self.worker = Some(Worker {
                    job,
                    search,
                    result: rx,
                    handle,
                })
            }
            Err(e) => {
                search.cancel();
                self.message = Some(format!("could not start the AI thread: {e}"));
            }
        }
    }

    /// Stops a search in progress and waits for its thread, and closes the connection (quitting).
    pub fn shutdown(&mut self) {
        if let Game::Online(online) = &mut self.game {
            // Leaving a game in progress: the server holds the seat longer for a player "away".
            if let Ok(update) = online.game.send(OnlineRequest::Away) {
                online.link.send(update.outgoing);
            }
            online.link.close();
            online.state = online.game.state();
        }
        if let Some(w) = &self.worker {
            w.search.cancel();
            self.finish_worker();
            self.view = self.fetch();
        }
    }

    /// Shows the outcome of a game call: the new state, or the error on the message line.
    fn show(&mut self, result: Result<GameState, String>) {
        match result {
            Ok(view) => {
                self.view = view;
                self.message = None;
                self.follow_turn();
                self.note_outcome();
                self.note_storage();
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// Says on the message line that the last save failed (the core tries again at the next
    /// call; the game is intact).
    fn note_storage(&mut self) {
        if let SaveStatus::Failed { detail } = &self.view.storage {
            self.message = Some(library_words::save_failed(detail));
        }
    }

    /// Shows the outcome of a local game call.
    fn apply(&mut self, result: Result<GameState, MoveError>) {
        self.show(result.map_err(|e| words::move_error(&e)));
    }

    /// A tap on the hole under the cursor.
    pub fn tap_cursor(&mut self) {
        let Coord { q, r } = self.cursor;
        match &self.game {
            Game::Local(g) => {
                let result = g.tap(q, r);
                self.apply(result);
            }
            Game::Online(_) => self.board_call(|b| b.tap(q, r)),
        }
    }

    /// Moves the cursor to the nearest hole in `dir`.
    pub fn move_cursor(&mut self, dir: Direction) {
        let goal = match dir {
            Direction::Up | Direction::Down => self.goal_x.or_else(|| board::x_of(self.cursor)),
            Direction::Left | Direction::Right => None,
        };
        if let Some(c) = board::step_cursor(self.cursor, dir, goal) {
            self.cursor = c;
        }
        self.goal_x = goal;
    }

    /// One key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if self.confirming_resign {
            // "Resign? y/n": y resigns, any other key keeps playing.
            self.confirming_resign = false;
            if matches!(key.code, KeyCode::Char('y') | KeyCode::Char('Y')) {
                self.board_call(Board::resign);
            } else {
                self.message = None;
            }
            return;
        }
        if self.is_online() && self.online_key(key.code) {
            return;
        }
        match key.code {
            KeyCode::Up => self.move_cursor(Direction::Up),
            KeyCode::Down => self.move_cursor(Direction::Down),
            KeyCode::Left => self.move_cursor(Direction::Left),
            KeyCode::Right => self.move_cursor(Direction::Right),
            KeyCode::Enter | KeyCode::Char(' ') => self.tap_cursor(),
            KeyCode::Esc => self.cancel_touch(),
            KeyCode::Char('e') | KeyCode::Char('E') => self.end_jump(),
            KeyCode::Char('u') | KeyCode::Char('U') => self.take_back(true),
            KeyCode::Char('r') | KeyCode::Char('R') => self.take_back(false),
            KeyCode::Char('h') | KeyCode::Char('H') => self.ask_hint(),
            KeyCode::Char('s') | KeyCode::Char('S') => self.toggle_stats(),
            KeyCode::Char('a') | KeyCode::Char('A') => self.fill_with_ai(),
            KeyCode::Char('q') | KeyCode::Char('Q') => self.quit = true,
            _ => {}
        }
    }

    /// The keys of online play alone: `x` resigns (after "Resign? y/n"), `d` offers a draw,
    /// `y` / `n` answer the opponent's offer. Returns whether the key was one of them.
    fn online_key(&mut self, code: KeyCode) -> bool {
        let caps = &self.view.capabilities;
        match code {
            KeyCode::Char('x') | KeyCode::Char('X') => {
                if caps.can_resign {
                    self.confirming_resign = true;
                    self.message = Some(words::RESIGN_QUESTION.into());
                } else if self.view.outcome.is_some() {
                    self.message = Some(words::move_error(&MoveError::GameOver));
                } else {
                    self.message = Some(words::online_error(&OnlineError::NoGame));
                }
            }
            KeyCode::Char('d') | KeyCode::Char('D') => {
                if caps.can_offer_draw {
                    self.board_call(Board::offer_draw);
                } else {
                    self.message = Some(words::NO_DRAW_NOW.into());
                }
            }
            KeyCode::Char('y') | KeyCode::Char('Y') if caps.can_answer_draw => {
                self.board_call(|b| b.answer_draw(true));
            }
            KeyCode::Char('n') | KeyCode::Char('N') if caps.can_answer_draw => {
                self.board_call(|b| b.answer_draw(false));
            }
            _ => return false,
        }
        true
    }

    /// Online: a call of the session's board, its frames sent through the link and its state
    /// shown (or why it was refused).
    fn board_call(&mut self, call: impl FnOnce(&Board) -> Result<GameState, MoveError>) {
        let Game::Online(o) = &mut self.game else {
            return;
        };
        let result = call(&o.board);
        o.state = o.game.state();
        self.apply(result);
    }

    fn end_jump(&mut self) {
        match &self.game {
            Game::Local(g) => {
                let result = g.end_jump();
                self.apply(result);
            }
            Game::Online(_) => self.board_call(Board::end_jump),
        }
    }

    /// Online, the host of a filling table or room of 3 or more: start now, the empty seats
    /// played by the server's AI (at Medium).
    /// `a`: online, fills the table's empty seats with the AI; locally, lets a paused AI play
    /// (its search was stopped or failed: the core waits for this).
    fn fill_with_ai(&mut self) {
        let o = match &self.game {
            Game::Online(o) => o,
            Game::Local(g) => {
                if self.view.ai_paused {
                    self.message = None;
                    self.view = g.resume_ai();
                }
                return;
            }
        };
        let result = o
            .game
            .send(OnlineRequest::FillWithAi {
                level: chinese_checkers_core::ai::AiLevel::Medium,
            })
            .map_err(|e| words::online_error(&e));
        self.apply_online(result);
    }

    /// Undo (`back`) or redo. Undo stops a search in progress; its waiting thread then reports
    /// it cancelled.
    fn take_back(&mut self, back: bool) {
        let Game::Local(g) = &self.game else {
            self.message = Some(words::not_online(if back { "Undo is" } else { "Redo is" }));
            return;
        };
        let result = if back { g.undo() } else { g.redo() };
        self.apply(result);
    }

    /// Starts a hint search when the core allows one now.
    fn ask_hint(&mut self) {
        if self.is_online() {
            self.message = Some(words::not_online("Hints are"));
        } else if self.worker.is_some() {
            self.message = Some("wait for the search in progress to finish".into());
        } else if !self.view.capabilities.can_hint {
            self.message = Some("hints are for your turn in a solo game".into());
        } else {
            // The message line says "Looking for a hint…" while the search runs (`busy`), and
            // nothing once the hint is on the board and in the status line.
            self.message = None;
            self.start(Job::Hint);
        }
    }

    /// One mouse event: a left click on a hole moves the cursor there and taps it; a click on
    /// the board between holes drops the selection.
    pub fn handle_mouse(&mut self, mouse: MouseEvent) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let Some(placement) = self.placement else {
            return;
        };
        match placement.hit(mouse.column, mouse.row) {
            Some(c) => {
                self.cursor = c;
                self.goal_x = None;
                self.tap_cursor();
            }
            None => self.cancel_touch(),
        }
    }
}

/// The person's peg nearest the centre of the board (the seat to move in pass-and-play), or the
/// centre hole.
fn initial_cursor(view: &GameState) -> Coord {
    let person = |p: &&PlayerState| p.player == SeatPlayer::Person;
    let seat = view
        .players
        .iter()
        .filter(person)
        .find(|p| p.index == view.to_move)
        .or_else(|| view.players.iter().find(person));
    let centre = Coord { q: 0, r: 0 };
    let Some(seat) = seat else {
        return centre;
    };
    let g = board::geometry();
    let (cx, cy) = (g.width / 2.0, g.height / 2.0);
    let mut best: Option<(Coord, f32)> = None;
    for (h, at) in view.holes.iter().zip(&g.holes) {
        if !h.occupant.is_some_and(|c| seat.colours.contains(&c)) {
            continue;
        }
        // True proportions: one unit between neighbours.
        let d = (at.x - cx).powi(2) + (at.y - cy).powi(2);
        if best.is_none() || best.is_some_and(|(_, b)| d < b - 1e-6) {
            best = Some((h.coord, d));
        }
    }
    best.map_or(centre, |(c, _)| c)
}
