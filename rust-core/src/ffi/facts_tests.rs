//! Tests of the facts a [`Game`] gives the apps through its state and handles: the AI's pause
//! and resume (`GameEngine`), the board's turn (`Game.set_turn_board`), the clock's reading.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::game_tests::{pass_and_play, step, Heard};
use super::*;
use crate::rules::Preset;
use crate::session::online::OnlineClock;
use crate::session::{GameSetup, GameState, MoveError, Opener, Seat};

/// A solo game whose AI (a long thinker) opens: it is to move at once.
fn ai_opens() -> Arc<Game> {
    let game = LocalGame::new(GameSetup {
        opener: Opener::Seat { index: 1 },
        seed: 9,
        ..GameSetup::solo(Preset::Tripot, AiLevel::Impossible)
    })
    .unwrap()
    .game();
    // Long enough that the test always pauses it mid-search.
    game.capabilities()
        .ai
        .unwrap()
        .set_ai_time_limit(Some(20_000));
    game
}

/// Waits until the board's state passes `check` (the engine thread reports a little later).
fn wait_for(board: &Game, check: impl Fn(&GameState) -> bool) -> GameState {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let v = board.state();
        if check(&v) || Instant::now() > until {
            return v;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn pause_stops_the_ai_s_search_and_resume_lets_it_play() {
    let board = ai_opens();
    let heard = Arc::new(Heard::default());
    board.set_listener(Some(heard.clone()));
    let engine = board.capabilities().ai.unwrap();
    assert!(board.state().ai_to_move);
    let search = engine.think().unwrap();
    assert_eq!(board.state().thinking, Some(1));
    let v = engine.pause();
    assert!(v.ai_paused && !v.ai_to_move && v.thinking.is_none());
    assert_eq!(heard.last().0, v, "the listener hears the pause");
    assert!(matches!(search.wait(), SearchOutcome::Cancelled { .. }));
    let v = board.state();
    assert!(
        v.ai_paused && v.history.is_empty(),
        "the stopped search played nothing"
    );
    assert!(matches!(engine.think(), Err(MoveError::NotAiTurn)));
    let v = engine.resume();
    assert!(v.ai_to_move && !v.ai_paused);
    assert_eq!(heard.last().0, v, "the listener hears the resume");
    engine.set_ai_time_limit(Some(30));
    let SearchOutcome::Finished { state } = engine.think().unwrap().wait() else {
        panic!("the AI did not move");
    };
    assert_eq!(state.history.len(), 1);
    assert!(!state.ai_to_move && !state.ai_paused);
}

#[test]
fn cancelling_or_dropping_the_search_pauses_the_ai() {
    let board = ai_opens();
    let engine = board.capabilities().ai.unwrap();
    engine.think().unwrap().cancel();
    let v = board.state();
    assert!(v.ai_paused && !v.ai_to_move);
    engine.resume();
    // Dropped unfinished (the screen went away): the engine thread stops and the AI waits.
    drop(engine.think().unwrap());
    let v = wait_for(&board, |v| v.thinking.is_none());
    assert!(v.ai_paused && !v.ai_to_move && v.history.is_empty());
}

#[test]
fn a_cancelled_hint_does_not_pause_the_ai() {
    let local = LocalGame::new(GameSetup {
        seed: 2,
        ..GameSetup::solo(Preset::Tripot, AiLevel::Beginner)
    })
    .unwrap();
    let board = local.game();
    board.capabilities().hint.unwrap().hint().unwrap().cancel();
    assert!(!board.state().ai_paused);
    let v = step(&board);
    assert!(v.ai_to_move && !v.ai_paused);
    // Pausing on a person's turn changes nothing.
    let person = LocalGame::new(GameSetup::solo(Preset::Classic, AiLevel::Beginner))
        .unwrap()
        .game();
    let before = person.state();
    assert_eq!(person.capabilities().ai.unwrap().pause(), before);
}

#[test]
fn the_turn_board_setting_turns_a_pass_and_play_board_and_stays_with_its_rematches() {
    let board = pass_and_play().game();
    let heard = Arc::new(Heard::default());
    board.set_listener(Some(heard.clone()));
    assert_eq!(board.state().rotation_degrees, 0);
    let v = step(&board);
    assert_eq!(v.rotation_degrees, 180, "classic: N is to move");
    let v = board.set_turn_board(false);
    assert_eq!(v.rotation_degrees, 0);
    assert_eq!(heard.last().0, v, "the listener hears the change");
    let count = heard.revisions().len();
    assert_eq!(board.set_turn_board(false), v, "no change, no new state");
    assert_eq!(heard.revisions().len(), count);
    board.resign().unwrap();
    board.rematch().unwrap();
    step(&board);
    assert_eq!(
        board.state().rotation_degrees,
        0,
        "still off after the rematch"
    );
    assert_eq!(board.set_turn_board(true).rotation_degrees, 180);
}

#[test]
fn an_online_board_ignores_the_turn_board_setting() {
    let online = OnlineGame::new();
    let board = Arc::clone(&online).game();
    let before = board.state();
    assert_eq!(board.set_turn_board(false), before);
    // The seat of this device at the bottom: tripot's placeholder board seats us first.
    assert_eq!(before.rotation_degrees, 0);
}

#[test]
fn the_exported_clock_reading_counts_down_from_receipt() {
    let clock = OnlineClock {
        side: 1,
        left_ms: 9_200,
        banks_ms: vec![60_000, 9_200],
        received_at_ms: 50_000,
    };
    let r = clock_reading(clock.clone(), 50_300);
    assert_eq!(r.remaining_ms, 8_900);
    assert_eq!(r.shown.seconds, 9);
    assert!(r.low);
    assert_eq!(r.banks.len(), 2);
    assert_eq!(r.banks[0].minutes, 1);
    assert_eq!(r.next_change_at_ms, Some(51_200), "when 8 s are left");
    assert_eq!(rotation_to_bottom(vec![crate::rules::Colour::N]), 180);
}

#[test]
fn the_pace_holds_the_next_ai_seat_and_stays_with_the_rematches() {
    let local = LocalGame::new(GameSetup {
        seats: vec![Seat::ai(AiLevel::Beginner), Seat::ai(AiLevel::Beginner)],
        seed: 4,
        ..GameSetup::solo(Preset::Classic, AiLevel::Beginner)
    })
    .unwrap();
    let board = local.game();
    let heard = Arc::new(Heard::default());
    board.set_listener(Some(heard.clone()));
    let engine = board.capabilities().ai.unwrap();
    let v = engine.set_pace(600, false);
    assert_eq!(heard.last().0, v, "the listener hears the pace");
    assert!(v.ai_to_move);
    assert_eq!(v.ai_hold_ms, 0, "the opening AI thinks at once");
    engine.set_ai_time_limit(Some(30));
    let SearchOutcome::Finished { state } = engine.think().unwrap().wait() else {
        panic!("the AI did not move");
    };
    assert!(state.ai_to_move);
    assert_eq!(state.ai_hold_ms, 600, "the next AI seat waits for the pace");
    assert_eq!(engine.set_pace(600, true).ai_hold_ms, 0, "reduced motion");
    engine.set_pace(250, false);
    // The rematch keeps the pace: after its first AI move, the next seat waits for it.
    while board.state().outcome.is_none() {
        let thinker = board.capabilities().ai.unwrap();
        if let SearchOutcome::Failed { detail, .. } = thinker.think().unwrap().wait() {
            panic!("{detail}");
        }
    }
    board.rematch().unwrap();
    let engine = board.capabilities().ai.unwrap();
    engine.set_ai_time_limit(Some(30));
    let SearchOutcome::Finished { state } = engine.think().unwrap().wait() else {
        panic!("the AI did not move");
    };
    assert_eq!(state.ai_hold_ms, 250);
}
