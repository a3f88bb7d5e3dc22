import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

@Suite("Request bodies: JSON decoding, limits and long targets")
struct BodyTests {
    static let client = HTTPTestClient(
        .make(limits: .init(maximumTargetLength: 2_048)) { router in
            router.post("/v1/catches") { request, _ in
                try .json(try await request.decodeJSON(CatchPayload.self), status: .created)
            }
            router.post("/v1/notes", body: .buffered(maximumBytes: 100)) { request, _ in
                guard case .buffered(let data) = request.body else { throw HTTPError.badRequest("expected buffered") }
                return .text("\(data.count)")
            }
            router.put("/v1/media/:id", body: .streamed(maximumBytes: 1_000)) { request, _ in
                var count = 0
                for try await chunk in request.body.chunks { count += chunk.count }
                return .text("\(count)")
            }
            router.put("/v1/big/:id", body: .streamed(maximumBytes: 1 << 30)) { request, _ in
                var count = 0
                for try await chunk in request.body.chunks { count += chunk.count }
                return .text("\(count)")
            }
        })

    func post(_ json: String) async throws -> HTTPClientResponse {
        try await Self.client.send(
            .post, "/v1/catches", headers: ["Content-Type": "application/json"], body: Data(json.utf8))
    }

    @Test("Given valid JSON, when posted, then the decoded value comes back with 201")
    func validJSON() async throws {
        let response = try await post(#"{"species":"pike","measure":{"weightGrams":3100,"lengthCm":71.5}}"#)
        #expect(response.status == .created)
        #expect(try response.decode(CatchPayload.self).measure.weightGrams == 3100)
    }

    @Test("Given malformed JSON, when posted, then 400 malformed_json")
    func malformedJSON() async throws {
        let response = try await post(#"{"species":"pike","measure":"#)
        #expect(response.status == .badRequest)
        #expect(response.problem?.code == "malformed_json")
    }

    @Test("Given a field of the wrong type, when posted, then 400 invalid_field naming the nested field")
    func wrongType() async throws {
        let response = try await post(#"{"species":"pike","measure":{"weightGrams":"heavy","lengthCm":71.5}}"#)
        #expect(response.status == .badRequest)
        #expect(response.problem?.code == "invalid_field")
        #expect(response.problem?.detail == "Field 'measure.weightGrams' must be an integer.")
    }

    @Test("Given a missing or null field, when posted, then 400 naming the field")
    func missingAndNullFields() async throws {
        let missing = try await post(#"{"measure":{"weightGrams":1,"lengthCm":2}}"#)
        #expect(missing.problem?.code == "missing_field")
        #expect(missing.problem?.detail == "Field 'species' is required.")
        let null = try await post(#"{"species":null,"measure":{"weightGrams":1,"lengthCm":2}}"#)
        #expect(null.problem?.code == "invalid_field")
        #expect(null.problem?.detail == "Field 'species' must be a string, not null.")
    }

    @Test("Given a non-JSON content type or no body, when posted, then 415 or 400 missing_body")
    func contentTypeAndEmptyBody() async throws {
        let xml = try await Self.client.send(
            .post, "/v1/catches", headers: ["Content-Type": "application/xml"], body: Data("<catch/>".utf8))
        #expect(xml.status == .unsupportedMediaType)
        let empty = try await Self.client.send(.post, "/v1/catches", headers: ["Content-Type": "application/json"])
        #expect(empty.problem?.code == "missing_body")
    }

    @Test("Given a buffered route limit, when the body is larger, then 413 content_too_large")
    func bufferedRouteLimit() async throws {
        #expect(try await Self.client.send(.post, "/v1/notes", body: Data(count: 100)).text == "100")
        let response = try await Self.client.send(.post, "/v1/notes", body: Data(count: 101))
        #expect(response.status == .contentTooLarge)
        #expect(response.problem?.code == "content_too_large")
    }

    @Test(
        "Given a streamed route limit, when a stream without a declared length exceeds it, then 413 once the excess arrives"
    )
    func streamedRouteLimitWithoutLength() async throws {
        let remaining = Mutex(Array(repeating: Data(count: 300), count: 4)[...])
        let stream = HTTPBodyStream(expectedLength: nil) { remaining.withLock { $0.popFirst() } }
        let response = try await Self.client.send(.put, "/v1/media/1", body: .stream(stream))
        #expect(response.status == .contentTooLarge)
        let fits = try await Self.client.send(
            .put, "/v1/media/2", body: .stream(HTTPBodyStream(chunks: [Data(count: 999)])))
        #expect(fits.text == "999")
    }

    @Test(
        "Given a route that allows more than the default, when a body above the default arrives, then the route's own limit applies"
    )
    func routeLimitApplies() async throws {
        let large = try await Self.client.send(
            .put, "/v1/big/1", body: .stream(HTTPBodyStream(chunks: [Data(count: 3 << 20)])))
        #expect(large.text == "\(3 << 20)")
        let unlisted = try await Self.client.send(
            .post, "/v1/catches", headers: ["Content-Type": "application/json"], body: Data(count: (1 << 20) + 1))
        #expect(unlisted.status == .contentTooLarge, "a route without its own limit gets the router's default")
    }

    @Test("Given a target longer than the limit, when requested, then 414 uri_too_long")
    func longTarget() async throws {
        let response = try await Self.client.send(.get, "/v1/catches?q=" + String(repeating: "x", count: 3_000))
        #expect(response.status == .uriTooLong)
        #expect(response.problem?.code == "uri_too_long")
    }
}
