import Almanac
import FishingModel
import Foundation
import Geodesy
import Observation
import Weather

/// One line of the conditions screen: what, its value in the angler's units, and where it came
/// from and how old it is ("Open-Meteo", "computed on the device", "cache, 2 h old").
public struct ConditionsLine: Sendable, Equatable, Identifiable {
    public let field: ConditionsField
    public let value: String
    public let source: String
    public var id: ConditionsField { field }
}

/// The conditions at a spot on a date (T14, issue 13 §3): weather, pressure and its trend, wind,
/// humidity, Kp and the magnetic field, moon phase, sunrise and sunset and the solunar periods,
/// each field with its source and age; refreshable. The sky and the field are computed on the
/// device, so they are there offline.
@MainActor
@Observable
public final class ConditionsModel: DeclaresControls {
    public static let date = Control("conditions.date", .field)
    public static let refresh = Control("conditions.refresh", .button)
    public static let controls = [date, refresh]

    public var coordinate: Coordinate
    public var time: Date
    /// The offset to show times in (the spot's, or the device's).
    public var utcOffsetSeconds: Int
    public private(set) var lines: [ConditionsLine] = []
    /// Major and minor solunar periods of the day, as local "HH:mm–HH:mm", and the day's rating.
    public private(set) var majorPeriods: [String] = []
    public private(set) var minorPeriods: [String] = []
    public private(set) var solunarRating: Int?
    /// Why fields are missing, old or approximate, in the angler's language (issue 30 §4): the
    /// services by name, never an error's English words or a URL.
    public private(set) var warnings: [String] = []
    public private(set) var isRefreshing = false

    private let weather: WeatherService
    private let formatter: MeasureFormatter
    private let catalog: Catalog

    public init(
        weather: WeatherService, coordinate: Coordinate, time: Date, utcOffsetSeconds: Int,
        formatter: MeasureFormatter, catalog: Catalog = .shared
    ) {
        self.weather = weather
        self.coordinate = coordinate
        self.time = time
        self.utcOffsetSeconds = utcOffsetSeconds
        self.formatter = formatter
        self.catalog = catalog
    }

    /// What a line is, in the angler's language ("Pressure", "Moon phase"…).
    public func label(of field: ConditionsField) -> String {
        catalog.text("conditions.field.\(field.rawValue)", formatter.language)
    }

    /// The snapshot's warnings as the angler reads them: when no service answered at all (no
    /// network, most likely), one sentence saying so and what still works, first, instead of a
    /// line per service.
    func worded(_ snapshot: ConditionsSnapshot) -> [String] {
        let failures: Set<ConditionsWarning.Kind> = [.providerFailed, .kpFailed, .budgetExpired]
        let noneAnswered =
            snapshot.route == .offline && snapshot.warnings.contains { $0.kind == .providerFailed }
            && snapshot.kp == nil
        guard noneAnswered else { return snapshot.warnings.map(text) }
        return [catalog.text("conditions.warning.noConnection", formatter.language)]
            + snapshot.warnings.filter { !failures.contains($0.kind) }.map(text)
    }

    /// A warning's sentence (`conditions.warning.<kind>`); a sentence stored before warnings had
    /// kinds is said as "some conditions could not be fetched" rather than in its English words.
    public func text(_ warning: ConditionsWarning) -> String {
        var values = warning.values
        if warning.kind == .providerFailed, let instead = values["instead"] {
            values["instead"] = catalog.text("conditions.warning.instead", formatter.language, ["provider": instead])
        } else if warning.kind == .providerFailed {
            values["instead"] = ""
        }
        values["provider"] = values["provider"] ?? catalog.text("conditions.warning.aService", formatter.language)
        return catalog.text("conditions.warning.\(warning.kind.rawValue)", formatter.language, values)
    }

    /// Asks the weather service (within `budget`) and the almanac, and lays the lines out.
    public func refresh(budget: Duration = .seconds(5)) async {
        isRefreshing = true
        defer { isRefreshing = false }
        let place = WeatherPlace(coordinate: coordinate)
        if case .success(let snapshot) = await weather.conditions(at: place, time: time, budget: budget) {
            lines = layOut(snapshot)
            warnings = worded(snapshot)
        }
        let zone = TimeZone(secondsFromGMT: utcOffsetSeconds) ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: time)
        if let year = parts.year, let month = parts.month, let day = parts.day,
            let almanac = try? Almanac.day(
                latitude: coordinate.latitude, longitude: coordinate.longitude, year: year, month: month, day: day,
                timeZone: zone)
        {
            majorPeriods = almanac.solunar.major.map(period)
            minorPeriods = almanac.solunar.minor.map(period)
            solunarRating = almanac.solunar.rating
        }
    }

    private func layOut(_ s: ConditionsSnapshot) -> [ConditionsLine] {
        let f = formatter
        let values: [(ConditionsField, String?)] = [
            (.temperature, s.temperature.map(f.temperature)),
            (.pressure, s.pressure.map(f.pressure)),
            (
                .pressureChange3h,
                s.pressureTendency.map { tendency in
                    catalog.text("conditions.tendency.\(tendency.rawValue)", f.language)
                        + (s.pressureChange3h.map { " (" + f.pressureChange(hectopascals: $0) + "/3h)" } ?? "")
                }
            ),
            (
                .windSpeed,
                s.windSpeed.map { f.windSpeed(metresPerSecond: $0) + (s.windCompass.map { " \($0.rawValue)" } ?? "") }
            ),
            (.humidity, s.humidity.map { f.number($0, digits: 0) + "\u{a0}%" }),
            (.kp, s.kp.map { f.number($0, digits: 1) }),
            (.magneticDeclination, s.magneticDeclination.map { f.number($0, digits: 1) + "°" }),
            (.magneticTotalIntensity, s.magneticTotalIntensity.map { f.number($0, digits: 0) + "\u{a0}nT" }),
            (
                .moonPhase,
                s.moonPhase.map { phase in
                    catalog.text("moon.\(phase.rawValue.replacingOccurrences(of: " ", with: "-"))", f.language)
                        + (s.moonIllumination.map { ", " + f.number($0 * 100, digits: 0) + "\u{a0}%" } ?? "")
                }
            ),
            (.sunrise, s.sunrise.map(clock)),
            (.sunset, s.sunset.map(clock)),
        ]
        return values.compactMap { field, value in
            value.map { ConditionsLine(field: field, value: $0, source: source(s.source(of: field))) }
        }
    }

    private func source(_ source: FieldSource?) -> String {
        switch source {
        case .provider(let name): name
        case .computed: catalog.text("conditions.source.computed", formatter.language)
        case .cache(let age, let origin):
            catalog.text(
                "conditions.source.cache", formatter.language,
                ["origin": origin, "hours": formatter.number(age / 3600, digits: 1)])
        case nil: ""
        }
    }

    private func clock(_ date: Date) -> String {
        String(DiaryTime.iso8601(date, utcOffsetSeconds: utcOffsetSeconds).dropFirst(11).prefix(5))
    }

    private func period(_ period: SolunarPeriod) -> String { clock(period.start) + "–" + clock(period.end) }
}
