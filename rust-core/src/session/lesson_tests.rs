//! Every lesson played through to the end by its intended moves, and a wrong try per step
//! refused with the expected reason; the rule diagrams checked against the rules engine.

use super::lesson::*;
use super::lesson_data::{lesson_specs, StepSpec};
use super::types::{Banner, Coord, Notice, Unreachable};
use crate::rules::board::hole_at;
use crate::rules::{Colour, CompactMove, Hole, MoveKind, Preset};

fn hole_at_coord(h: Coord) -> Option<Hole> {
    hole_at(h.q, h.r)
}

/// A learner's action.
#[derive(Clone, Copy, Debug)]
enum Act {
    Tap(i32, i32),
    EndJump,
}

fn c(q: i32, r: i32) -> Coord {
    Coord { q, r }
}

fn run(play: &mut LessonPlay, acts: &[Act]) {
    for act in acts {
        let result = match *act {
            Act::Tap(q, r) => play.tap(q, r),
            Act::EndJump => play.end_jump(),
        };
        assert_eq!(result, Ok(()), "{act:?}");
    }
}

/// The taps that play a step's intended move: hop by hop in a tripot chain (then "End jump" if
/// the chain could go on), else the peg and its target.
fn intended_taps(rules: Preset, step: &StepSpec) -> Vec<Act> {
    let p = &step.path;
    match step.kind {
        MoveKind::Pass => Vec::new(),
        MoveKind::Jump if rules == Preset::Tripot => {
            let mut acts: Vec<Act> = p.iter().map(|h| Act::Tap(h.q, h.r)).collect();
            acts.push(Act::EndJump);
            acts
        }
        _ => vec![
            Act::Tap(p[0].q, p[0].r),
            Act::Tap(p[p.len() - 1].q, p[p.len() - 1].r),
        ],
    }
}

/// A lesson's board and its facts, read as one (`s.step`, `s.board.holes`).
#[derive(Debug, PartialEq)]
struct Shown {
    board: super::types::GameState,
    facts: LessonState,
}

impl std::ops::Deref for Shown {
    type Target = LessonState;

    fn deref(&self) -> &LessonState {
        &self.facts
    }
}

fn shown(play: &LessonPlay) -> Shown {
    let board = play.state();
    let facts = board
        .lesson
        .clone()
        .expect("a lesson's board has its facts");
    Shown { board, facts }
}

#[test]
fn every_intended_move_is_legal_in_its_position() {
    for lesson in lesson_specs() {
        for (i, step) in lesson.steps.iter().enumerate() {
            let pos = step_position(step).expect("the position reads");
            assert_eq!(pos.rules().preset, lesson.rules, "{} {i}", lesson.id);
            let mut legal = Vec::new();
            pos.legal_moves_into(&mut legal);
            let holes: Vec<_> = step
                .path
                .iter()
                .map(|&h| hole_at_coord(h).unwrap())
                .collect();
            let want = match step.kind {
                MoveKind::Pass => CompactMove::PASS,
                kind => CompactMove::new(kind, holes[0], holes[holes.len() - 1]),
            };
            assert!(legal.contains(&want), "{} step {i}: {want:?}", lesson.id);
            for &h in &step.pointer {
                assert!(
                    hole_at_coord(h).is_some(),
                    "{} step {i}: pointer {h:?}",
                    lesson.id
                );
            }
        }
    }
}

#[test]
fn every_lesson_plays_through_to_the_end() {
    let all = lessons();
    assert_eq!(all.len(), lesson_specs().len());
    assert_eq!(all[0].rules, Preset::Tripot, "tripot first");
    for lesson in lesson_specs() {
        let mut play = LessonPlay::open(lesson.id).expect("the lesson opens");
        for (i, step) in lesson.steps.iter().enumerate() {
            let s = shown(&play);
            assert_eq!(s.step, i as i32);
            assert_eq!(s.goal, step.goal);
            if step.goal != LessonGoal::WatchPass {
                assert_eq!(
                    s.board.to_move, s.learner,
                    "{} {i}: learner to move",
                    lesson.id
                );
                assert!(!s.step_done && !s.lesson_done, "{} {i}", lesson.id);
                assert!(!play.next_step(), "no next before the goal");
            }
            run(&mut play, &intended_taps(lesson.rules, step));
            let s = shown(&play);
            assert!(s.step_done, "{} step {i}: {:?}", lesson.id, s.feedback);
            assert!(!s.board.ai_to_move);
            let want = if step.goal == LessonGoal::WatchPass {
                LessonFeedback::TurnPassed
            } else {
                LessonFeedback::StepDone
            };
            assert_eq!(s.feedback, Some(want));
            if step.kind != MoveKind::Pass {
                // The move played is the intended one (same start and end).
                let last = &s.board.last_move;
                assert_eq!(last.first(), step.path.first(), "{} {i}", lesson.id);
                assert_eq!(last.last(), step.path.last(), "{} {i}", lesson.id);
            }
            if i + 1 < lesson.steps.len() {
                assert!(play.next_step());
            }
        }
        let s = shown(&play);
        assert!(s.lesson_done, "{}", lesson.id);
        assert!(!play.next_step(), "no step after the last");
    }
}

/// A wrong try per step and what the learner is told.
fn wrong_tries() -> Vec<(&'static str, usize, Vec<Act>, LessonFeedback)> {
    use Act::{EndJump, Tap};
    let wrong = |reason, path: &[[i32; 2]]| LessonFeedback::Missed {
        reason,
        path: path.iter().map(|&[q, r]| c(q, r)).collect(),
    };
    let refused = |reason| LessonFeedback::Refused {
        notice: Notice::NotReachable { reason },
    };
    vec![
        (
            "tripot-moves",
            0,
            vec![Tap(-1, 4), Tap(-1, 2)],
            wrong(WrongTry::NotAStep, &[[-1, 4], [-1, 2]]),
        ),
        (
            "tripot-moves",
            1,
            vec![Tap(-2, 4), Tap(0, 4)],
            wrong(
                WrongTry::WrongPivot { found: Colour::S },
                &[[-2, 4], [0, 4]],
            ),
        ),
        (
            "tripot-moves",
            2,
            vec![Tap(0, 4), Tap(0, 2), EndJump],
            wrong(WrongTry::ChainTooShort { hops: 1 }, &[[0, 4], [0, 2]]),
        ),
        (
            "tripot-moves",
            3,
            vec![Tap(0, 4), Tap(0, 2), Tap(0, 0), Tap(0, -2)],
            wrong(
                WrongTry::ChainTooLong { hops: 3 },
                &[[0, 4], [0, 2], [0, 0], [0, -2]],
            ),
        ),
        (
            "tripot-long-jumps",
            0,
            vec![Tap(0, 4), Tap(2, 2)],
            wrong(WrongTry::WrongJumpLength { distance: 1 }, &[[0, 4], [2, 2]]),
        ),
        (
            "tripot-long-jumps",
            1,
            vec![Tap(-4, 8), Tap(-4, 7)],
            wrong(WrongTry::NotAJump, &[[-4, 8], [-4, 7]]),
        ),
        (
            "tripot-swaps",
            0,
            vec![Tap(0, 0), Tap(1, 0)],
            wrong(WrongTry::NotASwap, &[[0, 0], [1, 0]]),
        ),
        (
            "tripot-swaps",
            1,
            vec![Tap(2, -5), Tap(1, -5)],
            wrong(WrongTry::SquatterStays, &[[2, -5], [1, -5]]),
        ),
        (
            "classic-race",
            0,
            vec![Tap(0, 4), Tap(0, -2)],
            refused(Unreachable::NoPath),
        ),
        (
            "classic-race",
            1,
            vec![Tap(1, -4), Tap(0, -4)],
            wrong(WrongTry::NoWin, &[[1, -4], [0, -4]]),
        ),
        (
            "sternhalma-camps",
            0,
            vec![Tap(2, 2), Tap(4, 2)],
            refused(Unreachable::CampRule),
        ),
        (
            "sternhalma-camps",
            1,
            vec![Tap(2, -5), Tap(1, -4)],
            refused(Unreachable::TargetLock),
        ),
        (
            "sternhalma-camps",
            2,
            vec![Tap(-4, 4), Tap(-4, 5)],
            wrong(WrongTry::NotRankedFirst, &[[-4, 4], [-4, 5]]),
        ),
    ]
}

/// Opens `id` at step `step` by playing the steps before it.
fn open_at(id: &str, step: usize) -> LessonPlay {
    let spec = lesson_specs().into_iter().find(|l| l.id == id).unwrap();
    let mut play = LessonPlay::open(id).unwrap();
    for s in &spec.steps[..step] {
        run(&mut play, &intended_taps(spec.rules, s));
        assert!(play.next_step());
    }
    play
}

#[test]
fn a_wrong_try_is_refused_with_its_reason_and_the_step_goes_on() {
    let tries = wrong_tries();
    for lesson in lesson_specs() {
        for (i, step) in lesson.steps.iter().enumerate() {
            let covered = tries.iter().any(|t| t.0 == lesson.id && t.1 == i);
            // The passed turn has nothing to try: the learner has no move at all.
            assert!(
                covered || step.goal == LessonGoal::WatchPass,
                "{} step {i} has no wrong try",
                lesson.id
            );
        }
    }
    for (id, step, acts, want) in tries {
        let mut play = open_at(id, step);
        let before = shown(&play);
        run(&mut play, &acts);
        let s = shown(&play);
        assert_eq!(s.feedback, Some(want), "{id} step {step}");
        assert!(!s.step_done, "{id} step {step}");
        // Taken back: the step's position as it opened, drawn as a newer state.
        assert!(s.board.history.is_empty(), "{id} step {step}");
        assert_eq!(s.board.holes, before.board.holes, "{id} step {step}");
        assert!(s.board.revision > before.board.revision);
        // And the intended move still completes the step.
        let spec = lesson_specs().into_iter().find(|l| l.id == id).unwrap();
        play.retry();
        run(&mut play, &intended_taps(spec.rules, &spec.steps[step]));
        assert!(shown(&play).step_done, "{id} step {step}");
    }
}

#[test]
fn the_passed_turn_is_shown_and_taps_do_nothing() {
    let mut play = LessonPlay::open("tripot-passed-turn").unwrap();
    let s = shown(&play);
    assert!(s.step_done && s.lesson_done);
    assert_eq!(s.feedback, Some(LessonFeedback::TurnPassed));
    assert_eq!(s.board.history.len(), 1);
    assert_eq!(s.board.history[0].kind, MoveKind::Pass);
    assert!(matches!(s.board.banner, Some(Banner::TurnSkipped { .. })));
    play.tap(-4, 8).unwrap();
    assert_eq!(shown(&play), s);
}

#[test]
fn end_jump_without_a_chain_is_refused_as_in_a_game() {
    let mut play = LessonPlay::open("tripot-moves").unwrap();
    assert_eq!(
        play.end_jump(),
        Err(super::error::MoveError::NoJumpInProgress)
    );
    // A tap on an empty hole says so, and the step goes on.
    play.tap(3, 0).unwrap();
    assert_eq!(
        shown(&play).feedback,
        Some(LessonFeedback::Refused {
            notice: Notice::EmptyHole
        })
    );
    assert!(LessonPlay::open("no-such-lesson").is_none());
}

#[test]
fn rule_diagrams_come_from_the_lessons_and_are_legal_in_their_rule_set() {
    for preset in Preset::ALL {
        let diagrams = rule_diagrams(preset);
        let rules: Vec<_> = diagrams.iter().map(|d| d.rule).collect();
        for shared in [LessonRule::Step, LessonRule::Jump, LessonRule::Chain] {
            assert!(rules.contains(&shared), "{preset:?} lacks {shared:?}");
        }
        for d in &diagrams {
            let lesson = lesson_specs()
                .into_iter()
                .find(|l| l.id == d.lesson_id)
                .unwrap();
            let step = &lesson.steps[d.step as usize];
            assert_eq!((step.rule, step.kind), (d.rule, d.kind));
            assert_eq!(d.path, step.path);
            // Every hole of the path is drawn, and each peg drawn stands there in the lesson.
            for h in &d.path {
                assert!(d.holes.iter().any(|g| g.coord == *h), "{:?}", d.rule);
            }
            let pos = step_position(step).unwrap();
            for peg in &d.pegs {
                assert_eq!(
                    pos.colour_at(hole_at_coord(peg.coord).unwrap()),
                    Some(peg.colour)
                );
            }
            assert!(d.holes.len() < 40, "{:?}: a small region", d.rule);
            // The move is legal under this rule set.
            let pos = pos.with_options(preset.options()).unwrap();
            let mut legal = Vec::new();
            pos.legal_moves_into(&mut legal);
            if d.kind != MoveKind::Pass {
                let from = hole_at_coord(d.path[0]).unwrap();
                let to = hole_at_coord(d.path[d.path.len() - 1]).unwrap();
                assert!(
                    legal.contains(&CompactMove::new(d.kind, from, to)),
                    "{preset:?} {:?}",
                    d.rule
                );
            }
        }
    }
    let tripot: Vec<_> = rule_diagrams(Preset::Tripot)
        .iter()
        .map(|d| d.rule)
        .collect();
    for rule in [
        LessonRule::EndJump,
        LessonRule::LongJump,
        LessonRule::SwapStuckPeg,
        LessonRule::SwapSquatter,
        LessonRule::PassedTurn,
    ] {
        assert!(tripot.contains(&rule), "tripot lacks {rule:?}");
    }
    let long: Vec<_> = rule_diagrams(Preset::Classic)
        .iter()
        .map(|d| d.rule)
        .collect();
    assert!(
        !long.contains(&LessonRule::LongJump),
        "classic has no long jumps"
    );
    // The long jump's diagram shows its pivot three holes away and the empty run around it.
    let d = rule_diagrams(Preset::Tripot)
        .into_iter()
        .find(|d| d.rule == LessonRule::LongJump)
        .unwrap();
    for h in [c(0, 3), c(0, 2), c(0, 1), c(0, 0), c(0, -1)] {
        assert!(d.holes.iter().any(|g| g.coord == h), "{h:?}");
    }
    assert!(d
        .pegs
        .iter()
        .any(|p| p.coord == c(0, 1) && p.colour == Colour::N));
    // The passed turn draws no path, but the blocked peg and the whole wall around it.
    let d = rule_diagrams(Preset::Tripot)
        .into_iter()
        .find(|d| d.rule == LessonRule::PassedTurn)
        .unwrap();
    assert!(d.path.is_empty());
    let blue = d.pegs.iter().filter(|p| p.colour == Colour::N).count();
    assert_eq!((blue, d.pegs.len()), (4, 5));
}

/// The exported `Lesson` keeps a lesson played to its end from its first step as finished, and
/// `lessons(dataDir)` ticks it; a lesson opened at a later step (a Rules diagram's link) and
/// played to its end is not counted.
#[test]
fn a_lesson_played_to_its_end_is_ticked_in_the_list() {
    use crate::ffi::{lessons as listed, Lesson};
    let dir = std::env::temp_dir().join(format!("cc-lesson-ticks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = dir.to_string_lossy().into_owned();
    assert!(listed(data.clone()).iter().all(|l| !l.finished));
    let specs = lesson_specs();
    let play_from = |spec: &super::lesson_data::LessonSpec, from: usize| {
        let lesson = Lesson::at_step(data.clone(), spec.id.to_string(), from as i32).unwrap();
        let board = std::sync::Arc::clone(&lesson).game();
        for (i, step) in spec.steps.iter().enumerate().skip(from) {
            for act in intended_taps(spec.rules, step) {
                match act {
                    Act::Tap(q, r) => board.tap(q, r).unwrap(),
                    Act::EndJump => board.end_jump().unwrap(),
                };
            }
            if i + 1 < spec.steps.len() {
                lesson.next();
            }
        }
        assert!(board.state().lesson.unwrap().lesson_done, "{}", spec.id);
    };
    let (first, second) = (&specs[0], &specs[1]);
    play_from(second, second.steps.len() - 1);
    assert!(listed(data.clone()).iter().all(|l| !l.finished));
    play_from(first, 0);
    let ticked: Vec<String> = listed(data.clone())
        .into_iter()
        .filter(|l| l.finished)
        .map(|l| l.id)
        .collect();
    assert_eq!(ticked, [first.id.to_string()]);
    let _ = std::fs::remove_dir_all(&dir);
}
