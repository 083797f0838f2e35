//! Checking a proposed move hop by hop, applying it, and undoing it exactly.

use super::board::{bit, coords, Bits, Colour, Hole, DIRECTIONS, TABLES};
use super::error::IllegalMove;
use super::moves::{CompactMove, Move, MoveKind};
use super::options::MaxChain;
use super::position::Position;

/// What [`Position::apply`] changed, so that [`Position::undo`] restores the position exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    mv: CompactMove,
    from_colour: u8,
    to_colour: u8,
    to_move: u8,
    passes_in_a_row: u32,
    n_finished: u8,
}

fn at(h: Hole) -> (i32, i32) {
    let [q, r] = coords(h);
    (q, r)
}

impl Position {
    /// Checks a proposed move hop by hop and says exactly why an illegal one is illegal.
    ///
    /// A jump may follow any valid route; it is the same move as every other route with the same
    /// start and final hole. Whether the game is over is checked by [`crate::rules::Game`].
    pub fn validate(&self, mv: &Move) -> Result<(), IllegalMove> {
        let mut legal = Vec::with_capacity(256);
        self.legal_moves_into(&mut legal);
        if mv.kind == MoveKind::Pass {
            return if legal == [CompactMove::PASS] {
                Ok(())
            } else {
                Err(IllegalMove::PassNotAllowed)
            };
        }
        let (Some(&from), Some(&to)) = (mv.path.first(), mv.path.last()) else {
            return Err(IllegalMove::BadPathLength("move", "a path"));
        };
        let (fq, fr) = at(from);
        let colour = self.colour_at(from).ok_or(IllegalMove::NoPeg(fq, fr))?;
        if self.owner_of(colour) != Some(self.to_move()) {
            return Err(IllegalMove::NotYourPeg(fq, fr));
        }
        match mv.kind {
            MoveKind::Step => self.check_step(from, to, colour)?,
            MoveKind::Jump => self.check_jump(&mv.path, colour)?,
            MoveKind::Swap => {
                let (tq, tr) = at(to);
                let other = self.colour_at(to).ok_or(IllegalMove::NoPeg(tq, tr))?;
                if self.owner_of(other) == Some(self.to_move()) || !legal.contains(&mv.compact()) {
                    return Err(IllegalMove::SwapNotOffered(fq, fr, tq, tr));
                }
            }
            MoveKind::Pass => {}
        }
        if legal.contains(&mv.compact()) {
            return Ok(());
        }
        // Every hop is sound: a rule option rules the move out, and `explain` says which.
        Err(self
            .explain(from, to, &legal)
            .unwrap_or(IllegalMove::MustUnblock))
    }

    /// Where a move of this colour from `from` may not end, as an error for `to`.
    fn check_final(&self, from: Hole, to: Hole, colour: Colour) -> Result<(), IllegalMove> {
        if self.final_mask(from, colour) & bit(to) != 0 {
            return Ok(());
        }
        let (q, r) = at(to);
        if self.rules.options.target_lock
            && self.target(colour) & bit(from) != 0
            && self.target(colour) & bit(to) == 0
        {
            return Err(IllegalMove::LeavesTarget);
        }
        Err(IllegalMove::ForbiddenCamp(q, r, "end a move in"))
    }

    fn check_landing(&self, to: Hole, colour: Colour) -> Result<(), IllegalMove> {
        if self.landing_mask(colour) & bit(to) == 0 {
            let (q, r) = at(to);
            return Err(IllegalMove::ForbiddenCamp(q, r, "land in"));
        }
        Ok(())
    }

    fn check_step(&self, from: Hole, to: Hole, colour: Colour) -> Result<(), IllegalMove> {
        let (q, r) = at(to);
        if TABLES.adjacent[usize::from(from)] & bit(to) == 0 {
            return Err(IllegalMove::NotAdjacent(q, r));
        }
        if self.occupied & bit(to) != 0 {
            return Err(IllegalMove::Occupied(q, r));
        }
        self.check_landing(to, colour)?;
        self.check_final(from, to, colour)
    }

    fn check_jump(&self, path: &[Hole], colour: Colour) -> Result<(), IllegalMove> {
        let from = path[0];
        let occ = self.occupied & !bit(from);
        let mut visited: Bits = bit(from);
        for hop in path.windows(2) {
            let (a, b) = (hop[0], hop[1]);
            let (bq, br) = at(b);
            if visited & bit(b) != 0 {
                return Err(IllegalMove::Revisit(bq, br));
            }
            if occ & bit(b) != 0 {
                return Err(IllegalMove::Occupied(bq, br));
            }
            self.check_hop(a, b, occ)?;
            self.check_landing(b, colour)?;
            visited |= bit(b);
        }
        let to = path[path.len() - 1];
        self.check_final(from, to, colour)?;
        if self.rules.options.max_chain != MaxChain::Off {
            let (len, _) = self.longest_routes(from, colour);
            if path.len() - 1 != len as usize {
                return Err(IllegalMove::ChainNotLongest);
            }
        }
        Ok(())
    }

    /// One hop from `a` to the empty `b`: a symmetric jump over exactly one pivot.
    fn check_hop(&self, a: Hole, b: Hole, occ: Bits) -> Result<(), IllegalMove> {
        let (aq, ar) = at(a);
        let (bq, br) = at(b);
        let not_a_jump = IllegalMove::NotAJump(aq, ar, bq, br);
        let (dq, dr) = (bq - aq, br - ar);
        let n = (dq.abs() + dr.abs() + (dq + dr).abs()) / 2;
        let Some(&(uq, ur)) = DIRECTIONS
            .iter()
            .find(|&&(uq, ur)| uq * n == dq && ur * n == dr)
        else {
            return Err(not_a_jump);
        };
        if n < 2 || n % 2 != 0 {
            return Err(not_a_jump);
        }
        let k = n / 2;
        for i in 1..n {
            let Some(h) = super::board::hole_at(aq + i * uq, ar + i * ur) else {
                return Err(not_a_jump);
            };
            let filled = occ & bit(h) != 0;
            if filled != (i == k) {
                return Err(not_a_jump);
            }
        }
        if k > self.rules.options.jump_reach {
            return Err(IllegalMove::JumpTooLong(aq, ar, bq, br));
        }
        Ok(())
    }

    /// Plays a move that [`Position::validate`] accepted (or that generation produced).
    pub fn apply(&mut self, mv: &CompactMove) -> Undo {
        let from_colour = self.colour_at(mv.from).map_or(u8::MAX, |c| c.index() as u8);
        let to_colour = self.colour_at(mv.to).map_or(u8::MAX, |c| c.index() as u8);
        let undo = Undo {
            mv: *mv,
            from_colour,
            to_colour,
            to_move: self.to_move,
            passes_in_a_row: self.passes_in_a_row,
            n_finished: self.n_finished,
        };
        self.move_pegs(&undo);
        self.passes_in_a_row = if mv.kind == MoveKind::Pass {
            self.passes_in_a_row + 1
        } else {
            0
        };
        self.moves_played[self.to_move()] += 1;
        if self.rules.options.continue_for_places || self.has_teams() {
            for p in 0..self.player_count() {
                if !self.is_finished(p) && self.completed(p) {
                    self.finished[usize::from(self.n_finished)] = p as u8;
                    self.n_finished += 1;
                }
            }
        }
        self.to_move = self.next_player(self.to_move()) as u8;
        undo
    }

    /// Takes back the move `undo` was returned for; the position is restored bit for bit.
    pub fn undo(&mut self, undo: Undo) {
        self.to_move = undo.to_move;
        self.moves_played[self.to_move()] -= 1;
        self.passes_in_a_row = undo.passes_in_a_row;
        self.n_finished = undo.n_finished;
        self.move_pegs(&undo);
    }

    /// Moves the pegs of a move; its own inverse, so `undo` calls it again.
    fn move_pegs(&mut self, u: &Undo) {
        let m = u.mv;
        let (a, b) = (bit(m.from), bit(m.to));
        match m.kind {
            MoveKind::Pass => {}
            MoveKind::Step | MoveKind::Jump => {
                // Before the move `from` holds the peg, after it `to` does: either way one of them.
                let c = if u.from_colour != u8::MAX {
                    u.from_colour
                } else {
                    u.to_colour
                };
                self.pegs[usize::from(c)] ^= a | b;
            }
            MoveKind::Swap => {
                let (ca, cb) = (usize::from(u.from_colour), usize::from(u.to_colour));
                self.pegs[ca] ^= a | b;
                self.pegs[cb] ^= a | b;
            }
        }
        self.occupied = self.pegs.iter().fold(0, |acc, &p| acc | p);
    }

    /// Whether the players play in partnerships.
    pub fn has_teams(&self) -> bool {
        self.players[0].team.is_some()
    }

    /// The next player after `p` who still takes turns.
    pub(crate) fn next_player(&self, p: usize) -> usize {
        let n = self.player_count();
        (1..=n)
            .map(|i| (p + i) % n)
            .find(|&q| !self.is_finished(q))
            .unwrap_or((p + 1) % n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::options::Rules;

    #[test]
    fn apply_then_undo_restores_the_start() {
        let start = Position::start_tripot(Rules::default(), 2).unwrap();
        let mut p = start;
        let mut moves = Vec::new();
        p.legal_moves_into(&mut moves);
        for m in &moves {
            let u = p.apply(m);
            assert_ne!(p, start);
            p.undo(u);
            assert_eq!(p, start);
        }
    }

    #[test]
    fn swap_exchanges_two_colours_and_undoes() {
        let text = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0]],"N":[[1,0]]},"to_move":0}"#;
        let mut p = Position::from_json_str(text).unwrap();
        let before = p;
        let m = CompactMove::new(
            MoveKind::Swap,
            crate::rules::board::hole_at(0, 0).unwrap(),
            crate::rules::board::hole_at(1, 0).unwrap(),
        );
        let u = p.apply(&m);
        assert_eq!(p.colour_at(m.from), Some(Colour::N));
        assert_eq!(p.colour_at(m.to), Some(Colour::S));
        p.undo(u);
        assert_eq!(p, before);
    }
}
