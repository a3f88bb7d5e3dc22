#!/usr/bin/env python3
"""Golden fixtures for the Swift PMTiles reader (issue 15 §2), made and read back by the PyPI
`pmtiles` package (3.8.1), the oracle:

    pip install pmtiles==3.8.1
    python3 tools/make_pmtiles_fixtures.py   # writes Tests/MapPacksTests/Fixtures/

sample.pmtiles holds every tile of zooms 0-6 and 10 000 seeded random tiles of zooms 7-8, their
contents drawn from 64 small gzip-compressed payloads (so entries point back and forth and the
directory needs leaves), with runs of identical neighbours (run lengths above one). expected.json
holds the header and metadata as the package reads them, the SHA-256 of the uncompressed bytes
the package's reader returns for 400 present tiles, 100 absent ones, and tile ids of the Hilbert
numbering up to zoom 31.
"""
import gzip
import hashlib
import io
import json
import random
from pathlib import Path

from pmtiles.reader import MemorySource, Reader
from pmtiles.tile import Compression, TileType, zxy_to_tileid
from pmtiles.writer import Writer

OUT = Path(__file__).resolve().parent.parent / "Tests/MapPacksTests/Fixtures"


def main() -> None:
    rng = random.Random(20261202)
    payloads = [bytes(rng.randrange(256) for _ in range(rng.randrange(12, 48))) for _ in range(64)]
    blobs = [gzip.compress(p, mtime=0) for p in payloads]

    tiles = {}
    for z in range(0, 7):
        for x in range(1 << z):
            for y in range(1 << z):
                # The lower half of zoom 6 is "sea": one payload, so neighbours form runs.
                tiles[(z, x, y)] = 0 if z == 6 and y >= 32 else rng.randrange(64)
    while len(tiles) < 5461 + 10_000:
        z = rng.choice((7, 8))
        tiles[(z, rng.randrange(1 << z), rng.randrange(1 << z))] = rng.randrange(64)

    ordered = sorted(tiles.items(), key=lambda item: zxy_to_tileid(*item[0]))
    buffer = io.BytesIO()
    writer = Writer(buffer)
    for (z, x, y), blob in ordered:
        writer.write_tile(zxy_to_tileid(z, x, y), blobs[blob])
    header = {
        "tile_type": TileType.MVT,
        "tile_compression": Compression.GZIP,
        "min_lon_e7": int(24.5 * 1e7), "min_lat_e7": int(59.9 * 1e7),
        "max_lon_e7": int(25.2 * 1e7), "max_lat_e7": int(60.3 * 1e7),
        "center_zoom": 6, "center_lon_e7": int(24.94 * 1e7), "center_lat_e7": int(60.17 * 1e7),
    }
    metadata = {"name": "sample", "attribution": "© OpenStreetMap contributors", "vector_layers": []}
    writer.finalize(header, metadata)
    archive = buffer.getvalue()

    reader = Reader(MemorySource(archive))
    read_header = reader.header()
    assert read_header["leaf_directory_length"] > 0, "the sample must need leaf directories"
    present = rng.sample(sorted(tiles), 400)
    absent = []
    while len(absent) < 100:
        z = rng.choice((7, 8, 9, 12))
        key = (z, rng.randrange(1 << z), rng.randrange(1 << z))
        if key not in tiles:
            absent.append(key)
    samples = []
    for z, x, y in present + absent:
        data = reader.get(z, x, y)
        digest = hashlib.sha256(gzip.decompress(data)).hexdigest() if data is not None else None
        samples.append({"z": z, "x": x, "y": y, "sha256": digest})
    corners = [(0, 0, 0), (1, 0, 0), (1, 1, 1), (5, 17, 29), (12, 2345, 1234), (20, 1 << 19, 77)]
    corners += [(31, (1 << 31) - 1, (1 << 31) - 1), (31, 0, (1 << 31) - 1)]
    expected = {
        "header": {key: int(value.value if hasattr(value, "value") else value) for key, value in read_header.items()},
        "metadata": reader.metadata(),
        "samples": samples,
        "tileIds": [{"z": z, "x": x, "y": y, "id": zxy_to_tileid(z, x, y)} for z, x, y in corners],
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "sample.pmtiles").write_bytes(archive)
    (OUT / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"sample.pmtiles: {len(archive)} bytes, {len(tiles)} tiles, "
          f"leaf directories {read_header['leaf_directory_length']} bytes")


if __name__ == "__main__":
    main()
