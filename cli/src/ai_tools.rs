//! The AI's measuring tools: `bestmove`, `arena` and `solve`.

use std::io::Read;
use std::time::Instant;

use anyhow::{anyhow, Context, Result};
use chinese_checkers_core::ai::{self, race, AiLevel, CancelHandle, SearchLimits};
use chinese_checkers_core::rules::board::coords;
use chinese_checkers_core::rules::{Preset, Rules};
use chinese_checkers_core::session::puzzle;
use clap::Args;
use serde_json::Value;

fn level(name: &str) -> Result<AiLevel> {
    AiLevel::from_name(name).ok_or_else(|| {
        anyhow!("unknown level \"{name}\" (beginner, easy, medium, hard, impossible)")
    })
}

fn rules(name: &str) -> Result<Rules> {
    Preset::from_name(name).map(Rules::preset).ok_or_else(|| {
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        anyhow!(
            "unknown rules \"{name}\": the rule sets are {}",
            names.join(", ")
        )
    })
}

/// Options of `bestmove`.
#[derive(Args)]
pub struct BestMoveArgs {
    /// beginner, easy, medium, hard or impossible.
    #[arg(long)]
    level: String,
    /// Wall-clock budget; without it the level's deterministic node budget applies.
    #[arg(long)]
    time_ms: Option<u64>,
    /// Seed of the level's randomness.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads of the Hard and Impossible searches (1: deterministic).
    #[arg(long, default_value_t = 1)]
    search_threads: usize,
}

/// Reads a Position JSON on stdin and prints the chosen Move JSON (search facts on stderr).
pub fn bestmove(args: &BestMoveArgs) -> Result<()> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .context("failed to read standard input")?;
    let value: Value = serde_json::from_str(&text).context("failed to parse the input as JSON")?;
    let position = crate::engine::position(&value)?;
    if position.outcome().is_some() {
        return Err(anyhow!("the game is already over"));
    }
    ai::set_search_threads(search_threads(args.search_threads)?);
    let limits = SearchLimits {
        time_ms: args.time_ms,
        seed: args.seed,
    };
    let r = ai::choose_move(&position, level(&args.level)?, limits, &CancelHandle::new());
    println!("{}", r.best.to_json());
    eprintln!(
        "depth {} nodes {} time {} ms score {}",
        r.depth, r.nodes, r.elapsed_ms, r.score
    );
    Ok(())
}

/// Checks a `--search-threads` value.
fn search_threads(n: usize) -> Result<usize> {
    if (1..=ai::MAX_SEARCH_THREADS).contains(&n) {
        Ok(n)
    } else {
        Err(anyhow!(
            "--search-threads must be between 1 and {} (1 is deterministic)",
            ai::MAX_SEARCH_THREADS
        ))
    }
}

/// Parses six comma-separated weights (the order of `ai::features::Weights`).
fn weights(text: &str) -> Result<ai::features::Weights> {
    let numbers: Vec<i32> = text
        .split(',')
        .map(|n| n.trim().parse::<i32>())
        .collect::<Result<_, _>>()
        .map_err(|_| anyhow!("weights must be six integers separated by commas, got \"{text}\""))?;
    let &[best_move_to_move, best_move_other, ladders, stragglers, spread, tempo] =
        numbers.as_slice()
    else {
        return Err(anyhow!(
            "weights must be six integers (best_move_to_move,best_move_other,ladders,\
             stragglers,spread,tempo), got {}",
            numbers.len()
        ));
    };
    Ok(ai::features::Weights {
        best_move_to_move,
        best_move_other,
        ladders,
        stragglers,
        spread,
        tempo,
    })
}

/// Options of `solve`.
#[derive(Args)]
pub struct SolveArgs {
    /// tripot (long jumps), classic (short jumps), sternhalma or rulebook.
    #[arg(long, default_value = "classic")]
    rules: String,
    /// Beam width per layer, at least 2 (wider is slower and finds shorter races).
    #[arg(long, default_value_t = 20_000)]
    width: usize,
}

/// The smallest beam `solve` accepts.
const MIN_WIDTH: usize = 2;

/// Prints the shortest solo race found (S camp to N camp on an empty board) and its length.
pub fn solve(args: &SolveArgs) -> Result<()> {
    if args.width < MIN_WIDTH {
        return Err(anyhow!(
            "--width must be at least {MIN_WIDTH} (the beam keeps this many positions per \
             layer; the default is 20000)"
        ));
    }
    let r = rules(&args.rules)?;
    let start = Instant::now();
    let path = race::solo(r, args.width).ok_or_else(|| {
        anyhow!(
            "no race found with beam width {}: try a wider beam (the default is 20000)",
            args.width
        )
    })?;
    if !race::verify_solo(r, &path) {
        return Err(anyhow!("internal error: the race found is not legal"));
    }
    for (i, &(from, to)) in path.moves.iter().enumerate() {
        println!("{:2}. {:?} -> {:?}", i + 1, coords(from), coords(to));
    }
    println!(
        "{} moves ({} rules, beam width {}, {} ms)",
        path.moves.len(),
        args.rules,
        args.width,
        start.elapsed().as_millis()
    );
    Ok(())
}

/// Options of `puzzles`.
#[derive(Args)]
pub struct PuzzlesArgs {
    /// Where to write the set (the checked-in copy is rust-core/src/session/puzzles.json).
    #[arg(long, default_value = "rust-core/src/session/puzzles.json")]
    out: std::path::PathBuf,
}

/// Builds the race puzzle set (seeded: the same file every run) and writes it.
pub fn puzzles(args: &PuzzlesArgs) -> Result<()> {
    let start = Instant::now();
    let set = puzzle::make::generate();
    for p in &set.puzzles {
        println!(
            "{:18} par {:2} {}",
            p.id,
            p.par,
            if p.proven { "proven" } else { "best known" }
        );
    }
    std::fs::write(&args.out, puzzle::make::to_file_text(&set))
        .with_context(|| format!("failed to write {}", args.out.display()))?;
    println!(
        "{} puzzles written to {} ({} ms)",
        set.puzzles.len(),
        args.out.display(),
        start.elapsed().as_millis()
    );
    Ok(())
}

mod arena;
mod openings;

pub use arena::{arena, ArenaArgs};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_rules_list_the_rule_sets() {
        let e = rules("foo").unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown rules \"foo\": the rule sets are tripot, classic, sternhalma, rulebook"
        );
    }
}
