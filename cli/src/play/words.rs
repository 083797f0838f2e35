//! The terminal's English: the core hands over data only (names as kinds, banners and outcomes
//! as enums with player indices, errors as typed variants), and this module words all of it —
//! the same sentences the terminal has always shown.

use chinese_checkers_core::online::ErrorCode;
use chinese_checkers_core::online::LiveGame;
use chinese_checkers_core::rules::MoveKind;
use chinese_checkers_core::session::online::{
    ClockFace, Connection, OnlineRating, OnlineState, PastGame, PastResult,
};

use chinese_checkers_core::session::{
    Banner, EndReason, GameOutcome, GameState, MoveError, Notice, OnlineError, PlayerName,
    PlayerState, SaveError, SeatPlayer, SetupError, TurnStatus, Unreachable,
};

/// How to run `chinese-checkers <args>` from the source tree, and the short form once installed.
pub fn command(args: &str) -> String {
    format!(
        "`cargo run --release -p chinese-checkers-cli -- {args}` (or `chinese-checkers {args}` \
         once installed with `cargo install --path cli`)"
    )
}

/// Why an online connection could not be made: one plain line, e.g. "Could not reach the server
/// at ws://localhost:8080/ws: connection refused".
pub fn unreachable(url: &str, why: &str) -> String {
    format!("Could not reach the server at {url}: {why}")
}

/// Why an action that only exists on this device was refused online (`what`: "Undo is",
/// "Hints are").
pub fn not_online(what: &str) -> String {
    format!("{what} not available in online games")
}

/// How long a default server holds the seat of a player who left a game in progress (its
/// "background" grace, asked for on quitting).
pub const SEAT_HELD_MINUTES: u32 = 3;

/// Another connection of this device's token took over (the server's `replaced` notice).
pub fn replaced() -> String {
    "This device connected again elsewhere: your games go on there. Run the command again to \
     play here."
        .into()
}

/// The line printed after quitting an online game, worded from where it stood.
pub fn left_online(state: &OnlineState) -> String {
    if state.spectating {
        return "You stopped watching.".into();
    }
    if state.connection == Connection::Replaced && !state.game.as_ref().is_some_and(|g| g.over) {
        return replaced();
    }
    if let Some(game) = &state.game {
        if let Some(o) = state.board.outcome.as_ref().filter(|_| game.over) {
            return format!("Game over: {}", outcome(&state.board, o));
        }
        let against = if game.opponent.is_empty() {
            String::new()
        } else {
            format!(" against {}", game.opponent)
        };
        return format!(
            "You left the game{against} in progress; it stays open on the server for about \
             {SEAT_HELD_MINUTES} minutes — continue it with the same command."
        );
    }
    if state.connection != Connection::Connected {
        return "You left before the server answered; no game was started.".into();
    }
    if let Some(room) = &state.room {
        return format!(
            "You left before anyone joined room {}; no game was started.",
            room.code
        );
    }
    if state.searching || state.table.is_some() {
        return "You left before an opponent was found; no game was started.".into();
    }
    "You left the server; no game was started.".into()
}

/// A seat's display name: the name given, "You", or "Player n".
pub fn name(name: &PlayerName) -> String {
    match name {
        PlayerName::Named { name } => name.clone(),
        PlayerName::You => "You".into(),
        PlayerName::Numbered { number } => format!("Player {number}"),
    }
}

/// A clock face as "m:ss", or "h:mm:ss" past an hour (the core rounded the seconds).
pub fn clock_face(face: ClockFace) -> String {
    if face.hours > 0 {
        format!("{}:{:02}:{:02}", face.hours, face.minutes, face.seconds)
    } else {
        format!("{}:{:02}", face.minutes, face.seconds)
    }
}

/// The display name of player `index` of `state`.
pub fn player(state: &GameState, index: i32) -> String {
    usize::try_from(index)
        .ok()
        .and_then(|i| state.players.get(i))
        .map_or_else(|| format!("Player {}", index + 1), |p| name(&p.name))
}

/// Whether player `index` is "you" (the one person at this device).
fn is_you(state: &GameState, index: i32) -> bool {
    seat(state, index).is_some_and(|p| p.name == PlayerName::You)
}

/// Who plays seat `index`.
fn seat(state: &GameState, index: i32) -> Option<&PlayerState> {
    usize::try_from(index)
        .ok()
        .and_then(|i| state.players.get(i))
}

fn is_remote(state: &GameState, index: i32) -> bool {
    seat(state, index).is_some_and(|p| p.player == SeatPlayer::Remote)
}

/// Online: the opponent's name (the remote seat), if there is one.
fn remote(state: &GameState) -> Option<String> {
    state
        .players
        .iter()
        .find(|p| p.player == SeatPlayer::Remote)
        .map(|p| name(&p.name))
}

/// Whose turn it is, by name.
pub fn to_move(state: &GameState) -> String {
    player(state, state.to_move)
}

/// The banner above the board.
pub fn banner(state: &GameState, banner: &Banner) -> String {
    match banner {
        Banner::CoinToss { opener } if is_you(state, *opener) => "Coin toss: you open".into(),
        Banner::CoinToss { opener } => format!("Coin toss: {} opens", player(state, *opener)),
        Banner::TurnSkipped {
            player: p, times, ..
        } if *times <= 1 => {
            if is_you(state, *p) {
                "You were blocked — turn skipped".into()
            } else {
                format!("{} was blocked — turn skipped", player(state, *p))
            }
        }
        Banner::TurnSkipped {
            player: p,
            times,
            others_moved,
        } => {
            let who = if is_you(state, *p) {
                "You were".to_string()
            } else {
                format!("{} was", player(state, *p))
            };
            let others = match state.players.len() {
                2 => player(state, 1 - *p),
                _ => "the others".into(),
            };
            format!("{who} blocked {times} times in a row; {others} moved {others_moved} times")
        }
        Banner::AiThinking { player: p } => format!("{} is thinking…", player(state, *p)),
        Banner::DrawOffered { by } => match remote(state) {
            Some(them) if !is_remote(state, *by) => format!("Draw offered — waiting for {them}"),
            _ => format!("{} offers a draw", player(state, *by)),
        },
        Banner::DrawDeclined { by } if is_remote(state, *by) => {
            format!("{} declined the draw", player(state, *by))
        }
        Banner::DrawDeclined { .. } => "Draw declined".into(),
        Banner::GameOver => state
            .outcome
            .as_ref()
            .map_or_else(|| "Game over".into(), |o| outcome(state, o)),
        Banner::Replay { shown, total } => format!("Replay — move {shown} of {total}"),
        Banner::Connecting => "Connecting…".into(),
        Banner::Reconnecting => "Reconnecting…".into(),
        Banner::Replaced => replaced(),
        Banner::Waiting => "Waiting for an opponent…".into(),
        Banner::RoomCode { code } => format!("Room code {code} — share it with your opponent"),
        Banner::Sending => "Sending…".into(),
        Banner::Syncing => "Syncing with the server…".into(),
        Banner::OpponentDisconnected { player: p, .. } => format!(
            "{} lost the connection — their seat is held",
            player(state, *p)
        ),
        Banner::OpponentReconnected { player: p } => format!("{} is back", player(state, *p)),
        Banner::RematchOffered { by } if is_remote(state, *by) => {
            format!("{} wants a rematch", player(state, *by))
        }
        Banner::RematchOffered { .. } => format!(
            "Rematch asked — waiting for {}",
            remote(state).unwrap_or_else(|| "your opponent".into())
        ),
        Banner::MoveTimedOut { player: p } if is_you(state, *p) => {
            "Your time ran out — the move with the most progress was played for you".into()
        }
        Banner::MoveTimedOut { player: p } => format!(
            "{}'s time ran out — the move with the most progress was played",
            player(state, *p)
        ),
        Banner::PlayerReplaced { player: p } => {
            format!("{} left — the computer plays their seat", player(state, *p))
        }
        Banner::ServerError { code } => format!("Server: {}", server_error(*code)),
    }
}

/// What the status line says when no banner or notice takes it (the core's `status`); whose
/// turn it is is drawn by the caller, with the name in bold.
pub fn status(state: &GameState, status: &TurnStatus) -> String {
    match status {
        TurnStatus::ToMove { player: p } => format!("Turn: {}", player(state, *p)),
        // Only a chain that may stop here can be ended (a landing in a foreign camp cannot).
        TurnStatus::JumpAgain { .. } if state.capabilities.can_end_jump => {
            "Jump again, or press e to end the jump".into()
        }
        TurnStatus::JumpAgain { .. } => "Jump again".into(),
        TurnStatus::Thinking { player: p } => format!("{} is thinking…", player(state, *p)),
        TurnStatus::AiPaused { player: p } => {
            format!("{} waits — press a to let it play", player(state, *p))
        }
        TurnStatus::Replay { shown, total } => format!("Replay — move {shown} of {total}"),
        TurnStatus::Over {
            winners,
            reason,
            by,
        } => ending(state, winners, *reason, *by),
    }
}

/// The hint in words, e.g. "Hint: Jump 14·2→12·5→12·7" (`path` as the history writes it).
pub fn hint(kind: MoveKind, path: &str) -> String {
    format!("Hint: {} {path}", move_kind(kind))
}

/// The away countdown of player `p` ("Bob has 2:41 to come back"), `left` as the core's
/// reading shows it.
pub fn away(state: &GameState, p: i32, left: ClockFace) -> String {
    format!("{} has {} to come back", player(state, p), clock_face(left))
}

/// The title online before the game starts: the server draws the seats (and their colours) as
/// it starts the game.
pub const SEATS_NOT_DRAWN: &str = "online — seats and colours are drawn as the game starts";

/// The question before resigning online.
pub const RESIGN_QUESTION: &str = "Resign? y/n";

/// Why `d` offers no draw now (online).
pub const NO_DRAW_NOW: &str =
    "not possible now: a draw is offered in a game of two in progress, once until it is answered";

/// What answering a draw offer asks, shown while the opponent's offer waits.
pub const ANSWER_DRAW: &str = "y accepts the draw, n declines it";

/// The end of the game, e.g. "You won! — all pegs home" or "Marie Curie resigned — You won!".
pub fn outcome(state: &GameState, o: &GameOutcome) -> String {
    ending(state, &o.winners, o.reason, o.by)
}

/// Who won and how: `winners`, why the game ended and who resigned, left or offered the draw.
fn ending(state: &GameState, winners: &[i32], reason: EndReason, by: Option<i32>) -> String {
    let who = |verb: &str| match by {
        Some(by) if is_you(state, by) => format!("You {verb}"),
        Some(by) => format!("{} {verb}", player(state, by)),
        None => format!("A player {verb}"),
    };
    let why = match reason {
        EndReason::Resigned => return format!("{} — {}", who("resigned"), won(state, winners)),
        EndReason::Abandoned => {
            return format!("{} — {}", who("left the game"), won(state, winners))
        }
        EndReason::DrawAgreed => return "Draw agreed".into(),
        EndReason::Win => "all pegs home",
        EndReason::Deadlock => "both sides were blocked; decided on pegs home, then distance",
        EndReason::Draw => "everyone was blocked",
        EndReason::MoveLimit => "move limit reached; ranked by distance",
    };
    if winners.is_empty() {
        format!("Draw — {why}")
    } else {
        format!("{} — {why}", won(state, winners))
    }
}

/// "You won!", "Marie Curie won", "Player 1 and Player 3 won".
fn won(state: &GameState, winners: &[i32]) -> String {
    if winners.iter().any(|&w| is_you(state, w)) {
        return "You won!".into();
    }
    let names: Vec<String> = winners.iter().map(|&w| player(state, w)).collect();
    match names.len() {
        0 => "Nobody won".into(),
        _ => format!("{} won", names.join(" and ")),
    }
}

/// A move's kind as the history lists it.
pub fn move_kind(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Step => "Step",
        MoveKind::Jump => "Jump",
        MoveKind::Swap => "Swap",
        MoveKind::Pass => "Pass",
    }
}

/// Why an action in the game was refused.
pub fn move_error(e: &MoveError) -> String {
    let not_now = |why: &str| format!("not possible now: {why}");
    match e {
        MoveError::GameOver => not_now("the game is over"),
        MoveError::NotYourTurn => not_now("it is not your turn"),
        MoveError::NotAiTurn => not_now("it is not the AI's turn"),
        MoveError::NothingToUndo => not_now("there is no move of yours to take back"),
        MoveError::NothingToRedo => not_now("there is nothing to redo"),
        MoveError::NoJumpInProgress => not_now("no jump is in progress"),
        MoveError::CannotEndHere => {
            "illegal move: the jump may not end on this hole; jump on or tap elsewhere".into()
        }
        MoveError::DrawNotPossible => {
            not_now("draw offers are for two players on one screen, during the game")
        }
        MoveError::NoDrawOffer => not_now("no draw was offered"),
        MoveError::NothingToReplay => not_now("no move has been played yet"),
        MoveError::NotReplaying => not_now("replay is not running"),
        MoveError::HintNotPossible => not_now("hints are for your turn in a solo game"),
        MoveError::MoveInFlight => not_now("your previous move is still being sent"),
        MoveError::NoGame => not_now("there is no online game"),
        MoveError::NotOver => not_now("the game is not over yet"),
        MoveError::NotConnected => not_now("the server is not reached"),
        MoveError::NoTransport => not_now("the connection to the server is not ready yet"),
        MoveError::Internal { detail } => format!("internal error: {detail}"),
    }
}

/// Why a new game could not be set up.
pub fn setup_error(e: &SetupError) -> String {
    let list = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
    match e {
        SetupError::SeatCount {
            preset,
            found,
            allowed,
        } => format!(
            "invalid game settings: {} is played by {} players, not {found}",
            preset.name(),
            list(allowed)
        ),
        SetupError::ColoursPerSide {
            preset,
            found,
            allowed,
        } => format!(
            "invalid game settings: {} gives each side {} colours, not {found}",
            preset.name(),
            list(allowed)
        ),
        SetupError::OpenerFixed { preset } => format!(
            "invalid game settings: in {} the first seat always opens",
            preset.name()
        ),
        SetupError::NoSuchSeat { index, seats } => format!(
            "invalid game settings: there is no seat {} of {seats}",
            index + 1
        ),
        SetupError::BadRules { detail } => format!("invalid game settings: {detail}"),
        SetupError::BadPosition { detail } => format!("invalid position: {detail}"),
        SetupError::OptionFixed { preset, option } => format!(
            "invalid game settings: {} plays {option:?} as the rule set has it",
            preset.name()
        ),
        SetupError::OptionValue { preset, value } => format!(
            "invalid game settings: {} does not offer {value:?}",
            preset.name()
        ),
    }
}

/// Why a save (`what`: "save" or "statistics") could not be read.
pub fn save_error(e: &SaveError, what: &str) -> String {
    match e {
        SaveError::Corrupt { detail } => format!("corrupt {what}: {detail}"),
        SaveError::TooNew { found, supported } => format!(
            "this {what} was written by a newer version of the app (format {found}, this app \
             reads up to {supported})"
        ),
    }
}

/// Why an online call was refused.
pub fn online_error(e: &OnlineError) -> String {
    let not_now = |why: &str| format!("not possible now: {why}");
    match e {
        OnlineError::BadName { detail } => format!("invalid name: {detail}"),
        OnlineError::BadToken { detail } => format!("invalid device token: {detail}"),
        OnlineError::BadRoomCode { code } => format!("{code:?} is not a room code"),
        OnlineError::NotConnected => not_now("not connected to the server"),
        OnlineError::GameInProgress => not_now("a game is in progress"),
        OnlineError::NoGame => not_now("there is no online game"),
        OnlineError::NoTable => not_now("no table is open"),
        OnlineError::NotSeated => not_now("you sit at no table that is filling"),
        OnlineError::NotHost => not_now("only the table's host may start it"),
        OnlineError::NotOver => not_now("the game is not over"),
        OnlineError::NoDrawOffer => not_now("no draw was offered"),
        OnlineError::Malformed { detail } => format!("online: {detail}"),
    }
}

/// What the server refused, by its error code.
pub fn server_error(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::Malformed => "a message could not be read",
        ErrorCode::UnknownMessage => "a message was not understood",
        ErrorCode::BadMessage => "a message was malformed",
        ErrorCode::UnsupportedVersion => "this version of the game is too old for the server",
        ErrorCode::HelloFirst => "say hello first",
        ErrorCode::BadToken => "this device's token was refused",
        ErrorCode::BadName => "this name was refused",
        ErrorCode::RateLimited => "too many messages; slow down",
        ErrorCode::TooLarge => "a message was too large",
        ErrorCode::TooManyRooms => "you have too many open rooms",
        ErrorCode::TooManyTables => "you have too many open tables",
        ErrorCode::AlreadySearching => "you are already looking for an opponent",
        ErrorCode::RoomNotFound => "there is no room with that code (it may have expired)",
        ErrorCode::TableNotFound => "that table is no longer open",
        ErrorCode::OwnTable => "you cannot join your own table or room",
        ErrorCode::GameNotFound => "there is no such game",
        ErrorCode::NotInGame => "you do not play in this game",
        ErrorCode::WrongPly => "a move arrived out of order",
        ErrorCode::NotYourTurn => "it is not your turn",
        ErrorCode::IllegalMove => "the move was refused",
        ErrorCode::GameOver => "the game is over",
        ErrorCode::NotOver => "the game is not over",
        ErrorCode::NoDrawOffer => "there is no draw offer to answer",
        ErrorCode::Idle => "closed after a long silence",
        ErrorCode::ShuttingDown => "the server is restarting; reconnect shortly",
        ErrorCode::Internal => "something went wrong on the server; try again",
        ErrorCode::AlreadyGreeted => "this connection already said hello",
        ErrorCode::NotInThisFormat => "that is not part of this game's format",
        ErrorCode::NotHost => "only the host may do that",
    }
}

/// Why the last tap did nothing.
pub fn notice(state: &GameState, notice: &Notice) -> String {
    match notice {
        Notice::NotYourTurn => format!("Not your turn: {} is to move", to_move(state)),
        Notice::EmptyHole => "Select one of your pegs first".into(),
        Notice::NotYourPeg { owner } => format!("That peg is {}'s", player(state, *owner)),
        Notice::PegCannotMove => "That peg cannot move now".into(),
        Notice::Watching => "You are watching this game: taps do nothing".into(),
        Notice::NotReachable { reason } => match reason {
            Unreachable::NoPath => "That hole cannot be reached from here".into(),
            Unreachable::CampRule => {
                "Not there: a move may not end in another player's camp".into()
            }
            Unreachable::TargetLock => {
                "Not there: a peg in its target camp may not leave it".into()
            }
            Unreachable::MustJump => "Not a step: a jump is possible, so you must jump".into(),
            Unreachable::LongestChain => "Not there: the longest jump chain must be played".into(),
            Unreachable::MustFreeTarget => {
                "First move a peg out of another player's target camp".into()
            }
        },
    }
}

/// A format's name for people ("sternhalma, 6 players").
pub fn format_name(format: chinese_checkers_core::online::Format) -> String {
    use chinese_checkers_core::online::Format as F;
    match format {
        F::Tripot1 => "tripot, 1 colour".into(),
        F::Tripot2 | F::Tripot3 => format!("tripot, {} colours", format.colours()),
        F::Classic => "classic".into(),
        _ => format!("sternhalma, {} players", format.seats()),
    }
}

/// `chinese-checkers games`: one line per finished game, the latest first.
pub fn past_games(games: &[PastGame]) -> String {
    if games.is_empty() {
        return "No finished online games yet.".into();
    }
    let now_s = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    let mut lines = vec!["Your last online games (download one with --download GAME):".to_owned()];
    for g in games {
        let result = match g.result {
            PastResult::Won => "you won",
            PastResult::Lost => "you lost",
            PastResult::NoWinner => "no winner",
        };
        let others: Vec<String> = g
            .players
            .iter()
            .enumerate()
            .filter(|(s, _)| *s as i32 != g.side)
            .map(|(_, n)| n.clone())
            .collect();
        lines.push(format!(
            "  {}  {}  {} against {}: {result} ({})",
            g.id,
            ago(g.ended_ms / 1000, now_s),
            format_name(g.format),
            joined(&others),
            past_end(g)
        ));
    }
    lines.join("\n")
}

/// How a finished game of the list ended, naming who resigned or left when the core says
/// ("you resigned", "Bob left the game").
fn past_end(g: &PastGame) -> String {
    let who = match g.by {
        _ if g.by_you => "you".to_owned(),
        Some(by) => usize::try_from(by)
            .ok()
            .and_then(|i| g.players.get(i))
            .cloned()
            .unwrap_or_else(|| format!("Player {}", by + 1)),
        None => return end_reason(g.reason).into(),
    };
    match g.reason {
        EndReason::Resigned => format!("{who} resigned"),
        EndReason::Abandoned => format!("{who} left the game"),
        other => end_reason(other).into(),
    }
}

fn end_reason(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Win => "all pegs home",
        EndReason::Deadlock => "blocked; decided on pegs home",
        EndReason::Draw => "everyone blocked",
        EndReason::MoveLimit => "move limit",
        EndReason::Resigned => "resigned",
        EndReason::DrawAgreed => "draw agreed",
        EndReason::Abandoned => "a player left",
    }
}

/// `chinese-checkers games`: our ratings, one line per rule set.
pub fn ratings(ratings: &[OnlineRating]) -> String {
    if ratings.is_empty() {
        return "No rated games yet (quick match and lobby tables are rated).".into();
    }
    let mut lines = vec!["Your ratings:".to_owned()];
    for r in ratings {
        lines.push(format!(
            "  {}  {} ± {}  ({} rated games)",
            r.rule_set.name(),
            r.rating,
            r.deviation,
            r.games
        ));
    }
    lines.join("\n")
}

/// `chinese-checkers games --live`: the public games in progress.
pub fn live_games(games: &[LiveGame]) -> String {
    if games.is_empty() {
        return "No public game is being played right now.".into();
    }
    let mut lines =
        vec!["Games being played (watch one with `play --server URL --watch GAME`):".to_owned()];
    for g in games {
        lines.push(format!(
            "  {}  {}: {}, {}",
            g.game,
            format_name(g.format),
            joined(&g.players),
            moves(g.ply)
        ));
    }
    lines.join("\n")
}

/// "a", "a and b", "a, b and c".
pub fn joined(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((only, [])) => only.clone(),
        Some((end, rest)) => format!("{} and {end}", rest.join(", ")),
    }
}

/// "1 move", "20 moves".
pub fn moves(n: i32) -> String {
    if n == 1 {
        "1 move".into()
    } else {
        format!("{n} moves")
    }
}

/// How long ago `then_s` was at `now_s` (seconds since 1970): "just now", "5 minutes ago",
/// "2 hours ago", "yesterday", "3 days ago".
pub fn ago(then_s: i64, now_s: i64) -> String {
    let s = u64::try_from(now_s.saturating_sub(then_s)).unwrap_or(0);
    let unit = |n: u64, one: &str| {
        if n == 1 {
            format!("1 {one} ago")
        } else {
            format!("{n} {one}s ago")
        }
    };
    match s {
        0..=59 => "just now".into(),
        60..=3599 => unit(s / 60, "minute"),
        3600..=86_399 => unit(s / 3600, "hour"),
        86_400..=172_799 => "yesterday".into(),
        _ => unit(s / 86_400, "day"),
    }
}
