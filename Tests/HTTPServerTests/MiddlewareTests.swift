import Diagnostics
import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite("Middleware chain: order, request id, access log, authentication")
struct MiddlewareTests {
    struct Trace: HTTPMiddleware {
        let name: String
        let trace: Recorder<String>
        func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse {
            trace.append("\(name) in")
            let response = try await next(request, context)
            trace.append("\(name) out")
            return response
        }
    }

    @Test("Given application and group middleware, when a request runs, then they wrap the handler outermost-first")
    func middlewareOrder() async throws {
        let trace = Recorder<String>()
        var router = Router()
        router.group("/v1", middleware: [Trace(name: "group", trace: trace)]) { v1 in
            v1.get("/x") { _, _ in
                trace.append("handler")
                return .text("x")
            }
        }
        let application = HTTPApplication(
            router: router, middleware: [Trace(name: "first", trace: trace), Trace(name: "second", trace: trace)])
        _ = try await HTTPTestClient(application).send(.get, "/v1/x")
        #expect(trace.all == ["first in", "second in", "group in", "handler", "group out", "second out", "first out"])
    }

    @Test("Given no X-Request-Id, when a request runs, then an id is generated, given to the handler and echoed")
    func requestIDIsGenerated() async throws {
        let seen = Recorder<String>()
        let client = HTTPTestClient(
            .make { router in
                router.get("/x") { _, context in
                    seen.append(context.requestID)
                    return .text("x")
                }
            })
        let response = try await client.send(.get, "/x")
        let id = try #require(response.headers["X-Request-Id"])
        #expect(UUID(uuidString: id) != nil)
        #expect(seen.all == [id])
        let other = try await client.send(.get, "/x")
        #expect(other.headers["X-Request-Id"] != id)
    }

    @Test("Given a client's X-Request-Id, when it is a sane token, then it is kept; when not, a new one replaces it")
    func requestIDIsEchoedOrReplaced() async throws {
        let client = HTTPTestClient(.make { router in router.get("/x") { _, _ in .text("x") } })
        let kept = try await client.send(.get, "/x", headers: ["x-request-id": "sync-7f3a.2"])
        #expect(kept.headers["X-Request-Id"] == "sync-7f3a.2")
        for hostile in [String(repeating: "a", count: 200), "bad id", "id\u{7}", ""] {
            let replaced = try await client.send(.get, "/x", headers: ["X-Request-Id": hostile])
            #expect(replaced.headers["X-Request-Id"] != hostile)
            #expect(UUID(uuidString: replaced.headers["X-Request-Id"] ?? "") != nil)
        }
    }

    @Test("Given an error response, when it is returned, then it still carries the request id")
    func problemCarriesRequestID() async throws {
        let client = HTTPTestClient(.make { _ in })
        let response = try await client.send(.get, "/missing", headers: ["X-Request-Id": "r-404"])
        #expect(response.headers["X-Request-Id"] == "r-404")
        #expect(response.problem?.requestId == "r-404")
    }

    @Test(
        "Given the access log, when requests finish, then one line per request has method, route pattern, path, status, bytes, duration, id and the noted account"
    )
    func accessLogRecords() async throws {
        let log = MemoryLogSink()
        let client = HTTPTestClient(
            .make(logger: Logger(category: "http", sink: log)) { router in
                router.get("/v1/spots/:id") { _, context in
                    context.notes["accountId"] = "angler-7"
                    return .text("spot")
                }
                router.get("/v1/stream") { _, _ in
                    HTTPResponse(
                        body: .stream(contentLength: nil) { writer in
                            for _ in 0..<3 { try await writer.write(Data(count: 1_000)) }
                        })
                }
            })
        _ = try await client.send(.get, "/v1/spots/3?token=secret", headers: ["X-Request-Id": "log-ok-1"])
        _ = try await client.send(.post, "/v1/spots/3", headers: ["X-Request-Id": "log-405-1"])
        _ = try await client.send(.get, "/v1/stream", headers: ["X-Request-Id": "log-stream-1"])
        #expect(log.records.count == 3)
        let record = try #require(log.records.first { $0.metadata["requestId"] == "log-ok-1" })
        #expect(record.category == "http")
        #expect(record.level == .info)
        #expect(record.metadata["method"] == "GET")
        #expect(record.metadata["route"] == "/v1/spots/:id")
        #expect(record.metadata["path"] == "/v1/spots/3")
        #expect(record.metadata["status"] == "200")
        #expect(record.metadata["bytes"] == "4")
        #expect(record.metadata["accountId"] == "angler-7")
        #expect(Double(record.metadata["durationMs"] ?? "") != nil)
        #expect(!record.message.contains("secret") && !record.metadata.values.contains { $0.contains("secret") })
        let refused = log.records.first { $0.metadata["requestId"] == "log-405-1" }
        #expect(refused?.metadata["status"] == "405")
        #expect(refused?.metadata["route"] == "none")
        let streamed = log.records.first { $0.metadata["requestId"] == "log-stream-1" }
        #expect(streamed?.metadata["bytes"] == "3000", "a streamed body is logged with the bytes it really had")
    }

    @Test(
        "Given an authentication hook on a group, when credentials are missing or wrong, then 401; when right, the handler sees the principal"
    )
    func authenticationHook() async throws {
        struct Account: Sendable, Equatable { let id: String }
        let authenticate = AuthenticationMiddleware<Account> { request, _ in
            guard let header = request.headers["Authorization"], header.hasPrefix("Bearer ") else {
                throw HTTPError.unauthorized("A bearer token is required.")
            }
            guard header == "Bearer good-token" else { throw HTTPError.unauthorized("The token is not valid.") }
            return Account(id: "angler-1")
        }
        var router = Router()
        router.get("/public") { _, _ in .text("anyone") }
        router.group("/v1", middleware: [authenticate]) { v1 in
            v1.get("/me") { _, context in .text(try context.principal(as: Account.self).id) }
        }
        let client = HTTPTestClient(HTTPApplication(router: router))
        #expect(try await client.send(.get, "/public").text == "anyone")
        let missing = try await client.send(.get, "/v1/me")
        #expect(missing.status == .unauthorized)
        #expect(missing.headers["WWW-Authenticate"] == "Bearer")
        #expect(missing.problem?.code == "unauthorized")
        #expect(missing.problem?.detail == "A bearer token is required.")
        let wrong = try await client.send(.get, "/v1/me", headers: ["Authorization": "Bearer forged"])
        #expect(wrong.status == .unauthorized)
        let right = try await client.send(.get, "/v1/me", headers: ["Authorization": "Bearer good-token"])
        #expect(right.status == .ok)
        #expect(right.text == "angler-1")
    }

    @Test("Given a route outside any authentication group, when a handler asks for a principal, then the answer is 401")
    func missingPrincipalIs401() async throws {
        let client = HTTPTestClient(
            .make { router in
                router.get("/me") { _, context in .text("\(try context.principal(as: String.self))") }
            })
        #expect(try await client.send(.get, "/me").status == .unauthorized)
    }
}
