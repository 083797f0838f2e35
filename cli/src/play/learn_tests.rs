//! The terminal plays the lessons: the first lesson played through with the keys, drawn with its
//! goal, pointer and feedback.

use chinese_checkers_core::session::{Coord, LessonFeedback, LessonGoal};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;

use super::learn::{render, LearnApp};

fn key(app: &mut LearnApp, code: KeyCode) {
    app.handle_key(KeyEvent::from(code));
}

fn tap(app: &mut LearnApp, q: i32, r: i32) {
    app.cursor = Coord { q, r };
    key(app, KeyCode::Enter);
}

/// A data directory of the test's own, empty.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cc-cli-learn-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn screen(app: &LearnApp) -> String {
    let area = Rect::new(0, 0, 100, 45);
    let mut buf = Buffer::empty(area);
    assert!(render(area, &mut buf, app).is_some(), "the board is drawn");
    let mut text = String::new();
    for y in 0..area.height {
        for x in 0..area.width {
            text.push_str(buf[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

#[test]
fn the_first_lesson_plays_through_with_the_keys() {
    let dir = scratch("first");
    let mut app = LearnApp::new(&dir, None).unwrap();
    let s = screen(&app);
    assert!(
        s.contains("Lesson 1/6: Steps, jumps and chains — step 1 of 4"),
        "{s}"
    );
    assert!(s.contains("Make a step"), "{s}");
    assert!(s.contains('»'), "the pointer is drawn: {s}");

    // A wrong try first: a jump where a step is asked for.
    tap(&mut app, -1, 4);
    tap(&mut app, -1, 2);
    let s = screen(&app);
    assert!(s.contains("That was not a step. It was taken back"), "{s}");
    tap(&mut app, -1, 4);
    tap(&mut app, 0, 3);
    assert_eq!(app.state.feedback, Some(LessonFeedback::StepDone));
    assert!(screen(&app).contains("Well done!"));
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(
        app.state.goal,
        LessonGoal::JumpOver {
            colour: chinese_checkers_core::rules::Colour::N
        }
    );
    assert!(screen(&app).contains("Jump over the blue peg"));
    tap(&mut app, -1, 4);
    tap(&mut app, -1, 2);
    assert!(app.state.step_done);
    key(&mut app, KeyCode::Char('n'));
    // Three hops, the chain ends by itself at the dead end.
    for (q, r) in [(0, 4), (0, 2), (0, 0), (0, -2)] {
        tap(&mut app, q, r);
    }
    assert!(app.state.step_done, "{:?}", app.state.feedback);
    key(&mut app, KeyCode::Char('n'));
    // Two hops, then End jump.
    for (q, r) in [(0, 4), (0, 2), (0, 0)] {
        tap(&mut app, q, r);
    }
    assert!(!app.state.step_done);
    key(&mut app, KeyCode::Char('e'));
    assert!(app.state.lesson_done, "{:?}", app.state.feedback);
    assert!(screen(&app).contains("lesson done"));
    // Kept as finished where the apps' lessons list reads it.
    let listed = chinese_checkers_core::ffi::lessons(dir.to_string_lossy().into_owned());
    let finished: Vec<&str> = listed
        .iter()
        .filter(|l| l.finished)
        .map(|l| l.id.as_str())
        .collect();
    assert_eq!(finished, ["tripot-moves"]);
    // n opens the next lesson.
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.place(), (2, 6));
    assert!(screen(&app).contains("Long jumps"));
}

#[test]
fn an_unknown_lesson_names_the_lessons_and_end_jump_without_a_chain_is_worded() {
    let dir = scratch("unknown");
    let e = LearnApp::new(&dir, Some("nope")).err().unwrap().to_string();
    assert!(
        e.contains("tripot-moves") && e.contains("sternhalma-camps"),
        "{e}"
    );
    let mut app = LearnApp::new(&dir, Some("sternhalma-camps")).unwrap();
    key(&mut app, KeyCode::Char('e'));
    assert!(app.message.is_some());
    tap(&mut app, 2, 2);
    tap(&mut app, 4, 2);
    assert!(screen(&app).contains("may not end in another player's camp"));
}
