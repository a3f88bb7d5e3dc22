import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Graceful shutdown", .timeLimit(.minutes(2)))
struct ShutdownTests {
    @Test(
        "Given a request in flight, when the server stops, then stop waits for it to complete and then releases the port"
    )
    func inFlightRequestCompletes() async throws {
        let gate = Gate()
        let entered = Recorder<Bool>()
        let application = HTTPApplication.make { router in
            router.get("/slow") { _, _ in
                entered.append(true)
                await gate.wait()
                return .text("done")
            }
        }
        let server = try HTTPServer.start(application)
        let client = HTTPSocketClient(port: server.port, timeout: .seconds(30))
        let response = Task { try await client.send(.get, "/slow") }
        #expect(await eventually { entered.all == [true] })
        let stopped = Recorder<Bool>()
        let stopping = Task {
            await server.stop(gracePeriod: .seconds(30))
            stopped.append(true)
        }
        #expect(await eventually { server.isDraining })
        try await Task.sleep(for: .milliseconds(100))
        #expect(stopped.all.isEmpty)
        #expect(server.inFlightRequests == 1)
        gate.open()
        let answer = try await response.value
        #expect(answer.status == .ok)
        #expect(answer.text == "done")
        await stopping.value
        #expect(stopped.all == [true])
        await #expect(throws: HTTPClientError.self) { try await client.send(.get, "/slow") }
    }

    @Test(
        "Given a handler that outlives the grace period, when the server stops, then it is cancelled and stop returns")
    func deadlineCancelsHandlers() async throws {
        let cancelled = Recorder<Bool>()
        let entered = Recorder<Bool>()
        let application = HTTPApplication.make { router in
            router.get("/forever") { _, _ in
                entered.append(true)
                do {
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    cancelled.append(true)
                    throw error
                }
                return .text("never")
            }
        }
        let server = try HTTPServer.start(application)
        let client = HTTPSocketClient(port: server.port, timeout: .seconds(10))
        let response = Task { try await client.send(.get, "/forever") }
        #expect(await eventually { entered.all == [true] })
        let started = ContinuousClock.now
        await server.stop(gracePeriod: .milliseconds(200))
        #expect(ContinuousClock.now - started < .seconds(30), "a 60 s handler must not hold stop() up")
        await #expect(throws: HTTPClientError.connectionClosed) { try await response.value }
        #expect(await eventually { cancelled.all == [true] })
    }

    @Test(
        "Given a handler that ignores cancellation and an upload held by back-pressure, when the deadline passes, then stop still returns"
    )
    func stuckWorkDoesNotBlockStop() async throws {
        let gate = Gate()
        let entered = Recorder<String>()
        let application = HTTPApplication.make { router in
            router.get("/stuck") { _, _ in
                entered.append("stuck")
                await gate.wait()
                return .text("late")
            }
            router.put("/upload", body: .streamed(maximumBytes: 1 << 30)) { request, _ in
                var iterator = request.body.chunks.makeAsyncIterator()
                _ = try await iterator.next()
                entered.append("upload")
                await gate.wait()
                return .text("late")
            }
        }
        let server = try HTTPServer.start(application, configuration: .init(uploadBufferBytes: 64 * 1024))
        let client = HTTPSocketClient(port: server.port, timeout: .seconds(10))
        async let stuck = client.send(.get, "/stuck")
        async let upload = client.send(.put, "/upload", bodyLength: 20_000_000, body: generatedBody(count: 20_000_000))
        #expect(await eventually { Set(entered.all) == ["stuck", "upload"] })
        try await Task.sleep(for: .milliseconds(100))
        let started = ContinuousClock.now
        await server.stop(gracePeriod: .milliseconds(200))
        #expect(ContinuousClock.now - started < .seconds(30), "stuck handlers must not hold stop() up")
        _ = try? await stuck
        _ = try? await upload
        gate.open()
    }

    @Test("Given a stopping server, when a kept-alive connection sends another request, then it gets 503 shutting_down")
    func newRequestsWhileDrainingGet503() async throws {
        let gate = Gate()
        let entered = Recorder<Bool>()
        let application = HTTPApplication.make { router in
            router.get("/fast") { _, _ in .text("fast") }
            router.get("/slow") { _, _ in
                entered.append(true)
                await gate.wait()
                return .text("slow")
            }
        }
        let server = try HTTPServer.start(application)
        let connection = try await SocketConnection.open(host: "127.0.0.1", port: server.port, timeout: .seconds(30))
        defer { connection.close() }
        let request = Data("GET /fast HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        let exchange: @Sendable (SocketConnection) throws -> HTTPClientResponse = { connection in
            try connection.write(request)
            let (status, headers) = try connection.readResponseHead()
            return try connection.readResponse(status: status, headers: headers, method: .get, onChunk: nil)
        }
        #expect(try await connection.perform(exchange).text == "fast")
        let client = HTTPSocketClient(port: server.port, timeout: .seconds(30))
        let slow = Task { try await client.send(.get, "/slow") }
        #expect(await eventually { entered.all == [true] })
        let stopping = Task { await server.stop(gracePeriod: .seconds(30)) }
        #expect(await eventually { server.isDraining })
        let refused = try await connection.perform(exchange)
        #expect(refused.status == .serviceUnavailable)
        #expect(refused.problem?.code == "shutting_down")
        #expect(refused.headers["Connection"]?.lowercased() == "close")
        gate.open()
        #expect(try await slow.value.text == "slow")
        await stopping.value
    }

    @Test(
        "Given concurrent stop calls, when the server stops, then every caller returns and waitUntilStopped returns too"
    )
    func stopIsIdempotent() async throws {
        let server = try HTTPServer.start(.make { router in router.get("/x") { _, _ in .text("x") } })
        async let first: Void = server.stop()
        async let second: Void = server.stop()
        async let waiting: Void = server.waitUntilStopped()
        _ = await (first, second, waiting)
        await server.stop()
    }

    @Test(
        "Given the signal handler, when the process gets SIGTERM, then the server stops gracefully instead of the process dying"
    )
    func sigtermStopsTheServer() async throws {
        let server = try HTTPServer.start(.make { router in router.get("/x") { _, _ in .text("x") } })
        let handler = await ShutdownSignalHandler.install(for: server, gracePeriod: .seconds(1))
        defer { handler.cancel() }
        let stopped = Recorder<Bool>()
        Task {
            await server.waitUntilStopped()
            stopped.append(true)
        }
        kill(getpid(), SIGTERM)
        #expect(await eventually { stopped.all == [true] })
        await server.stop()
    }

    @Test("Given an address that is not numeric or a port in use, when starting, then a readable error")
    func startErrors() async throws {
        #expect(throws: HTTPServerError.invalidHost("localhost")) {
            try HTTPServer.start(.make { _ in }, configuration: .init(host: "localhost"))
        }
        let first = try HTTPServer.start(.make { _ in })
        defer { Task { await first.stop() } }
        do {
            _ = try HTTPServer.start(.make { _ in }, configuration: .init(port: first.port))
            Issue.record("a second server bound the same port")
        } catch {
            guard case .cannotListen(let host, let port, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(host == "127.0.0.1")
            #expect(port == first.port)
        }
    }
}

/// A wait that ignores cancellation (like a handler stuck in a library call) until opened.
final class Gate: Sendable {
    private let state = Mutex((open: false, waiters: [CheckedContinuation<Void, Never>]()))

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
