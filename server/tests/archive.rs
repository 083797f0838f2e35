//! A game's end, its rating change and its archive entry go together (#27, finding 5), and
//! the archive is bounded by age and size (#27, finding 6), end to end.
//!
//! - Data file: the three are one transaction, so a server killed (SIGKILL) right after a
//!   player saw the end still lists and rates the game after a restart (before, the archive
//!   entry was written later and was lost in 4 of 5 runs).
//! - Redis: the end enters a durable outbox in the script that stores it; an instance that
//!   dies right after is completed by another instance's sweeper (ratings, archive, expiries).
//! - Memory and data file: whoever sees the end finds the game in their list at once.
//! - Every store: a game beyond the archive's size or age leaves it (before, never).

// Scenario code in tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use chinese_checkers_core::online::{ClientMsg, ErrorCode, Format, ServerMsg};
use chinese_checkers_server::{ArchiveLimits, Limits};
use common::*;

/// The ids of a player's listed games, the latest first.
async fn listed(c: &mut Client) -> Vec<String> {
    c.send(&ClientMsg::ListGames).await;
    match c
        .expect("games", |m| matches!(m, ServerMsg::Games { .. }))
        .await
    {
        ServerMsg::Games { games } => games.into_iter().map(|g| g.game).collect(),
        _ => unreachable!(),
    }
}

/// How many rated games a player has played (all rule sets).
async fn rated_games(c: &mut Client) -> u32 {
    c.send(&ClientMsg::Ratings).await;
    match c
        .expect("ratings", |m| matches!(m, ServerMsg::Ratings { .. }))
        .await
    {
        ServerMsg::Ratings { ratings } => ratings.iter().map(|r| r.games).sum(),
        _ => unreachable!(),
    }
}

/// Two people of two addresses matched by quick match (rated), side 0 first.
async fn rated_pair(url: &str, round: usize) -> [Client; 2] {
    let mut a = Client::join_from(url, "Ada", &format!("10.0.{round}.1")).await;
    let mut b = Client::join_from(url, "Bob", &format!("10.0.{round}.2")).await;
    for c in [&mut a, &mut b] {
        c.send(&ClientMsg::QuickMatch {
            format: Some(Format::Tripot1),
        })
        .await;
    }
    let (game, side_a, _) = a.matched().await;
    let (game_b, _, _) = b.matched().await;
    assert_eq!(game, game_b);
    if side_a == 0 {
        [a, b]
    } else {
        [b, a]
    }
}

/// The server binary on a data file, killed (SIGKILL) on drop.
struct Binary {
    child: Child,
    url: String,
}

impl Binary {
    fn start(path: &std::path::Path) -> Binary {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chinese-checkers-server"))
            .args(["--bind", "127.0.0.1:0", "--trust-proxy", "--data"])
            .arg(path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server binary starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("address line, got {line:?}"))
            .to_owned();
        Binary {
            child,
            url: format!("ws://{addr}/ws"),
        }
    }
}

impl Drop for Binary {
    fn drop(&mut self) {
        let _ = self.child.kill(); // SIGKILL: nothing is flushed, nobody is told
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_right_after_a_game_ended_keeps_its_archive_entry_and_rating() {
    let path = temp_data_file("killed-at-end");
    // Each round: a rated game ends, the server is killed the moment a player has seen the
    // end, and the restarted server lists and rates it.
    for round in 0..3 {
        let server = Binary::start(&path);
        let mut p = rated_pair(&server.url, round).await;
        let id = game_id(&p);
        play_moves(&mut p, &id, 4).await;
        p[0].send(&ClientMsg::Resign { game: id.clone() }).await;
        p[0].expect_end().await;
        drop(server);
        let server = Binary::start(&path);
        for (i, c) in p.iter().enumerate() {
            let addr = format!("10.0.{round}.{}", i + 1);
            let mut back = Client::rejoin_from(&server.url, &c.name, &c.token, &addr).await;
            assert_eq!(listed(&mut back).await, vec![id.clone()], "round {round}");
            assert_eq!(rated_games(&mut back).await, 1, "round {round}");
        }
    }
}

fn machine_limits() -> Limits {
    Limits {
        trust_proxy: true,
        rate_per_second: 10_000,
        rate_burst: 10_000,
        ..fast_limits()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_an_end_stored_by_an_instance_that_died_is_completed_by_another() {
    let redis = RedisServer::start();
    let a = instance(Some(&redis.url), machine_limits()).await;
    let b = instance(Some(&redis.url), machine_limits()).await;
    // A stores the end and dies before doing anything more.
    a.set_finish_inline(false);
    let mut p = rated_pair(&a.ws_url(), 0).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 4).await;
    p[0].send(&ClientMsg::Resign { game: id.clone() }).await;
    p[0].expect_end().await;
    a.kill();
    // B's sweeper completes it: archived, rated, its keys expiring, out of the outbox.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    for (i, c) in p.iter().enumerate() {
        let addr = format!("10.0.0.{}", i + 1);
        let mut back = Client::rejoin_from(&b.ws_url(), &c.name, &c.token, &addr).await;
        while listed(&mut back).await.is_empty() {
            assert!(tokio::time::Instant::now() < deadline, "never archived");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(listed(&mut back).await, vec![id.clone()]);
        assert_eq!(rated_games(&mut back).await, 1);
        // No longer among the games in progress its players are welcomed with.
        let again = Client::rejoin_from(&b.ws_url(), &c.name, &c.token, &addr).await;
        assert!(
            again.welcome_games.is_empty(),
            "still listed as in progress"
        );
    }
    let client = ::redis::Client::open(redis.url.as_str()).unwrap();
    let mut conn = client.get_connection().unwrap();
    let ttl: i64 = ::redis::cmd("PTTL")
        .arg(format!("cc:g:{id}:ev"))
        .query(&mut conn)
        .unwrap();
    assert!(ttl > 0, "the finished game's log does not expire: {ttl}");
    let pending: i64 = ::redis::cmd("ZCARD")
        .arg("cc:ending")
        .query(&mut conn)
        .unwrap();
    assert_eq!(pending, 0);
    b.shutdown().await;
}

/// With one process (memory, data file), whoever sees a game's end finds it in their list and
/// rated at once: the end, the rating and the archive entry are one change.
async fn the_end_the_rating_and_the_archive_entry_come_together(kind: Kind) {
    let s = server(kind, machine_limits()).await;
    for round in 0..5 {
        let mut p = rated_pair(&s.url, round).await;
        let id = game_id(&p);
        play_moves(&mut p, &id, 4).await;
        p[1].send(&ClientMsg::Resign { game: id.clone() }).await;
        p[0].expect_end().await;
        let games = listed(&mut p[0]).await;
        assert_eq!(games.first(), Some(&id), "round {round}");
        assert_eq!(rated_games(&mut p[0]).await, 1);
    }
}

mod together {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn memory() {
        the_end_the_rating_and_the_archive_entry_come_together(Kind::Memory).await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn file() {
        the_end_the_rating_and_the_archive_entry_come_together(Kind::File).await
    }
}

suite!(
    an_archive_over_its_size_drops_the_games_that_ended_first,
    an_archived_game_older_than_the_age_limit_is_gone,
);

/// A game of two fresh people, resigned at once; returns them and its id.
async fn quick_game(url: &str) -> ([Client; 2], String) {
    let mut p = pair(url, Format::Tripot1).await;
    let id = game_id(&p);
    p[0].send(&ClientMsg::Resign { game: id.clone() }).await;
    for c in p.iter_mut() {
        c.expect_end().await;
    }
    (p, id)
}

async fn an_archive_over_its_size_drops_the_games_that_ended_first(kind: Kind) {
    // Room for one game only: each game that ends pushes the one before out.
    let limits = Limits {
        archive: ArchiveLimits {
            max_bytes: 1,
            ..ArchiveLimits::default()
        },
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let (mut first, first_id) = quick_game(&s.url).await;
    assert_eq!(listed(&mut first[0]).await, vec![first_id.clone()]);
    let (mut second, second_id) = quick_game(&s.url).await;
    assert_eq!(listed(&mut second[1]).await, vec![second_id.clone()]);
    for c in first.iter_mut() {
        assert!(
            listed(c).await.is_empty(),
            "the first game is still archived"
        );
        c.send(&ClientMsg::GetGame {
            game: first_id.clone(),
        })
        .await;
        c.expect_error(ErrorCode::GameNotFound).await;
    }
}

async fn an_archived_game_older_than_the_age_limit_is_gone(kind: Kind) {
    let limits = Limits {
        archive: ArchiveLimits {
            max_age: Duration::from_secs(2),
            ..ArchiveLimits::default()
        },
        ..fast_limits()
    };
    let s = server(kind, limits).await;
    let (mut p, id) = quick_game(&s.url).await;
    assert_eq!(listed(&mut p[0]).await, vec![id.clone()]);
    tokio::time::sleep(Duration::from_millis(2_600)).await;
    assert!(listed(&mut p[0]).await.is_empty());
    p[1].send(&ClientMsg::GetGame { game: id }).await;
    p[1].expect_error(ErrorCode::GameNotFound).await;
}
