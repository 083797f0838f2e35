//! [`Lesson`]: a lesson being played ("Learn to play"), with the catalogue ([`lessons`]) and the
//! Rules screen's diagrams ([`rule_diagrams`]). The core checks every goal; the apps show the
//! lesson's board (a `Game`, drawn like any other), the pointer and the worded goal and
//! feedback (`GameState.lesson`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use parking_lot::Mutex;

use super::listen::{self, Delivery};
use crate::rules::Preset;
use crate::session::lesson_progress::LessonProgress;
use crate::session::{GameState, LessonInfo, LessonPlay, MoveError, RuleDiagram};

/// Why a lesson could not be opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Error))]
pub enum LessonError {
    /// No lesson has this id (the ids are `lessons()`'s).
    #[error("open the lesson: there is no lesson {id:?}")]
    NoSuchLesson {
        /// The id asked for.
        id: String,
    },
}

/// Every lesson, tripot (the default) first, then classic and sternhalma, each marked
/// `finished` when it was played to its end from its first step with `data_dir` (an unreadable
/// progress file is kept aside and counts as nothing finished).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn lessons(data_dir: String) -> Vec<LessonInfo> {
    let progress = LessonProgress::load(Path::new(&data_dir));
    crate::session::lessons()
        .into_iter()
        .map(|l| LessonInfo {
            finished: progress.finished.contains(&l.id),
            ..l
        })
        .collect()
}

/// The Rules screen's small boards for a rule set: one per kind of move (step, jump, chain, End
/// jump, long jump, swaps A and B, pass, camp rule…), each from the lesson step that teaches it
/// (`lessonId`, `step`), so that a diagram and its lesson never disagree.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn rule_diagrams(rules: Preset) -> Vec<RuleDiagram> {
    crate::session::rule_diagrams(rules)
}

/// A lesson being played, and the handle of its own actions (`GameCapabilities.lesson`): "Try
/// again" and "Next". Its board is a `Game` (`game()`) like any other: taps and "End jump" go
/// there, and its state carries the lesson's facts (`GameState.lesson`). Thread-safe.
///
/// A lesson opened at its first step and played to its end is kept as finished in its data
/// directory (the lessons list shows it). One opened at a later step — a Rules diagram's link —
/// is not: the learner saw only part of it.
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct Lesson {
    play: Mutex<LessonPlay>,
    /// Where the progress is kept, when the lesson counts toward it (opened at its first step).
    progress_dir: Option<PathBuf>,
    delivery: Arc<Delivery>,
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl Lesson {
    /// Opens the lesson `id` at its first step; finishing it is kept in `data_dir`.
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn new(data_dir: String, id: String) -> Result<Arc<Lesson>, LessonError> {
        Self::at_step(data_dir, id, 0)
    }

    /// Opens the lesson `id` at its step `step` (0-based), as a Rules diagram's link does
    /// (`RuleDiagram.lessonId` and `step`). `NoSuchLesson` for an unknown id or a step past the
    /// lesson's last.
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn at_step(data_dir: String, id: String, step: i32) -> Result<Arc<Lesson>, LessonError> {
        let play = usize::try_from(step)
            .ok()
            .and_then(|step| LessonPlay::open_at(&id, step))
            .ok_or(LessonError::NoSuchLesson { id })?;
        Ok(Arc::new(Lesson {
            play: Mutex::new(play),
            progress_dir: (step == 0).then(|| PathBuf::from(data_dir)),
            delivery: Delivery::new(),
        }))
    }

    /// "Try again": the step from its start. The board's listener hears it.
    pub fn retry(&self) -> GameState {
        self.change(|play| {
            play.retry();
            Ok(())
        })
        .unwrap_or_else(|_| self.state())
    }

    /// "Next": the next step once this one is done (before that, or after the last step,
    /// nothing changes). The board's listener hears it.
    pub fn next(&self) -> GameState {
        self.change(|play| {
            play.next_step();
            Ok(())
        })
        .unwrap_or_else(|_| self.state())
    }
}

impl Lesson {
    /// The board as it stands, with the lesson's facts.
    pub(crate) fn state(&self) -> GameState {
        self.play.lock().state()
    }

    pub(crate) fn delivery(&self) -> &Arc<Delivery> {
        &self.delivery
    }

    /// A tap on the hole `(q, r)`, as in a game: select, hop, play. A move that misses the goal
    /// is taken back (`feedback` says why); a tap that does nothing says why in `feedback`.
    /// Refused (the lesson unchanged) as a game refuses it.
    pub(crate) fn tap(&self, q: i32, r: i32) -> Result<GameState, MoveError> {
        self.change(|play| play.tap(q, r))
    }

    /// "End jump": stops the chain in progress (refused as in a game when there is none, or when
    /// it may not stop there).
    pub(crate) fn end_jump(&self) -> Result<GameState, MoveError> {
        self.change(|play| play.end_jump())
    }

    /// Drops the selection or the chain in progress.
    pub(crate) fn cancel_touch(&self) -> GameState {
        self.change(|play| play.cancel_touch())
            .unwrap_or_else(|_| self.state())
    }

    /// Runs a change; the lesson is kept as finished once its last goal is reached, and the
    /// listener hears the new state. A progress file that cannot be written is logged and the
    /// lesson plays on: a tick in a list is not worth stopping a learner for.
    fn change(
        &self,
        act: impl FnOnce(&mut LessonPlay) -> Result<(), MoveError>,
    ) -> Result<GameState, MoveError> {
        listen::change(&self.play, &self.delivery, |play| {
            act(play)?;
            let state = play.state();
            let done = state.lesson.as_ref().filter(|l| l.lesson_done);
            if let (Some(lesson), Some(dir)) = (done, &self.progress_dir) {
                if let Err(e) = LessonProgress::finish(dir, &lesson.lesson_id) {
                    log::warn!("lesson progress not kept: {e}");
                }
            }
            Ok(state)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{LessonFeedback, LessonGoal, LessonState};

    /// The facts of a lesson's board.
    fn facts(state: GameState) -> LessonState {
        state.lesson.unwrap()
    }

    #[test]
    fn the_lesson_object_plays_a_step_and_moves_on() {
        assert_eq!(
            Lesson::new(String::new(), "nope".into()).err(),
            Some(LessonError::NoSuchLesson { id: "nope".into() })
        );
        // No data directory: nothing is kept (the first step is not the last).
        let lesson = Lesson::new(String::new(), lessons(String::new())[0].id.clone()).unwrap();
        let board = Arc::clone(&lesson).game();
        assert_eq!(facts(board.state()).goal, LessonGoal::Step);
        board.tap(-1, 4).unwrap();
        let s = facts(board.tap(0, 3).unwrap());
        assert_eq!(s.feedback, Some(LessonFeedback::StepDone));
        assert!(s.step_done && !s.lesson_done);
        let s = facts(lesson.next());
        assert_eq!((s.step, s.step_done), (1, false));
        assert_eq!(board.end_jump().err(), Some(MoveError::NoJumpInProgress));
        assert_eq!(facts(lesson.retry()).step, 1);
        assert_eq!(board.id(), s.lesson_id);
        let capabilities = board.capabilities();
        assert!(capabilities.lesson.is_some() && capabilities.puzzle.is_none());
        assert!(capabilities.undo.is_none() && !capabilities.resign);
    }

    #[test]
    fn every_diagram_opens_the_step_it_shows() {
        for preset in [Preset::Tripot, Preset::Classic, Preset::Sternhalma] {
            for d in rule_diagrams(preset) {
                let lesson = Lesson::at_step(String::new(), d.lesson_id.clone(), d.step).unwrap();
                let s = facts(lesson.state());
                assert_eq!((s.lesson_id, s.step, s.rule), (d.lesson_id, d.step, d.rule));
            }
        }
        let first = lessons(String::new())[0].clone();
        let past = first.step_rules.len() as i32;
        assert!(Lesson::at_step(String::new(), first.id.clone(), past).is_err());
        assert!(Lesson::at_step(String::new(), first.id, -1).is_err());
    }
}
