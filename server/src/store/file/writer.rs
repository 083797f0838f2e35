//! The writer thread: one transaction per batch of queued jobs, then every waiter is told; after
//! a failed write, the file is opened again (with a back-off) until writing works.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use parking_lot::Mutex;
use redb::Database;

use super::backend::Faults;
use super::{check, tables, Job, Op};

/// At most this many queued jobs go into one transaction.
const MAX_BATCH: usize = 1024;
/// The first wait before the file is opened again after a failure; it doubles up to
/// [`REOPEN_MAX`].
const REOPEN_FIRST: Duration = Duration::from_millis(500);
const REOPEN_MAX: Duration = Duration::from_secs(5);
/// At most this many housekeeping ops are kept for after a failure (the oldest go first).
const MAX_KEPT_OPS: usize = 100_000;

/// Whether the file's writes fail now (shared with the store, for `/health`).
#[derive(Default)]
pub(crate) struct Health {
    error: Mutex<Option<String>>,
}

impl Health {
    /// The error of the last write, while writes fail.
    pub(crate) fn failing(&self) -> Option<String> {
        self.error.lock().clone()
    }
}

/// The thread that owns the file.
pub(super) struct Writer {
    path: PathBuf,
    faults: Faults,
    /// `None` after a failure, until it is opened again.
    db: Option<Database>,
    health: std::sync::Arc<Health>,
    /// Housekeeping of failed transactions, oldest first: written before anything newer.
    kept: VecDeque<Op>,
    /// When the file may be opened again, and the wait after that.
    next_open: Instant,
    backoff: Duration,
}

impl Writer {
    pub(super) fn new(
        path: &Path,
        faults: Faults,
        db: Database,
        health: std::sync::Arc<Health>,
    ) -> Writer {
        Writer {
            path: path.to_owned(),
            faults,
            db: Some(db),
            health,
            kept: VecDeque::new(),
            next_open: Instant::now(),
            backoff: REOPEN_FIRST,
        }
    }

    /// Runs until every sender is gone and the queue is empty.
    pub(super) fn run(mut self, jobs: &mpsc::Receiver<Job>) {
        loop {
            let first = if self.health.failing().is_some() {
                // While failing, wake up to try again even if nothing is queued.
                let wait = self.next_open.saturating_duration_since(Instant::now());
                match jobs.recv_timeout(wait.max(Duration::from_millis(10))) {
                    Ok(job) => Some(job),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            } else {
                match jobs.recv() {
                    Ok(job) => Some(job),
                    Err(_) => break,
                }
            };
            let mut batch: Vec<Job> = first.into_iter().collect();
            while !batch.is_empty() && batch.len() < MAX_BATCH {
                match jobs.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
                }
            }
            let result = self.commit(&batch);
            for job in batch {
                match job.done {
                    Some(done) => {
                        let _ = done.send(result.clone());
                    }
                    None if result.is_err() => self.keep(job.ops),
                    None => {}
                }
            }
        }
        // Leaving: one last try for housekeeping kept from a failure.
        if !self.kept.is_empty() {
            self.next_open = Instant::now();
            let _ = self.commit(&[]);
        }
    }

    /// Keeps housekeeping ops of a failed transaction for the next one.
    fn keep(&mut self, ops: Vec<Op>) {
        self.kept.extend(ops);
        let over = self.kept.len().saturating_sub(MAX_KEPT_OPS);
        if over > 0 {
            self.kept.drain(..over);
            tracing::warn!(file = %self.path.display(), dropped = over,
                "store housekeeping dropped while writes fail (the oldest)");
        }
    }

    /// Writes the kept housekeeping and `batch` in one transaction (a probe when there is
    /// nothing to write), opening the file again first after a failure.
    fn commit(&mut self, batch: &[Job]) -> Result<(), String> {
        if self.db.is_none() {
            if let Some(e) = self.health.failing() {
                if Instant::now() < self.next_open {
                    return Err(e);
                }
            }
            match check::verify(&self.path)
                .map_err(|e| match e {
                    check::Unusable::Busy(w) | check::Unusable::Damaged(w) => w,
                })
                .and_then(|()| {
                    check::open_for_writing(&self.path, &self.faults, false)
                        .map_err(|e| e.to_string())
                }) {
                Ok(db) => self.db = Some(db),
                Err(e) => return Err(self.failed(format!("cannot open it again: {e}"))),
            }
        }
        let Some(db) = self.db.as_ref() else {
            return Err(self.failed("not open".into()));
        };
        let probe = [Op::Probe];
        let extra: &[Op] = if batch.is_empty() && self.kept.is_empty() {
            &probe
        } else {
            &[]
        };
        let ops = self
            .kept
            .iter()
            .chain(batch.iter().flat_map(|job| &job.ops))
            .chain(extra);
        // A panic inside redb is a failed write too (the thread goes on, `/health` says so).
        let written = check::quietly(|| tables::write_ops(db, ops).map_err(|e| e.to_string()))
            .unwrap_or_else(|_| Err("redb failed writing it (a panic)".into()));
        match written {
            Ok(()) => {
                self.kept.clear();
                self.backoff = REOPEN_FIRST;
                if self.health.error.lock().take().is_some() {
                    tracing::warn!(file = %self.path.display(), "the data file takes writes again");
                }
                Ok(())
            }
            Err(e) => {
                // redb refuses every write after a failed one until the file is opened again.
                if let Some(db) = self.db.take() {
                    let _ = check::quietly(move || drop(db));
                }
                Err(self.failed(e))
            }
        }
    }

    /// Notes a failure: `/health` says so, the next attempt waits.
    fn failed(&mut self, error: String) -> String {
        let first = self.health.error.lock().replace(error.clone()).is_none();
        if first {
            tracing::error!(file = %self.path.display(), error = %error,
                "store write failed: changes are refused until the data file takes writes again");
        }
        self.next_open = Instant::now() + self.backoff;
        self.backoff = (self.backoff * 2).min(REOPEN_MAX);
        error
    }
}
