//! Presence across instances (Redis backend): every connection renews its player's presence in
//! each game it follows; a side whose presence lapsed on two heartbeats in a row while the game
//! still shows it connected (its instance died without a word) is marked disconnected by the
//! opponent's connection; the `disconnected` event stores the game's grace deadline, which any
//! instance's sweeper enforces.

use chinese_checkers_core::online::Command;

use super::Conn;
use crate::store::StoreError;

impl Conn {
    fn presence_ttl_ms(&self) -> u64 {
        (self.app.limits.presence_interval.as_millis() as u64).saturating_mul(3)
    }

    /// Renews our presence in a game now (on match and on resume).
    pub(super) async fn touch(&mut self, game: &str) -> Result<(), StoreError> {
        if !self.app.store.needs_presence() {
            return Ok(());
        }
        let Some(side) = self.games.get(game).map(|f| f.side) else {
            return Ok(());
        };
        let ttl = self.presence_ttl_ms();
        self.app.store.touch_presence(game, side, ttl).await
    }

    /// One heartbeat: renew ours, look for opponents that vanished.
    pub(super) async fn heartbeat(&mut self) -> Result<(), StoreError> {
        let ttl = self.presence_ttl_ms();
        let open: Vec<(String, u8)> = self
            .games
            .iter()
            .filter(|(_, f)| !f.over)
            .map(|(g, f)| (g.clone(), f.side))
            .collect();
        for (game, side) in open {
            let Some(peer_connected) = self.games.get(&game).map(|f| f.peer_connected) else {
                continue;
            };
            let present = self.app.store.pulse(&game, side, ttl).await?;
            if !peer_connected {
                continue;
            }
            let missing = match self.games.get_mut(&game) {
                Some(f) => {
                    f.peer_missing = if present { 0 } else { f.peer_missing + 1 };
                    f.peer_missing
                }
                None => continue,
            };
            if missing >= 2 {
                self.declare_gone(&game, 1 - side).await?;
            }
        }
        Ok(())
    }

    /// Marks the opponent disconnected on its behalf (its grace deadline is stored with it).
    async fn declare_gone(&mut self, game: &str, side: u8) -> Result<(), StoreError> {
        let app = self.app.clone();
        let Some(token) = app.store.token_of(game, side).await? else {
            return Ok(());
        };
        let grace = app.limits.grace;
        let cmd = Command::Disconnect {
            grace_ms: grace.as_millis() as u64,
        };
        let _ = app.store.update_game(game, &token, &cmd).await?;
        if let Some(f) = self.games.get_mut(game) {
            f.peer_missing = 0;
        }
        Ok(())
    }
}
