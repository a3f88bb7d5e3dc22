import Foundation
import Geodesy

/// One instant of weather from a provider, already in the snapshot's units (°C, hPa, m/s,
/// degrees, %, mm) — the raw material of T14's weather fields.
public struct WeatherPoint: Codable, Sendable, Equatable {
    public var time: Date
    public var temperature: Double?
    /// Mean-sea-level pressure, hPa.
    public var pressure: Double?
    public var surfacePressure: Double?
    public var windSpeed: Double?
    public var windGust: Double?
    public var windDirection: Double?
    public var humidity: Double?
    public var cloudCover: Double?
    public var precipitation: Double?
    public var weatherCode: Int?

    public init(time: Date) {
        self.time = time
    }

    /// Whether none of the main fields (temperature, pressure, wind speed, humidity) has a value.
    var isEmpty: Bool {
        temperature == nil && pressure == nil && windSpeed == nil && humidity == nil
    }

    /// This point with every `nil` field taken from `other`.
    func filled(from other: WeatherPoint) -> WeatherPoint {
        var result = self
        result.temperature = temperature ?? other.temperature
        result.pressure = pressure ?? other.pressure
        result.surfacePressure = surfacePressure ?? other.surfacePressure
        result.windSpeed = windSpeed ?? other.windSpeed
        result.windGust = windGust ?? other.windGust
        result.windDirection = windDirection ?? other.windDirection
        result.humidity = humidity ?? other.humidity
        result.cloudCover = cloudCover ?? other.cloudCover
        result.precipitation = precipitation ?? other.precipitation
        result.weatherCode = weatherCode ?? other.weatherCode
        return result
    }
}

/// A provider's answer for a place: its time series (sorted, usually hourly) and, when the
/// provider gives one, its "current conditions" point.
public struct WeatherSeries: Sendable, Equatable {
    /// The provider's name, used for provenance.
    public var provider: String
    /// The attribution its licence requires.
    public var attribution: String
    public var points: [WeatherPoint]
    public var current: WeatherPoint?

    public init(provider: String, attribution: String, points: [WeatherPoint], current: WeatherPoint? = nil) {
        self.provider = provider
        self.attribution = attribution
        self.points = points.sorted { $0.time < $1.time }
        self.current = current
    }

    /// A series point farther than this from the requested time is not used.
    static let maximumDistance: TimeInterval = 3 * 3600
    /// The "current" point is used when it is at most this far from the requested time; a
    /// series point farther than this adds a warning.
    static let closeDistance: TimeInterval = 30 * 60

    /// The weather at `time`: the nearest non-empty point (within 3 h), overlaid by the
    /// provider's current conditions when those are within 30 min of `time`, with the
    /// three-hour pressure change from the mean-sea-level series.
    public func observation(at time: Date) -> WeatherObservation? {
        let candidates = points.filter { !$0.isEmpty }
        let nearest = candidates.min { abs($0.time.timeIntervalSince(time)) < abs($1.time.timeIntervalSince(time)) }
        let point: WeatherPoint
        if let current, !current.isEmpty, abs(current.time.timeIntervalSince(time)) <= Self.closeDistance {
            point = nearest.map { current.filled(from: $0) } ?? current
        } else if let nearest, abs(nearest.time.timeIntervalSince(time)) <= Self.maximumDistance {
            point = nearest
        } else {
            return nil
        }
        let change = PressureTrend.change3h(pressureSamples, at: time)
        return WeatherObservation(point: point, pressureChange3h: change, requestedTime: time)
    }

    var pressureSamples: [(time: Date, value: Double)] {
        points.compactMap { point in point.pressure.map { (point.time, $0) } }
    }
}

/// The weather a series gives for one requested time (T14).
public struct WeatherObservation: Sendable, Equatable {
    /// The values used; `point.time` is when they were valid.
    public var point: WeatherPoint
    /// hPa per 3 h up to the requested time, `nil` without three hours of history.
    public var pressureChange3h: Double?
    public var requestedTime: Date

    /// How far the values are from the requested time, seconds.
    public var distance: TimeInterval {
        abs(point.time.timeIntervalSince(requestedTime))
    }
}

/// A source of weather by coordinates (T14): Open-Meteo, MET Norway, or a test double.
public protocol WeatherProvider: Sendable {
    /// The name used for provenance and warnings.
    var name: String { get }
    /// The provider's series around `time` at `coordinate`; `now` decides between forecast and
    /// archive where that matters.
    func series(at coordinate: Coordinate, around time: Date, now: Date) async throws(WeatherError) -> WeatherSeries
}
