#!/usr/bin/env python3
"""Links the app's resources as the Android Gradle plugin would, for the framework suite: a
resources APK and the R classes of the app and of every library, without an Android SDK.

1. Each AAR's res/ is compiled with aapt2 (Debian's `aapt` package) into a .flata, kept in
   OUT/cache between runs (an AAR's content never changes under its file name).
2. The app's res/ is compiled too, with the locale configuration AGP's generateLocaleConfig
   writes (the app's res/values-* languages; res/resources.properties names the default one) and
   the manifest attribute that points at it.
3. The manifest is merged with every library's (merge_manifest.py).
4. aapt2 links it all against the framework's resource table into OUT/app.apk, and writes the
   R.java of the app's namespace and of every library's package (--extra-packages, non-final ids
   as AGP's test tasks have them), compiled into OUT/r.jar.
5. OUT/config/com/android/tools/test_config.properties names the APK and the package, which is
   what Robolectric reads of an AGP build (android_resource_apk, android_custom_package).

Usage: link_resources.py OUT APP_DIR NAMESPACE APPLICATION_ID MIN_SDK TARGET_SDK FRAMEWORK_JAR JAVA_HOME LIBRARIES_TXT
"""
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(args):
    result = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
    # aapt2 2.19 warns of a chunk type it does not know in newer framework tables: harmless.
    lines = [l for l in result.stdout.splitlines() if "Unknown chunk type '200'" not in l and l.strip()]
    if result.returncode != 0:
        print("\n".join(lines), file=sys.stderr)
        sys.exit(f"error: {' '.join(args[:2])} failed ({result.returncode})")
    for line in lines:
        if "warn" in line.lower():
            print(line, file=sys.stderr)


def unpack_aar(aar, cache):
    """(package, manifest path, compiled .flata or None) of one AAR, cached by its file name."""
    name = os.path.basename(aar)[: -len(".aar")]
    folder = os.path.join(cache, name)
    done = os.path.join(folder, ".done")
    if not os.path.exists(done):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        with zipfile.ZipFile(aar) as z:
            members = [m for m in z.namelist() if m == "AndroidManifest.xml" or m.startswith("res/")]
            z.extractall(folder, members)
        res = os.path.join(folder, "res")
        if os.path.isdir(res) and any(os.scandir(res)):
            run(["aapt2", "compile", "--dir", res, "-o", os.path.join(folder, "res.flata")])
        open(done, "w").close()
    manifest = os.path.join(folder, "AndroidManifest.xml")
    package = ET.parse(manifest).getroot().get("package")
    flata = os.path.join(folder, "res.flata")
    return package, manifest, flata if os.path.exists(flata) else None


def locale_config(res_dir, out_res):
    """AGP's generateLocaleConfig: every language of res/values-*, the default one first."""
    with open(os.path.join(res_dir, "resources.properties")) as f:
        default = re.search(r"unqualifiedResLocale\s*=\s*(\S+)", f.read()).group(1)
    locales = [default]
    for entry in sorted(os.listdir(res_dir)):
        m = re.fullmatch(r"values-([a-z]{2,3})(?:-r([A-Z]{2}))?", entry)
        if m:
            locales.append(m.group(1) + (f"-{m.group(2)}" if m.group(2) else ""))
    os.makedirs(os.path.join(out_res, "xml"), exist_ok=True)
    with open(os.path.join(out_res, "xml", "_generated_res_locale_config.xml"), "w") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n'
                '<locale-config xmlns:android="http://schemas.android.com/apk/res/android">\n')
        f.writelines(f'    <locale android:name="{l}"/>\n' for l in locales)
        f.write("</locale-config>\n")
    return locales


def main():
    if len(sys.argv) != 10:
        sys.exit(__doc__)
    out, app_dir, namespace, application_id, min_sdk, target_sdk, framework_jar, java_home, libraries = sys.argv[1:]
    cache = os.path.join(out, "cache")
    os.makedirs(cache, exist_ok=True)
    aars = [l.strip() for l in open(libraries) if l.strip().endswith(".aar")]

    packages, manifests, flatas = [], [], []
    for aar in aars:
        package, manifest, flata = unpack_aar(aar, cache)
        packages.append(package)
        manifests.append(manifest)
        if flata:
            flatas.append(flata)

    # The framework's resource table: only resources.arsc and the manifest of android-all.
    framework = os.path.join(cache, "framework-" + os.path.basename(framework_jar)[:-4] + ".zip")
    if not os.path.exists(framework):
        with zipfile.ZipFile(framework_jar) as src, zipfile.ZipFile(framework + ".tmp", "w") as dst:
            for member in ("resources.arsc", "AndroidManifest.xml"):
                dst.writestr(member, src.read(member))
        os.replace(framework + ".tmp", framework)

    # The app's resources, with the generated locale configuration; resources.properties is
    # AGP's input, not a resource.
    res = os.path.join(app_dir, "src", "main", "res")
    build = os.path.join(out, "build")
    shutil.rmtree(build, ignore_errors=True)
    generated_res = os.path.join(build, "generated-res")
    locales = locale_config(res, generated_res)
    app_res = os.path.join(build, "app-res")
    shutil.copytree(res, app_res, ignore=shutil.ignore_patterns("resources.properties"))
    run(["aapt2", "compile", "--dir", app_res, "-o", os.path.join(build, "app.flata")])
    run(["aapt2", "compile", "--dir", generated_res, "-o", os.path.join(build, "generated.flata")])

    # The manifest: the app's, pointing at the locale configuration, merged with the libraries'.
    app_manifest = os.path.join(build, "AndroidManifest.app.xml")
    tree = ET.parse(os.path.join(app_dir, "src", "main", "AndroidManifest.xml"))
    android = "{http://schemas.android.com/apk/res/android}"
    tree.getroot().find("application").set(android + "localeConfig", "@xml/_generated_res_locale_config")
    tree.write(app_manifest, encoding="utf-8", xml_declaration=True)
    merged = os.path.join(out, "AndroidManifest.xml")
    subprocess.run([sys.executable, os.path.join(HERE, "merge_manifest.py"), app_manifest, namespace,
                    application_id, merged, *manifests], check=True)
    # <queries> (package visibility, Android 11) is newer than Debian's aapt2 (Android 10), which
    # refuses it; androidx.test's runner declares one for its orchestrator, which Robolectric
    # neither has nor needs. Left out of the linked manifest only.
    tree = ET.parse(merged)
    for queries in tree.getroot().findall("queries"):
        tree.getroot().remove(queries)
    tree.write(merged, encoding="utf-8", xml_declaration=True)

    apk = os.path.join(out, "app.apk")
    gen = os.path.join(build, "r-java")
    extra = sorted({p for p in packages if p != namespace})
    run(["aapt2", "link", "-o", apk, "-I", framework, "--manifest", merged,
         "--min-sdk-version", min_sdk, "--target-sdk-version", target_sdk,
         "--auto-add-overlay", "--non-final-ids", "--custom-package", namespace,
         "--extra-packages", ":".join(extra), "--java", gen,
         *[x for f in flatas for x in ("-R", f)],
         "-R", os.path.join(build, "app.flata"), "-R", os.path.join(build, "generated.flata")])

    # The R classes, as AGP's R.jar.
    sources = [os.path.join(d, f) for d, _, fs in os.walk(gen) for f in fs if f.endswith(".java")]
    classes = os.path.join(build, "r-classes")
    run([os.path.join(java_home, "bin", "javac"), "-nowarn", "-encoding", "UTF-8", "--release", "17",
         "-d", classes, *sources])
    r_jar = os.path.join(out, "r.jar")
    if os.path.exists(r_jar):
        os.remove(r_jar)
    run([os.path.join(java_home, "bin", "jar"), "cf", r_jar, "-C", classes, "."])

    config = os.path.join(out, "config", "com", "android", "tools")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "test_config.properties"), "w") as f:
        f.write(f"android_resource_apk={os.path.abspath(apk)}\n")
        f.write(f"android_custom_package={namespace}\n")
    print(f"resources linked: {len(flatas)} libraries with resources, {len(aars)} AARs' manifests merged, "
          f"locales {', '.join(locales)} -> {os.path.relpath(apk)}")


if __name__ == "__main__":
    main()
