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
        let Some(side) = self
            .games
            .get(game)
            .filter(|f| f.watching.is_none())
            .map(|f| f.side)
        else {
            return Ok(());
        };
        let ttl = self.presence_ttl_ms();
        self.app.store.touch_presence(game, side, ttl).await
    }

    /// Renews this connection's presence as a host of lobby tables.
    pub(super) async fn touch_host(&mut self) -> Result<(), StoreError> {
        let ttl = self.presence_ttl_ms();
        let token = self.token().to_owned();
        self.app.store.touch_host(&token, ttl).await
    }

    /// One heartbeat: renew ours (in games, and as a host of tables), look for other people
    /// who vanished.
    pub(super) async fn heartbeat(&mut self) -> Result<(), StoreError> {
        if self.has_tables {
            self.touch_host().await?;
        }
        let ttl = self.presence_ttl_ms();
        let open: Vec<(String, u8, Vec<u8>)> = self
            .games
            .iter()
            .filter(|(_, f)| !f.over && f.watching.is_none())
            .map(|(g, f)| (g.clone(), f.side, f.watched_peers()))
            .collect();
        for (game, side, peers) in open {
            let present = self.app.store.pulse(&game, side, &peers, ttl).await?;
            let mut gone = Vec::new();
            if let Some(f) = self.games.get_mut(&game) {
                for (&peer, here) in peers.iter().zip(present) {
                    let missing = &mut f.peer_missing[usize::from(peer)];
                    *missing = if here { 0 } else { missing.saturating_add(1) };
                    if *missing >= 2 {
                        gone.push(peer);
                    }
                }
            }
            for peer in gone {
                self.declare_gone(&game, peer).await?;
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
            f.peer_missing[usize::from(side)] = 0;
        }
        Ok(())
    }
}
