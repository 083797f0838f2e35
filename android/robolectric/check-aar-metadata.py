#!/usr/bin/env python3
"""What the Android Gradle plugin's checkDebugAarMetadata task checks, checked here: every AAR the
build resolves carries META-INF/com/android/build/gradle/aar-metadata.properties, and the build
must meet what it asks for, or AGP stops before anything is compiled.

For each AAR of the class path lists given (resolve.py's main, android-test, unit-test):
- aarFormatVersion and aarMetadataVersion: a major version this AGP reads (1);
- minCompileSdk: at most the catalog's compileSdk;
- minCompileSdkExtension: 0 (the build sets no compileSdkExtension);
- minAndroidGradlePluginVersion: at most the catalog's agp;
- forceCompileSdkPreview: unset (the build compiles against no preview SDK);
- coreLibraryDesugaringEnabled: unset or false (the build enables no core library desugaring).

Usage: check-aar-metadata.py CATALOG LIST...   (exit 1, naming each AAR and what it asks, on failure)
"""
import re
import sys
import tomllib
import zipfile

METADATA = "META-INF/com/android/build/gradle/aar-metadata.properties"


def version_key(version):
    return [int(p) if p.isdigit() else -1 for p in re.split(r"[.-]", version)]


def properties(text):
    found = {}
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            found[key.strip()] = value.strip()
    return found


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    with open(sys.argv[1], "rb") as f:
        versions = tomllib.load(f)["versions"]
    compile_sdk = int(versions["compileSdk"])
    agp = versions["agp"]
    aars = sorted({line.strip() for name in sys.argv[2:] for line in open(name) if line.strip().endswith(".aar")})
    problems, checked = [], 0
    for aar in aars:
        with zipfile.ZipFile(aar) as z:
            if METADATA not in z.namelist():
                continue
            meta = properties(z.read(METADATA).decode())
        checked += 1
        name = aar.rsplit("/", 1)[-1]
        for key in ("aarFormatVersion", "aarMetadataVersion"):
            if key in meta and version_key(meta[key])[0] > 1:
                problems.append(f"{name}: {key}={meta[key]}, AGP {agp} reads version 1")
        if int(meta.get("minCompileSdk", "1")) > compile_sdk:
            problems.append(f"{name}: minCompileSdk={meta['minCompileSdk']} > compileSdk {compile_sdk}")
        if int(meta.get("minCompileSdkExtension", "0")) > 0:
            problems.append(f"{name}: minCompileSdkExtension={meta['minCompileSdkExtension']}, the build sets none")
        wanted_agp = meta.get("minAndroidGradlePluginVersion")
        if wanted_agp and version_key(wanted_agp) > version_key(agp):
            problems.append(f"{name}: minAndroidGradlePluginVersion={wanted_agp} > agp {agp}")
        if meta.get("forceCompileSdkPreview"):
            problems.append(f"{name}: forceCompileSdkPreview={meta['forceCompileSdkPreview']}, the build compiles against no preview")
        if meta.get("coreLibraryDesugaringEnabled", "false") == "true":
            problems.append(f"{name}: needs core library desugaring, which the build does not enable")
    if problems:
        print(f"error: {len(problems)} AAR metadata requirement(s) not met (AGP's checkDebugAarMetadata would stop the build):",
              file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        sys.exit(1)
    print(f"AAR metadata: {checked} AARs with metadata, all met by compileSdk {compile_sdk} and AGP {agp}")


if __name__ == "__main__":
    main()
