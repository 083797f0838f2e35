//! What a game online is played as: its [`Format`] (rule set and seats), its [`TimeControl`],
//! and the wire form of a move ([`WireMove`]).

use serde::{Deserialize, Serialize};

use crate::rules::board::coords;
use crate::rules::{IllegalMove, Move, MoveKind, Position, Preset, Rules};

/// A game format offered online: a rule set and its number of seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Format {
    /// Tripot, one colour per side.
    #[serde(rename = "tripot1")]
    Tripot1,
    /// Tripot, two colours per side.
    #[serde(rename = "tripot2")]
    Tripot2,
    /// Tripot, three colours per side.
    #[serde(rename = "tripot3")]
    Tripot3,
    /// Classic: the two-player short-jump race.
    #[serde(rename = "classic")]
    Classic,
    /// Sternhalma, two players.
    #[serde(rename = "sternhalma2")]
    Sternhalma2,
    /// Sternhalma, three players.
    #[serde(rename = "sternhalma3")]
    Sternhalma3,
    /// Sternhalma, four players.
    #[serde(rename = "sternhalma4")]
    Sternhalma4,
    /// Sternhalma, six players.
    #[serde(rename = "sternhalma6")]
    Sternhalma6,
}

impl Format {
    /// Every format, in menu order.
    pub const ALL: [Format; 8] = [
        Format::Tripot1,
        Format::Tripot2,
        Format::Tripot3,
        Format::Classic,
        Format::Sternhalma2,
        Format::Sternhalma3,
        Format::Sternhalma4,
        Format::Sternhalma6,
    ];

    /// Colours per side (more than one only in tripot 2 and 3).
    pub fn colours(self) -> usize {
        match self {
            Format::Tripot2 => 2,
            Format::Tripot3 => 3,
            _ => 1,
        }
    }

    /// How many players sit at the table.
    pub fn seats(self) -> usize {
        match self {
            Format::Sternhalma3 => 3,
            Format::Sternhalma4 => 4,
            Format::Sternhalma6 => 6,
            _ => 2,
        }
    }

    /// The rule set.
    pub fn preset(self) -> Preset {
        match self {
            Format::Tripot1 | Format::Tripot2 | Format::Tripot3 => Preset::Tripot,
            Format::Classic => Preset::Classic,
            _ => Preset::Sternhalma,
        }
    }

    /// The format's name on the wire and on the command line (`tripot1`, `sternhalma6`, …).
    pub fn name(self) -> &'static str {
        match self {
            Format::Tripot1 => "tripot1",
            Format::Tripot2 => "tripot2",
            Format::Tripot3 => "tripot3",
            Format::Classic => "classic",
            Format::Sternhalma2 => "sternhalma2",
            Format::Sternhalma3 => "sternhalma3",
            Format::Sternhalma4 => "sternhalma4",
            Format::Sternhalma6 => "sternhalma6",
        }
    }

    /// Parses a format name.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The time control of this format's games unless the table's host chose another:
    /// sternhalma's 30 seconds per move (seed 004); the duels are untimed.
    pub fn default_clock(self) -> TimeControl {
        match self.preset() {
            Preset::Sternhalma => TimeControl::PerMove { seconds: 30 },
            _ => TimeControl::Untimed,
        }
    }

    /// The start position (seat 0 opens; docs/RULES.md §3 seat orders).
    pub fn start_position(self) -> Position {
        let rules = Rules::preset(self.preset());
        let start = match self.preset() {
            Preset::Tripot => Position::start_tripot(rules, self.colours()),
            _ => Position::start(rules, self.seats()),
        };
        match start {
            Ok(p) => p,
            // Every format names a setup its rule set accepts (tested for each format).
            Err(e) => unreachable!("format {} has no start position: {e}", self.name()),
        }
    }
}

/// How long players may think, chosen when a table or room is opened (the server owns the time:
/// deadlines are stored with the game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "snake_case",
    deny_unknown_fields,
    from = "StrictTimeControl"
)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum TimeControl {
    /// No clock: only the inactivity limit (a day) ends a stalled game.
    #[default]
    Untimed,
    /// Each move has `seconds`; on time-out the move with the greatest progress is played for
    /// the player (seed 004: 30 seconds).
    PerMove {
        /// Seconds per move.
        seconds: i32,
    },
    /// A game clock: `base_s` for the whole game, plus `increment_s` after each own move. When
    /// it runs out, the player's move is played for them as on a per-move time-out, and from
    /// then on each move has only the increment.
    Game {
        /// Seconds for the whole game.
        base_s: i32,
        /// Seconds added after each own move.
        increment_s: i32,
    },
}

/// [`TimeControl`] as decoded: the same wire format, with `untimed` an empty struct variant,
/// because serde lets a unit variant of an internally tagged enum through with any other
/// fields (`{"kind":"untimed","x":1}`), and decoding is strict.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum StrictTimeControl {
    Untimed {},
    PerMove { seconds: u32 },
    Game { base_s: u32, increment_s: u32 },
}

fn saturate(seconds: u32) -> i32 {
    i32::try_from(seconds).unwrap_or(i32::MAX)
}

impl From<StrictTimeControl> for TimeControl {
    fn from(strict: StrictTimeControl) -> TimeControl {
        match strict {
            StrictTimeControl::Untimed {} => TimeControl::Untimed,
            // Beyond i32 is no format the server offers: saturated, it is refused as such.
            StrictTimeControl::PerMove { seconds } => TimeControl::PerMove {
                seconds: saturate(seconds),
            },
            StrictTimeControl::Game {
                base_s,
                increment_s,
            } => TimeControl::Game {
                base_s: saturate(base_s),
                increment_s: saturate(increment_s),
            },
        }
    }
}

/// A player who lets the clock play this many of their moves in a row is treated as having left
/// (replaced by the AI at a table of 3 or more, the game lost at a table of two).
pub const TIMEOUTS_TO_LEAVE: u32 = 3;

impl TimeControl {
    /// Whether any clock runs.
    pub fn is_timed(self) -> bool {
        self != TimeControl::Untimed
    }

    /// Refuses a time control no one could play (no time at all) or that makes no sense (more
    /// than a day).
    pub fn check(self) -> Result<TimeControl, String> {
        const DAY: i32 = 24 * 3600;
        match self {
            TimeControl::PerMove { seconds } if !(5..=DAY).contains(&seconds) => Err(format!(
                "a move needs between 5 seconds and a day, not {seconds} s"
            )),
            TimeControl::Game {
                base_s,
                increment_s,
            } if !(30..=DAY).contains(&base_s) || !(0..=600).contains(&increment_s) => {
                Err(format!(
                    "a game clock needs 30 s to a day and an increment of at most 10 min, \
                 not {base_s} s + {increment_s} s"
                ))
            }
            ok => Ok(ok),
        }
    }
}

/// A move on the wire: the Move JSON of docs/RULES.md §6 (`{"kind": ..., "path": [[q, r], ...]}`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireMove {
    /// Step, jump, swap or pass.
    pub kind: MoveKind,
    /// The holes of the path as axial `[q, r]` pairs.
    #[serde(default)]
    pub path: Vec<[i32; 2]>,
}

impl WireMove {
    /// The wire form of a move.
    pub fn from_move(mv: &Move) -> WireMove {
        WireMove {
            kind: mv.kind,
            path: mv.path.iter().map(|&h| coords(h)).collect(),
        }
    }

    /// The move, checking its shape and that every hole is on the board (not its legality).
    pub fn to_move(&self) -> Result<Move, IllegalMove> {
        // One parser for every way a move enters the core: the Move JSON's, with its shape checks.
        Move::from_json(&serde_json::json!({ "kind": self.kind, "path": self.path }))
    }
}
