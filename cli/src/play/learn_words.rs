//! The lessons' English for the terminal: topics, goals and feedback (the core hands over the
//! goal and the reasons as data; the apps word them in English, French and Chinese).

use chinese_checkers_core::rules::Colour;
use chinese_checkers_core::session::{
    Coord, GameState, LessonFeedback, LessonGoal, LessonState, LessonTopic, WrongTry,
};

use super::words;

/// A lesson's title.
pub fn topic(t: LessonTopic) -> &'static str {
    match t {
        LessonTopic::Moves => "Steps, jumps and chains",
        LessonTopic::LongJumps => "Long jumps",
        LessonTopic::Swaps => "The blocked-peg swap",
        LessonTopic::PassedTurn => "The passed turn",
        LessonTopic::Classic => "Classic: what differs",
        LessonTopic::Sternhalma => "Sternhalma: what differs",
    }
}

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::S => "red",
        Colour::N => "blue",
        Colour::SE => "orange",
        Colour::SW => "yellow",
        Colour::NW => "green",
        Colour::NE => "purple",
    }
}

fn hole(c: Coord) -> String {
    format!("{},{}", c.q, c.r)
}

/// What to do in this step.
pub fn goal(g: LessonGoal) -> String {
    match g {
        LessonGoal::Step => "Make a step: move a peg to a neighbouring empty hole.".into(),
        LessonGoal::JumpOver { colour: c } => {
            format!("Jump over the {} peg: land on the empty hole just beyond it.", colour(c))
        }
        LessonGoal::Chain { hops } => format!(
            "Chain {hops} jumps with the same peg, hop by hop; press e (End jump) if it could go on."
        ),
        LessonGoal::LongJump { distance } => format!(
            "Make a long jump over a pivot {distance} holes away: the holes before and after it \
             must be empty."
        ),
        LessonGoal::SwapStuckPeg => {
            "Your peg is stuck: free it by swapping it with a neighbouring opposing peg.".into()
        }
        LessonGoal::EvictSquatter => {
            "An opposing peg squats in your target: swap your last peg with it.".into()
        }
        LessonGoal::WatchPass => {
            "Swaps are switched off here (a rulebook option): you are blocked, with no step and no jump. Watch your turn pass.".into()
        }
        LessonGoal::MoveTo { hole: h } => format!("Move a peg to the marked hole {}.", hole(h)),
        LessonGoal::FillTarget => "Fill the last hole of your target to win.".into(),
        LessonGoal::WinAtMoveCap { cap } => format!(
            "This is the last move of {cap}: the nearest to home ranks first. Play so that you \
             rank first alone."
        ),
    }
}

fn wrong(w: WrongTry) -> String {
    match w {
        WrongTry::NotAStep => "That was not a step.".into(),
        WrongTry::NotAJump => "That was not a jump.".into(),
        WrongTry::WrongPivot { found } => format!("That jumped over a {} peg.", colour(found)),
        WrongTry::ChainTooShort { hops } => format!("The chain stopped after {hops} jump(s)."),
        WrongTry::ChainTooLong { hops } => format!("The chain went on to {hops} jumps."),
        WrongTry::WrongJumpLength { distance } => {
            format!("Its pivot was only {distance} hole(s) away.")
        }
        WrongTry::NotASwap => "That was not a swap.".into(),
        WrongTry::SquatterStays => "That swap leaves the squatter in your target.".into(),
        WrongTry::WrongHole => "That did not end on the marked hole.".into(),
        WrongTry::NoWin => "That did not win.".into(),
        WrongTry::NotRankedFirst => "At the move cap you would not rank first alone.".into(),
    }
}

/// What the last action did.
pub fn feedback(board: &GameState, f: &LessonFeedback) -> String {
    match f {
        LessonFeedback::Refused { notice } => words::notice(board, notice),
        LessonFeedback::Missed { reason, .. } => {
            format!("{} It was taken back: try again.", wrong(*reason))
        }
        LessonFeedback::StepDone => "Well done!".into(),
        LessonFeedback::TurnPassed => "You were blocked — turn skipped.".into(),
    }
}

/// The title line: lesson, step and where the learner is.
pub fn title(n: usize, of: usize, s: &LessonState) -> String {
    let done = if s.lesson_done {
        " — lesson done, press n for the next lesson"
    } else if s.step_done {
        " — step done, press n for the next step"
    } else {
        ""
    };
    format!(
        "Lesson {n}/{of}: {} — step {} of {}{done}",
        topic(s.topic),
        s.step + 1,
        s.steps
    )
}

/// After the last lesson.
pub fn all_done() -> &'static str {
    "That was the last lesson. Press q to leave, then `play` a game."
}
