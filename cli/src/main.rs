//! `chinese-checkers`: terminal play and the engine's command-line tools.
//!
//! `moves` and `apply` are a stable public contract (issue: rules engine): other tools and tests
//! drive the engine through them with the JSON formats of docs/RULES.md §6.

mod ai_tools;
mod book;
mod engine;
mod play;
mod tune;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Chinese Checkers: play in the terminal and drive the engine.
#[derive(Parser)]
#[command(name = "chinese-checkers", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in the terminal (full screen; mouse and keyboard).
    Play(play::PlayArgs),
    /// Play a race puzzle ("bring all your pegs home in par moves"): the puzzle of the day, or
    /// one of `--list`.
    Puzzle(play::puzzle::PuzzleArgs),
    /// List your last finished online games, or download one as a game file (`--download GAME`)
    /// that `play --open FILE` replays.
    Games(play::GamesArgs),
    /// Learn to play: the lessons, one step at a time (all in order, or from LESSON: an id such
    /// as tripot-moves, tripot-long-jumps, tripot-swaps, tripot-passed-turn, classic-race,
    /// sternhalma-camps).
    Learn {
        /// The lesson to start from (default: the first).
        lesson: Option<String>,
    },
    /// Print your results against each AI opponent (games of one person against the AI from the
    /// start position).
    Stats,
    /// Read a Position JSON on stdin; print every legal Move of the side to move as a JSON array.
    Moves,
    /// Read {"position": P, "move": M} on stdin; print {"position": P2, "outcome": ...}.
    Apply,
    /// Read a Position JSON on stdin; print the AI's Move JSON (depth, nodes, time on stderr).
    Bestmove(ai_tools::BestMoveArgs),
    /// Play AI-vs-AI games and print wins, confidence interval, Elo, lengths and times.
    Arena(ai_tools::ArenaArgs),
    /// Print the shortest solo race found from camp to opposite camp and its length.
    Solve(ai_tools::SolveArgs),
    /// Build the race puzzle set with the race solver and write it (seeded: reproducible).
    Puzzles(ai_tools::PuzzlesArgs),
    /// Build Impossible's opening book by self-play (deep searches of the first plies).
    Book(book::BookArgs),
    /// Fit the evaluation's weights to the results of arena games (Texel method).
    Tune(tune::TuneArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(a) => play::run(&a),
        Command::Puzzle(a) => play::puzzle::run(&a),
        Command::Games(a) => play::games(&a),
        Command::Learn { lesson } => play::learn::run(lesson.as_deref()),
        Command::Stats => play::stats(),
        Command::Moves => engine::moves(),
        Command::Apply => engine::apply(),
        Command::Bestmove(a) => ai_tools::bestmove(&a),
        Command::Arena(a) => ai_tools::arena(&a),
        Command::Solve(a) => ai_tools::solve(&a),
        Command::Puzzles(a) => ai_tools::puzzles(&a),
        Command::Tune(a) => tune::tune(&a),
        Command::Book(a) => book::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
