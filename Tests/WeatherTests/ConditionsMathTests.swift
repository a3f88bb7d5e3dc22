import Foundation
import Geodesy
import Testing

@testable import Weather

@Suite("Pressure trend, tendency, compass and cache keys")
struct ConditionsMathTests {
    func hourly(_ values: [Double], from start: Date = Fixture.utc(2025, 11, 29, 0)) -> [(time: Date, value: Double)] {
        values.enumerated().map { (start.addingTimeInterval(Double($0.offset) * 3600), $0.element) }
    }

    @Test("Given an hourly series, when the change over 3 h is asked on the hour, then it is p(t) − p(t − 3 h)")
    func changeOnTheHour() {
        let samples = hourly([1010, 1010.5, 1011, 1012.4, 1013])
        #expect(isClose(PressureTrend.change3h(samples, at: Fixture.utc(2025, 11, 29, 3)), 2.4, within: 1e-9))
        #expect(isClose(PressureTrend.change3h(samples, at: Fixture.utc(2025, 11, 29, 4)), 2.5, within: 1e-9))
    }

    @Test("Given a time between the hours, when the change is asked, then both ends are interpolated linearly")
    func changeBetweenHours() {
        let samples = hourly([1000, 1001, 1002, 1003, 1005])
        let change = PressureTrend.change3h(samples, at: Fixture.utc(2025, 11, 29, 3, 30))
        #expect(isClose(change, 1004 - 1000.5, within: 1e-9))
    }

    @Test("Given too little history or a gap over 3 h, when the change is asked, then there is none")
    func noChangeWithoutHistory() {
        let samples = hourly([1000, 1001, 1002])
        #expect(PressureTrend.change3h(samples, at: Fixture.utc(2025, 11, 29, 2)) == nil)
        let gappy = [(Fixture.utc(2025, 11, 29, 0), 1000.0), (Fixture.utc(2025, 11, 29, 6), 1004.0)]
        #expect(PressureTrend.change3h(gappy, at: Fixture.utc(2025, 11, 29, 6)) == nil)
        #expect(PressureTrend.change3h([], at: Fixture.now) == nil)
    }

    @Test(
        "Given changes around the 1 hPa/3 h threshold, when the tendency is named, then |Δ| < 1 is steady and ±1 or more is rising or falling"
    )
    func tendencyThresholds() {
        #expect(PressureTendency(change3h: 0) == .steady)
        #expect(PressureTendency(change3h: 0.94) == .steady)
        #expect(PressureTendency(change3h: -0.94) == .steady)
        #expect(PressureTendency(change3h: 0.96) == .rising, "rounded to 0.1 hPa first")
        #expect(PressureTendency(change3h: 1.0) == .rising)
        #expect(
            PressureTendency(change3h: 1013.2 - 1012.2) == .rising, "floating-point noise does not move the threshold")
        #expect(PressureTendency(change3h: -1.0) == .falling)
        #expect(PressureTendency(change3h: -3.4) == .falling)
        #expect(PressureTendency(change3h: 2.7) == .rising)
    }

    @Test("Given bearings, when named, then each of the 16 points covers 22.5° centred on its bearing")
    func compassNames() {
        let cases: [(Double, CompassPoint)] = [
            (0, .n), (11.24, .n), (11.25, .nne), (22.5, .nne), (45, .ne), (67.5, .ene), (90, .e), (112.5, .ese),
            (135, .se), (157.5, .sse), (180, .s), (202.5, .ssw), (225, .sw), (247.5, .wsw), (270, .w),
            (292.5, .wnw), (315, .nw), (337.5, .nnw), (348.74, .nnw), (348.75, .n), (359.9, .n), (360, .n),
            (-22.5, .nnw), (-90, .w), (405, .ne),
        ]
        for (bearing, point) in cases {
            #expect(CompassPoint(degrees: bearing) == point, "\(bearing)°")
        }
        #expect(CompassPoint.allCases.count == 16)
        #expect(CompassPoint.wsw.degrees == 247.5)
        #expect(CompassPoint.sw.rawValue == "SW")
    }

    @Test(
        "Given coordinates and times, when cache keys are made, then coordinates round to 0.1° and times to the nearest UTC hour"
    )
    func cacheKeys() {
        let key = WeatherCache.Key(
            Coordinate(latitude: 59.94, longitude: 10.75), time: Fixture.utc(2025, 11, 29, 10, 29))
        #expect(key.latitudeTenths == 599)
        #expect(key.longitudeTenths == 108)
        #expect(key.hourStart == Fixture.utc(2025, 11, 29, 10))
        #expect(
            WeatherCache.Key(Coordinate(latitude: 59.96, longitude: 10.74), time: Fixture.now).latitudeTenths == 600)
        #expect(
            WeatherCache.Key(Coordinate(latitude: 59.96, longitude: 10.74), time: Fixture.now).longitudeTenths == 107)
        #expect(
            WeatherCache.Key(Fixture.oslo, time: Fixture.utc(2025, 11, 29, 10, 31)).hourStart
                == Fixture.utc(2025, 11, 29, 11))
        #expect(
            WeatherCache.Key(Coordinate(latitude: -33.87, longitude: -151.21), time: Fixture.now).latitudeTenths == -339
        )
        #expect(
            WeatherCache.Key(Coordinate(latitude: -33.87, longitude: -151.21), time: Fixture.now).longitudeTenths
                == -1512)
        #expect(
            WeatherCache.Key(Coordinate(latitude: 0, longitude: 179.97), time: Fixture.now)
                == WeatherCache.Key(Coordinate(latitude: 0, longitude: -180), time: Fixture.now))
    }

    @Test(
        "Given cache entries fetched at various times, when freshness is asked, then only those under an hour old or fetched after their hour passed are fresh"
    )
    func cacheFreshness() {
        let key = WeatherCache.Key(Fixture.oslo, time: Fixture.now)
        let entry = WeatherCache.Entry(point: WeatherPoint(time: Fixture.now), provider: "Open-Meteo", attribution: "")
        let fetchedAtTheHour = WeatherCache.Hit(entry: entry, fetchedAt: Fixture.now)
        #expect(fetchedAtTheHour.isFresh(for: key, now: Fixture.now.addingTimeInterval(3599)))
        #expect(!fetchedAtTheHour.isFresh(for: key, now: Fixture.now.addingTimeInterval(3600)))
        let fetchedNextDay = WeatherCache.Hit(entry: entry, fetchedAt: Fixture.now.addingTimeInterval(86_400))
        #expect(fetchedNextDay.isFresh(for: key, now: Fixture.now.addingTimeInterval(30 * 86_400)))
    }

    @Test("Given a new cache file, when opened twice, then the migration runs once and the table exists")
    func cacheMigration() async throws {
        let path = temporaryCachePath()
        _ = try WeatherCache(path: path)
        let cache = try WeatherCache(path: path)
        let key = WeatherCache.Key(Fixture.oslo, time: Fixture.now)
        let entry = WeatherCache.Entry(point: WeatherPoint(time: Fixture.now), provider: "Open-Meteo", attribution: "a")
        try await cache.store([(key, entry)], fetchedAt: Fixture.now)
        #expect(try await cache.entry(for: key) == WeatherCache.Hit(entry: entry, fetchedAt: Fixture.now))
        #expect(try WeatherCache.migrator.appliedVersion(of: .init(path: path)) == 1)
        #expect(throws: WeatherError.self) { try WeatherCache(path: "/nonexistent-dir/x/weather.sqlite") }
    }
}

@Suite("Configuration")
struct ConfigurationTests {
    @Test(
        "Given all four environment variables, when read, then only scheme, host and port change and the real paths are requested there"
    )
    func environmentOverrides() async throws {
        let configuration = try WeatherConfiguration.fromEnvironment([
            "HOBBYSTORY_OPEN_METEO_URL": "http://127.0.0.1:8081",
            "HOBBYSTORY_OPEN_METEO_ARCHIVE_URL": "http://127.0.0.1:8082/",
            "HOBBYSTORY_MET_NORWAY_URL": "http://localhost:8083",
            "HOBBYSTORY_SWPC_URL": "https://swpc.mirror.example",
            "PATH": "/usr/bin",
        ])
        #expect(configuration.openMeteo == ServiceOrigin(scheme: "http", host: "127.0.0.1", port: 8081))
        #expect(configuration.openMeteoArchive == ServiceOrigin(scheme: "http", host: "127.0.0.1", port: 8082))
        #expect(configuration.metNorway == ServiceOrigin(scheme: "http", host: "localhost", port: 8083))
        #expect(configuration.swpc == ServiceOrigin(scheme: "https", host: "swpc.mirror.example"))
        #expect(configuration.userAgent == WeatherConfiguration.defaultUserAgent)

        let transport = FakeTransport { _, _ in .fail(.failed("offline")) }
        let service = WeatherService(
            configuration: configuration, cache: nil, transport: transport, clock: { Fixture.now },
            sleep: SleepRecorder().sleep)
        _ = await service.conditions(at: WeatherPlace(coordinate: Fixture.oslo), time: Fixture.now)
        _ = await service.conditions(at: WeatherPlace(coordinate: Fixture.oslo), time: Fixture.utc(2025, 6, 10, 15))
        let urls = Set(
            await transport.requests.map { "\($0.url.scheme!)://\($0.url.host!):\($0.url.port ?? 443)\($0.url.path)" })
        #expect(
            urls == [
                "http://127.0.0.1:8081/v1/forecast", "http://127.0.0.1:8082/v1/archive",
                "http://localhost:8083/weatherapi/locationforecast/2.0/compact",
                "https://swpc.mirror.example:443/products/noaa-planetary-k-index.json",
            ])
    }

    @Test("Given no overrides, when read, then the public services are used")
    func environmentDefaults() throws {
        let configuration = try WeatherConfiguration.fromEnvironment([:])
        #expect(configuration == WeatherConfiguration())
        #expect(configuration.openMeteo.description == "https://api.open-meteo.com")
        #expect(configuration.metNorway.description == "https://api.met.no")
        #expect(configuration.swpc.description == "https://services.swpc.noaa.gov")
    }

    @Test("Given an override with a path, another scheme or no host, when read, then it is refused naming the variable")
    func environmentRejects() {
        for value in ["http://127.0.0.1:8081/v1", "ftp://mirror.example", "127.0.0.1:8081", "http://", "http://h?x=1"] {
            #expect(throws: WeatherError.self, "\(value)") {
                try WeatherConfiguration.fromEnvironment(["HOBBYSTORY_MET_NORWAY_URL": value])
            }
        }
        do {
            _ = try WeatherConfiguration.fromEnvironment(["HOBBYSTORY_SWPC_URL": "http://x/products"])
            Issue.record("a path was accepted")
        } catch {
            #expect(error.description.hasPrefix("HOBBYSTORY_SWPC_URL=\"http://x/products\" is not usable"))
        }
    }

    @Test(
        "Given a commercial Open-Meteo key, when requests are made, then they go to the customer- hosts with apikey; overridden origins are kept"
    )
    func commercialKey() async throws {
        let configuration = WeatherConfiguration().withOpenMeteoAPIKey("secret-key")
        #expect(configuration.openMeteo.host == "customer-api.open-meteo.com")
        #expect(configuration.openMeteoArchive.host == "customer-archive-api.open-meteo.com")
        #expect(configuration.metNorway.host == "api.met.no")
        #expect(configuration.withOpenMeteoAPIKey("k").openMeteo.host == "customer-api.open-meteo.com")

        let transport = FakeTransport.standard()
        _ = try await OpenMeteoProvider(configuration: configuration, transport: transport)
            .series(at: Fixture.oslo, around: Fixture.now, now: Fixture.now)
        let request = try #require(await transport.requests.first)
        #expect(request.url.host == "customer-api.open-meteo.com")
        #expect(request.query("apikey") == "secret-key")

        let local = try WeatherConfiguration.fromEnvironment(["HOBBYSTORY_OPEN_METEO_URL": "http://127.0.0.1:9000"])
            .withOpenMeteoAPIKey("k")
        #expect(local.openMeteo.host == "127.0.0.1")
    }
}
