//! Who has won: completed targets, tripot's deadlock scoring, draws and the move cap's ranking.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::board::{bit, distance, holes, Colour, TABLES};
use super::options::{Deadlock, Ranking, WinRule};
use super::position::Position;

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutcomeReason {
    /// A player (or team) completed its target(s).
    Win,
    /// Tripot: every player passed in a row; decided on pegs home, then distance, then side 1.
    Deadlock,
    /// Every player passed in a row under rules without deadlock scoring.
    Draw,
    /// The move cap was reached and the players were ranked.
    MoveLimit,
}

impl OutcomeReason {
    /// The JSON name of the reason.
    pub fn name(self) -> &'static str {
        match self {
            OutcomeReason::Win => "win",
            OutcomeReason::Deadlock => "deadlock",
            OutcomeReason::Draw => "draw",
            OutcomeReason::MoveLimit => "move_limit",
        }
    }
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Winning players (empty for a draw).
    pub winners: Vec<usize>,
    /// Why the game ended.
    pub reason: OutcomeReason,
    /// Every player by place, best first; players sharing a place share a group.
    pub ranking: Vec<Vec<usize>>,
}

impl Outcome {
    /// `{"winners": [...], "reason": "...", "ranking": [[...], ...]}`.
    pub fn to_json(&self) -> Value {
        json!({ "winners": self.winners, "reason": self.reason.name(), "ranking": self.ranking })
    }
}

impl Position {
    /// Whether a colour's target counts as complete under the rules in force.
    pub fn colour_complete(&self, c: Colour) -> bool {
        let target = self.target(c);
        let own = self.pegs[c.index()];
        match self.rules.options.win {
            WinRule::FilledWithOneOwn => self.occupied & target == target && own & target != 0,
            WinRule::AllOwn => {
                own & target == target
                    || (self.rules.options.blocked_destination && self.blocked_but_arrived(c))
            }
        }
    }

    /// The rulebook's blocked destination: the one missing hole holds an opposing peg that cannot
    /// move out, and the colour's last peg stands directly next to it.
    fn blocked_but_arrived(&self, c: Colour) -> bool {
        let target = self.target(c);
        let own = self.pegs[c.index()];
        let missing = target & !own;
        let outside = own & !target;
        if missing.count_ones() != 1 || outside.count_ones() != 1 || self.occupied & missing == 0 {
            return false;
        }
        let hole = missing.trailing_zeros() as u8;
        let last = outside.trailing_zeros() as u8;
        if TABLES.adjacent[usize::from(hole)] & bit(last) == 0 {
            return false;
        }
        let Some(blocker) = self.colour_at(hole) else {
            return false;
        };
        self.peg_reach(hole, blocker, self.occupied).all() & !target == 0
    }

    /// Whether every colour of a player is complete.
    pub fn completed(&self, player: usize) -> bool {
        self.players[player]
            .colours()
            .all(|c| self.colour_complete(c))
    }

    /// Pegs of a player standing in their own colour's target, and their total distance to the
    /// target tips (the deadlock and ranking measures of docs/RULES.md §3).
    pub fn progress(&self, player: usize) -> (u32, u32) {
        let mut home = 0;
        let mut dist = 0;
        for c in self.players[player].colours() {
            let pegs = self.pegs[c.index()];
            home += (pegs & self.target(c)).count_ones();
            let tip = c.opposite().tip();
            dist += holes(pegs).map(|h| distance(h, tip)).sum::<u32>();
        }
        (home, dist)
    }

    /// Groups players by a measure, best first; equal measures share a place.
    fn rank_by<K: Ord + Copy>(
        &self,
        players: &[usize],
        key: impl Fn(usize) -> K,
    ) -> Vec<Vec<usize>> {
        let mut sorted: Vec<usize> = players.to_vec();
        sorted.sort_by_key(|&p| (key(p), p));
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut last = None;
        for p in sorted {
            let k = key(p);
            match groups.last_mut() {
                Some(g) if last == Some(k) => g.push(p),
                _ => groups.push(vec![p]),
            }
            last = Some(k);
        }
        groups
    }

    fn rank(&self, players: &[usize], how: Ranking) -> Vec<Vec<usize>> {
        match how {
            Ranking::Distance => self.rank_by(players, |p| self.progress(p).1),
            Ranking::PegsThenDistance => self.rank_by(players, |p| {
                let (home, dist) = self.progress(p);
                (std::cmp::Reverse(home), dist)
            }),
        }
    }

    /// The places if the game stopped in this position with `left` out of it (players who
    /// resigned or left): those who finished first, in their order, then the others by the rule
    /// set's `ranking`, then everyone in `left` sharing last place. Used when a game of three or
    /// more ends because its last person resigned; the rules themselves never stop a game so.
    pub fn standing(&self, left: &[usize]) -> Vec<Vec<usize>> {
        let n = self.player_count();
        let order: Vec<usize> = self
            .finished_players()
            .into_iter()
            .filter(|p| !left.contains(p))
            .collect();
        let rest: Vec<usize> = (0..n)
            .filter(|p| !order.contains(p) && !left.contains(p))
            .collect();
        let gone: Vec<usize> = (0..n).filter(|p| left.contains(p)).collect();
        let mut ranking: Vec<Vec<usize>> = order.iter().map(|&p| vec![p]).collect();
        ranking.extend(self.rank(&rest, self.rules.options.ranking));
        if !gone.is_empty() {
            ranking.push(gone);
        }
        ranking
    }

    /// The outcome, if the game is over in this position.
    pub fn outcome(&self) -> Option<Outcome> {
        let n = self.player_count();
        let o = self.rules.options;
        let mut order = self.finished_players();
        for p in 0..n {
            if !order.contains(&p) && self.completed(p) {
                order.push(p);
            }
        }
        let rest: Vec<usize> = (0..n).filter(|p| !order.contains(p)).collect();
        let with_order = |tail: Vec<Vec<usize>>| -> Vec<Vec<usize>> {
            order.iter().map(|&p| vec![p]).chain(tail).collect()
        };

        if self.has_teams() {
            let done_team = order.iter().map(|&p| self.players[p].team).find(|&t| {
                (0..n)
                    .filter(|&q| self.players[q].team == t)
                    .all(|q| order.contains(&q))
            });
            if let Some(team) = done_team {
                let winners: Vec<usize> =
                    (0..n).filter(|&q| self.players[q].team == team).collect();
                let others: Vec<usize> = (0..n).filter(|q| !winners.contains(q)).collect();
                let mut ranking = vec![winners.clone()];
                ranking.extend(self.rank(&others, o.ranking));
                return Some(Outcome {
                    winners,
                    reason: OutcomeReason::Win,
                    ranking,
                });
            }
        } else if o.continue_for_places {
            if !order.is_empty() && rest.len() <= 1 {
                return Some(Outcome {
                    winners: vec![order[0]],
                    reason: OutcomeReason::Win,
                    ranking: with_order(rest.iter().map(|&p| vec![p]).collect()),
                });
            }
        } else if !order.is_empty() {
            let mut ranking = vec![order.clone()];
            ranking.extend(self.rank(&rest, o.ranking));
            return Some(Outcome {
                winners: order,
                reason: OutcomeReason::Win,
                ranking,
            });
        }

        let active: Vec<usize> = (0..n).filter(|&p| !self.is_finished(p)).collect();
        if self.passes_in_a_row as usize >= active.len() {
            match o.deadlock {
                Deadlock::PegCount => {
                    // Strict order: a perfect tie goes to the earlier seat (side 1 in tripot).
                    let ranking = self.rank_by(&active, |p| {
                        let (home, dist) = self.progress(p);
                        (std::cmp::Reverse(home), dist, p)
                    });
                    return Some(Outcome {
                        winners: vec![ranking[0][0]],
                        reason: OutcomeReason::Deadlock,
                        ranking: with_order(ranking),
                    });
                }
                Deadlock::None if o.move_cap.is_none() => {
                    return Some(Outcome {
                        winners: vec![],
                        reason: OutcomeReason::Draw,
                        ranking: with_order(vec![active]),
                    });
                }
                Deadlock::None => {}
            }
        }
        if let Some(cap) = o.move_cap {
            if active
                .iter()
                .all(|&p| i64::from(self.moves_played[p]) >= i64::from(cap))
            {
                let ranking = self.rank(&active, o.ranking);
                return Some(Outcome {
                    winners: ranking.first().cloned().unwrap_or_default(),
                    reason: OutcomeReason::MoveLimit,
                    ranking: with_order(ranking),
                });
            }
        }
        None
    }
}
