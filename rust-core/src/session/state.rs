//! The pure state machine: [`SessionState`] and [`update`]. No threads, no clocks, no I/O.
//!
//! The state holds the game (start position and moves), the redo stack, the touch state (nothing,
//! a selected peg, or a tripot chain in progress), the replay cursor, the hint and the manual
//! ending (resignation, agreed draw). The [`GameState`](super::GameState) is derived from it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::error::MoveError;
use super::setup::{Seat, ValidSetup};
use super::types::{ChangeKind, EndReason, Notice, PlayerName, SeatPlayer, StateChange};
use crate::ai::{AiLevel, SearchLimits};
use crate::online::STAND_IN_LEVEL;
use crate::rules::{board::hole_at, CompactMove, Coord, Game, Hole, Move, MoveKind, Position};

/// A game ended by the players rather than by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManualEnd {
    /// Resignation or agreed draw.
    pub reason: EndReason,
    /// The player who resigned or whose draw offer was accepted.
    pub by: usize,
}

/// Where the person's finger is in the touch model.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Touch {
    /// Nothing selected.
    #[default]
    Idle,
    /// A peg is selected; `targets` are where it can go.
    Selected {
        /// The selected peg.
        peg: Hole,
        /// Its targets with their paths.
        targets: Vec<Target>,
    },
    /// A tripot chain in progress: the peg stands on the last hole of `path`.
    Chain {
        /// Start, then every landing so far.
        path: Vec<Hole>,
        /// The next hops offered, each with its full path.
        targets: Vec<Target>,
    },
}

/// A hole the selected peg can reach, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The highlighted hole.
    pub hole: Hole,
    /// Step, jump or swap.
    pub kind: MoveKind,
    /// The path from the peg's start (own peg then opposing peg for a swap).
    pub path: Vec<Hole>,
}

/// An input to the state machine.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The person touched a hole.
    Tap {
        /// Axial q.
        q: i32,
        /// Axial r.
        r: i32,
    },
    /// "End jump": play the chain in progress as it stands.
    EndJump,
    /// Drop the selection or the chain in progress.
    CancelTouch,
    /// Take back (solo: to the person's previous turn; pass-and-play: one move).
    Undo,
    /// Play again what undo took back.
    Redo,
    /// The person (solo) or the player to move (pass-and-play) resigns.
    Resign,
    /// The player to move offers a draw (pass-and-play).
    OfferDraw,
    /// The other player answers the pending draw offer.
    AnswerDraw {
        /// Whether the draw is accepted.
        accept: bool,
    },
    /// Enter replay at the current move.
    ReplayStart,
    /// Move the replay cursor by this many moves (clamped).
    ReplayStep {
        /// Moves forward (positive) or back (negative).
        delta: i32,
    },
    /// Leave replay.
    ReplayExit,
}

/// The whole session. Build with [`SessionState::new`] (from a new game's or a position's
/// [`ValidSetup`]) or [`SessionState::restore`] (from a save).
#[derive(Clone, Debug)]
pub struct SessionState {
    /// The game's id (random): its slot in the saved-games library, its entry in the statistics.
    pub(crate) id: String,
    /// Started from a rule set's start position (not from a position): may count in the
    /// statistics.
    pub(crate) from_start: bool,
    /// How the game first ended, kept when moves are taken back afterwards.
    pub(crate) first_end: Option<FirstEnd>,
    /// A person's turns skipped in a row, shown until a person acts.
    pub(crate) skipped: Option<SkipRun>,
    /// Why the last tap did nothing.
    pub(crate) notice: Option<Notice>,
    /// Who plays each seat (`Remote` online).
    pub(crate) seats: Vec<SeatPlayer>,
    pub(crate) names: Vec<PlayerName>,
    /// Seed of the AI's randomness (each search mixes in the game's generation).
    pub(crate) seed: u64,
    /// The seat a coin toss chose, announced until the first move.
    pub(crate) coin_toss: Option<usize>,
    /// Shared with the copy [`update`] works on until one of them changes it (copy on write,
    /// [`SessionState::game_mut`]): a tap that plays no move copies no history.
    pub(crate) game: Arc<Game>,
    pub(crate) legal: Vec<CompactMove>,
    pub(crate) redo: Vec<Vec<Move>>,
    pub(crate) touch: Touch,
    pub(crate) end: Option<ManualEnd>,
    /// People who resigned a game of three or more while another person played on: the AI plays
    /// their seats at [`STAND_IN_LEVEL`] and they are ranked last, whatever the AI then does.
    pub(crate) left: Vec<usize>,
    pub(crate) draw_offer: Option<usize>,
    /// Who declined the last draw offer (shown until the next move).
    pub(crate) draw_declined: Option<usize>,
    pub(crate) replay: Option<usize>,
    /// The hint found, kept until the moves change or another hint is asked for.
    pub(crate) hint: Option<Move>,
    /// A search is running: the AI's move or a hint.
    pub(crate) search: Option<SearchKind>,
    /// Bumped whenever the game changes; a search result carries the one it started from.
    pub(crate) generation: u64,
    /// Pass-and-play: the board turns to the player to move (the app's setting, not saved).
    pub(crate) turn_board: bool,
    /// How long an AI seat's move stays still before the next AI seat thinks, in ms (the app's
    /// pace setting, 0 with reduced motion; not saved): see [`SessionState::ai_hold_ms`].
    pub(crate) ai_pace_ms: i64,
    /// The AI's turn waits for `resume_ai`: its search was stopped (or failed) on this
    /// position. Cleared by any change of the moves.
    pub(crate) ai_paused: bool,
    /// Bumped on every update; sent to the apps with each state.
    pub(crate) revision: u64,
    pub(crate) change: StateChange,
}

/// How a game first ended (for the statistics).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstEnd {
    /// The winners (none: a draw).
    pub winners: Vec<usize>,
    /// Moves each player had played (passes not counted).
    pub moves: Vec<u32>,
}

/// A person's turns skipped in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkipRun {
    /// Whose turns.
    pub player: usize,
    /// How many in a row.
    pub times: u32,
    /// Moves the others played meanwhile.
    pub others_moved: u32,
}

/// A finished game as the statistics count it, from the one person's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountedGame {
    /// The opponent: the strongest AI at the table.
    pub level: AiLevel,
    /// Won (`Some(true)`), lost, or drawn (`None`).
    pub won: Option<bool>,
    /// The person's moves.
    pub moves: u32,
}

/// A fresh random game id.
pub(crate) fn new_game_id() -> String {
    format!("{:016x}", rand::random::<u64>())
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// The AI's move.
    Think,
    /// A hint for the person to move.
    Hint,
}

/// A search to run outside the state machine (on an engine thread): the session chose it, its
/// seed and its level; [`SessionState::finish_search`] takes the result back.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// What the search is for.
    pub kind: SearchKind,
    /// The position to search.
    pub position: Position,
    /// The level (hints search like Hard within ~300 ms).
    pub level: AiLevel,
    /// Time and seed.
    pub limits: SearchLimits,
    /// The generation the search starts from (a result for another one is dropped).
    pub generation: u64,
}

/// The state machine's step: applies `event` to `state`. On error the state is unchanged.
///
/// Atomic by construction: the event is applied to a copy, which replaces the state only once
/// the event is accepted. A refusal found halfway (a move the rules refuse after the touch state
/// was taken, a redo that fails on its second move) is dropped with the copy, so the steps need
/// no undo of their own. The copy is cheap: the game (the history) is shared until the copy
/// plays or takes back a move.
pub fn update(state: &mut SessionState, event: Event) -> Result<(), MoveError> {
    let mut next = state.clone();
    next.handle(event)?;
    next.note_end();
    next.cue_sounds(state.is_over());
    *state = next;
    Ok(())
}

/// The name a seat shows when it was given none: the AI's opponent name, "You" for the one
/// person at the device, "Player n" otherwise.
pub(crate) fn default_name(seat: &Seat, index: usize, persons: usize) -> PlayerName {
    let given = seat.name.trim();
    if !given.is_empty() {
        return PlayerName::Named {
            name: given.to_string(),
        };
    }
    match seat.player {
        SeatPlayer::Ai { level } => PlayerName::Named {
            name: level.opponent().name.to_string(),
        },
        SeatPlayer::Person if persons == 1 => PlayerName::You,
        _ => PlayerName::Numbered {
            number: index as i32 + 1,
        },
    }
}

impl SessionState {
    /// A new local game from a validated set-up; plays any forced passes at once.
    pub fn new(setup: ValidSetup) -> SessionState {
        let persons = setup
            .seats
            .iter()
            .filter(|s| s.player == SeatPlayer::Person)
            .count();
        let mut names: Vec<PlayerName> = Vec::with_capacity(setup.seats.len());
        for (i, seat) in setup.seats.iter().enumerate() {
            let name = default_name(seat, i, persons);
            // A second AI of the same level gets a name of its own.
            let taken = |n: &str| {
                names
                    .iter()
                    .any(|m| matches!(m, PlayerName::Named { name } if name == n))
            };
            let name = match name {
                PlayerName::Named { name } if seat.name.trim().is_empty() && taken(&name) => {
                    let free = crate::ai::MORE_AI_NAMES.iter().find(|n| !taken(n));
                    PlayerName::Named {
                        name: free.map_or(name, |n| (*n).to_string()),
                    }
                }
                other => other,
            };
            names.push(name);
        }
        let seats = setup.seats.iter().map(|s| s.player).collect();
        let mut state = SessionState::with_game(seats, names, Game::new(setup.start));
        state.seed = setup.seed;
        state.coin_toss = setup.coin_toss;
        state.from_start = setup.from_start;
        state.refresh();
        state.auto_pass();
        // The forced passes may already have ended the game.
        state.note_end();
        state
    }

    /// A state over `game` with nothing in progress: no touch, end, offer, replay or hint.
    /// The constructors set what differs.
    pub(crate) fn with_game(
        seats: Vec<SeatPlayer>,
        names: Vec<PlayerName>,
        game: Game,
    ) -> SessionState {
        SessionState {
            id: new_game_id(),
            from_start: false,
            first_end: None,
            skipped: None,
            notice: None,
            seats,
            names,
            seed: 0,
            coin_toss: None,
            game: Arc::new(game),
            legal: Vec::with_capacity(256),
            redo: Vec::new(),
            touch: Touch::Idle,
            end: None,
            left: Vec::new(),
            draw_offer: None,
            draw_declined: None,
            replay: None,
            hint: None,
            search: None,
            generation: 0,
            turn_board: true,
            ai_pace_ms: 0,
            ai_paused: false,
            revision: 0,
            change: StateChange::default(),
        }
    }

    /// The game (start position and moves).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game to change: this state's own copy of it (copied first if another state shares
    /// it, as the copy `update` works on does).
    pub(crate) fn game_mut(&mut self) -> &mut Game {
        Arc::make_mut(&mut self.game)
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &[SeatPlayer] {
        &self.seats
    }

    /// The seats' display names.
    pub fn names(&self) -> &[PlayerName] {
        &self.names
    }

    /// Counter bumped whenever the game changes; AI and hint results carry the one they saw.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Whether a person at this device plays seat `p` (not one who resigned and left it to the
    /// AI).
    pub fn is_person(&self, p: usize) -> bool {
        self.seats.get(p) == Some(&SeatPlayer::Person) && !self.left.contains(&p)
    }

    /// The AI's level in seat `p`, if the AI plays it (a seat's own AI, or the stand-in for a
    /// person who left).
    pub fn ai_level(&self, p: usize) -> Option<AiLevel> {
        match self.seats.get(p) {
            Some(SeatPlayer::Ai { level }) => Some(*level),
            Some(SeatPlayer::Person) if self.left.contains(&p) => Some(STAND_IN_LEVEL),
            _ => None,
        }
    }

    /// The one person at this device as the game was set up, when there is exactly one (solo,
    /// online): a pass-and-play game stays one when some of its people left it.
    pub fn only_person(&self) -> Option<usize> {
        let mut persons = (0..self.seats.len()).filter(|&p| self.seats[p] == SeatPlayer::Person);
        match (persons.next(), persons.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    }

    /// The game was set up with AI seats (stand-ins for people who left do not count: they
    /// bring no hints to a pass-and-play game).
    fn has_ai(&self) -> bool {
        self.seats
            .iter()
            .any(|s| matches!(s, SeatPlayer::Ai { .. }))
    }

    /// Resigning hands this seat to the AI and the others play on: a game of three or more in
    /// which another person at this device still plays. Otherwise resigning ends the game.
    pub fn resign_keeps_game_going(&self) -> bool {
        self.can_resign()
            && self.seats.len() >= 3
            && self
                .resigner()
                .is_some_and(|by| (0..self.seats.len()).any(|p| p != by && self.is_person(p)))
    }

    /// People who resigned and left their seats to the AI.
    pub fn left(&self) -> &[usize] {
        &self.left
    }

    fn online(&self) -> bool {
        self.seats.contains(&SeatPlayer::Remote)
    }

    /// Whether the game is over (by the rules or by resignation / agreed draw).
    pub fn is_over(&self) -> bool {
        self.end.is_some() || self.game.outcome().is_some()
    }

    /// Whether the app should start the AI's search now: an AI seat is to move, the game is not
    /// over, no replay is shown, no search runs and the AI is not paused.
    pub fn ai_to_move(&self) -> bool {
        self.ai_seat_to_move() && self.search.is_none() && !self.ai_paused
    }

    /// Whether a person may touch the board now.
    pub(crate) fn touchable(&self) -> bool {
        !self.is_over()
            && self.replay.is_none()
            && self.draw_offer.is_none()
            && self.is_person(self.game.position().to_move())
    }

    /// Recomputes the cached legal moves after the game changed.
    pub(crate) fn refresh(&mut self) {
        if self.game.outcome().is_some() {
            self.legal.clear();
        } else {
            self.game.position().legal_moves_into(&mut self.legal);
        }
    }

    /// Plays the forced passes (a side with no move and no swap passes automatically). Online
    /// there are none: the server plays them and sends them as moves.
    fn auto_pass(&mut self) {
        // Every pass is legal when it is the only move; the bound only guards against a bug.
        for _ in 0..100_000 {
            let player = self.game.position().to_move();
            if self.end.is_some()
                || self.online()
                || self.legal.as_slice() != [CompactMove::PASS]
                || self.game_mut().play(&Move::pass()).is_err()
            {
                return;
            }
            if self.is_person(player) {
                self.skipped = match self.skipped {
                    Some(run) if run.player == player => Some(SkipRun {
                        times: run.times + 1,
                        ..run
                    }),
                    _ => Some(SkipRun {
                        player,
                        times: 1,
                        others_moved: 0,
                    }),
                };
            }
            self.refresh();
        }
    }

    /// Keeps how the game first ended (once).
    pub(crate) fn note_end(&mut self) {
        if self.first_end.is_some() {
            return;
        }
        if let Some(o) = self.outcome_view() {
            let mut moves = vec![0; self.seats.len()];
            for e in self.game.history() {
                if e.mv.kind != MoveKind::Pass {
                    moves[e.player] += 1;
                }
            }
            let winners = o.winners.iter().map(|&w| w as usize).collect();
            self.first_end = Some(FirstEnd { winners, moves });
        }
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// How the statistics count this game: a game of one person against the AI, started from
    /// the start position, once it has ended (as it first ended).
    pub fn counted(&self) -> Option<CountedGame> {
        let person = self.only_person()?;
        let level = (0..self.seats.len())
            .filter_map(|p| self.ai_level(p))
            .max()?;
        let end = self.first_end.as_ref().filter(|_| self.from_start)?;
        let won = if end.winners.is_empty() {
            None
        } else {
            Some(end.winners.contains(&person))
        };
        Some(CountedGame {
            level,
            won,
            moves: end.moves.get(person).copied().unwrap_or(0),
        })
    }

    /// Plays a move (a person's or the AI's) and everything that follows from it.
    pub(crate) fn play(&mut self, mv: &Move, clear_redo: bool) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let mover = self.game.position().to_move();
        // Every move played here comes from the legal list; a refusal is a bug.
        self.game_mut().play(mv).map_err(|e| MoveError::Internal {
            detail: e.to_string(),
        })?;
        if let Some(run) = self.skipped.as_mut().filter(|r| r.player != mover) {
            run.others_moved += 1;
        }
        log::debug!("played {:?}, move {}", mv.kind, self.game.history().len());
        if clear_redo {
            self.redo.clear();
        }
        self.after_change();
        self.change = StateChange {
            kind: ChangeKind::NewMove,
            animate: mv.path.iter().map(|&h| Coord::of(h)).collect(),
            sounds: Vec::new(),
        };
        self.refresh();
        self.auto_pass();
        Ok(())
    }

    fn after_change(&mut self) {
        self.touch = Touch::Idle;
        // A new position: the pause was for the one before.
        self.ai_paused = false;
        self.hint = None;
        self.draw_declined = None;
        self.search = None;
        self.coin_toss = None;
        self.generation += 1;
    }

    fn handle(&mut self, event: Event) -> Result<(), MoveError> {
        // A plain refresh unless the event says otherwise.
        self.change = StateChange::default();
        self.revision += 1;
        // A person acted: the skipped-turn summary and the last notice have been seen.
        self.skipped = None;
        self.notice = None;
        match event {
            Event::Tap { q, r } => {
                let hole = hole_at(q, r);
                self.tap(hole)
            }
            Event::EndJump => self.end_jump(),
            Event::CancelTouch => {
                self.touch = Touch::Idle;
                Ok(())
            }
            Event::Undo => self.undo(),
            Event::Redo => self.redo(),
            Event::Resign => self.resign(),
            Event::OfferDraw => {
                if !self.can_offer_draw() {
                    return Err(MoveError::DrawNotPossible);
                }
                self.draw_offer = Some(self.game.position().to_move());
                self.touch = Touch::Idle;
                Ok(())
            }
            Event::AnswerDraw { accept } => {
                let by = self.draw_offer.ok_or(MoveError::NoDrawOffer)?;
                self.draw_offer = None;
                if accept {
                    self.end = Some(ManualEnd {
                        reason: EndReason::DrawAgreed,
                        by,
                    });
                    self.generation += 1;
                } else {
                    self.draw_declined = Some(1 - by.min(1));
                }
                Ok(())
            }
            Event::ReplayStart => {
                if self.game.history().len() == 0 {
                    return Err(MoveError::NothingToReplay);
                }
                self.touch = Touch::Idle;
                self.replay = Some(self.game.history().len());
                Ok(())
            }
            Event::ReplayStep { delta } => {
                let shown = self.replay.ok_or(MoveError::NotReplaying)?;
                let total = self.game.history().len() as i64;
                let now = (shown as i64 + i64::from(delta)).clamp(0, total) as usize;
                self.replay = Some(now);
                // One move forward animates; anything else jumps.
                let animate = match self.game.history().nth(shown) {
                    Some(e) if now == shown + 1 => {
                        e.mv.path.iter().map(|&h| Coord::of(h)).collect()
                    }
                    _ => Vec::new(),
                };
                self.change = StateChange {
                    kind: ChangeKind::ReplayStep,
                    animate,
                    sounds: Vec::new(),
                };
                Ok(())
            }
            Event::ReplayExit => {
                self.replay = None;
                Ok(())
            }
        }
    }

    /// Undo is possible: back to the previous move of a person at this device (with one person
    /// that is their previous turn; with several, one move). Never once the game is over: an
    /// ended game stays ended — filed as finished, counted once in the statistics, its result
    /// the one the game-over sheet showed — and Replay is how a player steps back through it
    /// (as in most game apps; taking back the winning move used to reopen a game already filed
    /// and counted as won).
    pub fn can_undo(&self) -> bool {
        if self.is_over() || self.replay.is_some() || self.draw_offer.is_some() {
            return false;
        }
        !self.online()
            && self
                .game
                .history()
                .any(|e| self.is_person(e.player) && e.mv.kind != MoveKind::Pass)
    }

    /// Redo is possible (never once the game is over, as undo).
    pub fn can_redo(&self) -> bool {
        !self.is_over() && self.replay.is_none() && !self.redo.is_empty() && !self.online()
    }

    /// A hint may be asked for: a person's turn in a game against the AI (docs/RULES.md: no
    /// hints in pass-and-play or online).
    pub fn can_hint(&self) -> bool {
        self.has_ai() && self.touchable() && self.search.is_none()
    }

    /// Resigning is possible (the one person, or the person to move).
    pub fn can_resign(&self) -> bool {
        !self.is_over() && self.replay.is_none() && !self.online() && self.resigner().is_some()
    }

    /// Who resigns: the one person at this device, else the person to move.
    fn resigner(&self) -> Option<usize> {
        let to_move = self.game.position().to_move();
        self.only_person()
            .or_else(|| self.is_person(to_move).then_some(to_move))
    }

    /// A draw may be offered: two people at one device, on the offering player's turn.
    pub fn can_offer_draw(&self) -> bool {
        self.seats.len() == 2
            && self.seats.iter().all(|s| *s == SeatPlayer::Person)
            && self.touchable()
    }

    fn undo(&mut self) -> Result<(), MoveError> {
        if !self.can_undo() {
            return Err(MoveError::NothingToUndo);
        }
        let mut group = Vec::new();
        while let Some(entry) = self.game_mut().undo() {
            let real = entry.mv.kind != MoveKind::Pass;
            let mine = self.is_person(entry.player);
            group.push(entry.mv);
            if real && mine {
                break;
            }
        }
        group.reverse();
        self.redo.push(group);
        self.after_change();
        self.change.kind = ChangeKind::Undo;
        self.refresh();
        Ok(())
    }

    fn redo(&mut self) -> Result<(), MoveError> {
        if !self.can_redo() || self.ai_level(self.game.position().to_move()).is_some() {
            return Err(MoveError::NothingToRedo);
        }
        let Some(group) = self.redo.pop() else {
            return Err(MoveError::NothingToRedo);
        };
        let mut animate = Vec::new();
        for mv in &group {
            // Passes are replayed by `play` itself (auto-pass).
            if mv.kind == MoveKind::Pass {
                continue;
            }
            // A refusal drops the whole step (see `update`): the group stays on the redo stack.
            self.play(mv, false)?;
            animate = std::mem::take(&mut self.change.animate);
        }
        self.change = StateChange {
            kind: ChangeKind::Redo,
            animate,
            sounds: Vec::new(),
        };
        Ok(())
    }

    fn resign(&mut self) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let by = match self.resigner() {
            Some(by) if self.can_resign() => by,
            _ => return Err(MoveError::NotYourTurn),
        };
        if self.resign_keeps_game_going() {
            // Online's rule too (docs/ONLINE.md): the seat goes to the AI so that its pegs do
            // not block anyone's target, and the game goes on for the others. It is not taken
            // back: the moves before it cannot be redone as the person's.
            self.left.push(by);
            self.redo.clear();
            self.hint = None;
            self.ai_paused = false;
        } else {
            self.end = Some(ManualEnd {
                reason: EndReason::Resigned,
                by,
            });
        }
        self.touch = Touch::Idle;
        self.draw_offer = None;
        self.search = None;
        self.generation += 1;
        Ok(())
    }

    /// Starts a search: marks the AI as thinking (or the hint as pending) and returns what to
    /// search, with the seed and level the session chose.
    pub fn begin_search(
        &mut self,
        kind: SearchKind,
        time_ms: Option<u64>,
    ) -> Result<SearchRequest, MoveError> {
        let to_move = self.game.position().to_move();
        let (level, limits) = match kind {
            SearchKind::Think => {
                if self.is_over() {
                    return Err(MoveError::GameOver);
                }
                let level = match self.ai_level(to_move) {
                    Some(level) if self.ai_to_move() => level,
                    _ => return Err(MoveError::NotAiTurn),
                };
                // Each move gets its own seed, the same for the same game and seed.
                let seed = self.seed ^ self.generation.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                (level, SearchLimits { time_ms, seed })
            }
            SearchKind::Hint => {
                if !self.can_hint() {
                    return Err(MoveError::HintNotPossible);
                }
                // A little under 300 ms: the clock is read every 1024 nodes.
                let limits = SearchLimits {
                    time_ms: Some(280),
                    seed: 0,
                };
                // Asked again: the old hint goes (the new one replaces it once found).
                self.hint = None;
                (AiLevel::Hard, limits)
            }
        };
        self.revision += 1;
        self.change = StateChange::default();
        self.search = Some(kind);
        Ok(SearchRequest {
            kind,
            position: *self.game.position(),
            level,
            limits,
            generation: self.generation,
        })
    }

    /// Forgets a search that was cancelled, so that another may start at once; its result,
    /// should it still arrive, is dropped as stale.
    pub fn cancel_search(&mut self, request: &SearchRequest) {
        if request.generation == self.generation && self.search == Some(request.kind) {
            self.search = None;
            // The person stopped the AI: it waits for them (a hint just goes).
            self.ai_paused |= request.kind == SearchKind::Think;
            self.generation += 1;
            self.revision += 1;
            self.change = StateChange::default();
        }
    }

    /// Takes a search's result back: the AI's move is played, a hint shown; `None` (cancelled
    /// or failed) just ends the search. A result for an older generation changes nothing.
    pub fn finish_search(&mut self, request: &SearchRequest, result: Option<Move>) {
        if request.generation != self.generation || self.search != Some(request.kind) {
            log::info!("dropping a stale {:?} result", request.kind);
            return;
        }
        self.revision += 1;
        self.change = StateChange::default();
        self.search = None;
        let was_over = self.is_over();
        match (request.kind, result) {
            (SearchKind::Think, Some(mv)) => {
                if let Err(e) = self.play(&mv, true) {
                    log::error!("the AI's move was refused: {e}");
                }
                self.note_end();
            }
            (SearchKind::Hint, Some(mv)) => self.hint = Some(mv),
            // Stopped or failed: the AI waits for `resume_ai` rather than trying again at once.
            (SearchKind::Think, None) => self.ai_paused = true,
            (SearchKind::Hint, None) => {}
        }
        self.cue_sounds(was_over);
    }

    /// The position the board shows: the current one, or the replayed one.
    pub(crate) fn shown_position(&self) -> Position {
        match self.replay {
            None => *self.game.position(),
            Some(k) => {
                let mut p = *self.game.start();
                for e in self.game.history().take(k) {
                    p.apply(&e.mv.compact());
                }
                p
            }
        }
    }
}
