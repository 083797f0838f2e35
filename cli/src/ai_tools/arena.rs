//! `arena`: AI-vs-AI matches between levels of this build or other builds' binaries, with
//! the statistics the docs quote.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{anyhow, Context, Result};
use chinese_checkers_core::ai::{self, AiLevel, CancelHandle, SearchLimits};
use chinese_checkers_core::rules::{Move, Position, Preset};
use clap::Args;
use serde_json::{json, Value};

use super::openings::Openings;
use super::{level, rules, search_threads, weights};

/// Options of `arena`.
#[derive(Args)]
pub struct ArenaArgs {
    /// Rule preset.
    #[arg(long, default_value = "tripot")]
    rules: String,
    /// Colours per side (tripot only).
    #[arg(long, default_value_t = 1)]
    colours: usize,
    /// Players (non-tripot presets): A takes one seat in turn, B all the others.
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Level of engine A.
    #[arg(long)]
    a: String,
    /// Level of engine B.
    #[arg(long)]
    b: String,
    /// Play engine A through another build's `bestmove` command instead of this build's AI
    /// (e.g. a frozen baseline binary; one process per move, position JSON on its stdin).
    #[arg(long)]
    a_exe: Option<String>,
    /// The same for engine B.
    #[arg(long)]
    b_exe: Option<String>,
    /// Number of games, at least 1 (pairs share an opening with the seats swapped).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Index of the first game to play: `--first-game 116 --games 1` replays game 116 of a
    /// series exactly (same opening, seats and seeds), e.g. to look at a game that stood out.
    #[arg(long, default_value_t = 0)]
    first_game: usize,
    /// Plies of the varied opening before the engines play (default: one move per seat, as
    /// earlier runs were played). With any other count the openings are enumerated so that
    /// they all differ: `--opening-plies 3` gives 216 different two-player openings, enough
    /// for 400 games of two deterministic engines (200 pairs, seats swapped).
    #[arg(long)]
    opening_plies: Option<usize>,
    /// Per-move time budget for both sides instead of the levels' node budgets.
    #[arg(long)]
    time_ms: Option<u64>,
    /// Per-move time budget of engine A only (overrides --time-ms for A).
    #[arg(long)]
    a_time_ms: Option<u64>,
    /// Per-move time budget of engine B only (overrides --time-ms for B).
    #[arg(long)]
    b_time_ms: Option<u64>,
    /// Node budget of engine A's searches instead of its level's, with no clock (this build's
    /// engines only): a fraction of a level's time measured as the same fraction of its
    /// nodes, so that a loaded machine plays the same games.
    #[arg(long)]
    a_nodes: Option<u64>,
    /// The same for engine B.
    #[arg(long)]
    b_nodes: Option<u64>,
    /// Worker threads (default: available cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Trial evaluation weights of this build's engines for long jumps (tripot), as six
    /// numbers: best_move_to_move,best_move_other,ladders,stragglers,spread,tempo.
    #[arg(long)]
    weights_long: Option<String>,
    /// The same for short jumps (classic, sternhalma, rulebook).
    #[arg(long)]
    weights_short: Option<String>,
    /// Threads of each Hard and Impossible search of this build's engines (1: deterministic);
    /// an engine played through `--a-exe`/`--b-exe` keeps one.
    #[arg(long, default_value_t = 1)]
    search_threads: usize,
    /// Seed of openings and levels.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write every game as one JSON line (moves as Move JSON) to this file.
    #[arg(long)]
    pgn: Option<String>,
    /// Keep the games already in the `--pgn` file (a run stopped part-way, or played in
    /// several sittings), play only the missing ones and report on all of them. Every kept
    /// game must belong to this run: same levels and start, an index in range, this run's
    /// opening for its index, legal moves to its recorded end.
    #[arg(long)]
    resume: bool,
    /// Safety cap on plies per game (a capped game is reported, never silently dropped).
    #[arg(long, default_value_t = 2000)]
    max_plies: usize,
}

struct GameResult {
    index: usize,
    a_seat: usize,
    /// 1 A won, 0 B won, 2 draw.
    result: u8,
    plies: usize,
    capped: bool,
    /// (total ms, moves, max ms) for A and B.
    time: [(u64, u64, u64); 2],
    line: Value,
}

/// The starting position of the arena's games.
fn arena_start(args: &ArenaArgs) -> Result<Position> {
    let r = rules(&args.rules)?;
    let p = if r.preset == Preset::Tripot {
        Position::start_tripot(r, args.colours)
    } else {
        Position::start(r, args.players)
    };
    p.map_err(|e| anyhow!("{e}"))
}

/// One side of an arena match: a level of this build's AI, or of another build's binary.
#[derive(Clone, Copy)]
struct Engine<'a> {
    level: AiLevel,
    exe: Option<&'a str>,
    /// Node budget in place of the level's (this build's engine only).
    nodes: Option<u64>,
}

impl Engine<'_> {
    /// The engine's move in `p`: from this build's AI, or from the other binary's `bestmove`.
    fn choose(&self, p: &Position, limits: SearchLimits) -> Result<Move> {
        let Some(exe) = self.exe else {
            let report = match self.nodes {
                Some(nodes) => ai::choose_move_with_nodes(p, self.level, nodes, limits.seed),
                None => ai::choose_move(p, self.level, limits, &CancelHandle::new()),
            };
            return Ok(report.best);
        };
        let mut cmd = Command::new(exe);
        cmd.args(["bestmove", "--level", self.level.name(), "--seed"])
            .arg(limits.seed.to_string());
        if let Some(t) = limits.time_ms {
            cmd.arg("--time-ms").arg(t.to_string());
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot run {exe}"))?;
        if let Some(mut stdin) = child.stdin.take() {
            stdin
                .write_all(p.to_json().to_string().as_bytes())
                .with_context(|| format!("cannot write the position to {exe}"))?;
        }
        let out = child
            .wait_with_output()
            .with_context(|| format!("{exe} did not answer"))?;
        if !out.status.success() {
            return Err(anyhow!("{exe} bestmove failed ({})", out.status));
        }
        let value: Value = serde_json::from_slice(&out.stdout)
            .with_context(|| format!("{exe} printed something that is not a move"))?;
        crate::engine::a_move(&value)
    }
}

fn play_game(
    args: &ArenaArgs,
    start: &Position,
    openings: &Openings,
    index: usize,
    a: Engine,
    b: Engine,
) -> GameResult {
    let n = start.player_count();
    let a_seat = index % n;
    let mut p = *start;
    let mut moves: Vec<Value> = Vec::new();
    let mut time = [(0u64, 0u64, 0u64); 2];
    let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(index as u64);
    let pair = (index / n) as u64;
    for m in openings.of_pair(start, pair) {
        moves.push(p.expand(&m).unwrap_or_else(Move::pass).to_json());
        p.apply(&m);
    }
    let mut capped = false;
    while p.outcome().is_none() {
        if moves.len() >= args.max_plies {
            capped = true;
            break;
        }
        let who = usize::from(p.to_move() != a_seat);
        let engine = if who == 0 { a } else { b };
        let side_time = if who == 0 {
            args.a_time_ms
        } else {
            args.b_time_ms
        };
        let limits = SearchLimits {
            time_ms: side_time.or(args.time_ms),
            seed: seed.wrapping_add(moves.len() as u64),
        };
        let t0 = Instant::now();
        let best = match engine.choose(&p, limits) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("game {index}: {e:#}");
                capped = true;
                break;
            }
        };
        let ms = t0.elapsed().as_millis() as u64;
        time[who].0 += ms;
        time[who].1 += 1;
        time[who].2 = time[who].2.max(ms);
        // The engine's move must be legal; an illegal one would be a bug worth stopping for.
        if p.validate(&best).is_err() {
            eprintln!("game {index}: illegal move {}", best.to_json());
            capped = true;
            break;
        }
        moves.push(best.to_json());
        p.apply(&best.compact());
    }
    let outcome = p.outcome();
    let result = result_for(&p, a_seat);
    let line = json!({
        "game": index, "a": a.level.name(), "b": b.level.name(), "a_seat": a_seat,
        "start": start.to_json(), "moves": moves,
        "outcome": outcome.map(|o| o.to_json()), "capped": capped,
    });
    GameResult {
        index,
        a_seat,
        result,
        plies: moves.len(),
        capped,
        time,
        line,
    }
}

/// 1 when A (on seat `a_seat`) has won the game in `p`, 0 when someone else has, 2 otherwise
/// (a draw, or a game stopped by the cap).
fn result_for(p: &Position, a_seat: usize) -> u8 {
    match p.outcome() {
        Some(o) if o.winners.contains(&a_seat) => 1,
        Some(o) if !o.winners.is_empty() => 0,
        _ => 2,
    }
}

/// The games of this run already in the `--pgn` file at `path` (see `--resume`), and the
/// file's text without an unfinished last line (a run stopped while writing it).
fn played_games(
    args: &ArenaArgs,
    path: &str,
    start: &Position,
    openings: &Openings,
) -> Result<(Vec<GameResult>, String)> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((vec![], String::new())),
        Err(e) => return Err(e).with_context(|| format!("cannot read {path}")),
    };
    let mut games: Vec<GameResult> = Vec::new();
    let mut kept = String::new();
    for (k, line) in text.split_inclusive('\n').enumerate() {
        let value: Value = match serde_json::from_str(line.trim_end()) {
            Ok(value) => value,
            Err(_) if !line.ends_with('\n') => {
                eprintln!(
                    "note: the unfinished last line of {path} is dropped; its game is played again"
                );
                break;
            }
            Err(e) => {
                return Err(anyhow!(
                    "line {} of {path} is not an arena game: {e}",
                    k + 1
                ))
            }
        };
        let g = recorded_game(args, &value, start, openings)
            .with_context(|| format!("line {} of {path} is not a game of this run", k + 1))?;
        if games.iter().any(|other| other.index == g.index) {
            return Err(anyhow!(
                "{path} holds game {} twice (lines of two runs?)",
                g.index
            ));
        }
        kept.push_str(line.trim_end());
        kept.push('\n');
        games.push(g);
    }
    Ok((games, kept))
}

/// One recorded game, checked against this run and replayed move by move.
fn recorded_game(
    args: &ArenaArgs,
    v: &Value,
    start: &Position,
    openings: &Openings,
) -> Result<GameResult> {
    let index = v["game"]
        .as_u64()
        .ok_or_else(|| anyhow!("it has no game number"))? as usize;
    if !(args.first_game..args.first_game + args.games).contains(&index) {
        return Err(anyhow!(
            "game {index} is not among games {} to {} of this run",
            args.first_game,
            args.first_game + args.games - 1
        ));
    }
    if v["a"] != args.a.as_str() || v["b"] != args.b.as_str() {
        return Err(anyhow!(
            "it is {} against {}, this run is {} against {}",
            v["a"],
            v["b"],
            args.a,
            args.b
        ));
    }
    if v["start"] != start.to_json() {
        return Err(anyhow!(
            "it starts from another position (other rules, colours or players)"
        ));
    }
    let n = start.player_count();
    let a_seat = index % n;
    if v["a_seat"].as_u64() != Some(a_seat as u64) {
        return Err(anyhow!(
            "engine A sits on seat {}, in this run on {a_seat}",
            v["a_seat"]
        ));
    }
    let moves = v["moves"]
        .as_array()
        .ok_or_else(|| anyhow!("it has no move list"))?;
    let opening = openings.of_pair(start, (index / n) as u64);
    let mut p = *start;
    for (ply, m) in moves.iter().enumerate() {
        let m = crate::engine::a_move(m).with_context(|| format!("at ply {ply}"))?;
        if opening.get(ply).is_some_and(|o| *o != m.compact()) {
            return Err(anyhow!(
                "its opening is not this run's for game {index} (another --seed or --opening-plies?)"
            ));
        }
        p.validate(&m)
            .map_err(|e| anyhow!("its move at ply {ply} is illegal: {e}"))?;
        p.apply(&m.compact());
    }
    let capped = v["capped"].as_bool().unwrap_or(false);
    if !capped && p.outcome().is_none() {
        return Err(anyhow!(
            "game {index} is unfinished and not marked as stopped"
        ));
    }
    Ok(GameResult {
        index,
        a_seat,
        result: result_for(&p, a_seat),
        plies: moves.len(),
        capped,
        time: [(0, 0, 0); 2],
        line: v.clone(),
    })
}

/// Plays AI-vs-AI games in parallel and prints the match statistics.
pub fn arena(args: &ArenaArgs) -> Result<()> {
    if args.games == 0 {
        return Err(anyhow!(
            "--games must be at least 1 (an even number gives each engine both seats of every \
             opening)"
        ));
    }
    let a = Engine {
        level: level(&args.a)?,
        exe: args.a_exe.as_deref(),
        nodes: args.a_nodes,
    };
    let b = Engine {
        level: level(&args.b)?,
        exe: args.b_exe.as_deref(),
        nodes: args.b_nodes,
    };
    for (side, e, time) in [
        ("A", &a, args.a_time_ms.or(args.time_ms)),
        ("B", &b, args.b_time_ms.or(args.time_ms)),
    ] {
        if e.nodes.is_some() && time.is_some() {
            return Err(anyhow!(
                "engine {side} has both a node budget and a time budget; give one"
            ));
        }
        if e.nodes.is_some() && e.exe.is_some() {
            return Err(anyhow!(
                "engine {side} is another build's binary; --{}-nodes only sets this build's engines",
                side.to_lowercase()
            ));
        }
        if e.nodes == Some(0) {
            return Err(anyhow!(
                "--{}-nodes must be at least 1",
                side.to_lowercase()
            ));
        }
    }
    let start = arena_start(args)?;
    let n = start.player_count();
    let openings = Openings::new(&start, args.seed, args.opening_plies.unwrap_or(n));
    if let Some(distinct) = openings.distinct() {
        let pairs = (args.first_game + args.games).div_ceil(n);
        if pairs > distinct {
            eprintln!(
                "note: {distinct} different openings of {} plies, so games repeat after pair \
                 {distinct}; more plies give more openings",
                args.opening_plies.unwrap_or(n)
            );
        }
    }
    ai::set_search_threads(search_threads(args.search_threads)?);
    let long = args.weights_long.as_deref().map(weights).transpose()?;
    let short = args.weights_short.as_deref().map(weights).transpose()?;
    if long.is_some() || short.is_some() {
        ai::features::try_weights(long, short).map_err(|e| anyhow!(e))?;
    }
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let (done, kept) = match (&args.pgn, args.resume) {
        (Some(path), true) => played_games(args, path, &start, &openings)?,
        (None, true) => {
            return Err(anyhow!(
                "--resume needs --pgn FILE, the file of the games already played"
            ))
        }
        (_, false) => (Vec::new(), String::new()),
    };
    // Games are written as they finish, so a long match can be inspected while it runs.
    let pgn = match &args.pgn {
        Some(path) => {
            let mut f =
                std::fs::File::create(path).with_context(|| format!("cannot write {path}"))?;
            f.write_all(kept.as_bytes())
                .with_context(|| format!("cannot write {path}"))?;
            Some(Mutex::new(f))
        }
        None => None,
    };
    let resumed = done.len();
    let to_play: Vec<usize> = (args.first_game..args.first_game + args.games)
        .filter(|i| done.iter().all(|g| g.index != *i))
        .collect();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<GameResult>> = Mutex::new(done);
    let t0 = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                while let Some(&i) = to_play.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let g = play_game(args, &start, &openings, i, a, b);
                    // Progress on stderr: long matches show they are alive.
                    eprintln!(
                        "game {}: {} in {} plies",
                        g.index,
                        ["B won", "A won", "draw"][usize::from(g.result)],
                        g.plies
                    );
                    if let Some(Ok(mut f)) = pgn.as_ref().map(|m| m.lock()) {
                        // A failed write loses one replay line, never the match.
                        let _ = writeln!(f, "{}", g.line);
                    }
                    if let Ok(mut r) = results.lock() {
                        r.push(g);
                    }
                }
            });
        }
    });
    let mut results = results
        .into_inner()
        .map_err(|_| anyhow!("a worker panicked"))?;
    results.sort_by_key(|g| g.index);
    report(args, &results, resumed, t0.elapsed().as_secs_f64());
    Ok(())
}

/// The Elo difference a score `x` (0 to 1) means, signed and rounded: "+0" at an even score,
/// never "-0".
fn elo(x: f64) -> String {
    let d = -400.0 * (1.0 / x.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    // Adding zero turns a negative zero into a positive one.
    format!("{:+.0}", d.round() + 0.0)
}

fn report(args: &ArenaArgs, results: &[GameResult], resumed: usize, secs: f64) {
    let n = results.len() as f64;
    let wins = results.iter().filter(|g| g.result == 1).count();
    let losses = results.iter().filter(|g| g.result == 0).count();
    let draws = results.iter().filter(|g| g.result == 2).count();
    let capped = results.iter().filter(|g| g.capped).count();
    let first_wins = results
        .iter()
        .filter(|g| g.result == 1 && g.a_seat == 0)
        .count();
    let p = (wins as f64 + draws as f64 / 2.0) / n.max(1.0);
    let half = 1.96 * (p * (1.0 - p) / n.max(1.0)).sqrt();

    let plies: usize = results.iter().map(|g| g.plies).sum();
    let max_plies = results.iter().map(|g| g.plies).max().unwrap_or(0);
    let side = |k: usize| {
        let (ms, moves, max) = results.iter().fold((0, 0, 0), |acc, g| {
            (
                acc.0 + g.time[k].0,
                acc.1 + g.time[k].1,
                acc.2.max(g.time[k].2),
            )
        });
        (ms as f64 / (moves.max(1)) as f64, max)
    };
    let (ta, ma) = side(0);
    let (tb, mb) = side(1);
    // An external engine is named by its binary, so a baseline run cannot pass for another.
    let name = |level: &str, exe: &Option<String>| match exe {
        Some(exe) => format!("{level} ({exe})"),
        None => level.to_owned(),
    };
    // Resumed games were played in an earlier sitting: no time of theirs is known.
    let sitting = if resumed > 0 && resumed == results.len() {
        " (all from the --pgn file)".to_owned()
    } else if resumed > 0 {
        format!(" ({resumed} from the --pgn file, the rest in {secs:.0} s)")
    } else {
        format!(", {secs:.0} s")
    };
    println!(
        "{} vs {} — {} {}-colour/{}-player, {} games{sitting}",
        name(&args.a, &args.a_exe),
        name(&args.b, &args.b_exe),
        args.rules,
        args.colours,
        args.players,
        results.len(),
    );
    println!(
        "A wins {wins}, losses {losses}, draws {draws} (A won {first_wins} when seated first)"
    );
    println!(
        "A score {:.1}% ± {:.1}% (95% CI {:.1}–{:.1}%), Elo {} [{}, {}]",
        100.0 * p,
        100.0 * half,
        100.0 * (p - half).max(0.0),
        100.0 * (p + half).min(1.0),
        elo(p),
        elo((p - half).max(0.0)),
        elo((p + half).min(1.0))
    );
    println!(
        "plies per game {:.1} (max {max_plies}); games stopped by the cap or an engine error: {capped}",
        plies as f64 / n.max(1.0)
    );
    let of = if resumed > 0 {
        " (games played now)"
    } else {
        ""
    };
    println!("time per move{of}: A {ta:.1} ms (max {ma}), B {tb:.1} ms (max {mb})");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_elo_plus_zero() {
        assert_eq!(elo(0.5), "+0");
        assert_eq!(elo(0.4999), "+0");
        assert_eq!(elo(0.75), "+191");
        assert_eq!(elo(0.25), "-191");
        assert_eq!(elo(0.0), "-1200");
    }
}
