#!/usr/bin/env python3
"""Builds a map pack's routing graph (issue 15 §3, T9, T10) from a self-contained OpenStreetMap
extract (see clean_extract.py): the roads and paths a car or a walker may use, their one-ways,
access restrictions (destination-only streets flagged), barriers, turn restrictions, speeds and
street names, written in the compact little-endian format docs/routing.md describes, which the
Swift module `Routing` reads.

    python3 tools/map-pack/routing_graph.py CLEAN.osm.pbf OUT.routing

Prints what it kept and what it could not use (restrictions through a way, for example).
"""
import math
import re
import struct
import sys
from dataclasses import dataclass, field

import osmium

FORMAT_VERSION = 1
MAGIC = b"HSRG"
NO_NAME = 0xFFFFFFFF

CAR, FOOT, DESTINATION_ONLY, SHAPE_REVERSED, ROUNDABOUT, TURNS_RESTRICTED = 1, 2, 4, 8, 16, 32
# Edges of a piece of road network too small to route through (a car park's aisles, a courtyard's
# paths cut off by the extract's border): ends snap to them only when nothing else is near.
CAR_ISLAND, FOOT_ISLAND = 64, 128
ISLAND_JUNCTIONS = 50  # Valhalla's minimum reachability
# The snapping grid's cells, in 1e-7 degrees (about 550 m by 550 m at 60° N).
CELL_LAT_E7, CELL_LON_E7 = 50_000, 100_000

# km/h a car is expected to keep on a class of road when no maxspeed is tagged (towns' values).
CAR_SPEEDS = {
    "motorway": 100, "motorway_link": 60, "trunk": 80, "trunk_link": 50,
    "primary": 60, "primary_link": 40, "secondary": 50, "secondary_link": 40,
    "tertiary": 40, "tertiary_link": 30, "unclassified": 35, "residential": 30,
    "living_street": 10, "service": 15, "road": 30,
}
FOOT_ONLY = {"footway", "path", "pedestrian", "steps", "track", "cycleway", "bridleway"}
NO_FOOT = {"motorway", "motorway_link"}
ALLOWED = {"yes", "permissive", "designated", "official"}
DESTINATION = {"destination", "delivery", "customers"}
CAR_BARRIERS = {"bollard", "block", "jersey_barrier", "cycle_barrier", "log", "planter", "rock",
                "bus_trap", "motorcycle_barrier"}
TURN_RESTRICTIONS = re.compile(r"^(no|only)_(left_turn|right_turn|straight_on|u_turn|entry|exit)$")
IMPLIED_MPH = 1.609344


@dataclass
class Way:
    nodes: list[int]
    car_forward: bool
    car_backward: bool
    foot_forward: bool
    foot_backward: bool
    destination_only: bool
    roundabout: bool
    speed: int
    name: str


@dataclass
class Restriction:
    kind: str  # "no" or "only"
    from_ways: list[int]
    via_node: int
    to_ways: list[int]


@dataclass
class Graph:
    locations: dict[int, tuple[float, float]] = field(default_factory=dict)
    ways: dict[int, Way] = field(default_factory=dict)
    restrictions: list[Restriction] = field(default_factory=list)
    car_barriers: set[int] = field(default_factory=set)
    foot_barriers: set[int] = field(default_factory=set)
    skipped_restrictions: int = 0
    timed_restrictions: int = 0


def access(tags, keys: list[str]) -> str | None:
    """The most specific of the access keys that is tagged (keys run general to specific)."""
    value = None
    for key in keys:
        if key in tags:
            value = tags[key]
    return value


def maxspeed(value: str | None) -> int | None:
    if not value:
        return None
    match = re.match(r"^\s*(\d+(?:\.\d+)?)\s*(mph)?\s*$", value)
    if match:
        speed = float(match.group(1)) * (IMPLIED_MPH if match.group(2) else 1)
        return max(5, min(int(round(speed)), 150))
    if value.endswith(":urban"):
        return 50
    if value.endswith(":living_street"):
        return 20
    return None


def classify(tags) -> Way | None:
    highway = tags.get("highway")
    if highway is None or tags.get("area") == "yes":
        return None
    car = highway in CAR_SPEEDS
    foot = (car and highway not in NO_FOOT) or highway in FOOT_ONLY
    if not car and not foot:
        return None
    general = access(tags, ["access"])
    car_access = access(tags, ["access", "vehicle", "motor_vehicle", "motorcar"])
    foot_access = access(tags, ["access", "foot"])
    if car and car_access is not None and car_access not in ALLOWED | DESTINATION:
        car = False
    if foot and foot_access is not None and foot_access not in ALLOWED | DESTINATION:
        foot = False
    if not foot and tags.get("foot") in ALLOWED and general not in ("no", "private"):
        foot = highway not in NO_FOOT
    if not car and not foot:
        return None
    oneway = tags.get("oneway", "")
    roundabout = tags.get("junction") in ("roundabout", "circular")
    forward, backward = True, True
    if oneway in ("yes", "true", "1") or (oneway != "no" and (roundabout or highway == "motorway")):
        backward = False
    elif oneway in ("-1", "reverse"):
        forward = False
    foot_oneway = tags.get("oneway:foot", "")
    foot_forward = foot and foot_oneway not in ("-1",)
    foot_backward = foot and foot_oneway not in ("yes", "true", "1")
    return Way(
        nodes=[],
        car_forward=car and forward, car_backward=car and backward,
        foot_forward=foot_forward, foot_backward=foot_backward,
        destination_only=car and car_access in DESTINATION,
        roundabout=roundabout,
        speed=(maxspeed(tags.get("maxspeed")) or CAR_SPEEDS.get(highway, 0)) if car else 0,
        name=tags.get("name") or tags.get("ref") or "",
    )


class Reader(osmium.SimpleHandler):
    def __init__(self, graph: Graph) -> None:
        super().__init__()
        self.graph = graph

    def node(self, n) -> None:
        barrier = n.tags.get("barrier")
        if barrier is None:
            return
        car_access = access(n.tags, ["access", "vehicle", "motor_vehicle", "motorcar"])
        if (barrier in CAR_BARRIERS and car_access not in ALLOWED | DESTINATION) or car_access in ("no", "private"):
            self.graph.car_barriers.add(n.id)
        if access(n.tags, ["access", "foot"]) == "no":
            self.graph.foot_barriers.add(n.id)

    def way(self, w) -> None:
        way = classify(w.tags)
        if way is None or len(w.nodes) < 2:
            return
        for n in w.nodes:
            self.graph.locations[n.ref] = (n.location.lat, n.location.lon)
        way.nodes = [n.ref for n in w.nodes]
        self.graph.ways[w.id] = way

    def relation(self, r) -> None:
        if r.tags.get("type") != "restriction":
            return
        value = r.tags.get("restriction:motorcar") or r.tags.get("restriction") or ""
        match = TURN_RESTRICTIONS.match(value)
        if not match or "motorcar" in r.tags.get("except", "").split(";"):
            return
        if any(key in r.tags for key in ("day_on", "hour_on", "restriction:conditional")):
            self.graph.timed_restrictions += 1  # in force only at some times; Valhalla also ignores them untimed
            return
        from_ways = [m.ref for m in r.members if m.role == "from" and m.type == "w"]
        to_ways = [m.ref for m in r.members if m.role == "to" and m.type == "w"]
        via = [m for m in r.members if m.role == "via"]
        if len(via) != 1 or via[0].type != "n" or not from_ways or not to_ways:
            self.graph.skipped_restrictions += 1
            return
        self.graph.restrictions.append(Restriction(match.group(1), from_ways, via[0].ref, to_ways))


def meters(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Length of a short segment on the WGS84 ellipsoid from the local radii of curvature."""
    lat = math.radians((a[0] + b[0]) / 2)
    e2 = 0.00669437999014
    w = math.sqrt(1 - e2 * math.sin(lat) ** 2)
    meridian = 6378137.0 * (1 - e2) / w**3
    normal = 6378137.0 / w
    dy = math.radians(b[0] - a[0]) * meridian
    dx = math.radians(b[1] - a[1]) * normal * math.cos(lat)
    return math.hypot(dx, dy)


def morton(lat: float, lon: float) -> int:
    """Interleaved bits of the position, so that nodes near on the map are near in the file."""
    x = int((lon + 180) / 360 * 0xFFFF)
    y = int((lat + 90) / 180 * 0xFFFF)
    code = 0
    for bit in range(16):
        code |= ((x >> bit) & 1) << (2 * bit) | ((y >> bit) & 1) << (2 * bit + 1)
    return code


def e7(degrees: float) -> int:
    return int(round(degrees * 1e7))


def build(graph: Graph) -> bytes:
    uses: dict[int, int] = {}
    for way in graph.ways.values():
        for i, node in enumerate(way.nodes):
            uses[node] = uses.get(node, 0) + (2 if i in (0, len(way.nodes) - 1) else 1)
    barriers = graph.car_barriers | graph.foot_barriers
    junctions = {n for n, count in uses.items() if count > 1} | (barriers & uses.keys())
    order = sorted(junctions, key=lambda n: (morton(*graph.locations[n]), n))
    index = {n: i for i, n in enumerate(order)}

    names: dict[str, int] = {}
    shape: list[tuple[float, float]] = []
    edges = []  # (from, to, length_cm, shape_start, shape_count, flags, speed, name, way id)
    for way_id in sorted(graph.ways):
        way = graph.ways[way_id]
        name = names.setdefault(way.name, len(names)) if way.name else NO_NAME
        start = 0
        for end in range(1, len(way.nodes)):
            if way.nodes[end] not in junctions:
                continue
            points = [graph.locations[n] for n in way.nodes[start:end + 1]]
            length = sum(meters(p, q) for p, q in zip(points, points[1:]))
            a, b = index[way.nodes[start]], index[way.nodes[end]]
            if a != b or len(points) > 2:
                shape_start = len(shape)
                shape.extend(points[1:-1])
                common = (round(length * 100), shape_start, len(points) - 2)
                round_flag = ROUNDABOUT if way.roundabout else 0
                destination = DESTINATION_ONLY if way.destination_only else 0
                for forward, car, foot in ((True, way.car_forward, way.foot_forward),
                                           (False, way.car_backward, way.foot_backward)):
                    flags = (CAR | destination if car else 0) | (FOOT if foot else 0)
                    if flags:
                        flags |= round_flag | (0 if forward else SHAPE_REVERSED)
                        ends = (a, b) if forward else (b, a)
                        edges.append((*ends, *common, flags, way.speed if car else 0, name, way_id))
            start = end
    edges.sort(key=lambda e: (e[0], e[1], e[3], e[5]))
    first = [0] * (len(order) + 1)
    for e in edges:
        first[e[0] + 1] += 1
    for i in range(len(order)):
        first[i + 1] += first[i]

    mark_islands(edges, len(order))
    banned = restriction_pairs(graph, edges, index)
    return encode(order, graph.locations, first, edges, shape, names, banned)


def mark_islands(edges: list, node_count: int) -> None:
    """Flags each mode's edges whose connected piece of network has fewer than ISLAND_JUNCTIONS junctions."""
    for mode, island in ((CAR, CAR_ISLAND), (FOOT, FOOT_ISLAND)):
        parent = list(range(node_count))

        def root(n: int) -> int:
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n

        for e in edges:
            if e[5] & mode:
                parent[root(e[0])] = root(e[1])
        sizes: dict[int, int] = {}
        for n in range(node_count):
            sizes[root(n)] = sizes.get(root(n), 0) + 1
        for i, e in enumerate(edges):
            if e[5] & mode and sizes[root(e[0])] < ISLAND_JUNCTIONS:
                edges[i] = (*e[:5], e[5] | island, *e[6:])


def restriction_pairs(graph: Graph, edges: list, index: dict[int, int]) -> list[tuple[int, int, int]]:
    """Directed-edge pairs that may not be taken one after the other, with the modes they bind
    (CAR, FOOT): turn restrictions (cars) and barriers (each mode they stop)."""
    into: dict[int, list[int]] = {}
    out_of: dict[int, list[int]] = {}
    for i, e in enumerate(edges):
        into.setdefault(e[1], []).append(i)
        out_of.setdefault(e[0], []).append(i)
    banned: dict[tuple[int, int], int] = {}

    def ban(pairs, mode: int) -> None:
        for f, t in pairs:
            if edges[f][5] & edges[t][5] & mode:
                banned[(f, t)] = banned.get((f, t), 0) | mode

    for r in graph.restrictions:
        via = index.get(r.via_node)
        if via is None:
            continue
        froms = [i for i in into.get(via, []) if edges[i][8] in r.from_ways]
        tos = [i for i in out_of.get(via, []) if edges[i][8] in r.to_ways]
        for f in froms:
            if r.kind == "no":
                ban(((f, t) for t in tos), CAR)
            elif tos:
                ban(((f, t) for t in out_of.get(via, []) if t not in tos), CAR)
    for mode, nodes in ((CAR, graph.car_barriers), (FOOT, graph.foot_barriers)):
        for node in nodes:
            via = index.get(node)
            if via is not None:
                ban(((f, t) for f in into.get(via, []) for t in out_of.get(via, [])), mode)
    return sorted((f, t, modes) for (f, t), modes in banned.items())


def grid(first, edges, shape, lats, lons, south, west, rows, cols) -> tuple[list[int], list[int]]:
    """Each cell's road segments (one directed edge of each), so a point finds its nearest road."""
    cells: list[set[int]] = [set() for _ in range(rows * cols)]
    for i, e in enumerate(edges):
        if e[5] & SHAPE_REVERSED and has_twin(first, edges, i):
            continue
        points = [(lats[e[0]], lons[e[0]]), *shape[e[3]:e[3] + e[4]], (lats[e[1]], lons[e[1]])]
        if e[5] & SHAPE_REVERSED:
            points.reverse()
        for (a_lat, a_lon), (b_lat, b_lon) in zip(points, points[1:]):
            r0, r1 = sorted(((e7(a_lat) - south) // CELL_LAT_E7, (e7(b_lat) - south) // CELL_LAT_E7))
            c0, c1 = sorted(((e7(a_lon) - west) // CELL_LON_E7, (e7(b_lon) - west) // CELL_LON_E7))
            for r in range(r0, r1 + 1):
                for c in range(c0, c1 + 1):
                    cells[r * cols + c].add(i)
    first_in_cell = [0]
    members: list[int] = []
    for cell in cells:
        members.extend(sorted(cell))
        first_in_cell.append(len(members))
    return first_in_cell, members


def has_twin(first, edges, i) -> bool:
    e = edges[i]
    return any(edges[j][1] == e[0] and edges[j][3] == e[3] and edges[j][4] == e[4] and edges[j][2] == e[2]
               and not edges[j][5] & SHAPE_REVERSED for j in range(first[e[1]], first[e[1] + 1]))


def encode(order, locations, first, edges, shape, names, banned) -> bytes:
    lats = [locations[n][0] for n in order]
    lons = [locations[n][1] for n in order]
    every_lat, every_lon = lats + [p[0] for p in shape], lons + [p[1] for p in shape]
    west, south = (e7(min(every_lon)), e7(min(every_lat))) if order else (0, 0)
    east, north = (e7(max(every_lon)), e7(max(every_lat))) if order else (0, 0)
    rows, cols = (north - south) // CELL_LAT_E7 + 1, (east - west) // CELL_LON_E7 + 1
    first_in_cell, cell_edges = grid(first, edges, shape, lats, lons, south, west, rows, cols)
    incoming = sorted(range(len(edges)), key=lambda i: (edges[i][1], i))
    first_in = [0] * (len(order) + 1)
    for e in edges:
        first_in[e[1] + 1] += 1
    for i in range(len(order)):
        first_in[i + 1] += first_in[i]
    restricted = {f for f, _, _ in banned}
    name_bytes = [n.encode() for n in sorted(names, key=names.get)]
    offsets = [0]
    for b in name_bytes:
        offsets.append(offsets[-1] + len(b))
    blob = b"".join(name_bytes)
    u32s = lambda values: struct.pack(f"<{len(values)}I", *values)
    parts = [
        MAGIC,
        u32s([FORMAT_VERSION, len(order), len(edges), len(shape), len(names), len(blob), len(banned), len(cell_edges)]),
        struct.pack("<4i", west, south, east, north),
        u32s([rows, cols, CELL_LAT_E7, CELL_LON_E7]),
        b"".join(struct.pack("<2i", e7(lat), e7(lon)) for lat, lon in zip(lats, lons)),
        u32s(first),
        b"".join(struct.pack("<5IH2B", e[0], e[1], e[2], e[3], e[7], e[4],
                             e[5] | (TURNS_RESTRICTED if i in restricted else 0), e[6]) for i, e in enumerate(edges)),
        u32s(first_in),
        u32s(incoming),
        b"".join(struct.pack("<2i", e7(lat), e7(lon)) for lat, lon in shape),
        u32s(offsets),
        blob + bytes(-len(blob) % 4),
        b"".join(struct.pack("<3I", f, t, modes) for f, t, modes in banned),
        u32s(first_in_cell),
        u32s(cell_edges),
    ]
    return b"".join(parts)


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: routing_graph.py CLEAN.osm.pbf OUT.routing")
    graph = Graph()
    Reader(graph).apply_file(sys.argv[1], locations=True)
    data = build(graph)
    with open(sys.argv[2], "wb") as f:
        f.write(data)
    nodes, edges = struct.unpack_from("<2I", data, 8)
    print(f"routing_graph: {len(graph.ways)} ways → {nodes} junctions, {edges} directed edges, "
          f"{len(graph.restrictions)} turn restrictions, {len(graph.car_barriers)} barriers to cars, "
          f"{len(graph.foot_barriers)} to walkers; "
          f"not used: {graph.skipped_restrictions} restrictions through a way, {graph.timed_restrictions} timed ones; "
          f"{len(data)} bytes")


if __name__ == "__main__":
    main()
