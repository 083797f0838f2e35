//! What the memory backend answers to the calls that only matter across instances (presence,
//! completing endings, the Redis cache): what one process always may answer — everyone
//! present, nothing left to complete, nothing to bound — and which backend it is.

use std::time::Duration;

use crate::store::StoreError;

use super::MemoryStore;

impl MemoryStore {
    /// `file` with a data file, else `memory`.
    pub(super) fn kind(&self) -> &'static str {
        if self.is_durable() {
            "file"
        } else {
            "memory"
        }
    }

    /// Ready unless the data file's writes fail now.
    pub(super) async fn ready(&self) -> bool {
        self.storage_failing().is_none()
    }

    /// One process: a connection's presence is its listening to its channel, no heartbeats.
    pub(super) fn needs_presence(&self) -> bool {
        false
    }

    /// Nothing to renew (see [`MemoryStore::needs_presence`]).
    pub(super) async fn touch_presence(
        &self,
        _id: &str,
        _side: u8,
        _ttl_ms: u64,
    ) -> Result<(), StoreError> {
        Ok(())
    }

    /// Every peer present (see [`MemoryStore::needs_presence`]).
    pub(super) async fn pulse(
        &self,
        _id: &str,
        _side: u8,
        peers: &[u8],
        _ttl_ms: u64,
    ) -> Result<Vec<bool>, StoreError> {
        Ok(vec![true; peers.len()])
    }

    /// Nothing to complete: a game's end, ratings and archive entry are one change.
    pub(super) async fn complete_endings(
        &self,
        _now: u64,
        _settle_ms: u64,
    ) -> Result<usize, StoreError> {
        Ok(0)
    }

    /// A game's end is always completed where it is stored.
    pub(super) fn set_finish_inline(&self, _inline: bool) {}

    /// Finished games are kept `FINISHED_KEEP` here.
    pub(super) fn set_finished_ttl(&self, _ttl: Duration) {}

    /// No cache of another instance's games to bound.
    pub(super) fn set_cache_limits(&self, _max: usize, _keep: Duration) {}
}
