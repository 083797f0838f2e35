use super::*;
use rand::{Rng, SeedableRng};

fn names() -> Vec<String> {
    vec!["Ada".to_owned(), "Bob".to_owned()]
}

/// A record with its full event log.
fn new_game(format: Format) -> (GameRecord, Vec<GameEvent>) {
    let mut players = names();
    players.extend(["Cy", "Di", "Ed", "Flo"].map(String::from));
    players.truncate(format.seats());
    let (record, started) = GameRecord::new("g1", format, players);
    (record, vec![started])
}

/// A game of `format` whose seats listed in `ai` are played by the AI at Medium.
fn with_ai(format: Format, ai: &[u8]) -> (GameRecord, Vec<GameEvent>) {
    let levels = (0..format.seats() as u8)
        .map(|s| ai.contains(&s).then_some(crate::ai::AiLevel::Medium))
        .collect();
    let players = (0..format.seats()).map(|s| format!("P{s}")).collect();
    let (record, started) = GameRecord::with_ai("g6", format, players, levels);
    (record, vec![started])
}

/// The greatest-progress move of the side to move (plays games to their end quickly).
fn greedy_move(record: &GameRecord) -> WireMove {
    let legal = record.game().legal_moves();
    let compact: Vec<_> = legal.iter().map(|m| m.compact()).collect();
    let best = crate::ai::greatest_progress(record.position(), &compact);
    let i = compact.iter().position(|c| *c == best).unwrap();
    WireMove::from_move(&legal[i])
}

#[test]
fn a_six_seat_game_with_four_ai_seats_plays_to_its_ranking() {
    let (mut record, mut log) = with_ai(Format::Sternhalma6, &[1, 2, 4, 5]);
    assert_eq!(record.seats(), 6);
    assert_eq!(record.ai_to_move(), None, "seat 0, a person, opens");
    let mut ai_moves = 0;
    for _ in 0..2400 {
        if record.is_over() {
            break;
        }
        let side = record.to_move();
        if record.ai_to_move().is_some() {
            assert!(record.ai_of(side).is_some());
            ai_moves += 1;
        }
        let ply = record.ply();
        let mv = greedy_move(&record);
        run(&mut record, &mut log, side, Command::Move { ply, mv });
    }
    let result = record.result().expect("the game ended").clone();
    assert!(matches!(
        result.reason,
        EndReason::Win | EndReason::MoveLimit
    ));
    let mut ranked: Vec<u8> = result.ranking.iter().flatten().copied().collect();
    ranked.sort();
    assert_eq!(ranked, [0, 1, 2, 3, 4, 5], "every seat is ranked once");
    if let Some(w) = result.winner {
        assert_eq!(result.ranking[0], [w]);
    }
    assert!(ai_moves > 100);
    let replayed = GameRecord::replay("g6", &log).unwrap();
    assert_eq!(replayed.snapshot(3), record.snapshot(3));
    assert_eq!(replayed.ai()[1], Some(crate::ai::AiLevel::Medium));
    assert_eq!(replayed.ai()[0], None);
}

#[test]
fn a_person_leaving_a_multi_seat_game_is_replaced_by_the_ai() {
    let (mut record, mut log) = with_ai(Format::Sternhalma3, &[]);
    // Seat 1 resigns out of turn: the stand-in takes the seat and the game goes on.
    run(&mut record, &mut log, 1, Command::Resign);
    assert_eq!(
        log.last(),
        Some(&GameEvent::SeatToAi {
            side: 1,
            level: STAND_IN_LEVEL
        })
    );
    assert!(!record.is_over());
    assert_eq!(record.ai_of(1), Some(STAND_IN_LEVEL));
    // Resigning again changes nothing: the seat is the AI's.
    assert_eq!(record.command(1, &Command::Resign), Ok(vec![]));
    // Seat 2 drops and its grace runs out: replaced too.
    run(
        &mut record,
        &mut log,
        2,
        Command::Disconnect { grace_ms: 60_000 },
    );
    let since = record.disconnected_since(2).unwrap();
    run(
        &mut record,
        &mut log,
        2,
        Command::Abandon { since_seq: since },
    );
    assert_eq!(record.ai_of(2), Some(STAND_IN_LEVEL));
    assert!(record.connected()[2], "an AI seat is never away");
    assert!(!record.is_over());
    // No draws between three.
    assert!(matches!(
        record.command(0, &Command::Draw(DrawAction::Offer)),
        Err(CommandError::Refused(ErrorCode::NotInThisFormat, _))
    ));
    // The last person leaves: nobody is left to play for, the game ends.
    run(&mut record, &mut log, 0, Command::Resign);
    assert_eq!(
        record.result(),
        Some(&GameResult::new(None, EndReason::Resign))
    );
    // No rematch without people.
    assert!(!record.rematch_agreed());
    let replayed = GameRecord::replay("g6", &log).unwrap();
    assert_eq!(replayed.snapshot(0), record.snapshot(0));
}

#[test]
fn sides_and_starts_are_checked_for_the_seat_count() {
    let (record, _) = with_ai(Format::Sternhalma4, &[3]);
    assert!(matches!(
        record.command(4, &Command::Resign),
        Err(CommandError::Refused(ErrorCode::NotInGame, _))
    ));
    let bad = GameEvent::Started {
        format: Format::Sternhalma4,
        players: vec!["A".into(), "B".into()],
        ai: vec![],
        rated: false,
        clock: TimeControl::Untimed,
    };
    assert!(matches!(
        GameRecord::replay("x", [&bad]),
        Err(RecordError::Unexpected(_))
    ));
    let mut record = record;
    let out_of_range = GameEvent::Reconnected { side: 5 };
    assert!(record.apply(2, &out_of_range).is_err());
    // A snapshot whose lists do not match the seats is refused.
    let mut snap = record.snapshot(0);
    snap.connected.pop();
    assert!(GameRecord::from_snapshot(&snap).is_err());
    let mut snap = record.snapshot(0);
    snap.side = 4;
    assert!(GameRecord::from_snapshot(&snap).is_err());
    // A version 1 snapshot (no `ai`) reads as people only.
    let mut snap = GameRecord::new("g", Format::Tripot1, names()).0.snapshot(1);
    snap.ai.clear();
    assert_eq!(GameRecord::from_snapshot(&snap).unwrap().ai(), [None, None]);
}

#[test]
fn a_rematch_needs_every_person_but_no_ai() {
    let (mut record, _) = with_ai(Format::Sternhalma3, &[2]);
    let ended = GameEvent::Ended {
        result: GameResult::new(Some(2), EndReason::Win),
    };
    record.apply(2, &ended).unwrap();
    run(&mut record, &mut Vec::new(), 0, Command::Rematch);
    assert!(!record.rematch_agreed(), "seat 1 has not asked");
    run(&mut record, &mut Vec::new(), 1, Command::Rematch);
    assert!(record.rematch_agreed(), "the AI seat need not ask");
    // A person who left (their seat went to the AI) is not waited for.
    let (mut record, mut log) = with_ai(Format::Sternhalma3, &[2]);
    run(&mut record, &mut log, 1, Command::Resign);
    record.apply(record.seq() + 1, &ended).unwrap();
    run(&mut record, &mut log, 0, Command::Rematch);
    assert!(record.rematch_agreed());
}

fn run(record: &mut GameRecord, log: &mut Vec<GameEvent>, side: u8, cmd: Command) {
    let events = record.execute(side, &cmd).unwrap();
    log.extend(events.into_iter().map(|(_, e)| e));
}

fn random_move(record: &GameRecord, rng: &mut impl Rng) -> WireMove {
    let legal = record.game().legal_moves();
    WireMove::from_move(&legal[rng.gen_range(0..legal.len())])
}

#[test]
fn random_games_replay_to_the_same_state_in_every_format() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    for format in Format::ALL {
        let (mut record, mut log) = new_game(format);
        for _ in 0..300 {
            if record.is_over() {
                break;
            }
            let side = record.to_move();
            let ply = record.ply();
            let mv = random_move(&record, &mut rng);
            run(&mut record, &mut log, side, Command::Move { ply, mv });
        }
        let replayed = GameRecord::replay("g1", &log).unwrap();
        assert_eq!(replayed.seq(), record.seq());
        assert_eq!(replayed.moves(), record.moves());
        assert_eq!(replayed.position(), record.position());
        let snap = record.snapshot(1);
        let again = GameRecord::from_snapshot(&snap).unwrap();
        assert_eq!(again.snapshot(1), snap);
    }
}

#[test]
fn a_game_plays_to_a_win() {
    // Resign is the quickest end; a real win needs many moves: drive side 0 greedily with the AI.
    let (mut record, mut log) = new_game(Format::Tripot1);
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    for _ in 0..600 {
        if record.is_over() {
            break;
        }
        let side = record.to_move();
        let ply = record.ply();
        let mv = if side == 0 {
            let legal = record.game().legal_moves();
            let compact: Vec<_> = legal.iter().map(|m| m.compact()).collect();
            let best = crate::ai::greatest_progress(record.position(), &compact);
            let i = compact.iter().position(|c| *c == best).unwrap();
            WireMove::from_move(&legal[i])
        } else {
            random_move(&record, &mut rng)
        };
        run(&mut record, &mut log, side, Command::Move { ply, mv });
    }
    let result = record.result().expect("the game ended");
    assert_eq!(result.reason, EndReason::Win);
    assert!(matches!(log.last(), Some(GameEvent::Ended { .. })));
}

#[test]
fn moves_are_idempotent_and_checked() {
    let (mut record, mut log) = new_game(Format::Tripot1);
    let mv = random_move(&record, &mut rand::rngs::StdRng::seed_from_u64(1));
    run(
        &mut record,
        &mut log,
        0,
        Command::Move {
            ply: 0,
            mv: mv.clone(),
        },
    );
    let seq = record.seq();
    // The same move again: acknowledged, not applied.
    assert_eq!(
        record.command(
            0,
            &Command::Move {
                ply: 0,
                mv: mv.clone()
            }
        ),
        Err(CommandError::Duplicate(0))
    );
    assert_eq!(record.seq(), seq);
    let code = |r: Result<Vec<GameEvent>, CommandError>| match r {
        Err(CommandError::Refused(code, _)) => code,
        other => panic!("{other:?}"),
    };
    // Another move at an old ply, a future ply, out of turn, illegal.
    let other = WireMove {
        kind: MoveKind::Pass,
        path: vec![],
    };
    assert_eq!(
        code(record.command(
            0,
            &Command::Move {
                ply: 0,
                mv: other.clone()
            }
        )),
        ErrorCode::WrongPly
    );
    assert_eq!(
        code(record.command(
            1,
            &Command::Move {
                ply: 5,
                mv: other.clone()
            }
        )),
        ErrorCode::WrongPly
    );
    let side1 = random_move(&record, &mut rand::rngs::StdRng::seed_from_u64(2));
    assert_eq!(
        code(record.command(
            0,
            &Command::Move {
                ply: 1,
                mv: side1.clone()
            }
        )),
        ErrorCode::NotYourTurn
    );
    assert_eq!(
        code(record.command(1, &Command::Move { ply: 1, mv: other })),
        ErrorCode::IllegalMove
    );
    let off = WireMove {
        kind: MoveKind::Step,
        path: vec![[0, 0], [30, 0]],
    };
    assert_eq!(
        code(record.command(1, &Command::Move { ply: 1, mv: off })),
        ErrorCode::IllegalMove
    );
    run(
        &mut record,
        &mut log,
        1,
        Command::Move { ply: 1, mv: side1 },
    );
    assert_eq!(record.ply(), 2);
}

#[test]
fn resign_draw_and_rematch() {
    let (mut record, mut log) = new_game(Format::Tripot2);
    run(&mut record, &mut log, 1, Command::Draw(DrawAction::Offer));
    assert_eq!(record.draw_offer(), Some(1));
    assert!(record
        .command(1, &Command::Draw(DrawAction::Accept))
        .is_err());
    run(&mut record, &mut log, 0, Command::Draw(DrawAction::Decline));
    assert_eq!(record.draw_offer(), None);
    assert!(record.command(0, &Command::Rematch).is_err());
    run(&mut record, &mut log, 0, Command::Draw(DrawAction::Offer));
    run(&mut record, &mut log, 1, Command::Draw(DrawAction::Accept));
    assert_eq!(
        record.result(),
        Some(&GameResult::new(None, EndReason::DrawAgreed))
    );
    assert!(record.command(0, &Command::Resign).is_err());
    run(&mut record, &mut log, 0, Command::Rematch);
    assert!(!record.rematch_agreed());
    run(&mut record, &mut log, 1, Command::Rematch);
    assert!(record.rematch_agreed());
    run(
        &mut record,
        &mut log,
        1,
        Command::StartRematch { game: "g2".into() },
    );
    assert_eq!(record.rematch_game(), Some("g2"));
    assert_eq!(
        record.command(0, &Command::StartRematch { game: "g3".into() }),
        Ok(vec![])
    );

    let (mut record, mut log) = new_game(Format::Tripot1);
    run(&mut record, &mut log, 0, Command::Resign);
    assert_eq!(record.result().unwrap().winner, Some(1));
    assert_eq!(record.result().unwrap().reason, EndReason::Resign);
}

#[test]
fn abandonment_needs_an_unbroken_absence() {
    let (mut record, mut log) = new_game(Format::Tripot1);
    run(
        &mut record,
        &mut log,
        1,
        Command::Disconnect { grace_ms: 100 },
    );
    let since = record.disconnected_since(1).unwrap();
    run(&mut record, &mut log, 1, Command::Reconnect);
    // The old timer fires after the side came back: nothing happens.
    assert_eq!(
        record.command(1, &Command::Abandon { since_seq: since }),
        Ok(vec![])
    );
    run(
        &mut record,
        &mut log,
        1,
        Command::Disconnect { grace_ms: 100 },
    );
    let since2 = record.disconnected_since(1).unwrap();
    assert_eq!(
        record.command(1, &Command::Abandon { since_seq: since }),
        Ok(vec![])
    );
    run(
        &mut record,
        &mut log,
        1,
        Command::Abandon { since_seq: since2 },
    );
    assert_eq!(
        record.result(),
        Some(&GameResult::new(Some(0), EndReason::Abandoned))
    );
}

#[test]
fn replay_refuses_broken_streams() {
    let (record, log) = new_game(Format::Tripot1);
    let bad = GameEvent::Moved {
        ply: 0,
        side: 1,
        mv: WireMove {
            kind: MoveKind::Pass,
            path: vec![],
        },
    };
    assert!(GameRecord::replay("g1", [&log[0], &bad]).is_err());
    assert!(GameRecord::replay("g1", [&bad]).is_err());
    let mut r = record.clone();
    assert!(matches!(
        r.apply(5, &GameEvent::Reconnected { side: 0 }),
        Err(RecordError::OutOfOrder { .. })
    ));
}

#[test]
fn the_clock_plays_a_timed_out_move_and_a_player_who_lets_it_three_times_has_left() {
    let clock = TimeControl::PerMove { seconds: 30 };
    let (mut record, started) = GameRecord::timed("t", Format::Tripot1, names(), vec![], clock);
    let mut log = vec![started];
    assert_eq!(record.clock(), clock);
    // Not the ply to move (a stale deadline): nothing.
    assert_eq!(record.command(0, &Command::TimeOut { ply: 3 }), Ok(vec![]));
    assert_eq!(record.command(1, &Command::TimeOut { ply: 0 }), Ok(vec![]));
    for round in 1..=TIMEOUTS_TO_LEAVE {
        let best = greedy_move(&record);
        let events = record
            .command(0, &Command::TimeOut { ply: record.ply() })
            .unwrap();
        assert_eq!(events[0], GameEvent::TimedOut { side: 0 });
        assert!(
            matches!(&events[1], GameEvent::Moved { side: 0, mv, .. } if *mv == best),
            "the greatest-progress move is played: {events:?}"
        );
        let ply = record.ply();
        run(&mut record, &mut log, 0, Command::TimeOut { ply });
        assert_eq!(record.timeouts()[0], round);
        if round < TIMEOUTS_TO_LEAVE {
            assert!(!record.is_over());
            let mv = greedy_move(&record);
            let ply = record.ply();
            run(&mut record, &mut log, 1, Command::Move { ply, mv });
        }
    }
    // The third in a row: treated as having left, the opponent wins.
    assert_eq!(
        record.result(),
        Some(&GameResult::new(Some(1), EndReason::Abandoned))
    );
    let replayed = GameRecord::replay("t", &log).unwrap();
    assert_eq!(replayed.snapshot(0), record.snapshot(0));
    assert_eq!(replayed.timeouts(), [3, 0]);
}

#[test]
fn a_move_of_ones_own_ends_the_run_of_time_outs_and_a_leaver_of_three_is_replaced() {
    let clock = TimeControl::PerMove { seconds: 30 };
    let players = vec!["A".into(), "B".into(), "C".into()];
    let (mut record, started) = GameRecord::timed("t", Format::Sternhalma3, players, vec![], clock);
    let mut log = vec![started];
    let turn = |record: &mut GameRecord, log: &mut Vec<GameEvent>, timeout: bool| {
        let side = record.to_move();
        let ply = record.ply();
        let cmd = if timeout && side == 0 {
            Command::TimeOut { ply }
        } else {
            Command::Move {
                ply,
                mv: greedy_move(record),
            }
        };
        run(record, log, side, cmd);
    };
    // Two time-outs, then a move of its own: the count starts again.
    for _ in 0..2 {
        for _ in 0..3 {
            turn(&mut record, &mut log, true);
        }
    }
    assert_eq!(record.timeouts()[0], 2);
    for _ in 0..3 {
        turn(&mut record, &mut log, false);
    }
    assert_eq!(record.timeouts()[0], 0);
    for _ in 0..9 {
        turn(&mut record, &mut log, true);
    }
    // Three in a row at a table of three: the AI takes the seat, the game goes on.
    assert_eq!(record.ai_of(0), Some(STAND_IN_LEVEL));
    assert!(!record.is_over());
    let replayed = GameRecord::replay("t", &log).unwrap();
    assert_eq!(replayed.snapshot(2), record.snapshot(2));
    // A `timed_out` must be followed by its move.
    let mut broken = GameRecord::replay("t", &log).unwrap();
    let side = broken.to_move();
    broken
        .apply(broken.seq() + 1, &GameEvent::TimedOut { side })
        .unwrap();
    assert!(broken
        .apply(broken.seq() + 1, &GameEvent::DrawDeclined { side })
        .is_err());
    // And only the side to move can time out.
    let mut wrong = GameRecord::replay("t", &log).unwrap();
    let other = (wrong.to_move() + 1) % 3;
    assert!(wrong
        .apply(wrong.seq() + 1, &GameEvent::TimedOut { side: other })
        .is_err());
}

#[test]
fn time_controls_are_checked() {
    assert!(TimeControl::PerMove { seconds: 30 }.check().is_ok());
    assert!(TimeControl::PerMove { seconds: 1 }.check().is_err());
    assert!(TimeControl::Game {
        base_s: 300,
        increment_s: 5
    }
    .check()
    .is_ok());
    assert!(TimeControl::Game {
        base_s: 10,
        increment_s: 5
    }
    .check()
    .is_err());
    // Negative seconds (the apps' numbers are signed) are no time control.
    assert!(TimeControl::PerMove { seconds: -30 }.check().is_err());
    assert!(TimeControl::Game {
        base_s: 300,
        increment_s: -5
    }
    .check()
    .is_err());
    // On the wire a negative number is no time control at all.
    let wire = r#"{"kind":"per_move","seconds":-30}"#;
    assert!(serde_json::from_str::<TimeControl>(wire).is_err());
    assert_eq!(
        Format::Sternhalma4.default_clock(),
        TimeControl::PerMove { seconds: 30 }
    );
    assert_eq!(Format::Tripot1.default_clock(), TimeControl::Untimed);
}
