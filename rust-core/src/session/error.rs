//! The session's errors, one type per area. Each keeps its data in fields (so the apps word it
//! and keep the numbers), and each message reads after "failed to …" in a log. The library's
//! error names a saved game, so it lives with them in `library` (`LibraryError`).

use crate::rules::{Preset, RuleOption, RuleOptionValue};

/// Why a game set-up (new game, or a game from a position) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Error))]
pub enum SetupError {
    /// The rule set does not seat this many players.
    #[error("seat {found} players: {preset:?} seats {allowed:?}")]
    SeatCount {
        /// The rule set.
        preset: Preset,
        /// Seats given.
        found: i32,
        /// Seat counts the rule set allows.
        allowed: Vec<i32>,
    },
    /// The rule set does not give a side this many colours.
    #[error("give each side {found} colours: {preset:?} allows {allowed:?}")]
    ColoursPerSide {
        /// The rule set.
        preset: Preset,
        /// Colours per side given.
        found: i32,
        /// Colours per side the rule set allows.
        allowed: Vec<i32>,
    },
    /// The rule set has a fixed opener (the first seat): seat the opener first instead.
    #[error("choose the opener: {preset:?} always opens with the first seat")]
    OpenerFixed {
        /// The rule set.
        preset: Preset,
    },
    /// The opener names a seat that does not exist.
    #[error("let seat {index} open: there are {seats} seats")]
    NoSuchSeat {
        /// The seat named.
        index: i32,
        /// Seats in the game.
        seats: i32,
    },
    /// The rule options are out of range (e.g. `jump_reach` 0).
    #[error("use these rule options: {detail}")]
    BadRules {
        /// What is wrong, for logs and developers.
        detail: String,
    },
    /// A position (typed or JSON) was refused by the rules.
    #[error("use this position: {detail}")]
    BadPosition {
        /// What is wrong, for logs and developers.
        detail: String,
    },
    /// The rule set does not let a new game edit this option
    /// ([`RuleSetInfo::editable_options`](super::RuleSetInfo::editable_options)).
    #[error("change {option:?}: {preset:?} plays it as the rule set has it")]
    OptionFixed {
        /// The rule set.
        preset: Preset,
        /// The option.
        option: RuleOption,
    },
    /// The value is not among those the rule set offers for its option.
    #[error("choose {value:?}: {preset:?} does not offer that value")]
    OptionValue {
        /// The rule set.
        preset: Preset,
        /// The value asked for.
        value: RuleOptionValue,
    },
}

/// Why an action on a board was refused — a tap, a move, undo, a hint, a rematch… on any board:
/// local, online, watched, a puzzle or a lesson. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Error))]
pub enum MoveError {
    /// The game is over.
    #[error("act: the game is over")]
    GameOver,
    /// It is not the turn of a person at this device (or replay is running).
    #[error("act: it is not your turn")]
    NotYourTurn,
    /// It is not the AI's turn.
    #[error("start the AI: it is not the AI's turn")]
    NotAiTurn,
    /// There is no move of a person at this device to take back.
    #[error("undo: there is no move to take back")]
    NothingToUndo,
    /// There is nothing to play again.
    #[error("redo: there is nothing to redo")]
    NothingToRedo,
    /// "End jump" without a chain in progress.
    #[error("end the jump: no jump is in progress")]
    NoJumpInProgress,
    /// The chain may not stop on this hole (jump on, or back out).
    #[error("end the jump: it may not end on this hole")]
    CannotEndHere,
    /// A draw offer is not possible now (two people at one device, during the game).
    #[error("offer a draw: not possible now")]
    DrawNotPossible,
    /// No draw offer awaits an answer.
    #[error("answer a draw offer: none was made")]
    NoDrawOffer,
    /// Replay needs at least one move.
    #[error("start replay: no move has been played yet")]
    NothingToReplay,
    /// Replay is not running.
    #[error("step the replay: replay is not running")]
    NotReplaying,
    /// A hint is only for a person's turn in a running game.
    #[error("find a hint: not possible now")]
    HintNotPossible,
    /// Online: our previous move is still on its way to the server.
    #[error("move: your previous move is still being sent")]
    MoveInFlight,
    /// Online: there is no game on this board (none played, none watched).
    #[error("act on the game: there is no game")]
    NoGame,
    /// A rematch is for a game that is over.
    #[error("start a rematch: the game is not over")]
    NotOver,
    /// Online: the server is not reached now.
    #[error("talk to the server: not connected")]
    NotConnected,
    /// Online: no transport is set on the `OnlineGame` (`setTransport`), so the frames of this
    /// call would have nowhere to go; nothing was done.
    #[error("send to the server: no transport is set")]
    NoTransport,
    /// The engine failed (a bug); the game is unchanged.
    #[error("run the engine: {detail}")]
    Internal {
        /// What failed, for logs.
        detail: String,
    },
}

/// Why a saved game or the statistics could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Error))]
pub enum SaveError {
    /// The text is damaged or is not a save of this kind.
    #[error("read the save: {detail}")]
    Corrupt {
        /// What is wrong, for logs.
        detail: String,
    },
    /// The save was written by a newer version of the app.
    #[error("read the save: format {found} is newer than this app reads ({supported})")]
    TooNew {
        /// Version in the save.
        found: i32,
        /// Newest version this build reads.
        supported: i32,
    },
}

/// Why an online call was refused, or a frame from the server was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Error))]
pub enum OnlineError {
    /// The display name is empty, too long or has characters that are not allowed.
    #[error("use this name: {detail}")]
    BadName {
        /// What is wrong, for logs.
        detail: String,
    },
    /// The device token is not one that `new_token` makes.
    #[error("use this device token: {detail}")]
    BadToken {
        /// What is wrong, for logs.
        detail: String,
    },
    /// The room code cannot be a code (wrong length or characters).
    #[error("join the room: {code:?} is not a room code")]
    BadRoomCode {
        /// What was typed.
        code: String,
    },
    /// Not connected (send `hello` first, and wait for the welcome).
    #[error("talk to the server: not connected")]
    NotConnected,
    /// A game is in progress: finish it first.
    #[error("start another game: a game is in progress")]
    GameInProgress,
    /// There is no game for this call.
    #[error("act on the game: there is no game")]
    NoGame,
    /// We have no open table or private room to close.
    #[error("close the table or room: none is open")]
    NoTable,
    /// We sit at no table or room that is still filling.
    #[error("leave or start the table: we sit at none")]
    NotSeated,
    /// Only the host of a table or room may start it with AI seats.
    #[error("start the table: only its host may")]
    NotHost,
    /// The game is not over yet.
    #[error("ask for a rematch: the game is not over")]
    NotOver,
    /// No draw offer of the opponent awaits an answer.
    #[error("answer a draw offer: none was made")]
    NoDrawOffer,
    /// A frame from the server could not be understood; it was ignored.
    #[error("read a frame from the server: {detail}")]
    Malformed {
        /// What is wrong, for logs.
        detail: String,
    },
}

impl From<OnlineError> for MoveError {
    /// An online refusal of a board action, as the board's error: a lobby or name refusal is
    /// never the answer to a board action, so it is a bug (`Internal`).
    fn from(e: OnlineError) -> MoveError {
        match e {
            OnlineError::NotConnected => MoveError::NotConnected,
            OnlineError::NoGame => MoveError::NoGame,
            OnlineError::NotOver => MoveError::NotOver,
            OnlineError::NoDrawOffer => MoveError::NoDrawOffer,
            other => MoveError::Internal {
                detail: other.to_string(),
            },
        }
    }
}
