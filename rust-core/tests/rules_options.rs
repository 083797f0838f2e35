//! Rulebook options (docs/RULES.md §3.4 and the §4 option table), written from the rule text.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly by design

mod common;

use chinese_checkers_core::rules::{IllegalMove, MoveKind, OutcomeReason, Position, Rules};
use common::*;
use serde_json::json;

fn rules(extra: serde_json::Value) -> serde_json::Value {
    let mut r = json!({"preset": "classic"});
    for (k, v) in extra.as_object().unwrap() {
        r[k] = v.clone();
    }
    r
}

#[test]
fn super_jumps_have_any_length() {
    // Pivot 6 away on row r = -4: out of tripot's reach 5, within "any length" (8).
    let p = pos(
        rules(json!({"jump_reach": 8})),
        &[&["S"], &["N"]],
        &[("S", &[[-4, -4]]), ("N", &[[2, -4]])],
        0,
    );
    assert!(targets(&p, MoveKind::Jump, [-4, -4]).contains(&[8, -4]));
}

#[test]
fn mandatory_jump_forbids_steps_when_any_peg_can_jump() {
    let p = pos(
        rules(json!({"mandatory_jump": true})),
        &[&["S"], &["N"]],
        &[("S", &[[0, 0], [-3, 3]]), ("N", &[[1, 0]])],
        0,
    );
    let moves = summary(&p);
    assert!(moves.iter().all(|m| m.0 == MoveKind::Jump), "{moves:?}");
    assert_eq!(
        p.validate(&mv("step", &[[-3, 3], [-3, 2]])),
        Err(IllegalMove::JumpMandatory)
    );
    // Nothing to jump: steps are fine.
    let p = pos(
        rules(json!({"mandatory_jump": true})),
        &[&["S"], &["N"]],
        &[("S", &[[0, 0]]), ("N", &[[3, -3]])],
        0,
    );
    assert!(summary(&p).iter().all(|m| m.0 == MoveKind::Step));
}

/// Pivots on [1,0] and [3,-1]: from [0,0] one jump reaches [2,0], two reach [4,-2].
fn ladder(extra: serde_json::Value) -> Position {
    pos(
        rules(extra),
        &[&["S"], &["N"]],
        &[
            ("S", &[[0, 0], [-3, 3]]),
            ("N", &[[1, 0], [3, -1], [-3, 2]]),
        ],
        0,
    )
}

#[test]
fn max_chain_per_piece_requires_each_pieces_longest_route() {
    let p = ladder(json!({"max_chain": "per_piece"}));
    assert_eq!(targets(&p, MoveKind::Jump, [0, 0]), vec![[4, -2]]);
    assert_eq!(targets(&p, MoveKind::Jump, [-3, 3]), vec![[-3, 1]]);
    assert_eq!(
        p.validate(&mv("jump", &[[0, 0], [2, 0]])),
        Err(IllegalMove::ChainNotLongest)
    );
    p.validate(&mv("jump", &[[0, 0], [2, 0], [4, -2]])).unwrap();
    // Steps stay legal without mandatory_jump.
    assert!(!targets(&p, MoveKind::Step, [0, 0]).is_empty());
    // Without the option both landings are legal.
    let p = ladder(json!({}));
    assert_eq!(targets(&p, MoveKind::Jump, [0, 0]), vec![[2, 0], [4, -2]]);
}

#[test]
fn max_chain_army_lets_only_the_longest_chainer_jump() {
    let p = ladder(json!({"max_chain": "army"}));
    assert_eq!(targets(&p, MoveKind::Jump, [0, 0]), vec![[4, -2]]);
    assert!(targets(&p, MoveKind::Jump, [-3, 3]).is_empty());
    assert_eq!(
        p.validate(&mv("jump", &[[-3, 3], [-3, 1]])),
        Err(IllegalMove::ChainNotLongest)
    );
}

#[test]
fn anti_blocking_forces_a_peg_out_of_an_otherwise_full_target() {
    // N's target (the S point) is full: 9 N pegs and one S peg on [-1,5], which can step out,
    // so it must.
    let s_camp = [
        [-4, 8],
        [-4, 7],
        [-3, 7],
        [-4, 6],
        [-3, 6],
        [-2, 6],
        [-4, 5],
        [-3, 5],
        [-2, 5],
    ];
    let n_pegs: Vec<[i32; 2]> = s_camp.iter().copied().chain([[-1, 0]]).collect();
    let p = pos(
        rules(json!({"anti_blocking": true})),
        &[&["S"], &["N"]],
        &[("S", &[[-1, 5], [0, 0]]), ("N", &n_pegs)],
        0,
    );
    let moves = summary(&p);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.1 == [-1, 5]), "{moves:?}");
    assert_eq!(
        p.validate(&mv("step", &[[0, 0], [1, 0]])),
        Err(IllegalMove::MustUnblock)
    );
    // Without the option any peg may move.
    let p = pos(
        json!("classic"),
        &[&["S"], &["N"]],
        &[("S", &[[-1, 5], [0, 0]]), ("N", &n_pegs)],
        0,
    );
    assert!(summary(&p).iter().any(|m| m.1 == [0, 0]));
}

#[test]
fn blocked_destination_counts_the_adjacent_last_peg_as_arrived() {
    // S has 9 pegs in its target N; an N peg holds the last hole [4,-5], and the last S peg
    // stands right next to it on [3,-4].
    let s = n_camp_except(&[[4, -5]], &[[3, -4]]);
    let blocker = [4, -5];
    let base = |blocked: bool| {
        pos(
            rules(json!({"blocked_destination": blocked})),
            &[&["S"], &["N"]],
            &[("S", &s), ("N", &[blocker, [-4, 8]])],
            1,
        )
    };
    // The N peg on [4,-5] can still step out to [4,-4], so it is not immovable.
    assert!(base(true).outcome().is_none());
    // Wall it in with a third player's pegs: its step to [4,-4] and its jumps to [4,-3] and
    // [2,-3] are taken; every other neighbour and landing is an S peg or off the board.
    let walled = pos(
        rules(json!({"blocked_destination": true})),
        &[&["S"], &["N"], &["NE"]],
        &[
            ("S", &s),
            ("N", &[blocker, [-4, 8]]),
            ("NE", &[[4, -4], [4, -3], [2, -3]]),
        ],
        1,
    );
    let o = walled.outcome();
    assert_eq!(
        o.map(|o| (o.reason, o.winners)),
        Some((OutcomeReason::Win, vec![0]))
    );
    let mut plain = walled.to_json();
    plain["rules"] = json!("classic");
    assert!(Position::from_json(&plain).unwrap().outcome().is_none());
}

#[test]
fn fifteen_peg_duel_uses_the_fifteen_hole_areas() {
    let r: serde_json::Value = json!({"preset": "sternhalma", "pegs": 15});
    let start = Position::start(Rules::from_json(&r).unwrap(), 2).unwrap();
    assert_eq!(start.pegs_of_player(0).count_ones(), 15);
    // [0,4] is in S's 15-hole area; [0,-4] in N's, which is S's target.
    let p = pos(
        r.clone(),
        &[&["S"], &["N"]],
        &[("S", &[[0, -4]]), ("N", &[[0, 4]])],
        0,
    );
    // Target lock applies to the whole 15-hole target: [0,-4] may not step to [0,-3].
    assert_eq!(
        p.validate(&mv("step", &[[0, -4], [0, -3]])),
        Err(IllegalMove::LeavesTarget)
    );
    // Three players are refused.
    let e = Position::from_json(&json!({
        "rules": r, "players": [{"colours": ["S"]}, {"colours": ["NW"]}, {"colours": ["NE"]}],
        "pegs": {}, "to_move": 0
    }))
    .unwrap_err();
    assert!(e.to_string().contains("pegs 15"), "{e}");
}

#[test]
fn five_players_leave_one_point_empty() {
    let p = Position::start(
        Rules::preset(chinese_checkers_core::rules::Preset::Sternhalma),
        5,
    )
    .unwrap();
    assert_eq!(p.occupied().count_ones(), 50);
    assert_eq!(p.players().len(), 5);
}

#[test]
fn continuing_for_places_skips_finished_players_and_ranks_them_in_order() {
    // Three players; S completes its target with its last move, the others play on.
    let s = n_camp_except(&[[4, -5]], &[[3, -4]]);
    let mut p = pos(
        rules(json!({"continue_for_places": true})),
        &[&["S"], &["NW"], &["NE"]],
        &[("S", &s), ("NW", &[[-4, -4]]), ("NE", &[[8, -4]])],
        0,
    );
    play(&mut p, &mv("step", &[[3, -4], [4, -5]]));
    assert!(p.outcome().is_none(), "two players still race");
    assert_eq!(p.finished_players(), vec![0]);
    assert_eq!(p.to_move(), 1);
    play(&mut p, &mv("step", &[[-4, -4], [-3, -4]]));
    assert_eq!(p.to_move(), 2, "NE moves next");
    play(&mut p, &mv("step", &[[8, -4], [7, -4]]));
    assert_eq!(p.to_move(), 1, "the finished S is skipped");
    // Round trip keeps the finishing order.
    assert_eq!(Position::from_json(&p.to_json()).unwrap(), p);
}

#[test]
fn a_team_wins_when_every_teammate_has_completed() {
    let v = json!({
        "rules": "classic",
        "players": [
            {"colours": ["S"], "team": 0}, {"colours": ["NW"], "team": 1},
            {"colours": ["N"], "team": 0}, {"colours": ["SE"], "team": 1}
        ],
        "pegs": {"S": N_CAMP, "N": [[0, 0]], "NW": [[-4, -4]], "SE": [[4, 4]]},
        "to_move": 1,
        "finished": [0]
    });
    let p = Position::from_json(&v).unwrap();
    assert!(p.outcome().is_none(), "S is done but its partner N is not");
    let e = Position::from_json(&json!({
        "rules": "classic",
        "players": [{"colours": ["S"], "team": 0}, {"colours": ["N"]}],
        "pegs": {}, "to_move": 0
    }))
    .unwrap_err();
    assert!(e.to_string().contains("team"), "{e}");
}

#[test]
fn rules_json_survives_a_round_trip_through_the_cli_formats() {
    let p = ladder(json!({"max_chain": "army", "mandatory_jump": true}));
    let v = p.to_json();
    assert_eq!(v["rules"]["max_chain"], json!("army"));
    assert_eq!(Position::from_json(&v).unwrap(), p);
}
