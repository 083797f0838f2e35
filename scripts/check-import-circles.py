#!/usr/bin/env python3
"""Fails when the files of a Rust crate import one another in a circle.

A newcomer should be able to read the core one module at a time, from the rules up: a file names
(with `use crate::…`, `super::…`, `self::…`, or an inline `crate::a::f()` path) only modules below
it. A circle — two or more files that reach each other through such names — is the sign that a
shared type lives in the wrong module (issue #26 untied the last three). A parent module's bare
`child::` paths are its facade and do not count; neither does code after `#[cfg(test)] mod`.

    scripts/check-import-circles.py rust-core/src [more crate src dirs…]

Prints each crate's file and arrow counts, then every circle found; exits 1 if there is one.
"""
import os
import re
import sys

PATH = re.compile(r"\b((?:crate|super|self)(?:::[A-Za-z_]\w*)+)")
GROUP = re.compile(r"\buse\s+((?:crate|super|self)(?:::[A-Za-z_]\w*)*)::\{([^;]*)\}", re.S)
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
TEST_MODULE = re.compile(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{")
ITEM = re.compile(r"[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*")


def crate_files(src):
    """Module path (a tuple) → file, for every .rs file under src."""
    files = {}
    for root, _, names in os.walk(src):
        for name in names:
            if name.endswith(".rs"):
                path = os.path.join(root, name)
                module = os.path.relpath(path, src)[:-3].split(os.sep)
                # A `main.rs` beside a `lib.rs` is the binary's own crate root (it reaches the
                # library by the crate's name): kept apart, not folded onto the library's root,
                # where one of the two would hide the other.
                beside_lib = module == ["main"] and os.path.exists(os.path.join(root, "lib.rs"))
                if module[-1] in ("mod", "lib", "main") and not beside_lib:
                    module = module[:-1]
                files[tuple(module)] = path
    return files


def named_paths(text):
    """Every `crate::`/`super::`/`self::` path the code names, groups in `use` expanded."""
    paths = []
    for head, body in GROUP.findall(text):
        for item in body.split(","):
            first = ITEM.match(item.strip().split(" as ")[0].strip())
            if first:
                paths.append(head + "::" + first.group(0))
    return paths + PATH.findall(text)


def target(module, path, files):
    """The file a path named in `module` points into (the longest module prefix), or None."""
    here, rest = list(module), []
    parts = path.split("::")
    for i, segment in enumerate(parts):
        if i == 0 and segment == "crate":
            here = []
        elif segment == "super":
            here = here[:-1]
        elif segment != "self":
            rest = parts[i:]
            break
    wanted = here + rest
    for k in range(len(wanted), -1, -1):
        if tuple(wanted[:k]) in files:
            return tuple(wanted[:k])
    return None


def arrows(files):
    edges = {}
    for module, path in files.items():
        with open(path, encoding="utf-8", errors="replace") as f:
            text = COMMENT.sub("", f.read())
        cut = TEST_MODULE.search(text)
        if cut:
            text = text[: cut.start()]
        edges[module] = {
            t for p in named_paths(text) if (t := target(module, p, files)) not in (None, module)
        }
    return edges


def circles(edges):
    """Strongly connected groups of two or more files (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted("/".join(m) or "lib" for m in group))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def main(sources):
    failed = False
    for src in sources:
        files = crate_files(src)
        edges = arrows(files)
        groups = circles(edges)
        count = sum(len(e) for e in edges.values())
        print(f"{src}: {len(files)} files, {count} arrows, {len(groups)} import circles")
        for group in groups:
            print("  circle: " + " ↔ ".join(group))
            failed = True
    if failed:
        print("Move the type the files share into the module that owns it (docs: scripts/check-import-circles.py).")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["rust-core/src"]))
