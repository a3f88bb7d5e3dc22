#!/usr/bin/env python3
"""Generate the golden fixtures for the Geodesy module's tests (T9 distance between points).

Run from the package root:

    pip install geographiclib==2.1
    python3 tools/make_geodesy_fixtures.py

It rewrites Tests/GeodesyTests/Fixtures/geodesic.json. The file in the repository was made with
geographiclib 2.1 (Python), which is an independent implementation of Karney's geodesic
algorithms and serves as the oracle. The seed is fixed, so the same geographiclib version gives a
byte-identical file; the version used is recorded in the file and checked by nothing but a reader.

Layout of the JSON (floats are written with Python's shortest round-trip repr):
  inverse:   groups {"kind", "cases"}; a case is [lat1, lon1, lat2, lon2, s12, azi1, azi2, m12]
  direct:    groups {"kind", "cases"}; a case is [lat1, lon1, azi1, s12, lat2, lon2, azi2]
  flattened: the same two lists for an ellipsoid with a = 6378137 m and f = 1/10, where the sixth
             order terms of the series are large enough for the tests to notice a wrong one.
Azimuths are geographiclib's own, in degrees on [-180, 180]; s12 and m12 are in metres.
Coincident points are left out: the Swift module reports bearings 0 there by its own convention.
"""

import json
import math
import os
import random

import geographiclib
from geographiclib.geodesic import Geodesic

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Tests", "GeodesyTests", "Fixtures", "geodesic.json")
SEED = 20130103
FLATTENED = Geodesic(6378137.0, 1.0 / 10.0)
INVERSE_MASK = Geodesic.STANDARD | Geodesic.REDUCEDLENGTH


def wrap(lon):
    """Longitude on [-180, 180)."""
    return (lon + 180.0) % 360.0 - 180.0


def clamp_lat(lat):
    return max(-90.0, min(90.0, lat))


def random_lat(rng):
    """Latitude of a point uniform on the sphere."""
    return math.degrees(math.asin(rng.uniform(-1.0, 1.0)))


def random_lon(rng):
    return rng.uniform(-180.0, 180.0)


def rounded(value, rng):
    """Sometimes keep 4 to 7 decimals, as a GPS or a typed coordinate would."""
    if rng.random() < 0.3:
        return round(value, rng.randint(4, 7))
    return value


def inverse_pairs(rng):
    groups = {}

    def add(kind, lat1, lon1, lat2, lon2):
        groups.setdefault(kind, []).append((lat1, lon1, lat2, lon2))

    # Hand-picked: exact antipodes and ties, the edge of the equatorial case, a classic example.
    for pair in [(0.0, 0.0, 0.0, 180.0), (0.0, 0.0, 0.0, -180.0), (30.0, 0.0, -30.0, 180.0),
                 (90.0, 0.0, -90.0, 0.0), (90.0, 10.0, -90.0, -50.0), (-90.0, 0.0, 90.0, 0.0),
                 (0.0, 0.0, 0.0, 179.5), (0.0, 0.0, 0.0, 179.4), (0.0, 0.0, 0.0, 90.0),
                 (0.0, 0.0, 0.5, 179.5), (-0.5, 0.0, 0.5, 179.5), (45.0, 0.0, -45.0, 179.9),
                 (89.9999, 0.0, -89.9999, 180.0), (10.0, 20.0, -10.0, -160.0), (0.0, 0.0, 1e-9, 180.0),
                 (-41.32, 174.81, 40.96, -5.5), (0.0, 0.0, 0.0, 1e-9), (-30.0, 0.0, 29.9, 179.8),
                 (40.0, -75.0, 40.0, -75.0 + 1e-12), (-89.5, 0.0, 89.5, 180.0)]:
        add("hand-picked", *pair)
    for _ in range(620):
        add("random", rounded(random_lat(rng), rng), rounded(random_lon(rng), rng),
            rounded(random_lat(rng), rng), rounded(random_lon(rng), rng))
    # Shorter than a metre: offsets of up to 5e-6 degrees (about 0.55 m north-south).
    for _ in range(200):
        lat1, lon1 = random_lat(rng) * 0.98, random_lon(rng)
        scale = 10.0 ** rng.uniform(-11.0, -5.7)
        add("under one metre", lat1, lon1,
            lat1 + rng.uniform(-1.0, 1.0) * scale, wrap(lon1 + rng.uniform(-1.0, 1.0) * scale))
    # Fishing-trip scale: a metre to a few hundred kilometres.
    for _ in range(250):
        lat1, lon1 = random_lat(rng) * 0.95, random_lon(rng)
        scale = 10.0 ** rng.uniform(-5.0, 0.5)
        add("short", rounded(lat1, rng), rounded(lon1, rng),
            rounded(clamp_lat(lat1 + rng.uniform(-1.0, 1.0) * scale), rng),
            rounded(wrap(lon1 + rng.uniform(-1.0, 1.0) * scale), rng))
    # Nearly antipodal, down to a micro-degree from the antipode, and exactly antipodal.
    for i in range(300):
        lat1, lon1 = random_lat(rng), random_lon(rng)
        if i % 5 == 0:
            lat1 *= 1e-3
        scale = 10.0 ** rng.uniform(-6.0, 0.0)
        dlat = 0.0 if i % 10 == 0 else rng.uniform(-1.0, 1.0) * scale
        dlon = 0.0 if i % 10 == 1 else rng.uniform(-1.0, 1.0) * scale
        add("nearly antipodal", lat1, lon1, clamp_lat(-lat1 + dlat), wrap(lon1 + 180.0 + dlon))
    # On the equator, including the stretch past 179.4 degrees where the shortest path leaves it.
    for i in range(120):
        lon1 = random_lon(rng)
        dlon = rng.uniform(0.0, 180.0) if i % 2 else rng.uniform(178.5, 180.0)
        add("equatorial", 0.0, lon1, 0.0, wrap(lon1 + rng.choice([-1.0, 1.0]) * dlon))
    for _ in range(60):
        add("near the equator", rng.uniform(-1e-3, 1e-3), random_lon(rng),
            rng.uniform(-1e-3, 1e-3), random_lon(rng))
    # Along a meridian, on the same side or over a pole.
    for i in range(150):
        lon1 = random_lon(rng)
        lon2 = lon1 if i % 2 else wrap(lon1 + 180.0)
        add("meridional", rounded(random_lat(rng), rng), lon1, rounded(random_lat(rng), rng), lon2)
    # At or next to a pole.
    for i in range(150):
        pole = rng.choice([-90.0, 90.0])
        lat1 = pole if i % 3 else pole - math.copysign(10.0 ** rng.uniform(-9.0, -1.0), pole)
        lat2 = random_lat(rng) if i % 2 else rng.choice([-90.0, 90.0, random_lat(rng)])
        if lat1 == lat2:
            lat2 = -lat2
        if rng.random() < 0.5:
            lat1, lat2 = lat2, lat1
        add("polar", lat1, random_lon(rng), lat2, random_lon(rng))
    # Across the antimeridian, short and long.
    for i in range(150):
        lat1 = random_lat(rng)
        span = 10.0 ** rng.uniform(-6.0, 1.0)
        lon1 = 180.0 - rng.uniform(0.0, span)
        lon2 = -180.0 + rng.uniform(0.0, span)
        lat2 = clamp_lat(lat1 + rng.uniform(-1.0, 1.0) * span)
        if i % 2:
            lon1, lon2 = lon2, lon1
        add("antimeridian", lat1, lon1, lat2, lon2)
    return groups


def direct_starts(rng):
    groups = {}

    def add(kind, lat1, lon1, azi1, s12):
        groups.setdefault(kind, []).append((lat1, lon1, azi1, s12))

    for _ in range(350):
        add("random", random_lat(rng), random_lon(rng), rng.uniform(-180.0, 180.0),
            10.0 ** rng.uniform(-2.0, 7.3))
    for _ in range(50):
        add("long way round", random_lat(rng), random_lon(rng), rng.uniform(-180.0, 180.0),
            rng.uniform(2.0e7, 6.0e7))
    for _ in range(40):
        add("cardinal", rng.choice([0.0, random_lat(rng)]), random_lon(rng),
            rng.choice([0.0, 90.0, 180.0, -90.0]), 10.0 ** rng.uniform(0.0, 7.3))
    for _ in range(40):
        add("from a pole", rng.choice([-90.0, 90.0]), random_lon(rng), rng.uniform(-180.0, 180.0),
            10.0 ** rng.uniform(0.0, 7.3))
    for _ in range(30):
        add("backwards", random_lat(rng), random_lon(rng), rng.uniform(-180.0, 180.0),
            -(10.0 ** rng.uniform(0.0, 7.0)))
    return groups


def solve_inverse(geodesic, pairs):
    cases = []
    for lat1, lon1, lat2, lon2 in pairs:
        r = geodesic.Inverse(lat1, lon1, lat2, lon2, INVERSE_MASK)
        if r["s12"] == 0.0:
            continue
        cases.append([lat1, lon1, lat2, lon2, r["s12"], r["azi1"], r["azi2"], r["m12"]])
    return cases


def solve_direct(geodesic, starts):
    cases = []
    for lat1, lon1, azi1, s12 in starts:
        r = geodesic.Direct(lat1, lon1, azi1, s12)
        cases.append([lat1, lon1, azi1, s12, r["lat2"], r["lon2"], r["azi2"]])
    return cases


def main():
    rng = random.Random(SEED)
    wgs84 = Geodesic.WGS84
    inverse = [{"kind": kind, "cases": solve_inverse(wgs84, pairs)}
               for kind, pairs in inverse_pairs(rng).items()]
    direct = [{"kind": kind, "cases": solve_direct(wgs84, starts)}
              for kind, starts in direct_starts(rng).items()]
    flat_pairs = [(random_lat(rng), random_lon(rng), random_lat(rng), random_lon(rng))
                  for _ in range(100)]
    flat_starts = [(random_lat(rng), random_lon(rng), rng.uniform(-180.0, 180.0),
                    10.0 ** rng.uniform(0.0, 7.3)) for _ in range(100)]
    document = {
        "generator": "tools/make_geodesy_fixtures.py",
        "geographiclib": geographiclib.__version__,
        "seed": SEED,
        "ellipsoid": {"a": wgs84.a, "f": wgs84.f},
        "inverse": inverse,
        "direct": direct,
        "flattened": {
            "ellipsoid": {"a": FLATTENED.a, "f": FLATTENED.f},
            "inverse": solve_inverse(FLATTENED, flat_pairs),
            "direct": solve_direct(FLATTENED, flat_starts),
        },
    }
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w", encoding="utf-8") as out:
        json.dump(document, out, separators=(",", ":"))
        out.write("\n")
    counts = {g["kind"]: len(g["cases"]) for g in inverse}
    print("inverse", sum(counts.values()), counts)
    print("direct", sum(len(g["cases"]) for g in direct))
    print("wrote", OUTPUT, os.path.getsize(OUTPUT), "bytes with geographiclib", geographiclib.__version__)


if __name__ == "__main__":
    main()
