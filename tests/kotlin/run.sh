#!/usr/bin/env bash
# Kotlin-on-JVM tests of the UniFFI bindings: build the core, generate the Kotlin bindings,
# run the JUnit 5 tests with Maven. Runnable from anywhere; extra arguments go to mvn
# (e.g. tests/kotlin/run.sh -Dtest=CoreVersionTest).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$ROOT"

# The real cargo target dir (honours CARGO_TARGET_DIR and .cargo/config).
TARGET_DIR="$(cargo metadata --format-version 1 --no-deps \
  | grep -o '"target_directory":"[^"]*"' | cut -d'"' -f4)"
[[ -n "$TARGET_DIR" ]] || { echo "error: could not find cargo's target directory" >&2; exit 1; }

case "$(uname -s)" in
  Darwin) LIB_FILE=libchinese_checkers_core.dylib ;;
  MINGW*|MSYS*|CYGWIN*) LIB_FILE=chinese_checkers_core.dll ;;
  *) LIB_FILE=libchinese_checkers_core.so ;;
esac

# The core and the server in one build, with the features and the profile `cargo test --workspace`
# uses, so that the core compiled for the Rust tests serves here too; the bindgen on its own (building it
# with the core would unify uniffi's `cli` feature into the core library).
echo "==> cargo build --profile test -p chinese-checkers-core -p chinese-checkers-server"
cargo build --profile test -p chinese-checkers-core -p chinese-checkers-server
echo "==> cargo build --profile test -p uniffi-bindgen"
cargo build --profile test -p uniffi-bindgen

# Snapshot the library: the bindings are generated from, and the tests load, these very bytes,
# even if a concurrent cargo build replaces target/debug meanwhile.
LIB_DIR="$HERE/target/native"
LIB="$LIB_DIR/$LIB_FILE"
rm -rf "$LIB_DIR"
mkdir -p "$LIB_DIR"
cp "$TARGET_DIR/debug/$LIB_FILE" "$LIB"

GEN_DIR="$HERE/target/generated-sources/uniffi"
echo "==> generating Kotlin bindings into $GEN_DIR"
rm -rf "$GEN_DIR"
mkdir -p "$GEN_DIR"
"$TARGET_DIR/debug/uniffi-bindgen" generate "$LIB" \
  --language kotlin --config "$ROOT/uniffi.toml" --no-format --out-dir "$GEN_DIR"

# uniffi.toml sets the Kotlin package; without it the package would be uniffi.chinese_checkers_core.
KT="$GEN_DIR/app/chinesecheckers/core/chinese_checkers_core.kt"
if [[ ! -f "$KT" ]] || ! grep -qx 'package app.chinesecheckers.core' "$KT"; then
  echo "error: generated bindings are not in package app.chinesecheckers.core (was uniffi.toml read?)" >&2
  find "$GEN_DIR" -name '*.kt' >&2
  exit 1
fi

echo "==> mvn test"
cd "$HERE"
# kotlin-maven-plugin leaves the classes of deleted sources behind: compile afresh.
rm -rf target/classes target/test-classes
# -q hides Maven's chatter; the Surefire logger is kept at INFO so that its
# "Tests run: N, Failures: ..." summary is still printed (CI reads it). Maven 3.8's -q leaves
# stray ANSI resets in batch mode: strip them (pipefail keeps mvn's exit status).
mvn -B -q -Dstyle.color=never \
  -Dorg.slf4j.simpleLogger.log.org.apache.maven.plugin.surefire=info \
  -Dcore.lib.dir="$LIB_DIR" -Dcore.lib.file="$LIB_FILE" \
  -Dserver.bin="$TARGET_DIR/debug/chinese-checkers-server" \
  test "$@" 2>&1 | sed -u 's/\x1b\[[0-9;]*m//g'
