//! A rule option by name ([`RuleOption`]) and one value of it ([`RuleOptionValue`]): what a
//! new-game editor offers and chooses (which options and values a rule set offers is the
//! session's `RuleSetInfo::editable_options`).

use super::options::{Camps, Deadlock, MaxChain, Ranking, RuleOptions, WinRule};

/// One rule option, by name (docs/RULES.md §4 key).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum RuleOption {
    /// `jump_reach`.
    JumpReach,
    /// `camps`.
    Camps,
    /// `target_lock`.
    TargetLock,
    /// `win`.
    Win,
    /// `swaps`.
    Swaps,
    /// `deadlock`.
    Deadlock,
    /// `pegs`.
    Pegs,
    /// `mandatory_jump`.
    MandatoryJump,
    /// `max_chain`.
    MaxChain,
    /// `anti_blocking`.
    AntiBlocking,
    /// `blocked_destination`.
    BlockedDestination,
    /// `continue_for_places`.
    ContinueForPlaces,
    /// `ranking`.
    Ranking,
}

/// A value of one rule option: what a chip, a picker row or a switch of the editor stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum RuleOptionValue {
    /// `jump_reach`: the greatest pivot distance (8 = any length).
    JumpReach {
        /// The reach.
        reach: i32,
    },
    /// `camps`.
    Camps {
        /// The restriction.
        camps: Camps,
    },
    /// `target_lock`.
    TargetLock {
        /// On or off.
        on: bool,
    },
    /// `win`.
    Win {
        /// The win condition.
        win: WinRule,
    },
    /// `swaps`.
    Swaps {
        /// On or off.
        on: bool,
    },
    /// `deadlock`.
    Deadlock {
        /// The ending.
        deadlock: Deadlock,
    },
    /// `pegs`: 10 or 15.
    Pegs {
        /// Pegs per colour.
        pegs: i32,
    },
    /// `mandatory_jump`.
    MandatoryJump {
        /// On or off.
        on: bool,
    },
    /// `max_chain`.
    MaxChain {
        /// The variant.
        max_chain: MaxChain,
    },
    /// `anti_blocking`.
    AntiBlocking {
        /// On or off.
        on: bool,
    },
    /// `blocked_destination`.
    BlockedDestination {
        /// On or off.
        on: bool,
    },
    /// `continue_for_places`.
    ContinueForPlaces {
        /// On or off.
        on: bool,
    },
    /// `ranking`.
    Ranking {
        /// The ranking.
        ranking: Ranking,
    },
}

impl RuleOptionValue {
    /// The option this value belongs to.
    pub fn option(self) -> RuleOption {
        match self {
            RuleOptionValue::JumpReach { .. } => RuleOption::JumpReach,
            RuleOptionValue::Camps { .. } => RuleOption::Camps,
            RuleOptionValue::TargetLock { .. } => RuleOption::TargetLock,
            RuleOptionValue::Win { .. } => RuleOption::Win,
            RuleOptionValue::Swaps { .. } => RuleOption::Swaps,
            RuleOptionValue::Deadlock { .. } => RuleOption::Deadlock,
            RuleOptionValue::Pegs { .. } => RuleOption::Pegs,
            RuleOptionValue::MandatoryJump { .. } => RuleOption::MandatoryJump,
            RuleOptionValue::MaxChain { .. } => RuleOption::MaxChain,
            RuleOptionValue::AntiBlocking { .. } => RuleOption::AntiBlocking,
            RuleOptionValue::BlockedDestination { .. } => RuleOption::BlockedDestination,
            RuleOptionValue::ContinueForPlaces { .. } => RuleOption::ContinueForPlaces,
            RuleOptionValue::Ranking { .. } => RuleOption::Ranking,
        }
    }

    /// `options` with this value set.
    pub(crate) fn applied_to(self, options: RuleOptions) -> RuleOptions {
        let mut o = options;
        match self {
            RuleOptionValue::JumpReach { reach } => o.jump_reach = reach,
            RuleOptionValue::Camps { camps } => o.camps = camps,
            RuleOptionValue::TargetLock { on } => o.target_lock = on,
            RuleOptionValue::Win { win } => o.win = win,
            RuleOptionValue::Swaps { on } => o.swaps = on,
            RuleOptionValue::Deadlock { deadlock } => o.deadlock = deadlock,
            RuleOptionValue::Pegs { pegs } => o.pegs = pegs,
            RuleOptionValue::MandatoryJump { on } => o.mandatory_jump = on,
            RuleOptionValue::MaxChain { max_chain } => o.max_chain = max_chain,
            RuleOptionValue::AntiBlocking { on } => o.anti_blocking = on,
            RuleOptionValue::BlockedDestination { on } => o.blocked_destination = on,
            RuleOptionValue::ContinueForPlaces { on } => o.continue_for_places = on,
            RuleOptionValue::Ranking { ranking } => o.ranking = ranking,
        }
        o
    }
}

/// The value `options` gives `option` (the chip or switch to show as chosen).
pub fn rule_option_value(options: &RuleOptions, option: RuleOption) -> RuleOptionValue {
    use RuleOptionValue as V;
    let o = options;
    match option {
        RuleOption::JumpReach => V::JumpReach {
            reach: o.jump_reach,
        },
        RuleOption::Camps => V::Camps { camps: o.camps },
        RuleOption::TargetLock => V::TargetLock { on: o.target_lock },
        RuleOption::Win => V::Win { win: o.win },
        RuleOption::Swaps => V::Swaps { on: o.swaps },
        RuleOption::Deadlock => V::Deadlock {
            deadlock: o.deadlock,
        },
        RuleOption::Pegs => V::Pegs { pegs: o.pegs },
        RuleOption::MandatoryJump => V::MandatoryJump {
            on: o.mandatory_jump,
        },
        RuleOption::MaxChain => V::MaxChain {
            max_chain: o.max_chain,
        },
        RuleOption::AntiBlocking => V::AntiBlocking {
            on: o.anti_blocking,
        },
        RuleOption::BlockedDestination => V::BlockedDestination {
            on: o.blocked_destination,
        },
        RuleOption::ContinueForPlaces => V::ContinueForPlaces {
            on: o.continue_for_places,
        },
        RuleOption::Ranking => V::Ranking { ranking: o.ranking },
    }
}
