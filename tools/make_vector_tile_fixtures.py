#!/usr/bin/env python3
"""Golden fixtures for the Swift vector tile decoder and rasteriser (issue 15: drawing offline
packs), made by independent oracles: the PyPI `mapbox-vector-tile` package (2.2.0) decodes, and
Pillow (11) fills the polygons.

    pip install mapbox-vector-tile==2.2.0 pillow pmtiles==3.8.1
    python3 tools/map-pack/fetch_test_extract.py /tmp/hel
    scripts/make-map-pack.sh /tmp/hel/Helsinki.osm.pbf /tmp/hel/packs helsinki 2024-06-01
    python3 tools/make_vector_tile_fixtures.py /tmp/hel/packs/helsinki.pmtiles

Writes to Tests/MapRenderingTests/Fixtures/: the pack itself (`helsinki.pmtiles`, 13 tiles, for
the tests that serve and draw a real pack); three of its tiles, uncompressed
(`Z-X-Y.mvt`); `decoded.json`, each tile as the package decodes it (layers, extents, features'
ids, kinds, properties and points in the layer's grid, rings without their repeated closing
point, y downward); and for each polygon layer of each tile, the pixels Pillow fills on a
256-pixel tile (exteriors filled, holes cleared), one bit a pixel, rows of 32 bytes
(`Z-X-Y-LAYER.mask`).
"""
import gzip
import json
import sys
from pathlib import Path

import mapbox_vector_tile
from PIL import Image, ImageDraw
from pmtiles.reader import MmapSource, Reader

OUT = Path(__file__).resolve().parent.parent / "Tests/MapRenderingTests/Fixtures"
TILES = [(12, 2331, 1185), (14, 9327, 4742), (14, 9326, 4741)]
SIZE = 256
FINE = 16
KINDS = {"Point": 1, "MultiPoint": 1, "LineString": 2, "MultiLineString": 2, "Polygon": 3, "MultiPolygon": 3}


def parts(geometry):
    """The geometry as the Swift decoder gives it: a list of parts of [x, y] points."""
    kind, coordinates = geometry["type"], geometry["coordinates"]
    if kind == "Point":
        return [[coordinates]]
    if kind == "MultiPoint":
        return [coordinates]
    if kind == "LineString":
        return [coordinates]
    if kind == "MultiLineString":
        return coordinates
    polygons = [coordinates] if kind == "Polygon" else coordinates
    return [ring[:-1] if ring[0] == ring[-1] else ring for polygon in polygons for ring in polygon]


def coverage(features, extent):
    """Each pixel's covered share (0-255) of the features' polygons, from Pillow's fill at FINE×."""
    side = SIZE * FINE
    image = Image.new("L", (side, side), 0)
    scale = side / extent
    for feature in features:
        geometry = feature["geometry"]
        polygons = [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
        for polygon in polygons:
            shape = Image.new("L", (side, side), 0)
            draw = ImageDraw.Draw(shape)
            for index, ring in enumerate(polygon):
                # Pixel centres at +0.5: Pillow's pixel (i, j) covers [i, i+1) × [j, j+1).
                draw.polygon([(x * scale - 0.5, y * scale - 0.5) for x, y in ring], fill=0 if index else 255)
            image.paste(255, mask=shape)
    return image.resize((SIZE, SIZE), Image.Resampling.BOX).tobytes()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    decoded = {}
    (OUT / "helsinki.pmtiles").write_bytes(Path(sys.argv[1]).read_bytes())
    with open(sys.argv[1], "rb") as file:
        reader = Reader(MmapSource(file))
        for z, x, y in TILES:
            data = reader.get(z, x, y)
            raw = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
            name = f"{z}-{x}-{y}"
            (OUT / f"{name}.mvt").write_bytes(raw)
            tile = mapbox_vector_tile.decode(raw, default_options={"y_coord_down": True})
            decoded[name] = [
                {
                    "name": layer_name,
                    "extent": layer["extent"],
                    "features": [
                        {
                            "id": feature.get("id"),
                            "type": KINDS[feature["geometry"]["type"]],
                            "properties": feature["properties"],
                            "parts": parts(feature["geometry"]),
                        }
                        for feature in layer["features"]
                    ],
                }
                for layer_name, layer in tile.items()
            ]
            for layer_name, layer in tile.items():
                polygons = [f for f in layer["features"] if f["geometry"]["type"] in ("Polygon", "MultiPolygon")]
                if polygons:
                    data = gzip.compress(coverage(polygons, layer["extent"]), mtime=0)
                    (OUT / f"{name}-{layer_name}.coverage.gz").write_bytes(data)
    (OUT / "decoded.json").write_text(json.dumps(decoded, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"wrote {len(TILES)} tiles to {OUT}")


if __name__ == "__main__":
    main()
