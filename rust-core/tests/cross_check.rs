//! The fast engine against the independent slow reference generator (`tests/reference`, written
//! from docs/RULES.md alone): identical move sets, identical positions after every move, identical
//! winners, on positions reached by random play, and pinned perft counts.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly by design

mod reference;

use chinese_checkers_core::rules::board::coords;
use chinese_checkers_core::rules::{MoveKind, Position, Rules};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

type Key = (String, (i32, i32), (i32, i32));

fn fast_moves(p: &Position) -> Vec<Key> {
    let mut out: Vec<Key> = p
        .legal_moves()
        .iter()
        .map(|m| {
            let name = m.to_json()["kind"].as_str().unwrap_or_default().to_string();
            if m.kind == MoveKind::Pass {
                return (name, (0, 0), (0, 0));
            }
            let [fq, fr] = coords(m.path[0]);
            let [tq, tr] = coords(*m.path.last().unwrap());
            (name, (fq, fr), (tq, tr))
        })
        .collect();
    out.sort();
    out
}

fn reference_moves(p: &reference::RefPosition) -> Vec<Key> {
    let mut out: Vec<Key> = reference::legal_moves(p)
        .into_iter()
        .map(|m| (m.kind.clone(), m.from, m.to))
        .collect();
    out.sort();
    out
}

/// Start positions in the rule families both engines implement (the docs/RULES.md §4 keys).
fn starts() -> Vec<Position> {
    let r = |v: Value| Rules::from_json(&v).unwrap();
    let mut out = vec![];
    for colours in 1..=3 {
        out.push(Position::start_tripot(r(json!("tripot")), colours).unwrap());
    }
    for players in [2, 3, 4, 6] {
        out.push(Position::start(r(json!("sternhalma")), players).unwrap());
    }
    for rules in [
        json!("classic"),
        json!({"preset": "sternhalma", "pegs": 15}),
        json!({"preset": "classic", "mandatory_jump": true}),
        json!({"preset": "classic", "max_chain": "per_piece"}),
        json!({"preset": "classic", "max_chain": "army", "mandatory_jump": true}),
        json!({"preset": "classic", "camps": "no_foreign"}),
        json!({"preset": "tripot", "jump_reach": 8, "target_lock": true}),
        json!({"preset": "tripot", "camps": "no_stopping_in_foreign", "win": "filled_with_one_own"}),
    ] {
        out.push(Position::start(r(rules), 2).unwrap());
    }
    out.push(Position::start(r(json!({"preset": "tripot", "jump_reach": 3})), 3).unwrap());
    out
}

/// Plays a random game checking both engines agree; returns how many positions offered a swap.
fn compare_walk(start: Position, seed: u64, plies: usize) -> usize {
    let mut swaps_seen = 0;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = start;
    for ply in 0..plies {
        let json = p.to_json();
        let rp = reference::parse(&json);
        let fast = fast_moves(&p);
        let slow = reference_moves(&rp);
        assert_eq!(
            fast, slow,
            "move sets differ at ply {ply} of seed {seed} in {json}"
        );
        swaps_seen += usize::from(fast.iter().any(|m| m.0 == "swap"));
        let fast_winners = p
            .outcome()
            .filter(|o| o.reason.name() == "win")
            .map(|o| o.winners);
        assert_eq!(
            fast_winners,
            reference::winners(&rp),
            "winners differ in {json}"
        );
        if fast_winners.is_some() {
            return swaps_seen;
        }
        // Each generated path must pass the reference's hop-by-hop check.
        let moves = p.legal_moves();
        let m = &moves[rng.gen_range(0..moves.len())];
        reference::check_move_json(&rp, &m.to_json())
            .unwrap_or_else(|e| panic!("reference refuses {} in {json}: {e}", m.to_json()));
        let next_ref = reference::apply(&rp, &reference::move_from_json(&m.to_json()));
        p.apply(&m.compact());
        let ours = reference::parse(&p.to_json());
        assert_eq!(
            reference::to_json(&ours),
            reference::to_json(&next_ref),
            "positions differ after {} in {json}",
            m.to_json()
        );
    }
    swaps_seen
}

#[test]
fn random_games_agree_with_the_reference_in_every_rule_family() {
    for (i, start) in starts().into_iter().enumerate() {
        for seed in 0..6u64 {
            compare_walk(start, seed * 31 + i as u64, 140);
        }
    }
}

/// Crowded middle games (where swaps and long chains appear) need more plies.
#[test]
fn long_tripot_games_agree_with_the_reference() {
    let r = Rules::from_json(&json!("tripot")).unwrap();
    let mut swaps_seen = 0;
    for colours in 1..=3 {
        let start = Position::start_tripot(r, colours).unwrap();
        for seed in 0..3u64 {
            swaps_seen += compare_walk(start, 1000 + seed, 400);
        }
    }
    // The comparison must have covered the swap rule, not only steps and jumps.
    assert!(swaps_seen > 0, "no position with a swap was compared");
}

fn perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    p.legal_moves_into(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut q = *p;
            q.apply(m);
            perft(&q, depth - 1)
        })
        .sum()
}

/// Counts of move sequences (no game-over check) computed once by the reference generator
/// (`cargo test --release -p chinese-checkers-core --test reference_selftest -- --ignored
/// --nocapture perft_table`) and pinned here.
#[test]
fn perft_counts_match_the_pinned_reference_numbers() {
    let r = |v: Value| Rules::from_json(&v).unwrap();
    let cases: Vec<(Position, [u64; 3])> = vec![
        (
            Position::start_tripot(r(json!("tripot")), 1).unwrap(),
            [14, 196, 5348],
        ),
        (
            Position::start_tripot(r(json!("tripot")), 2).unwrap(),
            [28, 784, 32776],
        ),
        (
            Position::start_tripot(r(json!("tripot")), 3).unwrap(),
            [42, 1788, 97700],
        ),
        (
            Position::start(r(json!("classic")), 2).unwrap(),
            [14, 196, 4760],
        ),
        (
            Position::start(r(json!("sternhalma")), 3).unwrap(),
            [14, 196, 2744],
        ),
        (
            Position::start(r(json!("sternhalma")), 6).unwrap(),
            [14, 197, 2772],
        ),
        (
            Position::start(r(json!({"preset": "classic", "pegs": 15})), 2).unwrap(),
            [22, 484, 15752],
        ),
    ];
    for (p, counts) in cases {
        for (depth, &want) in counts.iter().enumerate() {
            assert_eq!(
                perft(&p, depth as u32 + 1),
                want,
                "depth {} of {}",
                depth + 1,
                p.to_json()
            );
        }
    }
}

#[test]
fn perft_two_agrees_with_the_reference_directly() {
    for start in starts() {
        let rp = reference::parse(&start.to_json());
        assert_eq!(
            perft(&start, 2),
            reference::perft(&rp, 2),
            "{}",
            start.to_json()
        );
    }
}
