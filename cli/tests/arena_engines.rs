//! The arena's external engines (`--a-exe`/`--b-exe`): a side played through another binary's
//! `bestmove` command must play exactly the moves the same build plays in-process, so that a
//! frozen baseline binary is a fair opponent.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_chinese-checkers");

/// Runs an arena and returns the move lists of its games (from the `--pgn` file) and stdout.
fn arena(extra: &[&str], name: &str) -> (Vec<serde_json::Value>, String) {
    let pgn = std::env::temp_dir().join(format!(
        "cc-arena-engines-{}-{name}.jsonl",
        std::process::id()
    ));
    let out = Command::new(EXE)
        .args([
            "arena", "--rules", "classic", "--a", "medium", "--b", "easy", "--games", "2",
        ])
        .args(["--threads", "1", "--seed", "5", "--pgn"])
        .arg(&pgn)
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    let mut games: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    games.sort_by_key(|g| g["game"].as_u64());
    let moves = games.iter().map(|g| g["moves"].clone()).collect();
    (moves, String::from_utf8(out.stdout).unwrap())
}

#[test]
fn an_external_engine_plays_the_same_moves_as_the_same_build_in_process() {
    let (inside, inside_out) = arena(&[], "inside");
    let (outside, outside_out) = arena(&["--a-exe", EXE, "--b-exe", EXE], "outside");
    assert_eq!(inside.len(), 2);
    assert!(inside.iter().all(|m| m.as_array().unwrap().len() > 20));
    assert_eq!(inside, outside);
    let wins = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("A wins"))
            .unwrap()
            .to_owned()
    };
    assert_eq!(wins(&inside_out), wins(&outside_out));
}

#[test]
fn a_missing_engine_binary_stops_the_game_and_says_so() {
    let out = Command::new(EXE)
        .args([
            "arena",
            "--a",
            "easy",
            "--b",
            "easy",
            "--games",
            "1",
            "--threads",
            "1",
        ])
        .args(["--b-exe", "/nonexistent/chinese-checkers"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("cannot run /nonexistent/chinese-checkers"),
        "{err}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("games stopped by the cap or an engine error: 1"),
        "{stdout}"
    );
}
