//! The lessons a player has finished, kept on the device so that the lessons list shows them.
//!
//! One small JSON file beside the puzzle results (`small_file`: written whole through a rename;
//! an unreadable one moved aside and the progress started again from empty).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::small_file;

/// The ids of the lessons finished on this device.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonProgress {
    /// Finished lessons, by id.
    pub finished: BTreeSet<String>,
}

/// The progress file in the app's data directory.
pub fn progress_path(dir: &Path) -> PathBuf {
    dir.join("lesson-progress.json")
}

impl LessonProgress {
    /// Reads the progress in `dir`; a missing file is no progress, an unreadable one is moved
    /// aside and counts as none.
    pub fn load(dir: &Path) -> LessonProgress {
        small_file::read_or_aside(&progress_path(dir), "lesson progress")
    }

    /// Notes the lesson `id` as finished in `dir` (read, added to, written back; nothing is
    /// written when it was already there).
    pub fn finish(dir: &Path, id: &str) -> std::io::Result<()> {
        let mut progress = Self::load(dir);
        if !progress.finished.insert(id.to_string()) {
            return Ok(());
        }
        small_file::write_whole(&progress_path(dir), &progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cc-lessons-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn finished_lessons_are_kept_once_each() {
        let dir = scratch("kept");
        assert!(LessonProgress::load(&dir).finished.is_empty());
        LessonProgress::finish(&dir, "tripot-moves").unwrap();
        LessonProgress::finish(&dir, "classic-moves").unwrap();
        LessonProgress::finish(&dir, "tripot-moves").unwrap();
        let got: Vec<_> = LessonProgress::load(&dir).finished.into_iter().collect();
        assert_eq!(got, ["classic-moves", "tripot-moves"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unreadable_file_is_kept_aside_and_progress_starts_again() {
        let dir = scratch("corrupt");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(progress_path(&dir), "{\"finished\": [1,").unwrap();
        assert!(LessonProgress::load(&dir).finished.is_empty());
        let aside = dir.join("lesson-progress.json.unreadable");
        assert_eq!(
            std::fs::read_to_string(aside).unwrap(),
            "{\"finished\": [1,"
        );
        LessonProgress::finish(&dir, "tripot-moves").unwrap();
        assert_eq!(LessonProgress::load(&dir).finished.len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
