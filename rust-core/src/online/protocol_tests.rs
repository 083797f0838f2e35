use super::*;
use crate::rules::{MoveKind, Rules};
use serde_json::json;

fn round_trip_client(msg: ClientMsg) {
    let text = encode(&msg);
    assert_eq!(decode_client(&text).unwrap(), msg, "{text}");
}

/// One message of every client type (two of some).
fn every_client_message() -> Vec<ClientMsg> {
    let mv = WireMove {
        kind: MoveKind::Step,
        path: vec![[-4, 8], [-4, 7]],
    };
    vec![
        ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token: "t".repeat(32),
            name: "Ada".into(),
        },
        ClientMsg::SetName { name: "Bob".into() },
        ClientMsg::QuickMatch { format: None },
        ClientMsg::QuickMatch {
            format: Some(Format::Tripot2),
        },
        ClientMsg::CancelMatch,
        ClientMsg::CreateTable {
            format: Format::Tripot3,
            clock: None,
        },
        ClientMsg::CloseTable { table: "x".into() },
        ClientMsg::WatchLobby,
        ClientMsg::UnwatchLobby,
        ClientMsg::JoinTable { table: "x".into() },
        ClientMsg::CreateRoom {
            format: Format::Tripot1,
            rated: false,
            clock: None,
        },
        ClientMsg::CreateRoom {
            format: Format::Sternhalma3,
            rated: true,
            clock: None,
        },
        ClientMsg::JoinRoom {
            code: "ABCD2345".into(),
            rated: false,
        },
        ClientMsg::JoinRoom {
            code: "ABCD2345".into(),
            rated: true,
        },
        ClientMsg::Move {
            game: "g".into(),
            ply: 3,
            mv,
        },
        ClientMsg::Resign { game: "g".into() },
        ClientMsg::Draw {
            game: "g".into(),
            action: DrawAction::Decline,
        },
        ClientMsg::Rematch { game: "g".into() },
        ClientMsg::Resume {
            game: "g".into(),
            last_seq: 9,
        },
        ClientMsg::Away { game: "g".into() },
        ClientMsg::Ping,
        ClientMsg::FillWithAi {
            id: "t1".into(),
            level: crate::ai::AiLevel::Hard,
        },
        ClientMsg::LeaveSeat { id: "t1".into() },
        ClientMsg::Ratings,
        ClientMsg::ListGames,
        ClientMsg::GetGame { game: "g".into() },
        ClientMsg::WatchGames,
        ClientMsg::Spectate {
            game: "g".into(),
            code: Some("ABCD2345".into()),
        },
        ClientMsg::Spectate {
            game: String::new(),
            code: Some("ABCD2345".into()),
        },
        ClientMsg::StopSpectating { game: "g".into() },
    ]
}

#[test]
fn every_client_message_round_trips_and_is_listed() {
    let all = every_client_message();
    let mut seen = std::collections::BTreeSet::new();
    for msg in all {
        let text = encode(&msg);
        let value: Value = serde_json::from_str(&text).unwrap();
        let kind = value["type"].as_str().unwrap().to_owned();
        assert!(
            ClientMsg::TYPES.contains(&kind.as_str()),
            "{kind} not listed"
        );
        seen.insert(kind);
        round_trip_client(msg);
    }
    assert_eq!(
        seen.len(),
        ClientMsg::TYPES.len(),
        "every listed type is tried"
    );
}

#[test]
fn wire_format_is_stable() {
    let text = encode(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot2),
    });
    assert_eq!(text, r#"{"type":"quick_match","format":"tripot2"}"#);
    let msg = decode_client(r#"{"type":"quick_match","format":null}"#).unwrap();
    assert_eq!(msg, ClientMsg::QuickMatch { format: None });
    let ev = ServerMsg::Event {
        game: "g1".into(),
        seq: 2,
        event: GameEvent::Moved {
            ply: 0,
            side: 0,
            mv: WireMove {
                kind: MoveKind::Jump,
                path: vec![[0, 4], [0, 2]],
            },
        },
    };
    assert_eq!(
        serde_json::to_value(&ev).unwrap(),
        json!({"type":"event","game":"g1","seq":2,
               "event":{"kind":"moved","ply":0,"side":0,"mv":{"kind":"jump","path":[[0,4],[0,2]]}}})
    );
    assert_eq!(decode_server(&encode(&ev)).unwrap(), ev);
    let up = ServerMsg::UpToDate {
        game: "g1".into(),
        seq: 7,
    };
    assert_eq!(encode(&up), r#"{"type":"up_to_date","game":"g1","seq":7}"#);
    assert_eq!(decode_server(&encode(&up)).unwrap(), up);
    let e = ServerMsg::error(ErrorCode::AlreadyGreeted, "once", None);
    assert_eq!(
        encode(&e),
        r#"{"type":"error","code":"already_greeted","message":"once"}"#
    );
    // Version 2: games of 3 to 6 seats, AI seats, tables that fill.
    let fill = decode_client(r#"{"type":"fill_with_ai","id":"ABCD2345","level":"medium"}"#);
    assert_eq!(
        fill.unwrap(),
        ClientMsg::FillWithAi {
            id: "ABCD2345".into(),
            level: crate::ai::AiLevel::Medium
        }
    );
    let seated = ServerMsg::Seated {
        id: "t1".into(),
        format: Format::Sternhalma6,
        players: vec!["Ann".into(), "Bob".into()],
        host: false,
    };
    assert_eq!(
        serde_json::to_value(&seated).unwrap(),
        json!({"type":"seated","id":"t1","format":"sternhalma6","players":["Ann","Bob"],"host":false})
    );
    assert_eq!(decode_server(&encode(&seated)).unwrap(), seated);
    let started = GameEvent::Started {
        format: Format::Sternhalma3,
        players: vec!["Ann".into(), "Bob".into(), "Yves Klein".into()],
        ai: vec![None, None, Some(crate::ai::AiLevel::Hard)],
        rated: false,
        clock: TimeControl::PerMove { seconds: 30 },
    };
    assert_eq!(
        serde_json::to_value(&started).unwrap(),
        json!({"kind":"started","format":"sternhalma3","players":["Ann","Bob","Yves Klein"],
               "ai":[null,null,"hard"],"clock":{"kind":"per_move","seconds":30}})
    );
    // A game of people only says nothing of AI seats.
    let people: GameEvent =
        serde_json::from_value(json!({"kind":"started","format":"classic","players":["A","B"]}))
            .unwrap();
    assert_eq!(
        people,
        GameEvent::Started {
            format: Format::Classic,
            players: vec!["A".into(), "B".into()],
            ai: vec![],
            rated: false,
            clock: TimeControl::Untimed,
        }
    );
    let replaced = GameEvent::SeatToAi {
        side: 4,
        level: crate::ai::AiLevel::Medium,
    };
    assert_eq!(
        serde_json::to_value(&replaced).unwrap(),
        json!({"kind":"seat_to_ai","side":4,"level":"medium"})
    );
}

#[test]
fn decoding_tells_the_errors_apart() {
    let e = decode_client("{not json").unwrap_err();
    assert_eq!(e.code(), ErrorCode::Malformed);
    assert_eq!(
        decode_client("[1,2]").unwrap_err().code(),
        ErrorCode::Malformed
    );
    assert_eq!(
        decode_client(r#"{"x":1}"#).unwrap_err().code(),
        ErrorCode::Malformed
    );
    assert_eq!(
        decode_client(r#"{"type":7}"#).unwrap_err().code(),
        ErrorCode::Malformed
    );
    let e = decode_client(r#"{"type":"teleport"}"#).unwrap_err();
    assert_eq!(e, ProtocolError::UnknownMessage("teleport".into()));
    let e = decode_client(r#"{"type":"move","game":"g"}"#).unwrap_err();
    assert_eq!(e.code(), ErrorCode::BadMessage);
    assert!(e.to_string().contains("move"), "{e}");
    let e = decode_client(r#"{"type":"resign","game":"g","extra":1}"#).unwrap_err();
    assert_eq!(e.code(), ErrorCode::BadMessage);
    let e = decode_client(r#"{"type":"quick_match","format":"tripot9"}"#).unwrap_err();
    assert_eq!(e.code(), ErrorCode::BadMessage);
    // Server messages a client does not know are refused the same way.
    assert_eq!(
        decode_server(r#"{"type":"hello"}"#).unwrap_err().code(),
        ErrorCode::UnknownMessage
    );
}

#[test]
fn wire_moves_check_shape_and_board() {
    let ok = WireMove {
        kind: MoveKind::Step,
        path: vec![[-4, 8], [-4, 7]],
    };
    let mv = ok.to_move().unwrap();
    assert_eq!(WireMove::from_move(&mv), ok);
    let off = WireMove {
        kind: MoveKind::Step,
        path: vec![[-4, 8], [20, 7]],
    };
    assert!(off.to_move().is_err());
    let short = WireMove {
        kind: MoveKind::Step,
        path: vec![[-4, 8]],
    };
    assert!(short.to_move().is_err());
}

#[test]
fn every_format_has_its_seats_colours_and_start() {
    use crate::rules::board::Colour;
    let shape: Vec<(&str, usize, usize)> = Format::ALL
        .iter()
        .map(|f| (f.name(), f.seats(), f.colours()))
        .collect();
    assert_eq!(
        shape,
        [
            ("tripot1", 2, 1),
            ("tripot2", 2, 2),
            ("tripot3", 2, 3),
            ("classic", 2, 1),
            ("sternhalma2", 2, 1),
            ("sternhalma3", 3, 1),
            ("sternhalma4", 4, 1),
            ("sternhalma6", 6, 1)
        ]
    );
    for f in Format::ALL {
        assert_eq!(Format::from_name(f.name()), Some(f));
        assert_eq!(
            serde_json::to_value(f).unwrap(),
            serde_json::json!(f.name())
        );
        let start = f.start_position();
        assert_eq!(start.players().len(), f.seats(), "{}", f.name());
        assert_eq!(*start.rules(), Rules::preset(f.preset()), "{}", f.name());
        for p in start.players() {
            assert_eq!(p.colours().count(), f.colours(), "{}", f.name());
        }
    }
    // Seed 004's seat orders: 3 players sit at every other camp, 4 at two opposite pairs.
    let camps = |f: Format| -> Vec<Vec<Colour>> {
        let start = f.start_position();
        start
            .players()
            .iter()
            .map(|p| p.colours().collect())
            .collect()
    };
    use Colour::*;
    assert_eq!(camps(Format::Sternhalma3), [vec![S], vec![NW], vec![NE]]);
    assert_eq!(
        camps(Format::Sternhalma4),
        [vec![S], vec![NW], vec![N], vec![SE]]
    );
    assert_eq!(
        camps(Format::Sternhalma6),
        [vec![S], vec![SW], vec![NW], vec![N], vec![NE], vec![SE]]
    );
    assert_eq!(Format::from_name("tripot4"), None);
}

/// A stable-toolchain stand-in for the fuzz target `protocol_messages`: mutated valid frames
/// never panic the decoders, and what decodes round-trips.
#[test]
fn mutated_frames_never_panic() {
    use rand::{Rng, SeedableRng};
    let seeds = [
        r#"{"type":"move","game":"g","ply":3,"mv":{"kind":"jump","path":[[0,4],[0,2],[2,0]]}}"#,
        r#"{"type":"hello","v":1,"token":"0123456789abcdef0123","name":"Ada"}"#,
        r#"{"type":"draw","game":"g","action":"offer"}"#,
        r#"{"type":"event","game":"g","seq":2,"event":{"kind":"ended","result":{"winner":1,"reason":"resign"}}}"#,
    ];
    let mut rng = rand::rngs::StdRng::seed_from_u64(99);
    let alphabet = br#"{}[]":,0123456789-abcdefghijklmnopqrstuvwxyz_ "#;
    for i in 0..20_000 {
        let mut bytes = seeds[i % seeds.len()].as_bytes().to_vec();
        for _ in 0..rng.gen_range(1..4) {
            let at = rng.gen_range(0..bytes.len());
            match rng.gen_range(0..3) {
                0 => bytes[at] = alphabet[rng.gen_range(0..alphabet.len())],
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, alphabet[rng.gen_range(0..alphabet.len())]),
            }
        }
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        if let Ok(msg) = decode_client(text) {
            assert_eq!(decode_client(&encode(&msg)).unwrap(), msg);
        }
        if let Ok(msg) = decode_server(text) {
            assert_eq!(decode_server(&encode(&msg)).unwrap(), msg);
        }
    }
}

#[test]
fn ratings_messages_round_trip_and_are_listed() {
    // Rated rooms: `rated` is absent when false, so older clients' messages still decode.
    assert_eq!(
        decode_client(r#"{"type":"create_room","format":"classic"}"#).unwrap(),
        ClientMsg::CreateRoom {
            format: Format::Classic,
            clock: None,
            rated: false
        }
    );
    let join = ClientMsg::JoinRoom {
        code: "ABCD2345".into(),
        rated: true,
    };
    assert_eq!(
        encode(&join),
        r#"{"type":"join_room","code":"ABCD2345","rated":true}"#
    );
    assert_eq!(
        encode(&ClientMsg::CreateRoom {
            format: Format::Classic,
            clock: None,
            rated: false
        }),
        r#"{"type":"create_room","format":"classic"}"#
    );
    assert_eq!(
        decode_client(r#"{"type":"ratings"}"#).unwrap(),
        ClientMsg::Ratings
    );
    let ratings = ServerMsg::Ratings {
        ratings: vec![RatingInfo {
            rule_set: Preset::Sternhalma,
            rating: 1523.25,
            rd: 290.5,
            games: 3,
        }],
    };
    assert_eq!(
        serde_json::to_value(&ratings).unwrap(),
        json!({"type":"ratings","ratings":[{"rule_set":"sternhalma","rating":1523.25,"rd":290.5,"games":3}]})
    );
    let changed = ServerMsg::RatingChanged {
        game: "g1".into(),
        rule_set: Preset::Tripot,
        before: 1500,
        after: 1662,
    };
    assert_eq!(
        serde_json::to_value(&changed).unwrap(),
        json!({"type":"rating_changed","game":"g1","rule_set":"tripot","before":1500,"after":1662})
    );
    for msg in [ratings, changed] {
        let text = encode(&msg);
        let kind = serde_json::from_str::<Value>(&text).unwrap()["type"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(SERVER_TYPES.contains(&kind.as_str()), "{kind} not listed");
        assert_eq!(decode_server(&text).unwrap(), msg);
    }
    // The lobby shows the host's rating; absent when the host has none.
    let table = TableInfo {
        id: "t1".into(),
        format: Format::Classic,
        host: "Ada".into(),
        seated: 1,
        host_rating: Some(1612),
    };
    let lobby = ServerMsg::Lobby {
        tables: vec![table.clone()],
    };
    assert_eq!(decode_server(&encode(&lobby)).unwrap(), lobby);
    let old: TableInfo =
        serde_json::from_value(json!({"id":"t1","format":"classic","host":"Ada","seated":1}))
            .unwrap();
    assert_eq!(old.host_rating, None);
    // A rated game says so in `started` and in snapshots; unrated ones say nothing.
    let started = GameEvent::Started {
        format: Format::Classic,
        players: vec!["A".into(), "B".into()],
        ai: vec![],
        rated: true,
        clock: TimeControl::Untimed,
    };
    assert_eq!(
        serde_json::to_value(&started).unwrap(),
        json!({"kind":"started","format":"classic","players":["A","B"],"rated":true})
    );
    let (record, event) = crate::online::GameRecord::with_rating(
        "g",
        Format::Classic,
        vec!["A".into(), "B".into()],
        vec![],
        true,
    );
    assert_eq!(event, started);
    assert!(record.is_rated() && record.snapshot(0).rated);
    let replayed = crate::online::GameRecord::replay("g", [&started]).unwrap();
    assert!(replayed.is_rated());
    assert!(
        crate::online::GameRecord::from_snapshot(&record.snapshot(1))
            .unwrap()
            .is_rated()
    );
    let unrated = serde_json::to_value(record_unrated().snapshot(0)).unwrap();
    assert!(unrated.get("rated").is_none(), "{unrated}");
    // AI seats from the start: never rated.
    let (with_ai, _) = crate::online::GameRecord::with_rating(
        "g",
        Format::Sternhalma3,
        vec!["A".into(), "B".into(), "C".into()],
        vec![None, None, Some(crate::ai::AiLevel::Easy)],
        true,
    );
    assert!(!with_ai.is_rated());
}

fn record_unrated() -> crate::online::GameRecord {
    crate::online::GameRecord::new("g", Format::Tripot1, vec!["A".into(), "B".into()]).0
}

#[test]
fn spectate_by_a_room_code_alone_leaves_the_game_out() {
    let msg = ClientMsg::Spectate {
        game: String::new(),
        code: Some("ABCD2345".into()),
    };
    assert_eq!(
        encode(&msg),
        r#"{"type":"spectate","code":"ABCD2345"}"#,
        "no game on the wire"
    );
    assert_eq!(
        decode_client(r#"{"type":"spectate","code":"ABCD2345"}"#).unwrap(),
        msg
    );
}

/// docs/ONLINE.md: decoding is strict. Every client message, those without fields included
/// (serde alone lets `{"type":"ping","x":1}` through), and every server message is refused
/// with a field this version does not have, at the top and inside nested values.
#[test]
fn unknown_fields_are_refused_in_every_message() {
    for msg in every_client_message() {
        let mut value = serde_json::to_value(&msg).unwrap();
        value["zz"] = json!(1);
        let e = decode_client(&value.to_string()).unwrap_err();
        assert_eq!(e.code(), ErrorCode::BadMessage, "{value}: {e}");
    }
    // Inside nested values too, a unit variant's included.
    let e = decode_client(
        r#"{"type":"create_table","format":"tripot1","clock":{"kind":"untimed","zz":1}}"#,
    )
    .unwrap_err();
    assert_eq!(e.code(), ErrorCode::BadMessage, "{e}");
    for text in [
        r#"{"type":"pong","zz":1}"#,
        r#"{"type":"match_cancelled","zz":null}"#,
        r#"{"type":"lobby","tables":[{"id":"t","format":"tripot1","host":"A","seated":1,"zz":1}]}"#,
        r#"{"type":"event","game":"g","seq":2,"event":{"kind":"ended","result":{"winner":1,"reason":"resign","zz":1}}}"#,
        r#"{"type":"live_games","games":[{"game":"g","format":"tripot1","players":[],"ply":0,"zz":1}]}"#,
    ] {
        let e = decode_server(text).unwrap_err();
        assert_eq!(e.code(), ErrorCode::BadMessage, "{text}: {e}");
    }
    // The same frames without the extra field decode.
    assert_eq!(
        decode_client(r#"{"type":"ping"}"#).unwrap(),
        ClientMsg::Ping
    );
    assert_eq!(
        decode_server(r#"{"type":"pong"}"#).unwrap(),
        ServerMsg::Pong
    );
}
