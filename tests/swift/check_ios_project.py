#!/usr/bin/env python3
"""Checks on Linux what only a Mac would otherwise catch in the iOS app's project files:

- ios/project.yml takes the app version from app-version.xcconfig (configFiles, Debug and
  Release) and sets none of its own; Swift 6 with complete concurrency checking; the Info keys
  for a server on the local network (NSLocalNetworkUsageDescription, ATS NSAllowsLocalNetworking);
  the app icon and accent colour names match the asset catalog; the privacy manifest is a
  resource of the app; the UI test target and the scheme that tests it.
- The app icon: one 1024 x 1024 universal iOS image, PNG, without alpha (the App Store refuses
  an icon with an alpha channel).
- The privacy manifest: no tracking, no tracking domains, no collected data types, and exactly
  the required-reason API categories the app's code uses (its Swift, the kit's Swift and the Rust
  core linked into it), each with a reason Apple lists for that category.
- The stand-in modules (tests/swift/standin) are pinned to one Xcode and SDK
  (tests/swift/standin/sdk-pin.json): every file says so on its first line; the declarations
  known to differ between SDKs (sdk-pin.json's `signatures`) are in that SDK's form; and the app
  and its UI tests use no stand-in declaration newer than the deployment target outside
  `if #available` (or `guard #available`, or an `@available` declaration).
- .github/workflows/ios.yml names paths, scripts, the project, the scheme and simulators that
  exist, and builds with the pinned Xcode: its runner image, its `xcode-select` path and
  simulators of that Xcode on that image.

    python3 tests/swift/check_ios_project.py        (needs PyYAML: python3-yaml or pip)

Exits 1 with one line per problem. tests/swift/run.sh runs it.
"""
import json
import pathlib
import plistlib
import re
import struct
import sys

import yaml

REPO = pathlib.Path(__file__).resolve().parents[2]
IOS = REPO / "ios"
PROBLEMS = []


def problem(message):
    PROBLEMS.append(message)


def load_yaml(path):
    # PyYAML reads a bare `on:` key as True (YAML 1.1); the workflow's triggers are looked up
    # under both.
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def walk(node, path=()):
    """Every (key path, value) of a YAML tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path + (key,), value
            yield from walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, path + (index,))


# MARK: project.yml


def check_project(spec):
    # The version: one file for both apps.
    version_file = REPO / "app-version.xcconfig"
    config_files = spec.get("configFiles") or {}
    for config in ("Debug", "Release"):
        path = config_files.get(config)
        if path is None:
            problem(f"project.yml: configFiles has no {config} (app-version.xcconfig)")
        elif (IOS / path).resolve() != version_file:
            problem(f"project.yml: configFiles.{config} is {path}, not ../app-version.xcconfig")
    if version_file.exists():
        text = version_file.read_text(encoding="utf-8")
        for key in ("MARKETING_VERSION", "CURRENT_PROJECT_VERSION"):
            if not re.search(rf"^\s*{key}\s*=", text, re.M):
                problem(f"app-version.xcconfig does not define {key}")
    else:
        problem("app-version.xcconfig is missing at the repository's root")
    for path, value in walk(spec):
        if path and path[-1] in ("MARKETING_VERSION", "CURRENT_PROJECT_VERSION"):
            problem(f"project.yml sets {'.'.join(map(str, path))}: the version comes from "
                    "app-version.xcconfig only")

    base = (spec.get("settings") or {}).get("base") or {}
    if str(base.get("SWIFT_VERSION")) != "6.0":
        problem(f"project.yml: SWIFT_VERSION is {base.get('SWIFT_VERSION')!r}, not \"6.0\"")
    if base.get("SWIFT_STRICT_CONCURRENCY") != "complete":
        problem("project.yml: SWIFT_STRICT_CONCURRENCY is not complete")

    targets = spec.get("targets") or {}
    app = targets.get("ChineseCheckers")
    if not app or app.get("type") != "application":
        problem("project.yml: no application target ChineseCheckers")
        return
    info = ((app.get("info") or {}).get("properties")) or {}
    reason = info.get("NSLocalNetworkUsageDescription")
    if not isinstance(reason, str) or len(reason.strip()) < 20:
        problem("Info: NSLocalNetworkUsageDescription is missing or says nothing")
    ats = info.get("NSAppTransportSecurity") or {}
    if ats.get("NSAllowsLocalNetworking") is not True:
        problem("Info: NSAppTransportSecurity.NSAllowsLocalNetworking is not true")
    if ats.get("NSAllowsArbitraryLoads"):
        problem("Info: NSAllowsArbitraryLoads is set (only local networking should be allowed)")
    for key, expected in (
        ("CFBundleShortVersionString", "$(MARKETING_VERSION)"),
        ("CFBundleVersion", "$(CURRENT_PROJECT_VERSION)"),
    ):
        if info.get(key) != expected:
            problem(f"Info: {key} is {info.get(key)!r}, not {expected}")

    settings = ((app.get("settings") or {}).get("base")) or {}
    sources = app.get("sources") or []
    source_paths = [s if isinstance(s, str) else s.get("path") for s in sources]
    main_sources = IOS / "ChineseCheckers"
    if "ChineseCheckers" not in source_paths:
        problem("project.yml: the app target does not take its sources from ChineseCheckers/")
    catalog = main_sources / "Resources/Assets.xcassets"
    icon_name = settings.get("ASSETCATALOG_COMPILER_APPICON_NAME")
    if not icon_name:
        problem("project.yml: ASSETCATALOG_COMPILER_APPICON_NAME is not set")
    else:
        check_icon(catalog / f"{icon_name}.appiconset")
    accent = settings.get("ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME")
    if accent and not (catalog / f"{accent}.colorset/Contents.json").exists():
        problem(f"the asset catalog has no {accent}.colorset")

    manifest = "ChineseCheckers/Resources/PrivacyInfo.xcprivacy"
    entries = [s for s in sources if isinstance(s, dict) and s.get("path") == manifest]
    if not entries or entries[0].get("buildPhase") != "resources":
        problem(f"project.yml: {manifest} is not a resource of the app target")
    check_privacy(IOS / manifest)

    # The UI tests and the scheme that runs them.
    ui = targets.get("ChineseCheckersUITests")
    if not ui or ui.get("type") != "bundle.ui-testing":
        problem("project.yml: no bundle.ui-testing target ChineseCheckersUITests")
    else:
        deps = [d.get("target") for d in ui.get("dependencies") or []]
        if "ChineseCheckers" not in deps:
            problem("project.yml: the UI tests do not depend on the app target")
        ui_sources = [s if isinstance(s, str) else s.get("path") for s in ui.get("sources") or []]
        for path in ui_sources:
            if not list((IOS / path).glob("**/*.swift")):
                problem(f"project.yml: the UI tests' sources {path}/ hold no Swift file")
    check_scheme(spec, targets)


def package_test_targets():
    manifest = (IOS / "ChineseCheckersKit/Package.swift").read_text(encoding="utf-8")
    return set(re.findall(r'\.testTarget\(\s*name:\s*"([^"]+)"', manifest))


def check_scheme(spec, targets):
    scheme = (spec.get("schemes") or {}).get("ChineseCheckers")
    if not scheme:
        problem("project.yml: no scheme ChineseCheckers")
        return
    tests = ((scheme.get("test") or {}).get("targets")) or []
    names = []
    for entry in tests:
        if isinstance(entry, str):
            names.append(entry)
        elif "package" in entry:
            package, _, target = entry["package"].partition("/")
            if package not in (spec.get("packages") or {}):
                problem(f"scheme: test target {entry['package']}: no package {package}")
            elif target not in package_test_targets():
                problem(f"scheme: {package} has no test target {target}")
        else:
            names.append(entry.get("name"))
    for name in names:
        if name not in targets:
            problem(f"scheme: test target {name} is not a target of project.yml")
    if "ChineseCheckersUITests" not in names:
        problem("scheme ChineseCheckers: the test action does not run ChineseCheckersUITests")


# MARK: The icon


def png_header(path):
    """(width, height, bit depth, colour type, chunk names) of a PNG."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    chunks = []
    offset = 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        chunks.append((kind.decode("ascii"), data[offset + 8:offset + 8 + length]))
        offset += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[0][1][:10])
    return width, height, depth, colour, [name for name, _ in chunks]


def check_icon(iconset):
    contents = iconset / "Contents.json"
    if not contents.exists():
        problem(f"{iconset.name}: no Contents.json")
        return
    images = json.loads(contents.read_text(encoding="utf-8")).get("images") or []
    if len(images) != 1:
        problem(f"{iconset.name}: {len(images)} images, not the single 1024 x 1024 icon")
        return
    image = images[0]
    expected = {"idiom": "universal", "platform": "ios", "size": "1024x1024"}
    for key, value in expected.items():
        if image.get(key) != value:
            problem(f"{iconset.name}: {key} is {image.get(key)!r}, not {value!r}")
    png = iconset / image.get("filename", "")
    if not image.get("filename") or not png.exists():
        problem(f"{iconset.name}: the image file {image.get('filename')!r} is missing")
        return
    try:
        width, height, depth, colour, chunks = png_header(png)
    except ValueError as error:
        problem(f"{png.name}: {error}")
        return
    if (width, height) != (1024, 1024):
        problem(f"{png.name} is {width} x {height}, not 1024 x 1024")
    # Colour types 4 and 6 carry alpha; a tRNS chunk adds transparency to the others.
    if colour in (4, 6) or "tRNS" in chunks:
        problem(f"{png.name} has an alpha channel (the App Store refuses it)")
    if colour not in (2, 6) or depth != 8:
        problem(f"{png.name}: colour type {colour}, depth {depth} (expected 8-bit RGB)")


# MARK: The privacy manifest

# https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api
REASONS = {
    "NSPrivacyAccessedAPICategoryUserDefaults": {"CA92.1", "1C8F.1", "C56D.1", "AC6B.1"},
    "NSPrivacyAccessedAPICategoryFileTimestamp": {"DDA9.1", "C617.1", "3B52.1", "0A2A.1"},
    "NSPrivacyAccessedAPICategorySystemBootTime": {"35F9.1", "8FFB.1", "3D61.1"},
    "NSPrivacyAccessedAPICategoryDiskSpace": {"85F4.1", "E174.1", "7D9E.1", "B728.1"},
    "NSPrivacyAccessedAPICategoryActiveKeyboards": {"3EC4.1", "54BD.1"},
}

# What in the app's code uses each category (Apple's lists of APIs per category, as they appear
# in Swift, and in Rust: std::fs calls stat, fstat and lstat, file timestamp APIs on the list).
USES = {
    "NSPrivacyAccessedAPICategoryUserDefaults": (r"\bUserDefaults\b", None),
    "NSPrivacyAccessedAPICategoryFileTimestamp": (
        r"\b(creationDate|modificationDate|fileModificationDate|contentModificationDateKey|"
        r"creationDateKey|attributesOfItem|getattrlist|fstatat|lstat|fstat|stat)\b",
        r"\bstd::fs::|\buse std::fs\b|\bfs::metadata\b",
    ),
    "NSPrivacyAccessedAPICategorySystemBootTime": (
        r"\b(systemUptime|mach_absolute_time)\b", r"\bmach_absolute_time\b"),
    "NSPrivacyAccessedAPICategoryDiskSpace": (
        r"\b(volumeAvailableCapacity\w*|systemFreeSize|systemSize|statfs|fstatfs|statvfs)\b",
        r"\b(statfs|statvfs|fstatfs)\b",
    ),
    "NSPrivacyAccessedAPICategoryActiveKeyboards": (r"\bactiveInputModes\b", None),
}


def code_files():
    """The Swift and Rust that end up in the app: the app, the kit's library, the core."""
    swift = list((IOS / "ChineseCheckers").rglob("*.swift"))
    swift += list((IOS / "ChineseCheckersKit/Sources/ChineseCheckersKit").rglob("*.swift"))
    rust = [p for p in (REPO / "rust-core/src").rglob("*.rs") if p.name != "tests.rs"]
    return swift, rust


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", text)


def used_categories():
    swift, rust = code_files()
    used = {}
    for category, (swift_pattern, rust_pattern) in USES.items():
        for files, pattern in ((swift, swift_pattern), (rust, rust_pattern)):
            if not pattern:
                continue
            for path in files:
                if re.search(pattern, strip_comments(path.read_text(encoding="utf-8"))):
                    used.setdefault(category, path.relative_to(REPO))
                    break
    return used


def check_privacy(path):
    if not path.exists():
        problem(f"{path.relative_to(REPO)} is missing")
        return
    with open(path, "rb") as f:
        manifest = plistlib.load(f)
    if manifest.get("NSPrivacyTracking") is not False:
        problem("PrivacyInfo: NSPrivacyTracking is not false")
    for key in ("NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes"):
        if manifest.get(key) != []:
            problem(f"PrivacyInfo: {key} is not an empty array")
    declared = {}
    for entry in manifest.get("NSPrivacyAccessedAPITypes") or []:
        category = entry.get("NSPrivacyAccessedAPIType")
        reasons = entry.get("NSPrivacyAccessedAPITypeReasons") or []
        if category not in REASONS:
            problem(f"PrivacyInfo: unknown required-reason API category {category!r}")
            continue
        if not reasons or not set(reasons) <= REASONS[category]:
            problem(f"PrivacyInfo: {category}: reasons {reasons} are not Apple's for it")
        declared[category] = reasons
    used = used_categories()
    for category, where in used.items():
        if category not in declared:
            problem(f"PrivacyInfo: {category} is used ({where}) but not declared")
    for category in declared:
        if category not in used:
            problem(f"PrivacyInfo: {category} is declared but nothing uses it")


# MARK: The stand-ins and their pin

STANDIN = REPO / "tests/swift/standin"


def load_pin():
    """tests/swift/standin/sdk-pin.json: the Xcode and SDK the stand-ins are pinned to."""
    with open(STANDIN / "sdk-pin.json", encoding="utf-8") as f:
        return json.load(f)


def version(text):
    return tuple(int(part) for part in str(text).split("."))


def pin_line(pin):
    return (f"// Pinned to: Xcode {pin['xcode']} ({pin['build']}), iOS {pin['iosSdk']} SDK "
            "(tests/swift/standin/README.md, sdk-pin.json).")


def check_pin_headers(pin):
    """Every stand-in file names the pinned Xcode and SDK on its first line, and so does the
    README's title."""
    expected = pin_line(pin)
    for path in sorted(STANDIN.rglob("*.swift")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        if first != expected:
            problem(f"{path.relative_to(REPO)}: the first line is not the pin {expected!r} "
                    f"(found {first!r})")
    readme = STANDIN / "README.md"
    title = readme.read_text(encoding="utf-8").split("\n", 1)[0] if readme.exists() else ""
    if f"Xcode {pin['xcode']} (iOS {pin['iosSdk']} SDK)" not in title:
        problem(f"tests/swift/standin/README.md: its title does not name Xcode {pin['xcode']} "
                f"(iOS {pin['iosSdk']} SDK)")
    if pin["xcodeSelect"] != f"/Applications/Xcode_{pin['xcode']}.app":
        problem(f"sdk-pin.json: xcodeSelect {pin['xcodeSelect']} is not Xcode {pin['xcode']}'s")


def strip_swift_comments(text):
    """Swift without its `//` comments (the stand-ins and the app have no `//` in strings
    except URLs in comments)."""
    return re.sub(r"//[^\n]*", "", text)


def normalized(text):
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\(\s", "(", text)
    text = re.sub(r"\s\)", ")", text)
    return text.strip()


def check_signatures(pin):
    """The declarations whose form differs between SDKs are in the pinned SDK's form."""
    sdk = pin["iosSdk"]
    for entry in pin["signatures"]:
        paths = (sorted(STANDIN.rglob("*.swift")) if entry["file"] == "*"
                 else [STANDIN / entry["file"]])
        record = next((r for r in entry["sdks"] if sdk in r["sdks"]), None)
        if record is None:
            problem(f"sdk-pin.json: {entry['what']}: its form in the iOS {sdk} SDK was never "
                    "recorded (read it from that SDK, then add it with its source)")
            continue
        match = normalized(entry["match"])
        for path in paths:
            code = normalized(strip_swift_comments(path.read_text(encoding="utf-8")))
            where = path.relative_to(REPO)
            if record.get("absent"):
                if match in code:
                    problem(f"{where}: {entry['what']}: the iOS {sdk} SDK has no "
                            f"{entry['match']!r}")
                continue
            declaration = normalized(record["declaration"])
            found = code.count(declaration)
            if found == 0:
                others = [r for r in entry["sdks"] if r is not record and "declaration" in r
                          and normalized(r["declaration"]) in code]
                seen = (f" (it has the form of the iOS {', '.join(others[0]['sdks'])} SDK)"
                        if others else "")
                problem(f"{where}: {entry['what']}: not the iOS {sdk} SDK's form "
                        f"`{record['declaration']}`{seen}")
            elif code.count(match) != found * declaration.count(match):
                problem(f"{where}: {entry['what']}: besides the iOS {sdk} SDK's form, another "
                        f"declaration matches {entry['match']!r}")


def matching_brace(text, start):
    """The index of the `}` closing the `{` at `start` (or the end of the text)."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    return len(text)


DECLARATION = re.compile(
    r"\b(extension|struct|class|enum|protocol|actor|func|var|let|case|typealias|init"
    r"|subscript)\b\s*`?(\w*)`?")
TYPES = ("extension", "struct", "class", "enum", "protocol", "actor")


def newer_declarations(floor):
    """(name, version, file) of every stand-in declaration that needs an iOS newer than
    `floor`: by its own `@available(iOS …)` or that of the type or extension around it.
    Initialisers and subscripts are known by their type's name only when the type is newer."""
    found = []
    for path in sorted(STANDIN.rglob("*.swift")):
        code = strip_swift_comments(path.read_text(encoding="utf-8"))
        for attribute in re.finditer(r"@available\(iOS (\d+(?:\.\d+)*)[^)]*\)", code):
            needed = attribute.group(1)
            if version(needed) <= floor:
                continue
            declared = DECLARATION.search(code, attribute.end())
            if not declared:
                continue
            kind, name = declared.group(1), declared.group(2)
            if kind not in ("extension", "init", "subscript") and name:
                found.append((name, needed, path))
            if kind in TYPES:
                # Every member of a newer type or extension is newer too.
                opening = code.find("{", declared.end())
                body = code[opening + 1:matching_brace(code, opening)]
                for member in DECLARATION.finditer(body):
                    if member.group(1) not in ("extension", "init", "subscript") \
                            and member.group(2):
                        found.append((member.group(2), needed, path))
    return found


def guarded_spans(code):
    """(start, end, iOS version) of the code that may use APIs of that version:
    `if #available(iOS x, *) { … }`, what follows `guard #available(iOS x, *) else { … }` in
    its scope, and declarations marked `@available(iOS x, *)`."""
    spans = []
    for guard in re.finditer(r"\bif\s+#available\(iOS (\d+(?:\.\d+)*)[^{]*\{", code):
        opening = guard.end() - 1
        spans.append((opening, matching_brace(code, opening), version(guard.group(1))))
    for guard in re.finditer(r"\bguard\s+#available\(iOS (\d+(?:\.\d+)*)[^{]*\{", code):
        # To the end of the enclosing scope.
        depth, index = 0, guard.start()
        while index > 0:
            index -= 1
            if code[index] == "}":
                depth += 1
            elif code[index] == "{":
                if depth == 0:
                    break
                depth -= 1
        spans.append((guard.start(), matching_brace(code, index), version(guard.group(1))))
    for attribute in re.finditer(r"@available\(iOS (\d+(?:\.\d+)*)", code):
        opening = code.find("{", attribute.end())
        if opening != -1:
            spans.append((attribute.start(), matching_brace(code, opening),
                          version(attribute.group(1))))
    return spans


def check_availability(spec):
    """No stand-in declaration newer than the deployment target is used by the app or its UI
    tests outside code that is itself limited to that iOS (on Linux the compiler does not check
    iOS availability, so this is the check Xcode would make)."""
    target = str(((spec.get("options") or {}).get("deploymentTarget") or {}).get("iOS", "0"))
    floor = version(target)
    newer = newer_declarations(floor)
    if not newer:
        return
    sources = sorted((IOS / "ChineseCheckers").rglob("*.swift"))
    sources += sorted((IOS / "ChineseCheckersUITests").rglob("*.swift"))
    for path in sources:
        code = strip_swift_comments(path.read_text(encoding="utf-8"))
        spans = guarded_spans(code)
        for name, needed, standin in newer:
            for use in re.finditer(rf"\b{re.escape(name)}\b", code):
                line = code.count("\n", 0, use.start()) + 1
                if any(start <= use.start() <= end and have >= version(needed)
                       for start, end, have in spans):
                    continue
                problem(f"{path.relative_to(REPO)}:{line}: uses {name} (iOS {needed}, "
                        f"{standin.relative_to(REPO)}) but the deployment target is iOS "
                        f"{target}: put it under `if #available(iOS {needed}, *)`")


# MARK: The workflow


def check_workflow(spec, pin):
    path = REPO / ".github/workflows/ios.yml"
    if not path.exists():
        problem(".github/workflows/ios.yml is missing")
        return
    workflow = load_yaml(path)
    triggers = workflow.get("on", workflow.get(True)) or {}
    for pattern in ((triggers.get("pull_request") or {}).get("paths")) or []:
        prefix = pattern.split("*")[0].rstrip("/")
        if prefix and not (REPO / prefix).exists():
            problem(f"ios.yml: the path filter {pattern} names nothing in the repository")
    jobs = workflow.get("jobs") or {}
    if not jobs:
        problem("ios.yml has no job")
    for name, job in jobs.items():
        if not str(job.get("runs-on", "")).startswith("macos"):
            problem(f"ios.yml: job {name} does not run on macOS")
        # The Xcode the stand-ins are pinned to, on the image that has it.
        if job.get("runs-on") != pin["runner"]:
            problem(f"ios.yml: job {name} runs on {job.get('runs-on')}, not {pin['runner']}, "
                    f"the image with Xcode {pin['xcode']} (tests/swift/standin/sdk-pin.json)")
        steps = job.get("steps") or []
        selected = [path for step in steps
                    for path in re.findall(r"xcode-select\s+(?:-s|--switch)\s+(\S+)",
                                           step.get("run", ""))]
        if selected != [pin["xcodeSelect"]]:
            problem(f"ios.yml: job {name} selects {selected or 'no Xcode'}, not "
                    f"{pin['xcodeSelect']} (Xcode {pin['xcode']}, which the stand-ins in "
                    "tests/swift/standin are pinned to)")
        uses = [s.get("uses", "") for s in steps]
        runs = [(s.get("run", ""), s.get("working-directory", ".")) for s in steps]
        if not any(u.startswith("actions/checkout@") for u in uses):
            problem(f"ios.yml: job {name} does not check out the repository")
        text = "\n".join(run for run, _ in runs)
        for script in re.findall(r"(?:^|\s)((?:ios|scripts|tests)/[\w./-]+\.(?:sh|py))", text):
            if not (REPO / script).exists():
                problem(f"ios.yml: {script} does not exist")
        if "ios/scripts/build-xcframework.sh" not in text:
            problem("ios.yml: the core's XCFramework is not built")
        if "brew install xcodegen" not in text:
            problem("ios.yml: XcodeGen is not installed")
        if not any(run.strip() == "xcodegen" and (REPO / wd / "project.yml").exists()
                   for run, wd in runs):
            problem("ios.yml: xcodegen does not run where project.yml is")
        builds = [(run, wd) for run, wd in runs if "xcodebuild" in run]
        if not builds:
            problem(f"ios.yml: job {name} runs no xcodebuild")
        for run, wd in builds:
            words = run.split()
            if "test" not in words:
                problem("ios.yml: xcodebuild does not test")
            project = re.search(r"-project\s+(\S+)", run)
            if not project or project.group(1) != f"{spec.get('name')}.xcodeproj" \
                    or not (REPO / wd / "project.yml").exists():
                problem(f"ios.yml: -project is not the {spec.get('name')}.xcodeproj that "
                        "xcodegen writes there")
            scheme = re.search(r"-scheme\s+(\S+)", run)
            if not scheme or scheme.group(1) not in (spec.get("schemes") or {}):
                problem(f"ios.yml: -scheme {scheme.group(1) if scheme else None} is not a "
                        "scheme of project.yml")
            if "platform=iOS Simulator" not in run:
                problem("ios.yml: xcodebuild's destination is not an iOS simulator")
            runtime = re.search(r"\bOS=([\d.]+)", run)
            if not runtime or runtime.group(1) != pin["iosSdk"]:
                problem(f"ios.yml: xcodebuild's destination does not name the simulator runtime "
                        f"of the pinned SDK (OS={pin['iosSdk']})")
        matrix = ((job.get("strategy") or {}).get("matrix")) or {}
        devices = " ".join(str(v) for values in matrix.values() for v in values)
        for device in ("iPhone", "iPad"):
            if device not in devices:
                problem(f"ios.yml: the matrix has no {device} simulator")
        for values in matrix.values():
            for device in values if isinstance(values, list) else []:
                if str(device) not in pin["simulators"]:
                    problem(f"ios.yml: no simulator {device!r} with Xcode {pin['xcode']} on "
                            f"{pin['runner']} (sdk-pin.json lists {', '.join(pin['simulators'])})")
    target = str(((spec.get("options") or {}).get("deploymentTarget") or {}).get("iOS", "0"))
    if version(target) < version(pin["minimumDeploymentTarget"]):
        problem(f"project.yml: the deployment target iOS {target} is older than Xcode "
                f"{pin['xcode']} builds for (iOS {pin['minimumDeploymentTarget']})")


def main():
    spec = load_yaml(IOS / "project.yml")
    check_project(spec)
    pin = load_pin()
    check_pin_headers(pin)
    check_signatures(pin)
    check_availability(spec)
    check_workflow(spec, pin)
    for message in PROBLEMS:
        print(f"check_ios_project: {message}", file=sys.stderr)
    if PROBLEMS:
        return 1
    print("check_ios_project: project.yml, icon, privacy manifest, stand-in and workflow agree",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
