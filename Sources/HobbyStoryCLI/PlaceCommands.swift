import Almanac
import DiaryServices
import FishingModel
import Foundation
import Gazetteer
import Geodesy
import Geomagnetism
import Weather

extension HobbyStoryCLI {
    /// `place`, `places search`, `distance`, `almanac`, `magnetic`: offline place, sky and field
    /// information for any point (T9, T10, T14). None of them needs a profile.
    static let placeCommands: [Command] = [
        Command(name: "about") { c in
            let credits = DataCredits.all
            c.output(
                .object(["version": .string(version), "attributions": .array(credits.map { .string($0) })]),
                text: (["The Hobby Story — Fishing, hobbystory \(version)", ""] + credits).joined(separator: "\n"))
        },
        Command(name: "place", spec: OptionSpec(values: ["lat", "lon"])) { c in
            let point = try c.coordinate()
            let place: PlaceLabel
            do { place = try Gazetteer.bundled().place(latitude: point.latitude, longitude: point.longitude) } catch {
                throw InvalidInput(description: "\(error)")
            }
            c.output(
                .object([
                    "latitude": .number(point.latitude), "longitude": .number(point.longitude),
                    "settlement": .string(place.settlement), "region": JSONValue(place.region),
                    "country": .string(place.country), "countryCode": .string(place.countryCode),
                    "distanceKm": .number((place.distanceKm * 1000).rounded() / 1000),
                    "bearingFromSettlement": .number((place.bearingFromSettlement * 10).rounded() / 10),
                    "description": .string(place.description),
                ]), text: place.description)
        },
        Command(name: "places search", operands: ["TEXT"], spec: OptionSpec(values: ["country", "region", "limit"])) {
            c in
            let limit = c.integer("limit", field: "limit") ?? 10
            try c.throwIfInvalid("search", [])
            let found: [Settlement]
            do {
                found = try Gazetteer.bundled().search(
                    c.operands[0], country: c.text("country"), region: c.text("region"), limit: limit)
            } catch { throw InvalidInput(description: "\(error)") }
            c.outputList(
                found, empty: "No settlement matches.",
                json: { s in
                    .object([
                        "name": .string(s.name), "region": JSONValue(s.region), "country": .string(s.country),
                        "countryCode": .string(s.countryCode), "latitude": .number(s.latitude),
                        "longitude": .number(s.longitude), "population": .integer(Int64(s.population)),
                    ])
                },
                text: { s in
                    "\(s.name), \([s.region, s.country].compactMap { $0 }.joined(separator: ", "))  \(Coordinate(latitude: s.latitude, longitude: s.longitude).formatted(.decimal))  pop. \(s.population)"
                })
        },
        Command(name: "distance", spec: OptionSpec(values: ["from", "to"])) { c in
            let from = try c.parsedCoordinate("from")
            let to = try c.parsedCoordinate("to")
            let line = Geodesic.inverse(from: from, to: to)
            c.output(
                .object([
                    "meters": .number((line.meters * 1000).rounded() / 1000),
                    "initialBearing": .number(line.initialBearing), "finalBearing": .number(line.finalBearing),
                ]),
                text: String(
                    format: "%.3f km, initial bearing %.2f°, final bearing %.2f°", line.meters / 1000,
                    line.initialBearing, line.finalBearing))
        },
        Command(name: "almanac", spec: OptionSpec(values: ["lat", "lon", "date", "tz"])) { c in
            let point = try c.coordinate()
            let (year, month, day) = try c.calendarDate()
            let timeZone = try c.timeZone()
            let almanac: AlmanacDay
            do {
                almanac = try Almanac.day(
                    latitude: point.latitude, longitude: point.longitude, year: year, month: month, day: day,
                    timeZone: timeZone)
            } catch { throw InvalidInput(description: "\(error)") }
            let utc: (Date?) -> JSONValue = { JSONValue($0.map { DiaryTime.iso8601($0, utcOffsetSeconds: 0) }) }
            let periods: ([SolunarPeriod]) -> JSONValue = { list in
                .array(list.map { .object(["start": utc($0.start), "end": utc($0.end), "center": utc($0.center)]) })
            }
            let s = almanac.sun
            let m = almanac.moon
            let json = JSONValue.object([
                "sun": .object([
                    "rise": utc(s.rise), "set": utc(s.set), "noon": utc(s.noon), "civilDawn": utc(s.civilDawn),
                    "civilDusk": utc(s.civilDusk),
                ]),
                "moon": .object([
                    "rise": utc(m.rise), "set": utc(m.set), "upperTransit": utc(m.upperTransit),
                    "lowerTransit": utc(m.lowerTransit),
                    "illumination": .number((m.illumination * 1000).rounded() / 1000),
                    "ageDays": .number((m.ageDays * 100).rounded() / 100), "phase": .string(m.phase.rawValue),
                    "nextNew": utc(m.nextNew), "nextFull": utc(m.nextFull),
                ]),
                "solunar": .object([
                    "major": periods(almanac.solunar.major), "minor": periods(almanac.solunar.minor),
                    "rating": .integer(Int64(almanac.solunar.rating)),
                ]),
            ])
            let local: (Date?) -> String = { date in
                date.map {
                    DiaryTime.iso8601($0, utcOffsetSeconds: timeZone.secondsFromGMT(for: $0)).dropFirst(11).prefix(5)
                }.map(String.init) ?? "—"
            }
            let text = """
                Sun   rise \(local(s.rise))  set \(local(s.set))  noon \(local(s.noon))  civil dawn \(local(s.civilDawn))  dusk \(local(s.civilDusk))
                Moon  rise \(local(m.rise))  set \(local(m.set))  transit \(local(m.upperTransit))  \(m.phase.rawValue), \(Int((m.illumination * 100).rounded())) % lit, \(String(format: "%.1f", m.ageDays)) days
                Solunar  major \(almanac.solunar.major.map { "\(local($0.start))–\(local($0.end))" }.joined(separator: ", "))  minor \(almanac.solunar.minor.map { "\(local($0.start))–\(local($0.end))" }.joined(separator: ", "))  rating \(almanac.solunar.rating)
                """
            c.output(json, text: text)
        },
        Command(name: "magnetic", spec: OptionSpec(values: ["lat", "lon", "alt-km", "date"])) { c in
            let point = try c.coordinate()
            let altitude = c.double("alt-km", field: "altKm") ?? 0
            let (year, month, day) = try c.calendarDate()
            try c.throwIfInvalid("query", [])
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0)!
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
            let field: MagneticField
            do {
                field = try WorldMagneticModel.wmm2025().field(
                    latitude: point.latitude, longitude: point.longitude, altitudeKm: altitude,
                    decimalYear: WorldMagneticModel.decimalYear(of: date))
            } catch { throw InvalidInput(description: "\(error)") }
            let round: (Double, Double) -> JSONValue = { value, scale in .number((value * scale).rounded() / scale) }
            c.output(
                .object([
                    "declination": round(field.declination, 100), "inclination": round(field.inclination, 100),
                    "totalIntensity": round(field.totalIntensity, 10),
                    "horizontalIntensity": round(field.horizontalIntensity, 10),
                    "north": round(field.north, 10), "east": round(field.east, 10), "down": round(field.down, 10),
                    "gridVariation": field.gridVariation.map { round($0, 100) } ?? .null,
                    "model": .string(field.model), "warning": JSONValue(field.warning),
                ]),
                text: String(
                    format: "declination %.2f°, inclination %.2f°, total intensity %.0f nT (%@)", field.declination,
                    field.inclination, field.totalIntensity, field.model)
                    + (field.warning.map { "\nwarning: \($0)" } ?? ""))
        },
    ]
}

extension CommandContext {
    /// `--lat` and `--lon` as a validated point.
    func coordinate() throws -> Coordinate {
        let latitude = double("lat", field: "lat")
        let longitude = double("lon", field: "lon")
        if let issue = parseIssues.first { throw InvalidInput(description: issue.description) }
        guard let latitude, let longitude else { throw UsageError("give the point with --lat LAT --lon LON") }
        do { return try Coordinate(validatingLatitude: latitude, longitude: longitude) } catch {
            throw InvalidInput(description: "\(error)")
        }
    }

    /// A point written in decimal degrees, DMS or degrees and decimal minutes.
    func parsedCoordinate(_ option: String) throws -> Coordinate {
        guard let text = text(option) else { throw UsageError("give --\(option) as LAT,LON (decimal degrees or DMS)") }
        do { return try Coordinate.parse(text) } catch {
            throw InvalidInput(description: "--\(option): \(error.description)")
        }
    }

    /// `--date YYYY-MM-DD`.
    func calendarDate() throws -> (Int, Int, Int) {
        guard let text = text("date") else { throw UsageError("give the day with --date YYYY-MM-DD") }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
            DateComponents(calendar: Calendar(identifier: .gregorian), year: year, month: month, day: day).isValidDate
        else {
            throw InvalidInput(description: "date \"\(text)\" is not a calendar day; use YYYY-MM-DD, e.g. 2026-06-01")
        }
        return (year, month, day)
    }

    /// `--tz` as an IANA time zone (default UTC).
    func timeZone() throws -> TimeZone {
        guard let name = text("tz") else { return TimeZone(identifier: "UTC")! }
        guard let zone = TimeZone(identifier: name) else {
            throw InvalidInput(
                description:
                    "time zone \"\(name)\" is unknown; use an IANA name such as Europe/Moscow or America/Chicago")
        }
        return zone
    }
}
