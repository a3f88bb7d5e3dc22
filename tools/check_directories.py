#!/usr/bin/env python3
"""Validate the reference-data JSON files in Sources/DirectoryData/Resources/directories.

Usage: python3 tools/check_directories.py [directories_path]

Checks every file for valid UTF-8 JSON of the form {"entries": [...]}, exact key
sets with non-empty string values, unique well-formed ids, Cyrillic in "ru"
fields, and file-specific rules (species Latin names, water and bait category
vocabularies, required methods, minimum species count). Prints a summary and
exits with status 1 if any problem was found. A species id that no longer
matches its (possibly revised) Latin name is only a warning: ids are permanent.
"""

import json
import os
import re
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DIR = os.path.join(ROOT, "Sources", "DirectoryData", "Resources", "directories")

ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
# "Genus species" with an optional lower-case subspecies epithet.
LATIN_RE = re.compile(r"^[A-Z][a-z]+ [a-z]+(-[a-z]+)?( [a-z]+(-[a-z]+)?)?$")
CYRILLIC_RE = re.compile(r"[\u0400-\u04FF]")

WATER_VALUES = {"fresh", "salt", "both"}
BAIT_CATEGORIES = {"natural", "plant", "prepared", "hard-lure", "soft-lure", "fly", "other"}
REQUIRED_METHODS = {"spinning", "float", "feeder", "bottom", "fly", "ice", "trolling", "jigging"}
MIN_SPECIES = 120

FILES = {
    "species.json": ["id", "latin", "en", "ru", "water", "family"],
    "baits.json": ["id", "en", "ru", "category"],
    "methods.json": ["id", "en", "ru", "description"],
    "water-body-types.json": ["id", "en", "ru"],
}


def load(path, problems):
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        problems.append(f"{os.path.basename(path)}: cannot read: {e}")
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        problems.append(f"{os.path.basename(path)}: not valid UTF-8: {e}")
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        problems.append(f"{os.path.basename(path)}: invalid JSON: {e}")
        return None


def check_file(name, keys, data, problems):
    """Generic checks; returns the list of well-formed entries."""
    if not isinstance(data, dict) or set(data.keys()) != {"entries"}:
        problems.append(f"{name}: top level must be an object with exactly the key 'entries'")
        return []
    entries = data["entries"]
    if not isinstance(entries, list) or not entries:
        problems.append(f"{name}: 'entries' must be a non-empty array")
        return []
    good = []
    ids = Counter()
    for i, e in enumerate(entries):
        where = f"{name}[{i}]"
        if not isinstance(e, dict):
            problems.append(f"{where}: entry is not an object")
            continue
        if isinstance(e.get("id"), str):
            where = f"{name}[{i}] ({e['id']})"
        missing = [k for k in keys if k not in e]
        extra = [k for k in e if k not in keys]
        if missing:
            problems.append(f"{where}: missing keys {missing}")
        if extra:
            problems.append(f"{where}: unexpected keys {extra}")
        ok = not missing and not extra
        for k in keys:
            v = e.get(k)
            if k in e and (not isinstance(v, str) or not v.strip()):
                problems.append(f"{where}: '{k}' must be a non-empty string")
                ok = False
            elif isinstance(v, str) and v != v.strip():
                problems.append(f"{where}: '{k}' has leading/trailing whitespace")
        if isinstance(e.get("id"), str):
            ids[e["id"]] += 1
            if not ID_RE.match(e["id"]):
                problems.append(f"{where}: id does not match {ID_RE.pattern}")
        if isinstance(e.get("ru"), str) and not CYRILLIC_RE.search(e["ru"]):
            problems.append(f"{where}: 'ru' contains no Cyrillic")
        if ok:
            good.append(e)
    for dup, n in ids.items():
        if n > 1:
            problems.append(f"{name}: id '{dup}' occurs {n} times")
    return good


def check_species(entries, problems, warnings):
    latins = Counter()
    for e in entries:
        where = f"species.json ({e['id']})"
        latin = e["latin"]
        latins[latin] += 1
        if not LATIN_RE.match(latin):
            problems.append(f"{where}: latin '{latin}' is not 'Genus species [subspecies]'")
        expected_id = re.sub(r"[^a-z0-9]+", "-", latin.lower()).strip("-")
        if e["id"] != expected_id:
            # Not fatal: ids are permanent, Latin names may be revised later.
            warnings.append(f"{where}: id differs from the slug of the Latin name ('{expected_id}')")
        if e["water"] not in WATER_VALUES:
            problems.append(f"{where}: water '{e['water']}' not in {sorted(WATER_VALUES)}")
        if not re.match(r"^[A-Z][a-z]+idae$", e["family"]):
            problems.append(f"{where}: family '{e['family']}' does not look like a family name (-idae)")
    for dup, n in latins.items():
        if n > 1:
            problems.append(f"species.json: latin '{dup}' occurs {n} times")
    if len(entries) < MIN_SPECIES:
        problems.append(f"species.json: {len(entries)} valid species, need at least {MIN_SPECIES}")


def check_baits(entries, problems):
    for e in entries:
        if e["category"] not in BAIT_CATEGORIES:
            problems.append(f"baits.json ({e['id']}): category '{e['category']}' not in {sorted(BAIT_CATEGORIES)}")


def check_methods(entries, problems):
    have = {e["id"] for e in entries}
    for m in sorted(REQUIRED_METHODS - have):
        problems.append(f"methods.json: required method id '{m}' is missing")


def main(argv):
    directory = argv[1] if len(argv) > 1 else DEFAULT_DIR
    problems = []
    warnings = []
    summary = []
    loaded = {}
    for name, keys in FILES.items():
        data = load(os.path.join(directory, name), problems)
        if data is None:
            summary.append(f"{name}: not loaded")
            continue
        entries = check_file(name, keys, data, problems)
        loaded[name] = entries
        summary.append(f"{name}: {len(entries)} valid entries")
    if "species.json" in loaded:
        check_species(loaded["species.json"], problems, warnings)
        waters = Counter(e["water"] for e in loaded["species.json"])
        summary.append("  species by water: " + ", ".join(f"{k}={waters[k]}" for k in sorted(waters)))
    if "baits.json" in loaded:
        check_baits(loaded["baits.json"], problems)
        cats = Counter(e["category"] for e in loaded["baits.json"])
        summary.append("  baits by category: " + ", ".join(f"{k}={cats[k]}" for k in sorted(cats)))
    if "methods.json" in loaded:
        check_methods(loaded["methods.json"], problems)

    print(f"Checked {directory}")
    for line in summary:
        print(line)
    if warnings:
        print(f"\n{len(warnings)} warning(s) (not fatal):")
        for w in warnings:
            print(f"  - {w}")
    if problems:
        print(f"\n{len(problems)} problem(s):")
        for p in problems:
            print(f"  - {p}")
        return 1
    print("\nOK: no problems found.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
