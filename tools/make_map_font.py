#!/usr/bin/env python3
"""The font map pictures name places with (issue 15: drawing offline packs), and the fixtures its
Swift reader is checked against, both made with fontTools (4.68.0):

    pip install fonttools==4.68.0 pillow
    python3 tools/make_map_font.py      # Debian's fonts-dejavu-core must be installed

Writes Sources/MapRendering/Resources/MapLabels.ttf: DejaVu Sans Condensed Bold (Bitstream Vera
and Arev fonts licence, public domain changes; README's attributions) cut to the letters map
names use (Basic Latin, Latin-1, Latin Extended-A, Cyrillic), without hinting, every composite
glyph decomposed into simple outlines, with its licence beside it (MapLabels-LICENSE.txt). And Tests/MapRenderingTests/Fixtures/font.json: for some
characters, the glyph's points, on-curve flags and contour ends and its advance width as
fontTools reads them from the written font; and for a few words, the ink Pillow (FreeType,
unhinted) draws at 16 pixels (its box and its total coverage).
"""
import json
from pathlib import Path

from fontTools import subset
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf")
FONT = ROOT / "Sources/MapRendering/Resources/MapLabels.ttf"
LICENCE = ROOT / "Sources/MapRendering/Resources/MapLabels-LICENSE.txt"
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-dejavu-core/copyright")
FIXTURE = ROOT / "Tests/MapRenderingTests/Fixtures/font.json"
RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x100, 0x17F), (0x400, 0x4FF), (0x2013, 0x2014), (0x2019, 0x2019)]
CHARACTERS = "AaBgHklmoöÖåäTtüЖжЁёЙйЯяШщ05-'"
WORDS = ["Helsinki", "Töölönlahti", "Озеро Селигер"]


def main() -> None:
    font = TTFont(SOURCE, recalcTimestamp=False)
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[u for low, high in RANGES for u in range(low, high + 1)])
    subsetter.subset(font)
    glyph_set = font.getGlyphSet()
    glyf = font["glyf"]
    for name in font.getGlyphOrder():
        if glyf[name].isComposite():
            recording = DecomposingRecordingPen(glyph_set)
            glyph_set[name].draw(recording)
            pen = TTGlyphPen(None)
            recording.replay(pen)
            glyf[name] = pen.glyph()
    FONT.parent.mkdir(parents=True, exist_ok=True)
    font.save(FONT)
    LICENCE.write_text(
        "MapLabels.ttf is DejaVu Sans Condensed Bold cut to the letters of map names by\n"
        "tools/make_map_font.py (hinting removed, composite glyphs decomposed). Its copyright and\n"
        "licence, as Debian's fonts-dejavu-core package states them:\n\n" + DEBIAN_COPYRIGHT.read_text())

    written = TTFont(FONT)
    cmap = written.getBestCmap()
    glyphs = {}
    for character in CHARACTERS:
        name = cmap[ord(character)]
        glyph = written["glyf"][name]
        coordinates, ends, flags = glyph.getCoordinates(written["glyf"]) if glyph.numberOfContours else ([], [], [])
        glyphs[character] = {
            "points": [[int(x), int(y)] for x, y in coordinates],
            "onCurve": [bool(flag & 1) for flag in flags],
            "contourEnds": list(ends),
            "advance": written["hmtx"][name][0],
        }
    ink = {}
    pillow = ImageFont.truetype(str(FONT), 16, layout_engine=ImageFont.Layout.BASIC)
    for word in WORDS:
        image = Image.new("L", (256, 32), 0)
        ImageDraw.Draw(image).text((4, 4), word, font=pillow, fill=255)
        box = image.getbbox()
        ink[word] = {"box": list(box), "coverage": sum(image.getdata()) / 255}
    fixture = {"unitsPerEm": written["head"].unitsPerEm, "glyphs": glyphs, "ink": ink,
               "ascender": written["hhea"].ascent}
    FIXTURE.write_text(json.dumps(fixture, ensure_ascii=False, sort_keys=True, indent=1) + "\n")
    print(f"{FONT.name}: {FONT.stat().st_size} bytes, {len(written.getGlyphOrder())} glyphs")


if __name__ == "__main__":
    main()
