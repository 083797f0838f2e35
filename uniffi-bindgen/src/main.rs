//! `uniffi-bindgen`: generates Kotlin and Swift bindings from the built core library.
//!
//! Built on its own (`cargo build -p uniffi-bindgen`): building it together with the core would
//! merge uniffi's `cli` feature into the core library and bloat it.

fn main() {
    uniffi::uniffi_bindgen_main()
}
