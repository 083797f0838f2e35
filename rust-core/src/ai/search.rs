//! The game-tree search: iterative deepening negamax with principal-variation search, a
//! Zobrist-keyed transposition table, killer, counter-move and history ordering, late-move
//! reductions and forward pruning by static gain.
//!
//! Two sides play ordinary negamax. With more than two sides the search is either
//! *best-reply* (`Config::brs`, Hard and Impossible; see `brs`) or *paranoid* (Medium): every
//! other side is assumed to play against the root side, and the sign of a child's score flips
//! only when play passes between the root side and its opponents (a chain of opponents moving
//! in a row stays minimising).
//!
//! Nothing is allocated once the search has started: move lists live in per-ply buffers that
//! keep their capacity, and the table is allocated once per search.

use std::sync::Arc;
use std::time::Instant;

use crate::rules::{CompactMove, MoveKind, Position};

use super::eval::{blockage_of, hash, move_gain, progress_gain, side_of, UNIT, WIN, WIN_BOUND};
use super::features::evaluate;
use super::table::{Entry, Table};
use super::CancelHandle;

mod brs;

/// Deepest ply the buffers are sized for.
const MAX_PLY: usize = 48;
const INF: i32 = WIN + 1;

/// Shape and budget of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    /// Deepest iteration.
    pub max_depth: i32,
    /// Node budget (deterministic stop).
    pub nodes: u64,
    /// Wall-clock cap in milliseconds.
    pub time_ms: u64,
    /// log2 of the transposition table's entry count (16 bytes each).
    pub tt_bits: u32,
    /// Moves kept at an inner node with this much depth left: `widths[min(depth, 4)]`.
    pub widths: [usize; 5],
    /// Late-move reductions on.
    pub lmr: bool,
    /// With three or more sides, best-reply search (see `brs`) instead of paranoid search.
    pub brs: bool,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

fn kind_code(k: MoveKind) -> u8 {
    match k {
        MoveKind::Step => 0,
        MoveKind::Jump => 1,
        MoveKind::Swap => 2,
        MoveKind::Pass => 3,
    }
}

fn kind_from(c: u8) -> MoveKind {
    match c {
        0 => MoveKind::Step,
        1 => MoveKind::Jump,
        2 => MoveKind::Swap,
        _ => MoveKind::Pass,
    }
}

/// The order of a scored move as one integer, smallest first: highest score first, then by
/// the move (kind, start, end), the order of `CompactMove`'s `Ord`, so that equal scores break
/// ties the same way on every run.
fn order_key(&(score, m): &(i32, CompactMove)) -> u64 {
    let descending = !((score as u32) ^ 0x8000_0000);
    (u64::from(descending) << 32)
        | (u64::from(kind_code(m.kind)) << 16)
        | (u64::from(m.from) << 8)
        | u64::from(m.to)
}

/// Result of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found {
    /// Best move and its score from the mover's point of view, per root move.
    pub best: CompactMove,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// The searcher's state: table, buffers, counters and limits.
pub(crate) struct Searcher<'a> {
    cfg: Config,
    root: usize,
    /// Whether three or more sides play (the paranoid or best-reply shape applies).
    multi: bool,
    tt: Arc<Table>,
    /// Added to every iteration's depth: 0 for the main thread, 1 for every other helper so
    /// that the threads do not all read the same tree (Lazy SMP).
    depth_offset: i32,
    moves: Vec<Vec<CompactMove>>,
    order: Vec<Vec<(i32, CompactMove)>>,
    killers: [[CompactMove; 2]; MAX_PLY],
    /// The reply that last refuted each move (by its from and to holes): in a race the answer
    /// to a given jump (blocking its landing, or using it as a ladder) often works wherever
    /// that jump is played in the tree.
    counter: Vec<CompactMove>,
    /// The move played at each ply of the current line.
    played: [CompactMove; MAX_PLY],
    history: Vec<i32>,
    nodes: u64,
    stop: bool,
    start: Instant,
    cancel: &'a CancelHandle,
}

impl<'a> Searcher<'a> {
    /// A searcher for the side to move in `root`.
    pub fn new(cfg: Config, root: &Position, cancel: &'a CancelHandle) -> Searcher<'a> {
        Searcher::with_table(cfg, root, cancel, Arc::new(Table::new(cfg.tt_bits)))
    }

    /// A searcher that reads and writes the given table (shared with other threads).
    fn with_table(
        cfg: Config,
        root: &Position,
        cancel: &'a CancelHandle,
        tt: Arc<Table>,
    ) -> Searcher<'a> {
        Searcher {
            cfg,
            root: root.to_move(),
            multi: {
                let mut sides: Vec<usize> =
                    (0..root.player_count()).map(|p| side_of(root, p)).collect();
                sides.sort_unstable();
                sides.dedup();
                sides.len() > 2
            },
            tt,
            depth_offset: 0,
            moves: (0..MAX_PLY).map(|_| Vec::with_capacity(512)).collect(),
            order: (0..MAX_PLY).map(|_| Vec::with_capacity(512)).collect(),
            killers: [[CompactMove::PASS; 2]; MAX_PLY],
            counter: vec![CompactMove::PASS; 121 * 121],
            played: [CompactMove::PASS; MAX_PLY],
            history: vec![0; 121 * 121],
            nodes: 0,
            stop: false,
            start: Instant::now(),
            cancel,
        }
    }

    fn check_limits(&mut self) {
        if self.nodes >= self.cfg.nodes
            || self.cancel.is_cancelled()
            || self.start.elapsed().as_millis() as u64 >= self.cfg.time_ms
        {
            self.stop = true;
        }
    }

    /// Converts a root-side score into the point of view of the player to move.
    fn for_mover(&self, pos: &Position, root_score: i32) -> i32 {
        if side_of(pos, pos.to_move()) == side_of(pos, self.root) {
            root_score
        } else {
            -root_score
        }
    }

    /// The game's end, scored for the player to move, or `None` while it goes on.
    fn terminal(&self, pos: &Position, ply: usize) -> Option<i32> {
        let n = pos.player_count();
        let mut maybe = pos.passes_in_a_row() > 0 || (0..n).any(|p| pos.completed(p));
        if !maybe {
            if let Some(cap) = pos.rules().options.move_cap {
                maybe = pos
                    .moves_played()
                    .iter()
                    .all(|&m| i64::from(m) >= i64::from(cap));
            }
        }
        if !maybe {
            return None;
        }
        let outcome = pos.outcome()?;
        let root_side = side_of(pos, self.root);
        let root_score = if outcome.winners.is_empty() {
            0
        } else if outcome
            .winners
            .iter()
            .any(|&w| side_of(pos, w) == root_side)
        {
            WIN - ply as i32
        } else {
            -(WIN - ply as i32)
        };
        Some(self.for_mover(pos, root_score))
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.tt.probe(key)
    }

    fn store(&mut self, key: u64, depth: i32, bound: u8, score: i32, m: CompactMove, ply: usize) {
        let slot = self.tt.slot(key);
        let old_depth = i32::from(slot.meta & 63);
        // Replace when the slot holds another position or a shallower result.
        if slot.key == key && old_depth > depth && bound != EXACT {
            return;
        }
        // Win scores are stored relative to this node so they stay right from another path.
        let s = if score > WIN_BOUND {
            score + ply as i32
        } else if score < -WIN_BOUND {
            score - ply as i32
        } else {
            score
        };
        self.tt.write(&Entry {
            key,
            score: s,
            from: m.from,
            to: m.to,
            kind: kind_code(m.kind),
            meta: (bound << 6) | (depth.clamp(0, 63) as u8),
        });
    }

    fn width(&self, depth: i32) -> usize {
        self.cfg.widths[depth.clamp(0, 4) as usize]
    }

    /// Generates, orders and prunes the moves at `ply` into `self.order[ply]`.
    fn ordered_moves(
        &mut self,
        pos: &Position,
        ply: usize,
        tt_move: Option<CompactMove>,
        keep: usize,
    ) {
        let mut list = std::mem::take(&mut self.moves[ply]);
        pos.legal_moves_into(&mut list);
        let mut order = std::mem::take(&mut self.order[ply]);
        order.clear();
        let mut best_gain = i32::MIN;
        // In a blocked endgame the moves that matter (opening a way out) look like retreats;
        // score them by what they do to the blockage instead of pruning them.
        let blocked = blockage_of(pos, pos.to_move());
        let counter = self.counter_of(ply);
        for m in &list {
            let g = progress_gain(pos, m, blocked);
            best_gain = best_gain.max(g);
            let mut key = g * 64;
            if m.kind != MoveKind::Pass && m.kind != MoveKind::Swap {
                key +=
                    self.history[usize::from(m.from) * 121 + usize::from(m.to)].min(1 << 20) / 64;
            }
            if Some(*m) == tt_move {
                key = i32::MAX;
            } else if self.killers[ply].contains(m) {
                key += 1 << 24;
            } else if Some(*m) == counter {
                key += 1 << 23;
            }
            order.push((key, *m));
        }
        // Forward pruning: the branching factor of long jumps is huge and most moves are plain
        // retreats; keep the best `keep` by static gain (hash and killer moves first), and drop
        // clear retreats whenever something goes forward. Only the kept moves are sorted: a
        // full sort of a hundred moves to keep a dozen cost a fifth of the search's time.
        if order.len() > keep {
            if keep > 0 {
                order.select_nth_unstable_by_key(keep - 1, order_key);
            }
            order.truncate(keep);
        }
        order.sort_unstable_by_key(order_key);
        if best_gain > 0 && blocked == 0 {
            let floor = -2 * UNIT;
            let mut i = 0;
            while i < order.len() {
                if i > 0
                    && order[i].0 < i32::MAX
                    && order[i].0 / 64 < floor
                    && order[i].0 < (1 << 23)
                {
                    order.truncate(i);
                    break;
                }
                i += 1;
            }
        }
        self.moves[ply] = list;
        self.order[ply] = order;
    }

    /// Remembers a step or jump that caused a cut-off: killer of its ply, history, and
    /// counter-move to the move before it.
    fn reward(&mut self, m: &CompactMove, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != *m {
            k[1] = k[0];
            k[0] = *m;
        }
        self.history[usize::from(m.from) * 121 + usize::from(m.to)] += depth * depth;
        if let Some(prev) = ply.checked_sub(1).map(|p| self.played[p]) {
            if matches!(prev.kind, MoveKind::Step | MoveKind::Jump) {
                self.counter[usize::from(prev.from) * 121 + usize::from(prev.to)] = *m;
            }
        }
    }

    /// The counter-move to the move played just before `ply`, if that was a step or a jump.
    fn counter_of(&self, ply: usize) -> Option<CompactMove> {
        let prev = self.played[ply.checked_sub(1)?];
        matches!(prev.kind, MoveKind::Step | MoveKind::Jump)
            .then(|| self.counter[usize::from(prev.from) * 121 + usize::from(prev.to)])
            .filter(|c| c.kind != MoveKind::Pass)
    }

    fn child(
        &mut self,
        pos: &mut Position,
        m: &CompactMove,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.played[ply] = *m;
        if self.cfg.brs && self.multi {
            // Best-reply search: the root side moves here; the opponents answer in one layer.
            let u = pos.apply(m);
            let s = self.opponents_reply(pos, depth, alpha, beta, ply + 1, false);
            pos.undo(u);
            return s;
        }
        // Paranoid: every opponent shares one point of view (against the root side), so the
        // score flips only when play passes between the root side and its opponents.
        let root_side = side_of(pos, self.root);
        let mover_is_root = side_of(pos, pos.to_move()) == root_side;
        let u = pos.apply(m);
        let same = (side_of(pos, pos.to_move()) == root_side) == mover_is_root;
        let s = if same {
            self.negamax(pos, depth, alpha, beta, ply + 1)
        } else {
            -self.negamax(pos, depth, -beta, -alpha, ply + 1)
        };
        pos.undo(u);
        s
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_limits();
        }
        if self.stop {
            return 0;
        }
        if let Some(s) = self.terminal(pos, ply) {
            return s;
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return self.for_mover(pos, evaluate(pos, self.root));
        }
        let key = hash(pos);
        let mut tt_move = None;
        if let Some(e) = self.probe(key) {
            let mut s = e.score;
            if s > WIN_BOUND {
                s -= ply as i32;
            } else if s < -WIN_BOUND {
                s += ply as i32;
            }
            let bound = e.meta >> 6;
            if i32::from(e.meta & 63) >= depth {
                let cut = match bound {
                    EXACT => true,
                    LOWER => s >= beta,
                    UPPER => s <= alpha,
                    _ => false,
                };
                if cut {
                    return s;
                }
            }
            tt_move = Some(CompactMove::new(kind_from(e.kind), e.from, e.to));
        }
        let keep = self.width(depth);
        self.ordered_moves(pos, ply, tt_move, keep);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = CompactMove::PASS;
        let count = self.order[ply].len();
        for i in 0..count {
            let m = self.order[ply][i].1;
            let score = if i == 0 {
                self.child(pos, &m, depth - 1, alpha, beta, ply)
            } else {
                // Late moves are searched shallower first; a surprise gets the full depth.
                let reduce = if self.cfg.lmr && depth >= 3 && i >= 3 {
                    1 + (i >= 8) as i32
                } else {
                    0
                };
                let mut s = self.child(pos, &m, depth - 1 - reduce, alpha, alpha + 1, ply);
                if s > alpha && reduce > 0 {
                    s = self.child(pos, &m, depth - 1, alpha, alpha + 1, ply);
                }
                if s > alpha && s < beta {
                    s = self.child(pos, &m, depth - 1, alpha, beta, ply);
                }
                s
            };
            if self.stop {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if m.kind == MoveKind::Step || m.kind == MoveKind::Jump {
                    self.reward(&m, depth, ply);
                }
                break;
            }
        }
        if count == 0 {
            // Cannot happen (a pass is always generated), but never return -INF.
            return self.for_mover(pos, evaluate(pos, self.root));
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        self.store(key, depth, bound, best, best_move, ply);
        best
    }

    /// Iterative deepening over the given root moves (already filtered by the caller), calling
    /// `progress` after every completed iteration with the best move so far.
    pub fn run(
        &mut self,
        pos: &Position,
        root_moves: &[CompactMove],
        mut progress: impl FnMut(CompactMove, i32, u32),
    ) -> Found {
        let mut pos = *pos;
        let mut scored: Vec<(i32, CompactMove)> = root_moves
            .iter()
            .map(|m| (move_gain(&pos, m), *m))
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut found = Found {
            best: scored.first().map_or(CompactMove::PASS, |s| s.1),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if scored.len() <= 1 {
            return found;
        }
        for depth in (1 + self.depth_offset)..=self.cfg.max_depth {
            let mut alpha = -INF;
            let mut iter_best: Option<(i32, CompactMove)> = None;
            let mut new_scores = Vec::with_capacity(scored.len());
            for (i, &(_, m)) in scored.iter().enumerate() {
                let s = if i == 0 {
                    self.child(&mut pos, &m, depth - 1, -INF, INF, 0)
                } else {
                    let mut s = self.child(&mut pos, &m, depth - 1, alpha, alpha + 1, 0);
                    if s > alpha && !self.stop {
                        s = self.child(&mut pos, &m, depth - 1, alpha, INF, 0);
                    }
                    s
                };
                if self.stop {
                    break;
                }
                new_scores.push((s, m));
                if !matches!(iter_best, Some((b, _)) if s <= b) {
                    iter_best = Some((s, m));
                    alpha = alpha.max(s);
                }
            }
            // A partial iteration still counts: the previous best was searched first, so any
            // move that beat it is better at this depth too.
            if let Some((s, m)) = iter_best {
                found.best = m;
                found.score = s;
                if !self.stop {
                    found.depth = depth as u32;
                }
                progress(m, s, depth as u32);
            }
            if self.stop {
                break;
            }
            // Next iteration: best first, then by this iteration's scores.
            let searched = new_scores.len();
            new_scores.extend_from_slice(&scored[searched..]);
            new_scores.sort_by(|a, b| {
                let ka = if a.1 == found.best { INF } else { a.0 };
                let kb = if b.1 == found.best { INF } else { b.0 };
                kb.cmp(&ka).then(a.1.cmp(&b.1))
            });
            scored = new_scores;
            if found.score.abs() > WIN_BOUND {
                break;
            }
            self.check_limits();
            if self.stop {
                break;
            }
        }
        found.nodes = self.nodes;
        found
    }
}

/// Searches the root moves with `threads` threads sharing one transposition table (Lazy SMP):
/// the calling thread runs the search that decides, under the node budget; the helpers run the
/// same iterative deepening (every other one a ply deeper, over a rotated root order) with no
/// node budget, filling the table with results the deciding search then finds. They stop when
/// it stops. One thread is exactly [`Searcher::run`], and deterministic. The nodes reported
/// are all threads' together.
pub(crate) fn run_threads(
    cfg: Config,
    pos: &Position,
    root_moves: &[CompactMove],
    cancel: &CancelHandle,
    threads: usize,
    progress: impl FnMut(CompactMove, i32, u32),
) -> Found {
    if threads <= 1 || root_moves.len() <= 1 {
        return Searcher::new(cfg, pos, cancel).run(pos, root_moves, progress);
    }
    let table = Arc::new(Table::new(cfg.tt_bits));
    let helpers_stop = CancelHandle::new();
    let helper_cfg = Config {
        nodes: u64::MAX,
        ..cfg
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = (1..threads)
            .map(|i| {
                let table = Arc::clone(&table);
                let helpers_stop = &helpers_stop;
                let mut roots = root_moves.to_vec();
                s.spawn(move || {
                    let turn = i % roots.len();
                    roots.rotate_left(turn);
                    let mut h = Searcher::with_table(helper_cfg, pos, helpers_stop, table);
                    h.depth_offset = (i % 2) as i32;
                    h.run(pos, &roots, |_, _, _| {}).nodes
                })
            })
            .collect();
        let mut main = Searcher::with_table(cfg, pos, cancel, table);
        let mut found = main.run(pos, root_moves, progress);
        helpers_stop.cancel();
        for h in handles {
            // A helper that panicked only loses its nodes from the count; the move stands.
            found.nodes += h.join().unwrap_or(0);
        }
        found
    })
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::{order_key, CompactMove, MoveKind};

    #[test]
    fn the_order_key_sorts_like_score_then_move() {
        let kinds = [
            MoveKind::Step,
            MoveKind::Jump,
            MoveKind::Swap,
            MoveKind::Pass,
        ];
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..200 {
            let list: Vec<(i32, CompactMove)> = (0..rng.gen_range(1..120))
                .map(|_| {
                    // Scores from the whole range: the hash move's i32::MAX, retreats below 0.
                    let score = match rng.gen_range(0..4) {
                        0 => i32::MAX,
                        1 => i32::MIN + rng.gen_range(0..3),
                        _ => rng.gen_range(-3000..3000),
                    };
                    let m = CompactMove::new(
                        kinds[rng.gen_range(0..4)],
                        rng.gen_range(0..121),
                        rng.gen_range(0..121),
                    );
                    (score, m)
                })
                .collect();
            let mut by_key = list.clone();
            by_key.sort_by_key(order_key);
            let mut expected = list;
            expected.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            assert_eq!(by_key, expected);
            // The kept moves are the first of the full order, in the same order.
            let keep = rng.gen_range(1..=by_key.len());
            let mut partial = expected.clone();
            if partial.len() > keep {
                partial.select_nth_unstable_by_key(keep - 1, order_key);
                partial.truncate(keep);
            }
            partial.sort_unstable_by_key(order_key);
            assert_eq!(partial[..], expected[..keep]);
        }
    }
}
