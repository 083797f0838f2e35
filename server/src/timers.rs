//! Deadlines fire on time: every game's next deadlines are scheduled as they are published
//! (the turn's clock with a batch of events, a `disconnected` side's grace), one timer queue per
//! instance ordered by time, and due games are ended through the store at once. The sweeper
//! (`lib.rs`, every `Limits::sweep_interval`) stays as the safety net for what no event of this
//! instance announced: a dead instance's games, the inactivity limit, AI turns left behind.
//!
//! With Redis every instance hears every game's events, so every instance schedules them; the
//! store ends a game once whichever instance asks first (its compare-and-append refuses the
//! others), as with two sweepers.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

use chinese_checkers_core::online::GameEvent;
use tokio::sync::mpsc;

use crate::model::{now_ms, BusMsg};
use crate::{App, StopMode};

/// A deadline a bus message announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// The game.
    pub game: String,
    /// When ([`now_ms`] time).
    pub at: u64,
    /// The turn's deadline (a newer one replaces it), or else a side's grace.
    pub turn: bool,
}

/// Where the bus hands the deadlines it sees.
pub type Schedule = mpsc::UnboundedSender<Deadline>;

/// The deadlines a bus message announces.
pub fn deadlines_of(msg: &BusMsg, now: u64) -> Vec<Deadline> {
    let BusMsg::Game {
        game, event, clock, ..
    } = msg
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(note) = clock {
        out.push(Deadline {
            game: game.clone(),
            at: note.deadline_ms,
            turn: true,
        });
    }
    if let GameEvent::Disconnected { grace_ms, .. } = event {
        // Stored as the append's time + the grace; this is a moment later, so never early.
        out.push(Deadline {
            game: game.clone(),
            at: now.saturating_add(*grace_ms),
            turn: false,
        });
    }
    out
}

/// Runs the instance's timer queue until the server stops.
pub(crate) async fn run(app: Arc<App>, mut scheduled: mpsc::UnboundedReceiver<Deadline>) {
    let mut stop = app.stop.clone();
    let mut queue: BTreeSet<(u64, String)> = BTreeSet::new();
    // Each game's turn deadline in the queue: a new turn replaces it, so the queue holds one
    // turn per game (plus the graces running), however long a game clock's banks are.
    let mut turns: HashMap<String, u64> = HashMap::new();
    loop {
        let next = queue.first().map(|(at, _)| *at);
        let wait = next.map_or(Duration::from_secs(3600), |at| {
            Duration::from_millis(at.saturating_sub(now_ms()))
        });
        let woke = tokio::select! {
            got = scheduled.recv() => match got {
                Some(d) => Some(d),
                None => return,
            },
            _ = tokio::time::sleep(wait), if next.is_some() => None,
            _ = stop.wait_for(|m| *m != StopMode::Running) => return,
        };
        if let Some(d) = woke {
            if d.turn {
                if let Some(old) = turns.insert(d.game.clone(), d.at) {
                    if old != d.at {
                        queue.remove(&(old, d.game.clone()));
                    }
                }
            }
            queue.insert((d.at, d.game));
            continue;
        }
        let now = now_ms();
        let mut due = Vec::new();
        while queue.first().is_some_and(|(at, _)| *at <= now) {
            if let Some((at, game)) = queue.pop_first() {
                if turns.get(&game) == Some(&at) {
                    turns.remove(&game);
                }
                due.push(game);
            }
        }
        due.sort_unstable();
        due.dedup();
        for game in due {
            match app.store.expire_game(&game, now).await {
                Ok(true) => app.nudge_ai(&game),
                Ok(false) => {}
                Err(e) => {
                    tracing::warn!(game = %game, error = %e, "store error at a deadline; the sweeper retries")
                }
            }
        }
    }
}
