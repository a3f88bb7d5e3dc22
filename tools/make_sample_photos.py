#!/usr/bin/env python3
"""Draw the photos of the sample season the app's wireframes show (issue 30 §1, §3).

Run from the package root (needs python3 and Pillow):

    python3 tools/make_sample_photos.py

Writes Platform/Wireframes/sample-photos/<name>.jpg: an angler's catch photos, drawn — a lake
under a sky, a far shore of trees, and the fish held over the water in its species' colours —
with a fixed seed, 1600×1200, EXIF capture time; one stored sideways with orientation 6 as a
phone held upright writes it. The wireframes import them into the sample diary, and the app's
import pipeline draws their thumbnails. Drawn here, so they carry no one's copyright (CC0).
"""
import pathlib
import random
from datetime import datetime

from PIL import Image, ImageDraw, ImageFilter

OUT = pathlib.Path("Platform/Wireframes/sample-photos")
W, H = 1600, 1200

# Body, back, belly, fin colours; whether it has bars (perch) or spots (pike, trout).
SPECIES = {
    "pike": ((104, 120, 60), (62, 78, 38), (222, 214, 170), (150, 110, 60), "spots", 3.6),
    "perch": ((150, 160, 70), (70, 86, 40), (236, 226, 190), (226, 110, 40), "bars", 2.6),
    "zander": ((150, 150, 140), (96, 98, 92), (230, 228, 220), (140, 140, 130), "bars", 3.2),
    "trout": ((176, 150, 110), (110, 96, 70), (240, 230, 210), (170, 140, 100), "spots", 2.9),
}

# name, species, capture time (local, +03:00), EXIF orientation
PHOTOS = [
    ("IMG_2041", "pike", datetime(2026, 5, 30, 6, 12), 1),
    ("IMG_2044", "perch", datetime(2026, 5, 30, 6, 40), 1),
    ("IMG_2046", "perch", datetime(2026, 5, 30, 7, 5), 6),
    ("IMG_1877", "zander", datetime(2026, 5, 16, 21, 30), 1),
    ("IMG_1702", "trout", datetime(2026, 5, 2, 8, 15), 1),
    ("IMG_1650", "pike", datetime(2026, 4, 25, 9, 50), 1),
]


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
    else:
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


def exif_for(taken, orientation):
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x0110] = "Hobby Story sample camera"
    sub = exif.get_ifd(0x8769)
    sub[0x9003] = taken.strftime("%Y:%m:%d %H:%M:%S")
    sub[0x9011] = "+03:00"
    return exif


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.jpg"):
        old.unlink()
    for index, (name, species, taken, orientation) in enumerate(PHOTOS):
        rng = random.Random(1000 + index)
        image = scene(rng, species)
        if orientation == 6:
            # Stored as a sensor writes it: turned a quarter to the left, to be turned back.
            image = image.transpose(Image.Transpose.ROTATE_90)
        image.save(OUT / f"{name}.jpg", "JPEG", quality=80, exif=exif_for(taken, orientation).tobytes())


if __name__ == "__main__":
    main()
