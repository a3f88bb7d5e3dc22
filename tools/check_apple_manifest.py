#!/usr/bin/env python3
"""Checks on Linux what the first Mac build relies on in the manifests (issue 31 §1.1, §5):

- The root package, evaluated as a Mac evaluates it (its `#if os(Linux)` blocks off), holds no
  target whose sources import an iPhone-only framework (UIKit, SwiftUI, MapKit…) and none of the
  Linux-only targets (the stand-ins, the wireframes, libjpeg's thumbnails): `swift build` and
  `swift test` on a Mac compile the core, the CLI and the portal only.
- The app package builds for iOS only and holds the app's views (`AppUI`).
- The app's dependency closure on iOS (AppUI, the root's `AppCore` and everything they need,
  honouring each dependency's platform condition) holds no C library iOS does not have.
- The app's views need no escape from Swift 6's checking: no `@preconcurrency` (import or
  conformance) and no `nonisolated(unsafe)` in `AppUI` (the stand-ins are Apple's, §2).

    python3 tools/check_apple_manifest.py
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(ROOT, "App/HobbyStory.swiftpm")
IPHONE_ONLY = {"UIKit", "SwiftUI", "MapKit", "PhotosUI", "AVKit", "QuickLookThumbnailing", "Charts"}
LINUX_ONLY = {"AppUI", "AppWireframes", "app-wireframes", "CJPEG", "JPEGThumbnails", "UIKit", "SwiftUI"}
# C libraries an iPhone does not have: the app must never need them.
NOT_ON_IOS = {"CSodium", "CCrypto", "CJPEG", "CPostgreSQL", "CMicroHTTPD", "CCurl"}
IMPORT = re.compile(r"^\s*(?:@testable |@_exported )?import (\w+)", re.MULTILINE)
# Escapes from Swift 6's checking the app's views must not need.
ESCAPES = re.compile(r"@preconcurrency|nonisolated\(unsafe\)|@unchecked Sendable")


def dump(manifest_folder):
    return json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=manifest_folder))


def as_on_a_mac():
    """The root manifest as a Mac evaluates it: every `#if os(Linux)` block left out."""
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as handle:
        text = handle.read()
    if "#if os(Linux)" not in text:
        raise SystemExit("Package.swift has no `#if os(Linux)` block: update tools/check_apple_manifest.py")
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as handle:
            handle.write(text.replace("#if os(Linux)", "#if false"))
        return dump(folder)


def dependencies(target, platform):
    """The names a target depends on when built for `platform`."""
    names = []
    for dependency in target["dependencies"]:
        for kind, value in dependency.items():
            name = value[0]
            condition = value[-1] if isinstance(value, list) and len(value) > 1 else None
            platforms = (condition or {}).get("platformNames") if isinstance(condition, dict) else None
            if platforms and platform not in platforms:
                continue
            names.append(name)
    return names


def main():
    problems = []
    mac = as_on_a_mac()
    targets = {target["name"]: target for target in mac["targets"]}
    for name, target in targets.items():
        if name in LINUX_ONLY:
            problems.append(f"a Mac's root package holds {name}, which only Linux builds")
        for dependency in dependencies(target, "macos"):
            if dependency in LINUX_ONLY:
                problems.append(f"on a Mac, {name} depends on {dependency}, which only Linux builds")
        if target["type"] == "system":
            continue
        default = ("Tests/" if target["type"] == "test" else "Sources/") + name
        for path in glob.glob(os.path.join(ROOT, target.get("path") or default, "**", "*.swift"), recursive=True):
            with open(path, encoding="utf-8") as handle:
                imported = set(IMPORT.findall(handle.read())) & IPHONE_ONLY
            if imported:
                problems.append(f"{os.path.relpath(path, ROOT)} imports {', '.join(sorted(imported))}, which a Mac's {name} lacks")

    for path in sorted(glob.glob(os.path.join(APP, "AppUI", "**", "*.swift"), recursive=True)):
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if ESCAPES.search(line.split("//")[0]):
                    problems.append(f"{os.path.relpath(path, ROOT)}:{number}: {ESCAPES.search(line).group(0)} in the app's views")

    app = dump(APP)
    if [p["platformName"] for p in app.get("platforms", [])] != ["ios"]:
        problems.append("the app package must build for iOS only")
    app_targets = {target["name"]: target for target in app["targets"]}
    if "AppUI" not in app_targets:
        problems.append("the app package has no AppUI target")
    products = {product["name"]: product for product in mac["products"]}
    core = products.get("AppCore")
    if core is None:
        problems.append("a Mac's root package has no AppCore library for the app package")
    else:
        closure, pending = set(), list(core["targets"])
        while pending:
            name = pending.pop()
            if name in closure or name not in targets:
                continue
            closure.add(name)
            pending += dependencies(targets[name], "ios")
        for name in sorted(closure & NOT_ON_IOS):
            problems.append(f"the app needs {name}, a C library iOS does not have")
        print(f"the app's closure on iOS: {len(closure)} modules, C libraries: "
              + ", ".join(sorted(n for n in closure if targets[n]["type"] == "system" or n.startswith("C"))))
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"a Mac's root package: {len(targets)} targets, none of them the app's views or Linux-only")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
