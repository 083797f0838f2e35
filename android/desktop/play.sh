#!/usr/bin/env bash
# Builds the core and the desktop build of the app's Compose UI, then opens the game in a window
# (a playable desktop app). Games and settings are kept in ~/.local/share/chinese-checkers.
# Needs a display; extra arguments go to mvn.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$ROOT"
command -v mvn >/dev/null || { echo "error: Maven (mvn) is needed: apt-get install maven" >&2; exit 1; }

# shellcheck source=scripts/kotlin-bindings.sh
source "$ROOT/scripts/kotlin-bindings.sh"

cd "$HERE"
rm -rf target/classes
mvn -B -q -Dstyle.color=never -Dcore.lib.dir="$LIB_DIR" -Dcore.lib.file="$LIB_FILE" \
  compile exec:java "$@"
