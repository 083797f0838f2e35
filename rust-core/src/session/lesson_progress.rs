//! The lessons a player has finished, kept on the device so that the lessons list shows them.
//!
//! One small JSON file beside the puzzle results, written whole through a temporary file and a
//! rename, so a crash leaves the old file or the new one. A file that cannot be read is moved
//! aside (`.unreadable`), never overwritten, and the progress starts again from empty: nothing
//! on disk is lost.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

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
        let path = progress_path(dir);
        let Ok(text) = std::fs::read_to_string(&path) else {
            return LessonProgress::default();
        };
        match serde_json::from_str(&text) {
            Ok(progress) => progress,
            Err(e) => {
                log::warn!("lesson progress unreadable ({e}); kept aside");
                // Best effort: if even the move fails, the next save replaces nothing else.
                let _ = std::fs::rename(&path, super::puzzle::stats::aside_path(&path));
                LessonProgress::default()
            }
        }
    }

    /// Notes the lesson `id` as finished in `dir` (read, added to, written back; nothing is
    /// written when it was already there).
    pub fn finish(dir: &Path, id: &str) -> std::io::Result<()> {
        let mut progress = Self::load(dir);
        if !progress.finished.insert(id.to_string()) {
            return Ok(());
        }
        std::fs::create_dir_all(dir)?;
        let path = progress_path(dir);
        let tmp = path.with_extension("json.tmp");
        let text = serde_json::to_string_pretty(&progress).map_err(std::io::Error::other)?;
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, &path)
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
