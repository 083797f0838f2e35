//! Rating integrity in Redis (see `store::integrity`): `{prefix}:ua:{token}`, a sorted set of
//! the addresses the token said hello from (scored by when), trimmed to the week and to
//! [`ADDRESSES_PER_TOKEN`]; `{prefix}:pair:{a}:{b}`, the pair's rated games in the current
//! day (expiring a day after the first). One script decides and counts, so two instances
//! starting games of one pair at once never exceed the cap.

use std::sync::LazyLock;

use redis::Script;

use super::RedisStore;
use crate::store::integrity::{
    pairs, Unrated, ADDRESSES_PER_TOKEN, ADDRESS_HISTORY_MS, PAIR_WINDOW_MS,
};
use crate::store::{now_ms, StoreError};

/// KEYS = the token's addresses; ARGV = address, now, oldest kept, most kept, expiry (ms).
static NOTE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
local extra = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
if extra > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, extra - 1) end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1",
    )
});

/// KEYS = each person's addresses (n of them), then each pair's count; ARGV = n, oldest
/// address kept, cap, the pair window (ms). Returns 'shared', 'cap' or 'ok' (counted).
static GUARD: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local n = tonumber(ARGV[1])
for i = 1, n do
  local mine = redis.call('ZRANGEBYSCORE', KEYS[i], ARGV[2], '+inf')
  for j = i + 1, n do
    for _, a in ipairs(mine) do
      local at = redis.call('ZSCORE', KEYS[j], a)
      if at and tonumber(at) >= tonumber(ARGV[2]) then return 'shared' end
    end
  end
end
for k = n + 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[k]) or '0') >= tonumber(ARGV[3]) then return 'cap' end
end
for k = n + 1, #KEYS do
  if redis.call('INCR', KEYS[k]) == 1 then redis.call('PEXPIRE', KEYS[k], ARGV[4]) end
end
return 'ok'",
    )
});

impl RedisStore {
    pub(in crate::store) async fn note_address(
        &self,
        token: &str,
        addr: &str,
    ) -> Result<(), StoreError> {
        let now = now_ms();
        let mut conn = self.conn.get().await?;
        let _: i64 = NOTE
            .key(self.key(&format!("ua:{token}")))
            .arg(addr)
            .arg(now)
            .arg(now.saturating_sub(ADDRESS_HISTORY_MS))
            .arg(ADDRESSES_PER_TOKEN)
            .arg(ADDRESS_HISTORY_MS)
            .invoke_async(&mut conn)
            .await?;
        Ok(())
    }

    pub(in crate::store) async fn rating_guard(
        &self,
        tokens: &[String],
        cap: u32,
    ) -> Result<Option<Unrated>, StoreError> {
        let mut script = GUARD.prepare_invoke();
        for t in tokens {
            script.key(self.key(&format!("ua:{t}")));
        }
        for (a, b) in pairs(tokens) {
            script.key(self.key(&format!("pair:{a}:{b}")));
        }
        script
            .arg(tokens.len())
            .arg(now_ms().saturating_sub(ADDRESS_HISTORY_MS))
            .arg(cap)
            .arg(PAIR_WINDOW_MS);
        let mut conn = self.conn.get().await?;
        let verdict: String = script.invoke_async(&mut conn).await?;
        Ok(match verdict.as_str() {
            "shared" => Some(Unrated::SharedAddress),
            "cap" => Some(Unrated::DailyCap),
            _ => None,
        })
    }
}
