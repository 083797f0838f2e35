//! `chinese-checkers`: terminal play and engine tools.
fn main() {}
