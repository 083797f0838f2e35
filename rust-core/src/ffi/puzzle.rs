//! Race puzzles for the apps: the built-in set, the puzzle of the day, and [`PuzzleGame`], a
//! puzzle in play (tap, "End jump", undo, redo, restart; the solver's line once solved).
//!
//! Results (best count per puzzle, solved at par) are kept in `puzzle-results.json` in the data
//! directory the app passes (the one it gives the saved-games library).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use parking_lot::Mutex;

use crate::rules::{Coord, Preset};
use crate::session::puzzle::{self, Puzzle, PuzzleDifficulty, PuzzleError, PuzzleStats};
use crate::session::puzzle::{PuzzleSession, PuzzleState};
use crate::session::signed::int;
use crate::session::{GameState, MoveError};

/// A puzzle as the puzzle list shows it, with the person's result.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PuzzleInfo {
    /// Stable id (`classic-easy-1`; `daily-<days>` for the puzzle of the day).
    pub id: String,
    /// The rule set.
    pub preset: Preset,
    /// Graded difficulty.
    pub difficulty: PuzzleDifficulty,
    /// The racing army's pegs (the person's, colour `S`, at the bottom).
    pub racing: Vec<Coord>,
    /// Pegs that never move (colour `N`).
    pub frozen: Vec<Coord>,
    /// The solver's count of moves.
    pub par: i32,
    /// Whether par is proven optimal (otherwise the best known).
    pub proven: bool,
    /// The fewest moves the person solved it in, if ever solved.
    pub best: Option<i32>,
    /// Solved in par moves or fewer at least once.
    pub solved_at_par: bool,
    /// Its place among the set's puzzles of its rule set and difficulty, from 1 (the list calls
    /// it "Tripot · Easy 2"); `None` for the puzzle of the day.
    pub number: Option<i32>,
}

fn info(p: &Puzzle, stats: &PuzzleStats, number: Option<i32>) -> Result<PuzzleInfo, PuzzleError> {
    let preset = Preset::from_name(&p.rules).ok_or_else(|| PuzzleError::BadSet {
        detail: format!("{}: unknown rule set {}", p.id, p.rules),
    })?;
    let record = stats.records.get(&p.id);
    Ok(PuzzleInfo {
        id: p.id.clone(),
        preset,
        difficulty: p.difficulty,
        racing: p.racing.clone(),
        frozen: p.frozen.clone(),
        par: int(p.par),
        proven: p.proven,
        best: record.map(|r| int(r.best)),
        solved_at_par: record.is_some_and(|r| r.at_par),
        number,
    })
}

/// The built-in puzzles, by rule set then difficulty, with the results kept in `data_dir`.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn puzzles(data_dir: String) -> Result<Vec<PuzzleInfo>, PuzzleError> {
    let stats = PuzzleStats::load(Path::new(&data_dir));
    let set = &puzzle::builtin()?.puzzles;
    set.iter()
        .enumerate()
        .map(|(i, p)| {
            let place = set[..=i]
                .iter()
                .filter(|o| o.rules == p.rules && o.difficulty == p.difficulty)
                .count();
            info(p, &stats, Some(int(place)))
        })
        .collect()
}

/// The person's puzzle results as Statistics shows them: over the built-in set only. The puzzle
/// of the day is a different puzzle every day, so it is not one of the "of N" (its results are
/// kept and shown in the list all the same).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PuzzleTally {
    /// Puzzles of the set solved at least once.
    pub solved: i32,
    /// Puzzles of the set solved in par moves or fewer at least once.
    pub at_par: i32,
    /// Puzzles in the set.
    pub total: i32,
}

/// The person's results over the built-in set, kept in `data_dir` (Statistics' puzzles line).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn puzzle_tally(data_dir: String) -> Result<PuzzleTally, PuzzleError> {
    let list = puzzles(data_dir)?;
    let count = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    Ok(PuzzleTally {
        solved: count(list.iter().filter(|p| p.best.is_some()).count()),
        at_par: count(list.iter().filter(|p| p.solved_at_par).count()),
        total: count(list.len()),
    })
}

/// The puzzle of the day for `days_since_epoch` (the app's local date, days since 1970-01-01):
/// the same date gives the same puzzle, consecutive dates differ. Play it with its id.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn puzzle_of_the_day(
    data_dir: String,
    days_since_epoch: i64,
) -> Result<PuzzleInfo, PuzzleError> {
    let stats = PuzzleStats::load(Path::new(&data_dir));
    info(&puzzle::puzzle_of_the_day(days_since_epoch)?, &stats, None)
}

/// A puzzle in play. Thread-safe; every call returns the new state.
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct PuzzleGame {
    session: Mutex<PuzzleSession>,
    data_dir: PathBuf,
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl PuzzleGame {
    /// Starts the puzzle `id` (from [`puzzles`] or [`puzzle_of_the_day`]); its result is kept in
    /// `data_dir` when solved.
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn new(data_dir: String, id: String) -> Result<Arc<PuzzleGame>, PuzzleError> {
        let p = puzzle::by_id(&id)?;
        let session = PuzzleSession::new(p).map_err(|detail| PuzzleError::BadSet { detail })?;
        Ok(Arc::new(PuzzleGame {
            session: Mutex::new(session),
            data_dir: PathBuf::from(data_dir),
        }))
    }

    /// What the screen shows now.
    pub fn state(&self) -> PuzzleState {
        self.session.lock().state()
    }

    /// A tap on the hole `(q, r)`: select a racing peg, play a target, go on with a chain.
    pub fn tap(&self, q: i32, r: i32) -> Result<PuzzleState, MoveError> {
        let mut s = self.session.lock();
        let played = s.tap(q, r)?;
        Ok(self.after(&s, played))
    }

    /// "End jump": plays the tripot chain in progress as it stands.
    pub fn end_jump(&self) -> Result<PuzzleState, MoveError> {
        let mut s = self.session.lock();
        let played = s.end_jump()?;
        Ok(self.after(&s, played))
    }

    /// Takes back the last move (any number of times; the count goes down).
    pub fn undo(&self) -> PuzzleState {
        let mut s = self.session.lock();
        s.undo();
        s.state()
    }

    /// Plays again the last move taken back.
    pub fn redo(&self) -> PuzzleState {
        let mut s = self.session.lock();
        s.redo();
        let state = s.state();
        self.keep_result(&state);
        state
    }

    /// Back to the puzzle's start.
    pub fn restart(&self) -> PuzzleState {
        let mut s = self.session.lock();
        s.restart();
        s.state()
    }

    /// The board after the first `step` moves of the solver's line (0: the start; `par`: the
    /// end), those moves its history, to step through the line on the solved sheet; the
    /// person's own game is not touched. `None` before the puzzle is solved (the line is not
    /// given away) or for a step outside `0..=par`.
    pub fn line_board(&self, step: i32) -> Option<GameState> {
        let step = usize::try_from(step).ok()?;
        self.session.lock().line_board(step)
    }
}

impl PuzzleGame {
    fn after(&self, s: &PuzzleSession, played: bool) -> PuzzleState {
        let state = s.state();
        if played {
            self.keep_result(&state);
        }
        state
    }

    /// Notes a solve in the results file (a failed write is logged: the puzzle still counts on
    /// screen).
    fn keep_result(&self, state: &PuzzleState) {
        if !state.solved {
            return;
        }
        let mut stats = PuzzleStats::load(&self.data_dir);
        // The state's counts come from the session: never negative.
        let count = |n: i32| u32::try_from(n).unwrap_or(0);
        if stats.record(&state.id, count(state.moves), count(state.par)) {
            if let Err(e) = stats.save(&self.data_dir) {
                log::warn!("puzzle result not kept: {e}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::session::puzzle::ParVerdict;

    /// Plays the solver's line of the puzzle `id`; returns the final state.
    fn solve(d: &str, id: &str) -> PuzzleState {
        solve_on(&PuzzleGame::new(d.to_string(), id.to_string()).unwrap())
    }

    fn solve_on(game: &PuzzleGame) -> PuzzleState {
        let id = game.state().id;
        let p = puzzle::by_id(&id).unwrap();
        for step in &p.line {
            let before = game.state().moves;
            game.tap(step.from.q, step.from.r).unwrap();
            if game.tap(step.to.q, step.to.r).unwrap().moves == before {
                game.end_jump().unwrap();
            }
        }
        game.state()
    }

    #[test]
    fn a_puzzle_solved_at_par_shows_in_the_list() {
        let dir = std::env::temp_dir().join(format!("cc-ffi-puzzle-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let d = dir.to_string_lossy().to_string();
        let list = puzzles(d.clone()).unwrap();
        let total = list.len() as i32;
        let tally = |solved, at_par| PuzzleTally {
            solved,
            at_par,
            total,
        };
        assert_eq!(puzzle_tally(d.clone()).unwrap(), tally(0, 0));
        let first = &list[0];
        assert_eq!((first.best, first.solved_at_par), (None, false));
        assert_eq!(first.number, Some(1));
        let s = solve(&d, &first.id);
        assert!(s.solved && s.at_par);
        assert_eq!(s.verdict, Some(ParVerdict::AtPar));
        assert_eq!(s.line.len() as i32, s.par);
        let again = &puzzles(d.clone()).unwrap()[0];
        assert_eq!((again.best, again.solved_at_par), (Some(s.par), true));
        assert_eq!(puzzle_tally(d.clone()).unwrap(), tally(1, 1));
        // The puzzle of the day is not one of the set's: solving it leaves the tally as it was.
        let today = puzzle_of_the_day(d.clone(), 20_000).unwrap();
        assert!(today.id.starts_with("daily-"));
        assert_eq!(
            today.number, None,
            "the puzzle of the day has no number in the set"
        );
        assert!(solve(&d, &today.id).solved);
        assert_eq!(
            puzzle_of_the_day(d.clone(), 20_000).unwrap().best,
            Some(today.par)
        );
        assert_eq!(puzzle_tally(d).unwrap(), tally(1, 1));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn each_puzzle_is_numbered_within_its_rule_set_and_difficulty() {
        let list = puzzles(String::new()).unwrap();
        let mut seen: Vec<(Preset, PuzzleDifficulty, i32)> = Vec::new();
        for p in &list {
            let before = seen
                .iter()
                .filter(|(r, d, _)| *r == p.preset && *d == p.difficulty)
                .count();
            assert_eq!(p.number, Some(before as i32 + 1), "{}", p.id);
            seen.push((p.preset, p.difficulty, before as i32 + 1));
        }
    }

    #[test]
    fn the_solvers_line_is_stepped_on_boards_of_its_own() {
        let dir = std::env::temp_dir().join(format!("cc-ffi-line-{}", std::process::id()));
        let d = dir.to_string_lossy().to_string();
        let id = puzzles(d.clone()).unwrap()[0].id.clone();
        let game = PuzzleGame::new(d.clone(), id).unwrap();
        let start = game.state().board;
        assert_eq!(game.line_board(0), None, "not before the puzzle is solved");
        let solved = solve_on(&game);
        let par = solved.par;
        let first = game.line_board(0).unwrap();
        assert_eq!(first.holes, start.holes, "step 0 is the start");
        assert!(first.history.is_empty());
        for step in 1..=par {
            let board = game.line_board(step).unwrap();
            assert_eq!(board.history.len() as i32, step);
            let last = &board.history[step as usize - 1].path;
            assert_eq!(last, &solved.line[step as usize - 1].path, "step {step}");
        }
        assert_eq!(game.line_board(par).unwrap().holes, solved.board.holes);
        assert_eq!(game.line_board(par + 1), None);
        assert_eq!(game.line_board(-1), None);
        assert_eq!(game.state(), solved, "the person's game is untouched");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_solve_over_or_under_par_says_by_how_many() {
        assert_eq!(ParVerdict::of(9, 7), ParVerdict::OverPar { by: 2 });
        assert_eq!(ParVerdict::of(6, 7), ParVerdict::UnderPar { by: 1 });
        assert_eq!(ParVerdict::of(7, 7), ParVerdict::AtPar);
    }
}
