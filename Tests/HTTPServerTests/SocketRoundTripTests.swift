import Foundation
import HTTPServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Real-socket round trips", .timeLimit(.minutes(2)))
struct SocketRoundTripTests {
    static func application() -> HTTPApplication {
        .make { router in
            router.get("/v1/ping") { _, _ in .text("pong") }
            router.post("/v1/catches") { request, _ in
                try .json(try await request.decodeJSON(CatchPayload.self), status: .created)
            }
            router.get("/v1/items/:id") { _, context in
                try .json(["id": try context.parameters.require("id"), "requestId": context.requestID])
            }
        }
    }

    @Test("Given a server on port 0, when started, then it reports the real port and answers GET over TCP")
    func getOverSocket() async throws {
        try await withServer(Self.application()) { server, client in
            #expect(server.port > 0)
            let response = try await client.send(.get, "/v1/ping")
            #expect(response.status == .ok)
            #expect(response.text == "pong")
            #expect(response.headers["Content-Length"] == "4")
            #expect(response.headers[RequestIDMiddleware.headerName]?.isEmpty == false)
        }
    }

    @Test("Given a JSON route, when a client posts JSON over TCP, then the decoded value is echoed with 201")
    func postJSONOverSocket() async throws {
        try await withServer(Self.application()) { _, client in
            let payload = CatchPayload(species: "perch", measure: .init(weightGrams: 420, lengthCm: 28.5))
            let response = try await client.send(
                .post, "/v1/catches", headers: ["Content-Type": "application/json", "X-Request-Id": "trip-42"],
                body: try JSONEncoder().encode(payload))
            #expect(response.status == .created)
            #expect(try response.decode(CatchPayload.self) == payload)
            #expect(response.headers["X-Request-Id"] == "trip-42")
        }
    }

    @Test("Given a running server, when URLSession makes two requests on a kept-alive connection, then both succeed")
    func urlSessionRoundTrip() async throws {
        try await withServer(Self.application()) { server, _ in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            for id in ["a", "b%20c"] {
                let url = URL(string: "http://127.0.0.1:\(server.port)/v1/items/\(id)")!
                let (data, response) = try await session.data(from: url)
                #expect((response as? HTTPURLResponse)?.statusCode == 200)
                let object = try JSONDecoder().decode([String: String].self, from: data)
                #expect(object["id"] == (id == "a" ? "a" : "b c"))
            }
        }
    }

    @Test("Given 64 clients at once, when each asks for its own item, then every one gets its own answer")
    func sixtyFourConcurrentRequests() async throws {
        try await withServer(Self.application()) { server, client in
            let results = try await withThrowingTaskGroup(of: (Int, Int, String?).self) { group in
                for index in 0..<64 {
                    group.addTask {
                        let response = try await client.send(.get, "/v1/items/item-\(index)")
                        let object = try response.decode([String: String].self)
                        return (index, response.status.code, object["id"])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 64)
            for (index, status, id) in results {
                #expect(status == 200)
                #expect(id == "item-\(index)")
            }
            #expect(await eventually { server.inFlightRequests == 0 })
        }
    }
}
