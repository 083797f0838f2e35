//! The command connection, replaced when it breaks.

use std::sync::Arc;
use std::time::{Duration, Instant};

use parking_lot::Mutex;
use redis::aio::{ConnectionLike, MultiplexedConnection};
use redis::{Cmd, Pipeline, RedisError, RedisFuture, Value};

use crate::store::StoreError;

/// Delay before the `failures`-th retry of a lost connection: 50 ms doubling up to 1 s.
pub(super) fn backoff(failures: u32) -> Duration {
    Duration::from_millis(50u64 << failures.min(5)).min(Duration::from_secs(1))
}

/// The command connection: one multiplexed connection, replaced when it breaks (Redis restarted
/// or unreachable). While Redis is down, commands fail fast and new connections are tried with
/// backoff; the first command after Redis is back reconnects.
pub(super) struct Link {
    client: redis::Client,
    current: Mutex<Option<(u64, MultiplexedConnection)>>,
    dial: tokio::sync::Mutex<Dial>,
}

#[derive(Default)]
struct Dial {
    generation: u64,
    failures: u32,
    next_try: Option<Instant>,
}

/// Timeouts of a command connection. The client's default 500 ms answer timeout turned a
/// briefly saturated machine (3,000 games on two shared cores) into thousands of `internal`
/// errors; a dead Redis is noticed by the broken connection (and `/health`'s 2 s ping) anyway.
pub(super) fn connection_config() -> redis::AsyncConnectionConfig {
    redis::AsyncConnectionConfig::new()
        .set_connection_timeout(Some(Duration::from_secs(2)))
        .set_response_timeout(Some(Duration::from_secs(5)))
}

impl Link {
    /// A link that starts with `conn`, opened from `client`.
    pub(super) fn new(client: redis::Client, conn: MultiplexedConnection) -> Link {
        Link {
            client,
            current: Mutex::new(Some((0, conn))),
            dial: tokio::sync::Mutex::default(),
        }
    }

    /// A connection to use now, reconnecting if the last one broke.
    pub(super) async fn get(self: &Arc<Self>) -> Result<LinkConn, StoreError> {
        let wrap = |(generation, conn): (u64, MultiplexedConnection)| LinkConn {
            link: self.clone(),
            generation,
            conn,
        };
        if let Some(c) = self.current.lock().clone() {
            return Ok(wrap(c));
        }
        let mut dial = self.dial.lock().await;
        if let Some(c) = self.current.lock().clone() {
            return Ok(wrap(c));
        }
        if dial.next_try.is_some_and(|t| Instant::now() < t) {
            return Err(StoreError::Unavailable(
                "redis is unreachable; reconnecting".into(),
            ));
        }
        match self
            .client
            .get_multiplexed_async_connection_with_config(&connection_config())
            .await
        {
            Ok(conn) => {
                if dial.failures > 0 {
                    tracing::info!("redis reconnected");
                }
                dial.generation += 1;
                dial.failures = 0;
                dial.next_try = None;
                let c = (dial.generation, conn);
                *self.current.lock() = Some(c.clone());
                Ok(wrap(c))
            }
            Err(e) => {
                dial.next_try = Some(Instant::now() + backoff(dial.failures));
                dial.failures = dial.failures.saturating_add(1);
                Err(e.into())
            }
        }
    }

    /// A command on connection `generation` failed: drop the connection if it is broken.
    pub(super) fn failed(&self, generation: u64, e: &RedisError) {
        if !(e.is_unrecoverable_error() || e.is_connection_dropped() || e.is_io_error()) {
            return;
        }
        let mut current = self.current.lock();
        if current.as_ref().is_some_and(|(g, _)| *g == generation) {
            tracing::warn!(error = %e, "redis connection lost; reconnecting");
            *current = None;
        }
    }
}

/// A connection of a [`Link`]: reports failures to it, so a broken one is replaced.
#[derive(Clone)]
pub(super) struct LinkConn {
    link: Arc<Link>,
    generation: u64,
    conn: MultiplexedConnection,
}

impl ConnectionLike for LinkConn {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        Box::pin(async move {
            let r = self.conn.req_packed_command(cmd).await;
            if let Err(e) = &r {
                self.link.failed(self.generation, e);
            }
            r
        })
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        Box::pin(async move {
            let r = self.conn.req_packed_commands(pipeline, offset, count).await;
            if let Err(e) = &r {
                self.link.failed(self.generation, e);
            }
            r
        })
    }

    fn get_db(&self) -> i64 {
        self.conn.get_db()
    }
}
