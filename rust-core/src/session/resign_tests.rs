//! Resigning a game of three or more: the last person's resignation ends it with a ranking; one
//! of several people leaves the seat to the AI and the others play on.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::tests::ai_turn;
use super::*;
use crate::ai::AiLevel;
use crate::rules::{Position, Preset};

fn game(preset: Preset, seats: Vec<Seat>) -> SessionState {
    let setup = GameSetup {
        seats,
        seed: 3,
        ..GameSetup::solo(preset, AiLevel::Beginner)
    };
    SessionState::new(setup.validate().unwrap())
}

/// Plays the AI seats' turns until a person is to move.
fn ais_play(s: &mut SessionState) {
    while s.ai_to_move() {
        ai_turn(s);
    }
}

/// Plays the person's turn with the first legal move (a step or jump of some peg), as a tap
/// on the move's last hole would.
fn person_moves(s: &mut SessionState) {
    let mv = s.game().position().legal_moves()[0].clone();
    s.play(&mv, true).unwrap();
}

#[test]
fn the_one_person_resigning_a_game_of_six_is_ranked_last_behind_one_winner() {
    let mut seats = vec![Seat::person()];
    seats.extend(vec![Seat::ai(AiLevel::Beginner); 5]);
    let mut s = game(Preset::Sternhalma, seats);
    for _ in 0..3 {
        person_moves(&mut s);
        ais_play(&mut s);
    }
    assert!(s.view().capabilities.can_resign);
    assert!(
        !s.view().capabilities.resign_keeps_game_going,
        "nobody else at the device plays on"
    );
    update(&mut s, Event::Resign).unwrap();
    let v = s.view();
    let o = v.outcome.clone().unwrap();
    assert_eq!(o.reason, EndReason::Resigned);
    assert_eq!(o.by, Some(0));
    // A ranking of all six, the resigner alone in last place, one group first.
    assert_eq!(o.ranking.last(), Some(&vec![0]));
    let mut everyone: Vec<i32> = o.ranking.concat();
    everyone.sort_unstable();
    assert_eq!(everyone, (0..6).collect::<Vec<_>>());
    assert_eq!(o.winners, o.ranking[0]);
    assert!(!o.winners.contains(&0));
    assert!(o.winners.len() < 5, "not 'A and B and C and D and E won'");
    assert_eq!(
        v.status,
        TurnStatus::Over {
            winners: o.winners.clone(),
            reason: EndReason::Resigned,
            by: Some(0)
        }
    );
    assert_eq!(s.counted().map(|c| c.won), Some(Some(false)));
}

#[test]
fn one_of_three_people_resigning_leaves_the_seat_to_the_ai_and_the_others_play_on() {
    let mut s = game(Preset::Sternhalma, vec![Seat::person(); 3]);
    person_moves(&mut s);
    assert_eq!(s.game().position().to_move(), 1);
    assert!(s.view().capabilities.resign_keeps_game_going);
    update(&mut s, Event::Resign).unwrap();
    let v = s.view();
    assert_eq!(v.outcome, None, "the game goes on for the others");
    assert_eq!(s.left(), &[1]);
    assert!(s.ai_to_move(), "the AI plays the seat at once");
    assert_eq!(s.ai_level(1), Some(crate::online::STAND_IN_LEVEL));
    assert!(
        !v.capabilities.can_hint,
        "still a pass-and-play game: no hints"
    );
    ai_turn(&mut s);
    assert_eq!(s.game().position().to_move(), 2);
    assert_eq!(s.game().history().last().map(|e| e.player), Some(1));

    // Kept across a save, and a save that says so is checked.
    let back = SessionState::restore(&s.save()).unwrap();
    assert_eq!(back.left(), &[1]);
    assert!(back.view().capabilities.resign_keeps_game_going);
    assert_eq!(back.counted(), None, "pass-and-play is not counted");

    // The second person leaves too; the last one resigning ends it with nobody ahead of the
    // stand-ins: every person left, so nobody won.
    update(&mut s, Event::Resign).unwrap();
    assert_eq!(s.left(), &[1, 2]);
    ai_turn(&mut s);
    assert_eq!(s.game().position().to_move(), 0);
    assert!(!s.view().capabilities.resign_keeps_game_going);
    update(&mut s, Event::Resign).unwrap();
    let o = s.view().outcome.unwrap();
    assert_eq!((o.reason, o.by), (EndReason::Resigned, Some(0)));
    assert_eq!(o.winners, Vec::<i32>::new());
    assert_eq!(o.ranking, vec![vec![0, 1, 2]]);
}

#[test]
fn a_person_who_left_is_ranked_last_even_when_the_ai_completes_the_seat() {
    // S has completed; its person had left the game: the first of the others wins.
    let pos = r#"{"rules":"classic","players":[{"colours":["S"]},{"colours":["NW"]},{"colours":["NE"]}],
      "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[4,-5],[1,-5]],
              "NW":[[-4,0],[-3,0],[-2,0],[-1,0],[0,0],[-4,1],[-3,1],[-2,1],[-1,1],[0,1]],
              "NE":[[1,0],[2,0],[3,0],[4,0],[1,-1],[2,-1],[3,-1],[4,-1],[0,-1],[-1,-1]]},
      "to_move":1}"#;
    let p = Position::from_json_str(pos).unwrap().to_setup();
    let mut s =
        SessionState::new(ValidSetup::from_position(&p, vec![Seat::person(); 3], 0).unwrap());
    assert_eq!(s.view().outcome.map(|o| o.winners), Some(vec![0]));
    s.left = vec![0];
    let o = s.view().outcome.unwrap();
    assert_eq!(o.reason, EndReason::Win);
    assert_eq!(o.ranking.last(), Some(&vec![0]));
    assert_eq!(o.ranking.len(), 3, "{:?}", o.ranking);
    assert_eq!(o.winners, o.ranking[0]);
    assert!(!o.winners.contains(&0));
}

#[test]
fn a_save_whose_leavers_do_not_fit_the_game_is_refused() {
    let s = game(Preset::Sternhalma, vec![Seat::person(); 3]);
    let save: serde_json::Value = serde_json::from_str(&s.save()).unwrap();
    for (left, why) in [
        (serde_json::json!([0, 0]), "twice"),
        (serde_json::json!([5]), "not a person's"),
        (serde_json::json!([0, 1, 2]), "every person left"),
    ] {
        let mut bad = save.clone();
        bad["left"] = left;
        let err = SessionState::restore(&bad.to_string()).unwrap_err();
        assert!(err.to_string().contains(why), "{err}");
    }
    let two = game(Preset::Sternhalma, vec![Seat::person(); 2]);
    let mut bad: serde_json::Value = serde_json::from_str(&two.save()).unwrap();
    bad["left"] = serde_json::json!([0]);
    assert!(SessionState::restore(&bad.to_string()).is_err());
}
