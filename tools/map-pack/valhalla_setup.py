"""Valhalla for the routing oracle and benchmark (issue 15 §3, §5): installs the pinned
`pyvalhalla-weekly` wheel (the PyPI build that ships `valhalla_build_tiles`) and builds its tiles
from a cleaned extract into a work folder, with no admin, time-zone, transit or traffic data.
Imported by tools/make_routing_fixtures.py and tools/map-pack/valhalla_timing.py."""
import json
import subprocess
import sys
from pathlib import Path

VALHALLA = "pyvalhalla-weekly==3.5.1.post1.dev248"


def install() -> None:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", VALHALLA],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def build_tiles(clean: Path, work: Path) -> Path:
    """Builds Valhalla's tiles of `clean` under `work`; returns the configuration file's path."""
    from valhalla import get_config  # installed by install()

    tiles = work / "valhalla_tiles"
    tiles.mkdir()
    config = get_config(tile_extract="", tile_dir=tiles)
    for key in ("transit_dir", "timezone", "admin", "landmarks", "traffic_extract"):
        config["mjolnir"][key] = ""
    path = work / "valhalla.json"
    path.write_text(json.dumps(config))
    subprocess.run([sys.executable, "-m", "valhalla", "valhalla_build_tiles", "-c", str(path), str(clean)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return path
