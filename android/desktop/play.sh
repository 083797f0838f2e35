#!/usr/bin/env bash
# Builds the core and the desktop build of the app's Compose UI, then opens the game in a window
# (a playable desktop app). Games and settings are kept in ~/.local/share/chinese-checkers.
# Needs a display; extra arguments go to mvn.
#
# The Kotlin is compiled only when a source changed since the last compile (by this script or by
# run.sh): kotlin-maven-plugin would otherwise recompile all of it at every start (about 80 s on
# two cores). PLAY_BUILD_ONLY=1 builds (or finds the build up to date) without opening the window.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$ROOT"
command -v mvn >/dev/null || { echo "error: Maven (mvn) is needed: apt-get install maven" >&2; exit 1; }

# shellcheck source=scripts/kotlin-bindings.sh
source "$ROOT/scripts/kotlin-bindings.sh"
# shellcheck source=android/desktop/sources-stamp.sh
source "$HERE/sources-stamp.sh"

cd "$HERE"
MVN=(mvn -B -q -Dstyle.color=never -Dcore.lib.dir="$LIB_DIR" -Dcore.lib.file="$LIB_FILE")
if classes_up_to_date; then
  echo "==> the desktop app's classes are up to date"
else
  echo "==> compiling the desktop app"
  # kotlin-maven-plugin leaves the classes of deleted sources behind: compile afresh.
  rm -rf target/classes
  "${MVN[@]}" compile
  write_sources_stamp
fi
if [[ "${PLAY_BUILD_ONLY:-0}" == "1" ]]; then
  exit 0
fi
exec "${MVN[@]}" exec:java "$@"
