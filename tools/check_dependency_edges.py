#!/usr/bin/env python3
"""Fails when a target of Package.swift reaches, directly or through others, a module the design
forbids it (issue 32 §2, "dependencies as designed"; docs/architecture.md):

- the site and the views it renders never link a database driver or the device's store;
- the portal and its storage never link the device's store;
- wire types and the core model never link storage;
- nothing but the app's own layers reaches the app's screen models.

Run by scripts/test.sh; needs `swift package dump-package`.

    python3 tools/check_dependency_edges.py
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DATABASES = {"SQLiteDB", "CSQLite", "PostgresDB", "CPostgreSQL", "DiaryStore", "PortalStore"}

# target -> modules it must never reach
FORBIDDEN = {
    "Site": DATABASES,
    "PortalViews": DATABASES,
    "PortalStore": {"DiaryStore"},
    "Portal": {"DiaryStore"},
    "SyncProtocol": DATABASES,
    "FishingModel": DATABASES | {"SyncProtocol"},
    "HTTPProblem": DATABASES,
}

APP_LAYERS = {"AppFeatures", "AppUI"}
# Executables that use the app's screen models without being part of the product's core.
APP_CONSUMERS = {"hobbystory-bench", "app-wireframes", "AppWireframes"}


def closure(name, targets, seen=None):
    seen = set() if seen is None else seen
    for dependency in targets[name]:
        if dependency in targets and dependency not in seen:
            seen.add(dependency)
            closure(dependency, targets, seen)
    return seen


def main() -> int:
    package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=ROOT))
    targets = {}
    for target in package["targets"]:
        if target["type"] == "test":
            continue
        names = set()
        for dependency in target["dependencies"]:
            for value in dependency.values():
                names.add(value[0] if isinstance(value, list) else value)
        targets[target["name"]] = names
    problems = []
    for name, forbidden in FORBIDDEN.items():
        if name not in targets:
            problems.append(f"{name} is named by a rule but is not a target")
            continue
        for module in sorted(closure(name, targets) & forbidden):
            problems.append(f"{name} reaches {module}, which the design forbids it")
    for name in targets:
        if name in APP_LAYERS or name in APP_CONSUMERS:
            continue
        reached = closure(name, targets) & APP_LAYERS
        if reached:
            problems.append(f"{name} reaches {', '.join(sorted(reached))}: only the app's layers may")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
