//! The generator of the built-in puzzle set (`chinese-checkers puzzles`).
//!
//! Deterministic: each candidate comes from a seeded game in which both armies race forward
//! (each move picked by a small seeded generator among the most forward ones), stopped once the
//! `N` army has left its camp (the racer's target) and frozen there; the `S` army then plays on
//! alone until it has the wanted number of pegs still out. The race solver gives par and the
//! line. The whole-army puzzles are the solo races from the start position.

use super::{Puzzle, PuzzleDifficulty, PuzzleSet, PuzzleStep};
use crate::ai::race::{self, RacePath};
use crate::rules::board::{holes, Bits, Colour};
use crate::rules::{CompactMove, Coord, Position, Preset, Rules};

/// Beam width of the mid-game puzzles' solver (the line is reproduced with the same width).
pub const MID_GAME_WIDTH: usize = 20_000;
/// Beam width of the whole-army races (docs/AI.md "Solo race").
pub const SOLO_WIDTH: usize = 20_000;
/// Longest mid-game race searched.
const MAX_LEN: usize = 40;
/// Puzzles of each graded mid-game difficulty per rule set.
const PER_GRADE: usize = 3;
/// The rule sets of the set.
pub const RULE_SETS: [Preset; 2] = [Preset::Classic, Preset::Tripot];

/// SplitMix64: small, seeded, the same on every platform and version (unlike `rand`'s StdRng).
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// How far a peg of `c` on `h` still is from its target tip, in rows.
fn distance(c: Colour, h: u8) -> i32 {
    let [_, r] = crate::rules::board::coords(h);
    // S races towards negative r, N towards positive r.
    if c == Colour::S {
        r + 8
    } else {
        8 - r
    }
}

/// A forward move for the player to move, picked among the four most forward by `rng`.
fn forward_move(pos: &Position, rng: &mut Mix) -> Option<CompactMove> {
    let mut legal = Vec::with_capacity(256);
    pos.legal_moves_into(&mut legal);
    let colour = |m: &CompactMove| pos.colour_at(m.from);
    let mut scored: Vec<(i32, CompactMove)> = legal
        .into_iter()
        .filter_map(|m| {
            let c = colour(&m)?;
            Some((distance(c, m.from) - distance(c, m.to), m))
        })
        .collect();
    scored.sort_by_key(|(gain, m)| (-gain, m.from, m.to));
    let pick = (rng.next() % scored.len().min(4) as u64) as usize;
    scored.get(pick).map(|&(_, m)| m)
}

fn coords_of(bits: Bits) -> Vec<Coord> {
    holes(bits).map(Coord::of).collect()
}

fn line_of(path: &RacePath) -> Vec<PuzzleStep> {
    path.moves
        .iter()
        .map(|&(from, to)| PuzzleStep {
            from: Coord::of(from),
            to: Coord::of(to),
            path: Vec::new(),
        })
        .collect()
}

/// The grade of a mid-game par, if it is one of the set's.
fn grade(par: usize) -> Option<PuzzleDifficulty> {
    match par {
        3..=6 => Some(PuzzleDifficulty::Easy),
        7..=14 => Some(PuzzleDifficulty::Medium),
        _ => None,
    }
}

/// The `S` pegs still out for a candidate of each grade.
pub fn out_for(d: PuzzleDifficulty) -> usize {
    match d {
        PuzzleDifficulty::Easy => 3,
        _ => 6,
    }
}

/// The frozen position of `seed`: both armies raced until `N` left the racer's target, then `S`
/// alone until `out` of its pegs are still out of the target. `None` when the game went
/// elsewhere (ended, or the racer got home first).
pub fn mid_game(rules: Rules, seed: u64, out: usize) -> Option<Position> {
    let mut rng = Mix(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ rules.preset as u64);
    let mut pos = Position::start(rules, 2).ok()?;
    let outside = |p: &Position| (p.pegs_of(Colour::S) & !p.target(Colour::S)).count_ones();
    for _ in 0..400 {
        if pos.outcome().is_some() || outside(&pos) == 0 {
            return None;
        }
        if pos.pegs_of(Colour::N) & pos.target(Colour::S) == 0 && pos.to_move() == 0 {
            break;
        }
        let m = forward_move(&pos, &mut rng)?;
        pos.apply(&m);
    }
    for _ in 0..200 {
        if outside(&pos) as usize <= out {
            break;
        }
        pos = pos.with_to_move(0).ok()?;
        let m = forward_move(&pos, &mut rng)?;
        pos.apply(&m);
        if pos.outcome().is_some() {
            return None;
        }
    }
    let out_now = outside(&pos) as usize;
    (out_now == out && pos.pegs_of(Colour::N) & pos.target(Colour::S) == 0)
        .then_some(())
        .and(pos.with_to_move(0).ok())
}

/// A mid-game puzzle from `position` (the racer `S`, frozen `N`; reached from `seed`), solved.
pub fn solve(
    id: String,
    preset: Preset,
    d: PuzzleDifficulty,
    position: &Position,
    seed: Option<u64>,
) -> Option<Puzzle> {
    let (path, proven) = race::from_position(position, Colour::S, MID_GAME_WIDTH, MAX_LEN)?;
    Some(Puzzle {
        id,
        rules: preset.name().to_string(),
        difficulty: d,
        racing: coords_of(position.pegs_of(Colour::S)),
        frozen: coords_of(position.pegs_of(Colour::N)),
        par: path.moves.len() as u32,
        proven,
        line: line_of(&path),
        seed,
    })
}

/// The whole-army puzzle of `preset`: the solo race from the start, proven only for the short
/// jumps (G. I. Bell's 27 for the classic board).
fn whole_army(preset: Preset) -> Option<Puzzle> {
    let rules = Rules::preset(preset);
    let path = race::solo(rules, SOLO_WIDTH)?;
    if !race::verify_solo(rules, &path) {
        return None;
    }
    let start = Position::start(rules, 2).ok()?;
    Some(Puzzle {
        id: format!("{}-hard-1", preset.name()),
        rules: preset.name().to_string(),
        difficulty: PuzzleDifficulty::Hard,
        racing: coords_of(start.pegs_of(Colour::S)),
        frozen: vec![],
        par: path.moves.len() as u32,
        proven: preset == Preset::Classic && path.moves.len() == 27,
        line: line_of(&path),
        seed: None,
    })
}

/// The mid-game puzzles of one grade: seeds tried in order until `PER_GRADE` have a par of it.
pub fn graded(preset: Preset, d: PuzzleDifficulty) -> Vec<Puzzle> {
    let rules = Rules::preset(preset);
    let mut found = Vec::new();
    for seed in 1..500u64 {
        if found.len() == PER_GRADE {
            break;
        }
        let Some(pos) = mid_game(rules, seed, out_for(d)) else {
            continue;
        };
        let id = format!("{}-{}-{}", preset.name(), name(d), found.len() + 1);
        if let Some(p) = solve(id, preset, d, &pos, Some(seed)) {
            if grade(p.par as usize) == Some(d) {
                found.push(p);
            }
        }
    }
    found
}

fn name(d: PuzzleDifficulty) -> &'static str {
    match d {
        PuzzleDifficulty::Easy => "easy",
        PuzzleDifficulty::Medium => "medium",
        PuzzleDifficulty::Hard => "hard",
    }
}

/// The whole built-in set, as `chinese-checkers puzzles` writes it.
pub fn generate() -> PuzzleSet {
    let mut puzzles = Vec::new();
    for preset in RULE_SETS {
        for d in [PuzzleDifficulty::Easy, PuzzleDifficulty::Medium] {
            puzzles.extend(graded(preset, d));
        }
        puzzles.extend(whole_army(preset));
    }
    PuzzleSet {
        version: 1,
        puzzles,
    }
}

/// The set as the checked-in file's text.
pub fn to_file_text(set: &PuzzleSet) -> String {
    let mut text = serde_json::to_string_pretty(set).unwrap_or_default();
    text.push('\n');
    text
}
