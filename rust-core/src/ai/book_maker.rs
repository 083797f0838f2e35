//! Making Impossible's opening book by self-play (`chinese-checkers book`): the search picks the
//! move of every position near the start, and [`build`] writes them in the text format of
//! [`super::book`]. Kept apart from the book itself, which the levels read while this module
//! runs their search.

use std::collections::{HashSet, VecDeque};

use crate::rules::{CompactMove, MoveKind, Position, Preset};

use super::book::{start_position, write_move};
use super::eval::hash;
use super::levels;

/// Builds a book by self-play: from the start position, every position up to `plies` plies
/// deep gets the move a search of `nodes` nodes (Impossible's search, one thread) plays there;
/// the positions that follow are that move and the `replies - 1` other most forward moves
/// (what an opponent out of the book most often plays). Transpositions are searched once.
/// `progress(done, queued)` is called after each search. Returns the book's text.
pub fn build(
    preset: Preset,
    plies: usize,
    replies: usize,
    nodes: u64,
    mut progress: impl FnMut(usize, usize),
) -> Option<String> {
    let start = start_position(preset)?;
    let mut out = format!(
        "# Opening book of Impossible for {} (two players, one colour each).\n\
         # Made by `chinese-checkers book --rules {} --plies {plies} --replies {replies} \
         --nodes {nodes}`:\n\
         # the moves from the start, then the move a {nodes}-node search plays there.\n",
        preset.name(),
        preset.name()
    );
    let mut queue: VecDeque<(Vec<CompactMove>, Position)> = VecDeque::new();
    queue.push_back((Vec::new(), start));
    let mut seen = HashSet::new();
    seen.insert(hash(&start));
    let mut done = 0;
    while let Some((line, p)) = queue.pop_front() {
        if line.len() >= plies || p.outcome().is_some() {
            continue;
        }
        let best = levels::deep_move(&p, nodes);
        done += 1;
        progress(done, queue.len());
        let words: Vec<String> = line.iter().map(write_move).collect();
        out.push_str(format!("{} : {}\n", words.join(" "), write_move(&best)).trim_start());
        let mut legal = Vec::new();
        p.legal_moves_into(&mut legal);
        legal.retain(|m| matches!(m.kind, MoveKind::Step | MoveKind::Jump) && *m != best);
        // Most forward first, as the arena's varied openings pick them.
        let me = p.to_move();
        let gain = |m: &CompactMove| {
            let mut q = p;
            q.apply(m);
            i64::from(p.progress(me).1) - i64::from(q.progress(me).1)
        };
        legal.sort_by(|a, b| gain(b).cmp(&gain(a)).then(a.cmp(b)));
        for m in std::iter::once(best).chain(legal.into_iter().take(replies.saturating_sub(1))) {
            let mut q = p;
            q.apply(&m);
            if seen.insert(hash(&q)) {
                let mut next = line.clone();
                next.push(m);
                queue.push_back((next, q));
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::ai::book::Book;

    #[test]
    fn a_built_book_reads_back_with_the_searched_moves() {
        let text = build(Preset::Classic, 2, 2, 2_000, |_, _| {}).unwrap();
        let book = Book::parse(Preset::Classic, &text).unwrap();
        // The start, then its best move and one other reply.
        assert_eq!(book.len(), 3, "{text}");
        let start = start_position(Preset::Classic).unwrap();
        assert_eq!(book.lookup(&start), Some(levels::deep_move(&start, 2_000)));
    }
}
