//! AI speed: one move of each level on tripot and classic positions (opening and middle game),
//! the hint, and the solo race solver. Run with `cargo bench -p chinese-checkers-core --bench ai`;
//! results are recorded in docs/AI.md.

// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use chinese_checkers_core::ai::{self, race, AiLevel, CancelHandle, SearchLimits};
use chinese_checkers_core::rules::{Position, Preset, Rules};
use criterion::{criterion_group, criterion_main, Criterion};

/// A middle game reached by Medium playing both sides (deterministic: node budgets, fixed seed).
fn middle_game(start: Position, plies: usize) -> Position {
    let mut p = start;
    for i in 0..plies {
        if p.outcome().is_some() {
            break;
        }
        let limits = SearchLimits {
            time_ms: None,
            seed: i as u64,
        };
        let r = ai::choose_move(&p, AiLevel::Medium, limits, &CancelHandle::new());
        p.apply(&r.best.compact());
    }
    p
}

fn positions() -> Vec<(&'static str, Position)> {
    let mut out = Vec::new();
    if let Ok(t) = Position::start_tripot(Rules::default(), 1) {
        out.push(("tripot-start", t));
        out.push(("tripot-middle", middle_game(t, 24)));
    }
    if let Ok(c) = Position::start(Rules::preset(Preset::Classic), 2) {
        out.push(("classic-middle", middle_game(c, 30)));
    }
    out
}

fn levels(c: &mut Criterion) {
    let mut group = c.benchmark_group("choose_move");
    group.sample_size(10);
    for (name, p) in positions() {
        for level in AiLevel::ALL {
            group.bench_function(format!("{name}/{}", level.name()), |b| {
                b.iter(|| {
                    let limits = SearchLimits {
                        time_ms: None,
                        seed: 1,
                    };
                    black_box(ai::choose_move(&p, level, limits, &CancelHandle::new()))
                })
            });
        }
    }
    group.finish();
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("solo");
    group.sample_size(10);
    group.bench_function("classic-width-2000", |b| {
        b.iter(|| black_box(race::solo(Rules::preset(Preset::Classic), 2000)))
    });
    group.finish();
}

criterion_group!(benches, levels, solver);
criterion_main!(benches);
