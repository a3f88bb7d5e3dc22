import Diagnostics
import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite("Problems: HTTPError mapping and hidden internals")
struct ProblemTests {
    struct DatabaseExploded: Error, CustomStringConvertible {
        var description: String { "SQLITE_CORRUPT at /srv/portal/data/accounts.sqlite line 4411" }
    }

    static let log = MemoryLogSink()
    static let client = HTTPTestClient(
        .make(logger: Logger(category: "http", sink: log)) { router in
            router.get("/v1/conflict") { _, _ in
                throw HTTPError.conflict(
                    code: ProblemCode(rawValue: "catch_already_synced"),
                    "This catch was already synced from another device.")
            }
            router.get("/v1/boom") { _, _ in throw DatabaseExploded() }
        })

    @Test(
        "Given a handler throwing HTTPError, when called, then the body is an RFC 7807 problem with exactly the documented fields"
    )
    func problemShape() async throws {
        let response = try await Self.client.send(.get, "/v1/conflict", headers: ["X-Request-Id": "p-1"])
        #expect(response.status == .conflict)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(Set(object.keys) == ["type", "title", "status", "code", "detail", "requestId"])
        #expect(object["type"] as? String == "urn:hobbystory:problem:catch_already_synced")
        #expect(object["title"] as? String == "Conflict")
        #expect(object["status"] as? Int == 409)
        #expect(object["code"] as? String == "catch_already_synced")
        #expect(object["detail"] as? String == "This catch was already synced from another device.")
        #expect(object["requestId"] as? String == "p-1")
    }

    @Test(
        "Given a handler throwing an unexpected error, when called, then the client gets a generic 500 and Diagnostics gets the error"
    )
    func unexpectedErrorIsHidden() async throws {
        let response = try await Self.client.send(.get, "/v1/boom", headers: ["X-Request-Id": "boom-1"])
        let records = Self.log.records.filter { $0.metadata["requestId"] == "boom-1" }
        #expect(response.status == .internalServerError)
        let problem = try #require(response.problem)
        #expect(problem.code == "internal_error")
        #expect(problem.requestId == "boom-1")
        #expect(!response.text.contains("SQLITE"))
        #expect(!response.text.contains("/srv/portal"))
        #expect(!response.text.contains("DatabaseExploded"))
        let captured = Self.log.errors.filter { $0.context["requestId"] == "boom-1" }
        #expect(!captured.isEmpty)
        #expect(captured.first?.type == "DatabaseExploded")
        #expect(captured.first?.message.contains("SQLITE_CORRUPT") == true)
        #expect(captured.first?.context["path"] == "/v1/boom")
        #expect(records.contains { $0.metadata["status"] == "500" && $0.level == .error })
    }

    @Test("Given an HTTPError, when described, then the text names status, code and detail")
    func readableErrorDescription() {
        let error = HTTPError.notFound("No spot 7.")
        #expect(error.description == "404 Not Found: not_found: No spot 7.")
        #expect("\(HTTPServerError.invalidHost("example.org"))".contains("numeric IP address"))
    }
}
