import Foundation
import Geodesy
import Testing

@testable import Weather

@Suite("Provider formats")
struct ProviderParsingTests {
    let configuration = WeatherConfiguration()

    @Test(
        "Given the Open-Meteo forecast fixture, when the series is fetched for now, then current and hourly values are read in snapshot units"
    )
    func openMeteoForecast() async throws {
        let transport = FakeTransport.standard()
        let provider = OpenMeteoProvider(configuration: configuration, transport: transport)
        let series = try await provider.series(at: Fixture.oslo, around: Fixture.now, now: Fixture.now)

        #expect(series.points.count == 72)
        #expect(series.points.first?.time == Fixture.utc(2025, 11, 28, 0))
        let current = try #require(series.current)
        #expect(current.time == Fixture.now)
        #expect(current.temperature == 4.2)
        #expect(current.pressure == 1011.5)
        #expect(current.surfacePressure == 1010.3)
        #expect(current.windSpeed == 4.4)
        #expect(current.windDirection == 225)
        #expect(current.weatherCode == 61)

        let noon = try #require(series.points.first { $0.time == Fixture.utc(2025, 11, 28, 12) })
        #expect(noon.temperature == 3.7)
        #expect(noon.pressure == 1015.0)
        #expect(noon.windSpeed == 3.6)
        #expect(noon.windDirection == 236)
        #expect(noon.humidity == 85)

        let observation = try #require(series.observation(at: Fixture.now))
        #expect(observation.point.temperature == 4.2, "current conditions win within 30 min")
        #expect(isClose(observation.pressureChange3h, -1.8, within: 1e-6))
    }

    @Test(
        "Given a time within the forecast's past days, when the URL is built, then it asks the forecast for current and hourly variables in m/s, GMT and unix time"
    )
    func openMeteoForecastRequest() async throws {
        let transport = FakeTransport.standard()
        let provider = OpenMeteoProvider(configuration: configuration, transport: transport)
        _ = try await provider.series(at: Fixture.oslo, around: Fixture.now, now: Fixture.now)

        let request = try #require(await transport.requests.first)
        #expect(request.url.host == "api.open-meteo.com")
        #expect(request.url.path == "/v1/forecast")
        let variables =
            "temperature_2m,relative_humidity_2m,surface_pressure,pressure_msl,wind_speed_10m,wind_direction_10m,wind_gusts_10m,cloud_cover,precipitation,weather_code"
        #expect(request.query("current") == variables)
        #expect(request.query("hourly") == variables)
        #expect(request.query("latitude") == "59.9100")
        #expect(request.query("longitude") == "10.7500")
        #expect(request.query("wind_speed_unit") == "ms")
        #expect(request.query("timezone") == "GMT")
        #expect(request.query("timeformat") == "unixtime")
        #expect(request.query("past_days") == "7")
        #expect(request.query("forecast_days") == "3")
        #expect(request.query("apikey") == nil)
        #expect(request.headers["User-Agent"] == "HobbyStory/0.1 (+contact)")
    }

    @Test(
        "Given a June catch asked in November, when the series is fetched, then the archive is asked for that UTC day and its values are read"
    )
    func openMeteoArchive() async throws {
        let transport = FakeTransport.standard()
        let provider = OpenMeteoProvider(configuration: configuration, transport: transport)
        let time = Fixture.utc(2025, 6, 10, 15)
        let series = try await provider.series(at: Fixture.oslo, around: time, now: Fixture.now)

        let request = try #require(await transport.requests.first)
        #expect(request.url.host == "archive-api.open-meteo.com")
        #expect(request.url.path == "/v1/archive")
        #expect(request.query("start_date") == "2025-06-10")
        #expect(request.query("end_date") == "2025-06-10")
        #expect(request.query("current") == nil)
        #expect(request.query("past_days") == nil)
        #expect(series.current == nil)

        let observation = try #require(series.observation(at: time))
        #expect(observation.point.temperature == 18.0)
        #expect(observation.point.pressure == 1014.0)
        #expect(observation.point.humidity == 55)
        #expect(observation.point.windSpeed == 3.2)
        #expect(observation.point.windDirection == 115)
        #expect(isClose(observation.pressureChange3h, 1.2, within: 1e-6))
    }

    @Test(
        "Given archive hours not yet published (null), when the last hour is asked, then the nearest published hour is used and the nulls are nil"
    )
    func openMeteoArchiveNulls() throws {
        let series = try OpenMeteoProvider.parse(
            TransportResponse(status: 200, body: try Fixture.data("open-meteo-archive.json")), provider: "Open-Meteo")
        let last = try #require(series.points.last)
        #expect(last.temperature == nil && last.pressure == nil && last.weatherCode == nil)
        let observation = try #require(series.observation(at: Fixture.utc(2025, 6, 10, 23)))
        #expect(observation.point.time == Fixture.utc(2025, 6, 10, 21))
        #expect(observation.distance == 7200)
    }

    @Test(
        "Given the MET Norway compact fixture, when the series is fetched, then instant details are read and the User-Agent identifies the app"
    )
    func metNorway() async throws {
        let transport = FakeTransport.standard()
        let provider = METNorwayProvider(configuration: configuration, transport: transport)
        let series = try await provider.series(
            at: Coordinate(latitude: 59.912345, longitude: 10.754321), around: Fixture.now, now: Fixture.now)

        let request = try #require(await transport.requests.first)
        #expect(
            request.url.absoluteString
                == "https://api.met.no/weatherapi/locationforecast/2.0/compact?lat=59.9123&lon=10.7543")
        #expect(request.headers["User-Agent"] == "HobbyStory/0.1 (+contact)")

        #expect(series.points.count == 53)
        let first = try #require(series.observation(at: Fixture.now))
        #expect(first.point.temperature == 4.1)
        #expect(first.point.pressure == 1011.6)
        #expect(first.point.humidity == 88.2)
        #expect(first.point.windSpeed == 3.9)
        #expect(first.point.windDirection == 218.3)
        #expect(first.point.cloudCover == 96.9)
        #expect(first.pressureChange3h == nil, "the compact product has no history")

        let later = try #require(series.observation(at: Fixture.utc(2025, 11, 29, 15)))
        #expect(isClose(later.pressureChange3h, -0.9, within: 1e-6))
    }

    @Test("Given SWPC's array of objects, when it is parsed, then every three-hour Kp is read as observed")
    func kpObjects() throws {
        let readings = try SWPCKpProvider.parse(try Fixture.data("swpc-kp-objects.json"), provider: "NOAA SWPC")
        #expect(readings.count == 28)
        #expect(readings.first == KpReading(start: Fixture.utc(2025, 11, 26, 0), kp: 0.67, status: .observed))
        #expect(
            readings.reading(at: Fixture.now)
                == KpReading(start: Fixture.utc(2025, 11, 29, 9), kp: 3.67, status: .observed))
    }

    @Test(
        "Given SWPC's older array of arrays with a header row, when it is parsed, then it gives the same readings as the objects"
    )
    func kpArrays() throws {
        let arrays = try SWPCKpProvider.parse(try Fixture.data("swpc-kp-arrays.json"), provider: "NOAA SWPC")
        let objects = try SWPCKpProvider.parse(try Fixture.data("swpc-kp-objects.json"), provider: "NOAA SWPC")
        #expect(arrays.count == 28)
        #expect(arrays == objects)
    }

    @Test(
        "Given the 3-day forecast in both shapes, when parsed, then observed, estimated and predicted values are told apart"
    )
    func kpForecast() throws {
        let objects = try SWPCKpProvider.parse(try Fixture.data("swpc-kp-forecast-objects.json"), provider: "NOAA SWPC")
        let arrays = try SWPCKpProvider.parse(try Fixture.data("swpc-kp-forecast-arrays.json"), provider: "NOAA SWPC")
        #expect(objects == arrays)
        #expect(objects.reading(at: Fixture.utc(2025, 11, 29, 7))?.status == .observed)
        #expect(objects.reading(at: Fixture.utc(2025, 11, 29, 10))?.status == .estimated)
        #expect(
            objects.reading(at: Fixture.utc(2025, 11, 30, 13))
                == KpReading(start: Fixture.utc(2025, 11, 30, 12), kp: 4.33, status: .predicted))
    }

    @Test("Given a future time, when Kp is fetched, then only the forecast product is asked")
    func kpFutureAsksForecast() async throws {
        let transport = FakeTransport.standard()
        let provider = SWPCKpProvider(configuration: configuration, transport: transport)
        let readings = try await provider.readings(around: Fixture.utc(2025, 11, 30, 13), now: Fixture.now)
        #expect(readings.reading(at: Fixture.utc(2025, 11, 30, 13))?.kp == 4.33)
        #expect(await transport.paths() == ["/products/noaa-planetary-k-index-forecast.json"])
    }

    @Test("Given a past time the observed product covers, when Kp is fetched, then the forecast product is not asked")
    func kpPastAsksObservedOnly() async throws {
        let transport = FakeTransport.standard()
        let provider = SWPCKpProvider(configuration: configuration, transport: transport)
        let readings = try await provider.readings(around: Fixture.utc(2025, 11, 27, 4), now: Fixture.now)
        #expect(readings.reading(at: Fixture.utc(2025, 11, 27, 4))?.kp == 1.0)
        #expect(await transport.paths() == ["/products/noaa-planetary-k-index.json"])
    }

    @Test(
        "Given a catch older than SWPC's month of history, when Kp is fetched, then nothing is asked and nothing is returned"
    )
    func kpTooOldAsksNothing() async throws {
        let transport = FakeTransport.standard()
        let provider = SWPCKpProvider(configuration: configuration, transport: transport)
        let readings = try await provider.readings(around: Fixture.utc(2025, 6, 10, 15), now: Fixture.now)
        #expect(readings.isEmpty)
        #expect(await transport.requests.isEmpty)
    }

    @Test(
        "Given SWPC time tags in every format it has used, when parsed, then they are UTC instants; impossible dates are refused"
    )
    func kpTimeTags() {
        let expected = Fixture.utc(2025, 11, 29, 3)
        #expect(SWPCKpProvider.parseTimeTag("2025-11-29T03:00:00") == expected)
        #expect(SWPCKpProvider.parseTimeTag("2025-11-29 03:00:00.000") == expected)
        #expect(SWPCKpProvider.parseTimeTag("2025-11-29 03:00:00") == expected)
        #expect(SWPCKpProvider.parseTimeTag("2025-11-29T03:00:00Z") == expected)
        #expect(SWPCKpProvider.parseTimeTag("2025-02-30 03:00:00") == nil)
        #expect(SWPCKpProvider.parseTimeTag("yesterday") == nil)
    }
}

@Suite("Malformed answers and units")
struct MalformedAndUnitTests {
    @Test(
        "Given a truncated body from each provider, when parsed, then each is a malformed-response error naming the provider, not a crash"
    )
    func truncated() throws {
        let forecast = try Fixture.data("open-meteo-forecast.json")
        let met = try Fixture.data("met-norway-compact.json")
        let kp = try Fixture.data("swpc-kp-objects.json")
        #expect(throws: WeatherError.self) {
            try OpenMeteoProvider.parse(
                TransportResponse(status: 200, body: forecast.prefix(forecast.count / 2)), provider: "Open-Meteo")
        }
        do {
            _ = try OpenMeteoProvider.parse(
                TransportResponse(status: 200, body: forecast.prefix(1000)), provider: "Open-Meteo")
            Issue.record("a truncated body was accepted")
        } catch {
            guard case .malformedResponse(let provider, let detail) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(provider == "Open-Meteo")
            #expect(detail.contains("not valid JSON"))
        }
        #expect(throws: WeatherError.self) {
            try METNorwayProvider.parse(met.prefix(met.count - 10), provider: "MET Norway")
        }
        #expect(throws: WeatherError.self) { try SWPCKpProvider.parse(kp.prefix(kp.count - 3), provider: "NOAA SWPC") }
        #expect(throws: WeatherError.self) { try SWPCKpProvider.parse(Data("{\"Kp\":2}".utf8), provider: "NOAA SWPC") }
        #expect(throws: WeatherError.self) {
            try SWPCKpProvider.parse(Data("[[\"a\",\"b\"],[\"1\",\"2\"]]".utf8), provider: "NOAA SWPC")
        }
    }

    @Test("Given an HTML page with status 200, when parsed as Open-Meteo, then it is malformed")
    func htmlBody() {
        #expect(throws: WeatherError.self) {
            try OpenMeteoProvider.parse(
                TransportResponse(status: 200, body: Data("<html>maintenance</html>".utf8)), provider: "Open-Meteo")
        }
    }

    @Test("Given an hourly array shorter than the times, when parsed, then the mismatch is reported")
    func lengthMismatch() throws {
        var json = try #require(
            try JSONSerialization.jsonObject(with: try Fixture.data("open-meteo-forecast.json")) as? [String: Any])
        var hourly = try #require(json["hourly"] as? [String: Any])
        hourly["temperature_2m"] = Array(try #require(hourly["temperature_2m"] as? [Any]).dropLast())
        json["hourly"] = hourly
        let body = try JSONSerialization.data(withJSONObject: json)
        #expect(
            throws: WeatherError.malformedResponse(
                provider: "Open-Meteo", detail: "hourly.temperature_2m has 71 values for 72 times")
        ) {
            try OpenMeteoProvider.parse(TransportResponse(status: 200, body: body), provider: "Open-Meteo")
        }
    }

    @Test("Given wind reported in km/h, when parsed, then it is converted to m/s")
    func kilometresPerHour() throws {
        let text = try Fixture.text("open-meteo-forecast.json")
            .replacingOccurrences(of: "\"wind_speed_10m\":\"m/s\"", with: "\"wind_speed_10m\":\"km/h\"")
            .replacingOccurrences(of: "\"wind_gusts_10m\":\"m/s\"", with: "\"wind_gusts_10m\":\"km/h\"")
        let series = try OpenMeteoProvider.parse(
            TransportResponse(status: 200, body: Data(text.utf8)), provider: "Open-Meteo")
        #expect(isClose(series.current?.windSpeed, 4.4 / 3.6))
        #expect(isClose(series.current?.windGust, 8.9 / 3.6))
        #expect(isClose(series.points.first { $0.time == Fixture.utc(2025, 11, 28, 12) }?.windSpeed, 1.0))
    }

    @Test("Given pressure reported in Pa, when parsed, then it is converted to hPa")
    func pascals() throws {
        let text = try Fixture.text("open-meteo-forecast.json")
            .replacingOccurrences(of: "\"pressure_msl\":\"hPa\"", with: "\"pressure_msl\":\"Pa\"")
            .replacingOccurrences(of: "\"pressure_msl\":1011.5", with: "\"pressure_msl\":101150")
        let series = try OpenMeteoProvider.parse(
            TransportResponse(status: 200, body: Data(text.utf8)), provider: "Open-Meteo")
        #expect(isClose(series.current?.pressure, 1011.5))
        #expect(isClose(series.points.first?.pressure, 10.15))
    }

    @Test("Given an unknown unit, when parsed, then it is refused with the variable and unit named")
    func unknownUnit() throws {
        let text = try Fixture.text("open-meteo-forecast.json")
            .replacingOccurrences(of: "\"temperature_2m\":\"°C\"", with: "\"temperature_2m\":\"°Ré\"")
        let error = WeatherError.unsupportedUnit(provider: "Open-Meteo", variable: "temperature_2m", unit: "°Ré")
        #expect(throws: error) {
            try OpenMeteoProvider.parse(TransportResponse(status: 200, body: Data(text.utf8)), provider: "Open-Meteo")
        }
        #expect(error.description.contains("°Ré"))

        let iso = try Fixture.text("open-meteo-archive.json")
            .replacingOccurrences(of: "\"time\":\"unixtime\"", with: "\"time\":\"iso8601\"")
        #expect(throws: WeatherError.unsupportedUnit(provider: "Open-Meteo", variable: "hourly.time", unit: "iso8601"))
        {
            try OpenMeteoProvider.parse(TransportResponse(status: 200, body: Data(iso.utf8)), provider: "Open-Meteo")
        }

        let met = try Fixture.text("met-norway-compact.json")
            .replacingOccurrences(of: "\"wind_speed\":\"m/s\"", with: "\"wind_speed\":\"beaufort\"")
        #expect(throws: WeatherError.unsupportedUnit(provider: "MET Norway", variable: "wind_speed", unit: "beaufort"))
        {
            try METNorwayProvider.parse(Data(met.utf8), provider: "MET Norway")
        }
    }

    func convert(_ quantity: Quantity, _ unit: String, _ value: Double) -> Double? {
        quantity.converter(from: unit).map { $0(value) }
    }

    @Test("Given each quantity's units, when converted, then the snapshot units come out and unknown units give nil")
    func conversions() {
        #expect(convert(.speed, "km/h", 36) == 10)
        #expect(isClose(convert(.speed, "kn", 10), 5.144444444, within: 1e-8))
        #expect(isClose(convert(.speed, "mp/h", 10), 4.4704))
        #expect(convert(.speed, "m/s", 3.5) == 3.5)
        #expect(convert(.pressure, "Pa", 101_325) == 1013.25)
        #expect(convert(.pressure, "kPa", 101.3) == 1013)
        #expect(convert(.temperature, "°F", 212) == 100)
        #expect(isClose(convert(.temperature, "K", 273.15), 0))
        #expect(convert(.temperature, "celsius", 3.5) == 3.5)
        #expect(convert(.precipitation, "inch", 1) == 25.4)
        #expect(convert(.speed, "furlongs/fortnight", 1) == nil)
        #expect(convert(.pressure, "mmHg", 760) == nil)
        #expect(convert(.temperature, "m/s", 1) == nil)
    }
}
