use super::*;
use rand::{Rng, SeedableRng};

fn names() -> [String; 2] {
    ["Ada".to_owned(), "Bob".to_owned()]
}

/// A record with its full event log.
fn new_game(format: Format) -> (GameRecord, Vec<GameEvent>) {
    let (record, started) = GameRecord::new("g1", format, names());
    (record, vec![started])
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
        Some(GameResult {
            winner: None,
            reason: EndReason::DrawAgreed
        })
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
        Some(GameResult {
            winner: Some(0),
            reason: EndReason::Abandoned
        })
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
