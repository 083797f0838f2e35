//! The lessons' exported types: what a lesson is about, the rule a step shows, the goal the core
//! checks, why a try missed it, the feedback, the state a lesson screen draws, and the Rules
//! screen's diagrams. The player is in `lesson`, the data in `lesson_data`.

use super::geometry::HoleGeometry;
use super::notice::Notice;
use crate::rules::{Colour, Coord, MoveKind, Preset};

/// What a lesson is about (the apps word its title from this).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum LessonTopic {
    /// Steps, jumps, chains and "End jump" (tripot).
    Moves,
    /// Long symmetric jumps over a far pivot (tripot).
    LongJumps,
    /// The blocked-peg swap, cases A and B (tripot).
    Swaps,
    /// A blocked side's turn passes (tripot).
    PassedTurn,
    /// What differs in classic: short jumps only, fill the whole target.
    Classic,
    /// What differs in sternhalma: the camp rule, the target lock, the 200-move cap and ranking.
    Sternhalma,
}

/// The rule one lesson step shows, and the rule diagram made from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum LessonRule {
    /// A step to a neighbouring hole.
    Step,
    /// A short jump over an adjacent peg.
    Jump,
    /// Several jumps in one turn, ending by itself at a dead end.
    Chain,
    /// A chain stopped with "End jump" while it could go on.
    EndJump,
    /// A long symmetric jump over a pivot several holes away.
    LongJump,
    /// Swap case A: a stuck peg trades places with an opposing peg.
    SwapStuckPeg,
    /// Swap case B: the last peg evicts the opposing peg squatting in its target.
    SwapSquatter,
    /// A side with no move (and no swap) passes.
    PassedTurn,
    /// Only short jumps (classic, sternhalma): the long jump is refused.
    ShortJumpsOnly,
    /// The win: every hole of the target filled with your own pegs.
    FillTarget,
    /// The camp rule: a move may cross a foreign camp but not end there.
    CampRule,
    /// The target lock: a peg in its target must end its move in the target.
    TargetLock,
    /// The move cap: after 200 moves each, the nearest to home ranks first.
    MoveCap,
}

/// What the learner is asked to do in a step; the core checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum LessonGoal {
    /// Make a step.
    Step,
    /// Jump over a peg of this colour.
    JumpOver {
        /// The pivot's colour.
        colour: Colour,
    },
    /// Chain exactly this many hops (stop with "End jump" if the chain could go on).
    Chain {
        /// Hops asked for.
        hops: i32,
    },
    /// Jump over a pivot this many holes away (a long jump when more than 1).
    LongJump {
        /// The pivot's distance.
        distance: i32,
    },
    /// Free the stuck peg with a swap (case A).
    SwapStuckPeg,
    /// Evict the opposing peg squatting in your target with a swap (case B).
    EvictSquatter,
    /// You are blocked: watch your turn pass (done as soon as the step opens).
    WatchPass,
    /// Move a peg to this hole (the pointer shows it).
    MoveTo {
        /// The hole.
        hole: Coord,
    },
    /// Fill your target and win.
    FillTarget,
    /// Play the last move before the move cap so that you rank first alone.
    WinAtMoveCap {
        /// Moves per player.
        cap: i32,
    },
}

/// Why a legal move did not reach the step's goal (it was taken back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum WrongTry {
    /// The goal asks for a step.
    NotAStep,
    /// The goal asks for a jump.
    NotAJump,
    /// The jump went over a peg of another colour than the goal names.
    WrongPivot {
        /// The colour jumped over.
        found: Colour,
    },
    /// The chain stopped after too few hops.
    ChainTooShort {
        /// Hops made.
        hops: i32,
    },
    /// The chain went on past the hops asked for.
    ChainTooLong {
        /// Hops made.
        hops: i32,
    },
    /// No hop of the jump had its pivot at the distance asked for.
    WrongJumpLength {
        /// The farthest pivot distance of the jump.
        distance: i32,
    },
    /// The goal asks for a swap.
    NotASwap,
    /// The swap took a peg already in the target: the squatter is still there.
    SquatterStays,
    /// The move did not end on the hole asked for.
    WrongHole,
    /// The move did not win.
    NoWin,
    /// The game ended at the move cap, but not with you alone in first place.
    NotRankedFirst,
}

/// What the learner's last action did.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum LessonFeedback {
    /// The tap did nothing, for this reason (the same notice a game shows).
    Refused {
        /// Why.
        notice: Notice,
    },
    /// A legal move that misses the goal: it was taken back; try again. (Not named `WrongTry`:
    /// Kotlin's nested case would hide the reason's type.)
    Missed {
        /// Why it misses.
        reason: WrongTry,
        /// The move that was taken back (start first; own peg then opposing peg for a swap).
        path: Vec<Coord>,
    },
    /// The goal is reached.
    StepDone,
    /// The learner's turn was passed (the goal of a `WatchPass` step).
    TurnPassed,
}

/// A lesson in the catalogue.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct LessonInfo {
    /// Its id, to open it (`Lesson(dataDir, id)`) and to link a diagram to it.
    pub id: String,
    /// The rule set it is played under.
    pub rules: Preset,
    /// What it is about.
    pub topic: LessonTopic,
    /// The rule each step shows, in order (one per step).
    pub step_rules: Vec<LessonRule>,
    /// Played to its end from its first step on this device (the lessons list's tick).
    pub finished: bool,
}

/// A lesson's facts beside its board (`GameState.lesson`): the step, its goal and pointer, and
/// what the last action did. The board itself is the `GameState` that carries it, drawn as a
/// game's (the AI never plays in a lesson: `aiToMove` is false, and only "End jump" is among its
/// capabilities).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct LessonState {
    /// The lesson's id.
    pub lesson_id: String,
    /// The lesson's topic.
    pub topic: LessonTopic,
    /// The step shown, 0-based.
    pub step: i32,
    /// Steps in the lesson.
    pub steps: i32,
    /// The rule this step shows.
    pub rule: LessonRule,
    /// What to do.
    pub goal: LessonGoal,
    /// The holes to point at (the peg to move first, then where it goes).
    pub pointer: Vec<Coord>,
    /// The learner's seat (the player whose pegs the learner moves).
    pub learner: i32,
    /// What the last action did, if anything.
    pub feedback: Option<LessonFeedback>,
    /// The step's goal is reached ("Next" may be offered).
    pub step_done: bool,
    /// The last step's goal is reached.
    pub lesson_done: bool,
}

/// One small board of the Rules screen: a move of one kind on a few holes, taken from the lesson
/// step that teaches it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct RuleDiagram {
    /// The rule it shows.
    pub rule: LessonRule,
    /// The kind of the move drawn (a pass draws no path).
    pub kind: MoveKind,
    /// The holes to draw, with the board's geometry (`board_geometry()`): a small region around
    /// the move. Scale and centre them on their own bounding box.
    pub holes: Vec<HoleGeometry>,
    /// The pegs on those holes before the move.
    pub pegs: Vec<DiagramPeg>,
    /// The move's path (start first, every landing; own peg then opposing peg for a swap).
    pub path: Vec<Coord>,
    /// The lesson that teaches it.
    pub lesson_id: String,
    /// Its step in that lesson, 0-based.
    pub step: i32,
}

/// A peg drawn on a rule diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct DiagramPeg {
    /// Where it stands.
    pub coord: Coord,
    /// Its colour.
    pub colour: Colour,
}
