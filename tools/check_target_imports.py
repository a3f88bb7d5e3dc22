#!/usr/bin/env python3
"""Fails when a target imports a module of this package that Package.swift does not list among
its dependencies (it then builds only by luck of the build order, and breaks on a clean build or
a reordering). Run by scripts/test.sh; needs `swift package dump-package`.

    python3 tools/check_target_imports.py
"""
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORT = re.compile(r"^\s*(?:@testable |@_exported )?import (\w+)", re.MULTILINE)


def main() -> int:
    package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=ROOT))
    targets = {target["name"]: target for target in package["targets"]}
    problems = []
    for name, target in targets.items():
        if target["type"] == "system":
            continue
        default = ("Tests/" if target["type"] == "test" else "Sources/") + name
        folder = os.path.join(ROOT, target.get("path") or default)
        declared = set()
        for dependency in target["dependencies"]:
            for value in dependency.values():
                declared.add(value[0] if isinstance(value, list) else value)
        for path in glob.glob(os.path.join(folder, "**", "*.swift"), recursive=True):
            with open(path, encoding="utf-8") as handle:
                for module in IMPORT.findall(handle.read()):
                    # Only modules of this package count; the toolchain's are always there.
                    if module in targets and module != name and module not in declared:
                        problems.append(f"{os.path.relpath(path, ROOT)} imports {module}, which {name} does not declare")
    for problem in sorted(set(problems)):
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
