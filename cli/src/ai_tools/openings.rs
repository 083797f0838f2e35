//! The arena's openings: the varied first plies before the engines play.

use chinese_checkers_core::rules::{CompactMove, Position};

/// The openings of a match: the varied first plies before the engines play.
pub(super) enum Openings {
    /// One move per seat from a generator seeded by `seed + pair`, as the arena always did (the
    /// tables in docs/AI.md up to issue #16 were played so); between two deterministic engines
    /// that allows only 36 openings in a two-player game.
    Random { seed: u64, plies: usize },
    /// Every different position after `--opening-plies` plies, in the order of the base-6
    /// numbering of [`numbered_opening`]; pair `k` plays number `(k + seed) mod len`, so the
    /// first `len` pairs of a match all start from different positions.
    Distinct {
        seed: u64,
        list: Vec<Vec<CompactMove>>,
    },
}

impl Openings {
    /// The openings for `plies` plies from `start`.
    pub(super) fn new(start: &Position, seed: u64, plies: usize) -> Openings {
        if plies == start.player_count() {
            return Openings::Random { seed, plies };
        }
        // Different move orders can reach the same position (two moves of one side that do
        // not touch each other, played in either order); those are played once. Before this,
        // the 216 three-ply openings of tripot gave 400-game runs with only 358 different
        // games, and 300 in classic.
        let mut seen = std::collections::HashSet::new();
        let count = 6u64.saturating_pow(plies as u32);
        let list = (0..count)
            .map(|number| numbered_opening(start, plies, number))
            .filter(|moves| {
                let mut p = *start;
                for m in moves {
                    p.apply(m);
                }
                seen.insert(p)
            })
            .collect();
        Openings::Distinct { seed, list }
    }

    /// How many different openings there are (`None`: random ones).
    pub(super) fn distinct(&self) -> Option<usize> {
        match self {
            Openings::Random { .. } => None,
            Openings::Distinct { list, .. } => Some(list.len()),
        }
    }

    /// The opening of pair `pair` (the games `2 * pair` and `2 * pair + 1` of two players).
    pub(super) fn of_pair(&self, start: &Position, pair: u64) -> Vec<CompactMove> {
        match self {
            Openings::Random { seed, plies } => random_opening(start, *seed, *plies, pair),
            Openings::Distinct { seed, list } if !list.is_empty() => {
                list[((pair + seed) % list.len() as u64) as usize].clone()
            }
            Openings::Distinct { .. } => Vec::new(),
        }
    }
}

/// The moves of `p`'s side to move, most forward first (progress, then the move's own order).
fn most_forward(p: &Position) -> Vec<CompactMove> {
    let mut legal = Vec::new();
    p.legal_moves_into(&mut legal);
    let me = p.to_move();
    let mut scored: Vec<(i64, CompactMove)> = legal
        .iter()
        .map(|m| {
            let mut q = *p;
            q.apply(m);
            (
                i64::from(p.progress(me).1) - i64::from(q.progress(me).1),
                *m,
            )
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|(_, m)| m).collect()
}

/// The legacy random opening: each ply one of the six most forward moves, from a generator
/// seeded by `seed + pair`.
fn random_opening(start: &Position, seed: u64, plies: usize, pair: u64) -> Vec<CompactMove> {
    let mut p = *start;
    let mut out = Vec::new();
    let mut state = seed.wrapping_add(pair).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..plies {
        if p.outcome().is_some() {
            break;
        }
        let moves = most_forward(&p);
        let choices = moves.len().clamp(1, 6) as u64;
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let pick = moves[(state % choices) as usize];
        p.apply(&pick);
        out.push(pick);
    }
    out
}

/// Opening number `number` of `plies` plies: written in base 6, one digit per ply (the first
/// ply is the lowest digit), each digit picking among the six most forward moves.
fn numbered_opening(start: &Position, plies: usize, mut number: u64) -> Vec<CompactMove> {
    let mut p = *start;
    let mut out = Vec::new();
    for _ in 0..plies {
        if p.outcome().is_some() {
            break;
        }
        let moves = most_forward(&p);
        let digit = number % 6;
        number /= 6;
        let pick = moves[(digit % moves.len().clamp(1, 6) as u64) as usize];
        p.apply(&pick);
        out.push(pick);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chinese_checkers_core::rules::Rules;

    #[test]
    fn enumerated_openings_reach_different_positions_and_the_default_is_unchanged() {
        let start = Position::start_tripot(Rules::default(), 1).unwrap();
        let openings = Openings::new(&start, 7, 3);
        let distinct = openings.distinct().unwrap();
        // 216 move orders, fewer positions: transpositions are played once.
        assert!(distinct > 150 && distinct < 216, "{distinct}");
        let positions: std::collections::HashSet<Position> = (0..distinct as u64)
            .map(|pair| {
                let moves = openings.of_pair(&start, pair);
                assert_eq!(moves.len(), 3);
                let mut p = start;
                for m in &moves {
                    assert!(p.validate(&p.expand(m).unwrap()).is_ok());
                    p.apply(m);
                }
                p
            })
            .collect();
        assert_eq!(positions.len(), distinct);
        // Four plies give enough for 400 games of two deterministic engines.
        assert!(Openings::new(&start, 1, 4).distinct().unwrap() >= 200);
        // One move per seat: the generator of the earlier runs, so their tables replay.
        let legacy = Openings::new(&start, 1, 2);
        assert!(legacy.distinct().is_none());
        assert_eq!(legacy.of_pair(&start, 5), random_opening(&start, 1, 2, 5));
        let all: std::collections::HashSet<Vec<CompactMove>> =
            (0..400).map(|pair| legacy.of_pair(&start, pair)).collect();
        assert!(all.len() <= 36, "{}", all.len());
    }
}
