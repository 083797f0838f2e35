//! The library's plain records — what a Continue card and the listing show, and the library's
//! error — kept apart from the code that reads and writes files, so that every part of the
//! library (and the session's other modules) can name them without importing one another.

use serde::{Deserialize, Serialize};

use crate::rules::Preset;
use crate::session::types::{GameOutcome, PlayerName, SeatPlayer};

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

/// A saved game in short: the one a new game would replace ([`LibraryError::WouldReplace`]),
/// as a version-1 file describes its game. The Continue card is a [`GameCard`].
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
    /// The game has ended.
    pub over: bool,
    /// When it was saved, in seconds since 1970.
    pub saved_at_s: i64,
}

/// A seat as a card shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct CardSeat {
    /// The seat's name (`You` for the one person at this device, solo and online).
    pub name: PlayerName,
    /// Who plays it: a person here, the AI and its level, or a person at another device.
    pub player: SeatPlayer,
}

/// Whom a card names: the opponents of the person at this device, or every player.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum CardNames {
    /// The seats other than "You", in seat order (solo, online): "against Jean Médecin".
    Opponents {
        /// The opponents' seats.
        seats: Vec<CardSeat>,
    },
    /// Every seat, in seat order, when nobody is "You" (pass-and-play): "Ann, Bob and Cy".
    Players {
        /// Every seat.
        seats: Vec<CardSeat>,
    },
}

impl Default for CardNames {
    fn default() -> CardNames {
        CardNames::Players { seats: Vec::new() }
    }
}

impl CardNames {
    /// Whom a card of these seats names.
    pub fn of(seats: &[CardSeat]) -> CardNames {
        let others: Vec<CardSeat> = seats
            .iter()
            .filter(|s| s.name != PlayerName::You)
            .cloned()
            .collect();
        if others.len() < seats.len() {
            CardNames::Opponents { seats: others }
        } else {
            CardNames::Players {
                seats: seats.to_vec(),
            }
        }
    }
}

/// What a Continue card (or a line of the finished games) shows of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameCard {
    /// The game's id (open it with it).
    pub id: String,
    /// Solo, pass-and-play or online: decided by the core from the seats.
    pub kind: SavedGameKind,
    /// The rule set.
    pub preset: Preset,
    /// Every seat, in seat order: the opponents' names and, for the AI, its level.
    pub seats: Vec<CardSeat>,
    /// Whom the card names ([`CardNames::of`] the seats). Not stored: filled in as the
    /// library lists its games.
    #[serde(skip)]
    pub names: CardNames,
    /// The seat whose turn it is.
    pub to_move: i32,
    /// Moves played so far (passes included, as the history lists them).
    pub moves: i32,
    /// When the game last changed, in seconds since 1970.
    pub last_played_s: i64,
    /// How it ended, for a finished game (`None` while it is played, and when moves were taken
    /// back after the end).
    pub outcome: Option<GameOutcome>,
}

/// Why a file of the library cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum UnreadableReason {
    /// The file is damaged, or is not a saved game.
    Damaged {
        /// What is wrong, for logs.
        detail: String,
    },
    /// The file was written by a newer version of the app (update the app to open it).
    TooNew {
        /// Version in the file.
        found: i32,
        /// Newest version this build reads.
        supported: i32,
    },
    /// The storage refused to read it (no permission…).
    Storage {
        /// The system's reason, for logs.
        detail: String,
    },
}

/// A file of the library that cannot be read. It is left as it is; `remove(id)` deletes it if
/// the player asks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct UnreadableGame {
    /// The game's id (the file's name).
    pub id: String,
    /// The file.
    pub file: String,
    /// Why it cannot be read.
    pub reason: UnreadableReason,
}

/// The library's games, sorted as the home screen shows them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Listing {
    /// The games to continue (not ended), last played first.
    pub playing: Vec<GameCard>,
    /// The games that have ended, last played first.
    pub finished: Vec<GameCard>,
    /// The files that cannot be read, with their reasons.
    pub unreadable: Vec<UnreadableGame>,
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
