//! Unit tests of the terminal game: exact screens on ratatui's test backend, cursor movement,
//! clicks, keys, options and saves.

use std::sync::Arc;

use chinese_checkers_core::ai::AiLevel;
use chinese_checkers_core::ffi::{position_from_json, GameLibrary, LocalGame, SearchOutcome};
use chinese_checkers_core::rules::{MoveKind, Preset};
use chinese_checkers_core::session::online::OnlineRequest;
use chinese_checkers_core::session::{
    Banner, Coord, EndReason, GameState, Highlight, Opener, Seat, SeatPlayer,
};
use clap::Parser;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::Terminal;

use super::board::{self, step_cursor, Direction};
use super::render::{self, history_text};
use super::{library_words, save, settings, words, App, OpensArg, PlayArgs};

/// `chinese-checkers play ...` as the tests parse it.
#[derive(Parser)]
struct Cmd {
    #[command(flatten)]
    play: PlayArgs,
}

fn args(argv: &[&str]) -> PlayArgs {
    let mut all = vec!["play"];
    all.extend_from_slice(argv);
    Cmd::try_parse_from(all).unwrap().play
}

/// A solo tripot game against the Beginner, one colour each, the person opening, seed 1; the
/// AI does not move by itself.
pub(super) fn app() -> App {
    let mut app = App::new(game(&[], 1));
    app.autoplay = false;
    app
}

/// A new game from command-line options.
pub(super) fn game(argv: &[&str], seed: u64) -> Arc<LocalGame> {
    LocalGame::new(settings(&args(argv), seed).unwrap()).unwrap()
}

/// The AI's move, as the worker would wait for it.
pub(super) fn think(app: &App) -> GameState {
    match app.local().unwrap().think().unwrap().wait() {
        SearchOutcome::Finished { state } => state,
        other => panic!("the AI did not move: {other:?}"),
    }
}

pub(super) fn c(q: i32, r: i32) -> Coord {
    Coord { q, r }
}

pub(super) fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn lines(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}

pub(super) fn screen(app: &mut App, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| render::draw(f, app)).unwrap();
    lines(terminal.backend().buffer())
}

/// The person selected the peg on `[-3,5]`: its two steps are offered.
const SELECTED: [&str; 23] = [
    "Chinese Checkers  You (R) vs Jean Médecin (B)                            at 14·2",
    " Turn: You  ·  selected 14·2                                                    ",
    "┌ Board ────────────────────────────────────────────┐┌ Players ────────────────┐",
    "│                         B                         ││▶ You R                  │",
    "│                       B   B                       ││  Jean Médecin B         │",
    "│                     B   B   B                     │└─────────────────────────┘",
    "│                   B   B   B   B                   │┌ Legend ─────────────────┐",
    "│ ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   · ││[R] cursor   <R> selected│",
    "│   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ││ + step  * jump  ?·? hint│",
    "│     ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·     ││{B} swap     (·) chain   │",
    "│       ·   ·   ·   ·   ·   ·   ·   ·   ·   ·       ││-·- last move ~·~ earlier│",
    "│         ·   ·   ·   ·   ·   ·   ·   ·   ·         │└─────────────────────────┘",
    "│       ·   ·   ·   ·   ·   ·   ·   ·   ·   ·       │┌ History ────────────────┐",
    "│     ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·     ││                         │",
    "│   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ││                         │",
    "│ ·   ·   ·   ·   ·   +   +   ·   ·   ·   ·   ·   · ││                         │",
    "│                   R  [R]  R   R                   ││                         │",
    "│                     R   R   R                     ││                         │",
    "│                       R   R                       ││                         │",
    "│                         R                         ││                         │",
    "└───────────────────────────────────────────────────┘└─────────────────────────┘",
    "                                                                                ",
    "←↑↓→ move  Enter select/play  e end jump  u/r undo/redo  h hint  s stats  q quit",
];

#[test]
fn a_selected_peg_and_its_steps_are_drawn_exactly() {
    let mut app = app();
    assert_eq!(app.cursor, c(-3, 5), "the cursor starts on a front peg");
    app.handle_key(key(KeyCode::Enter));
    let got = screen(&mut app, 80, 23);
    assert_eq!(got.len(), SELECTED.len());
    for (i, (g, want)) in got.iter().zip(SELECTED.iter()).enumerate() {
        assert_eq!(g, want, "line {i}");
    }
}

#[test]
fn pegs_targets_and_cursor_have_their_colours() {
    let mut app = app();
    app.handle_key(key(KeyCode::Enter));
    let mut terminal = Terminal::new(TestBackend::new(80, 23)).unwrap();
    terminal.draw(|f| render::draw(f, &mut app)).unwrap();
    let buf = terminal.backend().buffer();
    // Row 3 holds N's tip (blue), row 19 S's tip (red); the step targets are green.
    assert_eq!(buf[(26, 3)].symbol(), "B");
    assert_eq!(buf[(26, 3)].fg, Color::LightBlue);
    assert_eq!(buf[(26, 19)].symbol(), "R");
    assert_eq!(buf[(26, 19)].fg, Color::LightRed);
    assert_eq!(buf[(22, 15)].symbol(), "+");
    assert_eq!(buf[(22, 15)].fg, Color::Green);
}

#[test]
fn a_move_its_path_and_the_history_after_the_ai_replied() {
    let mut app = app();
    // Select, go up to the step target, play.
    app.handle_key(key(KeyCode::Enter));
    app.handle_key(key(KeyCode::Up));
    assert_eq!(app.cursor, c(-3, 4));
    app.handle_key(key(KeyCode::Enter));
    assert_eq!(app.view.history.len(), 1);
    assert!(app.view.ai_to_move);
    // The AI's move, as the worker would play it.
    app.view = think(&app);
    let got = screen(&mut app, 80, 23);
    let side: String = got[13].chars().skip(53).collect();
    assert_eq!(side, "│  1 You Step 14·2→13·6   │");
    assert!(got[14].contains("  2 Jean M"), "{}", got[14]);
    assert!(
        got[15].contains("[R]"),
        "the cursor stayed on the moved peg"
    );
    // The AI's path is marked.
    assert!(got.iter().any(|l| l.contains("-B-")));
    assert_eq!(got[1].trim_end(), " Turn: You");
    // Undo takes both moves back.
    app.handle_key(key(KeyCode::Char('u')));
    assert!(app.view.history.is_empty());
    app.handle_key(key(KeyCode::Char('r')));
    assert_eq!(app.view.history.len(), 2);
}

#[test]
fn a_roomy_terminal_gets_the_tall_board() {
    let mut app = app();
    let got = screen(&mut app, 100, 40);
    assert_eq!(app.placement.map(|p| p.row_step), Some(2));
    assert_eq!(got[3].trim_end(), "│                         B                         ││▶ You R                                      │");
    assert!(got[4].starts_with("│                                                   │"));
    assert_eq!(
        got[35].chars().filter(|&ch| ch == 'R').count(),
        1,
        "S's tip"
    );
}

#[test]
fn a_small_terminal_gets_a_message_not_a_board() {
    let mut app = app();
    let got = screen(&mut app, 60, 20);
    assert_eq!(app.placement, None);
    let text = got.join(" ");
    assert!(text.contains("too small"), "{text}");
    assert!(text.contains("60×20"), "{text}");
    assert!(!text.contains('·'));
}

#[test]
fn arrows_pick_the_nearest_hole_in_that_direction() {
    // From S's front row.
    assert_eq!(
        step_cursor(c(-3, 5), Direction::Right, None),
        Some(c(-2, 5))
    );
    assert_eq!(step_cursor(c(-3, 5), Direction::Left, None), Some(c(-4, 5)));
    assert_eq!(step_cursor(c(-3, 5), Direction::Down, None), Some(c(-4, 6)));
    // The right end of a row goes on to the nearest hole up or down that way.
    assert_eq!(step_cursor(c(-1, 5), Direction::Right, None), Some(c(0, 4)));
    // The S tip has nothing below it.
    assert_eq!(step_cursor(c(-4, 8), Direction::Down, None), None);
    // Every hole can reach the centre by arrows alone, and back.
    let g = board::geometry();
    let (mid_x, mid_y) = (g.width / 2.0, g.height / 2.0);
    for h in &g.holes {
        let mut at = h.coord;
        for _ in 0..40 {
            if at == c(0, 0) {
                break;
            }
            let here = board::hole(at).unwrap();
            let dir = if (here.y - mid_y).abs() > 0.01 {
                if here.y > mid_y {
                    Direction::Up
                } else {
                    Direction::Down
                }
            } else if here.x > mid_x {
                Direction::Left
            } else {
                Direction::Right
            };
            at = step_cursor(at, dir, Some(mid_x)).unwrap();
        }
        assert_eq!(at, c(0, 0), "from {:?}", h.coord);
    }
}

#[test]
fn up_twice_zigzags_back_to_the_same_column() {
    let mut app = app();
    app.cursor = c(-4, 8);
    app.handle_key(key(KeyCode::Up));
    app.handle_key(key(KeyCode::Up));
    assert_eq!(app.cursor, c(-3, 6), "straight above the tip");
    app.handle_key(key(KeyCode::Up));
    app.handle_key(key(KeyCode::Up));
    assert_eq!(app.cursor, c(-2, 4));
}

#[test]
fn a_click_on_a_hole_taps_it_and_between_holes_cancels() {
    let mut app = app();
    screen(&mut app, 80, 23);
    let p = app.placement.unwrap();
    let (x, y) = p.cell(board::hole(c(-2, 5)).unwrap());
    let click = |column, row| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    app.handle_mouse(click(x + 1, y));
    assert_eq!(app.cursor, c(-2, 5));
    assert_eq!(app.view.selected, Some(c(-2, 5)));
    // Between two holes of a row.
    app.handle_mouse(click(x + 2, y));
    assert_eq!(app.view.selected, None);
    // Select again, then click a step target: the move is played.
    app.handle_mouse(click(x, y));
    let target = app
        .view
        .holes
        .iter()
        .find(|h| h.highlight == Highlight::StepTarget)
        .unwrap()
        .coord;
    let (tx, ty) = p.cell(board::hole(target).unwrap());
    app.handle_mouse(click(tx - 1, ty));
    assert_eq!(app.view.history.len(), 1);
}

#[test]
fn errors_of_the_core_show_on_the_message_line() {
    let mut app = app();
    app.handle_key(key(KeyCode::Char('e')));
    let got = screen(&mut app, 80, 23);
    assert_eq!(
        got[21].trim_end(),
        " not possible now: no jump is in progress"
    );
    // Any successful action clears it.
    app.handle_key(key(KeyCode::Enter));
    assert_eq!(app.message, None);
}

#[test]
fn quitting_keys() {
    let mut app = app();
    app.handle_key(key(KeyCode::Char('q')));
    assert!(app.quit);
    let mut app2 = self::app();
    app2.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app2.quit);
}

#[test]
fn history_lines_fit_their_width() {
    let app = {
        let mut a = app();
        a.handle_key(key(KeyCode::Enter));
        a.handle_key(key(KeyCode::Up));
        a.handle_key(key(KeyCode::Enter));
        a
    };
    let item = &app.view.history[0];
    let you = words::player(&app.view, item.player);
    assert_eq!(history_text(item, &you, 40), "  1 You Step 14·2→13·6");
    let mut long = item.clone();
    let jean = "Jean Médecin";
    assert_eq!(history_text(&long, jean, 25), "  1 Jean M Step 14·2→13·6");
    long.path = vec![c(-3, 5), c(-3, 3), c(-3, 1)];
    long.kind = MoveKind::Jump;
    assert_eq!(history_text(&long, jean, 25), "  1 Jean M Jump 14·2→10·3");
    assert_eq!(
        history_text(&long, jean, 40),
        "  1 Jean Médecin Jump 14·2→12·5→10·3"
    );
    assert!(history_text(&long, jean, 12).chars().count() <= 12);
    // A name cut at a space does not leave a double space.
    assert_eq!(
        history_text(&long, "Marie Curie", 25),
        "  1 Marie Jump 14·2→10·3"
    );
}

#[test]
fn options_become_new_game_settings() {
    let settings = |argv: &[&str]| settings(&args(argv), 5).unwrap();
    let beginner = Seat::ai(AiLevel::Beginner);
    // Tripot chooses its opener: the person keeps side 1.
    let s = settings(&["--opens", "opponent"]);
    assert_eq!(s.opener, Opener::Seat { index: 1 });
    assert_eq!(s.seats, vec![Seat::person(), beginner.clone()]);
    // A fixed opener: the AI takes the first seat.
    let s = settings(&["--rules", "classic", "--opens", "opponent"]);
    assert_eq!(s.rules.preset, Preset::Classic);
    assert_eq!(s.opener, Opener::Seat { index: 0 });
    assert_eq!(s.seats, vec![beginner.clone(), Seat::person()]);
    assert!(LocalGame::new(s).is_ok());
    // The core tosses the coin (seeded).
    let s = settings(&["--hotseat", "--colours", "3", "--opens", "coin"]);
    assert_eq!(s.seats, vec![Seat::person(); 2]);
    assert_eq!((s.colours_per_side, s.opener), (3, Opener::CoinToss));
    let opener = LocalGame::new(s).unwrap().state().to_move;
    let again = LocalGame::new(settings(&[
        "--hotseat",
        "--colours",
        "3",
        "--opens",
        "coin",
    ]))
    .unwrap()
    .state();
    assert_eq!(again.to_move, opener, "the same seed tosses the same way");
    assert_eq!(again.banner, Some(Banner::CoinToss { opener }));
    // With a fixed opener the core's coin seats the person first or second, the same for a seed.
    let seated: Vec<usize> = (0..16)
        .map(|seed| {
            let s =
                super::settings(&args(&["--rules", "classic", "--opens", "coin"]), seed).unwrap();
            assert_eq!(s.opener, Opener::CoinToss);
            let state = LocalGame::new(s).unwrap().state();
            assert_eq!(state.to_move, 0);
            state
                .players
                .iter()
                .position(|p| p.player == SeatPlayer::Person)
                .unwrap()
        })
        .collect();
    assert!(seated.contains(&0) && seated.contains(&1), "{seated:?}");
    let s = settings(&["--rules", "sternhalma", "--players", "6", "--level", "hard"]);
    assert_eq!(s.seats.len(), 6);
    assert_eq!(s.seats[0], Seat::person());
    assert!(s.seats[1..].iter().all(|s| s.player
        == SeatPlayer::Ai {
            level: AiLevel::Hard
        }));
    // Several AI seats of one level get names of their own from the core.
    let state = LocalGame::new(s).unwrap().state();
    assert_eq!(words::player(&state, 0), "You");
    let hard = AiLevel::Hard.opponent().name;
    assert_eq!(words::player(&state, 1), hard);
    let names: std::collections::BTreeSet<String> =
        (0..6).map(|p| words::player(&state, p)).collect();
    assert_eq!(names.len(), 6, "{names:?}");
    assert!(super::settings(&args(&["--rules", "nonsense"]), 5).is_err());
    assert!(Cmd::try_parse_from(["play", "--colours", "4"]).is_err());
    assert!(Cmd::try_parse_from(["play", "--opens", "me"]).is_err());
    assert_eq!(args(&["--opens", "coin"]).opens, Some(OpensArg::Coin));
}

#[test]
fn online_options_are_parsed() {
    assert!(
        Cmd::try_parse_from(["play", "--quick"]).is_err(),
        "needs --server"
    );
    assert!(Cmd::try_parse_from(["play", "--server", "ws://h", "--quick", "--lobby"]).is_err());
    assert!(Cmd::try_parse_from(["play", "--server", "ws://h", "--resume"]).is_err());
    // A room's game is watched by its code alone, or with its id; never while finding a game.
    let code = args(&["--server", "ws://h", "--watch-code", "abcd-2345"]);
    assert_eq!(code.watch_code.as_deref(), Some("abcd-2345"));
    assert!(code.watch.is_none());
    assert!(
        args(&["--server", "ws://h", "--watch", "g1", "--watch-code", "C"])
            .watch
            .is_some()
    );
    assert!(
        Cmd::try_parse_from(["play", "--watch-code", "C"]).is_err(),
        "needs --server"
    );
    assert!(
        Cmd::try_parse_from(["play", "--server", "ws://h", "--quick", "--watch-code", "C"])
            .is_err()
    );
    let url = "ws://localhost:8080/ws";
    let a = args(&["--server", url, "--quick"]);
    assert_eq!(a.server.as_deref(), Some(url));
    assert!(a.quick && !a.lobby && !a.create_room && a.room.is_none());
    assert!(args(&["--server", url, "--lobby"]).lobby);
    assert!(args(&["--server", url, "--create-room"]).create_room);
    assert_eq!(
        args(&["--server", url, "--room", "ABCD"]).room.as_deref(),
        Some("ABCD")
    );
}

#[test]
fn the_too_small_message_fits_any_size() {
    for (w, h) in [(1, 1), (10, 3), (79, 23), (80, 22)] {
        let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
        assert_eq!(render::render(buf.area, &mut buf, &app()), None);
    }
}

/// S has nine pegs home and one two steps away; N's last peg is far from home.
const ENDGAME: &str = r#"{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
 "pegs":{"S":[[4,-8],[3,-7],[4,-7],[2,-6],[3,-6],[4,-6],[2,-5],[3,-5],[4,-5],[1,-3]],
         "N":[[-4,8],[-4,7],[-3,7],[-4,6],[-3,6],[-2,6],[-4,5],[-3,5],[-2,5],[0,0]]},
 "to_move":0}"#;

pub(super) fn solo_from(position: &str) -> App {
    let position = position_from_json(position.to_string()).unwrap();
    let seats = vec![Seat::person(), Seat::ai(AiLevel::Beginner)];
    let game = LocalGame::from_position(position, seats, 3).unwrap();
    let mut app = App::new(game);
    app.autoplay = false;
    app
}

#[test]
fn a_chain_in_progress_then_end_jump_wins() {
    let mut app = solo_from(ENDGAME);
    // [3,-7] jumps to [1,-5] and could jump on: the chain stops there for "End jump".
    app.cursor = c(3, -7);
    app.tap_cursor();
    assert_eq!(
        app.view
            .holes
            .iter()
            .find(|h| h.coord == c(1, -5))
            .map(|h| h.highlight),
        Some(Highlight::JumpTarget)
    );
    let got = screen(&mut app, 80, 23);
    assert_eq!(
        got[4].chars().take(53).collect::<String>(),
        "│                      [R]  R                       │"
    );
    app.cursor = c(1, -5);
    app.tap_cursor();
    assert!(app.view.capabilities.can_end_jump);
    app.cursor = c(0, 0);
    let got = screen(&mut app, 80, 23);
    assert_eq!(
        got[1].trim_end(),
        " Jump again, or press e to end the jump  ·  selected 4·1"
    );
    // The chain's start is empty and marked, the peg stands on its landing, the next hop shows.
    assert!(got[4].contains("(·)"), "{}", got[4]);
    assert!(got[6].contains("<R>"), "{}", got[6]);
    assert!(got.iter().any(|l| l.chars().take(53).any(|ch| ch == '*')));
    app.handle_key(key(KeyCode::Char('e')));
    assert_eq!(app.view.history[0].kind, MoveKind::Jump);
    assert_eq!(app.view.history[0].path, vec![c(3, -7), c(1, -5)]);
    assert!(app.view.outcome.is_none(), "[3,-7] is empty now");
    // Take it back and bring the straggler home in two steps instead.
    app.handle_key(key(KeyCode::Char('u')));
    assert!(app.view.history.is_empty());
    for (from, to) in [(c(1, -3), c(1, -4)), (c(1, -4), c(1, -5))] {
        if app.view.ai_to_move {
            app.view = think(&app);
        }
        app.cursor = from;
        app.tap_cursor();
        app.cursor = to;
        app.tap_cursor();
        assert_eq!(app.message, None);
    }
    let outcome = app.view.outcome.clone().unwrap();
    assert_eq!(outcome.winners, vec![0]);
    assert_eq!(outcome.reason, EndReason::Win);
    let got = screen(&mut app, 80, 23);
    assert_eq!(got[1].trim_end(), " You won! — all pegs home");
    assert!(got[3].contains("★ You R"), "{}", got[3]);
    assert_eq!(
        got[21].trim_end(),
        " Game over: u takes moves back, q quits."
    );
}

#[test]
fn the_skipped_turn_banner_comes_from_the_core() {
    // S's lone peg on its tip, hemmed in by four N pegs, swaps off: S must pass.
    let hemmed = r#"{"rules":{"preset":"tripot","swaps":false},
      "players":[{"colours":["S"]},{"colours":["N"]}],
      "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}"#;
    let mut app = solo_from(hemmed);
    let got = screen(&mut app, 80, 23);
    assert_eq!(got[1].trim_end(), " You were blocked — turn skipped");
    assert!(got[13].contains("  1 You Pass"), "{}", got[13]);
    assert_eq!(
        app.view.banner,
        Some(Banner::TurnSkipped {
            player: 0,
            times: 1,
            others_moved: 0
        })
    );
    assert!(app.view.ai_to_move);
}

#[test]
fn the_ai_moves_on_a_worker_thread_and_quitting_stops_it() {
    use super::app::Job;
    use std::time::{Duration, Instant};

    let mut app = App::new(game(&["--opens", "opponent"], 1));
    app.tick();
    assert_eq!(app.busy(), Some(Job::Think));
    let t0 = Instant::now();
    // The move shows as soon as the game has it; the waiting thread reports a moment later.
    while app.view.history.is_empty() || app.busy().is_some() {
        assert!(t0.elapsed() < Duration::from_secs(20), "the Beginner moved");
        std::thread::sleep(Duration::from_millis(10));
        app.tick();
    }
    assert_eq!(app.view.history.len(), 1);
    assert_eq!(words::to_move(&app.view), "You");

    // The strongest level thinks for a while: the screen says so, and quitting stops it.
    let argv = [
        "--opens",
        "opponent",
        "--level",
        "impossible",
        "--colours",
        "3",
    ];
    let mut app = App::new(game(&argv, 1));
    app.tick();
    let t0 = Instant::now();
    while !matches!(app.view.banner, Some(Banner::AiThinking { player: 1 })) {
        assert!(t0.elapsed() < Duration::from_secs(20), "thinking banner");
        std::thread::sleep(Duration::from_millis(5));
        app.tick();
    }
    let got = screen(&mut app, 80, 23);
    let impossible = AiLevel::Impossible.opponent().name;
    assert_eq!(got[1].trim_end(), format!(" {impossible} is thinking…"));
    app.shutdown();
    assert_eq!(app.busy(), None);
    assert!(
        app.view.history.is_empty(),
        "the cancelled search played nothing"
    );
    // Stopped, the AI waits (the core's pause): nothing starts it again behind our back.
    assert!(app.view.ai_paused && !app.view.ai_to_move);
    let got = screen(&mut app, 80, 23);
    assert_eq!(
        got[1].trim_end(),
        format!(" {impossible} waits — press a to let it play")
    );
    assert_eq!(app.view.thinking, None);
    app.tick();
    assert_eq!(app.busy(), None, "paused: no search starts");
    // `a` lets it play again.
    app.handle_key(key(KeyCode::Char('a')));
    assert!(app.view.ai_to_move && !app.view.ai_paused);
    app.tick();
    assert_eq!(app.busy(), Some(Job::Think), "the AI thinks again");
    app.shutdown();
}

#[test]
fn pass_and_play_hands_the_cursor_to_the_next_seat() {
    let mut app = App::new(game(&["--hotseat"], 1));
    assert_eq!(app.cursor, c(-3, 5));
    app.handle_key(key(KeyCode::Enter));
    app.handle_key(key(KeyCode::Up));
    app.handle_key(key(KeyCode::Enter));
    app.tick();
    assert_eq!(app.busy(), None, "no AI in pass-and-play");
    assert_eq!(words::to_move(&app.view), "Player 2");
    // The cursor is now on one of N's front pegs.
    assert_eq!(app.cursor.r, -5, "{:?}", app.cursor);
    let got = screen(&mut app, 80, 23);
    assert!(
        got[0].contains("Player 1 (R) vs Player 2 (B)"),
        "{}",
        got[0]
    );
    assert_eq!(got[1].trim_end(), " Turn: Player 2");
    // No hints between people.
    app.handle_key(key(KeyCode::Char('h')));
    assert_eq!(
        app.message.as_deref(),
        Some("hints are for your turn in a solo game")
    );
    // Undo gives the turn, and the cursor, back to the first seat.
    app.handle_key(key(KeyCode::Char('u')));
    assert_eq!(app.view.to_move, 0);
    assert_eq!(app.cursor.r, 5);
}

#[test]
fn the_terminal_words_what_the_core_hands_over() {
    use chinese_checkers_core::online::ErrorCode;
    use chinese_checkers_core::session::{GameOutcome, MoveError, PlayerName, SaveError};

    let mut v = app().view;
    let jean = AiLevel::Beginner.opponent().name;
    let say = |v: &GameState, b: Banner| words::banner(v, &b);
    assert_eq!(
        say(
            &v,
            Banner::TurnSkipped {
                player: 1,
                times: 1,
                others_moved: 0
            }
        ),
        format!("{jean} was blocked — turn skipped")
    );
    assert_eq!(
        say(&v, Banner::AiThinking { player: 1 }),
        format!("{jean} is thinking…")
    );
    assert_eq!(
        say(&v, Banner::CoinToss { opener: 1 }),
        format!("Coin toss: {jean} opens")
    );
    assert_eq!(
        say(&v, Banner::CoinToss { opener: 0 }),
        "Coin toss: you open"
    );
    assert_eq!(
        say(&v, Banner::Replay { shown: 3, total: 7 }),
        "Replay — move 3 of 7"
    );
    assert_eq!(say(&v, Banner::DrawDeclined { by: 1 }), "Draw declined");
    let resigned = GameOutcome {
        winners: vec![1],
        reason: EndReason::Resigned,
        by: Some(0),
        ranking: vec![vec![1], vec![0]],
    };
    assert_eq!(
        words::outcome(&v, &resigned),
        format!("You resigned — {jean} won")
    );
    let deadlock = GameOutcome {
        winners: vec![],
        reason: EndReason::Deadlock,
        by: None,
        ranking: vec![vec![0, 1]],
    };
    assert_eq!(
        words::outcome(&v, &deadlock),
        "Draw — both sides were blocked; decided on pegs home, then distance"
    );
    v.outcome = Some(resigned);
    assert_eq!(
        say(&v, Banner::GameOver),
        format!("You resigned — {jean} won")
    );

    // Online: the opponent is the remote seat.
    v.players[1].player = SeatPlayer::Remote;
    v.players[1].name = PlayerName::Named { name: "Bob".into() };
    let abandoned = GameOutcome {
        winners: vec![0],
        reason: EndReason::Abandoned,
        by: Some(1),
        ranking: vec![vec![0], vec![1]],
    };
    assert_eq!(
        words::outcome(&v, &abandoned),
        "Bob left the game — You won!"
    );
    for (banner, text) in [
        (
            Banner::DrawOffered { by: 0 },
            "Draw offered — waiting for Bob",
        ),
        (Banner::DrawOffered { by: 1 }, "Bob offers a draw"),
        (Banner::DrawDeclined { by: 1 }, "Bob declined the draw"),
        (Banner::RematchOffered { by: 1 }, "Bob wants a rematch"),
        (
            Banner::RematchOffered { by: 0 },
            "Rematch asked — waiting for Bob",
        ),
        (
            Banner::OpponentDisconnected {
                player: 1,
                back_by_ms: None,
            },
            "Bob lost the connection — their seat is held",
        ),
        (Banner::OpponentReconnected { player: 1 }, "Bob is back"),
        (
            Banner::RoomCode {
                code: "ABCD2345".into(),
            },
            "Room code ABCD2345 — share it with your opponent",
        ),
        (Banner::Connecting, "Connecting…"),
        (Banner::Waiting, "Waiting for an opponent…"),
        (Banner::Sending, "Sending…"),
        (Banner::Syncing, "Syncing with the server…"),
        (
            Banner::Replaced,
            "This device connected again elsewhere: your games go on there. Run the command \
             again to play here.",
        ),
        (
            Banner::ServerError {
                code: ErrorCode::RoomNotFound,
            },
            "Server: there is no room with that code (it may have expired)",
        ),
    ] {
        assert_eq!(say(&v, banner), text);
    }
    assert_eq!(
        words::move_error(&MoveError::NothingToUndo),
        "not possible now: there is no move of yours to take back"
    );
    assert_eq!(
        words::save_error(
            &SaveError::Corrupt {
                detail: "eof".into()
            },
            "save"
        ),
        "corrupt save: eof"
    );
}

/// The error `play` gives for these options (before it takes over the screen).
fn refused(argv: &[&str]) -> String {
    let a = args(argv);
    super::check_options(&a)
        .and_then(|()| super::settings(&a, 5).map(drop))
        .err()
        .unwrap_or_else(|| panic!("{argv:?} was accepted"))
        .to_string()
}

#[test]
fn options_the_game_would_ignore_are_refused_naming_what_applies() {
    let e = refused(&["--players", "6"]);
    assert!(
        e.contains("tripot has two sides") && e.contains("--colours"),
        "{e}"
    );
    let e = refused(&["--colours", "3", "--rules", "classic"]);
    assert!(e.contains("only tripot has colours per side"), "{e}");
    assert!(e.contains("--players 2"), "{e}");
    let e = refused(&["--position", "F", "--rules", "sternhalma"]);
    assert!(e.contains("a position carries its own rules"), "{e}");
    assert!(e.contains("--rules does not apply with --position"), "{e}");
    let e = refused(&["--position", "F", "--colours", "2", "--players", "3"]);
    assert!(e.contains("--colours and --players do not apply"), "{e}");
    let e = refused(&["--hotseat", "--level", "hard"]);
    assert!(
        e.contains("no AI") && e.contains("--level does not apply"),
        "{e}"
    );
    let e = refused(&["--rules", "sternhalma", "--players", "5"]);
    assert_eq!(
        e,
        "sternhalma is played by 2, 3, 4 or 6 players, not 5: use --players 2, 3, 4 or 6"
    );
    let e = refused(&["--rules", "classic", "--players", "3"]);
    assert_eq!(e, "classic is played by 2 players, not 3: use --players 2");
    let e = refused(&["--resume", "--level", "easy"]);
    assert!(e.contains("--resume continues the saved game"), "{e}");
    let e = refused(&["--server", "ws://h", "--quick", "--level", "hard"]);
    assert!(e.contains("--level does not apply with --server"), "{e}");
    let e = refused(&["--server", "ws://h", "--quick", "--rules", "rulebook"]);
    assert!(e.contains("tripot, classic or sternhalma"), "{e}");
    let e = refused(&[
        "--server",
        "ws://h",
        "--quick",
        "--rules",
        "sternhalma",
        "--players",
        "5",
    ]);
    assert!(e.contains("2, 3, 4 or 6 players, not 5"), "{e}");
    let e = refused(&[
        "--server",
        "ws://h",
        "--quick",
        "--rules",
        "classic",
        "--players",
        "3",
    ]);
    assert!(e.contains("classic is a game of two online"), "{e}");
    // Every online format has its options.
    let format = |extra: &[&str]| {
        let mut argv = vec!["--server", "ws://h", "--quick"];
        argv.extend_from_slice(extra);
        super::online_format(&args(&argv)).unwrap()
    };
    use chinese_checkers_core::online::Format;
    assert_eq!(format(&[]), Format::Tripot1);
    assert_eq!(format(&["--colours", "3"]), Format::Tripot3);
    assert_eq!(format(&["--rules", "classic"]), Format::Classic);
    assert_eq!(
        format(&["--rules", "sternhalma", "--players", "6"]),
        Format::Sternhalma6
    );
    assert!(
        Cmd::try_parse_from(["play", "--name", "Ada"]).is_err(),
        "needs --server"
    );

    // What the rule set does seat, and defaults, are fine.
    let ok = |argv: &[&str]| {
        let a = args(argv);
        super::check_options(&a).unwrap();
        super::settings(&a, 5).unwrap()
    };
    assert_eq!(ok(&["--players", "2"]).seats.len(), 2);
    assert_eq!(ok(&["--colours", "2"]).colours_per_side, 2);
    assert_eq!(
        ok(&["--rules", "rulebook", "--players", "5"]).seats.len(),
        5
    );
    assert_eq!(
        ok(&["--hotseat", "--opens", "coin"]).opener,
        Opener::CoinToss
    );
    assert_eq!(ok(&[]).seats.len(), 2);
    ok(&["--position", "F", "--level", "hard", "--seed", "3"]);
    ok(&[
        "--server",
        "ws://h",
        "--quick",
        "--colours",
        "2",
        "--name",
        "Ada",
    ]);
}

#[test]
fn the_online_name_is_remembered_next_to_the_token() {
    let dir = std::env::temp_dir().join(format!("cc-play-name-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(super::online::player_name(&dir, None).unwrap(), "Player");
    assert_eq!(
        super::online::player_name(&dir, Some("  Ada   Lovelace ")).unwrap(),
        "Ada Lovelace"
    );
    assert_eq!(
        super::online::player_name(&dir, None).unwrap(),
        "Ada Lovelace",
        "remembered"
    );
    let e = super::online::player_name(&dir, Some("   ")).unwrap_err();
    assert!(e.to_string().starts_with("invalid --name"), "{e}");
    assert_eq!(
        super::online::player_name(&dir, None).unwrap(),
        "Ada Lovelace",
        "a refused name is not remembered"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn online_undo_and_an_unreachable_server_are_worded_for_people() {
    use chinese_checkers_core::ffi::{new_token, OnlineGame};
    use chinese_checkers_core::session::online::Connection;

    // Port 1 on this machine: nothing listens there.
    let url = "ws://127.0.0.1:1/ws";
    let game = OnlineGame::new();
    let config = super::online::LinkConfig::new(new_token(), "Ann".into());
    let link = super::online::Link::open(url.into(), Arc::clone(&game), config).unwrap();
    let mut app = App::new_online(game, link, OnlineRequest::QuickMatch { format: None });
    app.handle_key(key(KeyCode::Char('u')));
    assert_eq!(
        app.message.as_deref(),
        Some("Undo is not available in online games")
    );
    app.handle_key(key(KeyCode::Char('r')));
    assert_eq!(
        app.message.as_deref(),
        Some("Redo is not available in online games")
    );
    app.handle_key(key(KeyCode::Char('h')));
    assert_eq!(
        app.message.as_deref(),
        Some("Hints are not available in online games")
    );
    let t0 = std::time::Instant::now();
    while app.fatal.is_none() && t0.elapsed() < std::time::Duration::from_secs(20) {
        app.tick();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        app.quit,
        "the game stops instead of showing Connecting… forever"
    );
    assert_eq!(
        app.fatal.as_deref(),
        Some("Could not reach the server at ws://127.0.0.1:1/ws: connection refused")
    );
    app.shutdown();
    let state = app.online_state().unwrap();
    assert_eq!(state.connection, Connection::Connecting);
    assert_eq!(
        words::left_online(state),
        "You left before the server answered; no game was started."
    );
}

#[test]
fn a_replaced_connection_is_worded_and_not_reconnected() {
    use chinese_checkers_core::ffi::{new_token, OnlineGame};
    use chinese_checkers_core::session::online::Connection;

    let game = OnlineGame::new();
    game.send(OnlineRequest::Hello {
        token: new_token(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    game.receive(r#"{"type":"welcome","v":2,"name":"Ann","games":[]}"#.into())
        .unwrap();
    let up = game
        .receive(r#"{"type":"replaced","message":"this device connected again"}"#.into())
        .unwrap();
    assert!(up.outgoing.is_empty());
    assert_eq!(up.state.connection, Connection::Replaced);
    let v = &up.state.board;
    assert_eq!(
        words::banner(v, v.banner.as_ref().unwrap()),
        words::replaced()
    );
    game.connection_lost();
    assert_eq!(
        game.reconnect_delay_ms(),
        None,
        "the other connection plays on"
    );
    assert_eq!(words::left_online(&game.state()), words::replaced());
}

#[test]
fn the_resume_hint_gives_the_cargo_command_and_the_install() {
    let c = words::command("play --resume");
    assert!(
        c.contains("`cargo run --release -p chinese-checkers-cli -- play --resume`"),
        "{c}"
    );
    assert!(c.contains("`cargo install --path cli`"), "{c}");
}

/// A fresh folder for a library.
fn library_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cc-play-lib-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A saved game as the library lists it.
fn saved(
    id: &str,
    kind: chinese_checkers_core::session::SavedGameKind,
    moves: i32,
    ago_s: i64,
) -> chinese_checkers_core::session::SavedGame {
    use chinese_checkers_core::session::{PlayerName, SavedGameKind};
    let players = match kind {
        SavedGameKind::Solo => vec![
            PlayerName::You,
            PlayerName::Named {
                name: AiLevel::Beginner.opponent().name.into(),
            },
        ],
        _ => vec![
            PlayerName::Numbered { number: 1 },
            PlayerName::Numbered { number: 2 },
        ],
    };
    chinese_checkers_core::session::SavedGame {
        id: id.into(),
        kind,
        preset: Preset::Tripot,
        players,
        moves,
        over: false,
        saved_at_s: NOW - ago_s,
    }
}

/// The Continue card of the game `saved` describes (as the library's listing gives it).
fn card(
    id: &str,
    kind: chinese_checkers_core::session::SavedGameKind,
    moves: i32,
    ago_s: i64,
) -> chinese_checkers_core::session::GameCard {
    use chinese_checkers_core::session::{CardNames, CardSeat, GameCard, PlayerName, SeatPlayer};
    let g = saved(id, kind, moves, ago_s);
    let seats: Vec<CardSeat> = g
        .players
        .into_iter()
        .map(|name| CardSeat {
            player: match name {
                PlayerName::Named { .. } => SeatPlayer::Ai {
                    level: AiLevel::Beginner,
                },
                _ => SeatPlayer::Person,
            },
            name,
        })
        .collect();
    GameCard {
        id: g.id,
        kind: g.kind,
        preset: g.preset,
        names: CardNames::of(&seats),
        seats,
        to_move: 0,
        moves: g.moves,
        last_played_s: g.saved_at_s,
        outcome: None,
    }
}

const NOW: i64 = 1_800_000_000;

/// The person's first step in a solo game from the start (`[-3,5]` to `[-3,4]`).
fn step(app: &mut App) {
    app.cursor = c(-3, 5);
    app.tap_cursor();
    app.cursor = c(-3, 4);
    app.tap_cursor();
    assert_eq!(app.view.history.len(), 1, "{:?}", app.message);
}

#[test]
fn the_replace_question_and_the_save_lines_are_worded_from_the_saved_game() {
    use chinese_checkers_core::session::SavedGameKind;

    let solo = saved("00000000000000a1", SavedGameKind::Solo, 20, 300);
    assert_eq!(
        library_words::replace_question(&solo),
        "You already have a saved solo game (vs Jean Médecin, 20 moves). Replace it with this \
         one? [y/N] "
    );
    let hotseat = card("00000000000000b2", SavedGameKind::PassAndPlay, 1, 7200);
    assert_eq!(
        library_words::card(&hotseat),
        "pass-and-play game (Player 1 vs Player 2, 1 move)"
    );
    for yes in ["y", "Y\n", " yes ", "YES"] {
        assert!(library_words::is_yes(yes), "{yes:?}");
    }
    for no in ["", "\n", "n", "no", "yep", "maybe"] {
        assert!(!library_words::is_yes(no), "{no:?}");
    }
    assert_eq!(
        library_words::not_saved(&solo, true),
        "This game was not saved; your saved solo game (vs Jean Médecin, 20 moves) is kept."
    );
    assert!(library_words::not_saved(&solo, false).contains("stdin is not a terminal"));
    assert_eq!(
        library_words::nothing_saved(),
        "Nothing was played, so nothing was saved."
    );
    assert_eq!(
        library_words::saved_game(&saved(
            "00000000000000b2",
            SavedGameKind::PassAndPlay,
            1,
            7200
        )),
        library_words::card(&hotseat),
        "the game a new one would replace is worded as its card"
    );
    let solo_card = card("00000000000000a1", SavedGameKind::Solo, 20, 300);
    assert_eq!(
        library_words::saved(&solo_card, true),
        format!(
            "Game saved (solo game (vs Jean Médecin, 20 moves)); continue it with {}.",
            words::command("play --resume")
        )
    );
    assert!(library_words::saved(&hotseat, false).contains("play --resume hotseat"));
    for (s, text) in [
        (0, "just now"),
        (59, "just now"),
        (60, "1 minute ago"),
        (300, "5 minutes ago"),
        (3600, "1 hour ago"),
        (7200, "2 hours ago"),
        (86_400, "yesterday"),
        (3 * 86_400, "3 days ago"),
    ] {
        assert_eq!(words::ago(NOW - s, NOW), text);
    }
    assert_eq!(words::ago(NOW + 5, NOW), "just now", "a clock set back");
    assert_eq!(
        library_words::saved_games_list(&[solo_card, hotseat], NOW),
        [
            " 1. solo game (vs Jean Médecin, 20 moves), saved 5 minutes ago — id 00000000000000a1",
            " 2. pass-and-play game (Player 1 vs Player 2, 1 move), saved 2 hours ago — id \
             00000000000000b2",
        ]
    );
}

#[test]
fn resume_picks_the_only_game_a_slot_an_id_or_asks_among_several() {
    use chinese_checkers_core::session::SavedGameKind;
    use save::{choose, pick, Choice};

    let solo = card("1234abcd00000000", SavedGameKind::Solo, 20, 60);
    let hotseat = card("9876fedc00000000", SavedGameKind::PassAndPlay, 3, 600);
    let both = [solo.clone(), hotseat.clone()];
    // None saved: how to start one.
    let e = choose(&[], "", NOW).unwrap_err();
    assert_eq!(e, library_words::no_saved_game());
    assert!(e.contains(&words::command("play")), "{e}");
    // One: continued without a question.
    assert_eq!(
        choose(std::slice::from_ref(&hotseat), "", NOW),
        Ok(Choice::Game(hotseat.clone()))
    );
    // Several: the person chooses.
    assert_eq!(choose(&both, "", NOW), Ok(Choice::Several(both.to_vec())));
    // A slot, by name.
    assert_eq!(choose(&both, "solo", NOW), Ok(Choice::Game(solo.clone())));
    assert_eq!(
        choose(&both, "hotseat", NOW),
        Ok(Choice::Game(hotseat.clone()))
    );
    assert_eq!(
        choose(&both, "Pass-and-play", NOW),
        Ok(Choice::Game(hotseat.clone()))
    );
    // An id, or the start of one that names a single game.
    assert_eq!(
        choose(&both, "9876fedc00000000", NOW),
        Ok(Choice::Game(hotseat.clone()))
    );
    assert_eq!(choose(&both, "1234", NOW), Ok(Choice::Game(solo.clone())));
    let e = choose(&both, "12", NOW).unwrap_err();
    assert!(e.starts_with("there is no saved game with the id \"12\"; your saved games:"));
    assert!(e.contains(" 2. pass-and-play game"), "{e}");
    let e = choose(std::slice::from_ref(&solo), "hotseat", NOW).unwrap_err();
    assert!(
        e.starts_with("there is no saved pass-and-play game to continue; your saved games:"),
        "{e}"
    );
    let e = choose(&[], "solo", NOW).unwrap_err();
    assert!(e.contains("start one with"), "{e}");
    // The answer to the list's question.
    assert_eq!(pick(&both, "2\n"), Some(hotseat.clone()));
    assert_eq!(pick(&both, " 1. "), Some(solo.clone()));
    assert_eq!(pick(&both, "solo"), Some(solo.clone()));
    assert_eq!(pick(&both, "9876"), Some(hotseat.clone()));
    for nothing in ["", "\n", "0", "3", "what"] {
        assert_eq!(pick(&both, nothing), None, "{nothing:?}");
    }
    // Finished and online games are not continued with --resume.
    let online = card("online00", SavedGameKind::Online, 4, 0);
    let listing = chinese_checkers_core::session::Listing {
        playing: vec![online, hotseat.clone()],
        finished: vec![solo.clone()],
        unreadable: Vec::new(),
    };
    assert_eq!(save::resumable(listing), vec![hotseat.clone()]);
    // The refusal without a terminal names the ways to say which.
    let e = library_words::which_game_needed(&both, NOW);
    assert!(
        e.contains("--resume solo, --resume hotseat or --resume ID"),
        "{e}"
    );
    assert!(e.contains("id 1234abcd00000000"), "{e}");
}

/// A new game's app, kept in `library` (asked `confirm` if its slot is taken): what `play`
/// does before the board shows.
fn kept_app(
    game: Arc<LocalGame>,
    library: &Arc<GameLibrary>,
    confirm: &mut dyn FnMut(&chinese_checkers_core::session::SavedGame) -> Option<bool>,
) -> (App, Option<super::Unkept>) {
    let unkept = super::keep(&game, library, confirm).unwrap();
    let mut app = App::new(game);
    app.autoplay = false;
    app.set_library(Arc::clone(library));
    (app, unkept)
}

#[test]
fn a_new_game_saves_itself_asks_first_for_a_taken_slot_and_saves_nothing_untouched() {
    use chinese_checkers_core::session::{SaveStatus, SavedGameKind};

    let dir = library_dir("store");
    let library = save::open_library(&dir).unwrap();
    let never = &mut |_: &chinese_checkers_core::session::SavedGame| -> Option<bool> {
        panic!("nothing to ask")
    };
    // Untouched: nothing saved.
    let (mut first, unkept) = kept_app(game(&[], 1), &library, never);
    assert_eq!(unkept, None);
    let said = super::report(&first, &library, None).unwrap();
    assert_eq!(said, "Nothing was played, so nothing was saved.");
    let listing = library.listing().unwrap();
    assert!(listing.playing.is_empty() && listing.finished.is_empty());
    // Played: on disk with the move, before anything is quit; quitting only says so.
    step(&mut first);
    assert_eq!(first.view.storage, SaveStatus::Saved);
    let first_id = first.local().unwrap().id();
    assert_eq!(library.listing().unwrap().playing[0].id, first_id);
    assert_eq!(library.listing().unwrap().playing[0].moves, 1);
    let said = super::report(&first, &library, None).unwrap();
    assert!(
        said.starts_with("Game saved (solo game (vs Jean Médecin, 1 move)); continue it with"),
        "{said}"
    );
    assert!(said.contains("play --resume`"), "{said}");
    // A second solo game: asked first; no plays it unsaved and keeps the first game.
    let mut asked = Vec::new();
    let (mut second, unkept) = kept_app(game(&[], 2), &library, &mut |existing| {
        asked.push(library_words::replace_question(existing));
        Some(false)
    });
    assert_eq!(
        asked,
        ["You already have a saved solo game (vs Jean Médecin, 1 move). Replace it with this one? \
          [y/N] "]
    );
    step(&mut second);
    assert_eq!(second.view.storage, SaveStatus::NotKept);
    let said = super::report(&second, &library, unkept.as_ref()).unwrap();
    assert_eq!(
        said,
        "This game was not saved; your saved solo game (vs Jean Médecin, 1 move) is kept."
    );
    assert_eq!(library.listing().unwrap().playing.len(), 1);
    assert_eq!(library.listing().unwrap().playing[0].id, first_id);
    // Nobody to ask: kept as well.
    let (third, unkept) = kept_app(game(&[], 3), &library, &mut |_| None);
    let said = super::report(&third, &library, unkept.as_ref()).unwrap();
    assert!(said.contains("stdin is not a terminal"), "{said}");
    // Yes: the new game takes the slot at its first move, not before.
    let (mut fourth, unkept) = kept_app(game(&[], 4), &library, &mut |_| Some(true));
    assert_eq!(unkept, None);
    assert_eq!(
        library.listing().unwrap().playing[0].id,
        first_id,
        "untouched yet"
    );
    step(&mut fourth);
    let games = library.listing().unwrap().playing;
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].id, fourth.local().unwrap().id());
    // A pass-and-play game has its own slot; with two saved, the hint names the slot.
    let (mut hotseat, _) = kept_app(game(&["--hotseat"], 1), &library, never);
    step(&mut hotseat);
    let said = super::report(&hotseat, &library, None).unwrap();
    assert!(said.contains("play --resume hotseat`"), "{said}");
    let kinds: Vec<SavedGameKind> = library
        .listing()
        .unwrap()
        .playing
        .iter()
        .map(|g| g.kind)
        .collect();
    assert_eq!(kinds.len(), 2);
    assert!(kinds.contains(&SavedGameKind::PassAndPlay));
    // --resume opens the one named, and it goes on saving itself.
    let back = library
        .open_game(
            match save::choose(
                &save::resumable(library.listing().unwrap()),
                "solo",
                save::now_s(),
            )
            .unwrap()
            {
                save::Choice::Game(g) => g.id,
                other => panic!("{other:?}"),
            },
        )
        .unwrap();
    assert_eq!(back.state().history, fourth.view.history);
    assert_eq!(back.state().storage, SaveStatus::Saved);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_is_counted_by_the_library_as_it_ends_and_is_never_continued() {
    let dir = library_dir("record");
    let library = save::open_library(&dir).unwrap();
    let never = &mut |_: &chinese_checkers_core::session::SavedGame| -> Option<bool> {
        panic!("nothing to ask")
    };
    let (mut app, _) = kept_app(game(&[], 1), &library, never);
    step(&mut app);
    app.view = think(&app);
    assert_eq!(
        library.listing().unwrap().playing[0].moves,
        2,
        "the AI's move is saved too"
    );
    // The person resigns: the game is lost, and counted at once — by the library.
    app.view = app.local().unwrap().resign().unwrap();
    app.tick();
    let beginner = &library.statistics().unwrap()[0];
    assert_eq!((beginner.played, beginner.lost), (1, 1));
    // Quitting a finished game counts nothing more; it is among the finished games, never one
    // to continue (not "Continue · 2 moves").
    let said = super::report(&app, &library, None).unwrap();
    assert!(said.starts_with("Game over: You resigned"), "{said}");
    assert!(save::resumable(library.listing().unwrap()).is_empty());
    let listing = library.listing().unwrap();
    assert!(listing.playing.is_empty());
    assert_eq!(listing.finished[0].id, app.local().unwrap().id());
    assert_eq!(library.statistics().unwrap()[0].played, 1);

    // A game from a position never counts, even won.
    let mut won = solo_from(ENDGAME);
    won.set_library(Arc::clone(&library));
    for (from, to) in [(c(1, -3), c(1, -4)), (c(1, -4), c(1, -5))] {
        if won.view.ai_to_move {
            won.view = think(&won);
        }
        won.cursor = from;
        won.tap_cursor();
        won.cursor = to;
        won.tap_cursor();
    }
    assert!(won.view.outcome.is_some());
    assert_eq!(won.message, None);
    let total: i32 = library.statistics().unwrap().iter().map(|s| s.played).sum();
    assert_eq!(total, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn s_shows_the_statistics_in_place_of_the_history_until_pressed_again() {
    let dir = library_dir("panel");
    let library = save::open_library(&dir).unwrap();
    // A kept game: the library counts it as it ends.
    let (mut app, _) = kept_app(game(&[], 1), &library, &mut |_| panic!("nothing to ask"));
    step(&mut app);
    app.view = app.local().unwrap().resign().unwrap();
    app.tick();
    app.handle_key(key(KeyCode::Char('s')));
    let got = screen(&mut app, 80, 23);
    let side: Vec<String> = got.iter().map(|l| l.chars().skip(53).collect()).collect();
    assert_eq!(side[6], "┌ Statistics ─────────────┐");
    assert_eq!(side[7], "│games won lost drawn best│");
    assert_eq!(side[8], "│Jean Médecin beginner    │");
    assert_eq!(side[9], "│    1   0    1     0    —│");
    assert_eq!(side[10], "│Catherine Ségurane easy  │");
    assert_eq!(side[17], "│    0   0    0     0    —│");
    assert_eq!(side[18], "│Only games vs the AI from│");
    assert_eq!(side[19], "│the start count.         │");
    assert!(!got.join("\n").contains("History"));
    assert!(!got.join("\n").contains("Legend"));
    app.handle_key(key(KeyCode::Char('s')));
    let got = screen(&mut app, 80, 23);
    assert!(got.join("\n").contains("History"));
    // Without a library there is nothing to show, and the panel says so.
    let mut bare = self::app();
    bare.handle_key(key(KeyCode::Char('s')));
    let got = screen(&mut bare, 80, 23);
    assert!(got[7].contains("│the statistics are not   │"), "{}", got[7]);
    assert!(got[8].contains("│kept for this game       │"), "{}", got[8]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_statistics_table_names_each_opponent() {
    use chinese_checkers_core::session::OpponentStatistics;

    let stats: Vec<OpponentStatistics> = [AiLevel::Beginner, AiLevel::Impossible]
        .into_iter()
        .map(|level| OpponentStatistics {
            level,
            name: level.opponent().name.into(),
            ..OpponentStatistics::default()
        })
        .collect();
    let empty = library_words::statistics_table(&stats);
    assert!(empty.contains("No game counted yet"), "{empty}");
    let mut stats = stats;
    stats[0].played = 3;
    stats[0].won = 2;
    stats[0].lost = 1;
    stats[0].fewest_moves = Some(31);
    let table = library_words::statistics_table(&stats);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "Opponent      Level       Played  Won  Lost  Drawn  Fewest moves to win",
            "Jean Médecin  beginner         3    2     1      0                   31",
            "Marie Curie   impossible       0    0     0      0                    —",
        ]
    );
    assert!(table.contains("from the start position"), "{table}");
    assert!(!table.contains("No game counted yet"));
}

#[test]
fn the_save_of_an_earlier_version_is_brought_into_the_library_once() {
    let dir = library_dir("import");
    let library = save::open_library(&dir).unwrap();
    let path = save::session_file(&dir);
    // Nothing to bring in.
    assert_eq!(save::import_session(&library, &dir), None);
    let mut app = app();
    step(&mut app);
    std::fs::write(&path, app.local().unwrap().save()).unwrap();
    let said = save::import_session(&library, &dir).unwrap();
    assert!(
        said.contains("solo game (vs Jean Médecin, 1 move) saved by an earlier version"),
        "{said}"
    );
    assert!(!path.exists(), "brought in, then deleted");
    let games = library.listing().unwrap().playing;
    assert_eq!(games[0].id, app.local().unwrap().id());
    // A damaged file is left where it is, and said once.
    std::fs::write(&path, "{not json").unwrap();
    let said = save::import_session(&library, &dir).unwrap();
    assert!(said.contains("corrupt save"), "{said}");
    assert!(said.contains("the file is left as it is"), "{said}");
    assert!(path.exists());
    assert_eq!(save::import_session(&library, &dir), None, "said once");
    assert!(path.exists());
    // An untouched game from an earlier version: nothing to keep.
    let fresh = self::app();
    std::fs::write(&path, fresh.local().unwrap().save()).unwrap();
    assert_eq!(save::import_session(&library, &dir), None);
    assert!(!path.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resume_takes_an_optional_game() {
    assert_eq!(args(&[]).resume, None);
    assert_eq!(args(&["--resume"]).resume.as_deref(), Some(""));
    assert_eq!(args(&["--resume", "solo"]).resume.as_deref(), Some("solo"));
    assert_eq!(
        args(&["--resume", "--seed", "1"]).resume.as_deref(),
        Some(""),
        "an option after it is not its value"
    );
}

#[test]
fn a_refused_tap_says_why_on_the_status_line() {
    let mut a = app();
    a.cursor = c(0, 0);
    a.tap_cursor();
    let shown = screen(&mut a, 80, 24).join("\n");
    assert!(shown.contains("Select one of your pegs first"), "{shown}");
    a.cursor = c(1, -5);
    a.tap_cursor();
    let shown = screen(&mut a, 80, 24).join("\n");
    assert!(shown.contains("That peg is Jean Médecin's"), "{shown}");
    // A peg with moves, then a hole it cannot reach.
    a.cursor = c(-1, 5);
    a.tap_cursor();
    a.cursor = c(0, 0);
    a.tap_cursor();
    let shown = screen(&mut a, 80, 24).join("\n");
    assert!(
        shown.contains("That hole cannot be reached from here"),
        "{shown}"
    );
}

/// A loopback WebSocket server (plain tungstenite) that accepts connections one after the other
/// and reports every frame it reads, tagged with the connection's number, until `stop` is set.
fn loopback_ws_server(
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> (
    String,
    std::sync::mpsc::Receiver<(usize, tungstenite::Message)>,
) {
    loopback(stop, false)
}

/// [`loopback_ws_server`], dropping the first connection after its first frame.
fn loopback_ws_server_dropping_first(
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> (
    String,
    std::sync::mpsc::Receiver<(usize, tungstenite::Message)>,
) {
    loopback(stop, true)
}

fn loopback(
    stop: Arc<std::sync::atomic::AtomicBool>,
    drop_first: bool,
) -> (
    String,
    std::sync::mpsc::Receiver<(usize, tungstenite::Message)>,
) {
    use std::sync::atomic::Ordering;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("ws://{}/ws", listener.local_addr().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for (n, stream) in listener.incoming().enumerate() {
            if stop.load(Ordering::SeqCst) {
                return;
            }
            let Ok(stream) = stream else { continue };
            let Ok(mut ws) = tungstenite::accept(stream) else {
                continue;
            };
            // One read blocks at most this long, so `stop` is seen.
            let _ = ws
                .get_ref()
                .set_read_timeout(Some(std::time::Duration::from_millis(20)));
            loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                match ws.read() {
                    Ok(m) => {
                        let close = m.is_close() || (drop_first && n == 0);
                        if tx.send((n, m)).is_err() || close {
                            break;
                        }
                    }
                    Err(tungstenite::Error::Io(e))
                        if matches!(
                            e.kind(),
                            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                        ) => {}
                    Err(_) => break,
                }
            }
        }
    });
    (url, rx)
}

#[test]
fn the_link_pings_the_server_to_keep_a_quiet_connection_alive() {
    use chinese_checkers_core::ffi::{new_token, OnlineGame};
    use std::time::{Duration, Instant};
    use tungstenite::Message;

    assert_eq!(super::online::PING_EVERY, Duration::from_secs(25));
    assert_eq!(
        super::online::LinkConfig::new(new_token(), "Ann".into()).ping_every,
        super::online::PING_EVERY,
        "the terminal pings every 25 s"
    );
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (url, frames) = loopback_ws_server(Arc::clone(&stop));
    let game = OnlineGame::new();
    let mut config = super::online::LinkConfig::new(new_token(), "Ann".into());
    config.ping_every = Duration::from_millis(100);
    let t0 = Instant::now();
    let mut link = super::online::Link::open(url, Arc::clone(&game), config).unwrap();
    // The greeting first, then pings at the interval while nothing else is said.
    let (_, first) = frames.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(
        matches!(&first, Message::Text(t) if t.as_str().contains("\"hello\"")),
        "{first:?}"
    );
    let mut pings = Vec::new();
    while pings.len() < 3 {
        match frames.recv_timeout(Duration::from_secs(5)) {
            Ok((_, Message::Ping(_))) => pings.push(t0.elapsed()),
            Ok(other) => panic!("only pings are expected on a quiet connection: {other:?}"),
            Err(e) => panic!("no ping within 5 s ({pings:?}): {e}"),
        }
    }
    assert!(pings[2] >= Duration::from_millis(300), "{pings:?}");
    link.close();
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
}

#[test]
fn the_link_reconnects_by_itself_and_greets_the_server_again() {
    use chinese_checkers_core::ffi::{new_token, OnlineGame};
    use chinese_checkers_core::session::online::Connection;
    use std::time::Duration;
    use tungstenite::Message;

    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    // The first connection is dropped by the server right after the greeting.
    let (url, frames) = loopback_ws_server_dropping_first(Arc::clone(&stop));
    let game = OnlineGame::new();
    let config = super::online::LinkConfig::new(new_token(), "Ann".into());
    let mut link = super::online::Link::open(url, Arc::clone(&game), config).unwrap();
    let hello = |m: &Message| matches!(m, Message::Text(t) if t.as_str().contains("\"hello\""));
    let (n, first) = frames.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(hello(&first) && n == 0, "{first:?}");
    // The link notices and, after the policy's first delay (about 500 ms), connects again and
    // greets the server again. The server never welcomed it: still the first connection being
    // tried ("Connecting…"), not a lost one.
    let (n, again) = frames.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(hello(&again) && n == 1, "{again:?}");
    assert_eq!(game.state().connection, Connection::Connecting);
    assert!(
        game.reconnect_delay_ms().is_some(),
        "an attempt was counted"
    );
    link.close();
    assert_eq!(game.reconnect_delay_ms(), None, "closed: no more attempts");
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// A self-signed certificate for `localhost` (made now with rcgen) in PEM files, and a server on
/// 127.0.0.1 serving TLS with it; the directory goes when the test ends.
struct TlsServer {
    rt: tokio::runtime::Runtime,
    server: Option<chinese_checkers_server::RunningServer>,
    dir: std::path::PathBuf,
    ca_file: std::path::PathBuf,
}

impl TlsServer {
    fn start(tag: &str) -> TlsServer {
        let dir = std::env::temp_dir().join(format!(
            "cc-cli-tls-{tag}-{}-{}",
            std::process::id(),
            chinese_checkers_core::ffi::new_token()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let made = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()]).unwrap();
        let files = chinese_checkers_server::TlsFiles {
            cert: dir.join("cert.pem"),
            key: dir.join("key.pem"),
        };
        std::fs::write(&files.cert, made.cert.pem()).unwrap();
        std::fs::write(&files.key, made.signing_key.serialize_pem()).unwrap();
        let rt = tokio::runtime::Runtime::new().unwrap();
        let server = rt
            .block_on(chinese_checkers_server::start(
                chinese_checkers_server::Config {
                    bind: "127.0.0.1:0".parse().unwrap(),
                    tls: Some(files.clone()),
                    ..chinese_checkers_server::Config::default()
                },
            ))
            .expect("the TLS server starts");
        TlsServer {
            rt,
            server: Some(server),
            dir,
            ca_file: files.cert,
        }
    }

    /// `wss://localhost:PORT/ws`: the name the certificate is for.
    fn url(&self) -> String {
        let port = self.server.as_ref().unwrap().addr().port();
        format!("wss://localhost:{port}/ws")
    }
}

impl Drop for TlsServer {
    fn drop(&mut self) {
        if let Some(server) = self.server.take() {
            self.rt.block_on(server.shutdown());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Opens a link to `url` and waits for the first transport event, then for the welcome.
fn link_until_welcomed(
    url: String,
    ca_file: Option<std::path::PathBuf>,
) -> (
    super::online::Link,
    Arc<chinese_checkers_core::ffi::OnlineGame>,
    super::online::LinkEvent,
) {
    use chinese_checkers_core::ffi::{new_token, OnlineGame};
    use chinese_checkers_core::session::online::Connection;
    use std::time::{Duration, Instant};

    let game = OnlineGame::new();
    let mut config = super::online::LinkConfig::new(new_token(), "Ann".into());
    config.ca_file = ca_file;
    let link = super::online::Link::open(url, Arc::clone(&game), config).unwrap();
    let t0 = Instant::now();
    let event = loop {
        if let Some(e) = link.poll() {
            break e;
        }
        assert!(t0.elapsed() < Duration::from_secs(20), "no transport event");
        std::thread::sleep(Duration::from_millis(10));
    };
    if matches!(event, super::online::LinkEvent::Connected) {
        while game.state().connection != Connection::Connected {
            assert!(t0.elapsed() < Duration::from_secs(20), "no welcome");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    (link, game, event)
}

#[test]
fn the_link_plays_over_wss_trusting_the_given_certificate_file() {
    use super::online::LinkEvent;

    let server = TlsServer::start("link");
    let (mut link, game, event) = link_until_welcomed(server.url(), Some(server.ca_file.clone()));
    assert!(matches!(event, LinkEvent::Connected), "{event:?}");
    // Past the welcome, the link carries the game's messages both ways over TLS.
    link.send(
        game.send(OnlineRequest::QuickMatch { format: None })
            .unwrap()
            .outgoing,
    );
    let t0 = std::time::Instant::now();
    while !game.state().searching {
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(20),
            "the quick match was not acknowledged: {:?}",
            game.state()
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    link.close();
}

#[test]
fn the_link_refuses_a_wss_server_whose_certificate_it_does_not_trust() {
    use super::online::LinkEvent;

    let server = TlsServer::start("untrusted");
    let (_link, _game, event) = link_until_welcomed(server.url(), None);
    match event {
        LinkEvent::Unreachable(why) => {
            assert!(
                why.starts_with(&format!("Could not reach the server at {}: ", server.url())),
                "{why}"
            );
            assert!(
                why.ends_with(
                    "its TLS certificate was refused (not signed by a trusted authority; \
                     for a private one, give its certificate with --ca-file)"
                ),
                "{why}"
            );
        }
        other => panic!("expected an unreachable server, got {other:?}"),
    }
}

#[test]
fn a_missing_certificate_file_is_worded_without_reaching_the_server() {
    use super::online::LinkEvent;

    let missing = std::env::temp_dir().join("cc-no-such-ca-file.pem");
    let (_link, _game, event) =
        link_until_welcomed("wss://127.0.0.1:1/ws".into(), Some(missing.clone()));
    match event {
        LinkEvent::Unreachable(why) => assert!(
            why.ends_with(&format!(
                "the certificate file {} cannot be read: no such file or directory",
                missing.display()
            )),
            "{why}"
        ),
        other => panic!("expected an unreachable server, got {other:?}"),
    }
}

#[test]
fn plain_ws_still_works_next_to_wss() {
    use super::online::LinkEvent;

    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt
        .block_on(chinese_checkers_server::start(
            chinese_checkers_server::Config {
                bind: "127.0.0.1:0".parse().unwrap(),
                ..chinese_checkers_server::Config::default()
            },
        ))
        .expect("the server starts");
    let (mut link, _game, event) = link_until_welcomed(server.ws_url(), None);
    assert!(matches!(event, LinkEvent::Connected), "{event:?}");
    link.close();
    rt.block_on(server.shutdown());
}

#[test]
fn the_ca_file_option_is_parsed_and_needs_a_server() {
    let a = args(&[
        "--server",
        "wss://h/ws",
        "--quick",
        "--ca-file",
        "/tmp/ca.pem",
    ]);
    assert_eq!(
        a.ca_file.as_deref(),
        Some(std::path::Path::new("/tmp/ca.pem"))
    );
    assert!(Cmd::try_parse_from(["play", "--ca-file", "/tmp/ca.pem"]).is_err());
}

/// The clock line shows the core's face of the time left: digits only, seconds as the core
/// rounded them.
#[test]
fn clock_faces_are_worded_as_digits() {
    use chinese_checkers_core::session::online::{clock_reading, OnlineClock};
    let clock = OnlineClock {
        side: 0,
        left_ms: 61_500,
        banks_ms: vec![],
        received_at_ms: 5_000,
    };
    assert_eq!(
        words::clock_face(clock_reading(&clock, 5_000).shown),
        "1:02"
    );
    assert_eq!(
        words::clock_face(clock_reading(&clock, 6_500).shown),
        "1:00"
    );
    assert_eq!(
        words::clock_face(clock_reading(&clock, 70_000).shown),
        "0:00"
    );
    let long = OnlineClock {
        left_ms: 3_725_000,
        ..clock
    };
    assert_eq!(
        words::clock_face(clock_reading(&long, 5_000).shown),
        "1:02:05"
    );
}

/// `chinese-checkers games` says who resigned or left, as the core says it: "you" for us.
#[test]
fn past_games_name_who_resigned_or_left() {
    use chinese_checkers_core::online::Format;
    use chinese_checkers_core::session::online::{PastGame, PastResult};
    let game = |side: i32, winners: Vec<i32>, reason, by: Option<i32>| PastGame {
        result: if winners.contains(&side) {
            PastResult::Won
        } else {
            PastResult::Lost
        },
        id: "g1".into(),
        format: Format::Classic,
        players: vec!["Ada".into(), "Bob".into()],
        side,
        winners,
        reason,
        by,
        by_you: by == Some(side),
        ended_ms: 0,
    };
    let said = words::past_games(&[
        game(0, vec![0], EndReason::Resigned, Some(1)),
        game(0, vec![1], EndReason::Resigned, Some(0)),
        game(1, vec![1], EndReason::Abandoned, Some(0)),
        game(0, vec![0], EndReason::Win, None),
    ]);
    let lines: Vec<&str> = said.lines().skip(1).collect();
    assert!(lines[0].ends_with("you won (Bob resigned)"), "{said}");
    assert!(lines[1].ends_with("you lost (you resigned)"), "{said}");
    assert!(lines[2].ends_with("you won (Ada left the game)"), "{said}");
    assert!(lines[3].ends_with("you won (all pegs home)"), "{said}");
}

/// The away countdown is worded from the core's reading: digits only.
#[test]
fn the_away_countdown_is_worded_from_the_core_s_reading() {
    use chinese_checkers_core::session::online::away_reading;
    let app = app();
    let view = &app.view;
    let back_by = 1_000_000 + 161_000;
    assert_eq!(
        words::away(view, 1, away_reading(back_by, 1_000_000).shown),
        "Jean Médecin has 2:41 to come back"
    );
    assert_eq!(
        words::away(view, 1, away_reading(back_by, back_by - 1).shown),
        "Jean Médecin has 0:01 to come back"
    );
}
