#!/usr/bin/env python3
"""Draws the app's placeholder icon (issue 14 §2): a white fish over deep water, 1024 × 1024,
opaque as the App Store requires, written with the asset catalogue that names it.

    python3 tools/make_app_icon.py   # writes App/HobbyStory.swiftpm/Sources/Resources/Assets.xcassets

Plain Python (zlib): no imaging library needed, the same bytes on every machine.
"""
import json
import math
import struct
import zlib
from pathlib import Path

SIZE = 1024
CATALOG = Path(__file__).resolve().parent.parent / "App/HobbyStory.swiftpm/Sources/Resources/Assets.xcassets"


def inside_fish(x: float, y: float) -> bool:
    """The fish: an elliptic body facing left, a forked tail, an eye left open."""
    body = ((x - 0.46) / 0.27) ** 2 + ((y - 0.5) / 0.15) ** 2 <= 1
    tail_x = x - 0.70
    tail = 0 <= tail_x <= 0.16 and abs(y - 0.5) <= 0.04 + tail_x * 0.9 and abs(y - 0.5) >= tail_x * 0.9 - 0.08
    eye = (x - 0.30) ** 2 + (y - 0.46) ** 2 <= 0.022 ** 2
    return (body or tail) and not eye


def pixel(px: int, py: int) -> bytes:
    x, y = (px + 0.5) / SIZE, (py + 0.5) / SIZE
    wave = 0.015 * math.sin(x * math.tau * 3)
    if inside_fish(x, y):
        return bytes((250, 250, 245))
    depth = min(1.0, max(0.0, y + wave))
    return bytes((int(20 + 20 * (1 - depth)), int(90 + 60 * (1 - depth)), int(150 + 80 * (1 - depth))))


def png(width: int, height: int) -> bytes:
    rows = b"".join(b"\x00" + b"".join(pixel(px, py) for px in range(width)) for py in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def main() -> None:
    icon_set = CATALOG / "AppIcon.appiconset"
    icon_set.mkdir(parents=True, exist_ok=True)
    (icon_set / "icon-1024.png").write_bytes(png(SIZE, SIZE))
    info = {"author": "xcode", "version": 1}
    (CATALOG / "Contents.json").write_text(json.dumps({"info": info}, indent=2) + "\n")
    images = [{"filename": "icon-1024.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}]
    (icon_set / "Contents.json").write_text(json.dumps({"images": images, "info": info}, indent=2) + "\n")


if __name__ == "__main__":
    main()
