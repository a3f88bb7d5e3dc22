#!/usr/bin/env python3
"""Golden fixtures for the Almanac module (requirement T14: moon phase with the weather).

Run from the package root:

    python3 tools/make_almanac_fixtures.py            # writes Tests/AlmanacTests/Fixtures/almanac.json
    python3 tools/make_almanac_fixtures.py --out FILE
    python3 tools/make_almanac_fixtures.py --random 1500 --seed 7 --out /tmp/stress.json   # stress run

Needs the PyPI packages `ephem`, `skyfield` and `skyfield-data` (which ships de421.bsp, so nothing
is downloaded). The committed file was produced with PyEphem 4.2.1, skyfield 1.55 and
skyfield-data 7.0.0; the versions used are also written into the file. The output is
deterministic: the random cases come from a fixed seed.

Two independent oracles are used and must agree before anything is written:

* skyfield with the JPL DE421 ephemeris gives the expected values: rise, set and transit times
  (`find_risings`, `find_settings`, `find_transits`), the illuminated fraction, the elongation
  and the new and full moon instants (`moon_phases`).
* PyEphem (VSOP87/ELP based) recomputes the same quantities; a difference above the limits in
  ORACLE_LIMITS stops the script.

Conventions (the same as the Swift code):

* Geometric topocentric positions on the WGS84 ellipsoid at sea level, apparent (aberration,
  nutation), no atmospheric model: refraction is the fixed 34' of the horizon definitions.
  PyEphem: observer.pressure = 0, elevation 0.
* Sunrise and sunset: the Sun's centre at -0°50' (34' refraction plus a fixed 16' semidiameter,
  the USNO convention). skyfield: horizon_degrees = -50/60; PyEphem: horizon '-0:50',
  use_center=True.
* Civil dawn and dusk: the Sun's centre at -6°. skyfield: horizon_degrees = -6; PyEphem: horizon
  '-6', use_center=True.
* Moonrise and moonset: the Moon's upper limb at -0°34', i.e. its topocentric centre at
  -34' minus its topocentric angular radius. skyfield: the default Moon horizon function
  (refraction -34' minus radius / distance); PyEphem: horizon '-0:34', use_center=False.
* Transits: the meridian (upper) and anti-meridian (lower) passages of the apparent position.
* Illuminated fraction: geocentric, (1 + cos phase angle) / 2, at 12:00 local time.
* Elongation: apparent geocentric ecliptic longitude of the Moon minus that of the Sun
  (true equinox of date), 0..360, at 12:00 local time; new moon at 0, full moon at 180.
* Ages and the next new and full moons: new moon when the elongation is 0, full at 180.

A day is the calendar day in the case's time zone, from local 00:00 to the next local 00:00.
Only the first event of each kind in that day is kept; an event outside the day is null.
"""

import argparse
import datetime as dt
import json
import random
import sys
import warnings
from zoneinfo import ZoneInfo

import ephem
import numpy as np
import skyfield
from skyfield import almanac
from skyfield.api import Loader, wgs84
from skyfield_data import get_skyfield_data_path

SEED = 20240614
RANDOM_CASES = 150
MAJOR_HOURS = 2.0
MINOR_HOURS = 1.0
PRINCIPAL_HALF_WIDTH = 12.0   # degrees of elongation around 0, 90, 180, 270
NEAR_SYZYGY = 36.0            # degrees of elongation from new or full for one rating point
ORACLE_LIMITS = {"event_seconds": 60.0, "phase_seconds": 120.0, "illumination": 0.005}
UTC = dt.timezone.utc

IANA_ZONES = [
    "Europe/Berlin", "Europe/Moscow", "America/New_York", "America/Los_Angeles",
    "America/Sao_Paulo", "America/St_Johns", "Asia/Kolkata", "Asia/Kathmandu", "Asia/Tokyo",
    "Australia/Sydney", "Australia/Adelaide", "Pacific/Auckland", "Pacific/Kiritimati",
    "Pacific/Pago_Pago", "Africa/Cairo", "Asia/Irkutsk", "America/Anchorage", "Atlantic/Azores",
]

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the expiry of finals2000A.all: the builtin timescale is used
    DATA_PATH = get_skyfield_data_path()
load = Loader(DATA_PATH, verbose=False)
TS = load.timescale(builtin=True)
EPH = load("de421.bsp")
EARTH, SUN, MOON = EPH["earth"], EPH["sun"], EPH["moon"]
PHASE_FUNCTION = almanac.moon_phases(EPH)

oracle_gap = {"event_seconds": 0.0, "phase_seconds": 0.0, "illumination": 0.0}


def note_gap(kind, value):
    if value > ORACLE_LIMITS[kind]:
        sys.exit(f"oracles disagree on {kind}: {value}")
    oracle_gap[kind] = max(oracle_gap[kind], value)


def iso(moment):
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def zone_of(case):
    if "timeZone" in case:
        return ZoneInfo(case["timeZone"])
    return dt.timezone(dt.timedelta(seconds=case["secondsFromGMT"]))


def local_bounds(case):
    zone = zone_of(case)
    y, m, d = case["year"], case["month"], case["day"]
    start = dt.datetime(y, m, d, tzinfo=zone).astimezone(UTC)
    following = dt.date(y, m, d) + dt.timedelta(days=1)
    end = dt.datetime(following.year, following.month, following.day, tzinfo=zone).astimezone(UTC)
    noon = dt.datetime(y, m, d, 12, tzinfo=zone).astimezone(UTC)
    return start, end, noon


def sky_time(moment):
    return TS.from_datetime(moment)


def ephem_date(moment):
    return ephem.Date(moment.astimezone(UTC).replace(tzinfo=None))


def from_ephem(date):
    return ephem.Date(date).datetime().replace(tzinfo=UTC)


def first_sky_event(found, start, end):
    times, real = found
    for t, ok in zip(times, real):
        moment = t.utc_datetime()
        if ok and start <= moment < end:
            return moment
    return None


def pyephem_event(method, body, start, end, **kwargs):
    """The first event at or after `start`, from a search begun two minutes earlier: PyEphem
    steps over an event that lies within its precision of the search's start."""
    try:
        moment = from_ephem(method(body, start=ephem_date(start - dt.timedelta(minutes=2)), **kwargs))
        if moment < start:
            moment = from_ephem(method(body, start=ephem_date(moment + dt.timedelta(minutes=1)), **kwargs))
    except (ephem.AlwaysUpError, ephem.NeverUpError):
        return None
    return moment if moment < end else None


def agree(key, expected, other, start, end):
    """Compares one event from both oracles; a miss is allowed only next to a day boundary."""
    context = f"{key} in the day from {iso(start)}: skyfield {expected}, PyEphem {other}"
    if expected is not None and other is not None:
        if abs((expected - other).total_seconds()) > ORACLE_LIMITS["event_seconds"]:
            sys.exit(f"oracles disagree on {context}")
        note_gap("event_seconds", abs((expected - other).total_seconds()))
    elif expected is not None or other is not None:
        present = expected or other
        margin = min(abs((present - start).total_seconds()), abs((end - present).total_seconds()))
        if margin > ORACLE_LIMITS["event_seconds"]:
            sys.exit(f"oracles disagree on the existence of {context}")


def pyephem_observer(lat, lon, horizon):
    observer = ephem.Observer()
    observer.lat, observer.lon = str(lat), str(lon)
    observer.elevation = 0
    observer.pressure = 0
    observer.horizon = horizon
    return observer


def events(lat, lon, start, end):
    place = EARTH + wgs84.latlon(lat, lon)
    t0, t1 = sky_time(start - dt.timedelta(hours=1)), sky_time(end + dt.timedelta(hours=1))
    sky = {
        "sunRise": first_sky_event(almanac.find_risings(place, SUN, t0, t1, -50 / 60), start, end),
        "sunSet": first_sky_event(almanac.find_settings(place, SUN, t0, t1, -50 / 60), start, end),
        "civilDawn": first_sky_event(almanac.find_risings(place, SUN, t0, t1, -6.0), start, end),
        "civilDusk": first_sky_event(almanac.find_settings(place, SUN, t0, t1, -6.0), start, end),
        "moonRise": first_sky_event(almanac.find_risings(place, MOON, t0, t1), start, end),
        "moonSet": first_sky_event(almanac.find_settings(place, MOON, t0, t1), start, end),
    }
    for body, upper, lower in ((SUN, "sunNoon", None), (MOON, "moonUpper", "moonLower")):
        function = almanac.meridian_transits(EPH, body, wgs84.latlon(lat, lon))
        times, west = almanac.find_discrete(t0, t1, function)
        for key, flag in ((upper, 1), (lower, 0)):
            if key is not None:
                sky[key] = next((t.utc_datetime() for t, w in zip(times, west)
                                 if w == flag and start <= t.utc_datetime() < end), None)

    sun, moon = ephem.Sun(), ephem.Moon()
    rim = pyephem_observer(lat, lon, "-0:50")
    civil = pyephem_observer(lat, lon, "-6")
    limb = pyephem_observer(lat, lon, "-0:34")
    other = {
        "sunRise": pyephem_event(rim.next_rising, sun, start, end, use_center=True),
        "sunSet": pyephem_event(rim.next_setting, sun, start, end, use_center=True),
        "civilDawn": pyephem_event(civil.next_rising, sun, start, end, use_center=True),
        "civilDusk": pyephem_event(civil.next_setting, sun, start, end, use_center=True),
        "sunNoon": pyephem_event(rim.next_transit, sun, start, end),
        "moonRise": pyephem_event(limb.next_rising, moon, start, end),
        "moonSet": pyephem_event(limb.next_setting, moon, start, end),
        "moonUpper": pyephem_event(limb.next_transit, moon, start, end),
        "moonLower": pyephem_event(limb.next_antitransit, moon, start, end),
    }
    for key in sky:
        agree(f"{key} at {lat}, {lon}", sky[key], other[key], start, end)
    return sky


def phase_instants(begin, end):
    """New (0) and full (2) moons between two UTC datetimes, from skyfield, checked by PyEphem."""
    times, phases = almanac.find_discrete(sky_time(begin), sky_time(end), PHASE_FUNCTION)
    found = []
    for t, phase in zip(times, phases):
        if phase in (0, 2):
            moment = t.utc_datetime()
            check = ephem.next_new_moon if phase == 0 else ephem.next_full_moon
            twin = from_ephem(check(ephem_date(moment - dt.timedelta(days=2))))
            note_gap("phase_seconds", abs((twin - moment).total_seconds()))
            found.append(("new" if phase == 0 else "full", moment))
    return found


def elongation(moment):
    return float(almanac.moon_phase(EPH, sky_time(moment)).degrees) % 360.0


def illumination(moment):
    value = float(EARTH.at(sky_time(moment)).observe(MOON).apparent().fraction_illuminated(SUN))
    twin = ephem.Moon(ephem_date(moment)).moon_phase
    note_gap("illumination", abs(value - twin))
    return value


def phase_name(angle):
    names = ["new", "first quarter", "full", "last quarter"]
    between = ["waxing crescent", "waxing gibbous", "waning gibbous", "waning crescent"]
    nearest = round(angle / 90.0) % 4
    offset = abs((angle - 90.0 * round(angle / 90.0)))
    if offset < PRINCIPAL_HALF_WIDTH:
        return names[nearest], PRINCIPAL_HALF_WIDTH - offset
    return between[int(angle // 90.0) % 4], offset - PRINCIPAL_HALF_WIDTH


def rating(angle, sky):
    """The rule documented in docs/almanac.md; returns (rating, smallest margin to a threshold)."""
    distance = min(angle % 180.0, 180.0 - angle % 180.0)
    margins = [abs(distance - PRINCIPAL_HALF_WIDTH) * 3600.0 / 12.19 * 24,
               abs(distance - NEAR_SYZYGY) * 3600.0 / 12.19 * 24]
    score = 2 if distance < PRINCIPAL_HALF_WIDTH else 1 if distance < NEAR_SYZYGY else 0
    suns = [sky[k] for k in ("sunRise", "sunSet") if sky[k] is not None]
    for keys, hours, points in ((("moonUpper", "moonLower"), MAJOR_HOURS, 2),
                                (("moonRise", "moonSet"), MINOR_HOURS, 1)):
        hit = False
        for key in keys:
            if sky[key] is None:
                continue
            half = dt.timedelta(hours=hours / 2)
            for sun_event in suns:
                lo, hi = sky[key] - half, sky[key] + half
                hit = hit or lo <= sun_event <= hi
                margins += [abs((sun_event - lo).total_seconds()), abs((sun_event - hi).total_seconds())]
        score += points if hit else 0
    return score, min(margins)


def make_case(name, lat, lon, year, month, day, zone):
    case = {"name": name, "latitude": round(lat, 4), "longitude": round(lon, 4),
            "year": year, "month": month, "day": day}
    case.update(zone)
    start, end, noon = local_bounds(case)
    sky = events(case["latitude"], case["longitude"], start, end)
    angle = elongation(noon)
    phase, phase_margin = phase_name(angle)
    lunations = phase_instants(start - dt.timedelta(days=31), end + dt.timedelta(days=31))
    previous_new = max(m for kind, m in lunations if kind == "new" and m <= noon)
    next_new = min(m for kind, m in lunations if kind == "new" and m >= start)
    next_full = min(m for kind, m in lunations if kind == "full" and m >= start)
    score, score_margin = rating(angle, sky)
    case["expected"] = {
        "dayStart": iso(start), "dayEnd": iso(end), "noon": iso(noon),
        **{key: (iso(value) if value else None) for key, value in sky.items()},
        "illumination": round(illumination(noon), 6),
        "elongation": round(angle, 5),
        "ageDays": round((noon - previous_new).total_seconds() / 86400.0, 6),
        "phase": phase, "phaseMarginDegrees": round(phase_margin, 4),
        "nextNew": iso(next_new), "nextFull": iso(next_full),
        "rating": score, "ratingMarginSeconds": round(score_margin, 1),
    }
    return case


def random_zone(rng, lon):
    if rng.random() < 0.35:
        return {"timeZone": rng.choice(IANA_ZONES)}
    hours = round(lon / 15.0) + rng.choice([0, 0, 0, -1, 1, 0.5, -0.5, 0.75])
    return {"secondsFromGMT": int(max(-12, min(14, hours)) * 3600)}


def random_cases(rng, count):
    cases = []
    for index in range(count):
        lat = rng.uniform(-60.0, 65.0)
        lon = rng.uniform(-180.0, 180.0)
        ordinal = rng.randint(dt.date(1990, 1, 1).toordinal(), dt.date(2050, 12, 31).toordinal())
        date = dt.date.fromordinal(ordinal)
        cases.append(make_case(f"random {index + 1}", lat, lon, date.year, date.month, date.day,
                               random_zone(rng, lon)))
    return cases


def find_day_without(key, lat, lon, zone, first):
    """The first day from `first` on whose oracle value for `key` is null."""
    for offset in range(40):
        date = first + dt.timedelta(days=offset)
        case = make_case(f"no {key}", lat, lon, date.year, date.month, date.day, zone)
        if case["expected"][key] is None:
            return case
    sys.exit(f"no day without {key} found")


def edge_cases():
    berlin = {"timeZone": "Europe/Berlin"}
    return [
        make_case("65N midsummer: no civil twilight", 65.0, 25.5, 2024, 6, 21, {"timeZone": "Europe/Helsinki"}),
        make_case("65N midwinter: short day", 65.0, 25.5, 2024, 12, 21, {"timeZone": "Europe/Helsinki"}),
        make_case("70N midsummer: polar day", 70.0, 19.0, 2023, 6, 21, {"timeZone": "Europe/Oslo"}),
        make_case("70N midwinter: polar night", 70.0, 19.0, 2023, 12, 21, {"timeZone": "Europe/Oslo"}),
        make_case("78N midwinter: no civil twilight", 78.2, 15.6, 2022, 12, 21, {"timeZone": "Arctic/Longyearbyen"}),
        make_case("60S midsummer", -60.0, -45.0, 2030, 12, 21, {"secondsFromGMT": -3 * 3600}),
        make_case("equator", 0.0, 0.0, 2000, 1, 1, {"secondsFromGMT": 0}),
        make_case("spring forward (23 h day)", 40.7, -74.0, 2024, 3, 10, {"timeZone": "America/New_York"}),
        make_case("fall back (25 h day)", 40.7, -74.0, 2024, 11, 3, {"timeZone": "America/New_York"}),
        make_case("midnight skipped by DST", -23.55, -46.63, 2018, 11, 4, {"timeZone": "America/Sao_Paulo"}),
        make_case("hour before midnight repeated", -23.55, -46.63, 2019, 2, 16, {"timeZone": "America/Sao_Paulo"}),
        make_case("UTC+14", 1.87, -157.4, 2035, 7, 4, {"timeZone": "Pacific/Kiritimati"}),
        make_case("UTC+5:45", 27.7, 85.3, 2012, 2, 29, {"timeZone": "Asia/Kathmandu"}),
        find_day_without("moonRise", 52.5, 13.4, berlin, dt.date(2024, 5, 1)),
        find_day_without("moonSet", 52.5, 13.4, berlin, dt.date(2024, 5, 1)),
        find_day_without("moonUpper", 52.5, 13.4, berlin, dt.date(2024, 5, 1)),
        find_day_without("moonLower", 52.5, 13.4, berlin, dt.date(2024, 5, 1)),
    ]


def lunar_phases():
    found = []
    for first, last in ((1990, 1991), (2019, 2021), (2048, 2050)):
        found += phase_instants(dt.datetime(first, 1, 1, tzinfo=UTC), dt.datetime(last + 1, 1, 1, tzinfo=UTC))
    return [{"kind": kind, "instant": iso(moment)} for kind, moment in found]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="Tests/AlmanacTests/Fixtures/almanac.json")
    parser.add_argument("--random", type=int, default=RANDOM_CASES, help="random cases (stress runs)")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    document = {
        "generator": "tools/make_almanac_fixtures.py",
        "oracles": {"pyephem": ephem.__version__, "skyfield": skyfield.__version__,
                    "ephemeris": "de421.bsp (skyfield-data)", "numpy": np.__version__},
        "seed": args.seed,
        "solunar": {"majorHours": MAJOR_HOURS, "minorHours": MINOR_HOURS},
        "cases": random_cases(rng, args.random) + edge_cases(),
        "phases": lunar_phases(),
    }
    document["oracleAgreement"] = {key: round(value, 4) for key, value in oracle_gap.items()}
    with open(args.out, "w") as handle:
        json.dump(document, handle, indent=1)
        handle.write("\n")
    print(f"{len(document['cases'])} cases, {len(document['phases'])} phases; "
          f"largest oracle differences: {document['oracleAgreement']}")


if __name__ == "__main__":
    main()
