//! A game: a start position, the moves played (each with its full path and label), exact undo.

use super::error::IllegalMove;
use super::moves::Move;
use super::outcome::Outcome;
use super::play::Undo;
use super::position::Position;

/// One played move in the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// The player who moved.
    pub player: usize,
    /// The move with the path as played.
    pub mv: Move,
}

impl HistoryEntry {
    /// The label shown in the history: "Step", "Jump", "Swap" or "Pass".
    pub fn label(&self) -> &'static str {
        self.mv.kind.label()
    }
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    history: Vec<(HistoryEntry, Undo)>,
}

impl Game {
    /// A game from a start position.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            position: start,
            history: Vec::new(),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, oldest first.
    pub fn history(&self) -> impl ExactSizeIterator<Item = &HistoryEntry> + '_ {
        self.history.iter().map(|(e, _)| e)
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// Legal moves now; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position.legal_moves()
    }

    /// Validates and plays a move.
    pub fn play(&mut self, mv: &Move) -> Result<&HistoryEntry, IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.position.validate(mv)?;
        let player = self.position.to_move();
        let undo = self.position.apply(&mv.compact());
        self.history.push((
            HistoryEntry {
                player,
                mv: mv.clone(),
            },
            undo,
        ));
        Ok(&self.history[self.history.len() - 1].0)
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<HistoryEntry> {
        let (entry, undo) = self.history.pop()?;
        self.position.undo(undo);
        Some(entry)
    }
}
