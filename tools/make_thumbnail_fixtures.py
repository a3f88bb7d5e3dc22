#!/usr/bin/env python3
"""Write the photos the thumbnail tests draw, and Pillow's drawing of them as the oracle
(issue 30 §3: thumbnails made on import, never the full image decoded for a grid).

Run from the package root (needs python3 and Pillow):

    python3 tools/make_thumbnail_fixtures.py

Writes to Tests/MediaLibraryTests/Fixtures/:
  * quadrants_orientation6.jpg — 2000×1500 stored pixels in four flat colours (red top left,
    green top right, blue bottom left, yellow bottom right) with EXIF orientation 6 (turn 90°
    clockwise to show), so the picture an angler sees is 1500×2000.
  * quadrants_truncated.jpg — the same file cut after its first 3 000 bytes.
  * thumbnails.json — for each photo, what Pillow makes of it as ImageOps.exif_transpose, then
    thumbnail((480, 480)): the upright size and the colour at the centre of each upright quadrant.
"""
import json
import pathlib

from PIL import Image, ImageOps

OUT = pathlib.Path("Tests/MediaLibraryTests/Fixtures")
SIDE = 480
COLOURS = {"red": (220, 30, 30), "green": (30, 180, 60), "blue": (30, 60, 220), "yellow": (240, 210, 40)}


def quadrants(width, height):
    image = Image.new("RGB", (width, height))
    half_w, half_h = width // 2, height // 2
    image.paste(COLOURS["red"], (0, 0, half_w, half_h))
    image.paste(COLOURS["green"], (half_w, 0, width, half_h))
    image.paste(COLOURS["blue"], (0, half_h, half_w, height))
    image.paste(COLOURS["yellow"], (half_w, half_h, width, height))
    return image


def expectation(path):
    with Image.open(path) as image:
        upright = ImageOps.exif_transpose(image)
        upright.thumbnail((SIDE, SIDE))
        w, h = upright.size
        probe = lambda x, y: list(upright.getpixel((int(x * w), int(y * h))))
        return {
            "width": w,
            "height": h,
            "topLeft": probe(0.25, 0.25),
            "topRight": probe(0.75, 0.25),
            "bottomLeft": probe(0.25, 0.75),
            "bottomRight": probe(0.75, 0.75),
        }


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    photo = OUT / "quadrants_orientation6.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6
    quadrants(2000, 1500).save(photo, "JPEG", quality=90, exif=exif.tobytes())
    (OUT / "quadrants_truncated.jpg").write_bytes(photo.read_bytes()[:3000])
    expected = {"maxPixelSize": SIDE, photo.name: expectation(photo)}
    (OUT / "thumbnails.json").write_text(json.dumps(expected, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
