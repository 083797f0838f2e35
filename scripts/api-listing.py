#!/usr/bin/env python3
"""Prints a short listing of the exported API from the generated Swift bindings.

    scripts/api-listing.py ios/ChineseCheckersKit/Sources/ChineseCheckersCore/ChineseCheckersCore.swift
    scripts/api-listing.py BINDINGS.swift --check docs/API.md

Used to refresh the listing in docs/API.md (objects with their methods, records with their
fields, enums and errors with their cases, free functions). With `--check`, compares the listing
with the one in the document's "The exported API" section instead and fails with the difference
(tests/swift/run.sh runs it on the bindings it generates, so the document cannot fall behind).
"""
import difflib
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
# Doc comments would only clutter the signatures.
text = re.sub(r"/\*\*.*?\*/", "", text, flags=re.S)
out = []

# Objects: `open class X` ... methods `open func name(...) ... -> T` until the converter.
for m in re.finditer(r"^open class (\w+): \w+Protocol.*?\n(.*?)^public struct FfiConverterType", text, re.S | re.M):
    name, body = m.group(1), m.group(2)
    out.append(f"object {name}")
    for c in re.finditer(r"^public convenience init\(([^)]*)\)", body, re.M):
        args = re.sub(r"\s+", " ", c.group(1).strip())
        out.append(f"    init({args})")
    for c in re.finditer(r"^public static func (\w+)\(([^)]*)\)\s*(async)?\s*(throws)?\s*(-> [\w\[\]?]+)?", body, re.M):
        out.append(f"    static {c.group(1)}({c.group(2).strip()}) {c.group(3) or ''} {c.group(4) or ''} {c.group(5) or ''}".rstrip())
    for c in re.finditer(r"^open func (\w+)\(([^)]*)\)\s*(async)?\s*(throws)?\s*(-> [\w\[\]?]+)?", body, re.M):
        if c.group(1).startswith("uniffi"):
            continue
        sig = " ".join(p for p in [c.group(3), c.group(4), c.group(5)] if p)
        out.append(f"    {c.group(1)}({c.group(2).strip()}) {sig}".rstrip())

# Records: Equatable ones, and those holding objects (not Equatable); never across another struct.
for m in re.finditer(
    r"^public struct (\w+)(?:: [^{\n]*)? ?\{\n((?:(?!^public struct).)*?)\n    // Default memberwise",
    text, re.S | re.M,
):
    fields = re.findall(r"^    public (?:let|var) (\w+): ([^\n]+)", m.group(2), re.M)
    out.append(f"record {m.group(1)} {{ " + ", ".join(f"{n}: {t}" for n, t in fields) + " }")

# Foreign traits (the app implements them; an object's own protocol is named `...Protocol`).
for m in re.finditer(r"^public protocol (\w+): AnyObject, Sendable \{\n(.*?)\n\}", text, re.S | re.M):
    if m.group(1).endswith("Protocol"):
        continue
    out.append(f"trait {m.group(1)}")
    for c in re.finditer(r"^    func (\w+)\(([^)]*)\)", m.group(2), re.M):
        out.append(f"    {c.group(1)}({c.group(2).strip()})")

for m in re.finditer(r"^public enum (\w+): Equatable.*?\{\n(.*?)\n}", text, re.S | re.M):
    cases = re.findall(r"^    case (`?\w+`?)(\([^)]*\))?", m.group(2), re.M)
    out.append(f"enum {m.group(1)} {{ " + ", ".join(c + re.sub(r"\s+", " ", a) for c, a in cases) + " }")

for m in re.finditer(r"^public\s*\nenum (\w+): Swift.Error.*?\{\n(.*?)\n    public var errorDescription", text, re.S | re.M):
    cases = re.findall(r"^    case (\w+)(\([^)]*\))?", m.group(2), re.M)
    out.append(f"error {m.group(1)} {{ " + ", ".join(c + re.sub(r"\s+", " ", a) for c, a in cases) + " }")

for m in re.finditer(r"^public func (\w+)\(([^)]*)\)\s*(throws)?\s*(-> [\w\[\]?]+)?\s*\{", text, re.M):
    if m.group(1).startswith(("FfiConverter", "uniffi")):
        continue
    out.append(f"func {m.group(1)}({m.group(2).strip()}) {m.group(3) or ''} {m.group(4) or ''}".rstrip())

listing = "\n".join(re.sub(r"  +", " ", line) for line in out)

if len(sys.argv) == 4 and sys.argv[2] == "--check":
    doc = open(sys.argv[3], encoding="utf-8").read()
    found = re.search(r"^## The exported API\n.*?^```text\n(.*?)^```$", doc, re.S | re.M)
    if not found:
        sys.exit(f"api-listing: {sys.argv[3]} has no listing under '## The exported API'")
    written = found.group(1).rstrip("\n")
    if written != listing:
        sys.stdout.writelines(difflib.unified_diff(
            (written + "\n").splitlines(True), (listing + "\n").splitlines(True),
            f"{sys.argv[3]} (written)", "generated bindings"))
        sys.exit(f"api-listing: the listing in {sys.argv[3]} differs from the generated bindings; "
                 f"regenerate it with scripts/api-listing.py")
    print(f"api-listing: {sys.argv[3]} lists the exported API as generated")
else:
    print(listing)
