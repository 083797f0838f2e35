//! `book`: builds Impossible's opening book by self-play (see rust-core/src/ai/book_maker.rs).

use anyhow::{anyhow, Context, Result};
use chinese_checkers_core::ai::{book, book_maker};
use chinese_checkers_core::rules::Preset;
use clap::Args;

/// Options of `book`.
#[derive(Args)]
pub struct BookArgs {
    /// tripot (one colour a side) or classic.
    #[arg(long, default_value = "tripot")]
    rules: String,
    /// Plies from the start that the book covers.
    #[arg(long, default_value_t = 4)]
    plies: usize,
    /// Moves followed from each position: the book's own and the most forward others.
    #[arg(long, default_value_t = 6)]
    replies: usize,
    /// Nodes of each position's search (Impossible reads 155 000).
    #[arg(long, default_value_t = 1_000_000)]
    nodes: u64,
    /// Where to write the book (standard output without it).
    #[arg(long)]
    out: Option<String>,
}

/// Builds the book and writes it; progress on standard error.
pub fn run(args: &BookArgs) -> Result<()> {
    let preset = match args.rules.as_str() {
        "tripot" => Preset::Tripot,
        "classic" => Preset::Classic,
        other => {
            return Err(anyhow!(
                "no opening book for the rules \"{other}\": books exist for tripot and classic"
            ))
        }
    };
    if args.replies == 0 {
        return Err(anyhow!(
            "--replies must be at least 1 (the book's own move)"
        ));
    }
    let text = book_maker::build(
        preset,
        args.plies,
        args.replies,
        args.nodes,
        |done, queued| {
            eprintln!("{done} positions searched, {queued} queued");
        },
    )
    .ok_or_else(|| anyhow!("the rules {} have no two-player start", args.rules))?;
    // The book must read back: a line that does not replay is a bug worth stopping for.
    let read = book::Book::parse(preset, &text).map_err(|e| anyhow!("failed to {e}"))?;
    eprintln!("{} positions in the book", read.len());
    match &args.out {
        Some(path) => std::fs::write(path, text).with_context(|| format!("cannot write {path}")),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
