//! The data file under faults: failing writes and recovery, damaged, empty and missing files,
//! `--repair`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use chinese_checkers_core::online::GameEvent;

use super::tests::{meta, temp_path};
use super::*;

/// A game's header and `n` events (reconnections: any event decodes back).
fn game(id: &str, n: u64) -> Vec<Op> {
    vec![
        Op::Header {
            id: id.into(),
            meta: meta(),
            clock: Clock::default(),
            over: false,
        },
        Op::Events {
            id: id.into(),
            events: (1..=n)
                .map(|seq| (seq, GameEvent::Reconnected { side: 0 }))
                .collect(),
        },
    ]
}

fn ids(loaded: &Loaded) -> Vec<String> {
    let mut ids: Vec<String> = loaded.games.iter().map(|g| g.id.clone()).collect();
    ids.sort();
    ids
}

/// A data file holding 60 games of 40 events (about 1 MiB), closed cleanly.
async fn filled(name: &str) -> PathBuf {
    let path = temp_path(name);
    let (journal, _) = Journal::open(&path, FileOptions::default()).unwrap();
    for g in 0..60 {
        journal.write(game(&format!("g{g:02}"), 40)).await.unwrap();
    }
    journal.close();
    path
}

async fn wait_healthy(journal: &Journal) {
    let until = Instant::now() + Duration::from_secs(10);
    while journal.failing().is_some() {
        assert!(Instant::now() < until, "the writer never recovered");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_failed_write_is_refused_and_the_writer_recovers_by_itself() {
    let path = temp_path("full");
    let (journal, _) = Journal::open(&path, FileOptions::default()).unwrap();
    journal.write(game("before", 3)).await.unwrap();
    assert!(journal.failing().is_none());
    journal.faults().set(true);
    // Housekeeping queued while the disk is full is kept, a waited-for write is refused.
    journal.write_later(vec![Op::DeleteGame {
        id: "before".into(),
    }]);
    let err = journal.write(game("during", 2)).await.unwrap_err();
    assert!(err.to_string().contains("No space left"), "{err}");
    assert!(journal.failing().is_some());
    // Still failing: later writes are refused too, quickly.
    let err = journal.write(game("during2", 1)).await.unwrap_err();
    assert!(err.to_string().contains("games.redb"), "{err}");
    journal.faults().set(false);
    // No write is needed for the failure to end: the writer's probe finds the disk back.
    wait_healthy(&journal).await;
    journal.write(game("after", 2)).await.unwrap();
    journal.close();
    drop(journal);
    let (_journal, loaded) = Journal::open(&path, FileOptions::default()).unwrap();
    // "during" was refused and is not there; the kept housekeeping was written.
    assert_eq!(ids(&loaded), vec!["after".to_owned()]);
}

#[tokio::test]
async fn a_write_after_space_came_back_succeeds_without_waiting_for_the_probe() {
    let path = temp_path("full2");
    let (journal, _) = Journal::open(&path, FileOptions::default()).unwrap();
    journal.faults().set(true);
    assert!(journal.write(game("x", 1)).await.is_err());
    journal.faults().set(false);
    // Within the back-off, refused; then it opens the file again and writes.
    let until = Instant::now() + Duration::from_secs(10);
    while journal.write(game("y", 1)).await.is_err() {
        assert!(Instant::now() < until, "writes never worked again");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(journal.failing().is_none());
}

/// Overwrites 4 KiB of the file at `at` (a fraction of its length) with garbage.
fn damage(path: &Path, at: f64) {
    let mut bytes = std::fs::read(path).unwrap();
    let len = bytes.len();
    let start = (((len as f64) * at) as usize).min(len - 4096);
    for (i, b) in bytes[start..start + 4096].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(151).wrapping_add(7);
    }
    std::fs::write(path, bytes).unwrap();
}

/// Either refused, unchanged, with the message; or (the garbage fell on pages no longer in use)
/// opened with all 60 games whole.
fn refused_or_whole(path: &Path) -> Option<String> {
    let before = std::fs::read(path).unwrap();
    match Journal::open(path, FileOptions::default()) {
        Err(e) => {
            assert!(
                std::fs::read(path).unwrap() == before,
                "the file was changed"
            );
            Some(e.to_string())
        }
        Ok((_, loaded)) => {
            assert_eq!(loaded.games.len(), 60);
            assert!(loaded.games.iter().all(|g| g.events.len() == 40));
            assert!(loaded.skipped.is_empty());
            None
        }
    }
}

fn refused_unchanged(path: &Path) -> String {
    let before = std::fs::read(path).unwrap();
    let err = Journal::open(path, FileOptions::default())
        .err()
        .expect("a damaged file is refused")
        .to_string();
    assert!(
        std::fs::read(path).unwrap() == before,
        "the file was changed"
    );
    err
}

#[tokio::test]
async fn a_damaged_file_is_refused_unchanged_with_the_ways_out() {
    let clean = filled("damaged").await;
    for at in [0.5, 0.25, 0.02] {
        let path = temp_path("damaged-copy");
        std::fs::copy(&clean, &path).unwrap();
        damage(&path, at);
        let err = refused_unchanged(&path);
        assert!(err.contains(&path.display().to_string()), "{err}");
        assert!(err.contains("damaged") && err.contains("--repair"), "{err}");
    }
    // Anywhere else: refused unchanged, or (free pages) every game whole; never a panic.
    for at in [0.1, 0.4, 0.6, 0.75, 0.9, 1.0] {
        let path = temp_path("damaged-anywhere");
        std::fs::copy(&clean, &path).unwrap();
        damage(&path, at);
        if let Some(err) = refused_or_whole(&path) {
            assert!(err.contains("--repair"), "{err}");
        }
    }
}

#[tokio::test]
async fn a_damaged_file_a_killed_server_left_is_refused_unchanged() {
    let path = temp_path("killed");
    let (journal, _) = Journal::open(&path, FileOptions::default()).unwrap();
    for g in 0..60 {
        journal.write(game(&format!("g{g:02}"), 40)).await.unwrap();
    }
    // The file as a killed server leaves it: the database is still open.
    let image = temp_path("killed-image");
    std::fs::copy(&path, &image).unwrap();
    journal.close();
    // Sound as it is: opened (redb's crash repair), every game there.
    let sound = temp_path("killed-sound");
    std::fs::copy(&image, &sound).unwrap();
    let (j, loaded) = Journal::open(&sound, FileOptions::default()).unwrap();
    assert_eq!(loaded.games.len(), 60);
    drop(j);
    for at in [0.5, 0.25, 0.02] {
        let copy = temp_path("killed-copy");
        std::fs::copy(&image, &copy).unwrap();
        damage(&copy, at);
        let err = refused_unchanged(&copy);
        assert!(err.contains("--repair"), "{err}");
    }
}

#[tokio::test]
async fn a_truncated_file_is_refused_unchanged() {
    let clean = filled("cut").await;
    let bytes = std::fs::read(&clean).unwrap();
    let cut = temp_path("cut-copy");
    std::fs::write(&cut, &bytes[..bytes.len() - 4096]).unwrap();
    refused_unchanged(&cut);
    let half = temp_path("half-copy");
    std::fs::write(&half, &bytes[..bytes.len() / 2]).unwrap();
    refused_unchanged(&half);
}

#[test]
fn an_empty_file_is_refused_unless_asked_for_and_a_missing_one_is_created() {
    let path = temp_path("empty");
    std::fs::write(&path, b"").unwrap();
    let err = Journal::open(&path, FileOptions::default())
        .err()
        .expect("an empty file is refused")
        .to_string();
    assert!(
        err.contains("empty") && err.contains("--init-data"),
        "{err}"
    );
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 0);
    let options = FileOptions {
        init_empty: true,
        ..FileOptions::default()
    };
    let (journal, loaded) = Journal::open(&path, options).unwrap();
    assert!(loaded.games.is_empty());
    drop(journal);
    // A new path (its directory too) is a new data file.
    let fresh = temp_path("fresh").parent().unwrap().join("sub/new.redb");
    let (_journal, loaded) = Journal::open(&fresh, FileOptions::default()).unwrap();
    assert!(loaded.games.is_empty() && fresh.is_file());
}

#[tokio::test]
async fn repair_keeps_the_original_aside_and_what_can_be_read() {
    let clean = filled("repair").await;
    let path = temp_path("repair-copy");
    std::fs::copy(&clean, &path).unwrap();
    damage(&path, 0.5);
    let damaged = std::fs::read(&path).unwrap();
    let options = FileOptions {
        repair: true,
        ..FileOptions::default()
    };
    let (journal, loaded) = Journal::open(&path, options).unwrap();
    // The damaged original, byte for byte, beside it.
    let dir = path.parent().unwrap();
    let aside: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".damaged-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert!(
        std::fs::read(&aside[0]).unwrap() == damaged,
        "the file's bytes differ"
    );
    // What was kept is whole: every game has its 40 events; the file works.
    assert!(loaded.skipped.is_empty(), "{:?}", loaded.skipped);
    assert!(loaded.games.iter().all(|g| g.events.len() == 40));
    let kept = loaded.games.len();
    assert!(kept > 0 && kept < 60, "{kept} of 60 games kept");
    journal.write(game("new", 1)).await.unwrap();
    journal.close();
    drop(journal);
    let (_journal, again) = Journal::open(&path, FileOptions::default()).unwrap();
    assert_eq!(again.games.len(), kept + 1);
}

#[tokio::test]
async fn repair_of_a_sound_file_changes_nothing() {
    let path = filled("sound").await;
    let options = FileOptions {
        repair: true,
        ..FileOptions::default()
    };
    let (journal, loaded) = Journal::open(&path, options).unwrap();
    assert_eq!(loaded.games.len(), 60);
    drop(journal);
    let dir = path.parent().unwrap();
    assert_eq!(std::fs::read_dir(dir).unwrap().count(), 1, "no copy aside");
    let (_journal, again) = Journal::open(&path, FileOptions::default()).unwrap();
    assert_eq!(ids(&again), ids(&loaded));
}
