//! `chinese-checkers play`: the full-screen terminal game (ratatui + crossterm) over the same
//! `LocalGame` the mobile apps use. The terminal only draws `GameState` snapshots and turns keys
//! and clicks into game calls; the AI thinks on the core's engine thread while a small thread of
//! ours waits for it. The game is saved on quit and `--resume` continues it. With `--server` the
//! game is played online: an `OnlineGame` over a WebSocket (`online.rs`). The core words
//! nothing: every sentence on screen comes from `words.rs`.

mod app;
mod board;
mod online;
mod render;
mod save;
mod words;

#[cfg(test)]
mod tests;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use chinese_checkers_core::ai::AiLevel;
use chinese_checkers_core::ffi::{LocalGame, OnlineGame};
use chinese_checkers_core::online::Format;
use chinese_checkers_core::rules::{Preset, Rules};
use chinese_checkers_core::session::{
    GameSetup, Opener, PositionSetup, RuleSetInfo, Seat, SetupError,
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

/// Options of `chinese-checkers play`.
#[derive(Args, Clone, Debug)]
pub struct PlayArgs {
    /// Rule set: tripot, classic, sternhalma, rulebook, or a rules JSON object such as
    /// '{"preset":"classic","camps":"no_foreign"}'.
    #[arg(long, default_value = "tripot")]
    pub rules: String,
    /// Tripot: colours per side (1, 2 or 3).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=3))]
    pub colours: u32,
    /// Other rule sets: number of players (2 to 6).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(2..=6))]
    pub players: u32,
    /// The AI's level.
    #[arg(long, value_enum, default_value_t = LevelArg::Beginner)]
    pub level: LevelArg,
    /// Who opens.
    #[arg(long, value_enum, default_value_t = OpensArg::You)]
    pub opens: OpensArg,
    /// Pass-and-play: everyone at this terminal, taking turns (no AI).
    #[arg(long)]
    pub hotseat: bool,
    /// Seed of the coin toss and of the AI's randomness (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start from a Position JSON file (puzzles, tests) instead of the starting position.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub position: Option<PathBuf>,
    /// Continue the game saved when you last quit.
    #[arg(long)]
    pub resume: bool,
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
}

/// Plays in the terminal until the person quits, then saves.
pub fn run(args: &PlayArgs) -> Result<()> {
    if !std::io::stdout().is_terminal() {
        bail!("`chinese-checkers play` needs a terminal to draw the board in");
    }
    if let Some(url) = &args.server {
        return run_online(args, url);
    }
    let dir = save::data_dir()?;
    let save_path = save::session_file(&dir);
    let game = if args.resume {
        save::load(&save_path)?
    } else {
        new_game(args)?
    };
    let mut app = App::new(game);
    let played = tui(&mut app);
    app.shutdown();
    let stored = store(&app, &dir, &save_path);
    played?;
    println!("{}", stored?);
    Ok(())
}

/// Plays one online game through the server at `url` until the person quits.
fn run_online(args: &PlayArgs, url: &str) -> Result<()> {
    if !is_tripot(&args.rules) {
        bail!("online games are tripot games: leave out --rules");
    }
    let format = match args.colours {
        1 => Format::Tripot1,
        2 => Format::Tripot2,
        _ => Format::Tripot3,
    };
    let action: app::LobbyAction = if args.quick {
        Box::new(move |g: &OnlineGame| g.quick_match(Some(format)))
    } else if let Some(code) = args.room.clone() {
        Box::new(move |g: &OnlineGame| g.join_room(code))
    } else if args.create_room {
        Box::new(move |g: &OnlineGame| g.create_room(format))
    } else if args.lobby {
        Box::new(move |g: &OnlineGame| g.create_table(format))
    } else {
        bail!("say how to find an opponent: --quick, --lobby, --room CODE or --create-room");
    };
    let token = online::device_token(&save::data_dir()?)?;
    let game = OnlineGame::new();
    let hello = game
        .hello(token.clone(), online::player_name())
        .or_else(|_| game.hello(token, "Player".into()))
        .map_err(|e| anyhow!("could not greet the server: {}", words::online_error(&e)))?;
    let link = online::Link::open(url.to_owned(), Arc::clone(&game))?;
    link.send(hello.outgoing);
    let mut app = App::new_online(game, link, action);
    let played = tui(&mut app);
    app.shutdown();
    played?;
    if let Some(outcome) = &app.view.outcome {
        println!("Game over: {}", words::outcome(&app.view, outcome));
    }
    Ok(())
}

/// The rules a `--rules` setting names: a preset name or a rules object as JSON text.
fn parse_rules(text: &str) -> Result<Rules> {
    let value = serde_json::from_str::<serde_json::Value>(text)
        .unwrap_or_else(|_| serde_json::Value::String(text.trim().to_string()));
    Rules::from_json(&value).map_err(|e| anyhow!("invalid game settings: {e}"))
}

/// Whether a rules setting names the tripot rule set.
fn is_tripot(rules: &str) -> bool {
    parse_rules(rules).is_ok_and(|r| r.preset == Preset::Tripot)
}

/// The seat the person takes in a solo game (tripot: always the first side, the opener is
/// chosen instead; with a fixed opener "opponent opens" seats the AI first, and the core's coin
/// toss seats its winner first).
fn person_seat(args: &PlayArgs, info: &RuleSetInfo) -> usize {
    match args.opens {
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
    let level = args.level.level();
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

/// The new-game set-up the options describe.
pub fn settings(args: &PlayArgs, seed: u64) -> Result<GameSetup> {
    let rules = parse_rules(&args.rules)?;
    let info = RuleSetInfo::of(rules.preset);
    let tripot = rules.preset == Preset::Tripot;
    let n = if tripot { 2 } else { args.players as usize };
    let person = person_seat(args, &info);
    let opener = match (info.opener_choice, args.opens) {
        (_, OpensArg::Coin) => Opener::CoinToss,
        (true, OpensArg::Opponent) => Opener::Seat { index: 1 },
        _ => Opener::Seat { index: 0 },
    };
    Ok(GameSetup {
        rules,
        seats: seats(args, n, person),
        colours_per_side: if tripot { args.colours as i32 } else { 1 },
        opener,
        seed,
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
        let position = PositionSetup::from_json(&text).map_err(|e| cannot(&e))?;
        let info = RuleSetInfo::of(position.rules.preset);
        let person = person_seat(args, &info);
        let seats = seats(args, position.players.len(), person);
        return LocalGame::from_position(position, seats, seed).map_err(|e| cannot(&e));
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

/// Saves the game in progress (or, once it is over, records it and drops the save); returns
/// what to tell the person.
fn store(app: &App, dir: &Path, save_path: &Path) -> Result<String> {
    let game = app
        .local()
        .ok_or_else(|| anyhow!("an online game is not saved here"))?;
    if let Some(outcome) = &app.view.outcome {
        save::record_statistics(game, &save::statistics_file(dir))?;
        save::remove(save_path)?;
        return Ok(format!("Game over: {}", words::outcome(&app.view, outcome)));
    }
    save::write(save_path, &game.save())?;
    Ok(format!(
        "Game saved to {}; continue it with `chinese-checkers play --resume`.",
        save_path.display()
    ))
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
