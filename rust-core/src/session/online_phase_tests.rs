//! Tests of the online session's phases: every move between phases that the session once made
//! by clearing fields by hand, and that an event refused in a phase changes nothing.

use super::*;
use crate::ai::AiLevel;
use crate::online::record::Command;
use crate::online::{encode, ClientMsg, GameRecord, ServerMsg, PROTOCOL_VERSION};
use crate::session::types::Banner;

const TOKEN: &str = "device-token-0123456789";

fn frame(msg: &ServerMsg) -> String {
    encode(msg)
}

fn receive(s: &mut OnlineSession, msg: &ServerMsg) -> Vec<String> {
    s.receive(&frame(msg)).unwrap()
}

/// A session that said hello and was welcomed (no game).
fn welcomed() -> OnlineSession {
    let mut s = OnlineSession::new();
    s.set_reconnect_seed(7);
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    receive(
        &mut s,
        &ServerMsg::Welcome {
            v: PROTOCOL_VERSION,
            name: "Ann".into(),
            games: Vec::new(),
        },
    );
    assert_eq!(s.phase(), OnlinePhase::Idle);
    s
}

fn matched(game: &str, side: u8, players: &[&str]) -> ServerMsg {
    ServerMsg::Matched {
        game: game.into(),
        side,
        format: if players.len() == 2 {
            Format::Tripot1
        } else {
            Format::Sternhalma3
        },
        players: players.iter().map(|&p| p.to_owned()).collect(),
    }
}

fn table(id: &str, format: Format) -> TableInfo {
    TableInfo {
        id: id.into(),
        format,
        host: "Ann".into(),
        seated: 1,
        host_rating: None,
    }
}

fn room(code: &str, format: Format) -> ServerMsg {
    ServerMsg::RoomCreated {
        code: code.into(),
        format,
        expires_in_s: 600,
    }
}

fn seated(id: &str, players: &[&str], host: bool) -> ServerMsg {
    ServerMsg::Seated {
        id: id.into(),
        format: Format::Sternhalma3,
        players: players.iter().map(|&p| p.to_owned()).collect(),
        host,
    }
}

/// Plays a game of Tripot1 as seat 0 against Bob to its end (Bob resigns): the server's
/// record of it is returned.
fn finished_game(s: &mut OnlineSession) -> GameRecord {
    s.send(OnlineRequest::QuickMatch { format: None }).unwrap();
    receive(s, &matched("g1", 0, &["Ann", "Bob"]));
    let (mut server, _) = GameRecord::new("g1", Format::Tripot1, vec!["Ann".into(), "Bob".into()]);
    receive(
        s,
        &ServerMsg::Sync {
            snapshot: server.snapshot(0),
        },
    );
    assert_eq!(s.phase(), OnlinePhase::Playing);
    for (seq, event) in server.execute(1, &Command::Resign).unwrap() {
        receive(
            s,
            &ServerMsg::Event {
                game: "g1".into(),
                seq,
                event,
            },
        );
    }
    assert!(s.state().game.unwrap().over);
    server
}

/// The whole session as text: two sessions that print alike are alike in every field.
fn everything(s: &OnlineSession) -> String {
    format!("{s:?}")
}

#[test]
fn refused_events_leave_the_session_exactly_as_it_was() {
    let mut s = welcomed();
    // Idle: nothing to close, leave, resign or touch.
    let refused = [
        (
            OnlineEvent::Request(OnlineRequest::CloseTable),
            OnlineRefusal::Online(OnlineError::NoTable),
        ),
        (
            OnlineEvent::Request(OnlineRequest::LeaveSeat),
            OnlineRefusal::Online(OnlineError::NotSeated),
        ),
        (
            OnlineEvent::Resign,
            OnlineRefusal::Online(OnlineError::NoGame),
        ),
        (
            OnlineEvent::Tap { q: 0, r: 0 },
            OnlineRefusal::Move(MoveError::NoGame),
        ),
        (
            OnlineEvent::Frame {
                text: "{nope".into(),
            },
            OnlineRefusal::Online(OnlineError::Malformed {
                detail: String::new(),
            }),
        ),
    ];
    for (event, want) in refused {
        let before = everything(&s);
        let got = s.update(event.clone()).unwrap_err();
        match (&got, &want) {
            (
                OnlineRefusal::Online(OnlineError::Malformed { .. }),
                OnlineRefusal::Online(OnlineError::Malformed { .. }),
            ) => {}
            _ => assert_eq!(got, want, "{event:?}"),
        }
        assert_eq!(everything(&s), before, "{event:?}");
    }
    // Searching: no table of ours to close.
    s.send(OnlineRequest::QuickMatch { format: None }).unwrap();
    receive(&mut s, &ServerMsg::Searching { format: None });
    let before = everything(&s);
    assert_eq!(s.send(OnlineRequest::CloseTable), Err(OnlineError::NoTable));
    assert_eq!(everything(&s), before);
    // Matched: the game's state is on its way, no other game may be looked for.
    receive(&mut s, &matched("g1", 0, &["Ann", "Bob"]));
    assert_eq!(s.phase(), OnlinePhase::Matched);
    let before = everything(&s);
    assert_eq!(
        s.send(OnlineRequest::QuickMatch { format: None }),
        Err(OnlineError::GameInProgress)
    );
    assert_eq!(
        s.send(OnlineRequest::FillWithAi {
            level: AiLevel::Easy
        }),
        Err(OnlineError::NotSeated)
    );
    assert_eq!(everything(&s), before);
}

#[test]
fn a_snapshot_that_cannot_be_read_changes_nothing_even_while_a_room_s_game_is_looked_for() {
    let mut s = welcomed();
    s.send(OnlineRequest::SpectateRoom {
        code: "ABCD2345".to_owned(),
    })
    .unwrap();
    assert_eq!(s.phase(), OnlinePhase::Watching);
    let (server, _) = GameRecord::new("g9", Format::Tripot1, vec!["Eve".into(), "Bob".into()]);
    // A snapshot of another game whose seats do not add up: it is refused, and its id must not
    // be taken for the room's game's.
    let (other, _) = GameRecord::new("g8", Format::Tripot1, vec!["Eve".into(), "Bob".into()]);
    let mut broken = other.snapshot(0);
    broken.players.pop();
    let before = everything(&s);
    assert!(matches!(
        s.receive(&frame(&ServerMsg::Sync { snapshot: broken })),
        Err(OnlineError::Malformed { .. })
    ));
    assert_eq!(everything(&s), before);
    // The room's real game is still taken as the one watched.
    receive(
        &mut s,
        &ServerMsg::Sync {
            snapshot: server.snapshot(0),
        },
    );
    assert_eq!(s.state().game.unwrap().id, "g9");
    assert_eq!(
        only(&s.send(OnlineRequest::StopSpectating).unwrap()),
        ClientMsg::StopSpectating { game: "g9".into() }
    );
    assert_eq!(s.phase(), OnlinePhase::Idle);
}

fn only(out: &[String]) -> ClientMsg {
    assert_eq!(out.len(), 1, "{out:?}");
    crate::online::decode_client(&out[0]).unwrap()
}

#[test]
fn a_match_found_while_searching_ends_the_search() {
    let mut s = welcomed();
    s.send(OnlineRequest::QuickMatch { format: None }).unwrap();
    // The request alone changes no phase: the server's answer does.
    assert_eq!(s.phase(), OnlinePhase::Idle);
    receive(&mut s, &ServerMsg::Searching { format: None });
    let st = s.state();
    assert_eq!((st.phase, st.searching), (OnlinePhase::Searching, true));
    receive(&mut s, &matched("g1", 1, &["Bob", "Ann"]));
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Matched);
    assert!(!st.searching && st.joining && st.game.is_none());
    let (server, _) = GameRecord::new("g1", Format::Tripot1, vec!["Bob".into(), "Ann".into()]);
    receive(
        &mut s,
        &ServerMsg::Sync {
            snapshot: server.snapshot(1),
        },
    );
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Playing);
    assert!(!st.joining && !st.searching);
    assert_eq!(st.game.unwrap().opponent, "Bob");
}

#[test]
fn a_cancelled_search_after_a_game_goes_back_to_the_finished_game() {
    let mut s = welcomed();
    finished_game(&mut s);
    s.send(OnlineRequest::QuickMatch { format: None }).unwrap();
    receive(&mut s, &ServerMsg::Searching { format: None });
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Searching);
    // The finished game stays on the board while we wait.
    assert!(st.game.unwrap().over);
    s.send(OnlineRequest::CancelMatch).unwrap();
    receive(&mut s, &ServerMsg::MatchCancelled);
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Playing);
    assert!(!st.searching && st.game.unwrap().over);
    // A cancellation that comes late changes nothing.
    let before = s.state().searching;
    receive(&mut s, &ServerMsg::MatchCancelled);
    assert_eq!(
        (s.phase(), s.state().searching),
        (OnlinePhase::Playing, before)
    );
}

#[test]
fn a_rematch_started_waits_for_its_game_with_the_old_one_shown() {
    let mut s = welcomed();
    let mut server = finished_game(&mut s);
    let mut events = server.execute(0, &Command::Rematch).unwrap();
    events.extend(server.execute(1, &Command::Rematch).unwrap());
    events.extend(
        server
            .execute(1, &Command::StartRematch { game: "g2".into() })
            .unwrap(),
    );
    for (seq, event) in events {
        receive(
            &mut s,
            &ServerMsg::Event {
                game: "g1".into(),
                seq,
                event,
            },
        );
    }
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Matched);
    assert!(st.joining);
    assert_eq!(st.game.unwrap().id, "g1");
    // Its state arrives: we play it.
    let (g2, _) = GameRecord::new("g2", Format::Tripot1, vec!["Bob".into(), "Ann".into()]);
    receive(
        &mut s,
        &ServerMsg::Sync {
            snapshot: g2.snapshot(1),
        },
    );
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Playing);
    assert_eq!(st.game.unwrap().id, "g2");
}

#[test]
fn a_table_closed_or_lost_with_the_connection_ends_the_wait() {
    let mut s = welcomed();
    s.send(OnlineRequest::CreateTable {
        format: Format::Tripot1,
        clock: None,
    })
    .unwrap();
    receive(
        &mut s,
        &ServerMsg::TableCreated {
            table: table("t1", Format::Tripot1),
        },
    );
    assert_eq!(s.phase(), OnlinePhase::Hosting);
    s.send(OnlineRequest::CloseTable).unwrap();
    let st = s.state();
    assert_eq!((st.phase, st.table), (OnlinePhase::Idle, None));
    // The socket drops while the table is open: the server closed it.
    s.send(OnlineRequest::CreateTable {
        format: Format::Tripot1,
        clock: None,
    })
    .unwrap();
    receive(
        &mut s,
        &ServerMsg::TableCreated {
            table: table("t2", Format::Tripot1),
        },
    );
    s.connection_lost();
    let st = s.state();
    assert_eq!((st.phase, st.table), (OnlinePhase::Idle, None));
    assert_eq!(st.connection, Connection::Reconnecting);
}

#[test]
fn a_room_outlives_the_connection_and_a_match_ends_it() {
    let mut s = welcomed();
    s.send(OnlineRequest::CreateRoom {
        format: Format::Tripot1,
        clock: None,
    })
    .unwrap();
    receive(&mut s, &room("ABCD2345", Format::Tripot1));
    assert_eq!(s.phase(), OnlinePhase::InRoom);
    s.connection_lost();
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::InRoom);
    assert_eq!(st.room.map(|r| r.code), Some("ABCD2345".to_owned()));
    // Nothing is over, so the room is worth reconnecting for.
    assert!(s.reconnect_delay_ms().is_some());
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    receive(
        &mut s,
        &ServerMsg::Welcome {
            v: PROTOCOL_VERSION,
            name: "Ann".into(),
            games: Vec::new(),
        },
    );
    assert_eq!(s.phase(), OnlinePhase::InRoom);
    receive(&mut s, &matched("r1", 0, &["Ann", "Cat"]));
    let st = s.state();
    assert_eq!((st.phase, st.room), (OnlinePhase::Matched, None));
}

#[test]
fn a_seated_three_seat_table_that_fills_is_matched() {
    let mut s = welcomed();
    s.send(OnlineRequest::CreateTable {
        format: Format::Sternhalma3,
        clock: None,
    })
    .unwrap();
    receive(
        &mut s,
        &ServerMsg::TableCreated {
            table: table("t3", Format::Sternhalma3),
        },
    );
    assert_eq!(s.phase(), OnlinePhase::Hosting);
    // The host is seated at the table it opened: one phase holds both.
    receive(&mut s, &seated("t3", &["Ann"], true));
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Seated);
    assert_eq!(st.table.map(|t| t.id), Some("t3".to_owned()));
    assert_eq!(st.seated.as_ref().map(|i| i.players.len()), Some(1));
    assert_eq!(st.board.banner, Some(Banner::Waiting));
    receive(&mut s, &seated("t3", &["Ann", "Bob"], true));
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Seated);
    assert_eq!(st.table.map(|t| t.id), Some("t3".to_owned()));
    assert_eq!(st.seated.map(|i| i.players.len()), Some(2));
    // The third sits down: the game starts, and the table and the seats go.
    receive(&mut s, &matched("g3", 0, &["Ann", "Bob", "Cat"]));
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Matched);
    assert!(st.table.is_none() && st.seated.is_none() && st.room.is_none());
    let (server, _) = GameRecord::new(
        "g3",
        Format::Sternhalma3,
        vec!["Ann".into(), "Bob".into(), "Cat".into()],
    );
    receive(
        &mut s,
        &ServerMsg::Sync {
            snapshot: server.snapshot(0),
        },
    );
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Playing);
    assert_eq!(st.game.unwrap().opponent, "Bob, Cat");
}

#[test]
fn leaving_a_seat_in_a_room_leaves_the_room_and_a_lost_connection_keeps_only_the_room() {
    let mut s = welcomed();
    s.send(OnlineRequest::CreateRoom {
        format: Format::Sternhalma3,
        clock: None,
    })
    .unwrap();
    receive(&mut s, &room("WXYZ2345", Format::Sternhalma3));
    receive(&mut s, &seated("WXYZ2345", &["Ann"], true));
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Seated);
    assert!(st.room.is_some() && st.seated.is_some());
    assert!(matches!(st.board.banner, Some(Banner::RoomCode { .. })));
    // The socket drops: the seats are the server's to give again, the room stays ours.
    s.connection_lost();
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::InRoom);
    assert!(st.room.is_some() && st.seated.is_none());
    // Back and seated again, then we leave: room and seats go together.
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    receive(
        &mut s,
        &ServerMsg::Welcome {
            v: PROTOCOL_VERSION,
            name: "Ann".into(),
            games: Vec::new(),
        },
    );
    receive(&mut s, &seated("WXYZ2345", &["Ann", "Bob"], true));
    assert_eq!(s.phase(), OnlinePhase::Seated);
    assert_eq!(
        only(&s.send(OnlineRequest::LeaveSeat).unwrap()),
        ClientMsg::LeaveSeat {
            id: "WXYZ2345".into()
        }
    );
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Idle);
    assert!(st.room.is_none() && st.seated.is_none() && st.table.is_none());
    assert_eq!(st.board.banner, None);
}

#[test]
fn a_guest_seated_at_a_table_leaves_it_for_nothing() {
    let mut s = welcomed();
    s.send(OnlineRequest::JoinTable {
        table: "t4".to_owned(),
    })
    .unwrap();
    receive(&mut s, &seated("t4", &["Bob", "Ann"], false));
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Seated);
    assert!(st.table.is_none() && st.room.is_none());
    assert_eq!(
        s.send(OnlineRequest::FillWithAi {
            level: AiLevel::Easy
        }),
        Err(OnlineError::NotHost)
    );
    s.connection_lost();
    let st = s.state();
    assert_eq!((st.phase, st.seated), (OnlinePhase::Idle, None));
}

#[test]
fn watching_leaves_the_finished_game_and_stopping_leaves_nothing() {
    let mut s = welcomed();
    finished_game(&mut s);
    s.send(OnlineRequest::Spectate {
        game: "g5".to_owned(),
        code: None,
    })
    .unwrap();
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Watching);
    assert!(st.spectating && st.game.is_none());
    // Nothing of ours to save while we watch.
    assert!(s.own_game().is_none());
    s.send(OnlineRequest::StopSpectating).unwrap();
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Idle);
    assert!(!st.spectating && st.game.is_none());
    // A room's game looked for with a wrong code: the watching ends.
    s.send(OnlineRequest::SpectateRoom {
        code: "ABCD2345".to_owned(),
    })
    .unwrap();
    receive(
        &mut s,
        &ServerMsg::error(ErrorCode::GameNotFound, "no game", None),
    );
    assert_eq!(s.phase(), OnlinePhase::Idle);
}

#[test]
fn a_restored_game_is_played_and_the_lobby_is_watched_beside_any_phase() {
    let mut s = welcomed();
    s.send(OnlineRequest::WatchLobby).unwrap();
    let tables = vec![table("t9", Format::Tripot2)];
    receive(
        &mut s,
        &ServerMsg::Lobby {
            tables: tables.clone(),
        },
    );
    s.send(OnlineRequest::QuickMatch { format: None }).unwrap();
    receive(&mut s, &ServerMsg::Searching { format: None });
    let st = s.state();
    assert_eq!(st.phase, OnlinePhase::Searching);
    assert!(st.watching_lobby);
    assert_eq!(st.lobby, tables);
    receive(&mut s, &matched("g1", 0, &["Ann", "Bob"]));
    let (server, _) = GameRecord::new("g1", Format::Tripot1, vec!["Ann".into(), "Bob".into()]);
    receive(
        &mut s,
        &ServerMsg::Sync {
            snapshot: server.snapshot(0),
        },
    );
    let restored = OnlineSession::restore(&s.save()).unwrap();
    let st = restored.state();
    assert_eq!(st.phase, OnlinePhase::Playing);
    assert!(!st.watching_lobby && st.lobby.is_empty());
    assert_eq!(st.game.unwrap().id, "g1");
}
