//! A validated position: who plays which colours, where the pegs stand, whose turn it is.
//!
//! A `Position` can only be built through [`Position::from_setup`] (which the JSON reader of
//! `setup` uses), [`Position::start`] or by playing legal moves, so it always satisfies the invariants checked
//! there and here (pegs on the board, one peg per hole, each colour played by exactly one player,
//! peg counts within the rules).

use super::board::{bit, Bits, Colour, Hole, TABLES};
use super::error::PositionError;
use super::options::Rules;

/// The most players a board seats.
pub const MAX_PLAYERS: usize = 6;

/// One seat at the table: the colours it moves and, in partnership play, its team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Player {
    /// Bit `i` set when the player moves colour `Colour::from_index(i)`.
    pub(crate) colours: u8,
    /// Partnership team, if the game has teams.
    pub team: Option<u8>,
}

impl Player {
    /// The player's colours in clockwise order.
    pub fn colours(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(|c| self.colours & (1 << c.index()) != 0)
    }

    /// Whether the player moves this colour.
    pub fn has(&self, c: Colour) -> bool {
        self.colours & (1 << c.index()) != 0
    }
}

/// A legal game state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) rules: Rules,
    pub(crate) players: [Player; MAX_PLAYERS],
    pub(crate) n_players: u8,
    /// Pegs of each colour.
    pub(crate) pegs: [Bits; 6],
    /// Union of all pegs.
    pub(crate) occupied: Bits,
    /// Player index of each colour, or `u8::MAX` when nobody plays it.
    pub(crate) owner: [u8; 6],
    pub(crate) to_move: u8,
    pub(crate) passes_in_a_row: u32,
    pub(crate) moves_played: [u32; MAX_PLAYERS],
    /// Players who completed their targets, in finishing order (continuing for places, teams).
    pub(crate) finished: [u8; MAX_PLAYERS],
    pub(crate) n_finished: u8,
}

/// The usual colours of each player for a player count (docs/RULES.md §3.3; side 1 sits at `S`).
fn seats(players: usize) -> Option<&'static [Colour]> {
    use Colour::*;
    Some(match players {
        2 => &[S, N],
        3 => &[S, NW, NE],
        4 => &[S, NW, N, SE],
        // Five players leave one point empty; `Position::start_with` rotates it between games.
        5 => &[S, SW, NW, N, NE],
        6 => &[S, SW, NW, N, NE, SE],
        _ => return None,
    })
}

impl Position {
    /// Builds and checks a position from its parts, with the turn at player 0.
    pub(super) fn assemble(
        rules: Rules,
        layout: &[(Vec<Colour>, Option<u8>)],
        pegs: [Bits; 6],
    ) -> Result<Position, PositionError> {
        let n = layout.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(PositionError::PlayerCount(n));
        }
        let mut players = [Player::default(); MAX_PLAYERS];
        let mut owner = [u8::MAX; 6];
        for (i, (colours, team)) in layout.iter().enumerate() {
            if colours.is_empty() {
                return Err(PositionError::NoColours(i));
            }
            for &c in colours {
                if owner[c.index()] != u8::MAX {
                    return Err(PositionError::ColourTwice(c.name()));
                }
                owner[c.index()] = i as u8;
                players[i].colours |= 1 << c.index();
            }
            players[i].team = *team;
        }
        let teams = layout.iter().filter(|(_, t)| t.is_some()).count();
        if teams != 0 && teams != n {
            return Err(PositionError::BadPlayers(
                "either every player has a team or none has".into(),
            ));
        }
        for c in Colour::ALL {
            let count = pegs[c.index()].count_ones() as usize;
            if count > 0 && owner[c.index()] == u8::MAX {
                return Err(PositionError::ColourNotPlayed(c.name()));
            }
            if i64::try_from(count).unwrap_or(i64::MAX) > i64::from(rules.options.pegs) {
                return Err(PositionError::TooManyPegs {
                    colour: c.name(),
                    count,
                    max: rules.options.pegs,
                });
            }
        }
        if rules.options.pegs == 15 {
            let single = n == 2 && layout.iter().all(|(c, _)| c.len() == 1);
            if !single || layout[0].0[0].opposite() != layout[1].0[0] {
                return Err(PositionError::FifteenPegLayout);
            }
        }
        Ok(Position {
            rules,
            players,
            n_players: n as u8,
            pegs,
            occupied: pegs.iter().fold(0, |a, &b| a | b),
            owner,
            to_move: 0,
            passes_in_a_row: 0,
            moves_played: [0; MAX_PLAYERS],
            finished: [0; MAX_PLAYERS],
            n_finished: 0,
        })
    }

    /// The starting position for the given players' colours (every colour fills its home area).
    ///
    /// `layout[i]` lists player `i`'s colours (and team); player 0 moves first.
    pub fn start_with(
        rules: Rules,
        layout: &[(Vec<Colour>, Option<u8>)],
    ) -> Result<Position, PositionError> {
        let mut pegs = [0 as Bits; 6];
        for (colours, _) in layout {
            for &c in colours {
                pegs[c.index()] = camp_area(rules.options.pegs, c);
            }
        }
        Position::assemble(rules, layout, pegs)
    }

    /// The standard start for `players` players with one colour each (docs/RULES.md §3.3 seats).
    pub fn start(rules: Rules, players: usize) -> Result<Position, PositionError> {
        let seats = seats(players).ok_or(PositionError::PlayerCount(players))?;
        let layout: Vec<_> = seats.iter().map(|&c| (vec![c], None)).collect();
        Position::start_with(rules, &layout)
    }

    /// Tripot's two sides with 1, 2 or 3 colours each (docs/RULES.md §3.1); side 1 is player 0.
    pub fn start_tripot(rules: Rules, colours_per_side: usize) -> Result<Position, PositionError> {
        use Colour::*;
        let (a, b): (Vec<Colour>, Vec<Colour>) = match colours_per_side {
            1 => (vec![S], vec![N]),
            2 => (vec![S, SE], vec![N, NW]),
            3 => (vec![SW, S, SE], vec![NE, N, NW]),
            other => {
                return Err(PositionError::BadSetup(format!(
                    "a side has 1, 2 or 3 colours, not {other}"
                )))
            }
        };
        Position::start_with(rules, &[(a, None), (b, None)])
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The players, in turn order.
    pub fn players(&self) -> &[Player] {
        &self.players[..self.player_count()]
    }

    /// Number of players.
    pub fn player_count(&self) -> usize {
        usize::from(self.n_players)
    }

    /// The player to move.
    pub fn to_move(&self) -> usize {
        usize::from(self.to_move)
    }

    /// Consecutive passes just played.
    pub fn passes_in_a_row(&self) -> u32 {
        self.passes_in_a_row
    }

    /// Moves played by each player (passes included).
    pub fn moves_played(&self) -> &[u32] {
        &self.moves_played[..self.player_count()]
    }

    /// Players who have completed their targets, in finishing order (continuing play only).
    pub fn finished_players(&self) -> Vec<usize> {
        self.finished[..usize::from(self.n_finished)]
            .iter()
            .map(|&p| usize::from(p))
            .collect()
    }

    pub(crate) fn is_finished(&self, player: usize) -> bool {
        self.finished_slice().contains(&(player as u8))
    }

    /// The finishing order as stored.
    pub(crate) fn finished_slice(&self) -> &[u8] {
        &self.finished[..usize::from(self.n_finished)]
    }

    /// The pegs of a colour.
    pub fn pegs_of(&self, c: Colour) -> Bits {
        self.pegs[c.index()]
    }

    /// Every occupied hole.
    pub fn occupied(&self) -> Bits {
        self.occupied
    }

    /// The colour of the peg on a hole, if any.
    pub fn colour_at(&self, h: Hole) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| self.pegs[c.index()] & bit(h) != 0)
    }

    /// The player who moves a colour, if anyone does.
    pub fn owner_of(&self, c: Colour) -> Option<usize> {
        let o = self.owner[c.index()];
        (o != u8::MAX).then_some(usize::from(o))
    }

    /// All pegs of one player.
    pub fn pegs_of_player(&self, player: usize) -> Bits {
        let p = self.players[player];
        Colour::ALL
            .into_iter()
            .filter(|&c| p.has(c))
            .fold(0, |a, c| a | self.pegs[c.index()])
    }

    /// The home area of a colour (10 holes, or 15 in the 15-peg duel).
    pub fn home(&self, c: Colour) -> Bits {
        camp_area(self.rules.options.pegs, c)
    }

    /// The target area of a colour: the home area opposite.
    pub fn target(&self, c: Colour) -> Bits {
        camp_area(self.rules.options.pegs, c.opposite())
    }

    /// Holes of the camps that are neither this colour's home nor its target.
    pub(crate) fn foreign(&self, c: Colour) -> Bits {
        TABLES.all_camps & !self.home(c) & !self.target(c)
    }
}

/// The home area of a colour under the given peg count.
pub(crate) fn camp_area(pegs: i32, c: Colour) -> Bits {
    if pegs == 15 {
        TABLES.camp15[c.index()]
    } else {
        TABLES.camp10[c.index()]
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::rules::options::Preset;

    #[test]
    fn json_round_trips() {
        let text = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[-4,8],[-3,7]],"N":[[4,-8]]},"to_move":1}"#;
        let p = Position::from_json_str(text).unwrap();
        assert_eq!(p.to_move(), 1);
        let again = Position::from_json(&p.to_json()).unwrap();
        assert_eq!(p, again);
        assert_eq!(p.to_json()["pegs"]["S"], json!([[-3, 7], [-4, 8]]));
    }

    #[test]
    fn bad_positions_name_the_problem() {
        let cases = [
            (
                r#"{"players":[{"colours":["S"]},{"colours":["N"]}],"pegs":{"S":[[9,9]]}}"#,
                "[9, 9]",
            ),
            (
                r#"{"players":[{"colours":["S"]},{"colours":["N"]}],"pegs":{"S":[[0,0]],"N":[[0,0]]}}"#,
                "two pegs",
            ),
            (
                r#"{"players":[{"colours":["S"]},{"colours":["N"]}],"pegs":{},"to_move":2}"#,
                "to_move",
            ),
            (r#"{"players":[{"colours":["S"]}],"pegs":{}}"#, "2 to 6"),
            (
                r#"{"players":[{"colours":["S"]},{"colours":["X"]}],"pegs":{}}"#,
                "\"X\"",
            ),
            (
                r#"{"players":[{"colours":["S"]},{"colours":["S"]}],"pegs":{}}"#,
                "more than one",
            ),
            (
                r#"{"players":[{"colours":["S"]},{"colours":["N"]}],"pegs":{"NE":[[0,0]]}}"#,
                "no player",
            ),
            (
                r#"{"rules":"go","players":[{"colours":["S"]},{"colours":["N"]}],"pegs":{}}"#,
                "\"go\"",
            ),
            (
                r#"{"players":[{"colours":["S"]},{"colours":["N"]}]"#,
                "malformed",
            ),
        ];
        for (text, needle) in cases {
            let e = Position::from_json_str(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text} -> {e}");
        }
    }

    #[test]
    fn too_many_pegs_is_refused() {
        let start = Position::start(Rules::preset(Preset::Classic), 2).unwrap();
        let mut v = start.to_json();
        v["pegs"]["S"].as_array_mut().unwrap().push(json!([0, 0]));
        let e = Position::from_json(&v).unwrap_err();
        assert!(
            matches!(e, PositionError::TooManyPegs { count: 11, .. }),
            "{e}"
        );
    }

    #[test]
    fn start_positions_fill_the_home_camps() {
        let p = Position::start_tripot(Rules::default(), 3).unwrap();
        assert_eq!(p.occupied().count_ones(), 60);
        let p = Position::start(Rules::preset(Preset::Sternhalma), 3).unwrap();
        assert_eq!(p.occupied().count_ones(), 30);
        assert!(p.players()[1].has(Colour::NW));
        let mut r = Rules::preset(Preset::Classic);
        r.options.pegs = 15;
        let p = Position::start(r, 2).unwrap();
        assert_eq!(p.pegs_of(Colour::S).count_ones(), 15);
        assert!(Position::start(r, 3).is_err());
    }
}
