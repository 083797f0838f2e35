//! The evaluation's positional terms beyond the race (issue #16) and their tuned weights.
//!
//! The race cost (`eval::player_cost` plus blocked targets) counts how far each army
//! still has to go; it does not see what the next moves can do. The terms here add that, per
//! side, all cheap enough for every leaf (one reach per peg):
//! - **best move**: the largest drop in race cost one move of a peg outside the target can
//!   make now (the side's longest ladder or jump chain forward). The side to move can play it at once, the other side
//!   only after a reply, so the two get separate weights;
//! - **ladders**: how many pegs have a jump chain at least two holes forward (a ladder the side
//!   can still use later; blocking the opponent's lanes shows up as a drop in theirs);
//! - **stragglers**: pegs still in the home camp, times pegs already in the target (a peg left
//!   at home costs more the further the rest of the army has gone: nobody is left to jump over);
//! - **spread**: distance between the army's front and rear pegs outside the target (compact
//!   armies build ladders for each other);
//! - **tempo**: the side to move's advantage.
//!
//! The weights are fitted by the `tune` command of the terminal tool (Texel method: logistic
//! regression of game results on these features over arena games; docs/AI.md has the recipe
//! and the numbers) and kept here as reviewed constants, one set for long jumps (tripot) and one
//! for short jumps (classic, sternhalma, rulebook).

use std::sync::OnceLock;

use crate::rules::board::{holes, Colour};
use crate::rules::movegen::JumpCache;
use crate::rules::Position;

use super::eval::{blockage, player_cost, side_of, TABLES, UNIT};

/// Number of features, the race difference first and the constant (tempo) last.
pub const FEATURES: usize = 7;

/// Names of the features in the order of [`features`].
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "race",
    "best_move_to_move",
    "best_move_other",
    "ladders",
    "stragglers",
    "spread",
    "tempo",
];

/// Fixed-point scale of the weights: a weight of `SCALE` adds one engine unit per feature unit.
pub const SCALE: i32 = 256;

/// Weights of the features after the race (which has weight one), in engine units times
/// [`SCALE`] per feature unit; the tempo weight is in plain engine units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per engine unit of the best move available to the side to move.
    pub best_move_to_move: i32,
    /// Per engine unit of the best move available to the other side (a threat).
    pub best_move_other: i32,
    /// Per ladder more than the other side.
    pub ladders: i32,
    /// Per straggler-times-arrived peg fewer than the other side.
    pub stragglers: i32,
    /// Per hole of spread fewer than the other side.
    pub spread: i32,
    /// Engine units for having the move.
    pub tempo: i32,
}

/// The evaluation of commit 60e1985 (the frozen baseline): race and tempo only.
pub const BASELINE: Weights = Weights {
    best_move_to_move: 0,
    best_move_other: 0,
    ladders: 0,
    stragglers: 0,
    spread: 0,
    tempo: UNIT / 2,
};

/// Weights for long jumps (tripot): `cc tune` over 572 baseline arena games (docs/AI.md).
pub const LONG_JUMPS: Weights = Weights {
    best_move_to_move: 185,
    best_move_other: 122,
    ladders: 4091,
    stragglers: 2848,
    spread: 5050,
    tempo: 18,
};

/// Weights for short jumps (classic, sternhalma, rulebook): `cc tune` over 544 baseline arena
/// games (docs/AI.md).
pub const SHORT_JUMPS: Weights = Weights {
    best_move_to_move: 225,
    best_move_other: 163,
    ladders: 1607,
    stragglers: 1605,
    spread: 4611,
    tempo: 15,
};

impl Weights {
    /// Whether any weight needs the pegs' reach (the costly part: one reach per peg).
    fn needs_reach(&self) -> bool {
        self.best_move_to_move != 0 || self.best_move_other != 0 || self.ladders != 0
    }
}

/// Weights tried by the tuning tools instead of the constants (long jumps, short jumps).
static TRIAL: OnceLock<(Option<Weights>, Option<Weights>)> = OnceLock::new();

/// Replaces the weights of this process's searches for long and/or short jumps (tuning tools
/// only: the arena plays candidate weights against a baseline without a rebuild). Once per
/// process; a second call is refused.
pub fn try_weights(long: Option<Weights>, short: Option<Weights>) -> Result<(), &'static str> {
    TRIAL
        .set((long, short))
        .map_err(|_| "the trial weights are already set")
}

/// The weights for a position's rules.
pub fn weights_for(p: &Position) -> Weights {
    let trial = TRIAL.get();
    if p.rules().options.jump_reach > 1 {
        trial.and_then(|t| t.0).unwrap_or(LONG_JUMPS)
    } else {
        trial.and_then(|t| t.1).unwrap_or(SHORT_JUMPS)
    }
}

/// What the evaluation measures of one side (summed over its players and colours).
#[derive(Clone, Copy, Debug, Default)]
struct SideTerms {
    race: i32,
    best_move: i32,
    ladders: i32,
    stragglers: i32,
    spread: i32,
}

/// Adds one colour's positional terms to its side's.
fn add_colour(p: &Position, c: Colour, terms: &mut SideTerms, mut cache: Option<&mut JumpCache>) {
    let t = &**TABLES;
    let cost = &t.cost[c.index()];
    let dist = &t.dist[c.index()];
    let pegs = p.pegs_of(c);
    let target = p.target(c);
    let (mut front, mut rear) = (u8::MAX, 0u8);
    for h in holes(pegs) {
        let from = usize::from(h);
        let arrived = target & crate::rules::board::bit(h) != 0;
        // Pegs already in the target are skipped: their moves only reshuffle the target, and
        // the reach is the costly part of the evaluation.
        if let (Some(cache), false) = (cache.as_deref_mut(), arrived) {
            let reach = p.peg_reach_cached(h, c, cache);
            let mut best = 0;
            for to in holes(reach.steps | reach.jumps) {
                best = best.max(cost[from] - cost[usize::from(to)]);
            }
            terms.best_move = terms.best_move.max(best);
            if best >= 2 * UNIT && reach.jumps != 0 {
                terms.ladders += 1;
            }
        }
        if !arrived {
            front = front.min(dist[from]);
            rear = rear.max(dist[from]);
        }
    }
    if front < rear {
        terms.spread += i32::from(rear - front);
    }
    let at_home = (pegs & p.home(c)).count_ones() as i32;
    let arrived = (pegs & target).count_ones() as i32;
    terms.stragglers += at_home * arrived;
}

/// Every side's terms, indexed by [`side_of`]; `seen` marks the sides present.
fn side_terms(p: &Position, with_reach: bool) -> ([SideTerms; 16], [bool; 16]) {
    let mut terms = [SideTerms::default(); 16];
    let mut seen = [false; 16];
    let mut race = [0i32; 16];
    // One cache of single-jump landings for every peg of every side: the armies' chains cross
    // the same holes, so most of the reach is then looked up, not searched.
    let mut cache = with_reach.then(|| JumpCache::new(p.occupied(), p.rules().options.reach()));
    for player in 0..p.player_count() {
        let s = side_of(p, player);
        seen[s] = true;
        race[s] += player_cost(p, player);
        for c in p.players()[player].colours() {
            add_colour(p, c, &mut terms[s], cache.as_mut());
        }
    }
    blockage(p, &mut race);
    for s in 0..16 {
        terms[s].race = race[s];
    }
    (terms, seen)
}

/// The feature vector of `stm` (the side the score is for, normally the side to move) against
/// `other`, in the order of [`FEATURE_NAMES`] (the tempo is 1).
fn vector(stm: &SideTerms, other: &SideTerms) -> [i32; FEATURES] {
    [
        other.race - stm.race,
        stm.best_move,
        other.best_move,
        stm.ladders - other.ladders,
        other.stragglers - stm.stragglers,
        other.spread - stm.spread,
        1,
    ]
}

/// The score of a feature vector under `w`, in engine units.
fn score(x: &[i32; FEATURES], w: &Weights) -> i32 {
    let positional = w.best_move_to_move * x[1] - w.best_move_other * x[2]
        + w.ladders * x[3]
        + w.stragglers * x[4]
        + w.spread * x[5];
    x[0] + positional / SCALE + w.tempo * x[6]
}

/// The strongest side other than `me` (least race cost; the first on a tie), or empty terms
/// when `me` is alone on the board (test positions).
fn strongest_opponent(terms: &[SideTerms; 16], seen: &[bool; 16], me: usize) -> SideTerms {
    let mut opp: Option<usize> = None;
    for s in (0..16).filter(|&s| seen[s] && s != me) {
        match opp {
            Some(o) if terms[o].race <= terms[s].race => {}
            _ => opp = Some(s),
        }
    }
    opp.map_or_else(SideTerms::default, |o| terms[o])
}

/// Static score from the point of view of `root`'s side: how far the strongest opposing side is
/// ahead of us in the race, plus the positional terms with the weights tuned for the rules, in
/// engine units (positive is good for `root`).
pub(crate) fn evaluate(p: &Position, root: usize) -> i32 {
    evaluate_with(p, root, &weights_for(p))
}

/// Static score from the point of view of `root`'s side with the given weights (positive is
/// good for `root`). The opposing side is the strongest one (least race cost); when an
/// opponent is to move, the terms of the side to move are that strongest opponent's.
pub(crate) fn evaluate_with(p: &Position, root: usize, w: &Weights) -> i32 {
    let (terms, seen) = side_terms(p, w.needs_reach());
    let me = side_of(p, root);
    let other = strongest_opponent(&terms, &seen, me);
    if side_of(p, p.to_move()) == me {
        score(&vector(&terms[me], &other), w)
    } else {
        -score(&vector(&other, &terms[me]), w)
    }
}

/// The features of a position for the side to move against its strongest opponent (the tuning
/// tool's input), in the order of [`FEATURE_NAMES`].
pub fn features(p: &Position) -> [i32; FEATURES] {
    let (terms, seen) = side_terms(p, true);
    let me = side_of(p, p.to_move());
    vector(&terms[me], &strongest_opponent(&terms, &seen, me))
}
