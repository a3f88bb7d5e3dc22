#!/usr/bin/env python3
"""Writes a synthetic road network as OpenStreetMap XML, for measuring the router on a region far
larger than the test extract (issue 15 §5: peak memory on a phone-sized region): an N × N grid of
named residential streets 100 m apart, every tenth street a faster tertiary road, every seventh a
one-way, starting at 60° N 25° E.

    python3 tools/map-pack/synthetic_region.py N OUT.osm
"""
import sys


def main() -> None:
    n, out = int(sys.argv[1]), sys.argv[2]
    step_lat, step_lon = 0.0009, 0.0018  # about 100 m each way at 60° N
    with open(out, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="synthetic_region.py">\n')
        for row in range(n):
            for column in range(n):
                f.write(f'<node id="{row * n + column + 1}" version="1" lat="{60 + row * step_lat:.7f}" '
                        f'lon="{25 + column * step_lon:.7f}"/>\n')
        way = 1
        for kind in ("Street", "Avenue"):
            for line in range(n):
                refs = [line * n + c + 1 for c in range(n)] if kind == "Street" else [r * n + line + 1 for r in range(n)]
                highway = "tertiary" if line % 10 == 0 else "residential"
                f.write(f'<way id="{way}" version="1">' + "".join(f'<nd ref="{r}"/>' for r in refs))
                f.write(f'<tag k="highway" v="{highway}"/><tag k="name" v="{kind} {line}"/>')
                if line % 7 == 3:
                    f.write('<tag k="oneway" v="yes"/>')
                f.write("</way>\n")
                way += 1
        f.write("</osm>\n")


if __name__ == "__main__":
    main()
