//! Storage faults (#27, finding 5), end to end: the store stops taking writes (the data file's
//! disk is full; Redis refuses writes, out of memory) while people play and join rooms. A move
//! is refused with a clear error and never relayed, a guest's join leaves the room open and its
//! host is told, `/health` says the store is unavailable, and once writes succeed again the
//! store takes them by itself: `/health` is ok, the move goes through on the same server, the
//! guest's next join starts the game.

// Scenario code in tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use chinese_checkers_core::online::{ClientMsg, ErrorCode, Format, GameEvent, ServerMsg};
use common::*;

/// Polls `/health` until its status line contains `want` (panics after 15 s).
async fn wait_health(addr: SocketAddr, want: &str) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let got = http_get(addr, "/health").await;
        if got.lines().next().is_some_and(|l| l.contains(want)) {
            return got;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "/health never said {want}; last: {got}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Runs an admin command on the test's Redis.
fn redis_admin(url: &str, args: &[&str]) {
    let client = ::redis::Client::open(url).unwrap();
    let mut conn = client.get_connection().unwrap();
    let mut cmd = ::redis::cmd(args[0]);
    for a in &args[1..] {
        cmd.arg(*a);
    }
    let _: ::redis::Value = cmd.query(&mut conn).unwrap();
}

/// Makes the store refuse writes (`true`) or take them again.
fn writes_fail(s: &TestServer, failing: bool) {
    match &s.redis {
        // Out of memory, nothing evicted: every write is refused, reads and PING still answer.
        Some(r) => {
            redis_admin(&r.url, &["CONFIG", "SET", "maxmemory-policy", "noeviction"]);
            let max = if failing { "1" } else { "0" };
            redis_admin(&r.url, &["CONFIG", "SET", "maxmemory", max]);
        }
        // The data file's disk is full: redb's writes fail with ENOSPC.
        None => s.server.as_ref().unwrap().fail_storage_writes(failing),
    }
}

async fn refused_while_failing_then_recovered(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let addr = s.server.as_ref().unwrap().addr();
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    let mut host = Client::join(&s.url, "Host").await;
    let code = host.create_room(Format::Tripot1, false).await;
    // Welcomed before: a hello notes the address, which is a write too.
    let mut guest = Client::join(&s.url, "Guest").await;
    wait_health(addr, "200").await;

    writes_fail(&s, true);
    // The move is refused: an error that says why, then the connection closes so that the
    // device reconnects and resends; the opponent sees nothing.
    let side = p[0].game(&id).record().to_move() as usize;
    let mv = greedy(p[side].game(&id));
    let msg = p[side].games.get_mut(&id).unwrap().propose(&mv).unwrap();
    p[side].send(&msg).await;
    let why = p[side].expect_error(ErrorCode::Internal).await;
    assert!(why.contains("storage"), "{why}");
    assert!(p[side].closed_within(WAIT).await);
    let seen = p[1 - side].game(&id).last_seq();
    let relayed = p[1 - side]
        .try_recv(Duration::from_millis(500))
        .await
        .filter(|m| {
            matches!(
                m,
                ServerMsg::Event {
                    event: GameEvent::Moved { .. },
                    ..
                }
            )
        });
    assert!(relayed.is_none(), "a refused move was relayed: {relayed:?}");
    assert_eq!(p[1 - side].game(&id).last_seq(), seen);
    // The store says so.
    let health = wait_health(addr, "503").await;
    assert!(health.contains("\"status\":\"unavailable\""), "{health}");

    // A guest's join cannot start the room's game: refused, the room stays open. With the data
    // file the join took the room before its game failed to be written, so the room is put back
    // and the host told; Redis refuses the join itself (nothing taken, nothing to tell).
    guest
        .send(&ClientMsg::JoinRoom {
            code: code.clone(),
            rated: false,
        })
        .await;
    let why = guest.expect_error(ErrorCode::Internal).await;
    assert!(why.contains("storage"), "{why}");
    assert!(guest.closed_within(WAIT).await);
    if kind == Kind::File {
        let told = host.expect_error(ErrorCode::Internal).await;
        assert!(told.contains("keep your place"), "{told}");
    }

    // Writes work again: no restart, no request needed for /health to see it.
    writes_fail(&s, false);
    wait_health(addr, "200").await;
    // The device comes back and resends its move: stored once, relayed.
    let mut saved = p[side].games.remove(&id).unwrap();
    let mut back = Client::rejoin(&s.url, &p[side].name, &p[side].token).await;
    let resume = saved.resume_msg();
    back.games.insert(id.clone(), saved);
    back.send(&resume).await;
    back.send(&msg).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while back.games[&id].pending().is_some() {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        back.try_recv(left).await.expect("the move is confirmed");
    }
    let seq = back.game(&id).last_seq();
    p[1 - side].catch_up(&id, seq).await;
    assert_eq!(
        back.game(&id).record().moves(),
        p[1 - side].game(&id).record().moves()
    );
    assert_eq!(back.game(&id).record().ply(), 3);
    // The room kept its code: the guest's next join starts the game.
    let mut guest = Client::join(&s.url, "Guest").await;
    guest
        .send(&ClientMsg::JoinRoom { code, rated: false })
        .await;
    let (room_game, _, _) = guest.matched().await;
    let (host_game, _, _) = host.matched().await;
    assert_eq!(room_game, host_game);
}

mod redis {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn refused_while_failing_then_recovered() {
        super::refused_while_failing_then_recovered(super::Kind::Redis).await
    }
}

mod file {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn refused_while_failing_then_recovered() {
        super::refused_while_failing_then_recovered(super::Kind::File).await
    }
}
