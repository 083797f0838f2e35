#!/usr/bin/env python3
"""Resolves the Android app's libraries from Maven Central as Gradle would, in one Maven run.

Four class paths, from the version catalog (android/gradle/libs.versions.toml):
  release      the app's libraries (:app, :ui, :core) in the release build (R8's input);
  main         the same with the debug build's (Compose's tooling and test manifest);
  android-test the instrumented tests' (app/src/androidTest), with the app's;
  unit-test    the framework suite's (app/src/test: Robolectric, Compose's test rule,
               Roborazzi), with the app's;
and the tools the scripts run (the Kotlin compiler and the Compose compiler plugin, the Android
framework jars, R8, the Android Gradle plugin's jar).

Maven cannot resolve Jetpack's Android artifacts itself: their POMs pin exact version ranges that
conflict, and name Kotlin Multiplatform "root" artifacts (androidx.compose.ui:ui) whose Android
code is in a sibling artifact (ui-android, an AAR). So the POMs are walked here: each root is
replaced by its -android (else -jvm) artifact, and of the versions asked for, the highest wins
(Gradle's rule). Dependency constraints count too, as in Gradle: an androidx library's POM lists
the other libraries of its group in <dependencyManagement> (Gradle publishes its constraints
there), which raise them to its version when they are in the graph at all.

Speed: every file the walk reads or picks, and every coordinate Maven Central does not have, is
written to libraries.lock beside this script. With a lock that matches the catalog, one Maven run
fetches all of it (Maven downloads in parallel) and the walk then runs on local files only. When
the catalog changed, the walk fetches what it lacks one file at a time (slow, once) and rewrites
the lock: commit it.

Usage: resolve.py OUT_DIR
Writes OUT_DIR/release.txt, main.txt, android-test.txt, unit-test.txt (one local .aar or .jar per line) and
OUT_DIR/tools.sh (shell variables naming the tools' files and the compiler's class path).
"""
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import tomllib
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ANDROID = os.path.abspath(os.path.join(HERE, "..", ".."))
CATALOG = os.path.join(ANDROID, "gradle", "libs.versions.toml")
LOCK = os.path.join(HERE, "libraries.lock")
M2 = os.path.expanduser("~/.m2/repository")
# Where files missing from the lock are fetched from (Maven's default central repository).
CENTRAL = os.environ.get("MAVEN_CENTRAL_URL", "https://repo.maven.apache.org/maven2").rstrip("/")
NS = "{http://maven.apache.org/POM/4.0.0}"

# Robolectric's framework jars, by the SDK they stand for. ANDROID_ALL is the API the app's
# Kotlin is compiled against; Robolectric runs tests on the instrumented jar of each SDK a test
# asks for (robolectric.properties: 36; older ones where a test names them).
ANDROID_ALL = "16-robolectric-13921718"
ANDROID_ALL_INSTRUMENTED = ["16-robolectric-13921718-i7", "11-robolectric-6757853-i7"]
# aapt2 (Debian's, Android 10) links the app's resources against a framework resource table: it
# refuses android-all 16's ("entry offsets overlap") and 11's lacks attr/lStar, which androidx.core
# uses; 13's is read (only its resources.arsc and AndroidManifest.xml are taken).
ANDROID_ALL_RESOURCES = "13-robolectric-9030017"
# The R8 that the catalog's Android Gradle plugin runs (its POM's com.android.tools:r8).
R8 = "9.5.29"


def local_path(group, artifact, version, ext):
    return os.path.join(M2, *group.split("."), artifact, version, f"{artifact}-{version}.{ext}")


def catalog():
    with open(CATALOG, "rb") as f:
        return tomllib.load(f)


def bom_versions(bom_pom):
    """groupId:artifactId -> version, from the Compose BOM's dependencyManagement."""
    versions = {}
    for dep in ET.parse(bom_pom).getroot().iter(NS + "dependency"):
        versions[f"{dep.findtext(NS + 'groupId')}:{dep.findtext(NS + 'artifactId')}"] = dep.findtext(NS + "version")
    return versions


def library_coordinates(cat, name, bom):
    """group:artifact:version of the catalog's library [name] (alias with dashes)."""
    entry = cat["libraries"][name]
    module = entry["module"]
    if "version" in entry:
        ref = entry["version"]
        version = cat["versions"][ref["ref"]] if isinstance(ref, dict) else ref
    else:
        version = bom.get(module)
        if not version:
            sys.exit(f"error: the Compose BOM names no version of {module} (catalog library {name})")
    return f"{module}:{version}"


# The catalog's libraries of each class path (the Gradle build's declarations): :ui's and :core's
# api()/implementation() and :app's implementation (release), with debugImplementation (main: the
# debug build's), androidTestImplementation, testImplementation.
RELEASE = ["activity-compose", "compose-ui", "compose-foundation", "compose-material3",
           "kotlinx-coroutines-android", "okhttp", "jna"]
MAIN = RELEASE + ["compose-ui-tooling", "compose-ui-test-manifest"]
ANDROID_TEST = ["compose-ui-test-junit4", "androidx-test-runner", "androidx-test-ext-junit"]
# JNA is taken as its AAR by the app (build scripts: variantOf(libs.jna) { artifactType("aar") }),
# which carries libjnidispatch.so for Android; the unit tests run on the desktop JVM, where the
# jar's desktop dispatcher libraries load the host-built core.
ARTIFACT_TYPES = {
    "release": {"net.java.dev.jna:jna": "aar"},
    "main": {"net.java.dev.jna:jna": "aar"},
    "android-test": {"net.java.dev.jna:jna": "aar"},
    "unit-test": {"net.java.dev.jna:jna": "jar"},
}
UNIT_TEST = ["compose-ui-test-junit4", "compose-ui-test-manifest", "robolectric", "roborazzi",
             "roborazzi-compose", "junit", "kotlin-test-junit"]


class Fetcher:
    """Local files first; then the lock says what Central lacks; then Central, one file at a time."""

    def __init__(self, absent):
        self.known_absent = set(absent)
        self.absent = set()  # coordinates asked for and not on Central
        self.used = set()  # coordinates read or picked (present files)
        self.fetched_one_by_one = 0

    def get(self, group, artifact, version, ext):
        coordinates = f"{group}:{artifact}:{version}:{ext}"
        path = local_path(group, artifact, version, ext)
        if os.path.exists(path):
            self.used.add(coordinates)
            return path
        if coordinates in self.known_absent:
            self.absent.add(coordinates)
            return None
        self.fetched_one_by_one += 1
        if download(group, artifact, version, ext, path):
            self.used.add(coordinates)
            return path
        self.absent.add(coordinates)
        return None


def download(group, artifact, version, ext, path):
    """Fetches one file from Maven Central into the local repository; False when it is not there.
    (Only when the lock is out of date: a Maven start per file took minutes for the whole walk.)"""
    url = f"{CENTRAL}/{group.replace('.', '/')}/{artifact}/{version}/{artifact}-{version}.{ext}"
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            data = response.read()
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".part", "wb") as f:
        f.write(data)
    os.replace(path + ".part", path)
    return True


def version_key(version):
    """Orders versions: numbers numerically, a release after its pre-releases (1.2.0 > 1.2.0-rc01)."""
    parts = [(1, int(p), "") if p.isdigit() else (0, 0, p) for p in re.split(r"[.-]", version)]
    return parts if "-" in version else parts + [(2, 0, "")]


def plain_version(version):
    # "[1.2.0]" and "[1.2.0,)" both mean 1.2.0 here: the highest asked for wins anyway.
    return version.strip("[]() ").split(",")[0]


class Poms:
    """Reads POMs as Maven models them where a dependency's version is not written out: the
    ${properties} of the POM and its parents, and the versions their <dependencyManagement> and
    the BOMs it imports manage (Gradle fills a missing version the same way)."""

    def __init__(self, fetcher):
        self.fetcher = fetcher
        self.cache = {}

    def load(self, group, artifact, version):
        """(root element, properties, managed versions) of a POM, or None when it is absent."""
        key = (group, artifact, version)
        if key in self.cache:
            return self.cache[key]
        path = self.fetcher.get(group, artifact, version, "pom")
        if not path:
            self.cache[key] = None
            return None
        root = ET.parse(path).getroot()
        props, managed = {}, {}
        parent = root.find(NS + "parent")
        if parent is not None:
            loaded = self.load(parent.findtext(NS + "groupId"), parent.findtext(NS + "artifactId"),
                               parent.findtext(NS + "version"))
            if loaded:
                props.update(loaded[1])
                managed.update(loaded[2])
        props.update({"project.version": version, "version": version, "project.groupId": group,
                      "pom.version": version})
        section = root.find(NS + "properties")
        for child in section if section is not None else []:
            props[child.tag.replace(NS, "")] = (child.text or "").strip()
        section = root.find(NS + "dependencyManagement")
        deps = section.find(NS + "dependencies") if section is not None else None
        for dep in deps.findall(NS + "dependency") if deps is not None else []:
            g = self.expand(dep.findtext(NS + "groupId"), props)
            a = self.expand(dep.findtext(NS + "artifactId"), props)
            v = self.expand(dep.findtext(NS + "version") or "", props)
            if dep.findtext(NS + "scope") == "import" and v:
                bom = self.load(g, a, plain_version(v))
                if bom:
                    for k, mv in bom[2].items():
                        managed.setdefault(k, mv)
            elif v:
                managed[(g, a)] = plain_version(v)
        self.cache[key] = (root, props, managed)
        return self.cache[key]

    @staticmethod
    def expand(text, props):
        if not text:
            return text
        for _ in range(5):
            expanded = re.sub(r"\$\{([^}]+)\}", lambda m: props.get(m.group(1), m.group(0)), text)
            if expanded == text:
                break
            text = expanded
        return text.strip()


def pom_dependencies(model):
    """The compile and runtime dependencies a POM declares (not its dependencyManagement), their
    versions filled from the managed ones where not written."""
    root, props, managed = model
    found = []
    section = root.find(NS + "dependencies")
    if section is None:
        return found
    for dep in section.findall(NS + "dependency"):
        scope = dep.findtext(NS + "scope", "compile")
        if scope in ("test", "provided", "system", "import") or dep.findtext(NS + "optional") == "true":
            continue
        group = Poms.expand(dep.findtext(NS + "groupId"), props)
        artifact = Poms.expand(dep.findtext(NS + "artifactId"), props)
        version = Poms.expand(dep.findtext(NS + "version") or "", props) or managed.get((group, artifact))
        if not version or "${" in version:
            print(f"warning: no version for {group}:{artifact}, a dependency of {root.findtext(NS + 'artifactId')}",
                  file=sys.stderr)
            continue
        found.append((group, artifact, plain_version(version)))
    return found


def pom_constraints(root):
    """The versions a POM's <dependencyManagement> pins (Gradle's published constraints); BOM
    imports are not constraints of this kind."""
    section = root.find(NS + "dependencyManagement")
    found = []
    if section is None or section.find(NS + "dependencies") is None:
        return found
    for dep in section.find(NS + "dependencies").findall(NS + "dependency"):
        version = dep.findtext(NS + "version")
        if dep.findtext(NS + "scope") == "import" or not version or "${" in version:
            continue
        found.append((dep.findtext(NS + "groupId"), dep.findtext(NS + "artifactId"), plain_version(version)))
    return found


def resolve(roots, fetcher, poms, artifact_types):
    """The library files (.aar or .jar) of [roots] and their dependencies, one per library;
    [artifact_types] names the file type of a library where the build asks for one."""
    explored = {}  # (group, root artifact name) -> highest version explored
    chosen = {}  # (group, artifact) -> (version, packaging)
    constraints = {}  # (group, root artifact name) -> highest version a constraint asks for
    queue = list(roots)
    while queue:
        group, artifact, version = queue.pop(0)
        if group == "org.jetbrains.kotlin" and artifact.startswith("kotlin-stdlib"):
            continue  # the compiler's own standard library is on every class path
        base = re.sub(r"-(android|jvm)$", "", artifact)
        pinned = constraints.get((group, base))
        if pinned and version_key(pinned) > version_key(version):
            version = pinned
        if (group, base) in explored and version_key(version) <= version_key(explored[(group, base)]):
            continue
        explored[(group, base)] = version
        candidates = [artifact] if artifact != base else [base + "-android", base + "-jvm", base]
        for candidate in candidates:
            model = poms.load(group, candidate, version)
            if not model:
                continue
            root = model[0]
            packaging = root.findtext(NS + "packaging", "jar")
            key = (group, candidate)
            if key not in chosen or version_key(version) > version_key(chosen[key][0]):
                chosen[key] = (version, packaging)
            queue.extend(pom_dependencies(model))
            for c_group, c_artifact, c_version in pom_constraints(root):
                c_base = re.sub(r"-(android|jvm)$", "", c_artifact)
                if version_key(c_version) > version_key(constraints.get((c_group, c_base), "0")):
                    constraints[(c_group, c_base)] = c_version
                    # Already in the graph at a lower version: explore it again at this one.
                    if (c_group, c_base) in explored and version_key(c_version) > version_key(explored[(c_group, c_base)]):
                        queue.append((c_group, c_artifact, c_version))
            break
        else:
            print(f"warning: {group}:{artifact}:{version} not found (tried {', '.join(candidates)})", file=sys.stderr)
    # One artifact per library: a KMP root explored at a higher version may have chosen its
    # -android artifact while a lower one was chosen before; keep each library's highest.
    best = {}
    for (group, artifact), (version, packaging) in chosen.items():
        key = (group, re.sub(r"-(android|jvm)$", "", artifact))
        if key not in best or version_key(version) > version_key(best[key][1]):
            best[key] = (artifact, version, packaging)
    files = []
    for (group, _), (artifact, version, packaging) in sorted(best.items()):
        if packaging == "pom":
            continue  # a POM-only module (a BOM, a KMP root without code)
        exts = ["aar", "jar"] if packaging == "aar" else ["jar", "aar"]
        if f"{group}:{artifact}" in artifact_types:
            exts = [artifact_types[f"{group}:{artifact}"]]
        for ext in exts:
            path = fetcher.get(group, artifact, version, ext)
            if path:
                files.append(path)
                break
        else:
            sys.exit(f"error: {group}:{artifact}:{version} has neither an .aar nor a .jar on Maven Central")
    return files


def tools(cat):
    """The single files the scripts run or compile against (group, artifact, version, ext)."""
    kotlin = cat["versions"]["kotlin"]
    return {
        "KOTLIN_STDLIB": ("org.jetbrains.kotlin", "kotlin-stdlib", kotlin, "jar"),
        "COMPOSE_PLUGIN": ("org.jetbrains.kotlin", "kotlin-compose-compiler-plugin-embeddable", kotlin, "jar"),
        "ANDROID_ALL_JAR": ("org.robolectric", "android-all", ANDROID_ALL, "jar"),
        "ANDROID_ALL_RESOURCES_JAR": ("org.robolectric", "android-all", ANDROID_ALL_RESOURCES, "jar"),
        # JNA's plain jar: its desktop dispatcher libraries run the host-built core on the JVM
        # (the AAR on the app's class path carries the Android ones): R8's probe runs on it.
        "JNA_DESKTOP_JAR": ("net.java.dev.jna", "jna", cat["versions"]["jna"], "jar"),
        "R8_JAR": ("com.android.tools", "r8", R8, "jar"),
        "AGP_JAR": ("com.android.tools.build", "gradle", cat["versions"]["agp"], "jar"),
    } | {
        f"ANDROID_ALL_INSTRUMENTED_{v.split('-')[0]}": ("org.robolectric", "android-all-instrumented", v, "jar")
        for v in ANDROID_ALL_INSTRUMENTED
    }


def read_lock():
    """(fingerprint, present coordinates, absent coordinates) of libraries.lock."""
    if not os.path.exists(LOCK):
        return None, [], []
    fingerprint, present, absent = None, [], []
    with open(LOCK) as f:
        for line in f:
            line = line.strip()
            if line.startswith("# roots "):
                fingerprint = line.split()[2]
            elif line.startswith("absent "):
                absent.append(line.split()[1])
            elif line and not line.startswith("#"):
                present.append(line)
    return fingerprint, present, absent


def write_lock(fingerprint, present, absent):
    with open(LOCK, "w") as f:
        f.write("# Every file the Android class paths' resolution reads or picks, and (absent) what Maven\n")
        f.write("# Central lacks: written by resolve.py, which fetches it all in one Maven run. Rewritten\n")
        f.write("# when the catalog changes; commit it.\n")
        f.write(f"# roots {fingerprint}\n")
        for c in sorted(present):
            f.write(c + "\n")
        for c in sorted(absent):
            f.write(f"absent {c}\n")


def maven_fetch_all(coordinates, compiler_roots, work):
    """One Maven run: every coordinate (no transitive dependencies) into ~/.m2, and the Kotlin
    compiler's class path (with its dependencies) into work/compiler/classpath.txt."""
    def dep(c, exclude_all):
        g, a, v, ext = c.split(":")
        exclusions = ("<exclusions><exclusion><groupId>*</groupId><artifactId>*</artifactId>"
                      "</exclusion></exclusions>") if exclude_all else ""
        return (f"<dependency><groupId>{g}</groupId><artifactId>{a}</artifactId><version>{v}</version>"
                f"<type>{ext}</type>{exclusions}</dependency>")

    def module(name, deps):
        os.makedirs(os.path.join(work, name), exist_ok=True)
        with open(os.path.join(work, name, "pom.xml"), "w") as f:
            f.write('<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>'
                    f'<groupId>app.chinesecheckers.resolve</groupId><artifactId>{name}</artifactId><version>0</version>'
                    f'<dependencies>{"".join(deps)}</dependencies></project>\n')

    module("files", [dep(c, True) for c in sorted(coordinates)])
    module("compiler", [dep(c, False) for c in compiler_roots])
    with open(os.path.join(work, "pom.xml"), "w") as f:
        f.write('<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>'
                '<groupId>app.chinesecheckers.resolve</groupId><artifactId>all</artifactId><version>0</version>'
                '<packaging>pom</packaging><modules><module>files</module><module>compiler</module></modules>'
                '</project>\n')
    result = subprocess.run(
        ["mvn", "-B", "-q", "-f", os.path.join(work, "pom.xml"), "dependency:build-classpath",
         "-Dmdep.outputFile=classpath.txt", "-Dmdep.includeScope=runtime"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False,
    )
    if result.returncode != 0:
        print(result.stdout[-4000:], file=sys.stderr)
        print("warning: the one Maven run failed; the files it did not fetch are fetched one by one",
              file=sys.stderr)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    cat = catalog()
    kotlin = cat["versions"]["kotlin"]
    bom_coordinates = library_coordinates(cat, "compose-bom", {})
    group, artifact, version = bom_coordinates.split(":")
    configurations = {"release": RELEASE, "main": MAIN, "android-test": MAIN + ANDROID_TEST, "unit-test": MAIN + UNIT_TEST}
    tool_files = tools(cat)
    compiler_roots = [f"org.jetbrains.kotlin:kotlin-compiler-embeddable:{kotlin}:jar"]
    # The lock matches when the catalog's roots, the tools and this script's constants are the same.
    fingerprint_text = repr((sorted(cat["versions"].items()), sorted((k, str(v)) for k, v in cat["libraries"].items()),
                             configurations, sorted(tool_files.items()), compiler_roots))
    fingerprint = hashlib.sha256(fingerprint_text.encode()).hexdigest()[:16]
    locked_fingerprint, present, absent = read_lock()

    bom_file = f"{group}:{artifact}:{version}:pom"
    wanted = set(present) | {bom_file} | {":".join(t) for t in tool_files.values()}
    with tempfile.TemporaryDirectory() as work:
        missing = [c for c in wanted if not os.path.exists(local_path(*c.split(":")))]
        compiler_cp = os.path.join(out, "compiler-classpath.txt")
        if missing or not os.path.exists(compiler_cp):
            print(f"==> one Maven run: {len(missing)} files to fetch, and the Kotlin compiler", file=sys.stderr)
            maven_fetch_all(missing or [bom_file], compiler_roots, work)
            produced = os.path.join(work, "compiler", "classpath.txt")
            if os.path.exists(produced):
                os.replace(produced, compiler_cp)
        if not os.path.exists(compiler_cp):
            sys.exit("error: the Kotlin compiler's class path could not be resolved (mvn dependency:build-classpath)")

    fetcher = Fetcher(absent)
    poms = Poms(fetcher)
    bom = bom_versions(fetcher.get(group, artifact, version, "pom") or sys.exit(f"error: no {bom_coordinates}"))
    for name, libraries in configurations.items():
        roots = [tuple(library_coordinates(cat, lib, bom).split(":")) for lib in libraries]
        files = resolve(roots, fetcher, poms, ARTIFACT_TYPES[name])
        with open(os.path.join(out, f"{name}.txt"), "w") as f:
            f.write("".join(p + "\n" for p in files))
    with open(os.path.join(out, "tools.sh"), "w") as f:
        f.write("# Written by android/robolectric/libraries/resolve.py.\n")
        for name, (g, a, v, ext) in sorted(tool_files.items()):
            path = fetcher.get(g, a, v, ext)
            if not path:
                sys.exit(f"error: {g}:{a}:{v}:{ext} cannot be fetched from Maven Central")
            f.write(f"{name}='{path}'\n")
        with open(compiler_cp) as c:
            f.write(f"COMPILER_CLASSPATH='{c.read().strip()}'\n")
        f.write(f"COMPOSE_BOM_VERSION='{version}'\n")
        for lib in ["compose-ui", "compose-material3", "compose-ui-test-junit4"]:
            f.write(f"{lib.upper().replace('-', '_')}_VERSION='{library_coordinates(cat, lib, bom).split(':')[2]}'\n")

    used = fetcher.used - {":".join(t) for t in tool_files.values()}
    if locked_fingerprint != fingerprint or used != set(present) or fetcher.absent != set(absent):
        write_lock(fingerprint, used, fetcher.absent)
        print(f"note: {os.path.relpath(LOCK, ANDROID)} was rewritten for the catalog's versions "
              f"({fetcher.fetched_one_by_one} files fetched one by one): commit it", file=sys.stderr)


if __name__ == "__main__":
    main()
