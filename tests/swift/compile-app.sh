#!/usr/bin/env bash
# Compiles every Swift file of the iOS app (ios/ChineseCheckers/**, the views included) and its
# UI tests (ios/ChineseCheckersUITests/**) on Linux, against the kit as built by SwiftPM and the
# type-checking stand-ins for SwiftUI, UIKit, Accessibility, AVFAudio, XCUIAutomation and the Apple-only
# part of Foundation in
# tests/swift/standin/. Swift 6 language mode, complete strict concurrency: a view calling what
# the kit does not export, a wrong argument label or a data race fails here, not first in Xcode.
# Objects are produced (-c, whole module) so that the SIL-level checks (region-based isolation)
# run too; nothing is linked or run.
#
# Run inside the Swift chroot by tests/swift/run.sh (after `swift build` of the kit):
#     tests/swift/compile-app.sh <kit bin dir (swift build --show-bin-path)> <output dir>
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN="$1"
OUT="$2"
STANDIN="$REPO/tests/swift/standin"
KIT="$REPO/ios/ChineseCheckersKit"
rm -rf -- "$OUT"
mkdir -p "$OUT"

# What Xcode's build uses too: Swift 6 mode (project.yml's SWIFT_VERSION 6.0) with complete
# checking, and warnings as errors so a deprecation or an unused result does not slip by.
SWIFT_FLAGS=(-swift-version 6 -strict-concurrency=complete -warnings-as-errors -Onone)

# The stand-ins, in dependency order (SwiftUI re-exports UIKit, as on iOS).
emit_module() {
    local name="$1"
    shift
    swiftc -emit-module -parse-as-library -module-name "$name" "${SWIFT_FLAGS[@]}" \
        -I "$OUT" -emit-module-path "$OUT/$name.swiftmodule" "$@"
}
emit_module FoundationApple "$STANDIN"/FoundationApple/*.swift
emit_module UIKit "$STANDIN"/UIKit/*.swift
emit_module Accessibility "$STANDIN"/Accessibility/*.swift
emit_module AVFAudio "$STANDIN"/AVFAudio/*.swift
emit_module SwiftUI "$STANDIN"/SwiftUI/*.swift
emit_module XCUIAutomation "$STANDIN"/XCUIAutomation/*.swift

# The kit's modules and the generated C module of the core, as SwiftPM built them.
KIT_FLAGS=(-I "$OUT" -I "$BIN/Modules" -I "$KIT/Sources/ChineseCheckersCoreFFI")

mapfile -t APP_FILES < <(find "$REPO/ios/ChineseCheckers" -name '*.swift' | sort)
[[ ${#APP_FILES[@]} -gt 0 ]] || { echo "no app sources" >&2; exit 1; }
# FoundationApple (Apple-only Foundation API) is imported implicitly, as Foundation provides it.
swiftc -c -wmo -parse-as-library -module-name ChineseCheckers "${SWIFT_FLAGS[@]}" \
    "${KIT_FLAGS[@]}" -Xfrontend -import-module -Xfrontend FoundationApple -o "$OUT/ChineseCheckers.o" "${APP_FILES[@]}"
printf 'app: %d files compiled against the kit and the SwiftUI stand-in\n' "${#APP_FILES[@]}" >&2

# The UI tests import XCTest only (the XCUI types come with it on Apple platforms): the stand-in
# is imported implicitly, so the files stay exactly what Xcode builds.
mapfile -t UI_TEST_FILES < <(find "$REPO/ios/ChineseCheckersUITests" -name '*.swift' | sort)
[[ ${#UI_TEST_FILES[@]} -gt 0 ]] || { echo "no UI test sources" >&2; exit 1; }
swiftc -c -wmo -parse-as-library -module-name ChineseCheckersUITests "${SWIFT_FLAGS[@]}" \
    -I "$OUT" -Xfrontend -import-module -Xfrontend XCUIAutomation \
    -o "$OUT/ChineseCheckersUITests.o" "${UI_TEST_FILES[@]}"
printf 'UI tests: %d files compiled against XCTest and the XCUIAutomation stand-in\n' \
    "${#UI_TEST_FILES[@]}" >&2
