//! [`Lesson`]: a lesson being played ("Learn to play"), with the catalogue ([`lessons`]) and the
//! Rules screen's diagrams ([`rule_diagrams`]). The core checks every goal; the apps show the
//! board (`LessonState.board`, drawn like a game's), the pointer and the worded goal and feedback.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use parking_lot::Mutex;

use crate::rules::Preset;
use crate::session::lesson_progress::LessonProgress;
use crate::session::{LessonInfo, LessonPlay, LessonState, MoveError, RuleDiagram};

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

/// A lesson being played. Every call returns the new [`LessonState`]. Thread-safe.
///
/// A lesson opened at its first step and played to its end is kept as finished in its data
/// directory (the lessons list shows it). One opened at a later step — a Rules diagram's link —
/// is not: the learner saw only part of it.
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct Lesson {
    play: Mutex<LessonPlay>,
    /// Where the progress is kept, when the lesson counts toward it (opened at its first step).
    progress_dir: Option<PathBuf>,
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
        }))
    }

    /// What the screen shows now.
    pub fn state(&self) -> LessonState {
        self.play.lock().state()
    }

    /// A tap on the hole `(q, r)`, as in a game: select, hop, play. A move that misses the goal
    /// is taken back (`feedback` says why); a tap that does nothing says why in `feedback`.
    /// Refused (the lesson unchanged) as a game refuses it.
    pub fn tap(&self, q: i32, r: i32) -> Result<LessonState, MoveError> {
        let mut play = self.play.lock();
        play.tap(q, r)?;
        Ok(self.kept(play.state()))
    }

    /// "End jump": stops the chain in progress (refused as in a game when there is none, or when
    /// it may not stop there).
    pub fn end_jump(&self) -> Result<LessonState, MoveError> {
        let mut play = self.play.lock();
        play.end_jump()?;
        Ok(self.kept(play.state()))
    }

    /// "Try again": the step from its start.
    pub fn retry(&self) -> LessonState {
        let mut play = self.play.lock();
        play.retry();
        play.state()
    }

    /// "Next": the next step once this one is done (before that, or after the last step,
    /// nothing changes).
    pub fn next(&self) -> LessonState {
        let mut play = self.play.lock();
        play.next_step();
        self.kept(play.state())
    }
}

impl Lesson {
    /// The state after a move, the lesson kept as finished once its last goal is reached. A
    /// progress file that cannot be written is logged and the lesson plays on: a tick in a list
    /// is not worth stopping a learner for.
    fn kept(&self, state: LessonState) -> LessonState {
        if let (true, Some(dir)) = (state.lesson_done, &self.progress_dir) {
            if let Err(e) = LessonProgress::finish(dir, &state.lesson_id) {
                log::warn!("lesson progress not kept: {e}");
            }
        }
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{LessonFeedback, LessonGoal};

    #[test]
    fn the_lesson_object_plays_a_step_and_moves_on() {
        assert_eq!(
            Lesson::new(String::new(), "nope".into()).err(),
            Some(LessonError::NoSuchLesson { id: "nope".into() })
        );
        // No data directory: nothing is kept (the first step is not the last).
        let lesson = Lesson::new(String::new(), lessons(String::new())[0].id.clone()).unwrap();
        assert_eq!(lesson.state().goal, LessonGoal::Step);
        lesson.tap(-1, 4).unwrap();
        let s = lesson.tap(0, 3).unwrap();
        assert_eq!(s.feedback, Some(LessonFeedback::StepDone));
        assert!(s.step_done && !s.lesson_done);
        let s = lesson.next();
        assert_eq!((s.step, s.step_done), (1, false));
        assert_eq!(lesson.end_jump().err(), Some(MoveError::NoJumpInProgress));
        assert_eq!(lesson.retry().step, 1);
    }

    #[test]
    fn every_diagram_opens_the_step_it_shows() {
        for preset in [Preset::Tripot, Preset::Classic, Preset::Sternhalma] {
            for d in rule_diagrams(preset) {
                let lesson = Lesson::at_step(String::new(), d.lesson_id.clone(), d.step).unwrap();
                let s = lesson.state();
                assert_eq!((s.lesson_id, s.step, s.rule), (d.lesson_id, d.step, d.rule));
            }
        }
        let first = lessons(String::new())[0].clone();
        let past = first.step_rules.len() as i32;
        assert!(Lesson::at_step(String::new(), first.id.clone(), past).is_err());
        assert!(Lesson::at_step(String::new(), first.id, -1).is_err());
    }
}
