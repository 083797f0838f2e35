//! Single-agent races: once nothing can interact, each army's remaining game is a shortest-path
//! problem over the positions of its own pegs.
//!
//! The state is one `u128` (the army's holes); successors use the rules' own per-peg reach, so
//! every rule option applies. The search is a beam search over move counts with duplicate
//! detection across layers (a best-first search truncated to the `width` most promising states
//! per layer, ranked by an admissible-style distance measure). With a wide enough beam it is
//! exact in practice; it always returns a legal path.
//!
//! For the solo race from camp to opposite camp, moves are reversible and a half-turn of the
//! board maps the start camp onto the target camp, so a state `M` reached in `d` moves whose
//! half-turn image was reached in `e` moves gives a whole race of `d + e` moves
//! (meet in the middle, as in G. I. Bell's 2008 search).

use std::collections::HashMap;
use std::time::Instant;

use crate::rules::board::{bit, coords, hole_at, holes, Bits, Colour, Hole, HOLES};
use crate::rules::{Position, Rules};

use super::eval::tip_distance;

/// One state of a beam layer, with the move that reached it.
#[derive(Clone, Copy)]
struct Node {
    bits: Bits,
    parent: u32,
    from: Hole,
    to: Hole,
}

/// A race problem: one colour's pegs, fixed obstacles, the rules in force.
pub(crate) struct Race<'a> {
    /// Any position carrying the rules (only its rule options are used).
    pub rules_of: &'a Position,
    /// The racing colour.
    pub colour: Colour,
    /// Pegs that never move (the other armies, when they can no longer interact).
    pub obstacles: Bits,
}

/// A race found: its moves as (from, to) pairs, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RacePath {
    /// The moves, each a step or a jump chain of one peg.
    pub moves: Vec<(Hole, Hole)>,
}

impl Race<'_> {
    fn goal(&self, bits: Bits) -> bool {
        let target = self.rules_of.target(self.colour);
        bits & !target == 0
    }

    /// Ranking of a state: lower is more promising. Distance to go first, then spread.
    fn rank(&self, bits: Bits) -> u32 {
        let mut sum = 0;
        let mut worst = 0;
        for h in holes(bits) {
            let d = tip_distance(self.colour, h);
            sum += d;
            worst = worst.max(d);
        }
        sum * 4 + worst
    }

    fn successors(&self, bits: Bits, mut f: impl FnMut(Bits, Hole, Hole)) {
        let occ = bits | self.obstacles;
        for h in holes(bits) {
            let reach = self.rules_of.peg_reach(h, self.colour, occ).all();
            for to in holes(reach) {
                f(bits ^ bit(h) ^ bit(to), h, to);
            }
        }
    }

    /// Every successor of a layer's states into `next`, best `rank` (lowest) first and ties by
    /// position, so that beams are reproducible.
    fn expand(&self, layer: &[Node], rank: impl Fn(Bits) -> u32, next: &mut Vec<(u32, Node)>) {
        next.clear();
        for (i, node) in layer.iter().enumerate() {
            self.successors(node.bits, |b, from, to| {
                next.push((
                    rank(b),
                    Node {
                        bits: b,
                        parent: i as u32,
                        from,
                        to,
                    },
                ));
            });
        }
        next.sort_unstable_by_key(|(r, n)| (*r, n.bits));
    }

    /// Beam search from `start` with `width` states per layer, up to `max_len` moves or the
    /// deadline. Returns the shortest path found.
    pub fn solve(
        &self,
        start: Bits,
        width: usize,
        max_len: usize,
        deadline: Option<Instant>,
    ) -> Option<RacePath> {
        self.solve_noting_cuts(start, width, max_len, deadline).0
    }

    /// [`Race::solve`], and whether the beam ever dropped a state. When it never did, the search
    /// was a plain breadth-first search and the path found is a shortest one (proven).
    fn solve_noting_cuts(
        &self,
        start: Bits,
        width: usize,
        max_len: usize,
        deadline: Option<Instant>,
    ) -> (Option<RacePath>, bool) {
        let mut cut = false;
        let path = self.solve_cut(start, width, max_len, deadline, &mut cut);
        (path, cut)
    }

    fn solve_cut(
        &self,
        start: Bits,
        width: usize,
        max_len: usize,
        deadline: Option<Instant>,
        cut: &mut bool,
    ) -> Option<RacePath> {
        if self.goal(start) {
            return Some(RacePath { moves: vec![] });
        }
        let mut layers: Vec<Vec<Node>> = vec![vec![Node {
            bits: start,
            parent: 0,
            from: 0,
            to: 0,
        }]];
        let mut seen: HashMap<Bits, ()> = HashMap::new();
        seen.insert(start, ());
        let mut next: Vec<(u32, Node)> = Vec::new();
        for depth in 0..max_len {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            self.expand(&layers[depth], |b| self.rank(b), &mut next);
            let mut new_layer = Vec::with_capacity(width.min(next.len()));
            for &(_, n) in next.iter() {
                if new_layer.len() >= width {
                    // Only a state not seen before is a loss (the rest were already explored).
                    *cut |= !seen.contains_key(&n.bits);
                    if *cut {
                        break;
                    }
                    continue;
                }
                if seen.insert(n.bits, ()).is_some() {
                    continue;
                }
                if self.goal(n.bits) {
                    layers.push(vec![n]);
                    return Some(unwind(&layers, depth + 1, 0));
                }
                new_layer.push(n);
            }
            if new_layer.is_empty() {
                return None;
            }
            layers.push(new_layer);
        }
        None
    }
}

/// The moves leading to state `index` of layer `depth`.
fn unwind(layers: &[Vec<Node>], depth: usize, index: usize) -> RacePath {
    let mut moves = Vec::with_capacity(depth);
    let (mut d, mut i) = (depth, index);
    while d > 0 {
        let n = layers[d][i];
        moves.push((n.from, n.to));
        i = n.parent as usize;
        d -= 1;
    }
    moves.reverse();
    RacePath { moves }
}

/// The half-turn of the board: `(q, r) -> (-q, -r)`, mapping every camp onto its opposite.
fn half_turn_table() -> [Hole; HOLES] {
    let mut t = [0; HOLES];
    for (h, slot) in t.iter_mut().enumerate() {
        let [q, r] = coords(h as Hole);
        *slot = hole_at(-q, -r).unwrap_or(h as Hole);
    }
    t
}

fn turn(t: &[Hole; HOLES], bits: Bits) -> Bits {
    holes(bits).fold(0, |acc, h| acc | bit(t[usize::from(h)]))
}

/// The solo race: the fewest moves found to bring the `S` army from its camp into the `N` camp
/// on an otherwise empty board, under `rules`, by a meet-in-the-middle beam search.
pub fn solo(rules: Rules, width: usize) -> Option<RacePath> {
    let start_pos = Position::start(rules, 2).ok()?;
    let race = Race {
        rules_of: &start_pos,
        colour: Colour::S,
        obstacles: 0,
    };
    let start = start_pos.pegs_of(Colour::S);
    let t = half_turn_table();
    // Layers of the forward beam, ranked by closeness to the half-way (every peg as near the
    // centre as its half-turn image), which is where the two halves must meet.
    let mut layers: Vec<Vec<Node>> = vec![vec![Node {
        bits: start,
        parent: 0,
        from: 0,
        to: 0,
    }]];
    let mut index: HashMap<Bits, (usize, usize)> = HashMap::new();
    index.insert(start, (0, 0));
    let mut best: Option<RacePath> = race.solve(start, width.min(2000), 60, None);
    let mut next: Vec<(u32, Node)> = Vec::new();
    let centre = |bits: Bits| -> u32 {
        // Distance to go, but states past the middle are worth no more than the middle itself.
        let mut sum = 0i32;
        for h in holes(bits) {
            let [_, r] = coords(h);
            sum += r;
        }
        sum.unsigned_abs()
    };
    for depth in 0..20 {
        let bound = best.as_ref().map_or(usize::MAX, |p| p.moves.len());
        // Meeting at depth d needs an image within bound - d - 1 moves; stop when hopeless.
        if 2 * depth + 1 >= bound {
            break;
        }
        race.expand(
            &layers[depth],
            |b| centre(b) * 8 + race.rank(b) / 8,
            &mut next,
        );
        let mut layer = Vec::new();
        for &(_, n) in &next {
            if layer.len() >= width {
                break;
            }
            if index.contains_key(&n.bits) {
                continue;
            }
            index.insert(n.bits, (depth + 1, layer.len()));
            layer.push(n);
        }
        layers.push(layer);
        // Meet: a state here whose half-turn image is already indexed.
        let d = depth + 1;
        for (i, n) in layers[d].iter().enumerate() {
            if let Some(&(e, j)) = index.get(&turn(&t, n.bits)) {
                if d + e < best.as_ref().map_or(usize::MAX, |p| p.moves.len()) {
                    let mut path = unwind(&layers, d, i);
                    let back = unwind(&layers, e, j);
                    // The image's path, turned and reversed, leads from this state to the target.
                    for &(a, b) in back.moves.iter().rev() {
                        path.moves.push((t[usize::from(b)], t[usize::from(a)]));
                    }
                    best = Some(path);
                }
            }
        }
    }
    best
}

/// Checks a race path against the rules: every move legal for the moving colour, target filled.
pub fn verify_solo(rules: Rules, path: &RacePath) -> bool {
    let Ok(p) = Position::start(rules, 2) else {
        return false;
    };
    let race = Race {
        rules_of: &p,
        colour: Colour::S,
        obstacles: 0,
    };
    let mut bits = p.pegs_of(Colour::S);
    for &(from, to) in &path.moves {
        if bits & bit(from) == 0 || p.peg_reach(from, Colour::S, bits).all() & bit(to) == 0 {
            return false;
        }
        bits ^= bit(from) | bit(to);
    }
    race.goal(bits)
}

/// A race from a given position: the pegs of `colour` in `position` race to their target while
/// every other peg stands still. Returns the shortest path found and whether it is proven shortest
/// (the beam of `width` states per layer was never full, so the search was breadth-first and
/// exhaustive up to the path's length).
pub fn from_position(
    position: &Position,
    colour: Colour,
    width: usize,
    max_len: usize,
) -> Option<(RacePath, bool)> {
    let race = Race {
        rules_of: position,
        colour,
        obstacles: position.occupied() & !position.pegs_of(colour),
    };
    let (path, cut) = race.solve_noting_cuts(position.pegs_of(colour), width, max_len, None);
    path.map(|p| (p, !cut))
}

/// Checks a race path from a position: every move legal for `colour` with the other pegs frozen,
/// and every peg of `colour` in its target at the end.
pub fn verify_from(position: &Position, colour: Colour, path: &RacePath) -> bool {
    let obstacles = position.occupied() & !position.pegs_of(colour);
    let race = Race {
        rules_of: position,
        colour,
        obstacles,
    };
    let mut bits = position.pegs_of(colour);
    for &(from, to) in &path.moves {
        let reach = position.peg_reach(from, colour, bits | obstacles).all();
        if bits & bit(from) == 0 || reach & bit(to) == 0 {
            return false;
        }
        bits ^= bit(from) | bit(to);
    }
    race.goal(bits)
}
