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

# A run from a clean checkout gains nothing from incremental compilation, whose caches would
# double the size of target/ (disk is the scarce resource on CI machines).
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

# Each step's wall time, printed at the end (README's test section records them).
TIMES=()
STEP_NAME=""
STEP_START=$SECONDS
step() {
    if [[ -n "$STEP_NAME" ]]; then
        TIMES+=("$(printf '%5ds  %s' $((SECONDS - STEP_START)) "$STEP_NAME")")
    fi
    STEP_NAME="$*"
    STEP_START=$SECONDS
    printf '\n=== %s\n' "$*"
}

# Every runner's output is also kept, to add up one summary line at the end (the last line of
# each runner alone can mislead: cargo's doc-test runs and Swift Testing close on "0 passed").
LOGS="$(mktemp -d)"
# Background fetches (below) do not outlive the command: a failed step stops them, children and all.
kill_tree() {
    local child
    for child in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$child"; done
    kill "$1" 2>/dev/null || true
}
trap 'for job in $(jobs -p); do kill_tree "$job"; done; rm -rf "$LOGS"' EXIT

# The Rust toolchain comes with the machine; make sure its formatter and linter are there.
if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
    rustup component add rustfmt clippy
fi

# What the suites need from Debian, in one apt run: redis-server (the server's Redis tests), nginx
# (the deployed layout, server/tests/deploy.rs), a JDK and Maven (the JVM suites), PyYAML (the
# workflow check), aapt2 and CJK fonts (the Android framework suite), debootstrap (the Swift
# chroot).
missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
{ command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]]; } || missing+=(nginx-light)
{ command -v mvn >/dev/null 2>&1 && command -v javac >/dev/null 2>&1; } || missing+=(default-jdk-headless maven)
python3 -c 'import yaml' 2>/dev/null || missing+=(python3-yaml)
command -v aapt2 >/dev/null 2>&1 || missing+=(aapt)
{ command -v fc-list >/dev/null 2>&1 && fc-list :lang=zh | grep -q .; } || missing+=(fontconfig fonts-noto-cjk)
[[ "${SKIP_SWIFT:-0}" == "1" ]] || command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if (( ${#missing[@]} )); then
    step "installing ${missing[*]} (Debian packages)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# What waits on the network, started now in the background so that it overlaps the Rust build,
# which waits on the CPU: the Swift chroot's bootstrap (its suite waits for it under a lock), and
# the Maven artifacts of the JVM suites — one Maven process at a time (the local repository is
# not safe for concurrent writers), waited for before the first Maven step. Nothing here fails
# the command: each suite fetches again what is missing.
if [[ "${SKIP_SWIFT:-0}" != "1" ]]; then
    tests/swift/run.sh --bootstrap-only > "$LOGS/swift-bootstrap.log" 2>&1 &
fi
(
    mvn -B -q -f tests/kotlin/pom.xml dependency:go-offline
    mvn -B -q -f android/desktop/pom.xml dependency:go-offline
    mvn -B -q -f android/robolectric/gradle-check/pom.xml dependency:go-offline
    python3 android/robolectric/libraries/resolve.py android/robolectric/target/libraries
) > "$LOGS/maven-prefetch.log" 2>&1 &
MAVEN_PREFETCH=$!

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (all targets, warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

# No file of the core, the terminal or the server imports another that imports it back
# (issues #26, #27).
step "import circles (rust-core, cli, server)"
python3 scripts/check-import-circles.py rust-core/src cli/src server/src

# The apps compute no fact the core owns: option values, the board's turn, clock arithmetic,
# when the AI thinks (issue #26; each hit names the file, the line and the fact).
step "app facts (android, ios: nothing the core computes)"
python3 scripts/check-app-facts.py

step "cargo test (workspace)"
cargo test --workspace 2>&1 | tee "$LOGS/cargo.log"

# The Maven artifacts fetched in the background (above) are all in ~/.m2 before Maven runs here.
wait "$MAVEN_PREFETCH" || echo "note: the Maven prefetch failed; the suites fetch what they need"

step "Kotlin bindings suite (JVM, Maven)"
tests/kotlin/run.sh 2>&1 | tee "$LOGS/kotlin.log"

# The desktop build of the app's Compose screens (the playable desktop app): its smoke test and
# the UI's performance probe (the app's behaviour is tested on Android's framework, below).
step "desktop app (Compose for desktop, Maven): smoke test and performance probe"
android/desktop/run.sh 2>&1 | tee "$LOGS/android-ui.log"

# The playable desktop app starts from run.sh's classes: a second start compiles nothing.
step "desktop app: a second start compiles nothing (play.sh)"
android/desktop/check-play-start.sh

# What a Gradle build of the app checks, without Gradle: the libraries of the version catalog
# resolved in one Maven run, every AAR's metadata against compileSdk and the AGP version, all the
# app's Kotlin and its instrumented tests compiled against the real Compose-for-Android and
# AndroidX libraries (needs a JDK 21+: jdk.sh finds or installs one).
step "Android app compile check (Android libraries, AAR metadata, no Gradle)"
android/robolectric/compile-android.sh

# The app's own tests on Android's framework: the real MainActivity and Application under
# Robolectric with native graphics, Android's Compose, the app's resources linked with aapt2, the
# core through JNA; the golden screenshots compared.
step "Android framework suite (the real app under Robolectric, goldens compared)"
android/robolectric/run.sh 2>&1 | tee "$LOGS/android-framework.log"

# The Gradle build's scripts, read by the Kotlin compiler's parser against the version catalog
# and buildSrc (no Gradle can run here): syntax, statements that do nothing, catalog references,
# plugin ids, the ABI filters and the version's single source.
step "Android Gradle scripts check (Kotlin parser, catalog, buildSrc)"
android/robolectric/check-gradle-scripts.sh

# R8 over the compiled app with the release build's rules, then the shrunk core bindings called
# on the JVM: a keep rule missing for JNA or the bindings fails here, not on a phone.
step "Android release shrinking check (R8, shrunk bindings run on the JVM)"
android/robolectric/r8-check.sh

# The Android CI workflow, read against the build: its Gradle tasks, paths and versions.
step "Android CI workflow check (.github/workflows/android.yml)"
python3 scripts/check-android-workflow.py

if [[ "${SKIP_SWIFT:-0}" != "1" ]]; then
    step "Swift bindings suite (Linux, trixie chroot)"
    tests/swift/run.sh 2>&1 | tee "$LOGS/swift.log"
fi

# cargo: "test result: ok. N passed; M failed"; Surefire: the last "Tests run: N, Failures: F,
# Errors: E"; XCTest: "Executed N tests, with F failures" of the "All tests" suite.
passed=0
failed=0
{ read -r p f || true; } < <(grep -h "^test result:" "$LOGS/cargo.log" \
    | awk '{for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i }}
           END { print p + 0, f + 0 }')
passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
# Surefire's summary: the last "Tests run: ..." line that names no class.
for log in kotlin android-ui android-framework; do
    { read -r p f || true; } < <(grep -h "Tests run:" "$LOGS/$log.log" | grep -v " in " | tail -n 1 \
        | sed -E 's/.*Tests run: ([0-9]+), Failures: ([0-9]+), Errors: ([0-9]+).*/\1 \2 \3/' \
        | awk '{ print $1 - $2 - $3, $2 + $3 }')
    passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
done
if [[ -f "$LOGS/swift.log" ]]; then
    { read -r p f || true; } < <(grep -A1 "Test Suite 'All tests'" "$LOGS/swift.log" | grep -h "Executed" | tail -n 1 \
        | sed -E 's/.*Executed ([0-9]+) tests?, with ([0-9]+) failures?.*/\1 \2/' \
        | awk '{ print $1 - $2, $2 }')
    passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
fi

step "all tests passed"
printf '%s\n' "${TIMES[@]}"
printf '%5ds  total\n' "$SECONDS"
echo "tests: ${passed} passed, ${failed} failed"
