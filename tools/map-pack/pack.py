#!/usr/bin/env python3
"""Turns tilemaker's MBTiles and the routing graph into a map pack (issue 15 §2, §3):
OUT_DIR/NAME.pmtiles, written by the PyPI `pmtiles` package with the area, centre and zooms in its
header, OUT_DIR/NAME.routing (copied from ROUTING, built by routing_graph.py), and OUT_DIR/NAME.json,
the manifest the app, the CLI and the portal read (name, bounds, zooms, each file's role, size and
SHA-256, the source's date, licence and attribution).

    python3 tools/map-pack/pack.py TILES.mbtiles ROUTING SOURCE.osm.pbf OUT_DIR NAME [SOURCE_DATE [TITLE]]

SOURCE_DATE (YYYY-MM-DD) defaults to the extract file's modification date; TITLE, what anglers read
("Helsinki", "Lake Ladoga"), to the extract's file name without `.osm.pbf`.
"""
import datetime
import hashlib
import json
import shutil
import sqlite3
import sys
from pathlib import Path

import osmium
from pmtiles.tile import Compression, TileType, zxy_to_tileid
from pmtiles.writer import Writer

LICENCE = "ODbL-1.0"
ATTRIBUTION = "© OpenStreetMap contributors"
MANIFEST_FORMAT = 1
TITLE_LENGTH = 80  # MapPackManifest.titleLength


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def extract_bounds(source: Path) -> tuple[float, float, float, float]:
    """The area the extract covers, from its header (tilemaker 2.2 leaves MBTiles' bounds empty)."""
    reader = osmium.io.Reader(str(source), osmium.osm.osm_entity_bits.NOTHING)
    try:
        box = reader.header().box()
    finally:
        reader.close()
    if not box.valid():
        sys.exit(f"pack: {source} has no bounding box in its header; cut it with osmium extract --bbox")
    return box.bottom_left.lon, box.bottom_left.lat, box.top_right.lon, box.top_right.lat


def main() -> None:
    if len(sys.argv) not in (6, 7, 8):
        sys.exit("usage: pack.py TILES.mbtiles ROUTING SOURCE.osm.pbf OUT_DIR NAME [SOURCE_DATE [TITLE]]")
    mbtiles, routing, source, out = (Path(a) for a in sys.argv[1:5])
    name = sys.argv[5]
    source_date = sys.argv[6] if len(sys.argv) >= 7 else datetime.datetime.fromtimestamp(
        source.stat().st_mtime, datetime.timezone.utc).date().isoformat()
    title = sys.argv[7] if len(sys.argv) == 8 else source.name.removesuffix(".osm.pbf")
    if not 1 <= len(title) <= TITLE_LENGTH or any(ord(c) < 32 or ord(c) == 127 for c in title):
        sys.exit(f"pack.py: the title {title!r} must be 1 to {TITLE_LENGTH} characters, no control characters")
    database = sqlite3.connect(mbtiles)
    metadata = dict(database.execute("SELECT name, value FROM metadata"))
    west, south, east, north = extract_bounds(source)
    tiles = []
    for z, column, tms_row, data in database.execute(
            "SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles"):
        y = (1 << z) - 1 - tms_row  # MBTiles counts rows from the south
        tiles.append((zxy_to_tileid(z, column, y), data))
    tiles.sort()
    zooms = [int(metadata["minzoom"]), int(metadata["maxzoom"])]

    out.mkdir(parents=True, exist_ok=True)
    archive = out / f"{name}.pmtiles"
    with archive.open("wb") as f:
        writer = Writer(f)
        for tile_id, data in tiles:
            writer.write_tile(tile_id, data)
        e7 = lambda degrees: int(round(degrees * 1e7))
        writer.finalize(
            {
                "tile_type": TileType.MVT, "tile_compression": Compression.GZIP,
                "min_lon_e7": e7(west), "min_lat_e7": e7(south), "max_lon_e7": e7(east), "max_lat_e7": e7(north),
                "center_zoom": zooms[1], "center_lon_e7": e7((west + east) / 2),
                "center_lat_e7": e7((south + north) / 2),
            },
            {
                "name": name, "attribution": ATTRIBUTION, "description": metadata.get("description", ""),
                "vector_layers": json.loads(metadata.get("json", "{}")).get("vector_layers", []),
            })
    graph = out / f"{name}.routing"
    shutil.copyfile(routing, graph)
    manifest = {
        "format": MANIFEST_FORMAT,
        "name": name,
        "title": title,
        "bounds": [west, south, east, north],
        "minZoom": zooms[0],
        "maxZoom": zooms[1],
        "files": [{"name": f.name, "role": role, "bytes": f.stat().st_size, "sha256": sha256(f)}
                  for f, role in ((archive, "tiles"), (graph, "routing"))],
        "source": source.name,
        "sourceDate": source_date,
        "licence": LICENCE,
        "attribution": ATTRIBUTION,
    }
    (out / f"{name}.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    print(f"{archive}: {len(tiles)} tiles, zooms {zooms[0]}-{zooms[1]}")


if __name__ == "__main__":
    main()
