//! [`GameLibrary`]: the saved games ("Continue", the finished games) and the statistics, kept in
//! one folder that the app names (its files directory).
//!
//! A game the library keeps — `keepLocal(game, replace)` right after `LocalGame(setup)`,
//! `openGame(id)` from a Continue card, `keepOnline(session)` / `openOnlineGame(id)` online —
//! writes itself inside every call that changed it (the AI's moves too), so that no app
//! lifecycle can lose it; `state.storage` says whether the last write reached the disk. The
//! app never saves: "Home" just leaves the screen, and `listing()` shows the game.

use std::path::Path;
use std::sync::Arc;

use super::local::LocalGame;
use super::online::OnlineGame;
use crate::session::{Library, LibraryError, Listing, OpponentStatistics};

/// The saved games and the statistics of this device.
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct GameLibrary {
    // Writers of this process take the library's own lock (the statistics, the slots); each
    // game's file is replaced atomically.
    library: Library,
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl GameLibrary {
    /// The library in folder `dir` (made if missing). Opening it also counts a finished game
    /// that a crash kept from being counted, and removes stray temporary files.
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn open(dir: String) -> Result<Arc<GameLibrary>, LibraryError> {
        Ok(Arc::new(GameLibrary {
            library: Library::open(Path::new(&dir))?,
        }))
    }

    /// What the home screen shows: the games to continue (not ended, last played first), the
    /// finished games (for replay and the statistics) and the files that cannot be read (left
    /// as they are, each with its reason).
    pub fn listing(&self) -> Result<Listing, LibraryError> {
        self.library.listing()
    }

    /// Keeps `game` in the library from now on: it writes itself after every change (at once if
    /// it has moves), counts in the statistics as it ends, and leaves the Continue list then.
    /// One solo and one pass-and-play game are continued: refused with `WouldReplace` when the
    /// slot holds another game that has not ended and `replace` is false (ask, then keep with
    /// `replace`); with `replace`, that game goes at this one's first move.
    pub fn keep_local(&self, game: Arc<LocalGame>, replace: bool) -> Result<(), LibraryError> {
        game.keep_with(|state| self.library.keep_local(state, replace))
    }

    /// Opens saved local game `id` (a Continue card, or a finished game to replay), kept: it goes
    /// on writing itself.
    pub fn open_game(&self, id: String) -> Result<Arc<LocalGame>, LibraryError> {
        let (state, keeper) = self.library.open_local(&id)?;
        Ok(LocalGame::wrap_kept(state, Some(keeper)))
    }

    /// Keeps the online session `game` in the library from now on: every game of ours it plays
    /// is written after every change, each in its own slot (a watched game is not ours and is
    /// not written); a game that ended leaves the Continue list at once.
    pub fn keep_online(&self, game: Arc<OnlineGame>) {
        game.keep_with(|session| self.library.keep_online(session));
    }

    /// Opens saved online game `id`, kept (connect and send `hello`: the welcome resumes it).
    pub fn open_online_game(&self, id: String) -> Result<Arc<OnlineGame>, LibraryError> {
        let (session, keeper) = self.library.open_online(&id)?;
        Ok(OnlineGame::wrap_kept(session, Some(keeper)))
    }

    /// Deletes saved game `id` (an unwanted game, a finished one, or an unreadable file the
    /// player chose to delete).
    pub fn remove(&self, id: String) -> Result<(), LibraryError> {
        self.library.remove(&id)
    }

    /// The statistics per opponent, weakest first.
    pub fn statistics(&self) -> Result<Vec<OpponentStatistics>, LibraryError> {
        self.library.statistics()
    }
}
