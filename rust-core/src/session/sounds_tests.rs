//! The sounds each update makes (`StateChange.sounds`), checked through `update` and the AI's
//! search as the apps drive them.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::ai::AiLevel;
use crate::rules::{Coord as C, MoveKind, Position};

fn from_json(position: &str, seats: Vec<Seat>) -> SessionState {
    let setup = Position::from_json_str(position).unwrap().to_setup();
    SessionState::new(ValidSetup::from_position(&setup, seats, 5).unwrap())
}

fn tap(s: &mut SessionState, q: i32, r: i32) {
    update(s, Event::Tap { q, r }).unwrap();
}

fn sounds(s: &SessionState) -> Vec<SoundCue> {
    s.view().change.sounds
}

/// Classic: S has nine pegs in its target and steps the tenth in to win; N is far behind.
const LAST_STEP: &str = r#"{"rules":"classic","players":[{"colours":["S"]},{"colours":["N"]}],
  "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[4,-5],[1,-4]],
          "N":[[-4,8],[-4,7],[-3,7],[0,0]]},"to_move":0}"#;

/// Tripot: S on 0,2 jumps over 0,1 to 0,0, then over 0,-1 to 0,-2 (two hops); another S peg
/// can step; the other N pegs are far away.
const CHAIN: &str = r#"{"rules":{"preset":"tripot","swaps":false},
  "players":[{"colours":["S"]},{"colours":["N"]}],
  "pegs":{"S":[[0,2],[3,3]],"N":[[0,1],[0,-1],[4,-8],[3,-7]]},"to_move":0}"#;

#[test]
fn a_step_sounds_once_and_selections_are_silent() {
    let mut s = from_json(CHAIN, vec![Seat::person(), Seat::person()]);
    tap(&mut s, 3, 3);
    assert_eq!(sounds(&s), vec![], "selecting a peg is silent");
    let step = s
        .view()
        .targets
        .iter()
        .find(|t| t.kind == MoveKind::Step)
        .unwrap()
        .coord;
    tap(&mut s, step.q, step.r);
    assert_eq!(sounds(&s), vec![SoundCue::Step]);
    // The next update (a tap that selects) forgets it: each sound plays once.
    tap(&mut s, 4, -8);
    assert_eq!(sounds(&s), vec![]);
}

#[test]
fn a_jump_sounds_once_per_hop() {
    let mut s = from_json(CHAIN, vec![Seat::person(), Seat::person()]);
    tap(&mut s, 0, 2);
    tap(&mut s, 0, 0); // over 0,1: the chain waits (a second hop over -1,-1 exists)
    assert_eq!(s.view().chain, vec![C { q: 0, r: 2 }, C { q: 0, r: 0 }]);
    assert_eq!(
        sounds(&s),
        vec![],
        "a hop in a chain still in progress is silent"
    );
    tap(&mut s, 0, -2); // over 0,-1
    if !s.view().chain.is_empty() {
        update(&mut s, Event::EndJump).unwrap();
    }
    let last = s.view().history.last().cloned().unwrap();
    assert_eq!(last.path.len(), 3);
    assert_eq!(sounds(&s), vec![SoundCue::Hop, SoundCue::Hop]);
    // Undo and redo are silent.
    update(&mut s, Event::Undo).unwrap();
    assert_eq!(sounds(&s), vec![]);
    update(&mut s, Event::Redo).unwrap();
    assert_eq!(sounds(&s), vec![]);
}

#[test]
fn the_winning_move_sounds_the_move_then_the_win_once() {
    let mut s = from_json(LAST_STEP, vec![Seat::person(), Seat::ai(AiLevel::Easy)]);
    tap(&mut s, 1, -4);
    tap(&mut s, 1, -5);
    assert!(s.is_over());
    assert_eq!(sounds(&s), vec![SoundCue::Step, SoundCue::Won]);
    // Replaying the game: a step forward sounds the move, never the end again.
    update(&mut s, Event::ReplayStart).unwrap();
    assert_eq!(sounds(&s), vec![]);
    update(&mut s, Event::ReplayStep { delta: -1 }).unwrap();
    assert_eq!(sounds(&s), vec![], "a step back is silent");
    update(&mut s, Event::ReplayStep { delta: 1 }).unwrap();
    assert_eq!(sounds(&s), vec![SoundCue::Step]);
}

#[test]
fn the_ai_winning_sounds_lost_and_resigning_sounds_lost() {
    // The AI (S) steps its last peg home: the person lost.
    let mut s = from_json(LAST_STEP, vec![Seat::ai(AiLevel::Easy), Seat::person()]);
    let request = s.begin_search(SearchKind::Think, None).unwrap();
    let mv = crate::rules::Move {
        kind: MoveKind::Step,
        path: vec![
            crate::rules::board::hole_at(1, -4).unwrap(),
            crate::rules::board::hole_at(1, -5).unwrap(),
        ],
    };
    s.finish_search(&request, Some(mv));
    assert!(s.is_over());
    assert_eq!(sounds(&s), vec![SoundCue::Step, SoundCue::Lost]);

    let mut s = from_json(LAST_STEP, vec![Seat::person(), Seat::ai(AiLevel::Easy)]);
    update(&mut s, Event::Resign).unwrap();
    assert_eq!(sounds(&s), vec![SoundCue::Lost]);
}

#[test]
fn an_agreed_draw_sounds_drawn() {
    let mut s = from_json(CHAIN, vec![Seat::person(), Seat::person()]);
    update(&mut s, Event::OfferDraw).unwrap();
    assert_eq!(sounds(&s), vec![]);
    update(&mut s, Event::AnswerDraw { accept: true }).unwrap();
    assert_eq!(sounds(&s), vec![SoundCue::Drawn]);
}
