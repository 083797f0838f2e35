//! Matchmaking on a connection: quick match, lobby tables, private rooms, game creation and
//! rematches.

use chinese_checkers_core::online::{
    new_room_code, normalize_room_code, Command, CommandError, ErrorCode, Format, GameRecord,
    ServerMsg,
};
use rand::Rng;

use super::{err, random_id, Conn};
use crate::bus::{user_channel, BusMsg, LOBBY};
use crate::limits::{join_failure_delay, CreateRefused, JoinCheck};
use crate::metrics::inc;
use crate::store::{
    CatchUp, Created, GameMeta, Player, QueueEntry, StoreError, StoredRoom, StoredTable,
};

impl Conn {
    pub(super) async fn quick_match(&mut self, format: Option<Format>) -> Result<(), StoreError> {
        if self.searching {
            self.send(err(
                ErrorCode::AlreadySearching,
                "you are already waiting for an opponent",
            ))
            .await;
            return Ok(());
        }
        let me = self.me();
        let entry = QueueEntry {
            token: me.token.clone(),
            name: me.name.clone(),
            format,
        };
        match self.app.store.enqueue(&entry).await? {
            Some(other) => {
                let format = other.pairs_with(&entry).unwrap_or(Format::Tripot1);
                let them = Player {
                    token: other.token,
                    name: other.name,
                };
                self.start_game(them, me, format).await?;
            }
            None => {
                self.searching = true;
                self.send(ServerMsg::Searching { format }).await;
            }
        }
        Ok(())
    }

    /// Creates a game (sides drawn at random) and tells both players.
    pub(super) async fn start_game(
        &mut self,
        a: Player,
        b: Player,
        format: Format,
    ) -> Result<(), StoreError> {
        let (p0, p1) = if rand::thread_rng().gen_bool(0.5) {
            (a, b)
        } else {
            (b, a)
        };
        self.start_game_sided(p0, p1, format, &random_id('g', 11))
            .await
    }

    pub(super) async fn start_game_sided(
        &mut self,
        p0: Player,
        p1: Player,
        format: Format,
        id: &str,
    ) -> Result<(), StoreError> {
        let (_, started) = GameRecord::new(id, format, [p0.name.clone(), p1.name.clone()]);
        let meta = GameMeta {
            tokens: [p0.token.clone(), p1.token.clone()],
        };
        self.app.store.create_game(id, &meta, &started).await?;
        inc(&self.app.metrics.games_started);
        for (side, (me, them)) in [(&p0, &p1), (&p1, &p0)].into_iter().enumerate() {
            let msg = ServerMsg::Matched {
                game: id.to_owned(),
                side: side as u8,
                format,
                opponent: them.name.clone(),
            };
            self.app
                .store
                .publish(&user_channel(&me.token), BusMsg::User { msg })
                .await?;
        }
        Ok(())
    }

    pub(super) async fn create_table(&mut self, format: Format) -> Result<(), StoreError> {
        let table = StoredTable {
            id: random_id('t', 9),
            format,
            host: self.me(),
        };
        match self
            .app
            .store
            .create_table(&table, self.app.limits.tables_per_token)
            .await?
        {
            Created::Ok => {
                self.has_tables = true;
                self.send(ServerMsg::TableCreated {
                    table: table.info(),
                })
                .await;
                self.app.store.publish(LOBBY, BusMsg::Lobby).await?;
            }
            Created::TooMany | Created::Taken => {
                let max = self.app.limits.tables_per_token;
                self.send(err(
                    ErrorCode::TooManyTables,
                    format!("at most {max} open tables each"),
                ))
                .await;
            }
        }
        Ok(())
    }

    pub(super) async fn send_lobby(&mut self) -> Result<(), StoreError> {
        let tables = self
            .app
            .store
            .list_tables()
            .await?
            .iter()
            .map(StoredTable::info)
            .collect();
        self.send(ServerMsg::Lobby { tables }).await;
        Ok(())
    }

    pub(super) async fn join_table(&mut self, id: &str) -> Result<(), StoreError> {
        let Some(table) = self.app.store.take_table(id).await? else {
            self.send(err(
                ErrorCode::TableNotFound,
                "that table is no longer open",
            ))
            .await;
            return Ok(());
        };
        if table.host.token == self.token() {
            self.app.store.create_table(&table, usize::MAX).await?;
            self.send(err(ErrorCode::OwnTable, "you cannot join your own table"))
                .await;
            return Ok(());
        }
        self.app.store.publish(LOBBY, BusMsg::Lobby).await?;
        let me = self.me();
        self.start_game(table.host, me, table.format).await
    }

    pub(super) async fn create_room(&mut self, format: Format) -> Result<(), StoreError> {
        let ttl = self.app.limits.room_ttl.as_secs().max(1);
        // Per connection, then per address (whatever tokens it uses), then per token (the store).
        let now = std::time::Instant::now();
        let per_conn = self.app.limits.room_creations_per_conn_minute;
        if self
            .rooms_created
            .count(now, std::time::Duration::from_secs(60))
            >= per_conn
        {
            self.send(err(
                ErrorCode::RateLimited,
                format!("at most {per_conn} rooms a minute; wait a little"),
            ))
            .await;
            return Ok(());
        }
        match self.app.addrs.try_create(self.addr, &self.app.limits) {
            Ok(()) => {}
            Err(CreateRefused::Open) => {
                let max = self.app.limits.rooms_per_addr;
                self.send(err(
                    ErrorCode::TooManyRooms,
                    format!("at most {max} open rooms from one network"),
                ))
                .await;
                return Ok(());
            }
            Err(CreateRefused::PerMinute) => {
                let max = self.app.limits.room_creations_per_addr_minute;
                self.send(err(
                    ErrorCode::RateLimited,
                    format!("at most {max} rooms a minute from one network; wait a little"),
                ))
                .await;
                return Ok(());
            }
        }
        self.rooms_created.push(now);
        let created = self.create_room_code(format, ttl).await;
        if !matches!(created, Ok(true)) {
            self.rooms_created.pop();
            self.app.addrs.creation_failed(self.addr);
        }
        created.map(|_| ())
    }

    /// Stores a room under a fresh code; `true` when it was created.
    async fn create_room_code(&mut self, format: Format, ttl: u64) -> Result<bool, StoreError> {
        for _ in 0..8 {
            let code = new_room_code(&mut rand::thread_rng());
            let room = StoredRoom {
                code: code.clone(),
                format,
                host: self.me(),
            };
            match self
                .app
                .store
                .create_room(&room, ttl, self.app.limits.rooms_per_token)
                .await?
            {
                Created::Ok => {
                    self.send(ServerMsg::RoomCreated {
                        code,
                        format,
                        expires_in_s: ttl,
                    })
                    .await;
                    return Ok(true);
                }
                Created::TooMany => {
                    let max = self.app.limits.rooms_per_token;
                    self.send(err(
                        ErrorCode::TooManyRooms,
                        format!("at most {max} open rooms each"),
                    ))
                    .await;
                    return Ok(false);
                }
                Created::Taken => continue,
            }
        }
        self.send(err(ErrorCode::Internal, "no free room code; try again"))
            .await;
        Ok(false)
    }

    pub(super) async fn join_room(&mut self, code: &str) -> Result<(), StoreError> {
        const NOT_FOUND: &str = "no room with that code (it may have expired)";
        // Not a code at all: nothing is looked up, nothing is learnt.
        let Some(code) = normalize_room_code(code) else {
            self.send(err(ErrorCode::RoomNotFound, NOT_FOUND)).await;
            return Ok(());
        };
        // Guessing codes: failures are limited per connection and per address, and slowed.
        let limits = &self.app.limits;
        if self.join_failures >= limits.join_failures_per_conn {
            self.send(err(
                ErrorCode::RateLimited,
                "too many wrong room codes on this connection",
            ))
            .await;
            return Ok(());
        }
        let addr_failures = match self.app.addrs.join_attempt(self.addr, limits) {
            JoinCheck::Allowed(n) => n,
            JoinCheck::Refused(left) => {
                let mins = left.as_secs().div_ceil(60).max(1);
                self.send(err(
                    ErrorCode::RateLimited,
                    format!("too many wrong room codes; try again in {mins} min"),
                ))
                .await;
                return Ok(());
            }
        };
        let room = match self.app.store.take_room(&code).await {
            Ok(room) => room,
            Err(e) => {
                self.app.addrs.join_succeeded(self.addr);
                return Err(e);
            }
        };
        let Some(room) = room else {
            self.join_failures += 1;
            let failures = self.join_failures.max(addr_failures);
            let delay = join_failure_delay(failures, &self.app.limits);
            if !delay.is_zero() {
                let mut stop = self.app.stop.clone();
                tokio::select! {
                    _ = tokio::time::sleep(delay) => {}
                    _ = stop.wait_for(|m| *m != crate::StopMode::Running) => {}
                }
            }
            self.send(err(ErrorCode::RoomNotFound, NOT_FOUND)).await;
            return Ok(());
        };
        self.app.addrs.join_succeeded(self.addr);
        if room.host.token == self.token() {
            let ttl = self.app.limits.room_ttl.as_secs().max(1);
            self.app.store.create_room(&room, ttl, usize::MAX).await?;
            self.send(err(ErrorCode::OwnTable, "you cannot join your own room"))
                .await;
            return Ok(());
        }
        let me = self.me();
        self.start_game(room.host, me, room.format).await
    }

    pub(super) async fn rematch(&mut self, game: &str) -> Result<(), StoreError> {
        let token = self.token().to_owned();
        match self
            .app
            .store
            .update_game(game, &token, &Command::Rematch)
            .await?
        {
            Err(CommandError::Refused(code, message)) => {
                self.send(ServerMsg::error(code, message, Some(game))).await;
                return Ok(());
            }
            Err(CommandError::Duplicate(_)) => return Ok(()),
            Ok(_) => {}
        }
        // Both asked? Record the new game's id first: only one instance wins that append.
        let new_id = random_id('g', 11);
        let start = Command::StartRematch {
            game: new_id.clone(),
        };
        let Ok(events) = self.app.store.update_game(game, &token, &start).await? else {
            return Ok(());
        };
        if events.is_empty() {
            return Ok(());
        }
        let Ok(resumed) = self.app.store.resume(game, &token, 0).await? else {
            return Ok(());
        };
        let CatchUp::Snapshot(snap) = resumed.catch_up else {
            return Ok(());
        };
        let me = self.me();
        let them_side = usize::from(1 - resumed.side);
        let them = Player {
            token: String::new(),
            name: snap.players[them_side].clone(),
        };
        // The other player's token comes from the stored game.
        // Tokens are not in snapshots (they are secrets); the store knows them.
        let app = self.app.clone();
        let Some(their_token) = app.store.token_of(game, 1 - resumed.side).await? else {
            return Ok(());
        };
        let them = Player {
            token: their_token,
            ..them
        };
        // Sides swap: whoever was side 1 opens the rematch.
        let (p0, p1) = if resumed.side == 1 {
            (me, them)
        } else {
            (them, me)
        };
        self.start_game_sided(p0, p1, snap.format, &new_id).await
    }
}
