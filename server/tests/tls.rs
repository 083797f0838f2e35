//! TLS served by the server itself (`--tls-cert`/`--tls-key`): a certificate for `localhost` is
//! made at test time (rcgen, self-signed), the server listens on 127.0.0.1 with it, and real
//! clients that trust that certificate play over `wss://` and read `/health` over `https://`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;
use std::time::Duration;

use chinese_checkers_core::online::{
    decode_server, encode, new_token, ClientMsg, Format, ServerMsg, PROTOCOL_VERSION,
};
use chinese_checkers_server::{start, Config, RunningServer, ServerError, TlsFiles};
use futures_util::{SinkExt, StreamExt};
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_rustls::client::TlsStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

const WAIT: Duration = Duration::from_secs(10);

/// A self-signed certificate for `localhost` and its key, as PEM files in a fresh directory.
struct Certificate {
    dir: PathBuf,
    files: TlsFiles,
    der: CertificateDer<'static>,
}

impl Certificate {
    fn new(tag: &str) -> Certificate {
        let dir = std::env::temp_dir().join(format!(
            "cc-tls-{tag}-{}-{}",
            std::process::id(),
            new_token()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let made = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()]).unwrap();
        let files = TlsFiles {
            cert: dir.join("cert.pem"),
            key: dir.join("key.pem"),
        };
        std::fs::write(&files.cert, made.cert.pem()).unwrap();
        std::fs::write(&files.key, made.signing_key.serialize_pem()).unwrap();
        Certificate {
            dir,
            files,
            der: made.cert.der().clone(),
        }
    }
}

impl Drop for Certificate {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn tls_server(cert: &Certificate) -> RunningServer {
    start(Config {
        bind: "127.0.0.1:0".parse().unwrap(),
        tls: Some(cert.files.clone()),
        ..Config::default()
    })
    .await
    .expect("the TLS server starts")
}

/// A TLS connection to the server that trusts only `cert`, naming `localhost` (SNI).
async fn tls_connect(server: &RunningServer, cert: &Certificate) -> TlsStream<TcpStream> {
    let config = common::trusting(cert.der.clone());
    let tcp = TcpStream::connect(server.addr()).await.unwrap();
    let name = ServerName::try_from("localhost").unwrap();
    tokio::time::timeout(
        WAIT,
        tokio_rustls::TlsConnector::from(config).connect(name, tcp),
    )
    .await
    .expect("the TLS handshake ends in time")
    .expect("the server's certificate is trusted")
}

type Wss = WebSocketStream<TlsStream<TcpStream>>;

async fn wss_client(server: &RunningServer, cert: &Certificate) -> Wss {
    let url = format!("wss://localhost:{}/ws", server.addr().port());
    let tls = tls_connect(server, cert).await;
    let (ws, _) = tokio_tungstenite::client_async(url, tls)
        .await
        .expect("the WebSocket opens over TLS");
    ws
}

async fn send(ws: &mut Wss, msg: &ClientMsg) {
    ws.send(Message::text(encode(msg))).await.unwrap();
}

async fn recv(ws: &mut Wss) -> ServerMsg {
    loop {
        let frame = tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("the server answers in time")
            .expect("the connection stays open")
            .expect("a frame");
        if let Message::Text(text) = frame {
            return decode_server(text.as_str()).expect("a protocol message");
        }
    }
}

async fn hello(ws: &mut Wss, name: &str) {
    send(
        ws,
        &ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token: new_token(),
            name: name.to_owned(),
        },
    )
    .await;
    match recv(ws).await {
        ServerMsg::Welcome { name: got, .. } => assert_eq!(got, name),
        other => panic!("expected welcome, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_are_welcomed_and_matched_over_wss() {
    let cert = Certificate::new("wss");
    let server = tls_server(&cert).await;
    assert_eq!(
        server.ws_url(),
        format!("wss://{}/ws", server.addr()),
        "a TLS server names its wss:// address"
    );
    let mut ann = wss_client(&server, &cert).await;
    let mut bob = wss_client(&server, &cert).await;
    hello(&mut ann, "Ann").await;
    hello(&mut bob, "Bob").await;
    for ws in [&mut ann, &mut bob] {
        send(
            ws,
            &ClientMsg::QuickMatch {
                format: Some(Format::Tripot1),
            },
        )
        .await;
    }
    let mut games = vec![];
    for ws in [&mut ann, &mut bob] {
        loop {
            if let ServerMsg::Matched { game, .. } = recv(ws).await {
                games.push(game);
                break;
            }
        }
    }
    assert_eq!(games[0], games[1], "both are seated at the same game");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_answers_over_https() {
    let cert = Certificate::new("health");
    let server = tls_server(&cert).await;
    let mut tls = tls_connect(&server, &cert).await;
    tls.write_all(b"GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    tokio::time::timeout(WAIT, tls.read_to_string(&mut answer))
        .await
        .expect("the answer comes in time")
        .ok();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""status":"ok""#), "{answer}");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_ws_client_gets_no_websocket_from_a_tls_server() {
    let cert = Certificate::new("plain");
    let server = tls_server(&cert).await;
    let url = format!("ws://{}/ws", server.addr());
    let opened = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(url))
        .await
        .expect("the attempt ends in time");
    assert!(opened.is_err(), "plain HTTP must not reach the TLS server");
    // The failed handshake does not disturb it.
    let mut ws = wss_client(&server, &cert).await;
    hello(&mut ws, "Ann").await;
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unusable_tls_files_stop_the_server_at_start() {
    let cert = Certificate::new("bad");
    let other = Certificate::new("other");
    let attempt = |files: TlsFiles| {
        start(Config {
            bind: "127.0.0.1:0".parse().unwrap(),
            tls: Some(files),
            ..Config::default()
        })
    };
    let missing = TlsFiles {
        cert: cert.dir.join("missing.pem"),
        key: cert.files.key.clone(),
    };
    match attempt(missing).await {
        Err(ServerError::Tls(why)) => assert!(why.contains("missing.pem"), "{why}"),
        Err(e) => panic!("expected a TLS error, got {e}"),
        Ok(_) => panic!("a missing certificate must stop the server"),
    }
    let swapped = TlsFiles {
        cert: cert.files.key.clone(),
        key: cert.files.cert.clone(),
    };
    assert!(matches!(attempt(swapped).await, Err(ServerError::Tls(_))));
    let mismatched = TlsFiles {
        cert: cert.files.cert.clone(),
        key: other.files.key.clone(),
    };
    match attempt(mismatched).await {
        Err(ServerError::Tls(why)) => assert!(why.contains("do not go together"), "{why}"),
        Err(e) => panic!("expected a TLS error, got {e}"),
        Ok(_) => panic!("a key of another certificate must stop the server"),
    }
}
