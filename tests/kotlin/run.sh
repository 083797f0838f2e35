#!/usr/bin/env bash
# Kotlin-on-JVM tests of the UniFFI bindings: build the core, generate the Kotlin bindings,
# run the JUnit 5 tests with Maven. Runnable from anywhere; extra arguments go to mvn
# (e.g. tests/kotlin/run.sh -Dtest=CoreVersionTest).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$ROOT"

# The core, the server and the Kotlin bindings, as every Kotlin build makes them (sets TARGET_DIR,
# LIB_DIR, LIB_FILE; bindings in target/generated-sources/uniffi).
# shellcheck source=scripts/kotlin-bindings.sh
source "$ROOT/scripts/kotlin-bindings.sh"

echo "==> the bindings' records have no unsigned field (scripts/check-signed-records.py)"
python3 "$ROOT/scripts/check-signed-records.py" "$KT"

echo "==> mvn test"
cd "$HERE"
# kotlin-maven-plugin leaves the classes of deleted sources behind: compile afresh.
rm -rf target/classes target/test-classes
# -q hides Maven's chatter; the Surefire logger is kept at INFO so that its
# "Tests run: N, Failures: ..." summary is still printed (CI reads it). Maven 3.8's -q leaves
# stray ANSI resets in batch mode: strip them (pipefail keeps mvn's exit status).
mvn -B -q -Dstyle.color=never \
  -Dorg.slf4j.simpleLogger.log.org.apache.maven.plugin.surefire=info \
  -Dcore.lib.dir="$LIB_DIR" -Dcore.lib.file="$LIB_FILE" \
  -Dserver.bin="$TARGET_DIR/debug/chinese-checkers-server" \
  test "$@" 2>&1 | sed -u 's/\x1b\[[0-9;]*m//g'
