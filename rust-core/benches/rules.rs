//! Rules engine speed: legal-move generation and apply/undo on start, middle-game and crowded
//! positions of each preset. Run with `cargo bench -p chinese-checkers-core --bench rules`;
//! results are recorded in docs/BENCHMARKS.md.
#![allow(clippy::unwrap_used, missing_docs)] // benchmark set-up on known-good positions

use std::hint::black_box;

use chinese_checkers_core::rules::{CompactMove, Position, Rules};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

/// Plays `plies` plausible moves: a random pick among the three that gain the most distance,
/// so both armies meet in the middle as in real games.
fn middle_game(start: Position, plies: usize, seed: u64) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        if p.outcome().is_some() {
            break;
        }
        p.legal_moves_into(&mut moves);
        let me = p.to_move();
        let mut scored: Vec<(i64, CompactMove)> = moves
            .iter()
            .map(|m| {
                let mut q = p;
                q.apply(m);
                (i64::from(q.progress(me).1), *m)
            })
            .collect();
        scored.sort();
        let pick = rng.gen_range(0..scored.len().min(3));
        p.apply(&scored[pick].1);
    }
    p
}

fn cases() -> Vec<(String, Position)> {
    let r = |v: serde_json::Value| Rules::from_json(&v).unwrap();
    let mut out = vec![];
    for colours in 1..=3 {
        let start = Position::start_tripot(r(json!("tripot")), colours).unwrap();
        out.push((format!("tripot{colours}/start"), start));
        out.push((
            format!("tripot{colours}/middle"),
            middle_game(start, 12 * colours, 7),
        ));
        out.push((
            format!("tripot{colours}/crowded"),
            middle_game(start, 24 * colours, 7),
        ));
    }
    let classic = Position::start(r(json!("classic")), 2).unwrap();
    out.push(("classic/start".into(), classic));
    out.push(("classic/middle".into(), middle_game(classic, 24, 7)));
    let stern = Position::start(r(json!("sternhalma")), 6).unwrap();
    out.push(("sternhalma6/start".into(), stern));
    out.push(("sternhalma6/middle".into(), middle_game(stern, 60, 7)));
    out.push(("sternhalma6/crowded".into(), middle_game(stern, 120, 7)));
    out
}

fn bench(c: &mut Criterion) {
    let mut moves = Vec::with_capacity(512);
    for (name, p) in cases() {
        p.legal_moves_into(&mut moves);
        let n = moves.len();
        c.bench_function(&format!("legal_moves/{name} ({n} moves)"), |b| {
            b.iter(|| {
                black_box(&p).legal_moves_into(&mut moves);
                black_box(moves.len())
            })
        });
        let all = moves.clone();
        c.bench_function(&format!("apply_undo/{name} (all {n} moves)"), |b| {
            let mut q = p;
            b.iter(|| {
                for m in &all {
                    let u = q.apply(black_box(m));
                    q.undo(u);
                }
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1));
    targets = bench
}
criterion_main!(benches);
