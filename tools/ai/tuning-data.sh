#!/bin/sh
# The data recipe of the evaluation's weights (docs/AI.md, "Issue #16"): arena games of a
# baseline build labelled by their results, then the Texel fit of `tune`.
#
# Usage: tools/ai/tuning-data.sh BASELINE_BINARY NEW_BINARY OUT_DIR
#   BASELINE_BINARY  the engine whose games are the data (e.g. a build of commit 60e1985)
#   NEW_BINARY       a build with the `tune` command (this branch)
#   OUT_DIR          where the game files (JSON lines) and the fits are written
# About 25 minutes on one free core; every run is deterministic (node budgets, fixed seeds).
set -eu
if [ $# -ne 3 ]; then
  echo "usage: $0 BASELINE_BINARY NEW_BINARY OUT_DIR" >&2
  exit 2
fi
base=$1
new=$2
out=$3
for exe in "$base" "$new"; do
  if [ ! -x "$exe" ]; then
    echo "error: $exe is not an executable" >&2
    exit 2
  fi
done
mkdir -p "$out"
for rules in tripot classic; do
  "$base" arena --rules "$rules" --a medium --b medium --games 400 --threads 1 --seed 11 \
    --pgn "$out/$rules-mm.jsonl" > "$out/$rules-mm.txt" 2>/dev/null
  "$base" arena --rules "$rules" --a hard --b medium --games 100 --threads 1 --seed 12 \
    --pgn "$out/$rules-hm.jsonl" > "$out/$rules-hm.txt" 2>/dev/null
  "$base" arena --rules "$rules" --a hard --b hard --games 72 --threads 1 --seed 13 \
    --pgn "$out/$rules-hh.jsonl" > "$out/$rules-hh.txt" 2>/dev/null
  "$new" tune "$out/$rules"-*.jsonl | tee "$out/$rules-fit.txt"
done
