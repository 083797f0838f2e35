//! Where the terminal game keeps its save and statistics: a per-user data directory
//! (`$XDG_DATA_HOME/chinese-checkers`, else `~/.local/share/chinese-checkers`).
//!
//! The files hold the core's own versioned JSON (`LocalGame::save`, the statistics JSON); this
//! module only reads and writes them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{anyhow, Context, Result};
use chinese_checkers_core::ffi::{GameLibrary, LocalGame};

use super::words;

/// The per-user data directory of the game (not created here).
pub fn data_dir() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir).join("chinese-checkers"));
    }
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .ok_or_else(|| {
            anyhow!("neither XDG_DATA_HOME nor HOME is set: nowhere to keep the save")
        })?;
    Ok(PathBuf::from(home).join(".local/share/chinese-checkers"))
}

/// The file of the game in progress.
pub fn session_file(dir: &Path) -> PathBuf {
    dir.join("session.json")
}

/// Restores the saved game at `path`, with an error that says what to do when there is none or
/// it is damaged.
pub fn load(path: &Path) -> Result<Arc<LocalGame>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(anyhow!(
                "there is no saved game at {} (start one with `chinese-checkers play`)",
                path.display()
            ))
        }
        Err(e) => {
            return Err(e).with_context(|| format!("could not read the save {}", path.display()))
        }
    };
    LocalGame::restore(text).map_err(|e| {
        anyhow!(
            "could not resume the saved game at {}: {} (delete the file or start a new game \
             without --resume)",
            path.display(),
            words::save_error(&e, "save")
        )
    })
}

/// Writes `text` to `path` through a temporary file, so that a crash never leaves half a save.
pub fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("could not create the directory {}", dir.display()))?;
    }
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).with_context(|| format!("could not write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("could not write {}", path.display()))
}

/// Removes the save at `path` if there is one (the game it held is over).
pub fn remove(path: &Path) -> Result<()> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e).with_context(|| format!("could not remove {}", path.display())),
    }
}

/// Counts a finished game in the statistics kept in `dir` (the core counts each game once, as
/// it first ended, and only games of one person against the AI from the start position).
pub fn record_statistics(game: &Arc<LocalGame>, dir: &Path) -> Result<()> {
    let library = GameLibrary::open(dir.display().to_string())
        .map_err(|e| anyhow!("could not open the statistics in {}: {e}", dir.display()))?;
    library
        .record(Arc::clone(game))
        .map_err(|e| anyhow!("could not update the statistics: {e}"))?;
    Ok(())
}
