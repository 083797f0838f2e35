//! The deployed layout of docs/DEPLOY.md, run on loopback: nginx with the repository's own site
//! file (deploy/nginx/chinese-checkers.conf) and a self-signed certificate, in front of two
//! server instances started with the command line of the repository's systemd unit
//! (deploy/systemd/chinese-checkers-server@.service), on one `redis-server`. Two players meet in
//! a private room through `wss://`; the instance of the first is killed (SIGKILL) mid-game; that
//! player reconnects through the proxy, which sends it to the other instance, and the game goes on
//! to its end with no move lost or doubled. nginx and redis-server must be installed (the test
//! command installs them); the test fails, never skips, without them.

// Scenario code in tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use chinese_checkers_core::online::{new_token, Format};
use common::*;

/// The repository's deploy folder.
fn deploy(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../deploy")
        .join(file)
}

/// A free loopback port (bound, then let go for the process that takes it).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A test's scratch directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("cc-deploy-{}-{}", std::process::id(), new_token()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// An instance started as the systemd unit starts it: its `ExecStart` with `%i` (the port: 0,
/// the system picks a free one) and the Redis URL of this test.
fn instance(redis: &str) -> Process {
    let unit = std::fs::read_to_string(deploy("systemd/chinese-checkers-server@.service"))
        .expect("the systemd unit");
    let exec = unit
        .lines()
        .find_map(|l| l.strip_prefix("ExecStart="))
        .expect("the unit's ExecStart");
    let mut words = exec.split_whitespace();
    assert_eq!(
        words.next(),
        Some("/usr/local/bin/chinese-checkers-server"),
        "the unit runs the installed server"
    );
    let args: Vec<String> = words
        .map(|w| {
            w.replace("%i", "0")
                .replace("redis://127.0.0.1:6379/", redis)
        })
        .chain(["--grace-ms".to_owned(), "5000".to_owned()])
        .collect();
    Process::start_args(&args)
}

/// nginx running the repository's site file on `port` with the test's certificate, its
/// upstreams the two instances' ports; stopped on drop.
struct Nginx(Child);

impl Nginx {
    fn start(dir: &Path, port: u16, upstreams: [u16; 2], cert: &Path, key: &Path) -> Nginx {
        let site = std::fs::read_to_string(deploy("nginx/chinese-checkers.conf"))
            .expect("the nginx site file");
        let mut replaced = site.clone();
        for (from, to) in [
            ("listen 443 ssl;", format!("listen 127.0.0.1:{port} ssl;")),
            (
                "server 127.0.0.1:8081 ",
                format!("server 127.0.0.1:{} ", upstreams[0]),
            ),
            (
                "server 127.0.0.1:8082 ",
                format!("server 127.0.0.1:{} ", upstreams[1]),
            ),
            (
                "/etc/letsencrypt/live/play.example.org/fullchain.pem",
                cert.display().to_string(),
            ),
            (
                "/etc/letsencrypt/live/play.example.org/privkey.pem",
                key.display().to_string(),
            ),
        ] {
            assert!(replaced.contains(from), "the site file has {from:?}");
            replaced = replaced.replace(from, &to);
        }
        std::fs::write(dir.join("site.conf"), replaced).unwrap();
        // What a distribution's nginx.conf gives the site file: the http context. The temporary
        // paths are the test's (world-writable: a root master runs its workers as nobody).
        let temp = dir.join("temp");
        std::fs::create_dir_all(&temp).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&temp, std::fs::Permissions::from_mode(0o777)).unwrap();
        let t = temp.display();
        let main = format!(
            "worker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
             events {{ worker_connections 256; }}\n\
             http {{\n  access_log off;\n  client_body_temp_path {t}/body;\n  \
             proxy_temp_path {t}/proxy;\n  fastcgi_temp_path {t}/fastcgi;\n  \
             uwsgi_temp_path {t}/uwsgi;\n  scgi_temp_path {t}/scgi;\n  \
             include {d}/site.conf;\n}}\n",
            d = dir.display(),
        );
        std::fs::write(dir.join("nginx.conf"), main).unwrap();
        let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"]
            .into_iter()
            .find(|p| Path::new(p).exists())
            .unwrap_or("nginx");
        let nginx = Nginx(
            Command::new(nginx)
                .arg("-p")
                .arg(dir)
                .arg("-c")
                .arg(dir.join("nginx.conf"))
                .args(["-g", "daemon off;"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("nginx is needed for this test (apt-get install -y nginx-light)"),
        );
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return nginx;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let log = std::fs::read_to_string(dir.join("error.log")).unwrap_or_default();
        panic!("nginx did not listen on {port}: {log}");
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A certificate for `localhost` made now, as PEM files, and a client configuration that
/// trusts it alone.
fn certificate(dir: &Path) -> (PathBuf, PathBuf, Arc<rustls::ClientConfig>) {
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()]).unwrap();
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    (cert, key, trusting(made.cert.der().clone()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_game_through_the_proxy_survives_an_instance_killed_mid_game() {
    let scratch = Scratch::new();
    let redis = RedisServer::start();
    let first = instance(&redis.url);
    let second = instance(&redis.url);
    let ports = [first.port(), second.port()];
    let (cert, key, tls) = certificate(&scratch.0);
    let proxy_port = free_port();
    let _nginx = Nginx::start(&scratch.0, proxy_port, ports, &cert, &key);
    let url = format!("wss://localhost:{proxy_port}/ws");

    // Round robin: Ann's connection goes to the first instance, Bob's to the second.
    let mut ann = Client::rejoin_tls(&url, "Ann", &new_token(), tls.clone()).await;
    let mut bob = Client::rejoin_tls(&url, "Bob", &new_token(), tls.clone()).await;
    let code = ann.create_room(Format::Tripot1, false).await;
    bob.send(&chinese_checkers_core::online::ClientMsg::JoinRoom {
        code: code.to_lowercase(),
        rated: false,
    })
    .await;
    let (id, side_ann, _) = ann.matched().await;
    bob.matched().await;
    let ann_first = side_ann == 0;
    let mut p = if ann_first { [ann, bob] } else { [bob, ann] };
    play_moves(&mut p, &id, 8).await;
    let [p0, p1] = p;
    let (mut ann, mut bob) = if ann_first { (p0, p1) } else { (p1, p0) };

    // The first instance dies; the proxy closes Ann's socket.
    first.kill();
    assert!(
        ann.try_recv(Duration::from_secs(5)).await.is_none(),
        "Ann's socket, on the killed instance, closed"
    );
    let bob_to_move = bob.game(&id).my_turn();
    if bob_to_move {
        let mv = greedy(bob.game(&id));
        bob.play(&id, &mv).await;
    }
    // Ann comes back through the same address: the proxy finds the first instance gone and
    // sends her to the other, which resumes her game from Redis.
    let mut saved = ann.games.remove(&id).unwrap();
    let mut ann = Client::rejoin_tls(&url, "Ann", &ann.token, tls.clone()).await;
    assert_eq!(ann.welcome_games, vec![id.clone()]);
    let resume = saved.resume_msg();
    ann.games.insert(id.clone(), saved);
    ann.send(&resume).await;
    let seq = bob.game(&id).last_seq();
    ann.catch_up(&id, seq).await;
    assert_eq!(
        ann.game(&id).record().moves(),
        bob.game(&id).record().moves()
    );

    // On to the end, nothing lost or doubled.
    let mut p = if ann_first { [ann, bob] } else { [bob, ann] };
    play_moves(&mut p, &id, 400).await;
    for c in p.iter_mut() {
        c.expect_end().await;
    }
    assert_eq!(
        p[0].game(&id).record().moves(),
        p[1].game(&id).record().moves()
    );
    assert!(p[0].game(&id).record().result().is_some());
}

/// The container recipe's command line — its `ENTRYPOINT` with its default `CMD` — starts the
/// server (the address and the Redis URL set to this test's), and its image copies the binary the
/// workspace builds.
#[test]
fn the_container_recipe_starts_the_server_with_its_command_line() {
    let recipe = std::fs::read_to_string(deploy("Containerfile")).expect("the container recipe");
    let json = |instruction: &str| -> Vec<String> {
        let line = recipe
            .lines()
            .find_map(|l| l.strip_prefix(instruction))
            .unwrap_or_else(|| panic!("the recipe has {instruction}"));
        serde_json::from_str(line.trim()).expect("the exec form: a JSON array")
    };
    let entry = json("ENTRYPOINT ");
    let cmd = json("CMD ");
    assert_eq!(entry[0], "/usr/local/bin/chinese-checkers-server");
    assert!(
        recipe.contains("cargo build --release --locked -p chinese-checkers-server")
            && recipe.contains(
                "COPY --from=build /src/target/release/chinese-checkers-server /usr/local/bin/chinese-checkers-server"
            ),
        "the image holds the server the workspace builds"
    );
    // The container's port on loopback (the system picks it), its Redis this test's.
    let redis = RedisServer::start();
    let args: Vec<String> = entry[1..]
        .iter()
        .chain(&cmd)
        .map(|a| {
            a.replace("0.0.0.0:8080", "127.0.0.1:0")
                .replace("redis://redis:6379/", &redis.url)
        })
        .collect();
    // Panics, naming the options, unless the server starts with them.
    Process::start_args(&args);
}
