#!/usr/bin/env python3
"""Resolves the Android class path of a few androidx libraries from Maven Central, as Gradle would.

Maven cannot resolve Jetpack's Android artifacts itself: their POMs pin exact version ranges
that conflict, and name Kotlin Multiplatform "root" artifacts (androidx.compose.ui:ui) whose
Android code is in a sibling artifact (ui-android, an AAR). This walks the POMs instead: each
root is replaced by its -android (else -jvm) artifact, and of the versions asked for, the highest
wins (Gradle's rule). Dependency constraints count too, as in Gradle: an androidx library's POM
lists the other libraries of its group in <dependencyManagement> (Gradle publishes its
constraints there), which raise them to its version when they are in the graph at all (so
activity 1.13.0 takes activity-ktx 1.13.0, whose classes moved into activity, not the 1.7.0 an
older library asks for: the two would hold the same classes twice). Artifacts are fetched with
`mvn dependency:get`, one at a time, into ~/.m2.

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


def pom_constraints(pom_file):
    """The versions a POM's <dependencyManagement> pins (Gradle's published constraints); BOM
    imports are not constraints of this kind."""
    root = ET.parse(pom_file).getroot()
    section = root.find(NS + "dependencyManagement")
    found = []
    if section is None or section.find(NS + "dependencies") is None:
        return found
    for dep in section.find(NS + "dependencies").findall(NS + "dependency"):
        version = dep.findtext(NS + "version")
        if dep.findtext(NS + "scope") == "import" or not version or "${" in version:
            continue
        found.append((dep.findtext(NS + "groupId"), dep.findtext(NS + "artifactId"), version.strip("[]() ").split(",")[0]))
    return found


def resolve(roots, fetcher):
    explored = {}  # (group, root artifact name) -> highest version explored
    chosen = {}  # (group, artifact) -> (version, file)
    constraints = {}  # (group, root artifact name) -> highest version a constraint asks for
    queue = list(roots)
    while queue:
        group, artifact, version = queue.pop(0)
        if group == "org.jetbrains.kotlin" and artifact.startswith("kotlin-stdlib"):
            continue  # the compiler's own standard library is on the class path
        base = re.sub(r"-(android|jvm)$", "", artifact)
        # A constraint on a library in the graph raises the version asked for.
        pinned = constraints.get((group, base))
        if pinned and version_key(pinned) > version_key(version):
            version = pinned
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
            for c_group, c_artifact, c_version in pom_constraints(pom):
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
    for (group, artifact), (version, library) in chosen.items():
        key = (group, re.sub(r"-(android|jvm)$", "", artifact))
        if key not in best or version_key(version) > version_key(best[key][0]):
            best[key] = (version, library)
    return [library for _, (_, library) in sorted(best.items())]


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
