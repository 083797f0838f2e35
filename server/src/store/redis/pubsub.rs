//! The pub/sub subscription that relays bus messages between instances.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::watch;

use super::link::backoff;
use crate::bus::Bus;
use crate::model::BusMsg;
use crate::store::StoreError;

/// A pub/sub connection subscribed to every bus channel of the prefix.
pub(super) async fn open_pubsub(
    client: &redis::Client,
    pattern: &str,
) -> Result<redis::aio::PubSub, StoreError> {
    let mut pubsub = client.get_async_pubsub().await?;
    pubsub.psubscribe(pattern).await?;
    Ok(pubsub)
}

/// Delivers every instance's bus messages to this instance's listeners. When the subscription
/// is lost (Redis restarted), it resubscribes with backoff, then has every local connection
/// bring its games up to date from the store (what was published meanwhile is lost).
pub(super) struct Subscriber {
    pub(super) client: redis::Client,
    pub(super) pattern: String,
    pub(super) strip: String,
    pub(super) bus: Arc<Bus>,
    pub(super) subscribed: Arc<AtomicBool>,
}

impl Subscriber {
    pub(super) async fn run(self, mut pubsub: redis::aio::PubSub, mut stop: watch::Receiver<bool>) {
        loop {
            if !self.relay(pubsub, &mut stop).await {
                return;
            }
            self.subscribed.store(false, Ordering::Relaxed);
            tracing::warn!("redis pub/sub lost; resubscribing");
            let mut failures = 0;
            pubsub = loop {
                tokio::select! {
                    _ = tokio::time::sleep(backoff(failures)) => {}
                    _ = stop.changed() => return,
                }
                let attempt = open_pubsub(&self.client, &self.pattern);
                match tokio::time::timeout(Duration::from_secs(2), attempt).await {
                    Ok(Ok(p)) => break p,
                    Ok(Err(e)) => tracing::debug!(error = %e, "redis pub/sub"),
                    Err(_) => tracing::debug!("redis pub/sub: connection timed out"),
                }
                failures = failures.saturating_add(1);
            };
            self.subscribed.store(true, Ordering::Relaxed);
            tracing::info!("redis pub/sub resubscribed; resyncing this instance's connections");
            self.bus.resync_all();
        }
    }

    /// Relays until the subscription is lost (`true`) or the server stops (`false`).
    async fn relay(&self, pubsub: redis::aio::PubSub, stop: &mut watch::Receiver<bool>) -> bool {
        let mut stream = pubsub.into_on_message();
        loop {
            tokio::select! {
                msg = stream.next() => {
                    let Some(msg) = msg else { return true };
                    let channel = msg.get_channel_name();
                    let Some(local) = channel.strip_prefix(&self.strip) else { continue };
                    let payload: String = match msg.get_payload() {
                        Ok(p) => p,
                        Err(e) => {
                            tracing::warn!(channel = %channel, error = %e, "bad pub/sub payload");
                            continue;
                        }
                    };
                    match serde_json::from_str::<BusMsg>(&payload) {
                        Ok(m) => self.bus.deliver(local, Arc::new(m)),
                        Err(e) => tracing::warn!(channel = %channel, error = %e, "bad bus message"),
                    }
                }
                _ = stop.changed() => return false,
            }
        }
    }
}
