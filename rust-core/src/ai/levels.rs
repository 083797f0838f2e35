//! What each level does with its move: the human-like policies of the two weakest levels, the
//! search budgets of the three others, and the race solver once the armies have separated.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::rules::board::{coords, holes, Colour, Hole};
use crate::rules::{CompactMove, Move, MoveKind, Position};

use super::eval::{blockage_of, hash, move_gain, progress_gain, UNIT};
use super::race::Race;
use super::search::{run_threads, Config};
use super::{AiLevel, CancelHandle, SearchLimits, SearchReport};

/// Everything that distinguishes one level from another.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Profile {
    /// Longest jump chain (in hops) the level sees at the root; `usize::MAX` for all.
    pub max_hops: usize,
    /// Chance (per mille) of overlooking each root move (a human-like blind spot).
    pub overlook: u32,
    /// Search shape, or `None` for the one-move policies.
    pub search: Option<Config>,
    /// Default wall-clock budget in milliseconds.
    pub time_ms: u64,
    /// Beam width of the race solver once the armies have separated (0: never).
    pub race_width: usize,
}

/// The profile of a level.
pub(crate) fn profile(level: AiLevel) -> Profile {
    match level {
        AiLevel::Beginner => Profile {
            max_hops: 2,
            overlook: 150,
            search: None,
            time_ms: 100,
            race_width: 0,
        },
        AiLevel::Easy => Profile {
            max_hops: 4,
            overlook: 80,
            search: None,
            time_ms: 100,
            race_width: 0,
        },
        AiLevel::Medium => Profile {
            max_hops: 6,
            overlook: 30,
            search: Some(Config {
                max_depth: 3,
                nodes: 8_000,
                time_ms: 90,
                tt_bits: 14,
                widths: [1, 3, 6, 8, 8],
                lmr: false,
                brs: false,
            }),
            time_ms: 90,
            race_width: 0,
        },
        // Hard and Impossible share the evaluation and the search; what separates them is how
        // far they read. At 40 000 nodes Hard came within a few points of Impossible (about 50%
        // over 33 games, docs/AI.md), so Hard reads a quarter as far: still a full-width root
        // and no blind spots, well clear of Medium, and clearly below Impossible. The budgets
        // were 10 000 and 200 000 nodes before the positional terms of `features` (issue #16).
        // A node now costs about 1.25 times as much (the reach of every peg, through one shared
        // jump cache), so they read 8 000 and 155 000 nodes in the same time per move
        // (nodes per CPU second measured in docs/AI.md). With three or more sides both use best-reply
        // search, which beat the paranoid search in 200-game runs against Medium (docs/AI.md).
        AiLevel::Hard => Profile {
            max_hops: usize::MAX,
            overlook: 0,
            search: Some(Config {
                max_depth: 12,
                nodes: 8_000,
                time_ms: 270,
                tt_bits: 18,
                widths: [1, 4, 8, 10, 12],
                lmr: true,
                brs: true,
            }),
            time_ms: 270,
            race_width: 300,
        },
        AiLevel::Impossible => Profile {
            max_hops: usize::MAX,
            overlook: 0,
            search: Some(Config {
                max_depth: 20,
                nodes: 155_000,
                time_ms: 900,
                tt_bits: 21,
                widths: [1, 4, 10, 12, 16],
                lmr: true,
                brs: true,
            }),
            time_ms: 900,
            race_width: 3000,
        },
    }
}

/// Hops of the shortest route of a move (1 for steps and swaps, 0 for a pass).
fn hops(pos: &Position, m: &CompactMove) -> usize {
    match m.kind {
        MoveKind::Jump => pos
            .expand(m)
            .map_or(1, |mv| mv.path.len().saturating_sub(1)),
        MoveKind::Pass => 0,
        _ => 1,
    }
}

/// Whether a move ends the game with the mover (or its team) among the winners.
fn wins(pos: &Position, m: &CompactMove) -> bool {
    let mut p = *pos;
    let me = super::eval::side_of(pos, pos.to_move());
    p.apply(m);
    p.outcome().is_some_and(|o| {
        o.winners
            .iter()
            .any(|&w| super::eval::side_of(pos, w) == me)
    })
}

/// Two single-colour armies that have run past each other along their axis: nothing they do
/// can interact any more, so each side's game is a solo race.
///
/// "Past" is as early as this is exact: every own peg on a row strictly beyond every opposing
/// peg. A step or a jump forward or sideways then only passes over or lands on holes of rows at
/// least as far as the mover's own row, where the other army has no peg, and the same holds for
/// the other army in its direction; so neither army can block the other or lend it a peg to
/// jump over. Only a backward jump could still use an opposing peg; the race solver sees those
/// too, with the opposing pegs where they stand, and the plan is made again every move.
/// (Until issue #16 the armies had to be three rows apart, which left the search to play the
/// first few moves of every race.)
pub(crate) fn separated(pos: &Position) -> Option<(Colour, Colour)> {
    if pos.player_count() != 2 || pos.rules().options.swaps && pos.passes_in_a_row() > 0 {
        return None;
    }
    let mine: Vec<Colour> = pos.players()[pos.to_move()].colours().collect();
    let theirs: Vec<Colour> = pos.players()[1 - pos.to_move()].colours().collect();
    let (&[a], &[b]) = (mine.as_slice(), theirs.as_slice()) else {
        return None;
    };
    if a.opposite() != b {
        return None;
    }
    let my_last = holes(pos.pegs_of(a)).map(|h| row_toward(b, h)).min()?;
    let their_last = holes(pos.pegs_of(b)).map(|h| row_toward(b, h)).max()?;
    (my_last > their_last).then_some((a, b))
}

/// The row of `h` counted towards the tip of `toward`: rows run across the line between two
/// opposite tips, so every hop forward or sideways (relative to that tip) keeps or raises it.
/// In cube coordinates a tip is the hole with one coordinate at ±8; the row is that coordinate
/// of `h`, signed so that it grows towards the tip.
fn row_toward(toward: Colour, h: Hole) -> i32 {
    let cube = |h: Hole| {
        let [q, r] = coords(h);
        [q, r, -q - r]
    };
    let tip = cube(toward.tip());
    let here = cube(h);
    let axis = (0..3).find(|&k| tip[k].abs() == 8).unwrap_or(1);
    here[axis] * tip[axis].signum()
}

/// Chooses the move; see [`super::choose_move`].
pub(crate) fn choose(
    position: &Position,
    level: AiLevel,
    limits: SearchLimits,
    cancel: &CancelHandle,
) -> SearchReport {
    choose_with(position, level, limits, cancel, Budget::Level)
}

/// Impossible's move with `nodes` nodes instead of its budget and no clock and no book (the
/// book builder's search).
pub(crate) fn deep_move(position: &Position, nodes: u64) -> CompactMove {
    let limits = SearchLimits {
        time_ms: None,
        seed: 0,
    };
    let cancel = CancelHandle::new();
    let budget = Budget::Nodes { nodes, book: false };
    choose_with(position, AiLevel::Impossible, limits, &cancel, budget)
        .best
        .compact()
}

/// [`choose`] with `nodes` as the search's node budget and no clock; the book stays (see
/// [`super::choose_move_with_nodes`]).
pub(crate) fn choose_nodes(
    position: &Position,
    level: AiLevel,
    nodes: u64,
    seed: u64,
) -> SearchReport {
    let limits = SearchLimits {
        time_ms: None,
        seed,
    };
    let budget = Budget::Nodes { nodes, book: true };
    choose_with(position, level, limits, &CancelHandle::new(), budget)
}

/// What bounds a search in [`choose_with`].
#[derive(Clone, Copy)]
enum Budget {
    /// The level's node budget, or the time of `SearchLimits::time_ms` when it is given.
    Level,
    /// This many nodes and no clock; `book` says whether Impossible may open from its book
    /// (the book builder's own searches must not).
    Nodes { nodes: u64, book: bool },
}

/// [`choose`] under the given budget.
fn choose_with(
    position: &Position,
    level: AiLevel,
    limits: SearchLimits,
    cancel: &CancelHandle,
    budget: Budget,
) -> SearchReport {
    let start = Instant::now();
    let prof = profile(level);
    let time_ms = limits.time_ms.unwrap_or(prof.time_ms);
    // The clock of the race solver and the search. A node budget has none, so its moves replay
    // under any load. The level's own clock is a safety net behind its node budget, and
    // unoptimised builds are many times slower yet must still reproduce the same moves.
    let clock_ms = match budget {
        Budget::Nodes { .. } => None,
        Budget::Level if limits.time_ms.is_none() && cfg!(debug_assertions) => {
            Some(time_ms.saturating_mul(50))
        }
        Budget::Level => Some(time_ms),
    };
    let mut rng = StdRng::seed_from_u64(limits.seed ^ hash(position) ^ (level as u64) << 56);
    let mut legal = Vec::with_capacity(256);
    position.legal_moves_into(&mut legal);
    let report = |m: &CompactMove, score: i32, depth: u32, nodes: u64| SearchReport {
        best: position.expand(m).unwrap_or_else(Move::pass),
        score,
        depth,
        nodes,
        elapsed_ms: start.elapsed().as_millis() as u64,
    };
    if legal.len() == 1 {
        return report(&legal[0], 0, 0, 1);
    }
    if let Some(w) = legal.iter().find(|m| wins(position, m)) {
        return report(w, super::eval::WIN, 1, legal.len() as u64);
    }
    // Root moves the level can see: chains within reach, minus a few blind spots.
    let mut roots: Vec<CompactMove> = legal
        .iter()
        .copied()
        .filter(|m| prof.max_hops == usize::MAX || hops(position, m) <= prof.max_hops)
        .collect();
    if prof.overlook > 0 {
        let before = roots.clone();
        roots.retain(|_| rng.gen_range(0..1000) >= prof.overlook);
        if roots.is_empty() {
            roots = before;
        }
    }
    if roots.is_empty() {
        roots = legal.clone();
    }
    // No pointless shuffles: while some move makes progress (distance, or opening a blocked
    // target), only progress is played. Besides looking human, this guarantees that games end:
    // two searching sides in a waiting standoff would otherwise step back and forth forever
    // (the rules have no repetition limit), whereas progress is bounded.
    //
    // A move that shuts an opposing peg in our target (or further in) is no progress, whatever
    // it gains in distance: otherwise opening its way out and closing it again (out, in,
    // out…) counts as progress both ways, and an opponent that steps back and forth inside
    // the target keeps the game going forever (seen in classic, issue #16).
    let blocked = blockage_of(position, position.to_move());
    let progress = |m: &CompactMove| {
        progress_gain(position, m, blocked) > 0 && {
            let mut after = *position;
            after.apply(m);
            blockage_of(&after, position.to_move()) <= blocked
        }
    };
    let forward: Vec<bool> = roots.iter().map(progress).collect();
    if forward.contains(&true) {
        let mut keep = forward.into_iter();
        roots.retain(|_| keep.next().unwrap_or(false));
    }
    // Impossible opens from its book: moves a far deeper search chose (see `book`).
    if level == AiLevel::Impossible && !matches!(budget, Budget::Nodes { book: false, .. }) {
        if let Some(m) = super::book::book_move(position).filter(|m| roots.contains(m)) {
            return report(&m, 0, 0, 0);
        }
    }
    if prof.race_width > 0 {
        if let Some((mine, theirs)) = separated(position) {
            let race = Race {
                rules_of: position,
                colour: mine,
                obstacles: position.pegs_of(theirs),
            };
            let deadline = clock_ms.map(|ms| start + Duration::from_millis(ms));
            if let Some(path) = race.solve(position.pegs_of(mine), prof.race_width, 80, deadline) {
                if let Some(&(from, to)) = path.moves.first() {
                    if let Some(m) = legal.iter().find(|m| {
                        m.from == from
                            && m.to == to
                            && matches!(m.kind, MoveKind::Step | MoveKind::Jump)
                    }) {
                        // Score: the race length, negated so shorter is better.
                        return report(
                            m,
                            -(path.moves.len() as i32) * UNIT,
                            path.moves.len() as u32,
                            0,
                        );
                    }
                }
            }
        }
    }
    match prof.search {
        None => {
            let m = policy(position, level, &roots, &mut rng);
            report(&m, move_gain(position, &m), 1, roots.len() as u64)
        }
        Some(mut cfg) => {
            cfg.time_ms = clock_ms.unwrap_or(u64::MAX / 2);
            if let Budget::Nodes { nodes, .. } = budget {
                cfg.nodes = nodes;
            } else if limits.time_ms.is_some() {
                // An explicit time budget replaces the node budget (hint, tools).
                cfg.nodes = u64::MAX;
            }
            // Hard and Impossible (and the hint) use the threads the app allows; Medium's
            // tiny search would gain nothing.
            let threads = if level >= AiLevel::Hard {
                super::search_threads()
            } else {
                1
            };
            let found = run_threads(cfg, position, &roots, cancel, threads, |m, _, _| {
                cancel.set_best(position.expand(&m));
            });
            report(&found.best, found.score, found.depth, found.nodes)
        }
    }
}

/// The one-move policies: sort by static gain and pick among the best few, with the level's
/// temperament. Never a retreat while something goes forward.
fn policy(
    position: &Position,
    level: AiLevel,
    roots: &[CompactMove],
    rng: &mut StdRng,
) -> CompactMove {
    // A squatter in a target (ours, or our peg in theirs) stops the game from ending: opening
    // the way out counts like progress (see `eval::blockage`).
    let blocked = blockage_of(position, position.to_move());
    let gain = |m: &CompactMove| progress_gain(position, m, blocked);
    let mut scored: Vec<(i32, CompactMove)> = roots.iter().map(|m| (gain(m), *m)).collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let Some(&(best, best_move)) = scored.first() else {
        return CompactMove::PASS;
    };
    if best > 0 {
        scored.retain(|(g, _)| *g > 0);
    }
    // How many of the best moves are in play, and how far below the best a pick may be.
    let (pool, slack) = match level {
        AiLevel::Beginner => (5, 3 * UNIT),
        _ => (3, UNIT),
    };
    let candidates: Vec<(i32, CompactMove)> = scored
        .iter()
        .copied()
        .take(pool)
        .filter(|(g, _)| *g >= best - slack || best <= 0)
        .collect();
    let mistake = match level {
        AiLevel::Beginner => 450,
        _ => 200,
    };
    if candidates.len() <= 1 || rng.gen_range(0..1000) >= mistake {
        return best_move;
    }
    candidates[rng.gen_range(1..candidates.len())].1
}
