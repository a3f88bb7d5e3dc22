#!/usr/bin/env python3
"""Record exiftool's reading of every media fixture into expected.json (the independent oracle).

Run from the package root, after tools/make_media_samples.py:

    apt-get install -y libimage-exiftool-perl
    python3 tools/make_media_expectations.py

It runs `exiftool -json -n -G1 -a` over Tests/MediaMetadataTests/Fixtures/ and rewrites
Tests/MediaMetadataTests/Fixtures/expected.json. For each fixture the JSON holds the fields of the
Swift `MediaMetadata` value as exiftool sees them, plus the raw exiftool tags they came from.
The Swift tests compare the module's reading with these fields. The file in the repository was
made with exiftool 12.57 (Debian bookworm), whose version is recorded in the file.

How exiftool's tags become MediaMetadata fields:
  format                   File:FileType lower-cased; exiftool's "HEIF" (major brand mif1) is .heic,
                           the Swift module's single case for the HEIF still-image container.
  capturedAt               photos: ExifIFD:DateTimeOriginal, moved to UTC by ExifIFD:OffsetTimeOriginal
                           when present, else the wall-clock time read as if it were UTC;
                           videos: QuickTime:CreateDate (UTC in the file; all zeros means unknown).
  captureUTCOffsetSeconds  ExifIFD:OffsetTimeOriginal in seconds.
  latitude, longitude,     Composite:GPSLatitude / GPSLongitude / GPSAltitude (signed; from the GPS IFD,
  altitude                 udta (c)xyz or the QuickTime keys location).
  orientation              photos: IFD0:Orientation; videos: Composite:Rotation of the video track as
                           EXIF orientation (0 -> 1, 90 -> 6, 180 -> 3, 270 -> 8).
  pixelWidth, pixelHeight  JPEG: File:ImageWidth/Height (the SOF marker); PNG: PNG:ImageWidth/Height;
                           HEIC: QuickTime:ImageSpatialExtent; videos: the first TrackN whose
                           HandlerType is "vide" and whose ImageWidth/Height are non-zero.
  durationSeconds          QuickTime:Duration.

Where exiftool cannot read a fixture, the gap is filled from another of exiftool's readings and the
JSON says so in "note". One case today: exiftool 12.57 warns "Can't currently extract Exif with
construction method 1" for photo_iloc_v2_idat.heic (Exif item in idat). That file carries byte for
byte the TIFF block of photo_exif_full.jpg, so its EXIF fields are exiftool's reading of that JPEG.
"""

import datetime
import json
import os
import subprocess

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "Tests", "MediaMetadataTests", "Fixtures")
OUTPUT = os.path.join(FIXTURES, "expected.json")
MEDIA_SUFFIXES = (".jpg", ".heic", ".png", ".mp4", ".mov")
SAME_EXIF_AS = {"photo_iloc_v2_idat.heic": "photo_exif_full.jpg"}
EXIF_FIELDS = ("capturedAt", "captureUTCOffsetSeconds", "latitude", "longitude", "altitude", "orientation")
ROTATION_TO_ORIENTATION = {0: 1, 90: 6, 180: 3, 270: 8}
RAW_TAGS = (
    "File:FileType", "File:ImageWidth", "File:ImageHeight", "PNG:ImageWidth", "PNG:ImageHeight",
    "QuickTime:ImageSpatialExtent", "IFD0:Orientation", "ExifIFD:DateTimeOriginal",
    "ExifIFD:OffsetTimeOriginal", "Composite:GPSLatitude", "Composite:GPSLongitude",
    "Composite:GPSAltitude", "QuickTime:CreateDate", "QuickTime:Duration", "Composite:Rotation",
    "ExifTool:Warning",
)


def offset_seconds(text):
    sign = -1 if text[0] == "-" else 1
    hours, minutes = text[1:].split(":")
    return sign * (int(hours) * 3600 + int(minutes) * 60)


def exif_instant(wall_clock, offset):
    """An EXIF 'YYYY:MM:DD HH:MM:SS' time as an ISO 8601 UTC string, or None when it is unset."""
    if wall_clock is None or wall_clock.startswith("0000"):
        return None
    moment = datetime.datetime.strptime(wall_clock, "%Y:%m:%d %H:%M:%S")
    moment -= datetime.timedelta(seconds=offset or 0)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def video_track_size(tags):
    number = 1
    while f"Track{number}:HandlerType" in tags:
        width = tags.get(f"Track{number}:ImageWidth", 0)
        height = tags.get(f"Track{number}:ImageHeight", 0)
        if tags[f"Track{number}:HandlerType"] == "vide" and width and height:
            return width, height
        number += 1
    return None, None


def pixel_size(kind, tags):
    if kind == "jpeg":
        return tags.get("File:ImageWidth"), tags.get("File:ImageHeight")
    if kind == "png":
        return tags.get("PNG:ImageWidth"), tags.get("PNG:ImageHeight")
    if kind == "heic":
        extent = tags.get("QuickTime:ImageSpatialExtent")
        return tuple(int(part) for part in extent.split()) if extent else (None, None)
    return video_track_size(tags)


def fields(tags):
    kind = tags["File:FileType"].lower().replace("heif", "heic")
    video = kind in ("mp4", "mov")
    offset_text = tags.get("ExifIFD:OffsetTimeOriginal")
    offset = offset_seconds(offset_text) if offset_text else None
    width, height = pixel_size(kind, tags)
    if video:
        captured = exif_instant(tags.get("QuickTime:CreateDate"), None)
        rotation = tags.get("Composite:Rotation")
        orientation = ROTATION_TO_ORIENTATION.get(rotation) if width else None
    else:
        captured = exif_instant(tags.get("ExifIFD:DateTimeOriginal"), offset)
        orientation = tags.get("IFD0:Orientation")
    return {
        "format": kind,
        "capturedAt": captured,
        "captureUTCOffsetSeconds": offset,
        "latitude": tags.get("Composite:GPSLatitude"),
        "longitude": tags.get("Composite:GPSLongitude"),
        "altitude": tags.get("Composite:GPSAltitude"),
        "orientation": orientation,
        "pixelWidth": width,
        "pixelHeight": height,
        "durationSeconds": tags.get("QuickTime:Duration") if video else None,
        "exiftool": {tag: tags[tag] for tag in RAW_TAGS if tag in tags},
    }


def main():
    names = sorted(name for name in os.listdir(FIXTURES) if name.endswith(MEDIA_SUFFIXES))
    paths = [os.path.join(FIXTURES, name) for name in names]
    version = subprocess.run(["exiftool", "-ver"], capture_output=True, text=True, check=True).stdout.strip()
    report = subprocess.run(["exiftool", "-json", "-n", "-G1", "-a", *paths], capture_output=True, text=True)
    readings = {os.path.basename(entry["SourceFile"]): fields(entry) for entry in json.loads(report.stdout)}
    for name, donor in SAME_EXIF_AS.items():
        for field in EXIF_FIELDS:
            readings[name][field] = readings[donor][field]
        readings[name]["note"] = f"EXIF fields from exiftool's reading of {donor}, which holds the same TIFF block"
    with open(OUTPUT, "w") as out:
        json.dump({"exiftoolVersion": version, "files": readings}, out, indent=2, sort_keys=True)
        out.write("\n")
    print(f"wrote {OUTPUT} for {len(readings)} fixtures with exiftool {version}")


if __name__ == "__main__":
    main()
