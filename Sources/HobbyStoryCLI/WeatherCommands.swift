import DiaryServices
import DiaryStore
import DiaryWeather
import Dispatch
import FishingModel
import Foundation
import Geodesy
import Synchronization
import Weather

extension HobbyStoryCLI {
    /// `weather` (conditions at a point or a named place) and `weather refresh` (fill the
    /// conditions queued while offline) — T14.
    static let weatherCommands: [Command] = [
        Command(name: "weather", spec: OptionSpec(values: ["lat", "lon", "city", "region", "country", "at"])) { c in
            let place: WeatherPlace
            if let city = c.text("city") {
                place = .metadata(city: city, region: c.text("region"), country: c.text("country"))
            } else {
                let point = try c.coordinate()
                place = WeatherPlace(coordinate: point)
            }
            let time = c.time("at", field: "at")?.date ?? c.cli.now()
            try c.throwIfInvalid("query", [])
            let service = try c.weatherService()
            let result = waitFor { await service.conditions(at: place, time: time, budget: .seconds(15)) }
            switch result {
            case .success(let snapshot): c.output(weatherJSON(snapshot), text: weatherText(snapshot))
            case .failure(let error): throw StoreError.notFound(entity: "place", id: "\(error)")
            }
        },
        Command(name: "weather refresh", spec: OptionSpec(values: ["limit"])) { c in
            let limit = c.integer("limit", field: "limit") ?? 100
            try c.throwIfInvalid("query", [])
            let service = try c.conditionsService()
            let fill = try c.waitForSync { try await service.fillQueued(limit: limit, budget: .seconds(10)) }
            c.output(
                .object(["filled": .integer(Int64(fill.filled)), "pending": .integer(Int64(fill.pending))]),
                text:
                    "Filled the conditions of \(fill.filled) trip(s) and catch(es); \(fill.pending) still wait for the network."
            )
        },
    ]

    /// The documented weather JSON: figures in SI units, times in UTC, provenance per field.
    static func weatherJSON(_ s: ConditionsSnapshot) -> JSONValue {
        let utc: (Date?) -> JSONValue = { JSONValue($0.map { DiaryTime.iso8601($0, utcOffsetSeconds: 0) }) }
        return .object([
            "temperatureC": JSONValue(s.temperature), "pressureHpa": JSONValue(s.pressure),
            "pressureTrendHpaPer3h": JSONValue(s.pressureChange3h),
            "pressureTendency": JSONValue(s.pressureTendency?.rawValue),
            "windSpeedMs": JSONValue(s.windSpeed), "windDirectionDeg": JSONValue(s.windDirection),
            "windCompass": JSONValue(s.windCompass?.rawValue), "humidityPercent": JSONValue(s.humidity),
            "kp": JSONValue(s.kp),
            "magneticDeclination": JSONValue(s.magneticDeclination),
            "magneticTotalIntensityNt": JSONValue(s.magneticTotalIntensity),
            "moonPhase": JSONValue(s.moonPhase?.rawValue),
            "moonIllumination": JSONValue(s.moonIllumination), "sunrise": utc(s.sunrise), "sunset": utc(s.sunset),
            "observedAt": utc(s.weatherTime ?? s.time),
            "source": .object(
                Dictionary(
                    uniqueKeysWithValues: sourceKeys.compactMap { key, field in
                        s.source(of: field).map { (key, JSONValue.string($0.description)) }
                    })),
            "warnings": .array(s.warnings.map { .string($0.description) }),
        ])
    }

    /// Each documented JSON key with the snapshot field whose provenance it reports.
    static let sourceKeys: [String: ConditionsField] = [
        "temperatureC": .temperature, "pressureHpa": .pressure, "pressureTrendHpaPer3h": .pressureChange3h,
        "pressureTendency": .pressureChange3h, "windSpeedMs": .windSpeed, "windDirectionDeg": .windDirection,
        "windCompass": .windDirection, "humidityPercent": .humidity, "kp": .kp,
        "magneticDeclination": .magneticDeclination, "magneticTotalIntensityNt": .magneticTotalIntensity,
        "moonPhase": .moonPhase, "moonIllumination": .moonIllumination, "sunrise": .sunrise, "sunset": .sunset,
    ]

    static func weatherText(_ s: ConditionsSnapshot) -> String {
        let number: (Double?, String) -> String = { value, unit in
            value.map { String(format: "%.1f %@", $0, unit) } ?? "—"
        }
        var lines = [
            "temperature \(number(s.temperature, "°C")), pressure \(number(s.pressure, "hPa")) \(s.pressureTendency?.rawValue ?? ""), wind \(number(s.windSpeed, "m/s")) \(s.windCompass?.rawValue ?? ""), humidity \(number(s.humidity, "%")), Kp \(s.kp.map { String(format: "%.1f", $0) } ?? "—")",
            "moon \(s.moonPhase?.rawValue ?? "—"), declination \(number(s.magneticDeclination, "°"))",
        ]
        lines += s.warnings.map { "warning: \($0)" }
        return lines.joined(separator: "\n")
    }
}

extension CommandContext {
    /// The weather service: origins from the environment, the device cache, the gazetteer for
    /// named places, and no network at all with `HOBBYSTORY_OFFLINE=1`.
    func weatherService() throws -> WeatherService {
        let storage = try storage()
        let configuration = try WeatherConfiguration.fromEnvironment(cli.environment)
        let cache = try WeatherCache(path: storage.root.appendingPathComponent("weather.sqlite").path)
        let transport: any HTTPTransport =
            cli.environment["HOBBYSTORY_OFFLINE"] == "1" ? OfflineTransport() : URLSessionTransport()
        return WeatherService(
            configuration: configuration, cache: cache, transport: transport, resolver: GazetteerResolver(),
            clock: cli.now)
    }

    func conditionsService() throws -> ConditionsService {
        ConditionsService(diary: try diaryQueue(), weather: try weatherService())
    }

    /// Records the conditions of a newly saved trip or catch, after it is committed; a short
    /// budget keeps the command quick offline, and what is missing stays queued.
    func recordConditions(_ type: RecordKind, _ id: UUID) throws {
        let service = try conditionsService()
        _ = try waitForSync { try await service.recordConditions(of: type, id) }
    }

    /// The stored conditions of a trip or catch in the weather JSON shape, or null.
    func conditionsJSON(_ type: RecordKind, _ id: UUID) -> JSONValue {
        guard let snapshot = (try? diary().conditions.stored(for: type, id: id))??.snapshot else { return .null }
        return HobbyStoryCLI.weatherJSON(snapshot)
    }
}

/// Runs async work to completion from the CLI's synchronous commands.
func waitFor<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await operation()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}
