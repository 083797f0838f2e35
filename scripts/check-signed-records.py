#!/usr/bin/env python3
"""Fails when a record or an enum case of the generated Kotlin bindings has an unsigned field.

    scripts/check-signed-records.py GENERATED.kt

The apps' numbers are signed: Kotlin's UInt/ULong/UByte/UShort do not mix with Int in app code
(every use needs a conversion), so the core's exported records carry i32/i64 (see
rust-core/src/session/signed.rs). tests/kotlin/run.sh runs this on the bindings it generates, so
an unsigned field that comes back fails the test command, named with its record.
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
    print(f"check-signed-records: {records} records, no unsigned field")
    return 0


if __name__ == "__main__":
    sys.exit(main())
