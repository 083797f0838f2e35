//! Static evaluation: the race measured in table lookups, plus Zobrist keys.
//!
//! Every term is a per-colour, per-hole table built once, so evaluating a position is a sum over
//! its pegs and ordering a move is two lookups. The terms:
//! - distance to go: hex distance to the target tip (it is also the rules' ranking measure, and
//!   it rewards filling the target from the tip because the deep holes are the near ones);
//! - stragglers: a quadratic term, so that bringing up the rear pays more than running ahead — a
//!   peg left behind has nobody to jump over late in the race;
//! - lateral drift: pegs off the corridor towards the target pay extra, they must come back;
//! - the goal: the measure is shifted so a finished army costs exactly zero;
//! - blocked targets: a squatter that cannot get out is charged to both sides ([`blockage`]).
//!
//! The search's static score adds the positional terms on top of this race measure; it lives
//! with them in `features` (which builds on this module, never the other way round).

use once_cell::sync::Lazy;

use crate::rules::board::{distance, Bits, Colour, Hole, HOLES};
use crate::rules::{MoveKind, Position};

/// Engine units per hole of distance.
pub const UNIT: i32 = 16;

/// Score of a won game (minus the ply it happens at, so faster wins score higher).
pub const WIN: i32 = 1_000_000;

/// Scores above this are wins or losses found by the search.
pub const WIN_BOUND: i32 = WIN - 10_000;

/// Per-colour tables, built once.
pub(crate) struct EvalTables {
    /// Cost of a peg of colour `c` standing on hole `h` (0 at the tip).
    pub cost: [[i32; HOLES]; 6],
    /// Plain hex distance to the target tip.
    pub dist: [[u8; HOLES]; 6],
    /// Zobrist key of a peg of colour `c` on hole `h`.
    pub zobrist: [[u64; HOLES]; 6],
    /// Zobrist key of the player to move.
    pub side: [u64; 6],
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The tables, built on first use.
pub(crate) static TABLES: Lazy<Box<EvalTables>> = Lazy::new(|| {
    let mut t = Box::new(EvalTables {
        cost: [[0; HOLES]; 6],
        dist: [[0; HOLES]; 6],
        zobrist: [[0; HOLES]; 6],
        side: [0; 6],
    });
    // A fixed seed: keys must be identical in every run so searches are reproducible.
    let mut seed = 0x00C0_FFEE_u64;
    for c in Colour::ALL {
        let tip = c.opposite().tip();
        // The "row" axis: distance to the far side's tip line, measured from our own tip.
        let own_tip = c.tip();
        let span = distance(own_tip, tip) as i32;
        for h in 0..HOLES {
            let hole = h as Hole;
            let d = distance(hole, tip) as i32;
            let back = distance(hole, own_tip) as i32;
            // In the corridor d + back == span; every unit beyond is lateral drift.
            let drift = (d + back - span).max(0);
            t.dist[c.index()][h] = d as u8;
            t.cost[c.index()][h] = UNIT * d + (2 * d * d) / 5 + 4 * drift;
        }
        for h in 0..HOLES {
            t.zobrist[c.index()][h] = splitmix(&mut seed);
        }
    }
    for s in &mut t.side {
        *s = splitmix(&mut seed);
    }
    t
});

/// Cost of the finished army of a colour: the sum over its target holes (subtracted so a full
/// target scores zero and differences between sides stay meaningful with unequal peg counts).
fn finished_cost(p: &Position, c: Colour) -> i32 {
    let t = &**TABLES;
    crate::rules::board::holes(p.target(c))
        .map(|h| t.cost[c.index()][usize::from(h)])
        .sum()
}

/// Remaining cost of one colour: its table sum minus the finished army's.
pub(crate) fn colour_cost(p: &Position, c: Colour) -> i32 {
    let t = &**TABLES;
    let pegs = p.pegs_of(c);
    let mut sum = 0;
    for h in crate::rules::board::holes(pegs) {
        sum += t.cost[c.index()][usize::from(h)];
    }
    // Scale the finished army's cost to the pegs on the board (test positions may have fewer).
    let n = pegs.count_ones() as i32;
    let full = p.target(c).count_ones() as i32;
    let done = if full > 0 {
        finished_cost(p, c) * n / full
    } else {
        0
    };
    sum - done
}

/// Moves the peg on `h` needs to get out of `camp` with every other peg standing still
/// (`BLOCKED` when it cannot within four).
fn exit_moves(p: &Position, h: crate::rules::board::Hole, colour: Colour, camp: Bits) -> i32 {
    let occ = p.occupied() & !crate::rules::board::bit(h);
    let mut visited = crate::rules::board::bit(h);
    let mut frontier = visited;
    for depth in 1..=4 {
        let mut next = 0;
        for f in crate::rules::board::holes(frontier) {
            next |= p.peg_reach(f, colour, occ).all();
        }
        next &= !visited;
        if next & !camp != 0 {
            return depth;
        }
        if next == 0 {
            break;
        }
        visited |= next;
        frontier = next;
    }
    BLOCKED
}

/// Exit distance charged for a squatter that cannot get out at all.
const BLOCKED: i32 = 6;

/// Adds the cost of blocked targets to each side: an opposing peg in a target it must leave
/// (win rule `all_own`) is charged to both sides by how many moves it needs to get out.
///
/// The race measure alone even rewards locking such a peg in (its owner's distance stays high),
/// and without swaps (classic) neither side can then finish and the game loops. Charging the
/// target's side makes it open a way out; charging the owner makes it walk out, lateral moves
/// included, which the distance measure does not see.
pub(crate) fn blockage(p: &Position, side_cost: &mut [i32; 16]) {
    if p.rules().options.win != crate::rules::WinRule::AllOwn {
        return;
    }
    for player in 0..p.player_count() {
        let own = p.pegs_of_player(player);
        for c in p.players()[player].colours() {
            let target = p.target(c);
            let squatters = target & p.occupied() & !own;
            // Only an endgame matter: early on the target is simply the other army's home.
            if squatters.count_ones() > 3 || (p.pegs_of(c) & target).count_ones() < 5 {
                continue;
            }
            for h in crate::rules::board::holes(squatters) {
                let Some(sc) = p.colour_at(h) else { continue };
                let Some(owner) = p.owner_of(sc) else {
                    continue;
                };
                let e = exit_moves(p, h, sc, target);
                side_cost[side_of(p, player)] += UNIT * (2 * e + 2);
                side_cost[side_of(p, owner)] += 2 * UNIT * (e - 1);
            }
        }
    }
}

/// The blockage cost of one player's side (see [`blockage`]).
pub(crate) fn blockage_of(p: &Position, player: usize) -> i32 {
    let mut costs = [0; 16];
    blockage(p, &mut costs);
    costs[side_of(p, player)]
}

/// Remaining race cost of one player (all its colours).
pub(crate) fn player_cost(p: &Position, player: usize) -> i32 {
    p.players()[player]
        .colours()
        .map(|c| colour_cost(p, c))
        .sum()
}

/// Which "side" a player belongs to: its team in partnership play, else itself.
pub(crate) fn side_of(p: &Position, player: usize) -> usize {
    match p.players()[player].team {
        Some(t) => 8 + usize::from(t),
        None => player,
    }
}

/// Zobrist key of a position: pegs by colour and the player to move.
pub(crate) fn hash(p: &Position) -> u64 {
    let t = &**TABLES;
    let mut k = t.side[p.to_move() % 6];
    for c in Colour::ALL {
        for h in crate::rules::board::holes(p.pegs_of(c)) {
            k ^= t.zobrist[c.index()][usize::from(h)];
        }
    }
    // Passes matter to the outcome (two in a row end the game).
    k ^ u64::from(p.passes_in_a_row()).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// How much a move improves the mover's own cost (ordering and human-like choice), in units.
pub(crate) fn move_gain(p: &Position, m: &crate::rules::CompactMove) -> i32 {
    let t = &**TABLES;
    match m.kind {
        MoveKind::Pass => 0,
        MoveKind::Step | MoveKind::Jump => match p.colour_at(m.from) {
            Some(c) => {
                let row = &t.cost[c.index()];
                row[usize::from(m.from)] - row[usize::from(m.to)]
            }
            None => 0,
        },
        MoveKind::Swap => {
            let (Some(a), Some(b)) = (p.colour_at(m.from), p.colour_at(m.to)) else {
                return 0;
            };
            let (f, to) = (usize::from(m.from), usize::from(m.to));
            // Our peg moves from -> to, theirs to -> from; their loss is our gain.
            (t.cost[a.index()][f] - t.cost[a.index()][to])
                + (t.cost[b.index()][to] - t.cost[b.index()][f])
        }
    }
}

/// How much a move helps the mover: its race gain ([`move_gain`]) plus, in a blocked endgame,
/// what it does to the blockage. `blocked` is the mover's [`blockage_of`] before the move; the
/// moves that open a way out look like retreats to the race measure alone.
pub(crate) fn progress_gain(p: &Position, m: &crate::rules::CompactMove, blocked: i32) -> i32 {
    let mut g = move_gain(p, m);
    if blocked > 0 {
        let mut q = *p;
        q.apply(m);
        g += blocked - blockage_of(&q, p.to_move());
    }
    g
}

/// Hex distance of a hole to a colour's target tip.
pub(crate) fn tip_distance(c: Colour, h: Hole) -> u32 {
    u32::from(TABLES.dist[c.index()][usize::from(h)])
}
