//! The saved-games library and the statistics: a small folder of versioned JSON files that the
//! apps and the terminal share.
//!
//! `games/<id>.json` holds one game each, local or online: its card (what a Continue card
//! shows), whether it has ended, how the statistics count it, and its save; `statistics.json`
//! holds the results per opponent. Every file is replaced atomically (`file.rs`), so a crash at
//! any instant leaves each file whole, old or new.
//!
//! A game kept in the library ([`Keeper`]) writes itself after every change, inside the call that
//! made the change. The [`Listing`] sorts the games:
//!
//! - **playing** (the Continue list): games that have not ended, last played first — one solo
//!   game, one pass-and-play game (a new game takes its kind's slot at its first move, replacing
//!   the one there only if the caller said so: [`LibraryError::WouldReplace`] otherwise), and any
//!   number of online games, each in its own slot;
//! - **finished**: games that have ended (won, lost, resigned, drawn, abandoned — also when moves
//!   were taken back afterwards), for replay and the statistics, the newest [`FINISHED_KEPT`];
//!   an ended game leaves the Continue list with the write of its last move;
//! - **unreadable**: damaged files and files of a newer version of the app, each with its reason.
//!   They are never deleted or overwritten behind the player's back, and the rest of the library
//!   stays usable.
//!
//! The statistics count a game of one person against the AI, played from the start position, the
//! first time it ends; taking moves back afterwards (to look at the game) changes nothing, and the
//! same game is never counted twice (`stats.rs`).

mod card;
mod file;
mod keeper;
mod stats;
mod types;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use parking_lot::Mutex;
use serde::{Deserialize, Serialize};

pub use keeper::Keeper;
pub use types::{
    CardNames, CardSeat, GameCard, LibraryError, Listing, SavedGame, SavedGameKind, UnreadableGame,
    UnreadableReason,
};

use self::file::{game_files, io, read_entry, read_game, write_game, Entry};
use super::online::OnlineSession;
use super::state::SessionState;
use crate::ai::AiLevel;

pub(crate) use card::local_kind;

/// How many finished games the library keeps (the oldest go first).
pub const FINISHED_KEPT: usize = 100;

/// Results against one opponent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OpponentStatistics {
    /// The opponent's level.
    #[serde(skip)]
    pub level: AiLevel,
    /// The opponent's name.
    #[serde(skip)]
    pub name: String,
    /// Games finished against this opponent.
    pub played: i32,
    /// Games the person won.
    pub won: i32,
    /// Games the person lost (resignations included).
    pub lost: i32,
    /// Games drawn.
    pub drawn: i32,
    /// The fewest moves of the person in a won game, if any was won.
    pub fewest_moves: Option<i32>,
}

/// Seconds since 1970, as the library stamps its games.
pub(crate) fn now_s() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| super::signed::long(d.as_secs()))
}

/// The short description of an entry (what `WouldReplace` names).
fn saved_game(entry: &Entry) -> SavedGame {
    let card = &entry.card;
    SavedGame {
        id: card.id.clone(),
        kind: card.kind,
        preset: card.preset,
        players: card.seats.iter().map(|s| s.name.clone()).collect(),
        moves: card.moves,
        over: entry.ended,
        saved_at_s: card.last_played_s,
    }
}

/// The entry of file `path`, if it holds game `id` (a file copied over another is damaged: it
/// would otherwise be listed under a game it is not).
fn own(path: &Path, id: &str, entry: Entry) -> Result<Entry, LibraryError> {
    if entry.card.id != id {
        return Err(file::corrupt(
            path,
            format!("it holds game {}, not {id}", entry.card.id),
        ));
    }
    Ok(entry)
}

/// A file of the games' folder: its id (the file's name), where it is, and what it holds.
struct Found {
    id: String,
    path: PathBuf,
    entry: Result<Entry, LibraryError>,
}

fn newest_first(a: &GameCard, b: &GameCard) -> std::cmp::Ordering {
    b.last_played_s
        .cmp(&a.last_played_s)
        .then_with(|| a.id.cmp(&b.id))
}

/// The library in one folder (made if missing). Cheap to clone: clones share the folder and the
/// lock that keeps this process's writers one at a time.
#[derive(Clone, Debug)]
pub struct Library {
    dir: PathBuf,
    /// Held while a read-modify-write of the library runs (the statistics, a slot).
    lock: Arc<Mutex<()>>,
}

impl Library {
    /// The library kept in `dir`: made if missing, stray temporary files of a killed process
    /// removed, and a finished game that was not counted yet (the process died between the two
    /// writes) counted.
    pub fn open(dir: &Path) -> Result<Library, LibraryError> {
        std::fs::create_dir_all(dir.join("games")).map_err(|e| io(dir, e))?;
        let library = Library {
            dir: dir.to_path_buf(),
            lock: Arc::new(Mutex::new(())),
        };
        file::clean_temporary(&library.games_dir());
        file::clean_temporary(dir);
        if let Err(e) = library.count_missed() {
            // The statistics say so themselves when they are read.
            log::warn!("could not bring the statistics up to date: {e}");
        }
        Ok(library)
    }

    fn games_dir(&self) -> PathBuf {
        self.dir.join("games")
    }

    fn game_path(&self, id: &str) -> Result<PathBuf, LibraryError> {
        // Ids are made by the core or the server: letters, digits, '-' and '_' only.
        let ok = !id.is_empty()
            && id.len() <= 64
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !ok {
            return Err(LibraryError::NotFound { id: id.to_owned() });
        }
        Ok(self.games_dir().join(format!("{id}.json")))
    }

    fn stats_path(&self) -> PathBuf {
        self.dir.join("statistics.json")
    }

    /// Every file of the games' folder, read as far as the listing needs.
    fn entries(&self) -> Result<Vec<Found>, LibraryError> {
        Ok(game_files(&self.games_dir())?
            .into_iter()
            .map(|(id, path)| {
                let entry = read_entry(&path).and_then(|e| own(&path, &id, e));
                Found { id, path, entry }
            })
            .collect())
    }

    /// The readable entries of the games' folder.
    fn readable(&self) -> Result<impl Iterator<Item = Entry>, LibraryError> {
        Ok(self.entries()?.into_iter().filter_map(|f| f.entry.ok()))
    }

    /// The games to continue, the finished games and the unreadable files.
    pub fn listing(&self) -> Result<Listing, LibraryError> {
        let mut listing = Listing::default();
        for Found { id, path, entry } in self.entries()? {
            let file = path.display().to_string();
            let reason = match entry {
                Ok(entry) => {
                    // Whom the card names is not stored: worked out from its seats here.
                    let mut card = entry.card;
                    card.names = CardNames::of(&card.seats);
                    if entry.ended {
                        listing.finished.push(card);
                    } else {
                        listing.playing.push(card);
                    }
                    continue;
                }
                Err(LibraryError::TooNew { found, supported }) => {
                    UnreadableReason::TooNew { found, supported }
                }
                Err(LibraryError::Storage { detail, .. }) => UnreadableReason::Storage { detail },
                Err(e) => UnreadableReason::Damaged {
                    detail: match e {
                        LibraryError::Damaged { detail, .. } => detail,
                        other => other.to_string(),
                    },
                },
            };
            listing.unreadable.push(UnreadableGame { id, file, reason });
        }
        listing.playing.sort_by(newest_first);
        listing.finished.sort_by(newest_first);
        listing.unreadable.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(listing)
    }

    /// The save text of game `id`, with what its file says of it.
    fn load(&self, id: &str) -> Result<(SavedGame, String), LibraryError> {
        let path = self.game_path(id)?;
        if !path.exists() {
            return Err(LibraryError::NotFound { id: id.to_owned() });
        }
        let (entry, save) = read_game(&path)?;
        let entry = own(&path, id, entry)?;
        Ok((saved_game(&entry), save))
    }

    /// Local game `id` read back, with the keeper that goes on writing it.
    pub fn open_local(&self, id: &str) -> Result<(SessionState, Keeper), LibraryError> {
        let (info, save) = self.load(id)?;
        let damaged = |detail: String| LibraryError::Damaged {
            file: id.to_owned(),
            detail,
        };
        if info.kind == SavedGameKind::Online {
            return Err(damaged("it is an online game".into()));
        }
        let state = SessionState::restore(&save).map_err(|e| damaged(e.to_string()))?;
        let keeper = Keeper::opened(self.clone(), state.id(), state.save());
        Ok((state, keeper))
    }

    /// Online game `id` read back (not connected: send `hello`), with the keeper that goes on
    /// writing every game the session plays.
    pub fn open_online(&self, id: &str) -> Result<(OnlineSession, Keeper), LibraryError> {
        let (info, save) = self.load(id)?;
        let damaged = |detail: String| LibraryError::Damaged {
            file: id.to_owned(),
            detail,
        };
        if info.kind != SavedGameKind::Online {
            return Err(damaged("it is not an online game".into()));
        }
        let session = OnlineSession::restore(&save).map_err(|e| damaged(e.to_string()))?;
        let keeper = Keeper::opened(self.clone(), id, session.save());
        Ok((session, keeper))
    }

    /// The keeper of a local game kept from now on (it is written at once if it has moves).
    /// Refused with [`LibraryError::WouldReplace`] when its kind's slot holds another game that
    /// has not ended and `replace` is false; with `replace`, that game is removed when this one
    /// is first written (at its first move), so that a new game left untouched replaces nothing.
    pub fn keep_local(&self, state: &SessionState, replace: bool) -> Result<Keeper, LibraryError> {
        if !replace {
            self.check_slot(local_kind(state), state.id())?;
        }
        let mut keeper = Keeper::new(self.clone());
        keeper.keep_local(state);
        Ok(keeper)
    }

    /// The keeper of an online session kept from now on: every game of ours it plays is written
    /// after every change (at once if one is on).
    pub fn keep_online(&self, session: &OnlineSession) -> Keeper {
        let mut keeper = Keeper::new(self.clone());
        keeper.keep_online(session);
        keeper
    }

    /// Refuses to let game `id` take the slot of `kind` from another game that has not ended.
    fn check_slot(&self, kind: SavedGameKind, id: &str) -> Result<(), LibraryError> {
        if kind == SavedGameKind::Online {
            return Ok(());
        }
        if let Some(other) = self
            .readable()?
            .find(|e| !e.ended && e.card.kind == kind && e.card.id != id)
        {
            return Err(LibraryError::WouldReplace {
                existing: saved_game(&other),
            });
        }
        Ok(())
    }

    /// Game `card` takes its slot: any other game of its kind that has not ended is removed.
    fn claim_slot(&self, card: &GameCard) -> Result<(), LibraryError> {
        if card.kind == SavedGameKind::Online {
            return Ok(());
        }
        let _writing = self.lock.lock();
        for e in self.readable()? {
            if !e.ended && e.card.kind == card.kind && e.card.id != card.id {
                self.remove_file(&e.card.id)?;
            }
        }
        Ok(())
    }

    /// Removes the oldest finished games beyond [`FINISHED_KEPT`]. Best effort (logged).
    fn prune_finished(&self) {
        let _writing = self.lock.lock();
        let pruned = self.readable().and_then(|entries| {
            let mut finished: Vec<GameCard> = entries.filter(|e| e.ended).map(|e| e.card).collect();
            finished.sort_by(newest_first);
            for old in finished.iter().skip(FINISHED_KEPT) {
                self.remove_file(&old.id)?;
            }
            Ok(())
        });
        if let Err(e) = pruned {
            log::warn!("could not remove the oldest finished games: {e}");
        }
    }

    /// Writes a game's file.
    fn write_entry(&self, entry: &Entry, save: &str) -> Result<(), LibraryError> {
        let path = self.game_path(&entry.card.id)?;
        write_game(&path, entry, save)
    }

    fn remove_file(&self, id: &str) -> Result<(), LibraryError> {
        let path = self.game_path(id)?;
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(&path, e)),
            _ => Ok(()),
        }
    }

    /// Deletes game `id` (an unwanted game, or a damaged file the player chose to delete).
    pub fn remove(&self, id: &str) -> Result<(), LibraryError> {
        let _writing = self.lock.lock();
        self.remove_file(id)
    }

    /// Counts the finished games of the folder that count and are not counted yet.
    fn count_missed(&self) -> Result<(), LibraryError> {
        let _writing = self.lock.lock();
        let missed: Vec<(String, crate::session::state::CountedGame)> = self
            .readable()?
            .filter(|e| e.ended)
            .filter_map(|e| e.counts.map(|c| (e.card.id, c)))
            .collect();
        if missed.is_empty() {
            return Ok(());
        }
        let mut stats = self.read_stats()?;
        let mut added = false;
        for (id, result) in &missed {
            if !stats.has(id) {
                stats.add(id, result);
                added = true;
            }
        }
        if added {
            self.write_stats(stats)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
