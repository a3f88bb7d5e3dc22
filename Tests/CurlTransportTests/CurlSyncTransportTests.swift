import CurlTransport
import Diagnostics
import Foundation
import HTTPServer
import SyncClient
import Testing

/// The command-line client's libcurl transport against a real local server: what is sent, what
/// comes back, and every way an exchange can fail without an answer.
@Suite("libcurl transport to the portal")
struct CurlSyncTransportTests {
    static func application() -> HTTPApplication {
        var router = Router()
        router.post("/v1/echo") { request, _ in
            guard case .buffered(let body) = request.body else { throw HTTPError.badRequest("expected a body") }
            let echoed = [
                request.method.rawValue, request.headers["authorization"] ?? "-",
                request.headers["content-type"] ?? "-",
                request.query ?? "-", String(decoding: body, as: UTF8.self),
            ]
            return HTTPResponse(
                status: .created, headers: ["X-Echo-Count": "5"], body: .bytes(Data(echoed.joined(separator: "|").utf8))
            )
        }
        router.patch("/v1/uploads/:id") { request, _ in
            guard case .buffered(let body) = request.body else { throw HTTPError.badRequest("expected a body") }
            return HTTPResponse(status: .noContent, headers: ["Upload-Offset": "\(body.count)"])
        }
        router.on(.head, "/v1/uploads/:id", body: nil) { _, _ in
            HTTPResponse(status: .ok, headers: ["Upload-Offset": "7", "Upload-Length": "9"])
        }
        router.get("/v1/large") { _, _ in .text(String(repeating: "x", count: 10_000)) }
        router.get("/v1/slow") { _, _ in
            try await Task.sleep(for: .seconds(5))
            return .text("late")
        }
        return HTTPApplication(router: router, middleware: [], limits: .init(), logger: Logger(category: "test"))
    }

    func withPortal<T>(_ body: (URL) async throws -> T) async throws -> T {
        let server = try HTTPServer.start(Self.application())
        let base = URL(string: "http://127.0.0.1:\(server.port)")!
        do {
            let result = try await body(base)
            await server.stop(gracePeriod: .seconds(1))
            return result
        } catch {
            await server.stop(gracePeriod: .seconds(1))
            throw error
        }
    }

    @Test(
        "Given a JSON body and a token, when posted, then method, headers, query and body arrive and the answer's status, headers and body come back"
    )
    func roundTrip() async throws {
        try await withPortal { base in
            let response = try await CurlSyncTransport(baseURL: base.appendingPathComponent("/")).send(
                SyncHTTPRequest(
                    method: "POST", target: "/v1/echo?cursor=v1.5", body: Data(#"{"a":"щука"}"#.utf8), token: "t0ken"))
            #expect(response.status == 201)
            #expect(response.headers["x-echo-count"] == "5")
            #expect(
                String(decoding: response.body, as: UTF8.self)
                    == #"POST|Bearer t0ken|application/json|cursor=v1.5|{"a":"щука"}"#)
        }
    }

    @Test(
        "Given tus requests, when PATCH carries bytes and HEAD asks for the offset, then each answers with its headers and no body"
    )
    func tusMethods() async throws {
        try await withPortal { base in
            let transport = CurlSyncTransport(baseURL: base)
            let patch = try await transport.send(
                SyncHTTPRequest(
                    method: "PATCH", target: "/v1/uploads/u1", body: Data(repeating: 1, count: 300_000),
                    headers: ["Content-Type": "application/offset+octet-stream", "Upload-Offset": "0"]))
            #expect(patch.status == 204)
            #expect(patch.headers["upload-offset"] == "300000")
            let head = try await transport.send(SyncHTTPRequest(method: "HEAD", target: "/v1/uploads/u1"))
            #expect(head.status == 200)
            #expect(head.headers["upload-offset"] == "7")
            #expect(head.body.isEmpty)
        }
    }

    @Test("Given an answer larger than the limit, when received, then the transfer stops with an error saying so")
    func answerTooLarge() async throws {
        try await withPortal { base in
            let transport = CurlSyncTransport(baseURL: base, maximumResponseBytes: 4_096)
            let error = await #expect(throws: SyncTransportError.self) {
                try await transport.send(SyncHTTPRequest(method: "GET", target: "/v1/large"))
            }
            #expect(error?.description.contains("larger than 4096 bytes") == true)
        }
    }

    @Test("Given a portal slower than the timeout, when asked, then the exchange fails instead of waiting")
    func timeout() async throws {
        try await withPortal { base in
            let transport = CurlSyncTransport(baseURL: base, timeout: .milliseconds(300))
            await #expect(throws: SyncTransportError.self) {
                try await transport.send(SyncHTTPRequest(method: "GET", target: "/v1/slow"))
            }
        }
    }

    @Test("Given a request in flight, when its task is cancelled, then the transfer stops with an error")
    func cancellation() async throws {
        try await withPortal { base in
            let transport = CurlSyncTransport(baseURL: base, timeout: .seconds(60))
            let task = Task { try await transport.send(SyncHTTPRequest(method: "GET", target: "/v1/slow")) }
            try await Task.sleep(for: .milliseconds(200))
            task.cancel()
            await #expect(throws: SyncTransportError.self) { try await task.value }
        }
    }

    @Test("Given nobody listening, when asked, then the error names the address and says why")
    func refused() async throws {
        let server = try HTTPServer.start(Self.application())
        let port = server.port
        await server.stop(gracePeriod: .seconds(1))
        let error = await #expect(throws: SyncTransportError.self) {
            try await CurlSyncTransport(baseURL: URL(string: "http://127.0.0.1:\(port)")!).send(
                SyncHTTPRequest(method: "GET", target: "/health"))
        }
        #expect(error?.description.contains("127.0.0.1:\(port)") == true)
    }
}
