import Foundation
import Geodesy

/// Weather by coordinates from MET Norway's Locationforecast 2.0 "compact" product (T14, the
/// failover when Open-Meteo fails): `/weatherapi/locationforecast/2.0/compact?lat=&lon=`.
///
/// MET Norway requires an identifying `User-Agent` (``WeatherConfiguration/userAgent``) and
/// coordinates with at most four decimals. The series starts at the current hour (no history),
/// hourly for about 2.5 days and 6-hourly after. Data: CC BY 4.0 and NLOD 2.0, credit
/// "MET Norway".
public struct METNorwayProvider: WeatherProvider {
    public let name = "MET Norway"
    static let attribution = "Weather data from MET Norway, api.met.no (CC BY 4.0, NLOD 2.0)"

    static let variables: [(name: String, quantity: Quantity)] = [
        ("air_temperature", .temperature), ("air_pressure_at_sea_level", .pressure), ("relative_humidity", .percent),
        ("wind_speed", .speed), ("wind_from_direction", .direction), ("cloud_area_fraction", .percent),
        ("wind_speed_of_gust", .speed),
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
        let response = try await client.get(requestURL(at: coordinate), provider: name)
        guard response.status == 200 else {
            throw .httpStatus(provider: name, status: response.status, detail: snippet(response.body))
        }
        return try Self.parse(response.body, provider: name)
    }

    func requestURL(at coordinate: Coordinate) -> URL {
        configuration.metNorway.url(
            path: "/weatherapi/locationforecast/2.0/compact",
            query: [
                URLQueryItem(name: "lat", value: String(format: "%.4f", coordinate.latitude)),
                URLQueryItem(name: "lon", value: String(format: "%.4f", coordinate.longitude)),
            ])
    }

    private struct Body: Decodable {
        var properties: Properties
    }

    private struct Properties: Decodable {
        var meta: Meta
        var timeseries: [Entry]
    }

    private struct Meta: Decodable {
        var units: [String: String]
    }

    private struct Entry: Decodable {
        var time: String
        var data: EntryData
    }

    private struct EntryData: Decodable {
        var instant: Instant
    }

    private struct Instant: Decodable {
        var details: [String: Double]
    }

    static func parse(_ data: Data, provider: String) throws(WeatherError) -> WeatherSeries {
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: data)
        } catch {
            throw .malformedResponse(provider: provider, detail: describe(error))
        }
        let units = body.properties.meta.units
        var converters: [String: @Sendable (Double) -> Double] = [:]
        for (variable, quantity) in variables {
            guard let unit = units[variable] else { continue }
            guard let convert = quantity.converter(from: unit) else {
                throw .unsupportedUnit(provider: provider, variable: variable, unit: unit)
            }
            converters[variable] = convert
        }
        var points: [WeatherPoint] = []
        for entry in body.properties.timeseries {
            guard let time = try? Date(entry.time, strategy: .iso8601) else {
                throw .malformedResponse(provider: provider, detail: "time \"\(entry.time)\" is not ISO 8601")
            }
            var point = WeatherPoint(time: time)
            for (variable, value) in entry.data.instant.details {
                guard let convert = converters[variable] else {
                    if variables.contains(where: { $0.name == variable }) {
                        throw .malformedResponse(provider: provider, detail: "no unit for \(variable) in meta.units")
                    }
                    continue
                }
                let converted = convert(value)
                switch variable {
                case "air_temperature": point.temperature = converted
                case "air_pressure_at_sea_level": point.pressure = converted
                case "relative_humidity": point.humidity = converted
                case "wind_speed": point.windSpeed = converted
                case "wind_from_direction": point.windDirection = converted
                case "cloud_area_fraction": point.cloudCover = converted
                case "wind_speed_of_gust": point.windGust = converted
                default: break
                }
            }
            points.append(point)
        }
        return WeatherSeries(provider: provider, attribution: attribution, points: points)
    }
}
