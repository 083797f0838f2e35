//! The default store keeps games across a restart: a server stopped mid-game (gracefully, or
//! killed) and started again on its data file gives every player their game back, with every
//! move kept once, and the private rooms still open.

// Scenario code in tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use chinese_checkers_core::online::{ClientMsg, EndReason, ErrorCode, Format, ServerMsg};
use chinese_checkers_server::Backend;
use common::*;

/// Brings both players of `id` back on a new server and has them catch up from what they saw.
async fn come_back(url: &str, old: [Client; 2], id: &str) -> [Client; 2] {
    let mut back = Vec::new();
    for mut c in old {
        let mut saved = c.games.remove(id).unwrap();
        let mut n = Client::rejoin(url, &c.name, &c.token).await;
        assert_eq!(
            n.welcome_games,
            vec![id.to_owned()],
            "{} lost its game",
            c.name
        );
        let resume = saved.resume_msg();
        n.games.insert(id.to_owned(), saved);
        n.send(&resume).await;
        back.push(n);
    }
    let mut p: [Client; 2] = back.try_into().ok().unwrap();
    // The resume answers (events or "up to date"); both must end where the server is.
    for c in p.iter_mut() {
        c.expect("resume answered", |m| {
            matches!(
                m,
                ServerMsg::UpToDate { .. } | ServerMsg::Event { .. } | ServerMsg::Sync { .. }
            )
        })
        .await;
    }
    p
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_every_game_move_and_room() {
    let path = temp_data_file("restart");
    let backend = Backend::File { path: path.clone() };
    let s1 = instance_on(backend.clone(), fast_limits()).await;
    let url1 = s1.ws_url();
    let mut p = pair(&url1, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 7).await;
    let before = p[0].game(&id).record().moves().to_vec();
    assert_eq!(before.len(), 7);
    let mut host = Client::join(&url1, "Host").await;
    host.send(&ClientMsg::CreateRoom {
        format: Format::Tripot1,
        rated: false,
        clock: None,
    })
    .await;
    let code = match host.recv().await {
        ServerMsg::RoomCreated { code, .. } => code,
        other => panic!("{other:?}"),
    };

    s1.shutdown().await;
    let s2 = instance_on(backend.clone(), fast_limits()).await;
    let url2 = s2.ws_url();

    let mut p = come_back(&url2, p, &id).await;
    assert_eq!(p[0].game(&id).record().moves(), &before[..]);
    assert_eq!(p[1].game(&id).record().moves(), &before[..]);
    // The game goes on to its end; nothing was played twice.
    play_moves(&mut p, &id, 400).await;
    for c in p.iter_mut() {
        c.expect_end().await;
    }
    let end = p[0].game(&id).record().result().expect("the game ended");
    assert!(matches!(end.reason, EndReason::Win | EndReason::Deadlock));
    assert_eq!(&p[0].game(&id).record().moves()[..7], &before[..]);
    let seq = p[0].game(&id).last_seq();
    p[1].catch_up(&id, seq).await;
    assert_eq!(
        p[0].game(&id).record().moves(),
        p[1].game(&id).record().moves()
    );

    // The room made before the restart still takes its guest, once.
    let mut guest = Client::join(&url2, "Guest").await;
    guest
        .send(&ClientMsg::JoinRoom {
            code: code.clone(),
            rated: false,
        })
        .await;
    let (room_game, _, _) = guest.matched().await;
    let mut late = Client::join(&url2, "Late").await;
    late.send(&ClientMsg::JoinRoom {
        code: code.clone(),
        rated: false,
    })
    .await;
    late.expect_error(ErrorCode::RoomNotFound).await;

    // A finished game is no longer anyone's game after one more restart.
    s2.shutdown().await;
    let s3 = instance_on(backend, fast_limits()).await;
    let again = Client::rejoin(&s3.ws_url(), "Ada", &p[0].token).await;
    assert!(again.welcome_games.is_empty());
    // The room's game, read back from the file, is still found by the room's code alone.
    let mut eve = Client::join(&s3.ws_url(), "Eve").await;
    eve.send(&ClientMsg::Spectate {
        game: String::new(),
        code: Some(code),
    })
    .await;
    eve.expect(
        "the room game's snapshot",
        |m| matches!(m, ServerMsg::Sync { snapshot } if snapshot.game == room_game),
    )
    .await;
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_loses_no_relayed_move() {
    let path = temp_data_file("killed");
    let backend = Backend::File { path: path.clone() };
    let s1 = instance_on(backend.clone(), fast_limits()).await;
    let mut p = pair(&s1.ws_url(), Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 9).await;
    // Every move both players saw was relayed, so it was durable first.
    let seen = p[1].game(&id).record().moves().to_vec();
    s1.kill();
    let s2 = instance_on(backend, fast_limits()).await;
    let mut p = come_back(&s2.ws_url(), p, &id).await;
    assert_eq!(p[0].game(&id).record().moves(), &seen[..]);
    play_moves(&mut p, &id, 2).await;
    assert_eq!(p[0].game(&id).record().ply(), 11);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

/// The binary with no store option, in a working directory of its own.
struct DefaultServer {
    child: Child,
    url: String,
}

impl DefaultServer {
    fn start(dir: &std::path::Path) -> DefaultServer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chinese-checkers-server"))
            .args(["--bind", "127.0.0.1:0"])
            .current_dir(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server binary starts");
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("address line, got {line:?}"))
            .to_owned();
        DefaultServer {
            child,
            url: format!("ws://{addr}/ws"),
        }
    }

    /// SIGTERM, as a service manager restarting it would, and waits for the exit.
    fn stop(mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}

impl Drop for DefaultServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_default_server_keeps_its_games_in_a_file_of_its_working_directory() {
    let dir = temp_data_file("default").parent().unwrap().to_owned();
    let s1 = DefaultServer::start(&dir);
    let mut p = pair(&s1.url, Format::Tripot1).await;
    let id = game_id(&p);
    play_moves(&mut p, &id, 4).await;
    let before = p[0].game(&id).record().moves().to_vec();
    s1.stop();
    assert!(dir.join("chinese-checkers-server.redb").is_file());
    let s2 = DefaultServer::start(&dir);
    let mut p = come_back(&s2.url, p, &id).await;
    assert_eq!(p[1].game(&id).record().moves(), &before[..]);
    play_moves(&mut p, &id, 1).await;
    assert_eq!(p[0].game(&id).record().ply(), 5);
    drop(s2);
    let _ = std::fs::remove_dir_all(&dir);
}
