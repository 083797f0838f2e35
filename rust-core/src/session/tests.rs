//! Unit tests of the session state machine.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::ai::{choose_move, AiLevel, CancelHandle, SearchLimits};
use crate::rules::{Colour, MoveKind, Position, Preset, Rules};

fn setup(preset: Preset, colours: i32, opener: Opener) -> GameSetup {
    GameSetup {
        colours_per_side: colours,
        opener,
        seed: 7,
        ..GameSetup::solo(preset, AiLevel::Beginner)
    }
}

fn solo(preset: Preset, colours: i32, opener: Opener) -> SessionState {
    SessionState::new(setup(preset, colours, opener).validate().unwrap())
}

const SIDE1: Opener = Opener::Seat { index: 0 };
const SIDE2: Opener = Opener::Seat { index: 1 };

fn from_position(pos: &str, seats: Vec<Seat>) -> SessionState {
    let p = Position::from_json_str(pos).unwrap().to_setup();
    SessionState::new(ValidSetup::from_position(&p, seats, 0).unwrap())
}

fn people(n: usize) -> Vec<Seat> {
    vec![Seat::person(); n]
}

fn tap(s: &mut SessionState, q: i32, r: i32) {
    update(s, Event::Tap { q, r }).unwrap();
}

fn c(q: i32, r: i32) -> Coord {
    Coord { q, r }
}

fn hole(v: &GameState, q: i32, r: i32) -> &HoleState {
    v.holes.iter().find(|h| h.coord == c(q, r)).unwrap()
}

/// The AI's turn, as `LocalGame::think` plays it: the session asks for the search, a quick
/// search at the level the session chose answers.
pub(super) fn ai_turn(s: &mut SessionState) {
    let request = s.begin_search(SearchKind::Think, Some(50)).unwrap();
    let report = choose_move(
        &request.position,
        request.level,
        request.limits,
        &CancelHandle::new(),
    );
    s.finish_search(&request, Some(report.best));
}

/// S's lone peg on its tip, hemmed in by four N pegs; N has one more peg in the centre.
const HEMMED: &str = r#"{"rules":RULES,"players":[{"colours":["S"]},{"colours":["N"]}],
  "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}"#;

#[test]
fn new_game_shows_the_board() {
    let s = solo(Preset::Tripot, 3, SIDE1);
    let v = s.view();
    assert_eq!(v.holes.len(), 121);
    assert_eq!(v.holes.iter().filter(|h| h.occupant.is_some()).count(), 60);
    assert_eq!(v.to_move, 0);
    assert_eq!(v.players[0].name, PlayerName::You);
    assert_eq!(
        v.players[1].name,
        PlayerName::Named {
            name: "Jean Médecin".into()
        }
    );
    assert_eq!(
        v.players[1].player,
        SeatPlayer::Ai {
            level: AiLevel::Beginner
        }
    );
    assert!(!v.ai_to_move && v.capabilities.can_hint && !v.capabilities.can_undo);
    assert_eq!(hole(&v, -1, 5).owner, Some(0));
    assert!(solo(Preset::Tripot, 1, SIDE2).view().ai_to_move);
}

#[test]
fn bad_setups_name_what_is_wrong() {
    let e = setup(Preset::Tripot, 4, SIDE1).validate().unwrap_err();
    assert_eq!(
        e,
        SetupError::ColoursPerSide {
            preset: Preset::Tripot,
            found: 4,
            allowed: vec![1, 2, 3]
        }
    );
    let e = setup(Preset::Classic, 2, SIDE1).validate().unwrap_err();
    assert!(matches!(e, SetupError::ColoursPerSide { found: 2, .. }));
    let mut six = setup(Preset::Tripot, 1, SIDE1);
    six.seats = people(6);
    assert!(matches!(
        six.validate(),
        Err(SetupError::SeatCount { found: 6, .. })
    ));
    six.rules = crate::rules::Rules::preset(Preset::Sternhalma);
    assert!(six.validate().is_ok());
    six.seats.pop();
    assert_eq!(
        six.validate().unwrap_err(),
        SetupError::SeatCount {
            preset: Preset::Sternhalma,
            found: 5,
            allowed: vec![2, 3, 4, 6]
        }
    );
    let e = setup(Preset::Classic, 1, SIDE2).validate().unwrap_err();
    assert_eq!(
        e,
        SetupError::OpenerFixed {
            preset: Preset::Classic
        }
    );
    let e = setup(Preset::Tripot, 1, Opener::Seat { index: 2 })
        .validate()
        .unwrap_err();
    assert_eq!(e, SetupError::NoSuchSeat { index: 2, seats: 2 });
    let mut bad = setup(Preset::Tripot, 1, SIDE1);
    bad.rules.options.jump_reach = 0;
    assert!(matches!(bad.validate(), Err(SetupError::BadRules { .. })));
    let mut off_turn = Position::start(Rules::preset(Preset::Classic), 2)
        .unwrap()
        .to_setup();
    off_turn.to_move = 2;
    assert!(matches!(
        ValidSetup::from_position(&off_turn, people(2), 0),
        Err(SetupError::BadPosition { detail }) if detail.contains("to_move is 2")
    ));
    // The catalogue's ready set-ups are valid.
    for info in rule_sets() {
        assert!(info.default_setup.validate().is_ok(), "{:?}", info.preset);
    }
}

#[test]
fn the_coin_toss_is_seeded_and_announced() {
    let mut openers = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let s = SessionState::new(
            GameSetup {
                seed,
                ..setup(Preset::Tripot, 1, Opener::CoinToss)
            }
            .validate()
            .unwrap(),
        );
        let v = s.view();
        assert_eq!(v.banner, Some(Banner::CoinToss { opener: v.to_move }));
        openers.insert(v.to_move);
    }
    assert_eq!(openers.len(), 2, "both sides open for some seed");
    // With a fixed opener the toss seats its winner first.
    let mut persons_first = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let s = SessionState::new(
            GameSetup {
                seed,
                ..setup(Preset::Classic, 1, Opener::CoinToss)
            }
            .validate()
            .unwrap(),
        );
        let v = s.view();
        assert_eq!(v.to_move, 0);
        assert_eq!(v.banner, Some(Banner::CoinToss { opener: 0 }));
        persons_first.insert(v.players[0].player == SeatPlayer::Person);
    }
    assert_eq!(
        persons_first.len(),
        2,
        "the person wins some tosses, the AI others"
    );
}

#[test]
fn ai_seats_of_one_level_have_distinct_names() {
    let mut six = setup(Preset::Sternhalma, 1, SIDE1);
    six.seats = std::iter::once(Seat::person())
        .chain(std::iter::repeat_n(Seat::ai(AiLevel::Hard), 5))
        .collect();
    let v = SessionState::new(six.validate().unwrap()).view();
    let names: std::collections::BTreeSet<String> =
        v.players.iter().map(|p| format!("{:?}", p.name)).collect();
    assert_eq!(names.len(), 6, "{names:?}");
    assert_eq!(
        v.players[1].name,
        PlayerName::Named {
            name: "Henri Matisse".into()
        }
    );
}
#[test]
fn tap_selects_highlights_and_plays_a_step() {
    let mut s = solo(Preset::Tripot, 1, SIDE1);
    tap(&mut s, -1, 5); // front-row S peg
    let v = s.view();
    assert_eq!(v.selected, Some(c(-1, 5)));
    assert_eq!(hole(&v, -1, 5).highlight, Highlight::Selected);
    assert!(v
        .targets
        .iter()
        .any(|t| t.kind == MoveKind::Step && t.coord == c(-1, 4)));
    assert_eq!(hole(&v, -1, 4).highlight, Highlight::StepTarget);
    // Tapping elsewhere cancels.
    tap(&mut s, 0, 0);
    assert_eq!(s.view().selected, None);
    tap(&mut s, -1, 5);
    tap(&mut s, -1, 4);
    let v = s.view();
    assert_eq!(v.history.len(), 1);
    assert_eq!(v.history[0].kind, MoveKind::Step);
    assert_eq!(v.change.kind, ChangeKind::NewMove);
    assert_eq!(v.change.animate, vec![c(-1, 5), c(-1, 4)]);
    assert_eq!(v.last_move, vec![c(-1, 5), c(-1, 4)]);
    assert!(v.ai_to_move && !v.capabilities.can_hint);
    // Taps on the AI's turn are ignored.
    tap(&mut s, -2, 5);
    assert_eq!(s.view().selected, None);
}

#[test]
fn chain_hops_backs_out_and_ends() {
    // Three N pegs to hop over in a row: [0,0] → [0,-2] → [2,-4] → [4,-4].
    let pos = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
      "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[3,-4],[4,-8]]},"to_move":0}"#;
    let mut s = from_position(pos, people(2));
    tap(&mut s, 0, 0);
    let v = s.view();
    let far = v.targets.iter().find(|t| t.coord == c(2, -4)).unwrap();
    assert_eq!(far.path, vec![c(0, 0), c(0, -2), c(2, -4)]);
    tap(&mut s, 0, -2);
    let v = s.view();
    assert_eq!(v.chain, vec![c(0, 0), c(0, -2)]);
    assert!(v.capabilities.can_end_jump);
    assert_eq!(v.status, TurnStatus::JumpAgain { player: 0 });
    assert_eq!(hole(&v, 0, -2).occupant, Some(Colour::S));
    assert_eq!(hole(&v, 0, 0).occupant, None);
    assert_eq!(hole(&v, 2, -4).highlight, Highlight::JumpTarget);
    // A hop with a hop left waits.
    tap(&mut s, 2, -4);
    let v = s.view();
    assert_eq!(v.chain.len(), 3);
    assert!(v.history.is_empty());
    assert_eq!(v.status, TurnStatus::JumpAgain { player: 0 });
    assert_eq!(hole(&v, 4, -4).highlight, Highlight::JumpTarget);
    // Backing out never plays, even to a landing the chain could end on.
    tap(&mut s, 0, -2);
    assert_eq!(s.view().chain, vec![c(0, 0), c(0, -2)]);
    assert!(s.view().history.is_empty());
    update(&mut s, Event::EndJump).unwrap();
    let v = s.view();
    assert_eq!(v.history[0].kind, MoveKind::Jump);
    assert_eq!(v.history[0].path, vec![c(0, 0), c(0, -2)]);
    assert_eq!(v.status, TurnStatus::ToMove { player: 1 });
    assert_eq!(
        update(&mut s, Event::EndJump),
        Err(MoveError::NoJumpInProgress)
    );
    // Taken back, the chain hops on to its dead end [4,-4]: played there without "End jump".
    update(&mut s, Event::Undo).unwrap();
    for (q, r) in [(0, 0), (0, -2), (2, -4), (4, -4)] {
        tap(&mut s, q, r);
    }
    let v = s.view();
    assert_eq!(v.history.len(), 1);
    assert_eq!(
        v.history[0].path,
        vec![c(0, 0), c(0, -2), c(2, -4), c(4, -4)]
    );
    assert!(v.chain.is_empty() && !v.capabilities.can_end_jump);
    assert_eq!(v.status, TurnStatus::ToMove { player: 1 });
}

#[test]
fn a_chain_whose_second_hop_is_a_dead_end_is_played_without_end_jump() {
    let pos = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
      "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":0}"#;
    let mut s = from_position(pos, people(2));
    tap(&mut s, 0, 0);
    tap(&mut s, 0, -2);
    assert_eq!(
        s.view().chain.len(),
        2,
        "the first hop waits: [2,-4] is next"
    );
    tap(&mut s, 2, -4);
    let v = s.view();
    assert_eq!(v.history.len(), 1);
    assert_eq!(v.history[0].path, vec![c(0, 0), c(0, -2), c(2, -4)]);
    assert_eq!(v.change.kind, ChangeKind::NewMove);
    assert!(v.chain.is_empty());
    assert_eq!(v.to_move, 1);
}

#[test]
fn swap_is_offered_and_labelled() {
    let pos = HEMMED.replace("RULES", "\"tripot\"");
    let mut s = from_position(&pos, people(2));
    tap(&mut s, -4, 8);
    let v = s.view();
    let swaps: Vec<_> = v
        .targets
        .iter()
        .filter(|t| t.kind == MoveKind::Swap)
        .collect();
    assert_eq!(swaps.len(), 4, "{:?}", v.targets);
    assert_eq!(hole(&v, -3, 7).highlight, Highlight::SwapTarget);
    // The same swap seen from the opposing peg.
    let mut t = s.clone();
    tap(&mut t, 0, 0);
    tap(&mut t, -2, 6);
    let w = t.view();
    assert_eq!(w.selected, Some(c(-2, 6)));
    assert_eq!(hole(&w, -4, 8).highlight, Highlight::SwapTarget);
    tap(&mut t, -4, 8);
    assert_eq!(t.view().history[0].path, vec![c(-4, 8), c(-2, 6)]);
    tap(&mut s, -3, 7);
    let v = s.view();
    assert_eq!(v.history[0].kind, MoveKind::Swap);
    assert_eq!(hole(&v, -3, 7).occupant, Some(Colour::S));
    assert_eq!(hole(&v, -4, 8).occupant, Some(Colour::N));
}

#[test]
fn blocked_person_is_skipped_with_a_banner() {
    let pos = HEMMED.replace("RULES", r#"{"preset":"tripot","swaps":false}"#);
    let s = from_position(&pos, vec![Seat::person(), Seat::ai(AiLevel::Hard)]);
    let v = s.view();
    assert_eq!(
        v.banner,
        Some(Banner::TurnSkipped {
            player: 0,
            times: 1,
            others_moved: 0
        })
    );
    assert_eq!(v.history[0].kind, MoveKind::Pass);
    assert!(v.ai_to_move);
    assert!(!v.capabilities.can_undo);
}

#[test]
fn a_run_of_skipped_turns_is_summed_up_until_the_person_acts() {
    let pos = HEMMED.replace("RULES", r#"{"preset":"tripot","swaps":false}"#);
    let mut s = from_position(&pos, vec![Seat::person(), Seat::ai(AiLevel::Hard)]);
    // The AI walks its free peg down the board; the person stays hemmed in.
    for k in 1..=3 {
        let request = s.begin_search(SearchKind::Think, None).unwrap();
        let step = |r: i32| crate::rules::board::hole_at(0, r).unwrap();
        let mv = crate::rules::Move {
            kind: MoveKind::Step,
            path: vec![step(-5 + k), step(-4 + k)],
        };
        s.finish_search(&request, Some(mv));
        assert_eq!(
            s.view().banner,
            Some(Banner::TurnSkipped {
                player: 0,
                times: k + 1,
                others_moved: k
            }),
            "after the AI's move {k}"
        );
    }
    // Any action of the person clears it (here a tap while it is the AI's turn).
    tap(&mut s, 0, 0);
    let v = s.view();
    assert_eq!(v.banner, None);
    assert_eq!(v.notice, Some(Notice::NotYourTurn));
}

#[test]
fn refused_taps_say_why() {
    let mut s = solo(Preset::Tripot, 1, SIDE1);
    tap(&mut s, 0, 0);
    assert_eq!(s.view().notice, Some(Notice::EmptyHole));
    tap(&mut s, 1, -5);
    assert_eq!(s.view().notice, Some(Notice::NotYourPeg { owner: 1 }));
    tap(&mut s, -4, 8); // the tip: hemmed in by its own pegs at the start
    let v = s.view();
    assert_eq!(v.notice, Some(Notice::PegCannotMove));
    assert!(v.targets.is_empty());
    tap(&mut s, -1, 5);
    assert_eq!(s.view().notice, None, "a peg with moves: no notice");
    tap(&mut s, 0, 0);
    assert_eq!(
        s.view().notice,
        Some(Notice::NotReachable {
            reason: Unreachable::NoPath
        })
    );
    // Sternhalma's camp rule: a step into a foreign camp.
    let pos = r#"{"rules":"sternhalma","players":[{"colours":["S"]},{"colours":["N"]}],
      "pegs":{"S":[[-4,4]],"N":[[4,-8]]},"to_move":0}"#;
    let mut s = from_position(pos, people(2));
    tap(&mut s, -4, 4);
    tap(&mut s, -5, 4);
    assert_eq!(
        s.view().notice,
        Some(Notice::NotReachable {
            reason: Unreachable::CampRule
        })
    );
}

#[test]
fn solo_undo_takes_back_the_ai_reply_and_redo_replays() {
    let mut s = solo(Preset::Tripot, 1, SIDE1);
    tap(&mut s, -1, 5);
    tap(&mut s, -1, 4);
    let request = s.begin_search(SearchKind::Think, Some(50)).unwrap();
    let v = s.view();
    assert_eq!(v.banner, Some(Banner::AiThinking { player: 1 }));
    assert_eq!(v.thinking, Some(1));
    assert!(!v.ai_to_move, "no second search while one runs");
    assert_eq!(
        s.begin_search(SearchKind::Think, None).unwrap_err(),
        MoveError::NotAiTurn
    );
    let mv = choose_move(
        &request.position,
        request.level,
        request.limits,
        &CancelHandle::new(),
    )
    .best;
    s.finish_search(&request, Some(mv));
    assert_eq!(s.view().history.len(), 2);
    let before = s.view().revision;
    update(&mut s, Event::Undo).unwrap();
    let v = s.view();
    assert!(v.history.is_empty() && v.capabilities.can_redo && !v.capabilities.can_undo);
    assert!(v.revision > before);
    assert_eq!(v.change.kind, ChangeKind::Undo);
    assert!(v.change.animate.is_empty());
    update(&mut s, Event::Redo).unwrap();
    let v = s.view();
    assert_eq!(v.history.len(), 2);
    assert_eq!(v.change.kind, ChangeKind::Redo);
    assert_eq!(v.change.animate.len(), 2);
    // A stale AI result is ignored.
    tap(&mut s, -2, 6);
    update(&mut s, Event::Undo).unwrap();
    assert!(s.view().history.is_empty());
    s.finish_search(&request, s.game().position().legal_moves().first().cloned());
    assert!(s.view().history.is_empty());
}

#[test]
fn a_cancelled_search_leaves_the_game_and_allows_another() {
    let mut s = solo(Preset::Tripot, 1, SIDE2);
    let request = s.begin_search(SearchKind::Think, None).unwrap();
    s.cancel_search(&request);
    let v = s.view();
    assert!(v.thinking.is_none() && v.ai_paused && v.history.is_empty());
    // The cancelled search's result, should it arrive, is stale.
    let mv = s.game().position().legal_moves()[0].clone();
    s.finish_search(&request, Some(mv));
    assert!(s.view().history.is_empty());
    assert!(s.resume_ai());
    ai_turn(&mut s);
    assert_eq!(s.view().history.len(), 1);
    // Hints: asked for on the person's turn, shown, dropped by the next move.
    let hint = s.begin_search(SearchKind::Hint, None).unwrap();
    assert!(s.view().hint_pending);
    assert_eq!(hint.level, AiLevel::Hard);
    let mv = s.game().position().legal_moves()[0].clone();
    s.finish_search(&hint, Some(mv.clone()));
    let v = s.view();
    assert!(!v.hint_pending);
    assert_eq!(v.hint.len(), mv.path.len());
}

#[test]
fn pass_and_play_undo_is_one_move_and_draws_can_be_agreed() {
    let mut s = SessionState::new(
        GameSetup::pass_and_play(Preset::Classic, 2)
            .validate()
            .unwrap(),
    );
    tap(&mut s, -1, 5);
    tap(&mut s, -1, 4);
    let v = s.view();
    assert_eq!(v.players[1].name, PlayerName::Numbered { number: 2 });
    assert_eq!(v.to_move, 1);
    assert!(!v.capabilities.can_hint);
    update(&mut s, Event::Undo).unwrap();
    assert_eq!(s.view().to_move, 0);
    update(&mut s, Event::OfferDraw).unwrap();
    assert_eq!(s.view().banner, Some(Banner::DrawOffered { by: 0 }));
    update(&mut s, Event::AnswerDraw { accept: false }).unwrap();
    assert_eq!(s.view().banner, Some(Banner::DrawDeclined { by: 1 }));
    update(&mut s, Event::OfferDraw).unwrap();
    update(&mut s, Event::AnswerDraw { accept: true }).unwrap();
    let o = s.view().outcome.unwrap();
    assert_eq!(o.reason, EndReason::DrawAgreed);
    assert_eq!(update(&mut s, Event::Resign), Err(MoveError::GameOver));
}

#[test]
fn resign_replay_and_statistics() {
    let mut s = solo(Preset::Tripot, 1, SIDE1);
    tap(&mut s, -1, 5);
    tap(&mut s, -1, 4);
    ai_turn(&mut s);
    update(&mut s, Event::ReplayStart).unwrap();
    update(&mut s, Event::ReplayStep { delta: -1 }).unwrap();
    let v = s.view();
    assert_eq!(v.replay, Some(ReplayState { shown: 1, total: 2 }));
    assert_eq!(hole(&v, -1, 4).occupant, Some(Colour::S));
    assert_eq!(v.banner, Some(Banner::Replay { shown: 1, total: 2 }));
    assert_eq!(v.change.kind, ChangeKind::ReplayStep);
    assert!(
        v.change.animate.is_empty(),
        "stepping back does not animate"
    );
    update(&mut s, Event::ReplayStep { delta: 1 }).unwrap();
    assert_eq!(
        s.view().change.animate.len(),
        2,
        "one step forward animates"
    );
    update(&mut s, Event::ReplayStep { delta: -5 }).unwrap();
    assert_eq!(hole(&s.view(), -1, 5).occupant, Some(Colour::S));
    update(&mut s, Event::ReplayExit).unwrap();
    update(&mut s, Event::Resign).unwrap();
    let o = s.view().outcome.unwrap();
    assert_eq!(o.reason, EndReason::Resigned);
    assert_eq!(o.winners, vec![1]);
    assert_eq!(o.by, Some(0));
    assert_eq!(s.view().banner, Some(Banner::GameOver));
    assert_eq!(
        s.counted(),
        Some(CountedGame {
            level: AiLevel::Beginner,
            won: Some(false),
            moves: 1
        })
    );
}

/// Two states shown alike, whatever their revision.
fn same_board(a: &GameState, b: &GameState) -> bool {
    let strip = |v: &GameState| GameState {
        revision: 0,
        change: StateChange::default(),
        ..v.clone()
    };
    strip(a) == strip(b)
}

#[test]
fn save_restores_and_refuses_bad_saves() {
    let mut s = solo(Preset::Tripot, 2, SIDE1);
    tap(&mut s, -1, 5);
    tap(&mut s, -1, 4);
    ai_turn(&mut s);
    let played = s.save();
    update(&mut s, Event::Undo).unwrap();
    let text = s.save();
    let r = SessionState::restore(&text).unwrap();
    assert!(same_board(&r.view(), &s.view()));
    assert!(r.can_redo());
    let e = SessionState::restore("{\"format\":\"chinese-checkers-session\",\"version\":9}")
        .unwrap_err();
    assert_eq!(
        e,
        SaveError::TooNew {
            found: 9,
            supported: 2
        }
    );
    for bad in [
        "",
        "[]",
        "{\"version\":1}",
        &text[..text.len() / 2],
        &text.replace("\"step\"", "\"hop\""),
        &text.replace("\"person\"", "\"remote\""),
    ] {
        assert!(
            matches!(SessionState::restore(bad), Err(SaveError::Corrupt { .. })),
            "{bad}"
        );
    }
    // A tampered move is refused by the rules.
    assert_eq!(
        SessionState::restore(&played).unwrap().view().history.len(),
        2
    );
    let tampered = played.replace("[-1,4]", "[0,0]");
    assert!(SessionState::restore(&tampered).is_err());
}

#[test]
fn version_1_saves_are_still_read() {
    let v1 = r#"{"format":"chinese-checkers-session","version":1,
      "settings":{"mode":{"solo":{"level":"easy","human_side":0}},"rules":"tripot",
        "colours_per_side":1,"players":2,"opener":"side1","names":[],"seed":5},
      "names":["You","Catherine Ségurane"],
      "start":{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
        "pegs":{"S":[[-1,5]],"N":[[1,-5]]},"to_move":0},
      "moves":[{"kind":"step","path":[[-1,5],[-1,4]]}],"redo":[]}"#;
    let s = SessionState::restore(v1).unwrap();
    let v = s.view();
    assert_eq!(v.history.len(), 1);
    assert_eq!(
        v.players[1].player,
        SeatPlayer::Ai {
            level: AiLevel::Easy
        }
    );
    assert!(v.ai_to_move);
}

/// A whole solo game: the person plays the target with the most progress, the AI replies.
#[test]
fn a_full_solo_game_ends() {
    let mut s = solo(Preset::Tripot, 1, Opener::CoinToss);
    for _ in 0..600 {
        if s.is_over() {
            break;
        }
        if s.ai_to_move() {
            ai_turn(&mut s);
            continue;
        }
        let mv = choose_move(
            s.game().position(),
            AiLevel::Beginner,
            SearchLimits {
                time_ms: Some(20),
                seed: 3,
            },
            &CancelHandle::new(),
        )
        .best;
        let [q, r] = crate::rules::board::coords(mv.path[0]);
        tap(&mut s, q, r);
        let [q, r] = crate::rules::board::coords(mv.path[mv.path.len() - 1]);
        tap(&mut s, q, r);
        if s.view().capabilities.can_end_jump {
            update(&mut s, Event::EndJump).unwrap();
        }
    }
    let v = s.view();
    assert!(v.outcome.is_some(), "{} moves", v.history.len());
    // The game stays as it ended: nothing taken back, counted as it ended, also when restored.
    let counted = s.counted().unwrap();
    assert_eq!(update(&mut s, Event::Undo), Err(MoveError::NothingToUndo));
    assert!(s.view().outcome.is_some());
    assert_eq!(s.counted(), Some(counted));
    let restored = SessionState::restore(&s.save()).unwrap();
    assert_eq!(restored.counted(), Some(counted));
    assert_eq!(restored.id(), s.id());
    // A game from a position never counts.
    let pos = HEMMED.replace("RULES", "\"tripot\"");
    let mut p = from_position(&pos, vec![Seat::person(), Seat::ai(AiLevel::Hard)]);
    update(&mut p, Event::Resign).unwrap();
    assert!(p.view().outcome.is_some() && p.counted().is_none());
}

#[test]
fn classic_with_the_ai_first_and_sternhalma_with_mixed_seats() {
    let mut classic = setup(Preset::Classic, 1, SIDE1);
    classic.seats = vec![Seat::ai(AiLevel::Easy), Seat::person()];
    let mut s = SessionState::new(classic.validate().unwrap());
    let v = s.view();
    assert!(v.ai_to_move);
    assert_eq!(v.players[1].name, PlayerName::You);
    assert_eq!(v.players[0].colours, vec![Colour::S]);
    ai_turn(&mut s);
    assert!(!s.view().ai_to_move);
    let mut six = setup(Preset::Sternhalma, 1, SIDE1);
    six.seats = vec![
        Seat::person(),
        Seat::ai(AiLevel::Easy),
        Seat::person(),
        Seat::ai(AiLevel::Medium),
        Seat {
            name: "Ada".into(),
            ..Seat::person()
        },
        Seat::ai(AiLevel::Beginner),
    ];
    let mut s = SessionState::new(six.validate().unwrap());
    let v = s.view();
    assert_eq!(v.players.len(), 6);
    assert_eq!(v.players[0].name, PlayerName::Numbered { number: 1 });
    assert_eq!(v.players[4].name, PlayerName::Named { name: "Ada".into() });
    assert_eq!(
        v.players[3].player,
        SeatPlayer::Ai {
            level: AiLevel::Medium
        }
    );
    // Two people, four AIs: a round of play reaches every seat.
    for _ in 0..6 {
        if s.ai_to_move() {
            ai_turn(&mut s);
        } else {
            let v = s.view();
            let peg = v
                .holes
                .iter()
                .find(|h| {
                    h.owner == Some(v.to_move) && {
                        let mut t = s.clone();
                        update(
                            &mut t,
                            Event::Tap {
                                q: h.coord.q,
                                r: h.coord.r,
                            },
                        )
                        .is_ok()
                            && !t.view().targets.is_empty()
                    }
                })
                .unwrap()
                .coord;
            tap(&mut s, peg.q, peg.r);
            let to = s.view().targets[0].coord;
            tap(&mut s, to.q, to.r);
            if s.view().capabilities.can_end_jump {
                update(&mut s, Event::EndJump).unwrap();
            }
        }
    }
    assert_eq!(s.view().history.len(), 6);
    // Undo with several people takes back to the last person's move.
    update(&mut s, Event::Undo).unwrap();
    assert_eq!(s.view().to_move, 4);
}

mod random_events {
    use super::*;
    use proptest::prelude::*;

    /// A raw event, or a tap on the i-th peg of the side to move, or on the i-th target shown.
    #[derive(Clone, Debug)]
    enum Action {
        Raw(Event),
        OwnPeg(usize),
        Target(usize),
    }

    fn action() -> impl Strategy<Value = Action> {
        prop_oneof![
            3 => event().prop_map(Action::Raw),
            2 => any::<usize>().prop_map(Action::OwnPeg),
            3 => any::<usize>().prop_map(Action::Target),
        ]
    }

    fn resolve(s: &SessionState, a: Action) -> Event {
        let v = s.view();
        let pick = |list: Vec<Coord>, i: usize| match list.len() {
            0 => Event::CancelTouch,
            n => Event::Tap {
                q: list[i % n].q,
                r: list[i % n].r,
            },
        };
        match a {
            Action::Raw(e) => e,
            Action::OwnPeg(i) => {
                let pegs = v
                    .holes
                    .iter()
                    .filter(|h| h.owner == Some(v.to_move))
                    .map(|h| h.coord)
                    .collect();
                pick(pegs, i)
            }
            Action::Target(i) => pick(v.targets.iter().map(|t| t.coord).collect(), i),
        }
    }

    fn event() -> impl Strategy<Value = Event> {
        prop_oneof![
            8 => (-9i32..=9, -9i32..=9).prop_map(|(q, r)| Event::Tap { q, r }),
            1 => Just(Event::EndJump),
            1 => Just(Event::CancelTouch),
            1 => Just(Event::Undo),
            1 => Just(Event::Redo),
            1 => Just(Event::ReplayStart),
            1 => (-3i32..=3).prop_map(|delta| Event::ReplayStep { delta }),
            1 => Just(Event::ReplayExit),
            1 => Just(Event::OfferDraw),
            1 => any::<bool>().prop_map(|accept| Event::AnswerDraw { accept }),
            1 => (0u32..40).prop_map(|n| if n == 0 { Event::Resign } else { Event::CancelTouch }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Any sequence of events leaves a consistent session: no panic, a full board, a save
        /// that restores to the same game.
        #[test]
        fn any_events_keep_the_session_consistent(
            colours in 1i32..=3,
            pass_and_play in any::<bool>(),
            actions in proptest::collection::vec(action(), 0..120),
        ) {
            let mut settings = setup(Preset::Tripot, colours, SIDE1);
            if pass_and_play {
                settings.seats = people(2);
            }
            let mut s = SessionState::new(settings.validate().unwrap());
            for a in actions {
                if s.ai_to_move() {
                    let p = *s.game().position();
                    let mut moves = Vec::new();
                    p.legal_moves_into(&mut moves);
                    let m = p.expand(&crate::ai::greatest_progress(&p, &moves)).unwrap();
                    let request = s.begin_search(SearchKind::Think, None).unwrap();
                    s.finish_search(&request, Some(m));
                }
                let e = resolve(&s, a);
                let before = s.view();
                if update(&mut s, e).is_err() {
                    prop_assert_eq!(&before, &s.view(), "a refused event changed the view");
                }
                let v = s.view();
                prop_assert_eq!(v.holes.len(), 121);
                let pegs = v.holes.iter().filter(|h| h.occupant.is_some()).count();
                prop_assert_eq!(pegs, 20 * colours as usize);
                prop_assert!(v.revision >= before.revision);
            }
            let restored = SessionState::restore(&s.save()).unwrap();
            prop_assert_eq!(restored.view().history, s.view().history);
            prop_assert_eq!(restored.game().position(), s.game().position());
        }
    }
}

/// S fills its target but for (1,-5), and stands next to it on (1,-4) (as ai/tests.rs).
const WIN_IN_ONE: &str = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
  "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[4,-5],[1,-4]],
          "N":[[-3,1],[-2,1],[-1,1],[0,1],[-3,2],[-2,2],[-1,2],[0,2],[-4,3],[-3,3]]},
  "to_move":0}"#;

#[test]
fn an_ended_game_takes_no_undo_or_redo() {
    let mut s = from_position(WIN_IN_ONE, vec![Seat::person(), Seat::ai(AiLevel::Easy)]);
    tap(&mut s, 1, -4);
    tap(&mut s, 1, -5);
    let v = s.view();
    assert_eq!(v.outcome.as_ref().map(|o| o.winners.clone()), Some(vec![0]));
    assert!(!v.capabilities.can_undo && !v.capabilities.can_redo);
    assert!(
        v.capabilities.can_replay,
        "the way back through an ended game"
    );
    assert_eq!(update(&mut s, Event::Undo), Err(MoveError::NothingToUndo));
    assert_eq!(update(&mut s, Event::Redo), Err(MoveError::NothingToRedo));
    let v = s.view();
    assert_eq!(v.history.len(), 1, "the winning move stays");
    assert!(v.outcome.is_some());
    // A resigned game too.
    let mut r = from_position(WIN_IN_ONE, people(2));
    tap(&mut r, 1, -4);
    tap(&mut r, 2, -4);
    update(&mut r, Event::Resign).unwrap();
    assert!(!r.view().capabilities.can_undo);
    assert_eq!(update(&mut r, Event::Undo), Err(MoveError::NothingToUndo));
}

#[test]
fn an_old_save_whose_winning_move_was_taken_back_opens_as_it_ended() {
    let mut s = from_position(WIN_IN_ONE, vec![Seat::person(), Seat::ai(AiLevel::Easy)]);
    tap(&mut s, 1, -4);
    tap(&mut s, 1, -5);
    assert!(s.first_end.is_some());
    // What an earlier version allowed: the winning move taken back after the end.
    let taken = s.game_mut().undo().unwrap();
    s.redo.push(vec![taken.mv]);
    s.refresh();
    assert!(!s.is_over());
    let back = SessionState::restore(&s.save()).unwrap();
    let v = back.view();
    assert_eq!(v.outcome.as_ref().map(|o| o.winners.clone()), Some(vec![0]));
    assert_eq!(v.history.len(), 1);
    assert!(!v.capabilities.can_undo && !v.capabilities.can_redo);
    // Nothing to play again (other moves were played after the undo): the game opens as left.
    let mut other = s.clone();
    other.redo.clear();
    let back = SessionState::restore(&other.save()).unwrap();
    assert!(back.view().history.is_empty() && !back.is_over());
}

#[test]
fn a_far_landing_or_the_hints_destination_ends_the_move_there() {
    // [0,0] → [0,-2] → [2,-4] → [4,-4], as chain_hops_backs_out_and_ends.
    let pos = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
      "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[3,-4],[4,-8]]},"to_move":0}"#;
    let mut s = from_position(pos, people(2));
    tap(&mut s, 0, 0);
    // (2,-4) is two hops away and the peg could hop on from there: tapped, the move ends there.
    tap(&mut s, 2, -4);
    let v = s.view();
    assert!(v.chain.is_empty() && !v.capabilities.can_end_jump);
    assert_eq!(v.history.len(), 1);
    assert_eq!(v.history[0].path, vec![c(0, 0), c(0, -2), c(2, -4)]);
    assert_eq!(v.status, TurnStatus::ToMove { player: 1 });
    // The hint's move is played as found, even a single hop from which the peg could go on.
    let mut h = from_position(pos, vec![Seat::person(), Seat::ai(AiLevel::Easy)]);
    let hop = |q: i32, r: i32| crate::rules::board::hole_at(q, r).unwrap();
    h.hint = Some(crate::rules::Move {
        kind: MoveKind::Jump,
        path: vec![hop(0, 0), hop(0, -2)],
    });
    tap(&mut h, 0, 0);
    tap(&mut h, 0, -2);
    let v = h.view();
    assert!(v.chain.is_empty());
    assert_eq!(v.history[0].path, vec![c(0, 0), c(0, -2)]);
}
