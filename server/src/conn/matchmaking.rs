//! Matchmaking on a connection: quick match, lobby tables, private rooms, game creation and
//! rematches.

use chinese_checkers_core::ai::{AiLevel, MORE_AI_NAMES};
use chinese_checkers_core::online::{
    new_room_code, normalize_room_code, Command, CommandError, ErrorCode, Format, GameRecord,
    ServerMsg, TimeControl, STAND_IN_LEVEL,
};
use chinese_checkers_core::rules::Preset;
use rand::seq::SliceRandom;

use super::{err, random_id, Conn};
use crate::bus::{user_channel, LOBBY};
use crate::limits::CreateRefused;
use crate::metrics::inc;
use crate::model::BusMsg;
use crate::store::{
    ai_token, Access, CatchUp, Created, GameMeta, Player, QueueEntry, Sat, StoreError, Table, Taken,
};

/// The terms of a new game besides its seats and format.
pub(super) struct Terms {
    /// Its time control.
    clock: TimeControl,
    /// Whether it is rated.
    rated: bool,
    /// Who may watch it.
    watchers: Watchers,
    /// What its start took, put back if the game cannot be stored.
    undo: Undo,
}

impl Terms {
    /// A game with this clock, rated or not, watched by `watchers`; nothing to put back.
    pub(super) fn new(clock: TimeControl, rated: bool, watchers: Watchers) -> Terms {
        Terms {
            clock,
            rated,
            watchers,
            undo: Undo::Nothing,
        }
    }

    /// What to put back if the game cannot be stored.
    pub(super) fn undo(self, undo: Undo) -> Terms {
        Terms { undo, ..self }
    }
}

/// What a game's start took out of the lobby, put back if the game cannot be stored (the store
/// failed: a full disk, Redis refusing writes), so that nobody else loses their place: the
/// connection that started it is answered `internal` (and reconnects), everyone else is told.
pub(super) enum Undo {
    /// Nothing (a rematch).
    Nothing,
    /// The lobby table or private room, as it was before the last seat was taken.
    Table(Table),
    /// The other players' quick-match entries (they keep their place in the queue).
    Queue(Vec<QueueEntry>),
}

/// Who may watch a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Watchers {
    /// Anyone (quick match, lobby tables).
    Public,
    /// Whoever has the private room's code.
    Room(String),
    /// Its players only (rematches).
    Private,
}

impl Watchers {
    /// Who may watch the game of a table: anyone at a lobby table, whoever has the code of a room.
    fn of(t: &Table) -> Watchers {
        match t.access {
            Access::Open => Watchers::Public,
            Access::Private => Watchers::Room(t.id.clone()),
        }
    }
}

/// The table of 3 or more seats (lobby table or private room) this connection's player sits at
/// as a guest: its access and id.
pub(super) type SeatedAt = (Access, String);

/// The names of the AI seats: the first AI of a level is its named opponent, the others take
/// the next spare names not yet at the table.
fn ai_names(seats: &[Option<Player>], levels: &[Option<AiLevel>]) -> Vec<String> {
    let mut taken: Vec<String> = seats.iter().flatten().map(|p| p.name.clone()).collect();
    let mut spare = MORE_AI_NAMES.iter();
    seats
        .iter()
        .zip(levels)
        .map(|(person, level)| match (person, level) {
            (Some(p), _) => p.name.clone(),
            (None, level) => {
                let level = level.unwrap_or(STAND_IN_LEVEL);
                let mut name = level.opponent().name.to_owned();
                while taken.contains(&name) {
                    match spare.next() {
                        Some(n) => name = (*n).to_owned(),
                        None => {
                            name = format!("{} {}", level.opponent().name, taken.len() + 1);
                            break;
                        }
                    }
                }
                taken.push(name.clone());
                name
            }
        })
        .collect()
}

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
        let mut entry = QueueEntry::new(&me.token, &me.name, format);
        // Paired first with players of similar rating (tripot's for "any").
        let rule_set = format.map_or(Preset::Tripot, Format::preset);
        if let Some(r) = self.app.store.rating(&me.token, rule_set).await? {
            entry.rating = r.rating;
        }
        match self.app.store.enqueue(&entry).await? {
            Some((format, others)) => {
                let mut people: Vec<Player> = others
                    .iter()
                    .map(|o| Player {
                        token: o.token.clone(),
                        name: o.name.clone(),
                        rated: false,
                    })
                    .collect();
                people.push(me);
                let terms = Terms::new(format.default_clock(), true, Watchers::Public)
                    .undo(Undo::Queue(others));
                self.start_game(people, format, None, terms).await?;
            }
            None => {
                self.searching = true;
                self.search = Some(entry);
                self.send(ServerMsg::Searching { format }).await;
            }
        }
        Ok(())
    }

    /// While searching: the rating window widened, look again (only if still queued).
    pub(super) async fn retry_match(&mut self) -> Result<(), StoreError> {
        let Some(entry) = self.search.clone().filter(|_| self.searching) else {
            return Ok(());
        };
        if let Some((format, others)) = self.app.store.retry_match(&entry).await? {
            self.searching = false;
            self.search = None;
            let mut people: Vec<Player> = others
                .iter()
                .map(|o| Player {
                    token: o.token.clone(),
                    name: o.name.clone(),
                    rated: false,
                })
                .collect();
            people.push(self.me());
            let terms = Terms::new(format.default_clock(), true, Watchers::Public)
                .undo(Undo::Queue(others));
            self.start_game(people, format, None, terms).await?;
        }
        Ok(())
    }

    /// Creates a game for `people` (seats drawn at random; the seats left over are played by
    /// the server's AI at `ai`) and tells every person. A rated game is never rated with AI
    /// seats.
    pub(super) async fn start_game(
        &mut self,
        people: Vec<Player>,
        format: Format,
        ai: Option<AiLevel>,
        terms: Terms,
    ) -> Result<(), StoreError> {
        let mut seats: Vec<Option<Player>> = people.into_iter().map(Some).collect();
        seats.resize(format.seats(), None);
        seats.shuffle(&mut rand::thread_rng());
        let levels = seats
            .iter()
            .map(|p| p.is_none().then_some(ai.unwrap_or(STAND_IN_LEVEL)))
            .collect();
        let id = random_id('g', 11);
        self.start_game_seated(seats, levels, format, &id, terms)
            .await
    }

    /// Creates a game with these seats (`None`: the AI at `levels[side]`) and tells every person.
    pub(super) async fn start_game_seated(
        &mut self,
        seats: Vec<Option<Player>>,
        levels: Vec<Option<AiLevel>>,
        format: Format,
        id: &str,
        terms: Terms,
    ) -> Result<(), StoreError> {
        let Terms {
            clock,
            rated,
            watchers,
            undo,
        } = terms;
        let names = ai_names(&seats, &levels);
        let rated = rated && self.rating_allowed(id, &seats).await?;
        let (_, started) = GameRecord::timed_rated(id, format, names.clone(), levels, clock, rated);
        let meta = GameMeta {
            tokens: seats
                .iter()
                .enumerate()
                .map(|(side, p)| match p {
                    Some(p) => p.token.clone(),
                    None => ai_token(side as u8),
                })
                .collect(),
            public: watchers == Watchers::Public,
            code: match watchers {
                Watchers::Room(code) => Some(code),
                _ => None,
            },
            min_rated_plies: self.app.limits.min_rated_moves_per_side
                * u32::try_from(format.seats()).unwrap_or(u32::MAX),
        };
        if let Err(e) = self.app.store.create_game(id, &meta, &started).await {
            self.not_started(&seats, undo).await;
            return Err(e);
        }
        inc(&self.app.metrics.games_started);
        for (side, person) in seats.iter().enumerate() {
            let Some(person) = person else { continue };
            let msg = ServerMsg::Matched {
                game: id.to_owned(),
                side: side as u8,
                format,
                players: names.clone(),
            };
            self.app
                .store
                .publish(&user_channel(&person.token), BusMsg::User { msg })
                .await?;
        }
        self.mark_absent(id, &seats).await?;
        self.app.nudge_ai(id);
        Ok(())
    }

    /// A game could not be stored: what its start took goes back (best effort: the store may
    /// still be failing), and everyone but this connection's player (answered `internal`) is
    /// told, with whether their room, table or place in the queue was kept.
    async fn not_started(&mut self, seats: &[Option<Player>], undo: Undo) {
        let me = self.token().to_owned();
        let ttl = self.room_ttl_s();
        let kept = match undo {
            Undo::Nothing => None,
            Undo::Table(table) => {
                let back = self.app.store.restore(&table, ttl).await;
                if table.access == Access::Open {
                    let _ = self.app.store.publish(LOBBY, BusMsg::Lobby).await;
                }
                Some(back.is_ok())
            }
            Undo::Queue(entries) => {
                let mut all = true;
                for entry in &entries {
                    all &= self.app.store.requeue(entry).await.is_ok();
                }
                Some(all)
            }
        };
        let message = match kept {
            Some(true) => {
                "the game could not start: the server cannot save games right now; \
                 you keep your place, try again shortly"
            }
            _ => "the game could not start: the server cannot save games right now; try again shortly",
        };
        for person in seats.iter().flatten().filter(|p| p.token != me) {
            let msg = err(ErrorCode::Internal, message);
            let _ = self
                .app
                .store
                .publish(&user_channel(&person.token), BusMsg::User { msg })
                .await;
        }
    }

    /// A person whose socket went away before the game started (a room's host gone while the
    /// guest sat down) is marked disconnected at once, with the grace any player gets, so the
    /// game ends by abandonment instead of waiting for the inactivity limit. On one instance
    /// (memory, data file) a person is here when a connection listens to their channel; across
    /// instances (Redis) the heartbeats find them gone (`presence`).
    async fn mark_absent(&mut self, id: &str, seats: &[Option<Player>]) -> Result<(), StoreError> {
        if self.app.store.needs_presence() {
            return Ok(());
        }
        let grace_ms = self.app.limits.grace.as_millis() as u64;
        for person in seats.iter().flatten() {
            if !self.app.bus.has_listeners(&user_channel(&person.token)) {
                let cmd = Command::Disconnect { grace_ms };
                let _ = self.app.store.update_game(id, &person.token, &cmd).await?;
            }
        }
        Ok(())
    }

    /// Whether a game asked for as rated may be: not when two of its people share an address
    /// (now or in their recent history), nor beyond the day's cap of rated games of a pair
    /// (docs/ONLINE.md, "Rating integrity"). Counts the game for the cap when it may.
    async fn rating_allowed(
        &mut self,
        id: &str,
        seats: &[Option<Player>],
    ) -> Result<bool, StoreError> {
        let tokens: Vec<String> = seats.iter().flatten().map(|p| p.token.clone()).collect();
        let cap = self.app.limits.rated_games_per_pair_day;
        match self.app.store.rating_guard(&tokens, cap).await? {
            None => Ok(true),
            Some(why) => {
                tracing::info!(game = id, why = ?why, "a game asked for as rated starts unrated");
                Ok(false)
            }
        }
    }

    /// Tells the guests of a table or room its host closed that it is gone (`table_not_found`):
    /// their clients stop waiting, instead of sitting at a table that no longer exists.
    pub(super) async fn tell_closed(&mut self, t: &Table) -> Result<(), StoreError> {
        crate::lobby::tell_guests_closed(&self.app.store, t, "the host closed this table or room")
            .await
    }

    /// Tells everyone at a filling table or room who sits there now.
    pub(super) async fn tell_seated(&mut self, t: &Table) -> Result<(), StoreError> {
        let players: Vec<String> = t.people().into_iter().map(|p| p.name).collect();
        for member in std::iter::once(&t.host).chain(&t.guests) {
            let msg = ServerMsg::Seated {
                id: t.id.clone(),
                format: t.format,
                players: players.clone(),
                host: member.token == t.host.token,
            };
            self.app
                .store
                .publish(&user_channel(&member.token), BusMsg::User { msg })
                .await?;
        }
        Ok(())
    }

    /// The host of a filling table or room starts it with AI players in the empty seats. A
    /// room's code is looked up through the guarded path ([`Conn::fill_room`]).
    pub(super) async fn fill_with_ai(
        &mut self,
        id: &str,
        level: AiLevel,
    ) -> Result<(), StoreError> {
        // Table ids (`t` and 9 characters) never read as a room code (8).
        if let Some(code) = normalize_room_code(id) {
            return self.fill_room(code, level).await;
        }
        let me = self.me();
        let t = match self.app.store.take(Access::Open, id, &me.token).await? {
            Taken::Taken(t) => t,
            // Lobby tables are public: saying whose it is tells nothing.
            Taken::NotYours => return self.refuse_fill(true).await,
            Taken::Gone => {
                self.send(err(
                    ErrorCode::TableNotFound,
                    "that table or room is no longer open",
                ))
                .await;
                return Ok(());
            }
        };
        self.fill(t, level).await
    }

    /// The host took its filling table or room out to start it with AI players in the empty
    /// seats (a game of two has none: it is put back as it was).
    pub(super) async fn fill(&mut self, t: Table, level: AiLevel) -> Result<(), StoreError> {
        if t.format.seats() == 2 {
            self.app.store.restore(&t, self.room_ttl_s()).await?;
            return self.refuse_fill(false).await;
        }
        // `has_tables` stays: the host may host other tables still.
        if t.access == Access::Open {
            self.app.store.publish(LOBBY, BusMsg::Lobby).await?;
        }
        let terms = Terms::new(t.clock, false, Watchers::of(&t)).undo(Undo::Table(t.clone()));
        self.start_game(t.people(), t.format, Some(level), terms)
            .await
    }

    /// How long a private room lives, in seconds.
    pub(super) fn room_ttl_s(&self) -> u64 {
        self.app.limits.room_ttl.as_secs().max(1)
    }

    pub(super) async fn refuse_fill(&mut self, not_host: bool) -> Result<(), StoreError> {
        if not_host {
            self.send(err(
                ErrorCode::NotHost,
                "only the host may start with computer players",
            ))
            .await;
        } else {
            self.send(err(
                ErrorCode::NotInThisFormat,
                "a game of two starts when the second player sits down",
            ))
            .await;
        }
        Ok(())
    }

    /// A guest leaves the filling table or room it sits at (the others are told).
    pub(super) async fn leave_seat(&mut self, id: &str) -> Result<(), StoreError> {
        let token = self.token().to_owned();
        if let Some(t) = self.app.store.unsit(Access::Open, id, &token).await? {
            self.app.store.publish(LOBBY, BusMsg::Lobby).await?;
            self.tell_seated(&t).await?;
        } else if let Some(code) = normalize_room_code(id) {
            self.leave_room_seat(code).await?;
        }
        if self.seated_at.as_ref().is_some_and(|(_, at)| at == id) {
            self.seated_at = None;
        }
        Ok(())
    }

    /// The connection closes: leave the table or room we sit at as a guest.
    pub(super) async fn leave_seat_on_close(&mut self) -> Result<(), StoreError> {
        match self.seated_at.clone() {
            Some((_, id)) => self.leave_seat(&id).await,
            None => Ok(()),
        }
    }

    pub(super) async fn create_table(
        &mut self,
        format: Format,
        clock: Option<TimeControl>,
    ) -> Result<(), StoreError> {
        let Some(clock) = self.checked_clock(format, clock).await else {
            return Ok(());
        };
        let table = Table {
            id: random_id('t', 9),
            access: Access::Open,
            format,
            host: self.me(),
            guests: Vec::new(),
            clock,
            addr: self.addr.to_string(),
        };
        // The host is present before its table exists: no sweeper takes the table for an
        // orphan (Redis: a table outlives its host only while the host's instance lives).
        self.touch_host().await?;
        let limits = &self.app.limits;
        match self
            .app
            .store
            .create_table(&table, limits.tables_per_token, limits.tables_per_addr)
            .await?
        {
            Created::Ok => {
                self.has_tables = true;
                let table = crate::lobby::table_info(&self.app.store, &table).await?;
                self.send(ServerMsg::TableCreated { table }).await;
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
            Created::TooManyFromAddr => {
                let max = self.app.limits.tables_per_addr;
                self.send(err(
                    ErrorCode::TooManyTables,
                    format!("at most {max} open tables from one network"),
                ))
                .await;
            }
        }
        Ok(())
    }

    /// Answers `ratings`: the sender's rating in each rule set it has one in.
    pub(super) async fn send_ratings(&mut self) -> Result<(), StoreError> {
        let token = self.token().to_owned();
        let ratings = self
            .app
            .store
            .ratings(&token)
            .await?
            .into_iter()
            .map(|(rule_set, r)| r.info(rule_set))
            .collect();
        self.send(ServerMsg::Ratings { ratings }).await;
        Ok(())
    }

    pub(super) async fn join_table(&mut self, id: &str) -> Result<(), StoreError> {
        let me = self.me();
        let sat = self.app.store.sit(Access::Open, id, &me).await?;
        self.sat_down(Access::Open, sat).await
    }

    /// What sitting down at a lobby table or in a private room did: the sender is told why
    /// not, everyone there who sits there now, or the full table's game starts (a lobby table's
    /// rated; a room's only if its host and every guest asked for it).
    pub(super) async fn sat_down(&mut self, access: Access, sat: Sat) -> Result<(), StoreError> {
        let t = match sat {
            Sat::NotFound => {
                self.send(err(
                    ErrorCode::TableNotFound,
                    "that table is no longer open",
                ))
                .await;
                return Ok(());
            }
            Sat::Own => {
                let what = match access {
                    Access::Open => "you cannot join your own table",
                    Access::Private => "you cannot join your own room",
                };
                self.send(err(ErrorCode::OwnTable, what)).await;
                return Ok(());
            }
            Sat::Seated(t) => {
                self.seated_at = Some((t.access, t.id.clone()));
                if t.access == Access::Open {
                    self.app.store.publish(LOBBY, BusMsg::Lobby).await?;
                }
                return self.tell_seated(&t).await;
            }
            Sat::Full(t) => t,
        };
        self.seated_at = None;
        let rated = match t.access {
            Access::Open => {
                self.app.store.publish(LOBBY, BusMsg::Lobby).await?;
                true
            }
            Access::Private => t.host.rated && t.guests.iter().all(|g| g.rated),
        };
        // Put back without the player whose seat made it full if the game cannot be stored.
        let before = t.without(self.token());
        let terms = Terms::new(t.clock, rated, Watchers::of(&t)).undo(Undo::Table(before));
        self.start_game(t.people(), t.format, None, terms).await
    }

    /// The time control asked for (the format's default if none), or `None` after refusing it.
    async fn checked_clock(
        &mut self,
        format: Format,
        clock: Option<TimeControl>,
    ) -> Option<TimeControl> {
        match clock.unwrap_or(format.default_clock()).check() {
            Ok(clock) => Some(clock),
            Err(why) => {
                self.send(err(ErrorCode::BadMessage, why)).await;
                None
            }
        }
    }

    pub(super) async fn create_room(
        &mut self,
        format: Format,
        clock: Option<TimeControl>,
        rated: bool,
    ) -> Result<(), StoreError> {
        let Some(clock) = self.checked_clock(format, clock).await else {
            return Ok(());
        };
        let ttl = self.room_ttl_s();
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
        let created = self.create_room_code(format, clock, ttl, rated).await;
        if !matches!(created, Ok(true)) {
            self.rooms_created.pop();
            self.app.addrs.creation_failed(self.addr);
        }
        created.map(|_| ())
    }

    /// Stores a room under a fresh code; `true` when it was created.
    async fn create_room_code(
        &mut self,
        format: Format,
        clock: TimeControl,
        ttl: u64,
        rated: bool,
    ) -> Result<bool, StoreError> {
        for _ in 0..8 {
            let code = new_room_code(&mut rand::thread_rng());
            let room = Table {
                id: code.clone(),
                access: Access::Private,
                format,
                host: Player { rated, ..self.me() },
                guests: Vec::new(),
                clock,
                addr: String::new(),
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
                Created::TooMany | Created::TooManyFromAddr => {
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

    pub(super) async fn rematch(&mut self, game: &str) -> Result<(), StoreError> {
        if self.only_watches(game) {
            self.refuse_spectator(game).await;
            return Ok(());
        }
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
        // Tokens are not in snapshots (they are secrets); the store knows them. A seat the AI
        // plays (from the start, or since its person left) stays the AI's.
        let seats = snap.players.len();
        let mut old: Vec<Option<Player>> = Vec::with_capacity(seats);
        for side in 0..seats {
            let person = match snap.ai.get(side).copied().flatten() {
                Some(_) => None,
                None => match self.app.store.token_of(game, side as u8).await? {
                    Some(token) => Some(Player {
                        token,
                        name: snap.players[side].clone(),
                        rated: false,
                    }),
                    None => return Ok(()),
                },
            };
            old.push(person);
        }
        let old_levels: Vec<Option<AiLevel>> = (0..seats)
            .map(|s| snap.ai.get(s).copied().flatten())
            .collect();
        // Seats turn by one: whoever sat second opens the rematch (two players swap sides).
        let order: Vec<usize> = (0..seats).map(|s| (s + 1) % seats).collect();
        let seats_now = order.iter().map(|&s| old[s].clone()).collect();
        let levels = order.iter().map(|&s| old_levels[s]).collect();
        // A rematch is rated as the game was (unless the AI now plays a seat).
        let terms = Terms::new(snap.clock, snap.rated, Watchers::Private);
        self.start_game_seated(seats_now, levels, snap.format, &new_id, terms)
            .await
    }
}
