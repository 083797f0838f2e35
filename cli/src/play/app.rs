//! The terminal game's UI state: the session, the last [`BoardView`], the keyboard cursor, the
//! message line and the background worker that runs the AI's search (and hints) off the UI
//! thread. Keys and clicks become session calls; every rule stays in the core.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;

use chinese_checkers_core::ffi::GameSession;
use chinese_checkers_core::session::online::OnlineUpdate;
use chinese_checkers_core::session::{BoardView, Coord, HoleView, SessionError};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::board::{self, Direction, Placement};
use super::online::{Link, LinkEvent};

/// What to ask the server for once it has welcomed us.
pub type LobbyAction = Box<dyn FnOnce(&GameSession) -> Result<OnlineUpdate, SessionError> + Send>;

/// An online game's connection and the lobby request still to make.
struct Online {
    link: Link,
    action: Option<LobbyAction>,
    /// The game the cursor was last placed for.
    game: Option<String>,
}

/// What the background worker is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The AI's move (`GameSession::think`).
    Think,
    /// A hint for the person (`GameSession::hint`).
    Hint,
}

/// A background search and the channel its result comes back on.
struct Worker {
    job: Job,
    result: Receiver<Result<BoardView, SessionError>>,
    handle: JoinHandle<()>,
}

/// The whole UI state of the terminal game.
pub struct App {
    session: Arc<GameSession>,
    /// The snapshot drawn on screen.
    pub view: BoardView,
    /// The hole under the keyboard cursor.
    pub cursor: Coord,
    /// The normalised x the cursor keeps while moving up and down.
    goal_x: Option<f32>,
    /// The seat the cursor was last placed for (pass-and-play hands it to the next seat).
    cursor_seat: u32,
    /// The last error or notice, shown under the board until the next action.
    pub message: Option<String>,
    /// Where the last frame drew the board (for mouse clicks).
    pub placement: Option<Placement>,
    worker: Option<Worker>,
    /// Set once the person asked to quit.
    pub quit: bool,
    /// Whether the AI moves by itself (off in tests that render a fixed position).
    pub autoplay: bool,
    online: Option<Online>,
}

impl App {
    /// The UI state of `session`, the cursor on the peg of the person nearest the centre.
    pub fn new(session: Arc<GameSession>) -> App {
        let view = session.view();
        let cursor = initial_cursor(&view);
        let cursor_seat = view.to_move;
        App {
            session,
            view,
            cursor,
            goal_x: None,
            cursor_seat,
            message: None,
            placement: None,
            worker: None,
            quit: false,
            autoplay: true,
            online: None,
        }
    }

    /// The UI state of an online session: `link` carries its messages, and `action` (quick
    /// match, room, table) is asked for once the server has welcomed us.
    pub fn new_online(session: Arc<GameSession>, link: Link, action: LobbyAction) -> App {
        let mut app = App::new(session);
        app.autoplay = false;
        app.online = Some(Online {
            link,
            action: Some(action),
            game: None,
        });
        app
    }

    /// Whether this is an online game.
    pub fn is_online(&self) -> bool {
        self.online.is_some()
    }

    /// Online: reports the connection's events, makes the lobby request once welcomed, draws
    /// what the session now shows and puts the cursor on our pegs when a game starts.
    fn tick_online(&mut self) {
        let Some(online) = self.online.as_mut() else {
            return;
        };
        while let Some(event) = online.link.poll() {
            match event {
                LinkEvent::Connected => {}
                LinkEvent::Error(e) | LinkEvent::Closed(e) => self.message = Some(e),
            }
        }
        let view = self.session.view();
        let welcomed = view.online.as_ref().is_some_and(|o| o.welcomed);
        if welcomed {
            if let Some(action) = online.action.take() {
                match action(&self.session) {
                    Ok(update) => online.link.send(update.outgoing),
                    Err(e) => self.message = Some(e.to_string()),
                }
            }
        }
        let game = view.online.as_ref().and_then(|o| o.game.clone());
        let new_game = game.is_some() && game != online.game;
        online.game = game;
        self.view = self.session.view();
        if new_game {
            self.cursor = initial_cursor(&self.view);
            self.goal_x = None;
            self.cursor_seat = self.view.to_move;
        }
    }

    /// Online: sends what a call produced and shows its view.
    fn apply_online(&mut self, result: Result<OnlineUpdate, SessionError>) {
        let result = result.map(|update| {
            if let Some(online) = &self.online {
                online.link.send(update.outgoing);
            }
            update.view
        });
        self.apply(result);
    }

    fn cancel_touch(&mut self) {
        if self.online.is_some() {
            let result = self.session.online_cancel_touch();
            self.apply_online(result);
        } else {
            self.view = self.session.cancel_touch();
        }
        self.message = None;
    }

    /// The session behind the screen.
    pub fn session(&self) -> &Arc<GameSession> {
        &self.session
    }

    /// What the worker is doing, if anything.
    pub fn busy(&self) -> Option<Job> {
        self.worker.as_ref().map(|w| w.job)
    }

    /// Collects a finished search, refreshes the view while one runs, and starts the AI's search
    /// when it is the AI's turn. Called once per frame.
    pub fn tick(&mut self) {
        self.tick_online();
        if let Some(w) = &self.worker {
            match w.result.try_recv() {
                Ok(result) => {
                    self.finish_worker();
                    match result {
                        Ok(view) => self.view = view,
                        // Stopped by undo or quit, or the turn changed hands before the search
                        // began (undo again): nothing to report.
                        Err(SessionError::Cancelled | SessionError::NotNow(_)) => {
                            self.view = self.session.view()
                        }
                        Err(e) => {
                            self.message = Some(e.to_string());
                            self.view = self.session.view();
                        }
                    }
                }
                Err(TryRecvError::Empty) => self.view = self.session.view(),
                Err(TryRecvError::Disconnected) => {
                    self.finish_worker();
                    self.message = Some("the AI stopped unexpectedly".into());
                    self.view = self.session.view();
                }
            }
        }
        if self.autoplay && self.worker.is_none() && self.view.capabilities.ai_to_move {
            self.start(Job::Think);
            // Show "… is thinking" at once.
            self.view = self.session.view();
        }
        self.follow_turn();
    }

    /// In pass-and-play, puts the cursor on the next seat's pegs when the turn passes to it.
    fn follow_turn(&mut self) {
        let seat = self.view.to_move;
        let human = self
            .view
            .players
            .iter()
            .any(|p| p.index == seat && p.is_human);
        if human && seat != self.cursor_seat && self.view.outcome.is_none() {
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

    /// Runs `job` on a thread of its own; its result is picked up by [`App::tick`].
    fn start(&mut self, job: Job) {
        let (tx, rx) = mpsc::channel();
        let session = Arc::clone(&self.session);
        let spawned = std::thread::Builder::new()
            .name(match job {
                Job::Think => "ai-think".into(),
                Job::Hint => "ai-hint".into(),
            })
            .spawn(move || {
                let result = match job {
                    Job::Think => session.think(),
                    Job::Hint => session.hint(),
                };
                // The UI may have quit already: nobody to tell then.
                let _ = tx.send(result);
            });
        match spawned {
            Ok(handle) => {
                self.worker = Some(Worker {
                    job,
                    result: rx,
                    handle,
                })
            }
            Err(e) => self.message = Some(format!("could not start the AI thread: {e}")),
        }
    }

    /// Stops a search in progress and waits for its thread (quitting).
    pub fn shutdown(&mut self) {
        if let Some(online) = self.online.as_mut() {
            online.link.close();
        }
        if self.worker.is_some() {
            self.session.cancel_thinking();
            self.finish_worker();
            self.view = self.session.view();
        }
    }

    /// Shows the outcome of a session call: the new view, or the error on the message line.
    fn apply(&mut self, result: Result<BoardView, SessionError>) {
        match result {
            Ok(view) => {
                self.view = view;
                self.message = None;
                self.follow_turn();
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// A tap on the hole under the cursor.
    pub fn tap_cursor(&mut self) {
        let Coord { q, r } = self.cursor;
        if self.online.is_some() {
            let result = self.session.online_tap(q, r);
            self.apply_online(result);
            return;
        }
        let result = self.session.tap(q, r);
        self.apply(result);
    }

    /// Moves the cursor to the nearest hole in `dir`.
    pub fn move_cursor(&mut self, dir: Direction) {
        let goal = match dir {
            Direction::Up | Direction::Down => {
                self.goal_x.or_else(|| board::x_of(&self.view, self.cursor))
            }
            Direction::Left | Direction::Right => None,
        };
        if let Some(c) = board::step_cursor(&self.view, self.cursor, dir, goal) {
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
        match key.code {
            KeyCode::Up => self.move_cursor(Direction::Up),
            KeyCode::Down => self.move_cursor(Direction::Down),
            KeyCode::Left => self.move_cursor(Direction::Left),
            KeyCode::Right => self.move_cursor(Direction::Right),
            KeyCode::Enter | KeyCode::Char(' ') => self.tap_cursor(),
            KeyCode::Esc => self.cancel_touch(),
            KeyCode::Char('e') | KeyCode::Char('E') if self.online.is_some() => {
                let result = self.session.online_end_jump();
                self.apply_online(result);
            }
            KeyCode::Char('e') | KeyCode::Char('E') => {
                let result = self.session.end_jump();
                self.apply(result);
            }
            KeyCode::Char('u') | KeyCode::Char('U') => {
                // Undo cancels a search in progress; the worker then reports `Cancelled`.
                let result = self.session.undo();
                self.apply(result);
            }
            KeyCode::Char('r') | KeyCode::Char('R') => {
                let result = self.session.redo();
                self.apply(result);
            }
            KeyCode::Char('h') | KeyCode::Char('H') => self.ask_hint(),
            KeyCode::Char('q') | KeyCode::Char('Q') => self.quit = true,
            _ => {}
        }
    }

    /// Starts a hint on the worker when the core allows one now.
    fn ask_hint(&mut self) {
        if self.worker.is_some() {
            self.message = Some("wait for the search in progress to finish".into());
        } else if !self.view.capabilities.can_hint {
            self.message = Some("hints are for your turn in a solo game".into());
        } else {
            self.message = Some("Looking for a hint…".into());
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
        match placement.hit(&self.view, mouse.column, mouse.row) {
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
fn initial_cursor(view: &BoardView) -> Coord {
    let seat = view
        .players
        .iter()
        .find(|p| p.is_human && p.index == view.to_move)
        .or_else(|| view.players.iter().find(|p| p.is_human));
    let centre = Coord { q: 0, r: 0 };
    let Some(seat) = seat else {
        return centre;
    };
    // Distances in true proportions: x spans 12·√3 units, y spans 24 (RULES.md §1).
    let dist =
        |h: &HoleView| ((h.x - 0.5) * 12.0 * 3f32.sqrt()).powi(2) + ((h.y - 0.5) * 24.0).powi(2);
    let mut best: Option<(&HoleView, f32)> = None;
    for h in &view.holes {
        if !h.occupant.is_some_and(|c| seat.colours.contains(&c)) {
            continue;
        }
        let d = dist(h);
        if best.is_none() || best.is_some_and(|(_, b)| d < b - 1e-6) {
            best = Some((h, d));
        }
    }
    best.map_or(centre, |(h, _)| h.coord)
}
