#!/usr/bin/env python3
"""Fails when the apps compute a fact that the core owns (issue #26, part 3).

    scripts/check-app-facts.py [ROOT]

The core says which rule options a new game may edit and their values, which seat the board
turns to the bottom, how much time a clock (or an away player) has left at an instant, when the AI must think (and
whether it is paused), and a saved game's kind. The apps draw, word and forward taps: each
pattern below is a way an app once worked one of these out for itself (a table of option values,
a rotation rule, clock arithmetic, "when to think" logic). A hit names the file, the line and the
fact, so the fix is to read the core's data instead.

Scanned: the app sources that players run (android/ui, android/app, the iOS kit and app), not the
generated bindings and not tests (tests may build records and check values).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()

SOURCES = [
    ("android/ui/src/main", ".kt"),
    ("android/app/src/main", ".kt"),
    ("ios/ChineseCheckersKit/Sources/ChineseCheckersKit", ".swift"),
    ("ios/ChineseCheckers", ".swift"),
]

# (fact, pattern). Patterns are searched line by line, comments included only where code is
# (a line whose code part is empty is skipped).
RULES = [
    # Rule options: values and the presets that may edit them come from
    # RuleSetInfo.editableOptions.
    ("option values", r"listOf\(\s*1\s*,\s*5\s*,\s*8\s*\)"),
    ("option values", r"\b1\s*\.\.\.\s*8\b|\b1\s*\.\.\s*8\b"),
    ("option values", r"\bjumpReach\s*="),
    ("option values", r"\.copy\(\s*jumpReach"),
    ("option values", r"\b(Camps|WinRule|Deadlock|MaxChain|Ranking)\.entries\b"),
    ("option values", r"\[\s*(Camps|WinRule|Deadlock|MaxChain|Ranking)\.\w+\s*,"),
    ("presets that edit options", r"preset\s*==\s*(\.rulebook|Preset\.RULEBOOK)"),
    # Board rotation: GameState.rotationDegrees (and Game.setTurnBoard).
    ("board rotation", r"\batan2\b"),
    ("board rotation", r"-?60f?\s*\*\s*\w+\.ordinal|\.ordinal\s*\*\s*-?60"),
    ("board rotation", r"\b(fun|func)\s+rotation(To|For)\w*"),
    ("board rotation", r"\bpassAndPlayRotation\b|\bisPassAndPlay\b"),
    # Clock: clockReading(clock, nowMs).
    ("clock arithmetic", r"\bleftMs\s*-|-\s*\w*\.?leftMs\b"),
    ("clock arithmetic", r"\bnowMs\s*-\s*\w*receivedAt|receivedAtMs\s*\+"),
    ("clock arithmetic", r"\+\s*999\b"),
    ("clock arithmetic", r"\b(s|seconds|ms)\s*[%/]\s*3600\b"),
    ("clock arithmetic", r"\bbanksMs\b"),
    ("clock arithmetic", r"\bfun\s+remainingMs\b|\bfunc\s+remainingMs\b|\btickOriginMs\b"),
    # The away countdown: awayReading(backByMs, nowMs).
    ("away arithmetic", r"\bbackByMs\s*[-+]|[-+]\s*\w*\.?backByMs\b"),
    ("away arithmetic", r"\bgraceMs\b"),
    # When to think: GameState.aiToMove and aiPaused, GameEngine.pause/resume.
    ("when the AI thinks", r"\bvar\s+aiPaused\b|\bval\s+aiPaused\b|\baiPaused\s*=[^=]|\baiPaused:\s*Bool"),
    ("when the AI thinks", r"aiToMove.*\b(outcome|replay)\b|\b(outcome|replay)\b.*aiToMove"),
    # A saved game's kind: GameCard.kind.
    ("a saved game's kind", r"\.count\s*\{\s*it\.player\s+is\s+SeatPlayer\.Person\s*\}\s*(==|>|<|>=|<=)\s*\d"),
]

COMMENT = {".kt": "//", ".swift": "//"}


def code_part(line: str, ext: str) -> str:
    """The line without a trailing // comment (strings holding // are rare in these sources)."""
    marker = COMMENT[ext]
    i = line.find(marker)
    return line if i < 0 else line[:i]


def main() -> int:
    compiled = [(fact, re.compile(p)) for fact, p in RULES]
    hits = []
    scanned = 0
    for folder, ext in SOURCES:
        base = ROOT / folder
        if not base.is_dir():
            print(f"check-app-facts: {folder} is missing", file=sys.stderr)
            return 2
        for path in sorted(base.rglob(f"*{ext}")):
            scanned += 1
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = code_part(line, ext)
                if not code.strip() or code.lstrip().startswith(("*", "/*")):
                    continue
                for fact, rx in compiled:
                    if rx.search(code):
                        hits.append(f"{path.relative_to(ROOT)}:{n}: {fact}: {line.strip()}")
    for h in hits:
        print(h)
    if hits:
        print(f"check-app-facts: {len(hits)} place(s) where an app computes what the core says "
              "(read the core's data instead; docs/API.md, 'Facts')", file=sys.stderr)
        return 1
    print(f"check-app-facts: {scanned} app files, no fact computed outside the core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
