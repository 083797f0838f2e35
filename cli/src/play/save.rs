//! Where the terminal game keeps its saved games and statistics: the core's [`GameLibrary`] in a
//! per-user data directory (`$XDG_DATA_HOME/chinese-checkers`, else
//! `~/.local/share/chinese-checkers`) — one solo slot, one pass-and-play slot, and the statistics.
//!
//! The files hold the core's own versioned JSON, written by the core after every move; this
//! module opens the library, brings in the single `session.json` of earlier versions, and
//! decides (purely, for the tests) which saved game `--resume [GAME]` means.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{anyhow, Result};
use chinese_checkers_core::ffi::{GameLibrary, LocalGame};
use chinese_checkers_core::session::{GameCard, LibraryError, Listing, SaveStatus, SavedGameKind};

use super::library_words;
use super::words;

/// The per-user data directory of the game (not created here).
pub fn data_dir() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir).join("chinese-checkers"));
    }
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .ok_or_else(|| {
            anyhow!("neither XDG_DATA_HOME nor HOME is set: nowhere to keep the saved games")
        })?;
    Ok(PathBuf::from(home).join(".local/share/chinese-checkers"))
}

/// The library of saved games and statistics in `dir` (made if missing).
pub fn open_library(dir: &Path) -> Result<Arc<GameLibrary>> {
    GameLibrary::open(dir.display().to_string()).map_err(|e| {
        anyhow!(
            "could not open the saved games in {}: {}",
            dir.display(),
            library_words::library_error(&e)
        )
    })
}

/// The single save of earlier versions (one game, replaced on every quit).
pub fn session_file(dir: &Path) -> PathBuf {
    dir.join("session.json")
}

/// Marks that a `session.json` that could not be brought in was reported (said once, not on
/// every start).
fn reported_file(dir: &Path) -> PathBuf {
    dir.join("session.json.reported")
}

/// Brings the `session.json` of an earlier version into the library, so that no game is lost on
/// upgrade: restored, kept in its slot (never over another game; the library writes it at
/// once), then deleted. A file that cannot be brought in is left where it is and reported once.
/// Returns what to tell the person.
pub fn import_session(library: &GameLibrary, dir: &Path) -> Option<String> {
    let path = session_file(dir);
    let text = std::fs::read_to_string(&path).ok()?;
    let failed = |why: String| {
        let marker = reported_file(dir);
        if marker.exists() {
            return None;
        }
        // Best effort: at worst the notice shows again next time.
        let _ = std::fs::write(&marker, &why);
        Some(library_words::session_not_imported(&path, &why))
    };
    let game = match LocalGame::restore(text) {
        Ok(game) => game,
        Err(e) => return failed(words::save_error(&e, "save")),
    };
    if game.state().history.is_empty() {
        // Nothing played: nothing worth keeping either.
        let _ = std::fs::remove_file(&path);
        return None;
    }
    match library.keep_local(Arc::clone(&game), false) {
        Ok(()) => {
            if let SaveStatus::Failed { detail } = game.state().storage {
                return failed(detail);
            }
            if std::fs::remove_file(&path).is_err() {
                return None;
            }
            let _ = std::fs::remove_file(reported_file(dir));
            let id = game.id();
            let listing = library.listing().ok()?;
            let saved = listing.playing.into_iter().find(|g| g.id == id)?;
            Some(library_words::session_imported(&saved))
        }
        Err(LibraryError::WouldReplace { existing }) => {
            failed(library_words::slot_taken(&existing))
        }
        Err(e) => failed(library_words::library_error(&e)),
    }
}

/// The saved games `--resume` can continue: the library's Continue list (games that have not
/// ended, last played first) without the online games.
pub fn resumable(listing: Listing) -> Vec<GameCard> {
    listing
        .playing
        .into_iter()
        .filter(|g| g.kind != SavedGameKind::Online)
        .collect()
}

/// Which saved game `--resume` means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// This one.
    Game(GameCard),
    /// Several are saved and none was named: the person chooses among these.
    Several(Vec<GameCard>),
}

/// The slot a `--resume` word names: `solo`, `hotseat` (or `pass-and-play`).
fn slot(which: &str) -> Option<SavedGameKind> {
    match which.to_ascii_lowercase().as_str() {
        "solo" => Some(SavedGameKind::Solo),
        "hotseat" | "pass-and-play" | "pass_and_play" => Some(SavedGameKind::PassAndPlay),
        _ => None,
    }
}

/// The game an id or the start of one (at least four characters, naming one game) picks.
fn by_id<'a>(games: &'a [GameCard], id: &str) -> Option<&'a GameCard> {
    if let Some(g) = games.iter().find(|g| g.id.eq_ignore_ascii_case(id)) {
        return Some(g);
    }
    if id.chars().count() < 4 {
        return None;
    }
    let id = id.to_ascii_lowercase();
    let mut found = games
        .iter()
        .filter(|g| g.id.to_ascii_lowercase().starts_with(&id));
    match (found.next(), found.next()) {
        (Some(g), None) => Some(g),
        _ => None,
    }
}

/// What `--resume [WHICH]` means among the resumable `games` (newest first): no WHICH (`""`)
/// continues the only one or asks among several; `solo` / `hotseat` take that slot; anything
/// else is an id. The error says what is saved and how to go on; `now_s` words the list.
pub fn choose(games: &[GameCard], which: &str, now_s: i64) -> Result<Choice, String> {
    let which = which.trim();
    if which.is_empty() {
        return match games {
            [] => Err(library_words::no_saved_game()),
            [only] => Ok(Choice::Game(only.clone())),
            several => Ok(Choice::Several(several.to_vec())),
        };
    }
    let found = match slot(which) {
        Some(kind) => games.iter().find(|g| g.kind == kind),
        None => by_id(games, which),
    };
    found
        .map(|g| Choice::Game(g.clone()))
        .ok_or_else(|| library_words::no_such_saved_game(which, slot(which), games, now_s))
}

/// The game a typed answer picks from the numbered list `games`: its number, `solo`,
/// `hotseat` or an id. `None`: nothing (or nothing valid) was typed.
pub fn pick(games: &[GameCard], answer: &str) -> Option<GameCard> {
    let answer = answer.trim();
    if answer.is_empty() {
        return None;
    }
    if let Ok(n) = answer.trim_end_matches('.').parse::<usize>() {
        if let Some(g) = n.checked_sub(1).and_then(|i| games.get(i)) {
            return Some(g.clone());
        }
    }
    if let Some(kind) = slot(answer) {
        return games.iter().find(|g| g.kind == kind).cloned();
    }
    by_id(games, answer).cloned()
}

/// Seconds since 1970, as the library stamps its saves.
pub fn now_s() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}
