//! The new-game screen's rules that are not the game's own, written once for both apps: the
//! person taking another seat (a colour) with who opens following the player, and the choices
//! kept between visits of the screen, in one text format.

use serde::{Deserialize, Serialize};

use super::setup::{new_game_seats, GameSetup, Opener, RuleSetInfo, Seat};
use super::types::SeatPlayer;
use crate::rules::{Preset, Rules};

/// The `format` field of kept choices.
const CHOICES_FORMAT: &str = "chinese-checkers-new-game";
/// The version of kept choices this core writes and reads.
const CHOICES_VERSION: u32 = 1;

/// The choices as kept: the rule set, the seats (with the names typed), colours per side and
/// who opens. Neither the rule options (a new visit starts from the rule set's own) nor the seed.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeptChoices {
    format: String,
    version: u32,
    preset: Preset,
    seats: Vec<Seat>,
    colours_per_side: i32,
    opener: Opener,
}

impl GameSetup {
    /// The set-up with `count` seats: the seats already chosen are kept, the new ones are those
    /// of [`new_game_seats`] (`solo` says which), and an opening seat that is gone becomes the
    /// first. The core checks the count when the game starts.
    pub fn with_seat_count(&self, count: i32, solo: bool) -> GameSetup {
        let seats_wanted = usize::try_from(count).unwrap_or(0);
        let mut seats = new_game_seats(seats_wanted, solo);
        for (seat, chosen) in seats.iter_mut().zip(&self.seats) {
            *seat = chosen.clone();
        }
        let opener = match self.opener {
            Opener::Seat { index } if index >= count => Opener::Seat { index: 0 },
            other => other,
        };
        GameSetup {
            seats,
            opener,
            ..self.clone()
        }
    }

    /// The person takes seat `index` (solo: the colour they play), trading places with the
    /// opponent sitting there, who keeps its level. With two seats and a chosen opener, who opens
    /// stays with the player it was chosen for ("you open" still means the person), rather than
    /// passing silently to the other side. Nothing changes for a seat out of range, the person's
    /// own seat, or a set-up without a person.
    pub fn sit_at(&self, index: i32) -> GameSetup {
        let mut next = self.clone();
        let to = match usize::try_from(index) {
            Ok(i) if i < self.seats.len() => i,
            _ => return next,
        };
        let Some(from) = self
            .seats
            .iter()
            .position(|s| s.player == SeatPlayer::Person)
        else {
            return next;
        };
        if from == to {
            return next;
        }
        next.seats.swap(from, to);
        let chosen = RuleSetInfo::of(self.rules.preset).opener_choice;
        if let Opener::Seat { index: opener } = self.opener {
            if chosen && self.seats.len() == 2 {
                next.opener = Opener::Seat { index: 1 - opener };
            }
        }
        next
    }

    /// The choices of this set-up as text to keep (versioned JSON), read back by
    /// [`GameSetup::recall`].
    pub fn remember(&self) -> String {
        let kept = KeptChoices {
            format: CHOICES_FORMAT.to_owned(),
            version: CHOICES_VERSION,
            preset: self.rules.preset,
            seats: self.seats.clone(),
            colours_per_side: self.colours_per_side,
            opener: self.opener,
        };
        serde_json::to_string(&kept).unwrap_or_default()
    }

    /// The set-up of kept choices ([`GameSetup::remember`]) with the rule set's own options and
    /// seed 0 (give it a fresh one): `None` when the text is not kept choices of this version,
    /// or when the choices no longer make a valid set-up (the screen then starts from its
    /// defaults: kept choices are all taken back or none, never half of them).
    pub fn recall(text: &str) -> Option<GameSetup> {
        let kept: KeptChoices = serde_json::from_str(text).ok()?;
        if kept.format != CHOICES_FORMAT || kept.version != CHOICES_VERSION {
            return None;
        }
        let info = RuleSetInfo::of(kept.preset);
        let setup = GameSetup {
            rules: Rules::preset(kept.preset),
            seats: kept.seats,
            colours_per_side: kept.colours_per_side,
            opener: if info.opener_choice {
                kept.opener
            } else {
                info.default_setup.opener
            },
            seed: 0,
        };
        setup.validate().ok().map(|_| setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiLevel;

    #[test]
    fn a_new_screen_starts_from_the_same_seats_and_keeps_the_chosen_ones() {
        assert_eq!(
            new_game_seats(3, true),
            vec![
                Seat::person(),
                Seat::ai(AiLevel::Easy),
                Seat::ai(AiLevel::Easy)
            ]
        );
        assert_eq!(
            new_game_seats(2, false),
            vec![Seat::person(), Seat::person()]
        );
        let chosen = GameSetup {
            seats: vec![Seat::person(), Seat::ai(AiLevel::Hard)],
            ..GameSetup::solo(Preset::Sternhalma, AiLevel::Hard)
        };
        let more = chosen.with_seat_count(4, true);
        assert_eq!(
            more.seats,
            vec![
                Seat::person(),
                Seat::ai(AiLevel::Hard),
                Seat::ai(AiLevel::Easy),
                Seat::ai(AiLevel::Easy)
            ]
        );
        assert_eq!(more.with_seat_count(2, true).seats, chosen.seats);
        // The opener of a seat that goes becomes the first seat.
        let last_opens = GameSetup {
            opener: Opener::Seat { index: 3 },
            ..more.clone()
        };
        assert_eq!(
            last_opens.with_seat_count(3, true).opener,
            Opener::Seat { index: 0 }
        );
        assert_eq!(
            last_opens.with_seat_count(6, true).opener,
            Opener::Seat { index: 3 }
        );
        assert_eq!(chosen.with_seat_count(-1, true).seats, vec![]);
        // Every rule set's default set-up starts so.
        for info in crate::session::rule_sets() {
            assert_eq!(info.default_setup.seats, new_game_seats(2, true));
        }
    }

    fn two(opener: i32) -> GameSetup {
        GameSetup {
            opener: Opener::Seat { index: opener },
            ..GameSetup::solo(Preset::Tripot, AiLevel::Hard)
        }
    }

    #[test]
    fn the_person_trades_seats_and_keeps_opening_or_not() {
        // "You open": still the person after moving to the other colour.
        let moved = two(0).sit_at(1);
        assert_eq!(moved.seats, vec![Seat::ai(AiLevel::Hard), Seat::person()]);
        assert_eq!(moved.opener, Opener::Seat { index: 1 });
        // "The opponent opens": still the opponent.
        assert_eq!(two(1).sit_at(1).opener, Opener::Seat { index: 0 });
        // A coin toss stays a coin toss.
        let tossed = GameSetup {
            opener: Opener::CoinToss,
            ..two(0)
        };
        assert_eq!(tossed.sit_at(1).opener, Opener::CoinToss);
        // Nothing to do: the person's own seat, a seat out of range.
        assert_eq!(two(0).sit_at(0), two(0));
        assert_eq!(two(0).sit_at(2), two(0));
        assert_eq!(two(0).sit_at(-1), two(0));
    }

    #[test]
    fn a_fixed_opener_does_not_follow_the_person() {
        // Classic: the first seat always opens.
        let classic = GameSetup::solo(Preset::Classic, AiLevel::Easy);
        let moved = classic.sit_at(1);
        assert_eq!(moved.seats[1], Seat::person());
        assert_eq!(moved.opener, Opener::Seat { index: 0 });
        // Three seats: the opponents keep their levels, the opener its seat.
        let three = GameSetup {
            seats: vec![
                Seat::person(),
                Seat::ai(AiLevel::Easy),
                Seat::ai(AiLevel::Impossible),
            ],
            ..GameSetup::solo(Preset::Sternhalma, AiLevel::Easy)
        };
        let moved = three.sit_at(2);
        assert_eq!(
            moved.seats,
            vec![
                Seat::ai(AiLevel::Impossible),
                Seat::ai(AiLevel::Easy),
                Seat::person()
            ]
        );
        assert_eq!(moved.opener, three.opener);
    }

    #[test]
    fn kept_choices_come_back_whole_or_not_at_all() {
        let chosen = GameSetup {
            seats: vec![
                Seat {
                    player: SeatPlayer::Person,
                    name: "Zoé".into(),
                },
                Seat::ai(AiLevel::Impossible),
            ],
            colours_per_side: 2,
            opener: Opener::CoinToss,
            seed: 99,
            ..GameSetup::solo(Preset::Tripot, AiLevel::Easy)
        };
        let text = chosen.remember();
        let back = GameSetup::recall(&text).unwrap();
        assert_eq!(
            back,
            GameSetup {
                seed: 0,
                ..chosen.clone()
            }
        );
        // Damaged, foreign or newer text, or choices the rule set refuses: none of it.
        assert_eq!(GameSetup::recall(""), None);
        assert_eq!(GameSetup::recall("TRIPOT|P,EASY|1|0"), None);
        assert_eq!(
            GameSetup::recall(&text.replace("\"version\":1", "\"version\":2")),
            None
        );
        assert_eq!(
            GameSetup::recall(&text.replace("chinese-checkers-new-game", "other")),
            None
        );
        let too_many = GameSetup {
            colours_per_side: 4,
            ..chosen
        };
        assert_eq!(GameSetup::recall(&too_many.remember()), None);
    }
}
