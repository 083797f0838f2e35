//! Opening the data file safely. redb trusts a file it opens: garbage in a page it reads can make
//! it panic ("entered unreachable code"), and an open for writing repairs and commits to the file
//! before anything is read. So the file is first opened, repaired if it needs it (a server that
//! was killed) and checked page by page (every page's checksum) through a copy-on-write view
//! ([`Overlay`]) that never writes to it; only a sound file is then opened for writing. A damaged
//! file stops the start with a message naming it and the ways out, unchanged; `--repair` keeps a
//! copy of it and rebuilds it from whatever can still be read.
//!
//! Which files are accepted: a path with no file is a new data file (created); an empty file
//! (0 bytes, what a failed copy or a truncation leaves) is refused unless the server is told it
//! may start with no games (`--init-data`); anything else must be a sound redb file.

use std::cell::Cell;
use std::fs::OpenOptions;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Once;

use redb::{
    Builder, Database, Key, ReadableDatabase, ReadableTable, TableDefinition, TableError, Value,
};

use super::backend::{Faults, Overlay, Switched};
use super::{file_error, ARCHIVE, EVENTS, GAMES, META, RATED, RATINGS, ROOMS};
use crate::store::StoreError;

/// The page cache of a check (the writer's own cache is redb's default).
const CHECK_CACHE: usize = 32 << 20;

/// What a panic inside redb said.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    let msg = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into());
    format!("redb could not read it: {msg}")
}

thread_local! {
    /// Whether a panic on this thread is one [`quietly`] expects (not printed).
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, catching a panic without printing it: redb reading a damaged file is expected to
/// panic, and the refusal that follows says what happened. (The process's panic hook is
/// wrapped once; panics elsewhere print as before.)
pub(super) fn quietly<T>(f: impl FnOnce() -> T) -> std::thread::Result<T> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    result
}

/// Closes a database of a view (redb's close may read the damaged pages too).
fn discard(db: Database) {
    let _ = quietly(move || drop(db));
}

/// Runs `f`, turning a panic into an error.
fn guarded<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    quietly(f).unwrap_or_else(|p| Err(panic_text(p.as_ref())))
}

/// Why a data file cannot be used as it is.
#[derive(Debug)]
pub(super) enum Unusable {
    /// Another server has it open (or it cannot be read at all): nothing to repair.
    Busy(String),
    /// Its contents are damaged.
    Damaged(String),
}

/// The header's "god byte" and its flag that makes redb rebuild its allocator state from the
/// trees on open (redb's file format 3; used only on a copy-on-write view, to salvage a file
/// whose saved allocator state is what is damaged).
const GOD_BYTE_OFFSET: u64 = 9;
const RECOVERY_REQUIRED: u8 = 2;

/// Opens `path` through a copy-on-write view: redb's repair of a file left by a killed server
/// happens in memory, and nothing is written to the file.
fn open_view(path: &Path) -> Result<Database, Unusable> {
    open_view_with(path, false)
}

/// [`open_view`], with `rebuild`: as if the file needed redb's crash repair.
fn open_view_with(path: &Path, rebuild: bool) -> Result<Database, Unusable> {
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .map_err(|e| Unusable::Busy(e.to_string()))?;
    let view = Overlay::new(file).map_err(|e| Unusable::Busy(e.to_string()))?;
    if rebuild {
        use redb::StorageBackend;
        let mut god = [0u8];
        view.read(GOD_BYTE_OFFSET, &mut god)
            .and_then(|()| view.write(GOD_BYTE_OFFSET, &[god[0] | RECOVERY_REQUIRED]))
            .map_err(|e| Unusable::Damaged(e.to_string()))?;
    }
    let opened = quietly(|| {
        Builder::new()
            .set_cache_size(CHECK_CACHE)
            .create_with_backend(view)
    });
    match opened {
        Ok(Ok(db)) => Ok(db),
        Ok(Err(redb::DatabaseError::DatabaseAlreadyOpen)) => Err(Unusable::Busy(
            "another server has it open (one server per data file)".into(),
        )),
        Ok(Err(e)) => Err(Unusable::Damaged(e.to_string())),
        Err(p) => Err(Unusable::Damaged(panic_text(p.as_ref()))),
    }
}

/// Checks a data file without changing it: it opens (repaired in memory if a killed server
/// left it so), and every page of its committed state has the checksum it was written with.
pub(super) fn verify(path: &Path) -> Result<(), Unusable> {
    let mut db = open_view(path)?;
    let checked = quietly(|| db.check_integrity());
    discard(db);
    match checked {
        Ok(Ok(true)) => Ok(()),
        // redb could only make it consistent by changing it (rolling the last commit back).
        Ok(Ok(false)) => Err(Unusable::Damaged(
            "its last transaction is damaged (redb would roll it back)".into(),
        )),
        Ok(Err(e)) => Err(Unusable::Damaged(e.to_string())),
        Err(p) => Err(Unusable::Damaged(panic_text(p.as_ref()))),
    }
}

/// Opens a checked file (or creates a new one with `create`) for writing, through the fault
/// switch. redb's own crash repair, if the file needs it, happens here: it succeeded on the
/// view already.
pub(super) fn open_for_writing(
    path: &Path,
    faults: &Faults,
    create: bool,
) -> Result<Database, StoreError> {
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(create)
        .truncate(false)
        .open(path)
        .map_err(|e| file_error(path, e))?;
    let backend = Switched::new(file, faults.clone()).map_err(|e| file_error(path, e))?;
    match quietly(|| Builder::new().create_with_backend(backend)) {
        Ok(Ok(db)) => Ok(db),
        Ok(Err(redb::DatabaseError::DatabaseAlreadyOpen)) => Err(file_error(
            path,
            "another server has it open (one server per data file)",
        )),
        Ok(Err(e)) => Err(file_error(path, e)),
        Err(p) => Err(file_error(path, panic_text(p.as_ref()))),
    }
}

/// The data file as found at start.
pub(super) enum Found {
    /// No file: a new data file.
    New,
    /// An empty file.
    Empty,
    /// A file with something in it.
    Existing,
}

/// What is at `path`.
pub(super) fn inspect(path: &Path) -> Result<Found, StoreError> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Found::New),
        Err(e) => Err(file_error(path, e)),
        Ok(m) if !m.is_file() => Err(file_error(path, "not a regular file")),
        Ok(m) if m.len() == 0 => Ok(Found::Empty),
        Ok(_) => Ok(Found::Existing),
    }
}

/// The refusal of an empty file.
pub(super) fn empty_refused(path: &Path) -> StoreError {
    file_error(
        path,
        "is an empty file (0 bytes), not a data file; the server did not start. If this is a \
         new server, delete the file or start with --init-data to use it; if it held games, \
         restore it from a backup (a failed copy or a truncation leaves an empty file)",
    )
}

/// The refusal of a damaged file, with the ways out.
pub(super) fn damaged_refused(path: &Path, why: &str) -> StoreError {
    let p = path.display();
    file_error(
        path,
        format!(
            "is damaged ({why}); the server did not start and did not change the file. To \
             recover: stop anything else using it and keep a copy (cp {p} {p}.bak); then \
             either put back your latest backup, or start once with --repair, which first \
             copies the damaged file to {p}.damaged-<time> and then keeps every game, rating, \
             room and finished game that can still be read (what cannot is named in the log)"
        ),
    )
}

/// Where the damaged original is kept.
fn aside_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".damaged-{}", crate::store::now_ms()));
    PathBuf::from(name)
}

/// `--repair`: copies the damaged file aside (synced), reads what can be read from it through
/// the copy-on-write view into a new file, and puts that in its place. Returns what was kept
/// and lost, and where the original is.
pub(super) fn repair(path: &Path) -> Result<String, StoreError> {
    let aside = aside_path(path);
    let keep = || -> std::io::Result<()> {
        std::fs::copy(path, &aside)?;
        std::fs::File::open(&aside)?.sync_all()
    };
    if let Err(e) = keep() {
        let _ = std::fs::remove_file(&aside);
        return Err(file_error(
            path,
            format!(
                "cannot keep a copy of the damaged file at {} ({e}); nothing was changed",
                aside.display()
            ),
        ));
    }
    let mut rebuilt = path.as_os_str().to_owned();
    rebuilt.push(".repairing");
    let rebuilt = PathBuf::from(rebuilt);
    let _ = std::fs::remove_file(&rebuilt);
    let report = salvage(path, &rebuilt).map_err(|e| {
        let _ = std::fs::remove_file(&rebuilt);
        file_error(
            path,
            format!(
                "{e}; the file was left as it was (its copy is {})",
                aside.display()
            ),
        )
    })?;
    let replaced = std::fs::rename(&rebuilt, path).and_then(|()| {
        // The rename itself is durable once the directory is synced.
        match path.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(dir) => std::fs::File::open(dir)?.sync_all(),
            None => std::fs::File::open(".")?.sync_all(),
        }
    });
    replaced
        .map_err(|e| file_error(path, format!("cannot put the repaired file in place: {e}")))?;
    Ok(format!(
        "{report}; the damaged original is kept as {}",
        aside.display()
    ))
}

/// What a salvage could read of one table.
struct Copied {
    name: &'static str,
    rows: usize,
    /// Why it stopped early, if it did.
    cut: Option<String>,
}

/// Copies every row of `def` that reads back from `src` into `dst` (stopping at the first that
/// does not).
fn copy_table<K: Key + 'static, V: Value + 'static>(
    src: &Database,
    dst: &redb::WriteTransaction,
    def: TableDefinition<K, V>,
    name: &'static str,
) -> Copied {
    let mut rows = 0;
    let result = guarded(|| {
        let txn = src.begin_read().map_err(|e| e.to_string())?;
        let table = match txn.open_table(def) {
            Ok(t) => t,
            Err(TableError::TableDoesNotExist(_)) => return Ok(()),
            Err(e) => return Err(e.to_string()),
        };
        let mut out = dst.open_table(def).map_err(|e| e.to_string())?;
        for row in table.iter().map_err(|e| e.to_string())? {
            let (k, v) = row.map_err(|e| e.to_string())?;
            out.insert(k.value(), v.value())
                .map_err(|e| e.to_string())?;
            rows += 1;
        }
        Ok(())
    });
    Copied {
        name,
        rows,
        cut: result.err(),
    }
}

/// Copies each game's events (game by game, so that a damaged page costs only the games on it).
fn copy_events(src: &Database, dst: &redb::WriteTransaction) -> (Copied, Vec<String>) {
    let ids = guarded(|| {
        let txn = dst.open_table(GAMES).map_err(|e| e.to_string())?;
        let mut ids = Vec::new();
        for row in txn.iter().map_err(|e| e.to_string())? {
            let (k, _) = row.map_err(|e| e.to_string())?;
            ids.push(k.value().to_owned());
        }
        Ok(ids)
    })
    .unwrap_or_default();
    let mut rows = 0;
    let mut lost = Vec::new();
    for id in ids {
        let mut these = Vec::new();
        let read = guarded(|| {
            let txn = src.begin_read().map_err(|e| e.to_string())?;
            let table = txn.open_table(EVENTS).map_err(|e| e.to_string())?;
            for row in table
                .range((id.as_str(), 0)..=(id.as_str(), u64::MAX))
                .map_err(|e| e.to_string())?
            {
                let (k, v) = row.map_err(|e| e.to_string())?;
                these.push((k.value().1, v.value().to_owned()));
            }
            Ok(())
        });
        let written = read.and_then(|()| {
            let mut out = dst.open_table(EVENTS).map_err(|e| e.to_string())?;
            for (seq, event) in &these {
                out.insert((id.as_str(), *seq), event.as_str())
                    .map_err(|e| e.to_string())?;
            }
            Ok(())
        });
        match written {
            Ok(()) => rows += these.len(),
            Err(_) => lost.push(id),
        }
    }
    let cut = (!lost.is_empty()).then(|| format!("the events of {} games", lost.len()));
    (
        Copied {
            name: "events",
            rows,
            cut,
        },
        lost,
    )
}

/// The best view of a damaged file to read from: one redb can check (as it is, or with its
/// allocator state rebuilt), else one that merely opens.
fn source(path: &Path) -> Result<Database, String> {
    let mut why = String::new();
    for (rebuild, checked) in [(false, true), (true, true), (false, false), (true, false)] {
        match open_view_with(path, rebuild) {
            Ok(mut db) => {
                if !checked || matches!(quietly(|| db.check_integrity()), Ok(Ok(_))) {
                    return Ok(db);
                }
                discard(db);
            }
            Err(Unusable::Busy(w)) => return Err(format!("cannot read it ({w})")),
            Err(Unusable::Damaged(w)) => why = w,
        }
    }
    Err(format!("nothing can be read from it ({why})"))
}

/// Reads what can be read of `path` (through the view) into a new database at `out`.
fn salvage(path: &Path, out: &Path) -> Result<String, String> {
    let src = source(path)?;
    let dst = Database::create(out).map_err(|e| e.to_string())?;
    let txn = dst.begin_write().map_err(|e| e.to_string())?;
    let mut copied = vec![copy_table(&src, &txn, GAMES, "games")];
    let (events, lost_games) = copy_events(&src, &txn);
    copied.push(events);
    // A game without all its events is dropped: it would not replay.
    if !lost_games.is_empty() {
        let dropped = guarded(|| {
            let mut games = txn.open_table(GAMES).map_err(|e| e.to_string())?;
            let mut events = txn.open_table(EVENTS).map_err(|e| e.to_string())?;
            for id in &lost_games {
                games.remove(id.as_str()).map_err(|e| e.to_string())?;
                events
                    .retain_in((id.as_str(), 0)..=(id.as_str(), u64::MAX), |_, _| false)
                    .map_err(|e| e.to_string())?;
            }
            Ok(())
        });
        if let Err(e) = dropped {
            return Err(format!("cannot drop the games whose events were lost: {e}"));
        }
        if let Some(games) = copied.first_mut() {
            games.rows = games.rows.saturating_sub(lost_games.len());
        }
    }
    copied.push(copy_table(&src, &txn, ROOMS, "rooms"));
    copied.push(copy_table(&src, &txn, RATINGS, "ratings"));
    copied.push(copy_table(&src, &txn, RATED, "rated"));
    copied.push(copy_table(&src, &txn, ARCHIVE, "archive"));
    copied.push(copy_table(&src, &txn, META, "meta"));
    discard(src);
    txn.commit().map_err(|e| e.to_string())?;
    drop(dst);
    std::fs::File::open(out)
        .and_then(|f| f.sync_all())
        .map_err(|e| e.to_string())?;
    if copied.iter().all(|c| c.rows == 0) {
        return Err("nothing could be read from it".into());
    }
    let kept: Vec<String> = copied
        .iter()
        .map(|c| format!("{} {}", c.rows, c.name))
        .collect();
    let lost: Vec<String> = copied
        .iter()
        .filter_map(|c| c.cut.as_ref().map(|why| format!("{}: {why}", c.name)))
        .collect();
    let mut report = format!("kept {}", kept.join(", "));
    if lost.is_empty() {
        report.push_str("; nothing was unreadable");
    } else {
        report.push_str(&format!("; unreadable, dropped: {}", lost.join("; ")));
    }
    Ok(report)
}
