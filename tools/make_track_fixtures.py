#!/usr/bin/env python3
"""Writes the trip tracks the track tests read (issue 34 §3) and what an independent geodesic
library measures on them:

- gpxpy-trolling.gpx: a morning's trolling off Helsinki written by gpxpy, about 1,440 points
  five seconds apart in two segments — the boat drifting, trolling and standing at anchor (seeded
  random walk, coordinates to 1e-6 degrees);
- fastkml-boat-run.kml: the same path's first 300 points as a KML line without times, written
  by fastkml;
- track-measures.json: for each, the length along the points on the WGS 84 ellipsoid by
  geographiclib 2.1 (Karney's algorithms in Python: the oracle for `Geodesy.Track.measure`), and
  for the timed one the moving time and metres by the rule `Track` documents (a leg counts as
  moving when it lasts more than 0 and at most 300 s and is covered at 0.3 m/s or faster).

Run: python3 tools/make_track_fixtures.py  (needs geographiclib==2.1, gpxpy==1.6.2, fastkml==1.4.0)
"""
import datetime
import json
import math
import pathlib
import random

import gpxpy.gpx
from fastkml import containers, features, geometry, kml
from geographiclib.geodesic import Geodesic
from pygeoif.geometry import LineString

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/DiaryInterchangeTests/Fixtures"
SEED = 34
MOVING_SPEED = 0.3
LONGEST_LEG = 300.0


def path():
    """(latitude, longitude, seconds from the start) of the morning, in two segments."""
    rng = random.Random(SEED)
    lat, lon, heading = 60.1531, 24.8772, 200.0
    points, t = [], 0
    for index in range(1440):
        phase = (index // 120) % 3  # trolling, drifting, at anchor
        speed = {0: rng.uniform(0.9, 1.6), 1: rng.uniform(0.2, 0.5), 2: rng.uniform(0.0, 0.08)}[phase]
        heading += rng.gauss(0, 8)
        step = Geodesic.WGS84.Direct(lat, lon, heading, speed * 5)
        lat, lon = step["lat2"], step["lon2"]
        # A pause in the recording between the segments: twenty minutes without a fix.
        t += 5 if index != 720 else 1200
        point = (round(lat, 6), round(lon, 6), t)
        # A fix that did not move is not written again (fastkml's line would drop it).
        if not points or point[:2] != points[-1][:2]:
            points.append(point)
    return points


def measures(points, timed):
    meters = moving_seconds = moving_meters = 0.0
    for a, b in zip(points, points[1:]):
        leg = Geodesic.WGS84.Inverse(a[0], a[1], b[0], b[1])["s12"]
        meters += leg
        if timed:
            seconds = b[2] - a[2]
            if 0 < seconds <= LONGEST_LEG and leg / seconds >= MOVING_SPEED:
                moving_seconds += seconds
                moving_meters += leg
    result = {"points": len(points), "meters": meters}
    if timed:
        result.update(seconds=points[-1][2] - points[0][2], movingSeconds=moving_seconds, movingMeters=moving_meters)
    return result


def main():
    points = path()
    start = datetime.datetime(2026, 6, 14, 3, 0, tzinfo=datetime.timezone.utc)
    doc = gpxpy.gpx.GPX()
    doc.creator = "gpxpy"
    track = gpxpy.gpx.GPXTrack(name="Trolling off Lauttasaari")
    pause = next(i for i in range(1, len(points)) if points[i][2] - points[i - 1][2] > 600)
    for segment_points in (points[:pause], points[pause:]):
        segment = gpxpy.gpx.GPXTrackSegment()
        for lat, lon, t in segment_points:
            segment.points.append(gpxpy.gpx.GPXTrackPoint(lat, lon, time=start + datetime.timedelta(seconds=t)))
        track.segments.append(segment)
    doc.tracks.append(track)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "gpxpy-trolling.gpx").write_text(doc.to_xml(version="1.1"), encoding="utf-8")

    line = points[:300]
    document = containers.Document(name="Boat run")
    document.append(features.Placemark(name="Boat run", kml_geometry=geometry.LineString(
        geometry=LineString([(lon, lat) for lat, lon, _ in line]))))
    (OUT / "fastkml-boat-run.kml").write_text(kml.KML(features=[document]).to_string(prettyprint=True), encoding="utf-8")

    result = {"gpxpy-trolling.gpx": measures(points, True), "fastkml-boat-run.kml": measures(line, False)}
    (OUT / "track-measures.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
