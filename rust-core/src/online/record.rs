//! A game as its numbered events, replayed the same way on the server and on the device.
//!
//! [`GameRecord::command`] turns what a side asks for into events (or a refusal) without
//! changing anything; [`GameRecord::apply`] replays one event, checking its number and, for a
//! move, its legality with the rules engine. The server appends the events a command produced;
//! the device applies the events it receives. Neither trusts the other.

use thiserror::Error;

use super::protocol::{
    DrawAction, EndReason, ErrorCode, Format, GameEvent, GameResult, GameSnapshot, TimeControl,
    WireMove, TIMEOUTS_TO_LEAVE,
};
use crate::ai::AiLevel;
use crate::rules::{Game, IllegalMove, MoveKind, OutcomeReason, Position};

/// The level of the AI that takes over the seat of a person who leaves a game of 3 or more
/// seats: a fair stand-in that neither throws the seat's game away nor crushes the others.
pub const STAND_IN_LEVEL: AiLevel = AiLevel::Medium;

/// What a side (or the server, for presence) asks of a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Play a move at a ply.
    Move {
        /// Moves played before it.
        ply: u32,
        /// The move.
        mv: WireMove,
    },
    /// Resign.
    Resign,
    /// Draw offer, acceptance or refusal.
    Draw(DrawAction),
    /// Ask for a rematch.
    Rematch,
    /// Both sides asked for a rematch: record the new game's id (server only; refused once one
    /// was recorded, so only one rematch game ever starts).
    StartRematch {
        /// The new game's id.
        game: String,
    },
    /// The side's connection dropped (server only).
    Disconnect {
        /// How long its seat is held.
        grace_ms: u64,
    },
    /// The side is back (server only).
    Reconnect,
    /// The grace period of a disconnection that started at event `since_seq` ran out (server
    /// only): the side loses unless it came back meanwhile.
    Abandon {
        /// The `seq` of the `Disconnected` event.
        since_seq: u64,
    },
    /// The side to move ran out of time at ply `ply` (server only): the move with the greatest
    /// progress is played for it; after [`TIMEOUTS_TO_LEAVE`] in a row it is treated as having
    /// left. Nothing if the game moved on meanwhile.
    TimeOut {
        /// The ply whose time ran out.
        ply: u32,
    },
}

/// A command that was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CommandError {
    /// The same move at the same ply was already applied: acknowledge, change nothing.
    #[error("move {0} was already played")]
    Duplicate(u32),
    /// Refused, with the code and message sent back.
    #[error("{1}")]
    Refused(ErrorCode, String),
}

impl CommandError {
    fn refused(code: ErrorCode, message: impl Into<String>) -> CommandError {
        CommandError::Refused(code, message.into())
    }
}

/// An event that cannot be replayed (a broken stream: the device resyncs).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RecordError {
    /// The event is not the next one.
    #[error("event {got} arrived while {expected} was expected")]
    OutOfOrder {
        /// The number expected.
        expected: u64,
        /// The number received.
        got: u64,
    },
    /// A move that the rules refuse, or at the wrong ply or by the wrong side.
    #[error("move refused: {0}")]
    IllegalMove(String),
    /// An event that makes no sense in this state.
    #[error("unexpected event: {0}")]
    Unexpected(String),
}

impl From<IllegalMove> for RecordError {
    fn from(e: IllegalMove) -> Self {
        RecordError::IllegalMove(e.to_string())
    }
}

/// The start position of a format (side 0 opens).
pub fn start_position(format: Format) -> Position {
    format.start_position()
}

/// A game's state, built only from its events.
#[derive(Clone, Debug)]
pub struct GameRecord {
    id: String,
    format: Format,
    players: Vec<String>,
    ai: Vec<Option<AiLevel>>,
    clock: TimeControl,
    timeouts: Vec<u32>,
    /// A `timed_out` was applied: the next move is the clock's.
    timing_out: Option<u8>,
    game: Game,
    moves: Vec<WireMove>,
    seq: u64,
    draw_offer: Option<u8>,
    connected: Vec<bool>,
    disconnected_since: Vec<Option<u64>>,
    rematch: Vec<bool>,
    rematch_game: Option<String>,
    result: Option<GameResult>,
    rated: bool,
}

impl GameRecord {
    /// A new game's record and its first event (`Started`, number 1), every seat a person.
    pub fn new(id: &str, format: Format, players: Vec<String>) -> (GameRecord, GameEvent) {
        GameRecord::with_ai(id, format, players, Vec::new())
    }

    /// A new game with AI seats: `ai[side]` is the level of the server's AI playing that seat
    /// (`None`: a person; a short or empty list means people for the rest).
    ///
    /// `players` must hold one name per seat of `format` (the server builds it so; a missing
    /// name reads as empty).
    pub fn with_ai(
        id: &str,
        format: Format,
        players: Vec<String>,
        ai: Vec<Option<AiLevel>>,
    ) -> (GameRecord, GameEvent) {
        GameRecord::timed(id, format, players, ai, TimeControl::Untimed)
    }

    /// A new game as [`GameRecord::with_ai`], rated if `rated` and every seat is a person (a
    /// game with AI seats from the start is never rated).
    pub fn with_rating(
        id: &str,
        format: Format,
        players: Vec<String>,
        ai: Vec<Option<AiLevel>>,
        rated: bool,
    ) -> (GameRecord, GameEvent) {
        GameRecord::timed_rated(id, format, players, ai, TimeControl::Untimed, rated)
    }

    /// A new game with AI seats and a time control.
    pub fn timed(
        id: &str,
        format: Format,
        players: Vec<String>,
        ai: Vec<Option<AiLevel>>,
        clock: TimeControl,
    ) -> (GameRecord, GameEvent) {
        GameRecord::timed_rated(id, format, players, ai, clock, false)
    }

    /// A new game with AI seats and a time control, rated if `rated` and every seat is a person.
    pub fn timed_rated(
        id: &str,
        format: Format,
        players: Vec<String>,
        ai: Vec<Option<AiLevel>>,
        clock: TimeControl,
        rated: bool,
    ) -> (GameRecord, GameEvent) {
        let mut record = GameRecord::empty(id, format, players, ai);
        record.seq = 1;
        record.clock = clock;
        record.rated = rated && record.ai.iter().all(Option::is_none);
        let event = GameEvent::Started {
            format,
            players: record.players.clone(),
            ai: if record.ai.iter().any(Option::is_some) {
                record.ai.clone()
            } else {
                Vec::new()
            },
            rated: record.rated,
            clock,
        };
        (record, event)
    }

    fn empty(
        id: &str,
        format: Format,
        mut players: Vec<String>,
        mut ai: Vec<Option<AiLevel>>,
    ) -> GameRecord {
        let seats = format.seats();
        players.resize(seats, String::new());
        ai.resize(seats, None);
        GameRecord {
            id: id.to_owned(),
            format,
            players,
            ai,
            clock: TimeControl::Untimed,
            timeouts: vec![0; seats],
            timing_out: None,
            game: Game::new(start_position(format)),
            moves: Vec::new(),
            seq: 0,
            draw_offer: None,
            connected: vec![true; seats],
            disconnected_since: vec![None; seats],
            rematch: vec![false; seats],
            rematch_game: None,
            result: None,
            rated: false,
        }
    }

    /// Replays a whole event stream (event 1 is `Started`).
    pub fn replay<'a>(
        id: &str,
        events: impl IntoIterator<Item = &'a GameEvent>,
    ) -> Result<GameRecord, RecordError> {
        let mut events = events.into_iter();
        let mut record = match events.next() {
            Some(GameEvent::Started {
                format,
                players,
                ai,
                rated,
                clock,
            }) => {
                if players.len() != format.seats() {
                    return Err(RecordError::Unexpected(format!(
                        "{} players for the {} seats of {}",
                        players.len(),
                        format.seats(),
                        format.name()
                    )));
                }
                GameRecord::timed_rated(id, *format, players.clone(), ai.clone(), *clock, *rated).0
            }
            other => {
                return Err(RecordError::Unexpected(format!(
                    "a game starts with `started`, not {other:?}"
                )))
            }
        };
        for event in events {
            let seq = record.seq + 1;
            record.apply(seq, event)?;
        }
        Ok(record)
    }

    /// Rebuilds a record from a snapshot (moves are validated again).
    pub fn from_snapshot(snapshot: &GameSnapshot) -> Result<GameRecord, RecordError> {
        let seats = snapshot.format.seats();
        let per_seat = [
            snapshot.players.len(),
            if snapshot.ai.is_empty() {
                seats
            } else {
                snapshot.ai.len()
            },
            snapshot.connected.len(),
            snapshot.rematch.len(),
            if snapshot.timeouts.is_empty() {
                seats
            } else {
                snapshot.timeouts.len()
            },
        ];
        if per_seat.iter().any(|&n| n != seats) || usize::from(snapshot.side) >= seats {
            return Err(RecordError::Unexpected(format!(
                "a snapshot of {} ({seats} seats) with lists of {per_seat:?} entries for side {}",
                snapshot.format.name(),
                snapshot.side
            )));
        }
        let mut record = GameRecord::empty(
            &snapshot.game,
            snapshot.format,
            snapshot.players.clone(),
            snapshot.ai.clone(),
        );
        for (ply, mv) in snapshot.moves.iter().enumerate() {
            record.play(ply as u32, mv)?;
        }
        record.seq = snapshot.seq;
        record.clock = snapshot.clock;
        if !snapshot.timeouts.is_empty() {
            record.timeouts = snapshot.timeouts.clone();
        }
        record.draw_offer = snapshot.draw_offer;
        record.connected = snapshot.connected.clone();
        record.rematch = snapshot.rematch.clone();
        record.rematch_game = snapshot.rematch_game.clone();
        record.result = snapshot.result.clone();
        record.rated = snapshot.rated;
        Ok(record)
    }

    /// The snapshot of this record as `side` sees it.
    pub fn snapshot(&self, side: u8) -> GameSnapshot {
        GameSnapshot {
            game: self.id.clone(),
            seq: self.seq,
            side,
            format: self.format,
            players: self.players.clone(),
            ai: self.ai.clone(),
            clock: self.clock,
            timeouts: self.timeouts.clone(),
            moves: self.moves.clone(),
            draw_offer: self.draw_offer,
            connected: self.connected.clone(),
            rematch: self.rematch.clone(),
            rematch_game: self.rematch_game.clone(),
            result: self.result.clone(),
            rated: self.rated,
        }
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }
    /// The format.
    pub fn format(&self) -> Format {
        self.format
    }
    /// Display names, side 0 first.
    pub fn players(&self) -> &[String] {
        &self.players
    }
    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.players.len()
    }
    /// Per seat, the level of the AI playing it (`None`: a person).
    pub fn ai(&self) -> &[Option<AiLevel>] {
        &self.ai
    }
    /// The time control.
    pub fn clock(&self) -> TimeControl {
        self.clock
    }
    /// Per seat, the time-outs in a row.
    pub fn timeouts(&self) -> &[u32] {
        &self.timeouts
    }
    /// The AI playing a seat, if any.
    pub fn ai_of(&self, side: u8) -> Option<AiLevel> {
        self.ai.get(usize::from(side)).copied().flatten()
    }
    /// The AI that must move now, if the game goes on and an AI seat is to move.
    pub fn ai_to_move(&self) -> Option<(u8, AiLevel)> {
        if self.is_over() {
            return None;
        }
        let side = self.to_move();
        self.ai_of(side).map(|level| (side, level))
    }
    /// The number of the last event applied.
    pub fn seq(&self) -> u64 {
        self.seq
    }
    /// Moves played so far (the next move's ply).
    pub fn ply(&self) -> u32 {
        self.moves.len() as u32
    }
    /// The moves played, in order.
    pub fn moves(&self) -> &[WireMove] {
        &self.moves
    }
    /// The rules engine's game.
    pub fn game(&self) -> &Game {
        &self.game
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }
    /// The side to move.
    pub fn to_move(&self) -> u8 {
        self.game.position().to_move() as u8
    }
    /// The result, once over.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }
    /// Whether the game is rated (every seat a person at the start, and the server said so).
    pub fn is_rated(&self) -> bool {
        self.rated
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }
    /// The side whose draw offer is pending.
    pub fn draw_offer(&self) -> Option<u8> {
        self.draw_offer
    }
    /// Which sides are connected.
    pub fn connected(&self) -> &[bool] {
        &self.connected
    }
    /// The `seq` of the `Disconnected` event of a side that is away.
    pub fn disconnected_since(&self, side: u8) -> Option<u64> {
        self.disconnected_since
            .get(usize::from(side))
            .copied()
            .flatten()
    }
    /// Sides that asked for a rematch.
    pub fn rematch_asked(&self) -> &[bool] {
        &self.rematch
    }
    /// Whether every person asked for a rematch and none was started yet (AI seats need not
    /// ask; a game with no person left has no rematch).
    pub fn rematch_agreed(&self) -> bool {
        let people: Vec<usize> = (0..self.seats())
            .filter(|&s| self.ai[s].is_none())
            .collect();
        !people.is_empty() && people.iter().all(|&s| self.rematch[s]) && self.rematch_game.is_none()
    }
    /// The rematch game, once started.
    pub fn rematch_game(&self) -> Option<&str> {
        self.rematch_game.as_deref()
    }

    fn play(&mut self, ply: u32, mv: &WireMove) -> Result<(), RecordError> {
        if ply != self.ply() {
            return Err(RecordError::IllegalMove(format!(
                "ply {ply} while {} moves were played",
                self.ply()
            )));
        }
        let parsed = mv.to_move()?;
        self.game.play(&parsed)?;
        self.moves.push(mv.clone());
        Ok(())
    }

    /// Applies event number `seq`.
    pub fn apply(&mut self, seq: u64, event: &GameEvent) -> Result<(), RecordError> {
        if seq != self.seq + 1 {
            return Err(RecordError::OutOfOrder {
                expected: self.seq + 1,
                got: seq,
            });
        }
        let unexpected = |what: &str| Err(RecordError::Unexpected(what.to_owned()));
        let seats = self.seats();
        let seat = |side: &u8| -> Result<usize, RecordError> {
            let s = usize::from(*side);
            if s < seats {
                Ok(s)
            } else {
                Err(RecordError::Unexpected(format!(
                    "side {side} in a game of {seats} seats"
                )))
            }
        };
        match event {
            GameEvent::Started { .. } => return unexpected("a second `started`"),
            _ if self.timing_out.is_some() && !matches!(event, GameEvent::Moved { .. }) => {
                return unexpected("a time-out not followed by its move");
            }
            GameEvent::Moved { ply, side, mv } => {
                if self.is_over() {
                    return unexpected("a move after the end");
                }
                if *side != self.to_move() {
                    return Err(RecordError::IllegalMove(format!(
                        "side {side} moved out of turn"
                    )));
                }
                self.play(*ply, mv)?;
                self.draw_offer = None;
                let s = usize::from(*side);
                if self.timing_out == Some(*side) {
                    self.timeouts[s] += 1;
                } else if self.ai[s].is_none() {
                    // A move of one's own: the run of time-outs is over.
                    self.timeouts[s] = 0;
                }
                self.timing_out = None;
            }
            GameEvent::TimedOut { side } => {
                let s = seat(side)?;
                if self.is_over() || s != usize::from(self.to_move()) {
                    return unexpected("a time-out of a side not to move");
                }
                self.timing_out = Some(*side);
            }
            GameEvent::DrawOffered { side } => self.draw_offer = Some(seat(side)? as u8),
            GameEvent::DrawDeclined { .. } => self.draw_offer = None,
            GameEvent::Disconnected { side, .. } => {
                let s = seat(side)?;
                self.connected[s] = false;
                self.disconnected_since[s] = Some(seq);
            }
            GameEvent::Reconnected { side } => {
                let s = seat(side)?;
                self.connected[s] = true;
                self.disconnected_since[s] = None;
            }
            GameEvent::SeatToAi { side, level } => {
                let s = seat(side)?;
                self.ai[s] = Some(*level);
                // The AI is always there: no grace runs for it any more.
                self.connected[s] = true;
                self.disconnected_since[s] = None;
            }
            GameEvent::Ended { result } => {
                if self.is_over() {
                    return unexpected("a second end");
                }
                self.result = Some(result.clone());
                self.draw_offer = None;
            }
            GameEvent::RematchOffered { side } => self.rematch[seat(side)?] = true,
            GameEvent::RematchStarted { game } => {
                if self.rematch_game.is_some() {
                    return unexpected("a second rematch");
                }
                self.rematch_game = Some(game.clone());
            }
        }
        self.seq = seq;
        Ok(())
    }

    /// The events that `side` asking `command` produces, or why it is refused. Changes nothing.
    pub fn command(&self, side: u8, command: &Command) -> Result<Vec<GameEvent>, CommandError> {
        use CommandError as E;
        use ErrorCode as C;
        if usize::from(side) >= self.seats() {
            return Err(E::refused(
                C::NotInGame,
                format!("there is no side {side} in this game"),
            ));
        }
        let two_seats = self.seats() == 2;
        let other = 1 - (side & 1);
        let over = self.is_over();
        let game_over = || E::refused(C::GameOver, "the game is over");
        match command {
            Command::Move { ply, mv } => {
                if let Some(played) = self.moves.get(*ply as usize) {
                    let mover = self.game.history().nth(*ply as usize).map(|h| h.player);
                    if played == mv && mover == Some(usize::from(side)) {
                        return Err(E::Duplicate(*ply));
                    }
                    return Err(E::refused(
                        C::WrongPly,
                        format!("move {ply} was already played; the next is {}", self.ply()),
                    ));
                }
                if over {
                    return Err(game_over());
                }
                if *ply != self.ply() {
                    return Err(E::refused(
                        C::WrongPly,
                        format!("the next move is number {}, not {ply}", self.ply()),
                    ));
                }
                if side != self.to_move() {
                    let whose = if two_seats {
                        "it is your opponent's turn".to_owned()
                    } else {
                        format!("it is {}'s turn", self.players[usize::from(self.to_move())])
                    };
                    return Err(E::refused(C::NotYourTurn, whose));
                }
                let parsed = mv
                    .to_move()
                    .map_err(|e| E::refused(C::IllegalMove, e.to_string()))?;
                let mut game = self.game.clone();
                game.play(&parsed)
                    .map_err(|e| E::refused(C::IllegalMove, e.to_string()))?;
                let mut events = vec![GameEvent::Moved {
                    ply: *ply,
                    side,
                    mv: mv.clone(),
                }];
                // Forced passes are played by the server (bounded: a pass by every seat in a row
                // ends the game).
                for ply in *ply + 1..*ply + 1 + self.seats() as u32 {
                    if game.outcome().is_some() {
                        break;
                    }
                    let legal = game.legal_moves();
                    if !(legal.len() == 1 && legal[0].kind == MoveKind::Pass) {
                        break;
                    }
                    let mover = game.position().to_move() as u8;
                    if game.play(&legal[0]).is_err() {
                        break;
                    }
                    events.push(GameEvent::Moved {
                        ply,
                        side: mover,
                        mv: WireMove::from_move(&legal[0]),
                    });
                }
                if let Some(outcome) = game.outcome() {
                    let reason = match outcome.reason {
                        OutcomeReason::Win => EndReason::Win,
                        OutcomeReason::Deadlock => EndReason::Deadlock,
                        OutcomeReason::Draw => EndReason::Draw,
                        OutcomeReason::MoveLimit => EndReason::MoveLimit,
                    };
                    let winner = match outcome.winners.as_slice() {
                        [w] => Some(*w as u8),
                        _ => None,
                    };
                    let ranking = outcome
                        .ranking
                        .iter()
                        .map(|group| group.iter().map(|&p| p as u8).collect())
                        .collect();
                    events.push(GameEvent::Ended {
                        result: GameResult {
                            winner,
                            reason,
                            ranking,
                        },
                    });
                }
                Ok(events)
            }
            Command::Resign if over => Err(game_over()),
            Command::Resign if !two_seats => Ok(self.leave(side, EndReason::Resign)),
            Command::Resign => Ok(vec![GameEvent::Ended {
                result: GameResult::new(Some(other), EndReason::Resign),
            }]),
            Command::Draw(_) if over => Err(game_over()),
            Command::Draw(_) if !two_seats => Err(E::refused(
                C::NotInThisFormat,
                "draws are agreed only between two players",
            )),
            Command::Draw(DrawAction::Offer) if self.draw_offer == Some(other) => {
                self.command(side, &Command::Draw(DrawAction::Accept))
            }
            Command::Draw(DrawAction::Offer) if self.draw_offer == Some(side) => Ok(vec![]),
            Command::Draw(DrawAction::Offer) => Ok(vec![GameEvent::DrawOffered { side }]),
            Command::Draw(_) if self.draw_offer != Some(other) => Err(E::refused(
                C::NoDrawOffer,
                "your opponent has not offered a draw",
            )),
            Command::Draw(DrawAction::Accept) => Ok(vec![GameEvent::Ended {
                result: GameResult::new(None, EndReason::DrawAgreed),
            }]),
            Command::Draw(DrawAction::Decline) => Ok(vec![GameEvent::DrawDeclined { side }]),
            Command::Rematch if !over => Err(E::refused(C::NotOver, "the game is not over yet")),
            Command::Rematch if self.rematch[usize::from(side)] => Ok(vec![]),
            Command::Rematch => Ok(vec![GameEvent::RematchOffered { side }]),
            Command::StartRematch { .. } if !self.rematch_agreed() => Ok(vec![]),
            Command::StartRematch { game } => {
                Ok(vec![GameEvent::RematchStarted { game: game.clone() }])
            }
            Command::Disconnect { .. }
                if over || !self.connected[usize::from(side)] || self.ai_of(side).is_some() =>
            {
                Ok(vec![])
            }
            Command::Disconnect { grace_ms } => Ok(vec![GameEvent::Disconnected {
                side,
                grace_ms: *grace_ms,
            }]),
            Command::Reconnect if self.connected[usize::from(side)] => Ok(vec![]),
            Command::Reconnect => Ok(vec![GameEvent::Reconnected { side }]),
            Command::TimeOut { ply } => {
                if over || *ply != self.ply() || side != self.to_move() {
                    return Ok(vec![]);
                }
                let legal = self.game.legal_moves();
                let compact: Vec<_> = legal.iter().map(|m| m.compact()).collect();
                let best = crate::ai::greatest_progress(self.position(), &compact);
                let Some(mv) = compact.iter().position(|c| *c == best).map(|i| &legal[i]) else {
                    return Ok(vec![]);
                };
                let mut next = self.clone();
                let mut events = vec![GameEvent::TimedOut { side }];
                next.apply(next.seq + 1, &events[0])
                    .map_err(|e| E::refused(C::Internal, e.to_string()))?;
                let moved = next.command(
                    side,
                    &Command::Move {
                        ply: *ply,
                        mv: WireMove::from_move(mv),
                    },
                )?;
                for event in moved {
                    next.apply(next.seq + 1, &event)
                        .map_err(|e| E::refused(C::Internal, e.to_string()))?;
                    events.push(event);
                }
                let in_a_row = next.timeouts[usize::from(side)];
                if in_a_row >= TIMEOUTS_TO_LEAVE && !next.is_over() && next.ai_of(side).is_none() {
                    events.extend(next.leave(side, EndReason::Abandoned));
                }
                Ok(events)
            }
            Command::Abandon { since_seq } => {
                if over || self.disconnected_since(side) != Some(*since_seq) {
                    Ok(vec![])
                } else if !two_seats {
                    Ok(self.leave(side, EndReason::Abandoned))
                } else {
                    Ok(vec![GameEvent::Ended {
                        result: GameResult::new(Some(other), EndReason::Abandoned),
                    }])
                }
            }
        }
    }

    /// The events of a person leaving a game of 3 or more seats: the stand-in AI takes the seat,
    /// and if no person is left the game ends (`reason`, nobody wins, no ranking). Nothing for a
    /// seat the AI already plays.
    pub fn leave(&self, side: u8, reason: EndReason) -> Vec<GameEvent> {
        if self.ai_of(side).is_some() || self.is_over() {
            return Vec::new();
        }
        if self.seats() == 2 {
            return vec![GameEvent::Ended {
                result: GameResult::new(Some(1 - (side & 1)), reason),
            }];
        }
        let mut events = vec![GameEvent::SeatToAi {
            side,
            level: STAND_IN_LEVEL,
        }];
        let people_left = (0..self.seats() as u8).any(|s| s != side && self.ai_of(s).is_none());
        if !people_left {
            events.push(GameEvent::Ended {
                result: GameResult::new(None, reason),
            });
        }
        events
    }

    /// Applies `command`'s events in order and returns them with their numbers.
    pub fn execute(
        &mut self,
        side: u8,
        command: &Command,
    ) -> Result<Vec<(u64, GameEvent)>, CommandError> {
        let events = self.command(side, command)?;
        let mut numbered = Vec::with_capacity(events.len());
        for event in events {
            let seq = self.seq + 1;
            self.apply(seq, &event)
                .map_err(|e| CommandError::Refused(ErrorCode::Internal, e.to_string()))?;
            numbered.push((seq, event));
        }
        Ok(numbered)
    }
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;
