//! The memory backend as an [`Engine`]: each call runs the inherent method of the same name
//! (inherent methods come first in Rust's lookup), and nothing else. The calls that only matter
//! across instances are answered in `across`.

use std::time::Duration;

use chinese_checkers_core::online::{Command, CommandError, GameEvent, GameSummary, LiveGame};
use chinese_checkers_core::rules::Preset;
use futures_util::future::BoxFuture;

use crate::model::{BusMsg, GameMeta};
use crate::ratings::Rating;
use crate::store::{
    archive, integrity, Access, AiTurn, Answer, Created, Engine, Events, Matched, Player,
    QueueEntry, Resumed, Sat, Table, Taken,
};

use super::MemoryStore;

impl Engine for MemoryStore {
    fn kind(&self) -> &'static str {
        self.kind()
    }

    fn publish<'a>(&'a self, channel: &'a str, msg: BusMsg) -> Answer<'a, ()> {
        Box::pin(self.publish(channel, msg))
    }

    fn create_game<'a>(
        &'a self,
        id: &'a str,
        meta: &'a GameMeta,
        started: &'a GameEvent,
    ) -> Answer<'a, ()> {
        Box::pin(self.create_game(id, meta, started))
    }

    fn update_game<'a>(
        &'a self,
        id: &'a str,
        token: &'a str,
        command: &'a Command,
    ) -> Answer<'a, Result<Events, CommandError>> {
        Box::pin(self.update_game(id, token, command))
    }

    fn resume<'a>(
        &'a self,
        id: &'a str,
        token: &'a str,
        last_seq: u64,
    ) -> Answer<'a, Result<Resumed, CommandError>> {
        Box::pin(self.resume(id, token, last_seq))
    }

    fn token_of<'a>(&'a self, id: &'a str, side: u8) -> Answer<'a, Option<String>> {
        Box::pin(self.token_of(id, side))
    }

    fn active_games<'a>(&'a self, token: &'a str) -> Answer<'a, Vec<String>> {
        Box::pin(self.active_games(token))
    }

    fn enqueue<'a>(&'a self, entry: &'a QueueEntry) -> Answer<'a, Option<Matched>> {
        Box::pin(self.enqueue(entry))
    }

    fn retry_match<'a>(&'a self, entry: &'a QueueEntry) -> Answer<'a, Option<Matched>> {
        Box::pin(self.retry_match(entry))
    }

    fn requeue<'a>(&'a self, entry: &'a QueueEntry) -> Answer<'a, ()> {
        Box::pin(self.requeue(entry))
    }

    fn dequeue<'a>(&'a self, token: &'a str) -> Answer<'a, bool> {
        Box::pin(self.dequeue(token))
    }

    fn create_table<'a>(
        &'a self,
        table: &'a Table,
        per_token: usize,
        per_addr: usize,
    ) -> Answer<'a, Created> {
        Box::pin(self.create_table(table, per_token, per_addr))
    }

    fn take<'a>(&'a self, access: Access, id: &'a str, host: &'a str) -> Answer<'a, Taken> {
        Box::pin(self.take(access, id, host))
    }

    fn sit<'a>(&'a self, access: Access, id: &'a str, player: &'a Player) -> Answer<'a, Sat> {
        Box::pin(self.sit(access, id, player))
    }

    fn unsit<'a>(
        &'a self,
        access: Access,
        id: &'a str,
        token: &'a str,
    ) -> Answer<'a, Option<Table>> {
        Box::pin(self.unsit(access, id, token))
    }

    fn rating<'a>(&'a self, token: &'a str, rule_set: Preset) -> Answer<'a, Option<Rating>> {
        Box::pin(self.rating(token, rule_set))
    }

    fn ratings<'a>(&'a self, token: &'a str) -> Answer<'a, Vec<(Preset, Rating)>> {
        Box::pin(self.ratings(token))
    }

    fn ai_turn<'a>(&'a self, id: &'a str) -> Answer<'a, Option<AiTurn>> {
        Box::pin(self.ai_turn(id))
    }

    fn ai_turns_pending(&self) -> BoxFuture<'_, Vec<String>> {
        Box::pin(self.ai_turns_pending())
    }

    fn close_tables_of<'a>(&'a self, token: &'a str) -> Answer<'a, Vec<Table>> {
        Box::pin(self.close_tables_of(token))
    }

    // One process: a host's tables close with its connection, none is ever orphaned.
    fn touch_host<'a>(&'a self, _token: &'a str, _ttl_ms: u64) -> Answer<'a, ()> {
        Box::pin(async { Ok(()) })
    }

    fn close_orphan_tables(&self) -> Answer<'_, Vec<Table>> {
        Box::pin(async { Ok(Vec::new()) })
    }

    fn list_tables(&self) -> Answer<'_, Vec<Table>> {
        Box::pin(self.list_tables())
    }

    fn create_room<'a>(&'a self, room: &'a Table, ttl_s: u64, max: usize) -> Answer<'a, Created> {
        Box::pin(self.create_room(room, ttl_s, max))
    }

    fn restore<'a>(&'a self, table: &'a Table, ttl_s: u64) -> Answer<'a, ()> {
        Box::pin(self.restore(table, ttl_s))
    }

    fn note_address<'a>(&'a self, token: &'a str, addr: &'a str) -> Answer<'a, ()> {
        Box::pin(self.note_address(token, addr))
    }

    fn rating_guard<'a>(
        &'a self,
        tokens: &'a [String],
        cap: u32,
    ) -> Answer<'a, Option<integrity::Unrated>> {
        Box::pin(self.rating_guard(tokens, cap))
    }

    fn needs_presence(&self) -> bool {
        self.needs_presence()
    }

    fn touch_presence<'a>(&'a self, id: &'a str, side: u8, ttl_ms: u64) -> Answer<'a, ()> {
        Box::pin(self.touch_presence(id, side, ttl_ms))
    }

    fn pulse<'a>(
        &'a self,
        id: &'a str,
        side: u8,
        peers: &'a [u8],
        ttl_ms: u64,
    ) -> Answer<'a, Vec<bool>> {
        Box::pin(self.pulse(id, side, peers, ttl_ms))
    }

    fn set_inactivity(&self, inactivity: Duration) {
        self.set_inactivity(inactivity)
    }

    fn set_archive_limits(&self, limits: archive::ArchiveLimits) {
        self.set_archive_limits(limits)
    }

    fn due_games(&self, now: u64, max: usize) -> Answer<'_, Vec<String>> {
        Box::pin(self.due_games(now, max))
    }

    fn expire_game<'a>(&'a self, id: &'a str, now: u64) -> Answer<'a, bool> {
        Box::pin(self.expire_game(id, now))
    }

    fn complete_endings(&self, now: u64, settle_ms: u64) -> Answer<'_, usize> {
        Box::pin(self.complete_endings(now, settle_ms))
    }

    fn set_finish_inline(&self, inline: bool) {
        self.set_finish_inline(inline)
    }

    fn live_games(&self, max: usize) -> Answer<'_, Vec<LiveGame>> {
        Box::pin(self.live_games(max))
    }

    fn spectate<'a>(
        &'a self,
        id: &'a str,
        code: Option<&'a str>,
    ) -> Answer<'a, Result<Resumed, CommandError>> {
        Box::pin(self.spectate(id, code))
    }

    fn room_game<'a>(&'a self, code: &'a str) -> Answer<'a, Option<String>> {
        Box::pin(self.room_game(code))
    }

    fn list_games<'a>(&'a self, token: &'a str) -> Answer<'a, Vec<GameSummary>> {
        Box::pin(self.list_games(token))
    }

    fn game_log<'a>(
        &'a self,
        id: &'a str,
        token: &'a str,
    ) -> Answer<'a, Result<Vec<GameEvent>, CommandError>> {
        Box::pin(self.game_log(id, token))
    }

    fn games_cached(&self) -> usize {
        self.games_cached()
    }

    fn ready(&self) -> BoxFuture<'_, bool> {
        Box::pin(self.ready())
    }

    fn fail_storage_writes(&self, failing: bool) {
        self.fail_writes(failing)
    }

    fn close(&self) {
        self.close()
    }

    fn set_finished_ttl(&self, ttl: Duration) {
        self.set_finished_ttl(ttl)
    }

    fn set_cache_limits(&self, max: usize, keep: Duration) {
        self.set_cache_limits(max, keep)
    }
}
