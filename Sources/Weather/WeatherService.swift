import Diagnostics
import Foundation
import Geodesy

/// The single entry point for T14: the conditions at a place and time, from the internet by
/// coordinates, by the place's metadata when that fails, from the device cache when offline,
/// and always with the fields the device computes itself.
///
/// Order: Open-Meteo, then MET Norway, at the place's coordinates; then both again at the
/// coordinates resolved from the place's metadata (city, region, country) when they fall in
/// another 0.1° cell. Kp comes from NOAA SWPC in parallel. A fresh cache entry (see
/// ``WeatherCache``) is used without any request.
///
/// "Saving never waits on the network": every request runs within the caller's `budget`; what
/// has not arrived by then is left `nil` with a warning, and
/// ``completing(_:at:budget:)`` fills it later.
public struct WeatherService: Sendable {
    /// The credits the providers' terms require, for the app's About screen.
    public static let dataAttributions = [
        OpenMeteoProvider.attribution, METNorwayProvider.attribution, SWPCKpProvider.attribution,
    ]

    private let providers: [any WeatherProvider]
    private let kpProvider: any KpIndexProvider
    private let cache: WeatherCache?
    private let resolver: (any PlaceResolver)?
    /// The current time as the service sees it (the device clock, or a test's).
    public let clock: @Sendable () -> Date
    private let logger = Logger(category: "weather")

    /// - Parameters:
    ///   - cache: the device cache; `nil` to work without one.
    ///   - transport: how requests are sent (the live `URLSession` transport by default).
    ///   - resolver: turns place metadata into coordinates; without it the metadata path fails.
    ///   - clock: the current time (tests move it).
    ///   - sleep: waits between retries (tests pass one that does not sleep).
    public init(
        configuration: WeatherConfiguration = WeatherConfiguration(),
        cache: WeatherCache?,
        transport: any HTTPTransport = URLSessionTransport(),
        resolver: (any PlaceResolver)? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.providers = [
            OpenMeteoProvider(configuration: configuration, transport: transport, sleep: sleep),
            METNorwayProvider(configuration: configuration, transport: transport, sleep: sleep),
        ]
        self.kpProvider = SWPCKpProvider(configuration: configuration, transport: transport, sleep: sleep)
        self.cache = cache
        self.resolver = resolver
        self.clock = clock
    }

    /// The conditions at `place` at `time`, waiting at most about `budget` for the network.
    ///
    /// Never fails because of the network: when every provider fails and nothing is cached, the
    /// offline fields are filled, the rest are `nil` and ``ConditionsSnapshot/warnings`` says
    /// why. Fails only when the place has no usable coordinates and its metadata cannot be
    /// resolved (nothing at all can be computed).
    public func conditions(at place: WeatherPlace, time: Date, budget: Duration = .seconds(3)) async -> ConditionsResult
    {
        let now = clock()
        let base: Coordinate
        if let coordinate = place.coordinate {
            guard coordinate.isValid else {
                return .failure(.invalidCoordinate(latitude: coordinate.latitude, longitude: coordinate.longitude))
            }
            base = coordinate
        } else if let metadata = place.metadata {
            switch await resolve(metadata) {
            case .success(let coordinate): base = coordinate
            case .failure(let error): return .failure(error)
            }
        } else {
            return .failure(.noPlace)
        }

        var snapshot = ConditionsSnapshot(time: time, coordinate: base)
        OfflineConditions.fill(&snapshot)

        let key = WeatherCache.Key(base, time: time)
        var hit: WeatherCache.Hit?
        if let cache {
            do throws(WeatherError) {
                hit = try await cache.entry(for: key)
            } catch {
                logger.capture(error)
                snapshot.warnings.append(ConditionsWarning(.cacheUnreadable, detail: error.description))
            }
        }
        let fresh = hit?.isFresh(for: key, now: now) ?? false
        let online = await fetchOnline(
            place: place, base: base, time: time, now: now,
            needWeather: !fresh, needKp: !(fresh && hit?.entry.kp != nil), budget: budget)

        if online.budgetExpired {
            snapshot.warnings.append(
                ConditionsWarning(.budgetExpired, ["seconds": String(format: "%.1f", budget.timeInterval)]))
        }
        await applyWeather(online, hit: hit, key: key, now: now, to: &snapshot)
        await applyKp(online, hit: hit, key: key, now: now, to: &snapshot)
        return .success(snapshot)
    }

    /// `snapshot` with its missing fields filled from a new request for the same place and
    /// time (values it already has are kept).
    public func completing(_ snapshot: ConditionsSnapshot, at place: WeatherPlace, budget: Duration = .seconds(3)) async
        -> ConditionsResult
    {
        await conditions(at: place, time: snapshot.time, budget: budget).map { snapshot.filling(from: $0) }
    }

    // MARK: Fetching

    /// Weather that a provider gave for the requested time.
    private struct WeatherFetch: Sendable {
        var series: WeatherSeries
        var observation: WeatherObservation
        var route: WeatherRoute
        var coordinate: Coordinate
    }

    private struct Online: Sendable {
        var weather: WeatherFetch?
        var weatherFailures: [WeatherError] = []
        var kp: [KpReading]?
        var kpFailure: WeatherError?
        var budgetExpired = false
    }

    private enum Part: Sendable {
        case weather(WeatherFetch?, [WeatherError])
        case kp([KpReading]?, WeatherError?)
        case deadline
        case timerStopped
    }

    private func fetchOnline(
        place: WeatherPlace, base: Coordinate, time: Date, now: Date, needWeather: Bool, needKp: Bool, budget: Duration
    ) async -> Online {
        var online = Online()
        guard needWeather || needKp else { return online }
        return await withTaskGroup(of: Part.self) { group in
            var pending = 0
            if needWeather {
                pending += 1
                group.addTask { await self.fetchWeather(place: place, base: base, time: time, now: now) }
            }
            if needKp {
                pending += 1
                group.addTask { await self.fetchKp(time: time, now: now) }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: budget)
                    return .deadline
                } catch {
                    return .timerStopped
                }
            }
            while pending > 0, let part = await group.next() {
                switch part {
                case .weather(let fetch, let failures):
                    pending -= 1
                    online.weather = fetch
                    online.weatherFailures = failures
                case .kp(let readings, let failure):
                    pending -= 1
                    online.kp = readings
                    online.kpFailure = failure
                case .deadline:
                    online.budgetExpired = true
                    group.cancelAll()
                case .timerStopped:
                    break
                }
            }
            group.cancelAll()
            return online
        }
    }

    private func fetchWeather(place: WeatherPlace, base: Coordinate, time: Date, now: Date) async -> Part {
        var failures: [WeatherError] = []
        let route: WeatherRoute = place.coordinate == nil ? .placeMetadata : .coordinates
        if let fetch = await tryProviders(at: base, route: route, time: time, now: now, failures: &failures) {
            return .weather(fetch, failures)
        }
        guard place.coordinate != nil, let metadata = place.metadata, !Task.isCancelled else {
            return .weather(nil, failures)
        }
        switch await resolve(metadata) {
        case .success(let resolved):
            let cell = WeatherCache.Key(resolved, time: time)
            let original = WeatherCache.Key(base, time: time)
            if cell != original,
                let fetch = await tryProviders(
                    at: resolved, route: .placeMetadata, time: time, now: now, failures: &failures)
            {
                return .weather(fetch, failures)
            }
        case .failure(let error):
            failures.append(error)
        }
        return .weather(nil, failures)
    }

    private func tryProviders(
        at coordinate: Coordinate, route: WeatherRoute, time: Date, now: Date, failures: inout [WeatherError]
    ) async -> WeatherFetch? {
        for provider in providers {
            if Task.isCancelled { return nil }
            do throws(WeatherError) {
                let series = try await provider.series(at: coordinate, around: time, now: now)
                guard let observation = series.observation(at: time) else {
                    failures.append(.noData(provider: provider.name, time: time))
                    continue
                }
                return WeatherFetch(series: series, observation: observation, route: route, coordinate: coordinate)
            } catch {
                if error != .cancelled {
                    logger.warning("weather provider failed", ["provider": provider.name, "error": error.description])
                }
                failures.append(error)
            }
        }
        return nil
    }

    private func fetchKp(time: Date, now: Date) async -> Part {
        do throws(WeatherError) {
            return .kp(try await kpProvider.readings(around: time, now: now), nil)
        } catch {
            if error != .cancelled {
                logger.warning("Kp provider failed", ["provider": kpProvider.name, "error": error.description])
            }
            return .kp(nil, error)
        }
    }

    private func resolve(_ metadata: PlaceMetadata) async -> Result<Coordinate, WeatherError> {
        guard !metadata.isEmpty else { return .failure(.noPlace) }
        guard let resolver else {
            return .failure(.placeNotResolved(metadata, reason: "no place-name resolver is installed"))
        }
        do {
            guard let coordinate = try await resolver.coordinate(for: metadata) else {
                return .failure(.placeNotResolved(metadata, reason: nil))
            }
            guard coordinate.isValid else {
                return .failure(
                    .placeNotResolved(metadata, reason: "the resolver answered invalid coordinates \(coordinate)"))
            }
            return .success(coordinate)
        } catch {
            return .failure(.placeNotResolved(metadata, reason: String(describing: error)))
        }
    }

    // MARK: Merging

    private func applyWeather(
        _ online: Online, hit: WeatherCache.Hit?, key: WeatherCache.Key, now: Date,
        to snapshot: inout ConditionsSnapshot
    ) async {
        let failures = online.weatherFailures.filter { $0 != .cancelled }
        if let fetch = online.weather {
            let observation = fetch.observation
            let series = fetch.series
            Self.apply(
                observation.point, change: observation.pressureChange3h, source: .provider(series.provider),
                to: &snapshot)
            snapshot.route = fetch.route
            snapshot.weatherCoordinate = fetch.coordinate
            snapshot.attributions.append(series.attribution)
            snapshot.warnings += failures.map { .failed($0, instead: series.provider) }
            if fetch.route == .placeMetadata, fetch.coordinate != snapshot.coordinate {
                snapshot.warnings.append(ConditionsWarning(.placeFromDetails, detail: "at \(fetch.coordinate)"))
            }
            if observation.distance > WeatherSeries.closeDistance {
                snapshot.warnings.append(
                    ConditionsWarning(
                        .valuesAway,
                        ["provider": series.provider, "minutes": String(Int(observation.distance / 60))]))
            }
            if observation.pressureChange3h == nil {
                snapshot.warnings.append(ConditionsWarning(.noPressureTrend, ["provider": series.provider]))
            }
            await store(fetch, kp: online.kp, requested: key, now: now)
        } else if let hit {
            let age = now.timeIntervalSince(hit.fetchedAt)
            let entry = hit.entry
            Self.apply(
                entry.point, change: entry.pressureChange3h, source: .cache(age: age, origin: entry.provider),
                to: &snapshot)
            snapshot.route = .cache
            snapshot.weatherCoordinate = snapshot.coordinate
            snapshot.attributions.append(entry.attribution)
            if !failures.isEmpty || online.budgetExpired {
                snapshot.warnings.append(ConditionsWarning(.fromCache, ["minutes": String(Int(age / 60))]))
            }
        } else if failures.isEmpty && !online.budgetExpired {
            snapshot.warnings.append(ConditionsWarning(.noWeather, detail: WeatherError.cancelled.description))
        }
        if online.weather == nil {
            snapshot.warnings += failures.map { .failed($0) }
        }
    }

    private func applyKp(
        _ online: Online, hit: WeatherCache.Hit?, key: WeatherCache.Key, now: Date,
        to snapshot: inout ConditionsSnapshot
    ) async {
        let time = snapshot.time
        if let reading = online.kp?.reading(at: time) {
            snapshot.kp = reading.kp
            snapshot.sources[ConditionsField.kp.rawValue] = .provider(kpProvider.name)
            snapshot.attributions.append(SWPCKpProvider.attribution)
            if reading.status != .observed {
                snapshot.warnings.append(ConditionsWarning(reading.status == .predicted ? .kpForecast : .kpEstimate))
            }
            if online.weather == nil, var hit {
                hit.entry.kp = reading
                hit.entry.kpProvider = kpProvider.name
                await storeEntries([(key, hit.entry)], fetchedAt: hit.fetchedAt)
            }
        } else if let cached = hit?.entry.kp, let hit, cached.covers(time) {
            snapshot.kp = cached.kp
            snapshot.sources[ConditionsField.kp.rawValue] = .cache(
                age: now.timeIntervalSince(hit.fetchedAt), origin: hit.entry.kpProvider ?? kpProvider.name)
            snapshot.attributions.append(SWPCKpProvider.attribution)
        } else if let failure = online.kpFailure, failure != .cancelled {
            snapshot.warnings.append(.failed(failure, kind: .kpFailed))
        } else if online.kp != nil {
            snapshot.warnings.append(ConditionsWarning(.kpNotKept, ["provider": kpProvider.name]))
        }
    }

    private static func apply(
        _ point: WeatherPoint, change: Double?, source: FieldSource, to snapshot: inout ConditionsSnapshot
    ) {
        snapshot.weatherTime = point.time
        let values: [(ConditionsField, Double?)] = [
            (.temperature, point.temperature), (.pressure, point.pressure), (.surfacePressure, point.surfacePressure),
            (.pressureChange3h, change), (.windSpeed, point.windSpeed), (.windGust, point.windGust),
            (.windDirection, point.windDirection), (.humidity, point.humidity), (.cloudCover, point.cloudCover),
            (.precipitation, point.precipitation), (.weatherCode, point.weatherCode.map(Double.init)),
        ]
        for (field, value) in values where value != nil {
            snapshot.sources[field.rawValue] = source
        }
        snapshot.temperature = point.temperature
        snapshot.pressure = point.pressure
        snapshot.surfacePressure = point.surfacePressure
        snapshot.pressureChange3h = change
        snapshot.windSpeed = point.windSpeed
        snapshot.windGust = point.windGust
        snapshot.windDirection = point.windDirection
        snapshot.humidity = point.humidity
        snapshot.cloudCover = point.cloudCover
        snapshot.precipitation = point.precipitation
        snapshot.weatherCode = point.weatherCode
    }

    /// Caches every non-empty hour of the series (each with its own pressure change and Kp)
    /// and, for the requested hour, the observation actually used.
    private func store(_ fetch: WeatherFetch, kp: [KpReading]?, requested: WeatherCache.Key, now: Date) async {
        let series = fetch.series
        let samples = series.pressureSamples
        func entry(_ point: WeatherPoint, change: Double?, at time: Date) -> WeatherCache.Entry {
            let reading = kp?.reading(at: time)
            return WeatherCache.Entry(
                point: point, pressureChange3h: change, provider: series.provider, attribution: series.attribution,
                kp: reading, kpProvider: reading == nil ? nil : kpProvider.name)
        }
        var entries = series.points.filter { !$0.isEmpty }.map { point in
            (
                key: WeatherCache.Key(fetch.coordinate, time: point.time),
                entry: entry(point, change: PressureTrend.change3h(samples, at: point.time), at: point.time)
            )
        }
        let requestedKey = WeatherCache.Key(fetch.coordinate, time: fetch.observation.requestedTime)
        entries.removeAll { $0.key == requestedKey }
        entries.append(
            (
                key: requestedKey,
                entry: entry(
                    fetch.observation.point, change: fetch.observation.pressureChange3h,
                    at: fetch.observation.requestedTime)
            ))
        await storeEntries(entries, fetchedAt: now)
    }

    private func storeEntries(_ entries: [(key: WeatherCache.Key, entry: WeatherCache.Entry)], fetchedAt: Date) async {
        guard let cache else { return }
        do throws(WeatherError) {
            try await cache.store(entries, fetchedAt: fetchedAt)
        } catch {
            logger.capture(error)
        }
    }
}
