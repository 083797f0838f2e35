//! A new game's choices carried to another rule set ([`GameSetup::for_rule_set`]): what the
//! player chose survives a change of rule set unless the new one makes it impossible, and then
//! the choice that had to change is named ([`SetupChange`]) for the new-game screen to say.

use super::setup::{GameSetup, Opener, RuleSetInfo, Seat};
use super::types::SeatPlayer;
use crate::rules::{Preset, Rules};

/// A choice of the new-game screen that the new rule set could not keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SetupChange {
    /// The rule set does not seat `from` players: the game now has `to` seats (the nearest
    /// number it seats; seats are kept in order, a person is never dropped).
    SeatCount {
        /// Seats chosen before.
        from: i32,
        /// Seats now.
        to: i32,
    },
    /// The rule set does not give a side `from` colours: each side now has `to`.
    ColoursPerSide {
        /// Colours per side chosen before.
        from: i32,
        /// Colours per side now.
        to: i32,
    },
    /// Who opens was a seat this rule set cannot start with: its first seat opens.
    Opener,
}

/// A set-up carried to another rule set, and what had to change on the way.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct CarriedSetup {
    /// The set-up in the new rule set (its options are that rule set's own).
    pub setup: GameSetup,
    /// Each choice that could not be kept; empty when all were.
    pub changed: Vec<SetupChange>,
}

impl GameSetup {
    /// This set-up in `preset`: the rule set's own options, and every other choice kept — each
    /// seat's person or AI level and name, the colours per side, who opens, the seed — when the
    /// new rule set allows it. A choice it does not allow takes the nearest value it does (fewer
    /// seats drop the last ones, but never the only person; more seats repeat the last AI's
    /// level, or add people when every seat is a person; a fixed opener becomes the first seat)
    /// and is listed in `changed`, so that nothing the player chose changes without a word.
    pub fn for_rule_set(&self, preset: Preset) -> CarriedSetup {
        let info = RuleSetInfo::of(preset);
        let mut changed = Vec::new();
        let from = self.seats.len() as i32;
        let to = nearest(&info.seat_counts, from);
        let seats = resize_seats(&self.seats, to as usize);
        if to != from {
            changed.push(SetupChange::SeatCount { from, to });
        }
        let colours = nearest(&info.colours_per_side, self.colours_per_side);
        if colours != self.colours_per_side {
            changed.push(SetupChange::ColoursPerSide {
                from: self.colours_per_side,
                to: colours,
            });
        }
        let opener = match self.opener {
            Opener::Seat { index } if index != 0 && (index >= to || !info.opener_choice) => {
                changed.push(SetupChange::Opener);
                Opener::Seat { index: 0 }
            }
            kept => kept,
        };
        CarriedSetup {
            setup: GameSetup {
                rules: Rules::preset(preset),
                seats,
                colours_per_side: colours,
                opener,
                seed: self.seed,
            },
            changed,
        }
    }
}

/// The allowed value nearest `wanted` (the smaller of two as near); `wanted` when allowed.
fn nearest(allowed: &[i32], wanted: i32) -> i32 {
    allowed
        .iter()
        .copied()
        .min_by_key(|&a| ((a - wanted).abs(), a))
        .unwrap_or(wanted)
}

/// `seats` cut or grown to `n`, in order. A person cut off takes the last kept seat when no
/// person is left (a solo game stays the person's); new seats copy the last AI seat, or are
/// people when there is no AI.
fn resize_seats(seats: &[Seat], n: usize) -> Vec<Seat> {
    let mut out: Vec<Seat> = seats.iter().take(n).cloned().collect();
    let person = |s: &Seat| s.player == SeatPlayer::Person;
    if !out.iter().any(person) {
        if let (Some(p), Some(last)) = (seats.iter().find(|s| person(s)), out.last_mut()) {
            *last = p.clone();
        }
    }
    let filler = seats
        .iter()
        .rev()
        .find(|s| matches!(s.player, SeatPlayer::Ai { .. }))
        .map(|s| Seat {
            name: String::new(),
            ..s.clone()
        })
        .unwrap_or_else(Seat::person);
    while out.len() < n {
        out.push(filler.clone());
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::ai::AiLevel;

    #[test]
    fn a_choice_the_new_rule_set_allows_is_kept() {
        // Beginner → Classic → Easy, the case: the opponent survives both changes.
        let mut setup = GameSetup::solo(Preset::Tripot, AiLevel::Beginner);
        setup.seats[1] = Seat::ai(AiLevel::Hard);
        setup.seed = 42;
        let carried = setup.for_rule_set(Preset::Classic);
        assert!(carried.changed.is_empty());
        assert_eq!(carried.setup.seats, setup.seats);
        assert_eq!(carried.setup.rules, Rules::preset(Preset::Classic));
        assert_eq!(carried.setup.seed, 42);
        let back = carried.setup.for_rule_set(Preset::Tripot);
        assert!(back.changed.is_empty());
        assert_eq!(back.setup.seats[1], Seat::ai(AiLevel::Hard));
        assert!(back.setup.validate().is_ok());
    }

    #[test]
    fn what_cannot_be_kept_takes_the_nearest_allowed_value_and_is_named() {
        let mut tripot = GameSetup::solo(Preset::Tripot, AiLevel::Medium);
        tripot.colours_per_side = 3;
        tripot.opener = Opener::Seat { index: 1 };
        let classic = tripot.for_rule_set(Preset::Classic);
        assert_eq!(
            classic.changed,
            vec![
                SetupChange::ColoursPerSide { from: 3, to: 1 },
                SetupChange::Opener
            ]
        );
        assert!(classic.setup.validate().is_ok());
        // Five players in the rulebook's rules: sternhalma seats 4 or 6 (the smaller as near).
        let mut five = GameSetup::pass_and_play(Preset::Rulebook, 5);
        five.opener = Opener::CoinToss;
        let stern = five.for_rule_set(Preset::Sternhalma);
        assert_eq!(
            stern.changed,
            vec![SetupChange::SeatCount { from: 5, to: 4 }]
        );
        assert_eq!(stern.setup.seats, vec![Seat::person(); 4]);
        assert_eq!(
            stern.setup.opener,
            Opener::CoinToss,
            "a coin toss works everywhere"
        );
        // Six seats with the person last, to tripot's two: the person keeps a seat; AI seats
        // added to a solo game play at the last AI's level.
        let mut six = GameSetup::solo(Preset::Sternhalma, AiLevel::Hard);
        six.seats = vec![Seat::ai(AiLevel::Hard); 5];
        six.seats.push(Seat::person());
        let two = six.for_rule_set(Preset::Tripot);
        assert_eq!(
            two.setup.seats,
            vec![Seat::ai(AiLevel::Hard), Seat::person()]
        );
        assert!(two.setup.validate().is_ok());
        let mut three = GameSetup::solo(Preset::Sternhalma, AiLevel::Easy);
        three.seats.push(Seat::ai(AiLevel::Hard));
        let grown = three.for_rule_set(Preset::Rulebook);
        assert!(grown.changed.is_empty());
        assert_eq!(nearest(&[2, 3, 4, 6], 5), 4);
        assert_eq!(nearest(&[2], 6), 2);
        assert_eq!(
            resize_seats(&three.seats, 5).last(),
            Some(&Seat::ai(AiLevel::Hard))
        );
    }
}
