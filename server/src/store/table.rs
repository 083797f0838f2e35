//! A table waiting for its players, open in the lobby or private behind a room code: one type,
//! [`Table`], and one way to sit down at it and to leave it ([`Table::seat`], [`Table::unseat`]),
//! which each store runs wherever it keeps tables (the Redis store in Lua, the same steps).
//!
//! What still differs between the two is said by [`Access`] and kept by the stores and the
//! connection: an open table is listed in the lobby and found by its id; a private room is never
//! listed, is found by its code only through the guarded look-up by code (`conn::codes`), and
//! is gone when its lifetime ends.

use chinese_checkers_core::online::{Format, TableInfo, TimeControl};
use serde::{Deserialize, Serialize};

use super::Player;

/// Who can find a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    /// An open lobby table: listed, found by its id.
    Open,
    /// A private room: never listed, found by its code (its id), expiring.
    Private,
}

/// A table waiting for its players: an open lobby table or a private room.
///
/// Stored as before the two were one type (data files and Redis keep the shapes they had, so
/// either version reads the other's): an open table as `{id, …, addr}`, a room as `{code, …}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "TableRecord", into = "TableRecord")]
pub struct Table {
    /// Its id: a lobby table's (`t` and 9 characters), or a room's code (normalised).
    pub id: String,
    /// Open in the lobby, or private.
    pub access: Access,
    /// Its format.
    pub format: Format,
    /// Who opened it.
    pub host: Player,
    /// Who sat down since, in order (tables of 3 or more seats).
    pub guests: Vec<Player>,
    /// The time control of its game.
    pub clock: TimeControl,
    /// An open table's host address as the limits count it (`Limits::tables_per_addr`); never
    /// shown, empty for a room.
    pub addr: String,
}

/// What sitting down did to a table (see [`Table::seat`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seating {
    /// The host cannot sit at its own table (nothing changed).
    Own,
    /// Seated (or already there); it is still filling.
    Filling,
    /// Seated in the last seat: the table is full, to be taken out to start.
    Full,
}

impl Table {
    /// What the lobby shows.
    pub fn info(&self) -> TableInfo {
        TableInfo {
            id: self.id.clone(),
            format: self.format,
            host: self.host.name.clone(),
            seated: i32::try_from(1 + self.guests.len()).unwrap_or(i32::MAX),
            host_rating: None,
        }
    }

    /// Sits `player` down (once: sitting again changes nothing but is seated all the same).
    pub(crate) fn seat(&mut self, player: &Player) -> Seating {
        if self.host.token == player.token {
            return Seating::Own;
        }
        if !self.guests.iter().any(|g| g.token == player.token) {
            self.guests.push(player.clone());
        }
        if 1 + self.guests.len() >= self.format.seats() {
            Seating::Full
        } else {
            Seating::Filling
        }
    }

    /// A guest leaves; whether it was there.
    pub(crate) fn unseat(&mut self, token: &str) -> bool {
        let before = self.guests.len();
        self.guests.retain(|g| g.token != token);
        self.guests.len() != before
    }

    /// The table without one guest (as it was before that guest took the last seat).
    pub fn without(&self, token: &str) -> Table {
        let mut before = self.clone();
        before.unseat(token);
        before
    }

    /// Its host and guests, in seat order.
    pub fn people(&self) -> Vec<Player> {
        std::iter::once(&self.host)
            .chain(&self.guests)
            .cloned()
            .collect()
    }
}

/// How a table is stored: an open table under `id`, a room under `code` (absent when none, as
/// Redis's Lua JSON writes an empty list: `guests`).
#[derive(Serialize, Deserialize)]
struct TableRecord {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    code: Option<String>,
    format: Format,
    host: Player,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    guests: Vec<Player>,
    #[serde(default)]
    clock: TimeControl,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    addr: String,
}

impl TryFrom<TableRecord> for Table {
    type Error = String;

    fn try_from(r: TableRecord) -> Result<Table, String> {
        let (id, access) = match (r.id, r.code) {
            (Some(id), None) => (id, Access::Open),
            (None, Some(code)) => (code, Access::Private),
            _ => return Err("a stored table has an id, or a room a code, not both".to_owned()),
        };
        Ok(Table {
            id,
            access,
            format: r.format,
            host: r.host,
            guests: r.guests,
            clock: r.clock,
            addr: r.addr,
        })
    }
}

impl From<Table> for TableRecord {
    fn from(t: Table) -> TableRecord {
        let (id, code) = match t.access {
            Access::Open => (Some(t.id), None),
            Access::Private => (None, Some(t.id)),
        };
        TableRecord {
            id,
            code,
            format: t.format,
            host: t.host,
            guests: t.guests,
            clock: t.clock,
            addr: t.addr,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn player(token: &str) -> Player {
        Player {
            token: token.to_owned(),
            name: token.to_uppercase(),
            rated: false,
        }
    }

    fn table(access: Access, format: Format) -> Table {
        Table {
            id: "ABCD2345".to_owned(),
            access,
            format,
            host: player("h"),
            guests: Vec::new(),
            clock: TimeControl::default(),
            addr: String::new(),
        }
    }

    #[test]
    fn seats_fill_once_each_and_never_the_host() {
        let mut t = table(Access::Open, Format::Sternhalma3);
        assert_eq!(t.seat(&player("h")), Seating::Own);
        assert_eq!(t.seat(&player("a")), Seating::Filling);
        assert_eq!(t.seat(&player("a")), Seating::Filling);
        assert_eq!(t.guests.len(), 1);
        assert_eq!(t.without("a").guests, Vec::new());
        assert_eq!(t.seat(&player("b")), Seating::Full);
        assert_eq!(t.people().len(), 3);
        assert!(t.unseat("a"));
        assert!(!t.unseat("a"));
        assert_eq!(t.guests, vec![player("b")]);
    }

    #[test]
    fn stored_shapes_are_the_ones_before_tables_and_rooms_were_one_type() {
        let room = table(Access::Private, Format::Tripot1);
        let json = serde_json::to_value(&room).unwrap();
        assert_eq!(json["code"], "ABCD2345");
        assert!(json.get("id").is_none() && json.get("addr").is_none());
        assert_eq!(serde_json::from_value::<Table>(json).unwrap(), room);
        let mut open = table(Access::Open, Format::Tripot1);
        open.addr = "10.0.0.1".to_owned();
        let json = serde_json::to_value(&open).unwrap();
        assert_eq!(json["id"], "ABCD2345");
        assert!(json.get("code").is_none());
        assert_eq!(serde_json::from_value::<Table>(json).unwrap(), open);
        let both =
            r#"{"id":"t1","code":"ABCD2345","format":"tripot1","host":{"token":"h","name":"H"}}"#;
        assert!(serde_json::from_str::<Table>(both).is_err());
    }
}
