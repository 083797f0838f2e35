//! Runs legal-move generation on a crowded tripot 3-colour middle game many times, for
//! instruction counting with `valgrind --tool=callgrind` (timings on a shared machine are noisy).

use chinese_checkers_core::rules::{CompactMove, Position, Rules};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn main() -> Result<(), chinese_checkers_core::rules::PositionError> {
    let start = Position::start_tripot(Rules::default(), 3)?;
    let mut rng = StdRng::seed_from_u64(7);
    let mut p = start;
    let mut moves = Vec::new();
    for _ in 0..72 {
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
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let mut total = 0;
    for _ in 0..runs {
        p.legal_moves_into(&mut moves);
        total += moves.len();
    }
    println!("{} moves per call", total / runs.max(1));
    Ok(())
}
