#!/usr/bin/env bash
# Robolectric tests of the Android-only layer (android/app/src/main/kotlin/.../android): compiles
# the parts that need no Jetpack Compose AAR against the API 36 `android-all` jar and runs them
# under Robolectric 4.17 on the JVM. No Android SDK, NDK or Gradle is needed.
#
# Robolectric 4.17 needs Java 21 or newer. The JDK is taken from, in order: $ROBOLECTRIC_JAVA_HOME,
# $JAVA_HOME, the newest JDK 21+ under /usr/lib/jvm; on Debian without one, the script installs
# openjdk-21-jdk-headless when the configured suites offer it (trixie does, bookworm does not).
# Maven is installed from Debian when missing. Extra arguments go to mvn (e.g. -Dtest=AndroidPlatformTest).
# The first run downloads Robolectric and its Android 16 and 11 framework jars (about 550 MB) into ~/.m2.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=jdk.sh
source "$HERE/jdk.sh"

if ! command -v mvn >/dev/null; then
  echo "==> installing Maven"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq maven >/dev/null
fi

PLATFORM_KT="$HERE/../ui/src/main/kotlin/app/chinesecheckers/ui/platform/Platform.kt"
[[ -f "$PLATFORM_KT" ]] || { echo "error: $PLATFORM_KT is missing (the shared UI's Platform interface)" >&2; exit 1; }

echo "==> mvn test (JDK: $JAVA_HOME)"
cd "$HERE"
# kotlin-maven-plugin leaves the classes of deleted sources behind: compile afresh.
rm -rf target/classes target/test-classes
# -q hides Maven's chatter; Surefire's logger stays at INFO so that its
# "Tests run: N, Failures: F, Errors: E" summary is printed. Maven 3.8's -q leaves stray ANSI
# resets in batch mode: strip them (pipefail keeps mvn's exit status). The JDK's own warnings
# about Maven's use of sun.misc.Unsafe (Java 24+) are noise here: dropped.
mvn -B -q -Dstyle.color=never \
  -Dorg.slf4j.simpleLogger.log.org.apache.maven.plugin.surefire=info \
  test "$@" 2>&1 \
  | sed -u 's/\x1b\[[0-9;]*m//g' \
  | grep -v --line-buffered -e '^WARNING: .*sun\.misc\.Unsafe' -e '^WARNING: Please consider reporting this to the maintainers of class com.google.common' -e '^WARNING: A terminally deprecated method in sun.misc.Unsafe'
