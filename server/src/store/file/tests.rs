#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::ratings::rule_set_name;
use chinese_checkers_core::online::Format;

/// A data file path of its own for one test (also the fault tests').
pub(super) fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "cc-journal-{}-{}-{name}",
        std::process::id(),
        super::super::now_ms()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.redb")
}

/// A private two-player game's metadata.
pub(super) fn meta() -> GameMeta {
    GameMeta {
        tokens: vec!["a".repeat(32), "b".repeat(32)],
        public: false,
        code: None,
        min_rated_plies: 0,
    }
}

#[tokio::test]
async fn what_is_written_is_read_back_after_reopening() {
    let path = temp_path("reopen");
    let (journal, loaded) = Journal::open(&path, FileOptions::default()).unwrap();
    assert!(loaded.games.is_empty() && loaded.rooms.is_empty());
    let clock = Clock {
        away: [None, Some(42), None, None, None, None],
        idle: Some(99),
        turn: Some(77),
        turn_since: Some(7),
        banks: [Some(1_000), Some(2_000), None, None, None, None],
    };
    journal
        .write(vec![
            Op::Header {
                id: "g1".into(),
                meta: meta(),
                clock,
                over: false,
            },
            Op::Events {
                id: "g1".into(),
                events: vec![(1, GameEvent::Reconnected { side: 1 })],
            },
            Op::Room {
                room: Table {
                    id: "ABCDEFGH".into(),
                    access: crate::store::Access::Private,
                    format: Format::Tripot1,
                    host: super::super::Player {
                        token: "a".repeat(32),
                        name: "Ada".into(),
                        rated: false,
                    },
                    guests: Vec::new(),
                    clock: Default::default(),
                    addr: String::new(),
                },
                expires_ms: 7,
            },
        ])
        .await
        .unwrap();
    journal
        .write(vec![Op::Events {
            id: "g1".into(),
            events: vec![(
                2,
                GameEvent::Disconnected {
                    side: 0,
                    grace_ms: 5,
                },
            )],
        }])
        .await
        .unwrap();
    journal.close();
    drop(journal);
    let (_journal, loaded) = Journal::open(&path, FileOptions::default()).unwrap();
    assert_eq!(loaded.games.len(), 1);
    let game = &loaded.games[0];
    assert_eq!(game.id, "g1");
    assert_eq!(game.meta, meta());
    assert_eq!(game.clock, clock);
    assert_eq!(
        game.events,
        vec![
            GameEvent::Reconnected { side: 1 },
            GameEvent::Disconnected {
                side: 0,
                grace_ms: 5
            }
        ]
    );
    assert_eq!(loaded.rooms.len(), 1);
    assert_eq!(loaded.rooms[0].0.id, "ABCDEFGH");
    assert_eq!(loaded.rooms[0].0.access, crate::store::Access::Private);
    assert_eq!(loaded.rooms[0].1, 7);
    assert!(loaded.skipped.is_empty());
}

#[tokio::test]
async fn a_gap_in_the_events_skips_that_game_only() {
    let path = temp_path("gap");
    let (journal, _) = Journal::open(&path, FileOptions::default()).unwrap();
    for id in ["good", "bad"] {
        journal
            .write(vec![Op::Header {
                id: id.into(),
                meta: meta(),
                clock: Clock::default(),
                over: false,
            }])
            .await
            .unwrap();
    }
    journal
        .write(vec![
            Op::Events {
                id: "good".into(),
                events: vec![(1, GameEvent::Reconnected { side: 0 })],
            },
            Op::Events {
                id: "bad".into(),
                events: vec![(2, GameEvent::Reconnected { side: 0 })],
            },
        ])
        .await
        .unwrap();
    journal.close();
    drop(journal);
    let (_journal, loaded) = Journal::open(&path, FileOptions::default()).unwrap();
    let ids: Vec<&str> = loaded.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, vec!["good"]);
    assert_eq!(
        loaded.skipped,
        vec!["game bad: event 2 out of order".to_owned()]
    );
}

#[tokio::test]
async fn ratings_and_rated_games_are_read_back_and_forgotten_with_the_game() {
    let path = temp_path("ratings");
    let (journal, _) = Journal::open(&path, FileOptions::default()).unwrap();
    let r = Rating {
        rating: 1_662.311_990_000_1,
        rd: 290.319_3,
        volatility: 0.059_999,
        games: 1,
    };
    journal
        .write(vec![
            Op::Ratings {
                game: "g1".into(),
                rule_set: Preset::Sternhalma,
                ratings: vec![("a".repeat(32), r), ("b".repeat(32), Rating::default())],
            },
            Op::Ratings {
                game: "g2".into(),
                rule_set: Preset::Tripot,
                ratings: vec![("a".repeat(32), r)],
            },
        ])
        .await
        .unwrap();
    journal
        .write(vec![Op::DeleteGame { id: "g2".into() }])
        .await
        .unwrap();
    journal.close();
    drop(journal);
    let (_journal, loaded) = Journal::open(&path, FileOptions::default()).unwrap();
    let mut got = loaded.ratings.clone();
    got.sort_by(|x, y| (&x.0, rule_set_name(x.1)).cmp(&(&y.0, rule_set_name(y.1))));
    assert_eq!(
        got,
        vec![
            ("a".repeat(32), Preset::Sternhalma, r),
            ("a".repeat(32), Preset::Tripot, r),
            ("b".repeat(32), Preset::Sternhalma, Rating::default()),
        ]
    );
    assert_eq!(loaded.rated, vec!["g1".to_owned()]);
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_kept() {
    let path = temp_path("garbage");
    std::fs::write(&path, b"these are not the games you are looking for").unwrap();
    let err = Journal::open(&path, FileOptions::default())
        .err()
        .expect("refused");
    assert!(err.to_string().contains("games.redb"), "{err}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"these are not the games you are looking for"
    );
}

#[test]
fn a_file_open_in_another_server_is_refused() {
    let path = temp_path("twice");
    let (_first, _) = Journal::open(&path, FileOptions::default()).unwrap();
    let err = Journal::open(&path, FileOptions::default())
        .err()
        .expect("refused");
    assert!(err.to_string().contains("games.redb"), "{err}");
}

#[tokio::test]
async fn archived_games_are_read_back_and_deleted() {
    use chinese_checkers_core::online::{Command, GameRecord};
    let path = temp_path("archive");
    let (journal, _) = Journal::open(&path, FileOptions::default()).unwrap();
    let (mut record, started) =
        GameRecord::new("g1", Format::Tripot1, vec!["A".into(), "B".into()]);
    let mut events = vec![started];
    events.extend(
        record
            .execute(0, &Command::Resign)
            .unwrap()
            .into_iter()
            .map(|(_, e)| e),
    );
    let game = Archived::of(&meta().tokens, &record, &events, 5).unwrap();
    journal
        .write(vec![
            Op::Archive {
                id: "g1".into(),
                game: Box::new(game.clone()),
            },
            Op::Archive {
                id: "g2".into(),
                game: Box::new(game.clone()),
            },
        ])
        .await
        .unwrap();
    journal
        .write(vec![Op::DeleteArchive { id: "g2".into() }])
        .await
        .unwrap();
    journal.close();
    drop(journal);
    let (_journal, loaded) = Journal::open(&path, FileOptions::default()).unwrap();
    assert_eq!(loaded.archived, vec![("g1".to_owned(), game)]);
}
