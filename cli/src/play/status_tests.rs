//! Tests of what the terminal draws from the core's turn facts: the status line (`status`), the
//! hint that stays (`hint`, `hint_kind`) and the trail of the other seats' moves (`trail`).

use std::time::{Duration, Instant};

use chinese_checkers_core::rules::MoveKind;
use chinese_checkers_core::session::{Coord, PlayedMove, TurnStatus};
use ratatui::crossterm::event::KeyCode;

use super::app::Job;
use super::board;
use super::tests::{app, c, game, key, screen, think};
use super::App;

/// The left mark, the hole and the right mark drawn for the hole at `at` by the last `screen`.
fn cell(app: &App, got: &[String], at: Coord) -> String {
    let placement = app.placement.expect("the board was drawn");
    let (x, y) = placement.cell(board::hole(at).expect("a hole of the board"));
    got[usize::from(y)]
        .chars()
        .skip(usize::from(x) - 1)
        .take(3)
        .collect()
}

/// Waits for the hint search started by `h`, as the event loop would.
fn wait_for_hint(app: &mut App) {
    let t0 = Instant::now();
    while app.busy() == Some(Job::Hint) {
        assert!(t0.elapsed() < Duration::from_secs(20), "the hint came");
        std::thread::sleep(Duration::from_millis(10));
        app.tick();
    }
}

/// The person (seat 0) plays the first target of the first of their pegs that has one, by taps.
fn play_a_move(app: &mut App) {
    let pegs: Vec<Coord> = app
        .view
        .holes
        .iter()
        .filter(|h| h.owner == Some(0))
        .map(|h| h.coord)
        .collect();
    for peg in pegs {
        app.cursor = peg;
        app.tap_cursor();
        if let Some(t) = app.view.targets.first() {
            app.cursor = t.coord;
            app.tap_cursor();
            return;
        }
        app.handle_key(key(KeyCode::Esc));
    }
    panic!("no move for the person");
}

#[test]
fn the_hint_is_drawn_and_worded_and_stays_until_a_move() {
    let mut app = app();
    app.handle_key(key(KeyCode::Char('h')));
    assert_eq!(app.busy(), Some(Job::Hint));
    assert_eq!(
        screen(&mut app, 80, 23)[21].trim_end(),
        " Looking for a hint…"
    );
    wait_for_hint(&mut app);
    let hint = app.view.hint.clone();
    let kind = app.view.hint_kind.expect("a hint comes with its kind");
    assert!(hint.len() >= 2, "{hint:?}");
    // Out of the way of the hint's holes.
    app.cursor = c(4, -8);
    let got = screen(&mut app, 80, 23);
    assert_eq!(
        got[21].trim(),
        "",
        "the search's message is gone once the hint shows"
    );
    // Every hole of the path is marked, not only its ends, and the move is said in words.
    for &h in &hint {
        let drawn = cell(&app, &got, h);
        assert!(
            drawn.starts_with('?') && drawn.ends_with('?'),
            "{h:?}: {drawn}"
        );
    }
    // Named as the apps name holes: row·place (the core's `hole_positions`).
    let named = chinese_checkers_core::session::hole_positions(0);
    let path: Vec<String> = hint
        .iter()
        .map(|h| {
            let p = named.iter().find(|p| p.coord == *h).unwrap();
            format!("{}·{}", p.row, p.place)
        })
        .collect();
    let words = format!("Hint: {} {}", super::words::move_kind(kind), path.join("→"));
    assert!(got[1].contains(&words), "{} lacks {words}", got[1]);
    // Choosing another peg keeps it.
    let other = [c(-3, 5), c(-2, 5), c(-1, 5)]
        .into_iter()
        .find(|&p| p != hint[0])
        .unwrap();
    app.cursor = other;
    app.tap_cursor();
    assert_eq!(app.view.selected, Some(other));
    assert_eq!(app.view.hint, hint);
    let got = screen(&mut app, 80, 23);
    assert!(got[1].contains(&words), "{}", got[1]);
    // A move ends it.
    app.handle_key(key(KeyCode::Esc));
    for at in [c(-3, 5), c(-3, 4)] {
        app.cursor = at;
        app.tap_cursor();
    }
    assert_eq!(app.view.history.len(), 1);
    assert!(app.view.hint.is_empty() && app.view.hint_kind.is_none());
    let got = screen(&mut app, 80, 23);
    assert!(!got[1].contains("Hint"), "{}", got[1]);
    assert!(
        !got.iter().any(|l| l.chars().take(53).any(|ch| ch == '?')),
        "no hint mark left"
    );
}

#[test]
fn the_whole_hint_path_and_every_trail_move_are_marked() {
    let mut app = app();
    app.cursor = c(4, -8);
    // As the core hands them over: a hint of three landings and a trail of three moves.
    app.view.hint = vec![c(-2, 4), c(0, 2), c(2, 0)];
    app.view.hint_kind = Some(MoveKind::Jump);
    let played = |number, path: Vec<Coord>| PlayedMove {
        number,
        player: 1,
        kind: MoveKind::Step,
        path,
    };
    app.view.trail = vec![
        played(2, vec![c(-4, -1), c(-4, 0)]),
        played(4, vec![c(1, -4), c(1, -3)]),
        played(6, vec![c(3, -4), c(3, -3)]),
    ];
    let got = screen(&mut app, 80, 23);
    for h in [c(-2, 4), c(0, 2), c(2, 0)] {
        assert_eq!(cell(&app, &got, h), "?·?", "hint hole {h:?}");
    }
    for h in [c(-4, -1), c(-4, 0), c(1, -4), c(1, -3)] {
        assert_eq!(cell(&app, &got, h), "~·~", "earlier trail hole {h:?}");
    }
    for h in [c(3, -4), c(3, -3)] {
        assert_eq!(cell(&app, &got, h), "-·-", "newest trail hole {h:?}");
    }
    assert_eq!(got[1].trim_end(), " Turn: You  ·  Hint: Jump 13·7→11·7→9·7");
    // The legend says what the marks are.
    assert!(got.iter().any(|l| l.contains("-·- last move ~·~ earlier")));
}

#[test]
fn the_five_ai_moves_of_a_six_player_game_are_drawn_as_a_trail() {
    let mut app = App::new(game(&["--rules", "sternhalma", "--players", "6"], 1));
    app.autoplay = false;
    play_a_move(&mut app);
    assert_eq!(app.view.history.len(), 1);
    assert!(app.view.trail.is_empty());
    for _ in 0..5 {
        app.view = think(&app);
    }
    assert_eq!(app.view.status, TurnStatus::ToMove { player: 0 });
    assert_eq!(app.view.trail.len(), 5);
    assert_eq!(&app.view.trail[..], &app.view.history[1..]);
    let got = screen(&mut app, 80, 23);
    let (newest, earlier) = app.view.trail.split_last().unwrap();
    for h in &newest.path {
        assert_eq!(cell(&app, &got, *h).chars().next(), Some('-'), "{h:?}");
    }
    for m in earlier {
        for h in m.path.iter().filter(|h| !newest.path.contains(h)) {
            let drawn = cell(&app, &got, *h);
            assert!(
                drawn.starts_with('~') && drawn.ends_with('~'),
                "{h:?}: {drawn}"
            );
        }
    }
    // The person's next move: no trail left.
    play_a_move(&mut app);
    assert_eq!(app.view.history.len(), 7);
    assert!(app.view.trail.is_empty());
    let got = screen(&mut app, 80, 23);
    assert!(!got.iter().any(|l| l.chars().take(53).any(|ch| ch == '~')));
}
