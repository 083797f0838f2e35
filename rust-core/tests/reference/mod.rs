//! Slow, obviously-correct reference move generator, written only from `docs/RULES.md`.
//!
//! Test code: it cross-checks the fast engine of `rust-core/src/rules` (perft counts, move-set
//! equality). It deliberately shares nothing with that engine: holes are plain `(q, r)` pairs, the
//! board is a map from hole to colour name, and every rule is a literal transcription of the text.
//! Clarity beats speed everywhere. Bad input panics.
//!
//! Conventions:
//! - A [`RefMove`] is `(kind, from, to)`. For a jump, `from` is the start and `to` the final hole
//!   (two jumps with the same start and final hole are the same move; the route is not part of the
//!   move). For a swap, `from` is the own peg and `to` the opposing peg. A pass is
//!   `kind = "pass", from = to = (0, 0)`.
//! - A step and a jump chain may have the same start and end (a chain can come back next to its
//!   start): they are two distinct moves because their kinds differ, even though they lead to the
//!   same position.
//! - [`perft`] counts all move sequences; it never stops at a won, deadlocked or capped game.

#![allow(dead_code)]

use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A hole, as its axial pair `(q, r)`; `s = -q - r`.
pub type Hole = (i32, i32);

/// The board: which colour stands on each occupied hole. Holes not in the map are empty.
pub type Board = BTreeMap<Hole, String>;

/// The six neighbour directions of docs/RULES.md §1.
pub const DIRECTIONS: [Hole; 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// The six camps (= colour names).
pub const CAMPS: [&str; 6] = ["S", "SW", "NW", "N", "NE", "SE"];

// ---------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------

/// The third cube coordinate.
pub fn s_of(h: Hole) -> i32 {
    -h.0 - h.1
}

/// One of the 121 holes: all coordinates >= -4, or all coordinates <= 4.
pub fn on_board(h: Hole) -> bool {
    let (q, r) = h;
    let s = s_of(h);
    (q >= -4 && r >= -4 && s >= -4) || (q <= 4 && r <= 4 && s <= 4)
}

/// Every hole of the board, sorted.
pub fn all_holes() -> Vec<Hole> {
    let mut v = Vec::new();
    for q in -8..=8 {
        for r in -8..=8 {
            if on_board((q, r)) {
                v.push((q, r));
            }
        }
    }
    v
}

/// `h + k * dir`.
pub fn offset(h: Hole, dir: Hole, k: i32) -> Hole {
    (h.0 + k * dir.0, h.1 + k * dir.1)
}

/// Hex distance.
pub fn distance(a: Hole, b: Hole) -> i32 {
    let dq = a.0 - b.0;
    let dr = a.1 - b.1;
    let ds = s_of(a) - s_of(b);
    (dq.abs() + dr.abs() + ds.abs()) / 2
}

/// The camp opposite `camp`.
pub fn opposite(camp: &str) -> &'static str {
    match camp {
        "N" => "S",
        "S" => "N",
        "NE" => "SW",
        "SW" => "NE",
        "NW" => "SE",
        "SE" => "NW",
        other => panic!("unknown camp {other:?}"),
    }
}

/// The tip of a camp.
pub fn tip(camp: &str) -> Hole {
    match camp {
        "N" => (4, -8),
        "S" => (-4, 8),
        "NE" => (8, -4),
        "SW" => (-8, 4),
        "NW" => (-4, -4),
        "SE" => (4, 4),
        other => panic!("unknown camp {other:?}"),
    }
}

/// For a camp: `(which coordinate, sign)`: the camp is where `sign * coordinate >= 5`
/// (coordinate 0 = q, 1 = r, 2 = s).
fn camp_axis(camp: &str) -> (usize, i32) {
    match camp {
        "N" => (1, -1),
        "S" => (1, 1),
        "NE" => (0, 1),
        "SW" => (0, -1),
        "NW" => (2, 1),
        "SE" => (2, -1),
        other => panic!("unknown camp {other:?}"),
    }
}

/// The 10-hole camp of docs/RULES.md §1 (N `r <= -5`, S `r >= 5`, NE `q >= 5`, SW `q <= -5`,
/// NW `s >= 5`, SE `s <= -5`).
pub fn in_camp10(camp: &str, h: Hole) -> bool {
    if !on_board(h) {
        return false;
    }
    let c = [h.0, h.1, s_of(h)];
    let (axis, sign) = camp_axis(camp);
    sign * c[axis] >= 5
}

/// The 15-hole area of docs/RULES.md §4 (`pegs: 15`): the camp plus the row beyond its base. For `S`
/// that row is `r = 4, q = -4..0`; in general: the camp's coordinate is at least 4 in the camp's
/// sense and the other two coordinates lie in `-4..=4`.
pub fn in_area15(camp: &str, h: Hole) -> bool {
    if !on_board(h) {
        return false;
    }
    let c = [h.0, h.1, s_of(h)];
    let (axis, sign) = camp_axis(camp);
    if sign * c[axis] < 4 {
        return false;
    }
    (0..3)
        .filter(|&i| i != axis)
        .all(|i| (-4..=4).contains(&c[i]))
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/// The `camps` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Camps {
    /// No camp restriction.
    Open,
    /// May pass through, not end in, a camp that is neither home nor target.
    NoStoppingInForeign,
    /// May never land in such a camp, even mid-chain.
    NoForeign,
}

/// The `win` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Win {
    /// Every hole of each colour's target holds a peg of that colour.
    AllOwn,
    /// Each colour's target is full and holds at least one peg of that colour.
    FilledWithOneOwn,
}

/// The `deadlock` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deadlock {
    /// Tripot's two-pass ending with a peg count.
    PegCount,
    /// No deadlock ranking.
    None,
}

/// The `max_chain` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaxChain {
    /// Any chain.
    Off,
    /// A jump must follow a longest route of that piece.
    PerPiece,
    /// Only the pieces with the army's longest route may jump, along such routes.
    Army,
}

/// Every rule option of docs/RULES.md §4, resolved against the preset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefRules {
    /// `tripot`, `classic` or `sternhalma`.
    pub preset: String,
    /// Greatest pivot distance (1 = short jumps only).
    pub jump_reach: i32,
    /// Camp restriction.
    pub camps: Camps,
    /// Target lock.
    pub target_lock: bool,
    /// Win condition.
    pub win: Win,
    /// Tripot's blocked-peg swaps.
    pub swaps: bool,
    /// Deadlock rule.
    pub deadlock: Deadlock,
    /// Move cap per player.
    pub move_cap: Option<u64>,
    /// 10 or 15 pegs per colour (15 = the 15-hole areas are the camps of home and target).
    pub pegs: u32,
    /// Mandatory jump.
    pub mandatory_jump: bool,
    /// Maximum jump chain.
    pub max_chain: MaxChain,
}

/// The preset's values, from the table of docs/RULES.md §4.
pub fn preset_rules(preset: &str) -> RefRules {
    match preset {
        "tripot" => RefRules {
            preset: preset.to_string(),
            jump_reach: 5,
            camps: Camps::Open,
            target_lock: false,
            win: Win::AllOwn,
            swaps: true,
            deadlock: Deadlock::PegCount,
            move_cap: None,
            pegs: 10,
            mandatory_jump: false,
            max_chain: MaxChain::Off,
        },
        "classic" => RefRules {
            preset: preset.to_string(),
            jump_reach: 1,
            camps: Camps::Open,
            target_lock: false,
            win: Win::AllOwn,
            swaps: false,
            deadlock: Deadlock::None,
            move_cap: None,
            pegs: 10,
            mandatory_jump: false,
            max_chain: MaxChain::Off,
        },
        "sternhalma" => RefRules {
            preset: preset.to_string(),
            jump_reach: 1,
            camps: Camps::NoStoppingInForeign,
            target_lock: true,
            win: Win::FilledWithOneOwn,
            swaps: false,
            deadlock: Deadlock::None,
            move_cap: Some(200),
            pegs: 10,
            mandatory_jump: false,
            max_chain: MaxChain::Off,
        },
        other => panic!("unknown preset {other:?}"),
    }
}

fn as_str(v: &Value, what: &str) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("{what} must be a string, got {v}"))
        .to_string()
}

fn as_bool(v: &Value, what: &str) -> bool {
    v.as_bool()
        .unwrap_or_else(|| panic!("{what} must be a boolean, got {v}"))
}

fn as_u64(v: &Value, what: &str) -> u64 {
    v.as_u64()
        .unwrap_or_else(|| panic!("{what} must be a non-negative integer, got {v}"))
}

/// Parses the `rules` value of a Position: a preset name, or `{ "preset": .., options.. }`.
pub fn parse_rules(v: &Value) -> RefRules {
    if let Some(name) = v.as_str() {
        return preset_rules(name);
    }
    let obj = v
        .as_object()
        .unwrap_or_else(|| panic!("rules must be a string or an object, got {v}"));
    let preset = obj
        .get("preset")
        .unwrap_or_else(|| panic!("rules object without \"preset\": {v}"));
    let mut rules = preset_rules(&as_str(preset, "rules.preset"));
    for (key, val) in obj {
        match key.as_str() {
            "preset" => {}
            "jump_reach" => {
                let n = as_u64(val, key);
                assert!((1..=8).contains(&n), "jump_reach must be 1..=8, got {n}");
                rules.jump_reach = n as i32;
            }
            "camps" => {
                rules.camps = match as_str(val, key).as_str() {
                    "open" => Camps::Open,
                    "no_stopping_in_foreign" => Camps::NoStoppingInForeign,
                    "no_foreign" => Camps::NoForeign,
                    other => panic!("bad camps {other:?}"),
                }
            }
            "target_lock" => rules.target_lock = as_bool(val, key),
            "win" => {
                rules.win = match as_str(val, key).as_str() {
                    "all_own" => Win::AllOwn,
                    "filled_with_one_own" => Win::FilledWithOneOwn,
                    other => panic!("bad win {other:?}"),
                }
            }
            "swaps" => rules.swaps = as_bool(val, key),
            "deadlock" => {
                rules.deadlock = match as_str(val, key).as_str() {
                    "peg_count" => Deadlock::PegCount,
                    "none" => Deadlock::None,
                    other => panic!("bad deadlock {other:?}"),
                }
            }
            "move_cap" => {
                rules.move_cap = if val.is_null() {
                    None
                } else {
                    Some(as_u64(val, key))
                }
            }
            "pegs" => {
                let n = as_u64(val, key);
                assert!(n == 10 || n == 15, "pegs must be 10 or 15, got {n}");
                rules.pegs = n as u32;
            }
            "mandatory_jump" => rules.mandatory_jump = as_bool(val, key),
            "max_chain" => {
                rules.max_chain = match as_str(val, key).as_str() {
                    "off" => MaxChain::Off,
                    "per_piece" => MaxChain::PerPiece,
                    "army" => MaxChain::Army,
                    other => panic!("bad max_chain {other:?}"),
                }
            }
            other => panic!("unknown rule option {other:?}"),
        }
    }
    rules
}

impl RefRules {
    /// The camp (10 holes, or the 15-hole area when `pegs = 15`) used for a colour's start,
    /// target, target lock, swaps, deadlock count and win.
    pub fn in_area(&self, camp: &str, h: Hole) -> bool {
        if self.pegs == 15 {
            in_area15(camp, h)
        } else {
            in_camp10(camp, h)
        }
    }

    /// A colour's home (starting) area.
    pub fn in_home(&self, colour: &str, h: Hole) -> bool {
        self.in_area(colour, h)
    }

    /// A colour's target area (the opposite camp).
    pub fn in_target(&self, colour: &str, h: Hole) -> bool {
        self.in_area(opposite(colour), h)
    }

    /// A hole of a foreign camp for this colour: one of the six 10-hole camps that is neither
    /// the colour's home nor its target. (With `pegs: 15` the foreign camps stay the 10-hole
    /// camps; they do not meet the 15-hole areas of home and target anyway.)
    pub fn in_foreign_camp(&self, colour: &str, h: Hole) -> bool {
        CAMPS
            .iter()
            .any(|&c| c != colour && c != opposite(colour) && in_camp10(c, h))
    }

    /// May a peg of this colour land on `h` at all (mid-chain included)?
    pub fn may_land(&self, colour: &str, h: Hole) -> bool {
        match self.camps {
            Camps::NoForeign => !self.in_foreign_camp(colour, h),
            Camps::Open | Camps::NoStoppingInForeign => true,
        }
    }

    /// May a move of a peg of this colour that started on `start` end on `end`?
    /// (Camp rule for the final hole, and target lock.)
    pub fn may_end(&self, colour: &str, start: Hole, end: Hole) -> bool {
        let camp_ok = match self.camps {
            Camps::Open => true,
            Camps::NoStoppingInForeign | Camps::NoForeign => !self.in_foreign_camp(colour, end),
        };
        let lock_ok =
            !self.target_lock || !self.in_target(colour, start) || self.in_target(colour, end);
        camp_ok && lock_ok
    }
}

// ---------------------------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------------------------

/// A position (docs/RULES.md §6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// The `rules` value exactly as parsed (written back by [`to_json`]).
    pub rules_json: Value,
    /// The resolved options.
    pub rules: RefRules,
    /// Each player's colours, in turn order.
    pub players: Vec<Vec<String>>,
    /// The colour keys listed under `pegs` (kept so that [`to_json`] writes them back even when
    /// empty).
    pub peg_keys: BTreeSet<String>,
    /// Occupied holes and their colours.
    pub board: Board,
    /// Index into `players`.
    pub to_move: usize,
    /// Passes in a row.
    pub passes_in_a_row: u64,
    /// Moves played per player (passes included).
    pub moves_played: Vec<u64>,
}

fn parse_hole(v: &Value) -> Hole {
    let a = v
        .as_array()
        .unwrap_or_else(|| panic!("a hole must be [q, r], got {v}"));
    assert!(a.len() == 2, "a hole must be [q, r], got {v}");
    let q = a[0]
        .as_i64()
        .unwrap_or_else(|| panic!("bad coordinate in {v}"));
    let r = a[1]
        .as_i64()
        .unwrap_or_else(|| panic!("bad coordinate in {v}"));
    (q as i32, r as i32)
}

fn hole_json(h: Hole) -> Value {
    json!([h.0, h.1])
}

/// Parses a Position JSON (docs/RULES.md §6). Panics on bad input.
pub fn parse(position: &Value) -> RefPosition {
    let rules_json = position
        .get("rules")
        .unwrap_or_else(|| panic!("position without rules: {position}"))
        .clone();
    let rules = parse_rules(&rules_json);

    let players_json = position
        .get("players")
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("position without players array: {position}"));
    let mut players = Vec::new();
    let mut seen_colours = BTreeSet::new();
    for pl in players_json {
        let cols = pl
            .get("colours")
            .and_then(Value::as_array)
            .unwrap_or_else(|| panic!("player without colours: {pl}"));
        let mut v = Vec::new();
        for c in cols {
            let c = as_str(c, "colour");
            let _ = opposite(&c); // validates the name
            assert!(seen_colours.insert(c.clone()), "colour {c} used twice");
            v.push(c);
        }
        players.push(v);
    }
    assert!(!players.is_empty(), "no players");

    let pegs_json = position
        .get("pegs")
        .and_then(Value::as_object)
        .unwrap_or_else(|| panic!("position without pegs object: {position}"));
    let mut board = Board::new();
    let mut peg_keys = BTreeSet::new();
    for (colour, list) in pegs_json {
        let _ = opposite(colour);
        peg_keys.insert(colour.clone());
        let list = list
            .as_array()
            .unwrap_or_else(|| panic!("pegs.{colour} must be an array"));
        for h in list {
            let h = parse_hole(h);
            assert!(on_board(h), "peg {h:?} is off the board");
            assert!(
                board.insert(h, colour.clone()).is_none(),
                "two pegs on {h:?}"
            );
        }
    }

    let to_move = position.get("to_move").map_or(0, |v| as_u64(v, "to_move")) as usize;
    assert!(to_move < players.len(), "to_move out of range");
    let passes_in_a_row = position
        .get("passes_in_a_row")
        .map_or(0, |v| as_u64(v, "passes_in_a_row"));
    let moves_played = match position.get("moves_played") {
        None | Some(Value::Null) => vec![0; players.len()],
        Some(v) => {
            let a = v
                .as_array()
                .unwrap_or_else(|| panic!("moves_played must be an array"));
            assert!(a.len() == players.len(), "moves_played length");
            a.iter().map(|x| as_u64(x, "moves_played")).collect()
        }
    };

    RefPosition {
        rules_json,
        rules,
        players,
        peg_keys,
        board,
        to_move,
        passes_in_a_row,
        moves_played,
    }
}

/// Writes a position back as Position JSON (same `rules` value as parsed; peg lists sorted).
pub fn to_json(p: &RefPosition) -> Value {
    let mut pegs = serde_json::Map::new();
    let mut keys = p.peg_keys.clone();
    keys.extend(p.board.values().cloned());
    for k in keys {
        let list: Vec<Value> = p
            .board
            .iter()
            .filter(|(_, c)| **c == k)
            .map(|(h, _)| hole_json(*h))
            .collect();
        pegs.insert(k, Value::Array(list));
    }
    let players: Vec<Value> = p.players.iter().map(|c| json!({ "colours": c })).collect();
    json!({
        "rules": p.rules_json,
        "players": players,
        "pegs": Value::Object(pegs),
        "to_move": p.to_move,
        "passes_in_a_row": p.passes_in_a_row,
        "moves_played": p.moves_played,
    })
}

/// Which player owns a colour (None for a colour no player holds).
pub fn owner_of(p: &RefPosition, colour: &str) -> Option<usize> {
    p.players
        .iter()
        .position(|cs| cs.iter().any(|c| c == colour))
}

/// The pegs of the side to move, sorted.
pub fn own_pegs(p: &RefPosition) -> Vec<Hole> {
    pegs_of_player(p, &p.board, p.to_move)
}

fn pegs_of_player(p: &RefPosition, board: &Board, player: usize) -> Vec<Hole> {
    let cols = &p.players[player];
    board
        .iter()
        .filter(|(_, c)| cols.contains(c))
        .map(|(h, _)| *h)
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

/// A move: see the module documentation for the meaning of `from` and `to` per kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RefMove {
    /// `"step"`, `"jump"`, `"swap"` or `"pass"`.
    pub kind: String,
    /// Step/jump: the start. Swap: the own peg. Pass: `(0, 0)`.
    pub from: Hole,
    /// Step/jump: the final hole. Swap: the opposing peg. Pass: `(0, 0)`.
    pub to: Hole,
}

impl RefMove {
    /// A step.
    pub fn step(from: Hole, to: Hole) -> Self {
        RefMove {
            kind: "step".into(),
            from,
            to,
        }
    }
    /// A jump (chain) from its start to its final hole.
    pub fn jump(from: Hole, to: Hole) -> Self {
        RefMove {
            kind: "jump".into(),
            from,
            to,
        }
    }
    /// A swap of the own peg `own` with the opposing peg `other`.
    pub fn swap(own: Hole, other: Hole) -> Self {
        RefMove {
            kind: "swap".into(),
            from: own,
            to: other,
        }
    }
    /// The pass.
    pub fn pass() -> Self {
        RefMove {
            kind: "pass".into(),
            from: (0, 0),
            to: (0, 0),
        }
    }
}

/// Reads a Move JSON (`{"kind", "path"}`) as a [`RefMove`] (a jump keeps only its first and last
/// holes). Does not check legality; see [`check_move_json`].
pub fn move_from_json(v: &Value) -> RefMove {
    let kind = as_str(
        v.get("kind")
            .unwrap_or_else(|| panic!("move without kind: {v}")),
        "kind",
    );
    let path: Vec<Hole> = v
        .get("path")
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("move without path: {v}"))
        .iter()
        .map(parse_hole)
        .collect();
    match kind.as_str() {
        "pass" => {
            assert!(path.is_empty(), "a pass has an empty path: {v}");
            RefMove::pass()
        }
        "step" | "swap" => {
            assert!(path.len() == 2, "a {kind} has a 2-hole path: {v}");
            RefMove {
                kind,
                from: path[0],
                to: path[1],
            }
        }
        "jump" => {
            assert!(path.len() >= 2, "a jump has at least 2 holes: {v}");
            RefMove {
                kind,
                from: path[0],
                to: path[path.len() - 1],
            }
        }
        other => panic!("unknown move kind {other:?}"),
    }
}

/// Is `h` free for the moving peg? On the board, and either empty or the moving peg's own
/// (lifted) starting hole.
fn is_free(board: &Board, start: Hole, h: Hole) -> bool {
    on_board(h) && (h == start || !board.contains_key(&h))
}

/// Is `h` occupied by a peg other than the moving one (whose start counts as empty)?
fn is_pivot(board: &Board, start: Hole, h: Hole) -> bool {
    h != start && board.contains_key(&h)
}

/// The landing of a single (short or long) jump from `at` in direction `dir`, for the peg that
/// started its turn on `start`, ignoring the visited-holes rule and the camp rules:
/// the pivot is the first occupied hole along the line at distance `d <= reach`, the `d - 1`
/// holes before it are empty, the `d - 1` holes after it are on the board and empty, and the
/// landing at `2d` is on the board and empty.
pub fn jump_landing(board: &Board, reach: i32, start: Hole, at: Hole, dir: Hole) -> Option<Hole> {
    // Find the pivot: walk along the line over empty holes.
    let mut d = 1;
    loop {
        if d > reach {
            return None;
        }
        let h = offset(at, dir, d);
        if !on_board(h) {
            return None;
        }
        if is_pivot(board, start, h) {
            break;
        }
        d += 1;
    }
    // The d - 1 holes after the pivot and the landing at 2d.
    for k in (d + 1)..=(2 * d) {
        if !is_free(board, start, offset(at, dir, k)) {
            return None;
        }
    }
    Some(offset(at, dir, 2 * d))
}

/// The holes one more jump of the chain can land on, from `at`, for the peg of `colour` that
/// started on `start`, given the holes already visited this turn (start included) and the camp
/// rule for landings.
fn next_landings(
    rules: &RefRules,
    board: &Board,
    colour: &str,
    start: Hole,
    at: Hole,
    visited: &BTreeSet<Hole>,
) -> Vec<Hole> {
    let mut out = Vec::new();
    for dir in DIRECTIONS {
        if let Some(l) = jump_landing(board, rules.jump_reach, start, at, dir) {
            if !visited.contains(&l) && rules.may_land(colour, l) {
                out.push(l);
            }
        }
    }
    out
}

/// Final holes of all legal jump chains of the peg on `peg` (no max_chain rule).
///
/// Breadth-first search is exact here: whether a single jump is possible depends only on the
/// board (fixed during the turn, start lifted) and on its landing not being visited; any chain
/// that reaches a hole can be shortened to one that never repeats a landing, and the start is
/// never a landing. So the reachable holes are those reached by a BFS that never lands on the
/// start; of those, the ones where the move may end are the legal final holes.
pub fn jump_ends(rules: &RefRules, board: &Board, peg: Hole) -> BTreeSet<Hole> {
    let (reached, _) = jump_bfs(rules, board, peg);
    let colour = &board[&peg];
    reached
        .into_iter()
        .filter(|&h| rules.may_end(colour, peg, h))
        .collect()
}

/// BFS over jump landings; returns the reached holes (start excluded) and BFS parents.
fn jump_bfs(rules: &RefRules, board: &Board, peg: Hole) -> (BTreeSet<Hole>, BTreeMap<Hole, Hole>) {
    let colour = &board[&peg];
    let mut reached = BTreeSet::new();
    let mut parent = BTreeMap::new();
    let mut seen = BTreeSet::from([peg]);
    let mut queue = VecDeque::from([peg]);
    while let Some(at) = queue.pop_front() {
        for l in next_landings(rules, board, colour, peg, at, &seen) {
            if seen.insert(l) {
                reached.insert(l);
                parent.insert(l, at);
                queue.push_back(l);
            }
        }
    }
    (reached, parent)
}

/// The longest routes of the peg on `peg`: the greatest number of jumps of a route that never
/// lands twice on a hole (start included) and may legally end where it stops, and the final
/// holes of such routes. `(0, {})` when the peg has no legal jump. Exhaustive depth-first search
/// over all routes (exponential, but obviously right).
pub fn longest_routes(rules: &RefRules, board: &Board, peg: Hole) -> (usize, BTreeSet<Hole>) {
    struct Search<'a> {
        rules: &'a RefRules,
        board: &'a Board,
        colour: String,
        start: Hole,
        visited: BTreeSet<Hole>,
        best: (usize, BTreeSet<Hole>),
    }
    fn dfs(s: &mut Search, at: Hole, len: usize) {
        let landings = next_landings(s.rules, s.board, &s.colour, s.start, at, &s.visited);
        for l in landings {
            s.visited.insert(l);
            let n = len + 1;
            if s.rules.may_end(&s.colour, s.start, l) {
                if n > s.best.0 {
                    s.best = (n, BTreeSet::new());
                }
                if n == s.best.0 {
                    s.best.1.insert(l);
                }
            }
            dfs(s, l, n);
            s.visited.remove(&l);
        }
    }
    let mut search = Search {
        rules,
        board,
        colour: board[&peg].clone(),
        start: peg,
        visited: BTreeSet::from([peg]),
        best: (0, BTreeSet::new()),
    };
    dfs(&mut search, peg, 0);
    search.best
}

/// Plain legal steps and jumps of one peg (camp rule and target lock applied; mandatory_jump,
/// max_chain and swaps ignored). This is the "legal move" of the swap rule's tests.
pub fn plain_moves_of_peg(rules: &RefRules, board: &Board, peg: Hole) -> Vec<RefMove> {
    let colour = &board[&peg];
    let mut out = Vec::new();
    for dir in DIRECTIONS {
        let n = offset(peg, dir, 1);
        if on_board(n)
            && !board.contains_key(&n)
            && rules.may_land(colour, n)
            && rules.may_end(colour, peg, n)
        {
            out.push(RefMove::step(peg, n));
        }
    }
    for end in jump_ends(rules, board, peg) {
        out.push(RefMove::jump(peg, end));
    }
    out
}

/// Moves a peg from `from` to `to` on a copy of the board.
fn board_after_move(board: &Board, from: Hole, to: Hole) -> Board {
    let mut b = board.clone();
    let colour = b
        .remove(&from)
        .unwrap_or_else(|| panic!("no peg on {from:?}"));
    assert!(!b.contains_key(&to), "{to:?} is occupied");
    b.insert(to, colour);
    b
}

/// Stuck (swap rule, case A): the peg stands in its own starting camp and none of its legal moves
/// ends outside that camp, or it has no legal move at all.
pub fn is_stuck(rules: &RefRules, board: &Board, peg: Hole) -> bool {
    let colour = &board[&peg];
    let moves = plain_moves_of_peg(rules, board, peg);
    if moves.is_empty() {
        return true;
    }
    rules.in_home(colour, peg) && moves.iter().all(|m| rules.in_home(colour, m.to))
}

/// Swap range of a peg: its occupied neighbours, and the occupied holes two apart on a line
/// with the middle hole occupied (by any peg).
pub fn swap_range(board: &Board, h: Hole) -> Vec<Hole> {
    let mut out = Vec::new();
    for dir in DIRECTIONS {
        let n1 = offset(h, dir, 1);
        let n2 = offset(h, dir, 2);
        if board.contains_key(&n1) {
            out.push(n1);
            if board.contains_key(&n2) {
                out.push(n2);
            }
        }
    }
    out
}

/// The swaps of the side to move (both cases of docs/RULES.md §3.1), when the `swaps` option is on.
pub fn swap_moves(p: &RefPosition) -> BTreeSet<RefMove> {
    let rules = &p.rules;
    let board = &p.board;
    let side = &p.players[p.to_move];
    let own = own_pegs(p);
    let is_opposing = |h: &Hole| board.get(h).is_some_and(|c| !side.contains(c));
    let is_own = |h: &Hole| board.get(h).is_some_and(|c| side.contains(c));
    let mut out = BTreeSet::new();

    // Case A: a stuck peg that no single legal move of another own peg would un-stick.
    for &peg in &own {
        let targets: Vec<Hole> = swap_range(board, peg)
            .into_iter()
            .filter(|h| is_opposing(h))
            .collect();
        // (Short cut: with no opposing peg in range there is no swap to offer anyway.)
        if targets.is_empty() || !is_stuck(rules, board, peg) {
            continue;
        }
        let mut freeable = false;
        'others: for &other in &own {
            if other == peg {
                continue;
            }
            for m in plain_moves_of_peg(rules, board, other) {
                let after = board_after_move(board, m.from, m.to);
                if !is_stuck(rules, &after, peg) {
                    freeable = true;
                    break 'others;
                }
            }
        }
        if freeable {
            continue;
        }
        for target in targets {
            out.insert(RefMove::swap(peg, target));
        }
    }

    // Case B: every own peg is in its colour's target except exactly one; that one has no legal
    // move ending in its target; an opposing peg stands in that target: that squatter may be
    // swapped with any own peg within the squatter's range.
    let outside: Vec<Hole> = own
        .iter()
        .copied()
        .filter(|&h| !rules.in_target(&board[&h], h))
        .collect();
    if outside.len() == 1 {
        let last = outside[0];
        let colour = &board[&last];
        let reaches_target = plain_moves_of_peg(rules, board, last)
            .iter()
            .any(|m| rules.in_target(colour, m.to));
        if !reaches_target {
            for (&squatter, _) in board.iter() {
                if is_opposing(&squatter) && rules.in_target(colour, squatter) {
                    for mine in swap_range(board, squatter) {
                        if is_own(&mine) {
                            out.insert(RefMove::swap(mine, squatter));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every distinct legal move of the side to move, sorted; a single pass when there is nothing
/// else.
pub fn legal_moves(p: &RefPosition) -> Vec<RefMove> {
    let rules = &p.rules;
    let board = &p.board;
    let own = own_pegs(p);

    let mut steps = BTreeSet::new();
    for &peg in &own {
        for m in plain_moves_of_peg(rules, board, peg) {
            if m.kind == "step" {
                steps.insert(m);
            }
        }
    }

    let mut jumps = BTreeSet::new();
    match rules.max_chain {
        MaxChain::Off => {
            for &peg in &own {
                for end in jump_ends(rules, board, peg) {
                    jumps.insert(RefMove::jump(peg, end));
                }
            }
        }
        MaxChain::PerPiece => {
            for &peg in &own {
                let (_, ends) = longest_routes(rules, board, peg);
                for end in ends {
                    jumps.insert(RefMove::jump(peg, end));
                }
            }
        }
        MaxChain::Army => {
            let per_peg: Vec<(Hole, (usize, BTreeSet<Hole>))> = own
                .iter()
                .map(|&peg| (peg, longest_routes(rules, board, peg)))
                .collect();
            let army_best = per_peg.iter().map(|(_, (n, _))| *n).max().unwrap_or(0);
            if army_best > 0 {
                for (peg, (n, ends)) in per_peg {
                    if n == army_best {
                        for end in ends {
                            jumps.insert(RefMove::jump(peg, end));
                        }
                    }
                }
            }
        }
    }

    let mut all = BTreeSet::new();
    let jump_forced = rules.mandatory_jump && !jumps.is_empty();
    if !jump_forced {
        all.extend(steps);
    }
    all.extend(jumps);
    if rules.swaps {
        all.extend(swap_moves(p));
    }
    if all.is_empty() {
        all.insert(RefMove::pass());
    }
    all.into_iter().collect()
}

/// Plays a move (assumed legal; only basic sanity is checked): moves the peg, or exchanges the
/// two pegs of a swap, or does nothing for a pass; then updates `passes_in_a_row` (+1 on a pass,
/// else reset to 0), `moves_played[to_move]` (+1, passes included) and `to_move`.
pub fn apply(p: &RefPosition, m: &RefMove) -> RefPosition {
    let mut n = p.clone();
    match m.kind.as_str() {
        "step" | "jump" => {
            n.board = board_after_move(&p.board, m.from, m.to);
        }
        "swap" => {
            let a = p
                .board
                .get(&m.from)
                .unwrap_or_else(|| panic!("swap: no peg on {:?}", m.from))
                .clone();
            let b = p
                .board
                .get(&m.to)
                .unwrap_or_else(|| panic!("swap: no peg on {:?}", m.to))
                .clone();
            n.board.insert(m.from, b);
            n.board.insert(m.to, a);
        }
        "pass" => {}
        other => panic!("unknown move kind {other:?}"),
    }
    if m.kind == "pass" {
        n.passes_in_a_row += 1;
    } else {
        n.passes_in_a_row = 0;
    }
    n.moves_played[p.to_move] += 1;
    n.to_move = (p.to_move + 1) % p.players.len();
    n
}

/// Number of move sequences of length `depth` (no game-over check: won, deadlocked or capped
/// positions keep being expanded; a side with nothing to do contributes its single pass).
pub fn perft(p: &RefPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal_moves(p)
        .iter()
        .map(|m| perft(&apply(p, m), depth - 1))
        .sum()
}

/// Checks a Move JSON against the position: the move (kind, start, final hole) must be legal,
/// and a jump's path must be a real chain (each hop a legal single jump, no hole landed on twice,
/// never the start, camp rule for landings) and, under `max_chain`, a longest route of its peg.
pub fn check_move_json(p: &RefPosition, v: &Value) -> Result<RefMove, String> {
    let m = move_from_json(v);
    if !legal_moves(p).contains(&m) {
        return Err(format!("not a legal move: {v}"));
    }
    if m.kind == "jump" {
        let path: Vec<Hole> = v["path"]
            .as_array()
            .unwrap_or_else(|| panic!("path"))
            .iter()
            .map(parse_hole)
            .collect();
        let start = path[0];
        let colour = &p.board[&start];
        let mut visited = BTreeSet::from([start]);
        for w in path.windows(2) {
            let ok = next_landings(&p.rules, &p.board, colour, start, w[0], &visited);
            if !ok.contains(&w[1]) {
                return Err(format!("bad hop {:?} -> {:?} in {v}", w[0], w[1]));
            }
            visited.insert(w[1]);
        }
        if p.rules.max_chain != MaxChain::Off {
            let (best, _) = longest_routes(&p.rules, &p.board, start);
            if path.len() - 1 != best {
                return Err(format!(
                    "route of {} jumps, longest is {best}: {v}",
                    path.len() - 1
                ));
            }
        }
    }
    Ok(m)
}

/// A Move JSON for a legal move: a jump gets one legal route (a longest one under `max_chain`).
pub fn move_to_json(p: &RefPosition, m: &RefMove) -> Value {
    match m.kind.as_str() {
        "pass" => json!({ "kind": "pass", "path": [] }),
        "step" | "swap" => json!({ "kind": m.kind, "path": [hole_json(m.from), hole_json(m.to)] }),
        "jump" => {
            let route = match p.rules.max_chain {
                MaxChain::Off => {
                    let (_, parent) = jump_bfs(&p.rules, &p.board, m.from);
                    let mut route = vec![m.to];
                    let mut at = m.to;
                    while at != m.from {
                        at = *parent
                            .get(&at)
                            .unwrap_or_else(|| panic!("{m:?} is not a reachable jump"));
                        route.push(at);
                    }
                    route.reverse();
                    route
                }
                MaxChain::PerPiece | MaxChain::Army => {
                    let (best, _) = longest_routes(&p.rules, &p.board, m.from);
                    find_route(p, m.from, m.to, best)
                        .unwrap_or_else(|| panic!("{m:?} has no route of {best} jumps"))
                }
            };
            let path: Vec<Value> = route.into_iter().map(hole_json).collect();
            json!({ "kind": "jump", "path": path })
        }
        other => panic!("unknown move kind {other:?}"),
    }
}

/// A route of exactly `len` jumps from `from` to `to` (depth-first search).
fn find_route(p: &RefPosition, from: Hole, to: Hole, len: usize) -> Option<Vec<Hole>> {
    fn dfs(
        p: &RefPosition,
        colour: &str,
        route: &mut Vec<Hole>,
        visited: &mut BTreeSet<Hole>,
        to: Hole,
        len: usize,
    ) -> bool {
        let at = route[route.len() - 1];
        if route.len() - 1 == len {
            return at == to;
        }
        for l in next_landings(&p.rules, &p.board, colour, route[0], at, visited) {
            visited.insert(l);
            route.push(l);
            if dfs(p, colour, route, visited, to, len) {
                return true;
            }
            route.pop();
            visited.remove(&l);
        }
        false
    }
    let colour = p.board[&from].clone();
    let mut route = vec![from];
    let mut visited = BTreeSet::from([from]);
    if dfs(p, &colour, &mut route, &mut visited, to, len) {
        Some(route)
    } else {
        None
    }
}

// ---------------------------------------------------------------------------------------------
// Win conditions (optional helper)
// ---------------------------------------------------------------------------------------------

/// Has this colour completed its target under the position's `win` option?
/// `all_own`: every hole of the target area holds a peg of that colour.
/// `filled_with_one_own`: every hole of the target area is occupied and at least one holds a peg
/// of that colour.
pub fn colour_done(p: &RefPosition, colour: &str) -> bool {
    let target: Vec<Hole> = all_holes()
        .into_iter()
        .filter(|&h| p.rules.in_target(colour, h))
        .collect();
    match p.rules.win {
        Win::AllOwn => target
            .iter()
            .all(|h| p.board.get(h).is_some_and(|c| c == colour)),
        Win::FilledWithOneOwn => {
            target.iter().all(|h| p.board.contains_key(h))
                && target
                    .iter()
                    .any(|h| p.board.get(h).is_some_and(|c| c == colour))
        }
    }
}

/// The players (indices) who have won by the win condition: all of a player's colours done.
/// `None` when nobody has. (Deadlock and move-cap endings are not judged here.)
pub fn winners(p: &RefPosition) -> Option<Vec<usize>> {
    let w: Vec<usize> = (0..p.players.len())
        .filter(|&i| !p.players[i].is_empty() && p.players[i].iter().all(|c| colour_done(p, c)))
        .collect();
    if w.is_empty() {
        None
    } else {
        Some(w)
    }
}

/// A start position: every listed colour fills its home area (10 or 15 holes per `rules`).
pub fn start_position(rules: Value, players: &[&[&str]], to_move: usize) -> RefPosition {
    let r = parse_rules(&rules);
    let mut pegs = serde_json::Map::new();
    for cols in players {
        for &c in cols.iter() {
            let holes: Vec<Value> = all_holes()
                .into_iter()
                .filter(|&h| r.in_home(c, h))
                .map(hole_json)
                .collect();
            pegs.insert(c.to_string(), Value::Array(holes));
        }
    }
    let players_json: Vec<Value> = players.iter().map(|c| json!({ "colours": c })).collect();
    parse(&json!({
        "rules": rules,
        "players": players_json,
        "pegs": Value::Object(pegs),
        "to_move": to_move,
    }))
}
