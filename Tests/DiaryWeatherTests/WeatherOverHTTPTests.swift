import Almanac
import DiaryStore
import DiaryWeather
import FishingModel
import Foundation
import TestSupport
import Testing
import Weather

/// The weather service over real sockets against a local server that speaks the providers' real
/// formats (T14): failover order, retries, timeouts, malformed bodies, both Kp shapes, the cache
/// offline, and conditions back-filled into the diary when the network returns.
@Suite("Weather over HTTP from a local fixture server", .timeLimit(.minutes(1)))
struct WeatherOverHTTPTests {
    /// 2025-11-29T10:00:00Z, the "now" of the forecast, MET Norway and Kp fixtures.
    static let now = Date(timeIntervalSince1970: 1_764_410_400)
    static let oslo = WeatherPlace.coordinates(latitude: 59.91, longitude: 10.75)

    func service(
        _ server: WeatherFixtureServer, clock: TestClock = TestClock(now), timeout: Duration = .seconds(5),
        attempts: Int = 2, cache: WeatherCache? = nil, resolver: (any PlaceResolver)? = nil
    ) throws -> WeatherService {
        var configuration = try WeatherConfiguration.fromEnvironment(server.environment)
        configuration.timeout = timeout
        configuration.retry = RetryPolicy(maxAttempts: attempts, initialDelay: .milliseconds(20))
        return WeatherService(
            configuration: configuration, cache: cache, transport: URLSessionTransport(), resolver: resolver,
            clock: clock.function)
    }

    @Test(
        "Given every provider healthy, when conditions are asked, then Open-Meteo's current and hourly data, SWPC's Kp and the offline fields arrive"
    )
    func healthy() async throws {
        let server = try WeatherFixtureServer()
        let snapshot = try await service(server).conditions(at: Self.oslo, time: Self.now, budget: .seconds(10)).get()
        await server.stop()
        #expect(snapshot.temperature == 4.2)
        #expect(snapshot.pressure == 1011.5)
        #expect(snapshot.pressureTendency == .falling)
        #expect(snapshot.windSpeed == 4.4)
        #expect(snapshot.kp == 3.67)
        #expect(snapshot.moonPhase == Almanac.moonPhase(at: Self.now))
        #expect(snapshot.source(of: .temperature) == .provider("Open-Meteo"))
        #expect(snapshot.source(of: .kp) == .provider("NOAA SWPC"))
        #expect(snapshot.missingFields.isEmpty)
        #expect(server.count(WeatherFixtureServer.forecastPath) == 1)
        #expect(server.count(WeatherFixtureServer.metNorwayPath) == 0)
    }

    @Test("Given SWPC's older array-of-arrays format, when Kp is asked, then it reads the same value")
    func kpArrays() async throws {
        let server = try WeatherFixtureServer(kpShape: .arrays)
        let snapshot = try await service(server).conditions(at: Self.oslo, time: Self.now, budget: .seconds(10)).get()
        await server.stop()
        #expect(snapshot.kp == 3.67)
    }

    @Test(
        "Given Open-Meteo answering 500, when conditions are asked, then it is retried, then MET Norway answers"
    )
    func failover() async throws {
        let server = try WeatherFixtureServer(mode: .openMeteoFailing)
        let snapshot = try await service(server, attempts: 3).conditions(
            at: Self.oslo, time: Self.now, budget: .seconds(10)
        ).get()
        await server.stop()
        #expect(snapshot.temperature == 4.1)
        #expect(snapshot.source(of: .temperature) == .provider("MET Norway"))
        #expect(server.count(WeatherFixtureServer.forecastPath) == 3)
        #expect(server.count(WeatherFixtureServer.metNorwayPath) == 1)
    }

    @Test(
        "Given Open-Meteo answering 400 with a reason, when conditions are asked, then the reason is reported, nothing is retried, and MET Norway answers"
    )
    func rejected() async throws {
        let server = try WeatherFixtureServer(mode: .openMeteoRejecting)
        let snapshot = try await service(server, attempts: 3).conditions(
            at: Self.oslo, time: Self.now, budget: .seconds(10)
        ).get()
        await server.stop()
        #expect(snapshot.source(of: .temperature) == .provider("MET Norway"))
        #expect(server.count(WeatherFixtureServer.forecastPath) == 1)
        #expect(
            snapshot.warnings.contains { $0.description.contains("Latitude must be in range of -90 to 90") },
            "\(snapshot.warnings)"
        )
    }

    @Test(
        "Given only a place's name, when conditions are asked, then the gazetteer resolves it offline and the server is asked at its coordinates"
    )
    func byPlaceName() async throws {
        let server = try WeatherFixtureServer()
        let snapshot = try await service(server, resolver: GazetteerResolver()).conditions(
            at: .metadata(city: "Oslo", region: nil, country: "NO"), time: Self.now, budget: .seconds(10)
        ).get()
        await server.stop()
        #expect(snapshot.route == .placeMetadata)
        #expect(snapshot.temperature == 4.2)
        #expect(server.count(WeatherFixtureServer.forecastPath) == 1)
    }

    @Test("Given Open-Meteo slower than the timeout, when conditions are asked, then MET Norway answers instead")
    func timeout() async throws {
        let server = try WeatherFixtureServer(mode: .openMeteoSlow(delay: .seconds(6)))
        let snapshot = try await service(server, timeout: .seconds(1), attempts: 1).conditions(
            at: Self.oslo, time: Self.now, budget: .seconds(10)
        ).get()
        await server.stop()
        #expect(snapshot.source(of: .temperature) == .provider("MET Norway"), "\(snapshot.warnings)")
    }

    @Test(
        "Given Open-Meteo sending a truncated body, when conditions are asked, then it is an error, MET Norway answers, and nothing crashes"
    )
    func truncated() async throws {
        let server = try WeatherFixtureServer(mode: .openMeteoTruncated)
        let snapshot = try await service(server).conditions(at: Self.oslo, time: Self.now, budget: .seconds(10)).get()
        await server.stop()
        #expect(snapshot.source(of: .temperature) == .provider("MET Norway"))
        #expect(server.count(WeatherFixtureServer.forecastPath) == 1, "a malformed body is not retried")
    }

    @Test(
        "Given a cached hour, when every provider fails half an hour later, then the cache answers with its age; without a cache only offline fields come"
    )
    func offlineWithAndWithoutCache() async throws {
        let server = try WeatherFixtureServer()
        let clock = TestClock(Self.now)
        let cache = try WeatherCache(path: try temporaryFolder("weather-cache").appendingPathComponent("w.sqlite").path)
        _ = try await service(server, clock: clock, cache: cache).conditions(at: Self.oslo, time: Self.now).get()
        server.mode = .allFailing
        clock.advance(by: 1_800)
        let cached = try await service(server, clock: clock, cache: cache).conditions(
            at: Self.oslo, time: Self.now, budget: .seconds(10)
        ).get()
        #expect(cached.temperature == 4.2)
        #expect(cached.source(of: .temperature) == .cache(age: 1_800, origin: "Open-Meteo"))

        let bare = try await service(server, clock: clock).conditions(
            at: Self.oslo, time: Self.now, budget: .seconds(10)
        ).get()
        await server.stop()
        #expect(bare.temperature == nil)
        #expect(bare.moonPhase != nil)
        #expect(bare.magneticDeclination != nil)
        #expect(!bare.warnings.isEmpty)
    }

    @Test(
        "Given a catch saved while the network is down, when the queue is filled after it returns, then the catch gets its weather and leaves the queue"
    )
    func backFill() async throws {
        let server = try WeatherFixtureServer(mode: .allFailing)
        let clock = TestClock(Self.now)
        let storage = try DeviceStorage(root: try temporaryFolder("weather-backfill"), now: clock.function)
        try storage.addProfile(ProfileDraft(displayName: "Anna"))
        let diary = try storage.openDiary(named: "Anna", pin: nil)
        let spot = try diary.spots.add(
            SpotDraft(name: "Fjord", latitude: 59.91, longitude: 10.75, waterBodyTypeId: "fjord"))
        let trip = try diary.trips.add(
            TripDraft(spotId: spot.id, startAt: Self.now.addingTimeInterval(-3_600), utcOffsetSeconds: 3_600))
        let fish = try diary.catches.add(
            CatchDraft(tripId: trip.id, speciesId: "gadus-morhua", caughtAt: Self.now, utcOffsetSeconds: 3_600))
        let recorder = ConditionsRecorder(service: try service(server, clock: clock))

        let request = try diary.conditions.request(for: .catch, id: fish.id)
        let offline = try #require(await recorder.snapshot(for: request, budget: .seconds(10)))
        try recorder.store(offline, for: request, in: diary)
        #expect(try diary.conditions.stored(for: .catch, id: fish.id)?.complete == false)
        #expect(try diary.conditions.toFill().map(\.entityId).contains(fish.id))

        server.mode = .healthy
        let queued = try diary.conditions.toFill()
        let fetched = await recorder.snapshots(for: queued, budget: .seconds(10))
        let completed = try recorder.store(fetched, for: queued, in: diary)
        await server.stop()
        #expect(completed == 2, "the trip and the catch")
        #expect(try diary.conditions.toFill().isEmpty)
        let stored = try #require(try diary.conditions.stored(for: .catch, id: fish.id))
        #expect(stored.temperatureC == 4.2)
        #expect(stored.kp == 3.67)
        #expect(stored.snapshot?.source(of: .temperature) == .provider("Open-Meteo"))
    }
}

@Suite("Cancelling requests over HTTP", .timeLimit(.minutes(1)))
struct CancellationTests {
    @Test(
        "Given 300 requests cancelled at random moments around their completion, when run, then every one ends (no deadlock)"
    )
    func cancelAnywhere() async throws {
        let server = try WeatherFixtureServer(mode: .openMeteoSlow(delay: .milliseconds(3)))
        let transport = URLSessionTransport()
        var random = SeededRandom(seed: 11)
        var ended = 0
        for _ in 0..<300 {
            let url = URL(string: "\(server.origin)\(WeatherFixtureServer.forecastPath)")!
            let task = Task {
                try? await transport.send(TransportRequest(url: url, headers: [:], timeout: .seconds(5)))
            }
            try await Task.sleep(for: .microseconds(Int(random.next() % 6_000)))
            task.cancel()
            _ = await task.value
            ended += 1
        }
        await server.stop()
        #expect(ended == 300)
    }
}
