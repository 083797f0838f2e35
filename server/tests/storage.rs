//! Storage faults (#27, finding 5), end to end: the store stops taking writes (the data file's
//! disk is full; Redis refuses writes, out of memory) while people play and join rooms. A move
//! is refused with a clear error and never relayed, a guest's join leaves the room open and its
//! host is told, `/health` says the store is unavailable, and once writes succeed again the
//! store takes them by itself: `/health` is ok, the move goes through on the same server, the
//! guest's next join starts the game.

// Scenario code in tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::Duration;

use chinese_checkers_core::online::{ClientMsg, ErrorCode, Format, GameEvent, ServerMsg};
use common::*;

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

/// How a run of the server binary went: it started (and is killed on drop), or it exited.
enum Run {
    Started(#[allow(dead_code)] Served),
    Exited(std::process::ExitStatus, String),
}

/// A server process, killed on drop.
struct Served(std::process::Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Runs the server binary on the data file `path` with `extra` options.
fn run_on(path: &std::path::Path, extra: &[&str]) -> Run {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let log = path.with_extension(format!("log{}", rand_suffix()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_chinese-checkers-server"))
        .args(["--bind", "127.0.0.1:0", "--data"])
        .arg(path)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("the server binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    if line.starts_with("listening on ") {
        return Run::Started(Served(child));
    }
    let status = child.wait().unwrap();
    Run::Exited(status, std::fs::read_to_string(&log).unwrap())
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A data file a server wrote: a few games in progress and finished, a room.
async fn played_file(name: &str) -> std::path::PathBuf {
    use chinese_checkers_server::Backend;
    let path = temp_data_file(name);
    let s = instance_on(Backend::File { path: path.clone() }, fast_limits()).await;
    let url = s.ws_url();
    for n in 0..6 {
        let mut p = pair(&url, Format::Tripot1).await;
        let id = game_id(&p);
        play_moves(&mut p, &id, 12).await;
        if n % 2 == 0 {
            p[0].send(&ClientMsg::Resign { game: id.clone() }).await;
            p[0].expect_end().await;
        }
    }
    let mut host = Client::join(&url, "Host").await;
    host.create_room(Format::Tripot1, false).await;
    s.shutdown().await;
    path
}

/// Overwrites the 4 KiB pages `pages` (numbered from the file's middle) with garbage.
fn damage(path: &std::path::Path, pages: std::ops::Range<i64>) {
    let mut bytes = std::fs::read(path).unwrap();
    let middle = (bytes.len() / 2 / 4096) as i64;
    for page in pages {
        let start = ((middle + page) * 4096) as usize;
        let end = (start + 4096).min(bytes.len());
        for (i, b) in bytes[start..end].iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(151).wrapping_add(7);
        }
    }
    std::fs::write(path, bytes).unwrap();
}

fn copy_of(path: &std::path::Path, name: &str) -> std::path::PathBuf {
    let copy = temp_data_file(name);
    std::fs::copy(path, &copy).unwrap();
    copy
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_data_file_stops_the_start_and_is_left_as_it_was() {
    let played = played_file("damaged").await;
    let path = copy_of(&played, "damaged-copy");
    // Garbage in the middle of the file.
    damage(&path, -4..4);
    let before = std::fs::read(&path).unwrap();
    let Run::Exited(status, stderr) = run_on(&path, &[]) else {
        panic!("a damaged data file was served");
    };
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked at"), "{stderr}");
    let named = path.display().to_string();
    assert!(
        stderr.contains(&named) && stderr.contains("damaged"),
        "{stderr}"
    );
    assert!(
        stderr.contains("--repair") && stderr.contains("backup"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the damaged file was changed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repair_keeps_the_damaged_file_aside_and_starts_with_what_can_be_read() {
    let played = played_file("repair").await;
    // One damaged page near the middle; a page no longer in use is no damage (the server
    // starts), a page whose loss leaves nothing readable is refused by the repair too: the
    // first page from the middle out that is neither.
    for page in [0, 1, -1, 2, -2, 3, -3, 4, -4, 5] {
        let path = copy_of(&played, "repair-copy");
        damage(&path, page..page + 1);
        let damaged = std::fs::read(&path).unwrap();
        match run_on(&path, &[]) {
            Run::Started(_) => continue,
            Run::Exited(..) => {}
        }
        assert!(
            std::fs::read(&path).unwrap() == damaged,
            "the file's bytes differ"
        );
        match run_on(&path, &["--repair"]) {
            Run::Exited(status, stderr) => {
                assert!(!stderr.contains("panicked at"), "{stderr}");
                assert!(stderr.contains("nothing"), "{status}: {stderr}");
                assert!(
                    std::fs::read(&path).unwrap() == damaged,
                    "the file's bytes differ"
                );
                continue;
            }
            Run::Started(_) => {}
        }
        // The damaged original is kept beside it, byte for byte; the repaired file starts
        // without --repair.
        let dir = path.parent().unwrap();
        let aside: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains(".damaged-"))
            .collect();
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert!(
            std::fs::read(&aside[0]).unwrap() == damaged,
            "the file's bytes differ"
        );
        assert!(matches!(run_on(&path, &[]), Run::Started(_)));
        return;
    }
    panic!("no damaged page near the middle could be repaired");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_data_file_is_refused_unless_the_server_is_told_to_start_with_no_games() {
    let path = temp_data_file("empty");
    std::fs::write(&path, b"").unwrap();
    let Run::Exited(status, stderr) = run_on(&path, &[]) else {
        panic!("an empty data file was served");
    };
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("empty") && stderr.contains("--init-data"),
        "{stderr}"
    );
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 0);
    assert!(matches!(run_on(&path, &["--init-data"]), Run::Started(_)));
    // A path with no file is a new data file.
    let fresh = temp_data_file("fresh");
    assert!(!fresh.exists());
    assert!(matches!(run_on(&fresh, &[]), Run::Started(_)));
}
