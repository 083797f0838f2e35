//! Lessons: short series of steps that teach one rule each, played on the real session machinery
//! (taps, selection, targets, "End jump", the chain ending by itself at a dead end, the same
//! [`GameState`] the apps draw). The lessons are data (`lesson_data`); this module plays them and
//! checks each step's goal, and derives the Rules screen's diagrams from the same positions so
//! that a diagram and its lesson never disagree.
//!
//! A step: a position with the learner's seat to move, a [`LessonGoal`], the holes to point at.
//! A tap goes to the session as in a game. A move that reaches the goal completes the step; a
//! legal move that does not is taken back at once and reported as a [`WrongTry`]; a tap the
//! session refuses is reported with the session's own reason ([`Notice`], or the `MoveError`).
//! The other seat is played by nobody: a step ends with the learner's one move.

use super::error::MoveError;
use super::geometry::{board_geometry, HoleGeometry};
use super::lesson_data::{lesson_specs, LessonSpec, StepSpec};
pub use super::lesson_types::*;
use super::setup::{Seat, ValidSetup};
use super::state::{update, Event, SessionState};
use super::types::{Capabilities, Coord, GameState};
use crate::ai::AiLevel;
use crate::rules::board::{distance, hole_at};
use crate::rules::{Move, MoveKind, Position, Preset};
use crate::session::signed::int;

/// Every lesson, tripot (the default) first, none finished (the exported `lessons` reads the
/// device's progress).
pub fn lessons() -> Vec<LessonInfo> {
    lesson_specs()
        .iter()
        .map(|l| LessonInfo {
            id: l.id.to_string(),
            rules: l.rules,
            topic: l.topic,
            step_rules: l.steps.iter().map(|s| s.rule).collect(),
            finished: false,
        })
        .collect()
}

/// A step's position, read from its data (the tests check that every one reads).
pub(crate) fn step_position(step: &StepSpec) -> Option<Position> {
    match Position::from_json(&step.position) {
        Ok(p) => Some(p),
        Err(e) => {
            log::error!("a lesson position was refused: {e}");
            None
        }
    }
}

/// A lesson being played: the pure part of the exported `Lesson` object.
pub struct LessonPlay {
    spec: LessonSpec,
    step: usize,
    /// The step as it opened (a wrong try and "Try again" go back to it).
    start: SessionState,
    state: SessionState,
    feedback: Option<LessonFeedback>,
    done: bool,
}

impl LessonPlay {
    /// Opens the lesson `id` at its first step; `None` if there is no such lesson.
    pub fn open(id: &str) -> Option<LessonPlay> {
        Self::open_at(id, 0)
    }

    /// Opens the lesson `id` at its step `step` (0-based; the Rules screen's diagrams open the
    /// step they show); `None` if there is no such lesson or step.
    pub fn open_at(id: &str, step: usize) -> Option<LessonPlay> {
        let spec = lesson_specs().into_iter().find(|l| l.id == id)?;
        let (start, done, feedback) = open_step(spec.steps.get(step)?)?;
        Some(LessonPlay {
            spec,
            step,
            state: start.clone(),
            start,
            feedback,
            done,
        })
    }

    fn current(&self) -> &StepSpec {
        // `step` never passes the last step (`next` stops there), and a lesson has steps.
        &self.spec.steps[self.step.min(self.spec.steps.len() - 1)]
    }

    fn learner(&self) -> usize {
        self.start.game().start().to_move()
    }

    /// What the screen shows now: the board, with the lesson's facts in its `lesson`.
    pub fn state(&self) -> GameState {
        let step = self.current();
        let mut board = self.state.view();
        board.ai_to_move = false;
        board.capabilities = Capabilities {
            can_end_jump: board.capabilities.can_end_jump,
            ..Capabilities::default()
        };
        board.lesson = Some(LessonState {
            lesson_id: self.spec.id.to_string(),
            topic: self.spec.topic,
            step: int(self.step),
            steps: int(self.spec.steps.len()),
            rule: step.rule,
            goal: step.goal,
            pointer: step.pointer.clone(),
            learner: self.learner() as i32,
            feedback: self.feedback.clone(),
            step_done: self.done,
            lesson_done: self.done && self.step + 1 == self.spec.steps.len(),
        });
        board
    }

    /// A tap on the board. Once the step is done, taps do nothing.
    pub fn tap(&mut self, q: i32, r: i32) -> Result<(), MoveError> {
        self.act(Event::Tap { q, r })
    }

    /// "End jump" on the chain in progress (refused as in a game when there is none).
    pub fn end_jump(&mut self) -> Result<(), MoveError> {
        self.act(Event::EndJump)
    }

    /// Drops the selection or the chain in progress (the feedback goes: nothing was tried).
    pub fn cancel_touch(&mut self) -> Result<(), MoveError> {
        self.act(Event::CancelTouch)
    }

    fn act(&mut self, event: Event) -> Result<(), MoveError> {
        if self.done {
            return Ok(());
        }
        let played = self.state.game().history().len();
        let before = *self.state.game().position();
        update(&mut self.state, event)?;
        let mv = self
            .state
            .game()
            .history()
            .nth(played)
            .map(|e| e.mv.clone());
        let Some(mv) = mv else {
            self.feedback = self
                .state
                .notice
                .map(|notice| LessonFeedback::Refused { notice });
            return Ok(());
        };
        let outcome = self.state.game().outcome();
        match check(self.current().goal, &mv, &before, outcome.as_ref()) {
            Ok(()) => {
                self.done = true;
                self.feedback = Some(LessonFeedback::StepDone);
            }
            Err(reason) => {
                self.back_to_start();
                self.feedback = Some(LessonFeedback::Missed {
                    reason,
                    path: mv.path.iter().map(|&h| Coord::of(h)).collect(),
                });
            }
        }
        Ok(())
    }

    /// The step's position again, keeping the revision growing (an app drops older states).
    fn back_to_start(&mut self) {
        let revision = self.state.revision + 1;
        self.state = self.start.clone();
        self.state.revision = revision;
    }

    /// "Try again": the step from its start.
    pub fn retry(&mut self) {
        if self.current().goal == LessonGoal::WatchPass {
            // The pass is the whole step: showing it again is all there is to retry.
            return;
        }
        self.back_to_start();
        self.done = false;
        self.feedback = None;
    }

    /// "Next": the next step, once this one is done; `false` (nothing changes) before that or
    /// after the last step.
    pub fn next_step(&mut self) -> bool {
        if !self.done || self.step + 1 >= self.spec.steps.len() {
            return false;
        }
        let Some((start, done, feedback)) = open_step(&self.spec.steps[self.step + 1]) else {
            return false;
        };
        let revision = self.state.revision + 1;
        self.step += 1;
        self.state = start.clone();
        self.state.revision = revision;
        self.start = start;
        self.done = done;
        self.feedback = feedback;
        true
    }
}

/// A step's session: the learner (the position's side to move) a person, the others the AI
/// (which never plays: a step ends with the learner's move). A `WatchPass` step is done as it
/// opens, the session having passed the learner's turn.
fn open_step(step: &StepSpec) -> Option<(SessionState, bool, Option<LessonFeedback>)> {
    let position = step_position(step)?;
    let learner = position.to_move();
    let seats = (0..position.player_count())
        .map(|p| {
            if p == learner {
                Seat::person()
            } else {
                Seat::ai(AiLevel::Beginner)
            }
        })
        .collect();
    let setup = ValidSetup::from_position(&position.to_setup(), seats, 0).ok()?;
    let state = SessionState::new(setup);
    let passed = state
        .game()
        .history()
        .any(|e| e.player == learner && e.mv.kind == MoveKind::Pass);
    let feedback = passed.then_some(LessonFeedback::TurnPassed);
    Some((state, passed, feedback))
}

/// The pivot of the hop from `a` to `b` (the middle of a symmetric jump).
fn pivot(a: crate::rules::Hole, b: crate::rules::Hole) -> Option<crate::rules::Hole> {
    let (a, b) = (Coord::of(a), Coord::of(b));
    hole_at((a.q + b.q) / 2, (a.r + b.r) / 2)
}

/// Whether `mv`, played from `before`, reaches `goal`.
fn check(
    goal: LessonGoal,
    mv: &Move,
    before: &Position,
    outcome: Option<&crate::rules::Outcome>,
) -> Result<(), WrongTry> {
    let learner = before.to_move();
    let hops = int(mv.path.len().saturating_sub(1));
    let jump = || {
        if mv.kind == MoveKind::Jump {
            Ok(())
        } else {
            Err(WrongTry::NotAJump)
        }
    };
    let swap = || {
        if mv.kind == MoveKind::Swap {
            Ok(())
        } else {
            Err(WrongTry::NotASwap)
        }
    };
    match goal {
        LessonGoal::Step if mv.kind == MoveKind::Step => Ok(()),
        LessonGoal::Step => Err(WrongTry::NotAStep),
        LessonGoal::JumpOver { colour } => {
            jump()?;
            let found = pivot(mv.path[0], mv.path[1]).and_then(|h| before.colour_at(h));
            match found {
                Some(c) if c == colour => Ok(()),
                Some(found) => Err(WrongTry::WrongPivot { found }),
                None => Err(WrongTry::NotAJump),
            }
        }
        LessonGoal::Chain { hops: want } => {
            jump()?;
            match hops {
                h if h < want => Err(WrongTry::ChainTooShort { hops: h }),
                h if h > want => Err(WrongTry::ChainTooLong { hops: h }),
                _ => Ok(()),
            }
        }
        LessonGoal::LongJump { distance: want } => {
            jump()?;
            let reaches: Vec<i32> = mv
                .path
                .windows(2)
                .map(|w| int(distance(w[0], w[1]) / 2))
                .collect();
            if reaches.contains(&want) {
                Ok(())
            } else {
                let farthest = reaches.into_iter().max().unwrap_or(0);
                Err(WrongTry::WrongJumpLength { distance: farthest })
            }
        }
        LessonGoal::SwapStuckPeg => swap(),
        LessonGoal::EvictSquatter => {
            swap()?;
            let own = mv.path[0];
            let in_target = before
                .colour_at(own)
                .is_some_and(|c| before.target(c) & crate::rules::board::bit(own) != 0);
            if in_target {
                Err(WrongTry::SquatterStays)
            } else {
                Ok(())
            }
        }
        // Reached as the step opens; a move here cannot be the pass.
        LessonGoal::WatchPass => Err(WrongTry::NoWin),
        LessonGoal::MoveTo { hole } => match mv.path.last() {
            Some(&h) if Coord::of(h) == hole => Ok(()),
            _ => Err(WrongTry::WrongHole),
        },
        LessonGoal::FillTarget => match outcome {
            Some(o) if o.winners.contains(&learner) => Ok(()),
            _ => Err(WrongTry::NoWin),
        },
        LessonGoal::WinAtMoveCap { .. } => match outcome {
            Some(o) if o.ranking.first().is_some_and(|g| g == &[learner]) => Ok(()),
            _ => Err(WrongTry::NotRankedFirst),
        },
    }
}

/// The rule diagrams of a rule set: one small board per kind of move, from the lessons. Classic,
/// sternhalma and the rulebook share tripot's step, jump and chain (short jumps, legal there too)
/// and add their own; tripot has no "short jumps only" diagram.
pub fn rule_diagrams(rules: Preset) -> Vec<RuleDiagram> {
    let shared = [LessonRule::Step, LessonRule::Jump, LessonRule::Chain];
    let mut out = Vec::new();
    for lesson in lesson_specs() {
        for (i, step) in lesson.steps.iter().enumerate() {
            let wanted = if lesson.rules == rules {
                true
            } else {
                lesson.rules == Preset::Tripot && shared.contains(&step.rule)
            };
            // One diagram per rule: the first step that shows it.
            if wanted && !out.iter().any(|d: &RuleDiagram| d.rule == step.rule) {
                if let Some(d) = diagram(lesson.id, i, step) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// The diagram of one step: the holes within one of the move's path, its pivots and the
/// pointer, and the pegs on them.
fn diagram(lesson_id: &str, index: usize, step: &StepSpec) -> Option<RuleDiagram> {
    let position = step_position(step)?;
    let mut focus: Vec<crate::rules::Hole> = step
        .path
        .iter()
        .chain(&step.pointer)
        .filter_map(|c| hole_at(c.q, c.r))
        .collect();
    // A jump's pivot and a long jump's runs of empty holes are shown whole: every hole between
    // start and landing.
    for w in step.path.windows(2).filter(|_| step.kind == MoveKind::Jump) {
        let (a, b) = (w[0], w[1]);
        let n = distance_of(a, b).max(1);
        for k in 1..n {
            focus.extend(hole_at(
                a.q + (b.q - a.q) * k / n,
                a.r + (b.r - a.r) * k / n,
            ));
        }
    }
    let holes: Vec<HoleGeometry> = board_geometry()
        .holes
        .into_iter()
        .filter(|g| {
            hole_at(g.coord.q, g.coord.r)
                .is_some_and(|h| focus.iter().any(|&f| distance(f, h) <= 1))
        })
        .collect();
    let pegs = holes
        .iter()
        .filter_map(|g| {
            let h = hole_at(g.coord.q, g.coord.r)?;
            let colour = position.colour_at(h)?;
            Some(DiagramPeg {
                coord: g.coord,
                colour,
            })
        })
        .collect();
    Some(RuleDiagram {
        rule: step.rule,
        kind: step.kind,
        holes,
        pegs,
        path: step.path.clone(),
        lesson_id: lesson_id.to_string(),
        step: int(index),
    })
}

/// Hex distance between two coordinates.
fn distance_of(a: Coord, b: Coord) -> i32 {
    let (dq, dr) = (b.q - a.q, b.r - a.r);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}
