#!/usr/bin/env python3
"""Checks .github/workflows/android.yml against the repository, without running it.

No GitHub runner, Android SDK or Gradle is available where this project is written, so the
workflow is read instead: its YAML parses; every Gradle task it runs exists (an Android plugin
task of a build type of an included module, or a task the build scripts register); every folder
and file it names is there; and the versions it installs are the build's (the wrapper's Gradle,
the catalog's NDK and SDK level, buildSrc's ABIs as Rust targets, JDK 17).

Usage: scripts/check-android-workflow.py [workflow]   (exit 1 and one line per finding on failure)
"""
import os
import re
import shlex
import sys

try:
    import yaml
except ImportError:  # scripts/test-all.sh installs python3-yaml when missing
    sys.exit("error: PyYAML is missing (apt-get install python3-yaml, or pip install pyyaml)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANDROID = os.path.join(ROOT, "android")
findings = []


def find(message):
    findings.append(message)


def read(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


def catalog_version(key):
    m = re.search(rf'^{key}\s*=\s*"([^"]+)"', read("android/gradle/libs.versions.toml"), re.M)
    return m.group(1) if m else None


def wrapper_gradle_version():
    m = re.search(r"^distributionUrl=.*/gradle-(.+)-bin\.zip$", read("android/gradle/wrapper/gradle-wrapper.properties"), re.M)
    return m.group(1) if m else None


def built_rust_targets():
    """buildSrc's AndroidAbi.built, as Rust target triples."""
    source = read("android/buildSrc/src/main/kotlin/app/chinesecheckers/gradle/AndroidAbi.kt")
    triples = dict(re.findall(r'^\s*([A-Z0-9_]+)\("[^"]+",\s*"([^"]+)"\)', source, re.M))
    built = re.search(r"val built: List<AndroidAbi> = listOf\(([^)]*)\)", source)
    if not built:
        find("AndroidAbi.kt: no `val built: List<AndroidAbi> = listOf(...)`")
        return set()
    return {triples[name.strip()] for name in built.group(1).split(",") if name.strip()}


def modules():
    """The modules settings.gradle.kts includes (":app", ...)."""
    settings = read("android/settings.gradle.kts")
    return {m for call in re.findall(r"include\(([^)]*)\)", settings) for m in re.findall(r'"(:[^"]+)"', call)}


def registered_tasks():
    """module -> task names the build scripts register themselves (tasks.register<…>("name"))."""
    found = {}
    for module in modules() | {""}:
        path = os.path.join(ANDROID, module.strip(":").replace(":", "/"), "build.gradle.kts")
        if os.path.exists(path):
            with open(path) as f:
                found[module] = set(re.findall(r'tasks\.register(?:<[^>]*>)?\("([^"]+)"', f.read()))
    return found


def known_tasks(module):
    """Tasks the Android Gradle plugin creates in a module of build types debug and release (no
    flavors; instrumented tests are built for the debug type), with Gradle's lifecycle tasks."""
    tasks = {"assemble", "build", "check", "clean", "lint", "lintFix", "test", "connectedCheck",
             "connectedAndroidTest", "dependencies", "tasks"}
    for build_type in ("Debug", "Release"):
        tasks |= {f"assemble{build_type}", f"bundle{build_type}", f"lint{build_type}",
                  f"test{build_type}UnitTest", f"compile{build_type}Kotlin"}
        if module == ":app":
            tasks |= {f"install{build_type}", f"uninstall{build_type}"}
    tasks |= {"connectedDebugAndroidTest", "assembleDebugAndroidTest"}
    if module == ":app":
        tasks |= {"installDebugAndroidTest"}
    return tasks | registered_tasks().get(module, set())


def check_gradle_command(command, where):
    """`./gradlew [options] task…` (or `gradle wrapper`) in a run script."""
    for line in command.replace("\\\n", " ").splitlines():
        line = line.strip()
        m = re.match(r"^(\./gradlew|gradle)\s+(.*)$", line)
        if not m:
            continue
        words = [w for w in shlex.split(m.group(2)) if not w.startswith("-") and not w.startswith("$")]
        if m.group(1) == "gradle":
            # Only the wrapper is made with the installed Gradle; the build runs on ./gradlew.
            if words[:1] != ["wrapper"]:
                find(f"{where}: `{line}`: builds must run through ./gradlew (the wrapper's version)")
            continue
        if not words:
            find(f"{where}: `{line}` names no task")
        for task in words:
            if task.startswith(":"):
                module, _, name = task.rpartition(":")
                if module not in modules():
                    find(f"{where}: task {task}: module {module} is not in settings.gradle.kts")
                    continue
                if name not in known_tasks(module):
                    find(f"{where}: task {task}: {module} has no task '{name}'")
            elif not any(task in known_tasks(m) for m in modules() | {""}):
                find(f"{where}: task '{task}' exists in no module")


def check_path(path, where, must_exist=True):
    """A path of the repository; under a module's build/ folder (an output), the module must exist."""
    path = path.rstrip("/")
    m = re.match(r"^android/(.+?)/build(/|$)", path)
    if m:
        if ":" + m.group(1).replace("/", ":") not in modules():
            find(f"{where}: {path}: {m.group(1)} is not a module of settings.gradle.kts")
        return
    prefix = re.split(r"[*?\[]", path)[0].rstrip("/")
    if must_exist and prefix and not os.path.exists(os.path.join(ROOT, prefix)):
        find(f"{where}: {path} does not exist")


def main():
    workflow_file = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".github/workflows/android.yml")
    with open(workflow_file) as f:
        try:
            workflow = yaml.safe_load(f)
        except yaml.YAMLError as e:
            sys.exit(f"{workflow_file}: YAML: {e}")
    name = os.path.relpath(workflow_file, ROOT)
    # YAML 1.1 reads the key `on` as true.
    triggers = workflow.get("on", workflow.get(True))
    if not triggers:
        find(f"{name}: no `on:` triggers")
    for event in ("push", "pull_request"):
        for path in ((triggers or {}).get(event) or {}).get("paths", []) if isinstance(triggers, dict) else []:
            check_path(path, f"{name}: on.{event}.paths")

    env = workflow.get("env", {})
    ndk = catalog_version("ndk")
    if str(env.get("NDK_VERSION")) != ndk:
        find(f"{name}: env.NDK_VERSION is {env.get('NDK_VERSION')!r}, the catalog's ndk is {ndk!r}")

    jobs = workflow.get("jobs") or {}
    if not jobs:
        find(f"{name}: no jobs")
    seen_tasks = set()
    installed_platform = False
    for job_name, job in jobs.items():
        steps = job.get("steps") or []
        default_dir = ((job.get("defaults") or {}).get("run") or {}).get("working-directory", ".")
        check_path(default_dir, f"{name}: jobs.{job_name}.defaults.run.working-directory")
        uses = [s.get("uses", "") for s in steps]
        for i, step in enumerate(steps):
            where = f"{name}: jobs.{job_name}.steps[{i}] ({step.get('name') or step.get('uses')})"
            action = step.get("uses")
            # A major version tag, or dtolnay/rust-toolchain's channel ref (its documented use).
            if action and not re.match(r"^[\w.-]+/[\w./-]+@(v\d+|stable)$", action):
                find(f"{where}: {action} is not pinned to a major version (owner/action@vN)")
            directory = step.get("working-directory", default_dir)
            if "run" in step and "sdkmanager" in step["run"]:
                # The SDK platform Gradle compiles against: the catalog's compileSdk, installed
                # (a missing platform fails the build before anything compiles).
                platforms = set(re.findall(r"platforms;android-([\w.]+)", step["run"]))
                compile_sdk = catalog_version("compileSdk")
                if compile_sdk not in platforms:
                    find(f"{where}: sdkmanager installs platforms {sorted(platforms)}, not the catalog's compileSdk {compile_sdk}")
                installed_platform = True
            if "run" in step:
                check_gradle_command(step["run"], where)
                seen_tasks |= set(re.findall(r"\./gradlew[^\n]*", step["run"]))
                for ref in re.findall(r"(gradle/wrapper/[\w.-]+)", step["run"]):
                    check_path(os.path.join(directory, ref), where)
            with_ = step.get("with") or {}
            if action and action.startswith("actions/setup-java@") and str(with_.get("java-version")) != "17":
                find(f"{where}: java-version is {with_.get('java-version')!r}, AGP 9 and the app build on 17")
            if action and action.startswith("dtolnay/rust-toolchain@"):
                targets = {t.strip() for t in str(with_.get("targets", "")).split(",") if t.strip()}
                if targets != built_rust_targets():
                    find(f"{where}: Rust targets {sorted(targets)} are not buildSrc's AndroidAbi.built {sorted(built_rust_targets())}")
            if action and action.startswith("gradle/actions/setup-gradle@"):
                version = str(with_.get("gradle-version", ""))
                if "steps.wrapper.outputs" not in version and version != wrapper_gradle_version():
                    find(f"{where}: gradle-version {version!r} is not the wrapper's {wrapper_gradle_version()!r}")
            if action and action.startswith("actions/upload-artifact@"):
                for path in str(with_.get("path", "")).split():
                    check_path(path, where)
            if action and action.startswith("reactivecircus/android-emulator-runner@"):
                if not any(s.get("name") == "Enable KVM" for s in steps[:i]):
                    find(f"{where}: no `Enable KVM` step before the emulator (the runner's README)")
                if str(with_.get("api-level")) != catalog_version("targetSdk"):
                    find(f"{where}: api-level {with_.get('api-level')} is not the app's targetSdk {catalog_version('targetSdk')}")
                abi = {"x86_64": "x86_64-linux-android", "x86": "i686-linux-android"}.get(str(with_.get("arch")))
                if abi not in built_rust_targets():
                    find(f"{where}: arch {with_.get('arch')} is not an ABI the core is built for")
                check_path(with_.get("working-directory", "."), where)
                check_gradle_command(str(with_.get("script", "")), where)
                seen_tasks |= set(re.findall(r"\./gradlew[^\n]*", str(with_.get("script", ""))))
        if not any(u.startswith("actions/checkout@") for u in uses):
            find(f"{name}: jobs.{job_name} does not check out the repository")
    if not installed_platform:
        find(f"{name}: no sdkmanager step installs the compileSdk platform")
    for wanted in ("assembleDebug", "lint", "connectedDebugAndroidTest"):
        if not any(wanted in t for t in seen_tasks):
            find(f"{name}: no ./gradlew run of {wanted}")

    for line in findings:
        print(line, file=sys.stderr)
    if findings:
        sys.exit(f"Android workflow check FAILED: {len(findings)} finding(s)")
    print(f"Android workflow check passed: {name} ({sum(len(j.get('steps') or []) for j in jobs.values())} steps; "
          f"Gradle {wrapper_gradle_version()}, NDK {ndk}, tasks: {'; '.join(sorted(seen_tasks))})")


if __name__ == "__main__":
    main()
