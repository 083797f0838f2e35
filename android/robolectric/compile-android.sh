#!/usr/bin/env bash
# Compiles the Android app's Kotlin as the Gradle build would, without Gradle or an Android SDK:
# the shared UI (android/ui/src/main/kotlin), the core's generated Kotlin bindings and the app
# layer (android/app/src/main/kotlin, MainActivity and the Application included), with the Compose
# compiler plugin, against the Android 16 framework jar (android-all) and the Android AARs of
# Jetpack Compose, activity-compose, kotlinx-coroutines, OkHttp and JNA at the versions of
# android/gradle/libs.versions.toml (the Compose BOM's versions of ui, foundation, material3).
#
# Then the instrumented tests (android/app/src/androidTest/kotlin) are compiled against the app's
# classes and the test libraries of the catalog (the BOM's ui-test-junit4, AndroidX Test's runner
# and JUnit extension), as Gradle's androidTest variant would; they run only on a device (CI).
#
# It proves that the shared UI uses no desktop-only API and that the versions of the catalog fit
# it. It does not build an APK: resources, the NDK build and packaging need Gradle (R8 is run
# over these classes by r8-check.sh).
#
# Cold (empty ~/.m2): about 10 minutes, mostly fetching some 60 artifacts one by one; warm: about
# 2 minutes. Needs cargo (the core and the bindings are built by scripts/kotlin-bindings.sh),
# Maven, python3 and a JDK (jdk.sh).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ANDROID="$(cd "$HERE/.." && pwd)"
ROOT="$(cd "$ANDROID/.." && pwd)"
WORK="$HERE/target/android-compile"
M2="$HOME/.m2/repository"
# shellcheck source=jdk.sh
source "$HERE/jdk.sh"
command -v mvn >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq maven >/dev/null; }
command -v python3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 >/dev/null; }

# A version from the catalog's [versions] table.
catalog_version() {
  local value
  value="$(sed -n "s/^$1 *= *\"\([^\"]*\)\".*/\1/p" "$ANDROID/gradle/libs.versions.toml" | head -n 1)"
  [[ -n "$value" ]] || { echo "error: no version '$1' in gradle/libs.versions.toml" >&2; exit 1; }
  echo "$value"
}
# Fetches one file with Maven (no dependencies) and prints its local path.
fetch() {
  local group="$1" artifact="$2" version="$3" ext="$4"
  local file="$M2/${group//.//}/$artifact/$version/$artifact-$version.$ext"
  [[ -f "$file" ]] || mvn -B -q dependency:get -Dtransitive=false \
    -Dartifact="$group:$artifact:$version:$ext" >/dev/null 2>&1 || true
  [[ -f "$file" ]] || { echo "error: $group:$artifact:$version:$ext cannot be fetched" >&2; exit 1; }
  echo "$file"
}

KOTLIN="$(catalog_version kotlin)"
BOM_VERSION="$(catalog_version composeBom)"
ACTIVITY_COMPOSE="$(catalog_version activityCompose)"
COROUTINES="$(catalog_version coroutines)"
OKHTTP="$(catalog_version okhttp)"
JNA="$(catalog_version jna)"
TEST_RUNNER="$(catalog_version androidxTestRunner)"
TEST_EXT_JUNIT="$(catalog_version androidxTestExtJunit)"
ANDROID_ALL="$(sed -n 's:.*<android.all.version>\(.*\)</android.all.version>.*:\1:p' "$HERE/pom.xml")"

# The Compose BOM names the version of each Compose library.
BOM="$(fetch androidx.compose compose-bom "$BOM_VERSION" pom)"
bom_version() {
  python3 - "$BOM" "$1" "$2" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://maven.apache.org/POM/4.0.0}"
for dep in ET.parse(sys.argv[1]).getroot().iter(ns + "dependency"):
    if dep.findtext(ns + "groupId") == sys.argv[2] and dep.findtext(ns + "artifactId") == sys.argv[3]:
        print(dep.findtext(ns + "version")); break
else:
    sys.exit(f"error: the Compose BOM has no {sys.argv[2]}:{sys.argv[3]}")
PY
}
COMPOSE_UI="$(bom_version androidx.compose.ui ui)"
COMPOSE_FOUNDATION="$(bom_version androidx.compose.foundation foundation)"
MATERIAL3="$(bom_version androidx.compose.material3 material3)"
UI_TEST_JUNIT4="$(bom_version androidx.compose.ui ui-test-junit4)"

mkdir -p "$WORK"

# --- the core's Kotlin bindings (made as for every Kotlin build) -----------------------------
cd "$ROOT"
# shellcheck source=scripts/kotlin-bindings.sh
source "$ROOT/scripts/kotlin-bindings.sh"

# --- the Android class path -----------------------------------------------------------------
echo "==> resolving the Android libraries (Compose $COMPOSE_UI, Material 3 $MATERIAL3, activity-compose $ACTIVITY_COMPOSE)"
MAIN_ROOTS=(
  "androidx.activity:activity-compose:$ACTIVITY_COMPOSE"
  "androidx.compose.ui:ui:$COMPOSE_UI"
  "androidx.compose.foundation:foundation:$COMPOSE_FOUNDATION"
  "androidx.compose.material3:material3:$MATERIAL3"
  "org.jetbrains.kotlinx:kotlinx-coroutines-android:$COROUTINES"
  "com.squareup.okhttp3:okhttp:$OKHTTP"
  "net.java.dev.jna:jna:$JNA"
)
python3 "$HERE/compile-check/resolve_android_deps.py" "$WORK/not-on-central.txt" "${MAIN_ROOTS[@]}" > "$WORK/libraries.txt"
# The androidTest class path: the app's libraries and the test libraries, resolved together (the
# highest version asked for wins across both, as in Gradle's androidTest variant).
python3 "$HERE/compile-check/resolve_android_deps.py" "$WORK/not-on-central.txt" "${MAIN_ROOTS[@]}" \
  "androidx.compose.ui:ui-test-junit4:$UI_TEST_JUNIT4" \
  "androidx.test:runner:$TEST_RUNNER" \
  "androidx.test.ext:junit:$TEST_EXT_JUNIT" > "$WORK/libraries-android-test.txt"
# One jar per library (an AAR's code is its classes.jar; resources and manifests are Gradle's
# business) in folder $2; prints the class path.
unpack_libraries() {
  local list="$1" dir="$2" n=0 library jar
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
  find "$dir" -name '*.jar' | sort | tr '\n' ':'
}
ANDROID_ALL_JAR="$(fetch org.robolectric android-all "$ANDROID_ALL" jar)"
STDLIB_JAR="$(fetch org.jetbrains.kotlin kotlin-stdlib "$KOTLIN" jar)"
CLASSPATH_LIBS="$(unpack_libraries "$WORK/libraries.txt" "$WORK/classpath")$ANDROID_ALL_JAR:$STDLIB_JAR"
TEST_CLASSPATH_LIBS="$(unpack_libraries "$WORK/libraries-android-test.txt" "$WORK/classpath-android-test")$ANDROID_ALL_JAR:$STDLIB_JAR"

# --- the Kotlin compiler and the Compose compiler plugin ------------------------------------
mkdir -p "$WORK/compiler"
cat > "$WORK/compiler/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>app.chinesecheckers</groupId><artifactId>android-compile-check-compiler</artifactId><version>0</version>
  <dependencies>
    <dependency><groupId>org.jetbrains.kotlin</groupId><artifactId>kotlin-compiler-embeddable</artifactId><version>$KOTLIN</version></dependency>
  </dependencies>
</project>
EOF
(cd "$WORK/compiler" && mvn -B -q dependency:build-classpath -Dmdep.outputFile=classpath.txt >/dev/null 2>&1)
COMPILER_CLASSPATH="$(cat "$WORK/compiler/classpath.txt")"
COMPOSE_PLUGIN="$(fetch org.jetbrains.kotlin kotlin-compose-compiler-plugin-embeddable "$KOTLIN" jar)"

# --- compile ----------------------------------------------------------------------------------
mapfile -t SOURCES < <(find "$ANDROID/ui/src/main/kotlin" "$GEN_DIR" "$ANDROID/app/src/main/kotlin" \
  -name '*.kt' | sort)
echo "==> kotlinc ${#SOURCES[@]} files: shared UI, bindings, app (Kotlin $KOTLIN, API 36, Compose compiler plugin)"
rm -rf "$WORK/classes"
# The JDK's warnings about the compiler's use of sun.misc.Unsafe and System.load (Java 24+) are
# noise here: dropped. Kotlin's own warnings are kept.
"$JAVA_HOME/bin/java" -Xmx3g -cp "$COMPILER_CLASSPATH" org.jetbrains.kotlin.cli.jvm.K2JVMCompiler \
  -no-stdlib -no-reflect -jvm-target 17 -Xplugin="$COMPOSE_PLUGIN" \
  -classpath "$CLASSPATH_LIBS" -d "$WORK/classes" "${SOURCES[@]}" 2>&1 \
  | { grep -v -e '^WARNING: ' -e '^$' || true; }
[[ -f "$WORK/classes/app/chinesecheckers/android/MainActivity.class" ]] \
  || { echo "error: the app's Kotlin did not compile" >&2; exit 1; }

mapfile -t TEST_SOURCES < <(find "$ANDROID/app/src/androidTest/kotlin" -name '*.kt' | sort)
echo "==> kotlinc ${#TEST_SOURCES[@]} instrumented test files (androidTest) against the app and ui-test-junit4 $UI_TEST_JUNIT4, AndroidX Test runner $TEST_RUNNER, ext-junit $TEST_EXT_JUNIT"
rm -rf "$WORK/android-test-classes"
"$JAVA_HOME/bin/java" -Xmx3g -cp "$COMPILER_CLASSPATH" org.jetbrains.kotlin.cli.jvm.K2JVMCompiler \
  -no-stdlib -no-reflect -jvm-target 17 -Xplugin="$COMPOSE_PLUGIN" \
  -classpath "$WORK/classes:$TEST_CLASSPATH_LIBS" -d "$WORK/android-test-classes" "${TEST_SOURCES[@]}" 2>&1 \
  | { grep -v -e '^WARNING: ' -e '^$' || true; }
[[ -n "$(find "$WORK/android-test-classes" -name '*Test.class' 2>/dev/null)" ]] \
  || { echo "error: the instrumented tests did not compile" >&2; exit 1; }

echo "Android compile check passed: ${#SOURCES[@]} Kotlin files and ${#TEST_SOURCES[@]} instrumented test files against Compose $COMPOSE_UI, Material 3 $MATERIAL3, activity-compose $ACTIVITY_COMPOSE, android-all $ANDROID_ALL"
