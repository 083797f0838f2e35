//! `arena --resume`: a run stopped part-way (or played in several sittings) continues from its
//! `--pgn` file and ends with the same games and figures as a run played at once; lines that
//! do not belong to the run are refused with a reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_chinese-checkers");

/// A fresh file name in the temporary directory.
fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "cc-arena-resume-{}-{name}.jsonl",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs a 4-game classic match (Medium against Easy, four-ply openings) writing `pgn`, with
/// `extra` arguments; returns (success, stdout, stderr).
fn arena(pgn: &Path, extra: &[&str]) -> (bool, String, String) {
    arena_against(pgn, "easy", extra)
}

/// [`arena`] with engine B at level `b`.
fn arena_against(pgn: &Path, b: &str, extra: &[&str]) -> (bool, String, String) {
    let out = Command::new(EXE)
        .args(["arena", "--rules", "classic", "--a", "medium", "--b", b])
        .args(["--games", "4", "--threads", "1", "--opening-plies", "4"])
        .arg("--pgn")
        .arg(pgn)
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The games of a `--pgn` file, in game order.
fn games(pgn: &Path) -> Vec<serde_json::Value> {
    let mut games: Vec<serde_json::Value> = std::fs::read_to_string(pgn)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    games.sort_by_key(|g| g["game"].as_u64());
    games
}

/// The result lines of an arena's report (not the times).
fn figures(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| l.starts_with("A wins") || l.starts_with("A score"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_resumed_run_ends_with_the_games_and_figures_of_a_run_played_at_once() {
    let whole = temp("whole");
    let (ok, whole_out, _) = arena(&whole, &["--seed", "3"]);
    assert!(ok);
    let all = games(&whole);
    assert_eq!(all.len(), 4);

    // Two finished games and half of a third line, as a run killed while writing leaves it.
    let text = std::fs::read_to_string(&whole).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let stopped = temp("stopped");
    let partial = format!(
        "{}\n{}\n{}",
        lines[0],
        lines[1],
        &lines[2][..lines[2].len() / 2]
    );
    std::fs::write(&stopped, partial).unwrap();
    let (ok, out, err) = arena(&stopped, &["--seed", "3", "--resume"]);
    assert!(ok, "{err}");
    assert!(err.contains("unfinished last line"), "{err}");
    assert_eq!(err.matches(" plies").count(), 2, "two games played: {err}");
    assert!(out.contains("4 games (2 from the --pgn file"), "{out}");
    assert_eq!(figures(&out), figures(&whole_out));
    assert_eq!(games(&stopped), all);

    // Resuming a complete file plays nothing and reports the same.
    let (ok, out, err) = arena(&stopped, &["--seed", "3", "--resume"]);
    assert!(ok, "{err}");
    assert!(!err.contains(" plies"), "{err}");
    assert_eq!(figures(&out), figures(&whole_out));
    let _ = std::fs::remove_file(&whole);
    let _ = std::fs::remove_file(&stopped);
}

#[test]
fn games_of_another_run_are_refused_and_the_file_is_kept() {
    let pgn = temp("other");
    assert!(arena(&pgn, &["--seed", "3"]).0);
    let before = std::fs::read_to_string(&pgn).unwrap();
    // Another seed gives other openings.
    let (ok, _, err) = arena(&pgn, &["--seed", "4", "--resume"]);
    assert!(!ok);
    assert!(
        err.contains("line 1 of") && err.contains("its opening is not this run's for game"),
        "{err}"
    );
    // Other levels.
    let (ok, _, err) = arena_against(&pgn, "beginner", &["--seed", "3", "--resume"]);
    assert!(!ok);
    assert!(
        err.contains("it is \"medium\" against \"easy\", this run is medium against beginner"),
        "{err}"
    );
    // Games outside the run's range.
    let (ok, _, err) = arena(&pgn, &["--seed", "3", "--resume", "--first-game", "2"]);
    assert!(!ok);
    assert!(err.contains("game 0 is not among games 2 to 5"), "{err}");
    // A refused resume leaves the file as it was.
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), before);
    // A line that is not a game at all (not the unfinished last one).
    std::fs::write(&pgn, format!("not json\n{before}")).unwrap();
    let (ok, _, err) = arena(&pgn, &["--seed", "3", "--resume"]);
    assert!(!ok);
    assert!(
        err.contains("line 1 of") && err.contains("is not an arena game"),
        "{err}"
    );
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn resume_needs_a_game_file_and_starts_one_that_does_not_exist() {
    let out = Command::new(EXE)
        .args(["arena", "--a", "easy", "--b", "easy", "--resume"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--resume needs --pgn FILE"), "{err}");
    let fresh = temp("fresh");
    let (ok, out, err) = arena(&fresh, &["--seed", "3", "--resume"]);
    assert!(ok, "{err}");
    assert!(out.contains("4 games, "), "{out}");
    assert_eq!(games(&fresh).len(), 4);
    let _ = std::fs::remove_file(&fresh);
}
