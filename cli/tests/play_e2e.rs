//! End-to-end: the `chinese-checkers play` binary in a pseudo-terminal (portable-pty), its screen
//! read back through a VT100 emulator (vt100), driven by keys and mouse clicks through short
//! games against the seeded Beginner: moves, the AI's replies, undo and redo, quit and save,
//! `--resume`, a game played to its end, and the messages for a corrupt save and online play.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};

const ROWS: u16 = 24;
const COLS: u16 = 80;
/// Generous: the machine may be busy with other builds.
const WAIT: Duration = Duration::from_secs(20);

/// The binary running in a pseudo-terminal, and what its screen shows.
struct Term {
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
}

impl Term {
    fn start(data_home: &Path, args: &[&str]) -> Term {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_chinese-checkers"));
        cmd.arg("play");
        cmd.args(args);
        cmd.env("XDG_DATA_HOME", data_home);
        cmd.env("TERM", "xterm-256color");
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let screen = Arc::new(Mutex::new(vt100::Parser::new(ROWS, COLS, 0)));
        let mut reader = pair.master.try_clone_reader().unwrap();
        let sink = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().process(&buf[..n]);
            }
        });
        let writer = pair.master.take_writer().unwrap();
        Term {
            screen,
            writer,
            child,
            _master: pair.master,
        }
    }

    fn contents(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen shows `text`; fails with the screen otherwise.
    fn wait_for(&self, text: &str) {
        self.wait_until(&format!("{text:?} on screen"), |s| s.contains(text));
    }

    fn wait_until(&self, what: &str, ok: impl Fn(&str) -> bool) {
        let t0 = Instant::now();
        loop {
            let s = self.contents();
            if ok(&s) {
                return;
            }
            assert!(
                t0.elapsed() < WAIT,
                "timed out waiting for {what}; the screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        // One key per frame, as a person types.
        std::thread::sleep(Duration::from_millis(120));
    }

    /// A left click on the screen cell (0-based), as an xterm SGR mouse report.
    fn click(&mut self, column: u16, row: u16) {
        self.send(&format!("\x1b[<0;{};{}M", column + 1, row + 1));
        self.send(&format!("\x1b[<0;{};{}m", column + 1, row + 1));
    }

    /// Waits for the program to exit and returns whether it succeeded.
    fn wait_exit(&mut self) -> bool {
        let t0 = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Let the reader catch the last output.
                std::thread::sleep(Duration::from_millis(200));
                return status.success();
            }
            assert!(
                t0.elapsed() < WAIT,
                "the program did not exit; the screen:\n{}",
                self.contents()
            );
            std::thread::sleep(Duration::from_millis(30));
        }
    }
}

impl Drop for Term {
    fn drop(&mut self) {
        // A failed test must not leave the program running.
        let _ = self.child.kill();
    }
}

const UP: &str = "\x1b[A";
const ENTER: &str = "\r";

/// The screen cell of hole `[q, r]` on an 80×24 terminal (compact board at column 1, row 3 of
/// the screen; RULES.md §1 layout, two columns per half-step).
fn cell(q: i32, r: i32) -> (u16, u16) {
    ((4 * q + 2 * r + 26) as u16, (r + 8 + 3) as u16)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cc-play-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The history panel's line of move `n` (the panel starts at column 54).
fn history_has(screen: &str, n: u32, who: &str) -> bool {
    let prefix = format!("{n:>3} {who}");
    screen
        .lines()
        .any(|l| l.chars().skip(54).collect::<String>().starts_with(&prefix))
}

/// The Beginner's display name, from the core.
fn beginner_name() -> String {
    chinese_checkers_core::ffi::opponents()[0].name.clone()
}

/// Whether the board (the first 53 columns, left of the side panel and its legend) shows `text`.
fn board_has(screen: &str, text: &str) -> bool {
    screen
        .lines()
        .any(|l| l.chars().take(53).collect::<String>().contains(text))
}

#[test]
fn keyboard_game_against_the_beginner_then_quit_save_and_resume() {
    let home = temp_dir("keys");
    let first = beginner_name();
    let first_name = first.split(' ').next().unwrap();
    let mut t = Term::start(&home, &["--seed", "1", "--level", "beginner"]);
    t.wait_for("Turn: You");
    let beginner = beginner_name();
    t.wait_for(&format!("You (R) vs {beginner} (B)"));
    // The cursor starts on a front peg: select it, step up, play.
    t.wait_for("at -3,5");
    t.send(ENTER);
    t.wait_until("the selection and its steps", |s| {
        s.contains("selected -3,5") && board_has(s, "+   +")
    });
    t.send(UP);
    t.wait_for("at -3,4");
    t.send(ENTER);
    t.wait_until("the AI's reply in the history", |s| {
        history_has(s, 1, "You Step -3,5→-3,4") && history_has(s, 2, first_name)
    });
    t.wait_for("Turn: You");
    // Undo takes back both moves, redo plays them again.
    t.send("u");
    t.wait_until("an empty history", |s| !history_has(s, 1, "You"));
    t.send("r");
    t.wait_until("the moves back", |s| history_has(s, 2, first_name));
    // A hint marks its holes.
    t.send("h");
    t.wait_until("the hint's marks", |s| board_has(s, "?"));
    t.send("q");
    assert!(t.wait_exit(), "play exits cleanly");
    t.wait_for("Game saved to");
    let save = home.join("chinese-checkers/session.json");
    assert!(save.exists());

    // --resume continues where we left off.
    let mut t = Term::start(&home, &["--resume"]);
    t.wait_until("the restored history", |s| {
        history_has(s, 1, "You Step -3,5→-3,4") && history_has(s, 2, first_name)
    });
    t.send("q");
    assert!(t.wait_exit());
    let _ = std::fs::remove_dir_all(&home);
}

/// S has nine pegs home and one two steps away; N's last peg is far from home.
const ENDGAME: &str = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
 "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[4,-5],[1,-3]],
         "N":[[-4,8],[-4,7],[-3,7],[-4,6],[-3,6],[-2,6],[-4,5],[-3,5],[-2,5],[0,0]]},
 "to_move":0}"#;

#[test]
fn mouse_game_to_the_end_records_the_result() {
    let home = temp_dir("mouse");
    let position = home.join("endgame.json");
    std::fs::write(&position, ENDGAME).unwrap();
    let first = beginner_name();
    let first_name = first.split(' ').next().unwrap();
    let mut t = Term::start(
        &home,
        &["--position", position.to_str().unwrap(), "--seed", "3"],
    );
    t.wait_for("Turn: You");
    // Click the straggler, then the hole above it.
    let (x, y) = cell(1, -3);
    t.click(x, y);
    t.wait_until("the selection", |s| {
        s.contains("selected 1,-3") && board_has(s, "+  [R]  +")
    });
    let (x, y) = cell(1, -4);
    t.click(x, y);
    t.wait_until("the AI's reply", |s| history_has(s, 2, first_name));
    t.wait_for("Turn: You");
    let (x, y) = cell(1, -4);
    t.click(x, y);
    let (x, y) = cell(1, -5);
    t.click(x, y);
    t.wait_for("You won!");
    t.wait_for("★ You");
    t.send("q");
    assert!(t.wait_exit());
    t.wait_for("Game over: You won!");
    // A finished game leaves no save behind, and counts in the statistics.
    assert!(!home.join("chinese-checkers/session.json").exists());
    let stats = std::fs::read_to_string(home.join("chinese-checkers/statistics.json")).unwrap();
    assert!(stats.contains("chinese-checkers-statistics"), "{stats}");
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_corrupt_save_and_online_play_give_clear_messages() {
    let home = temp_dir("errors");
    std::fs::create_dir_all(home.join("chinese-checkers")).unwrap();
    std::fs::write(home.join("chinese-checkers/session.json"), "{not json").unwrap();
    let mut t = Term::start(&home, &["--resume"]);
    assert!(!t.wait_exit(), "a corrupt save is an error");
    t.wait_for("could not resume the saved game");
    t.wait_for("corrupt save");

    let mut t = Term::start(&home, &["--server", "ws://127.0.0.1:9", "--quick"]);
    assert!(!t.wait_exit());
    t.wait_for("online play is not available in this build yet");
    let _ = std::fs::remove_dir_all(&home);
}
