//! A puzzle being played: the racing army moves, every other peg is frozen.
//!
//! The rules' [`Position`] always seats two players, so the puzzle keeps `N` (the frozen pegs) as
//! the second player whose turn never comes: after each of the person's moves the position is
//! handed back to `S` ([`Position::with_to_move`]), so no pass is ever played or shown. Taps go
//! through a [`SessionState`] over the current position (the same selection, targets, tripot
//! chains and "End jump" as a game, and the same [`GameState`] board), rebuilt after every move;
//! the puzzle keeps the moves itself for the count, undo, redo and restart.

use super::facts::{ParVerdict, PuzzleState};
use super::{Puzzle, PuzzleStep};
use crate::ai::AiLevel;
use crate::rules::board::Colour;
use crate::rules::{Coord, Move, MoveKind, Position};
use crate::session::setup::{Seat, ValidSetup};
use crate::session::signed::int;
use crate::session::{update, Event, GameState, MoveError, PlayedMove, SessionState};

/// A puzzle in play. Build with [`PuzzleSession::new`].
#[derive(Clone, Debug)]
pub struct PuzzleSession {
    puzzle: Puzzle,
    start: Position,
    moves: Vec<Move>,
    redo: Vec<Move>,
    /// The touch machinery over the current position.
    board: SessionState,
}

fn board_over(position: Position) -> SessionState {
    // The second seat is an AI that never gets a turn (see the module's comment).
    SessionState::new(ValidSetup {
        start: position,
        seats: vec![Seat::person(), Seat::ai(AiLevel::Beginner)],
        seed: 0,
        coin_toss: None,
        from_start: false,
    })
}

impl PuzzleSession {
    /// A puzzle from its start.
    pub fn new(puzzle: Puzzle) -> Result<PuzzleSession, String> {
        let start = puzzle.position()?;
        Ok(PuzzleSession {
            board: board_over(start),
            puzzle,
            start,
            moves: Vec::new(),
            redo: Vec::new(),
        })
    }

    /// The puzzle played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position after `moves`, the racer to move (the frozen army's turn never comes).
    fn position_after(&self, moves: &[Move]) -> Position {
        let mut pos = self.start;
        for m in moves {
            pos.apply(&m.compact());
            if let Ok(p) = pos.with_to_move(0) {
                pos = p;
            }
        }
        pos
    }

    /// The current position (the racer to move unless solved).
    pub fn position(&self) -> Position {
        self.position_after(&self.moves)
    }

    fn rebuild(&mut self) {
        // A newer board than the one it replaces: the revision keeps growing (an app drops an
        // older state, and tells a new move by it).
        let revision = self.board.revision + 1;
        self.board = board_over(self.position_after(&self.moves));
        self.board.revision = revision;
    }

    /// Every racing peg is home.
    pub fn solved(&self) -> bool {
        let pos = self.position_after(&self.moves);
        pos.pegs_of(Colour::S) & !pos.target(Colour::S) == 0
    }

    /// Applies a board event; returns whether it completed a move.
    fn board_event(&mut self, event: Event) -> Result<bool, MoveError> {
        if self.solved() {
            return Ok(false);
        }
        update(&mut self.board, event)?;
        let played: Option<Move> = self
            .board
            .game()
            .history()
            .find(|e| e.player == 0 && e.mv.kind != MoveKind::Pass)
            .map(|e| e.mv.clone());
        let Some(mv) = played else {
            return Ok(false);
        };
        self.moves.push(mv);
        self.redo.clear();
        self.rebuild();
        Ok(true)
    }

    /// A tap on the hole `(q, r)`; returns whether it completed a move.
    pub fn tap(&mut self, q: i32, r: i32) -> Result<bool, MoveError> {
        self.board_event(Event::Tap { q, r })
    }

    /// "End jump": plays the tripot chain in progress as it stands.
    pub fn end_jump(&mut self) -> Result<bool, MoveError> {
        self.board_event(Event::EndJump)
    }

    /// Drops the selection or the chain in progress.
    pub fn cancel_touch(&mut self) -> Result<bool, MoveError> {
        self.board_event(Event::CancelTouch)
    }

    /// Takes back the last move (any number of times; `NothingToUndo` at the start).
    pub fn undo(&mut self) -> Result<(), MoveError> {
        let m = self.moves.pop().ok_or(MoveError::NothingToUndo)?;
        self.redo.push(m);
        self.rebuild();
        Ok(())
    }

    /// Plays again the last move taken back (`NothingToRedo` when none was).
    pub fn redo(&mut self) -> Result<(), MoveError> {
        let m = self.redo.pop().ok_or(MoveError::NothingToRedo)?;
        self.moves.push(m);
        self.rebuild();
        Ok(())
    }

    /// Back to the puzzle's start (the moves are forgotten).
    pub fn restart(&mut self) {
        self.moves.clear();
        self.redo.clear();
        self.rebuild();
    }

    /// A scratch session of this puzzle with the first `upto` moves of the solver's line played
    /// by the same taps a player makes (the first peg, then the last hole; "End jump" for a
    /// tripot chain that could go on). `None` if one does not play (a damaged set).
    fn play_line(&self, upto: usize) -> Option<PuzzleSession> {
        let mut scratch = PuzzleSession::new(self.puzzle.clone()).ok()?;
        for step in self.puzzle.line.iter().take(upto) {
            let played = scratch
                .tap(step.from.q, step.from.r)
                .and_then(|_| scratch.tap(step.to.q, step.to.r))
                .and_then(|done| if done { Ok(true) } else { scratch.end_jump() });
            if played != Ok(true) {
                return None;
            }
        }
        Some(scratch)
    }

    /// The solver's line with each move's whole path. The set stores only each move's ends, so
    /// the line is played from the start on a scratch session and each move's path read from
    /// what was played. Every line of the set is played so by the tests; should one ever not
    /// play, its moves keep just their two ends as the path.
    fn line_with_paths(&self) -> Vec<PuzzleStep> {
        let Some(scratch) = self.play_line(self.puzzle.line.len()) else {
            return self
                .puzzle
                .line
                .iter()
                .map(|s| PuzzleStep {
                    path: vec![s.from, s.to],
                    ..s.clone()
                })
                .collect();
        };
        self.puzzle
            .line
            .iter()
            .zip(scratch.moves())
            .map(|(s, m)| PuzzleStep {
                path: m.path.iter().map(|&h| Coord::of(h)).collect(),
                ..s.clone()
            })
            .collect()
    }

    /// The board after the first `step` moves of the solver's line (0: the start), with those
    /// moves as its history, for stepping through the line once the puzzle is solved. `None` before it is
    /// solved (the line is not given away) or for a step outside `0..=par`.
    pub fn line_board(&self, step: usize) -> Option<GameState> {
        if !self.solved() || step > self.puzzle.line.len() {
            return None;
        }
        let mut board = self.play_line(step)?.state();
        // A board of the line, shown beside the puzzle: not the puzzle in play.
        board.puzzle = None;
        Some(board)
    }

    /// What the screen shows: the board, with the puzzle's facts in its `puzzle` and undo and
    /// redo in its capabilities.
    pub fn state(&self) -> GameState {
        let solved = self.solved();
        let moves = int(self.moves.len());
        let par = int(self.puzzle.par);
        let mut board = self.board.view();
        // The board is set out afresh after each move (the other pegs never move): its history
        // is the person's moves, numbered from the puzzle's start, as a game's side panel lists.
        board.history = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| PlayedMove {
                number: i as i32 + 1,
                player: 0,
                kind: m.kind,
                path: m.path.iter().map(|&h| Coord::of(h)).collect(),
            })
            .collect();
        // The board's own session is rebuilt after each move: the puzzle's moves decide.
        board.capabilities.can_undo = !self.moves.is_empty();
        board.capabilities.can_redo = !self.redo.is_empty();
        board.puzzle = Some(PuzzleState {
            id: self.puzzle.id.clone(),
            moves,
            par,
            proven: self.puzzle.proven,
            solved,
            at_par: solved && moves <= par,
            verdict: solved.then(|| ParVerdict::of(moves, par)),
            line: if solved {
                self.line_with_paths()
            } else {
                Vec::new()
            },
        });
        board
    }

    /// The puzzle's facts of [`Self::state`] (tests read them often).
    #[cfg(test)]
    pub(crate) fn facts(&self) -> PuzzleState {
        self.state()
            .puzzle
            .unwrap_or_else(|| unreachable!("a puzzle's board has its facts"))
    }
}
