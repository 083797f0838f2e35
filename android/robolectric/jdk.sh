# shellcheck shell=bash
# Sourced by run.sh and compile-android.sh: sets JAVA_HOME to a JDK 21 or newer (Robolectric 4.17
# needs 21+), from $ROBOLECTRIC_JAVA_HOME, $JAVA_HOME or the newest under /usr/lib/jvm; on Debian
# without one, installs openjdk-21-jdk-headless when the configured suites offer it (trixie does,
# bookworm does not); else stops with a clear message.

MIN_JAVA=21

# The major version of the java binary in the JDK at $1 (0 when there is none).
java_major() {
  local version
  [[ -x "$1/bin/java" && -x "$1/bin/javac" ]] || { echo 0; return; }
  version="$("$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = //p')"
  echo "${version%%.*}"
}

find_jdk() {
  local candidate best="" best_major=0 major
  for candidate in "${ROBOLECTRIC_JAVA_HOME:-}" "${JAVA_HOME:-}"; do
    [[ -n "$candidate" ]] || continue
    if (( $(java_major "$candidate") >= MIN_JAVA )); then echo "$candidate"; return; fi
  done
  for candidate in /usr/lib/jvm/*; do
    [[ -d "$candidate" && ! -L "$candidate" ]] || continue
    major="$(java_major "$candidate")"
    if (( major >= MIN_JAVA && major > best_major )); then best="$candidate"; best_major="$major"; fi
  done
  echo "$best"
}

JDK="$(find_jdk)"
if [[ -z "$JDK" ]] && command -v apt-get >/dev/null; then
  echo "==> no JDK $MIN_JAVA+ found; trying Debian's openjdk-21-jdk-headless"
  apt-get update -qq || true
  if apt-cache policy openjdk-21-jdk-headless 2>/dev/null | sed -n 's/^ *Candidate: //p' | grep -qv '(none)'; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-21-jdk-headless >/dev/null
    JDK="$(find_jdk)"
  fi
fi
if [[ -z "$JDK" ]]; then
  cat >&2 <<EOF
error: Robolectric 4.17 needs a JDK $MIN_JAVA or newer, and none was found (JAVA_HOME, /usr/lib/jvm).
Debian bookworm has no JDK 21 package; install one (e.g. Temurin 21/25, or openjdk-21-jdk-headless
from trixie) and point ROBOLECTRIC_JAVA_HOME at it.
EOF
  exit 1
fi
export JAVA_HOME="$JDK"
