#!/usr/bin/env bash
# The Android app's shared Compose UI on the desktop JVM: builds the core, generates the Kotlin
# bindings into target/, then runs the desktop build's tests with Maven: its smoke test (the
# desktop app starts and plays through the real core) and the UI performance probe. The app's
# behaviour is tested on Android's framework (android/robolectric/run.sh). Runnable from
# anywhere; extra arguments go to mvn (e.g. android/desktop/run.sh -Dtest=DesktopSmokeTest).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$ROOT"

# Chinese glyphs for the zh-Hans screens and tests: Skia finds them through fontconfig.
if [[ "$(uname -s)" == Linux ]] && command -v fc-list >/dev/null 2>&1 && ! fc-list :lang=zh | grep -q .; then
  echo "==> installing fonts-noto-cjk (Chinese glyphs)"
  if [[ $(id -u) -eq 0 ]]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq fonts-noto-cjk >/dev/null
elif [[ "$(uname -s)" == Linux ]] && ! command -v fc-list >/dev/null 2>&1; then
  echo "==> installing fontconfig and fonts-noto-cjk (Chinese glyphs)"
  if [[ $(id -u) -eq 0 ]]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq fontconfig fonts-noto-cjk >/dev/null
fi
command -v mvn >/dev/null || { echo "error: Maven (mvn) is needed: apt-get install maven" >&2; exit 1; }

# shellcheck source=scripts/kotlin-bindings.sh
source "$ROOT/scripts/kotlin-bindings.sh"

echo "==> mvn test"
cd "$HERE"
# kotlin-maven-plugin leaves the classes of deleted sources behind: compile afresh.
rm -rf target/classes target/test-classes
# -q hides Maven's chatter; the Surefire logger stays at INFO so that its
# "Tests run: N, Failures: ..." summary is printed (CI reads it). Stray ANSI resets are stripped.
mvn -B -q -Dstyle.color=never \
  -Dorg.slf4j.simpleLogger.log.org.apache.maven.plugin.surefire=info \
  -Dcore.lib.dir="$LIB_DIR" -Dcore.lib.file="$LIB_FILE" \
  test "$@" 2>&1 | sed -u 's/\x1b\[[0-9;]*m//g'
# target/classes now holds the main classes compiled from these sources: play.sh starts from
# them without compiling again while nothing changes.
# shellcheck source=android/desktop/sources-stamp.sh
source "$HERE/sources-stamp.sh"
write_sources_stamp
