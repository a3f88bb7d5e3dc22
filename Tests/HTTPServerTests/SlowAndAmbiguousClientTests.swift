import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

/// Clients that libmicrohttpd alone lets through (T3): one header byte at a time, a body
/// trickling in, too many connections from one address, bodies framed two ways, an endless
/// chunked body. Each is cut or refused with an answer, and the server keeps serving.
@Suite("Slow, greedy and ambiguous clients over a real socket", .timeLimit(.minutes(2)))
struct SlowAndAmbiguousClientTests {
    static let application = HTTPApplication.make { router in
        router.get("/v1/ping") { _, _ in .text("pong") }
        router.post("/v1/push", body: .buffered(maximumBytes: 8 << 20)) { request, _ in
            guard case .buffered(let data) = request.body else { return .text("?") }
            return .text("\(data.count)")
        }
        router.put("/v1/upload", body: .streamed(maximumBytes: 1 << 30)) { request, _ in
            var count = 0
            for try await chunk in request.body.chunks { count += chunk.count }
            return .text("\(count)")
        }
    }

    /// Sends `prefix` at once, then `drip` one byte every `interval` until the server closes;
    /// returns how long that took.
    static func drip(_ drip: String, after prefix: String = "", port: Int, interval: Duration) async throws -> Duration
    {
        let connection = try await SocketConnection.open(host: "127.0.0.1", port: port, timeout: .seconds(20))
        defer { connection.close() }
        let bytes = Array(drip.utf8)
        let milliseconds = Int32(interval.seconds * 1000)
        return try await connection.perform { connection in
            let started = ContinuousClock.now
            try connection.write(Data(prefix.utf8))
            for byte in bytes {
                do { try connection.write(Data([byte])) } catch { return ContinuousClock.now - started }
                if try connection.waitReadable(milliseconds: milliseconds), try !connection.fill() {
                    return ContinuousClock.now - started
                }
            }
            _ = try connection.readUntilClosed()
            return ContinuousClock.now - started
        }
    }

    @Test(
        "Given ten clients each sending one header byte every 0.3 s, when the header deadline passes, then every one is cut although none was ever idle"
    )
    func slowHeadersAreCut() async throws {
        let configuration = HTTPServer.Configuration(connectionTimeout: .seconds(30), headerTimeout: .seconds(1))
        try await withServer(Self.application, configuration: configuration) { server, client in
            let head = "GET /v1/ping HTTP/1.1\r\nHost: a\r\nX-Padding: " + String(repeating: "p", count: 200)
            let durations = try await withThrowingTaskGroup(of: Duration.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await Self.drip(head, port: server.port, interval: .milliseconds(300)) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(durations.allSatisfy { $0 < .seconds(8) }, "\(durations)")
            try await HostileInputTests.assertStillServing(client)
        }
    }

    @Test(
        "Given a body trickling in below the minimum rate, when a rate window passes, then the connection is cut and the handler's read fails"
    )
    func slowBodyIsCut() async throws {
        let configuration = HTTPServer.Configuration(
            connectionTimeout: .seconds(30), minimumBodyBytesPerSecond: 1_000, bodyRateWindow: .seconds(1))
        try await withServer(Self.application, configuration: configuration) { server, client in
            let body = String(repeating: "x", count: 1_000)
            let took = try await Self.drip(
                body, after: "PUT /v1/upload HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n", port: server.port,
                interval: .milliseconds(100))
            #expect(took < .seconds(6), "cut after \(took)")
            #expect(await eventually { server.inFlightRequests == 0 })
            try await HostileInputTests.assertStillServing(client)
        }
    }

    @Test(
        "Given a cap of three connections per address, when a fourth opens, then it is answered 429 and closed; an exempt address is not capped"
    )
    func perAddressCap() async throws {
        let capped = HTTPServer.Configuration(perClientConnectionLimit: 3)
        try await withServer(Self.application, configuration: capped) { server, client in
            var held: [SocketConnection] = []
            for _ in 0..<3 {
                held.append(
                    try await SocketConnection.open(host: "127.0.0.1", port: server.port, timeout: .seconds(10)))
            }
            #expect(await eventually { server.openConnections == 3 })
            let (answer, _) = try await HostileInputTests.exchangeRaw(
                "GET /v1/ping HTTP/1.1\r\nHost: a\r\n\r\n", port: server.port)
            #expect(answer.hasPrefix("HTTP/1.1 429"), "\(answer.prefix(60))")
            #expect(answer.contains("too_many_connections"))
            for connection in held { connection.close() }
            #expect(await eventually { server.openConnections == 0 })
            try await HostileInputTests.assertStillServing(client)
        }
        let exempt = HTTPServer.Configuration(perClientConnectionLimit: 3, unlimitedAddresses: ["127.0.0.1"])
        try await withServer(Self.application, configuration: exempt) { server, client in
            var held: [SocketConnection] = []
            for _ in 0..<5 {
                held.append(
                    try await SocketConnection.open(host: "127.0.0.1", port: server.port, timeout: .seconds(10)))
            }
            try await HostileInputTests.assertStillServing(client)
            for connection in held { connection.close() }
        }
    }

    @Test(
        "Given a body framed two ways (two Content-Lengths, Content-Length with chunked, another transfer coding), when sent, then one 400 or 501 and the connection closes"
    )
    func ambiguousFramingIsRefused() async throws {
        try await withServer(Self.application) { server, client in
            let heads = [
                ("Content-Length: 5\r\nContent-Length: 10\r\n", "400"),
                ("Content-Length: 5\r\nContent-Length: 5\r\n", "400"),
                ("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", "400"),
                ("Transfer-Encoding: gzip\r\n", "501"),
                ("Content-Length : 5\r\n", "400"),
                ("Transfer-Encoding\t: chunked\r\n", "400"),
            ]
            for (framing, status) in heads {
                let (answer, _) = try await HostileInputTests.exchangeRaw(
                    "POST /v1/push HTTP/1.1\r\nHost: a\r\n\(framing)\r\n0\r\n\r\nGET /v1/ping HTTP/1.1\r\nHost: a\r\n\r\n",
                    port: server.port)
                #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(framing): \(answer.prefix(40))")
                #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer only: \(answer)")
                #expect(!answer.contains("pong"), "the smuggled request is never served")
            }
            try await HostileInputTests.assertStillServing(client)
        }
    }

    @Test(
        "Given a Content-Length that is negative, not a number or overflowing, when sent, then libmicrohttpd answers 4xx and closes, and the server keeps serving"
    )
    func malformedContentLength() async throws {
        try await withServer(Self.application) { server, client in
            for value in ["-1", "abc", "99999999999999999999999"] {
                let (answer, _) = try await HostileInputTests.exchangeRaw(
                    "POST /v1/push HTTP/1.1\r\nHost: a\r\nContent-Length: \(value)\r\n\r\nGET /v1/ping HTTP/1.1\r\n\r\n",
                    port: server.port)
                #expect(answer.hasPrefix("HTTP/1.1 4"), "\(value): \(answer.prefix(40))")
                #expect(!answer.contains("pong"), "the smuggled request is never served")
            }
            try await HostileInputTests.assertStillServing(client)
        }
    }

    @Test(
        "Given chunked bodies of 10 and 25 MiB against an 8 MiB limit, when sent, then the client reads 413 with the problem document before the connection closes",
        arguments: [10 << 20, 25 << 20])
    func oversizedChunkedPushIsAnswered(size: Int) async throws {
        try await withServer(Self.application) { server, client in
            let response = try await client.send(
                .post, "/v1/push", bodyLength: nil, body: generatedBody(count: size, chunkSize: 64 * 1024))
            #expect(response.status == .contentTooLarge)
            #expect(response.problem?.code == "content_too_large")
            #expect(response.headers[RequestIDMiddleware.headerName] != nil)
            #expect(await eventually { server.inFlightRequests == 0 })
            try await HostileInputTests.assertStillServing(client)
        }
    }
}
