//! The star board of docs/RULES.md §1: 121 holes, dense indices, bitsets and precomputed tables.
//!
//! Holes are numbered row by row (`r` from -8 to 8, then `q` ascending), so walking along any
//! of the three "forward" directions (`[+1,0]`, `[0,+1]`, `[-1,+1]`) always increases the index.
//! That lets move generation find the first occupied hole on a ray with one bit scan.

use once_cell::sync::Lazy;
use serde::{Deserialize, Serialize};

/// Number of holes on the board.
pub const HOLES: usize = 121;

/// A set of holes, one bit per hole index.
pub type Bits = u128;

/// The six neighbour directions, in docs/RULES.md order: `[+1,0] [-1,0] [0,+1] [0,-1] [+1,-1] [-1,+1]`.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// Whether walking in direction `d` increases hole indices (see the module comment).
const FORWARD: [bool; 6] = [true, false, true, false, false, true];

/// Longest pivot distance that can matter: no line is long enough for more.
pub const MAX_REACH: usize = 8;

/// A hole index, `0..HOLES`.
pub type Hole = u8;

/// Marker for "no hole" in the compact tables.
pub(crate) const NONE: Hole = u8::MAX;

/// One of the six camps (star points), which also names the colour that starts there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Colour {
    /// The bottom point (`r >= 5`).
    S,
    /// The lower-left point (`q <= -5`).
    SW,
    /// The upper-left point (`s >= 5`).
    NW,
    /// The top point (`r <= -5`).
    N,
    /// The upper-right point (`q >= 5`).
    NE,
    /// The lower-right point (`s <= -5`).
    SE,
}

impl Colour {
    /// All colours in clockwise seat order on screen, starting at the bottom.
    pub const ALL: [Colour; 6] = [
        Colour::S,
        Colour::SW,
        Colour::NW,
        Colour::N,
        Colour::NE,
        Colour::SE,
    ];

    /// Dense index `0..6` in clockwise order.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour with the given dense index.
    pub fn from_index(i: usize) -> Colour {
        Colour::ALL[i % 6]
    }

    /// The camp across the centre: this colour's target.
    pub fn opposite(self) -> Colour {
        Colour::from_index(self.index() + 3)
    }

    /// The camp's name as written in the JSON formats.
    pub fn name(self) -> &'static str {
        match self {
            Colour::S => "S",
            Colour::SW => "SW",
            Colour::NW => "NW",
            Colour::N => "N",
            Colour::NE => "NE",
            Colour::SE => "SE",
        }
    }

    /// Parses a camp name (`"S"`, `"NE"`, …).
    pub fn from_name(name: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The tip hole of this camp (the hole farthest from the centre).
    pub fn tip(self) -> Hole {
        let (q, r) = match self {
            Colour::S => (-4, 8),
            Colour::SW => (-8, 4),
            Colour::NW => (-4, -4),
            Colour::N => (4, -8),
            Colour::NE => (8, -4),
            Colour::SE => (4, 4),
        };
        // The six tips are on the board by construction.
        hole_at(q, r).unwrap_or(0)
    }
}

/// A table row per possible hole byte. Indexing with a `Hole` (a `u8`) can then never be out of
/// bounds, so the hot loops carry no bounds checks; rows past the last hole are never read.
pub(crate) type ByHole<T> = [T; 256];

/// The holes that must be empty after a pivot (landing included) and the landing hole.
pub(crate) type JumpAfter = (Bits, Hole);

/// One entry per pivot distance `0..=MAX_REACH` (0 unused).
pub(crate) type PerReach<T> = [T; MAX_REACH + 1];

/// A `ByHole` table filled with `value`, allocated on the heap without passing through the stack.
fn by_hole<T: Clone>(value: T) -> Box<ByHole<T>> {
    let rows: Box<[T]> = vec![value; 256].into_boxed_slice();
    match rows.try_into() {
        Ok(table) => table,
        // The vector has exactly 256 rows, so the conversion cannot fail.
        Err(_) => unreachable!("a 256-row vector converts to a 256-row array"),
    }
}

/// Precomputed geometry, built once.
///
/// The large tables live in `Vec`s: built as arrays they would pass through the stack of
/// whichever thread first touches them, and an unoptimised build overflows the 1 MiB (Android)
/// or 512 KiB (iOS) stack of a background thread.
pub(crate) struct Tables {
    /// Axial coordinates of each hole.
    pub coords: [(i8, i8); HOLES],
    /// All neighbours of a hole.
    pub adjacent: Box<ByHole<Bits>>,
    /// Union of the six 10-hole camps.
    pub all_camps: Bits,
    /// All holes strictly beyond a hole in one direction, to the board's edge.
    pub ray: Box<ByHole<[Bits; 6]>>,
    /// For a pivot at distance `k` (index `k`), the holes at distances `k+1..=2k` that must be
    /// empty (the landing included) and the landing hole; `NONE` landing when off the board.
    pub jump_after: Box<ByHole<[PerReach<JumpAfter>; 6]>>,
    /// For a first blocker at distance `k`, the holes at distances `1..=2k` (as far as the board
    /// goes): lifting a peg outside this span cannot change the jump in that direction.
    pub span: Box<ByHole<[[Bits; MAX_REACH + 1]; 6]>>,
    /// `span` without the landing hole (distances `1..2k`): lifting the peg on the landing
    /// hole itself only makes a jump onto it possible, and a chain never lands on its start.
    pub span_open: Box<ByHole<[[Bits; MAX_REACH + 1]; 6]>>,
    /// Hex distance between any two holes.
    pub distance: Vec<[u8; HOLES]>,
    /// `distance` indexed by any byte, `0xFF` past the last hole: lets the jump loop look up
    /// "no pivot" (bit scans of an empty set give 128 or 255) without a branch.
    pub pivot_distance: Box<ByHole<[u8; 256]>>,
    /// The direction `d` whose ray from the first hole passes through the second, or `0xFF`.
    pub direction: Box<ByHole<[u8; 256]>>,
    /// The 10-hole camp of each colour.
    pub camp10: [Bits; 6],
    /// The 15-hole area of each colour (camp plus the row beyond its base).
    pub camp15: [Bits; 6],
    /// The holes within swap range of a hole: (neighbour, hole two apart through it) per direction.
    pub swap_pairs: [[(Hole, Hole); 6]; HOLES],
    /// Hole index by `(q + 8) * 17 + (r + 8)`, or `NONE`.
    pub grid: [Hole; 17 * 17],
}

/// A hole by its axial coordinates (docs/RULES.md §1.1), as the apps and the position set-up
/// name it. Plain data: it need not be on the board ([`Coord::hole`] says whether it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Coord {
    /// Axial `q`.
    pub q: i32,
    /// Axial `r`.
    pub r: i32,
}

impl Coord {
    /// The coordinates of a hole.
    pub fn of(h: Hole) -> Coord {
        let [q, r] = coords(h);
        Coord { q, r }
    }

    /// The hole at these coordinates, if it is on the board.
    pub fn hole(self) -> Option<Hole> {
        hole_at(self.q, self.r)
    }
}

/// Returns the hole at axial `(q, r)`, if it is on the board.
pub fn hole_at(q: i32, r: i32) -> Option<Hole> {
    if !on_board(q, r) {
        return None;
    }
    let h = TABLES.grid[((q + 8) * 17 + (r + 8)) as usize];
    (h != NONE).then_some(h)
}

/// Whether axial `(q, r)` is one of the 121 holes.
pub fn on_board(q: i32, r: i32) -> bool {
    let s = -q - r;
    (q >= -4 && r >= -4 && s >= -4) || (q <= 4 && r <= 4 && s <= 4)
}

/// Axial coordinates `[q, r]` of a hole.
pub fn coords(h: Hole) -> [i32; 2] {
    let (q, r) = TABLES.coords[usize::from(h)];
    [i32::from(q), i32::from(r)]
}

/// Hex distance between two holes.
pub fn distance(a: Hole, b: Hole) -> u32 {
    u32::from(TABLES.distance[usize::from(a)][usize::from(b)])
}

/// The single-bit set of one hole.
#[inline]
pub fn bit(h: Hole) -> Bits {
    // A table load beats a variable 128-bit shift, which compiles to a branch.
    BIT[usize::from(h) & 127]
}

const BIT: [Bits; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// `bit` for any byte: zero past the last hole, so `NONE` maps to the empty set.
#[inline]
pub(crate) fn bit_or_none(h: u8) -> Bits {
    BIT_OR_NONE[usize::from(h)]
}

const BIT_OR_NONE: [Bits; 256] = {
    let mut t = [0; 256];
    let mut i = 0;
    while i < HOLES {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// Index of the first occupied hole from `from` in direction `d` (any byte; past the last hole
/// when there is none).
#[inline(always)]
pub(crate) fn first_index_on_ray(t: &Tables, from: Hole, d: usize, occupied: Bits) -> u8 {
    let blockers = t.ray[usize::from(from)][d] & occupied;
    if FORWARD[d] {
        blockers.trailing_zeros() as u8 // 128 when empty
    } else {
        (127u32.wrapping_sub(blockers.leading_zeros())) as u8 // 255 when empty
    }
}

/// Iterates over the holes of a set, lowest index first.
#[inline]
pub fn holes(set: Bits) -> HoleIter {
    HoleIter {
        lo: set as u64,
        hi: (set >> 64) as u64,
    }
}

/// The holes of a set, lowest first. Works on the two 64-bit halves: a bit scan and a
/// clear-lowest-bit on `u64` are single instructions, on `u128` they are branches.
#[derive(Clone, Copy, Debug)]
pub struct HoleIter {
    lo: u64,
    hi: u64,
}

impl HoleIter {
    /// Adds holes still to visit: a frontier that grows while it is walked (chain searches).
    #[inline]
    pub(crate) fn insert(&mut self, set: Bits) {
        self.lo |= set as u64;
        self.hi |= (set >> 64) as u64;
    }
}

impl Iterator for HoleIter {
    type Item = Hole;

    #[inline]
    fn next(&mut self) -> Option<Hole> {
        if self.lo != 0 {
            let h = self.lo.trailing_zeros() as Hole;
            self.lo &= self.lo - 1;
            Some(h)
        } else if self.hi != 0 {
            let h = 64 + self.hi.trailing_zeros() as Hole;
            self.hi &= self.hi - 1;
            Some(h)
        } else {
            None
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.lo.count_ones() + self.hi.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for HoleIter {}

/// The first occupied hole walking from `from` in direction `d`, with its distance.
#[inline]
pub(crate) fn first_on_ray(t: &Tables, from: Hole, d: usize, occupied: Bits) -> Option<Hole> {
    let blockers = t.ray[usize::from(from)][d] & occupied;
    if blockers == 0 {
        None
    } else if FORWARD[d] {
        Some(blockers.trailing_zeros() as Hole)
    } else {
        Some((127 - blockers.leading_zeros()) as Hole)
    }
}

/// The board tables, built on first use.
pub(crate) static TABLES: Lazy<Box<Tables>> = Lazy::new(build_tables);

fn build_tables() -> Box<Tables> {
    let mut coords = [(0i8, 0i8); HOLES];
    let mut n = 0;
    for r in -8..=8i32 {
        for q in -8..=8i32 {
            if on_board(q, r) {
                coords[n] = (q as i8, r as i8);
                n += 1;
            }
        }
    }
    debug_assert_eq!(n, HOLES);
    let mut grid = [NONE; 17 * 17];
    for (i, &(q, r)) in coords.iter().enumerate() {
        grid[((i32::from(q) + 8) * 17 + (i32::from(r) + 8)) as usize] = i as Hole;
    }
    let index_of = |q: i32, r: i32| -> Hole {
        if on_board(q, r) {
            grid[((q + 8) * 17 + (r + 8)) as usize]
        } else {
            NONE
        }
    };

    let mut neighbour = [[NONE; 6]; HOLES];
    let mut ray = by_hole([0 as Bits; 6]);
    let mut jump_after = by_hole([[(0 as Bits, NONE); MAX_REACH + 1]; 6]);
    let mut span = by_hole([[0 as Bits; MAX_REACH + 1]; 6]);
    let mut span_open = by_hole([[0 as Bits; MAX_REACH + 1]; 6]);
    let mut swap_pairs = [[(NONE, NONE); 6]; HOLES];
    for (h, &(q, r)) in coords.iter().enumerate() {
        let (q, r) = (i32::from(q), i32::from(r));
        for (d, &(dq, dr)) in DIRECTIONS.iter().enumerate() {
            let along: Vec<Hole> = (1..=16)
                .map(|k| index_of(q + k * dq, r + k * dr))
                .take_while(|&x| x != NONE)
                .collect();
            neighbour[h][d] = along.first().copied().unwrap_or(NONE);
            // `neighbour` only feeds `adjacent` and the direction test below.
            ray[h][d] = along.iter().fold(0, |acc, &x| acc | bit(x));
            for k in 1..=MAX_REACH {
                span[h][d][k] = along[..along.len().min(2 * k)]
                    .iter()
                    .fold(0, |acc, &x| acc | bit(x));
                span_open[h][d][k] = along[..along.len().min(2 * k - 1)]
                    .iter()
                    .fold(0, |acc, &x| acc | bit(x));
                if along.len() >= 2 * k {
                    let after = along[k..2 * k].iter().fold(0, |acc, &x| acc | bit(x));
                    jump_after[h][d][k] = (after, along[2 * k - 1]);
                }
            }
            if along.len() >= 2 {
                swap_pairs[h][d] = (along[0], along[1]);
            } else if let Some(&first) = along.first() {
                swap_pairs[h][d] = (first, NONE);
            }
        }
    }

    let mut distance = vec![[0u8; HOLES]; HOLES];
    for (a, &(aq, ar)) in coords.iter().enumerate() {
        for (b, &(bq, br)) in coords.iter().enumerate() {
            let dq = i32::from(aq) - i32::from(bq);
            let dr = i32::from(ar) - i32::from(br);
            distance[a][b] = ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u8;
        }
    }

    let mut pivot_distance = by_hole([0xFFu8; 256]);
    for a in 0..HOLES {
        pivot_distance[a][..HOLES].copy_from_slice(&distance[a]);
    }

    let mut direction = by_hole([0xFFu8; 256]);
    for h in 0..HOLES {
        for (d, r) in ray[h].iter().enumerate() {
            for x in holes(*r) {
                direction[h][usize::from(x)] = d as u8;
            }
        }
    }

    let mut camp10 = [0 as Bits; 6];
    let mut camp15 = [0 as Bits; 6];
    for (h, &(q, r)) in coords.iter().enumerate() {
        let (q, r) = (i32::from(q), i32::from(r));
        let s = -q - r;
        let lower = q >= -4 && r >= -4 && s >= -4; // the triangle of the S, NE and NW points
        let upper = q <= 4 && r <= 4 && s <= 4; // the triangle of the N, SW and SE points
        let areas = [
            (Colour::S, r >= 5, lower && r >= 4),
            (Colour::N, r <= -5, upper && r <= -4),
            (Colour::NE, q >= 5, lower && q >= 4),
            (Colour::SW, q <= -5, upper && q <= -4),
            (Colour::NW, s >= 5, lower && s >= 4),
            (Colour::SE, s <= -5, upper && s <= -4),
        ];
        for (c, in10, in15) in areas {
            if in10 {
                camp10[c.index()] |= bit(h as Hole);
            }
            if in15 {
                camp15[c.index()] |= bit(h as Hole);
            }
        }
    }

    let mut adjacent = by_hole(0 as Bits);
    for h in 0..HOLES {
        for &n in &neighbour[h] {
            if n != NONE {
                adjacent[h] |= bit(n);
            }
        }
    }
    let all_camps = camp10.iter().fold(0, |a, &b| a | b);

    Box::new(Tables {
        coords,
        adjacent,
        all_camps,
        ray,
        jump_after,
        span,
        span_open,
        distance,
        pivot_distance,
        direction,
        camp10,
        camp15,
        swap_pairs,
        grid,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_has_121_holes_and_61_in_the_centre() {
        let t = &*TABLES;
        let centre = t
            .coords
            .iter()
            .filter(|&&(q, r)| {
                let s = -i32::from(q) - i32::from(r);
                i32::from(q).abs().max(i32::from(r).abs()).max(s.abs()) <= 4
            })
            .count();
        assert_eq!(centre, 61);
        assert_eq!(t.coords.len(), 121);
    }

    #[test]
    fn camps_have_ten_holes_with_the_listed_tips() {
        let t = &*TABLES;
        for c in Colour::ALL {
            assert_eq!(t.camp10[c.index()].count_ones(), 10, "{c:?}");
            assert_eq!(t.camp15[c.index()].count_ones(), 15, "{c:?}");
            assert_ne!(t.camp10[c.index()] & bit(c.tip()), 0, "{c:?} tip in camp");
            assert_eq!(t.camp10[c.index()] & !t.camp15[c.index()], 0);
        }
        assert_eq!(coords(Colour::S.tip()), [-4, 8]);
        assert_eq!(coords(Colour::NE.tip()), [8, -4]);
        // S's extra row is r = 4, q = -4..=0.
        let extra: Vec<[i32; 2]> = holes(t.camp15[0] & !t.camp10[0]).map(coords).collect();
        assert_eq!(extra, vec![[-4, 4], [-3, 4], [-2, 4], [-1, 4], [0, 4]]);
        let all: Bits = t.camp10.iter().fold(0, |a, &b| a | b);
        assert_eq!(all.count_ones(), 60, "camps are disjoint");
    }

    #[test]
    fn forward_directions_increase_indices() {
        let t = &*TABLES;
        for h in 0..HOLES {
            for (pair, forward) in t.swap_pairs[h].iter().zip(FORWARD) {
                if pair.0 != NONE {
                    assert_eq!(usize::from(pair.0) > h, forward);
                }
            }
        }
    }

    #[test]
    fn first_on_ray_finds_the_nearest_blocker() {
        let t = &*TABLES;
        let from = hole_at(0, 0).unwrap();
        let near = hole_at(0, -2).unwrap();
        let far = hole_at(0, -4).unwrap();
        let occ = bit(near) | bit(far);
        assert_eq!(first_on_ray(t, from, 3, occ), Some(near));
        let occ = bit(hole_at(0, 3).unwrap()) | bit(hole_at(0, 4).unwrap());
        assert_eq!(first_on_ray(t, from, 2, occ), hole_at(0, 3));
    }
}
