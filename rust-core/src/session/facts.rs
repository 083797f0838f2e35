//! The facts the state gives the apps so that they compute none: whose turn it is to think (the
//! AI's pause), which seat the board turns to the bottom (see `view` for the turn itself), what
//! the status line says and the trail of the other seats' moves.

use super::state::{SearchKind, SessionState, Touch};
use super::types::{GameOutcome, PlayedMove, StateChange, TurnStatus};
use crate::rules::MoveKind;

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

    /// The app's AI pace: `pace_ms` between the moves of AI seats, none when `reduced_motion`
    /// (the board then shows each move without waiting). Returns whether it changed.
    pub fn set_ai_pace(&mut self, pace_ms: i64, reduced_motion: bool) -> bool {
        let pace = if reduced_motion { 0 } else { pace_ms.max(0) };
        if self.ai_pace_ms == pace {
            return false;
        }
        self.ai_pace_ms = pace;
        self.revision += 1;
        self.change = StateChange::default();
        true
    }

    /// While the AI is to move, how long the app holds the board still once the last move is
    /// drawn before it starts the AI's search (ms): the pace after a move of an AI seat, so
    /// that each move of a game with several AI seats can be seen; none after a person's move
    /// (the person waits for the answer already, and the app answers at once) nor at the start.
    pub fn ai_hold_ms(&self) -> i64 {
        let after_ai = self
            .game
            .history()
            .last()
            .is_some_and(|e| self.ai_level(e.player).is_some());
        if self.ai_to_move() && after_ai {
            self.ai_pace_ms
        } else {
            0
        }
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

    /// What the status line says (see [`TurnStatus`]), given the outcome shown.
    pub(crate) fn status(&self, outcome: Option<&GameOutcome>) -> TurnStatus {
        if let Some(shown) = self.replay {
            return TurnStatus::Replay {
                shown: shown as i32,
                total: self.game.history().len() as i32,
            };
        }
        if let Some(o) = outcome {
            return TurnStatus::Over {
                winners: o.winners.clone(),
                reason: o.reason,
                by: o.by,
            };
        }
        let player = self.game.position().to_move() as i32;
        match &self.touch {
            // A chain with no hop left has been played already (`touch::hop`).
            Touch::Chain { targets, .. } if !targets.is_empty() => {
                return TurnStatus::JumpAgain { player };
            }
            _ => {}
        }
        if self.search == Some(SearchKind::Think) {
            TurnStatus::Thinking { player }
        } else if self.ai_paused() {
            TurnStatus::AiPaused { player }
        } else {
            TurnStatus::ToMove { player }
        }
    }

    /// The seat the trail is for (see [`GameState::trail`]): the one person at this device, else
    /// the person to move or next to move, else (nobody here) the seat to move.
    ///
    /// [`GameState::trail`]: super::GameState::trail
    fn trail_seat(&self) -> usize {
        let n = self.seats.len();
        let to_move = self.game.position().to_move();
        self.only_person()
            .or_else(|| {
                (0..n)
                    .map(|k| (to_move + k) % n)
                    .find(|&p| self.is_person(p))
            })
            .unwrap_or(to_move)
    }

    /// The other seats' moves since the trail's seat last moved, oldest first, passes left out,
    /// from `history` (the whole game, oldest first); empty in replay.
    pub(crate) fn trail(&self, history: &[PlayedMove]) -> Vec<PlayedMove> {
        if self.replay.is_some() {
            return Vec::new();
        }
        let seat = self.trail_seat() as i32;
        // One full round at most: every seat has one turn (a pass included) per round. The
        // seat's own passes do not stop it: a person blocked turn after turn still sees what
        // the others did since their last turn.
        let round = self.seats.len();
        let mut out: Vec<PlayedMove> = history
            .iter()
            .rev()
            .take(round)
            .take_while(|m| m.player != seat || m.kind == MoveKind::Pass)
            .filter(|m| m.kind != MoveKind::Pass)
            .cloned()
            .collect();
        out.reverse();
        out
    }
}
