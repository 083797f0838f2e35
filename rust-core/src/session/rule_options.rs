//! The rule options a new-game screen may edit, with the values it may offer
//! ([`RuleSetInfo::editable_options`](super::RuleSetInfo::editable_options)), and the one way to
//! apply a chosen value ([`with_rule_option`]).
//!
//! Which presets edit what (docs/RULES.md §3.4 and §4): `tripot`, `classic` and `sternhalma` are
//! named bundles and are played as named, so they edit nothing (a player who wants a variant
//! starts from `rulebook`). `rulebook` is the neutral base of the variants and edits every option
//! of the §4 table except `move_cap`: the move cap is Sternhalma's stop, not one of the rulebook's
//! variants, and has no short list of values to offer.

use super::error::SetupError;
use crate::rules::{
    Camps, Deadlock, MaxChain, Preset, Ranking, RuleOption, RuleOptionValue, Rules, WinRule,
};

/// An option the new-game screen may edit, with every value it may offer, in display order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct EditableOption {
    /// The option.
    pub option: RuleOption,
    /// Its allowed values (a switch has exactly `off` then `on`).
    pub values: Vec<RuleOptionValue>,
}

/// Both values of a switch, off first.
fn switch(value: fn(bool) -> RuleOptionValue) -> Vec<RuleOptionValue> {
    vec![value(false), value(true)]
}

/// The options `preset` lets a new game edit, in display order (see the module's comment for why
/// only `rulebook` edits any).
pub(crate) fn editable_options(preset: Preset) -> Vec<EditableOption> {
    if preset != Preset::Rulebook {
        return Vec::new();
    }
    use RuleOptionValue as V;
    let of = |option, values| EditableOption { option, values };
    vec![
        // 6, 7 and 8 all mean "any length" (docs/RULES.md §4): offer the distinct reaches only.
        of(
            RuleOption::JumpReach,
            [1, 2, 3, 4, 5, 8]
                .into_iter()
                .map(|reach| V::JumpReach { reach })
                .collect(),
        ),
        of(
            RuleOption::Camps,
            [Camps::Open, Camps::NoStoppingInForeign, Camps::NoForeign]
                .into_iter()
                .map(|camps| V::Camps { camps })
                .collect(),
        ),
        of(
            RuleOption::Win,
            [WinRule::AllOwn, WinRule::FilledWithOneOwn]
                .into_iter()
                .map(|win| V::Win { win })
                .collect(),
        ),
        of(
            RuleOption::MaxChain,
            [MaxChain::Off, MaxChain::PerPiece, MaxChain::Army]
                .into_iter()
                .map(|max_chain| V::MaxChain { max_chain })
                .collect(),
        ),
        of(
            RuleOption::Ranking,
            [Ranking::PegsThenDistance, Ranking::Distance]
                .into_iter()
                .map(|ranking| V::Ranking { ranking })
                .collect(),
        ),
        of(
            RuleOption::Deadlock,
            [Deadlock::None, Deadlock::PegCount]
                .into_iter()
                .map(|deadlock| V::Deadlock { deadlock })
                .collect(),
        ),
        of(
            RuleOption::Pegs,
            [10, 15].into_iter().map(|pegs| V::Pegs { pegs }).collect(),
        ),
        of(RuleOption::TargetLock, switch(|on| V::TargetLock { on })),
        of(RuleOption::Swaps, switch(|on| V::Swaps { on })),
        of(
            RuleOption::MandatoryJump,
            switch(|on| V::MandatoryJump { on }),
        ),
        of(
            RuleOption::AntiBlocking,
            switch(|on| V::AntiBlocking { on }),
        ),
        of(
            RuleOption::BlockedDestination,
            switch(|on| V::BlockedDestination { on }),
        ),
        of(
            RuleOption::ContinueForPlaces,
            switch(|on| V::ContinueForPlaces { on }),
        ),
    ]
}

/// `rules` with `value` chosen: refused, `rules` unchanged, when its preset does not edit that
/// option or does not offer that value.
pub fn with_rule_option(rules: Rules, value: RuleOptionValue) -> Result<Rules, SetupError> {
    let offered = editable_options(rules.preset)
        .into_iter()
        .find(|e| e.option == value.option());
    let Some(offered) = offered else {
        return Err(SetupError::OptionFixed {
            preset: rules.preset,
            option: value.option(),
        });
    };
    if !offered.values.contains(&value) {
        return Err(SetupError::OptionValue {
            preset: rules.preset,
            value,
        });
    }
    let options = value.applied_to(rules.options);
    options.check().map_err(|e| SetupError::BadRules {
        detail: e.to_string(),
    })?;
    Ok(Rules {
        preset: rules.preset,
        options,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule_option_value;

    #[test]
    fn only_the_rulebook_edits_options() {
        for preset in [Preset::Tripot, Preset::Classic, Preset::Sternhalma] {
            assert!(editable_options(preset).is_empty(), "{preset:?}");
            let refused =
                with_rule_option(Rules::preset(preset), RuleOptionValue::Swaps { on: true });
            assert_eq!(
                refused,
                Err(SetupError::OptionFixed {
                    preset,
                    option: RuleOption::Swaps
                })
            );
        }
        let rulebook = editable_options(Preset::Rulebook);
        let names: Vec<RuleOption> = rulebook.iter().map(|e| e.option).collect();
        assert_eq!(names.len(), 13, "every §4 option but move_cap");
        for e in &rulebook {
            assert!(e.values.iter().all(|v| v.option() == e.option), "{e:?}");
        }
    }

    #[test]
    fn rulebook_offers_the_distinct_reaches_and_both_army_sizes() {
        let rulebook = editable_options(Preset::Rulebook);
        let values = |option| {
            rulebook
                .iter()
                .find(|e| e.option == option)
                .map(|e| e.values.clone())
                .unwrap_or_default()
        };
        let reaches: Vec<RuleOptionValue> = [1, 2, 3, 4, 5, 8]
            .into_iter()
            .map(|reach| RuleOptionValue::JumpReach { reach })
            .collect();
        assert_eq!(values(RuleOption::JumpReach), reaches);
        assert_eq!(
            values(RuleOption::Pegs),
            vec![
                RuleOptionValue::Pegs { pegs: 10 },
                RuleOptionValue::Pegs { pegs: 15 }
            ]
        );
        assert_eq!(
            values(RuleOption::TargetLock),
            vec![
                RuleOptionValue::TargetLock { on: false },
                RuleOptionValue::TargetLock { on: true }
            ]
        );
    }

    #[test]
    fn every_offered_value_applies_and_reads_back() {
        let base = Rules::preset(Preset::Rulebook);
        for e in editable_options(Preset::Rulebook) {
            // The preset's own value is among those offered.
            assert!(e
                .values
                .contains(&rule_option_value(&base.options, e.option)));
            for v in e.values {
                let rules = with_rule_option(base, v).expect("offered values apply");
                assert_eq!(rule_option_value(&rules.options, e.option), v);
                assert_eq!(rules.preset, Preset::Rulebook);
            }
        }
    }

    #[test]
    fn a_value_not_offered_is_refused() {
        let base = Rules::preset(Preset::Rulebook);
        for reach in [0, 6, 9] {
            let value = RuleOptionValue::JumpReach { reach };
            assert_eq!(
                with_rule_option(base, value),
                Err(SetupError::OptionValue {
                    preset: Preset::Rulebook,
                    value
                })
            );
        }
        assert!(with_rule_option(base, RuleOptionValue::Pegs { pegs: 12 }).is_err());
    }
}
