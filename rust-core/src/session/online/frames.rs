//! The server's frames: each moves the session to the phase the server says it is in (searching,
//! at a table, in a room, matched, playing) or lets the game's sync machine handle it, and
//! returns what to send in answer.

use super::phase::{Phase, Wait, Watch};
use super::{
    bad_frame, others, wall_clock_ms, Connection, OnlineClock, OnlineSession, RoomInfo, SeatedInfo,
};
use crate::online::{
    decode_notice, decode_server, encode, ClientGame, ClientMsg, ErrorCode, GameEvent, ServerMsg,
    ServerNotice, SyncEffect,
};
use crate::session::error::OnlineError;
use crate::session::signed::{int, long};
use crate::session::state::Touch;
use crate::session::types::Banner;

impl OnlineSession {
    /// The phase, taken out to be replaced (by the caller, at once).
    fn take_phase(&mut self) -> Phase {
        std::mem::replace(&mut self.phase, Phase::Idle)
    }

    /// One frame from the server (see [`OnlineSession::receive`]).
    pub(super) fn on_frame(&mut self, text: &str) -> Result<Vec<String>, OnlineError> {
        let msg = match decode_server(text) {
            Ok(msg) => msg,
            // Not a message: perhaps a notice (`replaced`), or a frame to refuse.
            Err(e) => match decode_notice(text) {
                Ok(notice) => return Ok(self.notice(&notice)),
                Err(_) => return Err(bad_frame(e)),
            },
        };
        let mut out = Vec::new();
        match &msg {
            ServerMsg::Welcome { name, games, .. } => {
                self.connection = Connection::Connected;
                self.name = name.clone();
                self.welcome(games, &mut out);
            }
            ServerMsg::Searching { .. } => {
                if !matches!(self.phase.wait(), Some(Wait::Searching)) {
                    self.phase = self.take_phase().wait_for(Wait::Searching);
                }
            }
            ServerMsg::MatchCancelled => {
                if matches!(self.phase.wait(), Some(Wait::Searching)) {
                    self.phase = self.take_phase().stop_waiting();
                }
            }
            ServerMsg::TableCreated { table } => {
                self.phase = match self.take_phase() {
                    // The host of a table of 3 or more seats, seated first.
                    Phase::Waiting {
                        wait: Wait::Seated { seated, room, .. },
                        last,
                    } => Phase::Waiting {
                        wait: Wait::Seated {
                            seated,
                            table: Some(table.clone()),
                            room,
                        },
                        last,
                    },
                    other => other.wait_for(Wait::Hosting(table.clone())),
                }
            }
            ServerMsg::Lobby { tables } => {
                if let Some(lobby) = self.lobby.as_mut() {
                    *lobby = tables.clone();
                }
            }
            ServerMsg::RoomCreated {
                code,
                format,
                expires_in_s,
            } => {
                let room = RoomInfo {
                    code: code.clone(),
                    format: *format,
                    expires_in_s: long(*expires_in_s),
                };
                self.phase = match self.take_phase() {
                    Phase::Waiting {
                        wait: Wait::Seated { seated, table, .. },
                        last,
                    } => Phase::Waiting {
                        wait: Wait::Seated {
                            seated,
                            table,
                            room: Some(room),
                        },
                        last,
                    },
                    other => other.wait_for(Wait::InRoom(room)),
                }
            }
            ServerMsg::Seated {
                id,
                format,
                players,
                host,
            } => {
                let seated = SeatedInfo {
                    id: id.clone(),
                    format: *format,
                    players: players.clone(),
                    seats: int(format.seats()),
                    host: *host,
                };
                // The table or room we opened is the one now filling; a guest knows neither.
                let (table, room, rest) = match self.take_phase() {
                    Phase::Waiting { wait, last } => {
                        let (table, room) = match wait {
                            Wait::Hosting(t) => (Some(t), None),
                            Wait::InRoom(r) => (None, Some(r)),
                            Wait::Seated { table, room, .. } => (table, room),
                            Wait::Searching | Wait::Matched(_) => (None, None),
                        };
                        (table, room, Phase::showing(last))
                    }
                    other => (None, None, other),
                };
                self.phase = rest.wait_for(Wait::Seated {
                    seated,
                    table,
                    room,
                });
            }
            ServerMsg::Matched {
                game,
                side,
                players,
                ..
            } => {
                // Whatever we waited for (queue, table, room, seats) found its game.
                self.clock = None;
                self.away.clear();
                self.note = None;
                self.last_error = None;
                self.opponent = others(players, *side);
                self.phase = self.take_phase().wait_for(Wait::Matched(game.clone()));
            }
            ServerMsg::Sync { snapshot } => {
                let current = self.client().map(|c| c.game_id().to_owned());
                if current.as_deref() == Some(snapshot.game.as_str()) {
                    self.effect(&msg, &mut out);
                } else if self.watches(&snapshot.game) {
                    let client = ClientGame::from_snapshot(snapshot).map_err(bad_frame)?;
                    self.opponent = snapshot.players.join(", ");
                    if let Phase::Watching(watch) = &mut self.phase {
                        watch.client = Some(client);
                    }
                    self.display.touch = Touch::Idle;
                } else if self.phase.matched() == Some(snapshot.game.as_str()) {
                    let client = ClientGame::from_snapshot(snapshot).map_err(bad_frame)?;
                    self.opponent = others(&snapshot.players, client.side());
                    self.phase = Phase::Playing(client);
                    self.display.touch = Touch::Idle;
                }
            }
            ServerMsg::Event { event, .. } => {
                let opponent_event = self.opponent_note(event);
                let before = self.client().map(ClientGame::last_seq);
                self.effect(&msg, &mut out);
                let applied = self.client().map(ClientGame::last_seq) != before;
                if applied {
                    // The move the clock played keeps its time-out's banner.
                    let clocks_move = matches!(
                        (event, &self.note),
                        (GameEvent::Moved { side, .. }, Some(Banner::MoveTimedOut { player }))
                            if i32::from(*side) == *player
                    );
                    if matches!(event, GameEvent::Moved { .. } | GameEvent::Ended { .. })
                        && !clocks_move
                    {
                        self.note = None;
                    }
                    if opponent_event.is_some() {
                        self.note = opponent_event;
                    }
                    match event {
                        GameEvent::Disconnected { side, grace_ms } => {
                            self.stamp_away(*side, *grace_ms);
                        }
                        // Back (or the AI's now): the deadline is over; a later drop gets its own.
                        GameEvent::Reconnected { side } | GameEvent::SeatToAi { side, .. } => {
                            self.away.retain(|a| a.side != *side);
                        }
                        _ => {}
                    }
                    if let GameEvent::RematchStarted { game } = event {
                        // Both asked: the new game's events follow (a spectator follows the
                        // game it watches, not its rematch).
                        if self.phase.watch().is_none() {
                            self.phase = self.take_phase().wait_for(Wait::Matched(game.clone()));
                        }
                    }
                }
            }
            // An empty catch-up: nothing was missed.
            ServerMsg::UpToDate { .. } | ServerMsg::Ack { .. } => self.effect(&msg, &mut out),
            ServerMsg::Error { game, code, .. } => {
                if game.is_some() {
                    self.effect(&msg, &mut out);
                } else {
                    self.spectate_refused(*code);
                    self.seat_closed(*code);
                }
                self.last_error = Some(*code);
                self.note = Some(Banner::ServerError { code: *code });
            }
            ServerMsg::ShuttingDown { .. } => {
                self.connection = Connection::Reconnecting;
                self.new_connection();
            }
            ServerMsg::Pong => {}
            ServerMsg::Clock {
                game,
                side,
                left_ms,
                banks_ms,
            } => {
                if self.client().is_some_and(|c| c.game_id() == game) {
                    self.clock = Some(OnlineClock {
                        side: i32::from(*side),
                        left_ms: long(*left_ms),
                        banks_ms: banks_ms.iter().map(|&b| long(b)).collect(),
                        received_at_ms: wall_clock_ms(),
                    });
                }
            }
            ServerMsg::Ratings { .. }
            | ServerMsg::RatingChanged { .. }
            | ServerMsg::Games { .. }
            | ServerMsg::GameLog { .. } => self.receive_record(&msg)?,
            ServerMsg::LiveGames { games } => self.live_games = Some(games.clone()),
        }
        self.rebuild();
        Ok(out)
    }

    /// The host closed the table or room we sit at as a guest: the server says
    /// `table_not_found` unasked (a seated guest sends nothing that could get that answer), and
    /// the wait ends; the banner says why.
    fn seat_closed(&mut self, code: ErrorCode) {
        if code == ErrorCode::TableNotFound && self.phase.seated().is_some_and(|s| !s.host) {
            self.phase = self.take_phase().stop_waiting();
        }
    }

    /// A notice of the server (docs/ONLINE.md, "Version rules"): `replaced`, another connection
    /// of this device's token took over, and the server closes this one.
    fn notice(&mut self, notice: &ServerNotice) -> Vec<String> {
        match notice {
            ServerNotice::Replaced { .. } => {
                self.connection = Connection::Replaced;
                self.new_connection();
                self.note = None;
            }
        }
        self.rebuild();
        Vec::new()
    }

    /// After a welcome: resume our game (and resend a pending move: the server answers a move it
    /// already has with an `ack`), or pick up a game the server says we play but this device
    /// does not know (the app was killed before it saved).
    fn welcome(&mut self, games: &[String], out: &mut Vec<String>) {
        // Connected again: the next loss starts the reconnection delays afresh.
        self.reconnect_attempts = 0;
        if let Phase::Watching(Watch { game, code, client }) = &mut self.phase {
            // Watching: ask for the game again (a spectator has no seat to resume).
            out.push(encode(&ClientMsg::Spectate {
                game: game.clone(),
                code: code.clone(),
            }));
            *client = None;
            return;
        }
        if let Some(c) = self.phase.own_mut() {
            if !c.record().is_over() {
                out.push(encode(&c.resume_msg()));
                if let Some(p) = c.pending() {
                    out.push(encode(&ClientMsg::Move {
                        game: c.game_id().to_owned(),
                        ply: p.ply,
                        mv: p.mv.clone(),
                    }));
                }
                return;
            }
        }
        // A game matched before the socket dropped (its snapshot never came) is asked for again.
        let matched = self
            .phase
            .matched()
            .map(str::to_owned)
            .filter(|g| games.contains(g));
        if let Some(game) = matched.or_else(|| games.first().cloned()) {
            self.phase = self.take_phase().wait_for(Wait::Matched(game.clone()));
            out.push(encode(&ClientMsg::Resume { game, last_seq: 0 }));
        }
    }

    /// Stamps when seat `side` of the game on the board is lost: now (the `disconnected` event's
    /// arrival) plus the server's grace. The deadlines of other games are dropped.
    fn stamp_away(&mut self, side: u8, grace_ms: u64) {
        let Some(game) = self.client().map(|c| c.game_id().to_owned()) else {
            return;
        };
        let grace = i64::try_from(grace_ms).unwrap_or(i64::MAX);
        let back_by_ms = wall_clock_ms().saturating_add(grace);
        self.away.retain(|a| a.game == game && a.side != side);
        self.away.push(super::AwayDeadline {
            game,
            side,
            back_by_ms,
        });
    }

    /// The passing banner an event of the opponent's deserves, if any.
    fn opponent_note(&self, event: &GameEvent) -> Option<Banner> {
        let c = self.client()?;
        match event {
            GameEvent::Reconnected { side } if *side != c.side() => {
                Some(Banner::OpponentReconnected {
                    player: i32::from(*side),
                })
            }
            GameEvent::DrawDeclined { side } if *side != c.side() => Some(Banner::DrawDeclined {
                by: i32::from(*side),
            }),
            GameEvent::SeatToAi { side, .. } if *side != c.side() => Some(Banner::PlayerReplaced {
                player: i32::from(*side),
            }),
            GameEvent::TimedOut { side } => Some(Banner::MoveTimedOut {
                player: i32::from(*side),
            }),
            GameEvent::RematchOffered { side } => Some(Banner::RematchOffered {
                by: i32::from(*side),
            }),
            _ => None,
        }
    }

    /// Lets the game's sync machine handle `msg` and queues what it asks to send.
    fn effect(&mut self, msg: &ServerMsg, out: &mut Vec<String>) {
        let Some(c) = self.phase.client_mut() else {
            return;
        };
        match c.receive(msg) {
            SyncEffect::Resync(m) | SyncEffect::Resend(m) => out.push(encode(&m)),
            SyncEffect::None | SyncEffect::Changed | SyncEffect::Committed => {}
        }
    }
}
