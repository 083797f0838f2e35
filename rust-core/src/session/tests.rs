//! Unit tests of the session state machine.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::ai::{choose_move, CancelHandle, SearchLimits};

fn solo(rules: &str, colours: u32, opener: Opener) -> NewGame {
    NewGame {
        mode: Mode::Solo {
            level: AiLevel::Beginner,
            human_side: 0,
        },
        rules: rules.into(),
        colours_per_side: colours,
        players: 2,
        opener,
        names: vec![],
        seed: 7,
    }
}

fn tap(s: &mut SessionState, q: i32, r: i32) {
    update(s, Event::Tap { q, r }).unwrap();
}

fn c(q: i32, r: i32) -> Coord {
    Coord { q, r }
}

fn hole(v: &BoardView, q: i32, r: i32) -> &HoleView {
    v.holes.iter().find(|h| h.coord == c(q, r)).unwrap()
}

/// The AI's turn, as `GameSession::think` plays it.
fn ai_turn(s: &mut SessionState) {
    let g = s.generation();
    let report = choose_move(
        s.game().position(),
        crate::ai::Level::Beginner,
        SearchLimits {
            time_ms: Some(50),
            seed: 1,
        },
        &CancelHandle::new(),
    );
    update(
        s,
        Event::AiMoved {
            mv: report.best,
            generation: g,
        },
    )
    .unwrap();
}

/// S's lone peg on its tip, hemmed in by four N pegs; N has one more peg in the centre.
const HEMMED: &str = r#"{"rules":RULES,"players":[{"colours":["S"]},{"colours":["N"]}],
  "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}"#;

#[test]
fn new_game_shows_the_board() {
    let s = SessionState::new(solo("tripot", 3, Opener::Side1)).unwrap();
    let v = s.view();
    assert_eq!(v.holes.len(), 121);
    assert_eq!(v.holes.iter().filter(|h| h.occupant.is_some()).count(), 60);
    assert_eq!(v.to_move, 0);
    assert_eq!(v.to_move_name, "You");
    assert_eq!(v.players[1].name, "Jean Médecin");
    assert!(!v.capabilities.ai_to_move && v.capabilities.can_hint && !v.capabilities.can_undo);
    assert!(v
        .holes
        .iter()
        .all(|h| (0.0..=1.0).contains(&h.x) && (0.0..=1.0).contains(&h.y)));
    let s2 = SessionState::new(solo("tripot", 1, Opener::Side2)).unwrap();
    assert!(s2.view().capabilities.ai_to_move);
}

#[test]
fn online_and_bad_settings_are_refused() {
    let mut ng = solo("tripot", 1, Opener::Side1);
    ng.mode = Mode::Online;
    assert!(matches!(
        SessionState::new(ng),
        Err(SessionError::Unsupported(_))
    ));
    let e = SessionState::new(solo("tripot", 4, Opener::Side1)).unwrap_err();
    assert!(e.to_string().contains("1, 2 or 3"), "{e}");
    let e = SessionState::new(solo("chess", 1, Opener::Side1)).unwrap_err();
    assert!(e.to_string().contains("chess"), "{e}");
    let e = SessionState::from_position("{", Mode::PassAndPlay, vec![], 0).unwrap_err();
    assert!(matches!(e, SessionError::BadPosition(_)));
}

#[test]
fn tap_selects_highlights_and_plays_a_step() {
    let mut s = SessionState::new(solo("tripot", 1, Opener::Side1)).unwrap();
    tap(&mut s, -1, 5); // front-row S peg
    let v = s.view();
    assert_eq!(v.selected, Some(c(-1, 5)));
    assert_eq!(hole(&v, -1, 5).highlight, Highlight::Selected);
    assert!(v
        .targets
        .iter()
        .any(|t| t.kind == MoveKindView::Step && t.coord == c(-1, 4)));
    assert_eq!(hole(&v, -1, 4).highlight, Highlight::StepTarget);
    // Tapping elsewhere cancels.
    tap(&mut s, 0, 0);
    assert_eq!(s.view().selected, None);
    tap(&mut s, -1, 5);
    tap(&mut s, -1, 4);
    let v = s.view();
    assert_eq!(v.history.len(), 1);
    assert_eq!(v.history[0].label, "Step");
    assert_eq!(v.last_move, vec![c(-1, 5), c(-1, 4)]);
    assert!(v.capabilities.ai_to_move && !v.capabilities.can_hint);
    // Taps on the AI's turn are ignored.
    tap(&mut s, -2, 5);
    assert_eq!(s.view().selected, None);
}

#[test]
fn chain_hops_backs_out_and_ends() {
    let pos = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
      "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":0}"#;
    let mut s = SessionState::from_position(pos, Mode::PassAndPlay, vec![], 0).unwrap();
    tap(&mut s, 0, 0);
    let v = s.view();
    let far = v.targets.iter().find(|t| t.coord == c(2, -4)).unwrap();
    assert_eq!(far.path, vec![c(0, 0), c(0, -2), c(2, -4)]);
    tap(&mut s, 0, -2);
    let v = s.view();
    assert_eq!(v.chain, vec![c(0, 0), c(0, -2)]);
    assert!(v.capabilities.can_end_jump);
    assert_eq!(hole(&v, 0, -2).occupant, Some(PegColour::S));
    assert_eq!(hole(&v, 0, 0).occupant, None);
    assert_eq!(hole(&v, 2, -4).highlight, Highlight::JumpTarget);
    tap(&mut s, 2, -4);
    assert_eq!(s.view().chain.len(), 3);
    tap(&mut s, 0, -2); // back out to the earlier landing
    assert_eq!(s.view().chain, vec![c(0, 0), c(0, -2)]);
    update(&mut s, Event::EndJump).unwrap();
    let v = s.view();
    assert_eq!(v.history[0].label, "Jump");
    assert_eq!(v.history[0].path, vec![c(0, 0), c(0, -2)]);
    assert!(update(&mut s, Event::EndJump).is_err());
}

#[test]
fn swap_is_offered_and_labelled() {
    let pos = HEMMED.replace("RULES", "\"tripot\"");
    let mut s = SessionState::from_position(&pos, Mode::PassAndPlay, vec![], 0).unwrap();
    tap(&mut s, -4, 8);
    let v = s.view();
    let swaps: Vec<_> = v
        .targets
        .iter()
        .filter(|t| t.kind == MoveKindView::Swap)
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
    assert_eq!(v.history[0].label, "Swap");
    assert_eq!(hole(&v, -3, 7).occupant, Some(PegColour::S));
    assert_eq!(hole(&v, -4, 8).occupant, Some(PegColour::N));
}

#[test]
fn blocked_person_is_skipped_with_a_banner() {
    let pos = HEMMED.replace("RULES", r#"{"preset":"tripot","swaps":false}"#);
    let mode = Mode::Solo {
        level: AiLevel::Hard,
        human_side: 0,
    };
    let s = SessionState::from_position(&pos, mode, vec![], 0).unwrap();
    let v = s.view();
    let b = v.banner.unwrap();
    assert_eq!(b.kind, BannerKind::YouWereBlocked);
    assert_eq!(b.text, "You were blocked — turn skipped");
    assert_eq!(v.history[0].label, "Pass");
    assert!(v.capabilities.ai_to_move);
    assert!(!v.capabilities.can_undo);
    // Pass-and-play words it with the name.
    let s = SessionState::from_position(&pos, Mode::PassAndPlay, vec!["Ann".into()], 0).unwrap();
    assert_eq!(
        s.view().banner.unwrap().text,
        "Ann was blocked — turn skipped"
    );
}

#[test]
fn solo_undo_takes_back_the_ai_reply_and_redo_replays() {
    let mut s = SessionState::new(solo("tripot", 1, Opener::Side1)).unwrap();
    tap(&mut s, -1, 5);
    tap(&mut s, -1, 4);
    let g = s.generation();
    update(&mut s, Event::AiStarted { generation: g }).unwrap();
    assert_eq!(s.view().banner.unwrap().kind, BannerKind::AiThinking);
    ai_turn(&mut s);
    assert_eq!(s.view().history.len(), 2);
    update(&mut s, Event::Undo).unwrap();
    let v = s.view();
    assert!(v.history.is_empty() && v.capabilities.can_redo && !v.capabilities.can_undo);
    update(&mut s, Event::Redo).unwrap();
    assert_eq!(s.view().history.len(), 2);
    // A stale AI result is ignored.
    tap(&mut s, -2, 6);
    let g = s.generation();
    update(&mut s, Event::Undo).unwrap();
    let mv = s.game().position().legal_moves()[0].clone();
    update(&mut s, Event::AiMoved { mv, generation: g }).unwrap();
    assert!(s.view().history.is_empty());
}

#[test]
fn pass_and_play_undo_is_one_move_and_draws_can_be_agreed() {
    let mut ng = solo("classic", 1, Opener::Side1);
    ng.mode = Mode::PassAndPlay;
    let mut s = SessionState::new(ng).unwrap();
    tap(&mut s, -1, 5);
    tap(&mut s, -1, 4);
    assert_eq!(s.view().to_move_name, "Player 2");
    assert!(!s.view().capabilities.can_hint);
    update(&mut s, Event::Undo).unwrap();
    assert_eq!(s.view().to_move, 0);
    update(&mut s, Event::OfferDraw).unwrap();
    assert_eq!(s.view().banner.unwrap().text, "Player 1 offers a draw");
    update(&mut s, Event::AnswerDraw { accept: false }).unwrap();
    assert_eq!(s.view().banner.unwrap().kind, BannerKind::DrawDeclined);
    update(&mut s, Event::OfferDraw).unwrap();
    update(&mut s, Event::AnswerDraw { accept: true }).unwrap();
    let o = s.view().outcome.unwrap();
    assert_eq!(o.reason, EndReason::DrawAgreed);
    assert!(update(&mut s, Event::Resign).is_err());
}

#[test]
fn resign_replay_and_statistics() {
    let mut s = SessionState::new(solo("tripot", 1, Opener::Side1)).unwrap();
    tap(&mut s, -1, 5);
    tap(&mut s, -1, 4);
    ai_turn(&mut s);
    update(&mut s, Event::ReplayStart).unwrap();
    update(&mut s, Event::ReplayStep { delta: -1 }).unwrap();
    let v = s.view();
    assert_eq!(v.replay, Some(ReplayView { shown: 1, total: 2 }));
    assert_eq!(hole(&v, -1, 4).occupant, Some(PegColour::S));
    assert_eq!(v.banner.unwrap().text, "Replay — move 1 of 2");
    update(&mut s, Event::ReplayStep { delta: -5 }).unwrap();
    assert_eq!(hole(&s.view(), -1, 5).occupant, Some(PegColour::S));
    update(&mut s, Event::ReplayExit).unwrap();
    update(&mut s, Event::Resign).unwrap();
    let o = s.view().outcome.unwrap();
    assert_eq!(o.reason, EndReason::Resigned);
    assert_eq!(o.winners, vec![1]);
    assert!(o.text.starts_with("You resigned"), "{}", o.text);
    let stats = s.record_statistics("").unwrap();
    let stats = s.record_statistics(&stats).unwrap(); // counted once
    let recs = Statistics::from_json(&stats).unwrap().records();
    assert_eq!((recs[0].won, recs[0].lost), (0, 1));
    assert_eq!(recs[0].name, "Jean Médecin");
    assert!(Statistics::from_json("{\"format\":\"x\"}").is_err());
}

#[test]
fn save_restores_and_refuses_bad_saves() {
    let mut s = SessionState::new(solo("tripot", 2, Opener::Side1)).unwrap();
    tap(&mut s, -1, 5);
    tap(&mut s, -1, 4);
    ai_turn(&mut s);
    let played = s.save();
    update(&mut s, Event::Undo).unwrap();
    let text = s.save();
    let r = SessionState::restore(&text).unwrap();
    assert_eq!(r.view(), s.view());
    assert!(r.can_redo());
    let e = SessionState::restore("{\"format\":\"chinese-checkers-session\",\"version\":9}")
        .unwrap_err();
    assert_eq!(
        e,
        SessionError::SaveTooNew {
            found: 9,
            supported: 1
        }
    );
    assert!(e.to_string().contains("newer version"));
    for bad in [
        "",
        "[]",
        "{\"version\":1}",
        &text[..text.len() / 2],
        &text.replace("\"step\"", "\"hop\""),
    ] {
        assert!(
            matches!(
                SessionState::restore(bad),
                Err(SessionError::CorruptSave(_))
            ),
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

/// A whole solo game: the person plays the target with the most progress, the AI replies.
#[test]
fn a_full_solo_game_ends() {
    let mut s = SessionState::new(solo("tripot", 1, Opener::CoinToss)).unwrap();
    for _ in 0..600 {
        if s.is_over() {
            break;
        }
        if s.ai_to_move() {
            ai_turn(&mut s);
            continue;
        }
        let mv = crate::ai::choose_move(
            s.game().position(),
            crate::ai::Level::Beginner,
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
    eprintln!(
        "full game: {} moves, {:?}",
        v.history.len(),
        v.outcome.as_ref().map(|o| o.reason)
    );
    assert!(v.outcome.is_some(), "{} moves", v.history.len());
}

#[test]
fn classic_solo_as_blue_lets_the_ai_open_and_sternhalma_seats_three() {
    let mut ng = solo("classic", 1, Opener::Side1);
    ng.mode = Mode::Solo {
        level: AiLevel::Easy,
        human_side: 1,
    };
    let mut s = SessionState::new(ng).unwrap();
    let v = s.view();
    assert!(v.capabilities.ai_to_move);
    assert_eq!(v.players[1].name, "You");
    assert_eq!(v.players[0].colours, vec![PegColour::S]);
    ai_turn(&mut s);
    assert!(!s.view().capabilities.ai_to_move);
    let mut ng = solo("sternhalma", 1, Opener::Side1);
    ng.players = 3;
    let s = SessionState::new(ng).unwrap();
    let names: Vec<String> = s.view().players.into_iter().map(|p| p.name).collect();
    assert_eq!(names, ["You", "Jean Médecin 2", "Jean Médecin 3"]);
    let mut ng = solo("classic", 1, Opener::Side1);
    ng.mode = Mode::Solo {
        level: AiLevel::Easy,
        human_side: 2,
    };
    assert!(matches!(
        SessionState::new(ng),
        Err(SessionError::BadSettings(_))
    ));
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
                let mine = &v.players[v.to_move as usize].colours;
                let pegs = v
                    .holes
                    .iter()
                    .filter(|h| h.occupant.is_some_and(|c| mine.contains(&c)))
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
            colours in 1u32..=3,
            pass_and_play in any::<bool>(),
            actions in proptest::collection::vec(action(), 0..120),
        ) {
            let mut settings = solo("tripot", colours, Opener::Side1);
            if pass_and_play {
                settings.mode = Mode::PassAndPlay;
            }
            let mut s = SessionState::new(settings).unwrap();
            for a in actions {
                if s.ai_to_move() && s.replay.is_none() {
                    let p = *s.game().position();
                    let mut moves = Vec::new();
                    p.legal_moves_into(&mut moves);
                    let m = p.expand(&crate::ai::greatest_progress(&p, &moves)).unwrap();
                    let g = s.generation();
                    update(&mut s, Event::AiMoved { mv: m, generation: g }).unwrap();
                }
                let e = resolve(&s, a);
                let before = s.view();
                if update(&mut s, e).is_err() {
                    prop_assert_eq!(before, s.view(), "a refused event changed the view");
                }
                let v = s.view();
                prop_assert_eq!(v.holes.len(), 121);
                let pegs = v.holes.iter().filter(|h| h.occupant.is_some()).count();
                prop_assert_eq!(pegs, 20 * colours as usize);
            }
            let restored = SessionState::restore(&s.save()).unwrap();
            prop_assert_eq!(restored.view().history, s.view().history);
            prop_assert_eq!(restored.game().position(), s.game().position());
        }
    }
}
