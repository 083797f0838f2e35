//! The Chinese Checkers core: rules, AI, game session and online protocol.
//!
//! Layering (arrows point down only): `ffi` → `session` → `ai` → `rules`.
//! `rules` is the specification of docs/RULES.md made executable. With the `uniffi` feature (on
//! by default) the types and the `ffi` facade are exported to Kotlin and Swift.

pub mod ai;
pub mod ffi;
pub mod online;
pub mod rules;
pub mod session;

#[cfg(feature = "uniffi")]
uniffi::setup_scaffolding!();
