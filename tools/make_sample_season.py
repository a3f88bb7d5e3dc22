#!/usr/bin/env python3
"""The sample diary the app's wireframes are drawn over (issue 30 §1): a believable year of an
angler in Helsinki, where the offline pack of the map tests lies, so its spots sit on the pack's
real shores and its maps can be drawn.

    python3 tools/make_sample_season.py     # writes Platform/Wireframes/sample-season.json

Fixed seed: the same file every run. 46 trips from June 2025 to May 2026 at 9 spots (five inside
the pack), each with its hours, clock offset (Helsinki's EET/EEST), recorded conditions and
catches — species by place and season, weights and lengths from each species' length-weight
relation, baits and methods that catch them, some released, a few notes — the water noted on
most trips and some catches (its temperature by season, clarity by water body, level against the
usual and its trend; a random stream of its own, so the rest stays as it was), the latest trip's
track down the shore (a stream of its own too), and one trip left in the Trash. Times are seconds since 1970; the wireframes' clock is 2026-06-01T10:33:20Z.
"""
import json
import math
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "Platform/Wireframes/sample-season.json"
SEED = 30

# Name, latitude, longitude, water body type, species caught there (directory ids, by weight of
# chance). The first five lie inside the Helsinki pack (Tests/MapRenderingTests/Fixtures).
SPOTS = [
    ("Töölönlahti, Opera shore", 60.17795, 24.93645, "bay", {"perca-fluviatilis": 6, "rutilus-rutilus": 4, "esox-lucius": 2, "abramis-brama": 1}),
    ("Töölönlahti, north bank", 60.17870, 24.93590, "bay", {"perca-fluviatilis": 5, "esox-lucius": 3, "rutilus-rutilus": 3}),
    ("Kaisaniemi shore", 60.17620, 24.95180, "bay", {"perca-fluviatilis": 5, "sander-lucioperca": 2, "esox-lucius": 2}),
    ("Market Square quay", 60.16745, 24.95280, "sea-shore", {"clupea-harengus": 6, "perca-fluviatilis": 3, "salmo-trutta": 1}),
    ("South Harbour pier", 60.16500, 24.95150, "sea-shore", {"clupea-harengus": 5, "perca-fluviatilis": 3, "salmo-trutta": 1, "sander-lucioperca": 1}),
    ("Vanhankaupunginkoski rapids", 60.21560, 24.98270, "river", {"salmo-trutta": 3, "salmo-salar": 1, "thymallus-thymallus": 2, "esox-lucius": 1}),
    ("Seurasaari bridge", 60.18370, 24.88570, "sea-shore", {"perca-fluviatilis": 5, "esox-lucius": 2, "sander-lucioperca": 2}),
    ("Lauttasaari cliffs", 60.15310, 24.87720, "sea-shore", {"perca-fluviatilis": 4, "salmo-trutta": 2, "esox-lucius": 2}),
    ("Vuosaari harbour", 60.20590, 25.14560, "sea-shore", {"perca-fluviatilis": 5, "sander-lucioperca": 3, "esox-lucius": 2}),
]

# Length-weight relations W[g] = a * L[cm]^b (FishBase-style figures), typical length range (cm),
# baits and methods that take the fish.
SPECIES = {
    "perca-fluviatilis": (0.0101, 3.13, (14, 38), ["minnow", "soft-worm", "earthworm", "spinner", "shad"], ["spinning", "float", "drop-shot"]),
    "esox-lucius": (0.0049, 3.05, (45, 95), ["spoon", "shad", "jerkbait", "live-fish"], ["spinning", "baitcasting", "live-baiting"]),
    "rutilus-rutilus": (0.0107, 3.09, (15, 30), ["maggot", "bread", "pearl-barley"], ["float", "feeder"]),
    "abramis-brama": (0.0089, 3.10, (30, 55), ["maggot", "sweetcorn", "earthworm"], ["feeder", "bottom"]),
    "sander-lucioperca": (0.0059, 3.12, (38, 72), ["shad", "grub", "minnow"], ["jigging", "spinning"]),
    "clupea-harengus": (0.0057, 3.15, (14, 22), ["sabiki"], ["samodur", "handline"]),
    "salmo-trutta": (0.0110, 3.00, (38, 70), ["spoon", "minnow", "streamer"], ["spinning", "fly"]),
    "salmo-salar": (0.0098, 3.03, (60, 95), ["salmon-fly", "spoon"], ["fly", "spinning"]),
    "thymallus-thymallus": (0.0083, 3.11, (25, 40), ["nymph", "dry-fly"], ["fly"]),
}

TITLES = [
    "Perch at dawn", "First ice-free morning", "Evening on the quay", "Herring run", "Windy but worth it",
    "Pike in the reeds", "Quiet Sunday", "Zander after dark", "Trout on the rapids", "Lunch-break casts",
]
TRIP_NOTES = [
    "Water still cold, fish deep.", "Birds working the surface by the bridge.", "Lost a big one at the net.",
    "Tried the new soft baits: perch loved the green ones.", "Crowded quay, moved fifty metres west.",
]
CATCH_NOTES = ["Photo by Ivan.", "Took it on the drop.", "Hooked right at the weed edge.", "Released to grow."]


def helsinki_offset(moment):
    """Helsinki's UTC offset in seconds: EEST (+3) from the last Sunday of March to the last
    Sunday of October, 01:00 UTC, else EET (+2)."""
    def last_sunday(year, month):
        day = datetime(year, month + 1, 1, 1, tzinfo=timezone.utc) - timedelta(days=1)
        return day - timedelta(days=(day.weekday() + 1) % 7)
    start, end = last_sunday(moment.year, 3), last_sunday(moment.year, 10)
    return 10_800 if start <= moment < end else 7_200


def pick(rng, weights):
    names = list(weights)
    return rng.choices(names, [weights[n] for n in names])[0]


def season_temperature(day_of_year):
    """Air temperature around midday in Helsinki, °C, by day of the year."""
    return 6 + 12 * math.sin((day_of_year - 110) / 365 * 2 * math.pi)


def water_temperature(day_of_year):
    """Surface water temperature in Helsinki's bays, °C, by day of the year (ice-cold in winter)."""
    return max(0.5, 9 + 10 * math.sin((day_of_year - 135) / 365 * 2 * math.pi))


# How deep one sees into the water, metres, by water body: the murky bay, the river, the sea.
CLARITY = {"bay": (0.5, 1.2), "river": (0.8, 1.6), "sea-shore": (1.5, 3.5)}


def noted_water(rng, water_body, day_of_year):
    """The water as an angler notes it: temperature, clarity, level against the usual, trend."""
    level = round(rng.gauss(0, 0.2), 2)
    return {
        "tempC": round(water_temperature(day_of_year) + rng.gauss(0, 0.8), 1),
        "clarityM": round(rng.uniform(*CLARITY[water_body]), 1),
        "levelM": level,
        "trend": "rising" if level > 0.12 else "falling" if level < -0.12 else rng.choice(["steady", "rising", "falling"]),
    }


def shore_walk(rng, start, end, lat, lon):
    """An angler's path down Töölönlahti's east shore from the spot, fishing one swim after
    another: a point every minute, [latitude, longitude, seconds since 1970], standing still while
    fishing, a short walk (about half a metre a second) to the next swim now and then."""
    points, t = [], start
    while t <= end:
        if rng.random() < 0.05:
            heading = 200.0 + rng.gauss(0, 8)
            step = 25 * rng.uniform(0.6, 1.2)
            lat += step * math.cos(math.radians(heading)) / 111_320
            lon += step * math.sin(math.radians(heading)) / (111_320 * math.cos(math.radians(lat)))
        points.append([round(lat, 6), round(lon, 6), t])
        t += 60
    return points


def main():
    rng = random.Random(SEED)
    water_rng = random.Random(SEED + 1)
    first = datetime(2025, 6, 3, tzinfo=timezone.utc)
    last_day = datetime(2026, 5, 31, tzinfo=timezone.utc)
    span = (last_day - first).days
    days = sorted(rng.sample(range(span), 45)) + [span]
    pressure = 1012.0
    trips = []
    for index, day in enumerate(days):
        date = first + timedelta(days=day)
        # The last trip of the season: the day before the wireframes' clock, at the Opera shore.
        spot_index = 0 if index == len(days) - 1 else rng.choices(range(len(SPOTS)), [6, 4, 4, 4, 3, 3, 2, 2, 2])[0]
        name, lat, lon, water, species = SPOTS[spot_index]
        local_hour = rng.choice([5, 6, 7, 16, 17, 18]) if date.month in (5, 6, 7, 8) else rng.choice([9, 10, 11, 13])
        provisional = date + timedelta(hours=local_hour)
        offset = helsinki_offset(provisional)
        start = provisional - timedelta(seconds=offset) + timedelta(minutes=rng.choice([0, 10, 20, 30, 40, 50]))
        hours = rng.choice([2, 2.5, 3, 3.5, 4, 5])
        end = start + timedelta(hours=hours)
        pressure = min(1040, max(985, pressure + rng.gauss(0, 6)))
        change = round(rng.gauss(0, 1.6), 1)
        tendency = "falling" if change <= -1 else "rising" if change >= 1 else "steady"
        doy = date.timetuple().tm_yday
        conditions = {
            "temperatureC": round(season_temperature(doy) + rng.gauss(0, 3), 1),
            "pressureHpa": round(pressure, 1), "pressureChange3h": change, "pressureTendency": tendency,
            "windSpeedMs": round(abs(rng.gauss(4, 2.5)), 1), "windDirectionDeg": rng.randrange(0, 360, 10),
            "humidityPercent": rng.randrange(45, 96), "kp": round(rng.choice([1, 1.3, 2, 2.7, 3, 4.3]), 1),
        }
        catches = []
        bite = 1.6 if tendency == "falling" else 1.0
        count = min(7, int(rng.expovariate(1 / (2.2 * bite))))
        # The latest trip holds fish: the wireframes open it and its first catch.
        for _ in range(max(count, 3) if index == len(days) - 1 else count):
            kind = pick(rng, species)
            a, b, (low, high), baits, methods = SPECIES[kind]
            length = round(rng.triangular(low, high, low + (high - low) * 0.35), 1)
            weight = round(a * length ** b * rng.uniform(0.9, 1.1) / 1000, 2)
            at = start + timedelta(minutes=rng.randrange(5, int(hours * 60) - 5))
            small = kind in ("clupea-harengus", "rutilus-rutilus")
            item = {
                "species": kind, "at": int(at.timestamp()), "count": rng.choice([2, 3, 4, 6]) if small else 1,
                "bait": rng.choice(baits), "method": rng.choice(methods),
                "released": (kind in ("esox-lucius", "salmo-trutta") and rng.random() < 0.6) or rng.random() < 0.1,
            }
            if not small or rng.random() < 0.3:
                item["weightKg"] = weight
                item["lengthCm"] = length
            if rng.random() < 0.12:
                item["notes"] = rng.choice(CATCH_NOTES)
            catches.append(item)
        catches.sort(key=lambda c: c["at"])
        trip = {
            "spot": spot_index, "start": int(start.timestamp()), "end": int(end.timestamp()), "offset": offset,
            "conditions": conditions, "catches": catches,
        }
        if rng.random() < 0.45:
            trip["title"] = rng.choice(TITLES)
        if rng.random() < 0.2:
            trip["notes"] = rng.choice(TRIP_NOTES)
        # The latest trip and its first catch have their water noted: the wireframes open both.
        latest = index == len(days) - 1
        if latest or water_rng.random() < 0.7:
            trip["water"] = noted_water(water_rng, water, doy)
            for number, item in enumerate(catches):
                if (latest and number == 0) or water_rng.random() < 0.25:
                    noted = dict(trip["water"])
                    noted["clarityM"] = round(max(0.3, noted["clarityM"] + water_rng.gauss(0, 0.2)), 1)
                    item["water"] = noted
        if latest:
            trip["track"] = shore_walk(random.Random(SEED + 2), trip["start"], trip["end"], lat, lon)
        trips.append(trip)
    trashed = {
        "spot": 8, "start": int(datetime(2025, 9, 14, 6, tzinfo=timezone.utc).timestamp()),
        "end": int(datetime(2025, 9, 14, 8, tzinfo=timezone.utc).timestamp()), "offset": 10_800,
        "title": "Storm — went home", "conditions": None, "catches": [],
    }
    season = {
        "spots": [{"name": n, "latitude": la, "longitude": lo, "waterBodyTypeId": w} for n, la, lo, w, _ in SPOTS],
        "trips": trips, "trashedTrip": trashed,
        "report": {"title": "Fish by month", "formula": "sum(catch.count) by month", "chart": "bar"},
    }
    OUT.write_text(json.dumps(season, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    fish = sum(c["count"] for t in trips for c in t["catches"])
    print("%d trips at %d spots, %d catch records, %d fish -> %s" % (
        len(trips), len(SPOTS), sum(len(t["catches"]) for t in trips), fish, OUT))


if __name__ == "__main__":
    main()
