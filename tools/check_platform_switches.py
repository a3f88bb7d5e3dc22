#!/usr/bin/env python3
"""Fails when a source file with a platform switch (`#if`/`#elseif` in Swift, `#if defined(__APPLE__)`
style in C) is not named in docs/architecture.md's "Code Linux never compiles" section, so the
list of code Linux never compiles stays complete (issue 13 §1)."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
doc = (root / "docs/architecture.md").read_text(encoding="utf-8")
section = doc.split("## Code Linux never compiles", 1)[1].split("\n## ", 1)[0]
named = set(re.findall(r"[A-Za-z+_-]+\.(?:swift|c)", section))
for braces in re.findall(r"\{([^}]*)\}\.swift", section):
    named.update(f"{name}.swift" for name in braces.split(","))
missing = []
for path in sorted([*(root / "Sources").rglob("*"), *(root / "App/HobbyStory.swiftpm/AppUI").rglob("*")]):
    if path.suffix not in (".swift", ".c") or "CCurl" in path.parts:
        continue
    text = path.read_text(encoding="utf-8")
    if re.search(r"^\s*#(if|elseif)\b", text, re.M) and path.name not in named:
        missing.append(str(path.relative_to(root)))
if missing:
    print("platform switches not listed in docs/architecture.md (Code Linux never compiles):")
    print("\n".join("  " + m for m in missing))
    sys.exit(1)
print(f"platform switches: every file is listed ({len(named)} names)")
