//! Move generation: steps, jump chains, swaps and passes, with every rule option applied.
//!
//! Generation works on bitsets and never allocates per hop: a jump chain's reachable holes are
//! found by a breadth-first search whose frontier and visited sets are `u128`s. Paths are only
//! rebuilt when a caller asks for a full [`Move`].

use super::board::{
    bit, bit_or_none, first_index_on_ray, first_on_ray, holes, Bits, Colour, Hole, Tables, HOLES,
    MAX_REACH, NONE, TABLES,
};
use super::moves::{CompactMove, Move, MoveKind};
use super::options::{Camps, MaxChain};
use super::position::Position;

/// The landing of the jump from `h` in direction `d`, or the empty set.
///
/// Written without data-dependent branches: this is the innermost loop of move generation.
#[inline(always)]
fn jump_in_direction(t: &Tables, h: Hole, d: usize, occupied: Bits, reach: u8) -> Bits {
    let hi = usize::from(h);
    let pivot = first_index_on_ray(t, h, d, occupied);
    let k = t.pivot_distance[hi][usize::from(pivot)];
    let (after, landing) = t.jump_after[hi][d][usize::from(k.min(MAX_REACH as u8))];
    let ok = k <= reach && after & occupied == 0;
    if ok {
        bit_or_none(landing)
    } else {
        0
    }
}

/// The jump landings from `h` with the given occupancy (the moving peg already lifted).
#[inline]
pub(crate) fn jumps_from(t: &Tables, h: Hole, occupied: Bits, reach: u8) -> Bits {
    let mut out = 0;
    for d in 0..6 {
        out |= jump_in_direction(t, h, d, occupied, reach);
    }
    out
}

/// Jump landings from `h` together with the holes whose lifting could change them.
#[inline]
fn jumps_and_span(t: &Tables, h: Hole, occupied: Bits, reach: u8) -> (Bits, Bits) {
    let mut out = 0;
    let mut span = 0;
    for d in 0..6 {
        if let Some(pivot) = first_on_ray(t, h, d, occupied) {
            let k = t.distance[usize::from(h)][usize::from(pivot)];
            if k <= reach {
                span |= t.span_open[usize::from(h)][d][usize::from(k)];
                let (after, landing) = t.jump_after[usize::from(h)][d][usize::from(k)];
                if landing != NONE && after & occupied == 0 {
                    out |= bit(landing);
                }
            }
        }
    }
    (out, span)
}

/// The holes whose occupancy can change the single jumps from `h`: in each direction, the span
/// of the current jump (up to twice the pivot distance), or, with no pivot within reach, every
/// hole where a new pivot would be within reach.
fn influence(t: &Tables, h: Hole, occupied: Bits, reach: u8) -> Bits {
    let far = usize::from(reach).div_ceil(2);
    let mut out = 0;
    for d in 0..6 {
        let k = first_on_ray(t, h, d, occupied)
            .map(|p| t.distance[usize::from(h)][usize::from(p)])
            .filter(|&k| k <= reach)
            .map_or(far, usize::from);
        out |= t.span[usize::from(h)][d][k];
    }
    out
}

/// Single-jump landings of every hole under one occupancy, filled lazily and shared by all the
/// pegs of one generation pass: in crowded positions the pegs' chains explore the same holes, so
/// this saves most of the work. A peg's own start is lifted during its chain; a cached entry
/// is only reused when that start lies outside the entry's span (it cannot change it).
pub(crate) struct JumpCache {
    occupied: Bits,
    reach: u8,
    filled: Bits,
    jumps: [Bits; HOLES],
    span: [Bits; HOLES],
}

impl JumpCache {
    pub(crate) fn new(occupied: Bits, reach: u8) -> JumpCache {
        JumpCache {
            occupied,
            reach,
            filled: 0,
            jumps: [0; HOLES],
            span: [0; HOLES],
        }
    }

    /// Landings from `h` with the peg on `lifted` taken off the board.
    #[inline]
    fn landings(&mut self, t: &Tables, h: Hole, lifted: Hole) -> Bits {
        let i = usize::from(h);
        if self.filled & bit(h) == 0 {
            let (j, s) = jumps_and_span(t, h, self.occupied, self.reach);
            self.jumps[i] = j;
            self.span[i] = s;
            self.filled |= bit(h);
        }
        if self.span[i] & bit(lifted) == 0 {
            return self.jumps[i];
        }
        // Lifting the start only changes the one direction whose ray passes through it.
        let d = usize::from(t.direction[i][usize::from(lifted)]);
        if d >= 6 {
            return jumps_from(t, h, self.occupied & !bit(lifted), self.reach);
        }
        let before = jump_in_direction(t, h, d, self.occupied, self.reach);
        let after = jump_in_direction(t, h, d, self.occupied & !bit(lifted), self.reach);
        self.jumps[i] & !before | after
    }
}

/// The plain destinations (steps and jump chains) of every peg of the side to move, computed
/// once per generation pass and reused by the swap rule's "stuck" and "freeing move" tests.
struct PlainMoves {
    entries: [(Hole, Colour, Bits); 60],
    /// Every hole each peg's chains land on (the holes its jumps depend on start from these).
    explored: [Bits; 60],
    len: usize,
    index: [u8; HOLES],
}

impl Default for PlainMoves {
    fn default() -> Self {
        PlainMoves {
            entries: [(0, Colour::S, 0); 60],
            explored: [0; 60],
            len: 0,
            index: [u8::MAX; HOLES],
        }
    }
}

impl PlainMoves {
    fn push(&mut self, from: Hole, colour: Colour, reach: &Reach) {
        if self.len < self.entries.len() {
            self.entries[self.len] = (from, colour, reach.all());
            self.explored[self.len] = reach.landings | bit(from);
            self.index[usize::from(from)] = self.len as u8;
            self.len += 1;
        }
    }

    fn entries(&self) -> &[(Hole, Colour, Bits)] {
        &self.entries[..self.len]
    }

    /// Destinations of the own peg on `h` (none for a hole without one).
    fn of(&self, h: Hole) -> Bits {
        let i = self.index[usize::from(h)];
        self.entries.get(usize::from(i)).map_or(0, |e| e.2)
    }

    /// The holes the chains of the own peg on `h` land on, and `h` itself.
    fn explored(&self, h: Hole) -> Bits {
        let i = self.index[usize::from(h)];
        self.explored.get(usize::from(i)).map_or(bit(h), |&e| e)
    }
}

/// The holes within swap range of `h`: neighbours, and holes two apart through an occupied one.
pub(crate) fn swap_range(t: &Tables, h: Hole, occupied: Bits) -> Bits {
    let mut out = 0;
    for &(near, far) in &t.swap_pairs[usize::from(h)] {
        if near != NONE {
            out |= bit(near);
            if far != NONE && occupied & bit(near) != 0 {
                out |= bit(far);
            }
        }
    }
    out
}

/// Where one peg may go with plain steps and jumps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Reach {
    /// Legal step destinations.
    pub steps: Bits,
    /// Legal final holes of jump chains.
    pub jumps: Bits,
    /// Every hole the chains land on, final or not.
    pub landings: Bits,
}

impl Reach {
    pub(crate) fn all(&self) -> Bits {
        self.steps | self.jumps
    }
}

impl Position {
    /// The holes where a move of a `colour` peg starting on `from` may end (camp rule, target lock).
    #[inline]
    pub(crate) fn final_mask(&self, from: Hole, colour: Colour) -> Bits {
        let o = &self.rules.options;
        let mut mask = !0;
        if o.camps != Camps::Open {
            mask &= !self.foreign(colour);
        }
        if o.target_lock {
            let target = self.target(colour);
            if target & bit(from) != 0 {
                mask &= target;
            }
        }
        mask
    }

    /// The holes a `colour` peg may land on mid-chain.
    #[inline]
    pub(crate) fn landing_mask(&self, colour: Colour) -> Bits {
        if self.rules.options.camps == Camps::NoForeign {
            !self.foreign(colour)
        } else {
            !0
        }
    }

    /// Every hole a chain of jumps from `from` can land on (start excluded), ignoring final rules.
    #[inline]
    pub(crate) fn chain_landings(&self, from: Hole, colour: Colour, occupied: Bits) -> Bits {
        self.chain_search(from, colour, occupied, 0).0
    }

    /// The holes the jump chains of the peg on `from` land on (`from` excluded), searched until
    /// one lands in `stop`; the flag says whether one did (then the set is partial).
    #[inline]
    fn chain_search(&self, from: Hole, colour: Colour, occupied: Bits, stop: Bits) -> (Bits, bool) {
        let t = &**TABLES;
        let occ = occupied & !bit(from);
        let allowed = self.landing_mask(colour);
        let reach = self.rules.options.reach();
        let mut visited = bit(from);
        let mut frontier = holes(bit(from));
        while let Some(h) = frontier.next() {
            let new = jumps_from(t, h, occ, reach) & allowed & !visited;
            visited |= new;
            if new & stop != 0 {
                return (visited & !bit(from), true);
            }
            frontier.insert(new);
        }
        (visited & !bit(from), false)
    }

    /// `chain_landings` at the position's own occupancy, sharing work through `cache`.
    #[inline]
    fn chain_landings_cached(&self, from: Hole, colour: Colour, cache: &mut JumpCache) -> Bits {
        let t = &**TABLES;
        let allowed = self.landing_mask(colour);
        // The first hops straight from the tables: no other peg's chain ever lands on this
        // occupied start, so caching them would only cost. (The start is not on its own rays, so
        // lifting it changes nothing here.)
        let first = jumps_from(t, from, cache.occupied, cache.reach) & allowed;
        let mut visited = bit(from) | first;
        let mut frontier = holes(first);
        while let Some(h) = frontier.next() {
            let new = cache.landings(t, h, from) & allowed & !visited;
            visited |= new;
            frontier.insert(new);
        }
        visited & !bit(from)
    }

    /// `peg_reach` at the position's own occupancy, sharing work through `cache` (built for
    /// this position's occupancy and jump reach; the evaluation shares one across all pegs).
    #[inline]
    pub(crate) fn peg_reach_cached(
        &self,
        from: Hole,
        colour: Colour,
        cache: &mut JumpCache,
    ) -> Reach {
        let t = &**TABLES;
        let finals = self.final_mask(from, colour);
        let steps =
            t.adjacent[usize::from(from)] & !self.occupied & finals & self.landing_mask(colour);
        let landings = self.chain_landings_cached(from, colour, cache);
        Reach {
            steps,
            jumps: landings & finals,
            landings,
        }
    }

    /// Plain steps and jumps of the peg on `from` (of `colour`) with the given occupancy.
    #[inline]
    pub(crate) fn peg_reach(&self, from: Hole, colour: Colour, occupied: Bits) -> Reach {
        let t = &**TABLES;
        let finals = self.final_mask(from, colour);
        let steps = t.adjacent[usize::from(from)] & !occupied & finals & self.landing_mask(colour);
        let landings = self.chain_landings(from, colour, occupied);
        Reach {
            steps,
            jumps: landings & finals,
            landings,
        }
    }

    /// The longest jump routes of one peg: their number of jumps and the holes they may end on.
    ///
    /// Only routes whose final hole is a legal ending count (docs/RULES.md §4, `max_chain`).
    pub(crate) fn longest_routes(&self, from: Hole, colour: Colour) -> (u32, Bits) {
        let occ = self.occupied & !bit(from);
        let mut best = (0, 0);
        self.longest_dfs(from, colour, occ, from, bit(from), 0, &mut best, None);
        best
    }

    /// Depth-first search over simple jump routes. With `goal = Some((to, len))` it stops at the
    /// first route of exactly `len` jumps ending on `to` and leaves it in `path`.
    #[allow(clippy::too_many_arguments)]
    fn longest_dfs(
        &self,
        from: Hole,
        colour: Colour,
        occ: Bits,
        at: Hole,
        visited: Bits,
        depth: u32,
        best: &mut (u32, Bits),
        mut goal: Option<(&mut Vec<Hole>, Hole, u32)>,
    ) -> bool {
        let t = &**TABLES;
        let finals = self.final_mask(from, colour);
        let next = jumps_from(t, at, occ, self.rules.options.reach())
            & self.landing_mask(colour)
            & !visited;
        for l in holes(next) {
            let len = depth + 1;
            if let Some((path, to, want)) = goal.as_mut() {
                path.push(l);
                if l == *to && len == *want {
                    return true;
                }
                if len < *want
                    && self.longest_dfs(
                        from,
                        colour,
                        occ,
                        l,
                        visited | bit(l),
                        len,
                        best,
                        Some((&mut **path, *to, *want)),
                    )
                {
                    return true;
                }
                path.pop();
                continue;
            }
            if finals & bit(l) != 0 {
                if len > best.0 {
                    *best = (len, bit(l));
                } else if len == best.0 {
                    best.1 |= bit(l);
                }
            }
            self.longest_dfs(from, colour, occ, l, visited | bit(l), len, best, None);
        }
        false
    }

    /// A jump path from `from` to `to`: a shortest one, or under `max_chain` a longest route.
    pub(crate) fn jump_path(&self, from: Hole, to: Hole) -> Option<Vec<Hole>> {
        let colour = self.colour_at(from)?;
        if self.rules.options.max_chain != MaxChain::Off {
            let (len, finals) = self.longest_routes(from, colour);
            if finals & bit(to) == 0 {
                return None;
            }
            let mut path = vec![from];
            let occ = self.occupied & !bit(from);
            let mut scratch = (0, 0);
            let found = self.longest_dfs(
                from,
                colour,
                occ,
                from,
                bit(from),
                0,
                &mut scratch,
                Some((&mut path, to, len)),
            );
            return found.then_some(path);
        }
        let t = &**TABLES;
        let occ = self.occupied & !bit(from);
        let allowed = self.landing_mask(colour);
        let reach = self.rules.options.reach();
        let mut parent = [NONE; 121];
        let mut visited = bit(from);
        let mut queue = [0 as Hole; 121];
        let (mut head, mut tail) = (0, 1);
        queue[0] = from;
        while head < tail {
            let h = queue[head];
            head += 1;
            if h == to {
                let mut path = vec![to];
                let mut at = to;
                while at != from {
                    at = parent[usize::from(at)];
                    path.push(at);
                }
                path.reverse();
                return Some(path);
            }
            for l in holes(jumps_from(t, h, occ, reach) & allowed & !visited) {
                visited |= bit(l);
                parent[usize::from(l)] = h;
                queue[tail] = l;
                tail += 1;
            }
        }
        None
    }

    /// Every legal move of the side to move, as compact `(kind, from, to)` triples, into `out`.
    ///
    /// Each distinct move appears once; a single pass when nothing else is legal. Whether the game
    /// is already over is not checked here (see [`Position::outcome`]).
    pub fn legal_moves_into(&self, out: &mut Vec<CompactMove>) {
        out.clear();
        let player = self.to_move();
        let o = self.rules.options;
        let mut cache = JumpCache::new(self.occupied, o.reach());
        let mut plain = PlainMoves::default();
        let mut any_jump = false;
        let army_longest = if o.max_chain == MaxChain::Army {
            Some(self.army_longest(player))
        } else {
            None
        };
        for colour in self.players[player].colours() {
            for from in holes(self.pegs[colour.index()]) {
                let reach = self.peg_reach_cached(from, colour, &mut cache);
                plain.push(from, colour, &reach);
                for to in holes(reach.steps) {
                    out.push(CompactMove::new(MoveKind::Step, from, to));
                }
                let jumps = match o.max_chain {
                    MaxChain::Off => reach.jumps,
                    MaxChain::PerPiece => self.longest_routes(from, colour).1,
                    MaxChain::Army => {
                        let (len, finals) = self.longest_routes(from, colour);
                        if Some(len) == army_longest {
                            finals
                        } else {
                            0
                        }
                    }
                };
                any_jump |= jumps != 0;
                for to in holes(jumps) {
                    out.push(CompactMove::new(MoveKind::Jump, from, to));
                }
            }
        }
        if o.mandatory_jump && any_jump {
            out.retain(|m| m.kind != MoveKind::Step);
        }
        if o.anti_blocking {
            let blocking = self.blocking_pegs(player);
            if blocking != 0 {
                let must: Vec<CompactMove> = out
                    .iter()
                    .copied()
                    .filter(|m| self.unblocks(m, blocking))
                    .collect();
                if !must.is_empty() {
                    *out = must;
                }
            }
        }
        if o.swaps {
            self.swaps_into(out, &plain);
        }
        if out.is_empty() {
            out.push(CompactMove::PASS);
        }
    }

    /// Every legal move of the side to move, each with one valid path.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut compact = Vec::with_capacity(256);
        self.legal_moves_into(&mut compact);
        compact.iter().filter_map(|m| self.expand(m)).collect()
    }

    /// The full move (with a path) for a compact move of this position.
    pub fn expand(&self, m: &CompactMove) -> Option<Move> {
        let path = match m.kind {
            MoveKind::Pass => vec![],
            MoveKind::Step | MoveKind::Swap => vec![m.from, m.to],
            MoveKind::Jump => self.jump_path(m.from, m.to)?,
        };
        Some(Move { kind: m.kind, path })
    }

    /// The greatest number of jumps any peg of the player can chain (for `max_chain: army`).
    fn army_longest(&self, player: usize) -> u32 {
        let mut best = 0;
        for colour in self.players[player].colours() {
            for from in holes(self.pegs[colour.index()]) {
                best = best.max(self.longest_routes(from, colour).0);
            }
        }
        best
    }

    /// Anti-blocking: the player's pegs standing in another colour's target that is otherwise
    /// full (every hole occupied, the blocked colour still having pegs outside it).
    pub(crate) fn blocking_pegs(&self, player: usize) -> Bits {
        let own = self.pegs_of_player(player);
        let mut blocking = 0;
        for c in Colour::ALL {
            let Some(owner) = self.owner_of(c) else {
                continue;
            };
            if owner == player {
                continue;
            }
            let target = self.target(c);
            let full = self.occupied & target == target;
            let waiting = self.pegs[c.index()] & !target != 0;
            if full && waiting {
                blocking |= own & target;
            }
        }
        blocking
    }

    /// Whether a move takes a blocking peg out of the target it blocks.
    fn unblocks(&self, m: &CompactMove, blocking: Bits) -> bool {
        if m.kind == MoveKind::Pass || m.kind == MoveKind::Swap || blocking & bit(m.from) == 0 {
            return false;
        }
        // The peg leaves every other colour's target it stood in.
        Colour::ALL.into_iter().any(|c| {
            let target = self.target(c);
            self.owner_of(c).is_some_and(|o| o != self.to_move())
                && target & bit(m.from) != 0
                && target & bit(m.to) == 0
        })
    }

    /// Whether the peg on `p` is stuck (tripot case A) with the given occupancy.
    fn is_stuck(&self, p: Hole, colour: Colour, occupied: Bits) -> bool {
        // Same answer as `stuck_by(peg_reach(..).all(), ..)`, but the search stops at the first
        // move that frees the peg: a move ending outside its home camp when it stands there, any
        // move otherwise.
        let t = &**TABLES;
        let home = self.home(colour);
        let finals = self.final_mask(p, colour);
        let goal = finals & if home & bit(p) != 0 { !home } else { !0 };
        let allowed = self.landing_mask(colour);
        if t.adjacent[usize::from(p)] & !occupied & allowed & goal != 0 {
            return false;
        }
        !self.chain_search(p, colour, occupied, goal).1
    }

    /// Stuck: no move at all, or in its home camp with every move ending inside it.
    fn stuck_by(dest: Bits, p: Hole, home: Bits) -> bool {
        dest == 0 || (home & bit(p) != 0 && dest & !home == 0)
    }

    /// Whether one plain move of another own peg would leave the peg on `p` not stuck.
    fn can_be_freed(&self, p: Hole, colour: Colour, plain: &PlainMoves) -> bool {
        // Only a move that vacates or fills a hole able to change one of p's jumps (from p or
        // from a hole its chains reach) or its steps can free it: skip every other move.
        let t = &**TABLES;
        let occ = self.occupied & !bit(p);
        let reach = self.rules.options.reach();
        let explored = plain.explored(p);
        let sensitive = holes(explored).fold(0, |acc, h| acc | influence(t, h, occ, reach));
        for &(q, _, dest) in plain.entries() {
            if q == p {
                continue;
            }
            let relevant = if sensitive & bit(q) != 0 {
                dest
            } else {
                dest & sensitive
            };
            for to in holes(relevant) {
                let occ = self.occupied & !bit(q) | bit(to);
                if !self.is_stuck(p, colour, occ) {
                    return true;
                }
            }
        }
        false
    }

    /// Tripot's swaps (docs/RULES.md §3.1, cases A and B), appended to `out` without duplicates.
    fn swaps_into(&self, out: &mut Vec<CompactMove>, plain: &PlainMoves) {
        let t = &**TABLES;
        let player = self.to_move();
        let own = self.pegs_of_player(player);
        let opposing = self.occupied & !own;
        let first_swap = out.len();
        let push = |out: &mut Vec<CompactMove>, a: Hole, b: Hole| {
            let m = CompactMove::new(MoveKind::Swap, a, b);
            if !out[first_swap..].contains(&m) {
                out.push(m);
            }
        };
        // Case A: a stuck peg that no other own move can free swaps with an opposing peg in range.
        for colour in self.players[player].colours() {
            for p in holes(self.pegs[colour.index()]) {
                // Cheapest test first: most pegs are not stuck.
                if !Self::stuck_by(plain.of(p), p, self.home(colour)) {
                    continue;
                }
                let partners = swap_range(t, p, self.occupied) & opposing;
                if partners == 0 || self.can_be_freed(p, colour, plain) {
                    continue;
                }
                for x in holes(partners) {
                    push(out, p, x);
                }
            }
        }
        // Case B: the last peg outside its target cannot enter it; evict a squatter there.
        let mut outside = 0;
        for colour in self.players[player].colours() {
            outside |= self.pegs[colour.index()] & !self.target(colour);
        }
        if outside.count_ones() == 1 {
            let last = outside.trailing_zeros() as Hole;
            if let Some(colour) = self.colour_at(last) {
                let target = self.target(colour);
                if plain.of(last) & target == 0 {
                    for squatter in holes(target & opposing) {
                        for mine in holes(swap_range(t, squatter, self.occupied) & own) {
                            push(out, mine, squatter);
                        }
                    }
                }
            }
        }
    }
}
