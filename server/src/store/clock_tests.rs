//! The deadlines a game's events set: grace periods, the turn's clock and the game clocks'
//! banks.

use chinese_checkers_core::online::{
    Command, Format, GameEvent, GameRecord, TimeControl, WireMove,
};

use super::{expiry, Clock, AI_TURN_ALLOWANCE_MS};

fn greedy(record: &GameRecord) -> WireMove {
    let legal = record.game().legal_moves();
    let compact: Vec<_> = legal.iter().map(|m| m.compact()).collect();
    let best = chinese_checkers_core::ai::greatest_progress(record.position(), &compact);
    let i = compact.iter().position(|c| *c == best).unwrap();
    WireMove::from_move(&legal[i])
}

/// Plays the side to move's greedy move at `now`; returns the clock after it.
fn play(record: &mut GameRecord, clock: &Clock, now: u64) -> Clock {
    let side = record.to_move();
    let ply = record.ply();
    let mv = greedy(record);
    let events = record.execute(side, &Command::Move { ply, mv }).unwrap();
    clock.after(record, &events, now, 60_000)
}

#[test]
fn a_game_clock_spends_the_time_used_and_adds_the_increment() {
    let tc = TimeControl::Game {
        base_s: 60,
        increment_s: 2,
    };
    let players = vec!["A".into(), "B".into()];
    let (mut record, _) = GameRecord::timed("g", Format::Tripot1, players, vec![], tc);
    let clock = Clock::started(1_000, 60_000, &record);
    assert_eq!(clock.turn, Some(61_000), "side 0 has its whole minute");
    // Side 0 thinks 10 s: 50 s left, plus 2.
    let clock = play(&mut record, &clock, 11_000);
    assert_eq!(clock.banks[0], Some(52_000));
    assert_eq!(
        clock.turn,
        Some(11_000 + 60_000),
        "side 1 starts with its minute"
    );
    // Side 1 thinks 70 s, past its time: nothing left but the increment.
    let clock = play(&mut record, &clock, 81_000);
    assert_eq!(clock.banks[1], Some(2_000));
    assert_eq!(clock.turn, Some(81_000 + 52_000));
    let note = clock.note(&record).unwrap();
    assert_eq!((note.side, note.deadline_ms), (0, 133_000));
    assert_eq!(note.banks_ms, [52_000, 2_000]);
    // Due: the clock plays side 0's move.
    assert_eq!(expiry(&record, &clock, 132_999), None);
    let events = expiry(&record, &clock, 133_000).unwrap();
    assert_eq!(events[0], GameEvent::TimedOut { side: 0 });
}

#[test]
fn per_move_untimed_and_ai_turns() {
    let players = || vec!["A".to_owned(), "B".to_owned(), "C".to_owned()];
    let per_move = TimeControl::PerMove { seconds: 30 };
    let (mut record, _) = GameRecord::timed("g", Format::Sternhalma3, players(), vec![], per_move);
    let clock = Clock::started(0, 60_000, &record);
    assert_eq!(clock.turn, Some(30_000));
    let clock = play(&mut record, &clock, 5_000);
    assert_eq!(clock.turn, Some(35_000), "each move has its 30 s");
    assert!(clock.note(&record).unwrap().banks_ms.is_empty());
    // A disconnection does not restart the turn.
    let events = record
        .execute(0, &Command::Disconnect { grace_ms: 1_000 })
        .unwrap();
    let later = clock.after(&record, &events, 9_000, 60_000);
    assert_eq!(later.turn, Some(35_000));
    assert_eq!(later.away[0], Some(10_000));
    // Untimed: no turn deadline, except for an AI seat to move (in case its instance dies).
    let ai = vec![None, Some(chinese_checkers_core::ai::AiLevel::Easy), None];
    let (mut record, _) = GameRecord::timed(
        "g",
        Format::Sternhalma3,
        players(),
        ai,
        TimeControl::Untimed,
    );
    let clock = Clock::started(0, 60_000, &record);
    assert_eq!(clock.turn, None);
    assert!(clock.note(&record).is_none());
    let clock = play(&mut record, &clock, 1_000);
    assert_eq!(clock.turn, Some(1_000 + AI_TURN_ALLOWANCE_MS));
    // The AI never answered: the sweeper plays its greatest-progress move, no time-out counted.
    let events = expiry(&record, &clock, 1_000 + AI_TURN_ALLOWANCE_MS).unwrap();
    assert!(matches!(events[0], GameEvent::Moved { side: 1, .. }));
}

#[test]
fn stale_deadlines_are_dropped_and_the_others_kept() {
    let clock = Clock {
        away: [Some(5), Some(50), None, None, None, None],
        idle: Some(100),
        turn: Some(7),
        ..Clock::default()
    };
    let (stale, kept) = clock.without_due(10);
    assert_eq!(stale, ["a0", "t"]);
    assert_eq!(kept.away[1], Some(50));
    assert_eq!(kept.next(), Some(50));
}
