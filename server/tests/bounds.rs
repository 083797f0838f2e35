//! Issue 27, finding 6 (bounds and amplification, the archive aside): hello-less sockets, open
//! connections and tables per address, and lobby updates coalesced into capped pages. Each an
//! end-to-end scenario on every store (memory, data file, Redis).

// Scenario functions are test code called from the generated #[test]s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod common;

use std::time::{Duration, Instant};

use chinese_checkers_core::online::{
    decode_server, ClientMsg, ErrorCode, Format, ServerMsg, TableInfo, MAX_LOBBY_TABLES,
};
use chinese_checkers_server::Limits;
use common::*;
use tokio_tungstenite::tungstenite::Message;

suite!(
    sockets_without_hello_are_closed,
    connections_per_address_are_capped,
    open_tables_per_address_are_capped,
    lobby_updates_are_coalesced,
    the_lobby_page_is_capped,
);

/// Opens a table; the table, or the refusal's code and message.
async fn open_table(c: &mut Client, format: Format) -> Result<TableInfo, (ErrorCode, String)> {
    c.send(&ClientMsg::CreateTable {
        format,
        clock: None,
    })
    .await;
    match c
        .expect("table_created or an error", |m| {
            matches!(m, ServerMsg::TableCreated { .. } | ServerMsg::Error { .. })
        })
        .await
    {
        ServerMsg::TableCreated { table } => Ok(table),
        ServerMsg::Error { code, message, .. } => Err((code, message)),
        _ => unreachable!(),
    }
}

/// Reads until the server closes the socket (at most `wait`): whether it did, and the code of
/// the last error it sent before.
async fn closing(c: &mut Client, wait: Duration) -> (bool, Option<ErrorCode>) {
    let deadline = tokio::time::Instant::now() + wait;
    let mut last = None;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match c.recv_text(left).await {
            None => return (tokio::time::Instant::now() < deadline, last),
            Some(text) => {
                if let Ok(ServerMsg::Error { code, .. }) = decode_server(&text) {
                    last = Some(code);
                }
            }
        }
    }
}

/// A socket that never says hello is closed once the handshake's deadline has passed, whatever
/// it sends meanwhile (WebSocket pings, protocol pings); one that said hello stays; a TCP
/// connection that never sends a request is dropped too. Before, a hello-less socket lived
/// until the 120 s idle limit, forever if it answered pings: 3,000 of them from one address
/// were accepted and kept.
async fn sockets_without_hello_are_closed(kind: Kind) {
    let handshake = Duration::from_millis(500);
    let s = server(
        kind,
        Limits {
            handshake,
            ..fast_limits()
        },
    )
    .await;
    let started = Instant::now();
    let mut silent = Client::raw(&s.url).await;
    let mut chatty = Client::raw(&s.url).await;
    let mut greeted = Client::raw(&s.url).await;
    greeted.hello("Ada").await;
    let mut tcp = tokio::net::TcpStream::connect(s.server.as_ref().unwrap().addr())
        .await
        .unwrap();

    // The chatty one keeps talking; it gets its pongs, then the close.
    let chatty_task = tokio::spawn(async move {
        let mut pongs = 0;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
        while tokio::time::Instant::now() < deadline {
            // Ten frames a second: within the rate limit.
            if !chatty.send_frame(Message::Ping(Default::default())).await
                || !chatty.send_frame(Message::text(r#"{"type":"ping"}"#)).await
            {
                // Closed while we slept: what it said before is still to be read.
                let at = started.elapsed();
                let (_, code) = closing(&mut chatty, Duration::from_secs(1)).await;
                return (true, pongs, code, at);
            }
            match chatty.try_recv(Duration::from_millis(200)).await {
                Some(ServerMsg::Pong) => {
                    pongs += 1;
                    tokio::time::sleep(Duration::from_millis(150)).await;
                }
                Some(ServerMsg::Error { code, .. }) => {
                    let (closed, _) = closing(&mut chatty, Duration::from_secs(1)).await;
                    return (closed, pongs, Some(code), started.elapsed());
                }
                Some(_) => {}
                None => return (true, pongs, None, started.elapsed()),
            }
        }
        (false, pongs, None, started.elapsed())
    });

    let (closed, code) = closing(&mut silent, Duration::from_secs(3)).await;
    let silent_after = started.elapsed();
    assert!(closed, "a silent socket without hello is closed");
    assert_eq!(code, Some(ErrorCode::HelloFirst), "and told why");
    assert!(
        silent_after >= handshake - Duration::from_millis(50),
        "not before the deadline ({silent_after:?})"
    );
    let (closed, pongs, code, chatty_after) = chatty_task.await.unwrap();
    assert!(
        closed,
        "pings do not keep a socket without hello open ({chatty_after:?})"
    );
    assert!(pongs >= 2, "its pings were answered until then ({pongs})");
    assert_eq!(code, Some(ErrorCode::HelloFirst));
    assert!(chatty_after < Duration::from_secs(2), "{chatty_after:?}");

    // The TCP connection that never sent a request head is gone as well.
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 64];
    let read = tokio::time::timeout(Duration::from_secs(3), tcp.read(&mut buf)).await;
    assert!(
        matches!(read, Ok(Ok(0)) | Ok(Err(_))),
        "a silent TCP connection is dropped: {read:?}"
    );

    // The greeted socket is still served well past the deadline.
    tokio::time::sleep(
        (handshake * 2).saturating_sub(started.elapsed()) + Duration::from_millis(200),
    )
    .await;
    greeted.send(&ClientMsg::Ping).await;
    assert_eq!(greeted.recv().await, ServerMsg::Pong);
}

/// At most `connections_per_addr` WebSockets from one address at once, greeted or not: one more
/// is refused with HTTP 429 before the upgrade, another address is not concerned, and a closed
/// connection frees its place. Before, any number was accepted.
async fn connections_per_address_are_capped(kind: Kind) {
    let s = server(
        kind,
        Limits {
            connections_per_addr: 5,
            trust_proxy: true,
            ..fast_limits()
        },
    )
    .await;
    let mut open = Vec::new();
    for i in 0..5 {
        let mut c = Client::try_raw_from(&s.url, "10.6.0.1")
            .await
            .unwrap_or_else(|status| panic!("connection {i} refused with {status}"));
        if i < 2 {
            c.hello("Ada").await;
        }
        open.push(c);
    }
    for _ in 0..3 {
        assert_eq!(
            Client::try_raw_from(&s.url, "10.6.0.1").await.err(),
            Some(429),
            "the sixth connection of one address is refused"
        );
    }
    let mut other = Client::try_raw_from(&s.url, "10.6.0.2")
        .await
        .expect("another address connects");
    other.hello("Bob").await;
    // The refused attempts left the open ones alone.
    open[0].send(&ClientMsg::Ping).await;
    assert_eq!(open[0].recv().await, ServerMsg::Pong);
    let metrics = s.server.as_ref().unwrap().metrics();
    assert!(
        metrics.contains("cc_connections_refused_total 3\n"),
        "{metrics}"
    );

    // A connection that closes frees its place (once the server has seen it go).
    open.pop().unwrap().close().await;
    let deadline = tokio::time::Instant::now() + WAIT;
    let mut again = loop {
        match Client::try_raw_from(&s.url, "10.6.0.1").await {
            Ok(c) => break c,
            Err(429) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(50)).await
            }
            Err(status) => panic!("still refused after a close: {status}"),
        }
    };
    again.hello("Ada").await;
}

/// At most `tables_per_addr` open tables from one address, whatever tokens it uses (before, 200
/// tokens of one address held 600 tables); another address is not concerned, and a table that
/// closes frees its place.
async fn open_tables_per_address_are_capped(kind: Kind) {
    let s = server(
        kind,
        Limits {
            tables_per_addr: 4,
            trust_proxy: true,
            ..fast_limits()
        },
    )
    .await;
    let mut ann = Client::join_from(&s.url, "Ann", "10.7.0.1").await;
    let mut bob = Client::join_from(&s.url, "Bob", "10.7.0.1").await;
    let mut anns = Vec::new();
    for _ in 0..3 {
        anns.push(open_table(&mut ann, Format::Tripot1).await.unwrap());
    }
    let bobs = open_table(&mut bob, Format::Classic).await.unwrap();
    let (code, message) = open_table(&mut bob, Format::Classic).await.unwrap_err();
    assert_eq!(code, ErrorCode::TooManyTables);
    assert!(message.contains("from one network"), "{message}");
    // A third token of the address is refused too; another address is not.
    let mut cat = Client::join_from(&s.url, "Cat", "10.7.0.1").await;
    assert_eq!(
        open_table(&mut cat, Format::Tripot2).await.unwrap_err().0,
        ErrorCode::TooManyTables
    );
    let mut dan = Client::join_from(&s.url, "Dan", "10.7.0.2").await;
    open_table(&mut dan, Format::Tripot2).await.unwrap();
    // Ann closes one: Bob may open one more, and no more than that.
    ann.send(&ClientMsg::CloseTable {
        table: anns[0].id.clone(),
    })
    .await;
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        match open_table(&mut cat, Format::Tripot2).await {
            Ok(_) => break,
            Err(_) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(50)).await
            }
            Err(e) => panic!("a closed table did not free its place: {e:?}"),
        }
    }
    assert_eq!(
        open_table(&mut bob, Format::Classic).await.unwrap_err().0,
        ErrorCode::TooManyTables
    );
    // A table that starts leaves the lobby: its place is free too.
    let mut eve = Client::join_from(&s.url, "Eve", "10.7.0.9").await;
    eve.send(&ClientMsg::JoinTable { table: bobs.id }).await;
    eve.matched().await;
    bob.matched().await;
    open_table(&mut cat, Format::Tripot2).await.unwrap();
}

/// A lobby message's tables (other messages skipped), with when it came.
async fn next_lobby(c: &mut Client, wait: Duration) -> Option<(Vec<TableInfo>, Instant)> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match c.try_recv(left).await? {
            ServerMsg::Lobby { tables } => return Some((tables, Instant::now())),
            _ => continue,
        }
    }
}

/// One client opening and closing a table as fast as the rate limit lets it: a watcher gets
/// at most one lobby message per `lobby_interval` (250 ms), still sees the lobby change while
/// it goes on, and ends with the lobby as it is; a change after a quiet spell comes at once.
/// Before, every change was a message to every watcher (here about 40 in 2.4 s).
async fn lobby_updates_are_coalesced(kind: Kind) {
    let limits = fast_limits();
    let interval = limits.lobby_interval;
    let s = server(kind, limits).await;
    let mut host = Client::join(&s.url, "Host").await;
    let steady = [
        open_table(&mut host, Format::Tripot1).await.unwrap(),
        open_table(&mut host, Format::Classic).await.unwrap(),
    ];
    let mut watcher = Client::join(&s.url, "Watcher").await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let (first, _) = next_lobby(&mut watcher, WAIT).await.unwrap();
    assert_eq!(first, steady.to_vec());

    let churn = Duration::from_millis(2400);
    let mut churner = Client::join(&s.url, "Churner").await;
    let task = tokio::spawn(async move {
        let end = tokio::time::Instant::now() + churn;
        // One table open at every moment but a new one each cycle: every page differs.
        let mut open = open_table(&mut churner, Format::Tripot3).await.unwrap();
        let mut changes = 1;
        while tokio::time::Instant::now() < end {
            // Two messages a cycle, 18 a second: under the limit of 20.
            tokio::time::sleep(Duration::from_millis(110)).await;
            let next = open_table(&mut churner, Format::Tripot3).await.unwrap();
            let old = std::mem::replace(&mut open, next);
            churner.send(&ClientMsg::CloseTable { table: old.id }).await;
            changes += 2;
        }
        churner
            .send(&ClientMsg::CloseTable { table: open.id })
            .await;
        (changes + 1, churner)
    });
    let started = Instant::now();
    let mut pages = Vec::new();
    while let Some(page) = next_lobby(&mut watcher, Duration::from_millis(800)).await {
        pages.push(page);
    }
    let (changes, _churner) = task.await.unwrap();
    let window = started.elapsed();
    assert!(changes >= 30, "the churner made {changes} changes");
    let most = (window.as_millis() / interval.as_millis()) as usize + 2;
    assert!(
        pages.len() <= most,
        "{} lobby messages in {window:?} for {changes} changes (at most {most})",
        pages.len()
    );
    let churned: Vec<&str> = pages
        .iter()
        .filter_map(|(tables, _)| tables.iter().find(|t| t.format == Format::Tripot3))
        .map(|t| t.id.as_str())
        .collect();
    assert!(
        churned.len() >= 2 && churned.windows(2).all(|w| w[0] != w[1]),
        "the watcher saw the lobby change while it went on: {churned:?}"
    );
    let (last, _) = pages.last().unwrap();
    assert_eq!(
        last,
        &steady.to_vec(),
        "the last page is the lobby as it is"
    );

    // After a quiet spell a change comes at once.
    let at = Instant::now();
    host.send(&ClientMsg::CloseTable {
        table: steady[0].id.clone(),
    })
    .await;
    let (tables, came) = next_lobby(&mut watcher, WAIT).await.unwrap();
    assert_eq!(tables, vec![steady[1].clone()]);
    assert!(came - at < interval, "a lone change waited {:?}", came - at);
    let metrics = s.server.as_ref().unwrap().metrics();
    assert!(metrics.contains("cc_lobby_builds_total"), "{metrics}");
}

/// A lobby of more than `MAX_LOBBY_TABLES` open tables is sent as its oldest
/// `MAX_LOBBY_TABLES`, and the next one comes in when one of them closes. Before, every table
/// was in every message (600 tables: 46 KB to each watcher on each change).
async fn the_lobby_page_is_capped(kind: Kind) {
    let s = server(
        kind,
        Limits {
            trust_proxy: true,
            ..fast_limits()
        },
    )
    .await;
    let total = MAX_LOBBY_TABLES + 5;
    let mut hosts = Vec::new();
    let mut opened = Vec::new();
    for i in 0..total.div_ceil(3) {
        let mut h = Client::join_from(&s.url, "Host", &format!("10.8.0.{}", i + 1)).await;
        for _ in 0..3 {
            if opened.len() < total {
                opened.push(open_table(&mut h, Format::Tripot1).await.unwrap());
            }
        }
        hosts.push(h);
    }
    let mut watcher = Client::join(&s.url, "Watcher").await;
    watcher.send(&ClientMsg::WatchLobby).await;
    let (page, _) = next_lobby(&mut watcher, WAIT).await.unwrap();
    assert_eq!(
        page,
        opened[..MAX_LOBBY_TABLES].to_vec(),
        "the oldest first"
    );
    hosts[0]
        .send(&ClientMsg::CloseTable {
            table: opened[0].id.clone(),
        })
        .await;
    let (page, _) = next_lobby(&mut watcher, WAIT).await.unwrap();
    assert_eq!(page, opened[1..=MAX_LOBBY_TABLES].to_vec());
}

/// With Redis, the tables of one address are counted across instances (the store checks them
/// as it adds a table).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_per_address_are_counted_across_instances() {
    let redis = RedisServer::start();
    let limits = Limits {
        tables_per_addr: 2,
        trust_proxy: true,
        ..fast_limits()
    };
    let a = instance(Some(&redis.url), limits.clone()).await;
    let b = instance(Some(&redis.url), limits).await;
    let mut ann = Client::join_from(&a.ws_url(), "Ann", "10.9.0.1").await;
    let mut bob = Client::join_from(&b.ws_url(), "Bob", "10.9.0.1").await;
    open_table(&mut ann, Format::Tripot1).await.unwrap();
    open_table(&mut bob, Format::Tripot1).await.unwrap();
    assert_eq!(
        open_table(&mut ann, Format::Tripot1).await.unwrap_err().0,
        ErrorCode::TooManyTables
    );
    assert_eq!(
        open_table(&mut bob, Format::Tripot1).await.unwrap_err().0,
        ErrorCode::TooManyTables
    );
}
