//! The opening book of Impossible: the first moves of tripot with one colour a side and of
//! classic, each chosen by a search several times deeper than Impossible's own, made once by
//! self-play (`chinese-checkers book`, see [`super::book_maker`] and docs/AI.md) and kept as
//! reviewed text in
//! `book/{tripot,classic}.txt`.
//!
//! A book line is the moves from the start, then `:` and the move to play there:
//!
//! ```text
//! # comment
//! : -3,6>-1,4
//! -3,6>-1,4 2,-5>2,-4 : -2,6>-2,4
//! ```
//!
//! A move is its start and final hole, `q,r>q,r` (steps and jumps only: an opening has no swap
//! and no pass). Lines are replayed from the start position when the book is first used, so a
//! book can never hold an illegal move: a line that does not replay is reported, skipped and
//! caught by the tests. Positions are found by their Zobrist key and the rules in force; a hit
//! is played only if it is one of the legal moves, so a key collision cannot play nonsense.

use std::collections::HashMap;

use once_cell::sync::Lazy;

use crate::rules::board::{coords, hole_at};
use crate::rules::{CompactMove, MoveKind, Position, Preset, Rules};

use super::eval::hash;

/// Why a book text could not be read; the message reads after "failed to".
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("read line {line} of the {rules} book: {problem}")]
pub struct BookError {
    /// The rule set of the book.
    pub rules: &'static str,
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub problem: String,
}

/// One rule set's book: the position's key and the move to play.
#[derive(Debug, Default)]
pub struct Book {
    rules: Option<Rules>,
    moves: HashMap<u64, CompactMove>,
}

impl Book {
    /// Number of positions in the book.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Reads a book for the start position of `preset` (two players, one colour each).
    pub fn parse(preset: Preset, text: &str) -> Result<Book, BookError> {
        let rules = Rules::preset(preset);
        let start = start_position(preset).ok_or_else(|| BookError {
            rules: preset.name(),
            line: 0,
            problem: "the rule set has no two-player start".into(),
        })?;
        let mut moves = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let err = |problem: String| BookError {
                rules: preset.name(),
                line: i + 1,
                problem,
            };
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (path, best) = line
                .split_once(':')
                .ok_or_else(|| err("no \":\" before the move to play".into()))?;
            let mut p = start;
            for (n, word) in path.split_whitespace().enumerate() {
                let m = parse_move(&p, word).map_err(|e| err(format!("move {}: {e}", n + 1)))?;
                p.apply(&m);
            }
            let best = parse_move(&p, best.trim()).map_err(|e| err(format!("book move: {e}")))?;
            moves.insert(hash(&p), best);
        }
        Ok(Book {
            rules: Some(rules),
            moves,
        })
    }

    /// The book move for `pos`, if the book holds the position and the move is legal there.
    pub(crate) fn lookup(&self, pos: &Position) -> Option<CompactMove> {
        if self.rules.as_ref() != Some(pos.rules()) || pos.player_count() != 2 {
            return None;
        }
        let m = *self.moves.get(&hash(pos))?;
        let mut legal = Vec::new();
        pos.legal_moves_into(&mut legal);
        legal.contains(&m).then_some(m)
    }
}

/// The start position a book of this rule set begins from: two players, one colour each.
pub(crate) fn start_position(preset: Preset) -> Option<Position> {
    let rules = Rules::preset(preset);
    match preset {
        Preset::Tripot => Position::start_tripot(rules, 1).ok(),
        _ => Position::start(rules, 2).ok(),
    }
}

/// A move written `q,r>q,r`, resolved against the legal moves of `p`.
fn parse_move(p: &Position, word: &str) -> Result<CompactMove, String> {
    let hole = |s: &str| {
        let (q, r) = s.split_once(',')?;
        hole_at(q.trim().parse().ok()?, r.trim().parse().ok()?)
    };
    let (from, to) = word
        .split_once('>')
        .and_then(|(a, b)| Some((hole(a)?, hole(b)?)))
        .ok_or_else(|| format!("\"{word}\" is not two holes written q,r>q,r"))?;
    let mut legal = Vec::new();
    p.legal_moves_into(&mut legal);
    legal
        .into_iter()
        .find(|m| m.from == from && m.to == to && matches!(m.kind, MoveKind::Step | MoveKind::Jump))
        .ok_or_else(|| format!("\"{word}\" is not a legal step or jump here"))
}

/// A move written `q,r>q,r`.
pub(crate) fn write_move(m: &CompactMove) -> String {
    let [a, b] = coords(m.from);
    let [c, d] = coords(m.to);
    format!("{a},{b}>{c},{d}")
}

static TRIPOT: Lazy<Book> = Lazy::new(|| load(Preset::Tripot, include_str!("book/tripot.txt")));
static CLASSIC: Lazy<Book> = Lazy::new(|| load(Preset::Classic, include_str!("book/classic.txt")));

/// Reads a built-in book; a damaged one is logged and left empty (the search plays instead).
fn load(preset: Preset, text: &str) -> Book {
    Book::parse(preset, text).unwrap_or_else(|e| {
        log::error!("failed to {e}; playing without a book");
        Book::default()
    })
}

/// The built-in book move for `pos`, if any (tripot with one colour a side, and classic).
pub(crate) fn book_move(pos: &Position) -> Option<CompactMove> {
    match pos.rules().preset {
        Preset::Tripot => TRIPOT.lookup(pos),
        Preset::Classic => CLASSIC.lookup(pos),
        _ => None,
    }
}

/// The built-in book of a rule set (for tests and tools).
pub fn built_in(preset: Preset) -> Option<&'static Book> {
    match preset {
        Preset::Tripot => Some(&TRIPOT),
        Preset::Classic => Some(&CLASSIC),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::ai::{choose_move, AiLevel, CancelHandle, SearchLimits};

    #[test]
    fn every_line_of_the_built_in_books_replays() {
        for (preset, text) in [
            (Preset::Tripot, include_str!("book/tripot.txt")),
            (Preset::Classic, include_str!("book/classic.txt")),
        ] {
            let book = Book::parse(preset, text).unwrap();
            // The opening and every reply the builder followed from it.
            assert!(
                book.len() >= 30,
                "{}: {} positions",
                preset.name(),
                book.len()
            );
            assert_eq!(built_in(preset).unwrap().len(), book.len());
        }
    }

    #[test]
    fn impossible_opens_from_its_book_and_other_levels_do_not() {
        for preset in [Preset::Tripot, Preset::Classic] {
            let start = start_position(preset).unwrap();
            let book = built_in(preset).unwrap().lookup(&start).unwrap();
            let limits = SearchLimits {
                time_ms: None,
                seed: 3,
            };
            let cancel = CancelHandle::new();
            let r = choose_move(&start, AiLevel::Impossible, limits, &cancel);
            assert_eq!(r.best.compact(), book);
            assert_eq!(r.nodes, 0, "a book move needs no search");
            let hard = choose_move(&start, AiLevel::Hard, limits, &cancel);
            assert!(hard.nodes > 0, "Hard searches its own opening");
        }
    }

    #[test]
    fn the_book_keeps_to_its_own_rules() {
        let mut rules = Rules::preset(Preset::Tripot);
        rules.options.jump_reach = 1;
        let other = Position::start_tripot(rules, 1).unwrap();
        assert_eq!(book_move(&other), None);
        let three = Position::start_tripot(Rules::preset(Preset::Tripot), 3).unwrap();
        assert_eq!(book_move(&three), None);
    }

    #[test]
    fn a_line_that_does_not_replay_is_named() {
        let text = "# two good lines, then a bad one\n: -3,6>-1,4\n-3,6>-1,4 : 2,-5>2,-4\n\
                    -3,6>-1,4 2,-5>2,-4 : 0,0>5,5\n";
        let e = Book::parse(Preset::Tripot, text).unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.problem.contains("0,0>5,5"), "{e}");
        assert!(e.to_string().starts_with("read line 4 of the tripot book"));
        let e = Book::parse(Preset::Tripot, "-3,6 -1,4\n").unwrap_err();
        assert_eq!(
            (e.line, e.problem.as_str()),
            (1, "no \":\" before the move to play")
        );
        let e = Book::parse(Preset::Tripot, "x : -3,6>-1,4\n").unwrap_err();
        assert!(e.problem.contains("\"x\" is not two holes"), "{e}");
        let good = Book::parse(Preset::Tripot, &text[..text.rfind("-3,6>-1,4 2").unwrap()]);
        assert_eq!(good.unwrap().len(), 2);
    }
}
