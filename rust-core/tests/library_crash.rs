//! Crash test of the saved-games library: a child process plays solo games through the library
//! (the person's moves by taps, the AI's on its engine thread, now and then a resignation) and
//! prints every move after the call that played it returned; the test kills it with `kill -9`
//! at random instants, 200 times, and reopens the library after each kill. Every acknowledged
//! move must be there, no file may ever be unreadable, the game played must always be listed,
//! and the statistics must have counted each ended game exactly once.
//!
//! The test binary is its own child (`harness = false`): `library_crash --child DIR SEED`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chinese_checkers_core::ai::AiLevel;
use chinese_checkers_core::ffi::{board_geometry, GameLibrary, LocalGame, SearchOutcome};
use chinese_checkers_core::rules::{MoveKind, Preset};
use chinese_checkers_core::session::{GameSetup, GameState, SaveStatus, FINISHED_KEPT};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const NAME: &str = "kill_9_at_random_instants_loses_no_acknowledged_move";
const KILLS: usize = 200;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        let dir = PathBuf::from(&args[1]);
        let seed = args[2].parse().unwrap();
        child(&dir, seed);
        return;
    }
    // The test harness's conventions, as far as cargo uses them: `--list`, and name filters.
    if args.iter().any(|a| a == "--list") {
        println!("{NAME}: test");
        return;
    }
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    if !filters.is_empty() && !filters.iter().any(|f| NAME.contains(f.as_str())) {
        println!("running 0 tests (filtered out)");
        return;
    }
    println!("running 1 test");
    parent();
    println!("test {NAME} ... ok");
}

/// A move's path as the child prints it: `q,r q,r …`.
fn path_text(state: &GameState, number: usize) -> String {
    state.history[number - 1]
        .path
        .iter()
        .map(|c| format!("{},{}", c.q, c.r))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The child: plays through the library until it is killed.
fn child(dir: &Path, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let library = GameLibrary::open(dir.display().to_string()).unwrap();
    let out = std::io::stdout();
    let say = |line: String| {
        let mut out = out.lock();
        writeln!(out, "{line}").unwrap();
        out.flush().unwrap();
    };
    loop {
        // Continue the game left, or start one (it takes the solo slot at its first move).
        let listing = library.listing().unwrap();
        let game = match listing.playing.first() {
            Some(card) => library.open_game(card.id.clone()).unwrap(),
            None => {
                let game = LocalGame::new(GameSetup {
                    seed: rng.gen(),
                    ..GameSetup::solo(Preset::Classic, AiLevel::Beginner)
                })
                .unwrap();
                library.keep_local(Arc::clone(&game), true).unwrap();
                game
            }
        };
        game.set_ai_time_limit(Some(5));
        let id = game.id();
        say(format!("GAME {id}"));
        loop {
            let state = game.state();
            if state.outcome.is_some() {
                say(format!("ENDED {id}"));
                break;
            }
            let after = if state.ai_to_move {
                match game.think().unwrap().wait() {
                    SearchOutcome::Finished { state } => state,
                    other => panic!("the AI did not move: {other:?}"),
                }
            } else if rng.gen_bool(0.06) {
                game.resign().unwrap()
            } else {
                person_moves(&game, &state, &mut rng)
            };
            if after.storage != SaveStatus::Saved {
                say(format!("FAILED {id} {:?}", after.storage));
                return;
            }
            if after.outcome.is_some() {
                continue;
            }
            let n = after.history.len();
            say(format!("ACK {id} {n} {}", path_text(&after, n)));
        }
    }
}

/// The person plays with taps: of every peg's targets, mostly the one that goes furthest
/// towards the other side, sometimes any.
fn person_moves(game: &LocalGame, state: &GameState, rng: &mut StdRng) -> GameState {
    let geometry = board_geometry();
    let y = |q: i32, r: i32| {
        geometry
            .holes
            .iter()
            .find(|h| h.coord.q == q && h.coord.r == r)
            .map_or(0.0, |h| h.y)
    };
    let me = state.to_move;
    let pegs: Vec<_> = state
        .holes
        .iter()
        .filter(|h| h.owner == Some(me))
        .map(|h| h.coord)
        .collect();
    // Which way is forward: away from where the pegs stand now, on average.
    let mean = pegs.iter().map(|c| y(c.q, c.r)).sum::<f32>() / pegs.len().max(1) as f32;
    let forward = if mean > geometry.height / 2.0 {
        -1.0
    } else {
        1.0
    };
    let mut choices = Vec::new();
    for peg in &pegs {
        let shown = game.tap(peg.q, peg.r).unwrap();
        for t in &shown.targets {
            if t.kind != MoveKind::Swap {
                let gain = forward * (y(t.coord.q, t.coord.r) - y(peg.q, peg.r));
                choices.push((*peg, t.coord, gain));
            }
        }
        game.cancel_touch();
    }
    assert!(!choices.is_empty(), "the person has a move");
    let pick = if rng.gen_bool(0.8) {
        let best = choices.iter().map(|c| c.2).fold(f32::MIN, f32::max);
        let top: Vec<_> = choices.iter().filter(|c| c.2 >= best - 1e-3).collect();
        *top[rng.gen_range(0..top.len())]
    } else {
        choices[rng.gen_range(0..choices.len())]
    };
    game.tap(pick.0.q, pick.0.r).unwrap();
    game.tap(pick.1.q, pick.1.r).unwrap()
}

/// What the children acknowledged: per game, move number → path.
#[derive(Default)]
struct Acknowledged {
    moves: BTreeMap<String, BTreeMap<usize, String>>,
    ended: BTreeMap<String, bool>,
    last_game: Option<String>,
    total: usize,
    /// Every game seen among the finished games (the library keeps the newest 100).
    finished: BTreeSet<String>,
}

impl Acknowledged {
    /// Takes in a child's output; returns the games it played.
    fn read(&mut self, output: &str) -> Vec<String> {
        let mut touched = Vec::new();
        for line in output.split_inclusive('\n').filter(|l| l.ends_with('\n')) {
            let mut words = line.trim_end().splitn(4, ' ');
            match (words.next(), words.next(), words.next(), words.next()) {
                (Some("GAME"), Some(id), None, None) => {
                    self.last_game = Some(id.to_owned());
                    self.moves.entry(id.to_owned()).or_default();
                    touched.push(id.to_owned());
                }
                (Some("ACK"), Some(id), Some(n), Some(path)) => {
                    let n: usize = n.parse().unwrap();
                    self.moves
                        .entry(id.to_owned())
                        .or_default()
                        .insert(n, path.to_owned());
                    self.total += 1;
                }
                (Some("ENDED"), Some(id), None, None) => {
                    self.ended.insert(id.to_owned(), true);
                }
                (Some("FAILED"), ..) => panic!("the child could not save: {line}"),
                _ => panic!("the child said {line:?}"),
            }
        }
        touched
    }
}

fn parent() {
    let dir = std::env::temp_dir().join(format!("cc-library-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut rng = StdRng::seed_from_u64(0xC0FFEE);
    let mut acked = Acknowledged::default();
    let t0 = Instant::now();
    for kill in 0..KILLS {
        let mut child = Command::new(&exe)
            .args(["--child", &dir.display().to_string(), &kill.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // A random instant of its life: opening the library, restoring the game, playing.
        std::thread::sleep(Duration::from_micros(rng.gen_range(3_000..100_000)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let mut output = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut output)
            .unwrap();
        let touched = acked.read(&output);
        // The games this child played, and now and then every game (restoring each takes a
        // moment).
        let all = kill % 25 == 24;
        check(&dir, &mut acked, kill, |id| {
            all || touched.iter().any(|t| t == id)
        });
    }
    let ended = acked.ended.len();
    // A kill inside a write leaves its temporary file (removed by a later open once stale).
    let temporary = [dir.clone(), dir.join("games")]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap())
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        })
        .count();
    println!(
        "{KILLS} kills in {:.1} s: {} moves acknowledged in {} games, {ended} ended; \
         {temporary} kills came inside a write",
        t0.elapsed().as_secs_f64(),
        acked.total,
        acked.moves.len()
    );
    // The test must have played, ended games and started new ones under the kills.
    assert!(
        acked.total >= KILLS,
        "only {} moves acknowledged",
        acked.total
    );
    assert!(ended >= 3, "only {ended} games ended");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reopens the library after a kill and checks it against what was acknowledged.
fn check(dir: &Path, acked: &mut Acknowledged, kill: usize, deep: impl Fn(&str) -> bool) {
    let library = GameLibrary::open(dir.display().to_string())
        .unwrap_or_else(|e| panic!("kill {kill}: the library does not open: {e}"));
    let listing = library.listing().unwrap();
    assert!(
        listing.unreadable.is_empty(),
        "kill {kill}: unreadable files {:?}",
        listing.unreadable
    );
    assert!(
        listing.playing.len() <= 1,
        "kill {kill}: {:?}",
        listing.playing
    );
    for file in std::fs::read_dir(dir.join("games")).unwrap() {
        let path = file.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) == Some("json") {
            let text = std::fs::read_to_string(&path).unwrap();
            serde_json::from_str::<serde_json::Value>(&text)
                .unwrap_or_else(|e| panic!("kill {kill}: {} is unreadable: {e}", path.display()));
        }
    }
    let listed = |id: &str| {
        listing.playing.iter().any(|c| c.id == id) || listing.finished.iter().any(|c| c.id == id)
    };
    if let Some(id) = &acked.last_game {
        // Listed from its first acknowledged move on (a game never moved in has no file yet).
        let moved = acked.moves.get(id).is_some_and(|m| !m.is_empty());
        assert!(!moved || listed(id), "kill {kill}: game {id} is not listed");
    }
    for (id, moves) in &acked.moves {
        if moves.is_empty() {
            continue;
        }
        // The library keeps the newest FINISHED_KEPT finished games: once it holds that many, an
        // older finished game is pruned (a fast machine finishes over 100 games in 200 kills).
        let ended = acked.ended.contains_key(id) || acked.finished.contains(id);
        if !listed(id) && ended && listing.finished.len() >= FINISHED_KEPT {
            continue;
        }
        assert!(listed(id), "kill {kill}: game {id} is not listed");
        if !deep(id) {
            continue;
        }
        let state = library.open_game(id.clone()).unwrap().state();
        for (&n, path) in moves {
            assert!(
                state.history.len() >= n,
                "kill {kill}: game {id} has {} moves, move {n} was acknowledged",
                state.history.len()
            );
            assert_eq!(
                &path_text(&state, n),
                path,
                "kill {kill}: game {id}, move {n}"
            );
        }
        if acked.ended.contains_key(id) {
            assert!(state.outcome.is_some(), "kill {kill}: game {id} ended");
            assert!(
                listing.finished.iter().any(|c| c.id == *id),
                "kill {kill}: ended game {id} is not with the finished games"
            );
        }
    }
    // Every game that ended counts once (one person against the Beginner, from the start), the
    // ones whose ending the child did not live to acknowledge too.
    acked
        .finished
        .extend(listing.finished.iter().map(|c| c.id.clone()));
    let counted: i32 = library.statistics().unwrap().iter().map(|s| s.played).sum();
    assert_eq!(
        counted as usize,
        acked.finished.len(),
        "kill {kill}: the statistics count {counted} games, {} ended",
        acked.finished.len()
    );
}
