#!/usr/bin/env python3
"""Makes an OpenStreetMap extract self-contained before tilemaker reads it (issue 15 §2): a raw
extract keeps ways and relations that reach past its border and name nodes it does not hold,
which tilemaker refuses. Ways keep only the nodes present (and go if fewer than two remain);
relations keep only the members present (and go if none remain).

    python3 tools/map-pack/clean_extract.py IN.osm.pbf OUT.osm.pbf

Uses pyosmium (PyPI `osmium`), two passes over the file; prints what it dropped.
"""
import sys

import osmium


class Present(osmium.SimpleHandler):
    """Every node, way and relation id the extract holds."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: set[int] = set()
        self.ways: set[int] = set()
        self.relations: set[int] = set()

    def node(self, n) -> None:
        self.nodes.add(n.id)

    def way(self, w) -> None:
        self.ways.add(w.id)

    def relation(self, r) -> None:
        self.relations.add(r.id)


class Cleaner(osmium.SimpleHandler):
    def __init__(self, present: Present, writer: osmium.SimpleWriter) -> None:
        super().__init__()
        self.present = present
        self.writer = writer
        self.trimmed_ways = 0
        self.dropped_ways = 0
        self.trimmed_relations = 0
        self.dropped_relations = 0

    def node(self, n) -> None:
        self.writer.add_node(n)

    def way(self, w) -> None:
        refs = [ref.ref for ref in w.nodes if ref.ref in self.present.nodes]
        if len(refs) < 2:
            self.dropped_ways += 1
            return
        if len(refs) != len(w.nodes):
            self.trimmed_ways += 1
        self.writer.add_way(w.replace(nodes=refs))

    def relation(self, r) -> None:
        known = {"n": self.present.nodes, "w": self.present.ways, "r": self.present.relations}
        members = [(m.type, m.ref, m.role) for m in r.members if m.ref in known[m.type]]
        if not members:
            self.dropped_relations += 1
            return
        if len(members) != len(r.members):
            self.trimmed_relations += 1
        self.writer.add_relation(r.replace(members=members))


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: clean_extract.py IN.osm.pbf OUT.osm.pbf")
    source, target = sys.argv[1:]
    present = Present()
    present.apply_file(source)
    writer = osmium.SimpleWriter(target, overwrite=True)
    cleaner = Cleaner(present, writer)
    try:
        cleaner.apply_file(source)
    finally:
        writer.close()
    print(f"clean_extract: {cleaner.trimmed_ways} ways trimmed, {cleaner.dropped_ways} dropped; "
          f"{cleaner.trimmed_relations} relations trimmed, {cleaner.dropped_relations} dropped")


if __name__ == "__main__":
    main()
