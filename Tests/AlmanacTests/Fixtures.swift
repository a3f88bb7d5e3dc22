import Almanac
import Foundation

/// Golden values made by tools/make_almanac_fixtures.py from skyfield (DE421), checked there
/// against PyEphem.
struct FixtureDocument: Decodable {
    struct Settings: Decodable {
        let majorHours: Double
        let minorHours: Double
    }

    struct PhaseInstant: Decodable {
        let kind: String
        let instant: Date
    }

    let solunar: Settings
    let cases: [FixtureCase]
    let phases: [PhaseInstant]

    static func load() throws -> FixtureDocument {
        guard let url = Bundle.module.url(forResource: "almanac", withExtension: "json", subdirectory: "Fixtures")
        else {
            throw CocoaError(.fileNoSuchFile)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(FixtureDocument.self, from: Data(contentsOf: url))
    }
}

struct FixtureCase: Decodable {
    struct Expected: Decodable {
        let dayStart: Date
        let dayEnd: Date
        let noon: Date
        let sunRise: Date?
        let sunSet: Date?
        let sunNoon: Date?
        let civilDawn: Date?
        let civilDusk: Date?
        let moonRise: Date?
        let moonSet: Date?
        let moonUpper: Date?
        let moonLower: Date?
        let illumination: Double
        let elongation: Double
        let ageDays: Double
        let phase: MoonPhase
        let phaseMarginDegrees: Double
        let nextNew: Date
        let nextFull: Date
        let rating: Int
        let ratingMarginSeconds: Double
    }

    let name: String
    let latitude: Double
    let longitude: Double
    let year: Int
    let month: Int
    let day: Int
    let timeZone: String?
    let secondsFromGMT: Int?
    let expected: Expected

    var zone: TimeZone? {
        if let timeZone { return TimeZone(identifier: timeZone) }
        return secondsFromGMT.flatMap(TimeZone.init(secondsFromGMT:))
    }

    func compute(_ settings: SolunarSettings = .standard) throws -> AlmanacDay {
        guard let zone else { throw CocoaError(.coderInvalidValue) }
        return try Almanac.day(
            latitude: latitude, longitude: longitude, year: year, month: month, day: day,
            timeZone: zone, solunar: settings)
    }
}

/// Tolerances of the issue: events within 2 minutes, illumination within 0.01, new and full
/// moons within 10 minutes.
enum Tolerance {
    static let eventSeconds: TimeInterval = 120
    static let illumination = 0.01
    static let lunationSeconds: TimeInterval = 600
    static let elongationDegrees = 0.1
}

/// Whether a computed event matches the oracle's: both absent, both within the tolerance, or
/// one absent because the other lies within the tolerance of a day boundary.
func eventsAgree(_ computed: Date?, _ expected: Date?, in fixture: FixtureCase) -> Bool {
    switch (computed, expected) {
    case (nil, nil):
        return true
    case (let computed?, let expected?):
        return abs(computed.timeIntervalSince(expected)) <= Tolerance.eventSeconds
    case (let computed?, nil), (nil, let computed?):
        let bounds = [fixture.expected.dayStart, fixture.expected.dayEnd]
        return bounds.contains { abs($0.timeIntervalSince(computed)) <= Tolerance.eventSeconds }
    }
}

func describe(_ date: Date?) -> String {
    date.map { $0.formatted(.iso8601) } ?? "nil"
}
