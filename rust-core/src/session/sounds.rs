//! Which sounds an update makes: the core decides, the apps only play them (each app has its
//! own short synthesized sounds, and its sound setting).
//!
//! The sounds follow what the board shows: a step, a swap, one sound per hop of a jump (so a
//! four-hop chain sounds four times), the end of the game as the people at this device see it
//! (won, lost, drawn), and online, the opponent's move that makes it our turn.

use super::state::SessionState;
use super::types::{ChangeKind, SoundCue};
use crate::rules::{Move, MoveKind};

impl SessionState {
    /// Sets the sounds of the last update (`change.sounds`) from what it changed. `was_over`:
    /// whether the game was over before it, so that the end sounds once, when it comes, and
    /// never when a finished game is opened, undone to or replayed.
    pub(crate) fn cue_sounds(&mut self, was_over: bool) {
        let mut cues = Vec::new();
        let moved: Option<&Move> = match self.change.kind {
            ChangeKind::NewMove => self
                .game
                .history()
                .filter(|e| e.mv.kind != MoveKind::Pass)
                .last()
                .map(|e| &e.mv),
            // One move forward in a replay sounds like the move; jumps back are silent.
            ChangeKind::ReplayStep if !self.change.animate.is_empty() => self
                .replay
                .and_then(|k| self.game.history().nth(k.wrapping_sub(1)))
                .map(|e| &e.mv),
            _ => None,
        };
        if let Some(mv) = moved {
            match mv.kind {
                MoveKind::Step => cues.push(SoundCue::Step),
                MoveKind::Jump => cues.extend(std::iter::repeat_n(
                    SoundCue::Hop,
                    mv.path.len().saturating_sub(1),
                )),
                MoveKind::Swap => cues.push(SoundCue::Swap),
                MoveKind::Pass => {}
            }
        }
        let persons: Vec<usize> = (0..self.seats.len())
            .filter(|&p| self.is_person(p))
            .collect();
        if !was_over && self.is_over() {
            // A watched game (nobody at this device plays) ends without a verdict.
            if let Some(o) = self.outcome_view().filter(|_| !persons.is_empty()) {
                cues.push(if o.winners.is_empty() {
                    SoundCue::Drawn
                } else if o.winners.iter().any(|&w| self.is_person(w as usize)) {
                    SoundCue::Won
                } else {
                    SoundCue::Lost
                });
            }
        } else if self.change.kind == ChangeKind::NewMove
            && self.is_online()
            && self.replay.is_none()
            && !self.is_over()
            && self.is_person(self.game.position().to_move())
        {
            cues.push(SoundCue::YourTurn);
        }
        self.change.sounds = cues;
    }

    /// Whether this is an online game (a seat is played at another device).
    fn is_online(&self) -> bool {
        self.seats.contains(&super::SeatPlayer::Remote)
    }
}
