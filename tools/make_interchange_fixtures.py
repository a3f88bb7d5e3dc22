#!/usr/bin/env python3
"""Writes the files other programs make that the diary's import tests read (issue 34 §1):

- gpxpy-outing.gpx: waypoints (one without a name, one with a description) and a track with
  timestamps, written by gpxpy — another GPX writer than the diary's;
- fastkml-places.kml: point placemarks (one with an HTML description), a line and a polygon in a
  folder, written by fastkml — another KML writer;
- zipfile-places.kmz: that KML deflated into a KMZ by Python's zipfile, with a picture beside it.

Run: python3 tools/make_interchange_fixtures.py  (needs gpxpy==1.6.2, fastkml==1.4.0, pygeoif)
"""
import datetime
import pathlib
import zipfile

import gpxpy.gpx
from fastkml import kml, features, containers, geometry
from pygeoif.geometry import LineString, Point, Polygon

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/DiaryInterchangeTests/Fixtures"


def gpx() -> str:
    doc = gpxpy.gpx.GPX()
    doc.creator = "gpxpy"
    doc.waypoints.append(gpxpy.gpx.GPXWaypoint(55.7512, 37.6184, name="Bridge pier", description="Pike by the pillars"))
    doc.waypoints.append(gpxpy.gpx.GPXWaypoint(55.76, 37.62, elevation=120.5))
    doc.waypoints.append(gpxpy.gpx.GPXWaypoint(59.9386, 30.3141, name="Neva & Fontanka <mouth>"))
    track = gpxpy.gpx.GPXTrack(name="Morning drift")
    segment = gpxpy.gpx.GPXTrackSegment()
    start = datetime.datetime(2026, 6, 14, 3, 0, tzinfo=datetime.timezone.utc)
    for i in range(5):
        segment.points.append(
            gpxpy.gpx.GPXTrackPoint(55.75 + i * 0.001, 37.61 + i * 0.0015, time=start + datetime.timedelta(minutes=10 * i)))
    track.segments.append(segment)
    doc.tracks.append(track)
    return doc.to_xml(version="1.1")


def kml_text() -> str:
    document = containers.Document(name="My places")
    document.append(features.Placemark(name="Old mill", description="<b>Carp</b> at dusk &amp; dawn",
                                       kml_geometry=geometry.Point(geometry=Point(30.5234, 50.4501))))
    folder = containers.Folder(name="Routes")
    folder.append(features.Placemark(name="Boat run", kml_geometry=geometry.LineString(
        geometry=LineString([(30.52, 50.45), (30.53, 50.46), (30.54, 50.47)]))))
    folder.append(features.Placemark(name="Reed bed", kml_geometry=geometry.Polygon(
        geometry=Polygon([(30.5, 50.4), (30.51, 50.4), (30.51, 50.41), (30.5, 50.4)]))))
    folder.append(features.Placemark(name="Sandbar", kml_geometry=geometry.Point(geometry=Point(30.6, 50.5, 98.0))))
    document.append(folder)
    return kml.KML(features=[document]).to_string(prettyprint=True)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "gpxpy-outing.gpx").write_text(gpx(), encoding="utf-8")
    text = kml_text()
    (OUT / "fastkml-places.kml").write_text(text, encoding="utf-8")
    with zipfile.ZipFile(OUT / "zipfile-places.kmz", "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("doc.kml", date_time=(2026, 6, 14, 0, 0, 0)), text,
                         compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr(zipfile.ZipInfo("files/note.txt", date_time=(2026, 6, 14, 0, 0, 0)), "not a picture")


if __name__ == "__main__":
    main()
