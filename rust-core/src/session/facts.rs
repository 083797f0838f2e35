//! The facts the state gives the apps so that they compute none: whose turn it is to think (the
//! AI's pause) and which seat the board turns to the bottom (see `view` for the turn itself).

use super::state::{SearchKind, SessionState};
use super::types::StateChange;

impl SessionState {
    /// An AI seat is to move in a game going on (not in replay), thinking or not, paused or
    /// not.
    pub(crate) fn ai_seat_to_move(&self) -> bool {
        !self.is_over()
            && self.replay.is_none()
            && self.ai_level(self.game.position().to_move()).is_some()
    }

    /// Whether the AI's turn waits for [`SessionState::resume_ai`].
    pub fn ai_paused(&self) -> bool {
        self.ai_paused && self.ai_seat_to_move()
    }

    /// Pauses the AI on its turn: a running search of its move is forgotten (its result will be
    /// dropped as stale; the caller stops the engine) and no new one is to start until
    /// [`SessionState::resume_ai`] or the next change of the moves (undo, for instance). Returns
    /// whether anything changed; off the AI's turn there is nothing to pause.
    pub fn pause_ai(&mut self) -> bool {
        if !self.ai_seat_to_move() || self.ai_paused {
            return false;
        }
        if self.search == Some(SearchKind::Think) {
            self.search = None;
            self.generation += 1;
        }
        self.ai_paused = true;
        self.revision += 1;
        self.change = StateChange::default();
        true
    }

    /// Lets the paused AI play: `ai_to_move` again. Returns whether anything changed.
    pub fn resume_ai(&mut self) -> bool {
        if !self.ai_paused {
            return false;
        }
        self.ai_paused = false;
        self.revision += 1;
        self.change = StateChange::default();
        true
    }

    /// Pass-and-play: whether the board turns to the player to move (the app's setting; on by
    /// default, kept for this session only). Returns whether it changed.
    pub fn set_turn_board(&mut self, on: bool) -> bool {
        if self.turn_board == on {
            return false;
        }
        self.turn_board = on;
        self.revision += 1;
        self.change = StateChange::default();
        true
    }

    /// The seat the board turns to the bottom (see [`GameState::rotation_degrees`]), if any.
    ///
    /// [`GameState::rotation_degrees`]: super::GameState::rotation_degrees
    pub(crate) fn bottom_seat(&self) -> Option<usize> {
        let persons: Vec<usize> = (0..self.seats.len())
            .filter(|&p| self.is_person(p))
            .collect();
        match persons.as_slice() {
            // Watched online, or the AI against itself.
            [] => None,
            // Solo and online: the one person at this device.
            [one] => Some(*one),
            // Pass-and-play: the person to move (on an AI seat's turn, the next person).
            _ if self.turn_board && !self.is_over() => {
                let n = self.seats.len();
                let to_move = self.game.position().to_move();
                (0..n)
                    .map(|k| (to_move + k) % n)
                    .find(|&p| self.is_person(p))
            }
            _ => None,
        }
    }
}
