//! A connection's games: commands, watching, resuming, and forwarding each game's events in
//! order.

use chinese_checkers_core::online::{Command, CommandError, ErrorCode, GameEvent, ServerMsg};

use crate::bus::game_channel;
use crate::logging::token_prefix;
use crate::metrics::inc;
use crate::store::{CatchUp, StoreError, MAX_SEATS};

use super::{err, Conn, Followed};

impl Conn {
    /// Runs a game command; refusals go back to the sender only.
    pub(super) async fn command(&mut self, game: &str, command: Command) -> Result<(), StoreError> {
        if self.only_watches(game) {
            self.refuse_spectator(game).await;
            return Ok(());
        }
        let is_move = matches!(command, Command::Move { .. });
        let token = self.token().to_owned();
        match self.app.store.update_game(game, &token, &command).await? {
            Ok(events) => {
                if is_move {
                    inc(&self.app.metrics.moves);
                }
                if !events.is_empty() {
                    self.app.nudge_ai(game);
                }
            }
            Err(CommandError::Duplicate(ply)) => {
                self.send(ServerMsg::Ack {
                    game: game.to_owned(),
                    ply,
                })
                .await
            }
            Err(CommandError::Refused(code, message)) => {
                self.send(ServerMsg::error(code, message, Some(game))).await
            }
        }
        Ok(())
    }

    /// Watches a game read-only (a spectator): its snapshot now, its events as they come.
    /// Unguarded: for a public game by its id, or for a game this connection already watches
    /// (a gap, a resync); a code the client typed goes through
    /// [`spectate_with_code`](Self::spectate_with_code).
    pub(super) async fn spectate(
        &mut self,
        game: &str,
        code: Option<String>,
    ) -> Result<(), StoreError> {
        self.app
            .bus
            .subscribe(&game_channel(game), self.id, &self.outbox);
        match self.app.store.spectate(game, code.as_deref()).await? {
            Ok(resumed) => self.watch(game, code, resumed).await?,
            Err(CommandError::Refused(code, message)) => {
                if !self.games.contains_key(game) {
                    self.app.bus.unsubscribe(&game_channel(game), self.id);
                }
                self.send(ServerMsg::error(code, message, None)).await;
            }
            Err(CommandError::Duplicate(_)) => {}
        }
        Ok(())
    }

    /// A game found to watch: sends its snapshot and follows it read-only. A game this
    /// connection follows as a player is watched only once the player is out of it (they left
    /// and the AI plays their seat, or it is over); while they play it they are told so
    /// (`own_table`).
    pub(super) async fn watch(
        &mut self,
        game: &str,
        code: Option<String>,
        resumed: crate::store::Resumed,
    ) -> Result<(), StoreError> {
        let playing = self
            .games
            .get(game)
            .filter(|f| f.watching.is_none())
            .map(|f| f.side);
        let seated = |side: u8| resumed.ai.get(usize::from(side)) == Some(&false);
        if playing.is_some_and(|side| seated(side) && !resumed.over) {
            self.send(err(
                ErrorCode::OwnTable,
                "you play in this game: resume it to follow it",
            ))
            .await;
            return Ok(());
        }
        // From here on the game is only watched: nothing this connection does or leaves
        // counts in it as a player's.
        let mut followed = Followed::new(0, resumed.ai.len(), resumed.over);
        followed.set_ai(&resumed.ai);
        followed.watching = Some(code);
        self.games.insert(game.to_owned(), followed);
        self.send_resumed(game, resumed).await;
        Ok(())
    }

    /// A spectator sent a command about the game it watches: it knows the game exists.
    pub(super) async fn refuse_spectator(&mut self, game: &str) {
        self.send(ServerMsg::error(
            ErrorCode::NotInGame,
            "you watch this game; you do not play in it",
            Some(game),
        ))
        .await;
    }

    /// Whether this connection only watches `game` (a command about it is refused as from
    /// someone who knows the game but does not play in it).
    pub(super) fn only_watches(&self, game: &str) -> bool {
        self.games.get(game).is_some_and(|f| f.watching.is_some())
    }

    /// Stops watching a game.
    pub(super) fn stop_spectating(&mut self, game: &str) {
        if self.games.get(game).is_some_and(|f| f.watching.is_some()) {
            self.games.remove(game);
            self.app.bus.unsubscribe(&game_channel(game), self.id);
        }
    }

    pub(super) async fn resume(&mut self, game: &str, last_seq: u64) -> Result<(), StoreError> {
        if let Some(code) = self.games.get(game).and_then(|f| f.watching.clone()) {
            // A spectator catches up with a snapshot.
            return self.spectate(game, code).await;
        }
        let token = self.token().to_owned();
        // Listen first, so nothing published meanwhile is lost (duplicates are dropped).
        self.app
            .bus
            .subscribe(&game_channel(game), self.id, &self.outbox);
        let resumed = match self.app.store.resume(game, &token, last_seq).await? {
            Ok(r) => r,
            Err(CommandError::Refused(code, message)) => {
                if !self.games.contains_key(game) {
                    self.app.bus.unsubscribe(&game_channel(game), self.id);
                }
                self.send(ServerMsg::error(code, message, Some(game))).await;
                return Ok(());
            }
            Err(CommandError::Duplicate(_)) => return Ok(()),
        };
        let followed = self
            .games
            .entry(game.to_owned())
            .or_insert_with(|| Followed::new(resumed.side, resumed.ai.len(), resumed.over));
        followed.sent = last_seq;
        followed.away = false;
        followed.seats = resumed.ai.len().min(MAX_SEATS);
        followed.set_ai(&resumed.ai);
        if matches!(&resumed.catch_up, CatchUp::Events(events) if events.is_empty()) {
            // Nothing missed: say so, so the client ends its resync now.
            self.send(ServerMsg::UpToDate {
                game: game.to_owned(),
                seq: last_seq,
            })
            .await;
        }
        let over = resumed.over;
        self.send_resumed(game, resumed).await;
        self.touch(game).await?;
        if !over {
            self.command(game, Command::Reconnect).await?;
            // An AI turn left behind (an instance died while its AI was thinking) is played now.
            self.app.nudge_ai(game);
        }
        Ok(())
    }

    /// What a resuming client missed, then the running clock of a timed game.
    pub(super) async fn send_resumed(&mut self, game: &str, resumed: crate::store::Resumed) {
        self.send_catch_up(game, resumed.catch_up).await;
        if let Some(note) = resumed.clock {
            self.send_clock(game, &note).await;
        }
    }

    /// The `clock` message of a turn's deadline, as time left from now.
    pub(super) async fn send_clock(&mut self, game: &str, note: &crate::store::ClockNote) {
        self.send(ServerMsg::Clock {
            game: game.to_owned(),
            side: note.side,
            left_ms: note.deadline_ms.saturating_sub(crate::store::now_ms()),
            banks_ms: note.banks_ms.clone(),
        })
        .await;
    }

    async fn send_catch_up(&mut self, game: &str, catch_up: CatchUp) {
        match catch_up {
            CatchUp::Events(events) => {
                for (seq, event) in events {
                    let sent = self.games.get(game).map_or(0, |f| f.sent);
                    if seq == sent + 1 {
                        self.forward_event(game, seq, event).await;
                    }
                }
            }
            CatchUp::Snapshot(snapshot) => {
                if let Some(f) = self.games.get_mut(game) {
                    f.sent = snapshot.seq;
                    f.over = snapshot.result.is_some();
                    for (slot, c) in f.peer_connected.iter_mut().zip(&snapshot.connected) {
                        *slot = *c;
                    }
                    let ai: Vec<bool> = snapshot.ai.iter().map(Option::is_some).collect();
                    f.set_ai(&ai);
                }
                self.send(ServerMsg::Sync {
                    snapshot: *snapshot,
                })
                .await;
            }
        }
    }

    pub(super) async fn forward_event(&mut self, game: &str, seq: u64, event: GameEvent) {
        let mut reconnect = false;
        if let Some(f) = self.games.get_mut(game) {
            f.sent = seq;
            match &event {
                GameEvent::Ended { .. } => f.over = true,
                // Someone marked us away while we are here (an older socket closing late).
                GameEvent::Disconnected { side, .. } if *side == f.side && f.watching.is_none() => {
                    reconnect = true
                }
                GameEvent::Disconnected { side, .. } => {
                    if let Some(c) = f.peer_connected.get_mut(usize::from(*side)) {
                        *c = false;
                    }
                }
                GameEvent::Reconnected { side } => {
                    if let Some(c) = f.peer_connected.get_mut(usize::from(*side)) {
                        *c = true;
                    }
                }
                GameEvent::SeatToAi { side, .. } => {
                    if let Some(a) = f.ai.get_mut(usize::from(*side)) {
                        *a = true;
                    }
                }
                _ => {}
            }
        }
        self.send(ServerMsg::Event {
            game: game.to_owned(),
            seq,
            event,
        })
        .await;
        if reconnect {
            if let Err(e) = self.command(game, Command::Reconnect).await {
                conn_log!(error, self, game = game, error = %e, "store error");
            }
        }
    }
}
