# shellcheck shell=bash
# Builds the Android app's Kotlin as the Gradle build would, without Gradle or an Android SDK.
# Sourced by compile-android.sh (the compile check), run.sh (the framework suite) and r8-check.sh.
#
# 1. Resolves the app's libraries from the version catalog in one Maven run
#    (libraries/resolve.py, with libraries/libraries.lock): the main, androidTest and unit-test
#    class paths and the tools, listed in target/libraries/.
# 2. Builds the core and generates its Kotlin bindings (scripts/kotlin-bindings.sh).
# 3. Compiles the shared UI (android/ui/src/main/kotlin) with the bindings into classes-ui, then the
#    app layer (android/app/src/main/kotlin) into classes, with the Compose compiler plugin against
#    the API 36 framework jar (android-all) and the main class path (target/android-compile/):
#    skipped when nothing they are compiled from changed since (a fingerprint is kept with them).
#
# Sets: HERE ANDROID ROOT WORK LIBRARIES (target/libraries) APP_CLASSES UI_CLASSES APP_CLASSPATH
# (both), MAIN_CLASSPATH, every variable of
# target/libraries/tools.sh (KOTLIN_STDLIB, COMPOSE_PLUGIN, ANDROID_ALL_JAR, COMPILER_CLASSPATH...),
# LIB_DIR/LIB_FILE/GEN_DIR (kotlin-bindings.sh), and the functions unpack_libraries and kotlinc.
# Needs cargo, Maven, python3 and a JDK 21+ (jdk.sh finds or installs one).

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ANDROID="$(cd "$HERE/.." && pwd)"
ROOT="$(cd "$ANDROID/.." && pwd)"
WORK="$HERE/target/android-compile"
LIBRARIES="$HERE/target/libraries"
APP_CLASSES="$WORK/classes"
# shellcheck source=jdk.sh
source "$HERE/jdk.sh"
command -v mvn >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq maven >/dev/null; }
command -v python3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 >/dev/null; }

# A value of the catalog's [versions] table.
catalog_version() {
  local value
  value="$(sed -n "s/^$1 *= *\"\([^\"]*\)\".*/\1/p" "$ANDROID/gradle/libs.versions.toml" | head -n 1)"
  [[ -n "$value" ]] || { echo "error: no version '$1' in gradle/libs.versions.toml" >&2; exit 1; }
  echo "$value"
}

# One jar per library of the list $1 (an AAR's code is its classes.jar) in folder $2, which is
# rebuilt only when the list changed; prints the class path.
unpack_libraries() {
  local list="$1" dir="$2" n=0 library jar
  if [[ ! -f "$dir/.list" ]] || ! cmp -s "$list" "$dir/.list"; then
    rm -rf "$dir"
    mkdir -p "$dir"
    while read -r library; do
      n=$((n + 1))
      jar="$dir/$(printf '%03d' "$n")-$(basename "${library%.*}").jar"
      case "$library" in
        *.aar) unzip -p "$library" classes.jar > "$jar" ;;
        *) cp "$library" "$jar" ;;
      esac
    done < "$list"
    cp "$list" "$dir/.list"
  fi
  find "$dir" -name '*.jar' | sort | tr '\n' ':' | sed 's/:$//'
}

# kotlinc OUT CLASSPATH SOURCES...: the Kotlin compiler with the Compose compiler plugin, Java 17
# bytecode as the Gradle build targets. The JDK's warnings about the compiler's use of
# sun.misc.Unsafe and System.load (Java 24+) are noise here: dropped; Kotlin's own are kept.
kotlinc() {
  local out="$1" classpath="$2"
  shift 2
  rm -rf "$out"
  "$JAVA_HOME/bin/java" -Xmx3g -cp "$COMPILER_CLASSPATH" org.jetbrains.kotlin.cli.jvm.K2JVMCompiler \
    -no-stdlib -no-reflect -jvm-target 17 -Xplugin="$COMPOSE_PLUGIN" \
    -classpath "$classpath" -d "$out" "$@" 2>&1 \
    | { grep -v -e '^WARNING: ' -e '^$' || true; }
}

echo "==> resolving the Android libraries (libraries/resolve.py)"
python3 "$HERE/libraries/resolve.py" "$LIBRARIES"
# shellcheck source=/dev/null
source "$LIBRARIES/tools.sh"

# The core's Kotlin bindings (made as for every Kotlin build).
cd "$ROOT"
# shellcheck source=scripts/kotlin-bindings.sh
source "$ROOT/scripts/kotlin-bindings.sh"

MAIN_CLASSPATH="$(unpack_libraries "$LIBRARIES/main.txt" "$WORK/classpath"):$ANDROID_ALL_JAR:$KOTLIN_STDLIB"

# Two compilations, as Gradle's modules: :ui with :core's bindings, then :app against them (so that
# :app, and its tests, see no `internal` declaration of :ui).
mapfile -t UI_SOURCES < <(find "$ANDROID/ui/src/main/kotlin" "$GEN_DIR" -name '*.kt' | LC_ALL=C sort)
mapfile -t APP_SOURCES < <(find "$ANDROID/app/src/main/kotlin" -name '*.kt' | LC_ALL=C sort)
app_fingerprint() {
  { sha256sum "${UI_SOURCES[@]}" "${APP_SOURCES[@]}"; echo "$MAIN_CLASSPATH $COMPOSE_PLUGIN"; } | sha256sum | cut -d' ' -f1
}
UI_CLASSES="$WORK/classes-ui"
# The app's module and the :ui module it depends on: what the app's tests compile and run against.
APP_CLASSPATH="$APP_CLASSES:$UI_CLASSES"
APP_STAMP="$WORK/classes.sha256"
if [[ -f "$APP_CLASSES/app/chinesecheckers/android/MainActivity.class" && -f "$APP_STAMP" \
      && "$(cat "$APP_STAMP")" == "$(app_fingerprint)" ]]; then
  echo "==> the app's Kotlin is compiled already ($((${#UI_SOURCES[@]} + ${#APP_SOURCES[@]})) files unchanged)"
else
  rm -f "$APP_STAMP"
  echo "==> kotlinc :ui, ${#UI_SOURCES[@]} files: the shared UI and the core's bindings (Compose $COMPOSE_UI_VERSION, Material 3 $COMPOSE_MATERIAL3_VERSION, android-all API 36)"
  kotlinc "$UI_CLASSES" "$MAIN_CLASSPATH" -module-name ui "${UI_SOURCES[@]}"
  echo "==> kotlinc :app, ${#APP_SOURCES[@]} files"
  kotlinc "$APP_CLASSES" "$UI_CLASSES:$MAIN_CLASSPATH" -module-name app "${APP_SOURCES[@]}"
  [[ -f "$APP_CLASSES/app/chinesecheckers/android/MainActivity.class" ]] \
    || { echo "error: the app's Kotlin did not compile" >&2; exit 1; }
  app_fingerprint > "$APP_STAMP"
fi
