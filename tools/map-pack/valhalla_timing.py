#!/usr/bin/env python3
"""The Valhalla side of the routing benchmark (issue 15 §5), for hobbystory-bench to print beside
its own figures in the same run: builds Valhalla's tiles and our routing graph from the same
cleaned Helsinki extract (timing both, with their sizes), then times Valhalla's own route query
(`Actor.route`, in process; the JSON in and out is part of it) on the oracle's pairs.

    python3 tools/map-pack/valhalla_timing.py PAIRS.json     # prints one JSON object

Installs pyvalhalla-weekly (which ships the tile builder) and fetches the extract, like
tools/make_routing_fixtures.py.
"""
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
VALHALLA = "pyvalhalla-weekly==3.5.1.post1.dev248"


def run(*command: str) -> None:
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def folder_bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def main() -> None:
    pairs = json.loads(Path(sys.argv[1]).read_text())["pairs"]
    run(sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", VALHALLA)
    from valhalla import Actor, get_config  # installed just above

    with tempfile.TemporaryDirectory() as name:
        work = Path(name)
        tools = ROOT / "tools/map-pack"
        run(sys.executable, str(tools / "fetch_test_extract.py"), str(work))
        clean = work / "clean.osm.pbf"
        run(sys.executable, str(tools / "clean_extract.py"), str(work / "Helsinki.osm.pbf"), str(clean))
        started = time.perf_counter()
        run(sys.executable, str(tools / "routing_graph.py"), str(clean), str(work / "helsinki.routing"))
        ours = time.perf_counter() - started
        tiles = work / "valhalla_tiles"
        tiles.mkdir()
        config = get_config(tile_extract="", tile_dir=tiles)
        for key in ("transit_dir", "timezone", "admin", "landmarks", "traffic_extract"):
            config["mjolnir"][key] = ""
        (work / "valhalla.json").write_text(json.dumps(config))
        started = time.perf_counter()
        run(sys.executable, "-m", "valhalla", "valhalla_build_tiles", "-c", str(work / "valhalla.json"), str(clean))
        theirs = time.perf_counter() - started
        actor = Actor(str(work / "valhalla.json"))
        queries = {}
        for mode, costing in (("car", "auto"), ("foot", "pedestrian")):
            times = []
            for pair in (p for p in pairs if p["mode"] == mode):
                query = json.dumps({"locations": [{"lat": pair["from"][0], "lon": pair["from"][1]},
                                                  {"lat": pair["to"][0], "lon": pair["to"][1]}], "costing": costing})
                started = time.perf_counter()
                actor.route(query)
                times.append(time.perf_counter() - started)
            times.sort()
            queries[mode] = {"medianMs": statistics.median(times) * 1000, "p95Ms": times[int(0.95 * len(times))] * 1000}
        print(json.dumps({"ourBuildS": ours, "ourBytes": (work / "helsinki.routing").stat().st_size,
                          "valhallaBuildS": theirs, "valhallaBytes": folder_bytes(tiles), "valhallaQuery": queries}))


if __name__ == "__main__":
    main()
