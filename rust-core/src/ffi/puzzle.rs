//! Race puzzles for the apps: the built-in set, the puzzle of the day, and [`PuzzleGame`], a
//! puzzle in play: its board is a `Game` (tap, "End jump", undo, redo), the puzzle itself
//! restarts and, once solved, gives the solver's line.
//!
//! Results (best count per puzzle, solved at par) are kept in `puzzle-results.json` in the data
//! directory the app passes (the one it gives the saved-games library).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use parking_lot::Mutex;

use super::listen::{self, Delivery};
use crate::rules::{Coord, Preset};
use crate::session::puzzle::PuzzleSession;
use crate::session::puzzle::{self, Puzzle, PuzzleDifficulty, PuzzleError, PuzzleStats};
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

/// A puzzle in play, and the handle of its own actions (`GameCapabilities.puzzle`): restart and
/// the solver's line. Its board is a `Game` (`game()`) like any other: taps, "End jump", undo
/// and redo go there, and its state carries the puzzle's facts (`GameState.puzzle`).
/// Thread-safe.
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct PuzzleGame {
    session: Mutex<PuzzleSession>,
    data_dir: PathBuf,
    delivery: Arc<Delivery>,
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
            delivery: Delivery::new(),
        }))
    }

    /// Back to the puzzle's start. The board's listener hears it.
    pub fn restart(&self) -> GameState {
        self.change(|s| {
            s.restart();
            Ok(false)
        })
        .unwrap_or_else(|_| self.state())
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
    /// The board as it stands, with the puzzle's facts.
    pub(crate) fn state(&self) -> GameState {
        self.session.lock().state()
    }

    pub(crate) fn delivery(&self) -> &Arc<Delivery> {
        &self.delivery
    }

    /// A tap on the hole `(q, r)`: select a racing peg, play a target, go on with a chain.
    pub(crate) fn tap(&self, q: i32, r: i32) -> Result<GameState, MoveError> {
        self.change(|s| s.tap(q, r))
    }

    /// "End jump": plays the tripot chain in progress as it stands.
    pub(crate) fn end_jump(&self) -> Result<GameState, MoveError> {
        self.change(|s| s.end_jump())
    }

    /// Drops the selection or the chain in progress.
    pub(crate) fn cancel_touch(&self) -> GameState {
        self.change(|s| s.cancel_touch())
            .unwrap_or_else(|_| self.state())
    }

    /// Takes back the last move (any number of times; the count goes down).
    pub(crate) fn undo(&self) -> Result<GameState, MoveError> {
        self.change(|s| s.undo().map(|()| false))
    }

    /// Plays again the last move taken back; a solve it makes is kept.
    pub(crate) fn redo(&self) -> Result<GameState, MoveError> {
        self.change(|s| s.redo().map(|()| true))
    }

    /// Runs a change (which says whether it played a move); the result is kept when the move
    /// solved the puzzle, and the listener hears the new state.
    fn change(
        &self,
        act: impl FnOnce(&mut PuzzleSession) -> Result<bool, MoveError>,
    ) -> Result<GameState, MoveError> {
        listen::change(&self.session, &self.delivery, |s| {
            let played = act(s)?;
            let state = s.state();
            if played {
                self.keep_result(&state);
            }
            Ok(state)
        })
    }

    /// Notes a solve in the results file (a failed write is logged: the puzzle still counts on
    /// screen).
    fn keep_result(&self, state: &GameState) {
        let Some(facts) = state.puzzle.as_ref().filter(|p| p.solved) else {
            return;
        };
        let mut stats = PuzzleStats::load(&self.data_dir);
        // The state's counts come from the session: never negative.
        let count = |n: i32| u32::try_from(n).unwrap_or(0);
        if stats.record(&facts.id, count(facts.moves), count(facts.par)) {
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
    use crate::ffi::Game;
    use crate::session::puzzle::{ParVerdict, PuzzleState};

    /// The facts of a puzzle's board.
    fn facts(state: &GameState) -> PuzzleState {
        state.puzzle.clone().unwrap()
    }

    /// Plays the solver's line of the puzzle `id`; returns the final state.
    fn solve(d: &str, id: &str) -> PuzzleState {
        let game = PuzzleGame::new(d.to_string(), id.to_string()).unwrap();
        facts(&solve_on(&game.game()))
    }

    /// Plays the solver's line on a puzzle's board with a player's taps.
    fn solve_on(board: &Game) -> GameState {
        let id = facts(&board.state()).id;
        let p = puzzle::by_id(&id).unwrap();
        for step in &p.line {
            let before = facts(&board.state()).moves;
            board.tap(step.from.q, step.from.r).unwrap();
            if facts(&board.tap(step.to.q, step.to.r).unwrap()).moves == before {
                board.end_jump().unwrap();
            }
        }
        board.state()
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
        let board = Arc::clone(&game).game();
        let start = board.state();
        assert_eq!(game.line_board(0), None, "not before the puzzle is solved");
        let solved = solve_on(&board);
        let line = facts(&solved).line;
        let par = facts(&solved).par;
        let first = game.line_board(0).unwrap();
        assert_eq!(first.holes, start.holes, "step 0 is the start");
        assert!(first.history.is_empty());
        assert_eq!(
            first.puzzle, None,
            "a board of the line is not the puzzle in play"
        );
        for step in 1..=par {
            let at = game.line_board(step).unwrap();
            assert_eq!(at.history.len() as i32, step);
            let last = &at.history[step as usize - 1].path;
            assert_eq!(last, &line[step as usize - 1].path, "step {step}");
        }
        assert_eq!(game.line_board(par).unwrap().holes, solved.holes);
        assert_eq!(game.line_board(par + 1), None);
        assert_eq!(game.line_board(-1), None);
        assert_eq!(board.state(), solved, "the person's game is untouched");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Hears every state of a board.
    struct Heard(Mutex<Vec<GameState>>);

    impl crate::ffi::GameListener for Heard {
        fn changed(&self, state: GameState) {
            self.0.lock().push(state);
        }
    }

    #[test]
    fn a_puzzles_board_is_a_game_with_undo_and_its_own_handle() {
        let id = puzzles(String::new()).unwrap()[0].id.clone();
        let puzzle = PuzzleGame::new(String::new(), id.clone()).unwrap();
        let board = Arc::clone(&puzzle).game();
        let heard = Arc::new(Heard(Mutex::new(Vec::new())));
        board.set_listener(Some(heard.clone()));
        let capabilities = board.capabilities();
        assert!(capabilities.puzzle.is_some() && capabilities.lesson.is_none());
        assert!(capabilities.hint.is_none() && capabilities.ai.is_none() && !capabilities.resign);
        assert_eq!(board.id(), id);
        let history = capabilities.undo.unwrap();
        assert_eq!(history.undo().err(), Some(MoveError::NothingToUndo));
        assert_eq!(board.resign().err(), Some(MoveError::NotYourTurn));

        // The first move of the solver's line, by taps on the board.
        let step = &puzzle::by_id(&id).unwrap().line[0];
        board.tap(step.from.q, step.from.r).unwrap();
        assert!(board.state().selected.is_some());
        assert_eq!(board.cancel_touch().selected, None, "the selection dropped");
        board.tap(step.from.q, step.from.r).unwrap();
        let mut after = board.tap(step.to.q, step.to.r).unwrap();
        if facts(&after).moves == 0 {
            after = board.end_jump().unwrap();
        }
        assert_eq!(facts(&after).moves, 1);
        assert!(after.capabilities.can_undo && !after.capabilities.can_redo);
        let back = history.undo().unwrap();
        assert_eq!(facts(&back).moves, 0);
        assert!(!back.capabilities.can_undo && back.capabilities.can_redo);
        assert_eq!(facts(&history.redo().unwrap()).moves, 1);
        assert_eq!(facts(&puzzle.restart()).moves, 0);
        // The listener heard each change, the restart (made through the puzzle's handle) last.
        let heard = heard.0.lock();
        assert_eq!(heard.last(), Some(&board.state()));
        assert!(heard.len() >= 6, "{} states heard", heard.len());
        assert!(heard.windows(2).all(|w| w[0].revision <= w[1].revision));
    }

    #[test]
    fn a_solve_over_or_under_par_says_by_how_many() {
        assert_eq!(ParVerdict::of(9, 7), ParVerdict::OverPar { by: 2 });
        assert_eq!(ParVerdict::of(6, 7), ParVerdict::UnderPar { by: 1 });
        assert_eq!(ParVerdict::of(7, 7), ParVerdict::AtPar);
    }
}
