//! End-to-end tests with real WebSocket clients on loopback. Every scenario runs against every
//! backend: in memory, in memory written through to a data file, and on a private redis-server (which must be installed; the Redis half
//! fails, it never skips, when redis-server is missing).

// Scenario functions are test code called from the generated #[test]s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod common;

use std::time::Duration;

use chinese_checkers_core::online::{
    ClientMsg, DrawAction, EndReason, ErrorCode, Format, GameEvent, GameResult, ServerMsg,
    TimeControl, WireMove, PROTOCOL_VERSION,
};
use chinese_checkers_core::rules::MoveKind;
use chinese_checkers_server::Limits;
use common::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

suite!(
    both_drop_at_once_then_abandoned_by_deadline,
    started_game_with_both_gone_expires,
    idle_game_with_both_connected_expires,
    reconnect_within_grace_clears_the_deadline,
    quick_match_in_every_format,
    quick_match_pairs_the_longest_waiting,
    lobby_tables_live,
    private_room_by_code,
    a_room_closed_by_its_host_takes_no_one,
    guests_are_told_when_the_host_closes_their_table_or_room,
    a_host_who_goes_closes_every_table_it_hosts_and_tells_their_guests,
    private_room_limits_and_expiry,
    room_creation_is_limited_per_address_and_connection,
    guessing_room_codes_is_slowed_then_refused,
    a_burst_of_wrong_codes_for_a_game_is_counted_and_every_request_answered,
    failed_joins_are_limited_per_connection,
    full_game_to_the_end,
    resign_and_rematch,
    draw_offer_decline_accept,
    reconnect_mid_game_gets_missed_moves,
    abandonment_after_grace,
    resent_move_is_acknowledged_not_applied,
    bad_input_is_refused_clearly,
    bad_game_commands_never_touch_other_games,
    rate_limit_and_idle_timeout,
    health_metrics_and_graceful_shutdown,
    second_hello_is_refused_and_changes_nothing,
    floods_of_any_frame_are_closed,
    half_sent_requests_time_out,
    names_with_invisible_or_bidi_characters_are_refused,
    browser_origins_must_be_allowed,
    pings_keep_a_connection_alive,
    resume_with_nothing_missed_is_answered,
    metrics_have_latency_histograms,
    six_seat_room_with_two_people_and_four_ai_seats_plays_to_the_end,
    quick_match_fills_a_three_seat_table_and_leavers_are_replaced_by_the_ai,
    lobby_table_fills_seat_by_seat,
    timed_out_moves_are_played_and_three_in_a_row_lose,
    finished_games_are_listed_and_downloaded_by_their_players,
    public_games_are_watched_and_private_ones_with_their_code,
    a_room_s_game_is_watched_by_the_room_code_alone,
    a_player_who_left_watches_the_game_as_a_spectator,
);

/// A person who left a game of 3 or more seats (the AI plays their seat) asks to watch it, by
/// the room's code alone or by its id: they watch it read-only, like anyone with the code. One
/// still seated is told they play in it.
async fn a_player_who_left_watches_the_game_as_a_spectator(kind: Kind) {
    let s = server(kind, machine_speed_limits()).await;
    let mut ann = Client::join(&s.url, "Ann").await;
    let mut bob = Client::join(&s.url, "Bob").await;
    let mut cy = Client::join(&s.url, "Cy").await;
    let code = ann.create_room(Format::Sternhalma4, false).await;
    for guest in [&mut bob, &mut cy] {
        guest.sit(&code, true).await;
    }
    ann.send(&ClientMsg::FillWithAi {
        id: code.clone(),
        level: chinese_checkers_core::ai::AiLevel::Beginner,
    })
    .await;
    let mut sides = Vec::new();
    let mut id = String::new();
    for c in [&mut ann, &mut bob, &mut cy] {
        let (game, side, _) = c.matched().await;
        id = game;
        sides.push(side);
    }
    play_with_ai(&mut [&mut ann, &mut bob, &mut cy], &sides, &id, 4).await;
    // Bob leaves, then asks to watch by the room's code alone; Cy leaves, then asks by the id.
    for (leaver, game) in [(&mut bob, String::new()), (&mut cy, id.clone())] {
        leaver.send(&ClientMsg::Resign { game: id.clone() }).await;
        let side = leaver.game(&id).side();
        leaver
            .expect("the seat handed to the AI", |m| {
                matches!(m, ServerMsg::Event { event: GameEvent::SeatToAi { side: s, .. }, .. } if *s == side)
            })
            .await;
        leaver
            .send(&ClientMsg::Spectate {
                game,
                code: Some(code.clone()),
            })
            .await;
        leaver
            .expect(
                "the game's snapshot",
                |m| matches!(m, ServerMsg::Sync { snapshot } if snapshot.game == id),
            )
            .await;
        // Read-only, as for anyone watching.
        leaver.send(&ClientMsg::Resign { game: id.clone() }).await;
        leaver.expect_error(ErrorCode::NotInGame).await;
    }
    // Ann still plays: she is told so, and plays on.
    ann.send(&ClientMsg::Spectate {
        game: String::new(),
        code: Some(code.clone()),
    })
    .await;
    let said = ann.expect_error(ErrorCode::OwnTable).await;
    assert!(said.contains("you play"), "{said}");
    let ann_side = sides[0];
    let ply = ann.game(&id).record().ply();
    play_with_ai(&mut [&mut ann], &[ann_side], &id, ply + 4).await;
    let seq = ann.game(&id).last_seq();
    for watcher in [&mut bob, &mut cy] {
        watcher.catch_up(&id, seq).await;
        assert_eq!(
            watcher.game(&id).record().moves(),
            ann.game(&id).record().moves()
        );
    }
    // Watching, not playing: stopping ends the events.
    bob.send(&ClientMsg::StopSpectating { game: id.clone() })
        .await;
    bob.send(&ClientMsg::Ping).await;
    bob.expect("pong", |m| matches!(m, ServerMsg::Pong)).await;
    let before = bob.game(&id).last_seq();
    let ply = ann.game(&id).record().ply();
    play_with_ai(&mut [&mut ann], &[ann_side], &id, ply + 2).await;
    bob.send(&ClientMsg::Ping).await;
    bob.expect("pong", |m| matches!(m, ServerMsg::Pong)).await;
    assert_eq!(bob.game(&id).last_seq(), before);
}

async fn a_room_s_game_is_watched_by_the_room_code_alone(kind: Kind) {
    let limits = Limits {
        join_failures_per_conn: 3,
        ..fast_limits()
    };
    let s = server(kind, limits.clone()).await;
    let mut ann = Client::join(&s.url, "Ann").await;
    let mut cy = Client::join(&s.url, "Cy").await;
    let mut eve = Client::join(&s.url, "Eve").await;
    let code = ann.create_room(Format::Tripot1, false).await;
    // The room is still open: it has no game to watch yet.
    eve.send(&ClientMsg::Spectate {
        game: String::new(),
        code: Some(code.clone()),
    })
    .await;
    eve.expect_error(ErrorCode::GameNotFound).await;
    cy.send(&ClientMsg::JoinRoom {
        code: code.clone(),
        rated: false,
    })
    .await;
    let (id, ann_side, _) = ann.matched().await;
    cy.matched().await;
    let mut p = if ann_side == 0 { [ann, cy] } else { [cy, ann] };
    play_moves(&mut p, &id, 2).await;
    // A wrong code and a malformed one get the answer a game that does not exist gets.
    let wrong = if code.starts_with('2') { "3" } else { "2" }.to_owned() + &code[1..];
    for typed in [wrong.as_str(), "??"] {
        eve.send(&ClientMsg::Spectate {
            game: String::new(),
            code: Some(typed.into()),
        })
        .await;
        eve.expect_error(ErrorCode::GameNotFound).await;
    }
    // The code as typed (lower case, a dash in the middle) names the room's game.
    let typed = format!("{}-{}", &code[..4], &code[4..]).to_lowercase();
    eve.send(&ClientMsg::Spectate {
        game: String::new(),
        code: Some(typed),
    })
    .await;
    eve.expect(
        "the room game's snapshot",
        |m| matches!(m, ServerMsg::Sync { snapshot } if snapshot.game == id),
    )
    .await;
    assert_eq!(eve.game(&id).record().ply(), 2);
    play_moves(&mut p, &id, 2).await;
    eve.catch_up(&id, p[0].game(&id).last_seq()).await;
    assert_eq!(
        eve.game(&id).record().moves(),
        p[0].game(&id).record().moves()
    );
    // Read-only, as with the game's id.
    eve.send(&ClientMsg::Resign { game: id.clone() }).await;
    eve.expect_error(ErrorCode::NotInGame).await;
    assert!(!p[0].game(&id).record().is_over());
    // Wrong codes for watching count with wrong codes for joining: the connection's limit
    // holds for both.
    let mut mallory = Client::join(&s.url, "Mallory").await;
    for _ in 0..limits.join_failures_per_conn {
        mallory
            .send(&ClientMsg::JoinRoom {
                code: wrong.clone(),
                rated: false,
            })
            .await;
        mallory.expect_error(ErrorCode::RoomNotFound).await;
    }
    mallory
        .send(&ClientMsg::Spectate {
            game: String::new(),
            code: Some(code.clone()),
        })
        .await;
    mallory.expect_error(ErrorCode::RateLimited).await;
}

async fn public_games_are_watched_and_private_ones_with_their_code(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    let mut eve = Client::join(&s.url, "Eve").await;
    eve.send(&ClientMsg::WatchGames).await;
    let live = match eve
        .expect("live_games", |m| matches!(m, ServerMsg::LiveGames { .. }))
        .await
    {
        ServerMsg::LiveGames { games } => games,
        _ => unreachable!(),
    };
    assert_eq!(live.len(), 1);
    assert_eq!((live[0].game.as_str(), live[0].ply), (id.as_str(), 2));
    assert_eq!(live[0].players, p[0].game(&id).record().players());
    // Eve watches: the snapshot, then the moves as they are played.
    eve.send(&ClientMsg::Spectate {
        game: id.clone(),
        code: None,
    })
    .await;
    eve.expect("the snapshot", |m| matches!(m, ServerMsg::Sync { .. }))
        .await;
    assert_eq!(eve.game(&id).record().ply(), 2);
    play_moves(&mut p, &id, 2).await;
    eve.catch_up(&id, p[0].game(&id).last_seq()).await;
    assert_eq!(
        eve.game(&id).record().moves(),
        p[0].game(&id).record().moves()
    );
    // Read-only: nothing she sends counts.
    eve.send(&ClientMsg::Resign { game: id.clone() }).await;
    eve.expect_error(ErrorCode::NotInGame).await;
    assert!(!p[0].game(&id).record().is_over());
    // A private room's game is not listed, and is watched only with the room's code.
    let mut ann = Client::join(&s.url, "Ann").await;
    let mut cy = Client::join(&s.url, "Cy").await;
    let code = ann.create_room(Format::Classic, false).await;
    cy.send(&ClientMsg::JoinRoom {
        code: code.clone(),
        rated: false,
    })
    .await;
    let (room_game, _, _) = ann.matched().await;
    eve.send(&ClientMsg::WatchGames).await;
    eve.expect("the list without the room's game", |m| {
        matches!(m, ServerMsg::LiveGames { games } if games.iter().all(|g| g.game != room_game))
    })
    .await;
    eve.send(&ClientMsg::Spectate {
        game: room_game.clone(),
        code: None,
    })
    .await;
    eve.expect_error(ErrorCode::GameNotFound).await;
    eve.send(&ClientMsg::Spectate {
        game: room_game.clone(),
        code: Some(code.to_lowercase()),
    })
    .await;
    eve.expect(
        "the room game's snapshot",
        |m| matches!(m, ServerMsg::Sync { snapshot } if snapshot.game == room_game),
    )
    .await;
    // Stopping: no more events of that game.
    eve.send(&ClientMsg::StopSpectating { game: id.clone() })
        .await;
    // Once the server answered what came after the stop, the stop is in force.
    eve.send(&ClientMsg::Ping).await;
    eve.expect("pong", |m| matches!(m, ServerMsg::Pong)).await;
    let before = eve.game(&id).last_seq();
    play_moves(&mut p, &id, 2).await;
    eve.send(&ClientMsg::Ping).await;
    eve.expect("pong", |m| matches!(m, ServerMsg::Pong)).await;
    assert_eq!(eve.game(&id).last_seq(), before);
}

async fn finished_games_are_listed_and_downloaded_by_their_players(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Classic).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 6).await;
    // Not over yet: nothing to list or download.
    p[0].send(&ClientMsg::GetGame { game: id.clone() }).await;
    p[0].expect_error(ErrorCode::GameNotFound).await;
    p[1].send(&ClientMsg::Resign { game: id.clone() }).await;
    for c in p.iter_mut() {
        c.expect_end().await;
    }
    for (side, c) in p.iter_mut().enumerate() {
        c.send(&ClientMsg::ListGames).await;
        let games = match c
            .expect("games", |m| matches!(m, ServerMsg::Games { .. }))
            .await
        {
            ServerMsg::Games { games } => games,
            _ => unreachable!(),
        };
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].game, id);
        assert_eq!(games[0].side as usize, side);
        assert_eq!(games[0].format, Format::Classic);
        assert_eq!(games[0].result, GameResult::new(Some(0), EndReason::Resign));
    }
    p[0].send(&ClientMsg::GetGame { game: id.clone() }).await;
    let events = match p[0]
        .expect("game_log", |m| matches!(m, ServerMsg::GameLog { .. }))
        .await
    {
        ServerMsg::GameLog { events, .. } => events,
        _ => unreachable!(),
    };
    // The record replays to the game both players saw, and opens as a saved game.
    let record = chinese_checkers_core::online::GameRecord::replay(&id, &events).unwrap();
    assert_eq!(record.moves(), p[0].game(&id).record().moves());
    assert_eq!(record.moves().len(), 6);
    let save = chinese_checkers_core::session::export::online_game_save(&record);
    let local = chinese_checkers_core::ffi::LocalGame::restore(save).unwrap();
    assert_eq!(local.state().history.len(), 6);
    // Only its players may download it.
    let mut eve = Client::join(&s.url, "Eve").await;
    eve.send(&ClientMsg::GetGame { game: id.clone() }).await;
    // The answer an unknown id gets: no answer tells a stranger a game exists (#27).
    eve.expect_error(ErrorCode::GameNotFound).await;
    eve.send(&ClientMsg::ListGames).await;
    eve.expect(
        "an empty list",
        |m| matches!(m, ServerMsg::Games { games } if games.is_empty()),
    )
    .await;
}

/// Waits for the next `clock` message of a game.
async fn next_clock(c: &mut Client, id: &str) -> (u8, u64) {
    match c
        .expect(
            "clock",
            |m| matches!(m, ServerMsg::Clock { game, .. } if game == id),
        )
        .await
    {
        ServerMsg::Clock { side, left_ms, .. } => (side, left_ms),
        _ => unreachable!(),
    }
}

async fn timed_out_moves_are_played_and_three_in_a_row_lose(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut host = Client::join(&s.url, "Ada").await;
    let mut guest = Client::join(&s.url, "Bob").await;
    // A time control no one can play is refused.
    host.send(&ClientMsg::CreateTable {
        format: Format::Tripot1,
        clock: Some(TimeControl::PerMove { seconds: 1 }),
    })
    .await;
    host.expect_error(ErrorCode::BadMessage).await;
    host.send(&ClientMsg::CreateTable {
        format: Format::Tripot1,
        clock: Some(TimeControl::PerMove { seconds: 5 }),
    })
    .await;
    let table = match host
        .expect("table_created", |m| {
            matches!(m, ServerMsg::TableCreated { .. })
        })
        .await
    {
        ServerMsg::TableCreated { table } => table,
        _ => unreachable!(),
    };
    guest.send(&ClientMsg::JoinTable { table: table.id }).await;
    let (id, host_side, _) = host.matched().await;
    guest.matched().await;
    assert_eq!(
        host.game(&id).record().clock(),
        TimeControl::PerMove { seconds: 5 }
    );
    let (mut sleeper, mut player) = if host_side == 0 {
        (host, guest)
    } else {
        (guest, host)
    };
    let (side, left) = next_clock(&mut player, &id).await;
    assert_eq!(side, 0);
    assert!(left > 3_000 && left <= 5_000, "{left} ms left");
    // Side 0 sleeps through three turns; side 1 answers at once.
    for round in 1..=3u32 {
        sleeper
            .expect("the time-out", |m| {
                matches!(
                    m,
                    ServerMsg::Event {
                        event: GameEvent::TimedOut { side: 0 },
                        ..
                    }
                )
            })
            .await;
        let seq = sleeper.game(&id).last_seq() + 1;
        sleeper.catch_up(&id, seq).await;
        player.catch_up(&id, seq).await;
        assert_eq!(player.game(&id).record().timeouts()[0], round);
        if round < 3 {
            let (side, left) = next_clock(&mut player, &id).await;
            assert_eq!(side, 1);
            assert!(left > 3_000, "{left} ms left");
            let mv = greedy(player.game(&id));
            player.play(&id, &mv).await;
            let seq = player.game(&id).last_seq();
            sleeper.catch_up(&id, seq).await;
        }
    }
    // The third time-out in a row: treated as having left.
    player.expect_end().await;
    assert_eq!(
        player.game(&id).record().result(),
        Some(&GameResult::new(Some(1), EndReason::Abandoned))
    );
}

/// Every client of a game receives until it has seen event `seq`.
async fn all_catch_up(clients: &mut [&mut Client], id: &str) {
    let seq = clients
        .iter()
        .map(|c| c.games.get(id).map_or(0, |g| g.last_seq()))
        .max()
        .unwrap_or(0);
    for c in clients.iter_mut() {
        c.catch_up(id, seq).await;
    }
}

/// Plays a game of people and AI seats: each person plays the greedy move on their turn, the
/// server's AI plays the others; until the end or `max_plies`.
async fn play_with_ai(clients: &mut [&mut Client], sides: &[u8], id: &str, max_plies: u32) {
    loop {
        let record = clients[0].game(id).record();
        if record.is_over() || record.ply() >= max_plies {
            return;
        }
        if record.game().outcome().is_some() {
            // Decided by the last move: its `ended` event follows.
            clients[0].expect_end().await;
            all_catch_up(clients, id).await;
            continue;
        }
        let to_move = record.to_move();
        match sides.iter().position(|&s| s == to_move) {
            Some(i) => {
                let mv = greedy(clients[i].game(id));
                clients[i].play(id, &mv).await;
            }
            None => {
                // An AI seat: its move arrives as an event.
                let seq = clients[0].game(id).last_seq();
                clients[0].catch_up(id, seq + 1).await;
            }
        }
        all_catch_up(clients, id).await;
    }
}

/// Limits for games played at machine speed: a person here plays a move every few
/// milliseconds, far over the per-connection message rate a real one never reaches.
fn machine_speed_limits() -> Limits {
    Limits {
        rate_per_second: 10_000,
        rate_burst: 10_000,
        ..fast_limits()
    }
}

async fn six_seat_room_with_two_people_and_four_ai_seats_plays_to_the_end(kind: Kind) {
    let s = server(kind, machine_speed_limits()).await;
    let mut ada = Client::join(&s.url, "Ada").await;
    let mut bob = Client::join(&s.url, "Bob").await;
    let code = ada.create_room(Format::Sternhalma6, false).await;
    bob.send(&ClientMsg::JoinRoom {
        code: code.clone(),
        rated: false,
    })
    .await;
    for (c, host) in [(&mut ada, true), (&mut bob, false)] {
        let seated = c
            .expect("seated", |m| matches!(m, ServerMsg::Seated { .. }))
            .await;
        assert_eq!(
            seated,
            ServerMsg::Seated {
                id: code.clone(),
                format: Format::Sternhalma6,
                players: vec!["Ada".into(), "Bob".into()],
                host,
            }
        );
    }
    // Only the host starts; a game of two has no AI seats.
    bob.send(&ClientMsg::FillWithAi {
        id: code.clone(),
        level: chinese_checkers_core::ai::AiLevel::Beginner,
    })
    .await;
    bob.expect_error(ErrorCode::NotHost).await;
    ada.send(&ClientMsg::FillWithAi {
        id: code.clone(),
        level: chinese_checkers_core::ai::AiLevel::Beginner,
    })
    .await;
    let (id, side_a, format) = ada.matched().await;
    let (id_b, side_b, _) = bob.matched().await;
    assert_eq!((id.as_str(), format), (id_b.as_str(), Format::Sternhalma6));
    assert_ne!(side_a, side_b);
    let record = ada.game(&id).record();
    assert_eq!(record.seats(), 6);
    let ai: Vec<usize> = (0..6).filter(|&s| record.ai()[s].is_some()).collect();
    assert_eq!(ai.len(), 4);
    assert!(!ai.contains(&usize::from(side_a)) && !ai.contains(&usize::from(side_b)));
    let mut names = record.players().to_vec();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 6, "every seat has its own name: {names:?}");
    // The room is gone: nobody else gets in.
    let mut cy = Client::join(&s.url, "Cy").await;
    cy.send(&ClientMsg::JoinRoom { code, rated: false }).await;
    cy.expect_error(ErrorCode::RoomNotFound).await;
    play_with_ai(&mut [&mut ada, &mut bob], &[side_a, side_b], &id, 2000).await;
    let result = ada.game(&id).record().result().expect("over").clone();
    assert!(
        matches!(result.reason, EndReason::Win | EndReason::MoveLimit),
        "{result:?}"
    );
    let mut ranked: Vec<u8> = result.ranking.iter().flatten().copied().collect();
    ranked.sort();
    assert_eq!(ranked, [0, 1, 2, 3, 4, 5]);
    assert_eq!(
        bob.game(&id).record().snapshot(0),
        ada.game(&id).record().snapshot(0)
    );
    assert!(ada.game(&id).record().ply() > 60);
}

async fn quick_match_fills_a_three_seat_table_and_leavers_are_replaced_by_the_ai(kind: Kind) {
    let s = server(kind, machine_speed_limits()).await;
    let mut c: Vec<Client> = Vec::new();
    for name in ["Ada", "Bob", "Cy"] {
        let mut p = Client::join(&s.url, name).await;
        p.send(&ClientMsg::QuickMatch {
            format: Some(Format::Sternhalma3),
        })
        .await;
        if name != "Cy" {
            p.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
                .await;
        }
        c.push(p);
    }
    // "Any" never fills a table of three.
    let mut dan = Client::join(&s.url, "Dan").await;
    dan.send(&ClientMsg::QuickMatch { format: None }).await;
    dan.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    let mut sides = Vec::new();
    let mut id = String::new();
    for p in c.iter_mut() {
        let (g, side, format) = p.matched().await;
        assert_eq!(format, Format::Sternhalma3);
        id = g;
        sides.push(side);
    }
    let mut sorted = sides.clone();
    sorted.sort();
    assert_eq!(sorted, [0, 1, 2]);
    let [a, b, cy] = &mut c[..] else {
        unreachable!()
    };
    play_with_ai(&mut [&mut *a, &mut *b, &mut *cy], &sides, &id, 6).await;
    // Bob resigns: the AI takes his seat and the game goes on for the others.
    b.send(&ClientMsg::Resign { game: id.clone() }).await;
    a.expect("seat_to_ai", |m| {
        matches!(m, ServerMsg::Event { event: GameEvent::SeatToAi { side, .. }, .. } if *side == sides[1])
    })
    .await;
    all_catch_up(&mut [&mut *a, &mut *b, &mut *cy], &id).await;
    assert!(!a.game(&id).record().is_over());
    // His seat is the AI's now: he may watch but not play it.
    let ply = a.game(&id).record().ply();
    b.send(&ClientMsg::Move {
        game: id.clone(),
        ply,
        mv: WireMove {
            kind: MoveKind::Pass,
            path: vec![],
        },
    })
    .await;
    b.expect_error(ErrorCode::NotInGame).await;
    // Cy's connection drops; after the grace the AI plays for him too.
    let cy_side = sides[2];
    let cy_client = c.remove(2);
    cy_client.close().await;
    let a = &mut c[0];
    a.expect("cy replaced", |m| {
        matches!(m, ServerMsg::Event { event: GameEvent::SeatToAi { side, .. }, .. } if *side == cy_side)
    })
    .await;
    // Ada plays on against two AI seats.
    play_with_ai(&mut [&mut *a], &sides[..1], &id, ply + 12).await;
    let record = a.game(&id).record();
    assert!(record.ply() >= ply + 12 || record.is_over());
    assert_eq!(record.ai().iter().filter(|l| l.is_some()).count(), 2);
    drop(dan);
}

async fn lobby_table_fills_seat_by_seat(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut host = Client::join(&s.url, "Host").await;
    let mut watcher = Client::join(&s.url, "Wat").await;
    watcher.send(&ClientMsg::WatchLobby).await;
    host.send(&ClientMsg::CreateTable {
        format: Format::Sternhalma4,
        clock: None,
    })
    .await;
    let table = match host
        .expect("table_created", |m| {
            matches!(m, ServerMsg::TableCreated { .. })
        })
        .await
    {
        ServerMsg::TableCreated { table } => table,
        _ => unreachable!(),
    };
    assert_eq!(table.seated, 1);
    let mut guests = Vec::new();
    for (n, name) in ["G1", "G2"].into_iter().enumerate() {
        let mut g = Client::join(&s.url, name).await;
        g.send(&ClientMsg::JoinTable {
            table: table.id.clone(),
        })
        .await;
        g.expect("seated", |m| matches!(m, ServerMsg::Seated { .. }))
            .await;
        let want = n as i32 + 2;
        watcher
            .expect("the lobby's seat count", |m| {
                matches!(m, ServerMsg::Lobby { tables } if tables.iter().any(|t| t.id == table.id && t.seated == want))
            })
            .await;
        guests.push(g);
    }
    // G2 leaves: the others are told who is left.
    let g2 = guests.pop().unwrap();
    let mut g2 = g2;
    g2.send(&ClientMsg::LeaveSeat {
        id: table.id.clone(),
    })
    .await;
    host.expect(
        "seated after a leave",
        |m| matches!(m, ServerMsg::Seated { players, .. } if players.len() == 2),
    )
    .await;
    // G2 comes back, G3 takes the last seat: the game starts with four people.
    g2.send(&ClientMsg::JoinTable {
        table: table.id.clone(),
    })
    .await;
    let mut g3 = Client::join(&s.url, "G3").await;
    host.expect(
        "seated",
        |m| matches!(m, ServerMsg::Seated { players, .. } if players.len() == 3),
    )
    .await;
    g3.send(&ClientMsg::JoinTable {
        table: table.id.clone(),
    })
    .await;
    let mut ids = Vec::new();
    for c in [&mut host, &mut guests[0], &mut g2, &mut g3] {
        let (id, _, format) = c.matched().await;
        assert_eq!(format, Format::Sternhalma4);
        assert!(c.game(&id).record().ai().iter().all(Option::is_none));
        ids.push(id);
    }
    ids.dedup();
    assert_eq!(ids.len(), 1);
    watcher
        .expect(
            "the table left the lobby",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.iter().all(|t| t.id != table.id)),
        )
        .await;
}

async fn quick_match_in_every_format(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    for format in Format::ALL.into_iter().filter(|f| f.seats() == 2) {
        let p = pair(&s.url, format).await;
        let id = game_id(&p);
        assert_eq!(p[0].game(&id).record().format(), format);
        assert_eq!(p[1].game(&id).side(), 1);
    }
    // "Any format" meets a specific one in that format, and two "any" play tripot 1.
    for (fa, fb, want) in [
        (None, Some(Format::Tripot2), Format::Tripot2),
        (Some(Format::Tripot3), None, Format::Tripot3),
        (None, None, Format::Tripot1),
    ] {
        let mut a = Client::join(&s.url, "A").await;
        let mut b = Client::join(&s.url, "B").await;
        a.send(&ClientMsg::QuickMatch { format: fa }).await;
        a.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
            .await;
        b.send(&ClientMsg::QuickMatch { format: fb }).await;
        assert_eq!(a.matched().await.2, want);
        assert_eq!(b.matched().await.2, want);
    }
}

async fn quick_match_pairs_the_longest_waiting(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut first = Client::join(&s.url, "First").await;
    let mut second = Client::join(&s.url, "Second").await;
    let mut other = Client::join(&s.url, "Other").await;
    first
        .send(&ClientMsg::QuickMatch {
            format: Some(Format::Tripot1),
        })
        .await;
    first
        .expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    other
        .send(&ClientMsg::QuickMatch {
            format: Some(Format::Tripot3),
        })
        .await;
    other
        .expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    second
        .send(&ClientMsg::QuickMatch {
            format: Some(Format::Tripot2),
        })
        .await;
    second
        .expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    second
        .send(&ClientMsg::QuickMatch {
            format: Some(Format::Tripot2),
        })
        .await;
    second.expect_error(ErrorCode::AlreadySearching).await;
    // An "any" player meets the longest-waiting one: First, not Other or Second.
    let mut any = Client::join(&s.url, "Any").await;
    any.send(&ClientMsg::QuickMatch { format: None }).await;
    let (g1, _, _) = any.matched().await;
    let (g2, _, f) = first.matched().await;
    assert_eq!((g1, f), (g2, Format::Tripot1));
    // Cancelling leaves the queue.
    second.send(&ClientMsg::CancelMatch).await;
    second
        .expect("cancelled", |m| matches!(m, ServerMsg::MatchCancelled))
        .await;
    let mut late = Client::join(&s.url, "Late").await;
    late.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot2),
    })
    .await;
    late.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
}

async fn lobby_tables_live(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut watcher = Client::join(&s.url, "Watcher").await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let empty = watcher
        .expect("lobby", |m| matches!(m, ServerMsg::Lobby { .. }))
        .await;
    assert_eq!(empty, ServerMsg::Lobby { tables: vec![] });
    let mut host = Client::join(&s.url, "Host").await;
    host.send(&ClientMsg::CreateTable {
        format: Format::Tripot2,
        clock: None,
    })
    .await;
    let table = match host
        .expect("table", |m| matches!(m, ServerMsg::TableCreated { .. }))
        .await
    {
        ServerMsg::TableCreated { table } => table,
        _ => unreachable!(),
    };
    assert_eq!(
        (table.format, table.host.as_str()),
        (Format::Tripot2, "Host")
    );
    let listed = watcher
        .expect(
            "lobby with the table",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.len() == 1),
        )
        .await;
    assert_eq!(
        listed,
        ServerMsg::Lobby {
            tables: vec![table.clone()]
        }
    );
    host.send(&ClientMsg::JoinTable {
        table: table.id.clone(),
    })
    .await;
    host.expect_error(ErrorCode::OwnTable).await;
    let mut guest = Client::join(&s.url, "Guest").await;
    guest
        .send(&ClientMsg::JoinTable {
            table: table.id.clone(),
        })
        .await;
    let (g1, _, f) = guest.matched().await;
    let (g2, _, _) = host.matched().await;
    assert_eq!((g1, f), (g2, Format::Tripot2));
    watcher
        .expect(
            "empty lobby",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.is_empty()),
        )
        .await;
    // The table is gone.
    let mut late = Client::join(&s.url, "Late").await;
    late.send(&ClientMsg::JoinTable { table: table.id }).await;
    late.expect_error(ErrorCode::TableNotFound).await;
    // A host's tables close when the host leaves.
    let mut h2 = Client::join(&s.url, "Leaver").await;
    h2.send(&ClientMsg::CreateTable {
        format: Format::Tripot1,
        clock: None,
    })
    .await;
    watcher
        .expect(
            "lobby with one",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.len() == 1),
        )
        .await;
    h2.close().await;
    watcher
        .expect(
            "lobby emptied",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.is_empty()),
        )
        .await;
}

async fn private_room_by_code(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut host = Client::join(&s.url, "Host").await;
    let code = host.create_room(Format::Tripot3, false).await;
    assert!(chinese_checkers_core::online::normalize_room_code(&code).is_some());
    let mut guest = Client::join(&s.url, "Guest").await;
    guest
        .send(&ClientMsg::JoinRoom {
            code: "22222".into(),
            rated: false,
        })
        .await;
    guest.expect_error(ErrorCode::RoomNotFound).await;
    // Typed in lower case with a dash: still the room.
    let typed = format!("{}-{}", code[..3].to_lowercase(), &code[3..]);
    guest
        .send(&ClientMsg::JoinRoom {
            code: typed,
            rated: false,
        })
        .await;
    let (g1, _, f) = guest.matched().await;
    let (g2, _, _) = host.matched().await;
    assert_eq!((g1, f), (g2, Format::Tripot3));
    // A room is used once.
    let mut third = Client::join(&s.url, "Third").await;
    third
        .send(&ClientMsg::JoinRoom { code, rated: false })
        .await;
    third.expect_error(ErrorCode::RoomNotFound).await;
}

/// The host cancels a waiting room with `close_table {code}`: the friend who types the code
/// afterwards finds no room, a stranger cannot close someone else's room (it is answered as a
/// room that does not exist and stays open), and the host may open another.
async fn a_room_closed_by_its_host_takes_no_one(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut host = Client::join(&s.url, "Host").await;
    let kept = host.create_room(Format::Tripot1, false).await;
    let closed = host.create_room(Format::Tripot1, false).await;
    let mut eve = Client::join(&s.url, "Eve").await;
    eve.send(&ClientMsg::CloseTable {
        table: kept.clone(),
    })
    .await;
    eve.expect_error(ErrorCode::TableNotFound).await;
    host.send(&ClientMsg::CloseTable {
        table: closed.to_lowercase(),
    })
    .await;
    // Answered in order: once the host's next request is answered, the room is closed.
    host.create_room(Format::Tripot1, false).await;
    let mut guest = Client::join(&s.url, "Guest").await;
    guest
        .send(&ClientMsg::JoinRoom {
            code: closed,
            rated: false,
        })
        .await;
    guest.expect_error(ErrorCode::RoomNotFound).await;
    guest
        .send(&ClientMsg::JoinRoom {
            code: kept,
            rated: false,
        })
        .await;
    let (g1, _, _) = guest.matched().await;
    let (g2, _, _) = host.matched().await;
    assert_eq!(g1, g2);
}

/// A host closing a table or room of three seats that guests already sit at tells them
/// (`table_not_found`, unasked), so that their apps stop waiting at a table that is gone.
async fn guests_are_told_when_the_host_closes_their_table_or_room(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut host = Client::join(&s.url, "Host").await;
    // A lobby table.
    let table = host.create_table(Format::Sternhalma3).await;
    let mut guest = Client::join(&s.url, "Guest").await;
    guest.sit(&table, false).await;
    host.send(&ClientMsg::CloseTable { table }).await;
    guest.expect_error(ErrorCode::TableNotFound).await;
    // A private room.
    let code = host.create_room(Format::Sternhalma3, false).await;
    let mut friend = Client::join(&s.url, "Friend").await;
    friend.sit(&code, true).await;
    host.send(&ClientMsg::CloseTable {
        table: code.clone(),
    })
    .await;
    friend.expect_error(ErrorCode::TableNotFound).await;
    let mut late = Client::join(&s.url, "Late").await;
    late.send(&ClientMsg::JoinRoom { code, rated: false }).await;
    late.expect_error(ErrorCode::RoomNotFound).await;
}

/// A host whose one table filled (started with AI seats) and who then disconnects: the other
/// table it hosts leaves the lobby too, and the guest seated there is told (`table_not_found`,
/// unasked) instead of waiting at a table whose host is gone.
async fn a_host_who_goes_closes_every_table_it_hosts_and_tells_their_guests(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut host = Client::join(&s.url, "Host").await;
    let first = host.create_table(Format::Sternhalma3).await;
    let second = host.create_table(Format::Sternhalma3).await;
    let mut early = Client::join(&s.url, "Early").await;
    early.sit(&first, false).await;
    let mut waiting = Client::join(&s.url, "Waiting").await;
    waiting.sit(&second, false).await;
    // The first table starts with an AI seat: the host plays there now.
    host.send(&ClientMsg::FillWithAi {
        id: first.clone(),
        level: chinese_checkers_core::ai::AiLevel::Beginner,
    })
    .await;
    let (game, _, _) = early.matched().await;
    let (hosted, _, _) = host.matched().await;
    assert_eq!(game, hosted);
    let mut watcher = Client::join(&s.url, "Wat").await;
    watcher.send(&ClientMsg::WatchLobby).await;
    watcher
        .expect(
            "the second table still open",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.iter().any(|t| t.id == second)),
        )
        .await;
    host.close().await;
    waiting.expect_error(ErrorCode::TableNotFound).await;
    watcher
        .expect(
            "the second table gone from the lobby",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.iter().all(|t| t.id != second)),
        )
        .await;
    // Nobody can sit there any more.
    let mut late = Client::join(&s.url, "Late").await;
    late.send(&ClientMsg::JoinTable { table: second }).await;
    late.expect_error(ErrorCode::TableNotFound).await;
}

async fn private_room_limits_and_expiry(kind: Kind) {
    let limits = chinese_checkers_server::Limits {
        room_ttl: Duration::from_secs(1),
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let mut host = Client::join(&s.url, "Host").await;
    let first = host.create_room(Format::Tripot1, false).await;
    host.create_room(Format::Tripot1, false).await;
    host.create_room(Format::Tripot1, false).await;
    host.send(&ClientMsg::CreateRoom {
        format: Format::Tripot1,
        rated: false,
        clock: None,
    })
    .await;
    host.expect_error(ErrorCode::TooManyRooms).await;
    host.send(&ClientMsg::JoinRoom {
        code: first.clone(),
        rated: false,
    })
    .await;
    host.expect_error(ErrorCode::OwnTable).await;
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let mut guest = Client::join(&s.url, "Guest").await;
    guest
        .send(&ClientMsg::JoinRoom {
            code: first,
            rated: false,
        })
        .await;
    guest.expect_error(ErrorCode::RoomNotFound).await;
    // Expired rooms no longer count against the limit.
    host.create_room(Format::Tripot1, false).await;
}

/// Creates a room, answering with the room's code or the error code.
async fn try_create_room(c: &mut Client) -> Result<String, ErrorCode> {
    c.send(&ClientMsg::CreateRoom {
        format: Format::Tripot1,
        rated: false,
        clock: None,
    })
    .await;
    match c
        .expect("room or error", |m| {
            matches!(m, ServerMsg::RoomCreated { .. } | ServerMsg::Error { .. })
        })
        .await
    {
        ServerMsg::RoomCreated { code, .. } => Ok(code),
        ServerMsg::Error { code, .. } => Err(code),
        _ => unreachable!(),
    }
}

async fn room_creation_is_limited_per_address_and_connection(kind: Kind) {
    let limits = Limits {
        rooms_per_addr: 4,
        room_creations_per_addr_minute: 100,
        room_creations_per_conn_minute: 2,
        trust_proxy: true,
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    // Ten connections with fresh tokens from one address: the address's limit holds.
    let mut spam = vec![];
    let mut created = 0;
    for i in 0..10 {
        let mut c = Client::join(&s.url, &format!("Spam{i}")).await;
        match try_create_room(&mut c).await {
            Ok(_) => created += 1,
            Err(code) => assert_eq!(code, ErrorCode::TooManyRooms),
        }
        spam.push(c);
    }
    assert_eq!(created, 4);
    // Another address (this server trusts the proxy's header) is another network.
    let mut friend = Client::join_from(&s.url, "Friend", "198.51.100.7").await;
    assert!(try_create_room(&mut friend).await.is_ok());
    // Per connection: two a minute, though the token may have three rooms open.
    assert!(try_create_room(&mut friend).await.is_ok());
    assert_eq!(
        try_create_room(&mut friend).await,
        Err(ErrorCode::RateLimited)
    );
    // Per address per minute.
    let limits = Limits {
        room_creations_per_addr_minute: 3,
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let mut results = vec![];
    for i in 0..5 {
        let mut c = Client::join(&s.url, &format!("Spam{i}")).await;
        results.push(try_create_room(&mut c).await.map(|_| ()));
    }
    assert_eq!(
        results,
        [
            Ok(()),
            Ok(()),
            Ok(()),
            Err(ErrorCode::RateLimited),
            Err(ErrorCode::RateLimited)
        ]
    );
    // Without `trust_proxy`, `X-Forwarded-For` changes nothing.
    let mut forged = Client::join_from(&s.url, "Forged", "198.51.100.8").await;
    assert_eq!(
        try_create_room(&mut forged).await,
        Err(ErrorCode::RateLimited)
    );
}

/// A valid room code that is not `avoid` (the `i`-th of a fixed sequence).
fn wrong_code(i: usize, avoid: &str) -> String {
    let a = chinese_checkers_core::online::ROOM_CODE_ALPHABET;
    let n = chinese_checkers_core::online::ROOM_CODE_LEN;
    (i..)
        .map(|j| {
            (0..n)
                .map(|k| char::from(a[(j * 7 + k * k * 3 + k) % a.len()]))
                .collect::<String>()
        })
        .find(|c| c != avoid)
        .unwrap()
}

/// `spectate {game, code}` with wrong codes, sent in a burst: each counts as a wrong room code
/// (the same limits as `join_room`), and every request gets an answer — `game_not_found` while
/// under the limit, `rate_limited` after it — none is left unanswered.
async fn a_burst_of_wrong_codes_for_a_game_is_counted_and_every_request_answered(kind: Kind) {
    let limits = Limits {
        join_failures_free: 100,
        join_failures_per_conn: 4,
        join_failures_per_addr: 100,
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let mut host = Client::join(&s.url, "Host").await;
    let code = host.create_room(Format::Tripot1, false).await;
    let mut friend = Client::join(&s.url, "Friend").await;
    friend
        .send(&ClientMsg::JoinRoom {
            code: code.clone(),
            rated: false,
        })
        .await;
    let (game, _, _) = host.matched().await;
    friend.matched().await;
    let mut eve = Client::join(&s.url, "Eve").await;
    const BURST: usize = 8;
    for n in 0..BURST {
        eve.send(&ClientMsg::Spectate {
            game: game.clone(),
            code: Some(wrong_code(n + 1, &code)),
        })
        .await;
    }
    let mut not_found = 0;
    let mut limited = 0;
    for _ in 0..BURST {
        match eve
            .expect("an answer", |m| matches!(m, ServerMsg::Error { .. }))
            .await
        {
            ServerMsg::Error {
                code: ErrorCode::GameNotFound,
                ..
            } => not_found += 1,
            ServerMsg::Error {
                code: ErrorCode::RateLimited,
                ..
            } => limited += 1,
            other => panic!("unexpected answer {other:?}"),
        }
    }
    // Four wrong codes counted on this connection, then every attempt is refused as such.
    assert_eq!((not_found, limited), (4, BURST - 4));
    // Even the right code is refused now: the wrong ones were counted.
    eve.send(&ClientMsg::Spectate {
        game: game.clone(),
        code: Some(code),
    })
    .await;
    eve.expect_error(ErrorCode::RateLimited).await;
}

async fn guessing_room_codes_is_slowed_then_refused(kind: Kind) {
    let delay = Duration::from_millis(300);
    let limits = Limits {
        join_failures_free: 2,
        join_delay: delay,
        join_delay_max: delay * 2,
        join_failures_per_conn: 100,
        join_failures_per_addr: 6,
        join_window: Duration::from_secs(60),
        join_cooldown: Duration::from_secs(60),
        trust_proxy: true,
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let mut host = Client::join_from(&s.url, "Host", "192.0.2.10").await;
    let code = host.create_room(Format::Tripot2, false).await;
    // The guesser spreads its guesses over fresh connections (and tokens) of one address.
    let mut guessers = vec![];
    for i in 0..3 {
        guessers.push(Client::join_from(&s.url, &format!("Guess{i}"), "203.0.113.66").await);
    }
    for n in 1..=6u32 {
        let c = &mut guessers[n as usize % 3];
        let t = std::time::Instant::now();
        c.send(&ClientMsg::JoinRoom {
            code: wrong_code(n as usize, &code),
            rated: false,
        })
        .await;
        c.expect_error(ErrorCode::RoomNotFound).await;
        let took = t.elapsed();
        // Two at once, then 300 ms, then 600 ms (the cap) each.
        let wait = match n {
            1 | 2 => Duration::ZERO,
            3 => delay,
            _ => delay * 2,
        };
        assert!(
            took >= wait,
            "guess {n} answered after {took:?}, before {wait:?}"
        );
        if n <= 2 {
            assert!(took < delay, "guess {n} was slowed: {took:?}");
        }
    }
    // Six failures: the address is refused, on every connection, even with the right code.
    for c in guessers.iter_mut() {
        c.send(&ClientMsg::JoinRoom {
            code: wrong_code(9, &code),
            rated: false,
        })
        .await;
        c.expect_error(ErrorCode::RateLimited).await;
    }
    let mut fresh = Client::join_from(&s.url, "Guess9", "203.0.113.66").await;
    fresh
        .send(&ClientMsg::JoinRoom {
            code: code.clone(),
            rated: false,
        })
        .await;
    fresh.expect_error(ErrorCode::RateLimited).await;
    // Meanwhile the friend, elsewhere, joins with the right code at once.
    let mut friend = Client::join_from(&s.url, "Friend", "198.51.100.20").await;
    let t = std::time::Instant::now();
    friend
        .send(&ClientMsg::JoinRoom { code, rated: false })
        .await;
    let (g1, _, f) = friend.matched().await;
    let (g2, _, _) = host.matched().await;
    assert_eq!((g1, f), (g2, Format::Tripot2));
    assert!(t.elapsed() < delay, "the friend waited {:?}", t.elapsed());
}

async fn failed_joins_are_limited_per_connection(kind: Kind) {
    let limits = Limits {
        join_failures_per_conn: 3,
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let mut host = Client::join(&s.url, "Host").await;
    let code = host.create_room(Format::Tripot1, false).await;
    let mut guesser = Client::join(&s.url, "Guess").await;
    for n in 0..3 {
        guesser
            .send(&ClientMsg::JoinRoom {
                code: wrong_code(n, &code),
                rated: false,
            })
            .await;
        guesser.expect_error(ErrorCode::RoomNotFound).await;
    }
    // The fourth on this connection is refused, the right code included.
    guesser
        .send(&ClientMsg::JoinRoom {
            code: code.clone(),
            rated: false,
        })
        .await;
    guesser.expect_error(ErrorCode::RateLimited).await;
    // Another connection (same address, below its limit) still gets in.
    let mut friend = Client::join(&s.url, "Friend").await;
    friend
        .send(&ClientMsg::JoinRoom { code, rated: false })
        .await;
    friend.matched().await;
    host.matched().await;
}

async fn full_game_to_the_end(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 400).await;
    for c in p.iter_mut() {
        c.expect_end().await;
    }
    let end = p[0]
        .game(&id)
        .record()
        .result()
        .expect("the game ended")
        .clone();
    assert!(
        matches!(end.reason, EndReason::Win | EndReason::Deadlock),
        "{end:?}"
    );
    let seq = p[0].game(&id).last_seq();
    p[1].catch_up(&id, seq).await;
    assert_eq!(
        p[0].game(&id).record().moves(),
        p[1].game(&id).record().moves()
    );
    assert_eq!(p[1].game(&id).record().result(), Some(&end));
    // No longer listed as active.
    let back = Client::rejoin(&s.url, "Ada", &p[0].token).await;
    assert!(back.welcome_games.is_empty());
}

async fn resign_and_rematch(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot2).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 3).await;
    p[0].send(&ClientMsg::Rematch { game: id.clone() }).await;
    p[0].expect_error(ErrorCode::NotOver).await;
    p[1].send(&ClientMsg::Resign { game: id.clone() }).await;
    for c in p.iter_mut() {
        c.expect_end().await;
    }
    let want = GameResult::new(Some(0), EndReason::Resign);
    assert_eq!(p[0].game(&id).record().result(), Some(&want));
    assert_eq!(p[1].game(&id).record().result(), Some(&want));
    p[0].send(&ClientMsg::Resign { game: id.clone() }).await;
    p[0].expect_error(ErrorCode::GameOver).await;
    // Rematch: both ask; a new game starts with the sides swapped.
    p[0].send(&ClientMsg::Rematch { game: id.clone() }).await;
    p[1].expect("offer", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::RematchOffered { side: 0 },
                ..
            }
        )
    })
    .await;
    p[1].send(&ClientMsg::Rematch { game: id.clone() }).await;
    let (n0, side0, f) = p[0].matched().await;
    let (n1, side1, _) = p[1].matched().await;
    assert_eq!(n0, n1);
    assert_ne!(n0, id);
    assert_eq!((side0, side1, f), (1, 0, Format::Tripot2));
}

async fn draw_offer_decline_accept(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    p[0].send(&ClientMsg::Draw {
        game: id.clone(),
        action: DrawAction::Accept,
    })
    .await;
    p[0].expect_error(ErrorCode::NoDrawOffer).await;
    p[0].send(&ClientMsg::Draw {
        game: id.clone(),
        action: DrawAction::Offer,
    })
    .await;
    p[1].expect("offer", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::DrawOffered { side: 0 },
                ..
            }
        )
    })
    .await;
    p[1].send(&ClientMsg::Draw {
        game: id.clone(),
        action: DrawAction::Decline,
    })
    .await;
    p[0].expect("decline", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::DrawDeclined { side: 1 },
                ..
            }
        )
    })
    .await;
    play_moves(&mut p, &id, 2).await;
    p[1].send(&ClientMsg::Draw {
        game: id.clone(),
        action: DrawAction::Offer,
    })
    .await;
    p[0].expect("offer", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::DrawOffered { side: 1 },
                ..
            }
        )
    })
    .await;
    p[0].send(&ClientMsg::Draw {
        game: id.clone(),
        action: DrawAction::Accept,
    })
    .await;
    for c in p.iter_mut() {
        c.expect_end().await;
        let r = c.game(&id).record().result();
        assert_eq!(r, Some(&GameResult::new(None, EndReason::DrawAgreed)));
    }
}

async fn reconnect_mid_game_gets_missed_moves(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 5).await;
    // Side 1 is to move. Side 0 goes to the background and its socket drops.
    let [mut a, mut b] = p;
    a.send(&ClientMsg::Away { game: id.clone() }).await;
    let mut saved = a.games.remove(&id).unwrap();
    let token = a.token.clone();
    drop(a);
    b.expect("disconnected", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::Disconnected {
                    side: 0,
                    grace_ms: 3000
                },
                ..
            }
        )
    })
    .await;
    // Side 1 plays on; side 0 misses it.
    let mv = greedy(b.game(&id));
    b.play(&id, &mv).await;
    // Side 0 comes back on a new socket, says what it saw last, gets the rest.
    let mut a = Client::rejoin(&s.url, "Ada", &token).await;
    assert_eq!(a.welcome_games, vec![id.clone()]);
    let resume = saved.resume_msg();
    a.games.insert(id.clone(), saved);
    a.send(&resume).await;
    b.expect("reconnected", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::Reconnected { side: 0 },
                ..
            }
        )
    })
    .await;
    let seq = b.game(&id).last_seq();
    a.catch_up(&id, seq).await;
    assert_eq!(a.game(&id).record().moves(), b.game(&id).record().moves());
    assert_eq!(a.game(&id).record().ply(), 6);
    // And the game goes on; the old seat's grace timer does not end it.
    let mut p = [a, b];
    tokio::time::sleep(Duration::from_millis(3200)).await;
    play_moves(&mut p, &id, 4).await;
    assert!(p[0].game(&id).record().result().is_none());
    assert_eq!(p[1].game(&id).record().ply(), 10);
}

async fn abandonment_after_grace(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    let [a, mut b] = p;
    drop(a);
    b.expect("disconnected", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::Disconnected {
                    side: 0,
                    grace_ms: 400
                },
                ..
            }
        )
    })
    .await;
    b.expect_end().await;
    let want = GameResult::new(Some(1), EndReason::Abandoned);
    assert_eq!(b.game(&id).record().result(), Some(&want));
}

async fn resent_move_is_acknowledged_not_applied(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    let mv = greedy(p[0].game(&id));
    let msg = p[0].games.get_mut(&id).unwrap().propose(&mv).unwrap();
    p[0].send(&msg).await;
    p[0].send(&msg).await;
    p[0].expect("ack", |m| matches!(m, ServerMsg::Ack { ply: 0, .. }))
        .await;
    assert_eq!(p[0].game(&id).record().ply(), 1);
    p[1].catch_up(&id, 2).await;
    assert_eq!(p[1].game(&id).record().ply(), 1);
    assert!(
        p[1].try_recv(Duration::from_millis(300)).await.is_none(),
        "nothing applied twice"
    );
}

async fn bad_input_is_refused_clearly(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut c = Client::raw(&s.url).await;
    c.name = "raw".into();
    c.send(&ClientMsg::QuickMatch { format: None }).await;
    c.expect_error(ErrorCode::HelloFirst).await;
    c.send_raw("{not json").await;
    c.expect_error(ErrorCode::Malformed).await;
    c.send_raw(r#"{"type":"teleport"}"#).await;
    let msg = c.expect_error(ErrorCode::UnknownMessage).await;
    assert!(msg.contains("teleport"), "{msg}");
    c.send_raw(r#"{"type":"hello","v":1}"#).await;
    c.expect_error(ErrorCode::BadMessage).await;
    c.send(&ClientMsg::Hello {
        v: PROTOCOL_VERSION,
        token: "short".into(),
        name: "X".into(),
    })
    .await;
    c.expect_error(ErrorCode::BadToken).await;
    c.send(&ClientMsg::Hello {
        v: PROTOCOL_VERSION,
        token: c.token.clone(),
        name: " ".into(),
    })
    .await;
    c.expect_error(ErrorCode::BadName).await;
    c.send_raw(&format!(
        "{{\"type\":\"ping\",\"pad\":\"{}\"}}",
        "x".repeat(5000)
    ))
    .await;
    c.expect_error(ErrorCode::TooLarge).await;
    c.send(&ClientMsg::Ping).await;
    c.expect("pong", |m| matches!(m, ServerMsg::Pong)).await;
    c.send(&ClientMsg::Hello {
        v: 99,
        token: c.token.clone(),
        name: "X".into(),
    })
    .await;
    let msg = c.expect_error(ErrorCode::UnsupportedVersion).await;
    assert!(msg.contains("99"), "{msg}");
}

async fn bad_game_commands_never_touch_other_games(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    let mut q = pair(&s.url, Format::Tripot1).await;
    let other = game_id(&q);
    play_moves(&mut p, &id, 2).await;
    let before = p[0].game(&id).last_seq();
    let step = |path: Vec<[i32; 2]>| WireMove {
        kind: MoveKind::Step,
        path,
    };
    let legal =
        |c: &Client| chinese_checkers_core::online::WireMove::from_move(&greedy(c.game(&id)));
    // Wrong ply (old and future), out of turn, illegal, off the board, a game you are not in,
    // a game that does not exist.
    let mv = legal(&p[0]);
    p[0].send(&ClientMsg::Move {
        game: id.clone(),
        ply: 0,
        mv: mv.clone(),
    })
    .await;
    p[0].expect_error(ErrorCode::WrongPly).await;
    p[0].send(&ClientMsg::Move {
        game: id.clone(),
        ply: 7,
        mv: mv.clone(),
    })
    .await;
    p[0].expect_error(ErrorCode::WrongPly).await;
    let theirs = mv.clone();
    p[1].send(&ClientMsg::Move {
        game: id.clone(),
        ply: 2,
        mv: theirs,
    })
    .await;
    p[1].expect_error(ErrorCode::NotYourTurn).await;
    p[0].send(&ClientMsg::Move {
        game: id.clone(),
        ply: 2,
        mv: step(vec![[-4, 8], [4, -8]]),
    })
    .await;
    p[0].expect_error(ErrorCode::IllegalMove).await;
    p[0].send(&ClientMsg::Move {
        game: id.clone(),
        ply: 2,
        mv: step(vec![[-4, 8], [40, 8]]),
    })
    .await;
    let msg = p[0].expect_error(ErrorCode::IllegalMove).await;
    assert!(msg.contains("not on the board"), "{msg}");
    q[0].send(&ClientMsg::Move {
        game: id.clone(),
        ply: 2,
        mv: mv.clone(),
    })
    .await;
    q[0].expect_error(ErrorCode::GameNotFound).await;
    q[0].send(&ClientMsg::Resign { game: id.clone() }).await;
    q[0].expect_error(ErrorCode::GameNotFound).await;
    q[0].send(&ClientMsg::Resume {
        game: id.clone(),
        last_seq: 0,
    })
    .await;
    q[0].expect_error(ErrorCode::GameNotFound).await;
    q[0].send(&ClientMsg::Move {
        game: "gnothere".into(),
        ply: 0,
        mv: mv.clone(),
    })
    .await;
    q[0].expect_error(ErrorCode::GameNotFound).await;
    // Both games go on untouched. (The refusals made p[0]'s sync machine resync; it caught up.)
    p[0].catch_up(&id, before).await;
    assert_eq!(p[1].game(&id).last_seq(), before);
    play_moves(&mut p, &id, 2).await;
    play_moves(&mut q, &other, 2).await;
    assert_eq!(p[0].game(&id).record().ply(), 4);
    assert_eq!(q[0].game(&other).record().ply(), 2);
}

async fn rate_limit_and_idle_timeout(kind: Kind) {
    let limits = chinese_checkers_server::Limits {
        rate_per_second: 5,
        rate_burst: 5,
        idle: Duration::from_millis(600),
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let mut c = Client::join(&s.url, "Spammer").await;
    for _ in 0..10 {
        c.send(&ClientMsg::Ping).await;
    }
    c.expect_error(ErrorCode::RateLimited).await;
    // Another connection is not affected.
    let mut d = Client::join(&s.url, "Calm").await;
    d.send(&ClientMsg::Ping).await;
    d.expect("pong", |m| matches!(m, ServerMsg::Pong)).await;
    // Silence closes the connection with a reason. (A client that reads answers the server's
    // pings and stays; this one neither reads nor writes.)
    tokio::time::sleep(Duration::from_millis(1500)).await;
    d.expect_error(ErrorCode::Idle).await;
    assert!(d.try_recv(Duration::from_secs(2)).await.is_none(), "closed");
}

async fn health_metrics_and_graceful_shutdown(kind: Kind) {
    let mut s = server(kind, fast_limits()).await;
    let server = s.server.take().unwrap();
    let health = http_get(server.addr(), "/health").await;
    assert!(
        health.contains("200 OK") && health.contains("\"status\":\"ok\""),
        "{health}"
    );
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    let metrics = http_get(server.addr(), "/metrics").await;
    assert!(metrics.contains("cc_moves_total 2"), "{metrics}");
    assert!(metrics.contains("cc_connections_open 2"), "{metrics}");
    assert!(metrics.contains("cc_resident_memory_bytes"), "{metrics}");
    server.shutdown().await;
    for c in p.iter_mut() {
        c.expect("shutting down", |m| {
            matches!(m, ServerMsg::ShuttingDown { .. })
        })
        .await;
    }
}

/// The value of a sample line `name value` in a metrics text.
fn sample(metrics: &str, name: &str) -> Option<f64> {
    metrics.lines().find_map(|l| {
        let (n, v) = l.rsplit_once(' ')?;
        (n == name).then(|| v.parse().ok())?
    })
}

async fn metrics_have_latency_histograms(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 3).await;
    let addr = s.server.as_ref().unwrap().addr();
    let mut metrics = String::new();
    for _ in 0..50 {
        metrics = http_get(addr, "/metrics").await;
        if sample(&metrics, "cc_relay_latency_seconds_count").unwrap_or(0.0) >= 3.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for name in ["relay_latency_seconds", "store_latency_seconds"] {
        assert!(
            metrics.contains(&format!("# TYPE cc_{name} histogram")),
            "{metrics}"
        );
        let count = sample(&metrics, &format!("cc_{name}_count")).unwrap();
        // Three moves reach both players' sockets; each took at least one store call.
        assert!(count >= 3.0, "{name}: {metrics}");
        let inf = sample(&metrics, &format!("cc_{name}_bucket{{le=\"+Inf\"}}")).unwrap();
        assert_eq!(inf, count, "{metrics}");
        assert!(
            sample(&metrics, &format!("cc_{name}_bucket{{le=\"0.001\"}}")).is_some(),
            "{metrics}"
        );
        assert!(sample(&metrics, &format!("cc_{name}_sum")).unwrap() > 0.0);
    }
}

async fn second_hello_is_refused_and_changes_nothing(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 1).await;
    let first_name = p[0].name.clone();
    p[0].send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot2),
    })
    .await;
    p[0].expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    // A second identity on the same socket is refused...
    p[0].send(&ClientMsg::Hello {
        v: PROTOCOL_VERSION,
        token: chinese_checkers_core::online::new_token(),
        name: "Eve".into(),
    })
    .await;
    p[0].expect_error(ErrorCode::AlreadyGreeted).await;
    // ...and the first one keeps its game (the opponent saw no disconnection)...
    assert!(
        p[1].try_recv(Duration::from_millis(300)).await.is_none(),
        "the opponent hears nothing"
    );
    play_moves(&mut p, &id, 2).await;
    assert_eq!(p[1].game(&id).record().ply(), 3);
    // ...and its place in the quick-match queue: a third party meets it.
    let mut carl = Client::join(&s.url, "Carl").await;
    carl.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot2),
    })
    .await;
    let (game, _, format) = carl.matched().await;
    assert_eq!(format, Format::Tripot2);
    let got = p[0]
        .expect("matched", |m| matches!(m, ServerMsg::Matched { .. }))
        .await;
    let ServerMsg::Matched { game: g, .. } = got else {
        unreachable!()
    };
    assert_eq!(g, game);
    assert_eq!(
        carl.game(&game).record().players()[usize::from(1 - carl.game(&game).side())],
        first_name
    );
}

async fn floods_of_any_frame_are_closed(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    for (what, frame) in [
        ("binary", Message::Binary(vec![1u8, 2, 3].into())),
        ("ping", Message::Ping(vec![7u8].into())),
        ("pong", Message::Pong(vec![7u8].into())),
    ] {
        let mut c = Client::raw(&s.url).await;
        let flood = async {
            for _ in 0..20_000 {
                if !c.send_frame(frame.clone()).await {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(WAIT, flood).await;
        assert!(
            c.closed_within(WAIT).await,
            "a flood of {what} frames is closed"
        );
    }
    // A single binary frame is refused, not fatal; other connections never notice.
    let mut c = Client::join(&s.url, "Calm").await;
    assert!(c.send_frame(Message::Binary(vec![1u8].into())).await);
    c.expect_error(ErrorCode::Malformed).await;
    c.send(&ClientMsg::Ping).await;
    c.expect("pong", |m| matches!(m, ServerMsg::Pong)).await;
}

async fn half_sent_requests_time_out(kind: Kind) {
    let limits = Limits {
        handshake: Duration::from_millis(400),
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let addr = s.server.as_ref().unwrap().addr();
    for partial in [&b"GET /ws HT"[..], b"GET /ws HTTP/1.1\r\nHost: x\r\n", b""] {
        let mut t = tokio::net::TcpStream::connect(addr).await.unwrap();
        t.write_all(partial).await.unwrap();
        let start = tokio::time::Instant::now();
        let mut buf = vec![];
        let read = tokio::time::timeout(Duration::from_secs(5), t.read_to_end(&mut buf)).await;
        assert!(
            read.is_ok(),
            "{:?}: held open",
            String::from_utf8_lossy(partial)
        );
        assert!(
            start.elapsed() >= Duration::from_millis(300),
            "closed too early"
        );
    }
    // Whole requests are served as before.
    let health = http_get(addr, "/health").await;
    assert!(health.contains("200 OK"), "{health}");
    let mut c = Client::join(&s.url, "Ada").await;
    c.send(&ClientMsg::Ping).await;
    c.expect("pong", |m| matches!(m, ServerMsg::Pong)).await;
}

async fn names_with_invisible_or_bidi_characters_are_refused(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut c = Client::raw(&s.url).await;
    c.name = "raw".into();
    for name in [
        "Ada\u{202E}nimda",
        "\u{2067}Bob",
        "Zero\u{200B}Width",
        "Bom\u{FEFF}",
        "Soft\u{00AD}hyphen",
        "Bell\u{0007}",
    ] {
        c.send(&ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token: c.token.clone(),
            name: name.into(),
        })
        .await;
        c.expect_error(ErrorCode::BadName).await;
    }
    c.send(&ClientMsg::Hello {
        v: PROTOCOL_VERSION,
        token: c.token.clone(),
        name: "Zoë".into(),
    })
    .await;
    c.expect(
        "welcome",
        |m| matches!(m, ServerMsg::Welcome { name, .. } if name == "Zoë"),
    )
    .await;
    c.send(&ClientMsg::SetName {
        name: "Zoë\u{202D}".into(),
    })
    .await;
    c.expect_error(ErrorCode::BadName).await;
}

/// Opens `/ws` with an `Origin` header (as a browser does); `Err` with the HTTP status if refused.
async fn connect_with_origin(url: &str, origin: Option<&str>) -> Result<(), u16> {
    let mut req = url.into_client_request().unwrap();
    if let Some(o) = origin {
        req.headers_mut().insert("Origin", o.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok(_) => Ok(()),
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => Err(resp.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

async fn browser_origins_must_be_allowed(kind: Kind) {
    // By default: the apps (no Origin) connect, any browser page is refused.
    let s = server(kind, fast_limits()).await;
    assert_eq!(connect_with_origin(&s.url, None).await, Ok(()));
    assert_eq!(
        connect_with_origin(&s.url, Some("https://evil.example")).await,
        Err(403)
    );
    // With an allow-list: the listed origin connects, others are still refused.
    let limits = Limits {
        allow_origins: vec!["https://play.example.org".into()],
        ..fast_limits()
    };
    let s2 = server(kind, limits).await;
    assert_eq!(connect_with_origin(&s2.url, None).await, Ok(()));
    assert_eq!(
        connect_with_origin(&s2.url, Some("https://play.example.org")).await,
        Ok(())
    );
    assert_eq!(
        connect_with_origin(&s2.url, Some("https://evil.example")).await,
        Err(403)
    );
    drop(s);
}

async fn pings_keep_a_connection_alive(kind: Kind) {
    let limits = Limits {
        idle: Duration::from_millis(600),
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    // One client only answers the server's pings (its WebSocket does it while reading); another
    // only sends pings of its own and reads nothing.
    let mut quiet = Client::join(&s.url, "Quiet").await;
    let mut pinger = Client::join(&s.url, "Pinger").await;
    let until = tokio::time::Instant::now() + Duration::from_millis(2400);
    while tokio::time::Instant::now() < until {
        assert!(pinger.send_frame(Message::Ping(vec![].into())).await);
        assert!(
            !quiet.closed_within(Duration::from_millis(200)).await,
            "a client that answers pings is not idle"
        );
    }
    for c in [&mut quiet, &mut pinger] {
        c.send(&ClientMsg::Ping).await;
        c.expect("pong", |m| matches!(m, ServerMsg::Pong)).await;
    }
}

async fn resume_with_nothing_missed_is_answered(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    let seq = p[0].game(&id).last_seq();
    let resume = p[0].games.get_mut(&id).unwrap().resume_msg();
    assert!(p[0].game(&id).is_resyncing());
    p[0].send(&resume).await;
    let got = p[0]
        .expect("up_to_date", |m| matches!(m, ServerMsg::UpToDate { .. }))
        .await;
    assert_eq!(
        got,
        ServerMsg::UpToDate {
            game: id.clone(),
            seq
        }
    );
    assert!(!p[0].game(&id).is_resyncing());
    // A resume that missed something still gets the events, not `up_to_date`.
    play_moves(&mut p, &id, 1).await;
    p[1].send(&ClientMsg::Resume {
        game: id.clone(),
        last_seq: seq,
    })
    .await;
    let got = p[1].recv().await;
    assert!(
        matches!(got, ServerMsg::Event { seq: n, .. } if n == seq + 1),
        "{got:?}"
    );
    play_moves(&mut p, &id, 2).await;
    assert_eq!(p[0].game(&id).record().ply(), 5);
}

/// Rejoins with a token, checks `welcome` lists no game, resumes the game and returns its result.
async fn ended_for(
    url: &str,
    token: &str,
    id: &str,
    mut saved: chinese_checkers_core::online::ClientGame,
) -> GameResult {
    let mut a = Client::rejoin(url, "Back", token).await;
    assert!(a.welcome_games.is_empty(), "an ended game is not listed");
    let resume = saved.resume_msg();
    a.games.insert(id.to_owned(), saved);
    a.send(&resume).await;
    a.expect_end().await;
    a.game(id)
        .record()
        .result()
        .expect("the game is over")
        .clone()
}

async fn both_drop_at_once_then_abandoned_by_deadline(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    let [mut a, b] = p;
    let saved = a.games.remove(&id).unwrap();
    let token = a.token.clone();
    drop(a);
    drop(b);
    // Grace 400 ms, sweeps every 200 ms.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let r = ended_for(&s.url, &token, &id, saved).await;
    assert_eq!(r.reason, EndReason::Abandoned);
    assert!(r.winner.is_some());
}

async fn started_game_with_both_gone_expires(kind: Kind) {
    // Seats held far longer than the inactivity limit: only the latter ends the game.
    let limits = Limits {
        grace: Duration::from_secs(60),
        background_grace: Duration::from_secs(60),
        inactivity: Duration::from_millis(1200),
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    let [mut a, b] = p;
    let saved = a.games.remove(&id).unwrap();
    assert_eq!(saved.last_seq(), 1, "only `started`");
    let token = a.token.clone();
    drop(a);
    drop(b);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let still = Client::rejoin(&s.url, "Back", &token).await;
    assert_eq!(still.welcome_games, vec![id.clone()], "not expired yet");
    still.close().await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let r = ended_for(&s.url, &token, &id, saved).await;
    assert_eq!(r.reason, EndReason::Abandoned);
}

async fn idle_game_with_both_connected_expires(kind: Kind) {
    let limits = Limits {
        inactivity: Duration::from_millis(1200),
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    // Nobody moves: side 0, to move, loses by abandonment.
    for c in p.iter_mut() {
        c.expect_end().await;
        assert_eq!(
            c.game(&id).record().result(),
            Some(&GameResult::new(Some(1), EndReason::Abandoned))
        );
    }
}

async fn reconnect_within_grace_clears_the_deadline(kind: Kind) {
    let limits = Limits {
        grace: Duration::from_millis(1500),
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    let [mut a, mut b] = p;
    let mut saved = a.games.remove(&id).unwrap();
    let token = a.token.clone();
    drop(a);
    b.expect("disconnected", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::Disconnected { side: 0, .. },
                ..
            }
        )
    })
    .await;
    let mut a = Client::rejoin(&s.url, "Ada", &token).await;
    assert_eq!(a.welcome_games, vec![id.clone()]);
    let resume = saved.resume_msg();
    a.games.insert(id.clone(), saved);
    a.send(&resume).await;
    b.expect("reconnected", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::Reconnected { side: 0 },
                ..
            }
        )
    })
    .await;
    let seq = b.game(&id).last_seq();
    a.catch_up(&id, seq).await;
    // Well past the grace: the game goes on.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let mut p = [a, b];
    play_moves(&mut p, &id, 2).await;
    assert!(p[0].game(&id).record().result().is_none());
    assert!(p[1].game(&id).record().result().is_none());
}
