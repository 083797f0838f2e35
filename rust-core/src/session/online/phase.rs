//! What the online session is doing, one phase at a time: the state machine's states, each
//! holding the data of its phase alone, so that a combination the server never makes (a search
//! while watching, a room left behind by the game it started) cannot be written down. Apart
//! from `online.rs`, which moves between them.

use crate::online::{ClientGame, TableInfo};

use super::{RoomInfo, SeatedInfo};

/// The phase of the online session, as the apps switch on it (the data of each phase is in the
/// state's other fields: `table`, `room`, `seated`, `game`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum OnlinePhase {
    /// Nothing asked for and no game on the board (before the first game, after watching one).
    Idle,
    /// Waiting for a quick-match opponent (`searching`).
    Searching,
    /// Our open table waits in the lobby for an opponent (`table`; a table of 3 or more seats
    /// until the server seats us at it).
    Hosting,
    /// Our private room waits for the friend (`room`; a room of 3 or more seats until the server
    /// seats us in it, and again after a reconnection).
    InRoom,
    /// We sit at a table or room of 3 or more seats while it fills, as its host or a guest
    /// (`seated`, with `table` or `room` for its host).
    Seated,
    /// A game was found (or named in the server's welcome) and its state is on its way
    /// (`joining`): the previous game, if any, is still shown.
    Matched,
    /// Our game is on the board (`game`), in progress or just over (`game.over`).
    Playing,
    /// We watch a game read-only (`spectating`; `game` once its state arrived).
    Watching,
}

/// What the session waits for (a game of ours to be found, or its state to arrive).
#[derive(Clone, Debug)]
pub(super) enum Wait {
    /// In the quick-match queue.
    Searching,
    /// Our open table (of 3 or more seats: until we are seated at it).
    Hosting(TableInfo),
    /// Our private room (of 3 or more seats: until we are seated in it).
    InRoom(RoomInfo),
    /// A table or room of 3 or more seats filling; its host also knows the table or the room
    /// it opened (the guests only the seats).
    Seated {
        seated: SeatedInfo,
        table: Option<TableInfo>,
        room: Option<RoomInfo>,
    },
    /// The game found, whose snapshot has not arrived yet.
    Matched(String),
}

/// The game watched read-only.
#[derive(Clone, Debug)]
pub(super) struct Watch {
    /// Its id; empty while a room's game is looked for by the room's code alone.
    pub(super) game: String,
    /// The room's code it is found by (sent again after a reconnection).
    pub(super) code: Option<String>,
    /// Its state, once the server sent it.
    pub(super) client: Option<ClientGame>,
}

/// The session's phase.
#[derive(Clone, Debug)]
pub(super) enum Phase {
    /// Nothing going on and nothing on the board.
    Idle,
    /// Waiting for a game; `last`, our previous game (over), stays on the board meanwhile.
    Waiting {
        wait: Wait,
        last: Option<ClientGame>,
    },
    /// Our game, in progress or just over.
    Playing(ClientGame),
    /// Watching a game.
    Watching(Watch),
}

impl Phase {
    /// The phase the apps are told.
    pub(super) fn kind(&self) -> OnlinePhase {
        match self {
            Phase::Idle => OnlinePhase::Idle,
            Phase::Waiting { wait, .. } => match wait {
                Wait::Searching => OnlinePhase::Searching,
                Wait::Hosting(_) => OnlinePhase::Hosting,
                Wait::InRoom(_) => OnlinePhase::InRoom,
                Wait::Seated { .. } => OnlinePhase::Seated,
                Wait::Matched(_) => OnlinePhase::Matched,
            },
            Phase::Playing(_) => OnlinePhase::Playing,
            Phase::Watching(_) => OnlinePhase::Watching,
        }
    }

    /// The game on the board: ours (in progress, over, or the last one while we wait for the
    /// next) or the one watched.
    pub(super) fn client(&self) -> Option<&ClientGame> {
        match self {
            Phase::Idle => None,
            Phase::Waiting { last, .. } => last.as_ref(),
            Phase::Playing(c) => Some(c),
            Phase::Watching(w) => w.client.as_ref(),
        }
    }

    /// The game on the board, to change.
    pub(super) fn client_mut(&mut self) -> Option<&mut ClientGame> {
        match self {
            Phase::Idle => None,
            Phase::Waiting { last, .. } => last.as_mut(),
            Phase::Playing(c) => Some(c),
            Phase::Watching(w) => w.client.as_mut(),
        }
    }

    /// Our own game on the board (none while we watch one).
    pub(super) fn own(&self) -> Option<&ClientGame> {
        match self {
            Phase::Watching(_) => None,
            other => other.client(),
        }
    }

    /// Our own game on the board, to change.
    pub(super) fn own_mut(&mut self) -> Option<&mut ClientGame> {
        match self {
            Phase::Watching(_) => None,
            other => other.client_mut(),
        }
    }

    /// The game watched, if we watch one.
    pub(super) fn watch(&self) -> Option<&Watch> {
        match self {
            Phase::Watching(w) => Some(w),
            _ => None,
        }
    }

    /// What we wait for, if we wait.
    pub(super) fn wait(&self) -> Option<&Wait> {
        match self {
            Phase::Waiting { wait, .. } => Some(wait),
            _ => None,
        }
    }

    /// The game found whose snapshot is on its way, if any.
    pub(super) fn matched(&self) -> Option<&str> {
        match self.wait() {
            Some(Wait::Matched(game)) => Some(game),
            _ => None,
        }
    }

    /// Waiting for an opponent (at a table, in a room, in the queue), not for a game's state.
    pub(super) fn waiting_for_players(&self) -> bool {
        self.wait().is_some_and(|w| !matches!(w, Wait::Matched(_)))
    }

    /// Our room, waiting for the friend (or for the seats of a room of 3 or more to fill).
    pub(super) fn room(&self) -> Option<&RoomInfo> {
        match self.wait() {
            Some(Wait::InRoom(room)) => Some(room),
            Some(Wait::Seated { room, .. }) => room.as_ref(),
            _ => None,
        }
    }

    /// Our open table.
    pub(super) fn table(&self) -> Option<&TableInfo> {
        match self.wait() {
            Some(Wait::Hosting(table)) => Some(table),
            Some(Wait::Seated { table, .. }) => table.as_ref(),
            _ => None,
        }
    }

    /// The table or room of 3 or more seats we sit at.
    pub(super) fn seated(&self) -> Option<&SeatedInfo> {
        match self.wait() {
            Some(Wait::Seated { seated, .. }) => Some(seated),
            _ => None,
        }
    }

    /// The phase once we stop waiting (or watching): our last game if one is on the board,
    /// else idle.
    pub(super) fn stop_waiting(self) -> Phase {
        Phase::showing(self.own_owned())
    }

    /// The phase with `game` of ours on the board and nothing else going on.
    pub(super) fn showing(game: Option<ClientGame>) -> Phase {
        match game {
            Some(c) => Phase::Playing(c),
            None => Phase::Idle,
        }
    }

    /// The phase of waiting for `wait`, our game (if any) staying on the board meanwhile; a game
    /// watched is left.
    pub(super) fn wait_for(self, wait: Wait) -> Phase {
        Phase::Waiting {
            wait,
            last: self.own_owned(),
        }
    }

    fn own_owned(self) -> Option<ClientGame> {
        match self {
            Phase::Idle | Phase::Watching(_) => None,
            Phase::Waiting { last, .. } => last,
            Phase::Playing(c) => Some(c),
        }
    }
}
