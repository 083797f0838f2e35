//! The session's errors: one enum, readable messages, passed to the apps as an exception.

/// Why a session call failed. The message is meant to be shown or logged as is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, uniffi::Error)]
#[uniffi(flat_error)]
pub enum SessionError {
    /// The new-game settings do not make a game.
    #[error("invalid game settings: {0}")]
    BadSettings(String),
    /// A Position JSON was refused by the rules.
    #[error("invalid position: {0}")]
    BadPosition(String),
    /// The mode is not available yet.
    #[error("{0} is not available yet")]
    Unsupported(String),
    /// The action is not possible now (wrong mode, game over, not your turn...).
    #[error("not possible now: {0}")]
    NotNow(String),
    /// A move was refused by the rules.
    #[error("illegal move: {0}")]
    IllegalMove(String),
    /// The save is damaged or not a session save.
    #[error("corrupt save: {0}")]
    CorruptSave(String),
    /// The save was written by a newer version of the app.
    #[error("this save was written by a newer version of the app (format {found}, this app reads up to {supported})")]
    SaveTooNew {
        /// Version in the save.
        found: u32,
        /// Newest version this build reads.
        supported: u32,
    },
    /// The statistics file is damaged.
    #[error("corrupt statistics: {0}")]
    CorruptStatistics(String),
    /// An internal error (a bug): the engine failed; the game is unchanged.
    #[error("internal error: {0}")]
    Internal(String),
    /// Online: a frame from the server could not be understood (it is ignored).
    #[error("online: {0}")]
    Online(String),
    /// The AI's search was cancelled before it moved.
    #[error("the AI's search was cancelled")]
    Cancelled,
}
