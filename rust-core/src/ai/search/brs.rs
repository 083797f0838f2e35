//! Best-reply search (BRS+) for games of three or more sides.
//!
//! Paranoid search lets every opponent move in turn against the root side, so with five
//! opponents the root side sees its own next move only six plies down, and assumes a coalition
//! that no real table forms. Best-reply search (Schadd and Winands, 2011) merges the opponents'
//! turns into one layer: exactly one of them makes a searched reply, the strongest one for the
//! coalition, and the others play their first move in the search's ordering (the BRS+ variant
//! of Esser et al., 2013, which keeps every position a legal one: our positions have a fixed
//! turn order, so "the others pass" is not available). The root side thus reads its own moves
//! twice to five times as deep for the same nodes.
//!
//! Scores are from the root side's point of view throughout: the root side's nodes are the
//! ordinary negamax nodes (the root side is the mover there), and a run of opponents' turns is
//! one minimising layer, [`Searcher::opponents_reply`].

use crate::rules::{MoveKind, Position};

use super::super::eval::side_of;
use super::super::features::evaluate;
use super::{Searcher, INF};

impl Searcher<'_> {
    /// The opponents' layer: from here until the root side moves again, one opponent makes a
    /// searched reply and the others play their first ordered move. `searched` says whether that
    /// reply was already made earlier in this run. Returns the root side's score.
    pub(super) fn opponents_reply(
        &mut self,
        pos: &mut Position,
        depth: i32,
        alpha: i32,
        mut beta: i32,
        ply: usize,
        searched: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_limits();
        }
        if self.stop {
            return 0;
        }
        let root_side = side_of(pos, self.root);
        let mover_is_root = side_of(pos, pos.to_move()) == root_side;
        if let Some(s) = self.terminal(pos, ply) {
            return if mover_is_root { s } else { -s };
        }
        if mover_is_root {
            // The run is over: the root side's node, one ply deeper for the layer just played.
            return self.negamax(pos, depth - 1, alpha, beta, ply);
        }
        if depth <= 0 || ply + 2 >= super::MAX_PLY {
            return evaluate(pos, self.root);
        }
        if searched {
            // Another opponent already replied: this one plays its first ordered move.
            self.ordered_moves(pos, ply, None, 1);
            let m = self.order[ply]
                .first()
                .map_or(crate::rules::CompactMove::PASS, |o| o.1);
            self.played[ply] = m;
            let u = pos.apply(&m);
            let s = self.opponents_reply(pos, depth, alpha, beta, ply + 1, true);
            pos.undo(u);
            return s;
        }
        let keep = self.width(depth);
        self.ordered_moves(pos, ply, None, keep);
        let count = self.order[ply].len();
        let mut best = INF;
        // This opponent replies: each of its kept moves, the others then play their first move.
        for i in 0..count {
            let m = self.order[ply][i].1;
            self.played[ply] = m;
            let u = pos.apply(&m);
            let s = self.opponents_reply(pos, depth, alpha, beta, ply + 1, true);
            pos.undo(u);
            if self.stop {
                return 0;
            }
            best = best.min(s);
            beta = beta.min(s);
            if best <= alpha {
                if matches!(m.kind, MoveKind::Step | MoveKind::Jump) {
                    self.reward(&m, depth, ply);
                }
                return best;
            }
        }
        // ... or it plays its first move and a later opponent of the run replies.
        if let Some(&(_, m)) = self.order[ply].first() {
            self.played[ply] = m;
            let u = pos.apply(&m);
            if side_of(pos, pos.to_move()) != root_side && pos.outcome().is_none() {
                let s = self.opponents_reply(pos, depth, alpha, beta, ply + 1, false);
                best = best.min(s);
            }
            pos.undo(u);
        }
        if best == INF {
            evaluate(pos, self.root)
        } else {
            best
        }
    }
}
