//! Typed game set-up: what the new-game screen chooses ([`GameSetup`]), a position given piece by
//! piece ([`PositionSetup`]) and the catalogue of rule sets ([`rule_sets`]).
//!
//! A set-up is unvalidated data; [`GameSetup::validate`] turns it into a [`ValidSetup`] (the
//! start position and the seats) or names what is wrong. Only a validated set-up makes a game.

use rand::{rngs::StdRng, Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use super::error::SetupError;
use super::types::{Coord, SeatPlayer};
use crate::ai::AiLevel;
use crate::rules::board::{coords, holes};
use crate::rules::{Colour, Position, PositionError, Preset, RuleOptions, Rules};

/// One seat of a new game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Seat {
    /// A person at this device or the AI (never `Remote` in a local game).
    pub player: SeatPlayer,
    /// The name to show; empty for the default (the AI's name, "You", "Player n").
    pub name: String,
}

impl Seat {
    /// A person with the default name.
    pub fn person() -> Seat {
        Seat {
            player: SeatPlayer::Person,
            name: String::new(),
        }
    }

    /// The AI at `level`, under its opponent's name.
    pub fn ai(level: AiLevel) -> Seat {
        Seat {
            player: SeatPlayer::Ai { level },
            name: String::new(),
        }
    }
}

/// Who opens the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Opener {
    /// This seat opens. Rule sets with a fixed opener accept only seat 0 (seat the opener first).
    Seat {
        /// The seat (0-based).
        index: i32,
    },
    /// A coin toss (seeded by the set-up's seed) decides who opens. Tripot gives the first move
    /// to the winner; rule sets where the first seat always opens seat the winner first (the
    /// others keep their turn order behind it).
    CoinToss,
}

/// Everything the new-game screen chooses. Unvalidated: [`GameSetup::validate`] checks it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameSetup {
    /// The rule set and its options.
    pub rules: Rules,
    /// The seats in turn order. Tripot: two sides (side 1 at the bottom). Other rule sets: 2–6
    /// seats, one colour each (docs/RULES.md, "Seats").
    pub seats: Vec<Seat>,
    /// Tripot: colours per side, 1–3. Every other rule set: 1.
    pub colours_per_side: i32,
    /// Who opens.
    pub opener: Opener,
    /// Seed of the coin toss and of the AI's randomness (the same seed replays the same game).
    pub seed: u64,
}

impl GameSetup {
    /// A solo game in `preset`'s default form: the person in the first seat against `level`.
    pub fn solo(preset: Preset, level: AiLevel) -> GameSetup {
        GameSetup {
            rules: Rules::preset(preset),
            seats: vec![Seat::person(), Seat::ai(level)],
            colours_per_side: 1,
            opener: Opener::Seat { index: 0 },
            seed: 0,
        }
    }

    /// Pass-and-play: `players` people at one device.
    pub fn pass_and_play(preset: Preset, players: usize) -> GameSetup {
        GameSetup {
            seats: vec![Seat::person(); players],
            ..GameSetup::solo(preset, AiLevel::Beginner)
        }
    }

    /// Checks the set-up against its rule set and builds the start position.
    pub fn validate(&self) -> Result<ValidSetup, SetupError> {
        let rules = self.rules;
        rules.options.check().map_err(|e| SetupError::BadRules {
            detail: e.to_string(),
        })?;
        let info = RuleSetInfo::of(rules.preset);
        let n = self.seats.len() as i32;
        if !info.seat_counts.contains(&n) {
            return Err(SetupError::SeatCount {
                preset: rules.preset,
                found: n,
                allowed: info.seat_counts,
            });
        }
        if !info.colours_per_side.contains(&self.colours_per_side) {
            return Err(SetupError::ColoursPerSide {
                preset: rules.preset,
                found: self.colours_per_side,
                allowed: info.colours_per_side,
            });
        }
        let bad = |e: PositionError| SetupError::BadPosition {
            detail: e.to_string(),
        };
        let mut start = if rules.preset == Preset::Tripot {
            Position::start_tripot(rules, self.colours_per_side as usize).map_err(bad)?
        } else {
            Position::start(rules, self.seats.len()).map_err(bad)?
        };
        let mut seats = self.seats.clone();
        let opener = match self.opener {
            Opener::Seat { index } if !(0..n).contains(&index) => {
                return Err(SetupError::NoSuchSeat { index, seats: n })
            }
            Opener::Seat { index: 0 } => 0,
            Opener::Seat { .. } if !info.opener_choice => {
                return Err(SetupError::OpenerFixed {
                    preset: rules.preset,
                })
            }
            Opener::Seat { index } => index as usize,
            Opener::CoinToss => {
                let winner = StdRng::seed_from_u64(self.seed).gen_range(0..seats.len());
                if info.opener_choice {
                    winner
                } else {
                    // The first seat always opens here: the winner of the toss takes it, and
                    // the others follow in their turn order.
                    seats.rotate_left(winner);
                    0
                }
            }
        };
        if opener != 0 {
            let mut v = start.to_json();
            v["to_move"] = Value::from(opener);
            start = Position::from_json(&v).map_err(bad)?;
        }
        Ok(ValidSetup {
            start,
            seats,
            seed: self.seed,
            coin_toss: matches!(self.opener, Opener::CoinToss).then_some(opener),
            from_start: true,
        })
    }
}

/// A set-up the rules accepted: the start position and who sits where.
#[derive(Clone, Debug)]
pub struct ValidSetup {
    pub(crate) start: Position,
    pub(crate) seats: Vec<Seat>,
    pub(crate) seed: u64,
    /// The seat a coin toss chose, to announce it.
    pub(crate) coin_toss: Option<usize>,
    /// The game starts from the rule set's start position (it may count in the statistics).
    pub(crate) from_start: bool,
}

impl ValidSetup {
    /// A game from a position: the seats must match its players.
    pub fn from_position(
        position: &PositionSetup,
        seats: Vec<Seat>,
        seed: u64,
    ) -> Result<ValidSetup, SetupError> {
        let start = position.to_position()?;
        if seats.len() != start.player_count() {
            return Err(SetupError::SeatCount {
                preset: start.rules().preset,
                found: seats.len() as i32,
                allowed: vec![start.player_count() as i32],
            });
        }
        Ok(ValidSetup {
            start,
            seats,
            seed,
            coin_toss: None,
            from_start: false,
        })
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }
}

/// One player of a [`PositionSetup`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PlayerSetup {
    /// The colours this player moves.
    pub colours: Vec<Colour>,
    /// Partnership team (every player has one, or none has).
    pub team: Option<i32>,
}

/// The pegs of one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PegsSetup {
    /// The colour.
    pub colour: Colour,
    /// Where its pegs stand.
    pub holes: Vec<Coord>,
}

/// A position piece by piece (the typed form of the Position JSON of docs/RULES.md).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PositionSetup {
    /// The rule set and options.
    pub rules: Rules,
    /// The players in turn order.
    pub players: Vec<PlayerSetup>,
    /// The pegs per colour.
    pub pegs: Vec<PegsSetup>,
    /// Whose turn it is.
    pub to_move: i32,
    /// Passes in a row so far.
    pub passes_in_a_row: i32,
    /// Moves played per player (passes included); empty for all zeros.
    pub moves_played: Vec<i32>,
    /// Players who have finished, in finishing order.
    pub finished: Vec<i32>,
}

impl PositionSetup {
    /// Reads a Position JSON text.
    pub fn from_json(text: &str) -> Result<PositionSetup, SetupError> {
        let p = Position::from_json_str(text).map_err(|e| SetupError::BadPosition {
            detail: e.to_string(),
        })?;
        Ok(PositionSetup::of(&p))
    }

    /// The setup of a validated position.
    pub fn of(p: &Position) -> PositionSetup {
        let n = p.player_count();
        PositionSetup {
            rules: *p.rules(),
            players: p
                .players()
                .iter()
                .map(|pl| PlayerSetup {
                    colours: pl.colours().collect(),
                    team: pl.team.map(i32::from),
                })
                .collect(),
            pegs: Colour::ALL
                .into_iter()
                .filter(|&c| p.owner_of(c).is_some())
                .map(|c| PegsSetup {
                    colour: c,
                    holes: holes(p.pegs_of(c))
                        .map(|h| {
                            let [q, r] = coords(h);
                            Coord { q, r }
                        })
                        .collect(),
                })
                .collect(),
            to_move: p.to_move() as i32,
            passes_in_a_row: p.passes_in_a_row() as i32,
            moves_played: p.moves_played()[..n].iter().map(|&m| m as i32).collect(),
            finished: p.finished_players().iter().map(|&f| f as i32).collect(),
        }
    }

    /// The Position JSON value (docs/RULES.md) of this set-up, unvalidated.
    pub fn to_json(&self) -> Value {
        let players: Vec<Value> = self
            .players
            .iter()
            .map(|p| {
                let colours: Vec<&str> = p.colours.iter().map(|c| c.name()).collect();
                match p.team {
                    Some(t) => json!({ "colours": colours, "team": t }),
                    None => json!({ "colours": colours }),
                }
            })
            .collect();
        let mut pegs = Map::new();
        for g in &self.pegs {
            let list: Vec<[i32; 2]> = g.holes.iter().map(|c| [c.q, c.r]).collect();
            pegs.insert(g.colour.name().to_string(), json!(list));
        }
        let mut out = json!({
            "rules": self.rules.to_json(),
            "players": players,
            "pegs": pegs,
            "to_move": self.to_move,
            "passes_in_a_row": self.passes_in_a_row,
        });
        if !self.moves_played.is_empty() {
            out["moves_played"] = json!(self.moves_played);
        }
        if !self.finished.is_empty() {
            out["finished"] = json!(self.finished);
        }
        out
    }

    /// Validates the set-up into a position.
    pub fn to_position(&self) -> Result<Position, SetupError> {
        // The JSON reader holds every check of a position; negative numbers fail there too.
        Position::from_json(&self.to_json()).map_err(|e| SetupError::BadPosition {
            detail: e.to_string(),
        })
    }
}

/// A rule set as the new-game screen offers it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct RuleSetInfo {
    /// The rule set.
    pub preset: Preset,
    /// Its options (the starting point for "More options").
    pub options: RuleOptions,
    /// How many seats it allows.
    pub seat_counts: Vec<i32>,
    /// How many colours a side may have (tripot 1–3, others 1).
    pub colours_per_side: Vec<i32>,
    /// Whether any seat may open (tripot); otherwise the first seat opens and `Opener::Seat`
    /// must name seat 0 (a coin toss works in every rule set).
    pub opener_choice: bool,
    /// A ready set-up: the person against the Beginner.
    pub default_setup: GameSetup,
}

impl RuleSetInfo {
    /// The catalogue entry of `preset`.
    pub fn of(preset: Preset) -> RuleSetInfo {
        let (seat_counts, colours_per_side, opener_choice) = match preset {
            Preset::Tripot => (vec![2], vec![1, 2, 3], true),
            Preset::Classic => (vec![2], vec![1], false),
            Preset::Sternhalma => (vec![2, 3, 4, 6], vec![1], false),
            // The rulebook seats five too, leaving one point empty.
            Preset::Rulebook => (vec![2, 3, 4, 5, 6], vec![1], false),
        };
        RuleSetInfo {
            preset,
            options: preset.options(),
            seat_counts,
            colours_per_side,
            opener_choice,
            default_setup: GameSetup::solo(preset, AiLevel::Beginner),
        }
    }
}

/// Every rule set, in menu order (tripot, the default, first).
pub fn rule_sets() -> Vec<RuleSetInfo> {
    Preset::ALL.into_iter().map(RuleSetInfo::of).collect()
}
