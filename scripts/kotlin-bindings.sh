# shellcheck shell=bash
# The core's Kotlin bindings, made the same way for every Kotlin build: sourced (from the
# repository root) by tests/kotlin/run.sh, android/desktop/run.sh and play.sh, and
# android/robolectric/compile-android.sh. Builds the core library and the server, snapshots the
# library into $HERE/target/native and generates the bindings into
# $HERE/target/generated-sources/uniffi. Sets TARGET_DIR, LIB_DIR, LIB_FILE and GEN_DIR.

HERE="${HERE:?}"
ROOT="${ROOT:?}"

TARGET_DIR="$(cargo metadata --format-version 1 --no-deps \
  | grep -o '"target_directory":"[^"]*"' | cut -d'"' -f4)"
[[ -n "$TARGET_DIR" ]] || { echo "error: could not find cargo's target directory" >&2; exit 1; }

case "$(uname -s)" in
  Darwin) LIB_FILE=libchinese_checkers_core.dylib ;;
  MINGW*|MSYS*|CYGWIN*) LIB_FILE=chinese_checkers_core.dll ;;
  *) LIB_FILE=libchinese_checkers_core.so ;;
esac

# The core with the server, with the features and profile `cargo test --workspace` uses (so its
# build serves here too), then the bindgen on its own (built together, uniffi's `cli` feature
# would reach the core and bloat it).
echo "==> cargo build --profile test -p chinese-checkers-core -p chinese-checkers-server"
cargo build --profile test -p chinese-checkers-core -p chinese-checkers-server
echo "==> cargo build --profile test -p uniffi-bindgen"
cargo build --profile test -p uniffi-bindgen

# A snapshot of the library: the bindings are generated from, and the JVM loads, these bytes even
# if another build replaces target/debug meanwhile.
LIB_DIR="$HERE/target/native"
rm -rf "$LIB_DIR"
mkdir -p "$LIB_DIR"
cp "$TARGET_DIR/debug/$LIB_FILE" "$LIB_DIR/$LIB_FILE"

GEN_DIR="$HERE/target/generated-sources/uniffi"
echo "==> generating Kotlin bindings into $GEN_DIR"
rm -rf "$GEN_DIR"
mkdir -p "$GEN_DIR"
"$TARGET_DIR/debug/uniffi-bindgen" generate "$LIB_DIR/$LIB_FILE" \
  --language kotlin --config "$ROOT/uniffi.toml" --no-format --out-dir "$GEN_DIR"
KT="$GEN_DIR/app/chinesecheckers/core/chinese_checkers_core.kt"
if [[ ! -f "$KT" ]] || ! grep -qx 'package app.chinesecheckers.core' "$KT"; then
  echo "error: generated bindings are not in package app.chinesecheckers.core (was uniffi.toml read?)" >&2
  exit 1
fi
