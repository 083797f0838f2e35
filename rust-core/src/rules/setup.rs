//! A position as plain data: [`Setup`] says what a position holds — the rules, who plays which
//! colours, where the pegs stand, whose turn it is — and may be illegal. [`Position::from_setup`]
//! checks it and names the first problem; [`Position::to_setup`] gives a position back as data
//! (the split of shakmaty's `Setup` and `Position`).
//!
//! The Position JSON of docs/RULES.md §6.1 is the serde form of this one type: reading JSON gives
//! a `Setup` (the shape and the names checked), and only [`Position::from_setup`] makes a
//! position of it ([`Position::from_json`] and [`Position::to_json`] are here for that reason). Editing a position is done on its setup or with the checked edits
//! ([`Position::with_to_move`], [`Position::with_options`]), never through JSON.

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::board::{bit, holes, Bits, Colour, Coord};
use super::error::PositionError;
use super::options::{RuleOptions, Rules};
use super::position::Position;

/// One player of a [`Setup`]: the colours it moves and, in partnership play, its team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PlayerSetup {
    /// The colours this player moves.
    #[serde(with = "colour_names")]
    pub colours: Vec<Colour>,
    /// Partnership team, 0 to 255 (every player has one, or none has).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<i32>,
}

/// The pegs of one colour in a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PegsSetup {
    /// The colour.
    pub colour: Colour,
    /// Where its pegs stand.
    pub holes: Vec<Coord>,
}

/// A position piece by piece, unchecked: the data of a [`Position`] (and of the Position JSON of
/// docs/RULES.md §6.1). Exported to the apps as `PositionSetup`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(
    feature = "uniffi",
    derive(uniffi::Record),
    uniffi(name = "PositionSetup")
)]
pub struct Setup {
    /// The rule set and options (JSON: a preset name or an options object; default tripot).
    #[serde(default, with = "rules_json")]
    pub rules: Rules,
    /// The players in turn order.
    pub players: Vec<PlayerSetup>,
    /// The pegs per colour (JSON: lists of `[q, r]` keyed by colour).
    #[serde(with = "pegs_json")]
    pub pegs: Vec<PegsSetup>,
    /// Whose turn it is (an index into `players`).
    #[serde(default)]
    pub to_move: i32,
    /// Passes in a row so far.
    #[serde(default)]
    pub passes_in_a_row: i32,
    /// Moves played per player (passes included), one entry per player; empty for all zeros
    /// (JSON: the field left out; an empty list there is refused).
    #[serde(
        default,
        deserialize_with = "moves_played_json",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub moves_played: Vec<i32>,
    /// Players who have finished, in finishing order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finished: Vec<i32>,
}

impl Setup {
    /// Reads the Position JSON of docs/RULES.md §6.1 (its shape, rules and colour names; the
    /// rest is checked by [`Position::from_setup`]).
    pub fn from_json(value: &Value) -> Result<Setup, PositionError> {
        Setup::deserialize(value).map_err(|e| PositionError::Json(e.to_string()))
    }

    /// The Position JSON of this setup (docs/RULES.md §6.1), unchecked.
    pub fn to_json(&self) -> Value {
        // Every map key is a colour name and every value plain data: serialising cannot fail.
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// The `rules` field: the preset name when nothing differs, else the preset and the changed keys.
mod rules_json {
    use super::*;

    pub(super) fn serialize<S: Serializer>(rules: &Rules, s: S) -> Result<S::Ok, S::Error> {
        rules.to_json().serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
        Rules::from_json(&Value::deserialize(d)?).map_err(D::Error::custom)
    }
}

/// A player's `colours`: camp names.
mod colour_names {
    use super::*;

    pub(super) fn serialize<S: Serializer>(colours: &[Colour], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(colours.iter().map(|c| c.name()))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Colour>, D::Error> {
        Vec::<String>::deserialize(d)?
            .into_iter()
            .map(|name| colour(name).map_err(D::Error::custom))
            .collect()
    }
}

/// The colour a camp name names.
fn colour(name: String) -> Result<Colour, PositionError> {
    Colour::from_name(&name).ok_or(PositionError::UnknownColour(name))
}

/// The `pegs` field: `{"S": [[q, r], ...], ...}`.
mod pegs_json {
    use super::*;

    pub(super) fn serialize<S: Serializer>(pegs: &[PegsSetup], s: S) -> Result<S::Ok, S::Error> {
        // A colour given twice in a hand-made setup is written once, with all its pegs (as
        // `Position::from_setup` reads it).
        let mut map: BTreeMap<&str, Vec<[i32; 2]>> = BTreeMap::new();
        for g in pegs {
            let list = map.entry(g.colour.name()).or_default();
            list.extend(g.holes.iter().map(|c| [c.q, c.r]));
        }
        map.serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<PegsSetup>, D::Error> {
        BTreeMap::<String, Vec<[i32; 2]>>::deserialize(d)?
            .into_iter()
            .map(|(name, list)| {
                Ok(PegsSetup {
                    colour: colour(name).map_err(D::Error::custom)?,
                    holes: list.into_iter().map(|[q, r]| Coord { q, r }).collect(),
                })
            })
            .collect()
    }
}

/// The `moves_played` field: left out (or `null`) for all zeros; a list must not be empty.
fn moves_played_json<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i32>, D::Error> {
    match Option::<Vec<i32>>::deserialize(d)? {
        None => Ok(Vec::new()),
        Some(list) if list.is_empty() => Err(D::Error::custom(
            "moves_played is empty: give one entry per player, or leave it out",
        )),
        Some(list) => Ok(list),
    }
}

/// A count of the setup that must not be negative.
fn count(field: &'static str, value: i32) -> Result<u32, PositionError> {
    u32::try_from(value).map_err(|_| PositionError::Negative { field, value })
}

/// Whether `to_move` may move in a position of `n` players where `finished` have finished.
fn check_to_move(to_move: i32, n: usize, finished: &[u8]) -> Result<u8, PositionError> {
    let out_of_range = PositionError::ToMoveOutOfRange {
        to_move,
        players: n,
    };
    let p = usize::try_from(to_move).map_err(|_| out_of_range.clone())?;
    if p >= n {
        return Err(out_of_range);
    }
    if finished.contains(&(p as u8)) {
        return Err(PositionError::BadPlayers(
            "to_move names a player who has already finished".into(),
        ));
    }
    Ok(p as u8)
}

impl Position {
    /// Parses and validates a Position JSON text (docs/RULES.md §6).
    pub fn from_json_str(text: &str) -> Result<Position, PositionError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| PositionError::Json(e.to_string()))?;
        Position::from_json(&value)
    }

    /// Parses and validates a Position JSON value (docs/RULES.md §6): the JSON is read as a
    /// [`Setup`], which [`Position::from_setup`] checks.
    pub fn from_json(value: &Value) -> Result<Position, PositionError> {
        Position::from_setup(&Setup::from_json(value)?)
    }

    /// Serialises to the Position JSON of docs/RULES.md §6 (the JSON of its [`Setup`]).
    pub fn to_json(&self) -> Value {
        self.to_setup().to_json()
    }

    /// Checks a setup and makes it a position, or names the first thing that is wrong: the rule
    /// options, the players and their colours, the pegs (on the board, one per hole, within the
    /// rules' count), whose turn it is, the counts and the finishing order.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let rules = setup.rules;
        rules.options.check()?;
        let mut layout = Vec::with_capacity(setup.players.len());
        for (i, p) in setup.players.iter().enumerate() {
            let team = match p.team {
                None => None,
                Some(t) => Some(u8::try_from(t).map_err(|_| {
                    PositionError::BadPlayers(format!(
                        "player {i} has team {t}, but a team is a number from 0 to 255"
                    ))
                })?),
            };
            layout.push((p.colours.clone(), team));
        }
        let mut pegs = [0 as Bits; 6];
        let mut occupied: Bits = 0;
        for group in &setup.pegs {
            for &c in &group.holes {
                let h = c.hole().ok_or(PositionError::OffBoard(c.q, c.r))?;
                if occupied & bit(h) != 0 {
                    return Err(PositionError::HoleTaken(c.q, c.r));
                }
                occupied |= bit(h);
                pegs[group.colour.index()] |= bit(h);
            }
        }
        let mut pos = Position::assemble(rules, &layout, pegs)?;
        let n = pos.player_count();
        // The turn is checked against the finishing order below, once that is known.
        check_to_move(setup.to_move, n, &[])?;
        pos.passes_in_a_row = count("passes_in_a_row", setup.passes_in_a_row)?;
        if !setup.moves_played.is_empty() {
            if setup.moves_played.len() != n {
                return Err(PositionError::MovesPlayedLength {
                    got: setup.moves_played.len(),
                    players: n,
                });
            }
            for (slot, &m) in pos.moves_played.iter_mut().zip(&setup.moves_played) {
                *slot = count("moves_played", m)?;
            }
        }
        for (i, &f) in setup.finished.iter().enumerate() {
            let player = usize::try_from(f).ok().filter(|&p| p < n);
            match player {
                Some(p) if !setup.finished[..i].contains(&f) => pos.finished[i] = p as u8,
                _ => {
                    return Err(PositionError::BadPlayers(format!(
                        "finished lists player {f}, which is out of range or listed twice"
                    )))
                }
            }
        }
        pos.n_finished = setup.finished.len() as u8;
        pos.to_move = check_to_move(setup.to_move, n, pos.finished_slice())?;
        Ok(pos)
    }

    /// The position as data (what [`Position::from_setup`] reads back to the same position).
    pub fn to_setup(&self) -> Setup {
        // Counts only grow by one per move from what a setup held, so they fit an `i32` in any
        // real game; a larger one is written as the largest.
        let int = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
        Setup {
            rules: self.rules,
            players: self
                .players()
                .iter()
                .map(|p| PlayerSetup {
                    colours: p.colours().collect(),
                    team: p.team.map(i32::from),
                })
                .collect(),
            pegs: Colour::ALL
                .into_iter()
                .filter(|&c| self.owner_of(c).is_some())
                .map(|c| PegsSetup {
                    colour: c,
                    holes: holes(self.pegs_of(c)).map(Coord::of).collect(),
                })
                .collect(),
            to_move: i32::from(self.to_move),
            passes_in_a_row: int(self.passes_in_a_row),
            moves_played: self.moves_played().iter().map(|&m| int(m)).collect(),
            finished: self
                .finished_slice()
                .iter()
                .map(|&f| i32::from(f))
                .collect(),
        }
    }

    /// The same position with `player` to move (e.g. the opener a set-up chose); refused when
    /// there is no such player or it has already finished.
    pub fn with_to_move(&self, player: usize) -> Result<Position, PositionError> {
        let index = i32::try_from(player).unwrap_or(i32::MAX);
        let to_move = check_to_move(index, self.player_count(), self.finished_slice())?;
        Ok(Position { to_move, ..*self })
    }

    /// The same position under other rule options (same preset), checked as
    /// [`Position::from_setup`] checks them: e.g. the 15-peg layout or the pegs per colour.
    pub fn with_options(&self, options: RuleOptions) -> Result<Position, PositionError> {
        let mut setup = self.to_setup();
        setup.rules.options = options;
        Position::from_setup(&setup)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use serde_json::json;

    use super::*;
    use crate::rules::options::{MaxChain, Preset};

    fn start() -> Position {
        Position::start(Rules::preset(Preset::Classic), 2).unwrap()
    }

    #[test]
    fn a_position_round_trips_through_its_setup() {
        let mut p = Position::start_tripot(Rules::default(), 3).unwrap();
        p.apply(&p.legal_moves()[3].compact());
        let setup = p.to_setup();
        assert_eq!(setup.to_move, 1);
        assert_eq!(setup.moves_played, vec![1, 0]);
        assert_eq!(setup.pegs.len(), 6);
        assert_eq!(Position::from_setup(&setup), Ok(p));
        // And the JSON the setup writes is the position's.
        assert_eq!(Position::from_json(&setup.to_json()), Ok(p));
    }

    #[test]
    fn an_empty_moves_played_means_zeros_in_a_setup_and_is_refused_in_json() {
        let mut setup = start().to_setup();
        setup.moves_played.clear();
        assert_eq!(Position::from_setup(&setup), Ok(start()));
        let mut v = start().to_json();
        v["moves_played"] = json!([]);
        let e = Position::from_json(&v).unwrap_err().to_string();
        assert!(e.contains("moves_played is empty"), "{e}");
        v["moves_played"] = Value::Null;
        assert_eq!(Position::from_json(&v), Ok(start()));
    }

    #[test]
    fn a_bad_setup_is_refused_with_its_problem_named() {
        let edit = |f: &dyn Fn(&mut Setup)| {
            let mut s = start().to_setup();
            f(&mut s);
            Position::from_setup(&s).unwrap_err()
        };
        assert_eq!(
            edit(&|s| s.to_move = -1),
            PositionError::ToMoveOutOfRange {
                to_move: -1,
                players: 2
            }
        );
        assert_eq!(
            edit(&|s| s.passes_in_a_row = -2),
            PositionError::Negative {
                field: "passes_in_a_row",
                value: -2
            }
        );
        assert_eq!(
            edit(&|s| s.moves_played = vec![0, -1]),
            PositionError::Negative {
                field: "moves_played",
                value: -1
            }
        );
        assert!(matches!(
            edit(&|s| s.moves_played = vec![0]),
            PositionError::MovesPlayedLength { got: 1, players: 2 }
        ));
        assert_eq!(
            edit(&|s| s.pegs[0].holes.push(Coord { q: 9, r: 9 })),
            PositionError::OffBoard(9, 9)
        );
        let taken = start().to_setup().pegs[1].holes[0];
        assert_eq!(
            edit(&|s| s.pegs[0].holes.push(taken)),
            PositionError::HoleTaken(taken.q, taken.r)
        );
        let e = edit(&|s| s.players[1].team = Some(300)).to_string();
        assert!(e.contains("team 300"), "{e}");
        let e = edit(&|s| s.finished = vec![-1]).to_string();
        assert!(e.contains("player -1"), "{e}");
        let e = edit(&|s| {
            s.finished = vec![0];
        })
        .to_string();
        assert!(e.contains("already finished"), "{e}");
        let e = edit(&|s| s.rules.options.jump_reach = 0).to_string();
        assert!(e.contains("jump_reach"), "{e}");
    }

    #[test]
    fn json_names_unknown_colours_and_presets() {
        let e = Setup::from_json(&json!({"players": [{"colours": ["S"]}, {"colours": ["X"]}],
            "pegs": {}}))
        .unwrap_err()
        .to_string();
        assert!(e.contains("unknown colour \"X\""), "{e}");
        let e = Setup::from_json(&json!({"players": [], "pegs": {"Q": []}}))
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown colour \"Q\""), "{e}");
        let e = Setup::from_json(&json!({"rules": "go", "players": [], "pegs": {}}))
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown rules preset \"go\""), "{e}");
        let e = Setup::from_json(&json!({"players": [], "pegs": {}, "extra": 1}))
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field `extra`"), "{e}");
    }

    #[test]
    fn checked_edits_keep_the_rest_of_the_position() {
        let p = start();
        let q = p.with_to_move(1).unwrap();
        assert_eq!(q.to_move(), 1);
        assert_eq!(q.with_to_move(0), Ok(p));
        assert!(matches!(
            p.with_to_move(2),
            Err(PositionError::ToMoveOutOfRange { to_move: 2, .. })
        ));
        let options = RuleOptions {
            max_chain: MaxChain::Army,
            ..p.rules().options
        };
        let r = p.with_options(options).unwrap();
        assert_eq!(r.rules().options, options);
        assert_eq!(r.rules().preset, Preset::Classic);
        assert_eq!(r.to_setup().pegs, p.to_setup().pegs);
        // A start position has ten pegs a colour: 15-peg rules need the 15-peg layout's count.
        let three = Position::start(Rules::preset(Preset::Sternhalma), 3).unwrap();
        let fifteen = RuleOptions {
            pegs: 15,
            ..three.rules().options
        };
        assert_eq!(
            three.with_options(fifteen),
            Err(PositionError::FifteenPegLayout)
        );
    }
}
