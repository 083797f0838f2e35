//! End-to-end: the `chinese-checkers play` binary in a pseudo-terminal (portable-pty), its screen
//! read back through a VT100 emulator (vt100), driven by keys and mouse clicks through short
//! games against the seeded Beginner: moves, the AI's replies, undo and redo, quit with every
//! move saved in the saved-games library, `--resume`, nothing saved for an untouched game, the
//! question before a second solo game takes the first one's slot, a game played to its end (from
//! a position: not counted; never offered to continue), the messages for damaged saves, and an
//! online game through the real server (in process on 127.0.0.1) against a scripted second
//! device, including a dropped connection that the terminal reconnects by itself and a won game
//! that is not resumed.
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
        Term::spawn(data_home, args, (ROWS, COLS), false)
    }

    /// The binary in a terminal of `rows` × `cols`.
    fn start_sized(data_home: &Path, args: &[&str], rows: u16, cols: u16) -> Term {
        Term::spawn(data_home, args, (rows, cols), false)
    }

    /// The binary in the terminal with stdin from /dev/null (keys still reach the game through
    /// the controlling terminal, but nobody can answer a question on stdin).
    fn start_without_stdin(data_home: &Path, args: &[&str]) -> Term {
        Term::spawn(data_home, args, (ROWS, COLS), true)
    }

    fn spawn(data_home: &Path, args: &[&str], (rows, cols): (u16, u16), no_stdin: bool) -> Term {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let bin = env!("CARGO_BIN_EXE_chinese-checkers");
        let mut cmd = if no_stdin {
            let mut sh = CommandBuilder::new("sh");
            sh.args(["-c", "exec \"$0\" \"$@\" < /dev/null", bin]);
            sh
        } else {
            CommandBuilder::new(bin)
        };
        cmd.arg("play");
        cmd.args(args);
        cmd.env("XDG_DATA_HOME", data_home);
        cmd.env("TERM", "xterm-256color");
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let screen = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
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
/// the screen; docs/RULES.md §1 layout, two columns per half-step).
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
    t.wait_for("at 14·2");
    t.send(ENTER);
    t.wait_until("the selection and its steps", |s| {
        s.contains("selected 14·2") && board_has(s, "+   +")
    });
    t.send(UP);
    t.wait_for("at 13·6");
    t.send(ENTER);
    t.wait_until("the AI's reply in the history", |s| {
        history_has(s, 1, "You Step 14·2→13·6") && history_has(s, 2, first_name)
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
    t.wait_for("Game saved (solo game (vs ");
    t.wait_for("play --resume`");
    // In the library, not in the single file of earlier versions.
    assert_eq!(saved_games(&home).len(), 1);
    assert!(!home.join("chinese-checkers/session.json").exists());

    // --resume continues where we left off, and quitting saves it again without a question.
    let mut t = Term::start(&home, &["--resume"]);
    t.wait_until("the restored history", |s| {
        history_has(s, 1, "You Step 14·2→13·6") && history_has(s, 2, first_name)
    });
    t.send("q");
    assert!(t.wait_exit());
    t.wait_for("Game saved (solo game (vs ");
    assert_eq!(saved_games(&home).len(), 1);
    let _ = std::fs::remove_dir_all(&home);
}

/// The files of the saved-games library under `home`.
fn saved_games(home: &Path) -> Vec<PathBuf> {
    match std::fs::read_dir(home.join("chinese-checkers/games")) {
        Ok(dir) => dir.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    }
}

/// `chinese-checkers ARGS` without a terminal: whether it succeeded, and its stdout and stderr.
fn run_plain(home: &Path, args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chinese-checkers"))
        .args(args)
        .env("XDG_DATA_HOME", home)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Plays the first step of a solo game and waits for the AI's reply (two moves played).
fn first_step(t: &mut Term) {
    let first = beginner_name();
    let first_name = first.split(' ').next().unwrap();
    t.wait_for("Turn: You");
    t.wait_for("at 14·2");
    t.send(ENTER);
    t.wait_for("selected 14·2");
    t.send(UP);
    t.wait_for("at 13·6");
    t.send(ENTER);
    t.wait_until("the AI's reply in the history", |s| {
        history_has(s, 2, first_name)
    });
    t.wait_for("Turn: You");
}

#[test]
fn an_untouched_game_saves_nothing_and_a_second_solo_game_asks_before_replacing() {
    let home = temp_dir("slots");
    // Quitting before any move: nothing saved.
    let mut t = Term::start(&home, &["--seed", "1"]);
    t.wait_for("Turn: You");
    t.send("q");
    assert!(t.wait_exit());
    t.wait_for("Nothing was played, so nothing was saved.");
    assert!(saved_games(&home).is_empty());

    // A first solo game, saved.
    let mut t = Term::start(&home, &["--seed", "1"]);
    first_step(&mut t);
    t.send("q");
    assert!(t.wait_exit());
    t.wait_for("Game saved (solo game (vs ");
    let first = saved_games(&home);
    assert_eq!(first.len(), 1);
    let first_text = std::fs::read_to_string(&first[0]).unwrap();

    // A second solo game is asked about before it starts (the core saves it as it is played):
    // yes, in a terminal too small for the board, quit at once — nothing played, so the first
    // game is untouched (a new game takes the slot at its first move).
    let mut t = Term::start_sized(&home, &["--seed", "2"], 20, 60);
    t.wait_for("You already have a saved solo game (vs ");
    t.wait_for("Replace it with this one? [y/N]");
    t.send("y\r");
    t.wait_for("too small");
    t.send("q");
    assert!(t.wait_exit());
    t.wait_for("Nothing was played, so nothing was saved.");
    assert_eq!(saved_games(&home), first);
    assert_eq!(std::fs::read_to_string(&first[0]).unwrap(), first_text);

    // No: the second game is played unsaved, and the first is kept.
    let mut t = Term::start(&home, &["--seed", "2"]);
    t.wait_for("Replace it with this one? [y/N]");
    t.send("n\r");
    first_step(&mut t);
    t.send("q");
    assert!(t.wait_exit());
    t.wait_for("This game was not saved; your saved solo game");
    assert_eq!(saved_games(&home), first);
    assert_eq!(std::fs::read_to_string(&first[0]).unwrap(), first_text);

    // Without a terminal on stdin nobody is asked: the first is kept, and that is said.
    let mut t = Term::start_without_stdin(&home, &["--seed", "3"]);
    first_step(&mut t);
    t.send("q");
    assert!(t.wait_exit());
    t.wait_for("This game was not saved: you already have a saved solo game");
    t.wait_for("stdin is not a terminal");
    assert_eq!(saved_games(&home), first);

    // An id that names no saved game lists the saved ones; `--resume solo` continues the first.
    let mut t = Term::start(&home, &["--resume", "nothing-like-this"]);
    assert!(!t.wait_exit());
    t.wait_for("there is no saved game with the id \"nothing-like-this\"");
    t.wait_for(" 1. solo game (vs ");
    let mut t = Term::start(&home, &["--resume", "solo"]);
    t.wait_until("the first game's two moves", |s| history_has(s, 2, ""));
    t.send("q");
    assert!(t.wait_exit());

    // A pass-and-play game takes its own slot, no question asked.
    let mut t = Term::start(&home, &["--hotseat", "--seed", "1"]);
    t.wait_for("at 14·2");
    t.send(ENTER);
    t.wait_for("selected 14·2");
    t.send(UP);
    t.send(ENTER);
    t.wait_until("the first move", |s| history_has(s, 1, "Player Step"));
    t.send("q");
    assert!(t.wait_exit());
    t.wait_for("Game saved (pass-and-play game (Player 1 vs Player 2, 1 move))");
    t.wait_for("play --resume hotseat`");
    assert_eq!(saved_games(&home).len(), 2);

    // Two saved games: --resume lists them (newest first; these two were saved within the same
    // few seconds) and asks which.
    let mut t = Term::start(&home, &["--resume"]);
    t.wait_for("Which game do you want to continue? [1-2, Enter to cancel]");
    let screen = t.contents();
    assert!(screen.contains(". solo game (vs "), "{screen}");
    let number = screen
        .lines()
        .find(|l| l.contains(". pass-and-play game (Player 1 vs Player 2, 1 move), saved just now"))
        .and_then(|l| l.trim_start().split('.').next().map(str::to_owned))
        .unwrap_or_else(|| panic!("the pass-and-play game is listed; the screen:\n{screen}"));
    t.send(&format!("{number}\r"));
    t.wait_until("the pass-and-play game", |s| {
        s.contains("Player 1 (R) vs Player 2 (B)") && history_has(s, 1, "Player Step")
    });
    t.send("q");
    assert!(t.wait_exit());
    // Nobody to ask: refused, with the list and the ways to say which.
    let mut t = Term::start_without_stdin(&home, &["--resume"]);
    assert!(!t.wait_exit());
    t.wait_for("say which to continue with --resume solo, --resume hotseat or --resume ID");
    t.wait_for(". solo game (vs ");
    let _ = std::fs::remove_dir_all(&home);
}

/// S has nine pegs home and one two steps away; N's last peg is far from home.
const ENDGAME: &str = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
 "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[4,-5],[1,-3]],
         "N":[[-4,8],[-4,7],[-3,7],[-4,6],[-3,6],[-2,6],[-4,5],[-3,5],[-2,5],[0,0]]},
 "to_move":0}"#;

#[test]
fn mouse_game_to_the_end_from_a_position_is_not_counted() {
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
        s.contains("selected 6·6") && board_has(s, "+  [R]  +")
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
    // A finished game is kept among the finished games, never offered to continue; played
    // from a position, it does not count.
    assert_eq!(saved_games(&home).len(), 1);
    let library = chinese_checkers_core::ffi::GameLibrary::open(
        home.join("chinese-checkers").display().to_string(),
    )
    .unwrap();
    let listing = library.listing().unwrap();
    assert!(listing.playing.is_empty(), "{listing:?}");
    assert_eq!(listing.finished.len(), 1);
    let mut t = Term::start(&home, &["--resume"]);
    assert!(!t.wait_exit(), "nothing to continue");
    t.wait_for("there is no saved game to continue");
    let (ok, stats) = run_plain(&home, &["stats"]);
    assert!(ok, "{stats}");
    assert!(stats.contains(&first), "{stats}");
    assert!(stats.contains("No game counted yet"), "{stats}");
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn damaged_saves_give_a_clear_message() {
    let home = temp_dir("errors");
    // The single save of an earlier version, damaged: left where it is, and said.
    std::fs::create_dir_all(home.join("chinese-checkers")).unwrap();
    let old = home.join("chinese-checkers/session.json");
    std::fs::write(&old, "{not json").unwrap();
    let mut t = Term::start(&home, &["--resume"]);
    assert!(!t.wait_exit(), "nothing to resume is an error");
    t.wait_for("could not be moved to the saved games (corrupt save");
    t.wait_for("there is no saved game to continue: start one with");
    assert!(old.exists());
    // A damaged game in the library, asked for by its id.
    std::fs::create_dir_all(home.join("chinese-checkers/games")).unwrap();
    std::fs::write(
        home.join("chinese-checkers/games/0123456789abcdef.json"),
        "{\"format\":\"chinese-checkers-saved-game\"",
    )
    .unwrap();
    let mut t = Term::start(&home, &["--resume", "0123456789abcdef"]);
    assert!(!t.wait_exit());
    t.wait_for("could not resume the saved game 0123456789abcdef: corrupt save");
    let _ = std::fs::remove_dir_all(&home);
}

mod online {
    use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    use chinese_checkers_core::ffi::{new_token, Game, OnlineGame, OnlineTransport};
    use chinese_checkers_core::online::Format;
    use chinese_checkers_core::rules::MoveKind;
    use chinese_checkers_core::session::online::{Connection, OnlineRequest, OnlineState};
    use chinese_checkers_core::session::{Banner, EndReason};
    use chinese_checkers_server::{start, Config};
    use tungstenite::stream::MaybeTlsStream;
    use tungstenite::{Message, WebSocket};

    use super::{temp_dir, Term, WAIT};

    /// The frames of the bot's board calls, sent once each call returns.
    #[derive(Default)]
    struct Outbox(Mutex<Vec<String>>);

    impl OnlineTransport for Outbox {
        fn send(&self, frame: String) {
            self.0.lock().unwrap().push(frame);
        }
    }

    /// The second device, scripted: a blocking socket and an online game.
    pub struct Bot {
        ws: WebSocket<MaybeTlsStream<TcpStream>>,
        pub game: Arc<OnlineGame>,
        /// The session's board (taps, resign, draws), as the apps play it.
        board: Arc<Game>,
        outbox: Arc<Outbox>,
    }

    impl Bot {
        pub fn connect(url: &str, name: &str) -> Bot {
            Bot::connect_as(url, name, &new_token())
        }

        /// Connects with a given device token (the terminal's, to act as the same device).
        pub fn connect_as(url: &str, name: &str, token: &str) -> Bot {
            let (ws, _) = tungstenite::connect(url).expect("connects");
            if let MaybeTlsStream::Plain(s) = ws.get_ref() {
                s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
            }
            let game = OnlineGame::new();
            let outbox = Arc::new(Outbox::default());
            game.set_transport(Some(Arc::clone(&outbox) as Arc<dyn OnlineTransport>));
            let mut bot = Bot {
                ws,
                board: Arc::clone(&game).game(),
                game,
                outbox,
            };
            let up = bot
                .game
                .send(OnlineRequest::Hello {
                    token: token.into(),
                    name: name.into(),
                })
                .unwrap();
            bot.send(up.outgoing);
            bot.pump_until("welcome", |s| s.connection == Connection::Connected);
            bot
        }

        /// A call of the board; the frames it made are sent.
        pub fn act<T>(&mut self, call: impl FnOnce(&Game) -> T) -> T {
            let out = call(&self.board);
            let frames = std::mem::take(&mut *self.outbox.0.lock().unwrap());
            self.send(frames);
            out
        }

        pub fn send(&mut self, outgoing: Vec<String>) {
            for m in outgoing {
                self.ws.send(Message::text(m)).expect("send");
            }
        }

        /// Feeds the server's frames to the game until `done` holds (bounded in time);
        /// returns whether it did.
        pub fn pump(&mut self, limit: Duration, done: impl Fn(&OnlineState) -> bool) -> bool {
            let t0 = Instant::now();
            loop {
                if done(&self.game.state()) {
                    return true;
                }
                if t0.elapsed() > limit {
                    return false;
                }
                match self.ws.read() {
                    Ok(Message::Text(t)) => {
                        let up = self.game.receive(t.as_str().to_owned()).unwrap();
                        self.send(up.outgoing);
                    }
                    Ok(_) => {}
                    Err(tungstenite::Error::Io(e))
                        if matches!(
                            e.kind(),
                            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                        ) => {}
                    Err(e) => panic!("bot socket: {e}"),
                }
            }
        }

        pub fn pump_until(&mut self, what: &str, done: impl Fn(&OnlineState) -> bool) {
            assert!(self.pump(WAIT, done), "bot: timed out waiting for {what}");
        }

        pub fn my_turn(&self) -> bool {
            let s = self.game.state();
            s.game
                .as_ref()
                .is_some_and(|g| s.board.outcome.is_none() && s.board.to_move == g.side)
        }

        /// Plays a step with the first peg that has one, and waits for the server's commit.
        pub fn play_a_step(&mut self) {
            let state = self.game.state();
            let side = state.game.as_ref().unwrap().side;
            let mine = state.board.players[side as usize].colours.clone();
            let pegs: Vec<_> = state
                .board
                .holes
                .iter()
                .filter(|h| h.occupant.is_some_and(|c| mine.contains(&c)))
                .map(|h| h.coord)
                .collect();
            for peg in pegs {
                let board = self.act(|b| b.tap(peg.q, peg.r)).unwrap();
                let Some(step) = board
                    .targets
                    .iter()
                    .find(|t| t.kind == MoveKind::Step)
                    .cloned()
                else {
                    self.act(|b| b.cancel_touch());
                    continue;
                };
                self.act(|b| b.tap(step.coord.q, step.coord.r)).unwrap();
                self.pump_until("the commit of its move", |s| {
                    s.game.as_ref().unwrap().pending_move.is_empty()
                });
                return;
            }
            panic!("bot: no step to play");
        }
    }

    const UP: &str = "\x1b[A";
    const DOWN: &str = "\x1b[B";
    const ENTER: &str = "\r";

    /// The row of the hole under the cursor ("at row·place" in the title line), counted from
    /// the centre row (negative: the northern half), as the axial r.
    fn cursor_row(screen: &str) -> Option<i32> {
        let title = screen.lines().next()?;
        let at = title.rsplit(" at ").next()?;
        let row: i32 = at.trim().split('·').next()?.trim().parse().ok()?;
        Some(row - 9)
    }

    /// The room code in the terminal's banner.
    fn room_code(screen: &str) -> Option<String> {
        let rest = screen.split("Room code ").nth(1)?;
        let code: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        (!code.is_empty()).then_some(code)
    }

    #[test]
    fn an_unreachable_server_gets_one_clear_line() {
        let home = temp_dir("unreachable");
        // Port 1 on this machine: nothing listens there.
        let mut t = Term::start(&home, &["--server", "ws://127.0.0.1:1/ws", "--quick"]);
        assert!(!t.wait_exit(), "play fails");
        let screen = t.contents();
        assert!(
            screen.contains(
                "error: Could not reach the server at ws://127.0.0.1:1/ws: connection refused"
            ),
            "{screen}"
        );
        assert_eq!(screen.matches("ws://127.0.0.1:1/ws").count(), 1, "{screen}");
        assert!(!screen.contains("Connecting"), "{screen}");
        let _ = std::fs::remove_dir_all(&home);
    }

    /// A TCP proxy in front of the server: the test cuts its connections and refuses new ones
    /// for a while, as a network outage would.
    struct Proxy {
        url: String,
        down: Arc<AtomicBool>,
        open: Arc<Mutex<Vec<TcpStream>>>,
    }

    impl Proxy {
        fn start(target: SocketAddr) -> Proxy {
            let listener = TcpListener::bind("127.0.0.1:0").unwrap();
            let url = format!("ws://{}/ws", listener.local_addr().unwrap());
            let down = Arc::new(AtomicBool::new(false));
            let open = Arc::new(Mutex::new(Vec::new()));
            let (is_down, conns) = (Arc::clone(&down), Arc::clone(&open));
            std::thread::spawn(move || {
                for client in listener.incoming() {
                    let Ok(client) = client else { continue };
                    if is_down.load(Ordering::SeqCst) {
                        // The outage: the connection is closed at once.
                        let _ = client.shutdown(Shutdown::Both);
                        continue;
                    }
                    let Ok(server) = TcpStream::connect(target) else {
                        continue;
                    };
                    let mut list = conns.lock().unwrap();
                    list.push(client.try_clone().unwrap());
                    list.push(server.try_clone().unwrap());
                    drop(list);
                    for (mut from, mut to) in [
                        (client.try_clone().unwrap(), server.try_clone().unwrap()),
                        (server, client),
                    ] {
                        std::thread::spawn(move || {
                            let _ = std::io::copy(&mut from, &mut to);
                            let _ = from.shutdown(Shutdown::Both);
                            let _ = to.shutdown(Shutdown::Both);
                        });
                    }
                }
            });
            Proxy { url, down, open }
        }

        /// Cuts every connection and refuses new ones until [`Proxy::restore`].
        fn cut(&self) {
            self.down.store(true, Ordering::SeqCst);
            for s in self.open.lock().unwrap().drain(..) {
                let _ = s.shutdown(Shutdown::Both);
            }
        }

        fn restore(&self) {
            self.down.store(false, Ordering::SeqCst);
        }
    }

    #[test]
    fn finished_games_are_listed_downloaded_and_open_as_game_files() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let server = rt
            .block_on(start(Config {
                bind: "127.0.0.1:0".parse().unwrap(),
                ..Config::default()
            }))
            .expect("the server starts");
        let url = server.ws_url();
        let home = temp_dir("online-records");
        // The terminal's device: its token is the one in its data directory.
        let token = new_token();
        std::fs::create_dir_all(home.join("chinese-checkers")).unwrap();
        std::fs::write(home.join("chinese-checkers/online-token"), &token).unwrap();
        let (ok, text) = super::run_plain(&home, &["games", "--server", &url]);
        assert!(ok, "{text}");
        assert!(text.contains("No finished online games yet"), "{text}");
        // That device plays a game (as a bot) and loses it by resigning.
        let mut ada = Bot::connect_as(&url, "Ada", &token);
        let mut bob = Bot::connect(&url, "Bob");
        let up = ada
            .game
            .send(OnlineRequest::QuickMatch {
                format: Some(Format::Classic),
            })
            .unwrap();
        ada.send(up.outgoing);
        ada.pump_until("searching", |s| s.searching);
        let up = bob
            .game
            .send(OnlineRequest::QuickMatch {
                format: Some(Format::Classic),
            })
            .unwrap();
        bob.send(up.outgoing);
        bob.pump_until("the game", |s| s.game.is_some());
        ada.pump_until("the game", |s| s.game.is_some());
        if ada.my_turn() {
            ada.play_a_step();
        }
        ada.act(|b| b.resign()).unwrap();
        ada.pump_until("the end", |s| s.game.as_ref().is_some_and(|g| g.over));
        let id = ada.game.state().game.unwrap().id;
        let (ok, text) = super::run_plain(&home, &["games", "--server", &url]);
        assert!(ok, "{text}");
        assert!(
            text.contains(&id) && text.contains("classic against Bob: you lost (you resigned)"),
            "{text}"
        );
        // Both players come from one address (loopback) and the game ended before two moves a
        // side: the server rates neither (docs/ONLINE.md, "Rating integrity"), so the device
        // still has no rating.
        assert!(text.contains("No rated games yet"), "{text}");
        assert!(!text.contains("Your ratings:"), "{text}");
        let file = home.join("game.json");
        let file_arg = file.to_str().unwrap();
        let args = [
            "games",
            "--server",
            &url,
            "--download",
            &id,
            "--output",
            file_arg,
        ];
        let (ok, text) = super::run_plain(&home, &args);
        assert!(ok, "{text}");
        assert!(text.contains("play --open"), "{text}");
        let save = std::fs::read_to_string(&file).unwrap();
        let local = chinese_checkers_core::ffi::LocalGame::restore(save).unwrap();
        let moves = ada.game.state().board.history.len();
        assert_eq!(local.state().history.len(), moves);
        // Someone else's game is refused with a clear line.
        let args = ["games", "--server", &url, "--download", "g-nope"];
        let (ok, text) = super::run_plain(&home, &args);
        assert!(!ok && text.contains("the server refused"), "{text}");
        // The file opens in `play` (which then needs a terminal).
        let (ok, text) = super::run_plain(&home, &["play", "--open", file_arg]);
        assert!(!ok && text.contains("needs a terminal"), "{text}");
        // A public game being played is listed, and watched in the terminal.
        let mut cy = Bot::connect(&url, "Cy");
        let mut dan = Bot::connect(&url, "Dan");
        let up = cy
            .game
            .send(OnlineRequest::QuickMatch {
                format: Some(Format::Tripot1),
            })
            .unwrap();
        cy.send(up.outgoing);
        cy.pump_until("searching", |s| s.searching);
        let up = dan
            .game
            .send(OnlineRequest::QuickMatch {
                format: Some(Format::Tripot1),
            })
            .unwrap();
        dan.send(up.outgoing);
        dan.pump_until("the game", |s| s.game.is_some());
        cy.pump_until("the game", |s| s.game.is_some());
        let live = cy.game.state().game.unwrap().id;
        let (ok, text) = super::run_plain(&home, &["games", "--server", &url, "--live"]);
        assert!(ok && text.contains(&live), "{text}");
        let mut t = Term::start(&home, &["--server", url.as_str(), "--watch", live.as_str()]);
        t.wait_until("the watched game", |s| {
            s.contains("Cy") && s.contains("Dan")
        });
        t.send("q");
        drop(t);
        // A private room's game is watched with the room's code alone, as a friend types it.
        let mut eve = Bot::connect(&url, "Eve");
        let mut fay = Bot::connect(&url, "Fay");
        let up = eve
            .game
            .send(OnlineRequest::CreateRoom {
                format: Format::Tripot1,
                clock: None,
            })
            .unwrap();
        eve.send(up.outgoing);
        eve.pump_until("the room", |s| s.room.is_some());
        let code = eve.game.state().room.unwrap().code;
        let up = fay
            .game
            .send(OnlineRequest::JoinRoom { code: code.clone() })
            .unwrap();
        fay.send(up.outgoing);
        fay.pump_until("the game", |s| s.game.is_some());
        eve.pump_until("the game", |s| s.game.is_some());
        let typed = code.to_lowercase();
        let mut t = Term::start(&home, &["--server", url.as_str(), "--watch-code", &typed]);
        t.wait_until("the room's game", |s| {
            s.contains("Eve") && s.contains("Fay")
        });
        t.send("q");
        drop(rt);
    }

    #[test]
    fn a_dropped_connection_is_reconnected_and_the_pending_move_arrives_once() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let server = rt
            .block_on(start(Config {
                bind: "127.0.0.1:0".parse().unwrap(),
                ..Config::default()
            }))
            .expect("the server starts");
        let proxy = Proxy::start(server.addr());
        let home = temp_dir("online-reconnect");

        // The terminal plays through the proxy, the second device straight to the server.
        let command = [
            "--server",
            proxy.url.as_str(),
            "--create-room",
            "--name",
            "Ada",
        ];
        let mut t = Term::start(&home, &command);
        t.wait_until("the room code", |s| room_code(s).is_some());
        let code = room_code(&t.contents()).unwrap();
        let mut bot = Bot::connect(&server.ws_url(), "Bob");
        let up = bot
            .game
            .send(OnlineRequest::JoinRoom {
                code: code.to_owned(),
            })
            .unwrap();
        bot.send(up.outgoing);
        bot.pump_until("the game", |s| s.game.is_some());
        t.wait_until("the game with Bob", |s| {
            s.contains("Bob") && !s.contains("Room code")
        });
        // Bob plays first if he opens: then it is the terminal's turn.
        if bot.my_turn() {
            bot.play_a_step();
        }
        bot.pump_until("the terminal's turn", |s| {
            s.game.as_ref().is_some_and(|g| s.board.to_move != g.side)
        });
        let before = bot.game.state().board.history.len();
        t.wait_until("the terminal's turn", |s| s.contains("Turn: You"));

        // The network goes down: the terminal shows it is reconnecting.
        proxy.cut();
        t.wait_for("Reconnecting…");
        // The person moves meanwhile: the move is drawn and kept, pending.
        let r = cursor_row(&t.contents()).expect("the cursor's hole in the title");
        t.send(ENTER);
        t.send(if r < 0 { DOWN } else { UP });
        t.send(ENTER);
        let mine = format!("{:>3} You", before + 1);
        t.wait_until("the pending move drawn", |s| {
            s.contains(&mine) && s.contains("Reconnecting…")
        });
        assert!(
            !bot.pump(Duration::from_millis(800), |s| s.board.history.len()
                > before),
            "the move cannot have reached the server yet"
        );
        assert!(t.contents().contains("Reconnecting…"), "{}", t.contents());

        // The network comes back: the terminal reconnects by itself, resumes the game and its
        // pending move arrives once.
        proxy.restore();
        bot.pump_until("the terminal's move after its return", |s| {
            s.board.history.len() > before
        });
        t.wait_until("the move committed after the reconnection", |s| {
            s.contains(&mine) && !s.contains("Sending") && !s.contains("Reconnecting")
        });
        bot.pump(Duration::from_millis(800), |_| false);
        let state = bot.game.state();
        assert_eq!(state.board.history.len(), before + 1, "played exactly once");
        assert!(state.game.as_ref().unwrap().opponent_connected);
        assert!(
            !t.contents().contains(&format!("{:>3} You", before + 2)),
            "{}",
            t.contents()
        );

        // And the game goes on.
        assert!(bot.my_turn());
        bot.play_a_step();
        t.wait_until("Bob's move on the terminal", |s| {
            s.contains(&format!("{:>3} Bob", before + 2))
        });
        t.wait_until("the terminal's turn again", |s| s.contains("Turn: You"));

        t.send("q");
        assert!(t.wait_exit(), "play exits cleanly");
        rt.block_on(server.shutdown());
        let _ = std::fs::remove_dir_all(&home);
    }

    #[test]
    fn a_terminal_player_and_a_second_device_play_through_the_server() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let server = rt
            .block_on(start(Config {
                bind: "127.0.0.1:0".parse().unwrap(),
                ..Config::default()
            }))
            .expect("the server starts");
        let url = server.ws_url();
        let home = temp_dir("online");

        // The terminal opens a private room and shows its code.
        let command = ["--server", url.as_str(), "--create-room", "--name", "Ada"];
        let mut t = Term::start(&home, &command);
        t.wait_until("the room code", |s| room_code(s).is_some());
        let code = room_code(&t.contents()).unwrap();
        // The device token is kept next to the save.
        let token = std::fs::read_to_string(home.join("chinese-checkers/online-token")).unwrap();
        assert!(!token.trim().is_empty());

        // The second device joins with it.
        let mut bot = Bot::connect(&url, "Bob");
        let up = bot
            .game
            .send(OnlineRequest::JoinRoom { code: code.clone() })
            .unwrap();
        bot.send(up.outgoing);
        bot.pump_until("the game", |s| s.game.is_some());
        assert_eq!(bot.game.state().game.unwrap().opponent, "Ada", "--name");
        let kept = std::fs::read_to_string(home.join("chinese-checkers/online-name")).unwrap();
        assert_eq!(kept.trim(), "Ada", "the name is kept next to the token");
        t.wait_until("the game with Bob", |s| {
            s.contains("Bob") && !s.contains("Room code")
        });

        // One move each way, whoever opens.
        let mut terminal_moved = false;
        let mut bot_moved = false;
        let t0 = Instant::now();
        while !(terminal_moved && bot_moved) {
            assert!(
                t0.elapsed() < 4 * WAIT,
                "no progress; the screen:\n{}",
                t.contents()
            );
            let before = bot.game.state().board.history.len();
            if bot.my_turn() {
                bot.play_a_step();
                bot_moved = true;
                // The terminal shows the move and hands it the turn.
                t.wait_until("Bob's move on the terminal", |s| {
                    s.contains(&format!("{:>3} Bob", before + 1))
                });
                continue;
            }
            if !bot.pump(Duration::from_millis(300), |s| {
                s.game.as_ref().is_some_and(|g| s.board.to_move != g.side)
            }) {
                continue;
            }
            // The terminal's turn: select the front peg under the cursor and step towards the
            // centre (down from the northern camp, up from the southern one).
            t.wait_until("the terminal's turn", |s| s.contains("Turn: You"));
            let r = cursor_row(&t.contents()).expect("the cursor's hole in the title");
            t.send(ENTER);
            t.send(if r < 0 { DOWN } else { UP });
            t.send(ENTER);
            let played = bot.pump(WAIT, |s| s.board.history.len() > before);
            assert!(
                played,
                "the terminal's move did not arrive; the screen:\n{}",
                t.contents()
            );
            terminal_moved = true;
            t.wait_until("the terminal's move committed", |s| {
                s.contains(&format!("{:>3} You", before + 1)) && !s.contains("Sending")
            });
        }

        t.send("q");
        assert!(t.wait_exit(), "play exits cleanly");
        // The player is told the game goes on without them for a while, and how to go back.
        t.wait_for("You left the game against Bob in progress; it stays open on the server");
        t.wait_for("continue it with the same command");

        // The same command brings the game back (the remembered name, no new room).
        let mut t = Term::start(&home, &command);
        t.wait_until("the game with Bob again", |s| {
            s.contains("Bob") && s.contains("You (") && !s.contains("Room code")
        });
        t.send("u");
        t.wait_for("Undo is not available in online games");

        // Bob resigns: the terminal's game is won, and the library has it among the finished
        // games at once (the core wrote it), never as one to continue.
        let id = bot.game.state().game.unwrap().id;
        bot.act(|b| b.resign()).unwrap();
        bot.pump_until("the end", |s| s.game.as_ref().is_some_and(|g| g.over));
        t.wait_for("Bob resigned");
        t.send("q");
        assert!(t.wait_exit(), "play exits cleanly");
        t.wait_for("Game over: Bob resigned");
        let library = chinese_checkers_core::ffi::GameLibrary::open(
            home.join("chinese-checkers").display().to_string(),
        )
        .unwrap();
        let listing = library.listing().unwrap();
        assert!(listing.playing.is_empty(), "{listing:?}");
        assert!(listing.finished.iter().any(|c| c.id == id), "{listing:?}");
        // The same command does not bring the finished game back (no result shown again): it
        // opens a new room.
        let mut t = Term::start(&home, &command);
        t.wait_until("a new room", |s| room_code(s).is_some());
        assert!(!t.contents().contains("Bob resigned"), "{}", t.contents());
        t.send("q");
        assert!(t.wait_exit(), "play exits cleanly");
        rt.block_on(server.shutdown());
        let _ = std::fs::remove_dir_all(&home);
    }

    /// The status line's away countdown, "Bob has m:ss to come back": its m:ss.
    fn away_left(screen: &str) -> Option<String> {
        let rest = screen.split("Bob has ").nth(1)?;
        let (left, after) = rest.split_once(' ')?;
        after.starts_with("to come back").then(|| left.to_owned())
    }

    /// The last line of the screen: the help line.
    fn help_line(screen: &str) -> String {
        screen
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default()
            .to_owned()
    }

    /// The terminal's room, joined by the bot: both see the game.
    fn room_game(t: &Term, url: &str, bob_token: &str) -> Bot {
        t.wait_until("the room code", |s| room_code(s).is_some());
        let code = room_code(&t.contents()).unwrap();
        let mut bob = Bot::connect_as(url, "Bob", bob_token);
        let up = bob
            .game
            .send(OnlineRequest::JoinRoom {
                code: code.to_owned(),
            })
            .unwrap();
        bob.send(up.outgoing);
        bob.pump_until("the game", |s| s.game.is_some());
        t.wait_until("the game with Bob", |s| {
            s.contains("You (") && s.contains("Bob (")
        });
        bob
    }

    #[test]
    fn the_terminal_resigns_offers_and_answers_draws_and_counts_down_an_away_opponent() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let server = rt
            .block_on(start(Config {
                bind: "127.0.0.1:0".parse().unwrap(),
                ..Config::default()
            }))
            .expect("the server starts");
        let url = server.ws_url();
        let home = temp_dir("online-table");
        let bob_token = new_token();
        let command = ["--server", url.as_str(), "--create-room", "--name", "Ada"];
        let mut t = Term::start(&home, &command);

        // Waiting in the room: no seat colour yet (the server draws the seats as the game
        // starts), and only the keys that do something now.
        t.wait_until("the room code", |s| room_code(s).is_some());
        let waiting = t.contents();
        assert!(waiting.contains("seats and colours are drawn"), "{waiting}");
        assert!(!waiting.contains("You (R)"), "{waiting}");
        let help = help_line(&waiting);
        assert!(help.contains("q quit") && !help.contains("undo"), "{help}");
        assert!(!help.contains("resign") && !help.contains("hint"), "{help}");

        let mut bob = room_game(&t, &url, &bob_token);
        let help = help_line(&t.contents());
        assert!(
            help.contains("x resign") && help.contains("d draw"),
            "{help}"
        );
        assert!(!help.contains("undo") && !help.contains("hint"), "{help}");

        // The terminal offers a draw; Bob declines it.
        t.send("d");
        bob.pump_until("the terminal's offer", |s| {
            s.board.capabilities.can_answer_draw
        });
        t.wait_for("Draw offered — waiting for Bob");
        bob.act(|b| b.answer_draw(false)).unwrap();
        t.wait_for("Bob declined the draw");

        // Bob offers one: the terminal says how to answer, and declines with n.
        bob.act(|b| b.offer_draw()).unwrap();
        t.wait_for("Bob offers a draw");
        t.wait_for("y accepts the draw, n declines it");
        assert!(help_line(&t.contents()).contains("y/n answer draw"));
        t.send("n");
        bob.pump_until("the terminal's refusal", |s| {
            s.board.banner
                == Some(Banner::DrawDeclined {
                    by: 1 - s.game.as_ref().unwrap().side,
                })
        });
        assert!(!bob.game.state().game.unwrap().over);

        // Bob offers again and the terminal accepts with y: the game is drawn.
        bob.act(|b| b.offer_draw()).unwrap();
        t.wait_for("Bob offers a draw");
        t.send("y");
        t.wait_for("Draw agreed");
        bob.pump_until("the draw", |s| s.game.as_ref().is_some_and(|g| g.over));
        assert_eq!(
            bob.game.state().board.outcome.unwrap().reason,
            EndReason::DrawAgreed
        );
        t.send("q");
        assert!(t.wait_exit(), "play exits cleanly");

        // A new room, and a new game with Bob.
        let mut t = Term::start(&home, &command);
        let bob = room_game(&t, &url, &bob_token);
        // Bob's connection drops: his seat is held, and the terminal counts down the server's
        // grace (a minute by default), second by second.
        drop(bob);
        t.wait_until("the away countdown", |s| away_left(s).is_some());
        let first = away_left(&t.contents()).unwrap();
        // About the whole minute (the machine may be slow to draw it).
        let seconds = first
            .split_once(':')
            .map(|(m, s)| m.parse::<u32>().unwrap() * 60 + s.parse::<u32>().unwrap());
        assert!(seconds.is_some_and(|s| (45..=60).contains(&s)), "{first}");
        t.wait_until("the countdown ticking", |s| {
            away_left(s).is_some_and(|left| left != first)
        });
        // He comes back (same device) and the game goes on.
        let mut bob = Bot::connect_as(&url, "Bob", &bob_token);
        bob.pump_until("the game again", |s| {
            s.game.as_ref().is_some_and(|g| !g.over)
        });
        t.wait_for("Bob is back");
        assert!(away_left(&t.contents()).is_none());

        // x asks first; n keeps playing.
        t.send("x");
        t.wait_for("Resign? y/n");
        assert!(help_line(&t.contents()).contains("y resign"));
        t.send("n");
        t.wait_until("the question gone", |s| !s.contains("Resign? y/n"));
        assert!(!bob.pump(Duration::from_millis(500), |s| {
            s.game.as_ref().is_some_and(|g| g.over)
        }));
        // x then y resigns: Bob wins.
        t.send("x");
        t.wait_for("Resign? y/n");
        t.send("y");
        t.wait_for("You resigned");
        bob.pump_until("the end", |s| s.game.as_ref().is_some_and(|g| g.over));
        let outcome = bob.game.state().board.outcome.unwrap();
        assert_eq!(outcome.reason, EndReason::Resigned);
        assert_eq!(outcome.winners, vec![bob.game.state().game.unwrap().side]);
        // Over: nothing more to resign or offer.
        let help = help_line(&t.contents());
        assert!(!help.contains("resign") && !help.contains("draw"), "{help}");
        t.send("q");
        assert!(t.wait_exit(), "play exits cleanly");
        rt.block_on(server.shutdown());
        let _ = std::fs::remove_dir_all(&home);
    }
}
