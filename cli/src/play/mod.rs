//! `chinese-checkers play`: the full-screen terminal game (ratatui + crossterm) over the same
//! `LocalGame` the mobile apps use. The terminal only draws `GameState` snapshots and turns keys
//! and clicks into game calls; the AI thinks on the core's engine thread while a small thread of
//! ours waits for it. The game is kept in the saved-games library from its start (one solo and
//! one pass-and-play slot, asked before a new game takes another game's slot) and the core
//! writes it after every move, the AI's too, so that nothing is lost however the terminal ends;
//! `--resume [GAME]` continues one, a finished game is never continued, and finished games
//! against the AI count in the statistics (`s`, `chinese-checkers stats`) as they end. With
//! `--server` the game is played online: an `OnlineGame` over a WebSocket (`online.rs`), kept
//! in the library the same way. The core words nothing: every sentence on screen comes from
//! `words.rs`.

mod app;
mod board;
pub mod learn;
mod learn_words;
mod library_words;
mod online;
pub mod puzzle;
mod records;
mod render;
mod save;
mod words;

#[cfg(test)]
mod learn_tests;
#[cfg(test)]
mod status_tests;
#[cfg(test)]
mod tests;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use chinese_checkers_core::ai::AiLevel;
use chinese_checkers_core::ffi::{position_from_json, GameLibrary, LocalGame, OnlineGame};
use chinese_checkers_core::online::Format;
use chinese_checkers_core::rules::{Preset, Rules};
use chinese_checkers_core::session::online::OnlineRequest;
use chinese_checkers_core::session::{
    GameSetup, LibraryError, Opener, RuleSetInfo, SaveStatus, SavedGame, Seat, SetupError,
};
use clap::{Args, ValueEnum};
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode};
use ratatui::crossterm::execute;
use ratatui::DefaultTerminal;

pub use app::App;

/// The AI's level on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Plays plausible forward moves and makes human mistakes.
    Beginner,
    /// Looks one move ahead.
    Easy,
    /// Reads a few moves ahead.
    Medium,
    /// Deep search.
    Hard,
    /// As strong as the engine gets.
    Impossible,
}

impl LevelArg {
    fn level(self) -> AiLevel {
        match self {
            LevelArg::Beginner => AiLevel::Beginner,
            LevelArg::Easy => AiLevel::Easy,
            LevelArg::Medium => AiLevel::Medium,
            LevelArg::Hard => AiLevel::Hard,
            LevelArg::Impossible => AiLevel::Impossible,
        }
    }
}

/// Who opens the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OpensArg {
    /// You (side 1) open.
    You,
    /// The opponent opens (in rule sets with a fixed opener, you take the second seat).
    Opponent,
    /// A coin toss decides.
    Coin,
}

/// Options of `chinese-checkers play`. The options a game may ignore are `Option`s, so that only
/// what was given on the command line is checked against the rest ([`check_options`]).
#[derive(Args, Clone, Debug)]
pub struct PlayArgs {
    /// Rule set: tripot (default), classic, sternhalma, rulebook, or a rules JSON object such as
    /// '{"preset":"classic","camps":"no_foreign"}'.
    #[arg(long)]
    pub rules: Option<String>,
    /// Tripot: colours per side (1, 2 or 3; default 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=3))]
    pub colours: Option<u32>,
    /// Other rule sets: number of players (2 to 6 as the rule set seats them; default 2).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=6))]
    pub players: Option<u32>,
    /// The AI's level (default beginner).
    #[arg(long, value_enum)]
    pub level: Option<LevelArg>,
    /// Who opens (default you).
    #[arg(long, value_enum)]
    pub opens: Option<OpensArg>,
    /// Pass-and-play: everyone at this terminal, taking turns (no AI).
    #[arg(long)]
    pub hotseat: bool,
    /// Seed of the coin toss and of the AI's randomness (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start from a Position JSON file (puzzles, tests) instead of the starting position.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub position: Option<PathBuf>,
    /// Continue a saved game: the only one, or GAME (`solo`, `hotseat` or a saved game's id);
    /// with several saved and no GAME, you are asked which.
    #[arg(
        long,
        value_name = "GAME",
        num_args = 0..=1,
        default_missing_value = ""
    )]
    pub resume: Option<String>,
    /// Open a game file (a downloaded online game, `chinese-checkers games --download`, or any
    /// saved game shared as a file) to replay it or play on; the file is not changed.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["resume", "position", "server"])]
    pub open: Option<PathBuf>,
    /// Online play through this server.
    #[arg(long, value_name = "URL", conflicts_with_all = ["hotseat", "resume", "position"])]
    pub server: Option<String>,
    /// Online: join the next free opponent.
    #[arg(long, requires = "server", group = "online_room")]
    pub quick: bool,
    /// Online: open a public table in the lobby and wait for an opponent.
    #[arg(long, requires = "server", group = "online_room")]
    pub lobby: bool,
    /// Online: join the room with this code.
    #[arg(long, value_name = "CODE", requires = "server", group = "online_room")]
    pub room: Option<String>,
    /// Online: open a room and wait for a friend.
    #[arg(long, requires = "server", group = "online_room")]
    pub create_room: bool,
    /// Online: watch a game read-only (an id from `chinese-checkers games --live`).
    #[arg(long, value_name = "GAME", requires = "server", group = "online_room")]
    pub watch: Option<String>,
    /// Online: watch a private room's game read-only by the room's code (the one its players
    /// joined with); with --watch, the code of that game's room.
    #[arg(
        long,
        value_name = "CODE",
        requires = "server",
        conflicts_with_all = ["quick", "lobby", "room", "create_room"]
    )]
    pub watch_code: Option<String>,
    /// Online: the name your opponent sees; remembered for next time (default "Player").
    #[arg(long, value_name = "NAME", requires = "server")]
    pub name: Option<String>,
    /// Online: a PEM file of certificates to trust for a wss:// server besides the public
    /// authorities (a private CA or a self-signed certificate; also CHINESE_CHECKERS_CA_FILE).
    #[arg(long, value_name = "FILE", requires = "server")]
    pub ca_file: Option<std::path::PathBuf>,
}

impl PlayArgs {
    fn level(&self) -> AiLevel {
        self.level.unwrap_or(LevelArg::Beginner).level()
    }

    fn opens(&self) -> OpensArg {
        self.opens.unwrap_or(OpensArg::You)
    }
}

/// The options given on the command line among `named` (flag, given).
fn given(named: &[(&'static str, bool)]) -> Vec<&'static str> {
    named
        .iter()
        .filter(|(_, on)| *on)
        .map(|(flag, _)| *flag)
        .collect()
}

/// "--a", "--a and --b", "--a, --b and --c".
fn and_list<T: std::fmt::Display>(items: &[T], last: &str) -> String {
    let words: Vec<String> = items.iter().map(ToString::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((only, [])) => only.clone(),
        Some((end, rest)) => format!("{} {last} {end}", rest.join(", ")),
    }
}

/// "does" or "do", for the options of `flags`.
fn verb(flags: &[&str]) -> &'static str {
    if flags.len() == 1 {
        "does"
    } else {
        "do"
    }
}

/// Refuses options that the kind of game asked for would ignore, naming what applies instead.
/// Only options given on the command line count. The rule set's own limits (seats, colours) are
/// checked by [`settings`].
pub fn check_options(args: &PlayArgs) -> Result<()> {
    if args.resume.is_some() {
        let ignored = given(&[
            ("--rules", args.rules.is_some()),
            ("--colours", args.colours.is_some()),
            ("--players", args.players.is_some()),
            ("--level", args.level.is_some()),
            ("--opens", args.opens.is_some()),
            ("--hotseat", args.hotseat),
            ("--seed", args.seed.is_some()),
        ]);
        if !ignored.is_empty() {
            bail!(
                "--resume continues the saved game as it was: {} {} not apply (leave out \
                 --resume to start a new game with them)",
                and_list(&ignored, "and"),
                verb(&ignored)
            );
        }
    }
    if args.position.is_some() {
        let ignored = given(&[
            ("--rules", args.rules.is_some()),
            ("--colours", args.colours.is_some()),
            ("--players", args.players.is_some()),
        ]);
        if !ignored.is_empty() {
            bail!(
                "a position carries its own rules and players: {} {} not apply with --position \
                 (--level, --opens, --hotseat and --seed do)",
                and_list(&ignored, "and"),
                verb(&ignored)
            );
        }
    }
    if args.hotseat && args.level.is_some() {
        bail!(
            "--hotseat is pass-and-play between people at this terminal, with no AI: --level \
             does not apply (leave out --hotseat to play against the AI)"
        );
    }
    if args.server.is_some() {
        let ignored = given(&[
            ("--level", args.level.is_some()),
            ("--opens", args.opens.is_some()),
            ("--seed", args.seed.is_some()),
        ]);
        if !ignored.is_empty() {
            bail!(
                "online games are seated by the server: {} {} not apply with --server \
                 (--rules, --colours, --players and --name do)",
                and_list(&ignored, "and"),
                verb(&ignored)
            );
        }
        online_format(args)?;
    }
    Ok(())
}

pub use records::{games, GamesArgs};

/// Plays in the terminal until the person quits (the core saves every move as it is played).
pub fn run(args: &PlayArgs) -> Result<()> {
    check_options(args)?;
    if args.server.is_none()
        && args.resume.is_none()
        && args.position.is_none()
        && args.open.is_none()
    {
        // The rule set's limits, before the screen is taken over.
        settings(args, 0)?;
    }
    if !std::io::stdout().is_terminal() {
        bail!("`chinese-checkers play` needs a terminal to draw the board in");
    }
    if let Some(url) = &args.server {
        return run_online(args, url);
    }
    let dir = save::data_dir()?;
    let library = save::open_library(&dir)?;
    if let Some(notice) = save::import_session(&library, &dir) {
        println!("{notice}");
    }
    if let Some(file) = &args.open {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("could not read {}", file.display()))?;
        let game = LocalGame::restore(text).map_err(|e| {
            anyhow!(
                "{} is not a game file: {}",
                file.display(),
                words::save_error(&e, "open")
            )
        })?;
        let mut app = App::new(game);
        app.set_library(Arc::clone(&library));
        let played = tui(&mut app);
        app.shutdown();
        return played;
    }
    let (game, unkept) = match &args.resume {
        Some(which) => (resume(&library, which)?, None),
        None => {
            let game = new_game(args)?;
            // Asked on the plain terminal, before the board takes the screen over.
            let unkept = keep(&game, &library, &mut |existing| {
                ask_line(&library_words::replace_question(existing))
                    .map(|answer| library_words::is_yes(&answer))
            })?;
            (game, unkept)
        }
    };
    let mut app = App::new(game);
    app.set_library(Arc::clone(&library));
    let played = tui(&mut app);
    app.shutdown();
    // Every move is on disk already (the core wrote it): this only says so.
    let said = report(&app, &library, unkept.as_ref());
    played?;
    println!("{}", said?);
    Ok(())
}

/// `chinese-checkers stats`: the results against each opponent.
pub fn stats() -> Result<()> {
    let library = save::open_library(&save::data_dir()?)?;
    let stats = library
        .statistics()
        .map_err(|e| anyhow!(library_words::statistics_error(&e)))?;
    println!("{}", library_words::statistics_table(&stats));
    Ok(())
}

/// Asks `question` on the terminal and reads one line; `None` when stdin is not a terminal
/// (nobody to ask). End of input answers with an empty line.
fn ask_line(question: &str) -> Option<String> {
    if !std::io::stdin().is_terminal() {
        return None;
    }
    print!("{question}");
    let _ = std::io::stdout().flush();
    let mut line = String::new();
    match std::io::stdin().read_line(&mut line) {
        Ok(_) => Some(line),
        Err(_) => Some(String::new()),
    }
}

/// The saved game `--resume [WHICH]` means, opened: the only one, the one named, or the one the
/// person picks from a list (refused, with the list, when nobody is at the terminal to ask).
fn resume(library: &GameLibrary, which: &str) -> Result<Arc<LocalGame>> {
    let listing = library.listing().map_err(|e| {
        anyhow!(
            "could not list the saved games: {}",
            library_words::library_error(&e)
        )
    })?;
    let games = save::resumable(listing);
    let now = save::now_s();
    let choice = match save::choose(&games, which, now) {
        Ok(choice) => choice,
        // A damaged (unlisted) or finished saved game asked for by its id: opening it says what
        // is wrong with it, or brings it back.
        Err(e) => {
            return match library.open_game(which.trim().to_owned()) {
                Ok(game) => Ok(game),
                Err(LibraryError::NotFound { .. }) => Err(anyhow!(e)),
                Err(damaged) => Err(anyhow!(
                    "could not resume the saved game {}: {} (start a new game without --resume)",
                    which.trim(),
                    library_words::library_error(&damaged)
                )),
            }
        }
    };
    let chosen = match choice {
        save::Choice::Game(g) => g,
        save::Choice::Several(list) => {
            if !std::io::stdin().is_terminal() {
                bail!(library_words::which_game_needed(&list, now));
            }
            println!("{}", library_words::saved_games_list(&list, now).join("\n"));
            let answer = ask_line(&library_words::which_question(list.len())).unwrap_or_default();
            save::pick(&list, &answer).ok_or_else(|| anyhow!(library_words::no_game_chosen()))?
        }
    };
    library.open_game(chosen.id.clone()).map_err(|e| {
        anyhow!(
            "could not resume the saved {}: {} (start a new game without --resume)",
            library_words::card(&chosen),
            library_words::library_error(&e)
        )
    })
}

/// The online format asked for: `--rules` (tripot by default) with `--colours` or `--players`.
fn online_format(args: &PlayArgs) -> Result<Format> {
    let players = args.players.unwrap_or(2);
    let preset = match args.rules.as_deref() {
        None => Preset::Tripot,
        Some(text) => {
            let rules = parse_rules(text)?;
            if rules != Rules::preset(rules.preset) {
                bail!("online games use the rule sets as they are: leave out the rule options");
            }
            rules.preset
        }
    };
    let format = match preset.name() {
        "tripot" => match args.colours.unwrap_or(1) {
            1 => Format::Tripot1,
            2 => Format::Tripot2,
            _ => Format::Tripot3,
        },
        "classic" => Format::Classic,
        "sternhalma" => match players {
            2 => Format::Sternhalma2,
            3 => Format::Sternhalma3,
            4 => Format::Sternhalma4,
            6 => Format::Sternhalma6,
            n => bail!("online sternhalma seats 2, 3, 4 or 6 players, not {n}"),
        },
        other => bail!("online games are played in tripot, classic or sternhalma, not {other:?}"),
    };
    if format.preset() != Preset::Sternhalma && args.players.is_some_and(|n| n != 2) {
        bail!("{} is a game of two online", format.preset().name());
    }
    Ok(format)
}

/// Plays one online game through the server at `url` until the person quits.
fn run_online(args: &PlayArgs, url: &str) -> Result<()> {
    let format = online_format(args)?;
    let action = if args.quick {
        OnlineRequest::QuickMatch {
            format: Some(format),
        }
    } else if let Some(code) = args.room.clone() {
        OnlineRequest::JoinRoom { code }
    } else if args.create_room {
        OnlineRequest::CreateRoom {
            format,
            clock: None,
        }
    } else if args.lobby {
        OnlineRequest::CreateTable {
            format,
            clock: None,
        }
    } else if let Some(game) = args.watch.clone() {
        OnlineRequest::Spectate {
            game,
            code: args.watch_code.clone(),
        }
    } else if let Some(code) = args.watch_code.clone() {
        // The room's code alone: the server finds the room's game.
        OnlineRequest::SpectateRoom { code }
    } else {
        bail!(
            "say how to find an opponent: --quick, --lobby, --room CODE or --create-room \
             (or --watch GAME or --watch-code CODE to watch one)"
        );
    };
    let dir = save::data_dir()?;
    let token = online::device_token(&dir)?;
    let name = online::player_name(&dir, args.name.as_deref())?;
    // The library keeps every game of ours as it is played; the one left in progress last time
    // comes back with the welcome (a finished one never does).
    let library = save::open_library(&dir)?;
    let game = online::resume_game(&dir, &library);
    // The worker greets the server on every connection; the greeting is checked here first.
    OnlineGame::new()
        .send(OnlineRequest::Hello {
            token: token.clone(),
            name: name.clone(),
        })
        .map_err(|e| anyhow!("could not greet the server: {}", words::online_error(&e)))?;
    let mut config = online::LinkConfig::new(token, name);
    if let Some(file) = &args.ca_file {
        config.ca_file = Some(file.clone());
    }
    let link = online::Link::open(url.to_owned(), Arc::clone(&game), config)?;
    let mut app = App::new_online(game, link, action);
    // The statistics (`s`) are this device's, online too.
    app.set_library(library);
    let played = tui(&mut app);
    app.shutdown();
    played?;
    if let Some(fatal) = app.fatal.take() {
        bail!(fatal);
    }
    let Some(state) = app.online_state() else {
        return Ok(());
    };
    if let SaveStatus::Failed { detail } = &state.board.storage {
        eprintln!("{}", library_words::save_failed(detail));
    }
    println!("{}", words::left_online(state));
    Ok(())
}

/// The rules a `--rules` setting names: a preset name or a rules object as JSON text.
fn parse_rules(text: &str) -> Result<Rules> {
    let value = serde_json::from_str::<serde_json::Value>(text)
        .unwrap_or_else(|_| serde_json::Value::String(text.trim().to_string()));
    Rules::from_json(&value).map_err(|e| anyhow!("invalid game settings: {e}"))
}

/// The seat the person takes in a solo game (tripot: always the first side, the opener is
/// chosen instead; with a fixed opener "opponent opens" seats the AI first, and the core's coin
/// toss seats its winner first).
fn person_seat(args: &PlayArgs, info: &RuleSetInfo) -> usize {
    match args.opens() {
        OpensArg::Opponent if !info.opener_choice && !args.hotseat => 1,
        _ => 0,
    }
}

/// `n` seats: everyone at this terminal (`--hotseat`), or the person in `person` and the AI in
/// every other seat (numbered when there are several).
fn seats(args: &PlayArgs, n: usize, person: usize) -> Vec<Seat> {
    if args.hotseat {
        return vec![Seat::person(); n];
    }
    let level = args.level();
    (0..n)
        .map(|i| {
            if i == person {
                Seat::person()
            } else {
                Seat::ai(level)
            }
        })
        .collect()
}

/// The new-game set-up the options describe; options the rule set has no use for are refused.
pub fn settings(args: &PlayArgs, seed: u64) -> Result<GameSetup> {
    let rules = parse_rules(args.rules.as_deref().unwrap_or("tripot"))?;
    let info = RuleSetInfo::of(rules.preset);
    let tripot = rules.preset == Preset::Tripot;
    let name = rules.preset.name();
    let list = |v: &[i32]| {
        let v: Vec<String> = v.iter().map(i32::to_string).collect();
        and_list(&v, "or")
    };
    if let Some(players) = args.players {
        if tripot && players != 2 {
            bail!(
                "tripot has two sides: --players does not apply (use --colours 1, 2 or 3 for \
                 the colours each side plays)"
            );
        }
        if !info.seat_counts.contains(&(players as i32)) {
            bail!(
                "{name} is played by {} players, not {players}: use --players {}",
                list(&info.seat_counts),
                list(&info.seat_counts)
            );
        }
    }
    if let Some(colours) = args.colours {
        if !info.colours_per_side.contains(&(colours as i32)) {
            bail!(
                "only tripot has colours per side: --colours does not apply to {name} (set the \
                 number of players with --players {})",
                list(&info.seat_counts)
            );
        }
    }
    let n = if tripot {
        2
    } else {
        args.players.unwrap_or(2) as usize
    };
    let person = person_seat(args, &info);
    let opener = match (info.opener_choice, args.opens()) {
        (_, OpensArg::Coin) => Opener::CoinToss,
        (true, OpensArg::Opponent) => Opener::Seat { index: 1 },
        _ => Opener::Seat { index: 0 },
    };
    Ok(GameSetup {
        rules,
        seats: seats(args, n, person),
        colours_per_side: if tripot {
            args.colours.unwrap_or(1) as i32
        } else {
            1
        },
        opener,
        // Any 64 bits seed a game: the set-up carries them as a signed number.
        seed: seed as i64,
    })
}

/// The game the options describe: a new one, or one from `--position`.
fn new_game(args: &PlayArgs) -> Result<Arc<LocalGame>> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    if let Some(path) = &args.position {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("could not read the position {}", path.display()))?;
        let cannot = |e: &SetupError| {
            anyhow!(
                "could not start from {}: {}",
                path.display(),
                words::setup_error(e)
            )
        };
        let position = position_from_json(text).map_err(|e| cannot(&e))?;
        let info = RuleSetInfo::of(position.rules.preset);
        let person = person_seat(args, &info);
        let seats = seats(args, position.players.len(), person);
        return LocalGame::from_position(position, seats, i64::from_ne_bytes(seed.to_ne_bytes()))
            .map_err(|e| cannot(&e));
    }
    let setup = settings(args, seed)?;
    LocalGame::new(setup)
        .map_err(|e| anyhow!("could not start the game: {}", words::setup_error(&e)))
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// Why a game is played without being saved: the saved game kept in its slot instead, and
/// whether the person was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unkept {
    /// The game kept in the slot.
    pub existing: SavedGame,
    /// The person said no (`false`: nobody could be asked).
    pub asked: bool,
}

/// Keeps a new game in the library, where it saves itself after every move (the terminal never
/// saves). When its slot holds another game, `confirm` is asked first (`None`: nobody could be
/// asked): yes keeps it, and the other game goes at this one's first move; anything else plays
/// it unsaved and returns what stays saved instead.
fn keep(
    game: &Arc<LocalGame>,
    library: &GameLibrary,
    confirm: &mut dyn FnMut(&SavedGame) -> Option<bool>,
) -> Result<Option<Unkept>> {
    let cannot = |e: &LibraryError| {
        anyhow!(
            "could not keep the game among the saved games: {}",
            library_words::library_error(e)
        )
    };
    match library.keep_local(Arc::clone(game), false) {
        Ok(()) => Ok(None),
        Err(LibraryError::WouldReplace { existing }) => match confirm(&existing) {
            Some(true) => {
                library
                    .keep_local(Arc::clone(game), true)
                    .map_err(|e| cannot(&e))?;
                Ok(None)
            }
            answer => Ok(Some(Unkept {
                existing,
                asked: answer.is_some(),
            })),
        },
        Err(e) => Err(cannot(&e)),
    }
}

/// What to tell the person on quitting. The library wrote every move as it was played (and
/// counted a finished game): a finished game is over, an unfinished one saved — or not, when it
/// was played without its slot (`unkept`) or its last save failed (tried once more here).
fn report(app: &App, library: &GameLibrary, unkept: Option<&Unkept>) -> Result<String> {
    let game = app
        .local()
        .ok_or_else(|| anyhow!("an online game is not saved here"))?;
    if let Some(outcome) = &app.view.outcome {
        return Ok(format!("Game over: {}", words::outcome(&app.view, outcome)));
    }
    if let Some(u) = unkept {
        return Ok(library_words::not_saved(&u.existing, u.asked));
    }
    if matches!(game.state().storage, SaveStatus::Failed { .. }) {
        if let SaveStatus::Failed { detail } = game.save_now().storage {
            bail!("could not save the game: {detail}");
        }
    }
    let listing = library.listing().map_err(|e| {
        anyhow!(
            "could not list the saved games: {}",
            library_words::library_error(&e)
        )
    })?;
    let id = game.id();
    // A game whose end was taken back is among the finished games, and still saved.
    let found = listing.playing.iter().chain(&listing.finished);
    let Some(saved) = found.into_iter().find(|g| g.id == id).cloned() else {
        return Ok(library_words::nothing_saved());
    };
    let only_one = save::resumable(listing).len() <= 1;
    Ok(library_words::saved(&saved, only_one))
}

/// Runs the full-screen game, restoring the terminal however it ends.
fn tui(app: &mut App) -> Result<()> {
    let mut terminal = ratatui::try_init().context("could not set up the terminal")?;
    let mouse = execute!(std::io::stdout(), EnableMouseCapture);
    // ratatui's own hook restores the screen on a panic; stop mouse reporting too.
    let restore = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        restore(info);
    }));
    let result = event_loop(&mut terminal, app);
    if mouse.is_ok() {
        // Best effort: the terminal is being restored anyway.
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
    }
    let restored = ratatui::try_restore().context("could not restore the terminal");
    result.and(restored)
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App) -> Result<()> {
    loop {
        app.tick();
        terminal.draw(|frame| render::draw(frame, app))?;
        if app.quit {
            return Ok(());
        }
        if !event::poll(Duration::from_millis(40))? {
            continue;
        }
        match event::read()? {
            Event::Key(key) => {
                let quit_key = matches!(key.code, KeyCode::Char('q') | KeyCode::Char('Q'));
                // Too small to show the board: only quitting makes sense.
                if app.placement.is_some() || quit_key {
                    app.handle_key(key);
                }
            }
            Event::Mouse(mouse) => app.handle_mouse(mouse),
            // The next draw fits the new size.
            _ => {}
        }
    }
}
