//! The first use of the core on a thread with a small stack (iOS background threads have
//! 512 KiB) must not overflow it: the rule tables are built on the heap.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly by design

use chinese_checkers_core::rules::{Position, Rules};

#[test]
fn first_use_fits_in_a_256_kib_stack() {
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let p = Position::start_tripot(Rules::default(), 3).unwrap();
            p.legal_moves().len()
        })
        .unwrap();
    assert_eq!(worker.join().unwrap(), 42);
}
