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

import valhalla_setup

ROOT = Path(__file__).resolve().parent.parent.parent


def run(*command: str) -> None:
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def folder_bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def main() -> None:
    pairs = json.loads(Path(sys.argv[1]).read_text())["pairs"]
    valhalla_setup.install()
    from valhalla import Actor  # installed just above

    with tempfile.TemporaryDirectory() as name:
        work = Path(name)
        tools = ROOT / "tools/map-pack"
        run(sys.executable, str(tools / "fetch_test_extract.py"), str(work))
        clean = work / "clean.osm.pbf"
        run(sys.executable, str(tools / "clean_extract.py"), str(work / "Helsinki.osm.pbf"), str(clean))
        started = time.perf_counter()
        run(sys.executable, str(tools / "routing_graph.py"), str(clean), str(work / "helsinki.routing"))
        ours = time.perf_counter() - started
        started = time.perf_counter()
        config = valhalla_setup.build_tiles(clean, work)
        theirs = time.perf_counter() - started
        actor = Actor(str(config))
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
                          "valhallaBuildS": theirs, "valhallaBytes": folder_bytes(work / "valhalla_tiles"), "valhallaQuery": queries}))


if __name__ == "__main__":
    main()
