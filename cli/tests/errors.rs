//! The binary's refusals, as a new user meets them: engine tools and `play` options given on
//! the command line that would be ignored or make no sense get one clear line on stderr (and
//! exit 1) naming what applies instead.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary with `args` and `stdin`; returns (success, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chinese-checkers"))
        .args(args)
        .env("XDG_DATA_HOME", std::env::temp_dir().join("cc-errors-test"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The error line of a refused command.
fn refused(args: &[&str], stdin: &str) -> String {
    let (ok, out, err) = run(args, stdin);
    assert!(!ok, "{args:?} succeeded: {out}");
    assert!(out.is_empty(), "{args:?} printed {out}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    err.trim_end().to_owned()
}

#[test]
fn arena_without_games_is_refused() {
    let e = refused(&["arena", "--a", "easy", "--b", "easy", "--games", "0"], "");
    assert!(e.starts_with("error: --games must be at least 1"), "{e}");
}

#[test]
fn a_node_budget_is_refused_for_another_binary_and_beside_a_time_budget() {
    // A Hard-against-Hard arena with the given options.
    let arena = |extra: &[&str]| {
        let args: Vec<&str> = ["arena", "--a", "hard", "--b", "hard"]
            .iter()
            .chain(extra)
            .copied()
            .collect();
        refused(&args, "")
    };
    let e = arena(&["--b-exe", "/bin/true", "--b-nodes", "100"]);
    assert!(
        e.contains("--b-nodes only sets this build's engines"),
        "{e}"
    );
    let e = arena(&["--a-nodes", "100", "--time-ms", "50"]);
    assert!(
        e.contains("engine A has both a node budget and a time budget"),
        "{e}"
    );
    let e = arena(&["--a-nodes", "0"]);
    assert!(e.contains("--a-nodes must be at least 1"), "{e}");
}

#[test]
fn an_even_arena_scores_elo_plus_zero() {
    // Seed 2: the two Beginners win one game each.
    let (ok, out, _) = run(
        &[
            "arena", "--a", "beginner", "--b", "beginner", "--games", "2", "--seed", "2",
        ],
        "",
    );
    assert!(ok);
    let score = out.lines().find(|l| l.starts_with("A score")).unwrap();
    assert!(score.starts_with("A score 50.0%"), "{score}");
    assert!(score.contains("Elo +0 ["), "{score}");
}

#[test]
fn positions_that_are_not_objects_are_refused_without_internal_names() {
    for input in ["[]", "[1,2,3,4,5,6,7]", "\"tripot\""] {
        for cmd in [&["moves"][..], &["bestmove", "--level", "easy"][..]] {
            let e = refused(cmd, input);
            assert_eq!(
                e,
                "error: invalid position: a position is a JSON object with rules, players, pegs \
                 and to_move (docs/RULES.md §6)",
                "{cmd:?} {input}"
            );
        }
    }
    let p = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
                "pegs":{"S":[[-4,8],[-3,7]],"N":[[4,-8]]},"to_move":0}"#;
    let e = refused(&["apply"], &format!(r#"{{"position":{p},"move":[]}}"#));
    assert!(
        e.starts_with("error: invalid move: a move is a JSON object"),
        "{e}"
    );
    assert!(!e.contains("Json"), "{e}");
    // The README's example works as pasted.
    let (ok, out, err) = run(
        &["apply"],
        &format!(r#"{{"position":{p},"move":{{"kind":"step","path":[[-3,7],[-3,6]]}}}}"#),
    );
    assert!(ok, "{err}");
    assert!(out.contains(r#""outcome":null"#), "{out}");
}

#[test]
fn solve_says_its_minimum_width_and_the_rule_sets() {
    for w in ["0", "1"] {
        let e = refused(&["solve", "--width", w], "");
        assert!(e.starts_with("error: --width must be at least 2"), "{e}");
    }
    let e = refused(&["solve", "--rules", "foo"], "");
    assert_eq!(
        e,
        "error: unknown rules \"foo\": the rule sets are tripot, classic, sternhalma, rulebook"
    );
    let (ok, out, _) = run(&["solve", "--rules", "tripot", "--width", "200"], "");
    assert!(
        ok && out.contains("moves (tripot rules, beam width 200"),
        "{out}"
    );
}

#[test]
fn play_options_that_would_be_ignored_are_refused_before_the_screen() {
    let cases: [(&[&str], &str); 6] = [
        (&["--players", "6"], "tripot has two sides"),
        (
            &["--colours", "3", "--rules", "classic"],
            "only tripot has colours per side",
        ),
        (
            &["--position", "F", "--rules", "sternhalma"],
            "a position carries its own rules and players",
        ),
        (&["--hotseat", "--level", "hard"], "--level does not apply"),
        (
            &["--rules", "sternhalma", "--players", "5"],
            "sternhalma is played by 2, 3, 4 or 6 players, not 5",
        ),
        (
            &[
                "--server",
                "ws://127.0.0.1:1/ws",
                "--quick",
                "--level",
                "hard",
            ],
            "--level does not apply with --server",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["play"];
        all.extend_from_slice(args);
        let e = refused(&all, "");
        assert!(e.contains(want), "{args:?}: {e}");
        assert!(!e.contains("needs a terminal"), "{args:?}: {e}");
    }
}
