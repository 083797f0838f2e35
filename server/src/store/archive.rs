//! Finished games, kept so that their players can list them and download their records
//! (`list_games`, `get_game`). Each player's list holds their last [`MAX_LISTED_GAMES`] games; a
//! game leaves the archive once it is on nobody's list.
//!
//! The memory store keeps an [`Archive`] (written through to the data file's `archive` table);
//! Redis keeps each archived game as one key and each player's list as a Redis list, both for
//! [`ARCHIVE_TTL_S`].

use std::collections::{HashMap, VecDeque};

use chinese_checkers_core::online::{
    CommandError, ErrorCode, Format, GameEvent, GameRecord, GameResult, GameSummary,
    MAX_LISTED_GAMES,
};
use serde::{Deserialize, Serialize};

use super::{is_ai_token, not_in_game};

/// How long Redis keeps an archived game and a player's list after its last change (90 days).
pub const ARCHIVE_TTL_S: i64 = 90 * 24 * 3600;

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

/// The archive of one process.
#[derive(Default)]
pub struct Archive {
    games: HashMap<String, Archived>,
    /// Per token, its games, the latest first.
    lists: HashMap<String, VecDeque<String>>,
    /// Per game, how many lists hold it.
    holders: HashMap<String, usize>,
}

impl Archive {
    /// Archives a game; returns the ids of the games that left the archive as a result (on
    /// nobody's list any more).
    pub fn add(&mut self, id: &str, game: Archived) -> Vec<String> {
        let mut gone = Vec::new();
        let people: Vec<String> = game.people().cloned().collect();
        for token in people {
            let list = self.lists.entry(token).or_default();
            if list.contains(&id.to_owned()) {
                continue;
            }
            list.push_front(id.to_owned());
            *self.holders.entry(id.to_owned()).or_default() += 1;
            while list.len() > MAX_LISTED_GAMES {
                let Some(old) = list.pop_back() else { break };
                let held = self.holders.entry(old.clone()).or_default();
                *held = held.saturating_sub(1);
                if *held == 0 {
                    self.holders.remove(&old);
                    self.games.remove(&old);
                    gone.push(old);
                }
            }
        }
        if self.holders.contains_key(id) {
            self.games.insert(id.to_owned(), game);
        }
        gone
    }

    /// The list of a player, the latest first.
    pub fn list(&self, token: &str) -> Vec<GameSummary> {
        self.lists
            .get(token)
            .into_iter()
            .flatten()
            .filter_map(|id| self.games.get(id)?.summary(id, token))
            .collect()
    }

    /// A game's events, for one of its players.
    pub fn log(&self, id: &str, token: &str) -> Result<Vec<GameEvent>, CommandError> {
        self.games
            .get(id)
            .ok_or_else(|| not_archived(id))?
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
            let gone = archive.add(&format!("g{n}"), finished(&format!("g{n}"), ["ann", "bob"]));
            if n >= MAX_LISTED_GAMES {
                assert_eq!(gone, [format!("g{}", n - MAX_LISTED_GAMES)]);
            }
        }
        archive.add("c1", finished("c1", ["ann", "cy"]));
        let ann = archive.list("ann");
        assert_eq!(ann.len(), MAX_LISTED_GAMES);
        assert_eq!(ann[0].game, "c1", "the latest first");
        assert_eq!(ann[0].result.reason, EndReason::Resign);
        assert_eq!(ann[0].side, 0);
        assert_eq!(archive.list("cy").len(), 1);
        assert_eq!(archive.list("cy")[0].side, 1);
        // Bob still lists g5, which left Ann's list with c1: it stays archived for him.
        assert!(archive.log("g5", "bob").is_ok());
        assert!(archive.log("g4", "bob").is_err(), "off every list");
        // Only its players may download a game; anyone else is told what an unknown id gets.
        assert!(matches!(
            archive.log("c1", "bob"),
            Err(CommandError::Refused(ErrorCode::GameNotFound, _))
        ));
        assert_eq!(archive.log("c1", "cy").unwrap().len(), 2);
        assert!(matches!(
            archive.log("nope", "cy"),
            Err(CommandError::Refused(ErrorCode::GameNotFound, _))
        ));
    }
}
