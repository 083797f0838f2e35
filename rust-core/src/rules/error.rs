//! Errors of the rules engine: why a position or a move was refused.

use thiserror::Error;

/// Why a Position (JSON or built by hand) was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionError {
    /// The text is not JSON of the Position shape.
    #[error("malformed position JSON: {0}")]
    Json(String),
    /// The `rules` value names no preset.
    #[error("unknown rules preset \"{0}\" (expected tripot, classic, sternhalma or rulebook)")]
    UnknownPreset(String),
    /// The `rules` object is malformed.
    #[error("invalid rules: {0}")]
    BadRules(String),
    /// A camp name that is not one of the six.
    #[error("unknown colour \"{0}\" (expected S, SW, NW, N, NE or SE)")]
    UnknownColour(String),
    /// Fewer than 2 or more than 6 players.
    #[error("a game has 2 to 6 players, got {0}")]
    PlayerCount(usize),
    /// A player without any colour.
    #[error("player {0} has no colour")]
    NoColours(usize),
    /// The same colour given twice.
    #[error("colour {0} is given to more than one player (or twice to one)")]
    ColourTwice(&'static str),
    /// Pegs listed under a colour that no player plays.
    #[error("pegs are listed for colour {0}, which no player plays")]
    ColourNotPlayed(&'static str),
    /// A hole outside the 121.
    #[error("hole [{0}, {1}] is not on the board")]
    OffBoard(i32, i32),
    /// Two pegs on one hole.
    #[error("two pegs on hole [{0}, {1}]")]
    HoleTaken(i32, i32),
    /// More pegs of a colour than the rule set gives it.
    #[error("colour {colour} has {count} pegs but the rules give each colour {max}")]
    TooManyPegs {
        /// The colour.
        colour: &'static str,
        /// Pegs listed.
        count: usize,
        /// Pegs allowed.
        max: i32,
    },
    /// `to_move` does not index a player.
    #[error("to_move is {to_move} but there are only {players} players")]
    ToMoveOutOfRange {
        /// The index given.
        to_move: i32,
        /// The number of players.
        players: usize,
    },
    /// A count (`passes_in_a_row`, `moves_played`) below zero.
    #[error("{field} is {value}, but a count cannot be negative")]
    Negative {
        /// The field.
        field: &'static str,
        /// The value given.
        value: i32,
    },
    /// `moves_played` has the wrong length.
    #[error("moves_played has {got} entries for {players} players")]
    MovesPlayedLength {
        /// Entries given.
        got: usize,
        /// Players.
        players: usize,
    },
    /// The 15-peg duel needs two players with one colour each on opposite camps.
    #[error("pegs 15 needs two players with one colour each, on opposite camps")]
    FifteenPegLayout,
    /// The players' layout cannot start a game (setup only).
    #[error("invalid setup: {0}")]
    BadSetup(String),
    /// A `team` or `finished` entry that makes no sense.
    #[error("invalid players: {0}")]
    BadPlayers(String),
}

/// Why a proposed move is illegal, said so a person understands.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum IllegalMove {
    /// The move JSON is malformed.
    #[error("malformed move: {0}")]
    Malformed(String),
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// A hole of the path is off the board.
    #[error("hole [{0}, {1}] is not on the board")]
    OffBoard(i32, i32),
    /// The starting hole is empty.
    #[error("there is no peg on [{0}, {1}]")]
    NoPeg(i32, i32),
    /// The peg belongs to another player.
    #[error("the peg on [{0}, {1}] is not yours")]
    NotYourPeg(i32, i32),
    /// A landing hole is occupied.
    #[error("hole [{0}, {1}] is occupied")]
    Occupied(i32, i32),
    /// No step or jump leads from the peg to the hole, whatever the rule options.
    #[error("no step or jump leads from [{0}, {1}] to [{2}, {3}]")]
    NoRoute(i32, i32, i32, i32),
    /// A step to a hole that is not a neighbour.
    #[error("[{0}, {1}] is not next to the peg")]
    NotAdjacent(i32, i32),
    /// A hop that is no jump.
    #[error("no jump leads from [{0}, {1}] to [{2}, {3}]")]
    NotAJump(i32, i32, i32, i32),
    /// A hop whose pivot is farther than the rules allow.
    #[error("the jump from [{0}, {1}] to [{2}, {3}] is longer than these rules allow")]
    JumpTooLong(i32, i32, i32, i32),
    /// A chain that lands twice on one hole (its start included).
    #[error("the chain lands twice on [{0}, {1}]")]
    Revisit(i32, i32),
    /// A landing or final hole in a forbidden camp.
    #[error("[{0}, {1}] is in a camp this peg may not {2}")]
    ForbiddenCamp(i32, i32, &'static str),
    /// Target lock: the peg must stay in its target camp.
    #[error("a peg that starts in its target camp must end its move there")]
    LeavesTarget,
    /// A step while some jump is available and jumps are mandatory.
    #[error("a jump is available, so a step is not allowed (mandatory jump)")]
    JumpMandatory,
    /// A chain shorter than the longest available.
    #[error("a longer jump chain is available and must be played (maximum jump chain)")]
    ChainNotLongest,
    /// Anti-blocking: a peg must leave another player's target first.
    #[error("a peg of yours blocks another player's target and must leave it first")]
    MustUnblock,
    /// A swap that the rules do not offer now.
    #[error("no swap between [{0}, {1}] and [{2}, {3}] is offered now")]
    SwapNotOffered(i32, i32, i32, i32),
    /// A pass while something else is possible.
    #[error("passing is only allowed when there is no other move")]
    PassNotAllowed,
    /// A path of the wrong length for its kind.
    #[error("a {0} needs {1}")]
    BadPathLength(&'static str, &'static str),
}
