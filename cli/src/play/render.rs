//! Drawing the terminal game from the UI state: title, banner or turn, the star board, players,
//! history and legend, the message line and the keys. Pure: it writes a ratatui [`Buffer`] and
//! never calls the game, so it is unit-tested on ratatui's test backend.
//!
//! Every peg shows a letter as well as a colour (R, O, Y for the `S`, `SE`, `SW` camps; B, G, P
//! for `N`, `NW`, `NE`), and every highlight shows marks beside the hole, so the board reads
//! without colour too.

use chinese_checkers_core::rules::{Colour, MoveKind};
use chinese_checkers_core::session::online::AwayReading;
use chinese_checkers_core::session::{
    hole_positions, Banner, Coord, GameState, Highlight, HoleGeometry, HolePosition, HoleState,
    OpponentStatistics, PlayedMove, TurnStatus,
};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use ratatui::Frame;

use super::app::{App, Job};
use super::board::{board_height, geometry, Placement, BOARD_WIDTH};
use super::library_words;
use super::words;

/// The smallest terminal the game draws in (columns).
pub const MIN_WIDTH: u16 = 80;
/// The smallest terminal the game draws in (rows).
pub const MIN_HEIGHT: u16 = 23;
/// Columns of the board's frame.
const BOARD_BLOCK_WIDTH: u16 = BOARD_WIDTH + 2;
/// The side panel never grows wider than this.
const SIDE_MAX_WIDTH: u16 = 48;

/// The keys, as the help line shows them (Esc, which drops a selection, is left out for room).
const KEYS: [(&str, &str); 7] = [
    ("←↑↓→", "move"),
    ("Enter", "select/play"),
    ("e", "end jump"),
    ("u/r", "undo/redo"),
    ("h", "hint"),
    ("s", "stats"),
    ("q", "quit"),
];

/// The legend of the hole marks (25 columns at most: the narrowest side panel's width).
const LEGEND: [&str; 4] = [
    "[R] cursor   <R> selected",
    " + step  * jump  ?·? hint",
    "{B} swap     (·) chain",
    "-·- last move ~·~ earlier",
];

/// The letter of a peg colour.
pub fn letter(c: Colour) -> char {
    match c {
        Colour::S => 'R',
        Colour::SE => 'O',
        Colour::SW => 'Y',
        Colour::N => 'B',
        Colour::NW => 'G',
        Colour::NE => 'P',
    }
}

/// The terminal colour of a peg colour.
pub fn colour(c: Colour) -> Color {
    match c {
        Colour::S => Color::LightRed,
        Colour::SE => Color::Indexed(208),
        Colour::SW => Color::Yellow,
        Colour::N => Color::LightBlue,
        Colour::NW => Color::Green,
        Colour::NE => Color::Magenta,
    }
}

/// Draws a frame and remembers where the board went (for mouse clicks).
pub fn draw(frame: &mut Frame, app: &mut App) {
    let area = frame.area();
    app.placement = render(area, frame.buffer_mut(), app);
}

/// Renders the whole screen into `buf`; returns where the board is, or `None` when the terminal
/// is too small and only a message is shown.
pub fn render(area: Rect, buf: &mut Buffer, app: &App) -> Option<Placement> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(area, buf);
        return None;
    }
    let view = &app.view;
    let [title, status, main, message, help] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);

    let [names, at] = Layout::horizontal([Constraint::Min(0), Constraint::Length(10)]).areas(title);
    title_line(view, app.seats_known()).render(names, buf);
    Line::from(Span::styled(
        format!("at {}", coord_text(&app.cursor)),
        Style::default().fg(Color::DarkGray),
    ))
    .alignment(Alignment::Right)
    .render(at, buf);
    status_line(view, usize::from(status.width), app.away_now()).render(status, buf);
    message_line(app).render(message, buf);
    help_line(&keys(app)).render(help, buf);

    let row_step = if main.height >= board_height(2) + 2 {
        2
    } else {
        1
    };
    let side_width = (main.width - BOARD_BLOCK_WIDTH).min(SIDE_MAX_WIDTH);
    let [board_area, side_area] = Layout::horizontal([
        Constraint::Length(BOARD_BLOCK_WIDTH),
        Constraint::Length(side_width),
    ])
    .areas(main);
    let board_block = Rect {
        height: board_height(row_step) + 2,
        ..board_area
    };
    let block = Block::bordered().title(" Board ");
    let inner = block.inner(board_block);
    block.render(board_block, buf);
    let placement = Placement {
        x: inner.x,
        y: inner.y,
        row_step,
    };
    for (h, g) in view.holes.iter().zip(&geometry().holes) {
        let cell = hole_cell(h, overlay(view, h.coord), h.coord == app.cursor);
        draw_hole(buf, &placement, cell, g);
    }
    side_panel(app, side_area, buf);
    Some(placement)
}

/// The message shown instead of a garbled board.
fn too_small(area: Rect, buf: &mut Buffer) {
    let text = format!(
        "The terminal is too small for the board: {}×{}, it needs at least {MIN_WIDTH}×{MIN_HEIGHT}. \
         Enlarge the window, or press q to quit.",
        area.width, area.height
    );
    let height = 4.min(area.height);
    let top = area.y + area.height.saturating_sub(height) / 2;
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(
            Rect {
                y: top,
                height,
                ..area
            },
            buf,
        );
}

/// A mark drawn from the state's paths where the core's highlight leaves a hole plain: the
/// hint's whole path (the core highlights its ends), and the trail of the other seats' moves
/// since the person's last move (the newest like the last move, the earlier ones fainter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Overlay {
    None,
    EarlierMove,
    LatestMove,
    Hint,
}

/// The overlay of the hole at `c`: the hint first, then the newest trail move, then the others.
fn overlay(view: &GameState, c: Coord) -> Overlay {
    if view.hint.contains(&c) {
        return Overlay::Hint;
    }
    match view.trail.split_last() {
        Some((latest, _)) if latest.path.contains(&c) => Overlay::LatestMove,
        Some((_, earlier)) if earlier.iter().any(|m| m.path.contains(&c)) => Overlay::EarlierMove,
        _ => Overlay::None,
    }
}

/// The three characters of a hole: left mark, the peg or hole, right mark.
pub(super) fn hole_cell(h: &HoleState, overlay: Overlay, cursor: bool) -> [(char, Style); 3] {
    let plain = Style::default();
    let (mid, mut mid_style) = match (h.occupant, h.highlight) {
        (Some(c), _) => (letter(c), plain.fg(colour(c)).add_modifier(Modifier::BOLD)),
        (None, Highlight::StepTarget) => ('+', plain.fg(Color::Green).add_modifier(Modifier::BOLD)),
        (None, Highlight::JumpTarget) => ('*', plain.fg(Color::Cyan).add_modifier(Modifier::BOLD)),
        (None, _) => ('·', plain.fg(Color::DarkGray)),
    };
    let hint_mark = (
        '?',
        '?',
        plain.fg(Color::LightCyan).add_modifier(Modifier::BOLD),
    );
    let last_mark = ('-', '-', plain.fg(Color::Gray));
    let (left, right, mark) = match h.highlight {
        Highlight::Selected => (
            '<',
            '>',
            plain.fg(Color::White).add_modifier(Modifier::BOLD),
        ),
        Highlight::SwapTarget => (
            '{',
            '}',
            plain.fg(Color::Magenta).add_modifier(Modifier::BOLD),
        ),
        Highlight::Chain => ('(', ')', plain.fg(Color::Yellow)),
        Highlight::Hint => hint_mark,
        // Plain holes, targets (marked in the middle) and the last move take the overlay.
        Highlight::None | Highlight::StepTarget | Highlight::JumpTarget | Highlight::LastMove => {
            match overlay {
                Overlay::Hint => hint_mark,
                Overlay::LatestMove => last_mark,
                _ if h.highlight == Highlight::LastMove => last_mark,
                Overlay::EarlierMove => ('~', '~', plain.fg(Color::DarkGray)),
                Overlay::None => (' ', ' ', plain),
            }
        }
    };
    if cursor {
        mid_style = mid_style.add_modifier(Modifier::REVERSED);
        let mark = plain.fg(Color::White).add_modifier(Modifier::BOLD);
        return [('[', mark), (mid, mid_style), (']', mark)];
    }
    [(left, mark), (mid, mid_style), (right, mark)]
}

pub(super) fn draw_hole(
    buf: &mut Buffer,
    placement: &Placement,
    cell: [(char, Style); 3],
    g: &HoleGeometry,
) {
    let (cx, cy) = placement.cell(g);
    for (i, (ch, style)) in cell.into_iter().enumerate() {
        if let Some(cell) = buf.cell_mut((cx - 1 + i as u16, cy)) {
            cell.set_char(ch).set_style(style);
        }
    }
}

/// A peg colour's letter in its colour.
fn letter_span(c: Colour) -> Span<'static> {
    Span::styled(
        letter(c).to_string(),
        Style::default().fg(colour(c)).add_modifier(Modifier::BOLD),
    )
}

/// The seats' letters, e.g. `R O`.
fn letters(colours: &[Colour]) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for (i, &c) in colours.iter().enumerate() {
        if i > 0 {
            out.push(Span::raw(" "));
        }
        out.push(letter_span(c));
    }
    out
}

/// "Chinese Checkers  You (R) vs Jean Médecin (B)"; with more than two seats only their number
/// (the players panel names them). Online before the game starts (`seats_known` false) the seats
/// are not drawn yet: no colour is shown that the game may not give us.
fn title_line(view: &GameState, seats_known: bool) -> Line<'static> {
    let mut spans = vec![Span::styled(
        "Chinese Checkers  ",
        Style::default().add_modifier(Modifier::BOLD),
    )];
    if !seats_known {
        spans.push(Span::raw(words::SEATS_NOT_DRAWN));
        return Line::from(spans);
    }
    if view.players.len() > 2 {
        spans.push(Span::raw(format!("{} players", view.players.len())));
        return Line::from(spans);
    }
    for (i, p) in view.players.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" vs "));
        }
        spans.push(Span::raw(format!("{} (", words::name(&p.name))));
        spans.extend(letters(&p.colours));
        spans.push(Span::raw(")"));
    }
    Line::from(spans)
}

/// Why the last tap did nothing, else a chain in progress, else the banner (skipped turn, coin
/// toss, draw...), else the core's status: whose turn (with the selection and the hint in
/// words), thinking, paused, replay, or who won and how. `width`: the line's columns. `away`: the
/// core's reading of an away opponent's time to come back, shown as a countdown in place of the
/// plain "seat is held".
fn status_line(view: &GameState, width: usize, away: Option<(i32, AwayReading)>) -> Line<'static> {
    if let Some(n) = &view.notice {
        let style = Style::default().fg(Color::Black).bg(Color::Yellow);
        return Line::from(Span::styled(format!(" {} ", words::notice(view, n)), style));
    }
    let chain = matches!(view.status, TurnStatus::JumpAgain { .. });
    // The status says these three itself.
    let banner = view.banner.as_ref().filter(|b| {
        !chain
            && !matches!(
                b,
                Banner::GameOver | Banner::AiThinking { .. } | Banner::Replay { .. }
            )
    });
    if let Some(b) = banner {
        let style = match b {
            Banner::TurnSkipped { .. } => Style::default().fg(Color::Black).bg(Color::Yellow),
            Banner::AiThinking { .. } | Banner::CoinToss { .. } => Style::default().fg(Color::Cyan),
            Banner::GameOver => over_style(),
            Banner::DrawOffered { .. } | Banner::DrawDeclined { .. } | Banner::Replay { .. } => {
                Style::default().fg(Color::Yellow)
            }
            // Online banners.
            Banner::Connecting
            | Banner::Reconnecting
            | Banner::Waiting
            | Banner::RoomCode { .. }
            | Banner::Sending
            | Banner::Syncing
            | Banner::OpponentReconnected { .. }
            | Banner::RematchOffered { .. } => Style::default().fg(Color::Cyan),
            Banner::OpponentDisconnected { .. }
            | Banner::Replaced
            | Banner::PlayerReplaced { .. }
            | Banner::MoveTimedOut { .. }
            | Banner::ServerError { .. } => Style::default().fg(Color::Black).bg(Color::Yellow),
        };
        let text = match (b, away) {
            (Banner::OpponentDisconnected { .. }, Some((p, reading))) => {
                words::away(view, p, reading.shown)
            }
            _ => words::banner(view, b),
        };
        return Line::from(Span::styled(format!(" {text} "), style));
    }
    let said = words::status(view, &view.status);
    let mut spans = match view.status {
        TurnStatus::ToMove { .. } => vec![
            Span::raw(" Turn: "),
            Span::styled(
                words::to_move(view),
                Style::default().add_modifier(Modifier::BOLD),
            ),
        ],
        TurnStatus::JumpAgain { .. } => vec![Span::styled(
            format!(" {said}"),
            Style::default()
                .fg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
        )],
        TurnStatus::Thinking { .. } => {
            vec![Span::styled(
                format!(" {said} "),
                Style::default().fg(Color::Cyan),
            )]
        }
        TurnStatus::AiPaused { .. } => vec![Span::styled(
            format!(" {said} "),
            Style::default().fg(Color::Black).bg(Color::Yellow),
        )],
        TurnStatus::Replay { .. } => {
            vec![Span::styled(
                format!(" {said} "),
                Style::default().fg(Color::Yellow),
            )]
        }
        TurnStatus::Over { .. } => {
            return Line::from(Span::styled(format!(" {said} "), over_style()));
        }
    };
    if let Some(c) = &view.selected {
        // Said in words too: the cursor's brackets hide the selection marks under it.
        spans.push(Span::raw(format!("  ·  selected {}", coord_text(c))));
    }
    if let Some(kind) = view.hint_kind {
        let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
        spans.push(Span::styled(
            format!(
                "  ·  {}",
                hint_words(kind, &view.hint, width.saturating_sub(used + 5))
            ),
            Style::default().fg(Color::LightCyan),
        ));
    }
    Line::from(spans)
}

/// The game-over line's style.
fn over_style() -> Style {
    Style::default()
        .fg(Color::Black)
        .bg(Color::Green)
        .add_modifier(Modifier::BOLD)
}

/// The hint in words within `room` columns: every landing if it fits, else start and end.
fn hint_words(kind: MoveKind, path: &[Coord], room: usize) -> String {
    let arrow = if kind == MoveKind::Swap { "↔" } else { "→" };
    let full: Vec<String> = path.iter().map(coord_text).collect();
    let text = words::hint(kind, &full.join(arrow));
    if text.chars().count() <= room || path.len() <= 2 {
        return text;
    }
    let ends: Vec<String> = [path.first(), path.last()]
        .into_iter()
        .flatten()
        .map(coord_text)
        .collect();
    words::hint(kind, &ends.join(arrow))
}

fn message_line(app: &App) -> Line<'static> {
    if app.confirming_resign {
        return Line::from(Span::styled(
            format!(" {}", words::RESIGN_QUESTION),
            Style::default().fg(Color::Black).bg(Color::Yellow),
        ));
    }
    if let Some(m) = &app.message {
        return Line::from(Span::styled(
            format!(" {m}"),
            Style::default().fg(Color::LightRed),
        ));
    }
    if app.busy() == Some(Job::Hint) {
        return Line::from(" Looking for a hint…");
    }
    if app.is_online() && app.view.capabilities.can_answer_draw {
        return Line::from(Span::styled(
            format!(" {}", words::ANSWER_DRAW),
            Style::default().fg(Color::Yellow),
        ));
    }
    if app.view.outcome.is_some() && app.is_online() {
        return Line::from(" Game over: q quits.");
    }
    if let Some(clock) = app.clock_now() {
        return Line::from(Span::styled(
            format!(
                " {}: {} to move",
                words::player(&app.view, clock.side),
                words::clock_face(clock.shown)
            ),
            Style::default().fg(Color::Cyan),
        ));
    }
    if app.view.outcome.is_some() {
        return Line::from(" Game over: u takes moves back, q quits.");
    }
    Line::default()
}

/// The keys the help line lists: a local game's always, online only what can be done now (no
/// undo, redo or hint; resigning and draws while a game is on; answering an offer while one
/// waits; "Resign? y/n" while it is asked).
fn keys(app: &App) -> Vec<(&'static str, &'static str)> {
    let Some(online) = app.online_state() else {
        return KEYS.to_vec();
    };
    if app.confirming_resign {
        return vec![("y", "resign"), ("n", "keep playing")];
    }
    let caps = &app.view.capabilities;
    let mut keys = Vec::new();
    if caps.can_resign {
        keys.extend([
            ("←↑↓→", "move"),
            ("Enter", "select/play"),
            ("e", "end jump"),
        ]);
    }
    if caps.can_answer_draw {
        keys.push(("y/n", "answer draw"));
    } else {
        if caps.can_resign {
            keys.push(("x", "resign"));
        }
        if caps.can_offer_draw {
            keys.push(("d", "draw"));
        }
    }
    if online.seated.as_ref().is_some_and(|s| s.host) {
        keys.push(("a", "start with the AI"));
    }
    keys.extend([("s", "stats"), ("q", "quit")]);
    keys
}

fn help_line(keys: &[(&'static str, &'static str)]) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (key, what)) in keys.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(
            *key,
            Style::default().add_modifier(Modifier::BOLD),
        ));
        spans.push(Span::raw(format!(" {what}")));
    }
    Line::from(spans)
}

/// Players (▶ whose turn, ★ winners), the legend and the history — or, after `s`, the
/// statistics in place of the legend and the history.
fn side_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let view = &app.view;
    let players_height = view.players.len() as u16 + 2;
    let legend_height = LEGEND.len() as u16 + 2;
    let show_legend = app.stats.is_none() && area.height >= players_height + legend_height + 5;
    let [players_area, legend_area, history_area] = Layout::vertical([
        Constraint::Length(players_height),
        Constraint::Length(if show_legend { legend_height } else { 0 }),
        Constraint::Min(0),
    ])
    .areas(area);

    // Online before the game starts the seats are not drawn: names only, no colour or turn.
    let seats_known = app.seats_known();
    let lines: Vec<Line> = view
        .players
        .iter()
        .map(|p| {
            let marker = match &view.outcome {
                _ if !seats_known => "  ",
                Some(o) if o.winners.contains(&p.index) => "★ ",
                None if p.index == view.to_move => "▶ ",
                _ => "  ",
            };
            let mut spans = vec![
                Span::raw(marker),
                Span::raw(format!("{} ", words::name(&p.name))),
            ];
            if seats_known {
                spans.extend(letters(&p.colours));
            }
            Line::from(spans)
        })
        .collect();
    Paragraph::new(lines)
        .block(Block::bordered().title(" Players "))
        .render(players_area, buf);

    if show_legend {
        let lines: Vec<Line> = LEGEND.iter().map(|l| Line::from(*l)).collect();
        Paragraph::new(lines)
            .block(Block::bordered().title(" Legend "))
            .render(legend_area, buf);
    }

    if let Some(stats) = &app.stats {
        statistics(stats, history_area, buf);
        return;
    }
    let block = Block::bordered().title(" History ");
    let inner = block.inner(history_area);
    block.render(history_area, buf);
    let rows = usize::from(inner.height);
    let skip = view.history.len().saturating_sub(rows);
    let lines: Vec<Line> = view.history[skip..]
        .iter()
        .map(|item| {
            let name = words::player(view, item.player);
            Line::from(history_text(item, &name, usize::from(inner.width)))
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

/// The statistics per opponent (`s`): a heading, then each opponent's name and level over its
/// numbers; or why they could not be read.
fn statistics(stats: &Result<Vec<OpponentStatistics>, String>, area: Rect, buf: &mut Buffer) {
    let block = Block::bordered().title(" Statistics ");
    let inner = block.inner(area);
    block.render(area, buf);
    let stats = match stats {
        Ok(stats) => stats,
        Err(e) => {
            Paragraph::new(e.clone())
                .style(Style::default().fg(Color::LightRed))
                .wrap(Wrap { trim: true })
                .render(inner, buf);
            return;
        }
    };
    let width = usize::from(inner.width);
    let fit = |text: String| -> String { text.chars().take(width).collect() };
    let dim = Style::default().fg(Color::DarkGray);
    let mut lines = vec![Line::from(Span::styled(
        fit(library_words::STATISTICS_HEADER.into()),
        dim,
    ))];
    for s in stats {
        let name = s.name.chars().count();
        let level = s.level.name();
        let mut head = vec![Span::styled(
            fit(s.name.clone()),
            Style::default().add_modifier(Modifier::BOLD),
        )];
        if name + 1 + level.len() <= width {
            head.push(Span::styled(format!(" {level}"), dim));
        }
        lines.push(Line::from(head));
        lines.push(Line::from(fit(library_words::statistics_numbers(s))));
    }
    lines.push(Line::from(Span::styled(
        library_words::STATISTICS_PANEL_NOTE,
        dim,
    )));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// A hole as the apps name it: row from the top and place in the row, "row·place" (the core's
/// `hole_positions`; the terminal's board never turns).
fn coord_text(c: &Coord) -> String {
    static NAMED: std::sync::LazyLock<Vec<HolePosition>> =
        std::sync::LazyLock::new(|| hole_positions(0));
    NAMED.iter().find(|p| p.coord == *c).map_or_else(
        || format!("{},{}", c.q, c.r),
        |p| format!("{}·{}", p.row, p.place),
    )
}

/// One history line fitted to `width`: number, the mover's `name`, kind and path (every landing
/// if it fits, else start and end).
pub fn history_text(item: &PlayedMove, name: &str, width: usize) -> String {
    let label = words::move_kind(item.kind);
    let arrow = if item.kind == MoveKind::Swap {
        "↔"
    } else {
        "→"
    };
    let full: Vec<String> = item.path.iter().map(coord_text).collect();
    let short: Vec<String> = match (item.path.first(), item.path.last()) {
        (Some(a), Some(b)) if item.path.len() > 2 => vec![coord_text(a), coord_text(b)],
        _ => full.clone(),
    };
    let head = format!("{:>3} ", item.number);
    let name_chars = name.chars().count();
    for path in [full.join(arrow), short.join(arrow)] {
        let fixed = head.chars().count() + label.chars().count() + 2 + path.chars().count();
        if fixed + name_chars <= width {
            return format!("{head}{name} {label} {path}");
        }
        if fixed + 4 <= width {
            let name: String = name.chars().take(width - fixed).collect();
            let name = name.trim_end();
            return format!("{head}{name} {label} {path}");
        }
    }
    let text = format!("{head}{label} {}", short.join(arrow));
    text.chars().take(width).collect()
}
