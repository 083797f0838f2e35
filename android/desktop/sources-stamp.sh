# shellcheck shell=bash
# The fingerprint of everything the desktop app's main classes are compiled from: the shared UI
# (android/ui), the desktop sources, the generated core bindings and the POM. Sourced by play.sh
# and run.sh (which both compile target/classes from exactly these): a compile writes it into
# target/classes, and play.sh starts without compiling while it still matches. kotlin-maven-plugin
# has no up-to-date check of its own and recompiles everything on every `compile`.
#
# Needs HERE (android/desktop), ROOT (the repository) and GEN_DIR (from kotlin-bindings.sh).

SOURCES_STAMP="$HERE/target/classes/.sources.sha256"

sources_fingerprint() {
  {
    find "$ROOT/android/ui/src/main" "$HERE/src/main" "$GEN_DIR" -type f -print0 \
      | LC_ALL=C sort -z | xargs -0 sha256sum
    sha256sum "$HERE/pom.xml"
  } | sha256sum | cut -d' ' -f1
}

# True when target/classes was compiled from the sources as they are now.
classes_up_to_date() {
  [[ -f "$SOURCES_STAMP" ]] && [[ "$(cat "$SOURCES_STAMP")" == "$(sources_fingerprint)" ]]
}

# After a successful compile: remember what target/classes was compiled from.
write_sources_stamp() {
  sources_fingerprint > "$SOURCES_STAMP"
}
