#!/usr/bin/env bash
# The framework suite: the Android app's own tests (android/app/src/test/kotlin, and :ui's plain JVM
# tests in android/ui/src/test/kotlin) on Android's own
# framework, without an Android SDK, emulator or Gradle. The real MainActivity and Application run
# under Robolectric 4.17 (Android 16, native graphics: Android's own drawing, text and fonts), with
# Android's Jetpack Compose, the app's resources and merged manifest, and the real core loaded
# through JNA. Golden screenshots (android/app/src/test/screenshots) are compared by Roborazzi.
#
#     android/robolectric/run.sh                        # every test; goldens compared
#     android/robolectric/run.sh SoloGameTest,Lifecycle*  # some classes (or Class#method)
#     RECORD=1 android/robolectric/run.sh [...]          # re-record the goldens of an intended change
#
# 1. build-app.sh: the libraries resolved in one Maven run (shared with the compile check), the
#    core and its bindings built, the app's Kotlin compiled (skipped when unchanged).
# 2. framework/link_resources.py: the app's and every library's resources compiled and linked with
#    aapt2 (Debian's `aapt` package, installed when missing) into a resources APK, with the app's
#    manifest merged with its libraries' (androidx.startup's initializers, ui-test-manifest's and
#    androidx.test's activities), the R classes, and test_config.properties naming them as AGP's
#    unit tests do (isIncludeAndroidResources).
# 3. The tests compiled against the app's classes and the unit-test class path (Robolectric,
#    Compose's test rules, Roborazzi, JUnit), then run by framework/SuiteRunner.java in one JVM.
#
# A failed golden comparison leaves the new picture and the difference in
# target/framework/roborazzi/ (…_actual.png, …_compare.png).
set -euo pipefail

# shellcheck source=build-app.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/build-app.sh"
FRAMEWORK="$HERE/target/framework"
GOLDENS="$ANDROID/app/src/test/screenshots"

# Chinese glyphs for the zh-Hans screens: Android's text stack under Robolectric falls back to the
# host's fonts (fontconfig) for scripts its own fonts lack.
if command -v apt-get >/dev/null && { ! command -v fc-list >/dev/null || ! fc-list :lang=zh | grep -q .; }; then
  echo "==> installing fontconfig and fonts-noto-cjk (Chinese glyphs)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fontconfig fonts-noto-cjk >/dev/null
fi
if ! command -v aapt2 >/dev/null; then
  echo "==> installing aapt2 (Debian's aapt package)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq aapt >/dev/null
fi

echo "==> linking the resources (aapt2 $(aapt2 version 2>&1 | sed 's/.*(aapt) //'))"
python3 "$HERE/framework/link_resources.py" "$FRAMEWORK/resources" "$ANDROID/app" \
  app.chinesecheckers.android app.chinesecheckers \
  "$(catalog_version minSdk)" "$(catalog_version targetSdk)" \
  "$ANDROID_ALL_RESOURCES_JAR" "$JAVA_HOME" "$LIBRARIES/unit-test.txt"
R_JAR="$FRAMEWORK/resources/r.jar"

UNIT_CLASSPATH="$(unpack_libraries "$LIBRARIES/unit-test.txt" "$WORK/classpath-unit-test")"
# Two test compilations, as Gradle's unit tests of two modules: :ui's own (ui/src/test, which see
# its internals: the zoom arithmetic, the strings, the tones), then :app's (app/src/test: the app
# on the framework).
mapfile -t UI_TEST_SOURCES < <(find "$ANDROID/ui/src/test/kotlin" -name '*.kt' | LC_ALL=C sort)
echo "==> kotlinc ${#UI_TEST_SOURCES[@]} test files of :ui (ui/src/test)"
kotlinc "$FRAMEWORK/ui-test-classes" "$UI_CLASSES:$UNIT_CLASSPATH:$ANDROID_ALL_JAR:$KOTLIN_STDLIB" \
  -module-name ui -Xfriend-paths="$UI_CLASSES" "${UI_TEST_SOURCES[@]}"
mapfile -t TEST_SOURCES < <(find "$ANDROID/app/src/test/kotlin" -name '*.kt' | LC_ALL=C sort)
echo "==> kotlinc ${#TEST_SOURCES[@]} test files of :app (app/src/test) against the app, Robolectric and Compose's test rules"
kotlinc "$FRAMEWORK/test-classes" "$APP_CLASSPATH:$R_JAR:$UNIT_CLASSPATH:$ANDROID_ALL_JAR:$KOTLIN_STDLIB" \
  -module-name app -Xfriend-paths="$APP_CLASSES" "${TEST_SOURCES[@]}"
for classes in "$FRAMEWORK/ui-test-classes" "$FRAMEWORK/test-classes"; do
  [[ -n "$(find "$classes" -name '*Test.class' 2>/dev/null)" ]] \
    || { echo "error: the tests did not compile into ${classes#"$HERE"/}" >&2; exit 1; }
done

# Robolectric runs offline on the instrumented framework jars the resolution fetched.
DEPENDENCIES="$FRAMEWORK/robolectric-deps"
rm -rf "$DEPENDENCIES"
mkdir -p "$DEPENDENCIES"
ln -s "$ANDROID_ALL_INSTRUMENTED_16" "$ANDROID_ALL_INSTRUMENTED_11" "$DEPENDENCIES/"

if [[ "${RECORD:-0}" == "1" ]]; then
  MODE=(-Droborazzi.test.record=true)
  echo "==> recording the goldens into ${GOLDENS#"$ROOT"/}"
else
  MODE=(-Droborazzi.test.verify=true)
fi
rm -rf "$FRAMEWORK/roborazzi"
mkdir -p "$GOLDENS" "$FRAMEWORK/roborazzi"

echo "==> the framework suite (Robolectric $(basename "$(dirname "$(grep '/robolectric/robolectric/' "$LIBRARIES/unit-test.txt")")"), JDK $("$JAVA_HOME/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.version = //p'))"
cd "$ANDROID/app"
# Robolectric on Java 21+ reaches into JDK internals; native graphics loads its own library. The
# android-all jar at the end only lets JUnit load the test classes (as Gradle's compile-only
# framework jar does): Robolectric runs them on its own instrumented copy of the framework.
"$JAVA_HOME/bin/java" -Xmx4g -XX:+UseParallelGC \
  --add-exports java.base/jdk.internal.access=ALL-UNNAMED \
  --add-opens java.base/java.lang=ALL-UNNAMED \
  --add-opens java.base/java.lang.reflect=ALL-UNNAMED \
  --add-opens java.base/java.util=ALL-UNNAMED \
  --add-opens java.base/java.io=ALL-UNNAMED \
  --add-opens java.base/java.nio=ALL-UNNAMED \
  --add-opens java.base/java.net=ALL-UNNAMED \
  --add-opens java.base/jdk.internal.access=ALL-UNNAMED \
  --add-opens java.base/sun.nio.ch=ALL-UNNAMED \
  --add-opens java.desktop/java.awt.font=ALL-UNNAMED \
  --enable-native-access=ALL-UNNAMED \
  -Djava.awt.headless=true \
  -Drobolectric.offline=true -Drobolectric.dependency.dir="$DEPENDENCIES" \
  -Drobolectric.logging.enabled=false \
  -Djna.library.path="$LIB_DIR" \
  -Dgoldens.dir="$GOLDENS" \
  -Dplaythrough.dir="$FRAMEWORK/playthrough" \
  -Droborazzi.compare.output.dir="$FRAMEWORK/roborazzi" \
  -Droborazzi.output.dir="$FRAMEWORK/roborazzi" \
  -Dserver.bin="$TARGET_DIR/debug/chinese-checkers-server" \
  "${MODE[@]}" \
  -cp "$FRAMEWORK/ui-test-classes:$FRAMEWORK/test-classes:$ANDROID/app/src/test/resources:$FRAMEWORK/resources/config:$APP_CLASSPATH:$R_JAR:$UNIT_CLASSPATH:$KOTLIN_STDLIB:$ANDROID_ALL_JAR" \
  "$HERE/framework/SuiteRunner.java" "$FRAMEWORK/ui-test-classes:$FRAMEWORK/test-classes" "${1:-}"
