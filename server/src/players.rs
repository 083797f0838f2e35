//! The server's AI players: the seats of games of 3 or more that the core's AI plays (chosen by
//! the host when starting a table early, or taken over when a person left).
//!
//! Whatever appends events to a game nudges it here ([`App::nudge_ai`]); if an AI seat is to
//! move, its move is searched on the blocking pool and submitted like a person's, under the
//! seat's [`ai_token`]. A game is searched by one task at a time on an instance; two instances
//! searching the same turn both submit, and the store's compare-and-append keeps one move (the
//! other is refused as played already). A turn left behind by an instance that died is picked
//! up by the next nudge: a player's `resume`, any event, or the start of an instance.

use std::collections::HashSet;
use std::sync::Arc;

use chinese_checkers_core::ai::{choose_move, CancelHandle, SearchLimits};
use chinese_checkers_core::online::{Command, WireMove};
use parking_lot::Mutex;
use tokio::sync::mpsc;

use crate::metrics::inc;
use crate::store::{ai_token, StoreError};
use crate::{App, StopMode};

/// Runs the AI players of an instance until it stops: plays the turns of the games nudged on
/// `nudges`.
pub(crate) fn spawn(app: Arc<App>, mut nudges: mpsc::UnboundedReceiver<String>) {
    let busy: Arc<Mutex<HashSet<String>>> = Arc::default();
    let mut stop = app.stop.clone();
    tokio::spawn(async move {
        loop {
            let id = tokio::select! {
                id = nudges.recv() => match id {
                    Some(id) => id,
                    None => return,
                },
                _ = stop.wait_for(|m| *m != StopMode::Running) => return,
            };
            if !busy.lock().insert(id.clone()) {
                // Already searching this game: the task looks again once its move is in.
                continue;
            }
            let app = app.clone();
            let busy = busy.clone();
            tokio::spawn(async move {
                if let Err(e) = play_turns(&app, &id).await {
                    tracing::warn!(game = %id, error = %e, "store error in an AI seat");
                }
                busy.lock().remove(&id);
            });
        }
    });
}

/// Plays the AI seats of a game for as long as one is to move.
async fn play_turns(app: &Arc<App>, id: &str) -> Result<(), StoreError> {
    // Bounded: a game of six AI seats and one person ends by the rules' move cap anyway; this
    // only keeps one task from running forever if something goes wrong.
    for _ in 0..4096 {
        if *app.stop.borrow() != StopMode::Running {
            return Ok(());
        }
        let Some(turn) = app.store.ai_turn(id).await? else {
            return Ok(());
        };
        let limits = SearchLimits {
            time_ms: None,
            seed: rand::random(),
        };
        let position = turn.position;
        let searched = tokio::task::spawn_blocking(move || {
            choose_move(&position, turn.level, limits, &CancelHandle::new()).best
        })
        .await;
        let Ok(best) = searched else {
            tracing::warn!(game = %id, "an AI search failed");
            return Ok(());
        };
        let command = Command::Move {
            ply: turn.ply,
            mv: WireMove::from_move(&best),
        };
        // A refusal means the move was played already (another instance) or the game moved
        // on meanwhile: look again.
        let played = app
            .store
            .update_game(id, &ai_token(turn.side), &command)
            .await?;
        if played.is_ok() {
            inc(&app.metrics.moves);
        }
    }
    Ok(())
}
