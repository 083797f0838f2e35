//! The terminal's English for the saved-games library and the statistics: the games kept and
//! how to continue them, what was saved where, and the results against each AI opponent (split
//! from `words`, which words the game itself and uses the helpers here).

use std::path::Path;

use chinese_checkers_core::session::{
    GameCard, LibraryError, OpponentStatistics, PlayerName, SavedGame, SavedGameKind,
};

use super::words::{ago, command, joined, moves, name};

/// The kind of a saved game, as in "a saved solo game".
pub fn kind(kind: SavedGameKind) -> &'static str {
    match kind {
        SavedGameKind::Solo => "solo",
        SavedGameKind::PassAndPlay => "pass-and-play",
        SavedGameKind::Online => "online",
    }
}

/// Who plays a saved game of `kind` with seats named `names`: "vs Jean Médecin" (solo),
/// "Player 1 vs Player 2", "Player 1, Player 2 and Player 3".
fn saved_players<'a>(kind: SavedGameKind, names: impl Iterator<Item = &'a PlayerName>) -> String {
    if kind == SavedGameKind::Solo {
        let others: Vec<String> = names.filter(|p| **p != PlayerName::You).map(name).collect();
        return format!("vs {}", joined(&others));
    }
    let names: Vec<String> = names.map(name).collect();
    match names.as_slice() {
        [a, b] => format!("{a} vs {b}"),
        _ => joined(&names),
    }
}

/// A saved game in a few words: "solo game (vs Jean Médecin, 20 moves)".
fn summary<'a>(
    kind: SavedGameKind,
    names: impl Iterator<Item = &'a PlayerName>,
    played: i32,
) -> String {
    format!(
        "{} game ({}, {})",
        self::kind(kind),
        saved_players(kind, names),
        moves(played)
    )
}

/// The saved game a new one would replace, in a few words: "solo game (vs Jean Médecin, 20
/// moves)".
pub fn saved_game(g: &SavedGame) -> String {
    summary(g.kind, g.players.iter(), g.moves)
}

/// A Continue card in a few words, as [`saved_game`] words it.
pub fn card(g: &GameCard) -> String {
    summary(g.kind, g.seats.iter().map(|s| &s.name), g.moves)
}

/// The saved games, numbered as `--resume` asks among them: " 1. solo game (vs Jean Médecin,
/// 20 moves), saved 5 minutes ago — id 0123456789abcdef".
pub fn saved_games_list(games: &[GameCard], now_s: i64) -> Vec<String> {
    games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            format!(
                "{:>2}. {}, saved {} — id {}",
                i + 1,
                card(g),
                ago(g.last_played_s, now_s),
                g.id
            )
        })
        .collect()
}

/// The question after the list of saved games.
pub fn which_question(count: usize) -> String {
    format!("Which game do you want to continue? [1-{count}, Enter to cancel] ")
}

/// Nothing valid was typed at the question.
pub fn no_game_chosen() -> String {
    "no game was chosen; nothing was started".into()
}

/// `--resume` with several saved games and nobody at a terminal to ask.
pub fn which_game_needed(games: &[GameCard], now_s: i64) -> String {
    format!(
        "you have {} saved games; say which to continue with --resume solo, --resume hotseat or \
         --resume ID:\n{}",
        games.len(),
        saved_games_list(games, now_s).join("\n")
    )
}

/// `--resume` with no saved game at all.
pub fn no_saved_game() -> String {
    format!(
        "there is no saved game to continue: start one with {}",
        command("play")
    )
}

/// `--resume WHICH` names no saved game (`slot`: the slot it named, if it was one).
pub fn no_such_saved_game(
    which: &str,
    slot: Option<SavedGameKind>,
    games: &[GameCard],
    now_s: i64,
) -> String {
    let what = match slot {
        Some(k) => format!("there is no saved {} game to continue", kind(k)),
        None => format!("there is no saved game with the id {which:?}"),
    };
    if games.is_empty() {
        return format!("{what}: start one with {}", command("play"));
    }
    format!(
        "{what}; your saved games:\n{}",
        saved_games_list(games, now_s).join("\n")
    )
}

/// The question before a new game replaces the saved one of its slot.
pub fn replace_question(existing: &SavedGame) -> String {
    format!(
        "You already have a saved {}. Replace it with this one? [y/N] ",
        saved_game(existing)
    )
}

/// Whether an answer to a [y/N] question says yes.
pub fn is_yes(answer: &str) -> bool {
    matches!(answer.trim().to_lowercase().as_str(), "y" | "yes")
}

/// The slot of a game is taken by another one.
pub fn slot_taken(existing: &SavedGame) -> String {
    format!("you already have a saved {}", saved_game(existing))
}

/// Quitting a game nobody has played a move in.
pub fn nothing_saved() -> String {
    "Nothing was played, so nothing was saved.".into()
}

/// The game was kept out of its slot: the person said no (`asked`), or could not be asked.
pub fn not_saved(existing: &SavedGame, asked: bool) -> String {
    if asked {
        format!(
            "This game was not saved; your saved {} is kept.",
            saved_game(existing)
        )
    } else {
        format!(
            "This game was not saved: {}, and it is kept (stdin is not a terminal, so nobody \
             could be asked whether to replace it).",
            slot_taken(existing)
        )
    }
}

/// The game was saved; `only_one`: it is the only game `--resume` could continue.
pub fn saved(g: &GameCard, only_one: bool) -> String {
    let resume = match (only_one, g.kind) {
        (true, _) => "play --resume",
        (false, SavedGameKind::PassAndPlay) => "play --resume hotseat",
        (false, _) => "play --resume solo",
    };
    format!(
        "Game saved ({}); continue it with {}.",
        card(g),
        command(resume)
    )
}

/// The save of an earlier version was brought into the saved games.
pub fn session_imported(g: &GameCard) -> String {
    format!(
        "Your {} saved by an earlier version is now among your saved games (continue it with \
         --resume).",
        card(g)
    )
}

/// The save of an earlier version could not be brought in (`why`).
pub fn session_not_imported(path: &Path, why: &str) -> String {
    format!(
        "Your game saved by an earlier version in {} could not be moved to the saved games \
         ({why}); the file is left as it is.",
        path.display()
    )
}

/// The online game left in progress could not be read back from the saved games.
pub fn online_not_reopened(e: &LibraryError) -> String {
    format!(
        "Could not reopen the online game you left: {}; the server offers it again once \
         connected if it is still on.",
        library_error(e)
    )
}

/// The last save of a game kept among the saved games failed (the game itself is intact).
pub fn save_failed(detail: &str) -> String {
    format!(
        "Could not save the game ({detail}); it is played on, and saved again with the next \
         move."
    )
}

/// Why the library refused.
pub fn library_error(e: &LibraryError) -> String {
    match e {
        LibraryError::WouldReplace { existing } => slot_taken(existing),
        LibraryError::NotFound { id } => format!("there is no saved game with the id {id:?}"),
        LibraryError::Damaged { file, detail } => format!("corrupt save {file}: {detail}"),
        LibraryError::TooNew { found, supported } => format!(
            "a file was written by a newer version of the app (format {found}, this app reads \
             up to {supported})"
        ),
        LibraryError::Storage { file, detail } => format!("could not use {file}: {detail}"),
    }
}

/// Why the statistics could not be shown or updated.
pub fn statistics_error(e: &LibraryError) -> String {
    format!(
        "could not read or update the statistics: {}",
        library_error(e)
    )
}

/// The statistics shown where nothing keeps them (a game without the library).
pub fn no_statistics() -> String {
    "the statistics are not kept for this game".into()
}

/// The fewest moves of a won game, or a dash.
fn fewest(s: &OpponentStatistics) -> String {
    s.fewest_moves
        .map_or_else(|| "—".to_string(), |m| m.to_string())
}

/// The number columns of the statistics table, each as wide as its heading (numbers right-aligned).
const STAT_COLUMNS: [&str; 5] = ["Played", "Won", "Lost", "Drawn", "Fewest moves to win"];

/// `chinese-checkers stats`: a table per opponent (weakest first) and what counts.
pub fn statistics_table(stats: &[OpponentStatistics]) -> String {
    let name_width = stats
        .iter()
        .map(|s| s.name.chars().count())
        .chain(["Opponent".len()])
        .max()
        .unwrap_or(8);
    let level_width = stats
        .iter()
        .map(|s| s.level.name().len())
        .chain(["Level".len()])
        .max()
        .unwrap_or(5);
    let mut out = format!("{:<name_width$}  {:<level_width$}", "Opponent", "Level");
    for h in STAT_COLUMNS {
        out.push_str(&format!("  {h}"));
    }
    for s in stats {
        out.push('\n');
        let row = format!("{:<name_width$}  {:<level_width$}", s.name, s.level.name());
        out.push_str(&row);
        let cells = [
            s.played.to_string(),
            s.won.to_string(),
            s.lost.to_string(),
            s.drawn.to_string(),
            fewest(s),
        ];
        for (h, cell) in STAT_COLUMNS.iter().zip(cells) {
            out.push_str(&format!("  {cell:>w$}", w = h.chars().count()));
        }
    }
    out.push('\n');
    out.push('\n');
    out.push_str(STATISTICS_COUNT);
    if stats.iter().all(|s| s.played == 0) {
        out.push_str(&format!(
            "\nNo game counted yet: play one against the AI with {}.",
            command("play")
        ));
    }
    out
}

/// Which games the statistics count.
pub const STATISTICS_COUNT: &str =
    "Only games of one person against the AI, played from the start \
     position, count — each once, as it first ended.";

/// Which games count, under the side panel's statistics.
pub const STATISTICS_PANEL_NOTE: &str = "Only games vs the AI from the start count.";

/// The side panel's statistics heading (25 columns, above [`statistics_numbers`]).
pub const STATISTICS_HEADER: &str = "games won lost drawn best";

/// One opponent's numbers under [`STATISTICS_HEADER`].
pub fn statistics_numbers(s: &OpponentStatistics) -> String {
    format!(
        "{:>5}{:>4}{:>5}{:>6}{:>5}",
        s.played,
        s.won,
        s.lost,
        s.drawn,
        fewest(s)
    )
}
