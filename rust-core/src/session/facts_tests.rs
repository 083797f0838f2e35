//! Tests of the facts the state gives the apps instead of letting them compute: the board's
//! rotation (`rotation_degrees`) and whose turn it is to think (`ai_to_move`, `ai_paused`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::ai::{AiLevel, CancelHandle};
use crate::rules::{Colour, Game, Position, Preset, Rules};

use Colour::*;

fn seats(players: &[SeatPlayer]) -> Vec<Seat> {
    players
        .iter()
        .map(|&player| Seat {
            player,
            name: String::new(),
        })
        .collect()
}

const P: SeatPlayer = SeatPlayer::Person;
const AI: SeatPlayer = SeatPlayer::Ai {
    level: AiLevel::Beginner,
};

/// A sternhalma game whose players hold the camps of `layout`, seated by `players`.
fn sternhalma(layout: &[Vec<Colour>], players: &[SeatPlayer]) -> SessionState {
    let layout: Vec<_> = layout.iter().map(|c| (c.clone(), None)).collect();
    let start = Position::start_with(Rules::preset(Preset::Sternhalma), &layout).unwrap();
    let valid = ValidSetup::from_position(&start.to_setup(), seats(players), 3).unwrap();
    SessionState::new(valid)
}

/// Plays the first legal move of the seat to move (a person's, through the state machine's own
/// move list).
fn play_any(s: &mut SessionState) {
    let mv = s.game.position().legal_moves()[0].clone();
    s.play(&mv, true).unwrap();
}

#[test]
fn one_camp_turns_to_the_bottom_the_shorter_way() {
    let turns: Vec<i32> = Colour::ALL
        .iter()
        .map(|&c| rotation_to_bottom(&[c]))
        .collect();
    assert_eq!(turns, vec![0, -60, -120, 180, 120, 60]);
    assert_eq!(rotation_to_bottom(&[]), 0);
}

#[test]
fn several_camps_turn_their_camp_nearest_the_middle_to_the_bottom() {
    // Tripot's sides and sternhalma's 2 players with 3 camps: the middle camp at the bottom.
    assert_eq!(rotation_to_bottom(&[SW, S, SE]), 0);
    assert_eq!(rotation_to_bottom(&[NE, N, NW]), 180);
    assert_eq!(rotation_to_bottom(&[S, SE, SW]), 0, "in any order");
    // Two neighbours are equally near their middle: the first camp (never a 30° tilt).
    assert_eq!(rotation_to_bottom(&[S, SE]), 0);
    assert_eq!(rotation_to_bottom(&[SE, S]), 60);
    assert_eq!(rotation_to_bottom(&[N, NW]), 180);
    assert_eq!(rotation_to_bottom(&[NE, SE]), 120);
    // Two camps a third of the way round: both as near to the middle, the first.
    assert_eq!(rotation_to_bottom(&[S, NW]), 0);
    // Opposite camps, or three evenly spread, have no mean: the first camp.
    assert_eq!(rotation_to_bottom(&[NW, SE]), -120);
    assert_eq!(rotation_to_bottom(&[S, NW, NE]), 0);
    assert_eq!(rotation_to_bottom(&[SW, N, SE]), -60);
    // Always one of the player's own camps at the bottom (a multiple of 60°), never -180.
    for a in Colour::ALL {
        for b in Colour::ALL {
            let t = rotation_to_bottom(&[a, b]);
            assert!(t > -180 && t <= 180, "{a:?}+{b:?} turns {t}");
            assert!(
                t == rotation_to_bottom(&[a]) || t == rotation_to_bottom(&[b]),
                "{a:?}+{b:?} turns {t}"
            );
        }
    }
}

#[test]
fn solo_turns_the_person_s_seat_to_the_bottom() {
    let person_first = sternhalma(&[vec![S], vec![N]], &[P, AI]);
    assert_eq!(person_first.view().rotation_degrees, 0);
    let person_second = sternhalma(&[vec![S], vec![N]], &[AI, P]);
    assert_eq!(person_second.view().rotation_degrees, 180);
    // The setting is for pass-and-play only, and the turn stays when the AI is to move.
    let mut s = sternhalma(&[vec![S], vec![NE], vec![NW]], &[AI, AI, P]);
    assert!(s.set_turn_board(false));
    assert_eq!(s.view().to_move, 0);
    assert_eq!(s.view().rotation_degrees, -120);
}

#[test]
fn multi_camp_players_turn_to_the_middle_of_their_camps() {
    // Sternhalma, 2 players with 3 camps each.
    let two = sternhalma(&[vec![SW, S, SE], vec![NE, N, NW]], &[AI, P]);
    assert_eq!(two.view().rotation_degrees, 180);
    let mut two = sternhalma(&[vec![SW, S, SE], vec![NE, N, NW]], &[P, P]);
    assert_eq!(two.view().rotation_degrees, 0);
    play_any(&mut two);
    assert_eq!(two.view().rotation_degrees, 180);
    // Sternhalma, 3 players with 2 camps each.
    let mut three = sternhalma(&[vec![S, SW], vec![NW, N], vec![NE, SE]], &[P, P, P]);
    let mut turns = Vec::new();
    for _ in 0..3 {
        turns.push(three.view().rotation_degrees);
        play_any(&mut three);
    }
    assert_eq!(turns, vec![0, -120, 120], "each player's first camp");
    let solo = sternhalma(&[vec![S, SW], vec![NW, N], vec![NE, SE]], &[AI, AI, P]);
    assert_eq!(solo.view().rotation_degrees, 120);
}

#[test]
fn pass_and_play_turns_to_the_player_to_move_while_the_setting_is_on() {
    let mut s = sternhalma(&[vec![S], vec![NE], vec![NW]], &[P, P, P]);
    assert_eq!(s.view().rotation_degrees, 0);
    play_any(&mut s);
    assert_eq!(s.view().to_move, 1);
    assert_eq!(s.view().rotation_degrees, 120);
    // Off: the board stands still; on again: it turns again. Each change is a new state.
    let before = s.view().revision;
    assert!(s.set_turn_board(false));
    assert_eq!(s.view().rotation_degrees, 0);
    assert!(s.view().revision > before);
    assert!(!s.set_turn_board(false), "no change, no new state");
    assert!(s.set_turn_board(true));
    assert_eq!(s.view().rotation_degrees, 120);
    // Replay does not turn the board: it stays with the player to move in the game.
    play_any(&mut s);
    update(&mut s, Event::ReplayStart).unwrap();
    update(&mut s, Event::ReplayStep { delta: -2 }).unwrap();
    assert_eq!(s.view().rotation_degrees, -120);
    update(&mut s, Event::ReplayExit).unwrap();
    // Seat 2 resigns and leaves its seat to the AI: the board turns to the next person.
    assert_eq!(s.view().to_move, 2);
    update(&mut s, Event::Resign).unwrap();
    assert!(!s.is_over());
    assert!(s.view().ai_to_move);
    assert_eq!(s.view().rotation_degrees, 0);
}

#[test]
fn mixed_pass_and_play_turns_to_the_next_person_on_an_ai_turn() {
    let mut s = sternhalma(&[vec![S], vec![NE], vec![NW]], &[P, AI, P]);
    play_any(&mut s);
    assert!(s.view().ai_to_move);
    assert_eq!(s.view().rotation_degrees, -120, "seat 2 plays next");
}

#[test]
fn watched_and_ai_only_games_are_not_turned() {
    let start = Position::start(Rules::preset(Preset::Sternhalma), 2).unwrap();
    let names = vec![
        PlayerName::Numbered { number: 1 },
        PlayerName::Numbered { number: 2 },
    ];
    let watched = SessionState::with_game(
        vec![SeatPlayer::Remote, SeatPlayer::Remote],
        names.clone(),
        Game::new(start),
    );
    assert_eq!(watched.view().rotation_degrees, 0);
    // Played online from the second seat: that seat at the bottom.
    let online = SessionState::with_game(
        vec![SeatPlayer::Remote, SeatPlayer::Person],
        names,
        Game::new(start),
    );
    assert_eq!(online.view().rotation_degrees, 180);
    let ais = sternhalma(&[vec![NE], vec![SW]], &[AI, AI]);
    assert_eq!(ais.view().rotation_degrees, 0);
}

/// A game where the AI (seat 0) opens: it is to move at once.
fn ai_first() -> SessionState {
    sternhalma(&[vec![S], vec![N]], &[AI, P])
}

#[test]
fn the_ai_is_to_move_on_its_turn_only_while_nothing_holds_it() {
    let mut s = ai_first();
    let v = s.view();
    assert!(v.ai_to_move && !v.ai_paused);
    // A search running: not to start again.
    let request = s.begin_search(SearchKind::Think, Some(10)).unwrap();
    assert!(!s.view().ai_to_move && !s.view().ai_paused);
    assert_eq!(
        s.begin_search(SearchKind::Think, None).unwrap_err(),
        MoveError::NotAiTurn
    );
    let report = crate::ai::choose_move(
        &request.position,
        request.level,
        request.limits,
        &CancelHandle::new(),
    );
    s.finish_search(&request, Some(report.best));
    // The person's turn.
    assert!(!s.view().ai_to_move);
    // In replay: not to move.
    let mut r = ai_first();
    play_any(&mut r);
    play_any(&mut r);
    assert!(r.view().ai_to_move);
    update(&mut r, Event::ReplayStart).unwrap();
    assert!(!r.view().ai_to_move);
    update(&mut r, Event::ReplayExit).unwrap();
    assert!(r.view().ai_to_move);
    // Over: not to move.
    update(&mut r, Event::Resign).unwrap();
    assert!(!r.view().ai_to_move && !r.view().ai_paused);
}

#[test]
fn a_stopped_or_failed_think_pauses_the_ai_until_resumed() {
    // Cancelled through the handle.
    let mut s = ai_first();
    let request = s.begin_search(SearchKind::Think, Some(10)).unwrap();
    s.cancel_search(&request);
    let v = s.view();
    assert!(v.ai_paused && !v.ai_to_move);
    assert_eq!(
        s.begin_search(SearchKind::Think, None).unwrap_err(),
        MoveError::NotAiTurn,
        "think waits for resume"
    );
    let before = s.view().revision;
    assert!(s.resume_ai());
    assert!(s.view().revision > before);
    assert!(s.view().ai_to_move && !s.view().ai_paused);
    assert!(!s.resume_ai(), "nothing to resume");
    // Cancelled or failed on the engine thread (no move came back).
    let request = s.begin_search(SearchKind::Think, Some(10)).unwrap();
    s.finish_search(&request, None);
    assert!(s.view().ai_paused && !s.view().ai_to_move);
    // A stale result (an older generation) pauses nothing.
    let mut t = ai_first();
    let old = t.begin_search(SearchKind::Think, Some(10)).unwrap();
    t.cancel_search(&old);
    t.resume_ai();
    t.finish_search(&old, None);
    t.cancel_search(&old);
    assert!(t.view().ai_to_move && !t.view().ai_paused);
}

#[test]
fn pausing_stops_the_running_think_and_a_new_position_ends_the_pause() {
    let mut s = ai_first();
    let request = s.begin_search(SearchKind::Think, Some(10)).unwrap();
    assert!(s.pause_ai());
    let v = s.view();
    assert!(v.ai_paused && !v.ai_to_move && v.thinking.is_none());
    assert!(!s.pause_ai(), "paused already");
    // The stopped search's move, should it still come, is dropped.
    let moves = s.game.history().len();
    let mv = s.game.position().legal_moves()[0].clone();
    s.finish_search(&request, Some(mv));
    assert_eq!(s.game.history().len(), moves);
    // Paused without a search running, then a move (any change of the moves) ends the pause.
    let mut p = sternhalma(&[vec![S], vec![NE], vec![NW]], &[P, AI, P]);
    assert!(!p.pause_ai(), "nothing to pause on a person's turn");
    play_any(&mut p);
    assert!(p.pause_ai());
    assert!(p.view().ai_paused);
    update(&mut p, Event::Undo).unwrap();
    assert!(!p.view().ai_paused && !p.view().ai_to_move);
    play_any(&mut p);
    assert!(p.view().ai_to_move, "the pause was for the position before");
}

#[test]
fn hint_searches_never_pause_the_ai() {
    let mut s = sternhalma(&[vec![S], vec![N]], &[P, AI]);
    let hint = s.begin_search(SearchKind::Hint, None).unwrap();
    s.cancel_search(&hint);
    let hint = s.begin_search(SearchKind::Hint, None).unwrap();
    s.finish_search(&hint, None);
    play_any(&mut s);
    assert!(s.view().ai_to_move && !s.view().ai_paused);
}

#[test]
fn the_ai_holds_the_pace_after_an_ai_move_only() {
    // Three seats: the person opens, two AI seats follow.
    let mut s = sternhalma(&[vec![S], vec![NE], vec![NW]], &[P, AI, AI]);
    assert!(s.set_ai_pace(700, false));
    assert!(!s.set_ai_pace(700, false), "the same pace changes nothing");
    // The person's turn: no AI to hold.
    assert_eq!(s.view().ai_hold_ms, 0);
    // After the person's move the first AI seat thinks at once.
    play_any(&mut s);
    let v = s.view();
    assert!(v.ai_to_move);
    assert_eq!(v.ai_hold_ms, 0);
    // After that AI seat's move, the next one waits for the pace.
    play_any(&mut s);
    let v = s.view();
    assert!(v.ai_to_move && v.to_move == 2);
    assert_eq!(v.ai_hold_ms, 700);
    // Reduced motion: no hold; a negative pace counts as none.
    s.set_ai_pace(700, true);
    assert_eq!(s.view().ai_hold_ms, 0);
    s.set_ai_pace(-5, false);
    assert_eq!(s.view().ai_hold_ms, 0);
    s.set_ai_pace(300, false);
    assert_eq!(s.view().ai_hold_ms, 300);
    // A paused AI is not to move: nothing to hold for.
    assert!(s.pause_ai());
    assert_eq!(s.view().ai_hold_ms, 0);
}

#[test]
fn an_ai_opening_the_game_thinks_at_once() {
    let mut s = ai_first();
    s.set_ai_pace(700, false);
    let v = s.view();
    assert!(v.ai_to_move);
    assert_eq!(v.ai_hold_ms, 0);
}
