#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::make::{self, RULE_SETS};
use super::*;
use crate::ai::race::{self, RacePath};
use crate::rules::board::Colour;
use crate::rules::Coord;
use crate::session::MoveError;

fn set() -> &'static PuzzleSet {
    builtin().unwrap()
}

/// Plays the puzzle's solver line by taps (and "End jump" for a tripot chain).
fn play_line(s: &mut PuzzleSession, line: &[PuzzleStep]) {
    for (i, step) in line.iter().enumerate() {
        assert!(
            !s.tap(step.from.q, step.from.r).unwrap(),
            "move {i}: select"
        );
        let mut done = s.tap(step.to.q, step.to.r).unwrap();
        if !done {
            done = s.end_jump().unwrap();
        }
        assert!(done, "move {i} of {} not played", s.puzzle().id);
    }
}

fn path_of(p: &Puzzle) -> RacePath {
    RacePath {
        moves: p
            .line
            .iter()
            .map(|s| (s.from.hole().unwrap(), s.to.hole().unwrap()))
            .collect(),
    }
}

#[test]
fn the_set_is_graded_for_both_rule_sets() {
    for preset in RULE_SETS {
        for d in [
            PuzzleDifficulty::Easy,
            PuzzleDifficulty::Medium,
            PuzzleDifficulty::Hard,
        ] {
            let n = set()
                .puzzles
                .iter()
                .filter(|p| p.rules == preset.name() && p.difficulty == d)
                .count();
            assert!(n >= 1, "{} {d:?}", preset.name());
        }
    }
    let mut ids: Vec<&str> = set().puzzles.iter().map(|p| p.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), set().puzzles.len(), "ids are unique");
}

#[test]
fn every_mid_game_puzzle_is_reproduced_from_its_seed_with_its_par_and_line() {
    // `chinese-checkers puzzles` wrote each from its seeded game and the solver: the same game
    // gives the same position, and the solver the same par and line.
    for p in set()
        .puzzles
        .iter()
        .filter(|p| p.difficulty != PuzzleDifficulty::Hard)
    {
        let preset = crate::rules::Preset::from_name(&p.rules).unwrap();
        let rules = p.rules().unwrap();
        let pos = make::mid_game(rules, p.seed.unwrap(), make::out_for(p.difficulty)).unwrap();
        assert_eq!(
            pos.pegs_of(Colour::S),
            p.position().unwrap().pegs_of(Colour::S)
        );
        assert_eq!(
            pos.pegs_of(Colour::N),
            p.position().unwrap().pegs_of(Colour::N)
        );
        let again = make::solve(p.id.clone(), preset, p.difficulty, &pos, p.seed);
        assert_eq!(again.as_ref(), Some(p), "{}", p.id);
    }
}

#[test]
fn the_generator_picks_the_first_seeds_of_each_grade() {
    // The first easy classic puzzle: no earlier seed gives an easy par (the cheapest grade to
    // check; `chinese-checkers puzzles` reproduces the whole file byte for byte).
    let first = set()
        .puzzles
        .iter()
        .find(|p| p.rules == "classic" && p.difficulty == PuzzleDifficulty::Easy)
        .unwrap();
    let rules = first.rules().unwrap();
    for seed in 1..first.seed.unwrap() {
        if let Some(pos) = make::mid_game(rules, seed, 3) {
            let p = make::solve(
                String::new(),
                crate::rules::Preset::Classic,
                first.difficulty,
                &pos,
                None,
            );
            assert!(p.is_none_or(|p| !(3..=6).contains(&p.par)), "seed {seed}");
        }
    }
}

#[test]
fn the_whole_army_puzzles_are_the_solo_races() {
    for p in set()
        .puzzles
        .iter()
        .filter(|p| p.difficulty == PuzzleDifficulty::Hard)
    {
        let rules = p.rules().unwrap();
        assert!(race::verify_solo(rules, &path_of(p)), "{}", p.id);
        assert_eq!(p.line.len() as u32, p.par);
        assert!(p.frozen.is_empty());
        // The solver's counts: the classic 27 is proven (ai::tests checks it is found), tripot's
        // 20 the best known (docs/AI.md "Solo race").
        match p.rules.as_str() {
            "classic" => assert_eq!((p.par, p.proven), (27, true)),
            _ => assert_eq!((p.par, p.proven), (20, false)),
        }
    }
}

#[test]
fn every_puzzle_is_solved_at_par_by_its_line_with_the_real_taps() {
    let mut chains = 0;
    for p in &set().puzzles {
        let mut s = PuzzleSession::new(p.clone()).unwrap();
        let frozen = s.position().pegs_of(Colour::N);
        assert!(s.facts().line.is_empty(), "the line waits for the end");
        play_line(&mut s, &p.line);
        let st = s.facts();
        assert!(st.solved && st.at_par, "{}", p.id);
        assert_eq!(st.moves, p.par as i32);
        // The line as stored (its ends), each move with the whole path the taps played.
        assert_eq!(st.line.len(), p.line.len());
        for ((shown, stored), played) in st.line.iter().zip(&p.line).zip(s.moves()) {
            assert_eq!((shown.from, shown.to), (stored.from, stored.to));
            let path: Vec<Coord> = played.path.iter().map(|&h| Coord::of(h)).collect();
            assert_eq!(shown.path, path, "{}", p.id);
            assert_eq!(shown.path.first(), Some(&shown.from));
            assert_eq!(shown.path.last(), Some(&shown.to));
        }
        chains += st.line.iter().filter(|m| m.path.len() > 2).count();
        assert_eq!(
            s.position().pegs_of(Colour::N),
            frozen,
            "frozen pegs never move"
        );
        assert!(race::verify_from(
            &p.position().unwrap(),
            Colour::S,
            &path_of(p)
        ));
    }
    assert!(chains > 0, "some line has a jump chain, drawn hop by hop");
}

#[test]
fn undo_redo_and_restart_move_freely() {
    let p = set().puzzles[0].clone();
    let mut s = PuzzleSession::new(p.clone()).unwrap();
    let start = s.position();
    play_line(&mut s, &p.line[..2]);
    let after_two = s.position();
    assert_eq!(s.facts().moves, 2);
    // The board's history lists the person's moves, numbered from the start, as played.
    let history = s.state().history;
    let numbers: Vec<(i32, i32)> = history.iter().map(|m| (m.number, m.player)).collect();
    assert_eq!(numbers, [(1, 0), (2, 0)]);
    for (shown, played) in history.iter().zip(s.moves()) {
        let path: Vec<Coord> = played.path.iter().map(|&h| Coord::of(h)).collect();
        assert_eq!((shown.kind, &shown.path), (played.kind, &path));
    }
    s.undo().unwrap();
    assert_eq!(s.state().history.len(), 1);
    s.undo().unwrap();
    assert_eq!((s.facts().moves, s.position()), (0, start));
    assert!(s.state().capabilities.can_redo && !s.state().capabilities.can_undo);
    assert_eq!(s.undo(), Err(MoveError::NothingToUndo));
    s.redo().unwrap();
    s.redo().unwrap();
    assert_eq!((s.facts().moves, s.position()), (2, after_two));
    s.undo().unwrap();
    // A new move drops what undo took back.
    play_line(&mut s, &p.line[1..2]);
    assert!(!s.state().capabilities.can_redo);
    assert_eq!(s.redo(), Err(MoveError::NothingToRedo));
    s.restart();
    assert_eq!((s.facts().moves, s.position()), (0, start));
    // It is always the racer's turn: a frozen peg cannot be selected.
    let n = p.frozen[0];
    assert!(!s.tap(n.q, n.r).unwrap());
    assert_eq!(s.facts().moves, 0);
}

#[test]
fn a_damaged_set_is_a_clear_error() {
    assert!(matches!(parse_set("{"), Err(PuzzleError::BadSet { .. })));
    let mut broken = set().clone();
    let twice = broken.puzzles[0].racing[0];
    broken.puzzles[0].racing.push(twice);
    let e = parse_set(&make::to_file_text(&broken)).unwrap_err();
    assert!(e.to_string().contains(&broken.puzzles[0].id), "{e}");
    let mut short = set().clone();
    short.puzzles[0].line.pop();
    assert!(parse_set(&make::to_file_text(&short)).is_err());
    assert!(matches!(by_id("nope"), Err(PuzzleError::Unknown { .. })));
}

#[test]
fn the_puzzle_of_the_day_is_a_function_of_the_date() {
    for days in 20_000..20_400 {
        let today = puzzle_of_the_day(days).unwrap();
        assert_eq!(today, puzzle_of_the_day(days).unwrap());
        assert_eq!(today, by_id(&format!("daily-{days}")).unwrap());
        let tomorrow = puzzle_of_the_day(days + 1).unwrap();
        assert_ne!(
            (&today.racing, &today.frozen, &today.rules),
            (&tomorrow.racing, &tomorrow.frozen, &tomorrow.rules),
            "day {days}"
        );
    }
    // Mirrored puzzles are puzzles too: their line is legal and brings the army home at par.
    for days in 0..24 {
        let p = puzzle_of_the_day(days).unwrap();
        let mut s = PuzzleSession::new(p.clone()).unwrap();
        play_line(&mut s, &p.line);
        assert!(s.facts().at_par, "{}", p.id);
    }
}

#[test]
fn results_keep_the_best_and_survive_a_damaged_file() {
    let dir = std::env::temp_dir().join(format!("cc-puzzle-stats-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut stats = PuzzleStats::load(&dir);
    assert!(stats.records.is_empty());
    assert!(stats.record("a", 9, 6));
    assert!(stats.record("a", 6, 6));
    assert!(!stats.record("a", 8, 6), "a worse solve changes nothing");
    stats.save(&dir).unwrap();
    let back = PuzzleStats::load(&dir);
    assert_eq!(
        back.records["a"],
        PuzzleRecord {
            best: 6,
            at_par: true
        }
    );
    std::fs::write(stats::stats_path(&dir), "{ not json").unwrap();
    assert!(PuzzleStats::load(&dir).records.is_empty());
    let aside = stats::stats_path(&dir).with_extension("json.unreadable");
    assert_eq!(std::fs::read_to_string(aside).unwrap(), "{ not json");
    // A second damaged file is kept beside the first.
    std::fs::write(stats::stats_path(&dir), "[").unwrap();
    assert!(PuzzleStats::load(&dir).records.is_empty());
    let second = stats::stats_path(&dir).with_extension("json.unreadable-2");
    assert_eq!(std::fs::read_to_string(second).unwrap(), "[");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn par_is_proven_only_when_the_beam_never_dropped_a_state() {
    let hard = set()
        .puzzles
        .iter()
        .find(|p| p.id == "classic-hard-1")
        .unwrap();
    // One move from home: the first layer is searched whole.
    let mut s = PuzzleSession::new(hard.clone()).unwrap();
    play_line(&mut s, &hard.line[..hard.line.len() - 1]);
    let (path, proven) = race::from_position(&s.position(), Colour::S, 20_000, 5).unwrap();
    assert_eq!((path.moves.len(), proven), (1, true));
    // A beam of two states from the start drops most of them.
    let start = hard.position().unwrap();
    let (_, proven) = race::from_position(&start, Colour::S, 2, 200).unwrap();
    assert!(!proven);
}
