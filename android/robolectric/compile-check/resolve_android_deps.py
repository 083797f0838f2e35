#!/usr/bin/env python3
"""Resolves the Android class path of a few androidx libraries from Maven Central, as Gradle would.

Maven cannot resolve Jetpack's Android artifacts itself: their POMs pin exact version ranges
that conflict, and name Kotlin Multiplatform "root" artifacts (androidx.compose.ui:ui) whose
Android code is in a sibling artifact (ui-android, an AAR). This walks the POMs instead: each
root is replaced by its -android (else -jvm) artifact, and of the versions asked for, the highest
wins (Gradle's rule). Artifacts are fetched with `mvn dependency:get`, one at a time, into ~/.m2.

Usage: resolve_android_deps.py CACHE_FILE group:artifact:version...
Prints one local file (.aar or .jar) per line. CACHE_FILE remembers the coordinates Maven
Central does not have, so that a second run asks nothing.
"""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

M2 = os.path.expanduser("~/.m2/repository")
NS = "{http://maven.apache.org/POM/4.0.0}"


def local_path(group, artifact, version, ext):
    return os.path.join(M2, *group.split("."), artifact, version, f"{artifact}-{version}.{ext}")


class Fetcher:
    """Fetches single files with Maven, remembering what is not there."""

    def __init__(self, cache_file):
        self.cache_file = cache_file
        self.missing = set()
        if os.path.exists(cache_file):
            with open(cache_file) as f:
                self.missing = {line.strip() for line in f if line.strip()}

    def get(self, group, artifact, version, ext):
        path = local_path(group, artifact, version, ext)
        if os.path.exists(path):
            return path
        coordinates = f"{group}:{artifact}:{version}:{ext}"
        if coordinates in self.missing:
            return None
        subprocess.run(
            ["mvn", "-B", "-q", "dependency:get", "-Dtransitive=false", f"-Dartifact={coordinates}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
        )
        if os.path.exists(path):
            return path
        self.missing.add(coordinates)
        with open(self.cache_file, "a") as f:
            f.write(coordinates + "\n")
        return None


def version_key(version):
    """Orders versions: numbers numerically, a release after its pre-releases (1.2.0 > 1.2.0-rc01)."""
    parts = [(1, int(p), "") if p.isdigit() else (0, 0, p) for p in re.split(r"[.-]", version)]
    return parts if "-" in version else parts + [(2, 0, "")]


def pom_dependencies(pom_file):
    """The compile and runtime dependencies a POM declares (not its dependencyManagement)."""
    root = ET.parse(pom_file).getroot()
    found = []
    section = root.find(NS + "dependencies")
    if section is None:
        return found
    for dep in section.findall(NS + "dependency"):
        scope = dep.findtext(NS + "scope", "compile")
        if scope in ("test", "provided", "system") or dep.findtext(NS + "optional") == "true":
            continue
        version = dep.findtext(NS + "version")
        if not version or "${" in version:
            continue
        # "[1.2.0]" and "[1.2.0,)" both mean 1.2.0 here: the highest asked for wins anyway.
        version = version.strip("[]() ").split(",")[0]
        found.append((dep.findtext(NS + "groupId"), dep.findtext(NS + "artifactId"), version))
    return found


def resolve(roots, fetcher):
    explored = {}  # (group, root artifact name) -> highest version explored
    chosen = {}  # (group, artifact) -> (version, file)
    queue = list(roots)
    while queue:
        group, artifact, version = queue.pop(0)
        if group == "org.jetbrains.kotlin" and artifact.startswith("kotlin-stdlib"):
            continue  # the compiler's own standard library is on the class path
        base = re.sub(r"-(android|jvm)$", "", artifact)
        if (group, base) in explored and version_key(version) <= version_key(explored[(group, base)]):
            continue
        explored[(group, base)] = version
        candidates = [artifact] if artifact != base else [base + "-android", base + "-jvm", base]
        for candidate in candidates:
            pom = fetcher.get(group, candidate, version, "pom")
            if not pom:
                continue
            library = fetcher.get(group, candidate, version, "aar") or fetcher.get(group, candidate, version, "jar")
            if not library:
                continue
            key = (group, candidate)
            if key not in chosen or version_key(version) > version_key(chosen[key][0]):
                chosen[key] = (version, library)
            queue.extend(pom_dependencies(pom))
            break
        else:
            print(f"warning: {group}:{artifact}:{version} not found (tried {', '.join(candidates)})", file=sys.stderr)
    return [library for _, (_, library) in sorted(chosen.items())]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    roots = []
    for coordinates in sys.argv[2:]:
        parts = coordinates.split(":")
        if len(parts) != 3:
            sys.exit(f"error: '{coordinates}' is not group:artifact:version")
        roots.append(tuple(parts))
    for library in resolve(roots, Fetcher(sys.argv[1])):
        print(library)


if __name__ == "__main__":
    main()
