//! Classic (docs/RULES.md §3.2) and sternhalma (§3.3) rules, written from the rule text.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly by design

mod common;

use chinese_checkers_core::rules::{
    Game, IllegalMove, MoveKind, OutcomeReason, Position, Preset, Rules,
};
use common::*;
use serde_json::json;

#[test]
fn classic_start_has_the_hand_counted_moves() {
    // Red (S) opens. Front row [-4..-1, 5]: steps out to r = 4 (5 holes, each reachable by one
    // or two front pegs) and sideways none; jumps from row 6 over row 5 to row 4.
    let p = Position::start(Rules::preset(Preset::Classic), 2).unwrap();
    assert_eq!(p.to_move(), 0);
    let moves = summary(&p);
    let steps = moves.iter().filter(|m| m.0 == MoveKind::Step).count();
    let jumps = moves.iter().filter(|m| m.0 == MoveKind::Jump).count();
    // Each of the 4 front pegs steps to its two holes ahead: 8 steps.
    assert_eq!(steps, 8);
    // Row 6 pegs [-4,6], [-3,6], [-2,6] each jump over the front row to two holes of r = 4.
    assert_eq!(jumps, 6);
}

#[test]
fn classic_pegs_may_leave_the_target_again_and_win_needs_all_ten() {
    let s: Vec<[i32; 2]> = N_CAMP[..9].iter().copied().chain([[3, -4]]).collect();
    let p = duel("classic", &s, &[[-4, 8]], 0);
    // A peg inside the target may step back out (no target lock).
    assert!(targets(&p, MoveKind::Step, [1, -5]).contains(&[0, -4]));
    let mut q = p;
    play(&mut q, &mv("step", &[[3, -4], [4, -5]]));
    assert_eq!(q.outcome().unwrap().winners, vec![0]);
}

#[test]
fn classic_two_passes_in_a_row_are_a_draw() {
    let p = Position::from_json(&json!({
        "rules": "classic", "players": [{"colours": ["S"]}, {"colours": ["N"]}],
        "pegs": {"S": [[0, 0]], "N": [[3, -3]]}, "to_move": 0, "passes_in_a_row": 2
    }))
    .unwrap();
    let o = p.outcome().unwrap();
    assert_eq!(o.reason, OutcomeReason::Draw);
    assert!(o.winners.is_empty());
}

#[test]
fn sternhalma_chain_may_pass_through_a_foreign_camp_but_not_stop_there() {
    // S peg on [4,-1]; pivots [5,-2] (NE camp) and [5,-3] (NE camp). The chain
    // [4,-1] → [6,-3] (in NE) → [4,-3] passes through NE and ends in the centre.
    let p = duel("sternhalma", &[[4, -1]], &[[5, -2], [5, -3]], 0);
    let jumps = targets(&p, MoveKind::Jump, [4, -1]);
    assert!(jumps.contains(&[4, -3]), "{jumps:?}");
    assert!(!jumps.contains(&[6, -3]), "{jumps:?}");
    p.validate(&mv("jump", &[[4, -1], [6, -3], [4, -3]]))
        .unwrap();
    assert_eq!(
        p.validate(&mv("jump", &[[4, -1], [6, -3]])),
        Err(IllegalMove::ForbiddenCamp(6, -3, "end a move in"))
    );
    // Steps into a foreign camp are refused too.
    assert!(!targets(&p, MoveKind::Step, [4, -1]).contains(&[5, -1]));
    // With "no_foreign" the chain may not even land there.
    let p = pos(
        json!({"preset": "sternhalma", "camps": "no_foreign"}),
        &[&["S"], &["N"]],
        &[("S", &[[4, -1]]), ("N", &[[5, -2], [5, -3]])],
        0,
    );
    assert!(!targets(&p, MoveKind::Jump, [4, -1]).contains(&[4, -3]));
    assert_eq!(
        p.validate(&mv("jump", &[[4, -1], [6, -3], [4, -3]])),
        Err(IllegalMove::ForbiddenCamp(6, -3, "land in"))
    );
}

#[test]
fn sternhalma_target_lock_keeps_a_peg_inside_its_target() {
    // S peg on [1,-5] (N camp, its target) may move within the camp but not out of it.
    let p = duel("sternhalma", &[[1, -5]], &[[-4, 8]], 0);
    let steps = targets(&p, MoveKind::Step, [1, -5]);
    assert_eq!(steps, vec![[2, -6], [2, -5]]);
    assert_eq!(
        p.validate(&mv("step", &[[1, -5], [1, -4]])),
        Err(IllegalMove::LeavesTarget)
    );
    // A chain may leave the target and come back: [2,-5] over [2,-4] to [2,-3], then over
    // [3,-4] to [4,-5].
    let p = duel("sternhalma", &[[2, -5]], &[[2, -4], [3, -4]], 0);
    p.validate(&mv("jump", &[[2, -5], [2, -3], [4, -5]]))
        .unwrap();
    assert_eq!(
        p.validate(&mv("jump", &[[2, -5], [2, -3]])),
        Err(IllegalMove::LeavesTarget)
    );
}

#[test]
fn sternhalma_win_needs_a_full_target_with_one_own_marble_and_others_are_ranked() {
    // Three players S, NW, NE. S's target N is full: 9 S marbles and one NE marble.
    let s: Vec<[i32; 2]> = N_CAMP[1..].to_vec();
    let p = pos(
        json!("sternhalma"),
        &[&["S"], &["NW"], &["NE"]],
        &[("S", &s), ("NE", &[[4, -8], [0, 0]]), ("NW", &[[-4, -4]])],
        1,
    );
    let o = p.outcome().unwrap();
    assert_eq!(o.reason, OutcomeReason::Win);
    assert_eq!(o.winners, vec![0]);
    assert_eq!(o.ranking[0], vec![0]);
    assert_eq!(o.ranking.len(), 3);
    // The NW marble on its home tip is 16 from [4,4]; NE's two marbles are 12 + 8 from [-8,4].
    assert_eq!(o.ranking[1], vec![1]);
}

#[test]
fn sternhalma_stops_after_200_moves_each_and_ranks_by_distance() {
    let v = json!({
        "rules": "sternhalma", "players": [{"colours": ["S"]}, {"colours": ["N"]}],
        "pegs": {"S": [[0, 0]], "N": [[0, -1]]}, "to_move": 1, "moves_played": [200, 199]
    });
    let mut p = Position::from_json(&v).unwrap();
    assert!(
        p.outcome().is_none(),
        "the last seat has not played its 200th"
    );
    play(&mut p, &mv("step", &[[0, -1], [0, -2]]));
    let o = p.outcome().unwrap();
    assert_eq!(o.reason, OutcomeReason::MoveLimit);
    // S on [0,0] is 8 from [4,-8]; N on [0,-2] is 10 from [-4,8].
    assert_eq!(o.winners, vec![0]);
}

#[test]
fn sternhalma_passes_count_as_moves_and_do_not_end_the_game() {
    let v = json!({
        "rules": "sternhalma", "players": [{"colours": ["S"]}, {"colours": ["N"]}],
        "pegs": {"S": [[0, 0]], "N": [[0, -1]]}, "to_move": 0, "passes_in_a_row": 2
    });
    assert!(Position::from_json(&v).unwrap().outcome().is_none());
}

#[test]
fn sternhalma_seats_and_first_player() {
    for (n, first) in [(2, "S"), (3, "S"), (4, "S"), (6, "S")] {
        let p = Position::start(Rules::preset(Preset::Sternhalma), n).unwrap();
        assert_eq!(p.players().len(), n);
        let c: Vec<_> = p.players()[0].colours().map(|c| c.name()).collect();
        assert_eq!(c, vec![first]);
        assert_eq!(p.occupied().count_ones() as usize, 10 * n);
    }
    let p = Position::start(Rules::preset(Preset::Sternhalma), 4).unwrap();
    let seats: Vec<_> = p
        .players()
        .iter()
        .flat_map(|pl| pl.colours().map(|c| c.name()))
        .collect();
    assert_eq!(seats, vec!["S", "NW", "N", "SE"]);
}

#[test]
fn a_game_keeps_labelled_history_and_undoes_exactly() {
    let start = Position::start_tripot(Rules::default(), 1).unwrap();
    let mut g = Game::new(start);
    let first = g.legal_moves()[0].clone();
    assert_eq!(g.play(&first).unwrap().label(), "Step");
    let reply = g
        .legal_moves()
        .into_iter()
        .find(|m| m.kind == MoveKind::Jump)
        .unwrap();
    assert_eq!(g.play(&reply).unwrap().label(), "Jump");
    assert_eq!(g.history().len(), 2);
    assert_eq!(g.undo().unwrap().mv, reply);
    g.undo();
    assert_eq!(g.position(), &start);
    assert!(g.undo().is_none());
}

#[test]
fn a_finished_game_refuses_moves() {
    let s: Vec<[i32; 2]> = N_CAMP.to_vec();
    let p = duel("classic", &s, &[[-4, 8]], 1);
    let mut g = Game::new(p);
    assert!(g.outcome().is_some());
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.play(&mv("step", &[[-4, 8], [-4, 7]])),
        Err(IllegalMove::GameOver)
    );
}
