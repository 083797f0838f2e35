use super::*;
use crate::online::protocol::{ErrorCode, Format};
use crate::online::record::Command;
use crate::rules::MoveKind;

/// A server-side record and two devices in sync with it.
struct Table {
    server: GameRecord,
    log: Vec<(u64, GameEvent)>,
    devices: [ClientGame; 2],
}

impl Table {
    fn new() -> Table {
        let (server, started) = GameRecord::new("g", Format::Tripot1, vec!["A".into(), "B".into()]);
        let devices = [
            ClientGame::from_snapshot(&server.snapshot(0)).unwrap(),
            ClientGame::from_snapshot(&server.snapshot(1)).unwrap(),
        ];
        Table {
            server,
            log: vec![(1, started)],
            devices,
        }
    }

    /// The server executes a device's message; returns the numbered events.
    fn server_runs(&mut self, side: u8, msg: &ClientMsg) -> Vec<(u64, GameEvent)> {
        let ClientMsg::Move { ply, mv, .. } = msg else {
            panic!("{msg:?}")
        };
        let events = self
            .server
            .execute(
                side,
                &Command::Move {
                    ply: *ply,
                    mv: mv.clone(),
                },
            )
            .unwrap();
        self.log.extend(events.iter().cloned());
        events
    }

    fn deliver(&mut self, to: usize, events: &[(u64, GameEvent)]) -> Vec<SyncEffect> {
        events
            .iter()
            .map(|(seq, event)| {
                self.devices[to].receive(&ServerMsg::Event {
                    game: "g".into(),
                    seq: *seq,
                    event: event.clone(),
                })
            })
            .collect()
    }

    fn first_legal(&self, side: usize) -> Move {
        self.devices[side].record().game().legal_moves()[0].clone()
    }
}

#[test]
fn local_move_is_pending_then_committed() {
    let mut t = Table::new();
    let mv = t.first_legal(0);
    let before = *t.devices[0].record().position();
    let msg = t.devices[0].propose(&mv).unwrap();
    assert!(t.devices[0].pending().is_some());
    assert_ne!(
        t.devices[0].display_position(),
        before,
        "the move shows at once"
    );
    assert_eq!(
        *t.devices[0].record().position(),
        before,
        "but is not committed"
    );
    assert_eq!(t.devices[0].propose(&mv), Err(SyncError::MovePending));
    assert_eq!(t.devices[1].propose(&mv), Err(SyncError::NotYourTurn));
    let events = t.server_runs(0, &msg);
    assert_eq!(t.deliver(0, &events), vec![SyncEffect::Committed]);
    assert_eq!(t.deliver(1, &events), vec![SyncEffect::Changed]);
    assert!(t.devices[0].pending().is_none());
    assert_eq!(
        t.devices[0].record().position(),
        t.devices[1].record().position()
    );
    // A duplicate delivery changes nothing.
    assert_eq!(t.deliver(1, &events), vec![SyncEffect::None]);
}

#[test]
fn illegal_local_moves_are_refused_before_sending() {
    let mut t = Table::new();
    let mut mv = t.first_legal(0);
    mv.path.reverse();
    assert!(matches!(
        t.devices[0].propose(&mv),
        Err(SyncError::Illegal(_))
    ));
}

#[test]
fn a_forged_opponent_move_triggers_a_resync() {
    let mut t = Table::new();
    let forged = GameEvent::Moved {
        ply: 0,
        side: 0,
        mv: WireMove {
            kind: MoveKind::Pass,
            path: vec![],
        },
    };
    let effect = t.devices[1].receive(&ServerMsg::Event {
        game: "g".into(),
        seq: 2,
        event: forged,
    });
    assert_eq!(
        effect,
        SyncEffect::Resync(ClientMsg::Resume {
            game: "g".into(),
            last_seq: 1
        })
    );
    assert_eq!(t.devices[1].record().ply(), 0);
}

#[test]
fn a_gap_asks_for_a_resync_and_the_snapshot_heals_it() {
    let mut t = Table::new();
    for _ in 0..4 {
        let side = t.server.to_move();
        let mv = WireMove::from_move(&t.server.game().legal_moves()[0]);
        let ply = t.server.ply();
        let events = t.server_runs(
            side,
            &ClientMsg::Move {
                game: "g".into(),
                ply,
                mv,
            },
        );
        t.deliver(1, &events);
        if ply < 2 {
            t.deliver(0, &events);
        }
    }
    // Device 0 saw events up to 3 and gets event 5: gap.
    let (seq, event) = t.log.last().unwrap().clone();
    let effect = t.devices[0].receive(&ServerMsg::Event {
        game: "g".into(),
        seq,
        event,
    });
    assert!(matches!(
        effect,
        SyncEffect::Resync(ClientMsg::Resume { last_seq: 3, .. })
    ));
    assert!(t.devices[0].is_resyncing());
    let effect = t.devices[0].receive(&ServerMsg::Sync {
        snapshot: t.server.snapshot(0),
    });
    assert_eq!(effect, SyncEffect::Changed);
    assert_eq!(t.devices[0].last_seq(), t.server.seq());
    assert_eq!(t.devices[0].record().position(), t.server.position());
}

#[test]
fn a_pending_move_the_server_never_saw_is_resent_after_a_resync() {
    let mut t = Table::new();
    let mv = t.first_legal(0);
    let msg = t.devices[0].propose(&mv).unwrap();
    // The socket dropped before the server got it; on reconnect the snapshot lacks the move.
    let effect = t.devices[0].receive(&ServerMsg::Sync {
        snapshot: t.server.snapshot(0),
    });
    assert_eq!(effect, SyncEffect::Resend(msg.clone()));
    // This time the server got it, but the answer was lost: the snapshot commits it.
    t.server_runs(0, &msg);
    let effect = t.devices[0].receive(&ServerMsg::Sync {
        snapshot: t.server.snapshot(0),
    });
    assert_eq!(effect, SyncEffect::Committed);
    assert!(t.devices[0].pending().is_none());
}

#[test]
fn a_rejection_drops_the_pending_move_and_resyncs() {
    let mut t = Table::new();
    let mv = t.first_legal(0);
    t.devices[0].propose(&mv).unwrap();
    let effect = t.devices[0].receive(&ServerMsg::error(ErrorCode::WrongPly, "no", Some("g")));
    assert!(matches!(effect, SyncEffect::Resync(_)));
    assert!(t.devices[0].pending().is_none());
    // Errors about another game change nothing.
    let effect = t.devices[1].receive(&ServerMsg::error(ErrorCode::WrongPly, "no", Some("h")));
    assert_eq!(effect, SyncEffect::None);
}

#[test]
fn a_resume_answered_with_events_ends_the_resync() {
    let mut t = Table::new();
    let mv = t.first_legal(0);
    let msg = t.devices[0].propose(&mv).unwrap();
    let first = t.server_runs(0, &msg);
    assert_eq!(t.deliver(0, &first), vec![SyncEffect::Committed]);
    let reply = t.server.game().legal_moves()[0].clone();
    let msg = ClientMsg::Move {
        game: "g".into(),
        ply: 1,
        mv: WireMove::from_move(&reply),
    };
    let second = t.server_runs(1, &msg);
    // Device 1 missed the first move and sees the second: a gap, then the missed events.
    assert!(matches!(t.deliver(1, &second)[0], SyncEffect::Resync(_)));
    assert!(t.devices[1].is_resyncing());
    t.deliver(1, &first);
    t.deliver(1, &second);
    assert!(
        !t.devices[1].is_resyncing(),
        "events in order end the resync"
    );
    assert_eq!(t.devices[1].record().ply(), 2);
    // A later gap is noticed again.
    t.deliver(0, &second);
    let mv = t.first_legal(0);
    let msg = t.devices[0].propose(&mv).unwrap();
    let third = t.server_runs(0, &msg);
    let gap = [(third[0].0 + 1, third[0].1.clone())];
    assert!(matches!(t.deliver(1, &gap)[0], SyncEffect::Resync(_)));
}

#[test]
fn a_resume_that_missed_nothing_is_answered_up_to_date_and_ends_the_resync() {
    let mut t = Table::new();
    let resume = t.devices[1].resume_msg();
    assert!(t.devices[1].is_resyncing());
    let ClientMsg::Resume { game, last_seq } = resume else {
        panic!("{resume:?}")
    };
    // Another game's answer changes nothing.
    let other = ServerMsg::UpToDate {
        game: "h".into(),
        seq: last_seq,
    };
    assert_eq!(t.devices[1].receive(&other), SyncEffect::None);
    assert!(t.devices[1].is_resyncing());
    let up = ServerMsg::UpToDate {
        game: game.clone(),
        seq: last_seq,
    };
    assert_eq!(t.devices[1].receive(&up), SyncEffect::Changed);
    assert!(!t.devices[1].is_resyncing());
    // Said again, nothing to do.
    assert_eq!(t.devices[1].receive(&up), SyncEffect::None);
    // The server says it has more than we do: fetch it.
    let ahead = ServerMsg::UpToDate {
        game,
        seq: last_seq + 1,
    };
    assert!(matches!(
        t.devices[1].receive(&ahead),
        SyncEffect::Resync(ClientMsg::Resume { .. })
    ));
}
