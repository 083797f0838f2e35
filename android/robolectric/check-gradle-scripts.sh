#!/usr/bin/env bash
# Checks the Android Gradle build's scripts without Gradle (none can run here): every .gradle.kts
# under android/ is parsed by the Kotlin compiler's parser (syntax errors, statements that do
# nothing such as a stray name), every libs.… reference is looked up in gradle/libs.versions.toml,
# the plugin ids applied are looked up in the plugin jars buildSrc puts on the class path, the
# app's ABI filters and version are checked to come from buildSrc and app-version.xcconfig, and
# buildSrc's Gradle-free helpers (AndroidAbi, AppVersion, ReleaseSigning) are compiled and run.
#
# buildSrc's Gradle tasks (CargoNdkBuild, UniffiKotlinBindings) are not compiled: the Gradle API
# jar is not on Maven Central (android/README.md, "What is checked here").
#
# About 40 s warm (one kotlinc run and the check); the first run fetches the compiler (~60 MB).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ANDROID="$(cd "$HERE/.." && pwd)"
WORK="$HERE/target/gradle-check"
# shellcheck source=jdk.sh
source "$HERE/jdk.sh"
command -v mvn >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq maven >/dev/null; }

mkdir -p "$WORK"
(cd "$HERE/gradle-check" && mvn -B -q dependency:build-classpath -Dmdep.outputFile="$WORK/classpath.txt" >"$WORK/mvn.log" 2>&1) \
  || { cat "$WORK/mvn.log" >&2; echo "error: the checker's class path (Kotlin compiler, tomlj) cannot be resolved" >&2; exit 1; }
CLASSPATH="$(cat "$WORK/classpath.txt")"

# buildSrc's files that import nothing of Gradle compile here, with the checker that uses them.
mapfile -t HELPERS < <(grep -L '^import org\.gradle' "$ANDROID"/buildSrc/src/main/kotlin/app/chinesecheckers/gradle/*.kt)
rm -rf "$WORK/classes"
echo "==> kotlinc the checker and buildSrc's ${#HELPERS[@]} Gradle-free files ($(basename -a "${HELPERS[@]}" | tr '\n' ' '))"
"$JAVA_HOME/bin/java" -Xmx1g -cp "$CLASSPATH" org.jetbrains.kotlin.cli.jvm.K2JVMCompiler \
  -no-stdlib -no-reflect -jvm-target 17 -Werror -classpath "$CLASSPATH" -d "$WORK/classes" \
  "$HERE/gradle-check/src/GradleScriptCheck.kt" "${HELPERS[@]}" 2>&1 \
  | { grep -v -e '^WARNING: ' -e '^$' || true; }
[[ -f "$WORK/classes/app/chinesecheckers/gradlecheck/GradleScriptCheckKt.class" ]] \
  || { echo "error: the checker did not compile" >&2; exit 1; }

echo "==> checking the Gradle scripts under $ANDROID"
"$JAVA_HOME/bin/java" -Xmx1g -cp "$WORK/classes:$CLASSPATH" app.chinesecheckers.gradlecheck.GradleScriptCheckKt "$ANDROID" 2>&1 \
  | { grep -v -e '^WARNING: ' || true; }
exit "${PIPESTATUS[0]}"
