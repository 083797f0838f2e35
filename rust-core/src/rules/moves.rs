//! Moves: the compact form used by generation and search, and the full form with its path.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::board::{coords, hole_at, Hole};
use super::error::IllegalMove;

/// What kind of move a move is; also its label in the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum MoveKind {
    /// One hole to an empty neighbour.
    Step,
    /// One or more jumps by the same peg.
    Jump,
    /// Tripot's blocked-peg swap of an own and an opposing peg.
    Swap,
    /// No move possible: the turn passes.
    Pass,
}

impl MoveKind {
    /// The label shown in the move history ("Step", "Jump", "Swap", "Pass").
    pub fn label(self) -> &'static str {
        match self {
            MoveKind::Step => "Step",
            MoveKind::Jump => "Jump",
            MoveKind::Swap => "Swap",
            MoveKind::Pass => "Pass",
        }
    }
}

/// A move reduced to what makes it distinct: kind, start and final hole (own and opposing peg for
/// a swap). Two jumps with the same start and final hole are the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CompactMove {
    /// The kind.
    pub kind: MoveKind,
    /// Start hole (own peg for a swap; unused for a pass).
    pub from: Hole,
    /// Final hole (opposing peg for a swap; unused for a pass).
    pub to: Hole,
}

impl CompactMove {
    /// The pass.
    pub const PASS: CompactMove = CompactMove {
        kind: MoveKind::Pass,
        from: 0,
        to: 0,
    };

    /// A move of the given kind between two holes.
    pub fn new(kind: MoveKind, from: Hole, to: Hole) -> CompactMove {
        CompactMove { kind, from, to }
    }
}

/// A move with its full path (docs/RULES.md §6): step `[from, to]`, jump `[from, landing…]`,
/// swap `[own peg, opposing peg]`, pass `[]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The kind.
    pub kind: MoveKind,
    /// The holes of the path.
    pub path: Vec<Hole>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveJson {
    kind: MoveKind,
    #[serde(default)]
    path: Vec<[i32; 2]>,
}

impl Move {
    /// The pass.
    pub fn pass() -> Move {
        Move {
            kind: MoveKind::Pass,
            path: vec![],
        }
    }

    /// The compact identity of this move.
    pub fn compact(&self) -> CompactMove {
        match (self.path.first(), self.path.last()) {
            (Some(&from), Some(&to)) if self.kind != MoveKind::Pass => {
                CompactMove::new(self.kind, from, to)
            }
            _ => CompactMove::PASS,
        }
    }

    /// Parses a Move JSON value, checking only its shape and that every hole is on the board.
    pub fn from_json(value: &Value) -> Result<Move, IllegalMove> {
        let raw: MoveJson = serde_json::from_value(value.clone())
            .map_err(|e| IllegalMove::Malformed(e.to_string()))?;
        let mut path = Vec::with_capacity(raw.path.len());
        for [q, r] in raw.path {
            path.push(hole_at(q, r).ok_or(IllegalMove::OffBoard(q, r))?);
        }
        let need = match raw.kind {
            MoveKind::Step if path.len() != 2 => Some("a path of exactly 2 holes: [from, to]"),
            MoveKind::Swap if path.len() != 2 => {
                Some("a path of exactly 2 holes: [own peg, opposing peg]")
            }
            MoveKind::Jump if path.len() < 2 => {
                Some("a path of at least 2 holes: [from, landing, …]")
            }
            MoveKind::Pass if !path.is_empty() => Some("an empty path"),
            _ => None,
        };
        if let Some(need) = need {
            let kind = match raw.kind {
                MoveKind::Step => "step",
                MoveKind::Jump => "jump",
                MoveKind::Swap => "swap",
                MoveKind::Pass => "pass",
            };
            return Err(IllegalMove::BadPathLength(kind, need));
        }
        Ok(Move {
            kind: raw.kind,
            path,
        })
    }

    /// Parses a Move JSON text.
    pub fn from_json_str(text: &str) -> Result<Move, IllegalMove> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| IllegalMove::Malformed(e.to_string()))?;
        Move::from_json(&value)
    }

    /// The Move JSON of docs/RULES.md §6.
    pub fn to_json(&self) -> Value {
        let path: Vec<[i32; 2]> = self.path.iter().map(|&h| coords(h)).collect();
        json!({ "kind": self.kind, "path": path })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_json_round_trips_and_checks_shape() {
        let m = Move::from_json_str(r#"{"kind":"jump","path":[[0,0],[0,-2],[2,-2]]}"#).unwrap();
        assert_eq!(m.path.len(), 3);
        assert_eq!(Move::from_json(&m.to_json()).unwrap(), m);
        let e = Move::from_json_str(r#"{"kind":"step","path":[[0,0]]}"#).unwrap_err();
        assert!(e.to_string().contains("exactly 2"), "{e}");
        let e = Move::from_json_str(r#"{"kind":"hop","path":[]}"#).unwrap_err();
        assert!(e.to_string().contains("hop"), "{e}");
        let e = Move::from_json_str(r#"{"kind":"step","path":[[0,0],[9,9]]}"#).unwrap_err();
        assert_eq!(e, IllegalMove::OffBoard(9, 9));
        assert_eq!(
            Move::from_json_str(r#"{"kind":"pass","path":[]}"#).unwrap(),
            Move::pass()
        );
    }
}
