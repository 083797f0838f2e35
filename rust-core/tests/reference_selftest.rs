//! Hand-checked tests of the reference move generator (`tests/reference/mod.rs`). Every expected
//! number below was counted by hand from docs/RULES.md, not taken from the generator.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly by design

mod reference;

use reference::*;
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// A two-player position, `S` (player 0, to move) against `N`.
fn duel(rules: Value, s: &[Hole], n: &[Hole]) -> RefPosition {
    let s: Vec<Value> = s.iter().map(|h| json!([h.0, h.1])).collect();
    let n: Vec<Value> = n.iter().map(|h| json!([h.0, h.1])).collect();
    parse(&json!({
        "rules": rules,
        "players": [ { "colours": ["S"] }, { "colours": ["N"] } ],
        "pegs": { "S": s, "N": n },
        "to_move": 0
    }))
}

fn set(moves: &[RefMove]) -> BTreeSet<RefMove> {
    moves.iter().cloned().collect()
}

fn ends(moves: &[RefMove], kind: &str) -> BTreeSet<Hole> {
    moves
        .iter()
        .filter(|m| m.kind == kind)
        .map(|m| m.to)
        .collect()
}

fn count(moves: &[RefMove], kind: &str) -> usize {
    moves.iter().filter(|m| m.kind == kind).count()
}

#[test]
fn board_and_camps() {
    assert_eq!(all_holes().len(), 121);
    let central = all_holes()
        .into_iter()
        .filter(|&h| h.0.abs().max(h.1.abs()).max(s_of(h).abs()) <= 4)
        .count();
    assert_eq!(central, 61);
    for c in CAMPS {
        assert_eq!(
            all_holes().into_iter().filter(|&h| in_camp10(c, h)).count(),
            10,
            "{c}"
        );
        assert_eq!(
            all_holes().into_iter().filter(|&h| in_area15(c, h)).count(),
            15,
            "{c}"
        );
        assert!(in_camp10(c, tip(c)));
        assert_eq!(distance(tip(c), tip(opposite(c))), 16);
    }
    // The S row beyond the base is r = 4, q = -4..0.
    let row: Vec<Hole> = all_holes()
        .into_iter()
        .filter(|&h| in_area15("S", h) && !in_camp10("S", h))
        .collect();
    assert_eq!(row, vec![(-4, 4), (-3, 4), (-2, 4), (-1, 4), (0, 4)]);
}

#[test]
fn json_round_trip() {
    let v = json!({
        "rules": { "preset": "sternhalma", "jump_reach": 8, "move_cap": null, "pegs": 15 },
        "players": [ { "colours": ["S"] }, { "colours": ["N"] } ],
        "pegs": { "S": [[-4, 8], [-3, 7]], "N": [[4, -8]], "NE": [] },
        "to_move": 1,
        "passes_in_a_row": 1,
        "moves_played": [3, 2]
    });
    let p = parse(&v);
    assert_eq!(p.rules.jump_reach, 8);
    assert_eq!(p.rules.move_cap, None);
    assert_eq!(p.rules.pegs, 15);
    assert_eq!(p.rules.camps, Camps::NoStoppingInForeign);
    assert!(p.rules.target_lock);
    assert_eq!(to_json(&p), v);
    assert_eq!(parse(&to_json(&p)), p);

    let d = parse(&json!({
        "rules": "tripot",
        "players": [ { "colours": ["S"] }, { "colours": ["N"] } ],
        "pegs": { "S": [[-4, 8]], "N": [[4, -8]] },
        "to_move": 0
    }));
    assert_eq!(d.passes_in_a_row, 0);
    assert_eq!(d.moves_played, vec![0, 0]);
    assert_eq!(d.rules, preset_rules("tripot"));
}

/// 1-colour start: the four front pegs have 2 steps each (8); each of the three pegs of the second
/// row jumps over the front row straight ahead and diagonally (6); nothing chains, and no long
/// jump exists. The two armies cannot touch in two plies.
#[test]
fn start_position_1_colour() {
    for preset in ["tripot", "classic", "sternhalma"] {
        let p = start_position(json!(preset), &[&["S"], &["N"]], 0);
        let m = legal_moves(&p);
        assert_eq!(count(&m, "step"), 8, "{preset}");
        assert_eq!(count(&m, "jump"), 6, "{preset}");
        assert_eq!(m.len(), 14, "{preset}");
        assert_eq!(perft(&p, 1), 14);
        assert_eq!(perft(&p, 2), 196, "{preset}");
    }
}

/// 15 pegs: front row r = 4: 3 + 2 + 2 + 2 + 3 steps (the end pegs may step sideways into SW/SE);
/// row r = 5: each of 4 pegs jumps straight and diagonally into row 3 (8); along row 4, (-3,4)
/// jumps over (-4,4) into SW (-5,4) and (-1,4) over (0,4) into SE (1,4) (2). Sternhalma's camp
/// rule forbids the two sideways steps and the two sideways jumps into the foreign camps.
#[test]
fn start_position_15_pegs() {
    let p = start_position(
        json!({ "preset": "classic", "pegs": 15 }),
        &[&["S"], &["N"]],
        0,
    );
    assert_eq!(p.board.len(), 30);
    let m = legal_moves(&p);
    assert_eq!(count(&m, "step"), 12);
    assert_eq!(count(&m, "jump"), 10);
    assert!(set(&m).contains(&RefMove::jump((-3, 4), (-5, 4))));
    assert!(set(&m).contains(&RefMove::jump((-1, 4), (1, 4))));
    let p = start_position(
        json!({ "preset": "sternhalma", "pegs": 15 }),
        &[&["S"], &["N"]],
        0,
    );
    let m = legal_moves(&p);
    assert_eq!(count(&m, "step"), 10);
    assert_eq!(count(&m, "jump"), 8);
    assert!(!set(&m).contains(&RefMove::step((-4, 4), (-5, 4))));
}

/// A lone peg on the SW tip with a pivot 5 holes away on the row r = 4: tripot jumps 10 holes
/// to (2, 4); classic (and jump_reach 4) cannot.
#[test]
fn long_jump_of_ten_holes() {
    let s = [(-8, 4)];
    let n = [(-3, 4)];
    let m = legal_moves(&duel(json!("tripot"), &s, &n));
    assert_eq!(
        set(&m),
        set(&[
            RefMove::step((-8, 4), (-7, 4)),
            RefMove::step((-8, 4), (-7, 3)),
            RefMove::jump((-8, 4), (2, 4)),
        ])
    );
    let m = legal_moves(&duel(json!("classic"), &s, &n));
    assert_eq!(m.len(), 2);
    assert_eq!(count(&m, "jump"), 0);
    let m = legal_moves(&duel(
        json!({ "preset": "tripot", "jump_reach": 4 }),
        &s,
        &n,
    ));
    assert_eq!(count(&m, "jump"), 0);
    let m = legal_moves(&duel(
        json!({ "preset": "classic", "jump_reach": 8 }),
        &s,
        &n,
    ));
    assert_eq!(count(&m, "jump"), 1);
}

/// Three pivots around (0,0): the chain (0,0)->(2,0)->(2,-2)->(0,0) would close a loop; the
/// start can never be landed on.
#[test]
fn chain_never_lands_on_its_start() {
    let p = duel(json!("classic"), &[(0, 0)], &[(1, 0), (2, -1), (1, -1)]);
    let m = legal_moves(&p);
    assert_eq!(count(&m, "step"), 4);
    assert_eq!(ends(&m, "jump"), BTreeSet::from([(2, 0), (2, -2)]));
    // Both final holes are reached by a 2-jump route.
    let p2 = duel(
        json!({ "preset": "classic", "max_chain": "per_piece" }),
        &[(0, 0)],
        &[(1, 0), (2, -1), (1, -1)],
    );
    assert_eq!(
        ends(&legal_moves(&p2), "jump"),
        BTreeSet::from([(2, 0), (2, -2)])
    );
    // Mandatory jump removes the steps.
    let p3 = duel(
        json!({ "preset": "classic", "mandatory_jump": true }),
        &[(0, 0)],
        &[(1, 0), (2, -1), (1, -1)],
    );
    assert_eq!(legal_moves(&p3).len(), 2);
    // A single pivot: there and never back.
    let p4 = duel(json!("classic"), &[(0, 0)], &[(1, 0)]);
    assert_eq!(ends(&legal_moves(&p4), "jump"), BTreeSet::from([(2, 0)]));
}

/// The lifted start: (0,0) -> (-2,2) -> (-2,0), then a long jump along r = 0 whose empty run
/// before the pivot (1,0) includes the start (0,0), landing on (4,0).
#[test]
fn start_counts_as_empty_in_a_long_jump_run() {
    let s = [(0, 0)];
    let n = [(-1, 1), (-2, 1), (1, 0)];
    let m = legal_moves(&duel(json!("tripot"), &s, &n));
    assert_eq!(count(&m, "step"), 4);
    assert_eq!(
        ends(&m, "jump"),
        BTreeSet::from([(2, 0), (-2, 2), (-2, 0), (4, 0)])
    );
    assert_eq!(m.len(), 8);
    let m = legal_moves(&duel(json!("classic"), &s, &n));
    assert_eq!(ends(&m, "jump"), BTreeSet::from([(2, 0), (-2, 2), (-2, 0)]));
    // Longest route: 3 jumps, to (4,0) only.
    let p = duel(
        json!({ "preset": "tripot", "max_chain": "per_piece" }),
        &s,
        &n,
    );
    let m = legal_moves(&p);
    assert_eq!(ends(&m, "jump"), BTreeSet::from([(4, 0)]));
    assert_eq!(count(&m, "step"), 4);
    let mv = move_to_json(&p, &RefMove::jump((0, 0), (4, 0)));
    assert_eq!(
        mv,
        json!({ "kind": "jump", "path": [[0, 0], [-2, 2], [-2, 0], [4, 0]] })
    );
    assert!(check_move_json(&p, &mv).is_ok());
    let short = json!({ "kind": "jump", "path": [[0, 0], [2, 0]] });
    assert!(check_move_json(&p, &short).is_err());
    let bad_hop = json!({ "kind": "jump", "path": [[0, 0], [4, 0]] });
    let p_off = duel(json!("tripot"), &s, &n);
    assert!(check_move_json(&p_off, &bad_hop).is_err());
    assert!(check_move_json(&p_off, &json!({ "kind": "jump", "path": [[0, 0], [2, 0]] })).is_ok());
}

/// (2,2) -> over (2,3) -> (2,4) in SE (foreign for S) -> over (1,4) -> (0,4) central.
#[test]
fn camp_rules() {
    let s = [(2, 2)];
    let n = [(2, 3), (1, 4)];
    let open = legal_moves(&duel(json!("classic"), &s, &n));
    assert_eq!(count(&open, "step"), 5);
    assert_eq!(ends(&open, "jump"), BTreeSet::from([(2, 4), (0, 4)]));

    let nsf = legal_moves(&duel(
        json!({ "preset": "classic", "camps": "no_stopping_in_foreign" }),
        &s,
        &n,
    ));
    assert_eq!(count(&nsf, "step"), 4);
    assert!(!set(&nsf).contains(&RefMove::step((2, 2), (3, 2))));
    assert_eq!(ends(&nsf, "jump"), BTreeSet::from([(0, 4)]));

    let nf = legal_moves(&duel(
        json!({ "preset": "classic", "camps": "no_foreign" }),
        &s,
        &n,
    ));
    assert_eq!(count(&nf, "step"), 4);
    assert_eq!(count(&nf, "jump"), 0);
}

/// Routes from (0,4): 1 jump to (2,4) [SE], 2 jumps to (2,2), 3 jumps to (4,2) [SE].
#[test]
fn longest_route_must_be_able_to_end() {
    let s = [(0, 4)];
    let n = [(1, 4), (2, 3), (3, 2)];
    let m = legal_moves(&duel(json!("classic"), &s, &n));
    assert_eq!(count(&m, "step"), 4);
    assert_eq!(ends(&m, "jump"), BTreeSet::from([(2, 4), (2, 2), (4, 2)]));
    let m = legal_moves(&duel(
        json!({ "preset": "classic", "max_chain": "per_piece" }),
        &s,
        &n,
    ));
    assert_eq!(ends(&m, "jump"), BTreeSet::from([(4, 2)]));
    let m = legal_moves(&duel(
        json!({ "preset": "classic", "max_chain": "per_piece", "camps": "no_stopping_in_foreign" }),
        &s,
        &n,
    ));
    assert_eq!(ends(&m, "jump"), BTreeSet::from([(2, 2)]));
    let m = legal_moves(&duel(
        json!({ "preset": "classic", "camps": "no_stopping_in_foreign" }),
        &s,
        &n,
    ));
    assert_eq!(ends(&m, "jump"), BTreeSet::from([(2, 2)]));
    let m = legal_moves(&duel(
        json!({ "preset": "classic", "camps": "no_foreign" }),
        &s,
        &n,
    ));
    assert_eq!(count(&m, "jump"), 0);
}

/// Peg A (0,0) has a 1-jump route; peg B (-3,-1) routes of 1 and 2 jumps.
#[test]
fn max_chain_per_piece_and_army() {
    let s = [(0, 0), (-3, -1)];
    let n = [(1, 0), (-3, 0), (-3, 2)];
    let off = legal_moves(&duel(json!("classic"), &s, &n));
    assert_eq!(count(&off, "step"), 10);
    assert_eq!(count(&off, "jump"), 3);
    let pp = legal_moves(&duel(
        json!({ "preset": "classic", "max_chain": "per_piece" }),
        &s,
        &n,
    ));
    assert_eq!(count(&pp, "step"), 10);
    assert_eq!(
        set(&pp)
            .into_iter()
            .filter(|m| m.kind == "jump")
            .collect::<BTreeSet<_>>(),
        BTreeSet::from([
            RefMove::jump((0, 0), (2, 0)),
            RefMove::jump((-3, -1), (-3, 3))
        ])
    );
    let army = legal_moves(&duel(
        json!({ "preset": "classic", "max_chain": "army" }),
        &s,
        &n,
    ));
    assert_eq!(count(&army, "step"), 10);
    assert_eq!(ends(&army, "jump"), BTreeSet::from([(-3, 3)]));
    let forced = legal_moves(&duel(
        json!({ "preset": "classic", "max_chain": "army", "mandatory_jump": true }),
        &s,
        &n,
    ));
    assert_eq!(forced, vec![RefMove::jump((-3, -1), (-3, 3))]);
}

/// S peg in its target N at (1,-5): the chain (1,-5) -> (1,-3) [outside] -> (3,-5) [back in].
#[test]
fn target_lock() {
    let s = [(1, -5)];
    let n = [(1, -4), (2, -4)];
    let open = legal_moves(&duel(json!("classic"), &s, &n));
    assert_eq!(
        ends(&open, "step"),
        BTreeSet::from([(2, -5), (2, -6), (0, -4)])
    );
    assert_eq!(ends(&open, "jump"), BTreeSet::from([(1, -3), (3, -5)]));
    let locked = legal_moves(&duel(
        json!({ "preset": "classic", "target_lock": true }),
        &s,
        &n,
    ));
    assert_eq!(ends(&locked, "step"), BTreeSet::from([(2, -5), (2, -6)]));
    assert_eq!(ends(&locked, "jump"), BTreeSet::from([(3, -5)]));
}

/// S alone on its tip, walled in by four N pegs: no step, no jump. Case A gives the 4 swaps of its
/// range (2 neighbours, 2 two apart over an occupied middle). Without swaps: a pass.
#[test]
fn swap_case_a_and_pass() {
    let s = [(-4, 8)];
    let n = [(-4, 7), (-3, 7), (-4, 6), (-2, 6)];
    let p = duel(json!("tripot"), &s, &n);
    let m = legal_moves(&p);
    assert_eq!(
        set(&m),
        set(&[
            RefMove::swap((-4, 8), (-4, 7)),
            RefMove::swap((-4, 8), (-3, 7)),
            RefMove::swap((-4, 8), (-4, 6)),
            RefMove::swap((-4, 8), (-2, 6)),
        ])
    );
    let after = apply(&p, &RefMove::swap((-4, 8), (-4, 6)));
    assert_eq!(after.board[&(-4, 6)], "S");
    assert_eq!(after.board[&(-4, 8)], "N");
    assert_eq!(after.to_move, 1);
    assert_eq!(after.moves_played, vec![1, 0]);

    let p = duel(json!({ "preset": "tripot", "swaps": false }), &s, &n);
    let m = legal_moves(&p);
    assert_eq!(m, vec![RefMove::pass()]);
    let after = apply(&p, &m[0]);
    assert_eq!(after.passes_in_a_row, 1);
    assert_eq!(after.moves_played, vec![1, 0]);
    assert_eq!(after.board, p.board);
    assert_eq!(
        move_to_json(&p, &RefMove::pass()),
        json!({ "kind": "pass", "path": [] })
    );
}

/// Same wall, but (-2,6) is an own peg: moving it lets the tip peg chain (-4,8) -> (-2,6) ->
/// (-2,4) out of its camp, so the stuck tip peg earns no swap. (-2,6) itself has 2 steps and one
/// jump over (-2,5).
#[test]
fn swap_case_a_freeing_move_exists() {
    let s = [(-4, 8), (-2, 6)];
    let n = [(-4, 7), (-3, 7), (-4, 6), (-2, 5)];
    let m = legal_moves(&duel(json!("tripot"), &s, &n));
    assert_eq!(
        set(&m),
        set(&[
            RefMove::step((-2, 6), (-3, 6)),
            RefMove::step((-2, 6), (-1, 5)),
            RefMove::jump((-2, 6), (-2, 4)),
        ])
    );
}

/// S: one peg home on the N tip, the last one in the centre (no way into N); an N peg squats on
/// (4,-7), next to the S peg on the tip: case B offers that swap, among the ordinary moves.
#[test]
fn swap_case_b() {
    let s = [(4, -8), (0, 0)];
    let n = [(4, -7)];
    let m = legal_moves(&duel(json!("tripot"), &s, &n));
    assert_eq!(m.len(), 9);
    assert_eq!(count(&m, "step"), 7);
    assert_eq!(ends(&m, "jump"), BTreeSet::from([(4, -6)]));
    assert_eq!(
        m.iter()
            .filter(|m| m.kind == "swap")
            .cloned()
            .collect::<Vec<_>>(),
        vec![RefMove::swap((4, -8), (4, -7))]
    );
    let m = legal_moves(&duel(json!("classic"), &s, &n));
    assert_eq!(count(&m, "swap"), 0);
}

#[test]
fn winners_helper() {
    let target: Vec<Value> = all_holes()
        .into_iter()
        .filter(|&h| in_camp10("N", h))
        .map(|h| json!([h.0, h.1]))
        .collect();
    let p = parse(&json!({
        "rules": "classic",
        "players": [ { "colours": ["S"] }, { "colours": ["N"] } ],
        "pegs": { "S": target, "N": [[0, 0]] },
        "to_move": 1
    }));
    assert_eq!(winners(&p), Some(vec![0]));
    let start = start_position(json!("sternhalma"), &[&["S"], &["N"]], 0);
    assert_eq!(winners(&start), None);
}

// ---------------------------------------------------------------------------------------------
// Symmetry: the rules do not depend on which camp is which. Rotating a whole position by 60°
// (or mirroring it), colours renamed accordingly, must rotate its legal moves. This checks the
// camp tables (10 and 15 holes), the directions and the line walks against each other.
// ---------------------------------------------------------------------------------------------

/// 60° rotation: cube (q, r, s) -> (-r, -s, -q).
fn rot_hole(h: Hole) -> Hole {
    (-h.1, -s_of(h))
}

fn rot_camp(c: &str) -> &'static str {
    match c {
        "N" => "NE",
        "NE" => "SE",
        "SE" => "S",
        "S" => "SW",
        "SW" => "NW",
        "NW" => "N",
        _ => panic!("{c}"),
    }
}

/// Mirror: (q, r, s) -> (r, q, s).
fn mirror_hole(h: Hole) -> Hole {
    (h.1, h.0)
}

fn mirror_camp(c: &str) -> &'static str {
    match c {
        "N" => "SW",
        "SW" => "N",
        "S" => "NE",
        "NE" => "S",
        "NW" => "NW",
        "SE" => "SE",
        _ => panic!("{c}"),
    }
}

fn transform(p: &RefPosition, fh: fn(Hole) -> Hole, fc: fn(&str) -> &'static str) -> RefPosition {
    let mut v = to_json(p);
    let mut pegs = serde_json::Map::new();
    for (c, list) in v["pegs"].as_object().unwrap_or_else(|| panic!("pegs")) {
        let list: Vec<Value> = list
            .as_array()
            .unwrap_or_else(|| panic!("list"))
            .iter()
            .map(|h| {
                let h = (
                    h[0].as_i64().unwrap_or(99) as i32,
                    h[1].as_i64().unwrap_or(99) as i32,
                );
                let t = fh(h);
                json!([t.0, t.1])
            })
            .collect();
        pegs.insert(fc(c).to_string(), Value::Array(list));
    }
    v["pegs"] = Value::Object(pegs);
    let players: Vec<Value> = p
        .players
        .iter()
        .map(|cs| json!({ "colours": cs.iter().map(|c| fc(c)).collect::<Vec<_>>() }))
        .collect();
    v["players"] = Value::Array(players);
    parse(&v)
}

fn transform_move(m: &RefMove, fh: fn(Hole) -> Hole) -> RefMove {
    if m.kind == "pass" {
        return m.clone();
    }
    RefMove {
        kind: m.kind.clone(),
        from: fh(m.from),
        to: fh(m.to),
    }
}

struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn check_symmetry_along_playouts(rules: Value, players: &[&[&str]], plies: usize, seed: u64) {
    let mut rng = Lcg(seed);
    let mut p = start_position(rules.clone(), players, 0);
    for ply in 0..plies {
        let moves = legal_moves(&p);
        for (fh, fc) in [
            (
                rot_hole as fn(Hole) -> Hole,
                rot_camp as fn(&str) -> &'static str,
            ),
            (mirror_hole, mirror_camp),
        ] {
            let t = transform(&p, fh, fc);
            let expected: BTreeSet<RefMove> = moves.iter().map(|m| transform_move(m, fh)).collect();
            assert_eq!(
                set(&legal_moves(&t)),
                expected,
                "{rules} ply {ply}: {}",
                to_json(&p)
            );
        }
        if p.rules.swaps {
            assert!(
                moves[0].kind != "pass",
                "tripot pass with swaps on: {}",
                to_json(&p)
            );
        }
        let m = &moves[rng.below(moves.len())];
        // The played move's route can be written and re-checked.
        let j = move_to_json(&p, m);
        assert_eq!(check_move_json(&p, &j), Ok(m.clone()), "{j}");
        p = apply(&p, m);
        assert_eq!(parse(&to_json(&p)), p);
    }
}

#[test]
fn symmetry_tripot() {
    check_symmetry_along_playouts(json!("tripot"), &[&["S"], &["N"]], 60, 1);
    check_symmetry_along_playouts(json!("tripot"), &[&["S", "SE"], &["N", "NW"]], 40, 2);
    check_symmetry_along_playouts(
        json!("tripot"),
        &[&["SW", "S", "SE"], &["NE", "N", "NW"]],
        30,
        3,
    );
}

#[test]
fn symmetry_sternhalma_and_classic() {
    check_symmetry_along_playouts(json!("sternhalma"), &[&["S"], &["NW"], &["NE"]], 60, 4);
    check_symmetry_along_playouts(
        json!("sternhalma"),
        &[&["S"], &["SW"], &["NW"], &["N"], &["NE"], &["SE"]],
        40,
        5,
    );
    check_symmetry_along_playouts(
        json!({ "preset": "classic", "pegs": 15 }),
        &[&["S"], &["N"]],
        60,
        6,
    );
    check_symmetry_along_playouts(
        json!({ "preset": "sternhalma", "pegs": 15 }),
        &[&["S"], &["N"]],
        60,
        7,
    );
}

#[test]
fn symmetry_options() {
    check_symmetry_along_playouts(
        json!({ "preset": "tripot", "camps": "no_foreign", "target_lock": true, "mandatory_jump": true }),
        &[&["S", "SE"], &["N", "NW"]],
        40,
        8,
    );
    check_symmetry_along_playouts(
        json!({ "preset": "classic", "jump_reach": 8, "max_chain": "army", "swaps": true }),
        &[&["S"], &["N"]],
        40,
        9,
    );
    check_symmetry_along_playouts(
        json!({ "preset": "tripot", "max_chain": "per_piece", "pegs": 15 }),
        &[&["S"], &["N"]],
        40,
        10,
    );
}

/// Prints reference perft numbers (not asserted: they are the generator's own output, for
/// cross-checking the fast engine). `cargo test --release --test reference_selftest -- --ignored
/// --nocapture perft_table`.
#[test]
#[ignore]
fn perft_table() {
    let cases: Vec<(Value, Vec<Vec<&str>>, u32)> = vec![
        (json!("tripot"), vec![vec!["S"], vec!["N"]], 3),
        (json!("tripot"), vec![vec!["S", "SE"], vec!["N", "NW"]], 3),
        (
            json!("tripot"),
            vec![vec!["SW", "S", "SE"], vec!["NE", "N", "NW"]],
            3,
        ),
        (json!("classic"), vec![vec!["S"], vec!["N"]], 4),
        (
            json!("sternhalma"),
            vec![vec!["S"], vec!["NW"], vec!["NE"]],
            3,
        ),
        (
            json!("sternhalma"),
            vec![
                vec!["S"],
                vec!["SW"],
                vec!["NW"],
                vec!["N"],
                vec!["NE"],
                vec!["SE"],
            ],
            3,
        ),
        (
            json!({ "preset": "classic", "pegs": 15 }),
            vec![vec!["S"], vec!["N"]],
            3,
        ),
    ];
    for (rules, players, depth) in cases {
        let pl: Vec<&[&str]> = players.iter().map(|v| v.as_slice()).collect();
        let p = start_position(rules.clone(), &pl, 0);
        for d in 1..=depth {
            let t = std::time::Instant::now();
            let n = perft(&p, d);
            println!(
                "{rules} {players:?} perft({d}) = {n}  ({:.2?})",
                t.elapsed()
            );
        }
    }
}
