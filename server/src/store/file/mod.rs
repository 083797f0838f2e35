//! The default backend's durability: the memory store writes every change of a game or a private
//! room through to an embedded database file (redb), so a restarted server picks its games up
//! where they were. One writer thread owns the file and commits whatever has queued up in one
//! transaction (group commit), so a busy server pays one `fsync` for many moves; a move is relayed
//! only once its transaction is durable.
//!
//! Faults: a write that fails (a full disk, an I/O error) fails every job of its transaction,
//! whose changes the store then undoes, and marks the file failing (`/health` answers 503). redb
//! refuses every later write once one failed ("Previous I/O error"), so the writer drops the
//! database and opens it again (checked as at start), first after 0.5 s, then backing off to
//! 5 s (a check reads the whole file), with a small probe write when nothing else is queued;
//! writes arriving in between are refused at once; the first write that succeeds ends the
//! failure, with no restart. Housekeeping of a failed transaction (forgetting old
//! games, expired rooms) is kept and written first once writes succeed again.
//!
//! Opening: see `check` (a damaged file is never written to; an empty one needs `--init-data`).
//!
//! Layout: `games` maps a game id to its header (players, deadlines, whether over), `events`
//! maps `(game id, number)` to one event, `rooms` maps a room code to the room and its expiry,
//! `ratings` maps `(token, rule set)` to a rating, `rated` lists the games already rated (until
//! the game is deleted), `archive` maps a finished game's id to its archive entry, `meta` holds
//! the writer's probe.
//! Values are JSON, as on the wire, so the file stays readable with any redb tool.

mod backend;
mod check;
mod tables;
mod writer;

use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc};

use chinese_checkers_core::online::GameEvent;
use chinese_checkers_core::rules::Preset;
use parking_lot::Mutex;
use redb::TableDefinition;
use tokio::sync::oneshot;

use super::archive::Archived;
use super::{Clock, GameMeta, StoreError, Table};
use crate::ratings::Rating;
pub(crate) use backend::Faults;
use check::{Found, Unusable};
use writer::{Health, Writer};

const GAMES: TableDefinition<&str, &str> = TableDefinition::new("games");
const EVENTS: TableDefinition<(&str, u64), &str> = TableDefinition::new("events");
const ROOMS: TableDefinition<&str, &str> = TableDefinition::new("rooms");
const RATINGS: TableDefinition<(&str, &str), &str> = TableDefinition::new("ratings");
const RATED: TableDefinition<&str, u64> = TableDefinition::new("rated");
/// Finished games on their players' lists (see `archive`), by id.
const ARCHIVE: TableDefinition<&str, &str> = TableDefinition::new("archive");
/// The writer's probe (`probe` → the time of the last one).
const META: TableDefinition<&str, &str> = TableDefinition::new("meta");

/// One change to write.
#[derive(Debug)]
pub(crate) enum Op {
    /// A game's header (new game, new deadlines, or the game ended).
    Header {
        id: String,
        meta: GameMeta,
        clock: Clock,
        over: bool,
    },
    /// Events appended to a game.
    Events {
        id: String,
        events: Vec<(u64, GameEvent)>,
    },
    /// A game forgotten (finished long ago).
    DeleteGame { id: String },
    /// A private room created.
    Room { room: Table, expires_ms: u64 },
    /// A private room taken or expired.
    DeleteRoom { code: String },
    /// A finished game archived for its players' lists.
    Archive { id: String, game: Box<Archived> },
    /// An archived game on nobody's list any more.
    DeleteArchive { id: String },
    /// The ratings a rated game ended with (written with its end; the game is marked rated).
    Ratings {
        game: String,
        rule_set: Preset,
        ratings: Vec<(String, Rating)>,
    },
    /// A small write that tells whether writing works again (while writes fail).
    Probe,
}

/// Ops to write in one transaction, and who waits for them to be durable (nobody for
/// housekeeping).
struct Job {
    ops: Vec<Op>,
    done: Option<oneshot::Sender<Result<(), String>>>,
}

/// A game as found in the file.
pub(crate) struct LoadedGame {
    pub id: String,
    pub meta: GameMeta,
    pub clock: Clock,
    pub events: Vec<GameEvent>,
}

/// Everything found in the file at start.
#[derive(Default)]
pub(crate) struct Loaded {
    pub games: Vec<LoadedGame>,
    pub rooms: Vec<(Table, u64)>,
    /// Every rating: token, rule set, rating.
    pub ratings: Vec<(String, Preset, Rating)>,
    /// Games already rated.
    pub rated: Vec<String>,
    /// Archived games (in no particular order).
    pub archived: Vec<(String, Archived)>,
    /// Entries that could not be read (named, left in the file untouched).
    pub skipped: Vec<String>,
}

/// How the server may treat its data file at start (`--repair`, `--init-data`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileOptions {
    /// A damaged file is copied aside (`FILE.damaged-<time>`) and rebuilt from what can still
    /// be read, instead of refused.
    pub repair: bool,
    /// An existing empty (0-byte) file is used as a new data file instead of refused.
    pub init_empty: bool,
}

/// The file and its writer thread.
pub(crate) struct Journal {
    path: PathBuf,
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    writer: Mutex<Option<std::thread::JoinHandle<()>>>,
    health: Arc<Health>,
    faults: Faults,
}

fn file_error(path: &Path, what: impl std::fmt::Display) -> StoreError {
    StoreError::File(format!("{}: {what}", path.display()))
}

impl Journal {
    /// Opens the data file (see `check` for which files are accepted) and reads what it holds.
    /// A file that is damaged, empty without `init_empty`, or open in another server is refused
    /// and left exactly as it was; with `repair`, a damaged one is first copied aside and rebuilt.
    pub(crate) fn open(path: &Path, options: FileOptions) -> Result<(Journal, Loaded), StoreError> {
        let faults = Faults::default();
        let found = check::inspect(path)?;
        let create = match found {
            Found::New => true,
            Found::Empty if options.init_empty => true,
            Found::Empty => return Err(check::empty_refused(path)),
            Found::Existing => {
                match check::verify(path) {
                    Ok(()) => {
                        if options.repair {
                            tracing::info!(file = %path.display(), "--repair: the data file is sound, nothing to repair");
                        }
                    }
                    Err(Unusable::Busy(why)) => return Err(file_error(path, why)),
                    Err(Unusable::Damaged(why)) if options.repair => {
                        tracing::warn!(file = %path.display(), damage = %why, "repairing the data file");
                        let report = check::repair(path)?;
                        tracing::warn!(file = %path.display(), "{report}");
                        check::verify(path).map_err(|e| match e {
                            Unusable::Busy(w) | Unusable::Damaged(w) => {
                                file_error(path, format!("still unusable after the repair: {w}"))
                            }
                        })?;
                    }
                    Err(Unusable::Damaged(why)) => return Err(check::damaged_refused(path, &why)),
                }
                false
            }
        };
        if create {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|e| file_error(path, e))?;
            }
        }
        let db = check::open_for_writing(path, &faults, create)?;
        if create {
            tracing::info!(file = %path.display(), "a new data file: the server starts with no games");
        }
        let read = check::quietly(|| {
            if !tables::has_tables(&db)? {
                tables::create_tables(&db)?;
            }
            tables::load(&db)
        });
        let loaded = match read {
            Ok(Ok(loaded)) => loaded,
            Ok(Err(e)) => return Err(file_error(path, e)),
            Err(_) => return Err(check::damaged_refused(path, "redb could not read it")),
        };
        let (tx, rx) = mpsc::channel::<Job>();
        let health = Arc::new(Health::default());
        let writer = Writer::new(path, faults.clone(), db, health.clone());
        let writer = std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || writer.run(&rx))
            .map_err(|e| file_error(path, e))?;
        Ok((
            Journal {
                path: path.to_owned(),
                jobs: Mutex::new(Some(tx)),
                writer: Mutex::new(Some(writer)),
                health,
                faults,
            },
            loaded,
        ))
    }

    /// Writes `ops` in the next transaction and waits until it is durable.
    pub(crate) async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.send(Job {
            ops,
            done: Some(done),
        })?;
        match wait.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(file_error(&self.path, e)),
            Err(_) => Err(file_error(&self.path, "the writer stopped")),
        }
    }

    /// Writes `ops` in the next transaction without waiting (housekeeping whose loss in a crash
    /// is harmless: forgetting old games, clearing stale deadlines). If that transaction fails,
    /// they are written before anything else once writes succeed again.
    pub(crate) fn write_later(&self, ops: Vec<Op>) {
        if let Err(e) = self.send(Job { ops, done: None }) {
            tracing::warn!(error = %e, "store write dropped");
        }
    }

    fn send(&self, job: Job) -> Result<(), StoreError> {
        match &*self.jobs.lock() {
            Some(tx) => tx
                .send(job)
                .map_err(|_| file_error(&self.path, "the writer stopped")),
            None => Err(file_error(&self.path, "the store is closed")),
        }
    }

    /// Why writes fail now, if they do (`/health`).
    pub(crate) fn failing(&self) -> Option<String> {
        self.health.failing()
    }

    /// The fault switch (tests: a full disk).
    pub(crate) fn faults(&self) -> &Faults {
        &self.faults
    }

    /// Writes what is queued and closes the file (at shutdown).
    pub(crate) fn close(&self) {
        drop(self.jobs.lock().take());
        if let Some(writer) = self.writer.lock().take() {
            let _ = writer.join();
        }
    }
}

impl Drop for Journal {
    fn drop(&mut self) {
        self.close();
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;

#[cfg(test)]
#[path = "fault_tests.rs"]
mod fault_tests;
