//! Issue 27, "Online, second round": the findings of hostile clients on loopback, each an
//! end-to-end scenario on every store it concerns (memory, data file, Redis).

// Scenario functions are test code called from the generated #[test]s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod common;

use std::time::Duration;

use chinese_checkers_core::ai::AiLevel;
use chinese_checkers_core::online::{
    decode_notice, decode_server, ClientMsg, ErrorCode, Format, GameEvent, ServerMsg, ServerNotice,
};
use chinese_checkers_server::Limits;
use common::*;

suite!(
    unknown_fields_are_refused,
    room_codes_and_games_tell_strangers_nothing,
    a_refused_code_renews_nothing,
    a_room_is_never_an_open_table,
    a_new_connection_of_a_token_takes_over,
    rating_farms_are_unrated,
    a_room_whose_host_went_away_is_abandoned,
    clocks_fire_on_time,
);

/// Limits for guessing codes in a test: answers never slowed much, the counts as in production.
fn guessing_limits() -> Limits {
    Limits {
        join_delay: Duration::from_millis(1),
        join_delay_max: Duration::from_millis(2),
        trust_proxy: true,
        ..fast_limits()
    }
}

/// A well-formed code that is not `avoid`.
fn other_code(i: usize, avoid: &str) -> String {
    const ALPHA: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let code: String = (0..8)
        .map(|k| char::from(ALPHA[(i * 7 + k * 13 + 3) % ALPHA.len()]))
        .collect();
    if code == avoid {
        other_code(i + 1000, avoid)
    } else {
        code
    }
}

/// The error code of the next error (other messages skipped).
async fn next_error(c: &mut Client) -> ErrorCode {
    match c
        .expect("an error", |m| matches!(m, ServerMsg::Error { .. }))
        .await
    {
        ServerMsg::Error { code, .. } => code,
        _ => unreachable!(),
    }
}

/// Finding 1: every look-up by room code goes through one guarded path. A stranger's
/// `fill_with_ai` with a live code is answered as a wrong code, counts as one, and the counts
/// are those of `join_room` (per connection and per address); `spectate {game, code}` with
/// wrong codes is limited the same way; `get_game`, `resume` and a move in a game one does not
/// play get the answer of a game that does not exist.
async fn room_codes_and_games_tell_strangers_nothing(kind: Kind) {
    let s = server(kind, guessing_limits()).await;
    let mut ann = Client::join_from(&s.url, "Ann", "10.0.0.1").await;
    let room = ann.create_room(Format::Sternhalma3, false).await;
    let mut eve = Client::join_from(&s.url, "Eve", "10.0.0.66").await;
    // A live code and a wrong one get the same answer.
    eve.send(&ClientMsg::FillWithAi {
        id: room.clone(),
        level: AiLevel::Easy,
    })
    .await;
    assert_eq!(next_error(&mut eve).await, ErrorCode::TableNotFound);
    eve.send(&ClientMsg::FillWithAi {
        id: other_code(0, &room),
        level: AiLevel::Easy,
    })
    .await;
    assert_eq!(next_error(&mut eve).await, ErrorCode::TableNotFound);
    // The room is untouched: a friend still joins it.
    let mut bob = Client::join_from(&s.url, "Bob", "10.0.0.2").await;
    bob.send(&ClientMsg::JoinRoom {
        code: room.clone(),
        rated: false,
    })
    .await;
    bob.expect("seated", |m| matches!(m, ServerMsg::Seated { .. }))
        .await;
    // Guessing with fill_with_ai is limited like guessing with join_room: 20 failures a
    // connection (two are used above), then rate_limited.
    let mut answers = Vec::new();
    for i in 1..=20 {
        eve.send(&ClientMsg::FillWithAi {
            id: other_code(i, &room),
            level: AiLevel::Easy,
        })
        .await;
        answers.push(next_error(&mut eve).await);
    }
    assert!(answers[..18].iter().all(|&c| c == ErrorCode::TableNotFound));
    assert_eq!(
        answers[18..],
        [ErrorCode::RateLimited, ErrorCode::RateLimited]
    );
    // The address's budget is shared by every kind of look-up: a new connection from the same
    // address cannot join even with a right code.
    let mut eve2 = Client::join_from(&s.url, "Eve", "10.0.0.66").await;
    let room2 = ann.create_room(Format::Tripot1, false).await;
    eve2.send(&ClientMsg::JoinRoom {
        code: room2.clone(),
        rated: false,
    })
    .await;
    assert_eq!(next_error(&mut eve2).await, ErrorCode::RateLimited);

    // Watching a private game with wrong codes is limited the same way.
    let mut cy = Client::join_from(&s.url, "Cy", "10.0.0.3").await;
    cy.send(&ClientMsg::JoinRoom {
        code: room2.clone(),
        rated: false,
    })
    .await;
    let (game, _, _) = cy.matched().await;
    let mut mal = Client::join_from(&s.url, "Mal", "10.0.0.77").await;
    let mut answers = Vec::new();
    for i in 0..22 {
        mal.send(&ClientMsg::Spectate {
            game: game.clone(),
            code: Some(other_code(i, &room2)),
        })
        .await;
        answers.push(next_error(&mut mal).await);
    }
    assert!(answers[..20].iter().all(|&c| c == ErrorCode::GameNotFound));
    assert_eq!(
        answers[20..],
        [ErrorCode::RateLimited, ErrorCode::RateLimited]
    );

    // A game that exists and one that does not get the same answers from a stranger.
    for id in [game.clone(), "gnothere0000".to_owned()] {
        mal.send(&ClientMsg::GetGame { game: id.clone() }).await;
        assert_eq!(next_error(&mut mal).await, ErrorCode::GameNotFound, "{id}");
        mal.send(&ClientMsg::Resume {
            game: id.clone(),
            last_seq: 0,
        })
        .await;
        assert_eq!(next_error(&mut mal).await, ErrorCode::GameNotFound, "{id}");
        mal.send(&ClientMsg::Resign { game: id.clone() }).await;
        assert_eq!(next_error(&mut mal).await, ErrorCode::GameNotFound, "{id}");
    }
}

/// Finding 1: a refused attempt renews nothing. A stranger's `fill_with_ai` with a room's code
/// does not extend the room's life: it still expires when it would have.
async fn a_refused_code_renews_nothing(kind: Kind) {
    let s = server(
        kind,
        Limits {
            room_ttl: Duration::from_secs(2),
            ..guessing_limits()
        },
    )
    .await;
    let mut ann = Client::join_from(&s.url, "Ann", "10.0.0.1").await;
    let room = ann.create_room(Format::Sternhalma3, false).await;
    let made = tokio::time::Instant::now();
    let mut eve = Client::join_from(&s.url, "Eve", "10.0.0.66").await;
    tokio::time::sleep_until(made + Duration::from_millis(1200)).await;
    eve.send(&ClientMsg::FillWithAi {
        id: room.clone(),
        level: AiLevel::Easy,
    })
    .await;
    assert_eq!(next_error(&mut eve).await, ErrorCode::TableNotFound);
    // Past the room's 2 s (a renewal would have kept it until 3.2 s).
    tokio::time::sleep_until(made + Duration::from_millis(2700)).await;
    let mut bob = Client::join_from(&s.url, "Bob", "10.0.0.2").await;
    bob.send(&ClientMsg::JoinRoom {
        code: room.clone(),
        rated: false,
    })
    .await;
    assert_eq!(next_error(&mut bob).await, ErrorCode::RoomNotFound);
}

/// Tables and rooms are one type in the stores, told apart by their access: a live room's code
/// used where a lobby table's id goes (`join_table`, `close_table`, a stranger's `leave_seat`)
/// finds nothing and changes nothing, the room is never listed, and its friends fill it as if
/// nothing happened.
async fn a_room_is_never_an_open_table(kind: Kind) {
    let s = server(kind, guessing_limits()).await;
    let mut ann = Client::join_from(&s.url, "Ann", "10.0.0.1").await;
    let code = ann.create_room(Format::Sternhalma3, false).await;
    let mut eve = Client::join_from(&s.url, "Eve", "10.0.0.66").await;
    eve.send(&ClientMsg::JoinTable {
        table: code.clone(),
    })
    .await;
    assert_eq!(next_error(&mut eve).await, ErrorCode::TableNotFound);
    eve.send(&ClientMsg::CloseTable {
        table: code.clone(),
    })
    .await;
    eve.send(&ClientMsg::LeaveSeat { id: code.clone() }).await;
    eve.send(&ClientMsg::WatchLobby).await;
    match eve
        .expect("the lobby", |m| matches!(m, ServerMsg::Lobby { .. }))
        .await
    {
        ServerMsg::Lobby { tables } => assert!(tables.is_empty(), "{tables:?}"),
        _ => unreachable!(),
    }
    let mut bob = Client::join_from(&s.url, "Bob", "10.0.0.2").await;
    bob.send(&ClientMsg::JoinRoom {
        code: code.clone(),
        rated: false,
    })
    .await;
    ann.expect(
        "Bob seated with Ann",
        |m| matches!(m, ServerMsg::Seated { id, players, host: true, .. } if *id == code && players.len() == 2),
    )
    .await;
    let mut cy = Client::join_from(&s.url, "Cy", "10.0.0.3").await;
    cy.send(&ClientMsg::JoinRoom {
        code: code.clone(),
        rated: false,
    })
    .await;
    let mut ids = Vec::new();
    for c in [&mut ann, &mut bob, &mut cy] {
        let (id, _, format) = c.matched().await;
        assert_eq!(format, Format::Sternhalma3);
        ids.push(id);
    }
    ids.dedup();
    assert_eq!(ids.len(), 1);
    // The room's game, not a lobby table's: it is not listed among the public games.
    let mut wat = Client::join_from(&s.url, "Wat", "10.0.0.4").await;
    wat.send(&ClientMsg::WatchGames).await;
    match wat
        .expect("live games", |m| matches!(m, ServerMsg::LiveGames { .. }))
        .await
    {
        ServerMsg::LiveGames { games } => assert!(games.iter().all(|g| g.game != ids[0])),
        _ => unreachable!(),
    }
}

/// Finding 8: every message with a field the protocol does not have is refused
/// (`bad_message`) and does nothing, those without fields included.
async fn unknown_fields_are_refused(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut c = Client::raw(&s.url).await;
    // Before hello too: `ping` is allowed then, but not with a field.
    c.send_raw(r#"{"type":"ping","zz":1}"#).await;
    c.expect_error(ErrorCode::BadMessage).await;
    let mut c = Client::join(&s.url, "Ada").await;
    for bare in [
        "cancel_match",
        "watch_lobby",
        "unwatch_lobby",
        "ping",
        "ratings",
        "list_games",
        "watch_games",
    ] {
        c.send_raw(&format!(r#"{{"type":"{bare}","extra":true}}"#))
            .await;
        let message = c.expect_error(ErrorCode::BadMessage).await;
        assert!(message.contains(bare), "{bare}: {message}");
    }
    for text in [
        r#"{"type":"resign","game":"g","zz":1}"#,
        r#"{"type":"create_table","format":"tripot1","clock":{"kind":"untimed","zz":1}}"#,
        r#"{"type":"quick_match","format":null,"priority":9}"#,
    ] {
        c.send_raw(text).await;
        c.expect_error(ErrorCode::BadMessage).await;
    }
    // Nothing was done: no lobby, ratings or games came, no search started; the connection
    // still works.
    c.send(&ClientMsg::Ping).await;
    match c.recv().await {
        ServerMsg::Pong => {}
        other => panic!("expected only pong after the refusals, got {other:?}"),
    }
    c.send(&ClientMsg::QuickMatch { format: None }).await;
    c.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
}

/// Finding 7: a new connection with a token takes over from the old one, which gets a
/// `replaced` notice and is closed (nothing it sends afterwards counts); the opponent sees no
/// `disconnected`/`reconnected` pair, and the new connection plays on.
async fn a_new_connection_of_a_token_takes_over(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    let seq = p[0].game(&id).last_seq();
    let [mut ada, mut bob] = p;
    // Ada's device connects again while its first socket is still open.
    let mut ada2 = Client::rejoin(&s.url, "Ada", &ada.token).await;
    assert_eq!(ada2.welcome_games, vec![id.clone()]);
    // The old socket is told, then closed.
    let mut notice = None;
    while let Some(text) = ada.recv_text(WAIT).await {
        if let Ok(n) = decode_notice(&text) {
            notice = Some(n);
            break;
        }
        decode_server(&text).expect("a server message before the notice");
    }
    assert!(
        matches!(notice, Some(ServerNotice::Replaced { .. })),
        "the old connection is told it was replaced"
    );
    assert!(
        ada.closed_within(WAIT).await,
        "the old connection is closed"
    );
    // The new one resumes and plays; Bob sees the move and nothing about connections.
    ada2.send(&ClientMsg::Resume {
        game: id.clone(),
        last_seq: 0,
    })
    .await;
    ada2.catch_up(&id, seq).await;
    let mv = greedy(ada2.game(&id));
    ada2.play(&id, &mv).await;
    let moved = bob
        .expect("Ada's next move", |m| {
            matches!(
                m,
                ServerMsg::Event {
                    event: GameEvent::Moved { .. }
                        | GameEvent::Disconnected { .. }
                        | GameEvent::Reconnected { .. },
                    ..
                }
            )
        })
        .await;
    assert!(
        matches!(
            moved,
            ServerMsg::Event {
                event: GameEvent::Moved { side: 0, .. },
                ..
            }
        ),
        "Bob saw {moved:?} before Ada's move"
    );
    // A hello on one more socket replaces the second one too; still nothing for Bob.
    let _ada3 = Client::rejoin(&s.url, "Ada", &ada2.token).await;
    assert!(ada2.closed_within(WAIT).await);
    let quiet = bob.try_recv(Duration::from_millis(600)).await;
    assert!(quiet.is_none(), "Bob was told {quiet:?}");
}

/// A private room of two, rated if both ask; returns (host, guest, game) with the game's
/// snapshot in both clients.
async fn rated_room(
    url: &str,
    (host, host_addr): (&str, &str),
    (guest, guest_addr): (&str, &str),
    tokens: Option<(&str, &str)>,
) -> (Client, Client, String) {
    let (mut h, mut g) = match tokens {
        Some((ht, gt)) => (
            Client::rejoin_from(url, host, ht, host_addr).await,
            Client::rejoin_from(url, guest, gt, guest_addr).await,
        ),
        None => (
            Client::join_from(url, host, host_addr).await,
            Client::join_from(url, guest, guest_addr).await,
        ),
    };
    let code = h.create_room(Format::Tripot1, true).await;
    g.send(&ClientMsg::JoinRoom { code, rated: true }).await;
    let (game, _, _) = g.matched().await;
    h.matched().await;
    (h, g, game)
}

/// Whether the game started rated, as its players see it.
fn started_rated(c: &Client, game: &str) -> bool {
    c.game(game).record().is_rated()
}

/// `side`'s player resigns; returns whether each player then got a `rating_changed`.
async fn resign_and_look(p: &mut [&mut Client; 2], game: &str, loser: usize) -> [bool; 2] {
    p[loser]
        .send(&ClientMsg::Resign {
            game: game.to_owned(),
        })
        .await;
    let mut changed = [false; 2];
    for (i, c) in p.iter_mut().enumerate() {
        c.expect_end().await;
        // `rating_changed` follows `ended` at once when there is one.
        while let Some(m) = c.try_recv(Duration::from_millis(300)).await {
            if matches!(&m, ServerMsg::RatingChanged { game: g, .. } if g == game) {
                changed[i] = true;
            }
        }
    }
    changed
}

/// Finding 2: rated games cannot be farmed. Two tokens of one address (a private room or quick
/// match) play unrated; so do two tokens whose addresses met in their history; a resignation
/// before each side moved twice changes nothing; beyond the day's cap of rated games between
/// the same two, games start unrated.
async fn rating_farms_are_unrated(kind: Kind) {
    let s = server(
        kind,
        Limits {
            rated_games_per_pair_day: 2,
            ..guessing_limits()
        },
    )
    .await;
    // One address, two tokens, a rated room: unrated, and the resignation changes nothing.
    let (mut a, mut b, game) =
        rated_room(&s.url, ("Ann", "10.2.0.1"), ("Alt", "10.2.0.1"), None).await;
    assert!(!started_rated(&a, &game), "one address plays unrated");
    assert_eq!(
        resign_and_look(&mut [&mut a, &mut b], &game, 1).await,
        [false; 2]
    );
    // Quick match pairs them, unrated.
    let mut q1 = Client::join_from(&s.url, "Q1", "10.2.0.5").await;
    let mut q2 = Client::join_from(&s.url, "Q2", "10.2.0.5").await;
    q1.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot1),
    })
    .await;
    q1.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    q2.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot1),
    })
    .await;
    let (qgame, _, _) = q2.matched().await;
    assert!(
        !started_rated(&q2, &qgame),
        "quick match: one address plays unrated"
    );
    // Two tokens whose addresses met: Cy was at Dee's address yesterday, at another today.
    let cy = new_token_for_test();
    drop(Client::rejoin_from(&s.url, "Cy", &cy, "10.2.0.9").await);
    let dee = new_token_for_test();
    let (_c, _d, game) = rated_room(
        &s.url,
        ("Cy", "10.2.0.10"),
        ("Dee", "10.2.0.9"),
        Some((&cy, &dee)),
    )
    .await;
    assert!(
        !started_rated(&_c, &game),
        "a shared address history plays unrated"
    );

    // Two strangers: a resignation at the first move changes nothing (the game was rated).
    let (mut e, mut f, game) =
        rated_room(&s.url, ("Eve", "10.2.0.20"), ("Fay", "10.2.0.21"), None).await;
    assert!(started_rated(&e, &game));
    assert_eq!(
        resign_and_look(&mut [&mut e, &mut f], &game, 0).await,
        [false; 2]
    );
    // Two moves each, then a resignation: rated.
    let (et, ft) = (e.token.clone(), f.token.clone());
    drop((e, f));
    let (e, f, game) = rated_room(
        &s.url,
        ("Eve", "10.2.0.20"),
        ("Fay", "10.2.0.21"),
        Some((&et, &ft)),
    )
    .await;
    assert!(started_rated(&e, &game));
    let mut p = if e.game(&game).side() == 0 {
        [e, f]
    } else {
        [f, e]
    };
    play_moves(&mut p, &game, 4).await;
    let [mut p0, mut p1] = p;
    assert_eq!(
        resign_and_look(&mut [&mut p0, &mut p1], &game, 0).await,
        [true; 2]
    );
    drop((p0, p1));
    // That was their second rated game today: the third starts unrated.
    let (e, _f, game) = rated_room(
        &s.url,
        ("Eve", "10.2.0.20"),
        ("Fay", "10.2.0.21"),
        Some((&et, &ft)),
    )
    .await;
    assert!(
        !started_rated(&e, &game),
        "beyond the daily cap of the pair"
    );
}

fn new_token_for_test() -> String {
    chinese_checkers_core::online::new_token()
}

/// Finding 3: a room's host whose socket went away while waiting is marked disconnected as
/// soon as a friend joins, with the usual grace; the game then ends by abandonment instead of
/// waiting for the inactivity limit (here 60 s).
async fn a_room_whose_host_went_away_is_abandoned(kind: Kind) {
    let s = server(
        kind,
        Limits {
            presence_interval: Duration::from_millis(200),
            ..fast_limits()
        },
    )
    .await;
    let mut ann = Client::join(&s.url, "Ann").await;
    let code = ann.create_room(Format::Tripot1, false).await;
    ann.close().await;
    // The server has seen the close once a new hello is answered after it.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut bob = Client::join(&s.url, "Bob").await;
    bob.send(&ClientMsg::JoinRoom { code, rated: false }).await;
    let (game, bob_side, _) = bob.matched().await;
    let started = tokio::time::Instant::now();
    // Ann is marked away (in the snapshot Bob starts from), then the game ends.
    match bob.expect_end().await {
        ServerMsg::Event {
            event: GameEvent::Ended { result },
            game: g,
            ..
        } => {
            assert_eq!(g, game);
            assert_eq!(result.winner, Some(bob_side));
            assert_eq!(
                result.reason,
                chinese_checkers_core::online::EndReason::Abandoned
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
}

/// Finding 4: a time-out fires within 250 ms of the clock reaching zero, with the sweeper at
/// its production interval (10 s): deadlines are scheduled, not polled. Also a grace.
async fn clocks_fire_on_time(kind: Kind) {
    let s = server(
        kind,
        Limits {
            sweep_interval: Duration::from_secs(10),
            grace: Duration::from_millis(1500),
            ..fast_limits()
        },
    )
    .await;
    let mut ann = Client::join(&s.url, "Ann").await;
    ann.send(&ClientMsg::CreateRoom {
        format: Format::Tripot1,
        rated: false,
        clock: Some(chinese_checkers_core::online::TimeControl::PerMove { seconds: 5 }),
    })
    .await;
    let code = match ann
        .expect("room", |m| matches!(m, ServerMsg::RoomCreated { .. }))
        .await
    {
        ServerMsg::RoomCreated { code, .. } => code,
        _ => unreachable!(),
    };
    let mut bob = Client::join(&s.url, "Bob").await;
    bob.send(&ClientMsg::JoinRoom { code, rated: false }).await;
    let (game, _, _) = bob.matched().await;
    let left_ms = match bob
        .expect("the clock", |m| matches!(m, ServerMsg::Clock { .. }))
        .await
    {
        ServerMsg::Clock { left_ms, .. } => left_ms,
        _ => unreachable!(),
    };
    let told = tokio::time::Instant::now();
    bob.expect("the time-out", |m| {
        matches!(m, ServerMsg::Event { event: GameEvent::TimedOut { .. }, game: g, .. } if *g == game)
    })
    .await;
    let late = told.elapsed().as_millis() as i64 - left_ms as i64;
    assert!(
        (-50..=250).contains(&late),
        "the time-out came {late} ms after zero"
    );
    // A grace runs out on time too.
    ann.close().await;
    let gone = tokio::time::Instant::now();
    bob.expect("Ann away", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::Disconnected { .. },
                ..
            }
        )
    })
    .await;
    bob.expect_end().await;
    let took = gone.elapsed().as_millis() as i64;
    assert!(
        (1450..=1500 + 300).contains(&took),
        "the grace of 1.5 s ran out after {took} ms"
    );
}
