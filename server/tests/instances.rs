//! Two server instances on one Redis: players on different instances, and an instance killed
//! mid-game (a real process, SIGKILL) whose client reconnects to the other and plays on.

// Scenario code in tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use chinese_checkers_core::online::{
    ClientMsg, EndReason, Format, GameEvent, GameResult, ServerMsg,
};
use common::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_different_instances_play_a_whole_game() {
    let redis = RedisServer::start();
    let s1 = instance(Some(&redis.url), fast_limits()).await;
    let s2 = instance(Some(&redis.url), fast_limits()).await;
    let mut a = Client::join(&s1.ws_url(), "Ada").await;
    let mut b = Client::join(&s2.ws_url(), "Bob").await;
    a.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot1),
    })
    .await;
    a.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    b.send(&ClientMsg::QuickMatch { format: None }).await;
    let (id, side_a, _) = a.matched().await;
    let (_, _, format) = b.matched().await;
    assert_eq!(format, Format::Tripot1);
    let mut p = if side_a == 0 { [a, b] } else { [b, a] };
    play_moves(&mut p, &id, 600).await;
    for c in p.iter_mut() {
        c.expect_end().await;
    }
    let r = p[0].game(&id).record().result().unwrap();
    assert!(
        matches!(r.reason, EndReason::Win | EndReason::Deadlock),
        "{r:?}"
    );
    assert_eq!(
        p[0].game(&id).record().moves(),
        p[1].game(&id).record().moves()
    );
    // A lobby table opened on one instance is listed live on the other.
    let mut watcher = Client::join(&s2.ws_url(), "Watcher").await;
    watcher.send(&ClientMsg::WatchLobby).await;
    watcher
        .expect("lobby", |m| matches!(m, ServerMsg::Lobby { .. }))
        .await;
    let mut host = Client::join(&s1.ws_url(), "Host").await;
    host.send(&ClientMsg::CreateTable {
        format: Format::Tripot1,
        clock: None,
    })
    .await;
    watcher
        .expect(
            "the table",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.len() == 1),
        )
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_dies_mid_game_and_the_client_moves_to_the_other() {
    let redis = RedisServer::start();
    let dying = Process::start(&redis.url);
    let staying = Process::start(&redis.url);
    let mut a = Client::join(&dying.url, "Ada").await;
    let mut b = Client::join(&staying.url, "Bob").await;
    a.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot1),
    })
    .await;
    a.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    b.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot1),
    })
    .await;
    let (id, side_a, _) = a.matched().await;
    b.matched().await;
    let a_first = side_a == 0;
    let mut p = if a_first { [a, b] } else { [b, a] };
    play_moves(&mut p, &id, 8).await;
    let [p0, p1] = p;
    let (mut a, mut b) = if a_first { (p0, p1) } else { (p1, p0) };
    // Kill Ada's instance. If it is Bob's turn he plays on meanwhile; Ada misses that.
    dying.kill();
    assert!(
        a.try_recv(std::time::Duration::from_secs(5))
            .await
            .is_none(),
        "the socket died"
    );
    let bob_to_move = b.game(&id).my_turn();
    if bob_to_move {
        let mv = greedy(b.game(&id));
        b.play(&id, &mv).await;
    }
    // Ada comes back through the other instance with her token and last event number.
    let mut saved = a.games.remove(&id).unwrap();
    let mut a = Client::rejoin(&staying.url, "Ada", &a.token).await;
    assert_eq!(a.welcome_games, vec![id.clone()]);
    let resume = saved.resume_msg();
    a.games.insert(id.clone(), saved);
    a.send(&resume).await;
    let seq = b.game(&id).last_seq();
    a.catch_up(&id, seq).await;
    assert_eq!(a.game(&id).record().moves(), b.game(&id).record().moves());
    assert_eq!(a.game(&id).record().ply(), if bob_to_move { 9 } else { 8 });
    // The game continues to its end with no move lost or doubled.
    let mut p = if a_first { [a, b] } else { [b, a] };
    play_moves(&mut p, &id, 400).await;
    for c in p.iter_mut() {
        c.expect_end().await;
    }
    let moves = p[0].game(&id).record().moves().to_vec();
    assert_eq!(moves, p[1].game(&id).record().moves());
    // Replaying the moves from the start reaches the same end (nothing lost, nothing doubled).
    let snapshot = p[1].game(&id).record().snapshot(1);
    let again = chinese_checkers_core::online::GameRecord::from_snapshot(&snapshot).unwrap();
    assert_eq!(again.position(), p[0].game(&id).record().position());
    assert!(p[0].game(&id).record().result().is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_instance_died_and_who_never_returns_loses_by_abandonment() {
    let redis = RedisServer::start();
    let fast = [
        "--grace-ms",
        "600",
        "--presence-ms",
        "150",
        "--sweep-ms",
        "200",
    ];
    let dying = Process::start_with(&redis.url, &fast);
    let staying = Process::start_with(&redis.url, &fast);
    let mut a = Client::join(&dying.url, "Ada").await;
    let mut b = Client::join(&staying.url, "Bob").await;
    a.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot1),
    })
    .await;
    a.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    b.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot1),
    })
    .await;
    let (id, side_a, _) = a.matched().await;
    b.matched().await;
    // Both present: a few heartbeats pass without anyone being marked away.
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    assert!(b.game(&id).record().connected()[usize::from(side_a)]);
    dying.kill();
    drop(a);
    b.expect("disconnected", |m| {
        matches!(m, ServerMsg::Event { event: GameEvent::Disconnected { side, .. }, .. } if *side == side_a)
    })
    .await;
    b.expect_end().await;
    let want = GameResult::new(Some(1 - side_a), EndReason::Abandoned);
    assert_eq!(b.game(&id).record().result(), Some(&want));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_grace_timer_survives_the_death_of_its_instance() {
    let redis = RedisServer::start();
    let fast = [
        "--grace-ms",
        "600",
        "--presence-ms",
        "150",
        "--sweep-ms",
        "200",
    ];
    let dying = Process::start_with(&redis.url, &fast);
    let staying = Process::start_with(&redis.url, &fast);
    let mut a = Client::join(&dying.url, "Ada").await;
    let mut b = Client::join(&staying.url, "Bob").await;
    a.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot1),
    })
    .await;
    a.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
    b.send(&ClientMsg::QuickMatch {
        format: Some(Format::Tripot1),
    })
    .await;
    let (id, side_a, _) = a.matched().await;
    b.matched().await;
    // Ada's socket drops: her instance holds her seat and runs the timer... then dies.
    a.close().await;
    b.expect("disconnected", |m| {
        matches!(m, ServerMsg::Event { event: GameEvent::Disconnected { side, .. }, .. } if *side == side_a)
    })
    .await;
    dying.kill();
    b.expect_end().await;
    let want = GameResult::new(Some(1 - side_a), EndReason::Abandoned);
    assert_eq!(b.game(&id).record().result(), Some(&want));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sweeping_instances_end_a_deserted_game_once() {
    let redis = RedisServer::start();
    let s1 = instance(Some(&redis.url), fast_limits()).await;
    let s2 = instance(Some(&redis.url), fast_limits()).await;
    let p = pair(&s1.ws_url(), Format::Tripot1).await;
    let id = game_id(&p);
    let [mut a, b] = p;
    let mut saved = a.games.remove(&id).unwrap();
    let token = a.token.clone();
    drop(a);
    drop(b);
    // Grace 400 ms; both instances sweep every 200 ms.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let mut back = Client::rejoin(&s2.ws_url(), "Back", &token).await;
    assert!(back.welcome_games.is_empty());
    let resume = saved.resume_msg();
    back.games.insert(id.clone(), saved);
    back.send(&resume).await;
    back.expect_end().await;
    // `started`, two `disconnected`, one `ended`, and nothing more.
    assert_eq!(back.game(&id).last_seq(), 4);
    let r = back.game(&id).record().result().unwrap();
    assert_eq!(r.reason, EndReason::Abandoned);
    while let Some(m) = back.try_recv(std::time::Duration::from_millis(600)).await {
        assert!(
            !matches!(
                m,
                ServerMsg::Event {
                    event: GameEvent::Ended { .. },
                    ..
                }
            ),
            "a second end: {m:?}"
        );
    }
}

/// A lobby table whose host's instance dies (SIGKILL: no goodbye) leaves the lobby within a few
/// heartbeats, and the guest seated at it (on the other instance) is told (`table_not_found`)
/// instead of waiting forever; while the host's instance lives, its heartbeats keep the table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_hosts_instance_died_leaves_the_lobby_and_its_guest_is_told() {
    let redis = RedisServer::start();
    let fast = [
        "--grace-ms",
        "5000",
        "--presence-ms",
        "200",
        "--sweep-ms",
        "200",
    ];
    let dying = Process::start_with(&redis.url, &fast);
    let staying = Process::start_with(&redis.url, &fast);
    let mut host = Client::join(&dying.url, "Host").await;
    let table = host.create_table(Format::Sternhalma3).await;
    let mut guest = Client::join(&staying.url, "Guest").await;
    guest.sit(&table, false).await;
    // Many heartbeats and sweeps later, the table is still open: its host is alive.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let mut watcher = Client::join(&staying.url, "Wat").await;
    watcher.send(&ClientMsg::WatchLobby).await;
    watcher
        .expect(
            "the table open",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.iter().any(|t| t.id == table)),
        )
        .await;
    dying.kill();
    guest
        .expect_error(chinese_checkers_core::online::ErrorCode::TableNotFound)
        .await;
    watcher
        .expect(
            "the table gone",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.iter().all(|t| t.id != table)),
        )
        .await;
    drop(host);
}
