#!/usr/bin/env bash
# Builds the Rust core for iOS and writes what the ChineseCheckersKit package needs on a Mac:
#
#     ios/scripts/build-xcframework.sh          (on macOS, with Xcode 26+ and rustup)
#
# 1. Adds the rustup targets aarch64-apple-ios (devices), aarch64-apple-ios-sim and
#    x86_64-apple-ios (the simulator on Apple silicon and on Intel Macs).
# 2. Builds the core's static library for each (`cargo build --release -p chinese-checkers-core
#    --target …`, iOS 17 as deployment target) and joins the two simulator slices with `lipo`.
# 3. Generates the Swift bindings with the repository's own uniffi-bindgen crate and
#    `--config uniffi.toml` (module ChineseCheckersCore), from a host build of the same core
#    (library mode reads the interface from the built library; the bindgen is built in its own
#    cargo call so that its `cli` feature stays out of the core).
# 4. `xcodebuild -create-xcframework` with the header and a modulemap, written to
#    ios/ChineseCheckersKit/Frameworks/ChineseCheckersCoreFFI.xcframework, and the Swift file to
#    ios/ChineseCheckersKit/Sources/ChineseCheckersCore/ — where Package.swift expects them.
#
# Environment: PROFILE (cargo profile, default release).
set -euo pipefail

IOS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO="$(cd "$IOS_DIR/.." && pwd)"
KIT_DIR="$IOS_DIR/ChineseCheckersKit"
PROFILE="${PROFILE:-release}"
DEVICE_TARGET=aarch64-apple-ios
SIMULATOR_TARGETS=(aarch64-apple-ios-sim x86_64-apple-ios)
LIB_NAME=libchinese_checkers_core

log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

[[ "$(uname -s)" == Darwin ]] || die "this script runs on macOS (it needs Xcode's xcodebuild and lipo)"
for tool in cargo rustup xcodebuild lipo; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool not found (see ios/README.md)"
done

cd "$REPO"
# cargo's output folder name for a profile ("dev" builds into debug/).
PROFILE_DIR="$PROFILE"
[[ "$PROFILE" == dev ]] && PROFILE_DIR=debug
TARGET_DIR="$(cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
[[ -n "$TARGET_DIR" ]] || die "could not find cargo's target directory"

log "Adding the rustup targets"
rustup target add "$DEVICE_TARGET" "${SIMULATOR_TARGETS[@]}"

# The app's deployment target; the Rust standard library and the C parts follow it.
export IPHONEOS_DEPLOYMENT_TARGET=17.0

for target in "$DEVICE_TARGET" "${SIMULATOR_TARGETS[@]}"; do
    log "Building the core for $target"
    cargo build --profile "$PROFILE" -p chinese-checkers-core --target "$target"
    [[ -f "$TARGET_DIR/$target/$PROFILE_DIR/$LIB_NAME.a" ]] ||
        die "cargo did not build $TARGET_DIR/$target/$PROFILE_DIR/$LIB_NAME.a"
done

log "Building the core for this Mac (the bindgen reads the interface from it)"
cargo build --profile "$PROFILE" -p chinese-checkers-core
log "Building the bindgen (separately, so its cli feature stays out of the core)"
cargo build --profile "$PROFILE" -p uniffi-bindgen

WORK="$(mktemp -d)"
trap 'rm -rf -- "$WORK"' EXIT

log "Generating the Swift bindings"
"$TARGET_DIR/$PROFILE_DIR/uniffi-bindgen" generate "$TARGET_DIR/$PROFILE_DIR/$LIB_NAME.dylib" \
    --language swift --config "$REPO/uniffi.toml" --out-dir "$WORK/bindings"
for f in ChineseCheckersCore.swift ChineseCheckersCoreFFI.h; do
    [[ -f "$WORK/bindings/$f" ]] || die "the bindgen did not write $f"
done

log "Joining the simulator slices"
mkdir -p "$WORK/simulator" "$WORK/headers"
SIM_LIBS=()
for target in "${SIMULATOR_TARGETS[@]}"; do
    SIM_LIBS+=("$TARGET_DIR/$target/$PROFILE_DIR/$LIB_NAME.a")
done
lipo -create "${SIM_LIBS[@]}" -output "$WORK/simulator/$LIB_NAME.a"

# The module the generated Swift imports. A static library: the XCFramework links it, so the
# modulemap has no `link` line.
cp "$WORK/bindings/ChineseCheckersCoreFFI.h" "$WORK/headers/"
cat >"$WORK/headers/module.modulemap" <<'MODULEMAP'
module ChineseCheckersCoreFFI {
    header "ChineseCheckersCoreFFI.h"
    export *
}
MODULEMAP

log "Creating the XCFramework"
OUTPUT="$KIT_DIR/Frameworks/ChineseCheckersCoreFFI.xcframework"
rm -rf "$OUTPUT"
mkdir -p "$(dirname "$OUTPUT")"
xcodebuild -create-xcframework \
    -library "$TARGET_DIR/$DEVICE_TARGET/$PROFILE_DIR/$LIB_NAME.a" -headers "$WORK/headers" \
    -library "$WORK/simulator/$LIB_NAME.a" -headers "$WORK/headers" \
    -output "$OUTPUT"

mkdir -p "$KIT_DIR/Sources/ChineseCheckersCore"
cp "$WORK/bindings/ChineseCheckersCore.swift" "$KIT_DIR/Sources/ChineseCheckersCore/"

log "Done: $OUTPUT and Sources/ChineseCheckersCore/ChineseCheckersCore.swift"
