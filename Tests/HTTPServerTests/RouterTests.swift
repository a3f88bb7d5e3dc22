import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite("Router: matching, parameters, 404 and 405")
struct RouterTests {
    static let client = HTTPTestClient(
        .make { router in
            router.get("/v1/uploads/:id") { _, context in .text("upload \(try context.parameters.require("id"))") }
            router.get("/v1/uploads/new") { _, _ in .text("new-upload form") }
            router.delete("/v1/uploads/:id") { _, context in .text("deleted \(try context.parameters.require("id"))") }
            router.get("/v1/trips/:trip/catches/:catch") { _, context in
                .text("\(try context.parameters.require("trip"))/\(try context.parameters.require("catch"))")
            }
            router.get("/v1/pages/:number") { _, context in
                .text("page \(try context.parameters.require("number", as: Int.self))")
            }
            router.get("/v1/search") { request, _ in
                let items = try request.queryItems
                var response = HTTPResponse.text(items.map { "\($0.name)=\($0.value ?? "nil")" }.joined(separator: "|"))
                response.headers["X-Species"] = try request.queryValue("species")
                return response
            }
            router.post("/v1/ping") { _, _ in .text("posted") }
            router.put("/v1/ping") { _, _ in .text("put") }
        })

    @Test("Given a parameter route, when the path matches, then the handler gets the decoded parameter")
    func parameterIsCapturedAndDecoded() async throws {
        let response = try await Self.client.send(.get, "/v1/uploads/trip%2042%2Fday")
        #expect(response.status == .ok)
        #expect(response.text == "upload trip 42/day")
    }

    @Test("Given a literal and a parameter at the same place, when the literal matches, then the literal route wins")
    func literalBeatsParameter() async throws {
        #expect(try await Self.client.send(.get, "/v1/uploads/new").text == "new-upload form")
        #expect(try await Self.client.send(.get, "/v1/uploads/other").text == "upload other")
    }

    @Test("Given a literal route for GET only, when DELETE targets the same path, then the parameter route answers")
    func methodSelectsAcrossBranches() async throws {
        #expect(try await Self.client.send(.delete, "/v1/uploads/new").text == "deleted new")
    }

    @Test("Given two parameters, when matched, then each is captured by name")
    func severalParameters() async throws {
        #expect(try await Self.client.send(.get, "/v1/trips/t1/catches/c9").text == "t1/c9")
    }

    @Test("Given a typed parameter, when it does not convert, then the answer is 400 invalid_parameter")
    func typedParameter() async throws {
        #expect(try await Self.client.send(.get, "/v1/pages/3").text == "page 3")
        let response = try await Self.client.send(.get, "/v1/pages/three")
        #expect(response.status == .badRequest)
        #expect(response.problem?.code == "invalid_parameter")
    }

    @Test("Given no matching pattern, when requested, then the answer is a 404 problem")
    func unknownPathIs404() async throws {
        for path in ["/", "/v2/uploads/1", "/v1/uploads/1/extra", "/v1"] {
            let response = try await Self.client.send(.get, path)
            #expect(response.status == .notFound, "\(path)")
            #expect(response.problem?.code == "not_found")
        }
    }

    @Test("Given a path with other methods only, when requested, then the answer is 405 with Allow")
    func wrongMethodIs405() async throws {
        let response = try await Self.client.send(.patch, "/v1/uploads/7")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "DELETE, GET, HEAD")
        #expect(response.problem?.code == "method_not_allowed")
        let ping = try await Self.client.send(.get, "/v1/ping")
        #expect(ping.status == .methodNotAllowed)
        #expect(ping.headers["Allow"] == "POST, PUT")
    }

    @Test("Given a GET route, when HEAD is requested, then it is answered by the GET route without a body")
    func headFallsBackToGet() async throws {
        let response = try await Self.client.send(.head, "/v1/uploads/9")
        #expect(response.status == .ok)
        #expect(response.body.isEmpty)
    }

    @Test(
        "Given a path with invalid percent-encoding or an encoded control character, when requested, then the answer is 400 invalid_path"
    )
    func invalidPercentEncoding() async throws {
        for path in ["/v1/uploads/%zz", "/v1/uploads/%4", "/v1/uploads/%C3%28", "/v1/uploads/a%00b"] {
            let response = try await Self.client.send(.get, path)
            #expect(response.status == .badRequest, "\(path)")
            #expect(response.problem?.code == "invalid_path")
        }
    }

    @Test("Given a query string, when read, then items are decoded in order and bad encoding is 400")
    func queryItems() async throws {
        let response = try await Self.client.send(.get, "/v1/search?species=pike+perch&min=2%2E5&flag&empty=")
        #expect(response.text == "species=pike perch|min=2.5|flag=nil|empty=")
        #expect(response.headers["X-Species"] == "pike perch")
        let bad = try await Self.client.send(.get, "/v1/search?species=%G1")
        #expect(bad.status == .badRequest)
        #expect(bad.problem?.code == "invalid_query")
    }

    @Test(
        "Given groups with prefixes and middleware, when routes run, then the prefix and the group's middleware apply only inside"
    )
    func groupsHavePrefixAndOwnMiddleware() async throws {
        struct Tag: HTTPMiddleware {
            let name: String
            func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse
            {
                var response = try await next(request, context)
                response.headers.add("X-Tag", name)
                return response
            }
        }
        var router = Router()
        router.get("/health") { _, _ in .text("ok") }
        router.group("/v1", middleware: [Tag(name: "v1")]) { v1 in
            v1.get("/spots") { _, _ in .text("spots") }
            v1.group("/admin", middleware: [Tag(name: "admin")]) { admin in
                admin.get("/users/:id") { _, context in .text(try context.parameters.require("id")) }
            }
        }
        let client = HTTPTestClient(HTTPApplication(router: router))
        let health = try await client.send(.get, "/health")
        #expect(health.headers.values(for: "X-Tag").isEmpty)
        let spots = try await client.send(.get, "/v1/spots")
        #expect(spots.text == "spots")
        #expect(spots.headers.values(for: "X-Tag") == ["v1"])
        let user = try await client.send(.get, "/v1/admin/users/u7")
        #expect(user.text == "u7")
        #expect(user.headers.values(for: "X-Tag") == ["admin", "v1"])
        #expect(try await client.send(.get, "/spots").status == .notFound)
    }
}
