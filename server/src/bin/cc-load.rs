//! Load tool (placeholder until the next commit).

fn main() {}
