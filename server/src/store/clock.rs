//! A game's deadlines: grace periods of away sides, inactivity, the turn's clock and the game
//! clocks' banks, and the events their expiry brings.

use chinese_checkers_core::ai::AiLevel;
use chinese_checkers_core::online::{
    Command, EndReason, GameEvent, GameRecord, GameResult, TimeControl,
};
use chinese_checkers_core::rules::Position;

/// A time control's seconds in milliseconds (checked time controls are positive; anything else
/// reads as none).
fn seconds_ms(seconds: i32) -> u64 {
    u64::try_from(seconds).unwrap_or(0) * 1000
}

use super::MAX_SEATS;
use crate::model::ClockNote;

/// A game's deadlines, in [`super::now_ms`] time, stored with the game: the end of each away side's
/// grace period, the end of the inactivity allowance (reset by every event), and the turn's
/// deadline with what the game clocks need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// When each side's grace ends (while it is away).
    pub away: [Option<u64>; MAX_SEATS],
    /// When the game expires if nothing happens.
    pub idle: Option<u64>,
    /// When the side to move runs out of time (a timed game, or an AI seat to move).
    pub turn: Option<u64>,
    /// When the current turn started.
    pub turn_since: Option<u64>,
    /// With a game clock: each side's time left at the start of its turn (`None`: all of it).
    pub banks: [Option<u64>; MAX_SEATS],
}

/// An AI seat to move gets this long before the sweeper plays the greatest-progress move for
/// it: the AI players normally answer in well under a second; this only covers an instance
/// that died while its AI was thinking.
pub const AI_TURN_ALLOWANCE_MS: u64 = 30_000;

impl Clock {
    /// The earliest deadline.
    pub fn next(&self) -> Option<u64> {
        self.away
            .iter()
            .flatten()
            .copied()
            .chain(self.idle)
            .chain(self.turn)
            .min()
    }

    /// The clock without its deadlines due at `now` (stale ones: the sweeper found nothing to
    /// do), and the names of those fields in Redis.
    pub fn without_due(&self, now: u64) -> (Vec<String>, Clock) {
        let mut kept = *self;
        let mut stale = Vec::new();
        for (s, away) in kept.away.iter_mut().enumerate() {
            if away.is_some_and(|t| t <= now) {
                *away = None;
                stale.push(format!("a{s}"));
            }
        }
        if kept.turn.is_some_and(|t| t <= now) {
            kept.turn = None;
            stale.push("t".to_owned());
        }
        (stale, kept)
    }

    /// A new game's clock: the first turn starts now.
    pub fn started(now: u64, inactivity_ms: u64, record: &GameRecord) -> Clock {
        let mut clock = Clock {
            idle: Some(now.saturating_add(inactivity_ms)),
            ..Clock::default()
        };
        clock.start_turn(record, now);
        clock
    }

    /// The time the side to move has for its move, as it starts.
    fn allowance(&self, record: &GameRecord) -> Option<u64> {
        if record.is_over() {
            return None;
        }
        let side = record.to_move();
        if record.ai_of(side).is_some() {
            return Some(AI_TURN_ALLOWANCE_MS);
        }
        match record.clock() {
            TimeControl::Untimed => None,
            TimeControl::PerMove { seconds } => Some(seconds_ms(seconds)),
            TimeControl::Game { base_s, .. } => Some(
                self.banks
                    .get(usize::from(side))
                    .copied()
                    .flatten()
                    .unwrap_or(seconds_ms(base_s)),
            ),
        }
    }

    fn start_turn(&mut self, record: &GameRecord, now: u64) {
        self.turn_since = Some(now);
        self.turn = self.allowance(record).map(|a| now.saturating_add(a));
    }

    /// The clock after `events` (already applied: `after` is the record with them) were appended
    /// at `now`.
    pub fn after(
        &self,
        after: &GameRecord,
        events: &[(u64, GameEvent)],
        now: u64,
        inactivity_ms: u64,
    ) -> Clock {
        if after.is_over() {
            return Clock::default();
        }
        let mut next = *self;
        for (slot, op) in next.away.iter_mut().zip(ClockChange::of(events, now).away) {
            if let Some(v) = op {
                *slot = v;
            }
        }
        next.idle = Some(now.saturating_add(inactivity_ms));
        // The first move of the batch is the one whose time ran (forced passes and the AI's
        // answers come after it, at the same instant).
        let mover = events.iter().find_map(|(_, e)| match e {
            GameEvent::Moved { side, .. } => Some(*side),
            _ => None,
        });
        if let (
            Some(side),
            TimeControl::Game {
                base_s,
                increment_s,
            },
        ) = (mover, after.clock())
        {
            if let Some(bank) = next.banks.get_mut(usize::from(side)) {
                let used = now.saturating_sub(self.turn_since.unwrap_or(now));
                let left = bank.unwrap_or(seconds_ms(base_s)).saturating_sub(used);
                *bank = Some(left.saturating_add(seconds_ms(increment_s)));
            }
        }
        let handed_over = events.iter().any(
            |(_, e)| matches!(e, GameEvent::SeatToAi { side, .. } if *side == after.to_move()),
        );
        if mover.is_some() || handed_over || self.turn_since.is_none() {
            next.start_turn(after, now);
        }
        next
    }

    /// What a client sees of this clock (a timed game, or none).
    pub fn note(&self, record: &GameRecord) -> Option<ClockNote> {
        if !record.clock().is_timed() || record.is_over() {
            return None;
        }
        let banks_ms = match record.clock() {
            TimeControl::Game { base_s, .. } => (0..record.seats())
                .map(|s| self.banks[s].unwrap_or(seconds_ms(base_s)))
                .collect(),
            _ => Vec::new(),
        };
        Some(ClockNote {
            side: record.to_move(),
            deadline_ms: self.turn?,
            banks_ms,
        })
    }
}

/// How appended events change the grace deadlines of a game's [`Clock`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockChange {
    /// Per side: `None` keep, `Some(None)` clear (back), `Some(Some(t))` set (gone).
    pub away: [Option<Option<u64>>; MAX_SEATS],
}

impl ClockChange {
    /// The change that `events` appended at `now` make.
    pub fn of(events: &[(u64, GameEvent)], now: u64) -> Self {
        let mut away = [None; MAX_SEATS];
        for (_, event) in events {
            match event {
                GameEvent::Disconnected { side, grace_ms } => {
                    if let Some(slot) = away.get_mut(usize::from(*side)) {
                        *slot = Some(Some(now.saturating_add(*grace_ms)));
                    }
                }
                // Back, or gone for good (the AI plays the seat): no grace runs any more.
                GameEvent::Reconnected { side } | GameEvent::SeatToAi { side, .. } => {
                    if let Some(slot) = away.get_mut(usize::from(*side)) {
                        *slot = Some(None);
                    }
                }
                _ => {}
            }
        }
        ClockChange { away }
    }
}

/// The events that end a game whose deadline is due at `now`, or `None` if nothing is due.
/// A due grace: the side away (if several are away, the one that left first) loses by
/// abandonment through the ordinary `Abandon` command (at a table of 3 or more, the AI takes
/// its seat instead). Inactivity: the same if a side is away, else the side to move loses by
/// abandonment (or, at a table of 3 or more, is replaced by the AI).
pub fn expiry(record: &GameRecord, clock: &Clock, now: u64) -> Option<Vec<GameEvent>> {
    if record.is_over() {
        return None;
    }
    let seats = record.seats() as u8;
    let first_away = (0..seats)
        .filter_map(|s| record.disconnected_since(s).map(|q| (s, q)))
        .min_by_key(|(_, q)| *q);
    let grace_due = (0..seats).any(|s| {
        record.disconnected_since(s).is_some()
            && clock
                .away
                .get(usize::from(s))
                .copied()
                .flatten()
                .is_some_and(|t| t <= now)
    });
    let idle_due = clock.idle.is_some_and(|t| t <= now);
    if !grace_due && !idle_due {
        return turn_expiry(record, clock, now);
    }
    if let Some((loser, since_seq)) = first_away {
        let events = record
            .command(loser, &Command::Abandon { since_seq })
            .ok()?;
        if !events.is_empty() {
            return Some(events);
        }
    }
    if let Some(events) = turn_expiry(record, clock, now) {
        return Some(events);
    }
    if !idle_due {
        return None;
    }
    if seats > 2 {
        let events = record.leave(record.to_move(), EndReason::Abandoned);
        return (!events.is_empty()).then_some(events);
    }
    Some(vec![GameEvent::Ended {
        result: GameResult::new(Some(1 - record.to_move()), EndReason::Abandoned),
    }])
}

/// An AI seat to move: what the server's AI needs to play it.
#[derive(Clone, Debug)]
pub struct AiTurn {
    /// The seat.
    pub side: u8,
    /// Its level.
    pub level: AiLevel,
    /// The move's ply.
    pub ply: u32,
    /// The position to move from.
    pub position: Position,
}

impl AiTurn {
    /// The AI turn of a record, if an AI seat is to move.
    pub fn of(record: &GameRecord) -> Option<AiTurn> {
        let (side, level) = record.ai_to_move()?;
        Some(AiTurn {
            side,
            level,
            ply: record.ply(),
            position: *record.position(),
        })
    }
}

/// The events of a turn whose time ran out: the clock's move for a person (a `timed_out` and the
/// greatest-progress move; leaving after too many in a row), the greatest-progress move for an
/// AI seat whose instance never answered.
fn turn_expiry(record: &GameRecord, clock: &Clock, now: u64) -> Option<Vec<GameEvent>> {
    if clock.turn.is_none_or(|t| t > now) {
        return None;
    }
    let side = record.to_move();
    let ply = record.ply();
    let events = if record.ai_of(side).is_some() {
        let legal = record.game().legal_moves();
        let compact: Vec<_> = legal.iter().map(|m| m.compact()).collect();
        let best = chinese_checkers_core::ai::greatest_progress(record.position(), &compact);
        let mv = compact.iter().position(|c| *c == best).map(|i| &legal[i])?;
        let command = Command::Move {
            ply,
            mv: chinese_checkers_core::online::WireMove::from_move(mv),
        };
        record.command(side, &command).ok()?
    } else {
        record.command(side, &Command::TimeOut { ply }).ok()?
    };
    (!events.is_empty()).then_some(events)
}
