//! The library's files: the saved-game format (versions 1 and 2) and the atomic replacement that
//! every write goes through.
//!
//! A write never leaves half a file and never loses the previous one: the new text goes to a
//! temporary file in the same folder, which is flushed to the disk (`fsync`) and renamed over
//! the old file, and then the folder itself is flushed, so that the rename survives a power
//! cut too. Until the rename, the old file is whole; after it, the new one is. A process killed
//! half-way leaves at most a stray temporary file, which [`clean_temporary`] removes later.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::card::{local_card, online_card};
use super::types::LibraryError;
use super::types::{GameCard, SavedGame, SavedGameKind};
use crate::session::error::SaveError;
use crate::session::online::OnlineSession;
use crate::session::save::check_header;
use crate::session::state::{CountedGame, SessionState};

/// The `format` field of a saved game's file.
pub(super) const GAME_FORMAT: &str = "chinese-checkers-saved-game";
/// The newest saved-game file version this build writes and reads. Version 1 had the old
/// listing (`SavedGame`) and no card; it is still read.
pub(super) const GAME_VERSION: u32 = 2;
/// The ending of a temporary file (never listed, cleaned up by [`clean_temporary`]).
const TEMPORARY: &str = "tmp";
/// A temporary file older than this was left by a process that died before renaming it.
const STALE: Duration = Duration::from_secs(60);

/// What the library knows of a saved game without reading its moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct Entry {
    /// What the Continue card (or the finished games' list) shows.
    pub card: GameCard,
    /// The game has ended (once: taking moves back afterwards does not bring it back).
    pub ended: bool,
    /// How the statistics count it, once it has ended and if it counts.
    pub counts: Option<CountedGame>,
}

/// Version 2: the entry, then the save (`SessionState::save` or `OnlineSession::save`).
#[derive(Serialize, Deserialize)]
struct FileV2 {
    format: String,
    version: u32,
    #[serde(flatten)]
    entry: Entry,
    save: Value,
}

/// Version 2 read for the listing: the save is skipped, not built.
#[derive(Deserialize)]
struct ListedV2 {
    #[serde(flatten)]
    entry: Entry,
    #[serde(rename = "save")]
    _save: IgnoredAny,
}

/// Version 1: the old listing, then the save.
#[derive(Deserialize)]
struct FileV1 {
    #[serde(rename = "format")]
    _format: String,
    #[serde(rename = "version")]
    _version: u32,
    #[serde(flatten)]
    info: SavedGame,
    save: Value,
}

/// A damaged file's error.
pub(super) fn corrupt(what: &Path, e: impl std::fmt::Display) -> LibraryError {
    LibraryError::Damaged {
        file: what.display().to_string(),
        detail: e.to_string(),
    }
}

/// A refusal of the storage.
pub(super) fn io(what: &Path, e: std::io::Error) -> LibraryError {
    LibraryError::Storage {
        file: what.display().to_string(),
        detail: e.to_string(),
    }
}

/// Reads a file's header: its version, or why it cannot be read by this build.
pub(super) fn header(
    path: &Path,
    value: &Value,
    format: &str,
    supported: u32,
) -> Result<u32, LibraryError> {
    check_header(value, format, supported).map_err(|e| match e {
        SaveError::TooNew { found, supported } => LibraryError::TooNew { found, supported },
        SaveError::Corrupt { detail } => corrupt(path, detail),
    })
}

/// The entry of a local game as it stands, stamped `now_s`.
pub(super) fn local_entry(state: &SessionState, now_s: i64) -> Entry {
    Entry {
        card: local_card(state, now_s),
        ended: state.first_end.is_some() || state.is_over(),
        counts: state.counted(),
    }
}

/// The entry of our online game as it stands, stamped `now_s`; `None` without a game of ours.
pub(super) fn online_entry(session: &OnlineSession, now_s: i64) -> Option<Entry> {
    let client = session.own_game()?;
    Some(Entry {
        card: online_card(session, client, now_s),
        ended: client.record().is_over(),
        counts: None,
    })
}

/// A version 1 file's entry, from its save (it has no card).
fn upgrade(path: &Path, info: SavedGame, save: &Value) -> Result<Entry, LibraryError> {
    let text = save.to_string();
    let mut entry = match info.kind {
        SavedGameKind::Online => {
            let session = OnlineSession::restore(&text).map_err(|e| corrupt(path, e))?;
            online_entry(&session, info.saved_at_s)
                .ok_or_else(|| corrupt(path, "the online save holds no game"))?
        }
        _ => local_entry(
            &SessionState::restore(&text).map_err(|e| corrupt(path, e))?,
            info.saved_at_s,
        ),
    };
    entry.ended |= info.over;
    Ok(entry)
}

fn read_value(path: &Path) -> Result<(String, Value), LibraryError> {
    let text = std::fs::read_to_string(path).map_err(|e| io(path, e))?;
    let value = serde_json::from_str(&text).map_err(|e| corrupt(path, e))?;
    Ok((text, value))
}

/// A game file's entry (the listing reads only this).
pub(super) fn read_entry(path: &Path) -> Result<Entry, LibraryError> {
    let (text, value) = read_value(path)?;
    match header(path, &value, GAME_FORMAT, GAME_VERSION)? {
        1 => {
            let old: FileV1 = serde_json::from_value(value).map_err(|e| corrupt(path, e))?;
            upgrade(path, old.info, &old.save)
        }
        _ => {
            drop(value);
            let listed: ListedV2 = serde_json::from_str(&text).map_err(|e| corrupt(path, e))?;
            Ok(listed.entry)
        }
    }
}

/// A game file's entry and save text.
pub(super) fn read_game(path: &Path) -> Result<(Entry, String), LibraryError> {
    let (_, value) = read_value(path)?;
    match header(path, &value, GAME_FORMAT, GAME_VERSION)? {
        1 => {
            let old: FileV1 = serde_json::from_value(value).map_err(|e| corrupt(path, e))?;
            let entry = upgrade(path, old.info, &old.save)?;
            Ok((entry, old.save.to_string()))
        }
        _ => {
            let file: FileV2 = serde_json::from_value(value).map_err(|e| corrupt(path, e))?;
            Ok((file.entry, file.save.to_string()))
        }
    }
}

/// Writes a game's file (atomically): its entry and its save text.
pub(super) fn write_game(path: &Path, entry: &Entry, save: &str) -> Result<(), LibraryError> {
    let save: Value = serde_json::from_str(save).map_err(|e| corrupt(path, e))?;
    let file = FileV2 {
        format: GAME_FORMAT.into(),
        version: GAME_VERSION,
        entry: entry.clone(),
        save,
    };
    let text = serde_json::to_string(&file).map_err(|e| corrupt(path, e))?;
    write_atomically(path, &text)
}

/// Tells temporary files of this process apart (two writes may run at once on two threads).
static WRITES: AtomicU64 = AtomicU64::new(0);

/// Replaces `path` by `text` atomically (see the module doc).
pub(super) fn write_atomically(path: &Path, text: &str) -> Result<(), LibraryError> {
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}.{n}.{TEMPORARY}", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    })();
    if let Err(e) = written {
        // The old file is untouched; the half-written copy goes.
        let _ = std::fs::remove_file(&tmp);
        return Err(io(&tmp, e));
    }
    if let Err(e) = std::fs::rename(&tmp, path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(path, e));
    }
    sync_dir(dir).map_err(|e| io(dir, e))
}

/// Flushes a folder's entries (the rename) to the disk.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

/// Elsewhere a folder cannot be opened as a file; the rename is as durable as the system makes it.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}

/// Removes the temporary files a killed process left in `dir` (older than a minute: a live
/// writer renames its own within milliseconds). Best effort: a file that stays is harmless.
pub(super) fn clean_temporary(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for path in entries.filter_map(|e| e.ok()).map(|e| e.path()) {
        let temporary = path.extension().and_then(|e| e.to_str()) == Some(TEMPORARY)
            && path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with('.'));
        let stale = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| now.duration_since(t).ok())
            .is_some_and(|age| age > STALE);
        if temporary && stale {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// The saved games' files in `folder` (`<id>.json`), with their ids.
pub(super) fn game_files(folder: &Path) -> Result<Vec<(String, PathBuf)>, LibraryError> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(|e| io(folder, e))? {
        let path = entry.map_err(|e| io(folder, e))?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let id = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        out.push((id, path));
    }
    Ok(out)
}
