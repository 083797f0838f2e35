//! The person's requests are one type: every `OnlineRequest` is sent here where it is allowed,
//! and together with the board's actions they send every message of the protocol a client may
//! send. A message added to the protocol fails to compile [`wire_kind`] until it is listed, and
//! then fails [`every_client_message_has_a_request_or_a_board_action`] until a request (or a board
//! action) sends it: a new request is a variant of `OnlineRequest`, its handler and the one place
//! in each front end that sends it.

use super::*;

/// The `type` of a client message on the wire (one of [`ClientMsg::TYPES`]). Exhaustive: a new
/// message must be listed here, so that the coverage test below cannot miss it.
fn wire_kind(msg: &ClientMsg) -> &'static str {
    match msg {
        ClientMsg::Hello { .. } => "hello",
        ClientMsg::SetName { .. } => "set_name",
        ClientMsg::QuickMatch { .. } => "quick_match",
        ClientMsg::CancelMatch => "cancel_match",
        ClientMsg::CreateTable { .. } => "create_table",
        ClientMsg::CloseTable { .. } => "close_table",
        ClientMsg::WatchLobby => "watch_lobby",
        ClientMsg::UnwatchLobby => "unwatch_lobby",
        ClientMsg::JoinTable { .. } => "join_table",
        ClientMsg::CreateRoom { .. } => "create_room",
        ClientMsg::JoinRoom { .. } => "join_room",
        ClientMsg::Move { .. } => "move",
        ClientMsg::Resign { .. } => "resign",
        ClientMsg::Draw { .. } => "draw",
        ClientMsg::Rematch { .. } => "rematch",
        ClientMsg::Resume { .. } => "resume",
        ClientMsg::Away { .. } => "away",
        ClientMsg::Ping => "ping",
        ClientMsg::FillWithAi { .. } => "fill_with_ai",
        ClientMsg::LeaveSeat { .. } => "leave_seat",
        ClientMsg::Ratings => "ratings",
        ClientMsg::ListGames => "list_games",
        ClientMsg::GetGame { .. } => "get_game",
        ClientMsg::WatchGames => "watch_games",
        ClientMsg::Spectate { .. } => "spectate",
        ClientMsg::StopSpectating { .. } => "stop_spectating",
    }
}

/// One of every request, with the message it sends (`None`: the device's alone).
fn every_request() -> Vec<(OnlineRequest, Option<&'static str>)> {
    use OnlineRequest as R;
    let all = vec![
        R::Hello {
            token: TOKEN.to_owned(),
            name: "Ann".to_owned(),
        },
        R::SetName {
            name: "Ann B".to_owned(),
        },
        R::QuickMatch { format: None },
        R::CancelMatch,
        R::WatchLobby,
        R::UnwatchLobby,
        R::CreateTable {
            format: Format::Tripot2,
            clock: None,
        },
        R::CloseTable,
        R::JoinTable {
            table: "t1".to_owned(),
        },
        R::CreateRoom {
            format: Format::Tripot1,
            clock: Some(TimeControl::PerMove { seconds: 30 }),
        },
        R::JoinRoom {
            code: "abcd-2345".to_owned(),
        },
        R::FillWithAi {
            level: AiLevel::Easy,
        },
        R::LeaveSeat,
        R::Away,
        R::Back,
        R::Resume,
        R::Leave,
        R::WatchGames,
        R::Spectate {
            game: "g9".to_owned(),
            code: None,
        },
        R::SpectateRoom {
            code: "ABCD2345".to_owned(),
        },
        R::StopSpectating,
        R::RequestRatings,
        R::ListGames,
        R::DownloadGame {
            game: "g5".to_owned(),
        },
    ];
    all.into_iter()
        .map(|r| {
            // Exhaustive: a new request must say what it sends.
            let sends = match &r {
                R::Hello { .. } => Some("hello"),
                R::SetName { .. } => Some("set_name"),
                R::QuickMatch { .. } => Some("quick_match"),
                R::CancelMatch => Some("cancel_match"),
                R::WatchLobby => Some("watch_lobby"),
                R::UnwatchLobby => Some("unwatch_lobby"),
                R::CreateTable { .. } => Some("create_table"),
                R::CloseTable => Some("close_table"),
                R::JoinTable { .. } => Some("join_table"),
                R::CreateRoom { .. } => Some("create_room"),
                R::JoinRoom { .. } => Some("join_room"),
                R::FillWithAi { .. } => Some("fill_with_ai"),
                R::LeaveSeat => Some("leave_seat"),
                R::Away => Some("away"),
                R::Back | R::Resume => Some("resume"),
                R::Leave => None,
                R::WatchGames => Some("watch_games"),
                R::Spectate { .. } | R::SpectateRoom { .. } => Some("spectate"),
                R::StopSpectating => Some("stop_spectating"),
                R::RequestRatings => Some("ratings"),
                R::ListGames => Some("list_games"),
                R::DownloadGame { .. } => Some("get_game"),
            };
            (r, sends)
        })
        .collect()
}

/// A session in a phase where `request` is allowed.
fn ready_for(request: &OnlineRequest) -> OnlineSession {
    use OnlineRequest as R;
    match request {
        R::Hello { .. } => OnlineSession::new(),
        R::CancelMatch => {
            let mut s = welcomed();
            s.send(R::QuickMatch { format: None }).unwrap();
            s
        }
        R::CloseTable => {
            let mut s = welcomed();
            s.receive(&frame(&ServerMsg::TableCreated {
                table: TableInfo {
                    id: "t7".into(),
                    format: Format::Tripot2,
                    host: "Ann".into(),
                    seated: 1,
                    host_rating: None,
                },
            }))
            .unwrap();
            s
        }
        R::FillWithAi { .. } | R::LeaveSeat => {
            let mut s = welcomed();
            s.receive(&frame(&ServerMsg::Seated {
                id: "t6".into(),
                format: Format::Sternhalma6,
                players: vec!["Ann".into(), "Bob".into()],
                host: true,
            }))
            .unwrap();
            s
        }
        R::Away | R::Back | R::Resume => Script::start(0).device,
        R::StopSpectating => {
            let mut s = welcomed();
            s.send(R::Spectate {
                game: "g9".into(),
                code: None,
            })
            .unwrap();
            s
        }
        _ => welcomed(),
    }
}

#[test]
fn every_request_is_sent_with_one_call_and_says_what_it_sends() {
    for (request, sends) in every_request() {
        let mut s = ready_for(&request);
        let out = s
            .send(request.clone())
            .unwrap_or_else(|e| panic!("{request:?}: {e:?}"));
        let kinds: Vec<&str> = out
            .iter()
            .map(|m| wire_kind(&decode_client(m).unwrap()))
            .collect();
        assert_eq!(kinds, sends.into_iter().collect::<Vec<_>>(), "{request:?}");
    }
}

#[test]
fn every_client_message_has_a_request_or_a_board_action() {
    let mut sent: Vec<&str> = every_request().iter().filter_map(|(_, k)| *k).collect();
    // The board's actions, played on a game in progress through the session's board calls.
    let mut s = Script::start(0);
    let mv = s.a_step();
    sent.push(wire_kind(&s.tap_move(&mv)));
    sent.push(wire_kind(&only(&s.device.offer_draw().unwrap())));
    sent.push(wire_kind(&only(&s.device.resign().unwrap())));
    // A rematch is asked for once the game is over (resign_and_rematch_and_disconnection_banners
    // plays it through); a keep-alive ping is the WebSocket's own, sent by the apps' sockets.
    sent.extend(["rematch", "ping"]);
    for kind in ClientMsg::TYPES {
        assert!(
            sent.contains(&kind),
            "no request or board action sends {kind}"
        );
    }
}
