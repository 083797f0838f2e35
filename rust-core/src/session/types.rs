//! The values that cross into the apps: the new-game settings and the `BoardView` snapshot.
//!
//! These are plain data (UniFFI records and enums, serde where they are saved); the apps render
//! them and never compute a rule from them.

use serde::{Deserialize, Serialize};

use crate::ai::Level;

/// The AI's strength, as offered in the new-game screen (mirrors [`crate::ai::Level`]).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, uniffi::Enum,
)]
#[serde(rename_all = "snake_case")]
pub enum AiLevel {
    /// Plays plausible forward moves and makes human mistakes.
    #[default]
    Beginner,
    /// Looks one move ahead.
    Easy,
    /// Reads a few moves ahead.
    Medium,
    /// Deep search.
    Hard,
    /// As strong as the engine gets.
    Impossible,
}

impl AiLevel {
    /// The engine level behind this choice.
    pub fn level(self) -> Level {
        match self {
            AiLevel::Beginner => Level::Beginner,
            AiLevel::Easy => Level::Easy,
            AiLevel::Medium => Level::Medium,
            AiLevel::Hard => Level::Hard,
            AiLevel::Impossible => Level::Impossible,
        }
    }

    /// The named opponent who plays at this level.
    pub fn opponent_name(self) -> &'static str {
        self.level().opponent().name
    }
}

/// How the game is played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// One person against the AI. `human_side` is the player index the person takes (0 = side 1,
    /// red `S` in classic; 1 = side 2, blue `N` in classic); every other seat is the AI.
    Solo {
        /// The AI's level.
        level: AiLevel,
        /// The person's seat (0-based player index).
        human_side: u32,
    },
    /// Everyone on the same screen, taking turns.
    PassAndPlay,
    /// An online room (a later issue): refused for now with a clear error.
    Online,
}

/// Who opens the game (tripot; other rule sets have a fixed opener and ignore this).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "snake_case")]
pub enum Opener {
    /// Side 1 (the person in solo) opens.
    Side1,
    /// Side 2 opens.
    Side2,
    /// A coin toss decides (seeded by `NewGame::seed`).
    CoinToss,
}

/// Everything the new-game screen chooses.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, uniffi::Record)]
pub struct NewGame {
    /// Solo, pass-and-play or online.
    pub mode: Mode,
    /// The rule set: a preset name (`"tripot"`, `"classic"`, `"sternhalma"`, `"rulebook"`) or a
    /// Position `rules` object as JSON text, e.g. `{"preset":"classic","camps":"no_foreign"}`.
    pub rules: String,
    /// Tripot: colours per side (1, 2 or 3). Ignored by other rule sets.
    pub colours_per_side: u32,
    /// Other rule sets: number of players (2–6). Ignored by tripot (always two sides).
    pub players: u32,
    /// Who opens (tripot only).
    pub opener: Opener,
    /// Display names per seat; missing or empty names get defaults ("You", the AI's name,
    /// "Player 2"...).
    pub names: Vec<String>,
    /// Seed of the coin toss and of the AI's randomness.
    pub seed: u64,
}

/// A hole by its axial coordinates (RULES.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, uniffi::Record)]
pub struct Coord {
    /// Axial `q`.
    pub q: i32,
    /// Axial `r`.
    pub r: i32,
}

/// A peg colour, named by its home camp.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PegColour {
    /// Bottom camp.
    S,
    /// Lower-left camp.
    SW,
    /// Upper-left camp.
    NW,
    /// Top camp.
    N,
    /// Upper-right camp.
    NE,
    /// Lower-right camp.
    SE,
}

/// How a hole is highlighted (one per hole; the most specific wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
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

/// One hole of the board as the apps draw it.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct HoleView {
    /// Where the hole is.
    pub coord: Coord,
    /// Normalised screen x in `0..=1` (pointy-top layout, RULES.md §1).
    pub x: f32,
    /// Normalised screen y in `0..=1` (y grows downward).
    pub y: f32,
    /// The peg standing here, if any.
    pub occupant: Option<PegColour>,
    /// How the hole is highlighted.
    pub highlight: Highlight,
}

/// The kind of a move, also its label in the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum MoveKindView {
    /// One hole to a neighbour.
    Step,
    /// One or more jumps.
    Jump,
    /// Tripot's swap.
    Swap,
    /// A skipped turn.
    Pass,
}

/// Where the selected peg can go: a highlighted hole and the path the peg would take.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct TargetView {
    /// The highlighted hole.
    pub coord: Coord,
    /// Step, jump or swap.
    pub kind: MoveKindView,
    /// The peg's path, start first (for a swap: own peg, opposing peg).
    pub path: Vec<Coord>,
}

/// A seat at the table.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct PlayerView {
    /// Player index (0 = side 1).
    pub index: u32,
    /// Display name.
    pub name: String,
    /// The colours this seat moves.
    pub colours: Vec<PegColour>,
    /// Whether a person on this device plays this seat.
    pub is_human: bool,
}

/// What the banner above the board says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum BannerKind {
    /// The person's turn was skipped (no legal move).
    YouWereBlocked,
    /// Another seat's turn was skipped.
    OpponentBlocked,
    /// The AI is thinking.
    AiThinking,
    /// A draw was offered and awaits an answer.
    DrawOffered,
    /// A draw offer was declined.
    DrawDeclined,
    /// The game is over.
    GameOver,
    /// Replay mode: the board shows an earlier position.
    Replay,
    /// Online: not yet welcomed by the server (connecting or reconnecting).
    Connecting,
    /// Online: waiting for an opponent (quick match or an open table).
    Waiting,
    /// Online: a private room is open; the text carries the code to share.
    RoomCode,
    /// Online: our move is shown but the server has not confirmed it yet.
    Sending,
    /// Online: the game is being brought back in step with the server.
    Syncing,
    /// Online: the opponent's connection dropped; their seat is held.
    OpponentDisconnected,
    /// Online: the opponent is back.
    OpponentReconnected,
    /// Online: a rematch was asked for.
    RematchOffered,
    /// Online: the server refused something (the text says what).
    ServerError,
}

/// The banner to show, with its text (already worded by the core).
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct Banner {
    /// What it is about.
    pub kind: BannerKind,
    /// The text to show.
    pub text: String,
}

/// One played move in the history list.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct HistoryItem {
    /// 1-based move number.
    pub number: u32,
    /// Who moved.
    pub player: u32,
    /// Their display name.
    pub player_name: String,
    /// Step, jump, swap or pass.
    pub kind: MoveKindView,
    /// "Step", "Jump", "Swap" or "Pass".
    pub label: String,
    /// The path as played.
    pub path: Vec<Coord>,
}

/// What the person can do now (buttons enabled or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, uniffi::Record)]
pub struct Capabilities {
    /// Undo is possible.
    pub can_undo: bool,
    /// Redo is possible.
    pub can_redo: bool,
    /// A hint may be asked for.
    pub can_hint: bool,
    /// A chain is in progress and may end here ("End jump").
    pub can_end_jump: bool,
    /// The person may resign.
    pub can_resign: bool,
    /// The person may offer a draw.
    pub can_offer_draw: bool,
    /// A draw offer awaits this device's answer.
    pub can_answer_draw: bool,
    /// Replay (stepping through the game) may start or is running.
    pub can_replay: bool,
    /// The AI should move now: call `think()` from a background thread.
    pub ai_to_move: bool,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "snake_case")]
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
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct OutcomeView {
    /// Winning player indices (empty for a draw).
    pub winners: Vec<u32>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The reason, worded for the person ("Henri Matisse won: all pegs home").
    pub text: String,
    /// Every player by place, best first; players sharing a place share a group.
    pub ranking: Vec<Vec<u32>>,
}

/// Replay position: the board shows the game after `shown` of `total` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Record)]
pub struct ReplayView {
    /// Moves shown on the board.
    pub shown: u32,
    /// Moves in the game.
    pub total: u32,
}

/// Everything the screen shows after an update, sent as one value.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct BoardView {
    /// The 121 holes.
    pub holes: Vec<HoleView>,
    /// Where the selected peg can go, each with its path (empty when nothing is selected).
    pub targets: Vec<TargetView>,
    /// The selected peg, if any.
    pub selected: Option<Coord>,
    /// The chain so far (start first), while a tripot chain is in progress.
    pub chain: Vec<Coord>,
    /// The path of the last move (for the animation), empty at the start.
    pub last_move: Vec<Coord>,
    /// The seats.
    pub players: Vec<PlayerView>,
    /// Whose turn it is.
    pub to_move: u32,
    /// Their name.
    pub to_move_name: String,
    /// The banner, if any.
    pub banner: Option<Banner>,
    /// The moves played, oldest first.
    pub history: Vec<HistoryItem>,
    /// What can be done now.
    pub capabilities: Capabilities,
    /// The outcome once the game is over.
    pub outcome: Option<OutcomeView>,
    /// The replay cursor while replaying.
    pub replay: Option<ReplayView>,
    /// The hint, once asked for: the move's path.
    pub hint: Vec<Coord>,
    /// Online games only: the connection's and the game's status.
    pub online: Option<OnlineStatus>,
}

/// What an online session shows besides the board.
#[derive(Clone, Debug, PartialEq, Default, uniffi::Record)]
pub struct OnlineStatus {
    /// The server accepted our `hello`.
    pub welcomed: bool,
    /// Waiting for a quick-match opponent.
    pub searching: bool,
    /// The open table waiting for an opponent, if any.
    pub table: Option<String>,
    /// The private room's code to share, while it waits for the opponent.
    pub room_code: Option<String>,
    /// The game in progress (or just over), if any.
    pub game: Option<String>,
    /// Our seat in that game (0 opens).
    pub side: Option<u32>,
    /// The opponent's display name.
    pub opponent: String,
    /// The path of our move sent but not yet confirmed (already drawn on the board).
    pub pending_move: Vec<Coord>,
    /// Whether the opponent is connected.
    pub opponent_connected: bool,
    /// The game is over and a rematch may be asked for.
    pub can_rematch: bool,
}
