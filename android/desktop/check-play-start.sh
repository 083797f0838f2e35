#!/usr/bin/env bash
# Checks that a second start of play.sh compiles nothing: run after run.sh (the test command does),
# whose compile of the same sources left target/classes and its fingerprint. Builds only
# (PLAY_BUILD_ONLY=1): no display needed. Fails if play.sh compiles the Kotlin again, which is what
# made every start take about 80 s.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$(PLAY_BUILD_ONLY=1 "$HERE/play.sh" 2>&1)" || { printf '%s\n' "$out" >&2; exit 1; }
if grep -q "compiling the desktop app" <<<"$out"; then
  printf '%s\n' "$out" >&2
  echo "error: play.sh recompiled the desktop app although no source changed since run.sh" >&2
  exit 1
fi
grep -q "classes are up to date" <<<"$out" || { printf '%s\n' "$out" >&2; echo "error: play.sh said nothing of its classes" >&2; exit 1; }
echo "play.sh: second start compiles nothing"
