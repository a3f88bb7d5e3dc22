#!/usr/bin/env python3
"""Checks the first Mac build's workflow (.github/workflows/first-mac-build.yml, issue 31 §4) on
Linux, where it cannot run: it parses as YAML and has the two jobs on `macos-15`; its `brew
install` names exactly the Homebrew formulae the manifest's system libraries declare; `swift`
is given only options `swift build --help` / `swift test --help` list; `xcodebuild` builds the
app package's product for the iOS Simulator from the app package's folder.

    python3 tools/check_mac_workflow.py
"""
import json
import os
import re
import shlex
import subprocess
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKFLOW = os.path.join(ROOT, ".github/workflows/first-mac-build.yml")


def options_of(command):
    """The long options `swift <command> --help` lists."""
    text = subprocess.run(["swift", command, "--help"], capture_output=True, text=True, cwd=ROOT).stdout
    return set(re.findall(r"(--[a-z][a-z0-9-]+)", text))


def main():
    problems = []
    with open(WORKFLOW, encoding="utf-8") as handle:
        workflow = yaml.safe_load(handle)
    jobs = workflow.get("jobs", {})
    if set(jobs) != {"package", "app"}:
        problems.append(f"the workflow's jobs are {sorted(jobs)}, not package and app")
    manifest = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=ROOT))
    formulae = set()
    for target in manifest["targets"]:
        for provider in target.get("providers") or []:
            formulae.update(provider.get("brew", [[]])[0])
    app = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=os.path.join(ROOT, "App/HobbyStory.swiftpm")))
    app_products = {product["name"] for product in app["products"]}
    swift_options = {"build": options_of("build"), "test": options_of("test")}
    for name, job in jobs.items():
        if job.get("runs-on") != "macos-15":
            problems.append(f"job {name} runs on {job.get('runs-on')}, not macos-15")
        for step in job.get("steps", []):
            if "uses" in step and not step["uses"].startswith("actions/checkout@"):
                problems.append(f"job {name} uses {step['uses']}: only GitHub's checkout is expected")
            command = step.get("run")
            if not command:
                continue
            folder = os.path.join(ROOT, step.get("working-directory", "."))
            if not os.path.isdir(folder):
                problems.append(f"job {name}: no folder {step['working-directory']}")
            words = shlex.split(command)
            if words[:2] == ["brew", "install"] and set(words[2:]) != formulae:
                problems.append(f"brew installs {sorted(words[2:])}; the manifest's formulae are {sorted(formulae)}")
            if words[0] == "swift":
                unknown = [w for w in words[2:] if w.startswith("--") and w not in swift_options.get(words[1], set())]
                if words[1] not in swift_options or unknown:
                    problems.append(f"job {name}: `{command}` has what swift does not take: {unknown or words[1]}")
            if words[0] == "xcodebuild" and "-scheme" in words:
                scheme = words[words.index("-scheme") + 1]
                if scheme not in app_products or not os.path.exists(os.path.join(folder, "Package.swift")):
                    problems.append(f"xcodebuild builds {scheme} in {folder}: not the app package's product")
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"first Mac build workflow: {len(jobs)} jobs, {len(formulae)} formulae, commands spelled as the tools take them")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
