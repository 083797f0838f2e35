//! Behaviour tests of the AI: legality everywhere, wins taken, determinism, cancellation,
//! human-like weak levels, and the race solver.

#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use super::levels::separated;
use super::race::{self, Race};
use super::search::{self, Config, Searcher};
use super::*;
use crate::rules::board::Colour;
use crate::rules::{MoveKind, Preset, Rules};

fn limits(seed: u64) -> SearchLimits {
    SearchLimits {
        time_ms: None,
        seed,
    }
}

fn pos(text: &str) -> Position {
    Position::from_json_str(text).unwrap()
}

/// S has filled its target except (1,-5) and stands next to it at (1,-4).
const WIN_IN_ONE: &str = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
  "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[4,-5],[1,-4]],
          "N":[[-3,1],[-2,1],[-1,1],[0,1],[-3,2],[-2,2],[-1,2],[0,2],[-4,3],[-3,3]]},
  "to_move":0}"#;

fn completes(p: &Position, m: &Move) -> bool {
    let mut q = *p;
    q.apply(&m.compact());
    q.outcome().is_some_and(|o| o.winners == vec![0])
}

#[test]
fn every_level_takes_a_win_in_one() {
    let p = pos(WIN_IN_ONE);
    for level in AiLevel::ALL {
        let r = choose_move(&p, level, limits(3), &CancelHandle::new());
        assert!(completes(&p, &r.best), "{level:?} played {:?}", r.best);
    }
}

#[test]
fn the_search_itself_scores_the_win() {
    let p = pos(WIN_IN_ONE);
    let cfg = Config {
        max_depth: 3,
        nodes: 50_000,
        time_ms: 10_000,
        tt_bits: 12,
        widths: [1, 4, 8, 8, 8],
        lmr: true,
        brs: false,
    };
    let cancel = CancelHandle::new();
    let mut roots = Vec::new();
    p.legal_moves_into(&mut roots);
    let found = Searcher::new(cfg, &p, &cancel).run(&p, &roots, |_, _, _| {});
    let best = p.expand(&found.best).unwrap();
    assert!(completes(&p, &best), "{best:?}");
    assert!(found.score > eval::WIN_BOUND, "{}", found.score);
}

/// Starting positions of every rule set and player count the app offers.
fn starts() -> Vec<Position> {
    let mut out = Vec::new();
    for c in 1..=3 {
        out.push(Position::start_tripot(Rules::default(), c).unwrap());
    }
    out.push(Position::start(Rules::preset(Preset::Classic), 2).unwrap());
    for n in [2, 3, 4, 6] {
        out.push(Position::start(Rules::preset(Preset::Sternhalma), n).unwrap());
    }
    out.push(Position::start(Rules::preset(Preset::Rulebook), 5).unwrap());
    let teams: Vec<_> = [Colour::S, Colour::NW, Colour::N, Colour::SE]
        .iter()
        .enumerate()
        .map(|(i, &c)| (vec![c], Some((i % 2) as u8)))
        .collect();
    out.push(Position::start_with(Rules::preset(Preset::Rulebook), &teams).unwrap());
    out
}

#[test]
fn every_chosen_move_is_legal_for_every_rule_set() {
    for (k, start) in starts().into_iter().enumerate() {
        let mut p = start;
        for ply in 0..24 {
            if p.outcome().is_some() {
                break;
            }
            let level = AiLevel::ALL[(ply + k) % 3];
            let r = choose_move(&p, level, limits(ply as u64), &CancelHandle::new());
            p.validate(&r.best)
                .unwrap_or_else(|e| panic!("start {k} ply {ply} {level:?}: {e}"));
            p.apply(&r.best.compact());
        }
    }
}

#[test]
fn a_seed_fixes_the_move() {
    let mut p = Position::start_tripot(Rules::default(), 1).unwrap();
    for level in [
        AiLevel::Beginner,
        AiLevel::Easy,
        AiLevel::Medium,
        AiLevel::Hard,
    ] {
        let a = choose_move(&p, level, limits(7), &CancelHandle::new());
        let b = choose_move(&p, level, limits(7), &CancelHandle::new());
        assert_eq!(a.best, b.best, "{level:?}");
        assert_eq!(a.nodes, b.nodes, "{level:?}");
        p.apply(&a.best.compact());
    }
}

#[test]
fn a_node_budget_replaces_the_levels_and_keeps_the_book() {
    let mut p = Position::start_tripot(Rules::default(), 1).unwrap();
    // Impossible opens from its book whatever the budget: no search at all.
    let book = choose_move_with_nodes(&p, AiLevel::Impossible, 10, 0);
    assert_eq!(book.nodes, 0);
    assert_eq!(
        book.best,
        choose_move(&p, AiLevel::Impossible, limits(0), &CancelHandle::new()).best
    );
    for _ in 0..8 {
        let m = choose_move(&p, AiLevel::Medium, limits(3), &CancelHandle::new()).best;
        p.apply(&m.compact());
    }
    // Hard's own budget (8 000 nodes) given explicitly: the very same search.
    let level = choose_move(&p, AiLevel::Hard, limits(7), &CancelHandle::new());
    let same = choose_move_with_nodes(&p, AiLevel::Hard, 8_000, 7);
    assert_eq!((same.best, same.nodes), (level.best, level.nodes));
    // A quarter of it: the search stops at the first check (every 1 024 nodes) past 1 500.
    let quarter = choose_move_with_nodes(&p, AiLevel::Hard, 1_500, 7);
    assert!(
        quarter.nodes >= 1_500 && quarter.nodes < 1_500 + 1_024,
        "{}",
        quarter.nodes
    );
    assert!(p.validate(&quarter.best).is_ok());
}

#[test]
fn cancellation_returns_promptly_with_a_legal_move() {
    let p = Position::start_tripot(Rules::default(), 2).unwrap();
    let cancel = CancelHandle::new();
    let other = cancel.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        other.cancel();
    });
    let begin = Instant::now();
    let long = SearchLimits {
        time_ms: Some(60_000),
        seed: 0,
    };
    let r = choose_move(&p, AiLevel::Impossible, long, &cancel);
    let took = begin.elapsed();
    t.join().unwrap();
    assert!(took < Duration::from_millis(1500), "{took:?}");
    p.validate(&r.best).unwrap();
    // Already cancelled: still a legal move, at once.
    let r = choose_move(&p, AiLevel::Hard, long, &cancel);
    p.validate(&r.best).unwrap();
}

#[test]
fn the_best_move_so_far_is_published() {
    let p = Position::start_tripot(Rules::default(), 1).unwrap();
    let cancel = CancelHandle::new();
    let r = choose_move(&p, AiLevel::Medium, limits(1), &cancel);
    let so_far = cancel.best_so_far().unwrap();
    p.validate(&so_far).unwrap();
    assert_eq!(so_far, r.best);
}

/// Beginner and Easy never walk away from the target while a forward move exists, and never
/// offer a useless swap.
#[test]
fn weak_levels_never_retreat_when_they_can_advance() {
    for level in [AiLevel::Beginner, AiLevel::Easy] {
        for start in [
            Position::start_tripot(Rules::default(), 1).unwrap(),
            Position::start(Rules::preset(Preset::Classic), 2).unwrap(),
        ] {
            let mut p = start;
            let mut moves = Vec::new();
            for ply in 0..60 {
                if p.outcome().is_some() {
                    break;
                }
                let me = p.to_move();
                p.legal_moves_into(&mut moves);
                let before = p.progress(me).1;
                let can_advance = moves.iter().any(|m| {
                    let mut q = p;
                    q.apply(m);
                    q.progress(me).1 < before
                });
                let r = choose_move(&p, level, limits(ply), &CancelHandle::new());
                p.apply(&r.best.compact());
                if can_advance {
                    assert!(
                        p.progress(me).1 <= before,
                        "{level:?} ply {ply}: {:?} retreats",
                        r.best
                    );
                }
            }
        }
    }
}

#[test]
fn greatest_progress_takes_the_largest_drop() {
    let p = Position::start_tripot(Rules::default(), 1).unwrap();
    let mut moves = Vec::new();
    p.legal_moves_into(&mut moves);
    let chosen = greatest_progress(&p, &moves);
    let drop = |m: &CompactMove| {
        let mut q = p;
        q.apply(m);
        i64::from(p.progress(0).1) - i64::from(q.progress(0).1)
    };
    let best = moves.iter().map(drop).max().unwrap();
    assert_eq!(drop(&chosen), best);
}

#[test]
fn a_lone_peg_needs_thirteen_steps() {
    // One peg from the S tip to the N camp with nobody to jump over: 13 single steps.
    let p = pos(
        r#"{"rules":"classic","players":[{"colours":["S"]},{"colours":["N"]}],
        "pegs":{"S":[[-4,8]]}}"#,
    );
    let race = Race {
        rules_of: &p,
        colour: Colour::S,
        obstacles: 0,
    };
    let path = race.solve(p.pegs_of(Colour::S), 100, 40, None).unwrap();
    assert_eq!(path.moves.len(), 13);
}

#[test]
fn the_solo_race_with_long_jumps_is_legal_and_short() {
    let path = race::solo(Rules::default(), 300).unwrap();
    assert!(race::verify_solo(Rules::default(), &path));
    assert!(path.moves.len() <= 24, "{}", path.moves.len());
}

/// G. I. Bell's optimum for short jumps (a few seconds: the test profile is optimised).
#[test]
fn the_solo_race_with_short_jumps_takes_27_moves() {
    let rules = Rules::preset(Preset::Classic);
    let path = race::solo(rules, 20_000).unwrap();
    assert!(race::verify_solo(rules, &path));
    assert_eq!(path.moves.len(), 27);
}

#[test]
fn separated_armies_are_raced() {
    // S is entirely past N: S pegs around r = -3..-5, N pegs around r = 2..4.
    let text = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
      "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[1,-3],[0,-3]],
              "N":[[-3,2],[-2,2],[-1,2],[0,2],[-3,3],[-2,3],[-1,3],[-4,4],[-3,4],[-2,4]]},
      "to_move":0}"#;
    let p = pos(text);
    assert!(separated(&p).is_some());
    let start = Position::start_tripot(Rules::default(), 1).unwrap();
    assert!(separated(&start).is_none());
    let r = choose_move(&p, AiLevel::Impossible, limits(0), &CancelHandle::new());
    p.validate(&r.best).unwrap();
    assert!(matches!(r.best.kind, MoveKind::Step | MoveKind::Jump));
    // Two pegs to bring in, a few moves each at most; the race plan says how many.
    assert!(r.depth >= 2 && r.depth <= 4, "race of {} moves", r.depth);
}

/// One row between the armies is enough (nothing can jump or block across it going forward);
/// a single peg on the same row keeps the search in charge.
#[test]
fn armies_one_row_apart_are_raced_and_touching_ones_are_not() {
    // S's rearmost pegs on row r = -1, N's foremost on r = 0 (rows across the S-N axis).
    let apart = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
      "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[1,-1],[0,-1]],
              "N":[[-3,2],[-2,2],[-1,2],[0,2],[-3,3],[-2,3],[-1,3],[-4,4],[1,0],[0,0]]},
      "to_move":0}"#;
    assert!(separated(&pos(apart)).is_some());
    let same_row = apart
        .replace("[1,0],[0,0]", "[1,-1],[-1,0]")
        .replace("[1,-1],[0,-1]", "[2,-1],[0,-1]");
    assert!(separated(&pos(&same_row)).is_none());
}

#[test]
fn the_hint_is_legal() {
    // Its time (a 280 ms clock) is measured by the criterion bench and docs/AI.md, not here:
    // a timed assertion would only measure the test machine's load.
    let p = Position::start_tripot(Rules::default(), 3).unwrap();
    let m = hint(&p, &CancelHandle::new());
    p.validate(&m).unwrap();
}

/// The evaluation of commit 60e1985, written out: race cost of the strongest opposing side
/// minus ours (blocked targets included), plus half a unit of tempo.
fn evaluate_60e1985(p: &Position, root: usize) -> i32 {
    let me = eval::side_of(p, root);
    let mut side_cost = [0i32; 16];
    let mut seen = [false; 16];
    for player in 0..p.player_count() {
        let s = eval::side_of(p, player);
        side_cost[s] += eval::player_cost(p, player);
        seen[s] = true;
    }
    eval::blockage(p, &mut side_cost);
    let best_opp = (0..16)
        .filter(|&s| seen[s] && s != me)
        .map(|s| side_cost[s])
        .min()
        .unwrap_or(0);
    let tempo = if eval::side_of(p, p.to_move()) == me {
        eval::UNIT / 2
    } else {
        -eval::UNIT / 2
    };
    best_opp - side_cost[me] + tempo
}

#[test]
fn the_baseline_weights_are_the_old_evaluation_and_the_features_see_the_position() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(16);
    let mut compared = 0;
    let mut best_moves_seen = 0;
    for start in starts() {
        let mut p = start;
        for _ in 0..60 {
            if p.outcome().is_some() {
                break;
            }
            for root in 0..p.player_count() {
                let old = evaluate_60e1985(&p, root);
                let new = features::evaluate_with(&p, root, &features::BASELINE);
                assert_eq!(old, new, "{}", p.to_json());
                compared += 1;
            }
            let x = features::features(&p);
            assert_eq!(x[features::FEATURES - 1], 1);
            // The race feature is the baseline score of the side to move without its tempo
            // (exactly so with two sides; with more, against the strongest opponent).
            if p.player_count() == 2 {
                let own = evaluate_60e1985(&p, p.to_move()) - eval::UNIT / 2;
                assert_eq!(x[0], own);
            }
            if x[1] > 0 {
                best_moves_seen += 1;
            }
            let moves = p.legal_moves();
            let m = moves[rng.gen_range(0..moves.len())].compact();
            p.apply(&m);
        }
    }
    assert!(compared > 500, "{compared}");
    assert!(best_moves_seen > 100, "{best_moves_seen}");
}

#[test]
fn helper_threads_share_the_search_and_the_move_stays_legal() {
    let cfg = Config {
        max_depth: 20,
        nodes: 20_000,
        time_ms: 60_000,
        tt_bits: 16,
        widths: [1, 4, 8, 10, 12],
        lmr: true,
        brs: false,
    };
    for p in starts().into_iter().take(4) {
        let mut roots = Vec::new();
        p.legal_moves_into(&mut roots);
        let cancel = CancelHandle::new();
        let found = search::run_threads(cfg, &p, &roots, &cancel, 3, |_, _, _| {});
        assert!(p.validate(&p.expand(&found.best).unwrap()).is_ok());
        // The deciding thread stops on its budget; the helpers' nodes come on top.
        assert!(found.nodes > cfg.nodes + 1_000, "{}", found.nodes);
        assert!(found.depth >= 2, "{}", found.depth);
        let single = search::run_threads(cfg, &p, &roots, &cancel, 1, |_, _, _| {});
        assert!(single.nodes <= cfg.nodes + 1_024, "{}", single.nodes);
    }
}

#[test]
fn a_cancelled_threaded_search_stops_every_thread() {
    let p = Position::start_tripot(Rules::default(), 1).unwrap();
    let cfg = Config {
        max_depth: 40,
        nodes: u64::MAX,
        time_ms: 60_000,
        tt_bits: 16,
        widths: [1, 4, 10, 12, 16],
        lmr: true,
        brs: false,
    };
    let mut roots = Vec::new();
    p.legal_moves_into(&mut roots);
    let cancel = CancelHandle::new();
    let stopper = cancel.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        stopper.cancel();
    });
    let t0 = Instant::now();
    let found = search::run_threads(cfg, &p, &roots, &cancel, 2, |_, _, _| {});
    t.join().unwrap();
    // Returning at all means the helpers stopped too (the scope joins them).
    assert!(t0.elapsed() < Duration::from_secs(20), "{:?}", t0.elapsed());
    assert!(p.validate(&p.expand(&found.best).unwrap()).is_ok());
}

#[test]
fn the_thread_count_is_clamped() {
    assert_eq!(clamp_threads(0), 1);
    assert_eq!(clamp_threads(1), 1);
    assert_eq!(clamp_threads(8), 8);
    assert_eq!(clamp_threads(1_000), MAX_SEARCH_THREADS);
}

/// Best-reply search merges the opponents' turns into one layer: three plies of it reach the
/// root side's second move (own move, one reply, own move), which costs more than three plies
/// of paranoid search (three players' turns) and far less than the seven paranoid plies that
/// reach the same move past five opponents.
#[test]
fn best_reply_search_reaches_the_next_own_move_for_less() {
    let p = Position::start(Rules::preset(Preset::Sternhalma), 6).unwrap();
    let cfg = |brs, max_depth| Config {
        max_depth,
        nodes: u64::MAX,
        time_ms: 600_000,
        tt_bits: 18,
        widths: [1, 4, 8, 10, 12],
        lmr: true,
        brs,
    };
    let mut roots = Vec::new();
    p.legal_moves_into(&mut roots);
    let cancel = CancelHandle::new();
    let search = |c| Searcher::new(c, &p, &cancel).run(&p, &roots, |_, _, _| {});
    let brs = search(cfg(true, 3));
    let paranoid_3 = search(cfg(false, 3));
    let paranoid_7 = search(cfg(false, 7));
    assert!(p.validate(&p.expand(&brs.best).unwrap()).is_ok());
    assert_eq!((brs.depth, paranoid_7.depth), (3, 7));
    assert!(
        brs.nodes > paranoid_3.nodes && brs.nodes * 4 < paranoid_7.nodes,
        "best-reply 3 plies: {} nodes; paranoid 3 plies: {}, 7 plies: {}",
        brs.nodes,
        paranoid_3.nodes,
        paranoid_7.nodes
    );
}

/// With two sides there is one opponent, and best-reply search is plain negamax.
#[test]
fn best_reply_search_is_negamax_between_two_sides() {
    for p in [
        Position::start_tripot(Rules::default(), 1).unwrap(),
        Position::start_tripot(Rules::default(), 3).unwrap(),
        Position::start(Rules::preset(Preset::Classic), 2).unwrap(),
    ] {
        let cfg = |brs| Config {
            max_depth: 20,
            nodes: 4_000,
            time_ms: 60_000,
            tt_bits: 16,
            widths: [1, 4, 8, 10, 12],
            lmr: true,
            brs,
        };
        let mut roots = Vec::new();
        p.legal_moves_into(&mut roots);
        let cancel = CancelHandle::new();
        let a = Searcher::new(cfg(false), &p, &cancel).run(&p, &roots, |_, _, _| {});
        let b = Searcher::new(cfg(true), &p, &cancel).run(&p, &roots, |_, _, _| {});
        assert_eq!(
            (a.best, a.score, a.depth, a.nodes),
            (b.best, b.score, b.depth, b.nodes)
        );
    }
}

/// Classic, late: N's last peg stands in S's target at (3,-6), free to walk out. S's jump from
/// (2,-4) to (4,-6) gains the most distance but shuts that peg in again; S used to play it,
/// open the way again the next move, and against an opponent stepping back and forth inside
/// the target the game never ended. Every searching level now fills a target hole instead.
#[test]
fn no_level_shuts_an_opposing_peg_back_in_its_target() {
    let p = pos(
        r#"{"moves_played": [43, 43], "passes_in_a_row": 0, "rules": "classic",
      "pegs": {"N": [[3, -6], [-3, 4], [-3, 5], [-1, 5], [-4, 6], [-3, 6], [-2, 6], [-4, 7],
                     [-3, 7], [-4, 8]],
               "S": [[4, -8], [3, -7], [2, -5], [3, -5], [0, -4], [1, -4], [2, -4], [3, -4],
                     [4, -4], [4, -3]]},
      "players": [{"colours": ["S"]}, {"colours": ["N"]}], "to_move": 0}"#,
    );
    assert_eq!(eval::blockage_of(&p, 0), 0);
    for level in [AiLevel::Medium, AiLevel::Hard, AiLevel::Impossible] {
        let r = choose_move(&p, level, limits(1), &CancelHandle::new());
        let mut q = p;
        q.apply(&r.best.compact());
        assert_eq!(eval::blockage_of(&q, 0), 0, "{level:?} played {:?}", r.best);
    }
}
