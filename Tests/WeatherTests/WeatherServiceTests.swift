import Almanac
import Foundation
import Geodesy
import SQLiteDB
import Testing
import Weather

@Suite("WeatherService: failover, cache, offline and budget")
struct WeatherServiceTests {
    /// For tests about answers, not about budgets: on a busy machine (the whole suite on two
    /// cores) a few seconds of real time can pass before a fake transport's instant answer.
    static let unhurried: Duration = .seconds(300)

    let forecastPath = "/v1/forecast"
    let metPath = "/weatherapi/locationforecast/2.0/compact"
    let kpPath = "/products/noaa-planetary-k-index.json"

    func service(
        _ transport: FakeTransport, cache: WeatherCache? = nil, clock: TestClock = TestClock(Fixture.now),
        resolver: (any PlaceResolver)? = nil
    ) -> WeatherService {
        WeatherService(
            configuration: WeatherConfiguration(), cache: cache, transport: transport, resolver: resolver,
            clock: clock.function, sleep: SleepRecorder().sleep)
    }

    @Test(
        "Given every service answers, when conditions are asked for now by coordinates, then all T14 fields are filled with their sources"
    )
    func allFields() async throws {
        let transport = FakeTransport.standard()
        let snapshot = try await service(transport).conditions(
            at: .coordinates(latitude: 59.91, longitude: 10.75), time: Fixture.now, budget: Self.unhurried
        ).get()

        #expect(snapshot.route == .coordinates)
        #expect(snapshot.temperature == 4.2)
        #expect(snapshot.pressure == 1011.5)
        #expect(isClose(snapshot.pressureChange3h, -1.8, within: 1e-6))
        #expect(snapshot.pressureTendency == .falling)
        #expect(snapshot.windSpeed == 4.4)
        #expect(snapshot.windDirection == 225)
        #expect(snapshot.windCompass == .sw)
        #expect(snapshot.humidity == 83)
        #expect(snapshot.kp == 3.67)
        #expect(snapshot.moonPhase == Almanac.moonPhase(at: Fixture.now))
        #expect(isClose(snapshot.moonIllumination, Almanac.moonIllumination(at: Fixture.now)))
        #expect(
            snapshot.magneticDeclination.map { (3...8).contains($0) } == true,
            "Oslo's declination is a few degrees east")
        #expect(snapshot.magneticTotalIntensity.map { (49_000...54_000).contains($0) } == true)
        let sunrise = try #require(snapshot.sunrise)
        let sunset = try #require(snapshot.sunset)
        #expect(sunrise < Fixture.now && Fixture.now < sunset)
        #expect(snapshot.missingFields.isEmpty)
        #expect(snapshot.source(of: .temperature) == .provider("Open-Meteo"))
        #expect(snapshot.source(of: .pressureChange3h) == .provider("Open-Meteo"))
        #expect(snapshot.source(of: .kp) == .provider("NOAA SWPC"))
        #expect(snapshot.source(of: .moonPhase) == .computed)
        #expect(snapshot.source(of: .magneticDeclination) == .computed)
        #expect(snapshot.attributions.contains { $0.contains("Open-Meteo") && $0.contains("CC BY 4.0") })
        #expect(snapshot.warnings.isEmpty, "\(snapshot.warnings)")
        #expect(await transport.count(metPath) == 0)

        let encoded = try JSONEncoder().encode(snapshot)
        #expect(try JSONDecoder().decode(ConditionsSnapshot.self, from: encoded) == snapshot)
    }

    @Test(
        "Given a catch from last June, when conditions are asked, then the archive answers, the trend is rising, and Kp is missing with a reason and no request"
    )
    func oldCatch() async throws {
        let transport = FakeTransport.standard()
        let june = Fixture.utc(2025, 6, 10, 15)
        let snapshot = try await service(transport).conditions(
            at: WeatherPlace(coordinate: Fixture.oslo), time: june, budget: Self.unhurried
        )
        .get()
        #expect(snapshot.route == .coordinates)
        #expect(snapshot.temperature == 18.0)
        #expect(snapshot.pressureTendency == .rising)
        #expect(snapshot.windCompass == .ese)
        #expect(snapshot.kp == nil)
        #expect(snapshot.warnings.map(\.description) == ["NOAA SWPC has no Kp for that time (it keeps about a month)"])
        #expect(await transport.paths() == ["/v1/archive"])
        let sunrise = try #require(snapshot.sunrise)
        #expect(sunrise < june && june < (snapshot.sunset ?? .distantPast))
    }

    @Test(
        "Given Open-Meteo failing with 5xx, when conditions are asked, then MET Norway answers after Open-Meteo's retries"
    )
    func failoverToMETNorway() async throws {
        let met = try Fixture.data("met-norway-compact.json")
        let kp = try Fixture.data("swpc-kp-objects.json")
        let transport = FakeTransport { request, _ in
            switch request.url.path {
            case "/v1/forecast": .status(502, Data())
            case "/weatherapi/locationforecast/2.0/compact": .ok(met)
            default: .ok(kp)
            }
        }
        let snapshot = try await service(transport).conditions(
            at: WeatherPlace(coordinate: Fixture.oslo), time: Fixture.now
        ).get()

        #expect(snapshot.route == .coordinates)
        #expect(snapshot.temperature == 4.1)
        #expect(snapshot.pressure == 1011.6)
        #expect(snapshot.source(of: .temperature) == .provider("MET Norway"))
        #expect(snapshot.pressureChange3h == nil)
        #expect(snapshot.warnings.contains { $0.kind == .noPressureTrend })
        #expect(snapshot.attributions.contains { $0.contains("MET Norway") })
        let weatherPaths = await transport.paths().filter { $0 != kpPath }
        #expect(weatherPaths == [forecastPath, forecastPath, forecastPath, metPath])
    }

    @Test(
        "Given both coordinate providers failing at the spot, when the place also has a city, then the metadata path answers at the city's coordinates"
    )
    func failoverToMetadata() async throws {
        let forecast = try Fixture.data("open-meteo-forecast.json")
        let kp = try Fixture.data("swpc-kp-objects.json")
        let transport = FakeTransport { request, _ in
            switch request.url.path {
            case "/v1/forecast":
                request.query("latitude") == "59.9100" ? .ok(forecast) : .fail(.failed("connection reset"))
            case "/weatherapi/locationforecast/2.0/compact": .status(403, Data("Forbidden".utf8))
            default: .ok(kp)
            }
        }
        let spot = Coordinate(latitude: 61.2, longitude: 9.8)
        let place = WeatherPlace(coordinate: spot, metadata: PlaceMetadata(city: "Oslo", country: "NO"))
        let snapshot = try await service(transport, resolver: TableResolver(table: ["Oslo": Fixture.oslo]))
            .conditions(at: place, time: Fixture.now, budget: Self.unhurried).get()

        #expect(snapshot.route == .placeMetadata)
        #expect(snapshot.coordinate == spot)
        #expect(snapshot.weatherCoordinate == Fixture.oslo)
        #expect(snapshot.temperature == 4.2)
        let weather = await transport.requests.filter { $0.url.path != kpPath }
        #expect(weather.map(\.url.path) == [forecastPath, metPath, forecastPath])
        #expect(weather.map { $0.query("latitude") ?? $0.query("lat") } == ["61.2000", "61.2000", "59.9100"])
    }

    @Test(
        "Given a place known only by city, region and country, when conditions are asked, then they are computed and fetched at the resolved coordinates"
    )
    func metadataOnly() async throws {
        let transport = FakeTransport.standard()
        let place = WeatherPlace.metadata(city: "Oslo", region: "Oslo", country: "NO")
        let snapshot = try await service(transport, resolver: TableResolver(table: ["Oslo": Fixture.oslo]))
            .conditions(at: place, time: Fixture.now, budget: Self.unhurried).get()
        #expect(snapshot.route == .placeMetadata)
        #expect(snapshot.coordinate == Fixture.oslo)
        #expect(snapshot.temperature == 4.2)
        #expect(snapshot.magneticDeclination != nil)
        #expect(await transport.requests.first { $0.url.path == forecastPath }?.query("latitude") == "59.9100")
    }

    @Test(
        "Given metadata that cannot be resolved and no coordinates, when conditions are asked, then it is an error because nothing can be computed"
    )
    func unresolvedMetadata() async throws {
        let transport = FakeTransport.standard()
        let place = WeatherPlace.metadata(city: "Atlantis", country: "GR")
        let result = await service(transport, resolver: TableResolver(table: [:])).conditions(
            at: place, time: Fixture.now)
        #expect(throws: WeatherError.placeNotResolved(PlaceMetadata(city: "Atlantis", country: "GR"), reason: nil)) {
            try result.get()
        }
        #expect(await transport.requests.isEmpty)
        let noPlace = await service(transport).conditions(
            at: WeatherPlace(coordinate: nil), time: Fixture.now, budget: Self.unhurried)
        #expect(throws: WeatherError.noPlace) { try noPlace.get() }
        let badCoordinate = await service(transport).conditions(
            at: .coordinates(latitude: 91, longitude: 0), time: Fixture.now)
        #expect(throws: WeatherError.invalidCoordinate(latitude: 91, longitude: 0)) { try badCoordinate.get() }
    }

    @Test(
        "Given no network and no cache, when conditions are asked, then the offline fields are filled, the rest nil, and warnings explain"
    )
    func offlineWithoutCache() async throws {
        let transport = FakeTransport { _, _ in .fail(.failed("The Internet connection appears to be offline.")) }
        let snapshot = try await service(transport).conditions(
            at: WeatherPlace(coordinate: Fixture.oslo), time: Fixture.now
        ).get()

        #expect(snapshot.route == .offline)
        #expect(
            snapshot.temperature == nil && snapshot.pressure == nil && snapshot.windSpeed == nil && snapshot.kp == nil)
        #expect(snapshot.moonPhase != nil && snapshot.moonIllumination != nil)
        #expect(snapshot.magneticDeclination != nil && snapshot.magneticTotalIntensity != nil)
        #expect(snapshot.sunrise != nil && snapshot.sunset != nil)
        #expect(
            Set(snapshot.missingFields) == [
                .temperature, .pressure, .pressureChange3h, .windSpeed, .windDirection, .humidity, .kp,
            ])
        #expect(snapshot.warnings.contains { $0.description.contains("Open-Meteo could not be reached") })
        #expect(snapshot.warnings.contains { $0.description.contains("MET Norway could not be reached") })
        #expect(snapshot.warnings.contains { $0.description.contains("NOAA SWPC could not be reached") })
    }

    @Test(
        "Given conditions fetched at 10:00, when asked again at 10:20 for the same hour, then the cache answers without any request"
    )
    func cacheHitWithinTheHour() async throws {
        let transport = FakeTransport.standard()
        let clock = TestClock(Fixture.now)
        let cache = try WeatherCache(path: temporaryCachePath())
        let weather = service(transport, cache: cache, clock: clock)
        let place = WeatherPlace(coordinate: Fixture.oslo)

        let first = try await weather.conditions(at: place, time: Fixture.now, budget: Self.unhurried).get()
        #expect(await transport.requests.count == 2)
        clock.advance(20 * 60)
        let nearby = WeatherPlace(coordinate: Coordinate(latitude: 59.93, longitude: 10.77))
        let second = try await weather.conditions(
            at: nearby, time: Fixture.now.addingTimeInterval(10 * 60), budget: Self.unhurried
        ).get()

        #expect(await transport.requests.count == 2, "no refetch within the hour")
        #expect(second.route == .cache)
        #expect(second.temperature == first.temperature)
        #expect(second.pressureChange3h == first.pressureChange3h)
        #expect(second.kp == 3.67)
        #expect(second.source(of: .temperature) == .cache(age: 1200, origin: "Open-Meteo"))
        #expect(second.source(of: .kp) == .cache(age: 1200, origin: "NOAA SWPC"))
        #expect(second.warnings.isEmpty, "\(second.warnings)")
    }

    @Test(
        "Given an entry for the current hour fetched two hours ago, when asked again with the network up, then it is fetched again"
    )
    func staleEntryIsRefetched() async throws {
        let transport = FakeTransport.standard()
        let clock = TestClock(Fixture.now)
        let weather = service(transport, cache: try WeatherCache(path: temporaryCachePath()), clock: clock)
        let place = WeatherPlace(coordinate: Fixture.oslo)
        let later = Fixture.now.addingTimeInterval(7200)
        _ = await weather.conditions(at: place, time: later, budget: Self.unhurried)
        clock.advance(7200)
        let snapshot = try await weather.conditions(at: place, time: later, budget: Self.unhurried).get()
        #expect(await transport.count(forecastPath) == 2)
        #expect(snapshot.source(of: .temperature) == .provider("Open-Meteo"))
    }

    @Test(
        "Given a morning fetch and no network three hours later, when asked for any fetched hour, then the cache answers marked with its age"
    )
    func offlineWithCache() async throws {
        let path = temporaryCachePath()
        let clock = TestClock(Fixture.now)
        let online = service(FakeTransport.standard(), cache: try WeatherCache(path: path), clock: clock)
        let place = WeatherPlace(coordinate: Fixture.oslo)
        _ = try await online.conditions(at: place, time: Fixture.now, budget: Self.unhurried).get()

        clock.advance(3 * 3600)
        let down = FakeTransport { _, _ in .fail(.failed("offline")) }
        let offline = service(down, cache: try WeatherCache(path: path), clock: clock)
        let same = try await offline.conditions(at: place, time: Fixture.now, budget: Self.unhurried).get()
        #expect(same.route == .cache)
        #expect(same.temperature == 4.2)
        #expect(same.source(of: .temperature) == .cache(age: 3 * 3600, origin: "Open-Meteo"))
        #expect(same.warnings.contains(ConditionsWarning(.fromCache, ["minutes": "180"])))

        let afternoon = Fixture.utc(2025, 11, 29, 13)
        let later = try await offline.conditions(at: place, time: afternoon, budget: Self.unhurried).get()
        #expect(later.route == .cache)
        #expect(later.pressure == 1009.6)
        #expect(isClose(later.pressureChange3h, -1.8, within: 1e-6))
        #expect(later.kp == nil, "SWPC's observed list ended at 09:00-12:00")
        #expect(await down.requests.count > 0)

        let database = try Database(path: path)
        let rows = try database.scalar("SELECT count(*) FROM weather_cache").int64Value
        #expect(rows == 72)
    }

    /// A budget that did not cut the hanging network would hang here; the time limit makes that a failure.
    @Test(
        "Given a network that does not answer, when saving with a 200 ms budget, then the answer comes with offline fields, and completing it later fills the rest",
        .timeLimit(.minutes(1)))
    func budgetAndCompletion() async throws {
        let place = WeatherPlace(coordinate: Fixture.oslo)
        let hanging = service(FakeTransport { _, _ in .hang })
        let quick = try await hanging.conditions(at: place, time: Fixture.now, budget: .milliseconds(200)).get()
        #expect(quick.temperature == nil && quick.kp == nil)
        #expect(quick.moonPhase != nil)
        #expect(quick.warnings.contains(ConditionsWarning(.budgetExpired, ["seconds": "0.2"])))
        #expect(!quick.warnings.contains { $0.description.contains("cancelled") })

        let completed = try await service(FakeTransport.standard()).completing(quick, at: place, budget: Self.unhurried)
            .get()
        #expect(completed.temperature == 4.2)
        #expect(completed.kp == 3.67)
        #expect(completed.route == .coordinates)
        #expect(completed.moonPhase == quick.moonPhase)
        #expect(completed.missingFields.isEmpty)
        #expect(completed.warnings.isEmpty)
    }

    @Test("Given a snapshot that has a value, when it is completed from a newer answer, then the value it had is kept")
    func completionKeepsValues() throws {
        var old = ConditionsSnapshot(time: Fixture.now, coordinate: Fixture.oslo)
        old.temperature = 5
        old.sources["temperature"] = .provider("MET Norway")
        var newer = ConditionsSnapshot(time: Fixture.now, coordinate: Fixture.oslo)
        newer.temperature = 4.2
        newer.humidity = 80
        newer.route = .coordinates
        newer.sources = ["temperature": .provider("Open-Meteo"), "humidity": .provider("Open-Meteo")]
        let merged = old.filling(from: newer)
        #expect(merged.temperature == 5)
        #expect(merged.source(of: .temperature) == .provider("MET Norway"))
        #expect(merged.humidity == 80)
        #expect(merged.source(of: .humidity) == .provider("Open-Meteo"))
        #expect(merged.route == .coordinates)
    }
}
