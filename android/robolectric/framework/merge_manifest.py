#!/usr/bin/env python3
"""Merges the app's manifest with its libraries' manifests, as the Android Gradle plugin's
manifest merger does for what this app's libraries declare, for the framework suite's resources
APK (Robolectric reads the application, the Activity and the providers from it).

What is merged (the merger's default rules for these elements, "merge" unless a tools:node says
otherwise):
- top-level <uses-permission>, <permission>, <uses-feature> and <queries> children of every
  library, once each by android:name;
- every <application> child of every library (<activity>, <provider>, <service>, <receiver>,
  <meta-data>, <uses-library>...): an element whose kind and android:name are already there is
  merged into it (its attributes added where missing, its <meta-data> children merged by name),
  so that androidx.startup's InitializationProvider, declared by each library that has an
  initializer (lifecycle-process, emoji2, profileinstaller), ends with all of their
  <meta-data>; tools:node="remove" in the app drops a library's element;
- ${applicationId} replaced; relative class names (".MainActivity") made whole with the
  declaring manifest's namespace; tools:* attributes dropped.
The result names package=APPLICATION_ID (the installed app's package, Context.getPackageName()).

Usage: merge_manifest.py APP_MANIFEST NAMESPACE APPLICATION_ID OUT LIBRARY_MANIFEST...
(a library manifest's namespace is its package attribute, as in an AAR).
"""
import sys
import xml.etree.ElementTree as ET

ANDROID = "http://schemas.android.com/apk/res/android"
TOOLS = "http://schemas.android.com/tools"
A_NAME = f"{{{ANDROID}}}name"
T_NODE = f"{{{TOOLS}}}node"
ET.register_namespace("android", ANDROID)
ET.register_namespace("tools", TOOLS)

CLASS_ELEMENTS = {"activity", "activity-alias", "service", "receiver", "provider", "application"}
CLASS_ATTRIBUTES = {"name", "targetActivity", "backupAgent", "appComponentFactory", "zygotePreloadName"}
TOP_LEVEL_MERGED = ["permission", "uses-permission", "uses-permission-sdk-23", "uses-feature", "queries"]


def normalise(element, namespace, application_id):
    """Expands ${applicationId} and relative class names; drops tools:* attributes."""
    for e in element.iter():
        for key in list(e.attrib):
            if key.startswith(f"{{{TOOLS}}}") and key != T_NODE:
                del e.attrib[key]
                continue
            value = e.attrib[key].replace("${applicationId}", application_id)
            local = key.split("}")[-1]
            if key.startswith(f"{{{ANDROID}}}") and local in CLASS_ATTRIBUTES and e.tag in CLASS_ELEMENTS \
                    and value.startswith("."):
                value = namespace + value
            e.attrib[key] = value


def key_of(element):
    return element.tag, element.get(A_NAME)


def merge_into(target, source):
    """Adds [source]'s attributes that [target] lacks and merges their children by kind and name."""
    for key, value in source.attrib.items():
        if key != T_NODE:
            target.attrib.setdefault(key, value)
    existing = {key_of(child): child for child in target}
    for child in source:
        found = existing.get(key_of(child))
        if found is None:
            target.append(child)
            existing[key_of(child)] = child
        elif child.get(A_NAME) is not None:
            merge_into(found, child)


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    app_file, namespace, application_id, out = sys.argv[1:5]
    app_tree = ET.parse(app_file)
    manifest = app_tree.getroot()
    manifest.set("package", application_id)
    normalise(manifest, namespace, application_id)
    application = manifest.find("application")
    removed = {key_of(e) for e in manifest.iter() if e.get(T_NODE) == "remove"}

    for library_file in sys.argv[5:]:
        library = ET.parse(library_file).getroot()
        library_namespace = library.get("package")
        if not library_namespace:
            sys.exit(f"error: {library_file} names no package (an AAR's manifest always does)")
        normalise(library, library_namespace, application_id)
        for kind in TOP_LEVEL_MERGED:
            for element in library.findall(kind):
                same = [e for e in manifest.findall(kind) if e.get(A_NAME) == element.get(A_NAME)]
                if key_of(element) in removed:
                    continue
                if kind == "queries" or not same:
                    manifest.insert(list(manifest).index(application), element)
        library_application = library.find("application")
        if library_application is None:
            continue
        merge_into_application(application, library_application, removed)

    for element in list(manifest.iter()):
        for child in list(element):
            if child.get(T_NODE) == "remove":
                element.remove(child)
            elif T_NODE in child.attrib:
                del child.attrib[T_NODE]
    ET.indent(app_tree)
    app_tree.write(out, encoding="utf-8", xml_declaration=True)


def merge_into_application(application, library_application, removed):
    existing = {key_of(child): child for child in application}
    for child in library_application:
        key = key_of(child)
        if key in removed:
            continue
        found = existing.get(key)
        if found is None:
            application.append(child)
            existing[key] = child
        else:
            merge_into(found, child)


if __name__ == "__main__":
    main()
