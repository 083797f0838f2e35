//! A small JSON file the core keeps on the device (the puzzle results, the finished lessons).
//!
//! Read whole: a missing file is the default, and one that cannot be read is moved aside
//! (`.unreadable`, an earlier one never replaced) and counts as the default, so that nothing on
//! disk is lost. Written whole through a temporary file and a rename, so that a crash leaves the
//! old file or the new one.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Serialize;

/// The file at `path`, or the default when it is missing or unreadable (then kept aside; `what`
/// names it in the log).
pub(crate) fn read_or_aside<T: DeserializeOwned + Default>(path: &Path, what: &str) -> T {
    let Ok(text) = std::fs::read_to_string(path) else {
        return T::default();
    };
    match serde_json::from_str(&text) {
        Ok(value) => value,
        Err(e) => {
            log::warn!("{what} unreadable ({e}); kept aside");
            // Best effort: if even the move fails, the next write replaces nothing else.
            let _ = std::fs::rename(path, aside_path(path));
            T::default()
        }
    }
}

/// Writes `value` to `path` whole (its folder made if need be), through a temporary file and a
/// rename.
pub(crate) fn write_whole<T: Serialize>(path: &Path, value: &T) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("json.tmp");
    let text = serde_json::to_string_pretty(value).map_err(std::io::Error::other)?;
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// A free name to keep an unreadable file under (an earlier one is never replaced).
fn aside_path(path: &Path) -> PathBuf {
    std::iter::once(path.with_extension("json.unreadable"))
        .chain((2..1000).map(|n| path.with_extension(format!("json.unreadable-{n}"))))
        .find(|p| !p.exists())
        .unwrap_or_else(|| path.with_extension("json.unreadable-last"))
}
