import Foundation
import HTTPServer
import PortalStore
import SyncProtocol
import Testing

@testable import Portal

/// The route table both sides share (T3) and the OpenAPI document held to it.
@Suite("One route table for the portal, its clients and its OpenAPI document")
struct RouteTableTests {
    /// `/v1/uploads/:id` in OpenAPI's spelling, `/v1/uploads/{id}`.
    static func openAPIPath(_ pattern: String) -> String {
        pattern.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            .reduce("") { $0 + "/" + $1 }
    }

    @Test(
        "Given the OpenAPI document the portal serves, when compared with the route table, then every endpoint is described under its own operation id and nothing else is"
    )
    func documentMatchesRouteTable() async throws {
        let portal = try PortalHarness(.sqlite)
        let served = try await portal.client.send(.get, PortalEndpoint.openAPI.pattern)
        #expect(served.status == .ok)
        let document = try #require(try JSONSerialization.jsonObject(with: served.body) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var described = Set<String>()
        for (path, item) in paths {
            for (method, operation) in item where method != "parameters" {
                described.insert("\(method.uppercased()) \(path)")
                _ = operation
            }
        }
        var expected = Set<String>()
        for endpoint in PortalEndpoint.allCases {
            let key = "\(endpoint.method) \(Self.openAPIPath(endpoint.pattern))"
            expected.insert(key)
            let operation = paths[Self.openAPIPath(endpoint.pattern)]?[endpoint.method.lowercased()] as? [String: Any]
            #expect(operation?["operationId"] as? String == endpoint.rawValue, "\(key)")
            // A session is required unless the operation lists no requirement, or an empty one
            // (OpenAPI's "optional": `[{}, {"bearerAuth": []}]`).
            let requirements = (operation?["security"] as? [[String: Any]])
            let secured =
                requirements.map { !$0.isEmpty && !$0.contains { $0.isEmpty } } ?? (document["security"] != nil)
            #expect(secured == endpoint.requiresSession, "\(key) is described as needing a session or not")
            let parameters = (operation?["parameters"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
            let responses = operation?["responses"] as? [String: Any] ?? [:]
            #expect(
                parameters.contains("#/components/parameters/HobbyStory-Protocol") == endpoint.checksProtocolVersion
                    && (responses["426"] != nil) == endpoint.checksProtocolVersion,
                "\(key) is described as holding the client's protocol version or not")
        }
        // What the router adds beyond the table: HEAD on a GET route, and the directory writes it refuses.
        expected.insert("HEAD \(Self.openAPIPath(PortalEndpoint.media.pattern))")
        expected.insert("HEAD \(Self.openAPIPath(PortalEndpoint.mapPackFile.pattern))")
        for method in ["POST", "PUT", "PATCH", "DELETE"] {
            expected.insert("\(method) \(PortalEndpoint.directories.pattern)")
        }
        #expect(described == expected)
    }

    @Test(
        "Given the typed endpoints, when compared with the OpenAPI document, then each one's body, query, answer and success status are the document's"
    )
    func typedEndpointsMatchDocument() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: OpenAPIDocument.data()) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        func reference(_ schema: Any?) -> String? {
            guard let schema = schema as? [String: Any] else { return nil }
            if let ref = schema["$ref"] as? String { return String(ref.split(separator: "/").last ?? "") }
            if schema["type"] as? String == "array", let element = reference(schema["items"]) { return "[\(element)]" }
            return "?"
        }
        #expect(Set(PortalAPI.contracts.map(\.endpoint)).count == PortalAPI.contracts.count)
        for contract in PortalAPI.contracts {
            let endpoint = contract.endpoint
            let key = "\(endpoint.method) \(endpoint.pattern)"
            let operation = try #require(
                paths[Self.openAPIPath(endpoint.pattern)]?[endpoint.method.lowercased()] as? [String: Any], "\(key)")
            let requestBody = (operation["requestBody"] as? [String: Any])?["content"] as? [String: Any]
            #expect(
                reference((requestBody?["application/json"] as? [String: Any])?["schema"]) == contract.body, "\(key)")
            let responses = operation["responses"] as? [String: Any] ?? [:]
            let success = responses.keys.filter { $0.hasPrefix("2") }
            #expect(success == ["\(contract.successStatus)"], "\(key) answers \(contract.successStatus)")
            let content = (responses["\(contract.successStatus)"] as? [String: Any])?["content"] as? [String: Any]
            #expect(reference((content?["application/json"] as? [String: Any])?["schema"]) == contract.answer, "\(key)")
            let queryNames = (operation["parameters"] as? [[String: Any]] ?? []).filter {
                $0["in"] as? String == "query"
            }
            .compactMap { $0["name"] as? String }
            #expect(queryNames == contract.query, "\(key) reads the query its type reads")
        }
        // The JSON endpoints without a type in PortalAPI: the portal's own documents and the
        // open map data, whose types are not the wire's.
        let untyped = Set(PortalEndpoint.allCases).subtracting(PortalAPI.contracts.map(\.endpoint))
        let untypedJSON = untyped.filter { endpoint in
            let operation = paths[Self.openAPIPath(endpoint.pattern)]?[endpoint.method.lowercased()] as? [String: Any]
            let responses = operation?["responses"] as? [String: [String: Any]] ?? [:]
            return responses.values.contains { ($0["content"] as? [String: Any])?["application/json"] != nil }
        }
        #expect(untypedJSON == [.health, .openAPI, .mapPacks, .route])
    }

    @Test(
        "Given every endpoint asked without a token or with a malformed protocol version, when answered, then the session and the version are checked exactly where the route table says"
    )
    func routerReadsTheTable() async throws {
        let portal = try PortalHarness(.sqlite)
        for endpoint in PortalEndpoint.allCases {
            let target = endpoint.target(
                Dictionary(
                    uniqueKeysWithValues: endpoint.pattern.split(separator: "/").filter { $0.hasPrefix(":") }
                        .map { (String($0.dropFirst()), "1") }))
            let method = HTTPMethod(rawValue: endpoint.method)
            let unsigned = try await portal.client.send(method, target)
            #expect(
                (unsigned.status == .unauthorized) == endpoint.requiresSession,
                "\(endpoint) without a token: \(unsigned.status) \(unsigned.text.prefix(80))")
            let malformed = try await portal.client.send(method, target, headers: [SyncProtocolVersion.header: "x"])
            // A HEAD's answer has no body to name its problem: its status says it.
            let versionRefused =
                method == .head
                ? malformed.status == .badRequest : malformed.problem?.code == ProblemCode.invalidProtocol.rawValue
            #expect(
                versionRefused == endpoint.checksProtocolVersion,
                "\(endpoint) with a malformed protocol version: \(malformed.status)")
        }
    }

    @Test(
        "Given endpoints with path parameters and queries, when a client builds targets, then values are encoded and parse back"
    )
    func targets() throws {
        #expect(PortalEndpoint.media.target(["sha256": "ab"]) == "/v1/media/ab")
        #expect(PortalEndpoint.appendUpload.target(["id": "a/b c"]) == "/v1/uploads/a%2Fb%20c")
        let pull = PullQuery(cursor: SyncCursor(seq: 42, fullPass: true), limit: 7)
        #expect(
            PortalEndpoint.pull.target(query: pull.items)
                == "/v1/sync/pull?cursor=v1.full.42&limit=7&kinds=spot%2Ctrip%2Ccatch%2Cmedia%2Creport")
        let values = Dictionary(uniqueKeysWithValues: pull.items.map { ($0.name, $0.value) })
        #expect(try PullQuery { values[$0] ?? nil } == pull)
        let history = HistoryQuery(id: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"), before: 9)
        #expect(
            PortalEndpoint.history.target(query: history.items)
                == "/v1/history?id=6f9619ff-8b86-d011-b42d-00c04fc964ff&before=9")
        #expect(throws: QueryError.self) { try PullQuery { $0 == "limit" ? "0" : nil } }
        #expect(
            PortalEndpoint.pull.target(query: PullQuery(cursor: SyncCursor(seq: 0), kinds: [.trip, .spot]).items)
                == "/v1/sync/pull?cursor=v1.0&limit=500&kinds=spot%2Ctrip")
        #expect(throws: QueryError.self) { try HistoryQuery { $0 == "before" ? "-1" : nil } }
    }

    @Test(
        "Given Range headers of every shape, when parsed for 1000 bytes, then unknown or malformed ones are ignored, huge numbers never trap"
    )
    func ranges() {
        let size: Int64 = 1_000
        #expect(ByteRange.parse("bytes=0-99", size: size) == .part(0..<100))
        #expect(ByteRange.parse("bytes=900-", size: size) == .part(900..<1_000))
        #expect(ByteRange.parse("bytes=-10", size: size) == .part(990..<1_000))
        #expect(ByteRange.parse("bytes=-0", size: size) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=1000-", size: size) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=0-99999999999999999999", size: size) == .part(0..<1_000))
        #expect(ByteRange.parse("bytes=99999999999999999999-", size: size) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-99999999999999999999", size: size) == .part(0..<1_000))
        #expect(ByteRange.parse("items=0-1", size: size) == .whole)
        #expect(ByteRange.parse("bytes=+1-2", size: size) == .whole)
        #expect(ByteRange.parse("bytes=5-2", size: size) == .whole)
        #expect(ByteRange.parse("bytes=0-1,5-6", size: size) == .whole)
        #expect(ByteRange.parse("bytes=-", size: size) == .whole)
        #expect(ByteRange.parse("bytes=0-1", size: 0) == .unsatisfiable)
    }

    @Test("Given portal addresses, when checked, then https anywhere and plain http only to this machine are accepted")
    func portalAddresses() {
        for accepted in [
            "https://portal.example.org", "https://10.0.0.5:8443", "http://127.0.0.1:8080", "http://[::1]:80",
            "http://localhost:8080",
        ] {
            #expect(PortalAddress.problem(with: accepted) == nil, "\(accepted)")
        }
        for refused in [
            "http://portal.example.org", "http://10.0.0.5", "http://127.0.0.1.evil.example", "ftp://portal.example.org",
            "portal", "",
        ] {
            #expect(PortalAddress.problem(with: refused) != nil, "\(refused)")
        }
    }
}
