//! The default backend's durability: the memory store writes every change of a game or a private
//! room through to an embedded database file (redb), so a restarted server picks its games up
//! where they were. One writer thread owns the file and commits whatever has queued up in one
//! transaction (group commit), so a busy server pays one `fsync` for many moves; a move is relayed
//! only once its transaction is durable.
//!
//! Layout: `games` maps a game id to its header (players, deadlines, whether over), `events`
//! maps `(game id, number)` to one event, `rooms` maps a room code to the room and its expiry,
//! `ratings` maps `(token, rule set)` to a rating, `rated` lists the games already rated (until
//! the game is deleted).
//! Values are JSON, as on the wire, so the file stays readable with any redb tool.

use std::path::{Path, PathBuf};
use std::sync::mpsc;

use chinese_checkers_core::online::GameEvent;
use chinese_checkers_core::rules::Preset;
use parking_lot::Mutex;
use redb::{Database, Durability, ReadableDatabase, ReadableTable, TableDefinition};

use super::archive::Archived;
use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use super::{Clock, GameMeta, StoreError, StoredRoom};
use crate::ratings::{rule_set_from_name, rule_set_name, Rating};

const GAMES: TableDefinition<&str, &str> = TableDefinition::new("games");
const EVENTS: TableDefinition<(&str, u64), &str> = TableDefinition::new("events");
const ROOMS: TableDefinition<&str, &str> = TableDefinition::new("rooms");
const RATINGS: TableDefinition<(&str, &str), &str> = TableDefinition::new("ratings");
const RATED: TableDefinition<&str, u64> = TableDefinition::new("rated");
/// Finished games on their players' lists (see `archive`), by id.
const ARCHIVE: TableDefinition<&str, &str> = TableDefinition::new("archive");

/// At most this many queued jobs go into one transaction.
const MAX_BATCH: usize = 1024;

/// What the file keeps of a game besides its events.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct GameHeader {
    meta: GameMeta,
    /// Per seat (older files hold two).
    away: Vec<Option<u64>>,
    idle: Option<u64>,
    /// The turn's deadline, its start and the game clocks' banks.
    #[serde(default)]
    turn: Option<u64>,
    #[serde(default)]
    turn_since: Option<u64>,
    #[serde(default)]
    banks: Vec<Option<u64>>,
    over: bool,
}

/// What the file keeps of a private room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct RoomEntry {
    room: StoredRoom,
    /// Unix milliseconds after which the room is gone.
    expires_ms: u64,
}

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
    Room { room: StoredRoom, expires_ms: u64 },
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
}

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
    pub rooms: Vec<(StoredRoom, u64)>,
    /// Every rating: token, rule set, rating.
    pub ratings: Vec<(String, Preset, Rating)>,
    /// Games already rated.
    pub rated: Vec<String>,
    /// Archived games (in no particular order).
    pub archived: Vec<(String, Archived)>,
    /// Entries that could not be read (named, left in the file untouched).
    pub skipped: Vec<String>,
}

/// The file and its writer thread.
pub(crate) struct Journal {
    path: PathBuf,
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    writer: Mutex<Option<std::thread::JoinHandle<()>>>,
}

fn file_error(path: &Path, what: impl std::fmt::Display) -> StoreError {
    StoreError::File(format!("{}: {what}", path.display()))
}

impl Journal {
    /// Opens (or creates) the file and reads what it holds. Fails, touching nothing, if the file
    /// is not a database of ours or another process has it open.
    pub(crate) fn open(path: &Path) -> Result<(Journal, Loaded), StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| file_error(path, e))?;
        }
        let db = Database::create(path).map_err(|e| file_error(path, e))?;
        // Create the tables once, so that reading an empty file finds them.
        let txn = db.begin_write().map_err(|e| file_error(path, e))?;
        {
            txn.open_table(GAMES).map_err(|e| file_error(path, e))?;
            txn.open_table(EVENTS).map_err(|e| file_error(path, e))?;
            txn.open_table(ROOMS).map_err(|e| file_error(path, e))?;
            txn.open_table(RATINGS).map_err(|e| file_error(path, e))?;
            txn.open_table(RATED).map_err(|e| file_error(path, e))?;
            txn.open_table(ARCHIVE).map_err(|e| file_error(path, e))?;
        }
        txn.commit().map_err(|e| file_error(path, e))?;
        let loaded = load(&db).map_err(|e| file_error(path, e))?;
        let (tx, rx) = mpsc::channel::<Job>();
        let writer_path = path.to_owned();
        let writer = std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || write_loop(&db, &rx, &writer_path))
            .map_err(|e| file_error(path, e))?;
        Ok((
            Journal {
                path: path.to_owned(),
                jobs: Mutex::new(Some(tx)),
                writer: Mutex::new(Some(writer)),
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
    /// is harmless: forgetting old games, clearing stale deadlines).
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

/// The writer thread: one transaction per batch of queued jobs, then every waiter is told.
fn write_loop(db: &Database, jobs: &mpsc::Receiver<Job>, path: &Path) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let result = write_batch(db, &batch).map_err(|e| e.to_string());
        if let Err(e) = &result {
            tracing::error!(file = %path.display(), error = %e, "store write failed");
        }
        for job in batch {
            if let Some(done) = job.done {
                let _ = done.send(result.clone());
            }
        }
    }
}

fn write_batch(db: &Database, batch: &[Job]) -> Result<(), redb::Error> {
    let mut txn = db.begin_write()?;
    txn.set_durability(Durability::Immediate)?;
    {
        let mut games = txn.open_table(GAMES)?;
        let mut events = txn.open_table(EVENTS)?;
        let mut rooms = txn.open_table(ROOMS)?;
        let mut ratings = txn.open_table(RATINGS)?;
        let mut rated = txn.open_table(RATED)?;
        let mut archive = txn.open_table(ARCHIVE)?;
        for op in batch.iter().flat_map(|job| &job.ops) {
            match op {
                Op::Header {
                    id,
                    meta,
                    clock,
                    over,
                } => {
                    let header = GameHeader {
                        meta: meta.clone(),
                        away: clock.away.to_vec(),
                        idle: clock.idle,
                        turn: clock.turn,
                        turn_since: clock.turn_since,
                        banks: clock.banks.to_vec(),
                        over: *over,
                    };
                    games.insert(id.as_str(), json(&header).as_str())?;
                }
                Op::Events { id, events: list } => {
                    for (seq, event) in list {
                        events.insert((id.as_str(), *seq), json(event).as_str())?;
                    }
                }
                Op::DeleteGame { id } => {
                    games.remove(id.as_str())?;
                    events.retain_in((id.as_str(), 0)..=(id.as_str(), u64::MAX), |_, _| false)?;
                    rated.remove(id.as_str())?;
                }
                Op::Ratings {
                    game,
                    rule_set,
                    ratings: list,
                } => {
                    for (token, rating) in list {
                        let key = (token.as_str(), rule_set_name(*rule_set));
                        ratings.insert(key, json(rating).as_str())?;
                    }
                    rated.insert(game.as_str(), super::now_ms())?;
                }
                Op::Room { room, expires_ms } => {
                    let entry = RoomEntry {
                        room: room.clone(),
                        expires_ms: *expires_ms,
                    };
                    rooms.insert(room.code.as_str(), json(&entry).as_str())?;
                }
                Op::DeleteRoom { code } => {
                    rooms.remove(code.as_str())?;
                }
                Op::Archive { id, game } => {
                    archive.insert(id.as_str(), json(game).as_str())?;
                }
                Op::DeleteArchive { id } => {
                    archive.remove(id.as_str())?;
                }
            }
        }
    }
    txn.commit()?;
    Ok(())
}

/// Our own types always encode; the fallback keeps the writer free of panics.
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

/// Reads every game and room. A game whose header or events do not decode (or whose events are
/// not numbered 1, 2, 3…) is skipped and named in `skipped`, and stays in the file.
fn load(db: &Database) -> Result<Loaded, redb::Error> {
    let txn = db.begin_read()?;
    let games = txn.open_table(GAMES)?;
    let events = txn.open_table(EVENTS)?;
    let rooms = txn.open_table(ROOMS)?;
    let ratings = txn.open_table(RATINGS)?;
    let rated = txn.open_table(RATED)?;
    let archive = txn.open_table(ARCHIVE)?;
    let mut loaded = Loaded::default();
    for entry in archive.iter()? {
        let (id, value) = entry?;
        match serde_json::from_str::<Archived>(value.value()) {
            Ok(game) => loaded.archived.push((id.value().to_owned(), game)),
            Err(e) => loaded
                .skipped
                .push(format!("archived game {}: {e}", id.value())),
        }
    }
    for entry in ratings.iter()? {
        let (key, value) = entry?;
        let (token, rule_set) = key.value();
        let parsed = rule_set_from_name(rule_set)
            .ok_or_else(|| format!("no rule set {rule_set}"))
            .and_then(|r| {
                serde_json::from_str::<Rating>(value.value())
                    .map(|v| (r, v))
                    .map_err(|e| e.to_string())
            });
        match parsed {
            Ok((r, v)) => loaded.ratings.push((token.to_owned(), r, v)),
            Err(e) => loaded.skipped.push(format!(
                "rating of {}… in {rule_set}: {e}",
                &token[..token.len().min(6)]
            )),
        }
    }
    for entry in rated.iter()? {
        let (id, _) = entry?;
        loaded.rated.push(id.value().to_owned());
    }
    for entry in games.iter()? {
        let (id, header) = entry?;
        let id = id.value().to_owned();
        let header: GameHeader = match serde_json::from_str(header.value()) {
            Ok(h) => h,
            Err(e) => {
                loaded.skipped.push(format!("game {id}: header: {e}"));
                continue;
            }
        };
        let mut list = Vec::new();
        let mut broken = None;
        for item in events.range((id.as_str(), 0)..=(id.as_str(), u64::MAX))? {
            let (key, value) = item?;
            let seq = key.value().1;
            if seq != list.len() as u64 + 1 {
                broken = Some(format!("event {seq} out of order"));
                break;
            }
            match serde_json::from_str::<GameEvent>(value.value()) {
                Ok(event) => list.push(event),
                Err(e) => {
                    broken = Some(format!("event {seq}: {e}"));
                    break;
                }
            }
        }
        if let Some(why) = broken {
            loaded.skipped.push(format!("game {id}: {why}"));
            continue;
        }
        let clock = if header.over {
            Clock::default()
        } else {
            Clock {
                away: std::array::from_fn(|s| header.away.get(s).copied().flatten()),
                idle: header.idle,
                turn: header.turn,
                turn_since: header.turn_since,
                banks: std::array::from_fn(|s| header.banks.get(s).copied().flatten()),
            }
        };
        loaded.games.push(LoadedGame {
            id,
            meta: header.meta,
            clock,
            events: list,
        });
    }
    for entry in rooms.iter()? {
        let (code, value) = entry?;
        match serde_json::from_str::<RoomEntry>(value.value()) {
            Ok(r) => loaded.rooms.push((r.room, r.expires_ms)),
            Err(e) => loaded.skipped.push(format!("room {}: {e}", code.value())),
        }
    }
    Ok(loaded)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use chinese_checkers_core::online::Format;

    fn temp_path(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "cc-journal-{}-{}-{name}",
            std::process::id(),
            super::super::now_ms()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("games.redb")
    }

    fn meta() -> GameMeta {
        GameMeta {
            tokens: vec!["a".repeat(32), "b".repeat(32)],
            public: false,
            code: None,
            min_rated_plies: 0,
        }
    }

    #[tokio::test]
    async fn what_is_written_is_read_back_after_reopening() {
        let path = temp_path("reopen");
        let (journal, loaded) = Journal::open(&path).unwrap();
        assert!(loaded.games.is_empty() && loaded.rooms.is_empty());
        let clock = Clock {
            away: [None, Some(42), None, None, None, None],
            idle: Some(99),
            turn: Some(77),
            turn_since: Some(7),
            banks: [Some(1_000), Some(2_000), None, None, None, None],
        };
        journal
            .write(vec![
                Op::Header {
                    id: "g1".into(),
                    meta: meta(),
                    clock,
                    over: false,
                },
                Op::Events {
                    id: "g1".into(),
                    events: vec![(1, GameEvent::Reconnected { side: 1 })],
                },
                Op::Room {
                    room: StoredRoom {
                        code: "ABCDEFGH".into(),
                        format: Format::Tripot1,
                        host: super::super::Player {
                            token: "a".repeat(32),
                            name: "Ada".into(),
                            rated: false,
                        },
                        guests: Vec::new(),
                        clock: Default::default(),
                    },
                    expires_ms: 7,
                },
            ])
            .await
            .unwrap();
        journal
            .write(vec![Op::Events {
                id: "g1".into(),
                events: vec![(
                    2,
                    GameEvent::Disconnected {
                        side: 0,
                        grace_ms: 5,
                    },
                )],
            }])
            .await
            .unwrap();
        journal.close();
        drop(journal);
        let (_journal, loaded) = Journal::open(&path).unwrap();
        assert_eq!(loaded.games.len(), 1);
        let game = &loaded.games[0];
        assert_eq!(game.id, "g1");
        assert_eq!(game.meta, meta());
        assert_eq!(game.clock, clock);
        assert_eq!(
            game.events,
            vec![
                GameEvent::Reconnected { side: 1 },
                GameEvent::Disconnected {
                    side: 0,
                    grace_ms: 5
                }
            ]
        );
        assert_eq!(loaded.rooms.len(), 1);
        assert_eq!(loaded.rooms[0].0.code, "ABCDEFGH");
        assert_eq!(loaded.rooms[0].1, 7);
        assert!(loaded.skipped.is_empty());
    }

    #[tokio::test]
    async fn a_gap_in_the_events_skips_that_game_only() {
        let path = temp_path("gap");
        let (journal, _) = Journal::open(&path).unwrap();
        for id in ["good", "bad"] {
            journal
                .write(vec![Op::Header {
                    id: id.into(),
                    meta: meta(),
                    clock: Clock::default(),
                    over: false,
                }])
                .await
                .unwrap();
        }
        journal
            .write(vec![
                Op::Events {
                    id: "good".into(),
                    events: vec![(1, GameEvent::Reconnected { side: 0 })],
                },
                Op::Events {
                    id: "bad".into(),
                    events: vec![(2, GameEvent::Reconnected { side: 0 })],
                },
            ])
            .await
            .unwrap();
        journal.close();
        drop(journal);
        let (_journal, loaded) = Journal::open(&path).unwrap();
        let ids: Vec<&str> = loaded.games.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, vec!["good"]);
        assert_eq!(
            loaded.skipped,
            vec!["game bad: event 2 out of order".to_owned()]
        );
    }

    #[tokio::test]
    async fn ratings_and_rated_games_are_read_back_and_forgotten_with_the_game() {
        let path = temp_path("ratings");
        let (journal, _) = Journal::open(&path).unwrap();
        let r = Rating {
            rating: 1_662.311_990_000_1,
            rd: 290.319_3,
            volatility: 0.059_999,
            games: 1,
        };
        journal
            .write(vec![
                Op::Ratings {
                    game: "g1".into(),
                    rule_set: Preset::Sternhalma,
                    ratings: vec![("a".repeat(32), r), ("b".repeat(32), Rating::default())],
                },
                Op::Ratings {
                    game: "g2".into(),
                    rule_set: Preset::Tripot,
                    ratings: vec![("a".repeat(32), r)],
                },
            ])
            .await
            .unwrap();
        journal
            .write(vec![Op::DeleteGame { id: "g2".into() }])
            .await
            .unwrap();
        journal.close();
        drop(journal);
        let (_journal, loaded) = Journal::open(&path).unwrap();
        let mut got = loaded.ratings.clone();
        got.sort_by(|x, y| (&x.0, rule_set_name(x.1)).cmp(&(&y.0, rule_set_name(y.1))));
        assert_eq!(
            got,
            vec![
                ("a".repeat(32), Preset::Sternhalma, r),
                ("a".repeat(32), Preset::Tripot, r),
                ("b".repeat(32), Preset::Sternhalma, Rating::default()),
            ]
        );
        assert_eq!(loaded.rated, vec!["g1".to_owned()]);
    }

    #[test]
    fn a_file_that_is_not_a_database_is_refused_and_kept() {
        let path = temp_path("garbage");
        std::fs::write(&path, b"these are not the games you are looking for").unwrap();
        let err = Journal::open(&path).err().expect("refused");
        assert!(err.to_string().contains("games.redb"), "{err}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"these are not the games you are looking for"
        );
    }

    #[test]
    fn a_file_open_in_another_server_is_refused() {
        let path = temp_path("twice");
        let (_first, _) = Journal::open(&path).unwrap();
        let err = Journal::open(&path).err().expect("refused");
        assert!(err.to_string().contains("games.redb"), "{err}");
    }

    #[tokio::test]
    async fn archived_games_are_read_back_and_deleted() {
        use chinese_checkers_core::online::{Command, GameRecord};
        let path = temp_path("archive");
        let (journal, _) = Journal::open(&path).unwrap();
        let (mut record, started) =
            GameRecord::new("g1", Format::Tripot1, vec!["A".into(), "B".into()]);
        let mut events = vec![started];
        events.extend(
            record
                .execute(0, &Command::Resign)
                .unwrap()
                .into_iter()
                .map(|(_, e)| e),
        );
        let game = Archived::of(&meta().tokens, &record, &events, 5).unwrap();
        journal
            .write(vec![
                Op::Archive {
                    id: "g1".into(),
                    game: Box::new(game.clone()),
                },
                Op::Archive {
                    id: "g2".into(),
                    game: Box::new(game.clone()),
                },
            ])
            .await
            .unwrap();
        journal
            .write(vec![Op::DeleteArchive { id: "g2".into() }])
            .await
            .unwrap();
        journal.close();
        drop(journal);
        let (_journal, loaded) = Journal::open(&path).unwrap();
        assert_eq!(loaded.archived, vec![("g1".to_owned(), game)]);
    }
}
