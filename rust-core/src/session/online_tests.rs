//! Tests of the online session, driven by scripted server frames built from a server-side
//! [`GameRecord`] (the code the real server runs).

use super::*;
use crate::online::record::Command;
use crate::online::{decode_client, ErrorCode, GameRecord, WireMove};
use crate::rules::board::coords;
use crate::rules::{Move, MoveKind};

const TOKEN: &str = "device-token-0123456789";

/// One device in online mode and the server's record of its game.
struct Script {
    device: OnlineSession,
    server: GameRecord,
}

fn frame(msg: &ServerMsg) -> String {
    encode(msg)
}

impl Script {
    /// Hello, welcome, matched and the first snapshot: the device plays `side`.
    fn start(side: u8) -> Script {
        let mut device = OnlineSession::new();
        let hello = device.hello(TOKEN, "  Ann  ").unwrap();
        assert!(matches!(
            decode_client(&hello[0]).unwrap(),
            ClientMsg::Hello { ref name, .. } if name == "Ann"
        ));
        assert_eq!(device.view().banner.unwrap().kind, BannerKind::Connecting);
        let welcome = ServerMsg::Welcome {
            v: PROTOCOL_VERSION,
            name: "Ann".into(),
            games: Vec::new(),
        };
        assert!(device.receive(&frame(&welcome)).unwrap().is_empty());
        let q = device.quick_match(Some(OnlineFormat::Tripot1)).unwrap();
        assert!(matches!(
            decode_client(&q[0]).unwrap(),
            ClientMsg::QuickMatch {
                format: Some(Format::Tripot1)
            }
        ));
        let searching = ServerMsg::Searching {
            format: Some(Format::Tripot1),
        };
        device.receive(&frame(&searching)).unwrap();
        assert_eq!(device.view().banner.unwrap().kind, BannerKind::Waiting);
        let players = if side == 0 {
            ["Ann".to_string(), "Bob".to_string()]
        } else {
            ["Bob".to_string(), "Ann".to_string()]
        };
        let (server, _) = GameRecord::new("g1", Format::Tripot1, players);
        let matched = ServerMsg::Matched {
            game: "g1".into(),
            side,
            format: Format::Tripot1,
            opponent: "Bob".into(),
        };
        device.receive(&frame(&matched)).unwrap();
        let sync = ServerMsg::Sync {
            snapshot: server.snapshot(side),
        };
        assert!(device.receive(&frame(&sync)).unwrap().is_empty());
        let v = device.view();
        let online = v.online.clone().unwrap();
        assert_eq!(online.game.as_deref(), Some("g1"));
        assert_eq!(online.side, Some(u32::from(side)));
        assert!(!online.searching);
        Script { device, server }
    }

    /// The server runs a command of `side` and the device receives the events; returns what the
    /// device sends back.
    fn server_runs(&mut self, side: u8, command: &Command) -> Vec<String> {
        let events = self.server.execute(side, command).unwrap();
        let mut out = Vec::new();
        for (seq, event) in events {
            let msg = ServerMsg::Event {
                game: "g1".into(),
                seq,
                event,
            };
            out.extend(self.device.receive(&frame(&msg)).unwrap());
        }
        out
    }

    /// A step move for whoever is to move on the server.
    fn a_step(&self) -> Move {
        self.server
            .game()
            .legal_moves()
            .into_iter()
            .find(|m| m.kind == MoveKind::Step)
            .unwrap()
    }

    /// Plays `mv` on the device with two taps; returns the message sent.
    fn tap_move(&mut self, mv: &Move) -> ClientMsg {
        let [q, r] = coords(mv.path[0]);
        assert!(self.device.tap(q, r).unwrap().is_empty());
        let [q, r] = coords(mv.path[1]);
        let out = self.device.tap(q, r).unwrap();
        assert_eq!(out.len(), 1);
        decode_client(&out[0]).unwrap()
    }
}

#[test]
fn local_move_is_pending_then_committed() {
    let mut s = Script::start(0);
    let v = s.device.view();
    assert!(!v.capabilities.can_undo && !v.capabilities.can_redo && !v.capabilities.can_hint);
    assert!(v.capabilities.can_resign && v.capabilities.can_offer_draw);
    assert!(!v.capabilities.ai_to_move);
    assert!(v.players[0].is_human && !v.players[1].is_human);
    let mv = s.a_step();
    let msg = s.tap_move(&mv);
    let ClientMsg::Move {
        game,
        ply,
        mv: wire,
    } = msg
    else {
        panic!("{msg:?}")
    };
    assert_eq!((game.as_str(), ply), ("g1", 0));
    // Shown at once, marked pending.
    let v = s.device.view();
    assert_eq!(v.banner.as_ref().unwrap().kind, BannerKind::Sending);
    assert_eq!(v.online.as_ref().unwrap().pending_move.len(), 2);
    assert_eq!(v.history.len(), 1);
    assert_eq!(v.to_move, 1);
    // A second move is refused while the first is being sent.
    assert!(s.device.tap(0, 0).is_err());
    // The server's event commits it.
    let out = s.server_runs(0, &Command::Move { ply, mv: wire });
    assert!(out.is_empty());
    let v = s.device.view();
    assert!(v.online.as_ref().unwrap().pending_move.is_empty());
    assert_eq!(v.history.len(), 1);
    assert_ne!(v.banner.map(|b| b.kind), Some(BannerKind::Sending));
    assert_eq!(s.device.client().unwrap().record().ply(), 1);
}

#[test]
fn opponent_move_is_validated_and_applied() {
    let mut s = Script::start(1);
    // Not our turn: taps do nothing that would be sent.
    let mv = s.a_step();
    let [q, r] = coords(mv.path[0]);
    assert!(s.device.tap(q, r).unwrap_or_default().is_empty());
    let out = s.server_runs(
        0,
        &Command::Move {
            ply: 0,
            mv: WireMove::from_move(&mv),
        },
    );
    assert!(out.is_empty());
    let v = s.device.view();
    assert_eq!(v.history.len(), 1);
    assert_eq!(v.to_move, 1);
    assert_eq!(v.last_move.len(), 2);
    // Now we can answer.
    let reply = s.a_step();
    assert!(matches!(s.tap_move(&reply), ClientMsg::Move { ply: 1, .. }));
}

#[test]
fn forged_opponent_move_is_refused_and_resync_requested() {
    let mut s = Script::start(1);
    // A move that is not legal (a peg jumping nowhere): the server never sent it, a forger did.
    let forged = ServerMsg::Event {
        game: "g1".into(),
        seq: 2,
        event: GameEvent::Moved {
            ply: 0,
            side: 0,
            mv: WireMove {
                kind: MoveKind::Step,
                path: vec![[0, 0], [0, 1]],
            },
        },
    };
    let out = s.device.receive(&frame(&forged)).unwrap();
    assert_eq!(out.len(), 1);
    assert!(matches!(
        decode_client(&out[0]).unwrap(),
        ClientMsg::Resume { last_seq: 1, .. }
    ));
    let v = s.device.view();
    assert_eq!(v.history.len(), 0);
    assert_eq!(v.banner.unwrap().kind, BannerKind::Syncing);
    // The snapshot puts it right.
    let sync = ServerMsg::Sync {
        snapshot: s.server.snapshot(1),
    };
    assert!(s.device.receive(&frame(&sync)).unwrap().is_empty());
    assert_ne!(
        s.device.view().banner.map(|b| b.kind),
        Some(BannerKind::Syncing)
    );
}

#[test]
fn gap_asks_for_resume_and_reconnection_resumes() {
    let mut s = Script::start(1);
    let first = s.a_step();
    let events = s
        .server
        .execute(
            0,
            &Command::Move {
                ply: 0,
                mv: WireMove::from_move(&first),
            },
        )
        .unwrap();
    let second = s.a_step();
    let later = s
        .server
        .execute(
            1,
            &Command::Move {
                ply: 1,
                mv: WireMove::from_move(&second),
            },
        )
        .unwrap();
    // Event 2 is lost; event 3 arrives: a gap.
    let (seq, event) = later[0].clone();
    let msg = ServerMsg::Event {
        game: "g1".into(),
        seq,
        event,
    };
    let out = s.device.receive(&frame(&msg)).unwrap();
    assert!(matches!(
        decode_client(&out[0]).unwrap(),
        ClientMsg::Resume { last_seq: 1, .. }
    ));
    // The missed events come, in order.
    for (seq, event) in events.into_iter().chain(later) {
        let msg = ServerMsg::Event {
            game: "g1".into(),
            seq,
            event,
        };
        s.device.receive(&frame(&msg)).unwrap();
    }
    assert_eq!(s.device.view().history.len(), 2);
    // A reconnection: hello again, and the welcome makes the session resume by itself.
    s.device.hello(TOKEN, "Ann").unwrap();
    assert_eq!(s.device.view().banner.unwrap().kind, BannerKind::Connecting);
    let welcome = ServerMsg::Welcome {
        v: PROTOCOL_VERSION,
        name: "Ann".into(),
        games: vec!["g1".into()],
    };
    let out = s.device.receive(&frame(&welcome)).unwrap();
    assert!(matches!(
        decode_client(&out[0]).unwrap(),
        ClientMsg::Resume { last_seq: 3, .. }
    ));
    assert!(matches!(
        decode_client(&s.device.resume().unwrap()[0]).unwrap(),
        ClientMsg::Resume { last_seq: 3, .. }
    ));
}

#[test]
fn refusal_drops_the_pending_move_and_resyncs() {
    let mut s = Script::start(0);
    let mv = s.a_step();
    s.tap_move(&mv);
    let refusal = ServerMsg::error(ErrorCode::WrongPly, "wrong ply", Some("g1"));
    let out = s.device.receive(&frame(&refusal)).unwrap();
    assert!(matches!(
        decode_client(&out[0]).unwrap(),
        ClientMsg::Resume { .. }
    ));
    let v = s.device.view();
    assert!(v.online.unwrap().pending_move.is_empty());
    assert_eq!(v.history.len(), 0);
}

#[test]
fn draw_offer_decline_accept() {
    let mut s = Script::start(0);
    let out = s.device.offer_draw().unwrap();
    assert!(matches!(
        decode_client(&out[0]).unwrap(),
        ClientMsg::Draw {
            action: DrawAction::Offer,
            ..
        }
    ));
    assert!(s.device.answer_draw(true).is_err());
    s.server_runs(0, &Command::Draw(DrawAction::Offer));
    let v = s.device.view();
    assert_eq!(v.banner.unwrap().text, "Draw offered — waiting for Bob");
    assert!(!v.capabilities.can_answer_draw);
    s.server_runs(1, &Command::Draw(DrawAction::Decline));
    assert_eq!(
        s.device.view().banner.unwrap().text,
        "Bob declined the draw"
    );
    // The opponent offers; we accept.
    s.server_runs(1, &Command::Draw(DrawAction::Offer));
    let v = s.device.view();
    assert_eq!(v.banner.unwrap().text, "Bob offers a draw");
    assert!(v.capabilities.can_answer_draw);
    let out = s.device.answer_draw(true).unwrap();
    assert!(matches!(
        decode_client(&out[0]).unwrap(),
        ClientMsg::Draw {
            action: DrawAction::Accept,
            ..
        }
    ));
    s.server_runs(0, &Command::Draw(DrawAction::Accept));
    let v = s.device.view();
    let outcome = v.outcome.unwrap();
    assert_eq!(outcome.reason, EndReason::DrawAgreed);
    assert_eq!(v.banner.unwrap().kind, BannerKind::GameOver);
    assert!(!v.capabilities.can_resign && !v.capabilities.can_offer_draw);
    assert!(v.online.unwrap().can_rematch);
}

#[test]
fn resign_and_rematch_and_disconnection_banners() {
    let mut s = Script::start(1);
    s.server_runs(0, &Command::Disconnect { grace_ms: 60_000 });
    let v = s.device.view();
    assert_eq!(v.banner.unwrap().kind, BannerKind::OpponentDisconnected);
    assert!(!v.online.unwrap().opponent_connected);
    s.server_runs(0, &Command::Reconnect);
    assert_eq!(
        s.device.view().banner.unwrap().kind,
        BannerKind::OpponentReconnected
    );
    let out = s.device.resign().unwrap();
    assert!(matches!(
        decode_client(&out[0]).unwrap(),
        ClientMsg::Resign { .. }
    ));
    assert!(s.device.rematch().is_err());
    s.server_runs(1, &Command::Resign);
    let v = s.device.view();
    let outcome = v.outcome.unwrap();
    assert_eq!(outcome.reason, EndReason::Resigned);
    assert_eq!(outcome.winners, vec![0]);
    assert!(outcome.text.starts_with("You resigned"), "{}", outcome.text);
    assert!(s.device.resign().is_err());
    let out = s.device.rematch().unwrap();
    assert!(matches!(
        decode_client(&out[0]).unwrap(),
        ClientMsg::Rematch { .. }
    ));
    s.server_runs(0, &Command::Rematch);
    assert_eq!(s.device.view().banner.unwrap().text, "Bob wants a rematch");
}

#[test]
fn room_code_banner_and_bad_frames() {
    let mut s = OnlineSession::new();
    assert!(s.hello("short", "Ann").is_err());
    assert!(s.hello(TOKEN, "   ").is_err());
    s.hello(TOKEN, "Ann").unwrap();
    let welcome = ServerMsg::Welcome {
        v: PROTOCOL_VERSION,
        name: "Ann".into(),
        games: Vec::new(),
    };
    s.receive(&frame(&welcome)).unwrap();
    s.create_room(OnlineFormat::Tripot2).unwrap();
    let created = ServerMsg::RoomCreated {
        code: "ABC234".into(),
        format: Format::Tripot2,
        expires_in_s: 600,
    };
    s.receive(&frame(&created)).unwrap();
    let v = s.view();
    assert_eq!(v.online.unwrap().room_code.as_deref(), Some("ABC234"));
    let b = v.banner.unwrap();
    assert_eq!(b.kind, BannerKind::RoomCode);
    assert!(b.text.contains("ABC234"));
    assert!(s.resign().is_err());
    assert!(s.tap(0, 0).is_err());
    assert!(matches!(s.receive("{nope"), Err(SessionError::Online(_))));
    let refused = ServerMsg::error(ErrorCode::RoomNotFound, "No room with that code", None);
    s.receive(&frame(&refused)).unwrap();
    assert!(!new_token_is_shared());
}

/// Two tokens are never the same (the FFI helper is the identity module's).
fn new_token_is_shared() -> bool {
    let a = crate::online::new_token();
    check_token(&a).unwrap();
    a == crate::online::new_token()
}
