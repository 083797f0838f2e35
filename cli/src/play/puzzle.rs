//! `chinese-checkers puzzle`: the race puzzles in the terminal, line by line.
//!
//! The core's `PuzzleGame` and its board (a `Game`, as any game's) do everything (selection,
//! targets, the count, par, undo, the results); this draws the board as text, shows the count against par and reads commands: a
//! hole `q r` (select a peg, play a target, hop on in a tripot chain), `e` (end the jump), `u`
//! (undo), `r` (redo), `restart`, `q` (quit). When the army is home it prints the solver's line.

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, Result};
use chinese_checkers_core::ffi::{puzzle_of_the_day, puzzles, PuzzleGame, PuzzleInfo};
use chinese_checkers_core::rules::Colour;
use chinese_checkers_core::session::puzzle::{ParVerdict, PuzzleDifficulty, PuzzleState};
use chinese_checkers_core::session::{GameState, Highlight, MoveError};
use clap::Args;

use super::board;

/// Options of `chinese-checkers puzzle`.
#[derive(Args, Clone, Debug)]
pub struct PuzzleArgs {
    /// The puzzle to play (an id of `--list`); without it, the puzzle of the day.
    pub id: Option<String>,
    /// List the puzzles with their par and your best.
    #[arg(long)]
    pub list: bool,
}

/// Runs `chinese-checkers puzzle`.
pub fn run(args: &PuzzleArgs) -> Result<()> {
    let dir = super::save::data_dir()?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if args.list {
        return list(&dir, &mut stdout.lock());
    }
    let id = match &args.id {
        Some(id) => id.clone(),
        None => today(&dir)?.id,
    };
    play(&dir, &id, &mut stdin.lock(), &mut stdout.lock())
}

fn dir_text(dir: &Path) -> String {
    dir.to_string_lossy().to_string()
}

/// The puzzle of today's date (UTC).
fn today(dir: &Path) -> Result<PuzzleInfo> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Ok(puzzle_of_the_day(dir_text(dir), (secs / 86_400) as i64)?)
}

fn grade(d: PuzzleDifficulty) -> &'static str {
    match d {
        PuzzleDifficulty::Easy => "easy",
        PuzzleDifficulty::Medium => "medium",
        PuzzleDifficulty::Hard => "hard",
    }
}

fn par_words(par: i32, proven: bool) -> String {
    if proven {
        format!("par {par} (proven optimal)")
    } else {
        format!("par {par} (best known)")
    }
}

/// Prints the puzzles, their par and the person's best.
pub fn list(dir: &Path, out: &mut impl Write) -> Result<()> {
    for p in puzzles(dir_text(dir))? {
        let best = match p.best {
            Some(b) if p.solved_at_par => format!("best {b}, at par"),
            Some(b) => format!("best {b}"),
            None => "not solved yet".to_string(),
        };
        writeln!(
            out,
            "{:18} {:8} {:6} {}, {best}",
            p.id,
            p.preset.name(),
            grade(p.difficulty),
            par_words(p.par, p.proven)
        )?;
    }
    Ok(())
}

/// The board as text: one character per hole on the star's grid (`S` your pegs, `N` frozen
/// pegs, `*` a target, `@` the selected peg, `.` an empty hole).
fn board_text(state: &GameState) -> String {
    let mut rows = vec![vec![' '; 25]; 17];
    for h in &state.holes {
        let Some(g) = board::hole(h.coord) else {
            continue;
        };
        let (x, y) = board::grid(g);
        let c = if state.selected == Some(h.coord) {
            '@'
        } else if matches!(h.highlight, Highlight::StepTarget | Highlight::JumpTarget) {
            '*'
        } else {
            match h.occupant {
                Some(Colour::S) => 'S',
                Some(_) => 'N',
                None => '.',
            }
        };
        if let Some(cell) = rows
            .get_mut(usize::from(y))
            .and_then(|r| r.get_mut(usize::from(x)))
        {
            *cell = c;
        }
    }
    rows.iter()
        .map(|r| r.iter().collect::<String>().trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The puzzle's facts on its board (every puzzle's board has them).
fn facts(board: &GameState) -> Result<PuzzleState> {
    board
        .puzzle
        .clone()
        .context("the core gave a puzzle's board without the puzzle")
}

fn show(board: &GameState, out: &mut impl Write) -> Result<PuzzleState> {
    let state = facts(board)?;
    writeln!(out, "{}", board_text(board))?;
    writeln!(
        out,
        "{}: move {} of {}",
        state.id,
        state.moves,
        par_words(state.par, state.proven)
    )?;
    Ok(state)
}

/// Plays the puzzle `id` on `input`'s commands; returns when it is solved or the person quits.
pub fn play(dir: &Path, id: &str, input: &mut impl BufRead, out: &mut impl Write) -> Result<()> {
    let puzzle = PuzzleGame::new(dir_text(dir), id.to_string())?;
    let game = Arc::clone(&puzzle).game();
    let history = game.capabilities().undo;
    let undo = |back: bool| match &history {
        Some(h) if back => h.undo(),
        Some(h) => h.redo(),
        None => Err(MoveError::NothingToUndo),
    };
    writeln!(
        out,
        "Bring all your pegs (S) into the opposite camp. Type a hole as \"q r\", \
         e to end a jump, u to undo, r to redo, restart, q to quit."
    )?;
    let mut state = show(&game.state(), out)?;
    let mut line = String::new();
    while !state.solved {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let words: Vec<&str> = line
            .trim()
            .split([' ', ','])
            .filter(|w| !w.is_empty())
            .collect();
        let done = match words.as_slice() {
            ["q"] | ["quit"] => return Ok(()),
            ["e"] => game.end_jump(),
            ["u"] => undo(true),
            ["r"] => undo(false),
            ["restart"] => Ok(puzzle.restart()),
            [q, r] => match (q.trim().parse(), r.trim().parse()) {
                (Ok(q), Ok(r)) => game.tap(q, r),
                _ => {
                    writeln!(out, "not a hole: {}", line.trim())?;
                    continue;
                }
            },
            [] => continue,
            _ => {
                writeln!(out, "unknown command: {}", line.trim())?;
                continue;
            }
        };
        // A refused action (no jump to end, ...) is said and changes nothing.
        match done {
            Ok(board) => state = show(&board, out)?,
            Err(e) => writeln!(out, "{e}")?,
        }
    }
    let verdict = match state.verdict {
        Some(ParVerdict::UnderPar { by }) => format!("{by} under par"),
        Some(ParVerdict::OverPar { by }) => format!("{by} over par"),
        Some(ParVerdict::AtPar) | None => "at par".to_string(),
    };
    writeln!(out, "Solved in {} moves, {verdict}.", state.moves)?;
    writeln!(out, "The solver's line ({} moves):", state.line.len())?;
    for (i, s) in state.line.iter().enumerate() {
        // Every hole of the move's path, so that a jump chain reads hop by hop.
        let path: Vec<String> = s.path.iter().map(|c| format!("{} {}", c.q, c.r)).collect();
        writeln!(out, "{:2}. {}", i + 1, path.join(" -> "))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use chinese_checkers_core::session::puzzle;

    fn dir(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("cc-cli-puzzle-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_puzzle_is_solved_at_par_by_typing_its_solver_line() {
        let d = dir("solve");
        let p = puzzle::by_id("tripot-easy-1").unwrap();
        let mut typed = String::new();
        // One wrong move taken back first: undo brings the count down again.
        let first = &p.line[0];
        typed.push_str(&format!(
            "{} {}\n{} {}\ne\nu\n",
            first.from.q, first.from.r, first.to.q, first.to.r
        ));
        for s in &p.line {
            typed.push_str(&format!(
                "{} {}\n{} {}\ne\n",
                s.from.q, s.from.r, s.to.q, s.to.r
            ));
        }
        let mut out = Vec::new();
        play(&d, &p.id, &mut typed.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains(&format!("Solved in {} moves, at par.", p.par)),
            "{text}"
        );
        assert!(text.contains(&format!("The solver's line ({} moves):", p.par)));
        assert!(text.contains("move 1 of par"));
        // The line's first move printed hole by hole, from its first hole to its last.
        let first_line = text
            .lines()
            .find(|l| l.starts_with(" 1. "))
            .unwrap_or_default();
        let ends = (
            format!(" 1. {} {} ->", first.from.q, first.from.r),
            format!("-> {} {}", first.to.q, first.to.r),
        );
        assert!(
            first_line.starts_with(&ends.0) && first_line.ends_with(&ends.1),
            "{first_line}"
        );
        let mut listed = Vec::new();
        list(&d, &mut listed).unwrap();
        let listed = String::from_utf8(listed).unwrap();
        let row = listed
            .lines()
            .find(|l| l.starts_with("tripot-easy-1"))
            .unwrap();
        assert!(row.ends_with(&format!("best {}, at par", p.par)), "{row}");
        let _ = std::fs::remove_dir_all(&d);
    }
}
