//! The person's requests off the board, as one type: the apps and the terminal build an
//! [`OnlineRequest`] and hand it to `send` (the session's, or `OnlineGame.send` across the FFI);
//! one match below turns each into its handler. A new request is a variant here, its handler
//! (which writes the protocol's message) and the one place in each front end that sends it.
//! The board's own actions (taps, resign, draws, rematch) go through the session's `Game`, like a
//! local game's.

use super::{OnlineEvent, OnlineSession};
use crate::ai::AiLevel;
use crate::online::{Format, TimeControl};
use crate::session::error::OnlineError;

/// A request of the person to the online session, off the board: connecting, finding or hosting
/// a game, watching one, asking for records, and the app's lifecycle.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum OnlineRequest {
    /// The first message of every connection, and of every reconnection (the server's welcome
    /// then resumes our game).
    Hello {
        /// This device's token (`newToken`).
        token: String,
        /// The display name asked for.
        name: String,
    },
    /// A new display name (for later games).
    SetName {
        /// The name as typed.
        name: String,
    },
    /// Quick match in a format, or in any format (`None`).
    QuickMatch {
        /// The format wanted (`None`: any).
        format: Option<Format>,
    },
    /// Stop waiting for a quick match.
    CancelMatch,
    /// Start receiving the lobby's open tables (now and on every change).
    WatchLobby,
    /// Stop receiving the lobby.
    UnwatchLobby,
    /// Open a public table in the lobby.
    CreateTable {
        /// The table's format.
        format: Format,
        /// Its time control (`None`: the format's default: 30 s a move in sternhalma, untimed
        /// otherwise).
        clock: Option<TimeControl>,
    },
    /// Close our open table or private room (its code stops working at once).
    CloseTable,
    /// Sit at an open table.
    JoinTable {
        /// The table's id (from the lobby).
        table: String,
    },
    /// Create a private room; its code arrives in the state's `room`.
    CreateRoom {
        /// The room's format.
        format: Format,
        /// Its time control (`None`: the format's default).
        clock: Option<TimeControl>,
    },
    /// Join a private room by its code as typed (case, spaces and dashes do not matter).
    JoinRoom {
        /// The code as typed.
        code: String,
    },
    /// The host of a table or room of 3 or more seats starts it now, the empty seats played by
    /// the server's AI at `level`.
    FillWithAi {
        /// The level of the AI seats.
        level: AiLevel,
    },
    /// Leave the table or room of 3 or more seats we sit at before its game starts (a host
    /// closes it for everyone).
    LeaveSeat,
    /// The app goes to the background: the server holds our seat longer if the socket drops.
    Away,
    /// The app is back in the foreground on a live socket: catch up with the game.
    Back,
    /// Ask for the current game's catch-up (the welcome sends it by itself).
    Resume,
    /// The person leaves online play (the app closes the socket): no reconnection until the
    /// next `Hello`.
    Leave,
    /// Ask for the public games in progress (they arrive in the state's `liveGames`).
    WatchGames,
    /// Watch a game read-only (`spectating` in the state; the board shows it, taps do
    /// nothing): a public game by its id, a private room's game by its id and the room's code.
    Spectate {
        /// The game's id.
        game: String,
        /// The private room's code, as typed.
        code: Option<String>,
    },
    /// Watch a private room's game by the room's code alone, as typed: the server finds the
    /// room's game, whose id then comes in the state's `game`. A code that names no game ends
    /// the watching (`spectating` false) with `lastError` `GameNotFound`, the answer a game that
    /// does not exist gets; too many wrong codes get `RateLimited`, as when joining rooms.
    SpectateRoom {
        /// The code as typed.
        code: String,
    },
    /// Stop watching.
    StopSpectating,
    /// Ask for our ratings (they arrive in the state's `ratings`).
    RequestRatings,
    /// Ask for our last finished games (they arrive in the state's `pastGames`).
    ListGames,
    /// Ask for a finished game's record (it arrives in the state's `download`, a saved game
    /// that `LocalGame.restore` opens for replay).
    DownloadGame {
        /// The game's id (from `pastGames`).
        game: String,
    },
}

impl OnlineSession {
    /// Sends one request: checks that it may be made now and returns the messages to send (none
    /// for a request that is the device's alone, such as `Leave`). Atomic: a refused request
    /// changes nothing.
    pub fn send(&mut self, request: OnlineRequest) -> Result<Vec<String>, OnlineError> {
        self.request(OnlineEvent::Request(request))
    }

    /// One request on the session being changed (see [`OnlineSession::update`]).
    pub(super) fn on_request(
        &mut self,
        request: OnlineRequest,
    ) -> Result<Vec<String>, OnlineError> {
        use OnlineRequest as R;
        Ok(match request {
            R::Hello { token, name } => self.on_hello(&token, &name)?,
            R::SetName { name } => self.on_set_name(&name)?,
            R::QuickMatch { format } => self.on_quick_match(format)?,
            R::CancelMatch => self.on_cancel_match(),
            R::WatchLobby => self.on_watch_lobby()?,
            R::UnwatchLobby => self.on_unwatch_lobby(),
            R::CreateTable { format, clock } => self.on_create_table(format, clock)?,
            R::CloseTable => self.on_close_table()?,
            R::JoinTable { table } => self.on_join_table(&table)?,
            R::CreateRoom { format, clock } => self.on_create_room(format, clock)?,
            R::JoinRoom { code } => self.on_join_room(&code)?,
            R::FillWithAi { level } => self.on_fill_with_ai(level)?,
            R::LeaveSeat => self.on_leave_seat()?,
            R::Away => self.on_away()?,
            R::Back => self.on_back()?,
            R::Resume => self.on_resume()?,
            R::Leave => self.on_leave(),
            R::WatchGames => self.on_watch_games()?,
            R::Spectate { game, code } => self.on_spectate(&game, code)?,
            R::SpectateRoom { code } => self.on_spectate("", Some(code))?,
            R::StopSpectating => self.on_stop_spectating()?,
            R::RequestRatings => self.on_request_ratings()?,
            R::ListGames => self.on_list_games()?,
            R::DownloadGame { game } => self.on_download_game(&game)?,
        })
    }
}
