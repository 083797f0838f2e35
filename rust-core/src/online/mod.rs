//! Online play, the part shared by the server and both apps: the versioned JSON protocol, the
//! anonymous identity and room codes, the game record that both sides replay, and the client-side
//! sync state machine the session uses.
//!
//! Nothing here does I/O. The server (`server/` crate) moves these messages over WebSockets and
//! keeps the records; the apps move the encoded strings and let the core decide everything.
//!
//! - [`protocol`]: [`ClientMsg`] and [`ServerMsg`], [`PROTOCOL_VERSION`], strict decoding with
//!   clear errors ([`ProtocolError`]), error codes ([`ErrorCode`]).
//! - [`mod@format`]: [`Format`] (rule set and seats), [`TimeControl`] and [`WireMove`],
//!   re-exported by [`protocol`] whose messages carry them.
//! - [`notice`]: [`ServerNotice`], messages a client of the same version may not know
//!   (`replaced`).
//! - [`identity`]: the random device token and the display name's rules.
//! - [`codes`]: private-room codes over an unambiguous alphabet.
//! - [`record`]: [`GameRecord`], a game as its numbered events; commands produce events, events
//!   replay into the same state on the server and on the device.
//! - [`sync`]: [`ClientGame`], the device's view: pending local move, acknowledgement, validation of
//!   the opponent's moves, gap detection and resync.

pub mod codes;
pub mod format;
pub mod identity;
pub mod notice;
pub mod protocol;
pub mod record;
pub mod sync;

pub use codes::{new_room_code, normalize_room_code, ROOM_CODE_ALPHABET, ROOM_CODE_LEN};
pub use identity::{check_name, check_token, new_token};
pub use notice::{decode_notice, ServerNotice};
pub use protocol::{
    decode_client, decode_server, encode, ClientMsg, DrawAction, EndReason, ErrorCode, Format,
    GameEvent, GameResult, GameSnapshot, GameSummary, LiveGame, ProtocolError, RatingInfo,
    ServerMsg, TableInfo, TimeControl, WireMove, MAX_LISTED_GAMES, MAX_LOBBY_TABLES,
    PROTOCOL_VERSION, TIMEOUTS_TO_LEAVE,
};
pub use record::{Command, CommandError, GameRecord, RecordError, STAND_IN_LEVEL};
pub use sync::{ClientGame, SyncEffect, SyncError};

/// The server both apps connect to out of the box, a build setting in one place: the environment
/// variable `CHINESE_CHECKERS_SERVER_URL` when the core is compiled (whoever publishes the apps
/// sets it to the server they run: docs/DEPLOY.md, "The apps' server"). A source build has none
/// (the project names no server it does not run): the Online screen then says to choose one
/// under Settings → Advanced. The terminal takes `--server URL` either way. Use `wss://`: the
/// Android app refuses plain `ws://` outside the loopback and emulator addresses and iOS's App
/// Transport Security refuses it outside the local network.
pub const DEFAULT_SERVER_URL: Option<&str> = option_env!("CHINESE_CHECKERS_SERVER_URL");

/// [`DEFAULT_SERVER_URL`] as the apps read it: `None` when it is unset or blank.
pub fn default_server() -> Option<&'static str> {
    DEFAULT_SERVER_URL
        .map(str::trim)
        .filter(|url| !url.is_empty())
}
