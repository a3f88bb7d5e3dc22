import Foundation
import Geodesy

/// Weather by coordinates from Open-Meteo (T14, the first provider): the forecast API
/// (`/v1/forecast`, current conditions plus an hourly series reaching ``WeatherConfiguration/pastDays``
/// back) and, for older times, the historical archive (`/v1/archive`).
///
/// Requests ask for `wind_speed_unit=ms`, `timezone=GMT` and `timeformat=unixtime`; every
/// value is still converted by the unit its `*_units` entry names, and an unknown unit is
/// refused. Data: CC BY 4.0; the free API is for non-commercial use (see docs/weather.md).
public struct OpenMeteoProvider: WeatherProvider {
    public let name = "Open-Meteo"
    static let attribution = "Weather data by Open-Meteo.com (CC BY 4.0)"

    /// The variables asked for, with the quantity each one is.
    static let variables: [(name: String, quantity: Quantity)] = [
        ("temperature_2m", .temperature), ("relative_humidity_2m", .percent), ("surface_pressure", .pressure),
        ("pressure_msl", .pressure), ("wind_speed_10m", .speed), ("wind_direction_10m", .direction),
        ("wind_gusts_10m", .speed), ("cloud_cover", .percent), ("precipitation", .precipitation),
        ("weather_code", .code),
    ]

    private let configuration: WeatherConfiguration
    private let client: HTTPClient

    /// - Parameter sleep: waits between retries (tests pass one that does not sleep).
    public init(
        configuration: WeatherConfiguration, transport: any HTTPTransport,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.configuration = configuration
        self.client = HTTPClient(configuration: configuration, transport: transport, sleep: sleep)
    }

    public func series(at coordinate: Coordinate, around time: Date, now: Date) async throws(WeatherError)
        -> WeatherSeries
    {
        let url = requestURL(at: coordinate, around: time, now: now)
        let response = try await client.get(url, provider: name)
        return try Self.parse(response, provider: name)
    }

    /// The forecast URL when the forecast's `past_days` window covers `time` and the three hours
    /// before it, else the archive URL for the UTC days from `time − 3 h` to `time + 1 h`.
    func requestURL(at coordinate: Coordinate, around time: Date, now: Date) -> URL {
        let variables = Self.variables.map(\.name).joined(separator: ",")
        var query = [
            URLQueryItem(name: "latitude", value: String(format: "%.4f", coordinate.latitude)),
            URLQueryItem(name: "longitude", value: String(format: "%.4f", coordinate.longitude)),
        ]
        let windowStart = UTCDay.start(of: now).addingTimeInterval(-Double(configuration.pastDays) * 86_400)
        let origin: ServiceOrigin
        let path: String
        if time.addingTimeInterval(-3 * 3600) >= windowStart {
            origin = configuration.openMeteo
            path = "/v1/forecast"
            query += [
                URLQueryItem(name: "current", value: variables),
                URLQueryItem(name: "hourly", value: variables),
                URLQueryItem(name: "past_days", value: String(configuration.pastDays)),
                URLQueryItem(name: "forecast_days", value: String(configuration.forecastDays)),
            ]
        } else {
            origin = configuration.openMeteoArchive
            path = "/v1/archive"
            query += [
                URLQueryItem(name: "start_date", value: UTCDay.string(time.addingTimeInterval(-3 * 3600))),
                URLQueryItem(name: "end_date", value: UTCDay.string(time.addingTimeInterval(3600))),
                URLQueryItem(name: "hourly", value: variables),
            ]
        }
        query += [
            URLQueryItem(name: "wind_speed_unit", value: "ms"),
            URLQueryItem(name: "timezone", value: "GMT"),
            URLQueryItem(name: "timeformat", value: "unixtime"),
        ]
        if let key = configuration.openMeteoAPIKey {
            query.append(URLQueryItem(name: "apikey", value: key))
        }
        return origin.url(path: path, query: query)
    }

    private struct Body: Decodable {
        var hourly: [String: [Double?]]?
        var hourlyUnits: [String: String]?
        var current: [String: Double?]?
        var currentUnits: [String: String]?

        enum CodingKeys: String, CodingKey {
            case hourly, current
            case hourlyUnits = "hourly_units"
            case currentUnits = "current_units"
        }
    }

    private struct ErrorBody: Decodable {
        var error: Bool
        var reason: String
    }

    /// Reads a forecast or archive answer: 200 with the documented body, or a 4xx whose
    /// `{"error":true,"reason":…}` becomes ``WeatherError/rejected(provider:reason:)``.
    static func parse(_ response: TransportResponse, provider: String) throws(WeatherError) -> WeatherSeries {
        if let failure = try? JSONDecoder().decode(ErrorBody.self, from: response.body), failure.error {
            throw .rejected(provider: provider, reason: failure.reason)
        }
        guard response.status == 200 else {
            throw .httpStatus(provider: provider, status: response.status, detail: snippet(response.body))
        }
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: response.body)
        } catch {
            throw .malformedResponse(provider: provider, detail: describe(error))
        }
        guard let hourly = body.hourly, let units = body.hourlyUnits else {
            throw .malformedResponse(provider: provider, detail: "no \"hourly\" and \"hourly_units\"")
        }
        guard let times = hourly["time"] else {
            throw .malformedResponse(provider: provider, detail: "no \"hourly.time\"")
        }
        var points: [WeatherPoint] = []
        for time in times {
            guard let time else { throw .malformedResponse(provider: provider, detail: "a null in \"hourly.time\"") }
            points.append(WeatherPoint(time: Date(timeIntervalSince1970: time)))
        }
        try checkTimeUnit(units["time"], provider: provider, section: "hourly")
        for (variable, quantity) in variables {
            guard let values = hourly[variable] else { continue }
            guard values.count == points.count else {
                throw .malformedResponse(
                    provider: provider,
                    detail: "hourly.\(variable) has \(values.count) values for \(points.count) times")
            }
            let convert = try converter(variable, quantity, units: units, provider: provider)
            for (index, value) in values.enumerated() {
                points[index].set(variable, value.map(convert))
            }
        }
        return WeatherSeries(
            provider: provider, attribution: attribution, points: points,
            current: try current(body, provider: provider))
    }

    private static func current(_ body: Body, provider: String) throws(WeatherError) -> WeatherPoint? {
        guard let current = body.current else { return nil }
        guard let units = body.currentUnits else {
            throw .malformedResponse(provider: provider, detail: "\"current\" without \"current_units\"")
        }
        guard case let time?? = current["time"] else {
            throw .malformedResponse(provider: provider, detail: "no \"current.time\"")
        }
        try checkTimeUnit(units["time"], provider: provider, section: "current")
        var point = WeatherPoint(time: Date(timeIntervalSince1970: time))
        for (variable, quantity) in variables {
            guard case let value?? = current[variable] else { continue }
            point.set(variable, try converter(variable, quantity, units: units, provider: provider)(value))
        }
        return point
    }

    private static func checkTimeUnit(_ unit: String?, provider: String, section: String) throws(WeatherError) {
        guard unit == "unixtime" else {
            throw .unsupportedUnit(provider: provider, variable: "\(section).time", unit: unit ?? "(none)")
        }
    }

    private static func converter(
        _ variable: String, _ quantity: Quantity, units: [String: String], provider: String
    ) throws(WeatherError) -> @Sendable (Double) -> Double {
        guard let unit = units[variable] else {
            throw .malformedResponse(provider: provider, detail: "no unit for \(variable)")
        }
        guard let convert = quantity.converter(from: unit) else {
            throw .unsupportedUnit(provider: provider, variable: variable, unit: unit)
        }
        return convert
    }
}

extension WeatherPoint {
    /// Stores an Open-Meteo variable's converted value.
    fileprivate mutating func set(_ variable: String, _ value: Double?) {
        switch variable {
        case "temperature_2m": temperature = value
        case "relative_humidity_2m": humidity = value
        case "surface_pressure": surfacePressure = value
        case "pressure_msl": pressure = value
        case "wind_speed_10m": windSpeed = value
        case "wind_direction_10m": windDirection = value
        case "wind_gusts_10m": windGust = value
        case "cloud_cover": cloudCover = value
        case "precipitation": precipitation = value
        case "weather_code": weatherCode = value.map { Int($0.rounded()) }
        default: break
        }
    }
}

/// UTC calendar days, as Open-Meteo's `start_date`/`end_date` take them.
enum UTCDay {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    static func start(of date: Date) -> Date {
        calendar.startOfDay(for: date)
    }

    static func string(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

/// The start of a body for an error message: at most 200 characters, on one line.
func snippet(_ body: Data) -> String {
    String(decoding: body.prefix(200), as: UTF8.self)
        .replacingOccurrences(of: "\n", with: " ")
        .trimmingCharacters(in: .whitespaces)
}

/// A decoding error in one readable sentence (the JSON path and what was wrong).
func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return keys.isEmpty ? "" : " at \(keys.joined(separator: "."))"
    }
    switch error {
    case .dataCorrupted(let context):
        return "not valid JSON (malformed or truncated)\(path(context))"
    case .keyNotFound(let key, let context):
        return "missing \"\(key.stringValue)\"\(path(context))"
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
        return "expected \(type)\(path(context))"
    @unknown default:
        return String(describing: error)
    }
}
