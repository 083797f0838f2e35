#!/usr/bin/env bash
# Runs the Swift suite on Linux, in one command:
#
#     tests/swift/run.sh            (as root, on Debian bookworm)
#
# The Swift code lives in the iOS app's local package, ios/ChineseCheckersKit (screen models,
# online client, persistence, wording of the core's messages, and the tests of the bindings).
# 1. Bootstraps (once) a Debian trixie chroot with swiftlang 6.0.3 at $SWIFT_CHROOT
#    (default /var/cache/chinese-checkers/swift-trixie, outside the repository). Bookworm's glibc
#    is too old for that toolchain, hence the chroot. A marker file makes later runs skip this.
# 2. Builds the core cdylib with the server binary (one cargo call, the features `cargo test`
#    uses) and the bindgen (a second call: building it with the core would merge uniffi's `cli`
#    feature into the core library). The online tests get the server's path in
#    CHINESE_CHECKERS_SERVER_BIN.
# 3. Generates the Swift bindings into ios/ChineseCheckersKit/Sources/ChineseCheckersCore{,FFI}/
#    (git-ignored by ios/.gitignore).
# 4. Lints every Swift file under ios/ (the SwiftUI views and the UI tests included) and the
#    stand-in modules under tests/swift/standin/ with `swift-format lint --strict` and the
#    configuration ios/.swift-format; any finding fails the run.
# 5. Checks the project files with tests/swift/check_ios_project.py (project.yml's version source,
#    Info keys, icon, privacy manifest, scheme; the stand-ins' pin to the workflow's Xcode,
#    their SDK-specific forms and the availability of what the app uses; the iOS workflow).
# 6. Builds the kit (`swift build`) and compiles every Swift file of the app and of its UI tests
#    against it and the type-checking stand-ins for SwiftUI, UIKit, Accessibility and
#    XCUIAutomation (tests/swift/compile-app.sh): Swift 6 mode, complete concurrency checking,
#    warnings as errors. A view calling a kit API that is not public, a wrong argument label or a
#    data race fails here.
# 7. Starts a redis-server on a free loopback port (the server-restart test keeps its games
#    there; its URL goes in CHINESE_CHECKERS_REDIS_URL), runs `swift test` in the package inside
#    the chroot (in a private mount namespace, so the /proc and bind mounts vanish when it ends),
#    stops redis and exits with swift test's status.
#
# Environment: SWIFT_CHROOT (chroot location), DEBIAN_MIRROR (default: the host's own Debian
# mirror, read from its apt sources).
# Extra arguments are passed to `swift test` (e.g. `--filter CoreVersionTests`); `--bootstrap-only`
# alone makes the chroot (step 1) and stops.
# Swift 6 on Linux needs a newer glibc than bookworm has, hence the chroot.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
IOS_DIR="$REPO/ios"
KIT_DIR="$IOS_DIR/ChineseCheckersKit"
ROOT="${SWIFT_CHROOT:-/var/cache/chinese-checkers/swift-trixie}"
# The host's Debian mirror: the first main-archive URI of its apt sources (deb822 or one-line).
host_mirror() {
    local uri
    uri=$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' \
        | grep -v security | head -n 1 || true)
    if [[ -z "$uri" ]]; then
        uri=$(grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
            | awk '{print $2}' | grep -v security | head -n 1 || true)
    fi
    printf '%s' "$uri"
}
MIRROR="${DEBIAN_MIRROR:-$(host_mirror)}"
READY_MARKER="$ROOT/.chinese-checkers-swift-ready"
DEBOOTSTRAP_MARKER="$ROOT/.chinese-checkers-debootstrap-done"

log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

[[ "$(id -u)" -eq 0 ]] || die "run as root (needs debootstrap, chroot and mount namespaces)"
case "$ROOT" in
    /|"") die "refusing SWIFT_CHROOT='$ROOT'" ;;
    /*) ;;
    *) die "SWIFT_CHROOT must be an absolute path" ;;
esac

# Runs "$@" in a private mount namespace, inside the chroot, with /proc mounted (swiftc finds its
# own libraries through /proc/self/exe) and the given host directories bind-mounted at the same
# paths. Usage: in_chroot "<dir> <dir> ..." command args...
in_chroot() {
    local binds="$1"
    shift
    unshare --mount --propagation private -- /bin/bash -euo pipefail -c '
        root="$1"; binds="$2"; shift 2
        mount -t proc proc "$root/proc"
        for d in $binds; do
            mkdir -p "$root$d"
            mount --bind "$d" "$root$d"
        done
        exec chroot "$root" /usr/bin/env -i \
            HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive \
            PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
            "$@"
    ' in_chroot "$ROOT" "$binds" "$@"
}

bootstrap_chroot() {
    if [[ -f "$READY_MARKER" ]]; then
        return
    fi
    log "Bootstrapping the Swift chroot at $ROOT (first run only, a few minutes)"
    if ! command -v debootstrap >/dev/null 2>&1; then
        apt-get update
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends debootstrap
    fi
    if [[ ! -f "$DEBOOTSTRAP_MARKER" ]]; then
        if [[ -d "$ROOT" ]] && [[ -n "$(ls -A "$ROOT")" ]]; then
            # Only clear a directory that is visibly an interrupted debootstrap of ours.
            [[ -d "$ROOT/debootstrap" ]] ||
                die "$ROOT exists, is not empty and is not a partial debootstrap; remove it or set SWIFT_CHROOT"
            if findmnt -rno TARGET | grep -q "^$ROOT/"; then
                die "something is mounted under $ROOT; unmount it first"
            fi
            log "Removing the interrupted bootstrap at $ROOT"
            rm -rf --one-file-system -- "$ROOT"
        fi
        mkdir -p "$ROOT"
        debootstrap --variant=minbase trixie "$ROOT" "$MIRROR"
        touch "$DEBOOTSTRAP_MARKER"
    fi
    # libc6-dev is needed, or the Glibc/Dispatch modules fail to build.
    in_chroot "" apt-get update
    in_chroot "" apt-get install -y --no-install-recommends swiftlang libc6-dev
    in_chroot "" apt-get clean
    in_chroot "" swift --version
    touch "$READY_MARKER"
}

# Serialize concurrent runs of the bootstrap (the test command starts one early, in the
# background, with --bootstrap-only; the suite's own run then waits for it here).
mkdir -p "$(dirname "$ROOT")"
exec 9>"$ROOT.lock"
flock 9
bootstrap_chroot
flock -u 9
if [[ "${1:-}" == "--bootstrap-only" ]]; then
    log "The Swift chroot is ready at $ROOT"
    exit 0
fi

cd "$REPO"
TARGET_DIR="$(cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
[[ -n "$TARGET_DIR" ]] || die "could not find cargo's target directory"
LIB_DIR="$TARGET_DIR/debug"
CORE_LIB="$LIB_DIR/libchinese_checkers_core.so"

log "Building the core library and the server (one build, as cargo test builds them)"
cargo build --profile test -p chinese-checkers-core -p chinese-checkers-server
log "Building the bindgen (separately, so its cli feature stays out of the core)"
cargo build --profile test -p uniffi-bindgen
SERVER_BIN="$LIB_DIR/chinese-checkers-server"
[[ -x "$SERVER_BIN" ]] || die "cargo did not build $SERVER_BIN"

log "Generating the Swift bindings"
GEN_DIR="$(mktemp -d)"
trap 'rm -rf -- "$GEN_DIR"' EXIT
# UniFFI 0.32 detects library mode from the .so itself (`--library` is deprecated). The module
# name comes from uniffi.toml; without --config the files would be named chinese_checkers_core*.
"$LIB_DIR/uniffi-bindgen" generate "$CORE_LIB" --language swift \
    --config "$REPO/uniffi.toml" --no-format --out-dir "$GEN_DIR"
for f in ChineseCheckersCore.swift ChineseCheckersCoreFFI.h ChineseCheckersCoreFFI.modulemap; do
    [[ -f "$GEN_DIR/$f" ]] || die "bindgen did not produce $f (got: $(ls "$GEN_DIR" | tr '\n' ' '))"
done
log "Checking docs/API.md's listing of the exported API against these bindings"
python3 "$REPO/scripts/api-listing.py" "$GEN_DIR/ChineseCheckersCore.swift" --check "$REPO/docs/API.md" ||
    die "docs/API.md's exported listing is out of date"
SRC_DIR="$KIT_DIR/Sources"
mkdir -p "$SRC_DIR/ChineseCheckersCore" "$SRC_DIR/ChineseCheckersCoreFFI"
rm -f "$SRC_DIR/ChineseCheckersCore/"*.swift "$SRC_DIR/ChineseCheckersCoreFFI/"*.h \
    "$SRC_DIR/ChineseCheckersCoreFFI/"*.modulemap
cp "$GEN_DIR/ChineseCheckersCore.swift" "$SRC_DIR/ChineseCheckersCore/"
cp "$GEN_DIR/ChineseCheckersCoreFFI.h" "$SRC_DIR/ChineseCheckersCoreFFI/"
# SwiftPM wants the file named module.modulemap; the generated one is written for Apple platforms
# (`use "Darwin"`) and does not link the library, so write our own.
cat >"$SRC_DIR/ChineseCheckersCoreFFI/module.modulemap" <<'EOF'
module ChineseCheckersCoreFFI {
    header "ChineseCheckersCoreFFI.h"
    link "chinese_checkers_core"
    export *
}
EOF

# Bind-mount the repository (and the target directory, if it lives elsewhere) at the same paths,
# so the rpath below is valid inside the chroot.
BINDS="$REPO"
case "$TARGET_DIR/" in
    "$REPO"/*) ;;
    *) BINDS="$BINDS $TARGET_DIR" ;;
esac

log "Linting every Swift file under ios/ and tests/swift/ (swift-format lint --strict)"
# Debian's swiftlang ships swift-format outside PATH.
SWIFT_FORMAT=/usr/libexec/swift/bin/swift-format
[[ -x "$ROOT$SWIFT_FORMAT" ]] || die "the chroot has no $SWIFT_FORMAT"
# The generated bindings and build products are not ours to format.
mapfile -t SWIFT_FILES < <(find "$IOS_DIR" "$REPO/tests/swift" -name '*.swift' \
    -not -path '*/.build/*' -not -path "$SRC_DIR/ChineseCheckersCore/*" | sort)
[[ ${#SWIFT_FILES[@]} -gt 0 ]] || die "no Swift files found under $IOS_DIR"
in_chroot "$BINDS" "$SWIFT_FORMAT" lint --strict --configuration "$IOS_DIR/.swift-format" \
    "${SWIFT_FILES[@]}" || die "swift-format found problems (fix them: swift-format format -i)"
printf 'swift-format: %d files clean\n' "${#SWIFT_FILES[@]}" >&2

log "Checking the iOS project files (tests/swift/check_ios_project.py)"
python3 -c 'import yaml' 2>/dev/null ||
    die "the project check needs PyYAML (apt-get install -y python3-yaml, or pip install pyyaml)"
python3 "$REPO/tests/swift/check_ios_project.py"

# The same flags as `swift test` below, so that it reuses this build.
SWIFT_BUILD_FLAGS=(-Xlinker -L"$LIB_DIR" -Xlinker -rpath -Xlinker "$LIB_DIR"
    -Xlinker --allow-shlib-undefined)
log "Compiling the app and its UI tests against the kit and the stand-ins (Swift 6)"
in_chroot "$BINDS" /bin/sh -c 'cd "$1" && shift && swift build "$@"' sh "$KIT_DIR" \
    "${SWIFT_BUILD_FLAGS[@]}"
KIT_BIN="$(in_chroot "$BINDS" /bin/sh -c 'cd "$1" && swift build --show-bin-path' sh "$KIT_DIR")"
in_chroot "$BINDS" "$REPO/tests/swift/compile-app.sh" "$KIT_BIN" "$KIT_DIR/.build/standin"

# A redis-server for the server-restart test: the games must outlive the server process. It is
# the host's (the chroot has none); the test reaches it on 127.0.0.1.
command -v redis-server >/dev/null 2>&1 ||
    die "redis-server is needed by the online tests (apt-get install -y redis-server)"
REDIS_PORT=""
REDIS_PID=""
for _ in $(seq 1 20); do
    port=$((20000 + RANDOM % 40000))
    # A port something already answers on is skipped (its PONG would not be our redis's).
    redis-cli -p "$port" ping >/dev/null 2>&1 && continue
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
        --daemonize no --loglevel warning >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 50); do
        if redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; then
            REDIS_PORT=$port
            REDIS_PID=$pid
            break 2
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
done
[[ -n "$REDIS_PORT" ]] || die "could not start redis-server on a loopback port"
# Stop redis and reap it (an unreaped child would stay a zombie under this container's init).
trap 'kill "$REDIS_PID" 2>/dev/null || true; wait "$REDIS_PID" 2>/dev/null || true
      rm -rf -- "$GEN_DIR"' EXIT

log "Running swift test in the chroot"
# --allow-shlib-undefined: Debian's 6.0.3 libswiftObservation.so has one unresolved internal symbol.
# The chroot's environment is reset (env -i): the server's path and redis's URL go in by name.
# Both run on the host's network (127.0.0.1 only).
in_chroot "$BINDS" CHINESE_CHECKERS_SERVER_BIN="$SERVER_BIN" \
    CHINESE_CHECKERS_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/" \
    /bin/sh -c 'cd "$1" && shift && exec swift test "$@"' sh "$KIT_DIR" \
    "${SWIFT_BUILD_FLAGS[@]}" "$@"
