//! Tests of the facade in Rust: searches awaited, waited for and cancelled (by the handle, by
//! dropping the future, by undo), the free functions, and the online object's strings.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::session::online::OnlineRequest;
use std::future::Future;
use std::sync::Arc;
use std::task::{Context, Wake, Waker};
use std::time::{Duration, Instant};

use super::*;
use crate::rules::Preset;
use crate::session::{Banner, GameSetup, GameState, MoveError, Opener, Seat};

fn game(level: AiLevel, opener: Opener) -> Arc<LocalGame> {
    LocalGame::new(GameSetup {
        opener,
        seed: 3,
        ..GameSetup::solo(Preset::Tripot, level)
    })
    .unwrap()
}

fn state_of(outcome: SearchOutcome) -> (bool, GameState) {
    match outcome {
        SearchOutcome::Finished { state } => (true, state),
        SearchOutcome::Cancelled { state } => (false, state),
        SearchOutcome::Failed { detail, .. } => panic!("search failed: {detail}"),
    }
}

const AI_OPENS: Opener = Opener::Seat { index: 1 };
const YOU_OPEN: Opener = Opener::Seat { index: 0 };

#[test]
fn think_plays_and_refuses_on_the_persons_turn() {
    let g = game(AiLevel::Beginner, AI_OPENS);
    g.set_ai_time_limit(Some(50));
    let search = g.think().unwrap();
    // Thinking until the engine thread plays; a fast engine on a busy machine may already have
    // played by the time the state is read (it never shows neither).
    let now = g.state();
    assert!(
        now.thinking == Some(1) || (now.thinking.is_none() && now.history.len() == 1),
        "neither thinking nor played: {:?}, {} moves",
        now.thinking,
        now.history.len()
    );
    let (finished, v) = state_of(search.wait());
    assert!(finished);
    assert_eq!(v.history.len(), 1);
    assert_eq!(v.thinking, None);
    assert_eq!(g.think().err(), Some(MoveError::NotAiTurn));
}

#[test]
fn awaited_think_plays() {
    let g = game(AiLevel::Beginner, AI_OPENS);
    g.set_ai_time_limit(Some(50));
    let search = g.think().unwrap();
    let (finished, v) = state_of(pollster::block_on(search.finish()));
    assert!(finished);
    assert_eq!(v.history.len(), 1);
    // A second await of the same handle reports the state, not a second move.
    let (finished, v) = state_of(pollster::block_on(search.finish()));
    assert!(!finished);
    assert_eq!(v.history.len(), 1);
}

#[test]
fn cancel_stops_the_search_and_another_may_start() {
    let g = game(AiLevel::Impossible, AI_OPENS);
    g.set_ai_time_limit(Some(20_000));
    let t = Instant::now();
    let search = g.think().unwrap();
    std::thread::sleep(Duration::from_millis(100));
    search.cancel();
    let (finished, v) = state_of(search.wait());
    assert!(!finished);
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    assert!(v.history.is_empty() && v.thinking.is_none() && v.banner.is_none());
    // Stopped, the AI waits for the person: another search starts once it is resumed.
    assert!(!v.ai_to_move && v.ai_paused);
    assert!(g.resume_ai().ai_to_move);
    g.set_ai_time_limit(Some(50));
    let (finished, v) = state_of(g.think().unwrap().wait());
    assert!(finished && v.history.len() == 1);
}

struct NoopWaker;

impl Wake for NoopWaker {
    fn wake(self: Arc<Self>) {}
}

#[test]
fn dropping_the_awaiting_future_cancels_the_search() {
    let g = game(AiLevel::Impossible, AI_OPENS);
    g.set_ai_time_limit(Some(20_000));
    let search = g.think().unwrap();
    {
        let mut fut = Box::pin(search.finish());
        let waker = Waker::from(Arc::new(NoopWaker));
        let mut cx = Context::from_waker(&waker);
        assert!(fut.as_mut().poll(&mut cx).is_pending());
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(g.state().banner, Some(Banner::AiThinking { player: 1 }));
    }
    // Dropped: the state shows no search at once (the AI paused), and the engine stops soon
    // after.
    let v = g.state();
    assert!(v.thinking.is_none() && v.history.is_empty() && v.ai_paused && !v.ai_to_move);
}

#[test]
fn dropping_the_handle_stops_the_engine() {
    let g = game(AiLevel::Impossible, AI_OPENS);
    g.set_ai_time_limit(Some(20_000));
    let t = Instant::now();
    drop(g.think().unwrap());
    while g.state().thinking.is_some() && t.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let v = g.state();
    assert!(
        v.thinking.is_none(),
        "still thinking after {:?}",
        t.elapsed()
    );
    assert!(v.history.is_empty());
}

#[test]
fn undo_cancels_a_search_in_progress() {
    let g = game(AiLevel::Impossible, YOU_OPEN);
    g.tap(-1, 5).unwrap();
    g.tap(-1, 4).unwrap();
    g.set_ai_time_limit(Some(20_000));
    let search = g.think().unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let v = g.undo().unwrap();
    assert!(v.history.is_empty());
    let (finished, v) = state_of(search.wait());
    assert!(!finished);
    assert!(v.history.is_empty());
}

#[test]
fn hints_show_in_the_state_and_can_be_cancelled() {
    let g = game(AiLevel::Beginner, YOU_OPEN);
    let search = g.hint().unwrap();
    assert!(g.state().hint_pending);
    let (finished, v) = state_of(search.wait());
    assert!(finished);
    assert!(v.hint.len() >= 2 && !v.hint_pending);
    let search = g.hint().unwrap();
    search.cancel();
    let (_, v) = state_of(search.wait());
    assert!(!v.hint_pending);
    assert!(g.hint().is_ok(), "another hint may start at once");
}

#[test]
fn catalogue_geometry_opponents_and_positions() {
    let sets = rule_sets();
    assert_eq!(sets[0].preset, Preset::Tripot);
    assert_eq!(sets[0].colours_per_side, vec![1, 2, 3]);
    assert!(sets[0].opener_choice && !sets[1].opener_choice);
    assert_eq!(board_geometry().holes.len(), 121);
    assert_eq!(opponents().len(), 5);
    assert_eq!(opponents()[0].name, "Jean Médecin");
    let text = r#"{"rules":"classic","players":[{"colours":["S"]},{"colours":["N"]}],
        "pegs":{"S":[[-4,8]],"N":[[4,-8]]},"to_move":1}"#;
    let p = position_from_json(text.into()).unwrap();
    assert_eq!(p.to_move, 1);
    let again = position_from_json(position_to_json(p.clone()).unwrap()).unwrap();
    assert_eq!(again, p);
    let g = LocalGame::from_position(p.clone(), vec![Seat::person(), Seat::person()], 0).unwrap();
    assert_eq!(g.state().to_move, 1);
    assert!(LocalGame::from_position(p, vec![Seat::person()], 0).is_err());
    assert_eq!(
        check_room_code(" abcd-2345 ".into()).as_deref(),
        Some("ABCD2345")
    );
    assert_eq!(check_room_code("AB".into()), None);
    init_logging(LogLevel::Warn);
    init_logging(LogLevel::Error);
}

#[test]
fn online_game_moves_strings_only() {
    let online = OnlineGame::new();
    let up = online
        .send(OnlineRequest::Hello {
            token: new_token(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    assert_eq!(up.outgoing.len(), 1);
    assert!(up.outgoing[0].contains("\"type\":\"hello\""));
    assert_eq!(up.state.board.banner, Some(Banner::Connecting));
    assert!(
        online
            .send(OnlineRequest::QuickMatch { format: None })
            .is_err(),
        "not welcomed yet"
    );
    let up = online
        .receive(r#"{"type":"welcome","v":1,"name":"Ann","games":[]}"#.into())
        .unwrap();
    assert_eq!(
        up.state.connection,
        crate::session::online::Connection::Connected
    );
    let up = online
        .send(OnlineRequest::QuickMatch { format: None })
        .unwrap();
    assert_eq!(up.outgoing, vec![r#"{"type":"quick_match","format":null}"#]);
    assert!(online.receive("not json".into()).is_err());
    let s = online.connection_lost();
    assert_eq!(s.board.banner, Some(Banner::Reconnecting));
    let restored = OnlineGame::restore(online.save()).unwrap();
    assert_eq!(restored.state().name, "Ann");
}

#[test]
fn the_online_formats_and_their_seats_come_from_the_core() {
    use crate::online::Format;
    let formats = online_formats();
    assert_eq!(formats.len(), 8);
    assert_eq!(formats[0], Format::Tripot1);
    let seats: Vec<i32> = formats.into_iter().map(format_seats).collect();
    assert_eq!(seats, [2, 2, 2, 2, 2, 3, 4, 6]);
}

#[test]
fn the_default_server_is_the_build_setting_and_none_in_a_source_build() {
    // The test command builds without CHINESE_CHECKERS_SERVER_URL, as a source build does.
    match option_env!("CHINESE_CHECKERS_SERVER_URL").map(str::trim) {
        None | Some("") => assert_eq!(default_server_url(), None),
        Some(set) => assert_eq!(default_server_url().as_deref(), Some(set)),
    }
}

/// Plays a step of seat `seat` with two taps (the first of its pegs that has one).
fn play_a_step(g: &LocalGame, seat: i32) -> GameState {
    let holes: Vec<_> = g
        .state()
        .holes
        .into_iter()
        .filter(|h| h.owner == Some(seat))
        .map(|h| h.coord)
        .collect();
    for peg in holes {
        let v = g.tap(peg.q, peg.r).unwrap();
        if let Some(t) = v
            .targets
            .iter()
            .find(|t| t.kind == crate::rules::MoveKind::Step)
        {
            return g.tap(t.coord.q, t.coord.r).unwrap();
        }
        g.cancel_touch();
    }
    panic!("no step for seat {seat}");
}

#[test]
fn a_kept_game_writes_every_move_the_ai_s_on_its_thread_and_says_when_a_save_failed() {
    use crate::session::SaveStatus;
    let dir = std::env::temp_dir().join(format!("cc-ffi-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let lib = GameLibrary::open(dir.display().to_string()).unwrap();
    let moves = |lib: &GameLibrary| -> Vec<i32> {
        lib.listing()
            .unwrap()
            .playing
            .iter()
            .map(|c| c.moves)
            .collect()
    };
    let g = game(AiLevel::Beginner, AI_OPENS);
    g.set_ai_time_limit(Some(50));
    assert_eq!(g.state().storage, SaveStatus::NotKept);
    lib.keep_local(Arc::clone(&g), false).unwrap();
    assert_eq!(g.state().storage, SaveStatus::Saved);
    assert!(moves(&lib).is_empty(), "untouched: nothing written");
    // The AI's move is on disk by the time the search reports it.
    let (finished, v) = state_of(g.think().unwrap().wait());
    assert!(finished);
    assert_eq!(v.storage, SaveStatus::Saved);
    assert_eq!(moves(&lib), vec![1]);
    // The person's move, inside the tap that played it.
    let v = play_a_step(&g, 0);
    assert_eq!((v.history.len(), v.storage.clone()), (2, SaveStatus::Saved));
    assert_eq!(moves(&lib), vec![2]);
    // The folder goes away: the AI's next move stays in memory, and the state says so.
    let games = dir.join("games");
    let aside = dir.join("games-aside");
    std::fs::rename(&games, &aside).unwrap();
    std::fs::write(&games, "").unwrap();
    let (_, v) = state_of(g.think().unwrap().wait());
    assert_eq!(v.history.len(), 3);
    assert!(
        matches!(v.storage, SaveStatus::Failed { .. }),
        "{:?}",
        v.storage
    );
    assert!(matches!(g.save_now().storage, SaveStatus::Failed { .. }));
    std::fs::remove_file(&games).unwrap();
    std::fs::rename(&aside, &games).unwrap();
    assert_eq!(g.save_now().storage, SaveStatus::Saved);
    assert_eq!(moves(&lib), vec![3]);
    // Reopened from its card, it goes on writing itself; resigned, it leaves Continue and
    // counts once.
    let back = lib.open_game(g.id()).unwrap();
    assert_eq!(back.state().history, g.state().history);
    assert_eq!(back.state().storage, SaveStatus::Saved);
    back.resign().unwrap();
    let listing = lib.listing().unwrap();
    assert!(listing.playing.is_empty());
    assert_eq!(listing.finished[0].id, g.id());
    assert_eq!(lib.statistics().unwrap()[0].lost, 1);
    // Seen again (reopened, the library opened anew): still counted once.
    let again = lib.open_game(g.id()).unwrap();
    assert!(again.state().outcome.is_some());
    let reopened = GameLibrary::open(dir.display().to_string()).unwrap();
    assert_eq!(reopened.statistics().unwrap()[0].played, 1);
    // An online session kept: nothing to write before a game, and it says so.
    let online = OnlineGame::new();
    assert_eq!(online.state().board.storage, SaveStatus::NotKept);
    lib.keep_online(Arc::clone(&online));
    assert_eq!(online.state().board.storage, SaveStatus::Saved);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_apps_signed_numbers_are_read_as_the_core_means_them() {
    use super::local::unsigned_ms;
    // A time limit below zero is the quickest move, not a huge unsigned one.
    assert_eq!(unsigned_ms(Some(-5)), Some(0));
    assert_eq!(unsigned_ms(Some(50)), Some(50));
    assert_eq!(unsigned_ms(None), None);
    // A seed is its bits: a negative one starts a game like any other, the same each time.
    let text = r#"{"rules":"classic","players":[{"colours":["S"]},{"colours":["N"]}],
        "pegs":{"S":[[-4,8]],"N":[[4,-8]]},"to_move":0}"#;
    let p = position_from_json(text.into()).unwrap();
    let seats = || vec![Seat::person(), Seat::person()];
    let a = LocalGame::from_position(p.clone(), seats(), -1).unwrap();
    let b = LocalGame::from_position(p, seats(), -1).unwrap();
    assert_eq!(a.state().holes, b.state().holes);
}
