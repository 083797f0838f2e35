//! `chinese-checkers play`: the full-screen terminal game (ratatui + crossterm) over the same
//! `GameSession` the mobile apps use. The terminal only draws `BoardView` snapshots and turns
//! keys and clicks into session calls; the AI thinks on a worker thread. The game is saved on
//! quit and `--resume` continues it. With `--server` the game is played online: the session's
//! online mode over a WebSocket (`online.rs`), every string on screen from the core.

mod app;
mod board;
mod online;
mod render;
mod save;

#[cfg(test)]
mod tests;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use chinese_checkers_core::ffi::GameSession;
use chinese_checkers_core::session::online::OnlineFormat;
use chinese_checkers_core::session::{AiLevel, Mode, NewGame, Opener};
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
    let session = if args.resume {
        save::load(&save_path)?
    } else {
        new_session(args)?
    };
    let mut app = App::new(session);
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
        1 => OnlineFormat::Tripot1,
        2 => OnlineFormat::Tripot2,
        _ => OnlineFormat::Tripot3,
    };
    let action: app::LobbyAction = if args.quick {
        Box::new(move |s: &GameSession| s.online_quick_match(Some(format)))
    } else if let Some(code) = args.room.clone() {
        Box::new(move |s: &GameSession| s.online_join_room(code))
    } else if args.create_room {
        Box::new(move |s: &GameSession| s.online_create_room(format))
    } else if args.lobby {
        Box::new(move |s: &GameSession| s.online_create_table(format))
    } else {
        bail!("say how to find an opponent: --quick, --lobby, --room CODE or --create-room");
    };
    let token = online::device_token(&save::data_dir()?)?;
    let session = GameSession::new_online();
    let hello = session
        .online_hello(token.clone(), online::player_name())
        .or_else(|_| session.online_hello(token, "Player".into()))
        .map_err(|e| anyhow!("could not greet the server: {e}"))?;
    let link = online::Link::open(url.to_owned(), Arc::clone(&session))?;
    link.send(hello.outgoing);
    let mut app = App::new_online(session, link, action);
    let played = tui(&mut app);
    app.shutdown();
    played?;
    if let Some(outcome) = &app.view.outcome {
        println!("Game over: {}", outcome.text);
    }
    Ok(())
}

/// Whether a rules setting names the tripot rule set.
fn is_tripot(rules: &str) -> bool {
    match serde_json::from_str::<serde_json::Value>(rules) {
        Ok(serde_json::Value::Object(m)) => {
            m.get("preset").and_then(|p| p.as_str()) == Some("tripot")
        }
        Ok(serde_json::Value::String(s)) => s == "tripot",
        _ => rules.trim() == "tripot",
    }
}

/// The new-game settings the options describe.
pub fn settings(args: &PlayArgs, seed: u64) -> NewGame {
    let tripot = is_tripot(&args.rules);
    let coin = (seed ^ (seed >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63;
    let (opener, human_side) = match (tripot, args.opens) {
        (true, OpensArg::You) => (Opener::Side1, 0),
        (true, OpensArg::Opponent) => (Opener::Side2, 0),
        (true, OpensArg::Coin) => (Opener::CoinToss, 0),
        (false, OpensArg::You) => (Opener::Side1, 0),
        (false, OpensArg::Opponent) => (Opener::Side1, 1),
        (false, OpensArg::Coin) => (Opener::Side1, coin as u32),
    };
    let mode = if args.hotseat {
        Mode::PassAndPlay
    } else {
        Mode::Solo {
            level: args.level.level(),
            human_side,
        }
    };
    NewGame {
        mode,
        rules: args.rules.clone(),
        colours_per_side: args.colours,
        players: args.players,
        opener,
        names: Vec::new(),
        seed,
    }
}

fn new_session(args: &PlayArgs) -> Result<Arc<GameSession>> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let settings = settings(args, seed);
    if let Some(path) = &args.position {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("could not read the position {}", path.display()))?;
        return GameSession::from_position(text, settings.mode, Vec::new(), seed)
            .map_err(|e| anyhow!("could not start from {}: {e}", path.display()));
    }
    GameSession::new(settings).map_err(|e| anyhow!("could not start the game: {e}"))
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
    let session = app.session();
    if let Some(outcome) = &app.view.outcome {
        save::record_statistics(session, &save::statistics_file(dir))?;
        save::remove(save_path)?;
        return Ok(format!("Game over: {}", outcome.text));
    }
    save::write(save_path, &session.save())?;
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
