//! The exported UniFFI surface: a thin facade over the pure core.

/// The version of the core library, as built.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
