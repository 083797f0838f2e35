//! The lobby as its watchers get it: one page of open tables built for every watcher of the
//! instance at once, at most once per [`Limits::lobby_interval`](crate::Limits), holding at most
//! [`MAX_LOBBY_TABLES`] tables (the oldest first).
//!
//! Before, every change (a table opened, closed or sat at) made each watching connection read
//! every table and its host's rating from the store and encode a copy of its own: with 600
//! tables and 300 watchers a change cost 300 × 46 KB, and one client opening and closing a table
//! in a loop took a core and held up the games' relay.
//!
//! Changes reach an instance as [`BusMsg::Lobby`] on the bus's `lobby` channel (from any
//! instance with Redis), which this task listens to like a connection. The first change after a
//! quiet spell is sent at once; the ones within the interval after a page was sent are folded
//! into the next page. A page equal to the last one sent is not sent again.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use chinese_checkers_core::online::{encode, ServerMsg, TableInfo, MAX_LOBBY_TABLES};
use parking_lot::Mutex;
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::bus::{Delivery, Outbox, LOBBY};
use crate::metrics::inc;
use crate::model::BusMsg;
use crate::store::{Store, StoreError, Table};
use crate::{App, StopMode};

/// The id the lobby listens to the bus under (connection ids count up from 1).
const LISTENER: u64 = u64::MAX;

/// The watchers of this instance and the page they were last given.
#[derive(Default)]
pub(crate) struct Lobby {
    watchers: Mutex<HashMap<u64, Outbox>>,
    /// The page every watcher has (or has on its way): the last one sent, or the first one
    /// built for a watcher. `None` when nobody watched as the lobby changed.
    page: tokio::sync::Mutex<Option<Utf8Bytes>>,
}

impl Lobby {
    /// Connection `conn` watches the lobby from now on; the page to send it now. Taken under the
    /// page's lock, so a change from now on brings it a newer page.
    pub(crate) async fn watch(
        &self,
        app: &App,
        conn: u64,
        outbox: &Outbox,
    ) -> Result<Utf8Bytes, StoreError> {
        let mut page = self.page.lock().await;
        self.watchers.lock().insert(conn, outbox.clone());
        if let Some(text) = page.as_ref() {
            return Ok(text.clone());
        }
        let text = build(app).await?;
        *page = Some(text.clone());
        Ok(text)
    }

    /// Connection `conn` no longer watches.
    pub(crate) fn unwatch(&self, conn: u64) {
        self.watchers.lock().remove(&conn);
    }

    /// The lobby changed: builds the page and sends it to every watcher if it differs from the
    /// last one. With nobody watching, forgets the page instead (the next watcher gets a new one).
    async fn refresh(&self, app: &App) -> Result<(), StoreError> {
        let mut page = self.page.lock().await;
        if self.watchers.lock().is_empty() {
            *page = None;
            return Ok(());
        }
        let text = build(app).await?;
        if page.as_ref() == Some(&text) {
            return Ok(());
        }
        *page = Some(text.clone());
        let delivery = Delivery {
            since: std::time::Instant::now(),
            msg: Arc::new(BusMsg::LobbyPage { text }),
        };
        let watchers = self.watchers.lock();
        for outbox in watchers.values() {
            // A watcher whose outbox is full misses this page; it is sent the next one.
            if outbox.try_send(delivery.clone()).is_ok() {
                inc(&app.metrics.lobby_sent);
            }
        }
        Ok(())
    }
}

/// The lobby message: the oldest [`MAX_LOBBY_TABLES`] open tables with their hosts' ratings,
/// encoded once.
async fn build(app: &App) -> Result<Utf8Bytes, StoreError> {
    let stored = app.store.list_tables().await?;
    let mut tables = Vec::with_capacity(stored.len().min(MAX_LOBBY_TABLES));
    for t in stored.iter().take(MAX_LOBBY_TABLES) {
        tables.push(table_info(&app.store, t).await?);
    }
    inc(&app.metrics.lobby_builds);
    Ok(encode(&ServerMsg::Lobby { tables }).into())
}

/// What the lobby shows of a table: with its host's rating in the table's rule set.
pub(crate) async fn table_info(store: &Store, table: &Table) -> Result<TableInfo, StoreError> {
    let mut info = table.info();
    info.host_rating = store
        .rating(&table.host.token, table.format.preset())
        .await?
        .map(|r| r.shown());
    Ok(info)
}

/// Listens to the lobby's changes until the server stops, and sends the watchers of this
/// instance at most one page per interval.
pub(crate) async fn run(app: Arc<App>) {
    let (tx, mut rx) = mpsc::channel::<Delivery>(64);
    app.bus.subscribe(LOBBY, LISTENER, &tx);
    let mut stop = app.stop.clone();
    let interval = app.limits.lobby_interval;
    let mut last = Instant::now()
        .checked_sub(interval)
        .unwrap_or_else(Instant::now);
    // A refresh that failed on the store is tried again after the interval.
    let mut retry = false;
    loop {
        if !retry {
            // Any message on the channel is a change: `lobby`, or a resync after Redis came back
            // (what was published meanwhile was lost).
            tokio::select! {
                got = rx.recv() => if got.is_none() { return },
                _ = stop.wait_for(|m| *m != StopMode::Running) => return,
            }
        }
        tokio::select! {
            _ = tokio::time::sleep_until(last + interval) => {}
            _ = stop.wait_for(|m| *m != StopMode::Running) => return,
        }
        // Everything that came meanwhile is in the page about to be built.
        while rx.try_recv().is_ok() {}
        last = Instant::now();
        retry = match app.lobby.refresh(&app).await {
            Ok(()) => false,
            Err(e) => {
                tracing::warn!(error = %e, "store error while building the lobby");
                true
            }
        };
    }
}

/// Tells the guests of a table or room that closed (`why`: its host closed it, or its host is
/// gone) that it is gone (`table_not_found`, unasked): their clients stop waiting at it.
pub(crate) async fn tell_guests_closed(
    store: &Store,
    table: &Table,
    why: &str,
) -> Result<(), StoreError> {
    for guest in &table.guests {
        let msg = ServerMsg::error(
            chinese_checkers_core::online::ErrorCode::TableNotFound,
            why,
            None,
        );
        store
            .publish(
                &crate::bus::user_channel(&guest.token),
                BusMsg::User { msg },
            )
            .await?;
    }
    Ok(())
}
