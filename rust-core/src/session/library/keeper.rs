//! [`Keeper`]: a game kept in the library. The game's owner (the FFI's `LocalGame` and
//! `OnlineGame`, the AI's engine thread) hands it the game after every call that may have changed
//! it, inside that call and under the game's lock; the keeper writes the game's file when its
//! save changed, counts it in the statistics as it ends, and keeps the [`SaveStatus`] the board
//! shows. A failed write loses nothing: the game stays in memory, the old file stays whole, and
//! the next call writes again.

use super::file::{local_entry, online_entry, Entry};
use super::{now_s, Library};
use crate::session::online::OnlineSession;
use crate::session::state::SessionState;
use crate::session::types::SaveStatus;

/// A game kept in the library: where it is written, what was written last, and how that went.
#[derive(Debug)]
pub struct Keeper {
    library: Library,
    /// The id and save text last written (or read back when the game was opened).
    written: Option<(String, String)>,
    /// A local game's slot is its own: another unfinished game of its kind was removed when it
    /// was first written (see [`Library::keep_local`]).
    claimed: bool,
    /// The id of the game the statistics have counted (or that was found not to count).
    recorded: Option<String>,
    status: SaveStatus,
}

impl Keeper {
    /// A keeper for a game not written yet (a new game: it takes its slot at its first write).
    pub(super) fn new(library: Library) -> Keeper {
        Keeper {
            library,
            written: None,
            claimed: false,
            recorded: None,
            status: SaveStatus::Saved,
        }
    }

    /// A keeper for a game read back from the library: what it holds is on disk already.
    pub(super) fn opened(library: Library, id: &str, save: String) -> Keeper {
        Keeper {
            library,
            written: Some((id.to_owned(), save)),
            claimed: true,
            recorded: None,
            status: SaveStatus::Saved,
        }
    }

    /// The library it writes to (a rematch is kept in the same one).
    pub fn library(&self) -> &Library {
        &self.library
    }

    /// Whether the last change is on disk.
    pub fn status(&self) -> SaveStatus {
        self.status.clone()
    }

    /// Keeps a local game after a call: writes it if its save changed (a game nobody has played
    /// in is not written), counts it as it ends, and returns the status to show.
    pub fn keep_local(&mut self, state: &SessionState) -> SaveStatus {
        self.keep_local_from(state, false)
    }

    /// Keeps a local game the player chose from a finished one — a rematch — written at once,
    /// before its first move, so that Home's Continue offers it at once. (A game started from the
    /// new-game screen waits for its first move: left untouched, it replaces nothing.)
    pub fn keep_local_now(&mut self, state: &SessionState) -> SaveStatus {
        self.keep_local_from(state, true)
    }

    fn keep_local_from(&mut self, state: &SessionState, even_untouched: bool) -> SaveStatus {
        let untouched =
            !even_untouched && state.game().history().len() == 0 && self.written.is_none();
        let save = state.save();
        if !untouched && !self.is_written(state.id(), &save) {
            let entry = local_entry(state, now_s());
            if !self.write(&entry, save) {
                return self.status.clone();
            }
            if !self.claimed {
                // Best effort: a slot holding two games is untidy, not a loss.
                if let Err(e) = self.library.claim_slot(&entry.card) {
                    log::warn!("could not free the slot of game {}: {e}", entry.card.id);
                }
                self.claimed = true;
            }
            if entry.ended {
                self.library.prune_finished();
            }
        }
        self.count(state);
        self.status.clone()
    }

    /// Keeps our online game after a call (each game its own slot; a watched game is not ours and
    /// is never written), and returns the status to show.
    pub fn keep_online(&mut self, session: &OnlineSession) -> SaveStatus {
        let Some(client) = session.own_game() else {
            return self.status.clone();
        };
        let save = session.save();
        if !self.is_written(client.game_id(), &save) {
            let Some(entry) = online_entry(session, now_s()) else {
                return self.status.clone();
            };
            if self.write(&entry, save) && entry.ended {
                self.library.prune_finished();
            }
        }
        self.status.clone()
    }

    /// Writes the game now, whatever was written before (the app's "try again" after a failed
    /// save): a local game.
    pub fn rewrite_local(&mut self, state: &SessionState) -> SaveStatus {
        self.written = None;
        self.keep_local(state)
    }

    /// Writes the game now, whatever was written before: an online session.
    pub fn rewrite_online(&mut self, session: &OnlineSession) -> SaveStatus {
        self.written = None;
        self.keep_online(session)
    }

    fn is_written(&self, id: &str, save: &str) -> bool {
        self.written
            .as_ref()
            .is_some_and(|(i, s)| i == id && s == save)
    }

    /// Writes the game's file; `false` (and the status says why) when it failed.
    fn write(&mut self, entry: &Entry, save: String) -> bool {
        match self.library.write_entry(entry, &save) {
            Ok(()) => {
                self.written = Some((entry.card.id.clone(), save));
                self.status = SaveStatus::Saved;
                true
            }
            Err(e) => {
                log::error!("could not save game {}: {e}", entry.card.id);
                self.status = SaveStatus::Failed {
                    detail: e.to_string(),
                };
                false
            }
        }
    }

    /// Counts a game that has ended and counts, once (the statistics remember the ids they
    /// counted; a failure is reported and tried again at the next call).
    fn count(&mut self, state: &SessionState) {
        if self.recorded.as_deref() == Some(state.id()) || self.written.is_none() {
            return;
        }
        let Some(result) = state.counted() else {
            if state.first_end.is_some() {
                self.recorded = Some(state.id().to_owned());
            }
            return;
        };
        match self.library.count(state.id(), &result) {
            Ok(_) => {
                self.recorded = Some(state.id().to_owned());
                // The game's file was written before counting: all is on disk now.
                self.status = SaveStatus::Saved;
            }
            Err(e) => {
                log::error!("could not count game {} in the statistics: {e}", state.id());
                self.status = SaveStatus::Failed {
                    detail: e.to_string(),
                };
            }
        }
    }
}
