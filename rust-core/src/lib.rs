//! The Chinese Checkers core: rules, AI, game session and online protocol.
//!
//! Layering (arrows point down only): `ffi` → `session` → `ai` → `rules`.
//! `rules` is the specification of `shared/RULES.md` made executable.

pub mod ai;
pub mod ffi;
pub mod online;
pub mod rules;
pub mod session;

uniffi::setup_scaffolding!();
