//! Reading an online game's clock at an instant: the count-down the apps and the terminal show,
//! computed once here so that they only format digits.

use super::types::OnlineClock;

/// Below this much time left the clock is shown as running low.
pub const LOW_MS: i64 = 10_000;

/// A time as a clock face shows it: whole hours, minutes and seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ClockFace {
    /// Whole hours (0 under an hour: show "m:ss").
    pub hours: i32,
    /// Minutes past the hour, 0–59.
    pub minutes: i32,
    /// Seconds past the minute, 0–59.
    pub seconds: i32,
}

impl ClockFace {
    /// The face of `ms`, whole seconds rounded up: a clock shows 0:00 only once the time is out.
    /// A negative time reads as 0:00.
    pub fn of_ms(ms: i64) -> ClockFace {
        let s = ms.max(0).saturating_add(999) / 1000;
        ClockFace {
            hours: i32::try_from(s / 3600).unwrap_or(i32::MAX),
            minutes: (s % 3600 / 60) as i32,
            seconds: (s % 60) as i32,
        }
    }
}

/// An online clock read at one instant ([`clock_reading`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ClockReading {
    /// The side whose time runs.
    pub side: i32,
    /// Its time left now, in milliseconds (never below 0).
    pub remaining_ms: i64,
    /// `remaining_ms` as the clock shows it (seconds rounded up).
    pub shown: ClockFace,
    /// Under ten seconds left: show it as running low.
    pub low: bool,
    /// With a game clock, every seat's bank, side 0 first: the side to move's counts down (it is
    /// `shown`), the others stand still. Empty without a game clock.
    pub banks: Vec<ClockFace>,
    /// When the shown time next changes (milliseconds since the Unix epoch, the device's clock):
    /// redraw then. `None` once the time is out (nothing changes any more).
    pub next_change_at_ms: Option<i64>,
}

/// Milliseconds since the Unix epoch on this device's clock (0 if it is set before 1970): the
/// clock `received_at_ms` is stamped with, to read [`clock_reading`] at now.
pub fn wall_clock_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// `clock` read at `now_ms` (milliseconds since the Unix epoch, the device's clock, as
/// `clock.received_at_ms`): the side to move's time runs from the instant the clock arrived. An
/// instant before that (the device's clock set back) reads as that instant: the time left never
/// grows past what the server said.
pub fn clock_reading(clock: &OnlineClock, now_ms: i64) -> ClockReading {
    let now_ms = now_ms.max(clock.received_at_ms);
    let elapsed = now_ms.saturating_sub(clock.received_at_ms);
    let remaining_ms = clock.left_ms.saturating_sub(elapsed).max(0);
    let shown = ClockFace::of_ms(remaining_ms);
    // Seconds are rounded up: the face drops a second when the time left reaches the whole
    // second below it.
    let next_change_at_ms = (remaining_ms > 0).then(|| {
        let to_next = remaining_ms - (remaining_ms - 1) / 1000 * 1000;
        now_ms.saturating_add(to_next)
    });
    let banks = clock
        .banks_ms
        .iter()
        .enumerate()
        .map(|(side, &bank)| {
            if side as i32 == clock.side {
                shown
            } else {
                ClockFace::of_ms(bank)
            }
        })
        .collect();
    ClockReading {
        side: clock.side,
        remaining_ms,
        shown,
        low: remaining_ms < LOW_MS,
        banks,
        next_change_at_ms,
    }
}

/// How long an away player has to come back, read at one instant ([`away_reading`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct AwayReading {
    /// Milliseconds left before the seat is lost (never below 0).
    pub left_ms: i64,
    /// `left_ms` as a clock face, seconds rounded up like the game clock's: "0:00" shows only
    /// once the time is up ("Bob has 2:41 to come back").
    pub shown: ClockFace,
    /// When `shown` next changes (milliseconds since the Unix epoch, the device's clock): redraw
    /// then. `None` once the time is up (nothing changes any more; the server's end of the game
    /// or the AI taking the seat follows).
    pub next_change_at_ms: Option<i64>,
}

/// The away countdown of a seat held until `back_by_ms` (`Banner::OpponentDisconnected`,
/// `OnlineSeat.back_by_ms`), read at `now_ms` (both milliseconds since the Unix epoch on this
/// device's clock).
pub fn away_reading(back_by_ms: i64, now_ms: i64) -> AwayReading {
    let left_ms = back_by_ms.saturating_sub(now_ms).max(0);
    let left = left_ms;
    // The face drops a second when the time left reaches the whole second below it (as the
    // game clock's does).
    let next_change_at_ms = (left > 0).then(|| {
        let to_next = left - (left - 1) / 1000 * 1000;
        now_ms.saturating_add(to_next)
    });
    AwayReading {
        left_ms,
        shown: ClockFace::of_ms(left),
        next_change_at_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(side: i32, left_ms: i64, banks_ms: Vec<i64>) -> OnlineClock {
        OnlineClock {
            side,
            left_ms,
            banks_ms,
            received_at_ms: 1_000_000,
        }
    }

    fn face(hours: i32, minutes: i32, seconds: i32) -> ClockFace {
        ClockFace {
            hours,
            minutes,
            seconds,
        }
    }

    #[test]
    fn seconds_round_up_so_zero_shows_only_at_time_out() {
        let c = clock(0, 12_000, vec![]);
        let at = |elapsed: i64| clock_reading(&c, 1_000_000 + elapsed);
        assert_eq!(at(0).shown, face(0, 0, 12));
        assert_eq!(at(1).shown, face(0, 0, 12), "11.999 s shows 12");
        assert_eq!(at(999).shown, face(0, 0, 12));
        assert_eq!(at(1_000).shown, face(0, 0, 11), "exactly 11 s shows 11");
        assert_eq!(
            at(11_999).shown,
            face(0, 0, 1),
            "1 ms left still shows 0:01"
        );
        assert_eq!(at(11_999).remaining_ms, 1);
        assert_eq!(at(12_000).shown, face(0, 0, 0));
        assert_eq!(at(60_000).remaining_ms, 0, "never below 0");
        assert_eq!(ClockFace::of_ms(3_600_000), face(1, 0, 0));
        assert_eq!(
            ClockFace::of_ms(3_599_001),
            face(1, 0, 0),
            "rounded up to the hour"
        );
        assert_eq!(ClockFace::of_ms(3_599_000), face(0, 59, 59));
        assert_eq!(ClockFace::of_ms(61_500), face(0, 1, 2));
    }

    #[test]
    fn low_under_ten_seconds() {
        let c = clock(1, 10_500, vec![]);
        assert!(!clock_reading(&c, 1_000_000).low);
        assert!(!clock_reading(&c, 1_000_500).low, "exactly 10 s is not low");
        assert!(clock_reading(&c, 1_000_501).low);
        assert_eq!(clock_reading(&c, 1_000_000).side, 1);
    }

    #[test]
    fn an_instant_before_receipt_reads_as_receipt() {
        let c = clock(0, 29_500, vec![]);
        let early = clock_reading(&c, 1_000_000 - 5_000);
        assert_eq!(
            early.remaining_ms, 29_500,
            "never more than the server said"
        );
        assert_eq!(early.shown, face(0, 0, 30));
        assert_eq!(early.next_change_at_ms, Some(1_000_500));
        assert_eq!(early, clock_reading(&c, 1_000_000));
        assert_eq!(clock_reading(&c, i64::MIN).remaining_ms, 29_500);
    }

    #[test]
    fn next_change_is_when_the_shown_second_drops() {
        let c = clock(0, 12_345, vec![]);
        let first = clock_reading(&c, 1_000_000);
        assert_eq!(first.next_change_at_ms, Some(1_000_345));
        // Just before it the face is the same, at it the face changes.
        let before = clock_reading(&c, 1_000_344);
        assert_eq!(before.shown, first.shown);
        assert_eq!(before.next_change_at_ms, Some(1_000_345));
        let at = clock_reading(&c, 1_000_345);
        assert_ne!(at.shown, first.shown);
        assert_eq!(at.shown, face(0, 0, 12));
        // On a whole second the next change is a second away.
        assert_eq!(at.next_change_at_ms, Some(1_001_345));
        let last = clock_reading(&c, 1_000_000 + 12_000);
        assert_eq!(last.remaining_ms, 345);
        assert_eq!(last.next_change_at_ms, Some(1_012_345));
        // Out of time: nothing changes any more.
        assert_eq!(clock_reading(&c, 1_012_345).next_change_at_ms, None);
        assert_eq!(clock_reading(&c, 2_000_000).next_change_at_ms, None);
    }

    #[test]
    fn banks_count_down_only_for_the_side_to_move() {
        let c = clock(1, 183_000, vec![295_000, 183_000, 60_000]);
        let r = clock_reading(&c, 1_000_000 + 3_500);
        // 179.5 s left of side 1's bank; the others stand still.
        assert_eq!(r.banks, vec![face(0, 4, 55), face(0, 3, 0), face(0, 1, 0)]);
        assert_eq!(r.banks[1], r.shown);
        let later = clock_reading(&c, 1_000_000 + 120_000);
        assert_eq!(
            later.banks,
            vec![face(0, 4, 55), face(0, 1, 3), face(0, 1, 0)]
        );
        // Without a game clock there are no banks.
        assert!(clock_reading(&clock(0, 30_000, vec![]), 1_000_000)
            .banks
            .is_empty());
    }

    #[test]
    fn the_away_countdown_before_at_and_after_the_deadline() {
        let back_by = 1_000_000 + 161_000;
        // Just received with 2:41 of grace.
        let r = away_reading(back_by, 1_000_000);
        assert_eq!(r.left_ms, 161_000);
        assert_eq!(r.shown, face(0, 2, 41));
        assert_eq!(r.next_change_at_ms, Some(1_001_000));
        // Mid-second: rounded up, the next change at the whole second.
        let r = away_reading(back_by, 1_000_250);
        assert_eq!(r.left_ms, 160_750);
        assert_eq!(r.shown, face(0, 2, 41));
        assert_eq!(r.next_change_at_ms, Some(1_001_000));
        assert_eq!(away_reading(back_by, 1_001_000).shown, face(0, 2, 40));
        // 1 ms before the deadline still shows 0:01.
        let r = away_reading(back_by, back_by - 1);
        assert_eq!((r.left_ms, r.shown), (1, face(0, 0, 1)));
        assert_eq!(r.next_change_at_ms, Some(back_by));
        // At the deadline and after it: 0:00, never negative, nothing more to redraw.
        for now in [back_by, back_by + 1, back_by + 3_600_000, i64::MAX] {
            let r = away_reading(back_by, now);
            assert_eq!((r.left_ms, r.shown), (0, face(0, 0, 0)), "at {now}");
            assert_eq!(r.next_change_at_ms, None);
        }
        // A device clock set far back never overflows.
        assert_eq!(away_reading(i64::MAX, i64::MIN).left_ms, i64::MAX);
    }
}
