//! The device's side of an online game: a pure state machine the session drives.
//!
//! A local move is validated, shown at once as pending, and sent with its ply; it is committed
//! when the server's `moved` event for that ply comes back (or an `ack` for a resend). The
//! opponent's moves are validated by the rules before they are applied. A rejection, a gap in
//! event numbers, an event that does not replay, or a reconnection makes the machine ask for a
//! resync (a `resume` message); a snapshot replaces the state, and a pending move the server
//! never saw is sent again. A `resume` that missed nothing is answered by `up_to_date`, which
//! ends the resync too.

use thiserror::Error;

use super::protocol::{ClientMsg, GameEvent, GameSnapshot, ServerMsg, WireMove};
use super::record::{GameRecord, RecordError};
use crate::rules::{Game, Move, Position};

/// Why a local action is refused on the device (nothing is sent).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SyncError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// It is the opponent's turn.
    #[error("it is your opponent's turn")]
    NotYourTurn,
    /// A move of ours is still waiting for the server.
    #[error("your previous move is still being sent")]
    MovePending,
    /// The rules refuse the move.
    #[error("{0}")]
    Illegal(String),
    /// A snapshot that does not replay.
    #[error("the server's state does not replay: {0}")]
    BadSnapshot(String),
}

/// What the app or the session must do after a server message.
#[derive(Clone, Debug, PartialEq)]
pub enum SyncEffect {
    /// Nothing changed (a duplicate, or another game's message).
    None,
    /// The state changed: render again.
    Changed,
    /// Our pending move was confirmed by the server.
    Committed,
    /// The stream broke (gap, rejection, bad event): send this `resume` and wait for the answer.
    Resync(ClientMsg),
    /// After a snapshot our pending move is still unknown to the server: send it again.
    Resend(ClientMsg),
}

/// A move of ours sent but not yet confirmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// Its ply.
    pub ply: u32,
    /// The move.
    pub mv: WireMove,
}

/// One online game as the device sees it.
#[derive(Clone, Debug)]
pub struct ClientGame {
    side: u8,
    record: GameRecord,
    pending: Option<Pending>,
    resyncing: bool,
}

impl ClientGame {
    /// Starts (or restarts) from a snapshot.
    pub fn from_snapshot(snapshot: &GameSnapshot) -> Result<ClientGame, SyncError> {
        let record = GameRecord::from_snapshot(snapshot)
            .map_err(|e| SyncError::BadSnapshot(e.to_string()))?;
        Ok(ClientGame {
            side: snapshot.side,
            record,
            pending: None,
            resyncing: false,
        })
    }

    /// Our side (0 opens).
    pub fn side(&self) -> u8 {
        self.side
    }
    /// The game's id.
    pub fn game_id(&self) -> &str {
        self.record.id()
    }
    /// The confirmed record.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }
    /// The last event number applied.
    pub fn last_seq(&self) -> u64 {
        self.record.seq()
    }
    /// Our move waiting for the server.
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }
    /// Whether a resync was asked for and not yet answered.
    pub fn is_resyncing(&self) -> bool {
        self.resyncing
    }
    /// Whether it is our turn (and nothing of ours is pending).
    pub fn my_turn(&self) -> bool {
        !self.record.is_over() && self.pending.is_none() && self.record.to_move() == self.side
    }

    /// The position to show: the confirmed one with our pending move on top.
    pub fn display_position(&self) -> Position {
        let mut game: Game = self.record.game().clone();
        if let Some(p) = &self.pending {
            if let Ok(mv) = p.mv.to_move() {
                let _ = game.play(&mv);
            }
        }
        *game.position()
    }

    /// The `resume` message for a reconnection (after the last event we applied).
    pub fn resume_msg(&mut self) -> ClientMsg {
        self.resyncing = true;
        ClientMsg::Resume {
            game: self.record.id().to_owned(),
            last_seq: self.record.seq(),
        }
    }

    /// Plays a local move: validated here, then pending; returns the message to send.
    pub fn propose(&mut self, mv: &Move) -> Result<ClientMsg, SyncError> {
        if self.record.is_over() {
            return Err(SyncError::GameOver);
        }
        if self.pending.is_some() {
            return Err(SyncError::MovePending);
        }
        if self.record.to_move() != self.side {
            return Err(SyncError::NotYourTurn);
        }
        self.record
            .position()
            .validate(mv)
            .map_err(|e| SyncError::Illegal(e.to_string()))?;
        let pending = Pending {
            ply: self.record.ply(),
            mv: WireMove::from_move(mv),
        };
        let msg = self.move_msg(&pending);
        self.pending = Some(pending);
        Ok(msg)
    }

    fn move_msg(&self, p: &Pending) -> ClientMsg {
        ClientMsg::Move {
            game: self.record.id().to_owned(),
            ply: p.ply,
            mv: p.mv.clone(),
        }
    }

    fn resync(&mut self) -> SyncEffect {
        SyncEffect::Resync(self.resume_msg())
    }

    /// Handles a server message (messages about other games change nothing).
    pub fn receive(&mut self, msg: &ServerMsg) -> SyncEffect {
        match msg {
            ServerMsg::Event { game, seq, event } if game == self.record.id() => {
                self.on_event(*seq, event)
            }
            ServerMsg::Sync { snapshot } if snapshot.game == self.record.id() => {
                self.on_snapshot(snapshot)
            }
            ServerMsg::UpToDate { game, seq } if game == self.record.id() => {
                if *seq > self.record.seq() {
                    // The server has events we do not: fetch them.
                    self.resync()
                } else if std::mem::take(&mut self.resyncing) {
                    SyncEffect::Changed
                } else {
                    SyncEffect::None
                }
            }
            ServerMsg::Ack { game, ply } if game == self.record.id() => {
                match &self.pending {
                    // The server had it already; its event was missed: fetch what we missed.
                    Some(p) if p.ply == *ply => self.resync(),
                    _ => SyncEffect::None,
                }
            }
            ServerMsg::Error {
                game: Some(game), ..
            } if game == self.record.id() => {
                // A refusal about this game: our view differs from the server's.
                self.pending = None;
                self.resync()
            }
            _ => SyncEffect::None,
        }
    }

    fn on_event(&mut self, seq: u64, event: &GameEvent) -> SyncEffect {
        if seq <= self.record.seq() {
            return SyncEffect::None;
        }
        if seq > self.record.seq() + 1 {
            return if self.resyncing {
                SyncEffect::None
            } else {
                self.resync()
            };
        }
        if let GameEvent::Moved { ply, side, mv } = event {
            if *side == self.side {
                if let Some(p) = &self.pending {
                    if p.ply == *ply && &p.mv == mv {
                        return match self.record.apply(seq, event) {
                            Ok(()) => {
                                self.pending = None;
                                self.resyncing = false;
                                SyncEffect::Committed
                            }
                            Err(_) => {
                                self.pending = None;
                                self.resync()
                            }
                        };
                    }
                }
            }
        }
        match self.record.apply(seq, event) {
            Ok(()) => {
                // An event in order: the stream is whole again (a `resume` may be answered by
                // events rather than a snapshot), so later gaps must be noticed again.
                self.resyncing = false;
                if let Some(p) = &self.pending {
                    if p.ply < self.record.ply() || self.record.is_over() {
                        // The server moved on without our move (e.g. the game ended).
                        self.pending = None;
                    }
                }
                SyncEffect::Changed
            }
            Err(RecordError::OutOfOrder { .. }) | Err(_) => {
                self.pending = None;
                self.resync()
            }
        }
    }

    fn on_snapshot(&mut self, snapshot: &GameSnapshot) -> SyncEffect {
        let record = match GameRecord::from_snapshot(snapshot) {
            Ok(r) => r,
            Err(_) => return SyncEffect::None,
        };
        self.record = record;
        self.side = snapshot.side;
        self.resyncing = false;
        match self.pending.take() {
            Some(p) if self.record.moves().get(p.ply as usize) == Some(&p.mv) => {
                SyncEffect::Committed
            }
            Some(p) if p.ply == self.record.ply() && self.my_turn() => {
                let msg = self.move_msg(&p);
                self.pending = Some(p);
                SyncEffect::Resend(msg)
            }
            _ => SyncEffect::Changed,
        }
    }
}

#[cfg(test)]
#[path = "sync_tests.rs"]
mod tests;
