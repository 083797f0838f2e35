//! The snapshot that crosses into the apps after every update: [`GameState`] and its parts.
//!
//! Plain data: the apps render it and never compute a rule from it. Nothing here is worded: every
//! banner, outcome and history entry is a kind plus the player indices, names and counts it
//! needs, so each app words it from its own string resources (see docs/API.md).

use serde::{Deserialize, Serialize};

use super::lesson_types::LessonState;
pub use super::notice::{Notice, Unreachable};
use super::puzzle::facts::PuzzleState;

use crate::ai::AiLevel;
use crate::online::ErrorCode;
pub use crate::rules::Coord;
use crate::rules::{Colour, MoveKind};

/// How a hole is highlighted (one per hole; the most specific wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Highlight {
    /// Nothing special.
    None,
    /// The selected peg (or, in a chain, where the peg now stands).
    Selected,
    /// A hole the selected peg can step to.
    StepTarget,
    /// A hole the selected peg can jump to (a chain endpoint, or the next hop in a chain).
    JumpTarget,
    /// An opposing peg the selected peg can swap with.
    SwapTarget,
    /// A hole the peg has already passed through in the current chain (start included).
    Chain,
    /// A hole on the path of the last move played.
    LastMove,
    /// The hint's start or final hole.
    Hint,
}

/// One hole as the board shows it now. `holes[i]` of a [`GameState`] is the hole of
/// `BoardGeometry::holes[i]`; together they make the accessibility label (where the hole is, what
/// stands on it, whether it is a target).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HoleState {
    /// Where the hole is.
    pub coord: Coord,
    /// The colour of the peg standing here, if any.
    pub occupant: Option<Colour>,
    /// The player who moves that peg.
    pub owner: Option<i32>,
    /// How the hole is highlighted.
    pub highlight: Highlight,
}

/// Where the selected peg can go: a highlighted hole and the path the peg would take.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct MoveTarget {
    /// The highlighted hole.
    pub coord: Coord,
    /// Step, jump or swap.
    pub kind: MoveKind,
    /// The peg's path, start first (for a swap: own peg, opposing peg).
    pub path: Vec<Coord>,
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SeatPlayer {
    /// A person at this device.
    Person,
    /// The AI at a level.
    Ai {
        /// Its strength.
        level: AiLevel,
    },
    /// Online: the person at the other device.
    Remote,
}

/// A seat's display name. Only names a player gave (or an AI's proper name) are text; the rest
/// is worded by the app ("You", "Player 3").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PlayerName {
    /// A name to show as it is.
    Named {
        /// The name.
        name: String,
    },
    /// The one person at this device (solo, online): "You".
    You,
    /// An unnamed seat: "Player {number}".
    Numbered {
        /// 1-based seat number.
        number: i32,
    },
}

/// A seat at the table.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PlayerState {
    /// Player index (0 = the first seat).
    pub index: i32,
    /// Display name.
    pub name: PlayerName,
    /// Who plays it.
    pub player: SeatPlayer,
    /// The colours this seat moves.
    pub colours: Vec<Colour>,
    /// Partnership team, if the game has teams.
    pub team: Option<i32>,
}

/// What the banner above the board says; the app words it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Banner {
    /// The coin toss chose who opens (shown until the first move).
    CoinToss {
        /// The player who opens.
        opener: i32,
    },
    /// A player had no legal move and passed. For a person at this device it stays until their
    /// next action and sums up the run: "you were blocked 35 times; the others moved 35 times".
    TurnSkipped {
        /// Whose turn was skipped.
        player: i32,
        /// Turns skipped in a row.
        times: i32,
        /// Moves the other seats played meanwhile.
        others_moved: i32,
    },
    /// The AI is thinking.
    AiThinking {
        /// The AI seat.
        player: i32,
    },
    /// A draw was offered and awaits an answer.
    DrawOffered {
        /// Who offered it.
        by: i32,
    },
    /// A draw offer was declined.
    DrawDeclined {
        /// Who declined it.
        by: i32,
    },
    /// The game is over (the outcome says how).
    GameOver,
    /// Replay mode: the board shows the game after `shown` of `total` moves.
    Replay {
        /// Moves shown on the board.
        shown: i32,
        /// Moves in the game.
        total: i32,
    },
    /// Online: connecting for the first time.
    Connecting,
    /// Online: the connection dropped; reconnecting.
    Reconnecting,
    /// Online: another connection of this device took over (its games go on there); this one
    /// is closed and does not reconnect until the person comes back to online play.
    Replaced,
    /// Online: waiting for an opponent (quick match or an open table).
    Waiting,
    /// Online: a private room is open; share its code.
    RoomCode {
        /// The code to share.
        code: String,
    },
    /// Online: our move is shown but the server has not confirmed it yet.
    Sending,
    /// Online: the game is being brought back in step with the server.
    Syncing,
    /// Online: the opponent's connection dropped; their seat is held until `back_by_ms`. Read
    /// the time left at an instant with `awayReading(backByMs, nowMs)` (the app only formats
    /// "m:ss" and redraws at its `nextChangeAtMs`).
    OpponentDisconnected {
        /// The opponent's seat.
        player: i32,
        /// When the seat is lost if they are not back: milliseconds since the Unix epoch on this
        /// device's clock (the core stamped the `disconnected` event's arrival and added the
        /// server's grace). `None` when this device did not see the drop happen (the game was
        /// brought back from a snapshot, or the app restarted, while they were away): show the
        /// seat held without a countdown.
        #[cfg_attr(feature = "uniffi", uniffi(default = None))]
        back_by_ms: Option<i64>,
    },
    /// Online: the opponent is back.
    OpponentReconnected {
        /// The opponent's seat.
        player: i32,
    },
    /// Online: a rematch was asked for.
    RematchOffered {
        /// Who asked (our own seat: waiting for the opponent).
        by: i32,
    },
    /// Online: a player's time ran out; the server played the move with the greatest progress
    /// for them.
    MoveTimedOut {
        /// Whose time ran out (ours included).
        player: i32,
    },
    /// Online: a player left a game of 3 or more seats; the server's AI plays their seat now.
    PlayerReplaced {
        /// The seat.
        player: i32,
    },
    /// Online: the server refused something.
    ServerError {
        /// What it refused, as the server's code.
        code: ErrorCode,
    },
}

/// One played move in the history list.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PlayedMove {
    /// 1-based move number.
    pub number: i32,
    /// Who moved.
    pub player: i32,
    /// Step, jump, swap or pass.
    pub kind: MoveKind,
    /// The path as played (empty for a pass).
    pub path: Vec<Coord>,
}

/// What the people at this device can do now (buttons enabled or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Capabilities {
    /// Undo is possible.
    pub can_undo: bool,
    /// Redo is possible.
    pub can_redo: bool,
    /// A hint may be asked for.
    pub can_hint: bool,
    /// A chain is in progress and may end here ("End jump").
    pub can_end_jump: bool,
    /// Resigning is possible.
    pub can_resign: bool,
    /// Resigning hands the seat to the AI and the others play on (a game of three or more with
    /// another person still playing); otherwise it ends the game. The app words its "Resign?"
    /// question by it.
    pub resign_keeps_game_going: bool,
    /// A draw may be offered.
    pub can_offer_draw: bool,
    /// A draw offer awaits an answer from this device.
    pub can_answer_draw: bool,
    /// Replay (stepping through the game) may start or is running.
    pub can_replay: bool,
    /// Online: the game is over and a rematch may be asked for.
    pub can_rematch: bool,
}

/// What the status line says now: one fact, worded by the app. Computed by the core in one
/// place for local and online games alike.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum TurnStatus {
    /// It is this player's turn, and nothing more is under way ("Your turn", "Alice to move").
    ToMove {
        /// Whose turn it is.
        player: i32,
    },
    /// A tripot chain is in progress and the peg can hop on: "Jump again, or End jump" (the
    /// next hops are the targets). A chain whose peg has no hop left ends by itself.
    JumpAgain {
        /// Whose chain it is.
        player: i32,
    },
    /// The AI's search of this seat's move is running.
    Thinking {
        /// The AI seat.
        player: i32,
    },
    /// The AI's turn waits for `GameEngine.resume` (its search was stopped or failed).
    AiPaused {
        /// The AI seat.
        player: i32,
    },
    /// Replay: the board shows the game after `shown` of `total` moves.
    Replay {
        /// Moves shown on the board.
        shown: i32,
        /// Moves in the game.
        total: i32,
    },
    /// The game is over: who won and how (the apps show it once the game-over sheet is closed).
    Over {
        /// Winning player indices (empty for a draw).
        winners: Vec<i32>,
        /// Why the game ended.
        reason: EndReason,
        /// Resigned, abandoned or agreed draw: the player who resigned, left or offered the draw.
        by: Option<i32>,
    },
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum EndReason {
    /// Someone completed their target(s).
    Win,
    /// Tripot: both sides were blocked in a row; decided on pegs home, then distance.
    Deadlock,
    /// Everyone was blocked in a row (rules without deadlock scoring).
    Draw,
    /// The move cap was reached; everyone was ranked.
    MoveLimit,
    /// A player resigned.
    Resigned,
    /// A draw offer was accepted.
    DrawAgreed,
    /// Online: a player left and did not come back in time.
    Abandoned,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameOutcome {
    /// Winning player indices (empty for a draw).
    pub winners: Vec<i32>,
    /// Why the game ended.
    pub reason: EndReason,
    /// Resigned, abandoned or agreed draw: the player who resigned, left or offered the draw.
    pub by: Option<i32>,
    /// Every player by place, best first; players sharing a place share a group.
    pub ranking: Vec<Vec<i32>>,
}

/// Replay position: the board shows the game after `shown` of `total` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReplayState {
    /// Moves shown on the board.
    pub shown: i32,
    /// Moves in the game.
    pub total: i32,
}

/// One short sound for the app to play, in the order given (`StateChange.sounds`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SoundCue {
    /// A peg stepped to a neighbouring hole.
    Step,
    /// One hop of a jump (a chain of three hops gives three in a row).
    Hop,
    /// Two pegs traded places.
    Swap,
    /// Online: the opponent has moved and it is our turn.
    YourTurn,
    /// The game ended with a person at this device among the winners (pass-and-play: any
    /// person).
    Won,
    /// The game ended and no person at this device won.
    Lost,
    /// The game ended without a winner (a draw, agreed or not).
    Drawn,
}

/// What the last update changed, so that an app animates forward moves only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ChangeKind {
    /// Nothing on the board moved (a selection, a banner, the first state).
    #[default]
    Refresh,
    /// A move was played (by a person, the AI or the opponent online).
    NewMove,
    /// Moves were taken back.
    Undo,
    /// Moves taken back were played again.
    Redo,
    /// The replay cursor moved.
    ReplayStep,
}

/// The last change and the path to animate.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct StateChange {
    /// What changed.
    pub kind: ChangeKind,
    /// The path of the move to animate (a new move, the last move a redo played again, a replay
    /// step of one move forward); empty when nothing should move.
    pub animate: Vec<Coord>,
    /// The sounds to play for this change, in order (a step, each hop of a jump, a swap, our
    /// turn online, the end of the game); empty for most changes.
    pub sounds: Vec<SoundCue>,
}

/// Everything the board screen shows after an update, sent as one value.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameState {
    /// Grows with every change; an app may drop a state older than the one it drew.
    pub revision: i64,
    /// What the last update changed.
    pub change: StateChange,
    /// The 121 holes, in the order of `board_geometry().holes`.
    pub holes: Vec<HoleState>,
    /// Where the selected peg can go, each with its path (empty when nothing is selected).
    pub targets: Vec<MoveTarget>,
    /// The selected peg, if any.
    pub selected: Option<Coord>,
    /// The chain so far (start first), while a tripot chain is in progress.
    pub chain: Vec<Coord>,
    /// The path of the last move shown, empty at the start.
    pub last_move: Vec<Coord>,
    /// The seats.
    pub players: Vec<PlayerState>,
    /// Whose turn it is.
    pub to_move: i32,
    /// The app should start the AI's search now (`GameEngine.think`): an AI seat is to move, the
    /// game is not over, no replay is shown, no search runs and the AI is not paused. The app
    /// only schedules it; it decides nothing.
    pub ai_to_move: bool,
    /// While `ai_to_move`: how long to hold the board still once the last move is drawn before
    /// starting the search, in ms (the pace set with `GameEngine.setPace` after a move of an AI
    /// seat; 0 after a person's move, at the start, or with reduced motion). The app only runs
    /// the timer, then starts the search if `aiToMove` still holds.
    pub ai_hold_ms: i64,
    /// The AI's turn waits for `GameEngine.resume` (offer "Let the AI play"): its search was
    /// stopped (`GameEngine.pause`, `AiSearch.cancel`, the handle dropped) or failed on this
    /// position. Any change of the moves (undo…) ends the pause.
    pub ai_paused: bool,
    /// The AI seat whose search is running, if any.
    pub thinking: Option<i32>,
    /// How far to turn the board, in degrees clockwise on screen in `(-180, 180]`, so that the
    /// seat that should sit at the bottom does: solo and online, the person at this device;
    /// pass-and-play, the person to move while the game goes on, if turning is on
    /// (`Game.setTurnBoard`, on by default; on an AI seat's turn, the next person to move), else
    /// 0; a watched game or one without people, 0. Always a multiple of 60°: one of the seat's
    /// own camps at the bottom (`rotationToBottom` says which).
    pub rotation_degrees: i32,
    /// The hint, once found: the suggested move's whole path (start first; for a swap, own peg
    /// then opposing peg). It stays until a move is played (by anyone), moves are taken back or
    /// played again, or another hint is asked for; selecting pegs does not hide it. Empty in
    /// replay and once the game is over.
    pub hint: Vec<Coord>,
    /// The hint's kind (step, jump or swap), to word it with its path: `Some` exactly when
    /// `hint` is not empty.
    pub hint_kind: Option<MoveKind>,
    /// Whether a hint search is running.
    pub hint_pending: bool,
    /// The banner, if any.
    pub banner: Option<Banner>,
    /// Why the last tap did nothing, if it did nothing.
    pub notice: Option<Notice>,
    /// The moves played, oldest first.
    pub history: Vec<PlayedMove>,
    /// What the status line says now.
    pub status: TurnStatus,
    /// The moves the other seats played since the last move of the seat the board is for,
    /// oldest first, to draw as a trail: solo and online, the person at this device;
    /// pass-and-play, the person to move (on an AI seat's turn, the next person to move); a
    /// watched game or one without people, the seat to move. Passes left out; at most one full
    /// round (never older than that seat's own last move); empty in replay.
    pub trail: Vec<PlayedMove>,
    /// What can be done now.
    pub capabilities: Capabilities,
    /// The outcome once the game is over.
    pub outcome: Option<GameOutcome>,
    /// The replay cursor while replaying.
    pub replay: Option<ReplayState>,
    /// Whether the game is kept in the saved-games library and its last change is on disk.
    pub storage: SaveStatus,
    /// A puzzle's board: its count against par and, once solved, the solver's line (`None` on
    /// any other board).
    pub puzzle: Option<PuzzleState>,
    /// A lesson's board: the step, its goal and pointer, and what the last action did (`None` on
    /// any other board).
    pub lesson: Option<LessonState>,
}

/// Whether a game is kept in the saved-games library ([`crate::ffi::GameLibrary`]), and whether
/// its last change reached the disk. A game kept there writes itself after every change.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum SaveStatus {
    /// Not kept in the library (a game from a file or a save text, a test game): nothing is
    /// written by the core.
    #[default]
    NotKept,
    /// Kept in the library, and everything there is to keep is on disk (an untouched game has
    /// nothing to keep yet).
    Saved,
    /// Kept in the library, but the last change could not be written (disk full, no
    /// permission…). The game is intact in memory; the core writes it again at the next call
    /// (or `saveNow`). The app should say so.
    Failed {
        /// What failed, for logs.
        detail: String,
    },
}
