//! Every look-up by room code — joining a room, starting it with AI seats, leaving its seat,
//! watching its game — goes through [`Conn::by_code`]: one guarded path with the limits of
//! wrong codes per connection and per address (docs/ONLINE.md, "Room codes"). A code that names
//! nothing the sender may use is answered as one that names nothing at all, so no answer tells a
//! stranger whether a code exists, and a refused attempt changes nothing (a room's expiry
//! included).

use std::future::Future;
use std::sync::Arc;

use chinese_checkers_core::ai::AiLevel;
use chinese_checkers_core::online::{normalize_room_code, ErrorCode, ServerMsg};

use super::{err, Conn};
use crate::bus::game_channel;
use crate::limits::{join_failure_delay, JoinCheck};
use crate::store::{not_watchable, Access, Player, Sat, StoreError, Taken};
use crate::App;

/// What a guarded look-up by code found.
pub(super) enum Looked<T> {
    /// Over the limits: the sender was told `rate_limited`, nothing was looked up.
    Refused,
    /// Nothing the sender may use (counted as a wrong code, the answer slowed): the caller
    /// answers as for a code that names nothing.
    Missing,
    /// Found.
    Found(T),
}

/// The answer to a wrong room code (the same for a code of a room one may not use).
const NO_ROOM: &str = "no room with that code (it may have expired)";

impl Conn {
    /// Before a room code is looked up: guessing codes is limited per connection and per
    /// address, whatever the code is for. Returns the address's failures so far, or `None` when
    /// refused (answered `rate_limited`).
    async fn code_attempt(&mut self) -> Option<u32> {
        let limits = &self.app.limits;
        if self.join_failures >= limits.join_failures_per_conn {
            self.send(err(
                ErrorCode::RateLimited,
                "too many wrong room codes on this connection",
            ))
            .await;
            return None;
        }
        match self.app.addrs.join_attempt(self.addr, limits) {
            JoinCheck::Allowed(n) => Some(n),
            JoinCheck::Refused(left) => {
                let mins = left.as_secs().div_ceil(60).max(1);
                self.send(err(
                    ErrorCode::RateLimited,
                    format!("too many wrong room codes; try again in {mins} min"),
                ))
                .await;
                None
            }
        }
    }

    /// A code looked up after [`code_attempt`](Self::code_attempt) named nothing: counted,
    /// and the answer slowed once the free failures are used up.
    async fn code_failed(&mut self, addr_failures: u32) {
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
    }

    /// The one guarded path of every look-up by room code: admitted by the limits, `look`
    /// runs; `None` from it (nothing the sender may use) counts as a wrong code.
    pub(super) async fn by_code<T, F, Fut>(&mut self, look: F) -> Result<Looked<T>, StoreError>
    where
        F: FnOnce(Arc<App>) -> Fut,
        Fut: Future<Output = Result<Option<T>, StoreError>>,
    {
        let Some(addr_failures) = self.code_attempt().await else {
            return Ok(Looked::Refused);
        };
        match look(self.app.clone()).await {
            Err(e) => {
                // The store failed: the sender learnt nothing, so nothing is counted.
                self.app.addrs.join_succeeded(self.addr);
                Err(e)
            }
            Ok(None) => {
                self.code_failed(addr_failures).await;
                Ok(Looked::Missing)
            }
            Ok(Some(found)) => {
                self.app.addrs.join_succeeded(self.addr);
                Ok(Looked::Found(found))
            }
        }
    }

    /// `join_room`: sits the sender in the room with that code.
    pub(super) async fn join_room(&mut self, code: &str, rated: bool) -> Result<(), StoreError> {
        // Not a code at all: nothing is looked up, nothing is learnt.
        let Some(code) = normalize_room_code(code) else {
            self.send(err(ErrorCode::RoomNotFound, NO_ROOM)).await;
            return Ok(());
        };
        let me = Player { rated, ..self.me() };
        let sat = match self
            .by_code(|app| async move {
                let sat = app.store.sit(Access::Private, &code, &me).await?;
                Ok((sat != Sat::NotFound).then_some(sat))
            })
            .await?
        {
            Looked::Refused => return Ok(()),
            Looked::Missing => {
                self.send(err(ErrorCode::RoomNotFound, NO_ROOM)).await;
                return Ok(());
            }
            Looked::Found(sat) => sat,
        };
        self.sat_down(Access::Private, sat).await
    }

    /// `fill_with_ai` for a room: its host starts it with AI seats. A guest seated there is told
    /// only the host may; anyone else gets the answer of a wrong code, and the room is left as
    /// it was.
    pub(super) async fn fill_room(
        &mut self,
        code: String,
        level: AiLevel,
    ) -> Result<(), StoreError> {
        const NOT_OPEN: &str = "that table or room is no longer open";
        if self.seated_at == Some((Access::Private, code.clone())) {
            return self.refuse_fill(true).await;
        }
        let host = self.token().to_owned();
        let room = match self
            .by_code(|app| async move {
                Ok(match app.store.take(Access::Private, &code, &host).await? {
                    Taken::Taken(room) => Some(room),
                    Taken::Gone | Taken::NotYours => None,
                })
            })
            .await?
        {
            Looked::Refused => return Ok(()),
            Looked::Missing => {
                self.send(err(ErrorCode::TableNotFound, NOT_OPEN)).await;
                return Ok(());
            }
            Looked::Found(room) => room,
        };
        self.fill(room, level).await
    }

    /// `close_table` with a room's code: its host closes the room before anyone sat down (or
    /// while it fills). A look-up by code like any other: a room that is not the sender's is
    /// answered as one that does not exist, so closing tells nothing a join would not.
    pub(super) async fn close_room(&mut self, code: String) -> Result<(), StoreError> {
        let host = self.token().to_owned();
        let looked = self
            .by_code(|app| async move {
                Ok(match app.store.take(Access::Private, &code, &host).await? {
                    Taken::Taken(room) => Some(room),
                    Taken::Gone | Taken::NotYours => None,
                })
            })
            .await?;
        match looked {
            Looked::Refused => {}
            Looked::Missing => {
                self.send(err(ErrorCode::TableNotFound, "that room is no longer open"))
                    .await
            }
            Looked::Found(room) => {
                if self
                    .seated_at
                    .as_ref()
                    .is_some_and(|(_, at)| *at == room.id)
                {
                    self.seated_at = None;
                }
                self.tell_closed(&room).await?;
            }
        }
        Ok(())
    }

    /// `leave_seat` for a room: the sender's seat there, if any, is freed. Nothing is answered
    /// either way; a room the sender is not seated at by this connection is a look-up by code.
    pub(super) async fn leave_room_seat(&mut self, code: String) -> Result<(), StoreError> {
        let token = self.token().to_owned();
        let room = if self.seated_at == Some((Access::Private, code.clone())) {
            self.app.store.unsit(Access::Private, &code, &token).await?
        } else {
            match self
                .by_code(|app| async move { app.store.unsit(Access::Private, &code, &token).await })
                .await?
            {
                Looked::Found(room) => Some(room),
                Looked::Refused | Looked::Missing => None,
            }
        };
        if let Some(r) = room {
            self.tell_seated(&r).await?;
        }
        Ok(())
    }

    /// `spectate {game, code}`: a private room's game watched with its code, a look-up by code
    /// like any other (a wrong code is counted and answered as a game that does not exist).
    pub(super) async fn spectate_with_code(
        &mut self,
        game: &str,
        code: String,
    ) -> Result<(), StoreError> {
        // Listen first, so nothing published meanwhile is lost (duplicates are dropped).
        self.app
            .bus
            .subscribe(&game_channel(game), self.id, &self.outbox);
        let (id, typed) = (game.to_owned(), code.clone());
        let looked = self
            .by_code(|app| async move { Ok(app.store.spectate(&id, Some(&typed)).await?.ok()) })
            .await;
        match looked {
            Ok(Looked::Found(resumed)) => self.watch(game, Some(code), resumed).await,
            Ok(Looked::Missing) => {
                self.unsubscribe_unfollowed(game);
                if let chinese_checkers_core::online::CommandError::Refused(code, message) =
                    not_watchable(game)
                {
                    self.send(ServerMsg::error(code, message, None)).await;
                }
                Ok(())
            }
            Ok(Looked::Refused) => {
                self.unsubscribe_unfollowed(game);
                Ok(())
            }
            Err(e) => {
                self.unsubscribe_unfollowed(game);
                Err(e)
            }
        }
    }

    /// `spectate {code}` with no game: watches the game the room with that code started.
    pub(super) async fn spectate_room(&mut self, typed: Option<&str>) -> Result<(), StoreError> {
        const NOT_FOUND: &str = "no game with that room code";
        // Not a code at all: nothing is looked up, nothing is learnt.
        let Some(code) = typed.and_then(normalize_room_code) else {
            self.send(err(ErrorCode::GameNotFound, NOT_FOUND)).await;
            return Ok(());
        };
        let typed = code.clone();
        match self
            .by_code(|app| async move { app.store.room_game(&typed).await })
            .await?
        {
            Looked::Refused => Ok(()),
            Looked::Missing => {
                self.send(err(ErrorCode::GameNotFound, NOT_FOUND)).await;
                Ok(())
            }
            Looked::Found(game) => self.spectate(&game, Some(code)).await,
        }
    }

    /// Stops listening to a game this connection does not follow.
    fn unsubscribe_unfollowed(&mut self, game: &str) {
        if !self.games.contains_key(game) {
            self.app.bus.unsubscribe(&game_channel(game), self.id);
        }
    }
}
