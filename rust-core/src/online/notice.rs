//! Server notices: messages a server may send a client of the same protocol version that does
//! not know them (docs/ONLINE.md, "Version rules"). They are not [`ServerMsg`]s, so
//! [`decode_server`] refuses them as `unknown_message` and a client that does not know them
//! changes nothing; one that does decodes them with [`decode_notice`].
//!
//! [`ServerMsg`]: super::ServerMsg
//! [`decode_server`]: super::decode_server

use serde::{Deserialize, Serialize};

use super::protocol::ProtocolError;

/// A notice from the server, sent just before it acts on the connection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerNotice {
    /// Another connection said `hello` with this connection's token (the same device again,
    /// or a copy of its token): it takes over the player's games, queue and seats, and this
    /// connection is closed right after. The client should not reconnect by itself (it would
    /// take the games back from the newer connection), and should say the game goes on there.
    Replaced {
        /// Said so a person understands.
        message: String,
    },
}

/// Every `type` of a notice.
pub const NOTICE_TYPES: [&str; 1] = ["replaced"];

/// Decodes a notice (strictly, like every message).
pub fn decode_notice(text: &str) -> Result<ServerNotice, ProtocolError> {
    super::protocol::decode_with(text, &NOTICE_TYPES, &[])
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::online::{decode_server, encode, ErrorCode};

    #[test]
    fn replaced_round_trips_and_old_decoders_drop_it() {
        let notice = ServerNotice::Replaced {
            message: "this device connected again".into(),
        };
        let text = encode(&notice);
        assert_eq!(
            text,
            r#"{"type":"replaced","message":"this device connected again"}"#
        );
        assert_eq!(decode_notice(&text).unwrap(), notice);
        // A client that knows only `ServerMsg` refuses it and changes nothing.
        assert_eq!(
            decode_server(&text).unwrap_err().code(),
            ErrorCode::UnknownMessage
        );
        let e = decode_notice(r#"{"type":"replaced","message":"x","zz":1}"#).unwrap_err();
        assert_eq!(e.code(), ErrorCode::BadMessage);
        let e = decode_notice(r#"{"type":"pong"}"#).unwrap_err();
        assert_eq!(e.code(), ErrorCode::UnknownMessage);
    }
}
