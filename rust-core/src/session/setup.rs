//! Typed game set-up: what the new-game screen chooses ([`GameSetup`]) and the catalogue of rule
//! sets ([`rule_sets`]). A game from a position starts from the rules' plain
//! [`Setup`] of it ([`ValidSetup::from_position`]).
//!
//! A set-up is unvalidated data; [`GameSetup::validate`] turns it into a [`ValidSetup`] (the
//! start position and the seats) or names what is wrong. Only a validated set-up makes a game.

use rand::{rngs::StdRng, Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::error::SetupError;
use super::rule_options::{editable_options, EditableOption};
use super::types::SeatPlayer;
use crate::ai::AiLevel;
use crate::rules::{Position, PositionError, Preset, RuleOptions, Rules, Setup};

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

/// The level of the AI seats a new game starts with: Easy, an opponent that plays back from the
/// first game (Beginner is one choice away for the gentlest start). Every rule set's
/// `default_setup` and the new-game screens of both apps start from it.
pub const DEFAULT_AI_LEVEL: AiLevel = AiLevel::Easy;

/// The seats a new-game screen starts from with `count` seats: solo, the person in the first seat
/// and the AI at [`DEFAULT_AI_LEVEL`] in every other; pass and play, people in every seat.
pub fn new_game_seats(count: usize, solo: bool) -> Vec<Seat> {
    (0..count)
        .map(|i| {
            if solo && i > 0 {
                Seat::ai(DEFAULT_AI_LEVEL)
            } else {
                Seat::person()
            }
        })
        .collect()
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
    /// Seed of the coin toss and of the AI's randomness (the same seed replays the same game):
    /// any value, its 64 bits are the seed.
    pub seed: i64,
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
        let bad = bad_position;
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
                let winner = StdRng::seed_from_u64(self.seed as u64).gen_range(0..seats.len());
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
            start = start.with_to_move(opener).map_err(bad)?;
        }
        Ok(ValidSetup {
            start,
            seats,
            seed: self.seed as u64,
            coin_toss: matches!(self.opener, Opener::CoinToss).then_some(opener),
            from_start: true,
        })
    }
}

/// A position the rules refused, as a set-up error.
pub(crate) fn bad_position(e: PositionError) -> SetupError {
    SetupError::BadPosition {
        detail: e.to_string(),
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
        position: &Setup,
        seats: Vec<Seat>,
        seed: u64,
    ) -> Result<ValidSetup, SetupError> {
        let start = Position::from_setup(position).map_err(bad_position)?;
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
    /// The options a new game of this rule set may change, each with its allowed values, in
    /// display order; empty for the named bundles (tripot, classic, sternhalma), which are played
    /// as named. Apply a choice with `with_rule_option`.
    pub editable_options: Vec<EditableOption>,
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
            default_setup: GameSetup::solo(preset, DEFAULT_AI_LEVEL),
            editable_options: editable_options(preset),
        }
    }
}

/// Every rule set, in menu order (tripot, the default, first).
pub fn rule_sets() -> Vec<RuleSetInfo> {
    Preset::ALL.into_iter().map(RuleSetInfo::of).collect()
}
