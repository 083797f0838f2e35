//! Finished games, kept so that their players can list them and download their records
//! (`list_games`, `get_game`). Each player's list holds their last [`MAX_LISTED_GAMES`] games.
//! The archive is bounded ([`ArchiveLimits`]): a game leaves it once it is on nobody's list,
//! once it is older than the age limit, or, oldest first, while the archive is larger than its
//! size limit (counted as the stored JSON of its games).
//!
//! The memory store keeps an [`Archive`] (written through to the data file's `archive` table in
//! the transaction that ends the game, with the deletions it causes; read back at start within
//! the limits); Redis keeps each archived game as one key (expiring at the age limit), an index
//! by end time with each game's size for the size limit, and each player's list as a Redis list
//! (`ARCHIVE` in `redis/scripts.rs`).

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::time::Duration;

use chinese_checkers_core::online::{
    CommandError, ErrorCode, Format, GameEvent, GameRecord, GameResult, GameSummary,
    MAX_LISTED_GAMES,
};
use serde::{Deserialize, Serialize};

use super::{is_ai_token, not_in_game};

/// A finished game as archived.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Archived {
    /// Each side's token.
    pub tokens: Vec<String>,
    /// The format.
    pub format: Format,
    /// Each side's name.
    pub players: Vec<String>,
    /// How it ended.
    pub result: GameResult,
    /// When it ended ([`super::now_ms`] time).
    pub ended_ms: u64,
    /// Every event, `started` first.
    pub events: Vec<GameEvent>,
}

impl Archived {
    /// The archive entry of a game that just ended (`None` while it goes on).
    pub fn of(
        tokens: &[String],
        record: &GameRecord,
        events: &[GameEvent],
        now: u64,
    ) -> Option<Self> {
        Some(Archived {
            tokens: tokens.to_vec(),
            format: record.format(),
            players: record.players().to_vec(),
            result: record.result()?.clone(),
            ended_ms: now,
            events: events.to_vec(),
        })
    }

    /// The people who played it (not the AI seats).
    pub fn people(&self) -> impl Iterator<Item = &String> {
        self.tokens.iter().filter(|t| !is_ai_token(t))
    }

    /// Its line in the list of the player with `token`.
    pub fn summary(&self, id: &str, token: &str) -> Option<GameSummary> {
        let side = self.tokens.iter().position(|t| t == token)?;
        Some(GameSummary {
            game: id.to_owned(),
            format: self.format,
            players: self.players.clone(),
            side: side as u8,
            result: self.result.clone(),
            ended_ms: self.ended_ms,
        })
    }

    /// Its events for the player with `token`, who must have played it.
    pub fn log_for(&self, token: &str) -> Result<Vec<GameEvent>, CommandError> {
        if self.tokens.iter().any(|t| t == token) {
            Ok(self.events.clone())
        } else {
            Err(not_in_game())
        }
    }
}

/// The refusal for a game that is not archived (unknown, not over yet, or too old).
pub fn not_archived(id: &str) -> CommandError {
    CommandError::Refused(
        ErrorCode::GameNotFound,
        format!("there is no finished game \"{id}\" to download"),
    )
}

/// How much of the archive is kept (`--archive-days`, `--archive-mb`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArchiveLimits {
    /// A game that ended longer ago than this leaves the archive (default 90 days).
    pub max_age: Duration,
    /// The archive's size at most, counted as the stored JSON of its games; beyond it the
    /// games that ended first leave (default 64 MiB: about 10,000 games of two at 6.4 KB).
    pub max_bytes: u64,
}

impl Default for ArchiveLimits {
    fn default() -> Self {
        ArchiveLimits {
            max_age: Duration::from_secs(90 * 24 * 3600),
            max_bytes: 64 << 20,
        }
    }
}

impl ArchiveLimits {
    /// The end time before which a game is too old at `now` (Unix ms).
    pub fn cutoff(&self, now: u64) -> u64 {
        now.saturating_sub(self.max_age.as_millis() as u64)
    }
}

/// The size an archived game counts for: its stored JSON.
pub fn archived_size(game: &Archived) -> u64 {
    serde_json::to_string(game).map_or(0, |s| s.len() as u64)
}

/// One archived game and what it counts for.
struct Entry {
    game: Archived,
    bytes: u64,
}

/// The archive of one process.
#[derive(Default)]
pub struct Archive {
    games: HashMap<String, Entry>,
    /// Per token, its games, the latest first.
    lists: HashMap<String, VecDeque<String>>,
    /// Per game, how many lists hold it.
    holders: HashMap<String, usize>,
    /// Every game by when it ended, the first first.
    by_end: BTreeSet<(u64, String)>,
    /// The sum of the games' sizes.
    bytes: u64,
    limits: ArchiveLimits,
}

/// A game about to be archived and the games that leave the archive with it, worked out before
/// anything changes (so that the data file can take both in one transaction first).
pub struct Admission {
    id: String,
    game: Archived,
    bytes: u64,
    /// The games that leave.
    pub gone: Vec<String>,
}

impl Admission {
    /// The archived game.
    pub fn game(&self) -> &Archived {
        &self.game
    }
}

impl Archive {
    /// An empty archive within `limits`.
    pub fn new(limits: ArchiveLimits) -> Archive {
        Archive {
            limits,
            ..Archive::default()
        }
    }

    /// Its limits.
    pub fn limits(&self) -> ArchiveLimits {
        self.limits
    }

    /// How many games it holds and their size.
    pub fn size(&self) -> (usize, u64) {
        (self.games.len(), self.bytes)
    }

    /// What archiving `game` at `now` does, without doing it.
    pub fn admit(&self, id: &str, game: Archived, now: u64) -> Admission {
        let bytes = archived_size(&game);
        let mut gone: Vec<String> = Vec::new();
        // Off the lists of its players: the game that falls off the end of a full list leaves
        // once no list holds it.
        let mut popped: HashMap<&str, usize> = HashMap::new();
        let mut people: Vec<&String> = game.people().collect();
        people.dedup();
        for token in people {
            let Some(list) = self.lists.get(token) else {
                continue;
            };
            if list.iter().any(|g| g == id) || list.len() < MAX_LISTED_GAMES {
                continue;
            }
            if let Some(last) = list.back() {
                *popped.entry(last.as_str()).or_default() += 1;
            }
        }
        for (old, n) in popped {
            if self.holders.get(old).copied().unwrap_or(0) <= n {
                gone.push(old.to_owned());
            }
        }
        // Too old.
        let cutoff = self.limits.cutoff(now);
        for (ended, old) in &self.by_end {
            if *ended >= cutoff {
                break;
            }
            if !gone.contains(old) {
                gone.push(old.clone());
            }
        }
        // Too large: the first ended leave first (never the game being archived).
        let mut total = self.bytes + bytes;
        for old in &gone {
            total -= self.games.get(old).map_or(0, |e| e.bytes);
        }
        for (_, old) in &self.by_end {
            if total <= self.limits.max_bytes {
                break;
            }
            if old == id || gone.contains(old) {
                continue;
            }
            total -= self.games.get(old).map_or(0, |e| e.bytes);
            gone.push(old.clone());
        }
        Admission {
            id: id.to_owned(),
            game,
            bytes,
            gone,
        }
    }

    /// Archives an admitted game (and drops the games that leave with it).
    pub fn apply(&mut self, admission: Admission) {
        let Admission {
            id,
            game,
            bytes,
            gone,
        } = admission;
        for old in &gone {
            self.remove(old);
        }
        self.remove(&id);
        let mut people: Vec<String> = game.people().cloned().collect();
        people.dedup();
        for token in people {
            let list = self.lists.entry(token).or_default();
            if list.contains(&id) {
                continue;
            }
            list.push_front(id.clone());
            *self.holders.entry(id.clone()).or_default() += 1;
            while list.len() > MAX_LISTED_GAMES {
                let Some(old) = list.pop_back() else { break };
                let held = self.holders.entry(old.clone()).or_default();
                *held = held.saturating_sub(1);
                if *held == 0 {
                    self.holders.remove(&old);
                    if let Some(e) = self.games.remove(&old) {
                        self.by_end.remove(&(e.game.ended_ms, old.clone()));
                        self.bytes -= e.bytes;
                    }
                }
            }
        }
        if self.holders.contains_key(&id) {
            self.by_end.insert((game.ended_ms, id.clone()));
            self.bytes += bytes;
            self.games.insert(id, Entry { game, bytes });
        }
    }

    /// Archives a game; returns the ids of the games that left the archive as a result.
    pub fn add(&mut self, id: &str, game: Archived, now: u64) -> Vec<String> {
        let admission = self.admit(id, game, now);
        let gone = admission.gone.clone();
        self.apply(admission);
        gone
    }

    /// Drops the games too old at `now`; their ids.
    pub fn expire(&mut self, now: u64) -> Vec<String> {
        let cutoff = self.limits.cutoff(now);
        let old: Vec<String> = self
            .by_end
            .iter()
            .take_while(|(ended, _)| *ended < cutoff)
            .map(|(_, id)| id.clone())
            .collect();
        for id in &old {
            self.remove(id);
        }
        old
    }

    /// Takes a game out of the archive and off its players' lists.
    fn remove(&mut self, id: &str) {
        let Some(e) = self.games.remove(id) else {
            return;
        };
        self.by_end.remove(&(e.game.ended_ms, id.to_owned()));
        self.bytes -= e.bytes;
        self.holders.remove(id);
        for token in e.game.people() {
            if let Some(list) = self.lists.get_mut(token) {
                list.retain(|g| g != id);
                if list.is_empty() {
                    self.lists.remove(token);
                }
            }
        }
    }

    /// The list of a player at `now`, the latest first (a game too old is not listed even
    /// before it is dropped).
    pub fn list(&self, token: &str, now: u64) -> Vec<GameSummary> {
        let cutoff = self.limits.cutoff(now);
        self.lists
            .get(token)
            .into_iter()
            .flatten()
            .filter_map(|id| self.games.get(id).map(|e| (id, e)))
            .filter(|(_, e)| e.game.ended_ms >= cutoff)
            .filter_map(|(id, e)| e.game.summary(id, token))
            .collect()
    }

    /// A game's events at `now`, for one of its players.
    pub fn log(&self, id: &str, token: &str, now: u64) -> Result<Vec<GameEvent>, CommandError> {
        let cutoff = self.limits.cutoff(now);
        self.games
            .get(id)
            .filter(|e| e.game.ended_ms >= cutoff)
            .ok_or_else(|| not_archived(id))?
            .game
            .log_for(token)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use chinese_checkers_core::online::{Command, EndReason};

    fn finished(id: &str, tokens: [&str; 2]) -> Archived {
        let (mut record, started) =
            GameRecord::new(id, Format::Tripot1, vec!["A".into(), "B".into()]);
        let mut events = vec![started];
        events.extend(
            record
                .execute(1, &Command::Resign)
                .unwrap()
                .into_iter()
                .map(|(_, e)| e),
        );
        let tokens: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
        Archived::of(&tokens, &record, &events, 7).unwrap()
    }

    #[test]
    fn lists_hold_each_players_last_games_and_the_archive_only_those() {
        let mut archive = Archive::default();
        // Ann plays MAX + 5 games against Bob, then one against Cy.
        for n in 0..MAX_LISTED_GAMES + 5 {
            let gone = archive.add(
                &format!("g{n}"),
                finished(&format!("g{n}"), ["ann", "bob"]),
                7,
            );
            if n >= MAX_LISTED_GAMES {
                assert_eq!(gone, [format!("g{}", n - MAX_LISTED_GAMES)]);
            }
        }
        archive.add("c1", finished("c1", ["ann", "cy"]), 7);
        let ann = archive.list("ann", 7);
        assert_eq!(ann.len(), MAX_LISTED_GAMES);
        assert_eq!(ann[0].game, "c1", "the latest first");
        assert_eq!(ann[0].result.reason, EndReason::Resign);
        assert_eq!(ann[0].side, 0);
        assert_eq!(archive.list("cy", 7).len(), 1);
        assert_eq!(archive.list("cy", 7)[0].side, 1);
        // Bob still lists g5, which left Ann's list with c1: it stays archived for him.
        assert!(archive.log("g5", "bob", 7).is_ok());
        assert!(archive.log("g4", "bob", 7).is_err(), "off every list");
        // Only its players may download a game; anyone else is told what an unknown id gets.
        assert!(matches!(
            archive.log("c1", "bob", 7),
            Err(CommandError::Refused(ErrorCode::GameNotFound, _))
        ));
        assert_eq!(archive.log("c1", "cy", 7).unwrap().len(), 2);
        assert!(matches!(
            archive.log("nope", "cy", 7),
            Err(CommandError::Refused(ErrorCode::GameNotFound, _))
        ));
    }

    /// A game of `a` and `b` that ended at `ended_ms`.
    fn ended(n: usize, ended_ms: u64) -> (String, Archived) {
        let id = format!("g{n:02}");
        let mut game = finished(&id, [&format!("a{n:02}"), &format!("b{n:02}")]);
        game.ended_ms = ended_ms;
        (id, game)
    }

    #[test]
    fn the_archive_keeps_to_its_size_the_first_ended_leaving_first() {
        let one = archived_size(&ended(0, 1_000).1);
        let mut archive = Archive::new(ArchiveLimits {
            max_age: Duration::from_secs(3600),
            max_bytes: one * 3 + one / 2,
        });
        let mut gone = Vec::new();
        for n in 0..6 {
            let (id, game) = ended(n, 1_000 * (n as u64 + 1));
            // What admitting says leaves is what leaves.
            let admission = archive.admit(&id, game, 10_000);
            let planned = admission.gone.clone();
            archive.apply(admission);
            gone.extend(planned);
        }
        assert_eq!(gone, ["g00", "g01", "g02"]);
        assert_eq!(archive.size(), (3, one * 3));
        assert!(archive.list("a00", 10_000).is_empty());
        assert!(archive.log("g01", "a01", 7).is_err());
        assert_eq!(archive.list("b05", 10_000).len(), 1);
    }

    #[test]
    fn the_archive_keeps_to_its_age() {
        let mut archive = Archive::new(ArchiveLimits {
            max_age: Duration::from_secs(10),
            max_bytes: u64::MAX,
        });
        for n in 0..3 {
            let (id, game) = ended(n, 1_000 * n as u64);
            assert!(archive.add(&id, game, 1_000 * n as u64).is_empty());
        }
        // 10.5 s on, the first game (ended at 0) is too old; at 11.5 s the second.
        assert_eq!(archive.expire(10_500), ["g00"]);
        let (id, game) = ended(3, 11_500);
        assert_eq!(archive.add(&id, game, 11_500), ["g01"]);
        assert_eq!(archive.size().0, 2);
        assert!(archive.list("a01", 10_000).is_empty());
        assert_eq!(archive.list("a02", 10_000).len(), 1);
        // Too old is not listed even before it is dropped.
        assert!(archive.list("a02", 12_500).is_empty());
        assert!(archive.log("g02", "a02", 12_500).is_err());
    }
}
