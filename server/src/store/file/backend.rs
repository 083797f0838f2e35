//! The data file's storage under redb: the file itself behind a fault switch (so that a test can
//! make every write fail as a full disk does, through redb's real commit path), and a
//! copy-on-write view of a file that redb may open, check and repair in memory while the file
//! itself is only ever read.

use std::collections::HashMap;
use std::fs::File;
use std::io;
use std::ops::Bound;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use parking_lot::Mutex;
use redb::backends::FileBackend;
use redb::{BackendError, StorageBackend};

/// A switch that makes the data file's writes fail, as a full disk makes them (`ENOSPC`). Off
/// unless a test turns it on ([`crate::RunningServer::fail_storage_writes`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Faults(Arc<AtomicBool>);

impl Faults {
    /// Turns the failing writes on or off.
    pub(crate) fn set(&self, failing: bool) {
        self.0.store(failing, Ordering::SeqCst);
    }

    fn check(&self) -> io::Result<()> {
        if self.0.load(Ordering::SeqCst) {
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "No space left on device (os error 28, injected by a test)",
            ));
        }
        Ok(())
    }
}

/// Passes redb's locking through to the file (the same locks as a plain open).
macro_rules! delegate_locks {
    ($field:ident) => {
        fn try_lock_range(&self, s: Bound<u64>, e: Bound<u64>) -> Result<bool, BackendError> {
            self.$field.try_lock_range(s, e)
        }
        fn try_lock_shared_range(
            &self,
            s: Bound<u64>,
            e: Bound<u64>,
        ) -> Result<bool, BackendError> {
            self.$field.try_lock_shared_range(s, e)
        }
        fn lock_range(&self, s: Bound<u64>, e: Bound<u64>) -> Result<(), BackendError> {
            self.$field.lock_range(s, e)
        }
        fn lock_shared_range(&self, s: Bound<u64>, e: Bound<u64>) -> Result<(), BackendError> {
            self.$field.lock_shared_range(s, e)
        }
        fn unlock_range(&self, s: Bound<u64>, e: Bound<u64>) -> Result<(), BackendError> {
            self.$field.unlock_range(s, e)
        }
        fn query_lock_range(&self, s: Bound<u64>, e: Bound<u64>) -> Result<bool, BackendError> {
            self.$field.query_lock_range(s, e)
        }
    };
}

/// The data file as redb writes it, with the fault switch in front of every write.
#[derive(Debug)]
pub(crate) struct Switched {
    file: FileBackend,
    faults: Faults,
}

impl Switched {
    pub(crate) fn new(file: File, faults: Faults) -> Result<Self, redb::DatabaseError> {
        Ok(Switched {
            file: FileBackend::new(file)?,
            faults,
        })
    }
}

impl StorageBackend for Switched {
    fn len(&self) -> io::Result<u64> {
        self.file.len()
    }
    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        self.file.read(offset, out)
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        self.faults.check()?;
        self.file.set_len(len)
    }
    fn sync_data(&self) -> io::Result<()> {
        self.faults.check()?;
        self.file.sync_data()
    }
    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.faults.check()?;
        self.file.write(offset, data)
    }
    fn close(&self) -> io::Result<()> {
        self.file.close()
    }
    delegate_locks!(file);
}

/// Overlay pages: the unit in which writes are kept (redb's page size).
const PAGE: u64 = 4096;

/// A copy-on-write view of a file: reads see the file as changed by the writes made through the
/// view, which are kept in memory; the file itself is only read. redb can open, check and repair
/// a database through it without the file ever changing.
#[derive(Debug)]
pub(crate) struct Overlay {
    file: FileBackend,
    state: Mutex<OverlayState>,
}

#[derive(Debug)]
struct OverlayState {
    /// The view's length.
    len: u64,
    /// The file's bytes at and beyond this offset were cut off by a `set_len` (they read as
    /// zeros unless written again).
    visible: u64,
    /// Pages written through the view, by page number.
    pages: HashMap<u64, Box<[u8]>>,
}

impl Overlay {
    /// A view of `file` (opened for reading and writing only so that redb's locks are the
    /// same as a writer's: nothing is ever written through it).
    pub(crate) fn new(file: File) -> Result<Self, redb::DatabaseError> {
        let file = FileBackend::new(file)?;
        let len = file.len()?;
        Ok(Overlay {
            file,
            state: Mutex::new(OverlayState {
                len,
                visible: len,
                pages: HashMap::new(),
            }),
        })
    }

    /// Reads the file's own bytes of page `n` as the view sees them (zeros where cut off).
    fn base_page(&self, state: &OverlayState, n: u64) -> io::Result<Box<[u8]>> {
        let mut page = vec![0u8; PAGE as usize].into_boxed_slice();
        let start = n * PAGE;
        let end = (start + PAGE).min(state.visible);
        if end > start {
            self.file.read(start, &mut page[..(end - start) as usize])?;
        }
        Ok(page)
    }
}

impl StorageBackend for Overlay {
    fn len(&self) -> io::Result<u64> {
        Ok(self.state.lock().len)
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        let state = self.state.lock();
        let end = offset
            .checked_add(out.len() as u64)
            .filter(|&end| end <= state.len)
            .ok_or_else(|| io::Error::from(io::ErrorKind::UnexpectedEof))?;
        let mut at = offset;
        while at < end {
            let n = at / PAGE;
            let within = (at - n * PAGE) as usize;
            let take = ((PAGE - within as u64).min(end - at)) as usize;
            let dst = &mut out[(at - offset) as usize..][..take];
            match state.pages.get(&n) {
                Some(page) => dst.copy_from_slice(&page[within..within + take]),
                None => {
                    let visible_end = state.visible.min(at + take as u64);
                    let from_file = visible_end.saturating_sub(at) as usize;
                    if from_file > 0 {
                        self.file.read(at, &mut dst[..from_file])?;
                    }
                    dst[from_file..].fill(0);
                }
            }
            at += take as u64;
        }
        Ok(())
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        let mut state = self.state.lock();
        if len < state.len {
            state.visible = state.visible.min(len);
            let first_gone = len.div_ceil(PAGE);
            state.pages.retain(|&n, _| n < first_gone);
            // The part of the last page beyond the new end reads as zeros if it grows again.
            let n = len / PAGE;
            let within = (len - n * PAGE) as usize;
            if within > 0 {
                if let Some(page) = state.pages.get_mut(&n) {
                    page[within..].fill(0);
                }
            }
        }
        state.len = len;
        Ok(())
    }

    fn sync_data(&self) -> io::Result<()> {
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        let mut state = self.state.lock();
        let end = offset + data.len() as u64;
        let mut at = offset;
        while at < end {
            let n = at / PAGE;
            let within = (at - n * PAGE) as usize;
            let take = ((PAGE - within as u64).min(end - at)) as usize;
            if !state.pages.contains_key(&n) {
                let page = self.base_page(&state, n)?;
                state.pages.insert(n, page);
            }
            if let Some(page) = state.pages.get_mut(&n) {
                page[within..within + take]
                    .copy_from_slice(&data[(at - offset) as usize..][..take]);
            }
            at += take as u64;
        }
        state.len = state.len.max(end);
        Ok(())
    }

    fn close(&self) -> io::Result<()> {
        self.file.close()
    }

    delegate_locks!(file);
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn the_overlay_reads_its_writes_and_never_changes_the_file() {
        let dir = std::env::temp_dir().join(format!("cc-overlay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f");
        let original: Vec<u8> = (0..3 * PAGE + 100).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &original).unwrap();
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
            .unwrap();
        let view = Overlay::new(file).unwrap();
        view.write(PAGE - 2, &[9, 9, 9, 9]).unwrap();
        let mut got = vec![0u8; 8];
        view.read(PAGE - 4, &mut got).unwrap();
        let want = [
            original[PAGE as usize - 4],
            original[PAGE as usize - 3],
            9,
            9,
            9,
            9,
            original[PAGE as usize + 2],
            original[PAGE as usize + 3],
        ];
        assert_eq!(got, want);
        // Cut, then grown again: the cut part reads as zeros, the rest as before.
        view.set_len(PAGE + 10).unwrap();
        view.set_len(4 * PAGE).unwrap();
        let mut tail = vec![1u8; 20];
        view.read(PAGE + 5, &mut tail).unwrap();
        assert_eq!(&tail[..5], &original[PAGE as usize + 5..PAGE as usize + 10]);
        assert!(tail[5..].iter().all(|&b| b == 0));
        view.write(4 * PAGE + 1, &[7]).unwrap();
        assert_eq!(view.len().unwrap(), 4 * PAGE + 2);
        let mut past = [0u8; 1];
        assert!(view.read(4 * PAGE + 2, &mut past).is_err());
        assert!(
            std::fs::read(&path).unwrap() == original,
            "the file's bytes differ"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
