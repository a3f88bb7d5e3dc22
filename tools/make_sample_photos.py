#!/usr/bin/env python3
"""Draw the photos of the sample season the app's wireframes show (issue 30 §1, §3).

Run from the package root (needs python3 and Pillow), after tools/make_sample_season.py:

    python3 tools/make_sample_photos.py

Reads Platform/Wireframes/sample-season.json and draws a photo of each fish of the latest trip
and of the season's three heaviest single fish: a lake under a sky, a far shore of trees, and the
fish held over the water in its species' colours, 1600×1200, with the catch's time (on the trip's
clock) as the EXIF capture time; one stored sideways with orientation 6, as a phone held upright
writes it. Writes Platform/Wireframes/sample-photos/<name>.jpg and photos.json (each photo's
file, species and catch time, by which the wireframes link it to its catch; the app's import
pipeline draws the thumbnails). Drawn here with a fixed seed, so they carry no one's copyright
(CC0).
"""
import pathlib
import random
import json
from datetime import datetime, timedelta, timezone

from PIL import Image, ImageDraw, ImageFilter

OUT = pathlib.Path("Platform/Wireframes/sample-photos")
W, H = 1600, 1200

# Body, back, belly, fin colours; whether it has bars (perch) or spots (pike, trout).
SPECIES = {
    "pike": ((104, 120, 60), (62, 78, 38), (222, 214, 170), (150, 110, 60), "spots", 3.6),
    "perch": ((150, 160, 70), (70, 86, 40), (236, 226, 190), (226, 110, 40), "bars", 2.6),
    "zander": ((150, 150, 140), (96, 98, 92), (230, 228, 220), (140, 140, 130), "bars", 3.2),
    "trout": ((176, 150, 110), (110, 96, 70), (240, 230, 210), (170, 140, 100), "spots", 2.9),
    "roach": ((176, 182, 186), (90, 104, 110), (238, 238, 232), (200, 60, 40), "plain", 2.8),
    "salmon": ((190, 196, 200), (80, 96, 112), (242, 242, 238), (120, 130, 140), "spots", 3.4),
    "silver": ((180, 186, 190), (96, 106, 114), (238, 238, 234), (140, 150, 160), "plain", 3.0),
}
# The season's species by the drawing they get.
DRAWN = {
    "esox-lucius": "pike", "perca-fluviatilis": "perch", "sander-lucioperca": "zander", "salmo-trutta": "trout",
    "rutilus-rutilus": "roach", "salmo-salar": "salmon",
}
SEASON = pathlib.Path("Platform/Wireframes/sample-season.json")

def scene(rng, species):
    body, back, belly, fin, marks, ratio = SPECIES[species]
    image = Image.new("RGB", (W, H))
    draw = ImageDraw.Draw(image)
    horizon = 430 + rng.randint(-30, 30)
    for y in range(horizon):
        t = y / horizon
        draw.line([(0, y), (W, y)], fill=(int(120 + 100 * t), int(170 + 60 * t), int(225 + 20 * t)))
    for y in range(horizon, H):
        t = (y - horizon) / (H - horizon)
        draw.line([(0, y), (W, y)], fill=(int(70 - 40 * t), int(100 - 50 * t), int(120 - 50 * t)))
    # The far shore: a band of trees with a ragged top.
    x, points = 0, [(0, horizon + 8)]
    while x < W:
        points.append((x, horizon - rng.randint(20, 70)))
        x += rng.randint(18, 40)
    points += [(W, horizon - 30), (W, horizon + 8)]
    draw.polygon(points, fill=(40, 70, 45))
    for _ in range(120):
        y = rng.randint(horizon + 15, H)
        x = rng.randint(-100, W)
        length = rng.randint(60, 260)
        draw.line([(x, y), (x + length, y)], fill=(110, 140, 160), width=2)
    # The fish, held across the picture.
    cx, cy = W // 2 + rng.randint(-60, 60), int(H * 0.62)
    length = 1050
    height = int(length / ratio / 1.6)
    left, right = cx - length // 2, cx + length // 2
    draw.polygon(
        [(left + 40, cy), (left - 150, cy - 150), (left - 120, cy), (left - 150, cy + 150)], fill=fin)
    draw.polygon([(cx - 120, cy - height // 2 + 10), (cx + 60, cy - height // 2 - 90), (cx + 160, cy - height // 2 + 20)], fill=fin)
    draw.ellipse([left, cy - height // 2, right, cy + height // 2], fill=body)
    draw.chord([left, cy - height // 2, right, cy + height // 2], 180, 360, fill=back)
    draw.chord([left + 30, cy - height // 4, right - 20, cy + height // 2], 20, 160, fill=belly)
    if marks == "bars":
        for i in range(6):
            x = left + 220 + i * 110
            draw.rectangle([x, cy - height // 2 + 20, x + 34, cy + height // 6], fill=back)
    elif marks == "spots":
        for _ in range(70):
            x = rng.randint(left + 150, right - 150)
            y = rng.randint(cy - height // 2 + 30, cy + height // 6)
            draw.ellipse([x, y, x + 18, y + 12], fill=belly)
    draw.ellipse([right - 140, cy - 40, right - 100, cy], fill=(240, 230, 120))
    draw.ellipse([right - 128, cy - 28, right - 112, cy - 12], fill=(20, 20, 20))
    # Two hands holding it.
    for hx in (cx - 260, cx + 210):
        draw.rounded_rectangle([hx, cy + height // 2 - 70, hx + 170, cy + height // 2 + 90], radius=50, fill=(214, 168, 130))
    return image.filter(ImageFilter.GaussianBlur(1.2))


def exif_for(taken, offset, orientation):
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x0110] = "Hobby Story sample camera"
    sub = exif.get_ifd(0x8769)
    sub[0x9003] = taken.strftime("%Y:%m:%d %H:%M:%S")
    sub[0x9011] = f"{'+' if offset >= 0 else '-'}{abs(offset) // 3600:02d}:{abs(offset) % 3600 // 60:02d}"
    return exif


def chosen_catches():
    """The latest trip's fish, then the season's three heaviest single fish: (species, time, offset)."""
    season = json.loads(SEASON.read_text())
    latest = max(season["trips"], key=lambda trip: trip["start"])
    chosen = [(c["species"], c["at"], latest["offset"]) for c in sorted(latest["catches"], key=lambda c: c["at"])]
    singles = [
        (c["weightKg"], c["species"], c["at"], trip["offset"])
        for trip in season["trips"] for c in trip["catches"] if c["count"] == 1 and c.get("weightKg")
    ]
    for _, species, at, offset in sorted(singles, reverse=True)[:3]:
        if (species, at, offset) not in chosen:
            chosen.append((species, at, offset))
    return chosen


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.jpg"):
        old.unlink()
    listed = []
    for index, (species, at, offset) in enumerate(chosen_catches()):
        rng = random.Random(1000 + index)
        name = f"IMG_{2041 + index * 7}"
        orientation = 6 if index == 1 else 1
        image = scene(rng, DRAWN.get(species, "silver"))
        if orientation == 6:
            # Stored as a sensor writes it: turned a quarter to the left, to be turned back.
            image = image.transpose(Image.Transpose.ROTATE_90)
        taken = datetime.fromtimestamp(at, timezone(timedelta(seconds=offset)))
        image.save(OUT / f"{name}.jpg", "JPEG", quality=80, exif=exif_for(taken, offset, orientation).tobytes())
        listed.append({"file": f"{name}.jpg", "species": species, "caughtAt": at})
    (OUT / "photos.json").write_text(json.dumps(listed, indent=2) + "\n")


if __name__ == "__main__":
    main()
