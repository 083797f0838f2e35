//! [`update`] is atomic: an event it refuses leaves the whole session exactly as it was — the
//! touch state, the banners, the redo stack, the counters — not only the board.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;

use super::*;
use crate::ai::{greatest_progress, AiLevel};
use crate::rules::{Position, Preset};

/// Everything the session holds: its debug form (every field), its save and its view.
fn snapshot(s: &SessionState) -> (String, String, GameState) {
    (format!("{s:?}"), s.save(), s.view())
}

fn from_json(position: &str, seats: Vec<Seat>) -> SessionState {
    let setup = Position::from_json_str(position).unwrap().to_setup();
    SessionState::new(ValidSetup::from_position(&setup, seats, 5).unwrap())
}

/// S's lone peg on its tip, hemmed in by four N pegs, without swaps: every turn of S is skipped.
const HEMMED: &str = r#"{"rules":{"preset":"tripot","swaps":false},
  "players":[{"colours":["S"]},{"colours":["N"]}],
  "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}"#;

/// Classic: S has nine pegs in its target and steps the tenth in to win; N is far behind.
const LAST_STEP: &str = r#"{"rules":"classic","players":[{"colours":["S"]},{"colours":["N"]}],
  "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[4,-5],[1,-4]],
          "N":[[-4,8],[-4,7],[-3,7],[0,0]]},"to_move":0}"#;

#[test]
fn a_refused_event_keeps_the_skipped_turn_banner_and_the_notice() {
    let mut s = from_json(HEMMED, vec![Seat::person(), Seat::ai(AiLevel::Easy)]);
    // A tap while the AI is to move is accepted and says why nothing happened.
    update(&mut s, Event::Tap { q: 0, r: 0 }).unwrap();
    assert_eq!(s.view().notice, Some(Notice::NotYourTurn));
    // The AI moves; S's next turn is skipped at once.
    let request = s.begin_search(SearchKind::Think, None).unwrap();
    let m = p_move(&s);
    s.finish_search(&request, Some(m));
    let before = snapshot(&s);
    assert!(matches!(
        before.2.banner,
        Some(Banner::TurnSkipped { times: 1, .. })
    ));
    assert_eq!(before.2.notice, Some(Notice::NotYourTurn));
    // Every step below starts by clearing the banner and bumping the revision, then refuses.
    for event in [
        Event::Undo,
        Event::Redo,
        Event::EndJump,
        Event::OfferDraw,
        Event::AnswerDraw { accept: true },
        Event::ReplayStep { delta: 1 },
    ] {
        assert!(update(&mut s, event.clone()).is_err(), "{event:?}");
        assert_eq!(snapshot(&s), before, "{event:?}");
    }
}

/// The AI's move: the greatest progress (fast and deterministic).
fn p_move(s: &SessionState) -> crate::rules::Move {
    let p = *s.game().position();
    let mut moves = Vec::new();
    p.legal_moves_into(&mut moves);
    p.expand(&greatest_progress(&p, &moves)).unwrap()
}

/// What to do next: a raw event, or a tap on the i-th own peg, target or chain landing shown.
#[derive(Clone, Debug)]
enum Action {
    Raw(Event),
    OwnPeg(usize),
    Target(usize),
    Landing(usize),
}

fn action() -> impl Strategy<Value = Action> {
    let raw = prop_oneof![
        3 => (-9i32..=9, -9i32..=9).prop_map(|(q, r)| Event::Tap { q, r }),
        2 => Just(Event::EndJump),
        1 => Just(Event::CancelTouch),
        2 => Just(Event::Undo),
        2 => Just(Event::Redo),
        1 => Just(Event::ReplayStart),
        1 => (-3i32..=3).prop_map(|delta| Event::ReplayStep { delta }),
        1 => Just(Event::ReplayExit),
        1 => Just(Event::OfferDraw),
        1 => any::<bool>().prop_map(|accept| Event::AnswerDraw { accept }),
        1 => Just(Event::Resign),
    ];
    prop_oneof![
        4 => raw.prop_map(Action::Raw),
        2 => any::<usize>().prop_map(Action::OwnPeg),
        3 => any::<usize>().prop_map(Action::Target),
        1 => any::<usize>().prop_map(Action::Landing),
    ]
}

fn resolve(s: &SessionState, a: Action) -> Event {
    let v = s.view();
    let pick = |list: Vec<Coord>, i: usize| match list.len() {
        0 => Event::EndJump,
        n => Event::Tap {
            q: list[i % n].q,
            r: list[i % n].r,
        },
    };
    match a {
        Action::Raw(e) => e,
        Action::OwnPeg(i) => {
            let own = v.holes.iter().filter(|h| h.owner == Some(v.to_move));
            pick(own.map(|h| h.coord).collect(), i)
        }
        Action::Target(i) => pick(v.targets.iter().map(|t| t.coord).collect(), i),
        Action::Landing(i) => pick(v.chain.clone(), i),
    }
}

/// The starting sessions: tripot hop by hop (chains), pass-and-play with draw offers, a person
/// whose turns are all skipped, a game one step from its end.
fn session(start: u8) -> SessionState {
    let tripot = GameSetup::solo(Preset::Tripot, AiLevel::Easy);
    match start {
        0 => SessionState::new(tripot.validate().unwrap()),
        1 => SessionState::new(
            GameSetup::pass_and_play(Preset::Tripot, 2)
                .validate()
                .unwrap(),
        ),
        2 => from_json(HEMMED, vec![Seat::person(), Seat::ai(AiLevel::Easy)]),
        _ => from_json(LAST_STEP, vec![Seat::person(), Seat::person()]),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever came before, a refused event changes nothing at all, and an accepted one is
    /// announced with a new revision.
    #[test]
    fn a_refused_event_leaves_the_state_exactly_as_it_was(
        start in 0u8..4,
        actions in proptest::collection::vec(action(), 1..100),
    ) {
        let mut s = session(start);
        for a in actions {
            if s.ai_to_move() {
                let request = s.begin_search(SearchKind::Think, None).unwrap();
                let m = p_move(&s);
                s.finish_search(&request, Some(m));
            }
            let event = resolve(&s, a);
            let before = snapshot(&s);
            match update(&mut s, event.clone()) {
                Err(e) => prop_assert_eq!(
                    &snapshot(&s),
                    &before,
                    "{:?}, refused ({}), changed the state",
                    event,
                    e
                ),
                Ok(()) => prop_assert!(s.view().revision > before.2.revision, "{:?}", event),
            }
        }
    }
}
