//! Ratings: a Glicko-2 rating per device token and rule set (tripot, classic, sternhalma),
//! updated after every rated game (docs/ONLINE.md, "Ratings").
//!
//! The arithmetic is the `skillratings` crate's (`glicko2_rating_period`); this module decides
//! who played whom with what result. Each rated game is one rating period for each person in it:
//! in a game of two the result is a win (1), a loss (0) or a draw (0.5); in a game of 3 to 6
//! seats each person has one result against every other person, by place in the game's ranking
//! (ahead 1, shared place 0.5, behind 0), all in that one period. A person whose seat went to the
//! AI (they resigned or left) is ranked last, sharing that place with anyone else who left. AI
//! seats are not rated and are not opponents.

use chinese_checkers_core::online::{GameRecord, RatingInfo, ServerMsg};
use chinese_checkers_core::rules::Preset;
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::model::{is_ai_token, GameMeta};

/// A newcomer's rating.
pub const START_RATING: f64 = 1500.0;
/// A newcomer's rating deviation (RD).
pub const START_RD: f64 = 350.0;
/// A newcomer's volatility.
pub const START_VOLATILITY: f64 = 0.06;
/// Glicko-2's τ: how much the volatility may change in one period.
pub const TAU: f64 = 0.5;

/// The rating system's constants (τ = 0.5; the paper's convergence tolerance).
pub fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

/// One person's rating in one rule set, as stored (full precision).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation (RD).
    pub rd: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            rating: START_RATING,
            rd: START_RD,
            volatility: START_VOLATILITY,
            games: 0,
        }
    }
}

impl Rating {
    /// As the rating crate takes it.
    pub fn glicko2(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.rd,
            volatility: self.volatility,
        }
    }

    /// The rating rounded for display.
    pub fn shown(&self) -> i32 {
        self.rating.round() as i32
    }

    /// As the `ratings` message shows it.
    pub fn info(&self, rule_set: Preset) -> RatingInfo {
        RatingInfo {
            rule_set,
            rating: self.rating,
            rd: self.rd,
            games: self.games,
        }
    }
}

/// The rule sets that are rated, in menu order.
pub const RULE_SETS: [Preset; 3] = [Preset::Tripot, Preset::Classic, Preset::Sternhalma];

/// A rule set's name in storage keys (as on the wire).
pub fn rule_set_name(rule_set: Preset) -> &'static str {
    match rule_set {
        Preset::Tripot => "tripot",
        Preset::Classic => "classic",
        Preset::Sternhalma => "sternhalma",
        Preset::Rulebook => "rulebook",
    }
}

/// Parses [`rule_set_name`].
pub fn rule_set_from_name(name: &str) -> Option<Preset> {
    RULE_SETS.into_iter().find(|r| rule_set_name(*r) == name)
}

/// A finished rated game: who to rate, and their places (0 is first; equal places are shared).
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// The game's id.
    pub game: String,
    /// Its rule set.
    pub rule_set: Preset,
    /// Each person's token and place, side order.
    pub people: Vec<(String, u32)>,
}

/// The places of the people of a finished game (side order: `(side, place)`, 0 is first), or
/// `None` if it is not rated: not marked rated, not over, or ended with no result for anyone
/// (everyone left a game of 3 or more seats).
pub fn places(record: &GameRecord) -> Option<Vec<(u8, u32)>> {
    if !record.is_rated() {
        return None;
    }
    let result = record.result()?;
    let seats = record.seats() as u8;
    if seats == 2 && result.ranking.is_empty() {
        // Resignation, agreement, abandonment: the winner says it all; no winner is a draw.
        return Some(match result.winner {
            Some(w) => (0..2).map(|s| (s, u32::from(s != w))).collect(),
            None => vec![(0, 0), (1, 0)],
        });
    }
    if result.ranking.is_empty() {
        return None;
    }
    // A rated game has no AI seat from the start: a seat the AI plays now is a person who left.
    let left = |s: u8| record.ai_of(s).is_some();
    let last = result.ranking.len() as u32;
    let place = |s: u8| -> u32 {
        if left(s) {
            return last;
        }
        result
            .ranking
            .iter()
            .position(|group| group.contains(&s))
            .map_or(last, |p| p as u32)
    };
    let people: Vec<(u8, u32)> = (0..seats).map(|s| (s, place(s))).collect();
    Some(people)
}

/// What rating a finished game calls for, if it is rated (see [`places`]).
pub fn rated_game(id: &str, meta: &GameMeta, record: &GameRecord) -> Option<RatedGame> {
    // Too short to say anything about the players (a resignation at the first move is how a
    // rating is farmed): like a game never played.
    if record.ply() < meta.min_rated_plies {
        return None;
    }
    let places = places(record)?;
    let people: Vec<(String, u32)> = places
        .into_iter()
        .filter_map(|(side, place)| {
            let token = meta.tokens.get(usize::from(side))?;
            (!is_ai_token(token)).then(|| (token.clone(), place))
        })
        .collect();
    (people.len() >= 2).then(|| RatedGame {
        game: id.to_owned(),
        rule_set: record.format().preset(),
        people,
    })
}

/// The result of a player placed `mine` against one placed `theirs`.
fn outcome(mine: u32, theirs: u32) -> Outcomes {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
    }
}

/// The ratings after one game: `before[i]` is the rating of the person placed `places[i]`.
/// Each person's period holds one result against every other person, rated against their
/// rating before the game.
pub fn rate(before: &[Rating], places: &[u32]) -> Vec<Rating> {
    let config = config();
    before
        .iter()
        .zip(places)
        .enumerate()
        .map(|(i, (me, &place))| {
            let results: Vec<(Glicko2Rating, Outcomes)> = before
                .iter()
                .zip(places)
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, (them, &theirs))| (them.glicko2(), outcome(place, theirs)))
                .collect();
            let after = glicko2_rating_period(&me.glicko2(), &results, &config);
            Rating {
                rating: after.rating,
                rd: after.deviation,
                volatility: after.volatility,
                games: me.games + 1,
            }
        })
        .collect()
}

/// What each person of a rated game is told.
pub fn changed(game: &RatedGame, before: &Rating, after: &Rating) -> ServerMsg {
    ServerMsg::RatingChanged {
        game: game.game.clone(),
        rule_set: game.rule_set,
        before: before.shown(),
        after: after.shown(),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use chinese_checkers_core::online::{Command, Format, GameEvent};

    fn r(rating: f64, rd: f64) -> Rating {
        Rating {
            rating,
            rd,
            volatility: 0.06,
            games: 0,
        }
    }

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    /// Glickman, "Example of the Glicko-2 system" (glicko2.pdf): a player rated 1500 (RD 200,
    /// σ 0.06) beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300); τ = 0.5.
    #[test]
    fn glickmans_example_gives_the_papers_values() {
        let player = r(1500.0, 200.0);
        let results = [
            (r(1400.0, 30.0).glicko2(), Outcomes::WIN),
            (r(1550.0, 100.0).glicko2(), Outcomes::LOSS),
            (r(1700.0, 300.0).glicko2(), Outcomes::LOSS),
        ];
        let after = glicko2_rating_period(&player.glicko2(), &results, &config());
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(close(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
        // The same through `rate`: four people in one game, the player placed between the
        // 1400 (behind) and the other two (ahead, sharing first place).
        let before = [player, r(1400.0, 30.0), r(1550.0, 100.0), r(1700.0, 300.0)];
        let after = rate(&before, &[1, 2, 0, 0]);
        assert!(close(after[0].rating, 1464.06, 0.01), "{:?}", after[0]);
        assert!(close(after[0].rd, 151.52, 0.01), "{:?}", after[0]);
        assert!(
            close(after[0].volatility, 0.05999, 0.00001),
            "{:?}",
            after[0]
        );
        assert_eq!(after[0].games, 1);
    }

    #[test]
    fn newcomers_start_at_1500_350_and_a_win_is_mirrored_by_the_loss() {
        let new = Rating::default();
        assert_eq!(
            (new.rating, new.rd, new.volatility, new.games),
            (1500.0, 350.0, 0.06, 0)
        );
        let after = rate(&[new, new], &[0, 1]);
        assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0);
        assert!(close(
            after[0].rating - 1500.0,
            1500.0 - after[1].rating,
            1e-9
        ));
        assert!(after[0].rd < 350.0);
        // A draw between equals changes nothing but the deviation.
        let drawn = rate(&[new, new], &[0, 0]);
        assert!(close(drawn[0].rating, 1500.0, 1e-9) && close(drawn[1].rating, 1500.0, 1e-9));
        assert!(drawn[0].rd < 350.0);
    }

    #[test]
    fn multi_seat_games_score_pairwise_by_place() {
        let a = r(1600.0, 80.0);
        let b = r(1500.0, 120.0);
        let c = r(1450.0, 200.0);
        let d = r(1500.0, 350.0);
        // a first, b and c share second, d last.
        let after = rate(&[a, b, c, d], &[0, 1, 1, 2]);
        let by_hand = |me: Rating, them: &[(Rating, Outcomes)]| {
            let results: Vec<_> = them.iter().map(|(t, o)| (t.glicko2(), *o)).collect();
            glicko2_rating_period(&me.glicko2(), &results, &config())
        };
        use Outcomes::{DRAW, LOSS, WIN};
        let expected = [
            by_hand(a, &[(b, WIN), (c, WIN), (d, WIN)]),
            by_hand(b, &[(a, LOSS), (c, DRAW), (d, WIN)]),
            by_hand(c, &[(a, LOSS), (b, DRAW), (d, WIN)]),
            by_hand(d, &[(a, LOSS), (b, LOSS), (c, LOSS)]),
        ];
        for (got, want) in after.iter().zip(expected) {
            assert_eq!(got.rating, want.rating);
            assert_eq!(got.rd, want.deviation);
            assert_eq!(got.volatility, want.volatility);
            assert_eq!(got.games, 1);
        }
    }

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("P{i}")).collect()
    }

    fn meta(n: usize) -> GameMeta {
        GameMeta {
            tokens: (0..n).map(|i| format!("token{i}")).collect(),
            public: false,
            code: None,
            min_rated_plies: 0,
        }
    }

    fn finish(record: &mut GameRecord, event: GameEvent) {
        let seq = record.seq() + 1;
        record.apply(seq, &event).unwrap();
    }

    #[test]
    fn what_is_rated() {
        // A game of two: the winner of a resignation is first.
        let (mut two, _) = GameRecord::with_rating("g", Format::Classic, names(2), vec![], true);
        assert_eq!(places(&two), None, "not over");
        let events = two.execute(0, &Command::Resign).unwrap();
        assert_eq!(events.len(), 1);
        assert_eq!(places(&two), Some(vec![(0, 1), (1, 0)]));
        let rated = rated_game("g", &meta(2), &two).unwrap();
        assert_eq!(rated.rule_set, Preset::Classic);
        assert_eq!(
            rated.people,
            vec![("token0".to_owned(), 1), ("token1".to_owned(), 0)]
        );
        // An agreed draw is a draw.
        let (mut draw, _) = GameRecord::with_rating("g", Format::Tripot2, names(2), vec![], true);
        draw.execute(
            0,
            &Command::Draw(chinese_checkers_core::online::DrawAction::Offer),
        )
        .unwrap();
        draw.execute(
            1,
            &Command::Draw(chinese_checkers_core::online::DrawAction::Accept),
        )
        .unwrap();
        assert_eq!(places(&draw), Some(vec![(0, 0), (1, 0)]));
        // Not rated: private rooms without agreement, games with AI seats from the start.
        let (mut casual, _) = GameRecord::new("g", Format::Classic, names(2));
        casual.execute(0, &Command::Resign).unwrap();
        assert_eq!(places(&casual), None);
        let (ai, _) = GameRecord::with_rating(
            "g",
            Format::Sternhalma3,
            names(3),
            vec![None, None, Some(chinese_checkers_core::ai::AiLevel::Easy)],
            true,
        );
        assert!(!ai.is_rated());
    }

    #[test]
    fn leavers_rank_last_and_a_game_everyone_left_is_unrated() {
        let (mut g, _) = GameRecord::with_rating("g", Format::Sternhalma4, names(4), vec![], true);
        // Seat 2 resigns: the AI takes it.
        g.execute(2, &Command::Resign).unwrap();
        assert!(g.ai_of(2).is_some() && !g.is_over());
        // The rules end the game with the AI playing seat 2 in first place.
        let ranking = vec![vec![2], vec![0], vec![1, 3]];
        finish(
            &mut g,
            GameEvent::Ended {
                result: chinese_checkers_core::online::GameResult {
                    winner: Some(2),
                    reason: chinese_checkers_core::online::EndReason::Win,
                    ranking,
                },
            },
        );
        assert_eq!(
            places(&g),
            Some(vec![(0, 1), (1, 2), (2, 3), (3, 2)]),
            "the person who left is last whatever the AI did with the seat"
        );
        let rated = rated_game("g", &meta(4), &g).unwrap();
        assert_eq!(rated.people.len(), 4);
        // Everyone leaves: the game ends with no result and is not rated.
        let (mut gone, _) =
            GameRecord::with_rating("g", Format::Sternhalma3, names(3), vec![], true);
        for side in 0..3 {
            gone.execute(side, &Command::Resign).unwrap();
        }
        assert!(gone.is_over());
        assert_eq!(places(&gone), None);
    }
}
