//! `tune`: fits the evaluation's weights to game results (the Texel method).
//!
//! Every position of the given arena games (the `--pgn` files of `arena`) is labelled with the
//! result of its game for the side to move (1 won, 0 lost, ½ drawn). A logistic regression of
//! the label on the evaluation's features (`ai::features`) then gives one coefficient per
//! feature; divided by the race coefficient they are the weights in engine units, printed as the
//! `Weights` constant to review and paste into `rust-core/src/ai/features.rs`. Games with an even
//! index train, odd ones test, so the printed test loss shows whether the new terms predict
//! results better than the race alone on games the fit has not seen.

use std::io::BufRead;

use anyhow::{anyhow, Context, Result};
use chinese_checkers_core::ai::features::{features, FEATURES, FEATURE_NAMES, SCALE};
use chinese_checkers_core::rules::Move;
use clap::Args;
use serde_json::Value;

/// Options of `tune`.
#[derive(Args)]
pub struct TuneArgs {
    /// Arena game files (JSON lines written by `arena --pgn`).
    #[arg(required = true)]
    files: Vec<String>,
    /// Plies skipped at the start of every game (the arena's varied opening).
    #[arg(long, default_value_t = 4)]
    skip_plies: usize,
}

/// One labelled position.
struct Sample {
    x: [f64; FEATURES],
    /// Result for the side to move: 1 won, 0 lost, 0.5 drawn.
    y: f64,
    train: bool,
}

/// The labelled positions of one game line.
fn game_samples(line: &Value, skip: usize, out: &mut Vec<Sample>) -> Result<()> {
    let start = line
        .get("start")
        .ok_or_else(|| anyhow!("a game line has no \"start\" position"))?;
    let mut p = crate::engine::position(start)?;
    let index = line.get("game").and_then(Value::as_u64).unwrap_or(0);
    let winners: Vec<u64> = line
        .pointer("/outcome/winners")
        .and_then(Value::as_array)
        .map(|w| w.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    if line.get("capped").and_then(Value::as_bool) == Some(true) {
        // A game stopped by the arena's cap has no result to learn from.
        return Ok(());
    }
    let moves = line
        .get("moves")
        .and_then(Value::as_array)
        .ok_or_else(|| anyhow!("a game line has no \"moves\" array"))?;
    for (ply, mv) in moves.iter().enumerate() {
        if ply >= skip && p.outcome().is_none() {
            let me = p.to_move() as u64;
            let y = if winners.is_empty() {
                0.5
            } else if winners.contains(&me) {
                1.0
            } else {
                0.0
            };
            let x = features(&p).map(f64::from);
            out.push(Sample {
                x,
                y,
                train: index & 1 == 0,
            });
        }
        let m: Move = crate::engine::a_move(mv)?;
        p.validate(&m)
            .with_context(|| format!("game {index}, ply {ply}: illegal move"))?;
        p.apply(&m.compact());
    }
    Ok(())
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Mean log-loss of `beta` (zero outside `used`) on the samples `pick` selects.
fn log_loss(samples: &[Sample], beta: &[f64; FEATURES], pick: impl Fn(&Sample) -> bool) -> f64 {
    let (mut sum, mut n) = (0.0f64, 0.0f64);
    for s in samples.iter().filter(|s| pick(s)) {
        let p = sigmoid((0..FEATURES).map(|i| beta[i] * s.x[i]).sum()).clamp(1e-9, 1.0 - 1e-9);
        sum -= s.y * p.ln() + (1.0 - s.y) * (1.0 - p).ln();
        n += 1.0;
    }
    sum / n.max(1.0)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (`a` is small and, with the
/// ridge added by the caller, positive definite).
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col];
        for row in col + 1..FEATURES {
            let f = a[row][col] / pivot_row[col];
            for (x, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let s: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x
}

/// Logistic regression by Newton's method on the training samples, over the features in
/// `used` (the others stay at zero).
fn fit(samples: &[Sample], used: &[bool; FEATURES]) -> [f64; FEATURES] {
    let mut beta = [0.0; FEATURES];
    for _ in 0..30 {
        let mut h = [[0.0; FEATURES]; FEATURES];
        let mut g = [0.0; FEATURES];
        for s in samples.iter().filter(|s| s.train) {
            let p = sigmoid((0..FEATURES).map(|i| beta[i] * s.x[i]).sum());
            let w = p * (1.0 - p);
            for i in (0..FEATURES).filter(|&i| used[i]) {
                g[i] += (s.y - p) * s.x[i];
                for j in (0..FEATURES).filter(|&j| used[j]) {
                    h[i][j] += w * s.x[i] * s.x[j];
                }
            }
        }
        // A small ridge keeps the step defined for unused or constant features.
        for (i, row) in h.iter_mut().enumerate() {
            row[i] += if used[i] { 1e-6 } else { 1.0 };
        }
        let step = solve(h, g);
        for i in 0..FEATURES {
            beta[i] += step[i];
        }
        if step.iter().all(|d| d.abs() < 1e-10) {
            break;
        }
    }
    beta
}

/// Fits the weights and prints the losses and the `Weights` constant.
pub fn tune(args: &TuneArgs) -> Result<()> {
    let mut samples = Vec::new();
    let mut games = 0;
    for path in &args.files {
        let file = std::fs::File::open(path).with_context(|| format!("cannot read {path}"))?;
        for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.with_context(|| format!("cannot read {path}"))?;
            if line.trim().is_empty() {
                continue;
            }
            let value: Value = serde_json::from_str(&line)
                .with_context(|| format!("{path}, line {}: not a JSON game line", n + 1))?;
            game_samples(&value, args.skip_plies, &mut samples)
                .with_context(|| format!("{path}, line {}", n + 1))?;
            games += 1;
        }
    }
    if !samples.iter().any(|s| s.train) || !samples.iter().any(|s| !s.train) {
        return Err(anyhow!(
            "too few games: the fit needs games with even and odd indices (train and test)"
        ));
    }
    let race_only = {
        let mut used = [false; FEATURES];
        used[0] = true;
        used[FEATURES - 1] = true;
        fit(&samples, &used)
    };
    let full = fit(&samples, &[true; FEATURES]);
    if full[0] <= 0.0 {
        return Err(anyhow!(
            "the race does not predict the results of these games (coefficient {:.5}); more \
             games are needed",
            full[0]
        ));
    }
    println!(
        "{games} games, {} positions ({} train, {} test)",
        samples.len(),
        samples.iter().filter(|s| s.train).count(),
        samples.iter().filter(|s| !s.train).count()
    );
    for (name, beta) in [("race and tempo", &race_only), ("all features", &full)] {
        println!(
            "{name}: log-loss train {:.5}, test {:.5}",
            log_loss(&samples, beta, |s| s.train),
            log_loss(&samples, beta, |s| !s.train)
        );
    }
    for (i, name) in FEATURE_NAMES.iter().enumerate() {
        println!("  {name:<18} coefficient {:+.6}", full[i]);
    }
    // Engine units per feature unit: the race has weight one by construction.
    let weight = |i: usize| full[i] / full[0];
    let fixed = |i: usize| (weight(i) * f64::from(SCALE)).round() as i64;
    println!("Weights {{");
    println!("    best_move_to_move: {},", fixed(1));
    println!("    best_move_other: {},", -fixed(2));
    println!("    ladders: {},", fixed(3));
    println!("    stragglers: {},", fixed(4));
    println!("    spread: {},", fixed(5));
    println!("    tempo: {},", weight(FEATURES - 1).round() as i64);
    println!("}}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_the_weights_that_made_the_labels() {
        // Labels drawn from a known logistic model: race 0.05, best move 0.02, the rest 0.
        let mut samples = Vec::new();
        let mut state = 7u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 10_000) as f64 / 10_000.0
        };
        for i in 0..40_000 {
            let mut x = [0.0; FEATURES];
            x[0] = next() * 200.0 - 100.0;
            x[1] = next() * 100.0;
            for v in x.iter_mut().take(FEATURES - 1).skip(2) {
                *v = next() * 10.0 - 5.0;
            }
            x[FEATURES - 1] = 1.0;
            let z = 0.05 * x[0] + 0.02 * x[1] - 1.0;
            let y = if next() < sigmoid(z) { 1.0 } else { 0.0 };
            samples.push(Sample {
                x,
                y,
                train: i % 2 == 0,
            });
        }
        let beta = fit(&samples, &[true; FEATURES]);
        assert!((beta[0] - 0.05).abs() < 0.005, "{beta:?}");
        assert!((beta[1] - 0.02).abs() < 0.005, "{beta:?}");
        assert!((beta[FEATURES - 1] + 1.0).abs() < 0.2, "{beta:?}");
        for b in &beta[2..FEATURES - 1] {
            assert!(b.abs() < 0.03, "{beta:?}");
        }
        let tested = log_loss(&samples, &beta, |s| !s.train);
        let blind = log_loss(&samples, &[0.0; FEATURES], |s| !s.train);
        assert!(tested < blind - 0.05, "{tested} vs {blind}");
    }

    #[test]
    fn the_solver_solves() {
        let mut a = [[0.0; FEATURES]; FEATURES];
        let mut b = [0.0; FEATURES];
        for i in 0..FEATURES {
            a[i][i] = 2.0;
            if i + 1 < FEATURES {
                a[i][i + 1] = 1.0;
            }
            b[i] = i as f64;
        }
        let x = solve(a, b);
        for i in 0..FEATURES {
            let lhs: f64 = (0..FEATURES).map(|k| a[i][k] * x[k]).sum();
            assert!((lhs - b[i]).abs() < 1e-9);
        }
    }
}
