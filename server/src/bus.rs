//! The instance-local message bus: which connection listens to which channel.
//!
//! Channels are `game:<id>` (a game's numbered events), `user:<token>` (messages for one player,
//! such as "you were matched") and `lobby` (the open tables changed). The memory backend delivers
//! here directly; the Redis backend publishes to Redis and every instance's subscriber delivers
//! what it receives here, so the connection code is the same for both.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use parking_lot::Mutex;
use tokio::sync::mpsc;

use crate::model::BusMsg;

/// The channel of a game's events.
pub fn game_channel(game: &str) -> String {
    format!("game:{game}")
}

/// The channel of a player's direct messages.
pub fn user_channel(token: &str) -> String {
    format!("user:{token}")
}

/// The lobby's channel.
pub const LOBBY: &str = "lobby";

/// A bus message as a connection receives it.
#[derive(Clone, Debug)]
pub struct Delivery {
    /// When the relay started: the arrival of the frame that caused it when it was handled in
    /// this process (memory backend), else the delivery here (a Redis pub/sub message).
    pub since: Instant,
    /// The message.
    pub msg: Arc<BusMsg>,
}

/// Where a connection receives its bus messages.
pub type Outbox = mpsc::Sender<Delivery>;

tokio::task_local! {
    /// When the client frame being handled arrived (see [`Delivery::since`]).
    pub static RECEIVED: Instant;
}

fn since() -> Instant {
    RECEIVED.try_with(|t| *t).unwrap_or_else(|_| Instant::now())
}

/// Subscriptions of this instance's connections.
#[derive(Default)]
pub struct Bus {
    subs: Mutex<HashMap<String, Vec<(u64, Outbox)>>>,
    /// The instance's timer queue: every deadline a delivered message announces goes there
    /// (see [`crate::timers`]).
    timers: Mutex<Option<crate::timers::Schedule>>,
}

impl Bus {
    /// Hands every deadline delivered from now on to `timers`.
    pub fn set_timers(&self, timers: crate::timers::Schedule) {
        *self.timers.lock() = Some(timers);
    }

    /// Connection `conn` listens to `channel`.
    pub fn subscribe(&self, channel: &str, conn: u64, outbox: &Outbox) {
        let mut subs = self.subs.lock();
        let list = subs.entry(channel.to_owned()).or_default();
        if !list.iter().any(|(c, _)| *c == conn) {
            list.push((conn, outbox.clone()));
        }
    }

    /// Connection `conn` stops listening to `channel`.
    pub fn unsubscribe(&self, channel: &str, conn: u64) {
        let mut subs = self.subs.lock();
        if let Some(list) = subs.get_mut(channel) {
            list.retain(|(c, _)| *c != conn);
            if list.is_empty() {
                subs.remove(channel);
            }
        }
    }

    /// Delivers a message to every local listener of `channel`. Never blocks: a listener whose
    /// outbox is full misses it (game events are numbered, so it resyncs on the next one).
    pub fn deliver(&self, channel: &str, msg: Arc<BusMsg>) {
        if let Some(timers) = self.timers.lock().as_ref() {
            for deadline in crate::timers::deadlines_of(&msg, crate::model::now_ms()) {
                let _ = timers.send(deadline);
            }
        }
        let delivery = Delivery {
            since: since(),
            msg,
        };
        let subs = self.subs.lock();
        if let Some(list) = subs.get(channel) {
            for (_, outbox) in list {
                let _ = outbox.try_send(delivery.clone());
            }
        }
    }

    /// Sends [`BusMsg::Resync`] once to every connection listening to any channel.
    pub fn resync_all(&self) {
        let msg = Delivery {
            since: Instant::now(),
            msg: Arc::new(BusMsg::Resync),
        };
        let subs = self.subs.lock();
        let mut seen = std::collections::HashSet::new();
        for (conn, outbox) in subs.values().flatten() {
            if seen.insert(*conn) {
                let _ = outbox.try_send(msg.clone());
            }
        }
    }

    /// Whether any connection of this instance listens to `channel`.
    pub fn has_listeners(&self, channel: &str) -> bool {
        self.subs.lock().contains_key(channel)
    }

    /// How many channels have listeners here.
    pub fn channels(&self) -> usize {
        self.subs.lock().len()
    }
}
