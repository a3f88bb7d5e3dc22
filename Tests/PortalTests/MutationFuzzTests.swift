import Foundation
import SecureHashing
import SyncProtocol
import TestSupport
import Testing

@testable import HTTPServer
@testable import Portal
@testable import PortalStore

/// Seeded-mutation fuzzing of what a client controls (T3 hostile input): every JSON body the
/// portal decodes, and request heads — framing, targets, queries, ranges, tus metadata — first
/// through the parsing functions alone (100 000s of inputs), then whole requests through the
/// portal in process and over real sockets. Seeds are the committed corpus in `FuzzCorpus/`;
/// a failure prints the mutator's seed and the input, so it can be replayed.
@Suite("Seeded-mutation fuzzing of bodies and request heads", .serialized, .timeLimit(.minutes(5)))
struct MutationFuzzTests {
    static let corpus = packageRoot.appendingPathComponent("Tests/PortalTests/FuzzCorpus")

    static func seeds(_ folder: String) throws -> [[UInt8]] {
        let url = corpus.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        return try names.map { Array(try Data(contentsOf: url.appendingPathComponent($0))) }
    }

    /// A raw head as the server would hand it on: method, target and header fields.
    static func parseHead(_ bytes: [UInt8]) -> (method: String, target: String, headers: HTTPHeaders)? {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard requestLine.count >= 2 else { return nil }
        var headers = HTTPHeaders()
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (String(requestLine[0]), String(requestLine[1]), headers)
    }

    @Test(
        "Given 120 000 mutated JSON bodies, when every decoder the portal exposes reads them, then each is decoded or refused with a 4xx problem, and decoded pushes are judged without trapping"
    )
    func jsonDecoders() async throws {
        var mutator = SeededMutator(seed: 0x5EED_0001, seeds: try Self.seeds("json"))
        var decoded = 0
        for round in 0..<120_000 {
            let body = Data(mutator.next())
            let request = HTTPRequest(
                method: .post, target: "/", headers: ["Content-Type": "application/json"], body: .buffered(body))
            do {
                switch round % 3 {
                case 0: _ = try await request.decodeJSON(SignUpRequest.self)
                case 1: _ = try await request.decodeJSON(SignInRequest.self)
                default:
                    let push = try await request.decodeJSON(PushRequest.self)
                    for mutation in push.mutations { _ = PortalStore.problem(in: mutation) }
                }
                decoded += 1
            } catch let error as HTTPError {
                #expect(
                    (400..<500).contains(error.status.code),
                    "round \(round): \(error) for \(String(decoding: body.prefix(200), as: UTF8.self))")
            }
        }
        print("fuzzed JSON bodies: \(decoded) of 120000 decoded")
        #expect(decoded > 1_000, "the mutations keep enough inputs valid to reach the checks behind decoding")
    }

    @Test(
        "Given 100 000 mutated request heads, when framing, targets, queries, ranges, tus metadata and cursors are read, then nothing traps and every refusal is a 4xx"
    )
    func requestHeads() throws {
        var mutator = SeededMutator(seed: 0x5EED_0002, seeds: try Self.seeds("heads"))
        var parsed = 0
        for round in 0..<100_000 {
            let head = mutator.next(maximumBytes: 4_096)
            guard let (method, target, headers) = Self.parseHead(head) else { continue }
            parsed += 1
            if let problem = RequestFraming.problem(in: headers) {
                #expect([400, 501].contains(problem.status.code), "round \(round)")
            }
            let request = HTTPRequest(method: HTTPMethod(rawValue: method), target: target, headers: headers)
            let value: (String) throws -> String? = { try request.queryValue($0) }
            _ = try? request.pathSegments
            _ = try? PullQuery(value)
            _ = try? HistoryQuery(value)
            if let range = headers["Range"] {
                if case .part(let part) = ByteRange.parse(range, size: 1_000) {
                    #expect(
                        part.lowerBound >= 0 && part.upperBound <= 1_000 && !part.isEmpty, "round \(round): \(range)")
                }
            }
            _ = try? MediaEndpoints.uploadMetadata(headers["Upload-Metadata"] ?? "")
            _ = headers["Upload-Length"].flatMap { Int64($0) }.map {
                PortalMediaStore.fits($0, used: 1 << 20, quota: 1 << 30)
            }
            _ = SyncCursor(token: headers["Authorization"] ?? "")
        }
        #expect(parsed > 60_000)
    }

    @Test(
        "Given 4 000 mutated requests with a valid token, when the portal answers them in process, then none is a 5xx and every problem carries its request id",
        arguments: Backend.available)
    func wholeRequests(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        _ = try portal.store.accounts.signUp(email: "fuzz@example.org", password: "correct horse")
        let token = try portal.store.accounts.signIn(
            email: "fuzz@example.org", password: "correct horse", deviceId: UUID(), deviceName: "fuzz"
        ).token
        var heads = SeededMutator(seed: 0x5EED_0003, seeds: try Self.seeds("heads"))
        var bodies = SeededMutator(seed: 0x5EED_0004, seeds: try Self.seeds("json"))
        for round in 0..<4_000 {
            let raw = String(decoding: heads.next(maximumBytes: 4_096), as: UTF8.self)
                .replacingOccurrences(of: "TOKEN", with: token)
            guard let (method, target, headers) = Self.parseHead(Array(raw.utf8)) else { continue }
            let body = Data(bodies.next())
            let response = try await portal.client.send(
                HTTPMethod(rawValue: method), target, headers: headers, body: round % 2 == 0 ? body : nil)
            #expect(response.status.code < 500, "round \(round): \(method) \(target.prefix(120)) → \(response.status)")
            if let problem = response.problem { #expect(!problem.requestId.isEmpty) }
        }
    }

    @Test(
        "Given 600 mutated raw requests over real sockets, when the portal's server reads them, then every answer is well-formed and none a server error, and it keeps serving"
    )
    func rawSockets() async throws {
        let harness = try PortalHarness(.sqlite)
        let server = try HTTPServer.start(
            PortalApplication(store: harness.store).application(),
            configuration: .init(connectionTimeout: .seconds(2), headerTimeout: .seconds(1)))
        var mutator = SeededMutator(seed: 0x5EED_0005, seeds: try Self.seeds("heads") + Self.seeds("json"))
        let inputs = (0..<600).map { _ in mutator.next(maximumBytes: 8_192) }
        for batch in stride(from: 0, to: inputs.count, by: 60) {
            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for input in inputs[batch..<min(batch + 60, inputs.count)] {
                    group.addTask {
                        let connection = try await SocketConnection.open(
                            host: "127.0.0.1", port: server.port, timeout: .seconds(5))
                        defer { connection.close() }
                        return try await connection.perform { connection in
                            try? connection.write(Data(input))
                            return String(decoding: (try? connection.readUntilClosed()) ?? Data(), as: UTF8.self)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for answer in answers where !answer.isEmpty {
                #expect(answer.hasPrefix("HTTP/1.1 "), "\(answer.prefix(80))")
                // 501 is the documented refusal of a transfer coding other than chunked.
                #expect(!answer.hasPrefix("HTTP/1.1 5") || answer.hasPrefix("HTTP/1.1 501"), "\(answer.prefix(300))")
            }
        }
        let health = try await HTTPSocketClient(port: server.port).send(.get, PortalEndpoint.health.pattern)
        #expect(health.status == .ok)
        await server.stop()
    }
}
