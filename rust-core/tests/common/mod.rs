//! Helpers shared by the rules tests: building positions and reading move lists.
#![allow(dead_code)]

use chinese_checkers_core::rules::{Move, MoveKind, Position};
use serde_json::{json, Value};

/// A position from a rules value, the players' colours, pegs per colour, and the side to move.
pub fn pos(
    rules: Value,
    players: &[&[&str]],
    pegs: &[(&str, &[[i32; 2]])],
    to_move: usize,
) -> Position {
    let players: Vec<Value> = players.iter().map(|c| json!({ "colours": c })).collect();
    let mut map = serde_json::Map::new();
    for (c, list) in pegs {
        map.insert(c.to_string(), json!(list));
    }
    Position::from_json(&json!({
        "rules": rules, "players": players, "pegs": map, "to_move": to_move
    }))
    .unwrap()
}

/// Two players, S against N.
pub fn duel(rules: &str, s: &[[i32; 2]], n: &[[i32; 2]], to_move: usize) -> Position {
    pos(
        json!(rules),
        &[&["S"], &["N"]],
        &[("S", s), ("N", n)],
        to_move,
    )
}

/// `(kind, from, to)` of every legal move, sorted.
pub fn summary(p: &Position) -> Vec<(MoveKind, [i32; 2], [i32; 2])> {
    let mut out: Vec<_> = p
        .legal_moves()
        .iter()
        .map(|m| match m.kind {
            MoveKind::Pass => (m.kind, [0, 0], [0, 0]),
            _ => (m.kind, xy(m.path[0]), xy(*m.path.last().unwrap())),
        })
        .collect();
    out.sort();
    out
}

/// Final holes of the legal moves of one kind from one hole.
pub fn targets(p: &Position, kind: MoveKind, from: [i32; 2]) -> Vec<[i32; 2]> {
    let mut out: Vec<_> = summary(p)
        .into_iter()
        .filter(|(k, f, _)| *k == kind && *f == from)
        .map(|(_, _, t)| t)
        .collect();
    out.sort();
    out
}

/// Axial coordinates of a hole.
pub fn xy(h: u8) -> [i32; 2] {
    chinese_checkers_core::rules::board::coords(h)
}

/// A move from JSON-like parts.
pub fn mv(kind: &str, path: &[[i32; 2]]) -> Move {
    Move::from_json(&json!({ "kind": kind, "path": path })).unwrap()
}

/// Plays a move after validating it.
pub fn play(p: &mut Position, m: &Move) {
    p.validate(m).unwrap();
    p.apply(&m.compact());
}

/// The N point (S's target): the tip `[4,-8]`, then the rows `r = -7, -6, -5`.
pub const N_CAMP: [[i32; 2]; 10] = [
    [4, -8],
    [3, -7],
    [4, -7],
    [2, -6],
    [3, -6],
    [4, -6],
    [1, -5],
    [2, -5],
    [3, -5],
    [4, -5],
];

/// The N point without the `missing` holes, plus `extra` holes.
pub fn n_camp_except(missing: &[[i32; 2]], extra: &[[i32; 2]]) -> Vec<[i32; 2]> {
    N_CAMP
        .iter()
        .filter(|h| !missing.contains(h))
        .chain(extra)
        .copied()
        .collect()
}
