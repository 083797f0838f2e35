//! Tripot rules (docs/RULES.md §3.1), each test written from the rule text.
//!
//! Diagrams list holes as `[q, r]`; `s = -q - r`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly by design

mod common;

use chinese_checkers_core::rules::{IllegalMove, MoveKind, OutcomeReason, Position, Preset, Rules};
use common::*;
use serde_json::json;

#[test]
fn long_jump_with_the_pivot_five_holes_away_covers_ten_holes() {
    // Row r = -4:  S@[-3,-4]  . . . .  N@[2,-4]  . . . .  landing [7,-4]
    let p = duel("tripot", &[[-3, -4]], &[[2, -4]], 0);
    assert!(targets(&p, MoveKind::Jump, [-3, -4]).contains(&[7, -4]));
    p.validate(&mv("jump", &[[-3, -4], [7, -4]])).unwrap();
    // One hole more between them (pivot 6 away) is out of reach.
    let p = duel("tripot", &[[-4, -4]], &[[2, -4]], 0);
    assert!(!targets(&p, MoveKind::Jump, [-4, -4]).contains(&[8, -4]));
    assert_eq!(
        p.validate(&mv("jump", &[[-4, -4], [8, -4]])),
        Err(IllegalMove::JumpTooLong(-4, -4, 8, -4))
    );
    // Classic has short jumps only.
    let p = duel("classic", &[[-3, -4]], &[[2, -4]], 0);
    assert!(targets(&p, MoveKind::Jump, [-3, -4]).is_empty());
}

#[test]
fn a_long_jump_needs_as_many_empty_holes_after_the_pivot_as_before() {
    // S@[-3,-4] . . N@[0,-4] . X@[2,-4]: the hole at distance 5 is occupied, so no landing at 6.
    let p = pos(
        json!("tripot"),
        &[&["S"], &["N"]],
        &[("S", &[[-3, -4]]), ("N", &[[0, -4], [2, -4]])],
        0,
    );
    assert!(!targets(&p, MoveKind::Jump, [-3, -4]).contains(&[3, -4]));
    assert!(p.validate(&mv("jump", &[[-3, -4], [3, -4]])).is_err());
}

#[test]
fn the_lifted_start_hole_counts_as_empty_inside_a_long_jump() {
    // The peg on [0,0] jumps to [2,-2], then to [2,0], then back west over the pivot [-1,0]
    // at distance 3: the run [1,0], [0,0] is empty only because the mover has left [0,0].
    let p = pos(
        json!("tripot"),
        &[&["S"], &["N"]],
        &[("S", &[[0, 0]]), ("N", &[[1, -1], [2, -1], [-1, 0]])],
        0,
    );
    let path = [[0, 0], [2, -2], [2, 0], [-4, 0]];
    p.validate(&mv("jump", &path)).unwrap();
    assert!(targets(&p, MoveKind::Jump, [0, 0]).contains(&[-4, 0]));
}

#[test]
fn a_chain_may_never_land_on_its_start_or_twice_on_a_hole() {
    // [0,0] over [1,0] to [2,0], then back over [1,0] would land on the start.
    let p = duel("classic", &[[0, 0]], &[[1, 0], [2, -1]], 0);
    assert_eq!(
        p.validate(&mv("jump", &[[0, 0], [2, 0], [0, 0]])),
        Err(IllegalMove::Revisit(0, 0))
    );
    assert_eq!(
        p.validate(&mv("jump", &[[0, 0], [2, 0], [2, -2], [2, 0]])),
        Err(IllegalMove::Revisit(2, 0))
    );
    assert!(!targets(&p, MoveKind::Jump, [0, 0]).contains(&[0, 0]));
}

#[test]
fn steps_and_jumps_never_mix_and_a_step_is_one_hole() {
    let p = duel("tripot", &[[0, 0]], &[[1, 0]], 0);
    assert_eq!(
        p.validate(&mv("step", &[[0, 0], [0, -2]])),
        Err(IllegalMove::NotAdjacent(0, -2))
    );
    assert_eq!(
        p.validate(&mv("step", &[[0, 0], [1, 0]])),
        Err(IllegalMove::Occupied(1, 0))
    );
    assert_eq!(
        p.validate(&mv("jump", &[[0, 0], [0, -1]])),
        Err(IllegalMove::NotAJump(0, 0, 0, -1))
    );
    // Six steps from the open centre, and one jump over [1,0].
    assert_eq!(targets(&p, MoveKind::Step, [0, 0]).len(), 5);
    assert_eq!(targets(&p, MoveKind::Jump, [0, 0]), vec![[2, 0]]);
}

#[test]
fn a_peg_of_the_other_side_cannot_be_moved() {
    let p = duel("tripot", &[[0, 0]], &[[3, -3]], 0);
    assert_eq!(
        p.validate(&mv("step", &[[3, -3], [3, -2]])),
        Err(IllegalMove::NotYourPeg(3, -3))
    );
    assert_eq!(
        p.validate(&mv("step", &[[1, 1], [1, 2]])),
        Err(IllegalMove::NoPeg(1, 1))
    );
}

#[test]
fn unused_camps_are_open_ground_in_tripot() {
    // From the centre edge into the empty NE point, and stopping there.
    let p = duel("tripot", &[[4, -1]], &[[8, -8 + 4]], 0);
    assert!(targets(&p, MoveKind::Step, [4, -1]).contains(&[5, -1]));
}

/// Side 1's last peg sits on its own tip, walled in by side 2:
/// ```text
///   [-4,6]N   . [-2,6]N
///      [-4,7]N [-3,7]N
///         [-4,8]S
/// ```
#[test]
fn case_a_a_stuck_peg_that_nothing_can_free_swaps_with_any_opposing_peg_in_range() {
    let wall = [[-4, 7], [-3, 7], [-4, 6], [-2, 6]];
    let p = duel("tripot", &[[-4, 8]], &wall, 0);
    let swaps = targets(&p, MoveKind::Swap, [-4, 8]);
    // Neighbours [-4,7], [-3,7]; two apart through an occupied middle: [-4,6], [-2,6].
    assert_eq!(swaps, vec![[-4, 6], [-4, 7], [-3, 7], [-2, 6]]);
    assert_eq!(
        summary(&p).len(),
        4,
        "only the swaps: no step, no jump, no pass"
    );
    // The swap exchanges the two pegs and is the whole turn.
    let mut after = p;
    play(&mut after, &mv("swap", &[[-4, 8], [-2, 6]]));
    assert_eq!(after.to_move(), 1);
    assert!(
        after.colour_at(chinese_checkers_core::rules::board::hole_at(-2, 6).unwrap())
            == Some(chinese_checkers_core::rules::Colour::S)
    );
    // Classic has no swaps: the same wall makes side 1 pass.
    let p = duel("classic", &[[-4, 8]], &wall, 0);
    assert_eq!(summary(&p), vec![(MoveKind::Pass, [0, 0], [0, 0])]);
}

#[test]
fn case_a_no_swap_while_another_own_peg_can_free_the_stuck_one() {
    // As above, but side 1 also has a free peg on [0,0]. It cannot open the wall: still swaps.
    let wall = [[-4, 7], [-3, 7], [-4, 6], [-2, 6]];
    let p = duel("tripot", &[[-4, 8], [0, 0]], &wall, 0);
    assert_eq!(targets(&p, MoveKind::Swap, [-4, 8]).len(), 4);

    // Now side 1's own peg stands on [-4,6]: stepping it to [-4,5] lets the tip jump
    // [-4,8] → [-4,6] → [-4,4], out of the camp, so the tip earns no swap.
    let wall = [[-4, 7], [-3, 7], [-2, 6]];
    let p = duel("tripot", &[[-4, 8], [-4, 6]], &wall, 0);
    assert!(targets(&p, MoveKind::Swap, [-4, 8]).is_empty());
    let mut freed = p;
    play(&mut freed, &mv("step", &[[-4, 6], [-4, 5]]));
    play(&mut freed, &mv("step", &[[-2, 6], [-1, 5]]));
    freed
        .validate(&mv("jump", &[[-4, 8], [-4, 6], [-4, 4]]))
        .unwrap();
}

#[test]
fn case_a_a_peg_in_its_camp_with_moves_only_inside_it_is_stuck() {
    // Side 1's peg on [-4,6] can only step to holes of its own camp; the tip is walled in. The
    // peg on [-4,6] is stuck (it cannot leave the camp) and no other own move frees it, so it
    // swaps with its opposing neighbour [-4,7].
    let wall = [[-4, 7], [-3, 7], [-2, 6]];
    let p = duel("tripot", &[[-4, 8], [-4, 6]], &wall, 0);
    assert_eq!(targets(&p, MoveKind::Swap, [-4, 6]), vec![[-4, 7]]);
}

/// Nine S pegs fill the N point; the tenth is far away; an N peg squats on the N tip.
#[test]
fn case_b_the_last_peg_evicts_a_squatter_with_any_own_peg_in_its_range() {
    let s_pegs = n_camp_except(&[[4, -8]], &[[0, 4]]);
    let p = duel("tripot", &s_pegs, &[[4, -8], [-4, 8]], 0);
    // The squatter on [4,-8] has neighbours [3,-7], [4,-7] (own) and, two apart through an
    // occupied middle, [2,-6] and [4,-6].
    let mut swaps: Vec<_> = summary(&p)
        .into_iter()
        .filter(|(k, _, _)| *k == MoveKind::Swap)
        .map(|(_, own, opp)| (own, opp))
        .collect();
    swaps.sort();
    assert_eq!(
        swaps,
        vec![
            ([2, -6], [4, -8]),
            ([3, -7], [4, -8]),
            ([4, -7], [4, -8]),
            ([4, -6], [4, -8])
        ]
    );
    // Other moves are still there: the swap is offered alongside them.
    assert!(summary(&p).iter().any(|(k, _, _)| *k == MoveKind::Step));
}

#[test]
fn case_b_is_not_offered_when_the_last_peg_can_reach_its_target() {
    // Nine S pegs (fewer than ten is allowed in a test position): eight in the N point, the
    // last on [3,-4] next to the free target hole [4,-5]; N squats on the tip [4,-8].
    let s_pegs = n_camp_except(&[[4, -8], [4, -5]], &[[3, -4]]);
    let p = duel("tripot", &s_pegs, &[[4, -8], [-4, 8]], 0);
    assert!(targets(&p, MoveKind::Step, [3, -4]).contains(&[4, -5]));
    assert!(
        summary(&p).iter().all(|(k, _, _)| *k != MoveKind::Swap),
        "{:?}",
        summary(&p)
    );
}

#[test]
fn a_side_with_nothing_to_do_passes_and_two_passes_end_in_deadlock() {
    // Classic wall: S must pass. Tripot deadlock scoring decides on distance.
    let p = pos(
        json!({"preset": "tripot", "swaps": false}),
        &[&["S"], &["N"]],
        &[
            ("S", &[[-4, 8]]),
            ("N", &[[-4, 7], [-3, 7], [-4, 6], [-2, 6]]),
        ],
        0,
    );
    assert_eq!(summary(&p), vec![(MoveKind::Pass, [0, 0], [0, 0])]);
    assert_eq!(
        p.validate(&mv("step", &[[-4, 8], [-4, 7]])),
        Err(IllegalMove::Occupied(-4, 7))
    );
    let mut q = p;
    play(&mut q, &mv("pass", &[]));
    assert_eq!(q.passes_in_a_row(), 1);
    assert!(q.outcome().is_none());
    // Side 2 can move, so it may not pass.
    assert_eq!(
        q.validate(&mv("pass", &[])),
        Err(IllegalMove::PassNotAllowed)
    );
}

#[test]
fn deadlock_is_decided_on_pegs_home_then_distance_then_side_one() {
    // Two passes in a row. Neither side has a peg home; N's pegs are closer to their tip [-4,8].
    let base = json!({
        "rules": "tripot", "players": [{"colours": ["S"]}, {"colours": ["N"]}],
        "pegs": {"S": [[0, 0]], "N": [[-2, 4]]}, "to_move": 0, "passes_in_a_row": 2
    });
    let p = Position::from_json(&base).unwrap();
    let o = p.outcome().unwrap();
    assert_eq!(o.reason, OutcomeReason::Deadlock);
    assert_eq!(o.winners, vec![1], "N is 4 from home, S 8");
    // A peg home beats any distance.
    let mut v = base.clone();
    v["pegs"]["S"] = json!([[4, -8]]);
    v["pegs"]["N"] = json!([[-3, 7]]);
    assert_eq!(
        Position::from_json(&v).unwrap().outcome().unwrap().winners,
        vec![0]
    );
    // A perfect tie goes to side 1: [1,-1] is 7 from [4,-8], [-1,1] is 7 from [-4,8].
    let mut v = base;
    v["pegs"]["S"] = json!([[1, -1]]);
    v["pegs"]["N"] = json!([[-1, 1]]);
    let p = Position::from_json(&v).unwrap();
    assert_eq!(p.progress(0), (0, 7));
    assert_eq!(p.progress(1), (0, 7));
    assert_eq!(p.outcome().unwrap().winners, vec![0]);
}

#[test]
fn a_side_wins_when_every_target_hole_holds_its_colour() {
    let s = n_camp_except(&[[4, -5]], &[[3, -4]]);
    let mut p = duel("tripot", &s, &[[-4, 8]], 0);
    assert!(p.outcome().is_none());
    play(&mut p, &mv("step", &[[3, -4], [4, -5]]));
    let o = p.outcome().unwrap();
    assert_eq!((o.reason, o.winners), (OutcomeReason::Win, vec![0]));
}

#[test]
fn an_opposing_peg_left_in_the_target_stops_the_win() {
    let s = n_camp_except(&[[4, -8]], &[[0, 0]]);
    let p = duel("tripot", &s, &[[4, -8]], 0);
    assert!(p.outcome().is_none());
}

#[test]
fn three_colour_sides_move_any_peg_of_any_of_their_colours() {
    let p = Position::start_tripot(Rules::preset(Preset::Tripot), 3).unwrap();
    let froms: std::collections::BTreeSet<_> = summary(&p)
        .iter()
        .map(|(_, f, _)| {
            p.colour_at(chinese_checkers_core::rules::board::hole_at(f[0], f[1]).unwrap())
        })
        .collect();
    assert_eq!(froms.len(), 3, "moves of SW, S and SE: {froms:?}");
    assert!(summary(&p).iter().all(|(k, _, _)| *k != MoveKind::Swap));
}
