//! The touch model shared by both apps: select a peg, see where it can go, tap a target; tripot's
//! hop-by-hop chain with "End jump" and backing out; swaps as distinct targets.

use super::error::MoveError;
use super::state::{SessionState, Target, Touch};
use super::types::{Notice, Unreachable};
use crate::rules::{CompactMove, Hole, IllegalMove, Move, MoveKind, Position};

impl SessionState {
    /// A tap on `hole` (`None`: outside the board).
    pub(crate) fn tap(&mut self, hole: Option<Hole>) -> Result<(), MoveError> {
        if !self.touchable() {
            // Taps while it is not the person's turn (or in replay) are ignored, not errors; in a
            // running game the person is told why.
            if !self.is_over() && self.replay.is_none() && self.draw_offer.is_none() {
                self.notice = Some(Notice::NotYourTurn);
            }
            return Ok(());
        }
        let Some(hole) = hole else {
            self.touch = Touch::Idle;
            return Ok(());
        };
        match std::mem::take(&mut self.touch) {
            Touch::Idle => {
                self.select(hole);
                Ok(())
            }
            Touch::Selected { peg, targets } => {
                if hole == peg {
                    return Ok(()); // touch is already Idle: a second tap deselects
                }
                if let Some(t) = targets.iter().find(|t| t.hole == hole) {
                    return self.choose(t.clone());
                }
                if self.game.position().colour_at(hole).is_none() {
                    // An empty hole the selected peg cannot reach: say why.
                    self.notice = Some(Notice::NotReachable {
                        reason: self.why_unreachable(peg, hole),
                    });
                    return Ok(());
                }
                self.select(hole);
                Ok(())
            }
            Touch::Chain { path, targets } => {
                let here = path[path.len() - 1];
                if hole == here {
                    self.touch = Touch::Chain { path, targets };
                    return self.end_jump();
                }
                if let Some(t) = targets.iter().find(|t| t.hole == hole) {
                    return self.hop(t.path.clone());
                }
                if hole == path[0] {
                    self.select(hole);
                    return Ok(());
                }
                if let Some(i) = path.iter().position(|&h| h == hole) {
                    self.enter_chain(path[..=i].to_vec());
                    return Ok(());
                }
                // Anywhere else cancels the chain (the peg goes back to its start).
                Ok(())
            }
        }
    }

    /// Selects the peg on `hole` if it belongs to the side to move, or if it is an opposing peg
    /// that a swap may take; otherwise nothing.
    fn select(&mut self, hole: Hole) {
        // The hint stays while pegs are chosen: the person compares it with their own ideas.
        let pos = self.game.position();
        let mover = pos.to_move();
        let owner = pos.colour_at(hole).and_then(|c| pos.owner_of(c));
        let own = owner == Some(mover);
        if !own {
            // An opposing peg that may be swapped (e.g. a squatter in the target, case B):
            // selecting it shows the own pegs it can swap with.
            let swaps: Vec<Target> = self
                .legal
                .iter()
                .filter(|m| m.kind == MoveKind::Swap && m.to == hole)
                .map(|m| Target {
                    hole: m.from,
                    kind: MoveKind::Swap,
                    path: vec![m.from, m.to],
                })
                .collect();
            if swaps.is_empty() {
                self.touch = Touch::Idle;
                self.notice = Some(match owner {
                    Some(p) => Notice::NotYourPeg { owner: p as i32 },
                    None => Notice::EmptyHole,
                });
            } else {
                self.touch = Touch::Selected {
                    peg: hole,
                    targets: swaps,
                };
            }
            return;
        }
        let targets = targets_of(pos, &self.legal, hole);
        if targets.is_empty() {
            self.notice = Some(Notice::PegCannotMove);
        }
        self.touch = Touch::Selected { peg: hole, targets };
    }

    /// Why the peg on `from` cannot move to the empty `to`, as the rules explain it.
    fn why_unreachable(&self, from: Hole, to: Hole) -> Unreachable {
        let explained = self.game.position().explain(from, to, &self.legal);
        match explained {
            Some(IllegalMove::ForbiddenCamp(..)) => Unreachable::CampRule,
            Some(IllegalMove::LeavesTarget) => Unreachable::TargetLock,
            Some(IllegalMove::JumpMandatory) => Unreachable::MustJump,
            Some(IllegalMove::ChainNotLongest) => Unreachable::LongestChain,
            Some(IllegalMove::MustUnblock) => Unreachable::MustFreeTarget,
            _ => Unreachable::NoPath,
        }
    }

    /// The person tapped target `t` of the selected peg. Every lit target is a hole where the
    /// move may end, and a tap there ends it there — with one exception in tripot's hop-by-hop
    /// play: the landing of a single hop from which the peg may hop on starts a chain ("Jump
    /// again, or End jump"), since the player may be going hop by hop. A far landing (two hops
    /// or more) is a destination: the move is played along its path at once, and so is the
    /// hint's move when its destination is tapped (the hint's own path, even a single hop).
    fn choose(&mut self, t: Target) -> Result<(), MoveError> {
        if let Some(hint) = self.hint.clone().filter(|h| {
            h.kind == t.kind && h.path.first() == t.path.first() && h.path.last() == Some(&t.hole)
        }) {
            return self.play(&hint, true);
        }
        if t.kind == MoveKind::Jump
            && t.path.len() == 2
            && self.game.position().rules().hop_by_hop()
        {
            let hops = self.next_hops(&t.path);
            if !hops.is_empty() {
                self.touch = Touch::Chain {
                    path: t.path,
                    targets: hops,
                };
                return Ok(());
            }
        }
        let mv = Move {
            kind: t.kind,
            path: t.path,
        };
        // A refused move leaves the selection as it was: `update` drops the whole step.
        self.play(&mv, true)
    }

    /// Backs the chain out to an earlier landing (`path` ends there). Never plays: the hop
    /// taken from there is offered again.
    fn enter_chain(&mut self, path: Vec<Hole>) {
        let targets = self.next_hops(&path);
        self.touch = Touch::Chain { path, targets };
    }

    /// A hop forward along `path`: the chain goes on while the peg can hop on, and ends by
    /// itself (the move is played) when it cannot, so that nobody waits for "End jump" at a
    /// dead end.
    fn hop(&mut self, path: Vec<Hole>) -> Result<(), MoveError> {
        let targets = self.next_hops(&path);
        if targets.is_empty() && self.can_end_here(&path) {
            let mv = Move {
                kind: MoveKind::Jump,
                path,
            };
            // A refused move keeps the chain as it was (`update` drops the whole step).
            return self.play(&mv, true);
        }
        self.touch = Touch::Chain { path, targets };
        Ok(())
    }

    /// "End jump": plays the chain in progress as it stands.
    pub(crate) fn end_jump(&mut self) -> Result<(), MoveError> {
        let Touch::Chain { path, .. } = &self.touch else {
            return Err(MoveError::NoJumpInProgress);
        };
        if !self.can_end_here(path) {
            return Err(MoveError::CannotEndHere);
        }
        let mv = Move {
            kind: MoveKind::Jump,
            path: path.clone(),
        };
        // Playing drops the chain; a refused move keeps it (`update` drops the whole step).
        self.play(&mv, true)
    }

    /// Whether a chain along `path` may stop on its last hole.
    pub(crate) fn can_end_here(&self, path: &[Hole]) -> bool {
        self.game.position().chain_may_end(path, &self.legal)
    }

    /// The next hops of a chain along `path`, as the rules offer them.
    fn next_hops(&self, path: &[Hole]) -> Vec<Target> {
        let pos = self.game.position();
        pos.chain_continuations(path, &self.legal)
            .into_iter()
            .map(|hole| {
                let mut p = path.to_vec();
                p.push(hole);
                Target {
                    hole,
                    kind: MoveKind::Jump,
                    path: p,
                }
            })
            .collect()
    }
}

/// Every target of the peg on `peg`: steps, jump endpoints (each with a path) and swaps.
pub(crate) fn targets_of(pos: &Position, legal: &[CompactMove], peg: Hole) -> Vec<Target> {
    let mut out = Vec::new();
    for m in legal
        .iter()
        .filter(|m| m.from == peg && m.kind != MoveKind::Pass)
    {
        let path = match m.kind {
            MoveKind::Jump => match pos.expand(m) {
                Some(mv) => mv.path,
                None => continue,
            },
            _ => vec![m.from, m.to],
        };
        out.push(Target {
            hole: m.to,
            kind: m.kind,
            path,
        });
    }
    out
}
