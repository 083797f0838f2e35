#!/usr/bin/env bash
# The Android compile check: what a Gradle build of the app checks before and while compiling,
# checked without Gradle or an Android SDK.
#
# 1. build-app.sh: the libraries of the version catalog resolved in one Maven run, the core's
#    bindings generated, and the app's Kotlin (the shared UI, the bindings, app/src/main) compiled
#    with the Compose compiler plugin against the Android 16 framework jar (android-all) and the
#    Android AARs of Compose, activity-compose, the coroutines, OkHttp and JNA.
# 2. check-aar-metadata.py: every resolved AAR's aar-metadata.properties against the catalog's
#    compileSdk and AGP version (AGP's checkDebugAarMetadata refuses the build otherwise).
# 3. The instrumented tests (app/src/androidTest) compiled against the app's classes and the
#    androidTest class path (the BOM's ui-test-junit4, AndroidX Test's runner and JUnit
#    extension), as Gradle's androidTest variant would; they run only on a device (CI).
#
# It proves that the shared UI uses no desktop-only API and that the catalog's versions fit it and
# each other. The framework suite (run.sh) runs what this compiles.
set -euo pipefail

# shellcheck source=build-app.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/build-app.sh"

echo "==> AAR metadata (AGP's checkDebugAarMetadata)"
python3 "$HERE/check-aar-metadata.py" "$ANDROID/gradle/libs.versions.toml" \
  "$LIBRARIES/main.txt" "$LIBRARIES/android-test.txt" "$LIBRARIES/unit-test.txt"

ANDROID_TEST_CLASSPATH="$(unpack_libraries "$LIBRARIES/android-test.txt" "$WORK/classpath-android-test"):$ANDROID_ALL_JAR:$KOTLIN_STDLIB"
mapfile -t TEST_SOURCES < <(find "$ANDROID/app/src/androidTest/kotlin" -name '*.kt' | LC_ALL=C sort)
echo "==> kotlinc ${#TEST_SOURCES[@]} instrumented test files (androidTest) against the app and ui-test-junit4 $COMPOSE_UI_TEST_JUNIT4_VERSION"
kotlinc "$WORK/android-test-classes" "$APP_CLASSPATH:$ANDROID_TEST_CLASSPATH" -module-name app -Xfriend-paths="$APP_CLASSES" "${TEST_SOURCES[@]}"
[[ -n "$(find "$WORK/android-test-classes" -name '*Test.class' 2>/dev/null)" ]] \
  || { echo "error: the instrumented tests did not compile" >&2; exit 1; }

echo "Android compile check passed: $((${#UI_SOURCES[@]} + ${#APP_SOURCES[@]})) Kotlin files and ${#TEST_SOURCES[@]} instrumented test files against Compose $COMPOSE_UI_VERSION, Material 3 $COMPOSE_MATERIAL3_VERSION, android-all $(basename "$ANDROID_ALL_JAR" .jar)"
