//! The lessons themselves, as data: for each step a position (the learner's seat to move), the
//! goal the core checks, the holes to point at and the intended move. Every position and intended
//! move is checked against the rules engine by `lesson_tests`.
//!
//! Positions are kept small (a handful of pegs) so that the one thing a step teaches stands out;
//! short-handed colours are allowed for this (docs/RULES.md, section 7).

use serde_json::{json, Value};

use super::lesson_types::{LessonGoal, LessonRule, LessonTopic};
use crate::rules::{Coord, MoveKind, Preset};

/// One lesson as written here.
pub(crate) struct LessonSpec {
    pub(crate) id: &'static str,
    pub(crate) rules: Preset,
    pub(crate) topic: LessonTopic,
    pub(crate) steps: Vec<StepSpec>,
}

/// One step as written here.
pub(crate) struct StepSpec {
    /// What the step shows (and which rule diagram it makes).
    pub(crate) rule: LessonRule,
    /// Position JSON (docs/RULES.md 6.1); its `to_move` is the learner's seat.
    pub(crate) position: Value,
    pub(crate) goal: LessonGoal,
    pub(crate) pointer: Vec<Coord>,
    /// The intended move: its kind and path (empty for a pass).
    pub(crate) kind: MoveKind,
    pub(crate) path: Vec<Coord>,
}

fn c(q: i32, r: i32) -> Coord {
    Coord { q, r }
}

fn cs(list: &[[i32; 2]]) -> Vec<Coord> {
    list.iter().map(|&[q, r]| c(q, r)).collect()
}

/// A two-player position of `S` (seat 0) against `N` (seat 1).
fn duel(rules: Value, s: &[[i32; 2]], n: &[[i32; 2]]) -> Value {
    json!({
        "rules": rules,
        "players": [{ "colours": ["S"] }, { "colours": ["N"] }],
        "pegs": { "S": s, "N": n },
        "to_move": 0,
    })
}

fn step(
    rule: LessonRule,
    position: Value,
    goal: LessonGoal,
    pointer: &[[i32; 2]],
    kind: MoveKind,
    path: &[[i32; 2]],
) -> StepSpec {
    StepSpec {
        rule,
        position,
        goal,
        pointer: cs(pointer),
        kind,
        path: cs(path),
    }
}

/// The nine `S` pegs of a nearly full `N` camp: every hole but `[1,-5]`.
const N_CAMP_BUT_ONE: [[i32; 2]; 9] = [
    [4, -8],
    [3, -7],
    [4, -7],
    [2, -6],
    [3, -6],
    [4, -6],
    [2, -5],
    [3, -5],
    [4, -5],
];

/// A blue wall around red's tip `[-4,8]`: its two neighbours and the two holes beyond them.
const WALL: [[i32; 2]; 4] = [[-4, 7], [-3, 7], [-4, 6], [-2, 6]];

/// Every lesson: tripot (the default) first, then what differs in classic and sternhalma.
pub(crate) fn lesson_specs() -> Vec<LessonSpec> {
    use LessonGoal as G;
    use LessonRule as R;
    use MoveKind::{Jump, Pass, Step, Swap};
    let tripot = || json!("tripot");
    let no_swaps = json!({ "preset": "tripot", "swaps": false });
    // A red peg with blue pegs in a line above it: a chain of three hops, dead end after.
    let line = duel(tripot(), &[[0, 4]], &[[0, 3], [0, 1], [0, -1]]);
    let mut full = N_CAMP_BUT_ONE.to_vec();
    full.push([1, -4]);
    vec![
        LessonSpec {
            id: "tripot-moves",
            rules: Preset::Tripot,
            topic: LessonTopic::Moves,
            steps: vec![
                step(
                    R::Step,
                    duel(tripot(), &[[-1, 4]], &[[-1, 3]]),
                    G::Step,
                    &[[-1, 4], [0, 3]],
                    Step,
                    &[[-1, 4], [0, 3]],
                ),
                step(
                    R::Jump,
                    duel(tripot(), &[[-1, 4], [-2, 4]], &[[-1, 3]]),
                    G::JumpOver {
                        colour: crate::rules::Colour::N,
                    },
                    &[[-1, 4], [-1, 3], [-1, 2]],
                    Jump,
                    &[[-1, 4], [-1, 2]],
                ),
                step(
                    R::Chain,
                    line.clone(),
                    G::Chain { hops: 3 },
                    &[[0, 4], [0, 2], [0, 0], [0, -2]],
                    Jump,
                    &[[0, 4], [0, 2], [0, 0], [0, -2]],
                ),
                step(
                    R::EndJump,
                    line,
                    G::Chain { hops: 2 },
                    &[[0, 4], [0, 2], [0, 0]],
                    Jump,
                    &[[0, 4], [0, 2], [0, 0]],
                ),
            ],
        },
        LessonSpec {
            id: "tripot-long-jumps",
            rules: Preset::Tripot,
            topic: LessonTopic::LongJumps,
            steps: vec![
                step(
                    R::LongJump,
                    duel(tripot(), &[[0, 4]], &[[0, 1], [1, 3]]),
                    G::LongJump { distance: 3 },
                    &[[0, 4], [0, 1], [0, -2]],
                    Jump,
                    &[[0, 4], [0, -2]],
                ),
                step(
                    R::LongJump,
                    duel(tripot(), &[[-4, 8]], &[[1, 3]]),
                    G::LongJump { distance: 5 },
                    &[[-4, 8], [1, 3], [6, -2]],
                    Jump,
                    &[[-4, 8], [6, -2]],
                ),
            ],
        },
        LessonSpec {
            id: "tripot-swaps",
            rules: Preset::Tripot,
            topic: LessonTopic::Swaps,
            steps: vec![
                step(
                    R::SwapStuckPeg,
                    duel(tripot(), &[[-4, 8], [0, 0]], &WALL),
                    G::SwapStuckPeg,
                    &[[-4, 8], [-4, 7]],
                    Swap,
                    &[[-4, 8], [-4, 7]],
                ),
                step(
                    R::SwapSquatter,
                    duel(tripot(), &full, &[[1, -5], [-3, 6]]),
                    G::EvictSquatter,
                    &[[1, -4], [1, -5]],
                    Swap,
                    &[[1, -4], [1, -5]],
                ),
            ],
        },
        LessonSpec {
            id: "tripot-passed-turn",
            rules: Preset::Tripot,
            topic: LessonTopic::PassedTurn,
            // Shown with swaps switched off: with them on, a side with pegs always has a move
            // or a swap (docs/RULES.md 3.1), so a pass cannot be shown otherwise.
            steps: vec![step(
                R::PassedTurn,
                duel(no_swaps, &[[-4, 8]], &WALL),
                G::WatchPass,
                // The blocked peg and the wall that blocks it.
                &[[-4, 8], [-4, 7], [-3, 7], [-4, 6], [-2, 6]],
                Pass,
                &[],
            )],
        },
        LessonSpec {
            id: "classic-race",
            rules: Preset::Classic,
            topic: LessonTopic::Classic,
            steps: vec![
                // The long jump of the tripot lesson is refused here: short jumps only.
                step(
                    R::ShortJumpsOnly,
                    duel(json!("classic"), &[[0, 4]], &[[0, 1], [1, 3]]),
                    G::JumpOver {
                        colour: crate::rules::Colour::N,
                    },
                    &[[0, 4], [1, 3], [2, 2]],
                    Jump,
                    &[[0, 4], [2, 2]],
                ),
                step(
                    R::FillTarget,
                    duel(json!("classic"), &full, &[[-3, 6]]),
                    G::FillTarget,
                    &[[1, -4], [1, -5]],
                    Step,
                    &[[1, -4], [1, -5]],
                ),
            ],
        },
        LessonSpec {
            id: "sternhalma-camps",
            rules: Preset::Sternhalma,
            topic: LessonTopic::Sternhalma,
            steps: vec![
                // Through the lower-right camp and out again: it may not stop there.
                step(
                    R::CampRule,
                    duel(json!("sternhalma"), &[[2, 2]], &[[3, 2], [4, 1]]),
                    G::MoveTo { hole: c(4, 0) },
                    &[[2, 2], [4, 2], [4, 0]],
                    Jump,
                    &[[2, 2], [4, 2], [4, 0]],
                ),
                step(
                    R::TargetLock,
                    duel(json!("sternhalma"), &[[2, -5], [0, 2]], &[[-3, 6]]),
                    G::MoveTo { hole: c(2, -6) },
                    &[[2, -5], [2, -6]],
                    Step,
                    &[[2, -5], [2, -6]],
                ),
                // Blue's last move of 200: red (remaining distance 8) and blue (9) are ranked
                // by remaining distance once it is played; the long way in wins, the step
                // ties.
                step(
                    R::MoveCap,
                    json!({
                        "rules": "sternhalma",
                        "players": [{ "colours": ["S"] }, { "colours": ["N"] }],
                        "pegs": { "S": [[4, 0]], "N": [[-4, 3], [-4, 4]] },
                        "to_move": 1,
                        "moves_played": [200, 199],
                    }),
                    G::WinAtMoveCap { cap: 200 },
                    &[[-4, 3], [-4, 5]],
                    Jump,
                    &[[-4, 3], [-4, 5]],
                ),
            ],
        },
    ]
}
