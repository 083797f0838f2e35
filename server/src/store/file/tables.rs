//! The data file's tables: how each change is written and how the file is read back.

use redb::{Database, Durability, ReadableDatabase, ReadableTable};
use serde::{Deserialize, Serialize};

use super::{Loaded, LoadedGame, Op, ARCHIVE, EVENTS, GAMES, META, RATED, RATINGS, ROOMS};
use crate::ratings::{rule_set_from_name, rule_set_name, Rating};
use crate::store::archive::Archived;
use crate::store::{Clock, GameMeta, Table};
use chinese_checkers_core::online::GameEvent;

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
    room: Table,
    /// Unix milliseconds after which the room is gone.
    expires_ms: u64,
}

/// Writes `ops` in one durable transaction.
pub(super) fn write_ops<'a>(
    db: &Database,
    ops: impl Iterator<Item = &'a Op>,
) -> Result<(), redb::Error> {
    let mut txn = db.begin_write()?;
    txn.set_durability(Durability::Immediate)?;
    {
        let mut games = txn.open_table(GAMES)?;
        let mut events = txn.open_table(EVENTS)?;
        let mut rooms = txn.open_table(ROOMS)?;
        let mut ratings = txn.open_table(RATINGS)?;
        let mut rated = txn.open_table(RATED)?;
        let mut archive = txn.open_table(ARCHIVE)?;
        for op in ops {
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
                    rated.insert(game.as_str(), crate::store::now_ms())?;
                }
                Op::Room { room, expires_ms } => {
                    let entry = RoomEntry {
                        room: room.clone(),
                        expires_ms: *expires_ms,
                    };
                    rooms.insert(room.id.as_str(), json(&entry).as_str())?;
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
                Op::Probe => {
                    let mut meta = txn.open_table(META)?;
                    meta.insert("probe", crate::store::now_ms().to_string().as_str())?;
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

/// Creates the tables a file lacks (a new file), so that later reads find them.
pub(super) fn create_tables(db: &Database) -> Result<(), redb::Error> {
    let txn = db.begin_write()?;
    {
        txn.open_table(GAMES)?;
        txn.open_table(EVENTS)?;
        txn.open_table(ROOMS)?;
        txn.open_table(RATINGS)?;
        txn.open_table(RATED)?;
        txn.open_table(ARCHIVE)?;
        txn.open_table(META)?;
    }
    txn.commit()?;
    Ok(())
}

/// Whether every table is there already (then opening the file writes nothing to it).
pub(super) fn has_tables(db: &Database) -> Result<bool, redb::Error> {
    let txn = db.begin_read()?;
    let names: Vec<String> = txn
        .list_tables()?
        .map(|t| redb::TableHandle::name(&t).to_owned())
        .collect();
    Ok([
        "games", "events", "rooms", "ratings", "rated", "archive", "meta",
    ]
    .iter()
    .all(|n| names.iter().any(|have| have == n)))
}

/// Reads every game and room. A game whose header or events do not decode (or whose events are
/// not numbered 1, 2, 3…) is skipped and named in `skipped`, and stays in the file.
pub(super) fn load(db: &Database) -> Result<Loaded, redb::Error> {
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
