//! The exported surface: a thin facade over the pure core, one small module per concern.
//!
//! - [`game::Game`]: the one board interface of every kind of game, with its capabilities and
//!   its change listener (forwarding to the two below);
//! - [`local::LocalGame`]: a game on this device (solo, pass-and-play, any mix of seats);
//! - [`online::OnlineGame`]: the server connection and the online game;
//! - [`search::AiSearch`]: a running AI or hint search, awaited and cancelled through its handle;
//! - [`puzzle::PuzzleGame`]: a race puzzle in play; [`puzzle::puzzles`] and
//!   [`puzzle::puzzle_of_the_day`] list them;
//! - [`lesson::Lesson`]: a lesson ("Learn to play"), the lessons and the Rules screen's diagrams;
//! - [`library::GameLibrary`]: the saved games ("Continue") and the statistics;
//! - [`logging`]: logging set up once;
//! - the free functions below: catalogue, geometry, opponents, statistics, positions, tokens.
//!
//! With the `uniffi` feature these are exported to Kotlin and Swift; without it (the server, the
//! terminal) they are plain Rust. No call panics across the boundary: fallible calls return one
//! error type per area.

pub mod game;
mod kept;
pub mod lesson;
pub mod library;
pub mod listen;
pub mod local;
pub mod logging;
pub mod online;
pub mod puzzle;
pub mod search;

pub use game::{Game, GameCapabilities, GameEngine, GameHints, GameHistory, GameReplay};
pub use lesson::{lessons, rule_diagrams, Lesson, LessonError};
pub use library::GameLibrary;
pub use listen::{GameListener, OnlineTransport};
pub use local::LocalGame;
pub use logging::{init_logging, LogLevel};
pub use online::{OnlineGame, OnlineUpdate};
pub use puzzle::{puzzle_of_the_day, puzzle_tally, puzzles, PuzzleGame, PuzzleInfo, PuzzleTally};
pub use search::{AiSearch, SearchOutcome};

use crate::ai::AiLevel;
use crate::rules::{Position, Preset, RuleOption, RuleOptionValue, RuleOptions, Rules, Setup};
use crate::session::setup::bad_position;
use crate::session::{
    BoardGeometry, CarriedSetup, GameSetup, HolePosition, RuleSetInfo, SetupError,
};

/// The version of the core library, as built.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// How many threads the Hard and Impossible searches and the hint use: the apps pass the
/// device's core count at launch (Kotlin `Runtime.getRuntime().availableProcessors()`, Swift
/// `ProcessInfo.processInfo.activeProcessorCount`). Clamped to 1..=16; 1, the default, gives the
/// same move for the same position, level and seed (0 or less counts as 1). Applies to searches
/// started afterwards.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn set_ai_threads(threads: i32) {
    crate::ai::set_search_threads(usize::try_from(threads).unwrap_or(1));
}

/// How many threads the searches use now (after clamping).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn ai_threads() -> i32 {
    crate::session::signed::int(crate::ai::search_threads())
}

/// A fresh random device token for online play (made once, on first launch, and kept).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn new_token() -> String {
    crate::online::new_token()
}

/// Every rule set with its seatings, options and a ready set-up, tripot (the default) first.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn rule_sets() -> Vec<RuleSetInfo> {
    crate::session::rule_sets()
}

/// `setup` moved to another rule set on the new-game screen: every choice the new rule set
/// allows kept, and each one it does not named in `changed` (to be said to the player).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn setup_for_rule_set(setup: GameSetup, preset: Preset) -> CarriedSetup {
    setup.for_rule_set(preset)
}

/// The seats a new-game screen starts from with `count` seats: solo, the person first and the
/// AI at Easy in every other seat; pass and play, people in every seat.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn new_game_seats(count: i32, solo: bool) -> Vec<crate::session::Seat> {
    crate::session::new_game_seats(usize::try_from(count).unwrap_or(0), solo)
}

/// `setup` with `count` seats: those already chosen kept, the new ones as `newGameSeats` gives.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn setup_with_seat_count(setup: GameSetup, count: i32, solo: bool) -> GameSetup {
    setup.with_seat_count(count, solo)
}

/// The new-game screen's person takes seat `index` (solo: the colour they play), trading places
/// with the opponent there, who keeps its level; with two seats and a chosen opener, who opens
/// follows the player it was chosen for.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn setup_sit_at(setup: GameSetup, index: i32) -> GameSetup {
    setup.sit_at(index)
}

/// The new-game screen's choices (rule set, seats with their names, colours per side, who
/// opens) as text to keep until the next visit; `recallSetup` reads it back.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn remember_setup(setup: GameSetup) -> String {
    setup.remember()
}

/// The set-up of kept new-game choices (`rememberSetup`), with the rule set's own options and
/// seed 0 (give it a fresh one); `None` for text that is not kept choices of this version or
/// choices that no longer make a valid set-up: the screen then starts from its defaults.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn recall_setup(text: String) -> Option<GameSetup> {
    GameSetup::recall(&text)
}

/// The value `options` gives `option`: the chip or switch a new-game editor shows as chosen
/// (the options and their allowed values are each rule set's `RuleSetInfo::editable_options`).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn rule_option_value(options: RuleOptions, option: RuleOption) -> RuleOptionValue {
    crate::rules::rule_option_value(&options, option)
}

/// `rules` with `value` chosen on the new-game screen. Refused (`SetupError::OptionFixed` or
/// `SetupError::OptionValue`) when the preset does not edit that option or offer that value.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn with_rule_option(rules: Rules, value: RuleOptionValue) -> Result<Rules, SetupError> {
    crate::session::with_rule_option(rules, value)
}

/// The board's drawing data (121 holes, true aspect ratio, camps, rows).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn board_geometry() -> BoardGeometry {
    crate::session::board_geometry()
}

/// Every hole's row and place as the player reads them on the board turned by
/// `rotation_degrees` (the game's `rotationDegrees`): the one naming of holes in the history,
/// the hint and the holes' spoken labels, the same on every front end. With 0, the geometry's
/// own `row` and `place`.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn hole_positions(rotation_degrees: i32) -> Vec<HolePosition> {
    crate::session::hole_positions(rotation_degrees)
}

/// The turn of the board (degrees clockwise on screen, in `(-180, 180]`) that brings a seat with
/// these `colours` to the bottom: the rule behind `GameState.rotationDegrees` (one camp: -60° ×
/// its place in S, SW, NW, N, NE, SE, the shorter way round; several: the camp nearest their
/// mean direction, the first camp where two are as near or the camps have no mean — always one
/// of the seat's own camps, so the board stands on a point with level rows).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn rotation_to_bottom(colours: Vec<crate::rules::Colour>) -> i32 {
    crate::session::rotation_to_bottom(&colours)
}

/// An online clock read at `now_ms` (milliseconds since the Unix epoch, this device's clock, as
/// `clock.receivedAtMs`): the side to move's time left, its face (seconds rounded up: 0:00 only
/// at time-out), whether it runs low (under 10 s), every bank with a game clock, and when the
/// face next changes (redraw then). The apps only format the digits.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn clock_reading(
    clock: crate::session::online::OnlineClock,
    now_ms: i64,
) -> crate::session::online::ClockReading {
    crate::session::online::clock_reading(&clock, now_ms)
}

/// The away countdown of a seat held until `back_by_ms` (`Banner.OpponentDisconnected.backByMs`,
/// `OnlineSeat.backByMs`) read at `now_ms` (both milliseconds since the Unix epoch, this device's
/// clock): the time left (never below 0), its face (seconds rounded up, as the game clock's:
/// 0:00 only once the seat is lost) and when the face next changes (redraw then; `null` once
/// the time is up). The apps only format "m:ss".
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn away_reading(back_by_ms: i64, now_ms: i64) -> crate::session::online::AwayReading {
    crate::session::online::away_reading(back_by_ms, now_ms)
}

/// A named AI opponent for the new-game screen (the app words the personality by level).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OpponentInfo {
    /// The level it plays at.
    pub level: AiLevel,
    /// Its name (a proper name, the same in every language).
    pub name: String,
}

/// The five opponents, weakest first.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn opponents() -> Vec<OpponentInfo> {
    AiLevel::ALL
        .into_iter()
        .map(|level| OpponentInfo {
            level,
            name: level.opponent().name.to_string(),
        })
        .collect()
}

/// Reads a Position JSON text (docs/RULES.md) into its typed form.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn position_from_json(json: String) -> Result<Setup, SetupError> {
    let position = Position::from_json_str(&json).map_err(bad_position)?;
    Ok(position.to_setup())
}

/// Writes a position as Position JSON text (after checking it).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn position_to_json(position: Setup) -> Result<String, SetupError> {
    let position = Position::from_setup(&position).map_err(bad_position)?;
    Ok(position.to_json().to_string())
}

/// The server the apps use unless the player sets another under Settings → Advanced: the build
/// setting [`crate::online::DEFAULT_SERVER_URL`]; `None` in a build without one (a source build),
/// when the player must choose a server before playing online. Both apps read it from here, so
/// that no app carries an address of its own.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn default_server_url() -> Option<String> {
    crate::online::default_server().map(str::to_string)
}

/// A room code as typed, cleaned (case, spaces and dashes do not matter), or `None` when it
/// cannot be a code — for checking the field as the person types.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn check_room_code(typed: String) -> Option<String> {
    crate::online::normalize_room_code(&typed)
}

/// Every online format, in menu order (tripot 1–3 colours, classic, sternhalma 2, 3, 4, 6).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn online_formats() -> Vec<crate::online::Format> {
    crate::online::Format::ALL.to_vec()
}

/// How many players sit at a table of this format.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn format_seats(format: crate::online::Format) -> i32 {
    crate::session::signed::int(format.seats())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod game_tests;

#[cfg(test)]
mod facts_tests;
