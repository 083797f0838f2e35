//! Tests of the status line's fact (`status`), the hint that stays (`hint`, `hint_kind`) and the
//! trail of the other seats' moves (`trail`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::ai::AiLevel;
use crate::rules::{board::hole_at, Move, MoveKind, Position, Preset, Rules};

const P: SeatPlayer = SeatPlayer::Person;
const AI: SeatPlayer = SeatPlayer::Ai {
    level: AiLevel::Beginner,
};

/// Sternhalma's start for as many players as `players` seats.
fn sternhalma(players: &[SeatPlayer]) -> SessionState {
    let start = Position::start(Rules::preset(Preset::Sternhalma), players.len()).unwrap();
    let seats = players
        .iter()
        .map(|&player| Seat {
            player,
            name: String::new(),
        })
        .collect();
    SessionState::new(ValidSetup::from_position(&start.to_setup(), seats, 5).unwrap())
}

/// A solo tripot game, the person opening.
fn tripot_solo() -> SessionState {
    let setup = GameSetup {
        opener: Opener::Seat { index: 0 },
        seed: 7,
        ..GameSetup::solo(Preset::Tripot, AiLevel::Beginner)
    };
    SessionState::new(setup.validate().unwrap())
}

/// Plays the first legal move of the seat to move, as the AI's search would bring it back.
fn play_any(s: &mut SessionState) -> Move {
    let mv = s.game.position().legal_moves()[0].clone();
    if s.ai_to_move() {
        let request = s.begin_search(SearchKind::Think, None).unwrap();
        s.finish_search(&request, Some(mv.clone()));
    } else {
        s.play(&mv, true).unwrap();
    }
    mv
}

/// The person's move: tap its start, then its end (a step or a jump's endpoint).
fn tap_move(s: &mut SessionState, mv: &Move) {
    for h in [mv.path[0], mv.path[mv.path.len() - 1]] {
        let [q, r] = crate::rules::board::coords(h);
        update(s, Event::Tap { q, r }).unwrap();
    }
}

/// The hint search answered with `mv`.
fn hint_found(s: &mut SessionState, mv: &Move) {
    let request = s.begin_search(SearchKind::Hint, None).unwrap();
    s.finish_search(&request, Some(mv.clone()));
}

fn coords(path: &[crate::rules::Hole]) -> Vec<Coord> {
    path.iter().map(|&h| Coord::of(h)).collect()
}

#[test]
fn the_status_says_whose_turn_thinking_paused_replay_and_over() {
    let mut s = sternhalma(&[P, AI]);
    assert_eq!(s.view().status, TurnStatus::ToMove { player: 0 });
    play_any(&mut s);
    // The AI's turn: to move until its search starts, then thinking, then paused.
    assert_eq!(s.view().status, TurnStatus::ToMove { player: 1 });
    let request = s.begin_search(SearchKind::Think, Some(10)).unwrap();
    assert_eq!(s.view().status, TurnStatus::Thinking { player: 1 });
    s.cancel_search(&request);
    assert_eq!(s.view().status, TurnStatus::AiPaused { player: 1 });
    assert!(s.resume_ai());
    play_any(&mut s);
    assert_eq!(s.view().status, TurnStatus::ToMove { player: 0 });
    update(&mut s, Event::ReplayStart).unwrap();
    update(&mut s, Event::ReplayStep { delta: -1 }).unwrap();
    assert_eq!(s.view().status, TurnStatus::Replay { shown: 1, total: 2 });
    update(&mut s, Event::ReplayExit).unwrap();
    update(&mut s, Event::Resign).unwrap();
    assert_eq!(
        s.view().status,
        TurnStatus::Over {
            winners: vec![1],
            reason: EndReason::Resigned,
            by: Some(0),
        }
    );
}

#[test]
fn the_status_of_a_game_won_says_who_won() {
    // S's last peg steps home: S wins by the rules.
    let pos = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
      "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[4,-5],[1,-4]],
              "N":[[-4,8],[-4,7],[-3,7],[-4,6],[-3,6],[-2,6],[-4,5],[-3,5],[-2,5],[0,0]]},
      "to_move":0}"#;
    let start = Position::from_json_str(pos).unwrap().to_setup();
    let seats = vec![Seat::person(), Seat::ai(AiLevel::Beginner)];
    let mut s = SessionState::new(ValidSetup::from_position(&start, seats, 0).unwrap());
    update(&mut s, Event::Tap { q: 1, r: -4 }).unwrap();
    update(&mut s, Event::Tap { q: 1, r: -5 }).unwrap();
    assert_eq!(
        s.view().status,
        TurnStatus::Over {
            winners: vec![0],
            reason: EndReason::Win,
            by: None,
        }
    );
}

#[test]
fn a_hint_stays_while_pegs_are_chosen_until_the_moves_change() {
    let mut s = tripot_solo();
    let other_peg = hole_at(-1, 5).unwrap();
    let mv = s
        .game
        .position()
        .legal_moves()
        .into_iter()
        .find(|m| m.path[0] != other_peg)
        .unwrap();
    assert!(s.view().hint.is_empty() && s.view().hint_kind.is_none());
    hint_found(&mut s, &mv);
    let shown = |s: &SessionState| (s.view().hint, s.view().hint_kind);
    let hint = (coords(&mv.path), Some(mv.kind));
    assert_eq!(shown(&s), hint);
    // Choosing another peg, the hint's own, or dropping the selection keeps it.
    update(&mut s, Event::Tap { q: -1, r: 5 }).unwrap();
    assert_eq!(shown(&s), hint, "another peg keeps it");
    let [q, r] = crate::rules::board::coords(mv.path[0]);
    update(&mut s, Event::Tap { q, r }).unwrap();
    assert_eq!(shown(&s), hint);
    update(&mut s, Event::CancelTouch).unwrap();
    assert_eq!(shown(&s), hint);
    // The person's move ends it.
    tap_move(&mut s, &mv);
    assert_eq!(s.view().history.len(), 1);
    assert_eq!(shown(&s), (Vec::new(), None));
    play_any(&mut s);
    // Asked again: the old hint goes while the new one is looked for.
    let first = s.game.position().legal_moves()[0].clone();
    hint_found(&mut s, &first);
    assert_eq!(shown(&s).1, Some(first.kind));
    let request = s.begin_search(SearchKind::Hint, None).unwrap();
    assert!(s.view().hint_pending);
    assert_eq!(shown(&s), (Vec::new(), None));
    let second = s.game.position().legal_moves()[1].clone();
    s.finish_search(&request, Some(second.clone()));
    assert_eq!(shown(&s), (coords(&second.path), Some(second.kind)));
    // Replay hides it, leaving replay shows it again; undo ends it.
    update(&mut s, Event::ReplayStart).unwrap();
    assert_eq!(shown(&s), (Vec::new(), None));
    update(&mut s, Event::ReplayExit).unwrap();
    assert_eq!(shown(&s).1, Some(second.kind));
    update(&mut s, Event::Undo).unwrap();
    assert_eq!(shown(&s), (Vec::new(), None));
}

#[test]
fn the_trail_holds_the_five_ai_moves_since_the_person_s_last_move() {
    let mut s = sternhalma(&[P, AI, AI, AI, AI, AI]);
    assert!(s.view().trail.is_empty(), "nothing played yet");
    play_any(&mut s);
    assert!(
        s.view().trail.is_empty(),
        "the person's own move is no trail"
    );
    let mut played = Vec::new();
    for k in 1..=5 {
        played.push(play_any(&mut s));
        let trail = s.view().trail;
        assert_eq!(trail.len(), k, "after {k} AI moves");
    }
    let v = s.view();
    assert_eq!(v.to_move, 0);
    let players: Vec<i32> = v.trail.iter().map(|m| m.player).collect();
    assert_eq!(players, vec![1, 2, 3, 4, 5], "oldest first");
    let numbers: Vec<i32> = v.trail.iter().map(|m| m.number).collect();
    assert_eq!(numbers, vec![2, 3, 4, 5, 6]);
    for (m, mv) in v.trail.iter().zip(&played) {
        assert_eq!(m.path, coords(&mv.path));
        assert_eq!(m.kind, mv.kind);
    }
    assert_eq!(&v.trail[..], &v.history[1..]);
    // The person moves: the trail is gone; the first AI reply starts a new one.
    play_any(&mut s);
    assert!(s.view().trail.is_empty());
    play_any(&mut s);
    assert_eq!(s.view().trail.len(), 1);
    assert_eq!(s.view().trail[0].number, 8);
    // Replay shows no trail.
    update(&mut s, Event::ReplayStart).unwrap();
    assert!(s.view().trail.is_empty());
}

#[test]
fn the_trail_is_for_the_person_to_move_or_the_seat_to_move_without_people() {
    // The AI opens: its moves before the person's first move are the trail.
    let mut s = sternhalma(&[AI, AI, P]);
    play_any(&mut s);
    play_any(&mut s);
    assert_eq!(s.view().trail.len(), 2);
    // Pass-and-play: the trail is for the person to move now.
    let mut p = sternhalma(&[P, P, P]);
    play_any(&mut p);
    play_any(&mut p);
    let players: Vec<i32> = p.view().trail.iter().map(|m| m.player).collect();
    assert_eq!(players, vec![0, 1], "seat 2 has not moved yet");
    play_any(&mut p);
    let players: Vec<i32> = p.view().trail.iter().map(|m| m.player).collect();
    assert_eq!(players, vec![1, 2], "seat 0's own move is not in its trail");
    // On an AI seat's turn, for the next person to move.
    let mut m = sternhalma(&[P, AI, P]);
    play_any(&mut m);
    play_any(&mut m);
    play_any(&mut m);
    play_any(&mut m);
    assert!(m.view().ai_to_move);
    let players: Vec<i32> = m.view().trail.iter().map(|m| m.player).collect();
    assert_eq!(players, vec![0], "for seat 2, who moved before seat 0");
    // Nobody at this device: since the seat to move last moved, at most one round.
    let mut a = sternhalma(&[AI, AI, AI]);
    for _ in 0..7 {
        play_any(&mut a);
    }
    let v = a.view();
    assert_eq!(v.to_move, 1);
    let players: Vec<i32> = v.trail.iter().map(|m| m.player).collect();
    assert_eq!(players, vec![2, 0]);
}

#[test]
fn passes_are_left_out_of_the_trail_and_a_round_is_the_limit() {
    // The person's lone S peg on its tip is hemmed in (swaps off): every S turn is a pass.
    let hemmed = r#"{"rules":{"preset":"tripot","swaps":false},
      "players":[{"colours":["S"]},{"colours":["N"]}],
      "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}"#;
    let start = Position::from_json_str(hemmed).unwrap().to_setup();
    let seats = vec![Seat::person(), Seat::ai(AiLevel::Beginner)];
    let mut s = SessionState::new(ValidSetup::from_position(&start, seats, 0).unwrap());
    assert_eq!(s.view().history[0].kind, MoveKind::Pass);
    assert!(s.view().trail.is_empty(), "a pass draws nothing");
    // The AI moves its free peg twice; the person passes after each move.
    let mut free = hole_at(0, -4).unwrap();
    for _ in 0..2 {
        let mv = s
            .game
            .position()
            .legal_moves()
            .into_iter()
            .find(|m| m.path[0] == free)
            .unwrap();
        free = mv.path[mv.path.len() - 1];
        let request = s.begin_search(SearchKind::Think, None).unwrap();
        s.finish_search(&request, Some(mv.clone()));
        let v = s.view();
        assert_eq!(v.history.last().map(|m| m.kind), Some(MoveKind::Pass));
        // The person's own passes do not hide the AI's move; the older one is a round back.
        assert_eq!(v.trail.len(), 1);
        assert_eq!(v.trail[0].path, coords(&mv.path));
    }
    assert_eq!(s.view().history.len(), 5);
}

#[test]
fn online_boards_have_the_same_status_and_trail() {
    // As the online session rebuilds its board from the server's game: our seat is the person's,
    // the other one remote (a watched game: both remote).
    let start = Position::start(Rules::preset(Preset::Sternhalma), 2).unwrap();
    let mut game = crate::rules::Game::new(start);
    let names = vec![PlayerName::You, PlayerName::Numbered { number: 2 }];
    let board = |seats: [SeatPlayer; 2], game: &crate::rules::Game| {
        SessionState::with_game(seats.to_vec(), names.clone(), game.clone()).view()
    };
    const R: SeatPlayer = SeatPlayer::Remote;
    let ours = game.legal_moves()[0].clone();
    game.play(&ours).unwrap();
    let v = board([P, R], &game);
    assert_eq!(v.status, TurnStatus::ToMove { player: 1 });
    assert!(v.trail.is_empty());
    let theirs = game.legal_moves()[0].clone();
    game.play(&theirs).unwrap();
    let v = board([P, R], &game);
    assert_eq!(v.status, TurnStatus::ToMove { player: 0 });
    assert_eq!(v.trail.len(), 1);
    assert_eq!(v.trail[0].path, coords(&theirs.path));
    // Watched: for the seat to move (0), the other seat's move since.
    let v = board([R, R], &game);
    assert_eq!(v.trail.len(), 1);
    assert_eq!(v.trail[0].player, 1);
}
