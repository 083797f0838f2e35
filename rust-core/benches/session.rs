//! One tap → GameState round trip on a crowded tripot 3-colour board (target: under 50 µs).
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use chinese_checkers_core::ai::greatest_progress;
use chinese_checkers_core::ai::AiLevel;
use chinese_checkers_core::rules::{CompactMove, Position, Rules};
use chinese_checkers_core::session::{update, Event, SearchKind, Seat, SessionState, ValidSetup};
use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};

/// Tripot, three colours a side, 20 plies of greedy play: 60 pegs, most of them mid-board.
fn crowded() -> Position {
    let mut p = Position::start_tripot(Rules::default(), 3).unwrap();
    let mut moves: Vec<CompactMove> = Vec::new();
    for _ in 0..20 {
        p.legal_moves_into(&mut moves);
        let m = greatest_progress(&p, &moves);
        p.apply(&m);
    }
    // Hand the turn back to side 1 (the person).
    if p.to_move() != 0 {
        p.legal_moves_into(&mut moves);
        let m = greatest_progress(&p, &moves);
        p.apply(&m);
    }
    p
}

/// The person's peg with the most targets (the costliest selection).
fn busiest_peg(state: &SessionState) -> (i32, i32) {
    let mut best = ((0, 0), 0);
    for h in state.view().holes.iter().filter(|h| h.occupant.is_some()) {
        let mut s = state.clone();
        update(
            &mut s,
            Event::Tap {
                q: h.coord.q,
                r: h.coord.r,
            },
        )
        .unwrap();
        let n = s.view().targets.len();
        if n > best.1 {
            best = ((h.coord.q, h.coord.r), n);
        }
    }
    best.0
}

fn bench(c: &mut Criterion) {
    let pos = crowded();
    let seats = vec![Seat::person(), Seat::ai(AiLevel::Medium)];
    let setup = ValidSetup::from_position(&pos.to_setup(), seats, 1).unwrap();
    let state = SessionState::new(setup);
    let (q, r) = busiest_peg(&state);
    let mut selected = state.clone();
    update(&mut selected, Event::Tap { q, r }).unwrap();
    let v = selected.view();
    let target = v.targets.iter().max_by_key(|t| t.path.len()).unwrap().coord;
    eprintln!(
        "crowded board: {} pegs, busiest peg ({q},{r}) with {} targets",
        v.holes.iter().filter(|h| h.occupant.is_some()).count(),
        v.targets.len()
    );

    let mut g = c.benchmark_group("session");
    g.bench_function("tap_select_view", |b| {
        let mut s = state.clone();
        b.iter(|| {
            update(&mut s, Event::Tap { q, r }).unwrap();
            let v = black_box(s.view());
            update(&mut s, Event::CancelTouch).unwrap();
            v
        })
    });
    g.bench_function("tap_play_view", |b| {
        b.iter_batched(
            || selected.clone(),
            |mut s| {
                update(
                    &mut s,
                    Event::Tap {
                        q: target.q,
                        r: target.r,
                    },
                )
                .unwrap();
                if s.view().capabilities.can_end_jump {
                    update(&mut s, Event::EndJump).unwrap();
                }
                black_box(s.view())
            },
            BatchSize::SmallInput,
        )
    });
    g.bench_function("view_only", |b| b.iter(|| black_box(selected.view())));

    // The same tap late in a long game: the history list grows with every move.
    let mut long = state.clone();
    for _ in 0..150 {
        if long.is_over() {
            break;
        }
        let p = *long.game().position();
        let mut moves = Vec::new();
        p.legal_moves_into(&mut moves);
        let m = p.expand(&greatest_progress(&p, &moves)).unwrap();
        let event = if long.ai_to_move() {
            let request = long.begin_search(SearchKind::Think, None).unwrap();
            long.finish_search(&request, Some(m));
            continue;
        } else {
            let [q, r] = chinese_checkers_core::rules::board::coords(m.path[0]);
            update(&mut long, Event::Tap { q, r }).unwrap();
            let [q, r] = chinese_checkers_core::rules::board::coords(m.path[m.path.len() - 1]);
            update(&mut long, Event::Tap { q, r }).unwrap();
            if long.view().capabilities.can_end_jump {
                Event::EndJump
            } else {
                Event::CancelTouch
            }
        };
        update(&mut long, event).unwrap();
    }
    let moves_played = long.game().history().len();
    let (lq, lr) = busiest_peg(&long);
    eprintln!("long game: {moves_played} moves, busiest peg ({lq},{lr})");
    g.bench_function("tap_select_view_long_game", |b| {
        let mut s = long.clone();
        b.iter(|| {
            update(&mut s, Event::Tap { q: lq, r: lr }).unwrap();
            let v = black_box(s.view());
            update(&mut s, Event::CancelTouch).unwrap();
            v
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
