#!/usr/bin/env bash
# Runs R8 over the compiled app as the release build does, then runs what it kept.
#
# Input, as the Android Gradle plugin feeds R8: the app's classes (shared UI, generated core
# bindings, app layer: compile-android.sh's output) and every dependency's classes (the AARs'
# classes.jar, the jars, kotlin-stdlib) as the program; android-all (API 36) as the library. Rules:
# AGP's proguard-android-optimize.txt (assembled from the AGP jar as AGP does), app/proguard-rules.pro,
# the keep rules aapt2 derives from the manifests (the Activity, the Application, the libraries'
# providers and receivers), each AAR's consumer proguard.txt and the jars' embedded rules
# (META-INF/com.android.tools, else META-INF/proguard). Missing classes are errors (R8's default).
#
# R8 writes class files (--classfile) instead of dex, with one more entry point kept:
# r8-check/ShrunkCoreProbe.kt, compiled against the unshrunk bindings like any app code. It is run
# on the desktop JVM from the shrunk jar, with the host-built core and JNA's desktop dispatcher
# library, and calls the core through the shrunk JNA and bindings (core_version, rule_sets, a
# LocalGame with taps, the AI's async search). A keep rule missing for JNA's Structures and
# callbacks or for the bindings fails here instead of on a phone.
#
# Builds the app with build-app.sh (nothing when it is compiled already). About 1-2 minutes warm.
set -euo pipefail

# shellcheck source=build-app.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/build-app.sh"
COMPILED="$WORK"
WORK="$HERE/target/r8-check"
# The R8 that the catalog's AGP runs: resolve.py fetched it (R8_JAR, its version in the name).
R8_VERSION="$(basename "$R8_JAR" .jar)"
R8_VERSION="${R8_VERSION#r8-}"
STDLIB_JAR="$KOTLIN_STDLIB"
AGP="$(catalog_version agp)"
JNA="$(catalog_version jna)"
RELEASE_CLASSPATH="$(unpack_libraries "$LIBRARIES/release.txt" "$COMPILED/classpath-release")"
rm -rf "$WORK"
mkdir -p "$WORK/rules" "$WORK/program"

# --- the probe, compiled like app code against the unshrunk classes ----------------------------
PROGRAM_JARS=("$COMPILED"/classpath-release/*.jar "$STDLIB_JAR")
LIBS_CP="$(IFS=:; echo "${PROGRAM_JARS[*]}"):$ANDROID_ALL_JAR"
echo "==> kotlinc the probe (r8-check/ShrunkCoreProbe.kt)"
"$JAVA_HOME/bin/java" -Xmx1g -cp "$COMPILER_CLASSPATH" org.jetbrains.kotlin.cli.jvm.K2JVMCompiler \
  -no-stdlib -no-reflect -jvm-target 17 -classpath "$APP_CLASSPATH:$LIBS_CP" \
  -d "$WORK/probe.jar" "$HERE/r8-check/ShrunkCoreProbe.kt" 2>&1 | { grep -v -e '^WARNING: ' -e '^$' || true; }
"$JAVA_HOME/bin/jar" cf "$WORK/program/app-classes.jar" -C "$APP_CLASSES" . -C "$UI_CLASSES" .

# --- the rules ----------------------------------------------------------------------------------
# getDefaultProguardFile("proguard-android-optimize.txt"): AGP writes it from these three parts.
for part in header optimizations common; do
  unzip -p "$AGP_JAR" "com/android/build/gradle/proguard-$part.txt"
  echo
done > "$WORK/rules/proguard-android-optimize.txt"
grep -q -- '-keepclasseswithmembernames' "$WORK/rules/proguard-android-optimize.txt" \
  || { echo "error: proguard-android-optimize.txt could not be assembled from $AGP_JAR" >&2; exit 1; }
cp "$ANDROID/app/proguard-rules.pro" "$WORK/rules/app-proguard-rules.pro"
echo "-keep class app.chinesecheckers.r8check.ShrunkCoreProbe { public static void main(java.lang.String[]); }" \
  > "$WORK/rules/probe.pro"
# Each library's rules (consumer proguard.txt, embedded ones) and aapt2's manifest rules.
python3 - "$WORK/rules" "$R8_VERSION" "$ANDROID/app/src/main/AndroidManifest.xml" "$LIBRARIES/release.txt" "$STDLIB_JAR" <<'PY'
import os, re, sys, zipfile, xml.etree.ElementTree as ET

out, r8_version, app_manifest, libraries, stdlib = sys.argv[1:6]
ANDROID = "{http://schemas.android.com/apk/res/android}"

def version_key(v):
    return [int(p) for p in re.findall(r"\d+", v)]

def embedded_rules(jar):
    """AGP's choice: META-INF/com.android.tools/r8[-from-X][-upto-Y]/ matching R8's version, else
    META-INF/proguard/ (ProGuard-era rules)."""
    names = jar.namelist()
    chosen = []
    for name in names:
        m = re.match(r"META-INF/com\.android\.tools/(r8(?:-from-([^/-]+))?(?:-upto-([^/-]+))?)/[^/]+$", name)
        if m and not name.endswith("/"):
            low, high = m.group(2), m.group(3)
            if (low is None or version_key(low) <= version_key(r8_version)) and \
               (high is None or version_key(r8_version) < version_key(high)):
                chosen.append(name)
    if not chosen and not any(n.startswith("META-INF/com.android.tools/") for n in names):
        chosen = [n for n in names if n.startswith("META-INF/proguard/") and not n.endswith("/")]
    return chosen

def manifest_rules(xml_bytes, namespace=None):
    """aapt2 --proguard: a no-argument constructor kept for every component the system creates."""
    root = ET.fromstring(xml_bytes)
    package = namespace or root.get("package") or ""
    rules = []
    for tag in ("application", "activity", "activity-alias", "service", "receiver", "provider", "instrumentation"):
        for element in root.iter(tag):
            name = element.get(ANDROID + "name") or element.get(ANDROID + "targetActivity")
            if not name:
                continue
            if name.startswith("."):
                name = package + name
            elif "." not in name:
                name = package + "." + name
            rules.append(f"-keep class {name} {{ <init>(); }}")
            if tag == "application" and element.get(ANDROID + "appComponentFactory"):
                rules.append(f"-keep class {element.get(ANDROID + 'appComponentFactory')} {{ <init>(); }}")
    return rules

n = 0
def write(name, text):
    global n
    n += 1
    with open(os.path.join(out, f"{n:03d}-{name}"), "w") as f:
        f.write(text)

manifest = ["# aapt2's rules of the app's manifest and the libraries' manifests (merged by AGP)"]
# The app's namespace (android.namespace in app/build.gradle.kts) resolves its ".Name"s.
manifest += manifest_rules(open(app_manifest, "rb").read(), "app.chinesecheckers.android")
for library in [l.strip() for l in open(libraries) if l.strip()] + [stdlib]:
    base = os.path.basename(library)
    with zipfile.ZipFile(library) as z:
        if library.endswith(".aar"):
            if "proguard.txt" in z.namelist():
                write(base + "-proguard.txt", z.read("proguard.txt").decode())
            if "AndroidManifest.xml" in z.namelist():
                manifest += manifest_rules(z.read("AndroidManifest.xml"))
            if "classes.jar" in z.namelist():
                import io
                with zipfile.ZipFile(io.BytesIO(z.read("classes.jar"))) as classes:
                    for name in embedded_rules(classes):
                        write(base + "-" + name.replace("/", "_"), classes.read(name).decode())
        else:
            for name in embedded_rules(z):
                write(base + "-" + name.replace("/", "_"), z.read(name).decode())
write("manifest.pro", "\n".join(manifest) + "\n")
PY
cat > "$WORK/rules/zz-reports.pro" <<EOF
# Reports kept next to the output, for reading a failure.
-printseeds $WORK/seeds.txt
-printusage $WORK/usage.txt
-printmapping $WORK/mapping.txt
EOF
# android-all leaves java.* and javax.* out (Robolectric runs on a JVM's own); android.jar has
# them. A JDK 17's stand in for them (the oldest Java API close to Android's), after android-all
# so that Android's own classes come first.
JAVA_LIBRARY_HOME="$JAVA_HOME"
for candidate in /usr/lib/jvm/*17*; do
  [[ -x "$candidate/bin/java" && ! -L "$candidate" ]] && { JAVA_LIBRARY_HOME="$candidate"; break; }
done
PG_CONF=()
for rules in "$WORK"/rules/*; do PG_CONF+=(--pg-conf "$rules"); done
echo "==> R8 $R8_VERSION: ${#PROGRAM_JARS[@]} library jars + the app + the probe, $(ls "$WORK/rules" | wc -l) rule files, $(basename "$ANDROID_ALL_JAR" .jar) and $(basename "$JAVA_LIBRARY_HOME")'s java.* as the library"
# No --min-api: R8 refuses it with --classfile (it only shapes dex: desugaring and backports);
# tree shaking, the keep rules and the missing-class checks are the same as for dex.
r8_status=0
"$JAVA_HOME/bin/java" -Xmx2g -cp "$R8_JAR" com.android.tools.r8.R8 \
  --release --classfile --thread-count 2 \
  --lib "$ANDROID_ALL_JAR" --lib "$JAVA_LIBRARY_HOME" --output "$WORK/shrunk.jar" "${PG_CONF[@]}" \
  "$WORK/program/app-classes.jar" "$WORK/probe.jar" "${PROGRAM_JARS[@]}" > "$WORK/r8.log" 2>&1 || r8_status=$?
# Errors in full; R8's notes (rules matching nothing, duplicate META-INF resources) counted only.
grep -E -A3 '^(Error|Missing class|.*CompilationFailedException)' "$WORK/r8.log" | grep -v '^\s*at ' | head -n 60 || true
echo "R8: exit $r8_status, $(grep -c '^Warning' "$WORK/r8.log" || true) warnings, $(grep -c '^Info' "$WORK/r8.log" || true) notes (all in $WORK/r8.log)"
if [[ "$r8_status" != 0 || ! -f "$WORK/shrunk.jar" ]]; then
  echo "error: R8 failed on the release rules (missing classes are errors, as in the release build)" >&2
  exit 1
fi
before="$(cat "$WORK/program/app-classes.jar" "$WORK/probe.jar" "${PROGRAM_JARS[@]}" | wc -c)"
after="$(wc -c < "$WORK/shrunk.jar")"
echo "R8: $((before / 1024)) KB of classes in, $((after / 1024)) KB out"

# --- the shrunk core bindings on the desktop JVM ------------------------------------------------
case "$(uname -m)" in
  x86_64) JNA_PLATFORM=linux-x86-64 ;;
  aarch64) JNA_PLATFORM=linux-aarch64 ;;
  *) echo "error: no JNA desktop library known for $(uname -m)" >&2; exit 1 ;;
esac
# Only the desktop dispatcher library of JNA's jar: its classes are the shrunk ones.
mkdir -p "$WORK/jnidispatch"
unzip -p "$JNA_DESKTOP_JAR" "com/sun/jna/$JNA_PLATFORM/libjnidispatch.so" > "$WORK/jnidispatch/libjnidispatch.so"
echo "==> running the probe from the shrunk classes (JNA $JNA, core $LIB_DIR)"
"$JAVA_HOME/bin/java" -Xmx512m --enable-native-access=ALL-UNNAMED -Djna.nosys=true -Djna.noclasspath=true \
  -Djna.boot.library.path="$WORK/jnidispatch" -Djna.library.path="$LIB_DIR" \
  -cp "$WORK/shrunk.jar" app.chinesecheckers.r8check.ShrunkCoreProbe
echo "R8 check passed: the release rules keep what JNA and the core's bindings need"
