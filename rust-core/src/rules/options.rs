//! Rule sets as data: the option keys of docs/RULES.md §4 and the named presets.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::board::MAX_REACH;
use super::error::PositionError;

/// A named rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Preset {
    /// Le Tripot d'Edmonde's duel: long jumps, swaps, passes and deadlock scoring (the default).
    Tripot,
    /// The two-player short-jump race (red `S` against blue `N`).
    Classic,
    /// The 2–6 player game with the camp rule, target lock and the 200-move cap.
    Sternhalma,
    /// The generic rulebook's base game (short jumps, open camps), a base for its options.
    /// Not named in docs/RULES.md; its defaults equal `classic` so that rulebook options have a
    /// neutral base to combine with.
    Rulebook,
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 4] = [
        Preset::Tripot,
        Preset::Classic,
        Preset::Sternhalma,
        Preset::Rulebook,
    ];

    /// The name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Tripot => "tripot",
            Preset::Classic => "classic",
            Preset::Sternhalma => "sternhalma",
            Preset::Rulebook => "rulebook",
        }
    }

    /// Parses a preset name.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The options this preset stands for (docs/RULES.md §4 table).
    pub fn options(self) -> RuleOptions {
        let base = RuleOptions {
            jump_reach: 1,
            camps: Camps::Open,
            target_lock: false,
            win: WinRule::AllOwn,
            swaps: false,
            deadlock: Deadlock::None,
            move_cap: None,
            pegs: 10,
            mandatory_jump: false,
            max_chain: MaxChain::Off,
            anti_blocking: false,
            blocked_destination: false,
            continue_for_places: false,
            ranking: Ranking::PegsThenDistance,
        };
        match self {
            Preset::Tripot => RuleOptions {
                jump_reach: 5,
                swaps: true,
                deadlock: Deadlock::PegCount,
                ..base
            },
            Preset::Classic | Preset::Rulebook => base,
            Preset::Sternhalma => RuleOptions {
                camps: Camps::NoStoppingInForeign,
                target_lock: true,
                win: WinRule::FilledWithOneOwn,
                move_cap: Some(200),
                ranking: Ranking::Distance,
                ..base
            },
        }
    }
}

/// Where pegs may land relative to the four camps that are neither their home nor their target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Camps {
    /// No restriction.
    Open,
    /// A move may pass through a foreign camp but not end in one.
    NoStoppingInForeign,
    /// A peg may never land in a foreign camp, not even mid-chain.
    NoForeign,
}

/// How a colour completes its target camp.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum WinRule {
    /// Every hole of the target holds a peg of that colour.
    AllOwn,
    /// Every hole of the target is occupied and at least one holds a peg of that colour.
    FilledWithOneOwn,
}

/// What happens when every player has passed in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Deadlock {
    /// Tripot's ending: the game is decided on pegs home, then distance, then side 1.
    PegCount,
    /// A draw (unless a move cap is set, in which case play goes on until the cap).
    None,
}

/// The rulebook's maximum-jump-chain variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum MaxChain {
    /// Any chain length.
    Off,
    /// A jumping piece must follow one of its own longest routes.
    PerPiece,
    /// Only the pieces with the army's longest route may jump, along such routes.
    Army,
}

/// How an unfinished game (move cap) ranks the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Ranking {
    /// Sternhalma: remaining distance only (sum of hex distances to the target tip).
    Distance,
    /// The rulebook's unfinished-game ranking: pegs in the target first, then distance.
    PegsThenDistance,
}

/// Every option that changes which moves are legal or who wins.
///
/// The first ten are the keys of docs/RULES.md §4. The last four are rulebook options that the table
/// does not list (docs/RULES.md §3.4); their JSON keys are this crate's choice: `anti_blocking`,
/// `blocked_destination`, `continue_for_places` and `ranking` (`"distance"` or
/// `"pegs_then_distance"`). Partnerships are given per player (`"team"` in the Position JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct RuleOptions {
    /// Greatest pivot distance of a jump: 1 = short jumps only; 6 or more = any length.
    pub jump_reach: i32,
    /// Foreign-camp restriction.
    pub camps: Camps,
    /// A peg that starts its move in its target camp must end it there.
    pub target_lock: bool,
    /// Win condition.
    pub win: WinRule,
    /// Tripot's blocked-peg swap (cases A and B).
    pub swaps: bool,
    /// Ending when everyone passes in a row.
    pub deadlock: Deadlock,
    /// Moves per player before the game stops and is ranked.
    pub move_cap: Option<i32>,
    /// Pegs per colour: 10, or 15 for the two-player large-army duel.
    pub pegs: i32,
    /// If any peg can jump, steps are illegal.
    pub mandatory_jump: bool,
    /// Longest-chain obligation.
    pub max_chain: MaxChain,
    /// A player must move a peg out of another player's target when it is all that keeps that
    /// target from completion, and such a move exists.
    pub anti_blocking: bool,
    /// An immovable opposing peg on the last hole of a target does not stop the win when the
    /// colour's last peg stands next to it.
    pub blocked_destination: bool,
    /// After a win the others play on for places; finished players are skipped.
    pub continue_for_places: bool,
    /// How a game stopped by the move cap is ranked.
    pub ranking: Ranking,
}

impl Default for RuleOptions {
    fn default() -> Self {
        Preset::Tripot.options()
    }
}

/// A preset plus the options actually in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Rules {
    /// The preset the options started from.
    pub preset: Preset,
    /// The options in force.
    pub options: RuleOptions,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::preset(Preset::Tripot)
    }
}

impl Rules {
    /// A preset with its own options.
    pub fn preset(preset: Preset) -> Rules {
        Rules {
            preset,
            options: preset.options(),
        }
    }

    /// Parses the `rules` value of a Position: a preset name or `{ "preset": ..., options }`.
    pub fn from_json(value: &Value) -> Result<Rules, PositionError> {
        match value {
            Value::String(name) => Preset::from_name(name)
                .map(Rules::preset)
                .ok_or_else(|| PositionError::UnknownPreset(name.clone())),
            Value::Object(map) => {
                let preset = match map.get("preset") {
                    None => Preset::Tripot,
                    Some(Value::String(name)) => Preset::from_name(name)
                        .ok_or_else(|| PositionError::UnknownPreset(name.clone()))?,
                    Some(other) => {
                        return Err(PositionError::BadRules(format!(
                            "\"preset\" must be a string, got {other}"
                        )))
                    }
                };
                let mut merged = match serde_json::to_value(preset.options()) {
                    Ok(Value::Object(m)) => m,
                    _ => Map::new(),
                };
                for (key, v) in map {
                    if key == "preset" {
                        continue;
                    }
                    if !merged.contains_key(key) {
                        return Err(PositionError::BadRules(format!(
                            "unknown rule option \"{key}\""
                        )));
                    }
                    merged.insert(key.clone(), v.clone());
                }
                let options: RuleOptions = serde_json::from_value(Value::Object(merged))
                    .map_err(|e| PositionError::BadRules(e.to_string()))?;
                options.check()?;
                Ok(Rules { preset, options })
            }
            other => Err(PositionError::BadRules(format!(
                "\"rules\" must be a preset name or an object, got {other}"
            ))),
        }
    }

    /// The JSON form: the preset name when nothing differs, else the preset and the changed keys.
    pub fn to_json(&self) -> Value {
        let base = self.preset.options();
        if self.options == base {
            return Value::String(self.preset.name().to_string());
        }
        let mut out = Map::new();
        out.insert("preset".into(), Value::String(self.preset.name().into()));
        if let (Ok(Value::Object(now)), Ok(Value::Object(was))) = (
            serde_json::to_value(self.options),
            serde_json::to_value(base),
        ) {
            for (k, v) in now {
                if was.get(&k) != Some(&v) {
                    out.insert(k, v);
                }
            }
        }
        Value::Object(out)
    }
}

impl RuleOptions {
    /// `jump_reach` for move generation: within 1 to 8 (checked values are; an unchecked one is
    /// brought into that range rather than trusted).
    #[inline]
    pub(crate) fn reach(&self) -> u8 {
        self.jump_reach.clamp(1, MAX_REACH as i32) as u8
    }

    /// Checks values that the types cannot rule out.
    pub fn check(&self) -> Result<(), PositionError> {
        if self.jump_reach < 1 || self.jump_reach > MAX_REACH as i32 {
            return Err(PositionError::BadRules(format!(
                "jump_reach must be 1 to {MAX_REACH}, got {}",
                self.jump_reach
            )));
        }
        if self.pegs != 10 && self.pegs != 15 {
            return Err(PositionError::BadRules(format!(
                "pegs must be 10 or 15, got {}",
                self.pegs
            )));
        }
        if self.move_cap.is_some_and(|cap| cap < 1) {
            return Err(PositionError::BadRules(
                "move_cap must be at least 1".into(),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn presets_match_the_rules_table() {
        let t = Preset::Tripot.options();
        assert_eq!(
            (t.jump_reach, t.swaps, t.deadlock),
            (5, true, Deadlock::PegCount)
        );
        let c = Preset::Classic.options();
        assert_eq!((c.jump_reach, c.swaps, c.camps), (1, false, Camps::Open));
        let s = Preset::Sternhalma.options();
        assert_eq!(s.camps, Camps::NoStoppingInForeign);
        assert!(s.target_lock);
        assert_eq!(s.win, WinRule::FilledWithOneOwn);
        assert_eq!(s.move_cap, Some(200));
    }

    #[test]
    fn object_form_overrides_only_named_keys_and_round_trips() {
        let r = Rules::from_json(&json!({"preset": "classic", "camps": "no_foreign"})).unwrap();
        assert_eq!(r.options.camps, Camps::NoForeign);
        assert_eq!(r.options.jump_reach, 1);
        assert_eq!(
            r.to_json(),
            json!({"preset": "classic", "camps": "no_foreign"})
        );
        assert_eq!(
            Rules::from_json(&json!("tripot")).unwrap().to_json(),
            json!("tripot")
        );
    }

    #[test]
    fn bad_rules_name_the_problem() {
        let e = Rules::from_json(&json!("chess")).unwrap_err().to_string();
        assert!(e.contains("chess"), "{e}");
        let e = Rules::from_json(&json!({"preset": "tripot", "jump": 3}))
            .unwrap_err()
            .to_string();
        assert!(e.contains("jump"), "{e}");
        let e = Rules::from_json(&json!({"pegs": 12}))
            .unwrap_err()
            .to_string();
        assert!(e.contains("pegs"), "{e}");
        let e = Rules::from_json(&json!({"camps": "closed"}))
            .unwrap_err()
            .to_string();
        assert!(e.contains("closed"), "{e}");
        // Negative and zero counts are refused by the check, as the unsigned types once did.
        for bad in [
            json!({"jump_reach": -1}),
            json!({"jump_reach": 0}),
            json!({"jump_reach": 9}),
            json!({"pegs": -10}),
            json!({"move_cap": 0}),
            json!({"move_cap": -200}),
        ] {
            let key = bad.as_object().unwrap().keys().next().unwrap().clone();
            let e = Rules::from_json(&bad).unwrap_err().to_string();
            assert!(e.contains(&key), "{bad}: {e}");
        }
    }
}
