#!/usr/bin/env bash
# Every test of the project, from a fresh checkout on a fresh machine (Debian, as root):
# formatting, lints, the Rust workspace's tests, and the Kotlin (JVM) and Swift (Linux) suites
# over the generated UniFFI bindings. Each step installs what it needs.
#
#     scripts/test-all.sh            # everything
#     SKIP_SWIFT=1 scripts/test-all.sh   # skip the Swift suite (it bootstraps a 2.6 GB chroot)
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

step() { printf '\n=== %s\n' "$*"; }

# The Rust toolchain comes with the machine; make sure its formatter and linter are there.
if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
    rustup component add rustfmt clippy
fi

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (all targets, warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

# The online server's Redis-backend tests start their own redis-server (and fail without one).
if ! command -v redis-server >/dev/null 2>&1; then
    step "installing redis-server (Debian package)"
    apt-get update -qq && apt-get install -y -qq redis-server
fi

step "cargo test (workspace)"
cargo test --workspace

step "Kotlin bindings suite (JVM, Maven)"
tests/kotlin/run.sh

if [[ "${SKIP_SWIFT:-0}" != "1" ]]; then
    step "Swift bindings suite (Linux, trixie chroot)"
    tests/swift/run.sh
fi

step "all tests passed"
