//! The Redis backend under pressure: the per-instance cache of game records stays bounded
//! (unknown ids are never cached, finished games are forgotten, least recently used out), and an
//! instance survives a Redis restart (health says so meanwhile; the game goes on after).

// Scenario code in tests.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::zombie_processes)]

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use chinese_checkers_core::online::{ClientMsg, ErrorCode, Format, GameEvent, ServerMsg};
use chinese_checkers_server::Limits;
use common::*;
use rand::Rng;

/// `cc_games_held` from `/metrics`.
async fn games_held(addr: SocketAddr) -> u64 {
    let metrics = http_get(addr, "/metrics").await;
    metrics
        .lines()
        .find_map(|l| l.strip_prefix("cc_games_held "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no cc_games_held in {metrics}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resuming_unknown_games_caches_nothing() {
    let limits = Limits {
        rate_per_second: 1_000_000,
        rate_burst: 1_000_000,
        ..fast_limits()
    };
    let s = server(Kind::Redis, limits).await;
    let addr = s.server.as_ref().unwrap().addr();
    let mut c = Client::join(&s.url, "Eve").await;
    let mut rng = rand::thread_rng();
    for _ in 0..50 {
        for _ in 0..100 {
            let game = format!("g{:010x}", rng.gen::<u64>() & 0xff_ffff_ffff);
            c.send(&ClientMsg::Resume { game, last_seq: 0 }).await;
        }
        for _ in 0..100 {
            c.expect_error(ErrorCode::GameNotFound).await;
        }
    }
    let held = games_held(addr).await;
    assert!(held <= 2, "5000 unknown ids left {held} cached games");
    // A real game is still served (and cached while it runs).
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    assert_eq!(games_held(addr).await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_leave_the_cache_after_the_delay() {
    let s = server(Kind::Redis, fast_limits()).await;
    let server = s.server.as_ref().unwrap();
    let addr = server.addr();
    let keep = Duration::from_millis(500);
    server.set_game_cache_limits(100, keep);
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    assert_eq!(games_held(addr).await, 1);
    p[0].send(&ClientMsg::Resign { game: id.clone() }).await;
    p[0].expect_end().await;
    p[1].expect_end().await;
    // Kept a while (late resumes, rematches), then forgotten.
    assert_eq!(games_held(addr).await, 1);
    tokio::time::sleep(keep + Duration::from_millis(300)).await;
    assert_eq!(
        games_held(addr).await,
        0,
        "the finished game is still cached"
    );
    // Still in Redis: a late resume gets it (and the cache forgets it again later).
    p[1].send(&ClientMsg::Resume {
        game: id.clone(),
        last_seq: 0,
    })
    .await;
    let got = p[1]
        .expect("the game's snapshot", |m| {
            matches!(m, ServerMsg::Sync { .. })
        })
        .await;
    assert!(
        matches!(&got, ServerMsg::Sync { snapshot } if snapshot.result.is_some()),
        "{got:?}"
    );
    assert_eq!(games_held(addr).await, 1);
    tokio::time::sleep(keep + Duration::from_millis(300)).await;
    assert_eq!(games_held(addr).await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cache_is_capped_least_recently_used_out() {
    let s = server(Kind::Redis, fast_limits()).await;
    let server = s.server.as_ref().unwrap();
    let addr = server.addr();
    server.set_game_cache_limits(2, Duration::from_secs(600));
    let mut games = vec![];
    for _ in 0..4 {
        let mut p = pair(&s.url, Format::Tripot1).await;
        let id = game_id(&p);
        play_moves(&mut p, &id, 1).await;
        games.push((p, id));
        assert!(games_held(addr).await <= 2);
    }
    // Evicted games are reloaded from Redis and play on.
    for (p, id) in &mut games {
        play_moves(p, id, 2).await;
        assert_eq!(p[0].game(id).record().ply(), 3);
        assert_eq!(p[1].game(id).record().ply(), 3);
        assert!(games_held(addr).await <= 2);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_goes_on_after_redis_restarts() {
    let mut redis = DurableRedis::new();
    let server = instance(Some(&redis.url()), fast_limits()).await;
    let addr = server.addr();
    wait_health(addr, "200 OK").await;
    let url = server.ws_url();
    let mut p = pair(&url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 4).await;

    redis.kill();
    let down = wait_health(addr, "503").await;
    assert!(down.contains("\"status\":\"unavailable\""), "{down}");
    redis.start();
    let up = wait_health(addr, "200 OK").await;
    assert!(up.contains("\"status\":\"ok\""), "{up}");

    // Both players move on (the moves are relayed through the renewed subscription).
    play_moves(&mut p, &id, 6).await;
    for c in &p {
        assert_eq!(c.game(&id).record().ply(), 10, "{}", c.name);
    }
    assert_eq!(p[0].game(&id).last_seq(), p[1].game(&id).last_seq());
    // Every move stored exactly once, in order, and nothing else lost or doubled.
    let log = redis.log(&id);
    assert_eq!(log.len() as u64, p[0].game(&id).last_seq());
    let plies: Vec<u32> = log
        .iter()
        .filter_map(|e| match e {
            GameEvent::Moved { ply, .. } => Some(*ply),
            _ => None,
        })
        .collect();
    assert_eq!(plies, (0..10).collect::<Vec<_>>());
    // Matchmaking works again too.
    let mut host = Client::join(&url, "Cy").await;
    host.send(&ClientMsg::CreateRoom {
        format: Format::Tripot1,
        rated: false,
        clock: None,
    })
    .await;
    let got = host
        .expect("room", |m| {
            matches!(m, ServerMsg::RoomCreated { .. } | ServerMsg::Error { .. })
        })
        .await;
    assert!(matches!(got, ServerMsg::RoomCreated { .. }), "{got:?}");
    server.shutdown().await;
}

/// Runs an admin command on the test's Redis.
fn redis_admin(url: &str, args: &[&str]) -> redis::Value {
    let client = redis::Client::open(url).unwrap();
    let mut conn = client.get_connection().unwrap();
    let mut cmd = redis::cmd(args[0]);
    for a in &args[1..] {
        cmd.arg(*a);
    }
    cmd.query(&mut conn).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_published_while_pubsub_was_down_are_resent() {
    let s = server(Kind::Redis, fast_limits()).await;
    let redis_url = s.redis.as_ref().unwrap().url.clone();
    let addr = s.server.as_ref().unwrap().addr();
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    // The subscription drops and cannot come back for now; commands still work.
    redis_admin(&redis_url, &["ACL", "SETUSER", "default", "-psubscribe"]);
    redis_admin(&redis_url, &["CLIENT", "KILL", "TYPE", "pubsub"]);
    wait_health(addr, "503").await;
    let seq = p[0].game(&id).last_seq();
    let side = p[0].game(&id).record().to_move() as usize;
    let mv = greedy(p[side].game(&id));
    let msg = p[side].games.get_mut(&id).unwrap().propose(&mv).unwrap();
    p[side].send(&msg).await;
    // Stored, but published to no one here.
    let key = format!("cc:g:{id}:ev");
    let deadline = tokio::time::Instant::now() + WAIT;
    while redis_admin(&redis_url, &["LLEN", &key]) != redis::Value::Int(seq as i64 + 1) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the move was not stored"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(p[1 - side]
        .try_recv(Duration::from_millis(300))
        .await
        .is_none());
    // Back: the instance resubscribes and sends both players what they missed.
    redis_admin(&redis_url, &["ACL", "SETUSER", "default", "+psubscribe"]);
    wait_health(addr, "200 OK").await;
    p[0].catch_up(&id, seq + 1).await;
    p[1].catch_up(&id, seq + 1).await;
    assert!(p[side].game(&id).pending().is_none());
    play_moves(&mut p, &id, 2).await;
    assert_eq!(p[0].game(&id).record().ply(), 5);
    assert_eq!(p[1].game(&id).record().ply(), 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_redis_answer_is_waited_for_not_refused() {
    let s = server(Kind::Redis, fast_limits()).await;
    let redis_url = s.redis.as_ref().unwrap().url.clone();
    let mut p = pair(&s.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 2).await;
    // Redis busy for 1.2 s (a script spinning on TIME), as on a briefly saturated machine: with
    // the client's default 500 ms answer timeout the move below was refused `internal`.
    let busy = std::thread::spawn(move || {
        let script = "local t0 = redis.call('TIME') \
            local start = t0[1] * 1000000 + t0[2] \
            repeat local t = redis.call('TIME') until t[1] * 1000000 + t[2] - start > 1200000 \
            return 1";
        redis_admin(&redis_url, &["EVAL", script, "0"])
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    play_moves(&mut p, &id, 1).await;
    assert_eq!(busy.join().unwrap(), redis::Value::Int(1));
    for c in &p {
        assert_eq!(c.game(&id).record().ply(), 3, "{}", c.name);
    }
}

/// The remaining lifetime of a key in milliseconds (-1: none, -2: no such key).
fn pttl(url: &str, key: &str) -> i64 {
    match redis_admin(url, &["PTTL", key]) {
        redis::Value::Int(ms) => ms,
        other => panic!("PTTL {key}: {other:?}"),
    }
}

/// Starts a private room's game between two new players; returns them (by side), the game and
/// the room's code.
async fn room_game(url: &str) -> ([Client; 2], String, String) {
    let mut ann = Client::join(url, "Ann").await;
    let mut cy = Client::join(url, "Cy").await;
    let code = ann.create_room(Format::Tripot1, false).await;
    cy.send(&ClientMsg::JoinRoom {
        code: code.clone(),
        rated: false,
    })
    .await;
    let (id, ann_side, _) = ann.matched().await;
    cy.matched().await;
    let p = if ann_side == 0 { [ann, cy] } else { [cy, ann] };
    (p, id, code)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_code_expires_with_its_finished_game() {
    let s = server(Kind::Redis, fast_limits()).await;
    let server = s.server.as_ref().unwrap();
    let redis_url = s.redis.as_ref().unwrap().url.clone();
    // A finished game is kept 2 s here (24 h in service), and its cached copy 300 ms.
    let ttl = Duration::from_secs(2);
    let max = ttl.as_millis() as i64;
    server.set_finished_ttl(ttl);
    server.set_game_cache_limits(100, Duration::from_millis(300));
    let (mut p, id, code) = room_game(&s.url).await;
    play_moves(&mut p, &id, 2).await;
    let rg = format!("cc:rg:{code}");
    let keys = [
        rg.clone(),
        format!("cc:g:{id}:meta"),
        format!("cc:g:{id}:ev"),
    ];
    // While the game is played its code names it, with no expiry.
    assert_eq!(
        redis_admin(&redis_url, &["GET", &rg]),
        redis::Value::BulkString(id.clone().into_bytes())
    );
    assert_eq!(pttl(&redis_url, &rg), -1);
    p[0].send(&ClientMsg::Resign { game: id.clone() }).await;
    p[0].expect_end().await;
    p[1].expect_end().await;
    // Over: the code expires with the game's other keys.
    let ttls = keys.clone().map(|k| pttl(&redis_url, &k));
    for (key, ms) in keys.iter().zip(ttls) {
        assert!(
            ms > 0 && ms <= max,
            "{key} expires in {ms} ms, not within {max}"
        );
    }
    assert!(
        (ttls[0] - ttls[1]).abs() < 500 && (ttls[0] - ttls[2]).abs() < 500,
        "the code expires in {} ms, the game's meta and log in {} and {} ms",
        ttls[0],
        ttls[1],
        ttls[2]
    );
    // Watched by its code until then (the finished game's snapshot).
    let mut eve = Client::join(&s.url, "Eve").await;
    eve.send(&ClientMsg::Spectate {
        game: String::new(),
        code: Some(code.clone()),
    })
    .await;
    eve.expect(
        "the finished game's snapshot",
        |m| matches!(m, ServerMsg::Sync { snapshot } if snapshot.game == id && snapshot.result.is_some()),
    )
    .await;
    eve.send(&ClientMsg::StopSpectating { game: id.clone() })
        .await;
    // Once the game is forgotten (its keys gone, its cached copy dropped), the code names
    // nothing: watching by it gets the answer a game that does not exist gets.
    tokio::time::sleep(ttl + Duration::from_millis(500)).await;
    for key in &keys {
        assert_eq!(pttl(&redis_url, key), -2, "{key} is still there");
    }
    eve.send(&ClientMsg::Spectate {
        game: String::new(),
        code: Some(code.clone()),
    })
    .await;
    eve.expect_error(ErrorCode::GameNotFound).await;
    eve.send(&ClientMsg::Spectate {
        game: id.clone(),
        code: Some(code.clone()),
    })
    .await;
    eve.expect_error(ErrorCode::GameNotFound).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_end_of_a_game_leaves_a_later_game_s_code_alone() {
    let s = server(Kind::Redis, fast_limits()).await;
    let redis_url = s.redis.as_ref().unwrap().url.clone();
    let (mut p, id, code) = room_game(&s.url).await;
    let (mut later, later_id, _) = room_game(&s.url).await;
    play_moves(&mut p, &id, 1).await;
    play_moves(&mut later, &later_id, 1).await;
    // A later room drew the same code (a code is single use only while its room is open) and
    // its game started: the code names that game now, for as long as it is played.
    let rg = format!("cc:rg:{code}");
    redis_admin(&redis_url, &["SET", &rg, &later_id]);
    p[0].send(&ClientMsg::Resign { game: id.clone() }).await;
    p[0].expect_end().await;
    p[1].expect_end().await;
    assert!(pttl(&redis_url, &format!("cc:g:{id}:meta")) > 0);
    assert_eq!(
        pttl(&redis_url, &rg),
        -1,
        "the end of an older game set an expiry on a later game's code"
    );
    assert_eq!(
        redis_admin(&redis_url, &["GET", &rg]),
        redis::Value::BulkString(later_id.clone().into_bytes())
    );
}
