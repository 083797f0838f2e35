//! What a touch interface asks the rules about a move being made: whether jumps are played hop by
//! hop, where a chain may go on from a landing, whether it may stop there, and why a move cannot
//! be played. The session asks; it re-derives none of it.

use super::board::{bit, coords, holes, Bits, Hole, TABLES};
use super::error::IllegalMove;
use super::movegen::jumps_from;
use super::moves::{CompactMove, MoveKind};
use super::options::{Camps, MaxChain, Preset, RuleOptions, Rules};
use super::position::Position;

impl Rules {
    /// Whether a jump chain is played hop by hop: after each landing the player jumps again or
    /// ends the move there. Tripot's rule text plays it so ("stop whenever you like with the End
    /// jump button"); the other rule sets are played by destination. Under a longest-chain
    /// obligation the chain's length is not the player's choice, so it is played by destination
    /// in every rule set.
    pub fn hop_by_hop(&self) -> bool {
        self.preset == Preset::Tripot && self.options.max_chain == MaxChain::Off
    }
}

/// The rule options that can forbid a move a peg could otherwise make, in the order a move is
/// explained (the first one whose relaxation allows it is the reason), each with the error that
/// names it for the move's final hole.
const OBLIGATIONS: [Obligation; 5] = [
    Obligation::Camps,
    Obligation::TargetLock,
    Obligation::MandatoryJump,
    Obligation::LongestChain,
    Obligation::AntiBlocking,
];

#[derive(Clone, Copy)]
enum Obligation {
    Camps,
    TargetLock,
    MandatoryJump,
    LongestChain,
    AntiBlocking,
}

impl Obligation {
    /// The options with this one relaxed, or `None` when it is not in force.
    fn relaxed(self, o: RuleOptions) -> Option<RuleOptions> {
        match self {
            Obligation::Camps => (o.camps != Camps::Open).then_some(RuleOptions {
                camps: Camps::Open,
                ..o
            }),
            Obligation::TargetLock => o.target_lock.then_some(RuleOptions {
                target_lock: false,
                ..o
            }),
            Obligation::MandatoryJump => o.mandatory_jump.then_some(RuleOptions {
                mandatory_jump: false,
                ..o
            }),
            Obligation::LongestChain => (o.max_chain != MaxChain::Off).then_some(RuleOptions {
                max_chain: MaxChain::Off,
                ..o
            }),
            Obligation::AntiBlocking => o.anti_blocking.then_some(RuleOptions {
                anti_blocking: false,
                ..o
            }),
        }
    }

    /// The error naming this rule for a move ending on `to` under the options `o`.
    fn error(self, to: Hole, o: RuleOptions) -> IllegalMove {
        let [q, r] = coords(to);
        match self {
            // Under `no_foreign` the peg may not even land there on the way.
            Obligation::Camps if o.camps == Camps::NoForeign => {
                IllegalMove::ForbiddenCamp(q, r, "land in")
            }
            Obligation::Camps => IllegalMove::ForbiddenCamp(q, r, "end a move in"),
            Obligation::TargetLock => IllegalMove::LeavesTarget,
            Obligation::MandatoryJump => IllegalMove::JumpMandatory,
            Obligation::LongestChain => IllegalMove::ChainNotLongest,
            Obligation::AntiBlocking => IllegalMove::MustUnblock,
        }
    }
}

impl Position {
    /// Why the side to move cannot play a step or jump of the peg on `from` that ends on `to`;
    /// `None` when it can. `legal` are this position's legal moves (a caller that keeps them
    /// passes them; [`Position::legal_moves_into`] makes them).
    ///
    /// The one explanation of an illegal move: [`Position::validate`] uses it for a move whose
    /// every hop is sound, and a touch interface for a tap on a hole the selected peg cannot
    /// reach. A move no rule option forbids, but that no step or jump makes, is
    /// [`IllegalMove::NoRoute`].
    pub fn explain(&self, from: Hole, to: Hole, legal: &[CompactMove]) -> Option<IllegalMove> {
        let reaches = |moves: &[CompactMove]| {
            moves
                .iter()
                .any(|m| m.from == from && m.to == to && m.kind != MoveKind::Swap)
        };
        if reaches(legal) {
            return None;
        }
        let [fq, fr] = coords(from);
        let [tq, tr] = coords(to);
        let Some(colour) = self.colour_at(from) else {
            return Some(IllegalMove::NoPeg(fq, fr));
        };
        if self.owner_of(colour) != Some(self.to_move()) {
            return Some(IllegalMove::NotYourPeg(fq, fr));
        }
        if self.occupied() & bit(to) != 0 {
            return Some(IllegalMove::Occupied(tq, tr));
        }
        // One option relaxed at a time names the one rule in the way; when two rules stand in
        // the way together, relaxing them one after another names the last one needed.
        let options = self.rules().options;
        let mut moves = Vec::new();
        let mut reached_under = |relaxed: RuleOptions| {
            // The same position under the relaxed options (checked like any other position).
            let Ok(relaxed) = self.with_options(relaxed) else {
                return false;
            };
            moves.clear();
            relaxed.legal_moves_into(&mut moves);
            reaches(&moves)
        };
        for obligation in OBLIGATIONS {
            if let Some(relaxed) = obligation.relaxed(options) {
                if reached_under(relaxed) {
                    return Some(obligation.error(to, options));
                }
            }
        }
        let mut cumulative = options;
        for obligation in OBLIGATIONS {
            if let Some(relaxed) = obligation.relaxed(cumulative) {
                cumulative = relaxed;
                if reached_under(cumulative) {
                    return Some(obligation.error(to, options));
                }
            }
        }
        Some(IllegalMove::NoRoute(fq, fr, tq, tr))
    }

    /// The landings a jump chain along `path` (its start first, its landings so far after) may
    /// go on to with one more hop: holes not yet visited from which the move can still end
    /// legally, there or further on. `legal` are this position's legal moves.
    pub fn chain_continuations(&self, path: &[Hole], legal: &[CompactMove]) -> Vec<Hole> {
        let (Some(&from), Some(&here)) = (path.first(), path.last()) else {
            return Vec::new();
        };
        let Some(colour) = self.colour_at(from) else {
            return Vec::new();
        };
        let occ = self.occupied() & !bit(from);
        let visited: Bits = path.iter().fold(0, |a, &h| a | bit(h));
        let finals: Bits = legal
            .iter()
            .filter(|m| m.kind == MoveKind::Jump && m.from == from)
            .fold(0, |a, m| a | bit(m.to));
        let reach = self.rules().options.reach();
        let next = jumps_from(&TABLES, here, occ, reach) & self.landing_mask(colour) & !visited;
        holes(next)
            .filter(|&b| {
                let onward = self.chain_landings(b, colour, occ) & finals & !visited & !bit(b);
                finals & bit(b) != 0 || onward != 0
            })
            .collect()
    }

    /// Whether a jump chain along `path` may stop on its last landing: the jump from its start
    /// to there is legal. `legal` are this position's legal moves.
    pub fn chain_may_end(&self, path: &[Hole], legal: &[CompactMove]) -> bool {
        match (path.first(), path.last()) {
            (Some(&from), Some(&to)) if path.len() >= 2 => {
                legal.contains(&CompactMove::new(MoveKind::Jump, from, to))
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::rules::board::hole_at;

    fn position(text: &str) -> Position {
        Position::from_json_str(text).unwrap()
    }

    fn legal(p: &Position) -> Vec<CompactMove> {
        let mut moves = Vec::new();
        p.legal_moves_into(&mut moves);
        moves
    }

    fn h(q: i32, r: i32) -> Hole {
        hole_at(q, r).unwrap()
    }

    #[test]
    fn only_tripot_without_a_longest_chain_is_played_hop_by_hop() {
        assert!(Rules::preset(Preset::Tripot).hop_by_hop());
        for preset in Preset::ALL.into_iter().filter(|&p| p != Preset::Tripot) {
            assert!(!Rules::preset(preset).hop_by_hop(), "{preset:?}");
        }
        let mut longest = Rules::preset(Preset::Tripot);
        longest.options.max_chain = MaxChain::PerPiece;
        assert!(!longest.hop_by_hop());
    }

    #[test]
    fn a_chain_goes_on_only_where_it_can_still_end() {
        // S's peg on [0,0] jumps [1,0] to [2,0], then [3,0] to [4,0]; nothing past that.
        let p = position(
            r#"{"rules":"classic","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0]],"N":[[1,0],[3,0]]},"to_move":0}"#,
        );
        let moves = legal(&p);
        assert_eq!(p.chain_continuations(&[h(0, 0)], &moves), vec![h(2, 0)]);
        assert_eq!(
            p.chain_continuations(&[h(0, 0), h(2, 0)], &moves),
            vec![h(4, 0)]
        );
        assert!(p
            .chain_continuations(&[h(0, 0), h(2, 0), h(4, 0)], &moves)
            .is_empty());
        assert!(p.chain_may_end(&[h(0, 0), h(2, 0)], &moves));
        assert!(p.chain_may_end(&[h(0, 0), h(2, 0), h(4, 0)], &moves));
        assert!(!p.chain_may_end(&[h(0, 0)], &moves));
    }

    #[test]
    fn an_illegal_move_is_explained_by_the_first_rule_that_forbids_it() {
        // Mandatory jump: S could step to [0,1], but a jump is available.
        let mut text = r#"{"rules":{"preset":"classic","mandatory_jump":true},
            "players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0]],"N":[[1,0]]},"to_move":0}"#;
        let p = position(text);
        let moves = legal(&p);
        assert_eq!(p.explain(h(0, 0), h(2, 0), &moves), None);
        assert_eq!(
            p.explain(h(0, 0), h(0, 1), &moves),
            Some(IllegalMove::JumpMandatory)
        );
        assert_eq!(
            p.explain(h(0, 0), h(4, 4), &moves),
            Some(IllegalMove::NoRoute(0, 0, 4, 4))
        );
        assert_eq!(
            p.explain(h(1, 0), h(1, 1), &moves),
            Some(IllegalMove::NotYourPeg(1, 0))
        );
        assert_eq!(
            p.explain(h(0, 0), h(1, 0), &moves),
            Some(IllegalMove::Occupied(1, 0))
        );
        // Without the option the step is legal, and validate agrees with explain.
        text = r#"{"rules":"classic","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[0,0]],"N":[[1,0]]},"to_move":0}"#;
        let free = position(text);
        assert_eq!(free.explain(h(0, 0), h(0, 1), &legal(&free)), None);
        let step = crate::rules::Move {
            kind: MoveKind::Step,
            path: vec![h(0, 0), h(0, 1)],
        };
        assert_eq!(p.validate(&step), Err(IllegalMove::JumpMandatory));
        assert_eq!(free.validate(&step), Ok(()));
    }
}
