//! The embedded backend: all state in this process's memory, written through to a data file
//! when one is given ([`MemoryStore::with_file`], the server's default) so that a restart loses
//! no game and no private room. Queue and lobby tables live only as long as their connections,
//! so they are not written.

mod across;
mod engine;
mod lobby;

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chinese_checkers_core::online::{
    Command, CommandError, GameEvent, GameRecord, GameSummary, LiveGame,
};
use chinese_checkers_core::rules::Preset;
use parking_lot::{Mutex, RwLock};
use tokio::sync::Mutex as GameLock;

use super::archive::{Admission, Archive, ArchiveLimits, Archived};
use super::file::{FileOptions, Journal, Loaded, Op};
use super::{
    expiry, is_ai_token, no_game, not_in_game, not_watchable, now_ms, AiTurn, Clock, GameMeta,
    QueueEntry, Resumed, StoreError,
};
use crate::bus::{game_channel, user_channel, Bus};
use crate::model::BusMsg;
use crate::ratings::{self, RatedGame, Rating};

struct MemGame {
    meta: GameMeta,
    record: GameRecord,
    events: Vec<GameEvent>,
    /// Its deadlines.
    clock: Clock,
}

/// All state in memory; bus messages are delivered to this instance's listeners directly.
pub struct MemoryStore {
    bus: Arc<Bus>,
    /// Each game behind an async lock: its events are written to the file (awaited) and then
    /// delivered while it is held, so listeners see them in order and only once durable.
    games: RwLock<HashMap<String, Arc<GameLock<MemGame>>>>,
    user_games: Mutex<HashMap<String, HashSet<String>>>,
    queue: Mutex<Vec<QueueEntry>>,
    /// Open tables and private rooms.
    tables: Mutex<lobby::Tables>,
    /// The game each private room's code started, while the game is held (watching by code;
    /// boxed: the store is one variant of an enum).
    room_games: Box<Mutex<HashMap<String, String>>>,
    finished: Mutex<VecDeque<(Instant, String)>>,
    inactivity_ms: AtomicU64,
    /// The data file, if any (boxed: the store is one variant of an enum).
    journal: Option<Box<Journal>>,
    /// Ratings (boxed: the store is one variant of an enum).
    ratings: Box<RatingBook>,
    /// Finished games, for their players' lists and downloads (boxed: the store is one variant
    /// of an enum). Locked (inside a game's lock, after the ratings) from admitting a game that
    /// ends until its transaction is durable and it is archived.
    archive: Box<GameLock<Archive>>,
    /// Recent addresses and pairs' rated games (rating integrity; boxed as above).
    integrity: Box<crate::store::integrity::IntegrityBook>,
}

/// The memory store's ratings.
#[derive(Default)]
struct RatingBook {
    /// Every rating, by token and rule set. Locked (inside a game's lock, never the other way)
    /// from reading the ratings a game ends with until the new ones are written.
    book: GameLock<HashMap<(String, Preset), Rating>>,
    /// Games whose ratings were applied (a game is rated once), until the game is forgotten.
    rated: Mutex<HashSet<String>>,
}

/// A rated game's ratings before and after it, one per person.
type RatingUpdate = (RatedGame, Vec<Rating>, Vec<Rating>);

/// A finished game is kept this long (for late resumes and rematches), then forgotten.
pub const FINISHED_KEEP: Duration = Duration::from_secs(600);

impl MemoryStore {
    /// An empty store delivering to `bus`.
    pub fn new(bus: Arc<Bus>) -> MemoryStore {
        MemoryStore {
            bus,
            games: RwLock::default(),
            user_games: Mutex::default(),
            queue: Mutex::default(),
            tables: Mutex::default(),
            room_games: Box::default(),
            finished: Mutex::default(),
            inactivity_ms: AtomicU64::new(24 * 3600 * 1000),
            journal: None,
            ratings: Box::default(),
            archive: Box::default(),
            integrity: Box::default(),
        }
    }

    pub(super) async fn note_address(&self, token: &str, addr: &str) -> Result<(), StoreError> {
        self.integrity.note(token, addr, now_ms());
        Ok(())
    }

    pub(super) async fn rating_guard(
        &self,
        tokens: &[String],
        cap: u32,
    ) -> Result<Option<crate::store::integrity::Unrated>, StoreError> {
        Ok(self.integrity.guard(tokens, cap, now_ms()))
    }

    /// A store written through to the data file at `path`, holding what the file holds: games
    /// (finished ones are kept [`FINISHED_KEEP`] from now) and private rooms not yet expired.
    /// Entries that cannot be read are logged by name and left in the file.
    pub fn with_file(
        bus: Arc<Bus>,
        path: &std::path::Path,
        options: FileOptions,
        archive: ArchiveLimits,
    ) -> Result<MemoryStore, StoreError> {
        let (journal, loaded) = Journal::open(path, options)?;
        let mut store = MemoryStore::new(bus);
        store.archive = Box::new(GameLock::new(Archive::new(archive)));
        store.journal = Some(Box::new(journal));
        store.adopt(loaded, path)?;
        Ok(store)
    }

    /// Takes in what the data file held.
    fn adopt(&self, loaded: Loaded, path: &std::path::Path) -> Result<(), StoreError> {
        let Loaded {
            games,
            rooms,
            ratings,
            rated,
            mut archived,
            skipped,
        } = loaded;
        archived.sort_by_key(|(_, a)| a.ended_ms);
        if let Ok(mut archive) = self.archive.try_lock() {
            // Within the limits: what no longer fits leaves the file too.
            let now = now_ms();
            let mut gone = Vec::new();
            for (id, game) in archived {
                gone.extend(archive.add(&id, game, now));
            }
            let (games, bytes) = archive.size();
            tracing::info!(file = %path.display(), games, bytes, dropped = gone.len(),
                "archive read back (games beyond its limits dropped)");
            if let (false, Some(j)) = (gone.is_empty(), &self.journal) {
                j.write_later(
                    gone.into_iter()
                        .map(|id| Op::DeleteArchive { id })
                        .collect(),
                );
            }
        }
        if let Ok(mut book) = self.ratings.book.try_lock() {
            book.extend(
                ratings
                    .into_iter()
                    .map(|(token, rule_set, r)| ((token, rule_set), r)),
            );
        }
        self.ratings.rated.lock().extend(rated);
        for why in &skipped {
            tracing::error!(file = %path.display(), entry = %why, "unreadable entry left in the data file");
        }
        let (mut playing, mut over) = (0usize, 0usize);
        for game in games {
            let record = match GameRecord::replay(&game.id, &game.events) {
                Ok(r) => r,
                Err(e) => {
                    tracing::error!(file = %path.display(), game = %game.id, error = %e,
                        "game left in the data file: its events do not replay");
                    continue;
                }
            };
            if record.is_over() {
                over += 1;
                self.finished
                    .lock()
                    .push_back((Instant::now(), game.id.clone()));
            } else {
                playing += 1;
                let mut users = self.user_games.lock();
                for token in game.meta.tokens.iter().filter(|t| !is_ai_token(t)) {
                    users
                        .entry(token.clone())
                        .or_default()
                        .insert(game.id.clone());
                }
            }
            if let Some(code) = &game.meta.code {
                self.room_games.lock().insert(code.clone(), game.id.clone());
            }
            let held = MemGame {
                meta: game.meta,
                record,
                events: game.events,
                clock: game.clock,
            };
            self.games
                .write()
                .insert(game.id, Arc::new(GameLock::new(held)));
        }
        let now = now_ms();
        let mut held = self.tables.lock();
        for (room, expires_ms) in rooms {
            if expires_ms > now {
                let left = Duration::from_millis(expires_ms - now);
                held.hold_room(room, Instant::now() + left);
            } else if let Some(j) = &self.journal {
                j.write_later(vec![Op::DeleteRoom { code: room.id }]);
            }
        }
        tracing::info!(file = %path.display(), playing, over, rooms = held.rooms(),
            "games picked up from the data file");
        Ok(())
    }

    /// Whether changes are written to a data file.
    pub(crate) fn is_durable(&self) -> bool {
        self.journal.is_some()
    }

    /// Why the data file's writes fail now, if they do.
    pub(crate) fn storage_failing(&self) -> Option<String> {
        self.journal.as_ref().and_then(|j| j.failing())
    }

    /// Tests: makes the data file's writes fail (as on a full disk) or work again.
    pub(crate) fn fail_writes(&self, failing: bool) {
        if let Some(j) = &self.journal {
            j.faults().set(failing);
        }
    }

    /// Writes `ops` durably (no-op without a data file).
    async fn persist(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        match &self.journal {
            Some(j) => j.write(ops).await,
            None => Ok(()),
        }
    }

    /// Flushes and closes the data file (at shutdown).
    pub(crate) fn close(&self) {
        if let Some(j) = &self.journal {
            j.close();
        }
    }

    pub(super) fn set_inactivity(&self, inactivity: Duration) {
        self.inactivity_ms
            .store(inactivity.as_millis() as u64, Ordering::Relaxed);
    }

    pub(super) async fn due_games(&self, now: u64, max: usize) -> Result<Vec<String>, StoreError> {
        let games: Vec<(String, Arc<GameLock<MemGame>>)> = self
            .games
            .read()
            .iter()
            .map(|(id, g)| (id.clone(), g.clone()))
            .collect();
        Ok(games
            .into_iter()
            // A game locked right now is busy, not stale: the next sweep looks again.
            .filter(|(_, g)| {
                g.try_lock()
                    .is_ok_and(|g| g.clock.next().is_some_and(|t| t <= now))
            })
            .map(|(id, _)| id)
            .take(max)
            .collect())
    }

    pub(super) async fn expire_game(&self, id: &str, now: u64) -> Result<bool, StoreError> {
        let Some(game) = self.game(id) else {
            return Ok(false);
        };
        let mut g = game.lock().await;
        let Some(events) = expiry(&g.record, &g.clock, now) else {
            if g.clock.next().is_some_and(|t| t <= now) {
                // Stale (a side marked away that is back, a turn that moved on): drop the due
                // deadlines, keep the others.
                g.clock = g.clock.without_due(now).1;
                if let Some(j) = &self.journal {
                    j.write_later(vec![Self::header(id, &g)]);
                }
            }
            return Ok(false);
        };
        let mut next = g.record.clone();
        let mut numbered = Vec::with_capacity(events.len());
        for event in events {
            let seq = next.seq() + 1;
            next.apply(seq, &event)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?;
            numbered.push((seq, event));
        }
        let was_over = g.record.is_over();
        let before = std::mem::replace(&mut g.record, next);
        if let Err(e) = self.commit(id, &mut g, &numbered, was_over).await {
            g.record = before;
            return Err(e);
        }
        Ok(true)
    }

    pub(super) async fn publish(&self, channel: &str, msg: BusMsg) -> Result<(), StoreError> {
        self.bus.deliver(channel, Arc::new(msg));
        Ok(())
    }

    pub(super) async fn create_game(
        &self,
        id: &str,
        meta: &GameMeta,
        started: &GameEvent,
    ) -> Result<(), StoreError> {
        self.forget_old_games();
        let record =
            GameRecord::replay(id, [started]).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let clock = Clock::started(
            now_ms(),
            self.inactivity_ms.load(Ordering::Relaxed),
            &record,
        );
        let note = clock.note(&record);
        let game = MemGame {
            meta: meta.clone(),
            record,
            events: vec![started.clone()],
            clock,
        };
        self.persist(vec![
            Self::header(id, &game),
            Op::Events {
                id: id.to_owned(),
                events: vec![(1, started.clone())],
            },
        ])
        .await?;
        self.games
            .write()
            .insert(id.to_owned(), Arc::new(GameLock::new(game)));
        if let Some(code) = &meta.code {
            self.room_games.lock().insert(code.clone(), id.to_owned());
        }
        let mut users = self.user_games.lock();
        for token in meta.tokens.iter().filter(|t| !is_ai_token(t)) {
            users
                .entry(token.clone())
                .or_default()
                .insert(id.to_owned());
        }
        drop(users);
        self.bus.deliver(
            &game_channel(id),
            Arc::new(BusMsg::Game {
                game: id.to_owned(),
                seq: 1,
                event: started.clone(),
                clock: note,
            }),
        );
        Ok(())
    }

    /// Sets the archive's limits (the store without a data file; `with_file` takes them).
    pub(crate) fn set_archive_limits(&self, limits: ArchiveLimits) {
        if let Ok(mut archive) = self.archive.try_lock() {
            if archive.limits() != limits {
                *archive = Archive::new(limits);
            }
        }
    }

    /// Drops finished games older than [`FINISHED_KEEP`] (bounded by what is due), and
    /// archived games older than the archive's age limit.
    fn forget_old_games(&self) {
        if let Ok(mut archive) = self.archive.try_lock() {
            let gone = archive.expire(now_ms());
            if let (false, Some(j)) = (gone.is_empty(), &self.journal) {
                j.write_later(
                    gone.into_iter()
                        .map(|id| Op::DeleteArchive { id })
                        .collect(),
                );
            }
        }
        let now = Instant::now();
        let mut finished = self.finished.lock();
        while let Some((at, _)) = finished.front() {
            if now.duration_since(*at) < FINISHED_KEEP {
                break;
            }
            if let Some((_, id)) = finished.pop_front() {
                let removed = self.games.write().remove(&id);
                if let Some(game) = removed {
                    self.forget_room_game(&id, &game);
                }
                self.ratings.rated.lock().remove(&id);
                if let Some(j) = &self.journal {
                    j.write_later(vec![Op::DeleteGame { id }]);
                }
            }
        }
    }

    /// Its room's code, if any, names no game once the game is forgotten (unless a later room
    /// drew the same code). A game's meta never changes; should someone hold its lock just now,
    /// the map is searched instead.
    fn forget_room_game(&self, id: &str, game: &GameLock<MemGame>) {
        let code = game.try_lock().map(|g| g.meta.code.clone());
        let mut rooms = self.room_games.lock();
        match code {
            Ok(Some(code)) => {
                if rooms.get(&code).is_some_and(|g| g == id) {
                    rooms.remove(&code);
                }
            }
            Ok(None) => {}
            Err(_) => rooms.retain(|_, g| g != id),
        }
    }

    fn game(&self, id: &str) -> Option<Arc<GameLock<MemGame>>> {
        self.games.read().get(id).cloned()
    }

    /// The header op of a game as it is now.
    fn header(id: &str, g: &MemGame) -> Op {
        Op::Header {
            id: id.to_owned(),
            meta: g.meta.clone(),
            clock: g.clock,
            over: g.record.is_over(),
        }
    }

    pub(super) async fn update_game(
        &self,
        id: &str,
        token: &str,
        command: &Command,
    ) -> Result<Result<Vec<(u64, GameEvent)>, CommandError>, StoreError> {
        let Some(game) = self.game(id) else {
            return Ok(Err(no_game(id)));
        };
        let mut g = game.lock().await;
        let side = match g.meta.seat_for(&g.record, token, command) {
            Ok(side) => side,
            Err(e) => return Ok(Err(e)),
        };
        let was_over = g.record.is_over();
        // Kept to undo the command if the data file cannot take its events.
        let before = self.journal.as_ref().map(|_| g.record.clone());
        let events = match g.record.execute(side, command) {
            Ok(events) => events,
            Err(e) => return Ok(Err(e)),
        };
        if let Err(e) = self.commit(id, &mut g, &events, was_over).await {
            if let Some(before) = before {
                g.record = before;
            }
            return Err(e);
        }
        Ok(Ok(events))
    }

    /// Stores and delivers events already applied to the record, and updates the deadlines. With
    /// a data file, nothing is delivered or changed before the events are durable.
    async fn commit(
        &self,
        id: &str,
        g: &mut MemGame,
        events: &[(u64, GameEvent)],
        was_over: bool,
    ) -> Result<(), StoreError> {
        if events.is_empty() {
            return Ok(());
        }
        let clock = g.clock.after(
            &g.record,
            events,
            now_ms(),
            self.inactivity_ms.load(Ordering::Relaxed),
        );
        // The game that ends here is rated here, once, in the same transaction as its end.
        let rated = if !was_over && g.record.is_over() {
            ratings::rated_game(id, &g.meta, &g.record)
        } else {
            None
        };
        let mut book = match rated {
            Some(_) => Some(self.ratings.book.lock().await),
            None => None,
        };
        let update: Option<RatingUpdate> = match (rated, book.as_deref()) {
            (Some(game), Some(book)) if !self.ratings.rated.lock().contains(id) => {
                let before: Vec<Rating> = game
                    .people
                    .iter()
                    .map(|(t, _)| {
                        book.get(&(t.clone(), game.rule_set))
                            .copied()
                            .unwrap_or_default()
                    })
                    .collect();
                let places: Vec<u32> = game.people.iter().map(|(_, p)| *p).collect();
                let after = ratings::rate(&before, &places);
                Some((game, before, after))
            }
            _ => None,
        };
        // Its archive entry too, in the same transaction as its end and its ratings.
        let ends = !was_over && g.record.is_over();
        let mut archive = match ends {
            true => Some(self.archive.lock().await),
            false => None,
        };
        let admission: Option<Admission> = archive.as_deref().and_then(|a| {
            let mut all = g.events.clone();
            all.extend(events.iter().map(|(_, e)| e.clone()));
            let game = Archived::of(&g.meta.tokens, &g.record, &all, now_ms())?;
            Some(a.admit(id, game, now_ms()))
        });
        if let Some(j) = &self.journal {
            let mut ops = vec![
                Op::Header {
                    id: id.to_owned(),
                    meta: g.meta.clone(),
                    clock,
                    over: g.record.is_over(),
                },
                Op::Events {
                    id: id.to_owned(),
                    events: events.to_vec(),
                },
            ];
            if let Some((game, _, after)) = &update {
                ops.push(Op::Ratings {
                    game: id.to_owned(),
                    rule_set: game.rule_set,
                    ratings: game
                        .people
                        .iter()
                        .map(|(t, _)| t.clone())
                        .zip(after.iter().copied())
                        .collect(),
                });
            }
            if let Some(a) = &admission {
                ops.push(Op::Archive {
                    id: id.to_owned(),
                    game: Box::new(a.game().clone()),
                });
                ops.extend(a.gone.iter().map(|id| Op::DeleteArchive { id: id.clone() }));
            }
            j.write(ops).await?;
        }
        if let (Some(a), Some(archive)) = (admission, archive.as_deref_mut()) {
            archive.apply(a);
        }
        // Archived before the end is delivered: whoever sees it finds the game in their list.
        drop(archive);
        if let (Some((game, _, after)), Some(book)) = (&update, book.as_deref_mut()) {
            for ((token, _), r) in game.people.iter().zip(after) {
                book.insert((token.clone(), game.rule_set), *r);
            }
            self.ratings.rated.lock().insert(id.to_owned());
        }
        drop(book);
        g.clock = clock;
        let note = clock.note(&g.record);
        for (i, (seq, event)) in events.iter().enumerate() {
            g.events.push(event.clone());
            // Delivered under the game's lock, so listeners see the events in order.
            self.bus.deliver(
                &game_channel(id),
                Arc::new(BusMsg::Game {
                    game: id.to_owned(),
                    seq: *seq,
                    event: event.clone(),
                    clock: (i + 1 == events.len()).then(|| note.clone()).flatten(),
                }),
            );
        }
        if ends {
            self.finished
                .lock()
                .push_back((Instant::now(), id.to_owned()));
            let mut users = self.user_games.lock();
            for t in g.meta.tokens.iter().filter(|t| !is_ai_token(t)) {
                if let Some(set) = users.get_mut(t) {
                    set.remove(id);
                    if set.is_empty() {
                        users.remove(t);
                    }
                }
            }
        }
        if let Some((game, before, after)) = &update {
            for (((token, _), b), a) in game.people.iter().zip(before).zip(after) {
                let msg = ratings::changed(game, b, a);
                self.bus
                    .deliver(&user_channel(token), Arc::new(BusMsg::User { msg }));
            }
        }
        Ok(())
    }

    /// A token's rating in a rule set, if it played a rated game there.
    pub(super) async fn rating(
        &self,
        token: &str,
        rule_set: Preset,
    ) -> Result<Option<Rating>, StoreError> {
        Ok(self
            .ratings
            .book
            .lock()
            .await
            .get(&(token.to_owned(), rule_set))
            .copied())
    }

    /// A token's ratings, in menu order of the rule sets.
    pub(super) async fn ratings(&self, token: &str) -> Result<Vec<(Preset, Rating)>, StoreError> {
        let book = self.ratings.book.lock().await;
        Ok(ratings::RULE_SETS
            .into_iter()
            .filter_map(|r| book.get(&(token.to_owned(), r)).map(|v| (r, *v)))
            .collect())
    }

    pub(super) async fn resume(
        &self,
        id: &str,
        token: &str,
        last_seq: u64,
    ) -> Result<Result<Resumed, CommandError>, StoreError> {
        let Some(game) = self.game(id) else {
            return Ok(Err(no_game(id)));
        };
        let g = game.lock().await;
        let Some(side) = g.meta.side_of(token) else {
            return Ok(Err(not_in_game()));
        };
        let missed = (!Resumed::needs_snapshot(last_seq, g.record.seq())).then(|| {
            let from = last_seq as usize; // events[i] has seq i + 1
            g.events[from..]
                .iter()
                .enumerate()
                .map(|(i, e)| ((from + i + 1) as u64, e.clone()))
                .collect()
        });
        Ok(Ok(Resumed::playing(&g.record, &g.clock, side, missed)))
    }

    pub(super) async fn live_games(&self, max: usize) -> Result<Vec<LiveGame>, StoreError> {
        let games: Vec<Arc<GameLock<MemGame>>> = self.games.read().values().cloned().collect();
        let mut live = Vec::new();
        for game in games {
            let g = game.lock().await;
            if g.meta.public && !g.record.is_over() {
                live.push(LiveGame {
                    game: g.record.id().to_owned(),
                    format: g.record.format(),
                    players: g.record.players().to_vec(),
                    ply: i32::try_from(g.record.ply()).unwrap_or(i32::MAX),
                });
            }
        }
        // The newest first (the fewest moves played), then by id for a stable order.
        live.sort_by(|a, b| a.ply.cmp(&b.ply).then_with(|| a.game.cmp(&b.game)));
        live.truncate(max);
        Ok(live)
    }

    pub(super) async fn spectate(
        &self,
        id: &str,
        code: Option<&str>,
    ) -> Result<Result<Resumed, CommandError>, StoreError> {
        let Some(game) = self.game(id) else {
            return Ok(Err(not_watchable(id)));
        };
        let g = game.lock().await;
        if !g.meta.watchable(code) {
            return Ok(Err(not_watchable(id)));
        }
        Ok(Ok(Resumed::watching(&g.record, &g.clock)))
    }

    pub(super) async fn room_game(&self, code: &str) -> Result<Option<String>, StoreError> {
        self.forget_old_games();
        Ok(self.room_games.lock().get(code).cloned())
    }

    pub(super) async fn token_of(&self, id: &str, side: u8) -> Result<Option<String>, StoreError> {
        let Some(game) = self.game(id) else {
            return Ok(None);
        };
        let g = game.lock().await;
        Ok(g.meta.tokens.get(usize::from(side)).cloned())
    }

    pub(super) async fn active_games(&self, token: &str) -> Result<Vec<String>, StoreError> {
        let mut games: Vec<String> = self
            .user_games
            .lock()
            .get(token)
            .map(|s| s.iter().cloned().collect())
            .unwrap_or_default();
        games.sort();
        Ok(games)
    }

    /// The AI seat to move in a game, with what it needs to choose its move.
    pub(super) async fn ai_turn(&self, id: &str) -> Result<Option<AiTurn>, StoreError> {
        let Some(game) = self.game(id) else {
            return Ok(None);
        };
        let g = game.lock().await;
        Ok(AiTurn::of(&g.record))
    }

    /// Games in progress where an AI seat is to move (after a restart).
    pub(super) async fn ai_turns_pending(&self) -> Vec<String> {
        let games: Vec<(String, Arc<GameLock<MemGame>>)> = self
            .games
            .read()
            .iter()
            .map(|(id, g)| (id.clone(), g.clone()))
            .collect();
        let mut due = Vec::new();
        for (id, g) in games {
            if g.lock().await.record.ai_to_move().is_some() {
                due.push(id);
            }
        }
        due
    }

    pub(super) async fn list_games(&self, token: &str) -> Result<Vec<GameSummary>, StoreError> {
        Ok(self.archive.lock().await.list(token, now_ms()))
    }

    pub(super) async fn game_log(
        &self,
        id: &str,
        token: &str,
    ) -> Result<Result<Vec<GameEvent>, CommandError>, StoreError> {
        Ok(self.archive.lock().await.log(id, token, now_ms()))
    }

    pub(super) fn games_cached(&self) -> usize {
        self.games.read().len()
    }
}
