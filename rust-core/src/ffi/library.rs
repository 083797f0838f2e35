//! [`GameLibrary`]: the saved games ("Continue") and the statistics, kept in one folder that the
//! app names (its files directory).

use std::path::Path;
use std::sync::Arc;

use parking_lot::Mutex;

use super::local::LocalGame;
use super::online::OnlineGame;
use crate::session::{Library, LibraryError, OpponentStatistics, SavedGame};

/// The saved games and the statistics of this device.
#[cfg_attr(feature = "uniffi", derive(uniffi::Object))]
pub struct GameLibrary {
    // One writer at a time: the app may save from its lifecycle callbacks while the board screen
    // records a finished game.
    library: Mutex<Library>,
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl GameLibrary {
    /// The library in folder `dir` (made if missing).
    #[cfg_attr(feature = "uniffi", uniffi::constructor)]
    pub fn open(dir: String) -> Result<Arc<GameLibrary>, LibraryError> {
        Ok(Arc::new(GameLibrary {
            library: Mutex::new(Library::open(Path::new(&dir))?),
        }))
    }

    /// The saved games, newest first ("Continue"). Damaged files are left out (and kept).
    pub fn games(&self) -> Result<Vec<SavedGame>, LibraryError> {
        self.library.lock().games()
    }

    /// Saves a local game in its slot (one solo, one pass-and-play). Refused with `WouldReplace`
    /// when the slot holds another game and `replace` is false; `None` when there is nothing to
    /// save (no move played yet). Saving the same game again just updates it.
    pub fn save_local(
        &self,
        game: Arc<LocalGame>,
        replace: bool,
    ) -> Result<Option<SavedGame>, LibraryError> {
        game.with_state(|state| self.library.lock().save_local(state, replace))
    }

    /// Saves an online game (each has its own slot); `None` when no game is on.
    pub fn save_online(&self, game: Arc<OnlineGame>) -> Result<Option<SavedGame>, LibraryError> {
        game.with_session(|session| self.library.lock().save_online(session))
    }

    /// Opens saved local game `id`.
    pub fn open_local(&self, id: String) -> Result<Arc<LocalGame>, LibraryError> {
        let (_, save) = self.library.lock().load(&id)?;
        LocalGame::restore(save).map_err(|e| LibraryError::Damaged {
            file: id,
            detail: e.to_string(),
        })
    }

    /// Opens saved online game `id` (connect and send `hello`: the welcome resumes it).
    pub fn open_online(&self, id: String) -> Result<Arc<OnlineGame>, LibraryError> {
        let (_, save) = self.library.lock().load(&id)?;
        OnlineGame::restore(save).map_err(|e| LibraryError::Damaged {
            file: id,
            detail: e.to_string(),
        })
    }

    /// Deletes saved game `id`.
    pub fn remove(&self, id: String) -> Result<(), LibraryError> {
        self.library.lock().remove(&id)
    }

    /// Counts `game` in the statistics if it has ended and counts (one person against the AI,
    /// from the start position); each game once, as it first ended. Call it after every update
    /// that shows an outcome. `true` when it was counted now.
    pub fn record(&self, game: Arc<LocalGame>) -> Result<bool, LibraryError> {
        game.with_state(|state| self.library.lock().record(state))
    }

    /// The statistics per opponent, weakest first.
    pub fn statistics(&self) -> Result<Vec<OpponentStatistics>, LibraryError> {
        self.library.lock().statistics()
    }
}
