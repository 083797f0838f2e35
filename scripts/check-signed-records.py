#!/usr/bin/env python3
"""Fails when a record, an enum case or a function of the generated Kotlin bindings has an
unsigned field, parameter or result.

    scripts/check-signed-records.py GENERATED.kt

The apps' numbers are signed: Kotlin's UInt/ULong/UByte/UShort do not mix with Int in app code
(every use needs a conversion), so the core's exported records carry i32/i64 (see
rust-core/src/session/signed.rs), and so do the exported functions' parameters and results
(`setAiTimeLimit(ms)`, `fromPosition(seed)`, `formatSeats`…). tests/kotlin/run.sh runs this on
the bindings it generates, so an unsigned number that comes back fails the test command, named
with its record or function.
"""
import re
import sys

UNSIGNED = re.compile(r"\bkotlin\.U(Int|Long|Short|Byte)\b")


def unsigned_fields(text: str) -> list[str]:
    found = []
    # Records: `data class Name (` ... `\n)`, one `val `field`: Type` per field.
    for m in re.finditer(r"\ndata class (\w+) \((.*?)\n\)", text, re.S):
        for f in re.finditer(r"va[rl] `(\w+)`: ([^\n]+)", m.group(2)):
            if UNSIGNED.search(f.group(2)):
                found.append(f"record {m.group(1)}.{f.group(1)}: {f.group(2).strip()}")
    # Enum cases with fields (sealed classes): `data class Case(` ... `)`, indented.
    for m in re.finditer(r"\n    (?:data )?class (\w+)\((.*?)\)", text, re.S):
        for f in re.finditer(r"va[rl] `(\w+)`: ([^\n,]+)", m.group(2)):
            if UNSIGNED.search(f.group(2)):
                found.append(f"case {m.group(1)}.{f.group(1)}: {f.group(2).strip()}")
    # Exported functions and methods: `fun `name`(`param`: Type, …): Result` (the interface's
    # declaration and the class's override both; each named once).
    seen = set()
    for m in re.finditer(r"fun `(\w+)`\(([^)]*)\)(?:: ([^{\n]+))?", text):
        name, params, result = m.group(1), m.group(2), m.group(3) or ""
        if (UNSIGNED.search(params) or UNSIGNED.search(result)) and name not in seen:
            seen.add(name)
            found.append(f"function {name}({params.strip()}){': ' + result.strip() if result.strip() else ''}")
    return found


def main() -> int:
    text = open(sys.argv[1], encoding="utf-8").read()
    records = len(re.findall(r"\ndata class \w+ \(", text))
    if records == 0:
        print("check-signed-records: no records found: is this the generated Kotlin?", file=sys.stderr)
        return 1
    found = unsigned_fields(text)
    for line in found:
        print(f"check-signed-records: unsigned field in the bindings: {line}", file=sys.stderr)
    if found:
        print("use i32/i64 in the core's exported types (rust-core/src/session/signed.rs)", file=sys.stderr)
        return 1
    functions = len(set(re.findall(r"fun `(\w+)`\(", text)))
    print(f"check-signed-records: {records} records and {functions} functions, no unsigned number")
    return 0


if __name__ == "__main__":
    sys.exit(main())
