import Foundation
import Testing
import Weather

@Suite("HTTP errors, retries and timeouts")
struct RetryAndErrorTests {
    func provider(
        _ transport: FakeTransport, _ recorder: SleepRecorder,
        configuration: WeatherConfiguration = WeatherConfiguration()
    ) -> OpenMeteoProvider {
        OpenMeteoProvider(configuration: configuration, transport: transport, sleep: recorder.sleep)
    }

    @Test(
        "Given Open-Meteo answers 400 with a reason, when fetched, then the reason is reported and nothing is retried")
    func badRequestWithReason() async throws {
        let body = try Fixture.data("open-meteo-error-400.json")
        let transport = FakeTransport { _, _ in .status(400, body) }
        let recorder = SleepRecorder()
        let error = await #expect(throws: WeatherError.self) {
            try await provider(transport, recorder).series(at: Fixture.oslo, around: Fixture.now, now: Fixture.now)
        }
        #expect(
            error == .rejected(provider: "Open-Meteo", reason: "Latitude must be in range of -90 to 90°. Given: 91.0."))
        #expect(
            error?.description
                == "Open-Meteo rejected the request: Latitude must be in range of -90 to 90°. Given: 91.0.")
        #expect(await transport.requests.count == 1)
        #expect(await recorder.waits.isEmpty)
    }

    @Test(
        "Given a 500 and then the real answer, when fetched, then it is retried once after the first backoff and succeeds"
    )
    func serverErrorThenSuccess() async throws {
        let body = try Fixture.data("open-meteo-forecast.json")
        let transport = FakeTransport { _, earlier in earlier == 0 ? .status(500, Data("oops".utf8)) : .ok(body) }
        let recorder = SleepRecorder()
        let series = try await provider(transport, recorder).series(
            at: Fixture.oslo, around: Fixture.now, now: Fixture.now)
        #expect(series.current?.temperature == 4.2)
        #expect(await transport.requests.count == 2)
        #expect(await recorder.waits == [.milliseconds(500)])
    }

    @Test(
        "Given 503 on every attempt, when fetched, then three attempts are made with doubling backoff and the status is reported"
    )
    func serverErrorEveryTime() async throws {
        let transport = FakeTransport { _, _ in .status(503, Data()) }
        let recorder = SleepRecorder()
        let error = await #expect(throws: WeatherError.self) {
            try await provider(transport, recorder).series(at: Fixture.oslo, around: Fixture.now, now: Fixture.now)
        }
        #expect(error == .serverError(provider: "Open-Meteo", status: 503, attempts: 3))
        #expect(await transport.requests.count == 3)
        #expect(await recorder.waits == [.milliseconds(500), .seconds(1)])
    }

    @Test("Given a 404 or a 429, when fetched, then it is not retried")
    func clientErrorsAreFinal() async throws {
        for status in [404, 429] {
            let transport = FakeTransport { _, _ in .status(status, Data("no".utf8)) }
            let recorder = SleepRecorder()
            let error = await #expect(throws: WeatherError.self) {
                try await provider(transport, recorder).series(at: Fixture.oslo, around: Fixture.now, now: Fixture.now)
            }
            #expect(error == .httpStatus(provider: "Open-Meteo", status: status, detail: "no"))
            #expect(await transport.requests.count == 1)
            #expect(await recorder.waits.isEmpty)
        }
    }

    @Test("Given a transport that times out, when fetched, then every attempt is retried and the timeout is reported")
    func timeoutsAreRetried() async throws {
        let transport = FakeTransport { _, _ in .fail(.timedOut) }
        let recorder = SleepRecorder()
        let error = await #expect(throws: WeatherError.self) {
            try await provider(transport, recorder).series(at: Fixture.oslo, around: Fixture.now, now: Fixture.now)
        }
        guard case .timedOut(let name, let url, let attempts) = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(name == "Open-Meteo" && attempts == 3 && url.contains("/v1/forecast"))
        #expect(await transport.requests.count == 3)
    }

    /// A broken timeout would hang here; the time limit turns that into a failure (no wall-clock assertions:
    /// the machine may be busy).
    @Test(
        "Given a server that never answers, when fetched with a 50 ms timeout, then each attempt is cut at the timeout",
        .timeLimit(.minutes(1)))
    func hangingServerHitsTimeout() async throws {
        let transport = FakeTransport { _, _ in .hang }
        let recorder = SleepRecorder()
        let configuration = WeatherConfiguration(timeout: .milliseconds(50), retry: RetryPolicy(maxAttempts: 2))
        let error = await #expect(throws: WeatherError.self) {
            try await provider(transport, recorder, configuration: configuration)
                .series(at: Fixture.oslo, around: Fixture.now, now: Fixture.now)
        }
        if case .timedOut(_, _, let attempts) = error {
            #expect(attempts == 2)
        } else {
            Issue.record("expected a timeout, got \(String(describing: error))")
        }
        #expect(await transport.requests.count == 2)
        #expect(await recorder.waits == [.milliseconds(500)])
    }

    @Test("Given no network, when fetched, then it fails at once without retries")
    func unreachableIsFinal() async throws {
        let transport = FakeTransport { _, _ in .fail(.failed("The Internet connection appears to be offline.")) }
        let recorder = SleepRecorder()
        let error = await #expect(throws: WeatherError.self) {
            try await provider(transport, recorder).series(at: Fixture.oslo, around: Fixture.now, now: Fixture.now)
        }
        guard case .unreachable(let name, _, let detail) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(name == "Open-Meteo" && detail.contains("offline"))
        #expect(await transport.requests.count == 1)
    }

    @Test(
        "Given the retry policy, when delays are asked, then they start at the initial delay and grow by the multiplier"
    )
    func backoffSchedule() {
        let policy = RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(200), multiplier: 3)
        #expect(policy.delay(beforeAttempt: 2) == .milliseconds(200))
        #expect(policy.delay(beforeAttempt: 3) == .milliseconds(600))
        #expect(policy.delay(beforeAttempt: 4) == .milliseconds(1800))
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }
}
