import Almanac
import Foundation
import Geodesy

/// Where one field of a ``ConditionsSnapshot`` came from (T14 provenance).
public enum FieldSource: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Fetched for this request from the named provider: "Open-Meteo", "MET Norway",
    /// "NOAA SWPC". Values derived from a provider's series (the pressure trend) carry the
    /// provider's name too.
    case provider(String)
    /// Computed on the device without the network (Almanac, World Magnetic Model).
    case computed
    /// Read from the device cache; `age` is seconds since `origin` (a provider name) supplied it.
    case cache(age: TimeInterval, origin: String)

    public var description: String {
        switch self {
        case .provider(let name): name
        case .computed: "computed"
        case .cache(let age, let origin): "cache (\(origin), \(Int(age / 60)) min old)"
        }
    }
}

/// The fields of a ``ConditionsSnapshot``; their raw values are the keys of
/// ``ConditionsSnapshot/sources``.
public enum ConditionsField: String, Codable, Sendable, CaseIterable {
    case temperature, pressure, surfacePressure, pressureChange3h, windSpeed, windGust, windDirection
    case humidity, cloudCover, precipitation, weatherCode, kp
    case magneticDeclination, magneticTotalIntensity, moonPhase, moonIllumination, sunrise, sunset

    /// The fields that only a weather provider supplies.
    static let weather: [ConditionsField] = [
        .temperature, .pressure, .surfacePressure, .pressureChange3h, .windSpeed, .windGust, .windDirection,
        .humidity, .cloudCover, .precipitation, .weatherCode,
    ]
}

/// How the weather fields of a snapshot were obtained (T14: "the result says which path
/// produced it").
public enum WeatherRoute: String, Codable, Sendable {
    /// Fetched now by the place's coordinates.
    case coordinates
    /// Fetched now at coordinates resolved from the place's metadata (city, region, country).
    case placeMetadata
    /// Read from the device cache.
    case cache
    /// No weather fields: only what the device computes offline.
    case offline
}

/// The conditions at a place and time for the diary (requirement T14): weather, the pressure
/// trend, Kp, the local magnetic field, Moon and Sun, with the source of every field.
///
/// Units: temperature °C; pressures hPa (``pressure`` is reduced to mean sea level, the
/// barometer reading anglers compare); pressure change hPa per 3 h; wind m/s, direction in
/// degrees the wind blows *from* (0 = north, clockwise); humidity and cloud cover %;
/// precipitation mm in the preceding hour; magnetic declination degrees (east positive) and
/// total intensity nT; moon illumination as a fraction 0…1. A field is `nil` when no source
/// could supply it; ``warnings`` says why.
public struct ConditionsSnapshot: Codable, Sendable, Equatable {
    /// The instant the conditions describe.
    public var time: Date
    /// Where the offline fields were computed (the place's coordinates, or those resolved from
    /// its metadata).
    public var coordinate: Coordinate
    /// Where the weather fields belong (the same place, or the resolved metadata place on the
    /// metadata path); `nil` when there are none.
    public var weatherCoordinate: Coordinate?
    /// The time of the provider's value used for the weather fields (the nearest hour, or the
    /// provider's "current" conditions).
    public var weatherTime: Date?
    /// How the weather fields were obtained.
    public var route: WeatherRoute

    public var temperature: Double?
    /// Mean-sea-level pressure, hPa.
    public var pressure: Double?
    /// Pressure at the ground, hPa (Open-Meteo only).
    public var surfacePressure: Double?
    /// Change of ``pressure`` over the three hours up to ``time``, hPa per 3 h.
    public var pressureChange3h: Double?
    public var windSpeed: Double?
    public var windGust: Double?
    public var windDirection: Double?
    public var humidity: Double?
    public var cloudCover: Double?
    public var precipitation: Double?
    /// WMO weather interpretation code (Open-Meteo only).
    public var weatherCode: Int?
    /// NOAA planetary Kp index (0…9) of the three-hour interval holding ``time``.
    public var kp: Double?
    public var magneticDeclination: Double?
    public var magneticTotalIntensity: Double?
    public var moonPhase: MoonPhase?
    public var moonIllumination: Double?
    /// Sunrise and sunset of the place's day (see docs/weather.md for which day).
    public var sunrise: Date?
    public var sunset: Date?
    /// The source of each non-nil field, keyed by ``ConditionsField`` raw values.
    public var sources: [String: FieldSource]
    /// Attribution lines the licences of the data used require to be shown.
    public var attributions: [String]
    /// Why fields are missing, old or approximate (each front end words them).
    public var warnings: [ConditionsWarning]

    public init(time: Date, coordinate: Coordinate) {
        self.time = time
        self.coordinate = coordinate
        self.route = .offline
        self.sources = [:]
        self.attributions = []
        self.warnings = []
    }

    /// Rising, falling or steady, from ``pressureChange3h`` (see ``PressureTendency``).
    public var pressureTendency: PressureTendency? {
        pressureChange3h.map(PressureTendency.init(change3h:))
    }

    /// The 16-point compass name of ``windDirection``.
    public var windCompass: CompassPoint? {
        windDirection.flatMap { $0.isFinite ? CompassPoint(degrees: $0) : nil }
    }

    /// The source of one field.
    public func source(of field: ConditionsField) -> FieldSource? {
        sources[field.rawValue]
    }

    /// The T14 fields still `nil` (temperature, pressure, wind, humidity, Kp, magnetic field,
    /// moon phase), for asking later to fill them.
    public var missingFields: [ConditionsField] {
        let present: [(ConditionsField, Bool)] = [
            (.temperature, temperature != nil), (.pressure, pressure != nil),
            (.pressureChange3h, pressureChange3h != nil), (.windSpeed, windSpeed != nil),
            (.windDirection, windDirection != nil), (.humidity, humidity != nil), (.kp, kp != nil),
            (.magneticDeclination, magneticDeclination != nil),
            (.magneticTotalIntensity, magneticTotalIntensity != nil), (.moonPhase, moonPhase != nil),
        ]
        return present.filter { !$0.1 }.map(\.0)
    }

    /// How far back NOAA SWPC serves the Kp index: about a month, so a Kp older than this is
    /// never coming and must not keep a record waiting.
    public static let kpRetention: TimeInterval = 30 * 86_400

    /// The ``missingFields`` that asking again at `now` could still fill: everything but a Kp
    /// for a time beyond ``kpRetention``.
    public func fillableFields(at now: Date) -> [ConditionsField] {
        let kpGone = now.timeIntervalSince(time) > Self.kpRetention
        return missingFields.filter { !(kpGone && $0 == .kp) }
    }

    /// This snapshot with its `nil` fields taken from `newer` (values already present are
    /// kept with their sources); warnings and attributions become those of `newer`.
    public func filling(from newer: ConditionsSnapshot) -> ConditionsSnapshot {
        var result = self
        var filledWeather = false
        func take<T>(_ path: WritableKeyPath<ConditionsSnapshot, T?>, _ field: ConditionsField) {
            guard result[keyPath: path] == nil, let value = newer[keyPath: path] else { return }
            result[keyPath: path] = value
            result.sources[field.rawValue] = newer.sources[field.rawValue]
            if ConditionsField.weather.contains(field) { filledWeather = true }
        }
        take(\.temperature, .temperature)
        take(\.pressure, .pressure)
        take(\.surfacePressure, .surfacePressure)
        take(\.pressureChange3h, .pressureChange3h)
        take(\.windSpeed, .windSpeed)
        take(\.windGust, .windGust)
        take(\.windDirection, .windDirection)
        take(\.humidity, .humidity)
        take(\.cloudCover, .cloudCover)
        take(\.precipitation, .precipitation)
        take(\.weatherCode, .weatherCode)
        take(\.kp, .kp)
        take(\.magneticDeclination, .magneticDeclination)
        take(\.magneticTotalIntensity, .magneticTotalIntensity)
        take(\.moonPhase, .moonPhase)
        take(\.moonIllumination, .moonIllumination)
        take(\.sunrise, .sunrise)
        take(\.sunset, .sunset)
        if filledWeather {
            result.route = newer.route
            result.weatherCoordinate = newer.weatherCoordinate
            result.weatherTime = newer.weatherTime
        }
        result.attributions = newer.attributions
        result.warnings = newer.warnings
        return result
    }
}

/// The answer of ``WeatherService/conditions(at:time:budget:)``: a snapshot (possibly with
/// only the offline fields), or an error when not even those can be computed.
public typealias ConditionsResult = Result<ConditionsSnapshot, WeatherError>
