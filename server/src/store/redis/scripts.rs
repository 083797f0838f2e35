//! The Lua scripts: every multi-step change is one script, so it is atomic across instances.

use std::sync::LazyLock;

use chinese_checkers_core::online::Format;
use redis::Script;

use super::corrupt;
use crate::store::{Sat, StoreError, Taken};

// The scripts are built once: `Script::new` hashes the source, and APPEND runs on every move.

/// Compare-and-append, keeping the game's deadlines in step: KEYS = log, deadlines hash
/// (`a0` … `a5`: grace ends; `idle`; `t`: the turn's deadline; `ts`: when the turn started;
/// `b0` … `b5`: game clock banks), the `deadlines` sorted set (scored by the earliest of `a*`,
/// `idle` and `t`), the `ending` outbox (games whose end is stored but whose ratings, archive
/// entry and expiries may not be yet, scored by when they ended); ARGV = expected length,
/// channel, game id, `a0` … `a5` ops (`''` keep, `'-'` clear, else set), new idle deadline,
/// `'1'` if the game is over, `due` (`''`, or: refuse unless the game's deadline is at or
/// before it), `t`, `ts`, `b0` … `b5` ops, now (Unix ms), then event and bus message pairs.
/// A game that ends here enters the outbox in the same script: whichever instance gets to it
/// (this one at once, any other's sweeper if this one dies) completes the end.
pub(super) static APPEND: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
if ARGV[12] ~= '' then
  local due = redis.call('ZSCORE', KEYS[3], ARGV[3])
  if not due or tonumber(due) > tonumber(ARGV[12]) then return 0 end
end
for i = 22, #ARGV, 2 do
  redis.call('RPUSH', KEYS[1], ARGV[i])
  redis.call('PUBLISH', ARGV[2], ARGV[i + 1])
end
if ARGV[11] == '1' then
  redis.call('DEL', KEYS[2])
  redis.call('ZREM', KEYS[3], ARGV[3])
  redis.call('ZADD', KEYS[4], 'NX', ARGV[21], ARGV[3])
  return 1
end
local function op(field, v)
  if v == '-' then redis.call('HDEL', KEYS[2], field)
  elseif v ~= '' then redis.call('HSET', KEYS[2], field, v) end
end
for s = 0, 5 do op('a' .. s, ARGV[4 + s]) end
op('idle', ARGV[10])
op('t', ARGV[13])
op('ts', ARGV[14])
for s = 0, 5 do op('b' .. s, ARGV[15 + s]) end
local min = nil
local fields = redis.call('HGETALL', KEYS[2])
for i = 1, #fields, 2 do
  local f, n = fields[i], tonumber(fields[i + 1])
  local deadline = f == 'idle' or f == 't' or string.sub(f, 1, 1) == 'a'
  if deadline and n and (not min or n < min) then min = n end
end
if min then redis.call('ZADD', KEYS[3], min, ARGV[3]) else redis.call('ZREM', KEYS[3], ARGV[3]) end
return 1",
    )
});

/// Quick match (`QueueEntry::table_from` in Lua): `ARGV[1]` = the entry, `ARGV[2]` = now (Unix ms),
/// `ARGV[3]` = `'1'` to retry (only if the token is still queued), `ARGV[4..6]` = the rating window
/// (base, per second waited, open after ms; see `rating_window`). Returns `{}` (queued, or not
/// queued any more) or `{format, entry, ...}`: the players taken out of the queue to complete the
/// table. The queue is kept in the order of waiting (`since_ms`).
pub(super) static ENQUEUE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local items = redis.call('LRANGE', KEYS[1], 0, -1)
local me = cjson.decode(ARGV[1])
local now = tonumber(ARGV[2])
local rest = {}
local present = false
for _, item in ipairs(items) do
  local e = cjson.decode(item)
  if e.token == me.token then
    present = true
    redis.call('LREM', KEYS[1], 0, item)
  else table.insert(rest, {item, e}) end
end
if ARGV[3] == '1' and not present then return {} end
local function since(e) return tonumber(e.since_ms) or 0 end
local function close_enough(a, b)
  local waited = now - math.min(since(a), since(b))
  if waited >= tonumber(ARGV[6]) then return true end
  local d = math.abs((tonumber(a.rating) or 1500) - (tonumber(b.rating) or 1500))
  return d <= tonumber(ARGV[4]) + tonumber(ARGV[5]) * waited / 1000
end
local function pairs_with(a, b)
  if a.format ~= cjson.null and b.format ~= cjson.null then
    if a.format == b.format then return a.format, a.seats end
    return nil
  end
  if a.format == cjson.null and b.format == cjson.null then return 'tripot1', 2 end
  local f, seats = a.format, a.seats
  if f == cjson.null then f, seats = b.format, b.seats end
  if seats == 2 then return f, 2 end
  return nil
end
local first, format = nil, nil
for _, p in ipairs(rest) do
  local f, seats = pairs_with(me, p[2])
  if f and (seats > 2 or close_enough(me, p[2])) then
    first, format = p, f
    break
  end
end
local picked = {}
if first and me.seats <= 2 then
  picked = {first[1]}
elseif first then
  for _, p in ipairs(rest) do
    if #picked < me.seats - 1 and p[2].format == format then table.insert(picked, p[1]) end
  end
  if #picked < me.seats - 1 then picked = {} end
end
if #picked == 0 then
  for _, p in ipairs(rest) do
    if since(p[2]) > since(me) then
      redis.call('LINSERT', KEYS[1], 'BEFORE', p[1], ARGV[1])
      return {}
    end
  end
  redis.call('RPUSH', KEYS[1], ARGV[1])
  return {}
end
local out = {format}
for _, item in ipairs(picked) do
  redis.call('LREM', KEYS[1], 1, item)
  table.insert(out, item)
end
return out",
    )
});

/// Puts a quick-match entry (`ARGV[1]`) back in the queue (KEYS[1]) in the order of waiting,
/// without matching it (replacing an entry of the same token).
pub(super) static REQUEUE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local me = cjson.decode(ARGV[1])
local since = tonumber(me.since_ms) or 0
for _, item in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  if cjson.decode(item).token == me.token then redis.call('LREM', KEYS[1], 0, item) end
end
for _, item in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  if (tonumber(cjson.decode(item).since_ms) or 0) > since then
    return redis.call('LINSERT', KEYS[1], 'BEFORE', item, ARGV[1])
  end
end
return redis.call('RPUSH', KEYS[1], ARGV[1])",
    )
});

/// Where the table scripts find a table, open or private, so that one script sits, unsits or
/// takes at either: KEYS[1] = the tables list (ARGV[1] = `open`, ARGV[2] = the table's id) or a
/// room's key (ARGV[1] = `private`; the room keeps its expiry while it fills). `load` returns
/// the table decoded, as stored, and its place in the list (nil for a room).
const AT: &str = r"
local function load()
  if ARGV[1] == 'private' then
    local raw = redis.call('GET', KEYS[1])
    if not raw then return nil end
    return cjson.decode(raw), raw, nil
  end
  for i, item in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
    local t = cjson.decode(item)
    if t.id == ARGV[2] then return t, item, i end
  end
  return nil
end
local function save(out, i)
  if i then redis.call('LSET', KEYS[1], i - 1, out) else redis.call('SET', KEYS[1], out, 'KEEPTTL') end
end
local function drop(item, i)
  if i then redis.call('LREM', KEYS[1], 1, item) else redis.call('DEL', KEYS[1]) end
end
";

/// Sits a player at a table (see [`AT`]); ARGV[3] = the player, ARGV[4] = the seats of each
/// format (JSON object). Returns `{'none'}`, `{'own'}`, `{'seated', table}` or
/// `{'full', table}` (taken out).
pub(super) static SIT: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{AT}{}",
        r"
local t, item, i = load()
if not t then return {'none'} end
local me = cjson.decode(ARGV[3])
if t.host.token == me.token then return {'own'} end
local guests = t.guests or {}
local there = false
for _, g in ipairs(guests) do if g.token == me.token then there = true end end
if not there then table.insert(guests, me) end
t.guests = guests
local out = cjson.encode(t)
if 1 + #guests >= cjson.decode(ARGV[4])[t.format] then
  drop(item, i)
  return {'full', out}
end
save(out, i)
return {'seated', out}"
    ))
});

/// A guest leaves a table (see [`AT`]); ARGV[3] = its token. Returns the table as it is now,
/// or false if the guest was not there.
pub(super) static UNSIT: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{AT}{}",
        r"
local t, item, i = load()
if not t then return false end
local kept, found = {}, false
for _, g in ipairs(t.guests or {}) do
  if g.token == ARGV[3] then found = true else table.insert(kept, g) end
end
if not found then return false end
if #kept == 0 then t.guests = nil else t.guests = kept end
local out = cjson.encode(t)
save(out, i)
return out"
    ))
});

/// Takes a table out for its host (see [`AT`]); ARGV[3] = the host's token; a room's host's
/// set of rooms is KEYS[2]. Anyone else's attempt changes nothing, a room's expiry included.
/// Returns `{'gone'}`, `{'not_yours'}` or `{'taken', table}`.
pub(super) static TAKE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(&format!(
        "{AT}{}",
        r"
local t, item, i = load()
if not t then return {'gone'} end
if t.host.token ~= ARGV[3] then return {'not_yours'} end
drop(item, i)
if KEYS[2] then redis.call('ZREM', KEYS[2], t.code) end
return {'taken', item}"
    ))
});

/// Decodes what the take scripts return.
pub(super) fn taken(reply: Vec<String>) -> Result<Taken, StoreError> {
    Ok(match (reply.first().map(String::as_str), reply.get(1)) {
        (Some("not_yours"), _) => Taken::NotYours,
        (Some("taken"), Some(t)) => Taken::Taken(serde_json::from_str(t).map_err(corrupt)?),
        _ => Taken::Gone,
    })
}

/// The seats of every format, as the table scripts read them.
pub(super) fn seats_json() -> String {
    let map: serde_json::Map<String, serde_json::Value> = Format::ALL
        .iter()
        .map(|f| (f.name().to_owned(), serde_json::Value::from(f.seats())))
        .collect();
    serde_json::Value::Object(map).to_string()
}

/// Decodes what the sit scripts return.
pub(super) fn sat(reply: Vec<String>) -> Result<Sat, StoreError> {
    let decode = |s: &String| serde_json::from_str(s).map_err(corrupt);
    Ok(match (reply.first().map(String::as_str), reply.get(1)) {
        (Some("own"), _) => Sat::Own,
        (Some("seated"), Some(t)) => Sat::Seated(decode(t)?),
        (Some("full"), Some(t)) => Sat::Full(decode(t)?),
        _ => Sat::NotFound,
    })
}

/// Removes the items of a list whose field `ARGV[1]` (`token` or `id`, possibly inside `host`)
/// equals `ARGV[2]`; returns the first removed item (or false) and the count.
pub(super) static REMOVE_WHERE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local items = redis.call('LRANGE', KEYS[1], 0, -1)
local removed = {}
for _, item in ipairs(items) do
  local e = cjson.decode(item)
  local v = e[ARGV[1]]
  if ARGV[1] == 'host' then v = e.host.token end
  if v == ARGV[2] then
    redis.call('LREM', KEYS[1], 1, item)
    removed[#removed + 1] = item
  end
end
return removed",
    )
});

/// Removes the lobby tables whose host's presence key (ARGV[1] .. token) lapsed: its instance
/// died. Returns the tables removed.
pub(super) static ORPHAN_TABLES: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local removed = {}
for _, item in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  local e = cjson.decode(item)
  if redis.call('EXISTS', ARGV[1] .. e.host.token) == 0 then
    redis.call('LREM', KEYS[1], 1, item)
    removed[#removed + 1] = item
  end
end
return removed",
    )
});

pub(super) static CREATE_TABLE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local items = redis.call('LRANGE', KEYS[1], 0, -1)
local me = cjson.decode(ARGV[1])
local mine = 0
local ours = 0
for _, item in ipairs(items) do
  local e = cjson.decode(item)
  if e.id == me.id then return 0 end
  if e.host.token == me.host.token then mine = mine + 1 end
  if me.addr ~= nil and e.addr == me.addr then ours = ours + 1 end
end
if mine >= tonumber(ARGV[2]) then return -1 end
if ours >= tonumber(ARGV[3]) then return -2 end
redis.call('RPUSH', KEYS[1], ARGV[1])
return 1",
    )
});

pub(super) static CREATE_ROOM: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return -1 end
if not redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2], 'NX') then return 0 end
redis.call('ZADD', KEYS[2], ARGV[6], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return 1",
    )
});

/// Archives a finished game once, within the archive's limits: KEYS = the game's key, the
/// index of archived games (sorted set by end time), their sizes (hash), the archive's total
/// size (counter), then each person's list of recent games; ARGV = id, the game (JSON), the
/// age limit in seconds (the key's expiry and the lists'), the length of a list, when the game
/// ended (Unix ms), the size limit in bytes, the end time before which a game is too old, and
/// the prefix of the games' keys. Returns 0 if the game was archived already, else 1. Games too
/// old, then the first ended while the archive is too large, are dropped (their keys deleted
/// by prefix: this Redis is not a cluster).
pub(super) static ARCHIVE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('ZSCORE', KEYS[2], ARGV[1]) then return 0 end
local function drop(id)
  local size = tonumber(redis.call('HGET', KEYS[3], id) or '0') or 0
  redis.call('HDEL', KEYS[3], id)
  redis.call('ZREM', KEYS[2], id)
  redis.call('DECRBY', KEYS[4], size)
  redis.call('DEL', ARGV[8] .. id)
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[7], 'LIMIT', 0, 256)) do
  drop(id)
end
local size = string.len(ARGV[2])
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[5], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], size)
local total = redis.call('INCRBY', KEYS[4], size)
while total > tonumber(ARGV[6]) do
  local first = redis.call('ZRANGE', KEYS[2], 0, 1)
  local victim = first[1]
  if victim == ARGV[1] then victim = first[2] end
  if not victim then break end
  drop(victim)
  total = tonumber(redis.call('GET', KEYS[4]) or '0') or 0
end
for i = 5, #KEYS do
  redis.call('LPUSH', KEYS[i], ARGV[1])
  redis.call('LTRIM', KEYS[i], 0, tonumber(ARGV[4]) - 1)
  redis.call('EXPIRE', KEYS[i], ARGV[3])
end
return 1",
    )
});

/// How long a finished game's log is kept.
pub(super) const FINISHED_TTL_S: i64 = 24 * 3600;

/// Sets the expiry (`ARGV[2]`, ms) of a key (a room's code) only while it holds `ARGV[1]` (the game
/// that ended).
pub(super) const EXPIRE_IF_NAMES: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0";

/// Rates a finished game once: KEYS = the game's "rated" mark, then each person's ratings hash;
/// ARGV = the rule set (the hash field), the mark's expiry in seconds, then per person the
/// rating read before (`''`: none) and the new one (JSON). Returns 0 if the game was rated
/// already, -1 if a rating changed since it was read (another game ended meanwhile: read again
/// and retry), 1 when written.
pub(super) static RATE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
for i = 2, #KEYS do
  local cur = redis.call('HGET', KEYS[i], ARGV[1])
  if (cur or '') ~= ARGV[2 * i - 1] then return -1 end
end
for i = 2, #KEYS do redis.call('HSET', KEYS[i], ARGV[1], ARGV[2 * i]) end
redis.call('SET', KEYS[1], '1', 'EX', ARGV[2])
return 1",
    )
});
