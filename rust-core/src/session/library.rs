//! The saved-games library and the statistics: a small folder of versioned JSON files that the
//! apps and the terminal share ("Continue" lists what is in it).
//!
//! One slot per kind of local game — a solo game, a pass-and-play game — and one per online game.
//! A game keeps its slot: saving it again replaces its own earlier save silently, but saving
//! another game over a slot that holds a different one is refused with
//! [`LibraryError::WouldReplace`] unless the caller says to replace it (the app asks first). A game
//! nobody has touched yet (no move played) is never saved.
//!
//! The statistics count a game of one person against the AI, played from the start position, the
//! first time it ends; taking moves back afterwards (to look at the game) changes nothing, and the
//! same game is never counted twice.

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::SaveError;
use super::online::OnlineSession;
use super::save::check_header;
use super::state::SessionState;
use super::types::PlayerName;
use crate::ai::AiLevel;
use crate::rules::Preset;

/// The kind of a saved game: which slot it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SavedGameKind {
    /// One person at this device, the AI in every other seat (one slot).
    Solo,
    /// Several people at this device, with or without AI seats (one slot).
    PassAndPlay,
    /// An online game (one slot per game).
    Online,
}

/// A saved game as "Continue" lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SavedGame {
    /// The game's id (open it with it).
    pub id: String,
    /// Which slot it takes.
    pub kind: SavedGameKind,
    /// The rule set.
    pub preset: Preset,
    /// The seats' names, in seat order.
    pub players: Vec<PlayerName>,
    /// Moves played so far.
    pub moves: i32,
    /// The game is over.
    pub over: bool,
    /// When it was saved, in seconds since 1970.
    pub saved_at_s: u64,
}

/// Why the saved-games library or the statistics could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Error))]
pub enum LibraryError {
    /// Saving would replace another saved game of the same kind: ask, then save with `replace`.
    #[error("save the game: it would replace the saved game {existing:?}")]
    WouldReplace {
        /// The game that would be replaced.
        existing: SavedGame,
    },
    /// No saved game has this id.
    #[error("open saved game {id}: there is none")]
    NotFound {
        /// The id asked for.
        id: String,
    },
    /// A file is damaged; it is left as it is.
    #[error("read {file}: {detail}")]
    Damaged {
        /// The file.
        file: String,
        /// What is wrong, for logs.
        detail: String,
    },
    /// A file was written by a newer version of the app.
    #[error("read a file of format {found}: this app reads up to {supported}")]
    TooNew {
        /// Version in the file.
        found: i32,
        /// Newest version this build reads.
        supported: i32,
    },
    /// The storage refused (disk full, no permission…).
    #[error("use {file}: {detail}")]
    Storage {
        /// The file or folder.
        file: String,
        /// The system's reason, for logs.
        detail: String,
    },
}

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

const GAME_FORMAT: &str = "chinese-checkers-saved-game";
const GAME_VERSION: u32 = 1;
const STATS_FORMAT: &str = "chinese-checkers-statistics";
const STATS_VERSION: u32 = 2;
/// How many counted game ids the statistics remember (to never count a game twice).
const COUNTED_KEPT: usize = 1000;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameFile {
    format: String,
    version: u32,
    #[serde(flatten)]
    info: SavedGame,
    save: Value,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct StatsFile {
    format: String,
    version: u32,
    opponents: BTreeMap<String, OpponentStatistics>,
    counted: VecDeque<String>,
}

/// Version 1 of the statistics (the terminal game's): won, lost and drawn per level.
#[derive(Deserialize)]
struct StatsV1 {
    opponents: BTreeMap<String, RecordV1>,
}

#[derive(Deserialize)]
struct RecordV1 {
    won: i32,
    lost: i32,
    #[serde(default)]
    drawn: i32,
}

fn corrupt(what: &Path, e: impl std::fmt::Display) -> LibraryError {
    LibraryError::Damaged {
        file: what.display().to_string(),
        detail: e.to_string(),
    }
}

fn io(what: &Path, e: std::io::Error) -> LibraryError {
    LibraryError::Storage {
        file: what.display().to_string(),
        detail: e.to_string(),
    }
}

fn now_s() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Writes `text` next to `path` and renames it over: a crash mid-write never leaves half a file.
fn write_atomically(path: &Path, text: &str) -> Result<(), LibraryError> {
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).map_err(|e| io(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| io(path, e))
}

/// The library in one folder (made if missing).
#[derive(Clone, Debug)]
pub struct Library {
    dir: PathBuf,
}

impl Library {
    /// The library kept in `dir`.
    pub fn open(dir: &Path) -> Result<Library, LibraryError> {
        std::fs::create_dir_all(dir.join("games")).map_err(|e| io(dir, e))?;
        Ok(Library {
            dir: dir.to_path_buf(),
        })
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
        Ok(self.dir.join("games").join(format!("{id}.json")))
    }

    fn stats_path(&self) -> PathBuf {
        self.dir.join("statistics.json")
    }

    /// Every saved game, newest first. A damaged file is skipped here (and left on disk);
    /// opening it gives the reason.
    pub fn games(&self) -> Result<Vec<SavedGame>, LibraryError> {
        let folder = self.dir.join("games");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&folder).map_err(|e| io(&folder, e))? {
            let path = entry.map_err(|e| io(&folder, e))?.path();
            if path.extension().and_then(|e| e.to_str()) != Some("json") {
                continue;
            }
            match self.read_file(&path) {
                Ok(file) => out.push(file.info),
                Err(e) => log::warn!("skipping a saved game: {e}"),
            }
        }
        out.sort_by(|a, b| b.saved_at_s.cmp(&a.saved_at_s).then(a.id.cmp(&b.id)));
        Ok(out)
    }

    fn read_file(&self, path: &Path) -> Result<GameFile, LibraryError> {
        let text = std::fs::read_to_string(path).map_err(|e| io(path, e))?;
        let value: Value = serde_json::from_str(&text).map_err(|e| corrupt(path, e))?;
        check_header(&value, GAME_FORMAT, GAME_VERSION).map_err(|e| match e {
            SaveError::TooNew { found, supported } => LibraryError::TooNew { found, supported },
            SaveError::Corrupt { detail } => corrupt(path, detail),
        })?;
        serde_json::from_value(value).map_err(|e| corrupt(path, e))
    }

    /// The save text of game `id` (for `LocalGame::restore` or `OnlineGame::restore`).
    pub fn load(&self, id: &str) -> Result<(SavedGame, String), LibraryError> {
        let path = self.game_path(id)?;
        if !path.exists() {
            return Err(LibraryError::NotFound { id: id.to_owned() });
        }
        let file = self.read_file(&path)?;
        Ok((file.info, file.save.to_string()))
    }

    /// Saves a local game in its slot. `Ok(None)`: nothing to save (no move played yet).
    pub fn save_local(
        &self,
        game: &SessionState,
        replace: bool,
    ) -> Result<Option<SavedGame>, LibraryError> {
        if game.game().history().len() == 0 {
            return Ok(None);
        }
        let kind = if game.only_person().is_some() {
            SavedGameKind::Solo
        } else {
            SavedGameKind::PassAndPlay
        };
        let info = SavedGame {
            id: game.id().to_owned(),
            kind,
            preset: game.game().start().rules().preset,
            players: game.names().to_vec(),
            moves: game.game().history().len() as i32,
            over: game.is_over(),
            saved_at_s: now_s(),
        };
        if !replace {
            if let Some(other) = self
                .games()?
                .into_iter()
                .find(|g| g.kind == kind && g.id != info.id)
            {
                return Err(LibraryError::WouldReplace { existing: other });
            }
        }
        let save: Value = serde_json::from_str(&game.save()).map_err(|e| corrupt(&self.dir, e))?;
        self.write(&info, save)?;
        // The slot holds one game: the one replaced goes.
        for old in self.games()? {
            if old.kind == kind && old.id != info.id {
                self.remove(&old.id)?;
            }
        }
        Ok(Some(info))
    }

    /// Saves an online game (each has its own slot). `Ok(None)`: no game to save.
    pub fn save_online(&self, game: &OnlineSession) -> Result<Option<SavedGame>, LibraryError> {
        let Some(client) = game.client() else {
            return Ok(None);
        };
        let record = client.record();
        let mut players: Vec<PlayerName> = record
            .players()
            .iter()
            .map(|n| PlayerName::Named { name: n.clone() })
            .collect();
        players[usize::from(client.side())] = PlayerName::You;
        let info = SavedGame {
            id: client.game_id().to_owned(),
            kind: SavedGameKind::Online,
            preset: Preset::Tripot,
            players,
            moves: record.ply() as i32,
            over: record.is_over(),
            saved_at_s: now_s(),
        };
        let save: Value = serde_json::from_str(&game.save()).map_err(|e| corrupt(&self.dir, e))?;
        self.write(&info, save)?;
        Ok(Some(info))
    }

    fn write(&self, info: &SavedGame, save: Value) -> Result<(), LibraryError> {
        let path = self.game_path(&info.id)?;
        let file = GameFile {
            format: GAME_FORMAT.into(),
            version: GAME_VERSION,
            info: info.clone(),
            save,
        };
        let text = serde_json::to_string(&file).map_err(|e| corrupt(&path, e))?;
        write_atomically(&path, &text)
    }

    /// Deletes game `id` (a finished or unwanted game, or a damaged file).
    pub fn remove(&self, id: &str) -> Result<(), LibraryError> {
        let path = self.game_path(id)?;
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(&path, e)),
            _ => Ok(()),
        }
    }

    fn read_stats(&self) -> Result<StatsFile, LibraryError> {
        let path = self.stats_path();
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(StatsFile::default()),
            Err(e) => return Err(io(&path, e)),
        };
        let value: Value = serde_json::from_str(&text).map_err(|e| corrupt(&path, e))?;
        let version = check_header(&value, STATS_FORMAT, STATS_VERSION).map_err(|e| match e {
            SaveError::TooNew { found, supported } => LibraryError::TooNew { found, supported },
            SaveError::Corrupt { detail } => corrupt(&path, detail),
        })?;
        let stats = if version == 1 {
            let old: StatsV1 = serde_json::from_value(value).map_err(|e| corrupt(&path, e))?;
            let opponents = old
                .opponents
                .into_iter()
                .map(|(k, r)| {
                    let played = r.won.saturating_add(r.lost).saturating_add(r.drawn);
                    let rec = OpponentStatistics {
                        played,
                        won: r.won,
                        lost: r.lost,
                        drawn: r.drawn,
                        ..OpponentStatistics::default()
                    };
                    (k, rec)
                })
                .collect();
            StatsFile {
                opponents,
                ..StatsFile::default()
            }
        } else {
            serde_json::from_value(value).map_err(|e| corrupt(&path, e))?
        };
        for (key, r) in &stats.opponents {
            if AiLevel::from_name(key).is_none() || r.played < 0 || r.won < 0 || r.lost < 0 {
                return Err(corrupt(&path, format!("bad record \"{key}\"")));
            }
        }
        Ok(stats)
    }

    /// The statistics per opponent, weakest first (zeros for opponents never played).
    pub fn statistics(&self) -> Result<Vec<OpponentStatistics>, LibraryError> {
        let stats = self.read_stats()?;
        Ok(AiLevel::ALL
            .into_iter()
            .map(|level| OpponentStatistics {
                level,
                name: level.opponent().name.to_string(),
                ..stats
                    .opponents
                    .get(level.name())
                    .cloned()
                    .unwrap_or_default()
            })
            .collect())
    }

    /// Counts `game` if it ended and counts (see the module doc); `true` when it was counted
    /// now. Safe to call after every update.
    pub fn record(&self, game: &SessionState) -> Result<bool, LibraryError> {
        let Some(result) = game.counted() else {
            return Ok(false);
        };
        let level = result.level;
        let mut stats = self.read_stats()?;
        if stats.counted.iter().any(|id| id == game.id()) {
            return Ok(false);
        }
        let entry = stats.opponents.entry(level.name().to_string()).or_default();
        entry.played = entry.played.saturating_add(1);
        match result.won {
            Some(true) => {
                entry.won = entry.won.saturating_add(1);
                let moves = i32::try_from(result.moves).unwrap_or(i32::MAX);
                entry.fewest_moves = Some(entry.fewest_moves.map_or(moves, |m| m.min(moves)));
            }
            Some(false) => entry.lost = entry.lost.saturating_add(1),
            None => entry.drawn = entry.drawn.saturating_add(1),
        }
        stats.counted.push_back(game.id().to_owned());
        while stats.counted.len() > COUNTED_KEPT {
            stats.counted.pop_front();
        }
        stats.format = STATS_FORMAT.into();
        stats.version = STATS_VERSION;
        let path = self.stats_path();
        let text = serde_json::to_string(&stats).map_err(|e| corrupt(&path, e))?;
        write_atomically(&path, &text)?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::session::setup::GameSetup;
    use crate::session::state::{update, Event, FirstEnd};

    /// A fresh folder under the system's temporary directory.
    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cc-library-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn solo() -> SessionState {
        SessionState::new(
            GameSetup::solo(Preset::Tripot, AiLevel::Easy)
                .validate()
                .unwrap(),
        )
    }

    fn played(mut s: SessionState) -> SessionState {
        update(&mut s, Event::Tap { q: -1, r: 5 }).unwrap();
        update(&mut s, Event::Tap { q: -1, r: 4 }).unwrap();
        s
    }

    #[test]
    fn slots_are_kept_and_never_replaced_without_asking() {
        let lib = Library::open(&folder("slots")).unwrap();
        assert_eq!(lib.save_local(&solo(), false).unwrap(), None, "untouched");
        let first = played(solo());
        let saved = lib.save_local(&first, false).unwrap().unwrap();
        assert_eq!((saved.kind, saved.moves), (SavedGameKind::Solo, 1));
        // The same game again: its own slot, no question.
        assert!(lib.save_local(&first, false).unwrap().is_some());
        // Another solo game: refused until the caller says to replace.
        let second = played(solo());
        match lib.save_local(&second, false) {
            Err(LibraryError::WouldReplace { existing }) => assert_eq!(existing.id, first.id()),
            other => panic!("{other:?}"),
        }
        // A pass-and-play game has a slot of its own.
        let hotseat = played(SessionState::new(
            GameSetup::pass_and_play(Preset::Classic, 2)
                .validate()
                .unwrap(),
        ));
        lib.save_local(&hotseat, false).unwrap().unwrap();
        assert_eq!(lib.games().unwrap().len(), 2);
        lib.save_local(&second, true).unwrap().unwrap();
        let games = lib.games().unwrap();
        assert_eq!(games.len(), 2);
        assert!(games.iter().any(|g| g.id == second.id()));
        assert!(!games.iter().any(|g| g.id == first.id()));
        let (info, text) = lib.load(second.id()).unwrap();
        assert_eq!(info.kind, SavedGameKind::Solo);
        let back = SessionState::restore(&text).unwrap();
        assert_eq!(back.view().history, second.view().history);
        lib.remove(second.id()).unwrap();
        assert!(matches!(
            lib.load(second.id()),
            Err(LibraryError::NotFound { .. })
        ));
        assert!(matches!(
            lib.load("../statistics"),
            Err(LibraryError::NotFound { .. })
        ));
    }

    #[test]
    fn a_damaged_file_is_reported_and_kept() {
        let dir = folder("damaged");
        let lib = Library::open(&dir).unwrap();
        let game = played(solo());
        lib.save_local(&game, false).unwrap();
        let path = dir.join("games").join(format!("{}.json", game.id()));
        std::fs::write(&path, "{\"format\":\"chinese-checkers-saved-game\"").unwrap();
        assert!(lib.games().unwrap().is_empty(), "left out of the list");
        assert!(matches!(
            lib.load(game.id()),
            Err(LibraryError::Damaged { .. })
        ));
        assert!(path.exists(), "nothing is deleted behind the player's back");
        std::fs::write(
            &path,
            "{\"format\":\"chinese-checkers-saved-game\",\"version\":7}",
        )
        .unwrap();
        assert_eq!(
            lib.load(game.id()).unwrap_err(),
            LibraryError::TooNew {
                found: 7,
                supported: 1
            }
        );
    }

    #[test]
    fn statistics_count_each_game_once_as_it_first_ended() {
        let dir = folder("stats");
        let lib = Library::open(&dir).unwrap();
        assert!(lib.statistics().unwrap().iter().all(|r| r.played == 0));
        let mut won = played(solo());
        assert!(!lib.record(&won).unwrap(), "not over");
        won.first_end = Some(FirstEnd {
            winners: vec![0],
            moves: vec![31, 30],
        });
        assert!(lib.record(&won).unwrap());
        assert!(!lib.record(&won).unwrap(), "counted once");
        let mut lost = played(solo());
        update(&mut lost, Event::Resign).unwrap();
        assert!(lib.record(&lost).unwrap());
        let easy = &lib.statistics().unwrap()[1];
        assert_eq!(easy.level, AiLevel::Easy);
        assert_eq!(
            (easy.played, easy.won, easy.lost, easy.fewest_moves),
            (2, 1, 1, Some(31))
        );
        // Version 1 statistics (the terminal's) are read on.
        std::fs::write(
            dir.join("statistics.json"),
            r#"{"format":"chinese-checkers-statistics","version":1,"opponents":{"hard":{"won":2,"lost":1}}}"#,
        )
        .unwrap();
        let hard = &lib.statistics().unwrap()[3];
        assert_eq!((hard.played, hard.won, hard.lost), (3, 2, 1));
        std::fs::write(dir.join("statistics.json"), "{").unwrap();
        assert!(matches!(
            lib.statistics(),
            Err(LibraryError::Damaged { .. })
        ));
        assert!(
            lib.record(&lost).is_err(),
            "a damaged file is not overwritten"
        );
    }
}
