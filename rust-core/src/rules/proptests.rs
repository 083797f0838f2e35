//! Property tests on positions reached by random play, for every preset and many options.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

use super::board::{bit, holes, Bits, HOLES, TABLES};
use super::movegen::{jumps_from, JumpCache};
use super::{Colour, CompactMove, Position, Rules};

/// Start positions covering every preset, player count and option family.
pub(crate) fn variety() -> Vec<Position> {
    let r = |v: serde_json::Value| Rules::from_json(&v).unwrap_or_default();
    let mut out = vec![];
    for colours in 1..=3 {
        out.push(Position::start_tripot(r(json!("tripot")), colours));
    }
    for players in [2, 3, 4, 5, 6] {
        out.push(Position::start(r(json!("sternhalma")), players));
    }
    out.push(Position::start(r(json!("classic")), 2));
    out.push(Position::start(
        r(json!({"preset": "sternhalma", "pegs": 15})),
        2,
    ));
    out.push(Position::start(
        r(json!({"preset": "classic", "mandatory_jump": true})),
        2,
    ));
    out.push(Position::start(
        r(json!({"preset": "classic", "max_chain": "per_piece"})),
        2,
    ));
    out.push(Position::start(
        r(json!({"preset": "classic", "max_chain": "army"})),
        3,
    ));
    out.push(Position::start(
        r(json!({"preset": "classic", "camps": "no_foreign"})),
        3,
    ));
    out.push(Position::start(
        r(json!({"preset": "classic", "jump_reach": 8})),
        4,
    ));
    out.push(Position::start(
        r(json!({"preset": "classic", "anti_blocking": true, "blocked_destination": true})),
        2,
    ));
    out.push(Position::start(
        r(json!({"preset": "tripot", "continue_for_places": true, "swaps": false})),
        6,
    ));
    out.push(Position::start_with(
        r(json!("classic")),
        &[
            (vec![Colour::S], Some(0)),
            (vec![Colour::NW], Some(1)),
            (vec![Colour::N], Some(0)),
            (vec![Colour::SE], Some(1)),
        ],
    ));
    out.into_iter().filter_map(Result::ok).collect()
}

/// Plays `plies` random moves, calling `check` on every position reached (the start included).
fn random_walk(start: Position, seed: u64, plies: usize, mut check: impl FnMut(&Position)) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        check(&p);
        if p.outcome().is_some() {
            return;
        }
        p.legal_moves_into(&mut moves);
        let m = moves[rng.gen_range(0..moves.len())];
        p.apply(&m);
    }
    check(&p);
}

fn no_duplicates(moves: &[CompactMove]) -> bool {
    let mut sorted = moves.to_vec();
    sorted.sort();
    sorted.windows(2).all(|w| w[0] != w[1])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_validate_apply_and_undo_exactly(
        variant in 0usize..19, seed in any::<u64>(), plies in 0usize..90
    ) {
        let starts = variety();
        let start = starts[variant % starts.len()];
        let mut sample = StdRng::seed_from_u64(seed ^ 0x5eed);
        random_walk(start, seed, plies, |p| {
            let mut moves = Vec::new();
            p.legal_moves_into(&mut moves);
            assert!(!moves.is_empty());
            assert!(no_duplicates(&moves), "duplicate move in {}", p.to_json());
            // Validate a sample (validation regenerates every move, so all of them is quadratic).
            for _ in 0..6 {
                let m = moves[sample.gen_range(0..moves.len())];
                let full = p.expand(&m).unwrap_or_else(|| panic!("no path for {m:?}"));
                assert_eq!(full.compact(), m);
                if let Err(e) = p.validate(&full) {
                    panic!("generated {:?} refused: {e} in {}", full.to_json(), p.to_json());
                }
            }
            for m in &moves {
                let mut q = *p;
                let undo = q.apply(m);
                assert_eq!(q.occupied().count_ones(), p.occupied().count_ones());
                q.undo(undo);
                assert_eq!(&q, p);
            }
            // JSON round trip.
            assert_eq!(Position::from_json(&p.to_json()).as_ref(), Ok(p));
        });
    }

    #[test]
    fn one_shared_jump_cache_gives_every_peg_its_own_reach(
        variant in 0usize..19, seed in any::<u64>(), plies in 0usize..90
    ) {
        // The evaluation reads the reach of every peg of every colour through one cache built
        // for the position (its single-jump landings with each peg's own start lifted).
        let starts = variety();
        let start = starts[variant % starts.len()];
        random_walk(start, seed, plies, |p| {
            let mut cache = JumpCache::new(p.occupied(), p.rules().options.reach());
            for c in Colour::ALL {
                for h in holes(p.pegs_of(c)) {
                    let shared = p.peg_reach_cached(h, c, &mut cache);
                    let alone = p.peg_reach(h, c, p.occupied());
                    assert_eq!(shared, alone, "peg {h} of {c:?} in {}", p.to_json());
                }
            }
        });
    }

    #[test]
    fn the_jump_relation_is_symmetric(variant in 0usize..19, seed in any::<u64>(), plies in 0usize..80) {
        let starts = variety();
        let start = starts[variant % starts.len()];
        random_walk(start, seed, plies, |p| {
            let t = &**TABLES;
            for from in holes(p.occupied()) {
                let occ: Bits = p.occupied() & !bit(from);
                for reach in [1u8, 5, 8] {
                    for to in holes(jumps_from(t, from, occ, reach)) {
                        assert!(usize::from(to) < HOLES);
                        assert_ne!(
                            jumps_from(t, to, occ, reach) & bit(from), 0,
                            "jump {from} -> {to} has no way back"
                        );
                    }
                }
            }
        });
    }

    #[test]
    fn a_refused_step_is_explained_by_a_rule(
        variant in 0usize..19, seed in any::<u64>(), plies in 0usize..60
    ) {
        // Every step of the mover's pegs to an empty neighbour is legal, or refused naming the
        // rule option in its way (camps, target lock, mandatory jump, anti-blocking), never as a
        // move no route makes; `explain` and `validate` agree.
        let starts = variety();
        let start = starts[variant % starts.len()];
        random_walk(start, seed, plies, |p| {
            let mut moves = Vec::new();
            p.legal_moves_into(&mut moves);
            let mover = p.to_move();
            for c in Colour::ALL.into_iter().filter(|&c| p.owner_of(c) == Some(mover)) {
                for from in holes(p.pegs_of(c)) {
                    for to in holes(TABLES.adjacent[usize::from(from)] & !p.occupied()) {
                        let step = super::Move { kind: super::MoveKind::Step, path: vec![from, to] };
                        let explained = p.explain(from, to, &moves);
                        assert_eq!(p.validate(&step).err(), explained, "{}", p.to_json());
                        assert!(
                            !matches!(explained, Some(super::IllegalMove::NoRoute(..))),
                            "step {from} -> {to} in {}", p.to_json()
                        );
                    }
                }
            }
        });
    }
}
