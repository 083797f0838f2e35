//! `chinese-checkers games`: this device's finished online games, listed, and one downloaded as
//! a game file that `play --open FILE` replays (the format of the apps' saved games).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use chinese_checkers_core::ffi::OnlineGame;
use chinese_checkers_core::session::online::{Connection, OnlineRequest, OnlineState};

use super::{online, save, words};

/// How long the server has to answer.
const ANSWER_WITHIN: Duration = Duration::from_secs(15);

/// Options of `chinese-checkers games`.
#[derive(clap::Args, Debug)]
pub struct GamesArgs {
    /// The server (e.g. `ws://127.0.0.1:8080/ws`).
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// Download this game (an id from the list) as a game file.
    #[arg(long, value_name = "GAME", conflicts_with = "live")]
    pub download: Option<String>,
    /// List the public games in progress instead (watch one with `play --watch GAME`).
    #[arg(long)]
    pub live: bool,
    /// Where to write the downloaded game (default: `GAME.json` here).
    #[arg(long, value_name = "FILE", requires = "download")]
    pub output: Option<PathBuf>,
    /// A PEM file of certificates to trust for a wss:// server besides the public authorities.
    #[arg(long, value_name = "FILE")]
    pub ca_file: Option<PathBuf>,
}

/// Lists this device's last finished online games, or downloads one.
pub fn games(args: &GamesArgs) -> Result<()> {
    let dir = save::data_dir()?;
    let token = online::device_token(&dir)?;
    let name = online::player_name(&dir, None)?;
    let game = Arc::new(OnlineGame::new());
    let mut config = online::LinkConfig::new(token, name);
    if let Some(file) = &args.ca_file {
        config.ca_file = Some(file.clone());
    }
    let mut link = online::Link::open(args.server.clone(), Arc::clone(&game), config)?;
    let result = talk(args, &game, &link);
    link.close();
    result
}

fn talk(args: &GamesArgs, game: &Arc<OnlineGame>, link: &online::Link) -> Result<()> {
    wait(game, link, |s| s.connection == Connection::Connected)?;
    let refused = |e| anyhow!(words::online_error(&e));
    if args.live {
        link.send(
            game.send(OnlineRequest::WatchGames)
                .map_err(refused)?
                .outgoing,
        );
        let state = wait(game, link, |s| {
            s.live_games.is_some() || s.last_error.is_some()
        })?;
        println!(
            "{}",
            words::live_games(&state.live_games.unwrap_or_default())
        );
        return Ok(());
    }
    let update = match &args.download {
        Some(id) => game.send(OnlineRequest::DownloadGame { game: id.clone() }),
        None => game.send(OnlineRequest::ListGames),
    }
    .map_err(refused)?;
    link.send(update.outgoing);
    if args.download.is_none() {
        link.send(
            game.send(OnlineRequest::RequestRatings)
                .map_err(refused)?
                .outgoing,
        );
    }
    let state = wait(game, link, |s| {
        s.last_error.is_some()
            || match &args.download {
                Some(_) => s.download.is_some(),
                None => s.past_games.is_some() && s.ratings.is_some(),
            }
    })?;
    if let Some(code) = state.last_error {
        bail!("the server refused: {}", words::server_error(code));
    }
    if let Some(ratings) = &state.ratings {
        println!("{}", words::ratings(ratings));
    }
    match (&args.download, state.download, state.past_games) {
        (Some(id), Some(download), _) => {
            let file = args
                .output
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("{id}.json")));
            std::fs::write(&file, download.save)
                .with_context(|| format!("could not write {}", file.display()))?;
            println!(
                "Saved game {id} to {}: replay it with `chinese-checkers play --open {}`",
                file.display(),
                file.display()
            );
        }
        (None, _, Some(games)) => println!("{}", words::past_games(&games)),
        _ => bail!("the server did not answer"),
    }
    Ok(())
}

/// Reports the link's events until the state satisfies `done`, or fails after
/// [`ANSWER_WITHIN`].
fn wait(
    game: &OnlineGame,
    link: &online::Link,
    done: impl Fn(&OnlineState) -> bool,
) -> Result<OnlineState> {
    let start = Instant::now();
    loop {
        while let Some(event) = link.poll() {
            if let online::LinkEvent::Unreachable(e) | online::LinkEvent::Closed(e) = event {
                bail!(e);
            }
        }
        let state = game.state();
        if done(&state) {
            return Ok(state);
        }
        if start.elapsed() > ANSWER_WITHIN {
            bail!("the server did not answer in time");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
