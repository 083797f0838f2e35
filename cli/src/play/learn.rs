//! `chinese-checkers learn`: the core's lessons in the terminal. The board is the lesson's `Game`
//! (tapped as any game's, its `GameState` drawn by `render`'s hole cells, the lesson's facts in
//! `GameState.lesson`); the core checks each goal and says what a try did, and `learn_words`
//! words it. Keys: arrows and Enter (or a
//! click) to tap, `e` End jump, `t` try again, `n` next step or lesson, `q` quit.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use chinese_checkers_core::ffi::{lessons, Game, Lesson};
use chinese_checkers_core::session::{Coord, GameState, LessonInfo, LessonState, MoveError};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::board::{self, board_height, geometry, Direction, Placement, BOARD_WIDTH};
use super::learn_words;
use super::render::{draw_hole, hole_cell, Overlay};
use super::words;

/// The lessons being played, one after the other.
pub struct LearnApp {
    catalogue: Vec<LessonInfo>,
    /// Where finished lessons are kept (the apps' lessons list ticks them).
    data_dir: String,
    index: usize,
    /// The lesson's own actions (try again, next).
    lesson: Arc<Lesson>,
    /// Its board: taps and End jump.
    game: Arc<Game>,
    /// The board the screen shows.
    pub board: GameState,
    /// The lesson's facts on it: the step, the goal, the feedback.
    pub state: LessonState,
    /// The hole under the cursor.
    pub cursor: Coord,
    /// A refusal of the last call, worded.
    pub message: Option<String>,
    /// Every lesson is done and "next" was asked once more.
    pub finished: bool,
    /// Where the board was drawn (for clicks).
    pub placement: Option<Placement>,
    /// The learner asked to leave.
    pub quit: bool,
}

impl LearnApp {
    /// Opens the lesson `id`, or the first one; the later lessons follow it. A lesson played to
    /// its end is kept as finished in `data_dir`.
    pub fn new(data_dir: &Path, id: Option<&str>) -> Result<LearnApp> {
        let data_dir = data_dir.to_string_lossy().into_owned();
        let catalogue = lessons(data_dir.clone());
        let index = match id {
            None => 0,
            Some(id) => match catalogue.iter().position(|l| l.id == id) {
                Some(i) => i,
                None => {
                    let ids: Vec<&str> = catalogue.iter().map(|l| l.id.as_str()).collect();
                    bail!(
                        "There is no lesson {id:?}; the lessons are {}",
                        ids.join(", ")
                    );
                }
            },
        };
        let first = catalogue.get(index).context("the core has no lessons")?;
        let lesson = Lesson::new(data_dir.clone(), first.id.clone())?;
        let game = Arc::clone(&lesson).game();
        let board = game.state();
        let state = facts(&board)?;
        let cursor = start_cursor(&state);
        Ok(LearnApp {
            catalogue,
            data_dir,
            index,
            lesson,
            game,
            board,
            state,
            cursor,
            message: None,
            finished: false,
            placement: None,
            quit: false,
        })
    }

    fn show(&mut self, result: Result<GameState, MoveError>) {
        let shown = result.map_err(|e| words::move_error(&e)).and_then(|board| {
            let state = facts(&board).map_err(|e| e.to_string())?;
            Ok((board, state))
        });
        match shown {
            Ok((board, state)) => {
                self.board = board;
                self.state = state;
                self.message = None;
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// A tap on the hole under the cursor.
    pub fn tap_cursor(&mut self) {
        let result = self.game.tap(self.cursor.q, self.cursor.r);
        self.show(result);
    }

    /// "Next": the next step, or the next lesson once this one is done.
    pub fn next(&mut self) {
        if !self.state.lesson_done {
            let state = self.lesson.next();
            self.show(Ok(state));
            self.cursor = start_cursor(&self.state);
            return;
        }
        let Some(info) = self.catalogue.get(self.index + 1) else {
            self.finished = true;
            return;
        };
        match Lesson::new(self.data_dir.clone(), info.id.clone()) {
            Ok(lesson) => {
                self.index += 1;
                self.game = Arc::clone(&lesson).game();
                self.lesson = lesson;
                self.show(Ok(self.game.state()));
                self.cursor = start_cursor(&self.state);
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// One key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let dir = match key.code {
            KeyCode::Up => Some(Direction::Up),
            KeyCode::Down => Some(Direction::Down),
            KeyCode::Left => Some(Direction::Left),
            KeyCode::Right => Some(Direction::Right),
            _ => None,
        };
        if let Some(c) = dir.and_then(|d| board::step_cursor(self.cursor, d, None)) {
            self.cursor = c;
            return;
        }
        match key.code {
            KeyCode::Enter | KeyCode::Char(' ') => self.tap_cursor(),
            KeyCode::Char('e') | KeyCode::Char('E') => {
                let result = self.game.end_jump();
                self.show(result);
            }
            KeyCode::Char('t') | KeyCode::Char('T') => {
                let state = self.lesson.retry();
                self.show(Ok(state));
            }
            KeyCode::Char('n') | KeyCode::Char('N') => self.next(),
            KeyCode::Char('q') | KeyCode::Char('Q') | KeyCode::Esc => self.quit = true,
            _ => {}
        }
    }

    /// Which lesson of how many is shown (1-based).
    pub fn place(&self) -> (usize, usize) {
        (self.index + 1, self.catalogue.len())
    }
}

/// The lesson's facts on its board (every lesson's board has them).
fn facts(board: &GameState) -> Result<LessonState> {
    board
        .lesson
        .clone()
        .context("the core gave a lesson's board without the lesson")
}

/// The cursor starts on the first hole the step points at.
fn start_cursor(state: &LessonState) -> Coord {
    state
        .pointer
        .first()
        .copied()
        .unwrap_or(Coord { q: 0, r: 0 })
}

/// Draws the lesson screen: title, board with the pointer, goal, feedback and keys.
pub fn render(area: Rect, buf: &mut Buffer, app: &LearnApp) -> Option<Placement> {
    let s = &app.state;
    let (n, of) = app.place();
    let [title, main, goal, feedback, help] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(2),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let bold = Style::default().add_modifier(Modifier::BOLD);
    Line::styled(learn_words::title(n, of, s), bold).render(title, buf);
    Paragraph::new(learn_words::goal(s.goal))
        .wrap(Wrap { trim: true })
        .render(goal, buf);
    let said = if app.finished {
        Some(learn_words::all_done().to_string())
    } else {
        app.message.clone().or_else(|| {
            s.feedback
                .as_ref()
                .map(|f| learn_words::feedback(&app.board, f))
        })
    };
    if let Some(text) = said {
        Line::styled(text, Style::default().fg(Color::Yellow)).render(feedback, buf);
    }
    Line::from("←↑↓→ move  Enter tap  e end jump  t try again  n next  q quit").render(help, buf);

    let row_step = if main.height >= board_height(2) + 2 {
        2
    } else {
        1
    };
    let block_area = Rect {
        width: (BOARD_WIDTH + 2).min(main.width),
        height: (board_height(row_step) + 2).min(main.height),
        ..main
    };
    if block_area.width < BOARD_WIDTH + 2 || block_area.height < board_height(row_step) + 2 {
        return None;
    }
    let block = Block::bordered().title(" Lesson ");
    let inner = block.inner(block_area);
    block.render(block_area, buf);
    let placement = Placement {
        x: inner.x,
        y: inner.y,
        row_step,
    };
    let pointer = Style::default()
        .fg(Color::Yellow)
        .add_modifier(Modifier::BOLD);
    for (h, g) in app.board.holes.iter().zip(&geometry().holes) {
        let mut cell = hole_cell(h, Overlay::None, h.coord == app.cursor);
        // The holes the step points at, where nothing else marks them.
        if s.pointer.contains(&h.coord) && cell[0].0 == ' ' {
            cell[0] = ('»', pointer);
            cell[2] = ('«', pointer);
        }
        draw_hole(buf, &placement, cell, g);
    }
    Some(placement)
}

/// Runs `chinese-checkers learn [LESSON]` full screen.
pub fn run(id: Option<&str>) -> Result<()> {
    let mut app = LearnApp::new(&super::save::data_dir()?, id)?;
    let mut terminal = ratatui::try_init().context("could not set up the terminal")?;
    let mouse = execute!(std::io::stdout(), EnableMouseCapture);
    let result = (|| -> Result<()> {
        loop {
            terminal.draw(|frame| {
                let area = frame.area();
                app.placement = render(area, frame.buffer_mut(), &app);
            })?;
            if app.quit {
                return Ok(());
            }
            if !event::poll(Duration::from_millis(100))? {
                continue;
            }
            match event::read()? {
                Event::Key(key) => app.handle_key(key),
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    if let Some(c) = app.placement.and_then(|p| p.hit(m.column, m.row)) {
                        app.cursor = c;
                        app.tap_cursor();
                    }
                }
                _ => {}
            }
        }
    })();
    if mouse.is_ok() {
        // Best effort: the terminal is being restored anyway.
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
    }
    let restored = ratatui::try_restore().context("could not restore the terminal");
    result.and(restored)
}
