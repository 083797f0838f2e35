//! Tests of the online session, driven by scripted server frames built from a server-side
//! [`GameRecord`] (the code the real server runs).

use super::*;
use crate::ai::AiLevel;
use crate::online::record::Command;
use crate::online::TimeControl;
use crate::online::{
    check_token, decode_client, encode, ClientMsg, DrawAction, GameEvent, GameRecord, GameSummary,
    ServerMsg, ServerNotice, WireMove, PROTOCOL_VERSION,
};
use crate::rules::board::coords;
use crate::rules::{Move, MoveKind, Preset};
use crate::session::error::SaveError;
use crate::session::types::{Banner, PlayerName, StateChange};
use crate::session::types::{ChangeKind, Coord, EndReason};
use crate::session::SoundCue;
use serde_json::Value;

const TOKEN: &str = "device-token-0123456789";

/// One device in online mode and the server's record of its game.
struct Script {
    device: OnlineSession,
    server: GameRecord,
}

fn frame(msg: &ServerMsg) -> String {
    encode(msg)
}

fn welcome(games: &[&str]) -> String {
    frame(&ServerMsg::Welcome {
        v: PROTOCOL_VERSION,
        name: "Ann".into(),
        games: games.iter().map(|&g| g.to_owned()).collect(),
    })
}

/// The one message of `out`, decoded.
fn only(out: &[String]) -> ClientMsg {
    assert_eq!(out.len(), 1, "{out:?}");
    decode_client(&out[0]).unwrap()
}

fn banner(s: &OnlineSession) -> Option<Banner> {
    s.state().board.banner
}

fn path_of(mv: &Move) -> Vec<Coord> {
    mv.path.iter().map(|&h| Coord::of(h)).collect()
}

/// A session that said hello and was welcomed (no game).
fn welcomed() -> OnlineSession {
    let mut s = OnlineSession::new();
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    assert!(s.receive(&welcome(&[])).unwrap().is_empty());
    assert_eq!(s.state().connection, Connection::Connected);
    s
}

/// A step move for whoever is to move in `record`.
fn step_in(record: &GameRecord) -> Move {
    record
        .game()
        .legal_moves()
        .into_iter()
        .find(|m| m.kind == MoveKind::Step)
        .unwrap()
}

/// Plays `mv` on `device` with two taps; returns what was sent.
fn tap_move(device: &mut OnlineSession, mv: &Move) -> ClientMsg {
    let [q, r] = coords(mv.path[0]);
    assert!(device.tap(q, r).unwrap().is_empty());
    let [q, r] = coords(mv.path[1]);
    only(&device.tap(q, r).unwrap())
}

impl Script {
    /// Hello, welcome, matched and the first snapshot: the device plays `side`.
    fn start(side: u8) -> Script {
        let mut device = OnlineSession::new();
        let st = device.state();
        assert_eq!(st.connection, Connection::Connecting);
        assert!(st.game.is_none());
        let hello = device
            .send(OnlineRequest::Hello {
                token: TOKEN.to_owned(),
                name: "  Ann  ".to_owned(),
            })
            .unwrap();
        assert!(matches!(
            only(&hello),
            ClientMsg::Hello { ref name, v: PROTOCOL_VERSION, .. } if name == "Ann"
        ));
        assert_eq!(banner(&device), Some(Banner::Connecting));
        assert!(device.receive(&welcome(&[])).unwrap().is_empty());
        let st = device.state();
        assert_eq!(st.connection, Connection::Connected);
        assert_eq!(st.name, "Ann");
        let q = device
            .send(OnlineRequest::QuickMatch {
                format: Some(Format::Tripot1),
            })
            .unwrap();
        assert_eq!(
            only(&q),
            ClientMsg::QuickMatch {
                format: Some(Format::Tripot1)
            }
        );
        let searching = ServerMsg::Searching {
            format: Some(Format::Tripot1),
        };
        device.receive(&frame(&searching)).unwrap();
        assert!(device.state().searching);
        assert_eq!(banner(&device), Some(Banner::Waiting));
        let players = if side == 0 {
            vec!["Ann".to_string(), "Bob".to_string()]
        } else {
            vec!["Bob".to_string(), "Ann".to_string()]
        };
        let (server, _) = GameRecord::new("g1", Format::Tripot1, players.clone());
        let matched = ServerMsg::Matched {
            game: "g1".into(),
            side,
            format: Format::Tripot1,
            players: players.clone(),
        };
        device.receive(&frame(&matched)).unwrap();
        let sync = ServerMsg::Sync {
            snapshot: server.snapshot(side),
        };
        assert!(device.receive(&frame(&sync)).unwrap().is_empty());
        let st = device.state();
        let game = st.game.clone().unwrap();
        assert_eq!(game.id, "g1");
        assert_eq!(game.format, Format::Tripot1);
        assert_eq!(game.side, i32::from(side));
        assert_eq!(game.opponent, "Bob");
        assert!(game.pending_move.is_empty());
        assert!(game.opponent_connected && !game.resyncing && !game.over);
        assert!(!st.searching);
        assert_eq!(st.board.banner, None);
        Script { device, server }
    }

    /// The server runs a command of `side` and the device receives the events; returns what the
    /// device sends back.
    fn server_runs(&mut self, side: u8, command: &Command) -> Vec<String> {
        let events = self.server.execute(side, command).unwrap();
        let mut out = Vec::new();
        for (seq, event) in events {
            let msg = ServerMsg::Event {
                game: self.server.id().into(),
                seq,
                event,
            };
            out.extend(self.device.receive(&frame(&msg)).unwrap());
        }
        out
    }

    /// A step move for whoever is to move on the server.
    fn a_step(&self) -> Move {
        step_in(&self.server)
    }

    /// Plays `mv` on the device with two taps; returns the message sent.
    fn tap_move(&mut self, mv: &Move) -> ClientMsg {
        tap_move(&mut self.device, mv)
    }

    /// The server receives the device's move message (as the real server would).
    fn server_gets(&mut self, side: u8, msg: ClientMsg) -> Vec<String> {
        let ClientMsg::Move { ply, mv, .. } = msg else {
            panic!("{msg:?}")
        };
        self.server_runs(side, &Command::Move { ply, mv })
    }
}

#[test]
fn local_move_is_pending_then_committed() {
    let mut s = Script::start(0);
    let b = s.device.state().board;
    let c = b.capabilities;
    assert!(!c.can_undo && !c.can_redo && !c.can_hint && !c.can_replay);
    assert!(c.can_resign && c.can_offer_draw && !c.can_answer_draw && !c.can_rematch);
    assert!(!b.ai_to_move);
    assert_eq!(b.players[0].player, SeatPlayer::Person);
    assert_eq!(b.players[1].player, SeatPlayer::Remote);
    assert_eq!(b.players[0].name, PlayerName::You);
    assert_eq!(b.players[1].name, PlayerName::Named { name: "Bob".into() });
    let mv = s.a_step();
    let msg = s.tap_move(&mv);
    let ClientMsg::Move {
        ref game,
        ply,
        mv: ref wire,
    } = msg
    else {
        panic!("{msg:?}")
    };
    assert_eq!((game.as_str(), ply), ("g1", 0));
    assert_eq!(wire, &WireMove::from_move(&mv));
    // Shown at once, marked pending.
    let st = s.device.state();
    assert_eq!(st.board.banner, Some(Banner::Sending));
    assert_eq!(st.game.as_ref().unwrap().pending_move, path_of(&mv));
    assert_eq!(st.board.history.len(), 1);
    assert_eq!(st.board.history[0].player, 0);
    assert_eq!(st.board.history[0].kind, MoveKind::Step);
    assert_eq!(st.board.to_move, 1);
    // A second move is refused while the first is being sent.
    assert_eq!(s.device.tap(0, 0), Err(MoveError::MoveInFlight));
    assert_eq!(s.device.end_jump(), Err(MoveError::MoveInFlight));
    // The server's event commits it.
    let out = s.server_gets(0, msg);
    assert!(out.is_empty());
    let st = s.device.state();
    assert!(st.game.as_ref().unwrap().pending_move.is_empty());
    assert_eq!(st.board.history.len(), 1);
    assert_eq!(st.board.banner, None);
    // Committing draws nothing new.
    assert_eq!(st.board.change.kind, ChangeKind::Refresh);
    assert_eq!(s.device.client().unwrap().record().ply(), 1);
}

#[test]
fn opponent_move_is_validated_and_applied() {
    let mut s = Script::start(1);
    let st = s.device.state();
    assert_eq!(st.board.players[1].name, PlayerName::You);
    assert_eq!(st.board.players[0].player, SeatPlayer::Remote);
    // Not our turn: taps send nothing.
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
    let b = s.device.state().board;
    assert_eq!(b.history.len(), 1);
    assert_eq!(b.history[0].player, 0);
    assert_eq!(b.to_move, 1);
    assert_eq!(b.last_move, path_of(&mv));
    // Now we can answer.
    let reply = s.a_step();
    assert!(matches!(s.tap_move(&reply), ClientMsg::Move { ply: 1, .. }));
}

#[test]
fn revision_grows_and_opponent_move_is_animated() {
    let mut s = Script::start(1);
    let mut last = s.device.state().board.revision;
    let mut grew = |s: &Script| {
        let r = s.device.state().board.revision;
        assert!(r > last, "{r} after {last}");
        last = r;
    };
    s.device.receive(&frame(&ServerMsg::Pong)).unwrap();
    grew(&s);
    assert_eq!(s.device.state().board.change, StateChange::default());
    let mv = s.a_step();
    s.server_runs(
        0,
        &Command::Move {
            ply: 0,
            mv: WireMove::from_move(&mv),
        },
    );
    grew(&s);
    let change = s.device.state().board.change;
    assert_eq!(change.kind, ChangeKind::NewMove);
    assert_eq!(change.animate, path_of(&mv));
    // The opponent's step, then our turn: two sounds.
    assert_eq!(change.sounds, vec![SoundCue::Step, SoundCue::YourTurn]);
    // Selecting a peg is a refresh.
    let reply = s.a_step();
    let [q, r] = coords(reply.path[0]);
    s.device.tap(q, r).unwrap();
    grew(&s);
    let b = s.device.state().board;
    assert_eq!(b.change.kind, ChangeKind::Refresh);
    assert_eq!(b.selected, Some(Coord::of(reply.path[0])));
    assert!(!b.targets.is_empty());
    // An event that moves nothing keeps the selection and animates nothing.
    s.server_runs(0, &Command::Draw(DrawAction::Offer));
    grew(&s);
    let b = s.device.state().board;
    assert_eq!(b.change.kind, ChangeKind::Refresh);
    assert_eq!(b.selected, Some(Coord::of(reply.path[0])));
    s.device.cancel_touch();
    grew(&s);
    assert_eq!(s.device.state().board.selected, None);
    // Our own move is drawn at once (animated), its confirmation is not.
    let msg = s.tap_move(&reply);
    grew(&s);
    let change = s.device.state().board.change;
    assert_eq!(change.kind, ChangeKind::NewMove);
    assert_eq!(change.animate, path_of(&reply));
    assert_eq!(
        change.sounds,
        vec![SoundCue::Step],
        "our own move: no 'your turn'"
    );
    s.server_gets(1, msg);
    grew(&s);
    assert_eq!(s.device.state().board.change.kind, ChangeKind::Refresh);
    assert_eq!(
        s.device.state().board.change.sounds,
        vec![],
        "the confirmation is silent"
    );
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
    assert_eq!(
        only(&out),
        ClientMsg::Resume {
            game: "g1".into(),
            last_seq: 1
        }
    );
    let st = s.device.state();
    assert_eq!(st.board.history.len(), 0);
    assert!(st.game.unwrap().resyncing);
    assert_eq!(st.board.banner, Some(Banner::Syncing));
    // The snapshot puts it right.
    let sync = ServerMsg::Sync {
        snapshot: s.server.snapshot(1),
    };
    assert!(s.device.receive(&frame(&sync)).unwrap().is_empty());
    let st = s.device.state();
    assert!(!st.game.unwrap().resyncing);
    assert_eq!(st.board.banner, None);
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
    assert!(matches!(only(&out), ClientMsg::Resume { last_seq: 1, .. }));
    // The missed events come, in order.
    for (seq, event) in events.into_iter().chain(later) {
        let msg = ServerMsg::Event {
            game: "g1".into(),
            seq,
            event,
        };
        s.device.receive(&frame(&msg)).unwrap();
    }
    let st = s.device.state();
    assert_eq!(st.board.history.len(), 2);
    assert!(!st.game.unwrap().resyncing);
    // A reconnection: hello again, and the welcome makes the session resume by itself.
    assert!(matches!(
        only(
            &s.device
                .send(OnlineRequest::Hello {
                    token: TOKEN.to_owned(),
                    name: "Ann".to_owned()
                })
                .unwrap()
        ),
        ClientMsg::Hello { .. }
    ));
    assert_eq!(s.device.state().connection, Connection::Reconnecting);
    assert_eq!(banner(&s.device), Some(Banner::Reconnecting));
    let out = s.device.receive(&welcome(&["g1"])).unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::Resume {
            game: "g1".into(),
            last_seq: 3
        }
    );
    assert_eq!(s.device.state().connection, Connection::Connected);
    assert!(matches!(
        only(&s.device.send(OnlineRequest::Resume).unwrap()),
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
    assert!(matches!(only(&out), ClientMsg::Resume { .. }));
    let st = s.device.state();
    assert!(st.game.as_ref().unwrap().pending_move.is_empty());
    assert_eq!(st.board.history.len(), 0);
    assert_eq!(st.last_error, Some(ErrorCode::WrongPly));
    assert_eq!(st.board.banner, Some(Banner::Syncing));
    // Once in step again the refusal shows, until the next move.
    let sync = ServerMsg::Sync {
        snapshot: s.server.snapshot(0),
    };
    s.device.receive(&frame(&sync)).unwrap();
    assert_eq!(
        banner(&s.device),
        Some(Banner::ServerError {
            code: ErrorCode::WrongPly
        })
    );
    s.tap_move(&mv);
    let st = s.device.state();
    assert_eq!(st.last_error, None);
    assert_eq!(st.board.banner, Some(Banner::Sending));
}

#[test]
fn draw_offer_decline_accept() {
    let mut s = Script::start(0);
    let out = s.device.offer_draw().unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::Draw {
            game: "g1".into(),
            action: DrawAction::Offer,
        }
    );
    assert_eq!(s.device.answer_draw(true), Err(OnlineError::NoDrawOffer));
    s.server_runs(0, &Command::Draw(DrawAction::Offer));
    let b = s.device.state().board;
    assert_eq!(b.banner, Some(Banner::DrawOffered { by: 0 }));
    assert!(!b.capabilities.can_answer_draw && !b.capabilities.can_offer_draw);
    // Our own offer cannot be answered by us.
    assert_eq!(s.device.answer_draw(false), Err(OnlineError::NoDrawOffer));
    s.server_runs(1, &Command::Draw(DrawAction::Decline));
    let b = s.device.state().board;
    assert_eq!(b.banner, Some(Banner::DrawDeclined { by: 1 }));
    assert!(b.capabilities.can_offer_draw);
    // The opponent offers; we accept.
    s.server_runs(1, &Command::Draw(DrawAction::Offer));
    let b = s.device.state().board;
    assert_eq!(b.banner, Some(Banner::DrawOffered { by: 1 }));
    assert!(b.capabilities.can_answer_draw);
    let out = s.device.answer_draw(true).unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::Draw {
            game: "g1".into(),
            action: DrawAction::Accept,
        }
    );
    s.server_runs(0, &Command::Draw(DrawAction::Accept));
    let st = s.device.state();
    let outcome = st.board.outcome.clone().unwrap();
    assert_eq!(outcome.reason, EndReason::DrawAgreed);
    assert!(outcome.winners.is_empty());
    assert_eq!(st.board.banner, Some(Banner::GameOver));
    let c = st.board.capabilities;
    assert!(!c.can_resign && !c.can_offer_draw && !c.can_answer_draw);
    assert!(c.can_rematch);
    assert!(st.game.unwrap().over);
    assert_eq!(s.device.offer_draw(), Err(OnlineError::NoGame));
    // Taps on a finished game are ignored.
    assert_eq!(s.device.tap(0, 0), Ok(Vec::new()));
}

#[test]
fn resign_and_rematch_and_disconnection_banners() {
    let mut s = Script::start(1);
    s.server_runs(0, &Command::Disconnect { grace_ms: 60_000 });
    let st = s.device.state();
    assert!(
        matches!(
            st.board.banner,
            Some(Banner::OpponentDisconnected {
                player: 0,
                back_by_ms: Some(_)
            })
        ),
        "{:?}",
        st.board.banner
    );
    assert!(!st.game.unwrap().opponent_connected);
    s.server_runs(0, &Command::Reconnect);
    assert_eq!(
        banner(&s.device),
        Some(Banner::OpponentReconnected { player: 0 })
    );
    assert!(s.device.state().game.unwrap().opponent_connected);
    let out = s.device.resign().unwrap();
    assert_eq!(only(&out), ClientMsg::Resign { game: "g1".into() });
    assert_eq!(s.device.rematch(), Err(OnlineError::NotOver));
    s.server_runs(1, &Command::Resign);
    let st = s.device.state();
    let outcome = st.board.outcome.clone().unwrap();
    assert_eq!(outcome.reason, EndReason::Resigned);
    assert_eq!(outcome.winners, vec![0]);
    // We (seat 1) resigned.
    assert_eq!(outcome.by, Some(1));
    assert_eq!(st.board.change.sounds, vec![SoundCue::Lost]);
    assert_eq!(st.board.banner, Some(Banner::GameOver));
    assert!(st.board.capabilities.can_rematch);
    assert_eq!(s.device.resign(), Err(OnlineError::NoGame));
    let out = s.device.rematch().unwrap();
    assert_eq!(only(&out), ClientMsg::Rematch { game: "g1".into() });
    s.server_runs(0, &Command::Rematch);
    assert_eq!(banner(&s.device), Some(Banner::RematchOffered { by: 0 }));
    s.server_runs(1, &Command::Rematch);
    assert_eq!(banner(&s.device), Some(Banner::RematchOffered { by: 1 }));
    // Both asked: the server starts the new game (sides swapped) and sends it.
    s.server_runs(1, &Command::StartRematch { game: "g2".into() });
    let (g2, _) = GameRecord::new("g2", Format::Tripot1, vec!["Ann".into(), "Bob".into()]);
    let matched = ServerMsg::Matched {
        game: "g2".into(),
        side: 0,
        format: Format::Tripot1,
        players: vec!["Ann".into(), "Bob".into()],
    };
    s.device.receive(&frame(&matched)).unwrap();
    // Still the old game until its snapshot comes.
    assert_eq!(s.device.state().game.unwrap().id, "g1");
    let sync = ServerMsg::Sync {
        snapshot: g2.snapshot(0),
    };
    assert!(s.device.receive(&frame(&sync)).unwrap().is_empty());
    let st = s.device.state();
    let game = st.game.unwrap();
    assert_eq!((game.id.as_str(), game.side), ("g2", 0));
    assert_eq!(game.opponent, "Bob");
    assert!(!game.over);
    assert_eq!(st.board.outcome, None);
    assert_eq!(st.board.banner, None);
    assert_eq!(st.board.players[0].name, PlayerName::You);
    assert!(st.board.capabilities.can_resign && !st.board.capabilities.can_rematch);
    // We open the rematch.
    s.server = g2;
    let mv = s.a_step();
    assert!(matches!(
        s.tap_move(&mv),
        ClientMsg::Move { ref game, ply: 0, .. } if game == "g2"
    ));
}

#[test]
fn abandoned_game_is_won() {
    let mut s = Script::start(1);
    s.server_runs(0, &Command::Disconnect { grace_ms: 1 });
    let since_seq = s.server.seq();
    s.server_runs(0, &Command::Abandon { since_seq });
    let st = s.device.state();
    let outcome = st.board.outcome.clone().unwrap();
    assert_eq!(outcome.reason, EndReason::Abandoned);
    assert_eq!(outcome.winners, vec![1]);
    assert_eq!(outcome.by, Some(0));
    assert_eq!(st.board.banner, Some(Banner::GameOver));
    assert!(st.game.unwrap().over);
    // Bob left: no rematch is offered against him, and none is asked for.
    assert!(!st.board.capabilities.can_rematch);
    assert_eq!(s.device.rematch(), Err(OnlineError::NoGame));
    // A finished game does not stop the search for the next one.
    assert!(matches!(
        only(
            &s.device
                .send(OnlineRequest::QuickMatch { format: None })
                .unwrap()
        ),
        ClientMsg::QuickMatch { format: None }
    ));
}

/// Cancel on a waiting room: the wait ends at once and the server is asked to close the room
/// by its code, as a table is closed by its id.
#[test]
fn a_waiting_room_is_cancelled_by_closing_it() {
    let mut s = OnlineSession::new();
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    s.receive(&welcome(&[])).unwrap();
    s.send(OnlineRequest::CreateRoom {
        format: Format::Tripot2,
        clock: None,
    })
    .unwrap();
    s.receive(&frame(&ServerMsg::RoomCreated {
        code: "ABCD2345".into(),
        format: Format::Tripot2,
        expires_in_s: 600,
    }))
    .unwrap();
    assert_eq!(s.phase(), OnlinePhase::InRoom);
    let out = s.send(OnlineRequest::CloseTable).unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::CloseTable {
            table: "ABCD2345".into()
        }
    );
    let st = s.state();
    assert_eq!(st.room, None);
    assert_eq!(st.board.banner, None);
    assert_eq!(s.phase(), OnlinePhase::Idle);
    assert_eq!(s.send(OnlineRequest::CloseTable), Err(OnlineError::NoTable));
    // Free again: another room may be asked for.
    assert!(s
        .send(OnlineRequest::CreateRoom {
            format: Format::Tripot2,
            clock: None
        })
        .is_ok());
}

#[test]
fn room_code_banner_and_bad_frames() {
    let mut s = OnlineSession::new();
    assert!(matches!(
        s.send(OnlineRequest::Hello {
            token: "short".to_owned(),
            name: "Ann".to_owned()
        }),
        Err(OnlineError::BadToken { .. })
    ));
    assert!(matches!(
        s.send(OnlineRequest::Hello {
            token: TOKEN.to_owned(),
            name: "   ".to_owned()
        }),
        Err(OnlineError::BadName { .. })
    ));
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    // Nothing is looked for before the welcome.
    assert_eq!(
        s.send(OnlineRequest::CreateRoom {
            format: Format::Tripot2,
            clock: None
        }),
        Err(OnlineError::NotConnected)
    );
    s.receive(&welcome(&[])).unwrap();
    let out = s
        .send(OnlineRequest::CreateRoom {
            format: Format::Tripot2,
            clock: None,
        })
        .unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::CreateRoom {
            format: Format::Tripot2,
            clock: None,
            rated: false
        }
    );
    let created = ServerMsg::RoomCreated {
        code: "ABCD2345".into(),
        format: Format::Tripot2,
        expires_in_s: 600,
    };
    s.receive(&frame(&created)).unwrap();
    let st = s.state();
    assert_eq!(
        st.room,
        Some(RoomInfo {
            code: "ABCD2345".into(),
            format: Format::Tripot2,
            expires_in_s: 600,
        })
    );
    assert_eq!(
        st.board.banner,
        Some(Banner::RoomCode {
            code: "ABCD2345".into()
        })
    );
    assert_eq!(s.resign(), Err(OnlineError::NoGame));
    assert_eq!(s.send(OnlineRequest::Away), Err(OnlineError::NoGame));
    assert_eq!(s.send(OnlineRequest::Back), Err(OnlineError::NoGame));
    assert_eq!(s.send(OnlineRequest::Resume), Err(OnlineError::NoGame));
    assert_eq!(s.rematch(), Err(OnlineError::NoGame));
    assert_eq!(s.tap(0, 0), Err(MoveError::NoGame));
    assert_eq!(s.end_jump(), Err(MoveError::NoGame));
    // Frames that cannot be understood are refused and change nothing.
    let revision = s.state().board.revision;
    for bad in [
        "{nope",
        "[]",
        r#"{"type":"teleport"}"#,
        r#"{"type":"welcome","v":1}"#,
    ] {
        assert!(
            matches!(s.receive(bad), Err(OnlineError::Malformed { .. })),
            "{bad}"
        );
    }
    assert_eq!(s.state().board.revision, revision);
    // The friend's side is refused: the room stays, and its code stays up.
    let refused = ServerMsg::error(ErrorCode::RoomNotFound, "No room with that code", None);
    s.receive(&frame(&refused)).unwrap();
    let st = s.state();
    assert_eq!(st.last_error, Some(ErrorCode::RoomNotFound));
    assert!(matches!(st.board.banner, Some(Banner::RoomCode { .. })));
    // The friend joins: the room is gone.
    let matched = ServerMsg::Matched {
        game: "r1".into(),
        side: 0,
        format: Format::Tripot2,
        players: vec!["Ann".into(), "Cat".into()],
    };
    s.receive(&frame(&matched)).unwrap();
    let st = s.state();
    assert_eq!(st.room, None);
    assert_eq!(st.last_error, None);
    assert!(!new_token_is_shared());
}

/// Two tokens are never the same (the FFI helper is the identity module's).
fn new_token_is_shared() -> bool {
    let a = crate::online::new_token();
    check_token(&a).unwrap();
    a == crate::online::new_token()
}

#[test]
fn game_calls_need_a_welcome() {
    let mut s = OnlineSession::new();
    assert_eq!(
        s.send(OnlineRequest::QuickMatch { format: None }),
        Err(OnlineError::NotConnected)
    );
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    assert_eq!(
        s.send(OnlineRequest::QuickMatch { format: None }),
        Err(OnlineError::NotConnected)
    );
    assert_eq!(
        s.send(OnlineRequest::CreateRoom {
            format: Format::Tripot1,
            clock: None
        }),
        Err(OnlineError::NotConnected)
    );
    assert_eq!(
        s.send(OnlineRequest::JoinRoom {
            code: "ABCD2345".to_owned()
        }),
        Err(OnlineError::NotConnected)
    );
    assert_eq!(
        s.send(OnlineRequest::CreateTable {
            format: Format::Tripot1,
            clock: None
        }),
        Err(OnlineError::NotConnected)
    );
    assert_eq!(
        s.send(OnlineRequest::JoinTable {
            table: "t1".to_owned()
        }),
        Err(OnlineError::NotConnected)
    );
    assert_eq!(
        s.send(OnlineRequest::WatchLobby),
        Err(OnlineError::NotConnected)
    );
    assert_eq!(s.send(OnlineRequest::Away), Err(OnlineError::NotConnected));
    assert_eq!(s.send(OnlineRequest::Back), Err(OnlineError::NotConnected));
    s.receive(&welcome(&[])).unwrap();
    assert!(matches!(
        only(&s.send(OnlineRequest::JoinTable { table: "t1".to_owned() }).unwrap()),
        ClientMsg::JoinTable { ref table } if table == "t1"
    ));
    // A game in progress must be finished first.
    let mut g = Script::start(0);
    assert_eq!(
        g.device.send(OnlineRequest::QuickMatch { format: None }),
        Err(OnlineError::GameInProgress)
    );
    assert_eq!(
        g.device.send(OnlineRequest::CreateRoom {
            format: Format::Tripot1,
            clock: None
        }),
        Err(OnlineError::GameInProgress)
    );
    assert_eq!(
        g.device.send(OnlineRequest::JoinRoom {
            code: "ABCD2345".to_owned()
        }),
        Err(OnlineError::GameInProgress)
    );
    assert_eq!(
        g.device.send(OnlineRequest::CreateTable {
            format: Format::Tripot1,
            clock: None
        }),
        Err(OnlineError::GameInProgress)
    );
    assert_eq!(
        g.device.send(OnlineRequest::JoinTable {
            table: "t1".to_owned()
        }),
        Err(OnlineError::GameInProgress)
    );
}

#[test]
fn connection_lost_then_welcome_resumes_and_resends_the_pending_move() {
    let mut s = Script::start(0);
    let mv = s.a_step();
    let sent = s.tap_move(&mv);
    s.device.connection_lost();
    let st = s.device.state();
    assert_eq!(st.connection, Connection::Reconnecting);
    assert_eq!(st.board.banner, Some(Banner::Reconnecting));
    // The move stays drawn, pending.
    assert_eq!(st.game.unwrap().pending_move, path_of(&mv));
    assert_eq!(s.device.tap(0, 0), Err(MoveError::MoveInFlight));
    assert_eq!(
        s.device.send(OnlineRequest::QuickMatch { format: None }),
        Err(OnlineError::NotConnected)
    );
    assert_eq!(
        s.device.send(OnlineRequest::Away),
        Err(OnlineError::NotConnected)
    );
    s.device
        .send(OnlineRequest::Hello {
            token: TOKEN.to_owned(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    assert_eq!(s.device.state().connection, Connection::Reconnecting);
    // The server held our seat meanwhile.
    let held = s
        .server
        .execute(0, &Command::Disconnect { grace_ms: 60_000 })
        .unwrap();
    let out = s.device.receive(&welcome(&["g1"])).unwrap();
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(
        decode_client(&out[0]).unwrap(),
        ClientMsg::Resume {
            game: "g1".into(),
            last_seq: 1
        }
    );
    assert_eq!(decode_client(&out[1]).unwrap(), sent);
    let st = s.device.state();
    assert_eq!(st.connection, Connection::Connected);
    assert_eq!(st.board.banner, Some(Banner::Syncing));
    // The server catches us up, marks us back, then plays the resent move.
    for (seq, event) in held {
        let msg = ServerMsg::Event {
            game: "g1".into(),
            seq,
            event,
        };
        assert!(s.device.receive(&frame(&msg)).unwrap().is_empty());
    }
    s.server_runs(0, &Command::Reconnect);
    assert_eq!(banner(&s.device), Some(Banner::Sending));
    assert!(s.server_gets(0, sent).is_empty());
    let st = s.device.state();
    let game = st.game.unwrap();
    assert!(game.pending_move.is_empty() && !game.resyncing);
    assert_eq!(st.board.history.len(), 1);
    assert_eq!(st.board.to_move, 1);
    assert_eq!(st.board.banner, None);
}

#[test]
fn move_that_reached_the_server_before_the_drop_is_not_played_twice() {
    let mut s = Script::start(0);
    let mv = s.a_step();
    let sent = s.tap_move(&mv);
    // The server played it, but its event was lost with the socket.
    let ClientMsg::Move { ply, mv: wire, .. } = sent.clone() else {
        panic!("{sent:?}")
    };
    let missed = s
        .server
        .execute(0, &Command::Move { ply, mv: wire })
        .unwrap();
    s.device.connection_lost();
    s.device
        .send(OnlineRequest::Hello {
            token: TOKEN.to_owned(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    let out = s.device.receive(&welcome(&["g1"])).unwrap();
    assert_eq!(decode_client(&out[1]).unwrap(), sent);
    for (seq, event) in missed {
        let msg = ServerMsg::Event {
            game: "g1".into(),
            seq,
            event,
        };
        assert!(s.device.receive(&frame(&msg)).unwrap().is_empty());
    }
    // The resent move is only acknowledged.
    assert!(matches!(
        s.server.command(
            0,
            &Command::Move {
                ply,
                mv: WireMove::from_move(&mv)
            }
        ),
        Err(crate::online::CommandError::Duplicate(0))
    ));
    let ack = ServerMsg::Ack {
        game: "g1".into(),
        ply,
    };
    assert!(s.device.receive(&frame(&ack)).unwrap().is_empty());
    let st = s.device.state();
    assert!(st.game.unwrap().pending_move.is_empty());
    assert_eq!(st.board.history.len(), 1);
    assert_eq!(st.board.banner, None);
}

#[test]
fn lost_connection_forgets_the_queue_table_and_lobby() {
    let mut s = welcomed();
    s.send(OnlineRequest::WatchLobby).unwrap();
    let tables = vec![TableInfo {
        id: "t9".into(),
        format: Format::Tripot3,
        host: "Dan".into(),
        seated: 1,
        host_rating: None,
    }];
    s.receive(&frame(&ServerMsg::Lobby { tables })).unwrap();
    s.send(OnlineRequest::CreateTable {
        format: Format::Tripot1,
        clock: None,
    })
    .unwrap();
    let table = TableInfo {
        id: "t1".into(),
        format: Format::Tripot1,
        host: "Ann".into(),
        seated: 1,
        host_rating: None,
    };
    s.receive(&frame(&ServerMsg::TableCreated { table }))
        .unwrap();
    assert!(s.state().table.is_some());
    s.connection_lost();
    let st = s.state();
    assert_eq!(st.connection, Connection::Reconnecting);
    assert_eq!(st.board.banner, Some(Banner::Reconnecting));
    // The server closed our table with the socket; the lobby must be watched again.
    assert_eq!(st.table, None);
    assert!(!st.watching_lobby && st.lobby.is_empty() && !st.searching);
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    // Nothing to resume.
    assert!(s.receive(&welcome(&[])).unwrap().is_empty());
    assert_eq!(s.state().connection, Connection::Connected);
    assert_eq!(banner(&s), None);
    // The server going down is a lost connection too.
    s.send(OnlineRequest::QuickMatch { format: None }).unwrap();
    s.receive(&frame(&ServerMsg::Searching { format: None }))
        .unwrap();
    assert!(s.state().searching);
    s.receive(&frame(&ServerMsg::ShuttingDown {
        reconnect_after_ms: 500,
    }))
    .unwrap();
    let st = s.state();
    assert_eq!(st.connection, Connection::Reconnecting);
    assert!(!st.searching);
    assert_eq!(st.board.banner, Some(Banner::Reconnecting));
}

#[test]
fn lobby_is_watched_and_unwatched() {
    let mut s = welcomed();
    let out = s.send(OnlineRequest::WatchLobby).unwrap();
    assert_eq!(only(&out), ClientMsg::WatchLobby);
    let st = s.state();
    assert!(st.watching_lobby && st.lobby.is_empty());
    let tables = vec![
        TableInfo {
            id: "t1".into(),
            format: Format::Tripot1,
            host: "Bob".into(),
            seated: 1,
            host_rating: None,
        },
        TableInfo {
            id: "t2".into(),
            format: Format::Tripot3,
            host: "Cat".into(),
            seated: 1,
            host_rating: None,
        },
    ];
    s.receive(&frame(&ServerMsg::Lobby {
        tables: tables.clone(),
    }))
    .unwrap();
    assert_eq!(s.state().lobby, tables);
    // A later list replaces it.
    s.receive(&frame(&ServerMsg::Lobby {
        tables: tables[1..].to_vec(),
    }))
    .unwrap();
    assert_eq!(s.state().lobby, tables[1..].to_vec());
    let out = s.send(OnlineRequest::UnwatchLobby).unwrap();
    assert_eq!(only(&out), ClientMsg::UnwatchLobby);
    let st = s.state();
    assert!(!st.watching_lobby && st.lobby.is_empty());
    // A list still on its way when we stopped watching is dropped.
    s.receive(&frame(&ServerMsg::Lobby { tables })).unwrap();
    assert!(s.state().lobby.is_empty());
    // Sitting at a table.
    assert_eq!(
        only(
            &s.send(OnlineRequest::JoinTable {
                table: "t2".to_owned()
            })
            .unwrap()
        ),
        ClientMsg::JoinTable { table: "t2".into() }
    );
}

#[test]
fn room_codes_are_normalised() {
    let mut s = welcomed();
    let out = s
        .send(OnlineRequest::JoinRoom {
            code: "abcd-2345 ".to_owned(),
        })
        .unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::JoinRoom {
            code: "ABCD2345".into(),
            rated: false
        }
    );
    assert_eq!(
        only(
            &s.send(OnlineRequest::JoinRoom {
                code: " x y z w-2 3 4 5".to_owned()
            })
            .unwrap()
        ),
        ClientMsg::JoinRoom {
            code: "XYZW2345".into(),
            rated: false
        }
    );
    for bad in [
        "",
        "ABCD234",
        "ABCD23456",
        "ABCDEFG0",
        "ABCDEFGO",
        "ABCD 23I4",
        "abcd!234",
    ] {
        assert_eq!(
            s.send(OnlineRequest::JoinRoom {
                code: bad.to_owned()
            }),
            Err(OnlineError::BadRoomCode { code: bad.into() }),
            "{bad}"
        );
    }
    // An impossible code is refused even before the welcome.
    let mut fresh = OnlineSession::new();
    assert!(matches!(
        fresh.send(OnlineRequest::JoinRoom {
            code: "nope".to_owned()
        }),
        Err(OnlineError::BadRoomCode { .. })
    ));
}

#[test]
fn table_is_created_then_closed() {
    let mut s = welcomed();
    let out = s
        .send(OnlineRequest::CreateTable {
            format: Format::Tripot2,
            clock: None,
        })
        .unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::CreateTable {
            format: Format::Tripot2,
            clock: None
        }
    );
    let table = TableInfo {
        id: "t7".into(),
        format: Format::Tripot2,
        host: "Ann".into(),
        seated: 1,
        host_rating: None,
    };
    s.receive(&frame(&ServerMsg::TableCreated {
        table: table.clone(),
    }))
    .unwrap();
    let st = s.state();
    assert_eq!(st.table, Some(table));
    assert_eq!(st.board.banner, Some(Banner::Waiting));
    let out = s.send(OnlineRequest::CloseTable).unwrap();
    assert_eq!(only(&out), ClientMsg::CloseTable { table: "t7".into() });
    let st = s.state();
    assert_eq!(st.table, None);
    assert_eq!(st.board.banner, None);
    assert_eq!(s.send(OnlineRequest::CloseTable), Err(OnlineError::NoTable));
    // Someone sits at a table: it is no longer open.
    s.send(OnlineRequest::CreateTable {
        format: Format::Tripot1,
        clock: None,
    })
    .unwrap();
    let table = TableInfo {
        id: "t8".into(),
        format: Format::Tripot1,
        host: "Ann".into(),
        seated: 1,
        host_rating: None,
    };
    s.receive(&frame(&ServerMsg::TableCreated { table }))
        .unwrap();
    let matched = ServerMsg::Matched {
        game: "g5".into(),
        side: 0,
        format: Format::Tripot1,
        players: vec!["Ann".into(), "Eve".into()],
    };
    s.receive(&frame(&matched)).unwrap();
    assert_eq!(s.state().table, None);
}

#[test]
fn quick_match_can_be_cancelled() {
    let mut s = welcomed();
    s.send(OnlineRequest::QuickMatch {
        format: Some(Format::Tripot3),
    })
    .unwrap();
    s.receive(&frame(&ServerMsg::Searching {
        format: Some(Format::Tripot3),
    }))
    .unwrap();
    assert!(s.state().searching);
    assert_eq!(
        only(&s.send(OnlineRequest::CancelMatch).unwrap()),
        ClientMsg::CancelMatch
    );
    s.receive(&frame(&ServerMsg::MatchCancelled)).unwrap();
    assert!(!s.state().searching);
    assert_eq!(banner(&s), None);
}

#[test]
fn away_and_back() {
    let mut s = Script::start(0);
    assert_eq!(
        only(&s.device.send(OnlineRequest::Away).unwrap()),
        ClientMsg::Away { game: "g1".into() }
    );
    // Back in the foreground: catch up with what happened meanwhile.
    let out = s.device.send(OnlineRequest::Back).unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::Resume {
            game: "g1".into(),
            last_seq: 1
        }
    );
    // The server may have nothing to send: no "Syncing" waits for it.
    assert_eq!(banner(&s.device), None);
    assert!(!s.device.state().game.unwrap().resyncing);
    // Or the opponent's moves it missed.
    let mv = s.a_step();
    let sent = s.tap_move(&mv);
    s.server_gets(0, sent);
    let reply = s.a_step();
    let missed = s
        .server
        .execute(
            1,
            &Command::Move {
                ply: 1,
                mv: WireMove::from_move(&reply),
            },
        )
        .unwrap();
    assert!(matches!(
        only(&s.device.send(OnlineRequest::Back).unwrap()),
        ClientMsg::Resume { last_seq: 2, .. }
    ));
    for (seq, event) in missed {
        let msg = ServerMsg::Event {
            game: "g1".into(),
            seq,
            event,
        };
        assert!(s.device.receive(&frame(&msg)).unwrap().is_empty());
    }
    let b = s.device.state().board;
    assert_eq!(b.history.len(), 2);
    assert_eq!(b.to_move, 0);
    // A finished game is not away.
    s.server_runs(0, &Command::Resign);
    assert_eq!(s.device.send(OnlineRequest::Away), Err(OnlineError::NoGame));
}

#[test]
fn set_name_cleans_and_refuses() {
    let mut s = welcomed();
    assert_eq!(s.state().name, "Ann");
    let out = s
        .send(OnlineRequest::SetName {
            name: "  Zoe   Quinn ".to_owned(),
        })
        .unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::SetName {
            name: "Zoe Quinn".into()
        }
    );
    assert_eq!(s.state().name, "Zoe Quinn");
    let long = "x".repeat(25);
    for bad in ["", "   ", "Zoe\u{7}", long.as_str()] {
        assert!(
            matches!(
                s.send(OnlineRequest::SetName {
                    name: bad.to_owned()
                }),
                Err(OnlineError::BadName { .. })
            ),
            "{bad:?}"
        );
    }
    assert_eq!(s.state().name, "Zoe Quinn");
    // The server's welcome has the last word.
    s.connection_lost();
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Zoe Quinn".to_owned(),
    })
    .unwrap();
    s.receive(&welcome(&[])).unwrap();
    assert_eq!(s.state().name, "Ann");
}

#[test]
fn server_error_sets_last_error_and_banner() {
    let mut s = welcomed();
    s.send(OnlineRequest::JoinRoom {
        code: "ABCD2345".to_owned(),
    })
    .unwrap();
    let refused = ServerMsg::error(ErrorCode::RoomNotFound, "No room with that code", None);
    assert!(s.receive(&frame(&refused)).unwrap().is_empty());
    let st = s.state();
    assert_eq!(st.last_error, Some(ErrorCode::RoomNotFound));
    assert_eq!(
        st.board.banner,
        Some(Banner::ServerError {
            code: ErrorCode::RoomNotFound
        })
    );
    // The next action clears it, and it does not come back once the wait ends.
    s.send(OnlineRequest::QuickMatch { format: None }).unwrap();
    let st = s.state();
    assert_eq!(st.last_error, None);
    assert_eq!(st.board.banner, None);
    s.receive(&frame(&ServerMsg::error(
        ErrorCode::AlreadySearching,
        "already searching",
        None,
    )))
    .unwrap();
    assert_eq!(s.state().last_error, Some(ErrorCode::AlreadySearching));
    s.receive(&frame(&ServerMsg::Searching { format: None }))
        .unwrap();
    assert_eq!(banner(&s), Some(Banner::Waiting));
    s.send(OnlineRequest::CancelMatch).unwrap();
    s.receive(&frame(&ServerMsg::MatchCancelled)).unwrap();
    assert_eq!(
        banner(&s),
        Some(Banner::ServerError {
            code: ErrorCode::AlreadySearching
        })
    );
    s.send(OnlineRequest::CreateRoom {
        format: Format::Tripot1,
        clock: None,
    })
    .unwrap();
    assert_eq!(banner(&s), None);
    // A refusal about another game leaves ours alone.
    let mut g = Script::start(1);
    let other = ServerMsg::error(ErrorCode::GameNotFound, "no such game", Some("g0"));
    assert!(g.device.receive(&frame(&other)).unwrap().is_empty());
    let st = g.device.state();
    assert_eq!(st.last_error, Some(ErrorCode::GameNotFound));
    assert!(!st.game.unwrap().resyncing);
    assert_eq!(
        st.board.banner,
        Some(Banner::ServerError {
            code: ErrorCode::GameNotFound
        })
    );
}

/// Plays one move each, then a move of ours that is still pending.
fn mid_game_with_pending_move() -> (Script, ClientMsg) {
    let mut s = Script::start(0);
    let mv = s.a_step();
    let sent = s.tap_move(&mv);
    s.server_gets(0, sent);
    let reply = s.a_step();
    s.server_runs(
        1,
        &Command::Move {
            ply: 1,
            mv: WireMove::from_move(&reply),
        },
    );
    let mv = s.a_step();
    let sent = s.tap_move(&mv);
    assert!(matches!(sent, ClientMsg::Move { ply: 2, .. }));
    (s, sent)
}

#[test]
fn save_and_restore_keep_the_game_and_the_pending_move() {
    let (mut s, sent) = mid_game_with_pending_move();
    let text = s.device.save();
    let mut restored = OnlineSession::restore(&text).unwrap();
    let (a, b) = (s.device.state(), restored.state());
    assert_eq!(b.connection, Connection::Connecting);
    assert_eq!(b.name, "Ann");
    assert_eq!(a.game, b.game);
    assert_eq!(b.game.as_ref().unwrap().opponent, "Bob");
    assert_eq!(b.game.as_ref().unwrap().pending_move.len(), 2);
    assert_eq!(a.board.holes, b.board.holes);
    assert_eq!(a.board.history, b.board.history);
    assert_eq!(a.board.players, b.board.players);
    assert_eq!(a.board.last_move, b.board.last_move);
    assert_eq!(a.board.to_move, b.board.to_move);
    assert_eq!(b.board.banner, Some(Banner::Connecting));
    // Saving again gives the same text.
    assert_eq!(restored.save(), text);
    // Connecting resumes the game and sends the move again.
    restored
        .send(OnlineRequest::Hello {
            token: TOKEN.to_owned(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    let out = restored.receive(&welcome(&["g1"])).unwrap();
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(
        decode_client(&out[0]).unwrap(),
        ClientMsg::Resume {
            game: "g1".into(),
            last_seq: s.server.seq()
        }
    );
    assert_eq!(decode_client(&out[1]).unwrap(), sent);
    // The server plays it; the restored session commits it.
    s.device = restored;
    assert!(s.server_gets(0, sent).is_empty());
    let st = s.device.state();
    assert!(st.game.unwrap().pending_move.is_empty());
    assert_eq!(st.board.history.len(), 3);
    assert_eq!(st.board.banner, None);
}

#[test]
fn save_without_a_game_restores_an_empty_session() {
    let s = welcomed();
    let restored = OnlineSession::restore(&s.save()).unwrap();
    let st = restored.state();
    assert!(st.game.is_none());
    assert_eq!(st.name, "Ann");
    assert_eq!(st.connection, Connection::Connecting);
    assert_eq!(st.board.history.len(), 0);
}

#[test]
fn restore_refuses_damaged_and_newer_saves() {
    let (s, _) = mid_game_with_pending_move();
    let text = s.device.save();
    let corrupt = |t: &str| {
        assert!(
            matches!(OnlineSession::restore(t), Err(SaveError::Corrupt { .. })),
            "{t}"
        )
    };
    corrupt("");
    corrupt("{");
    corrupt("[]");
    corrupt("{}");
    corrupt(&text[..text.len() / 2]);
    let value: Value = serde_json::from_str(&text).unwrap();
    let edit = |f: &dyn Fn(&mut Value)| {
        let mut v = value.clone();
        f(&mut v);
        v.to_string()
    };
    // Another kind of save.
    corrupt(&edit(&|v| v["format"] = "chinese-checkers".into()));
    corrupt(&edit(&|v| v["version"] = 0.into()));
    corrupt(&edit(&|v| v["surprise"] = true.into()));
    // A game that does not replay, and a pending move the rules refuse.
    corrupt(&edit(&|v| {
        v["game"]["moves"][0] = serde_json::json!({"kind": "step", "path": [[0, 0], [0, 1]]})
    }));
    corrupt(&edit(&|v| {
        v["pending"] = serde_json::json!({"kind": "step", "path": [[0, 0], [0, 1]]})
    }));
    // Written by a newer app.
    assert_eq!(
        OnlineSession::restore(&edit(&|v| v["version"] = 2.into())).unwrap_err(),
        SaveError::TooNew {
            found: 2,
            supported: 1
        }
    );
}

#[test]
fn welcome_with_an_unknown_game_picks_it_up() {
    // The server's game: Bob opened, we (side 1) have not answered yet.
    let (mut server, _) = GameRecord::new("g7", Format::Tripot2, vec!["Bob".into(), "Ann".into()]);
    let first = step_in(&server);
    server
        .execute(
            0,
            &Command::Move {
                ply: 0,
                mv: WireMove::from_move(&first),
            },
        )
        .unwrap();
    // A fresh install of the app (nothing saved).
    let mut device = OnlineSession::new();
    device
        .send(OnlineRequest::Hello {
            token: TOKEN.to_owned(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    let out = device.receive(&welcome(&["g7"])).unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::Resume {
            game: "g7".into(),
            last_seq: 0
        }
    );
    assert!(device.state().game.is_none());
    // Meanwhile the game is being picked up: no new quick match starts over it.
    assert!(device.state().joining);
    assert_eq!(
        device.send(OnlineRequest::QuickMatch { format: None }),
        Err(OnlineError::GameInProgress)
    );
    // Events of other games are ignored meanwhile.
    let stray = ServerMsg::Sync {
        snapshot: GameRecord::new("g8", Format::Tripot1, vec!["X".into(), "Y".into()])
            .0
            .snapshot(0),
    };
    assert!(device.receive(&frame(&stray)).unwrap().is_empty());
    assert!(device.state().game.is_none());
    let sync = ServerMsg::Sync {
        snapshot: server.snapshot(1),
    };
    assert!(device.receive(&frame(&sync)).unwrap().is_empty());
    let st = device.state();
    assert!(!st.joining);
    let game = st.game.unwrap();
    assert_eq!(game.id, "g7");
    assert_eq!(game.format, Format::Tripot2);
    assert_eq!(game.side, 1);
    assert_eq!(game.opponent, "Bob");
    assert!(!game.over);
    assert_eq!(st.board.history.len(), 1);
    assert_eq!(st.board.to_move, 1);
    assert_eq!(st.board.players[1].name, PlayerName::You);
    assert_eq!(
        st.board.players[0].name,
        PlayerName::Named { name: "Bob".into() }
    );
    assert_eq!(st.board.players[0].colours.len(), 2);
    assert_eq!(st.board.banner, None);
    // Our turn.
    let reply = step_in(&server);
    assert!(matches!(
        tap_move(&mut device, &reply),
        ClientMsg::Move { ref game, ply: 1, .. } if game == "g7"
    ));
}

#[test]
fn match_interrupted_by_a_lost_connection_is_picked_up() {
    let mut s = welcomed();
    s.send(OnlineRequest::QuickMatch { format: None }).unwrap();
    let matched = ServerMsg::Matched {
        game: "g3".into(),
        side: 0,
        format: Format::Tripot1,
        players: vec!["Ann".into(), "Bob".into()],
    };
    s.receive(&frame(&matched)).unwrap();
    // The socket drops before the game's snapshot arrives.
    s.connection_lost();
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    let out = s.receive(&welcome(&["g3"])).unwrap();
    assert_eq!(
        only(&out),
        ClientMsg::Resume {
            game: "g3".into(),
            last_seq: 0
        }
    );
    let (server, _) = GameRecord::new("g3", Format::Tripot1, vec!["Ann".into(), "Bob".into()]);
    s.receive(&frame(&ServerMsg::Sync {
        snapshot: server.snapshot(0),
    }))
    .unwrap();
    let game = s.state().game.unwrap();
    assert_eq!((game.id.as_str(), game.side), ("g3", 0));
    assert_eq!(game.opponent, "Bob");
}

/// The delay of the attempt counted last, with its bounds (the nominal ±20%, at most 30 s).
fn delay_within(s: &OnlineSession, nominal: u64) -> u64 {
    let d = s.reconnect_delay_ms().expect("a reconnection is due");
    let (lo, hi) = (nominal * 4 / 5, (nominal * 6 / 5).min(30_000));
    assert!((lo..=hi).contains(&d), "{d} not within {lo}..={hi}");
    d
}

#[test]
fn reconnection_delays_double_up_to_the_cap_with_jitter() {
    let mut s = Script::start(0);
    s.device.set_reconnect_seed(7);
    let nominal = [
        500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ];
    let mut delays = Vec::new();
    for n in nominal {
        // Every lost connection or failed attempt is counted by `connection_lost`.
        s.device.connection_lost();
        let d = delay_within(&s.device, n);
        assert_eq!(
            s.device.reconnect_delay_ms(),
            Some(d),
            "the same until the next attempt"
        );
        delays.push(d);
    }
    // They grow until the cap, and never pass it.
    assert!(delays[..6].windows(2).all(|w| w[0] < w[1]), "{delays:?}");
    assert!(delays.iter().all(|&d| d <= 30_000), "{delays:?}");
    // Far more attempts neither overflow nor pass the cap.
    for _ in 0..100 {
        s.device.connection_lost();
    }
    delay_within(&s.device, 30_000);
}

#[test]
fn reconnection_delays_are_jittered_by_the_seed() {
    let firsts: std::collections::BTreeSet<u64> = (0..50)
        .map(|seed| {
            let mut s = welcomed();
            s.set_reconnect_seed(seed);
            s.connection_lost();
            delay_within(&s, 500)
        })
        .collect();
    // Spread over the ±20% band, not one value for every device.
    assert!(firsts.len() > 20, "{firsts:?}");
    assert!(firsts.iter().any(|&d| d < 460) && firsts.iter().any(|&d| d > 540));
    // The same seed gives the same delays.
    let run = |seed| {
        let mut s = welcomed();
        s.set_reconnect_seed(seed);
        (0..5)
            .map(|_| {
                s.connection_lost();
                s.reconnect_delay_ms().unwrap()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(3), run(3));
    assert_ne!(run(3), run(4));
}

#[test]
fn a_welcome_resets_the_reconnection_delays() {
    let mut s = Script::start(0);
    s.device.set_reconnect_seed(1);
    for _ in 0..4 {
        s.device.connection_lost();
    }
    delay_within(&s.device, 4_000);
    // `hello` alone (the socket is up, the server has not answered) does not reset them.
    s.device
        .send(OnlineRequest::Hello {
            token: TOKEN.to_owned(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    delay_within(&s.device, 4_000);
    s.device.receive(&welcome(&["g1"])).unwrap();
    assert_eq!(s.device.state().connection, Connection::Connected);
    s.device.connection_lost();
    delay_within(&s.device, 500);
}

#[test]
fn no_reconnection_after_leaving_or_after_the_end() {
    // The person left: no reconnection, until they say hello again.
    let mut s = Script::start(0);
    s.device.connection_lost();
    assert!(s.device.reconnect_delay_ms().is_some());
    s.device.send(OnlineRequest::Leave).unwrap();
    assert_eq!(s.device.reconnect_delay_ms(), None);
    s.device.connection_lost();
    assert_eq!(s.device.reconnect_delay_ms(), None);
    s.device
        .send(OnlineRequest::Hello {
            token: TOKEN.to_owned(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    assert!(s.device.reconnect_delay_ms().is_some());

    // Before any game (connecting, in the lobby) a lost connection is reconnected.
    let mut fresh = OnlineSession::new();
    fresh.connection_lost();
    delay_within(&fresh, 500);

    // The game is over and nothing waits: nothing to reconnect for.
    let mut s = Script::start(1);
    s.server_runs(1, &Command::Resign);
    assert!(s.device.state().game.unwrap().over);
    s.device.connection_lost();
    assert_eq!(s.device.reconnect_delay_ms(), None);
    // ... but a room waiting for the friend is.
    s.device
        .send(OnlineRequest::Hello {
            token: TOKEN.to_owned(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    s.device.receive(&welcome(&[])).unwrap();
    s.device
        .send(OnlineRequest::CreateRoom {
            format: Format::Tripot1,
            clock: None,
        })
        .unwrap();
    let room = ServerMsg::RoomCreated {
        code: "ABCDEF".into(),
        format: Format::Tripot1,
        expires_in_s: 600,
    };
    s.device.receive(&frame(&room)).unwrap();
    s.device.connection_lost();
    delay_within(&s.device, 500);
}

#[test]
fn a_replaced_connection_says_so_and_waits_for_the_person() {
    let mut s = Script::start(0);
    let mv = s.a_step();
    let sent = s.tap_move(&mv);
    s.device.send(OnlineRequest::WatchLobby).unwrap();
    // Another connection of this token said hello: the server says so, then closes the socket.
    let notice = encode(&ServerNotice::Replaced {
        message: "this device connected again".into(),
    });
    assert!(s.device.receive(&notice).unwrap().is_empty());
    let st = s.device.state();
    assert_eq!(st.connection, Connection::Replaced);
    assert_eq!(st.board.banner, Some(Banner::Replaced));
    assert!(
        !st.watching_lobby,
        "the lobby is watched again on a new connection"
    );
    // The game and our pending move are kept, but nothing reconnects by itself.
    assert_eq!(st.game.unwrap().pending_move, path_of(&mv));
    s.device.connection_lost();
    assert_eq!(s.device.state().connection, Connection::Replaced);
    assert_eq!(s.device.reconnect_delay_ms(), None);
    assert_eq!(
        s.device.send(OnlineRequest::QuickMatch { format: None }),
        Err(OnlineError::NotConnected)
    );
    // The person comes back to online play here: a hello takes the game back and resends the
    // move, and reconnections are due again if that socket drops.
    s.device
        .send(OnlineRequest::Hello {
            token: TOKEN.to_owned(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    assert_eq!(s.device.state().connection, Connection::Reconnecting);
    let out = s.device.receive(&welcome(&["g1"])).unwrap();
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(decode_client(&out[1]).unwrap(), sent);
    assert_eq!(s.device.state().connection, Connection::Connected);
    s.device.connection_lost();
    delay_within(&s.device, 500);
    // Any other unknown frame is still refused, and changes nothing.
    let before = s.device.state();
    assert!(s.device.receive(r#"{"type":"zz"}"#).is_err());
    assert!(s
        .device
        .receive(r#"{"type":"replaced","message":"x","zz":1}"#)
        .is_err());
    assert_eq!(s.device.state().connection, before.connection);
}

#[test]
fn a_reconnection_that_missed_nothing_is_ended_by_up_to_date() {
    let mut s = Script::start(0);
    s.device.connection_lost();
    s.device
        .send(OnlineRequest::Hello {
            token: TOKEN.to_owned(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    let out = s.device.receive(&welcome(&["g1"])).unwrap();
    let ClientMsg::Resume { game, last_seq } = only(&out) else {
        panic!("{out:?}")
    };
    assert_eq!(banner(&s.device), Some(Banner::Syncing));
    assert!(s.device.state().game.unwrap().resyncing);
    // Nothing was missed: the server says so, like an empty catch-up.
    let up = ServerMsg::UpToDate {
        game,
        seq: last_seq,
    };
    assert!(s.device.receive(&frame(&up)).unwrap().is_empty());
    let st = s.device.state();
    assert!(!st.game.unwrap().resyncing);
    assert_eq!(st.board.banner, None);
    // The game goes on.
    let mv = s.a_step();
    let sent = s.tap_move(&mv);
    assert!(s.server_gets(0, sent).is_empty());
    assert_eq!(s.device.state().board.history.len(), 1);
}

/// A guest at a filling table whose host closes it is told (`table_not_found`, unasked): the wait
/// ends, the banner says why; the same answer to the host changes nothing of the host's.
#[test]
fn a_guest_stops_waiting_when_the_host_closes_the_table() {
    let mut s = welcomed();
    s.send(OnlineRequest::JoinTable {
        table: "t6".to_owned(),
    })
    .unwrap();
    let seated = ServerMsg::Seated {
        id: "t6".into(),
        format: Format::Sternhalma3,
        players: vec!["Ann".into(), "Bob".into()],
        host: false,
    };
    s.receive(&frame(&seated)).unwrap();
    assert_eq!(s.phase(), OnlinePhase::Seated);
    let closed = ServerMsg::error(ErrorCode::TableNotFound, "the host closed it", None);
    s.receive(&frame(&closed)).unwrap();
    let st = s.state();
    assert_eq!(s.phase(), OnlinePhase::Idle);
    assert_eq!(st.seated, None);
    assert_eq!(st.last_error, Some(ErrorCode::TableNotFound));
    assert_eq!(
        st.board.banner,
        Some(Banner::ServerError {
            code: ErrorCode::TableNotFound
        })
    );
    // A host seated at its own filling table keeps its seat on that answer.
    let mut host = welcomed();
    host.send(OnlineRequest::CreateTable {
        format: Format::Sternhalma3,
        clock: None,
    })
    .unwrap();
    host.receive(&frame(&ServerMsg::Seated {
        id: "t7".into(),
        format: Format::Sternhalma3,
        players: vec!["Ann".into(), "Bob".into()],
        host: true,
    }))
    .unwrap();
    host.receive(&frame(&closed)).unwrap();
    assert_eq!(host.phase(), OnlinePhase::Seated);
}

#[test]
fn a_six_seat_table_fills_starts_with_ai_seats_and_shows_every_seat() {
    let mut s = welcomed();
    s.send(OnlineRequest::CreateTable {
        format: Format::Sternhalma6,
        clock: None,
    })
    .unwrap();
    // Not seated anywhere yet: nothing to start or leave.
    assert_eq!(
        s.send(OnlineRequest::FillWithAi {
            level: AiLevel::Hard
        })
        .unwrap_err(),
        OnlineError::NotSeated
    );
    let seated = ServerMsg::Seated {
        id: "t6".into(),
        format: Format::Sternhalma6,
        players: vec!["Ann".into(), "Bob".into()],
        host: true,
    };
    s.receive(&frame(&seated)).unwrap();
    let st = s.state();
    let info = st.seated.clone().unwrap();
    assert_eq!((info.seats, info.players.len(), info.host), (6, 2, true));
    assert_eq!(st.board.banner, Some(Banner::Waiting));
    match only(
        &s.send(OnlineRequest::FillWithAi {
            level: AiLevel::Hard,
        })
        .unwrap(),
    ) {
        ClientMsg::FillWithAi { id, level } => {
            assert_eq!((id.as_str(), level), ("t6", AiLevel::Hard))
        }
        other => panic!("{other:?}"),
    }
    // The game starts: we are seat 3, seats 1, 2, 4 and 5 are the AI's.
    let players: Vec<String> = [
        "Bob",
        "Henri Matisse",
        "Yves Klein",
        "Ann",
        "Simone Veil",
        "Raoul Dufy",
    ]
    .map(String::from)
    .to_vec();
    let ai = [
        None,
        Some(AiLevel::Hard),
        Some(AiLevel::Hard),
        None,
        Some(AiLevel::Hard),
        Some(AiLevel::Hard),
    ];
    let (mut server, _) =
        GameRecord::with_ai("g6", Format::Sternhalma6, players.clone(), ai.to_vec());
    let matched = ServerMsg::Matched {
        game: "g6".into(),
        side: 3,
        format: Format::Sternhalma6,
        players: players.clone(),
    };
    s.receive(&frame(&matched)).unwrap();
    assert_eq!(s.state().seated, None);
    s.receive(&frame(&ServerMsg::Sync {
        snapshot: server.snapshot(3),
    }))
    .unwrap();
    let st = s.state();
    let game = st.game.clone().unwrap();
    assert_eq!(game.side, 3);
    assert_eq!(game.seats.len(), 6);
    assert_eq!(game.seats[1].ai, Some(AiLevel::Hard));
    assert_eq!(game.seats[0].ai, None);
    assert_eq!(
        game.opponent,
        "Bob, Henri Matisse, Yves Klein, Simone Veil, Raoul Dufy"
    );
    assert_eq!(st.board.players.len(), 6);
    assert_eq!(
        st.board.players[1].player,
        SeatPlayer::Ai {
            level: AiLevel::Hard
        }
    );
    assert_eq!(st.board.players[3].player, SeatPlayer::Person);
    assert!(st.board.capabilities.can_resign);
    assert!(
        !st.board.capabilities.can_offer_draw,
        "no draws between six"
    );
    // Bob (seat 0) drops: his seat is held, then handed to the AI.
    let mut seq = server.seq();
    let mut push = |s: &mut OnlineSession, server: &mut GameRecord, side: u8, cmd: Command| {
        for (n, event) in server.execute(side, &cmd).unwrap() {
            seq = n;
            s.receive(&frame(&ServerMsg::Event {
                game: "g6".into(),
                seq,
                event,
            }))
            .unwrap();
        }
    };
    push(
        &mut s,
        &mut server,
        0,
        Command::Disconnect { grace_ms: 60_000 },
    );
    assert!(matches!(
        banner(&s),
        Some(Banner::OpponentDisconnected {
            player: 0,
            back_by_ms: Some(_)
        })
    ));
    assert!(s.state().game.unwrap().seats[0].back_by_ms.is_some());
    assert!(!s.state().game.unwrap().opponent_connected);
    let since = server.disconnected_since(0).unwrap();
    push(
        &mut s,
        &mut server,
        0,
        Command::Abandon { since_seq: since },
    );
    assert_eq!(banner(&s), Some(Banner::PlayerReplaced { player: 0 }));
    let st = s.state();
    assert_eq!(st.game.as_ref().unwrap().seats[0].ai, Some(STAND_IN));
    assert!(st.game.as_ref().unwrap().opponent_connected);
    assert!(!st.game.unwrap().over);
    // Seat 0 (now the AI) opens: its move arrives and is applied.
    let mv = WireMove::from_move(&step_in(&server));
    push(&mut s, &mut server, 0, Command::Move { ply: 0, mv });
    assert_eq!(s.client().unwrap().record().ply(), 1);
    // The session survives a save and restore with its six seats.
    let restored = OnlineSession::restore(&s.save()).unwrap();
    assert_eq!(
        restored.state().game.unwrap().seats,
        s.state().game.unwrap().seats
    );
}

const STAND_IN: AiLevel = crate::online::record::STAND_IN_LEVEL;

#[test]
fn a_timed_game_shows_its_clock_and_the_moves_the_clock_played() {
    let mut s = welcomed();
    let clock = TimeControl::PerMove { seconds: 30 };
    let players = vec!["Ann".to_owned(), "Bob".to_owned()];
    let (mut server, _) = GameRecord::timed("g9", Format::Classic, players.clone(), vec![], clock);
    s.receive(&frame(&ServerMsg::Matched {
        game: "g9".into(),
        side: 1,
        format: Format::Classic,
        players,
    }))
    .unwrap();
    s.receive(&frame(&ServerMsg::Sync {
        snapshot: server.snapshot(1),
    }))
    .unwrap();
    let game = s.state().game.unwrap();
    assert_eq!(game.time_control, clock);
    assert_eq!(game.clock, None, "no clock heard yet");
    // A clock for another game is not ours.
    let other = ServerMsg::Clock {
        game: "zz".into(),
        side: 0,
        left_ms: 1,
        banks_ms: vec![],
    };
    s.receive(&frame(&other)).unwrap();
    assert_eq!(s.state().game.unwrap().clock, None);
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    s.receive(&frame(&ServerMsg::Clock {
        game: "g9".into(),
        side: 0,
        left_ms: 29_500,
        banks_ms: vec![],
    }))
    .unwrap();
    let after = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let heard = s.state().game.unwrap().clock.unwrap();
    assert!(
        (before..=after).contains(&heard.received_at_ms),
        "stamped on arrival: {before} <= {} <= {after}",
        heard.received_at_ms
    );
    assert_eq!(
        heard,
        OnlineClock {
            side: 0,
            left_ms: 29_500,
            banks_ms: vec![],
            received_at_ms: heard.received_at_ms,
        }
    );
    // The state read again keeps the stamp of the frame.
    assert_eq!(s.state().game.unwrap().clock.unwrap(), heard);
    // Bob (side 0) lets his time run out: the clock's move comes with its banner, which stays.
    for (seq, event) in server.execute(0, &Command::TimeOut { ply: 0 }).unwrap() {
        s.receive(&frame(&ServerMsg::Event {
            game: "g9".into(),
            seq,
            event,
        }))
        .unwrap();
    }
    assert_eq!(s.client().unwrap().record().ply(), 1);
    assert_eq!(banner(&s), Some(Banner::MoveTimedOut { player: 0 }));
    assert_eq!(s.client().unwrap().record().timeouts()[0], 1);
}

#[test]
fn finished_games_are_listed_and_a_download_opens_as_a_saved_game() {
    let mut s = welcomed();
    assert_eq!(
        only(&s.send(OnlineRequest::ListGames).unwrap()),
        ClientMsg::ListGames
    );
    let (mut server, started) =
        GameRecord::new("g77", Format::Tripot1, vec!["Ann".into(), "Bob".into()]);
    let mut events = vec![started];
    let mv = WireMove::from_move(&step_in(&server));
    for (_, e) in server.execute(0, &Command::Move { ply: 0, mv }).unwrap() {
        events.push(e);
    }
    for (_, e) in server.execute(1, &Command::Resign).unwrap() {
        events.push(e);
    }
    let summary = GameSummary {
        game: "g77".into(),
        format: Format::Tripot1,
        players: vec!["Ann".into(), "Bob".into()],
        side: 0,
        result: server.result().unwrap().clone(),
        ended_ms: 1_700_000_000_000,
    };
    s.receive(&frame(&ServerMsg::Games {
        games: vec![summary],
    }))
    .unwrap();
    let past = &s.state().past_games.unwrap()[0];
    assert_eq!(past.id, "g77");
    assert_eq!(past.winners, [0]);
    assert_eq!(past.reason, EndReason::Resigned);
    assert_eq!(
        only(
            &s.send(OnlineRequest::DownloadGame {
                game: "g77".to_owned()
            })
            .unwrap()
        ),
        ClientMsg::GetGame { game: "g77".into() }
    );
    s.receive(&frame(&ServerMsg::GameLog {
        game: "g77".into(),
        events: events.clone(),
    }))
    .unwrap();
    let download = s.state().download.unwrap();
    let local = SessionState::restore(&download.save).unwrap();
    assert_eq!(local.game.history().count(), 1);
    // A log that does not replay is refused, and the last good download stays.
    let mut broken = events;
    broken.remove(1);
    broken.push(GameEvent::Reconnected { side: 9 });
    assert!(s
        .receive(&frame(&ServerMsg::GameLog {
            game: "g77".into(),
            events: broken,
        }))
        .is_err());
    assert_eq!(s.state().download.unwrap().id, "g77");
}

#[test]
fn ratings_and_the_change_a_rated_game_made_are_shown() {
    use crate::online::RatingInfo;
    let mut s = welcomed();
    assert_eq!(
        only(&s.send(OnlineRequest::RequestRatings).unwrap()),
        ClientMsg::Ratings
    );
    assert_eq!(s.state().ratings, None);
    s.receive(&frame(&ServerMsg::Ratings {
        ratings: vec![RatingInfo {
            rule_set: Preset::Sternhalma,
            rating: 1534.6,
            rd: 201.2,
            games: 3,
        }],
    }))
    .unwrap();
    assert_eq!(
        s.state().ratings,
        Some(vec![OnlineRating {
            rule_set: Preset::Sternhalma,
            rating: 1535,
            deviation: 201,
            games: 3
        }])
    );
    s.receive(&frame(&ServerMsg::RatingChanged {
        game: "g1".into(),
        rule_set: Preset::Tripot,
        before: 1500,
        after: 1662,
    }))
    .unwrap();
    let change = s.state().rating_change.unwrap();
    assert_eq!((change.before, change.after), (1500, 1662));
}

#[test]
fn a_spectator_sees_the_game_but_cannot_play_it_and_watches_again_after_a_reconnection() {
    let mut s = welcomed();
    assert_eq!(
        only(&s.send(OnlineRequest::WatchGames).unwrap()),
        ClientMsg::WatchGames
    );
    let live = crate::online::LiveGame {
        game: "g5".into(),
        format: Format::Tripot1,
        players: vec!["Bob".into(), "Cy".into()],
        ply: 0,
    };
    s.receive(&frame(&ServerMsg::LiveGames {
        games: vec![live.clone()],
    }))
    .unwrap();
    assert_eq!(s.state().live_games, Some(vec![live]));
    assert!(matches!(
        s.send(OnlineRequest::Spectate {
            game: "g5".to_owned(),
            code: Some("??".into())
        }),
        Err(OnlineError::BadRoomCode { .. })
    ));
    assert_eq!(
        only(
            &s.send(OnlineRequest::Spectate {
                game: "g5".to_owned(),
                code: None
            })
            .unwrap()
        ),
        ClientMsg::Spectate {
            game: "g5".into(),
            code: None
        }
    );
    let (mut server, _) = GameRecord::new("g5", Format::Tripot1, vec!["Bob".into(), "Cy".into()]);
    s.receive(&frame(&ServerMsg::Sync {
        snapshot: server.snapshot(0),
    }))
    .unwrap();
    let st = s.state();
    assert!(st.spectating);
    assert_eq!(
        st.board.players[0].player,
        SeatPlayer::Remote,
        "no seat is ours"
    );
    assert!(!st.board.capabilities.can_resign);
    assert!(!st.board.capabilities.can_rematch);
    assert_eq!(s.tap(0, 4), Err(MoveError::NotYourTurn));
    assert!(s.resign().is_err());
    // Moves arrive as for a player.
    let mv = WireMove::from_move(&step_in(&server));
    for (seq, event) in server.execute(0, &Command::Move { ply: 0, mv }).unwrap() {
        s.receive(&frame(&ServerMsg::Event {
            game: "g5".into(),
            seq,
            event,
        }))
        .unwrap();
    }
    assert_eq!(s.client().unwrap().record().ply(), 1);
    // A watched game is not saved as ours (it would be resumed as our game next time).
    let restored = OnlineSession::restore(&s.save()).unwrap();
    assert!(restored.client().is_none());
    assert!(!restored.state().spectating);
    // No quick match while watching; after a reconnection it watches again.
    assert_eq!(
        s.send(OnlineRequest::QuickMatch { format: None })
            .unwrap_err(),
        OnlineError::GameInProgress
    );
    s.connection_lost();
    assert_eq!(
        only(&s.receive(&welcome(&[])).unwrap()),
        ClientMsg::Spectate {
            game: "g5".into(),
            code: None
        }
    );
    assert_eq!(
        only(&s.send(OnlineRequest::StopSpectating).unwrap()),
        ClientMsg::StopSpectating { game: "g5".into() }
    );
    assert!(!s.state().spectating);
    assert!(s.send(OnlineRequest::QuickMatch { format: None }).is_ok());
}

#[test]
fn a_room_s_game_is_watched_by_its_code_alone_and_a_wrong_code_ends_the_watching() {
    let mut s = welcomed();
    assert!(matches!(
        s.send(OnlineRequest::SpectateRoom {
            code: "??".to_owned()
        }),
        Err(OnlineError::BadRoomCode { .. })
    ));
    // A wrong code: the server's refusal names no game; we watch nothing and may look again.
    assert_eq!(
        only(
            &s.send(OnlineRequest::SpectateRoom {
                code: "abcd 2345".to_owned()
            })
            .unwrap()
        ),
        ClientMsg::Spectate {
            game: String::new(),
            code: Some("ABCD2345".into())
        }
    );
    assert!(s.state().spectating);
    s.receive(&frame(&ServerMsg::error(
        ErrorCode::GameNotFound,
        "no game with that room code",
        None,
    )))
    .unwrap();
    let st = s.state();
    assert!(!st.spectating);
    assert_eq!(st.last_error, Some(ErrorCode::GameNotFound));
    assert!(
        s.send(OnlineRequest::StopSpectating).is_err(),
        "nothing is watched"
    );
    assert_eq!(
        banner(&s),
        Some(Banner::ServerError {
            code: ErrorCode::GameNotFound
        })
    );
    // Another request of the lobby: the refusal was the code's, and is not shown again (it
    // would read as a game that ended).
    assert_eq!(
        only(&s.send(OnlineRequest::ListGames).unwrap()),
        ClientMsg::ListGames
    );
    let st = s.state();
    assert_eq!(st.last_error, None);
    assert_eq!(st.board.banner, None);
    // The right code: the snapshot names the room's game, which is then watched like any.
    s.send(OnlineRequest::SpectateRoom {
        code: "ABCD-2346".to_owned(),
    })
    .unwrap();
    let (server, _) = GameRecord::new("g7", Format::Tripot1, vec!["Ann".into(), "Bo".into()]);
    s.receive(&frame(&ServerMsg::Sync {
        snapshot: server.snapshot(0),
    }))
    .unwrap();
    let st = s.state();
    assert!(st.spectating);
    assert_eq!(st.game.as_ref().map(|g| g.id.as_str()), Some("g7"));
    assert_eq!(s.tap(0, 4), Err(MoveError::NotYourTurn));
    // A reconnection asks for the game by its id and the code.
    s.connection_lost();
    assert_eq!(
        only(&s.receive(&welcome(&[])).unwrap()),
        ClientMsg::Spectate {
            game: "g7".into(),
            code: Some("ABCD2346".into())
        }
    );
    assert_eq!(
        only(&s.send(OnlineRequest::StopSpectating).unwrap()),
        ClientMsg::StopSpectating { game: "g7".into() }
    );
    // Stopping before the game was found sends nothing: the server follows nothing for us.
    s.send(OnlineRequest::SpectateRoom {
        code: "ABCD2347".to_owned(),
    })
    .unwrap();
    assert!(s.send(OnlineRequest::StopSpectating).unwrap().is_empty());
    assert!(!s.state().spectating);
}

#[test]
fn watching_another_game_stops_the_one_watched() {
    let mut s = welcomed();
    s.send(OnlineRequest::Spectate {
        game: "g5".to_owned(),
        code: None,
    })
    .unwrap();
    let out = s
        .send(OnlineRequest::SpectateRoom {
            code: "ABCD2345".to_owned(),
        })
        .unwrap();
    let msgs: Vec<ClientMsg> = out.iter().map(|m| decode_client(m).unwrap()).collect();
    assert_eq!(
        msgs,
        vec![
            ClientMsg::StopSpectating { game: "g5".into() },
            ClientMsg::Spectate {
                game: String::new(),
                code: Some("ABCD2345".into())
            }
        ]
    );
}

#[test]
fn a_connection_never_made_is_not_said_to_be_lost() {
    let mut s = OnlineSession::new();
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    assert_eq!(s.state().connection, Connection::Connecting);
    // The server cannot be reached: still the first connection, tried again later.
    s.connection_lost();
    let st = s.state();
    assert_eq!(st.connection, Connection::Connecting);
    assert_eq!(st.board.banner, Some(Banner::Connecting));
    assert!(s.reconnect_delay_ms().is_some(), "tried again");
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    s.connection_lost();
    assert_eq!(s.state().connection, Connection::Connecting);
    // Asking for a game before any welcome is refused, with a reason the app words.
    assert_eq!(
        s.send(OnlineRequest::QuickMatch { format: None }),
        Err(OnlineError::NotConnected)
    );
    // Once welcomed, a drop is a lost connection.
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    s.receive(&welcome(&[])).unwrap();
    assert_eq!(s.state().connection, Connection::Connected);
    s.connection_lost();
    assert_eq!(s.state().connection, Connection::Reconnecting);
    assert_eq!(s.state().board.banner, Some(Banner::Reconnecting));
}

#[path = "online_request_tests.rs"]
mod requests;
