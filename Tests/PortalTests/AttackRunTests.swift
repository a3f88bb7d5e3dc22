import Foundation
import HTTPServer
import SQLiteDB
import SyncProtocol
import TestSupport
import Testing

/// A bystander account with a few records, made before an attack run, so the run can show that
/// nothing it did reached another account's data.
struct Bystander {
    let token: String
    let records: Data

    init(_ portal: PortalProcess) async throws {
        let client = HTTPSocketClient(port: portal.port)
        let email = "bystander-\(UUID().uuidString.prefix(8))@example.org"
        _ = try await client.send(
            .post, PortalEndpoint.signUp.pattern, headers: Self.json,
            body: try JSONEncoder().encode(SignUpRequest(email: email, password: "correct horse")))
        let session = try await client.send(
            .post, PortalEndpoint.signIn.pattern, headers: Self.json,
            body: try JSONEncoder().encode(
                SignInRequest(email: email, password: "correct horse", deviceId: UUID(), deviceName: "bystander")))
        token = try session.decode(SessionResponse.self).token
        let mutations = (1...5).map { index in
            let id = UUID()
            return RecordMutation(
                mutationId: Int64(index), kind: .spot, id: id, operation: .upsert,
                modifiedAt: 1_780_000_000_000 + Int64(index), baseSeq: 0,
                fields: ["id": .text(id.uuidString.lowercased()), "name": .text("Bystander's spot \(index)")])
        }
        let pushed = try await client.send(
            .post, PortalEndpoint.push.pattern,
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
            body: try JSONEncoder().encode(PushRequest(mutations: mutations)))
        #expect(pushed.status == .ok)
        records = try await Self.pull(portal, token: token)
    }

    static let json: HTTPHeaders = ["Content-Type": "application/json"]

    static func pull(_ portal: PortalProcess, token: String) async throws -> Data {
        try await HTTPSocketClient(port: portal.port).send(
            .get, PortalEndpoint.pull.target(query: PullQuery(cursor: SyncCursor(seq: 0)).items),
            headers: ["Authorization": "Bearer \(token)"]
        ).body
    }

    /// What every attack run must leave: the process alive and answering, this account's
    /// records as they were, an intact SQLite file, and memory within `maximumRSS`.
    func expectUnharmed(_ portal: PortalProcess, maximumRSS: Int = 512 << 20) async throws {
        #expect(portal.process.isRunning, "the portal process is alive")
        let health = try await HTTPSocketClient(port: portal.port).send(.get, PortalEndpoint.health.pattern)
        #expect(health.status == .ok)
        #expect(try await Self.pull(portal, token: token) == records, "another account's data is unchanged")
        if let file = portal.sqliteFile {
            let database = try Database(path: file.path)
            #expect(try database.scalar("PRAGMA integrity_check").stringValue == "ok")
        }
        let peak = try #require(portal.peakResidentBytes)
        print("portal peak resident memory: \(peak >> 20) MiB")
        #expect(peak < maximumRSS, "peak resident memory \(peak >> 20) MiB")
    }
}

/// Whole attack runs against a real `hobbystory-portal` process on each backend (T3): the API
/// fuzzed through its OpenAPI document, and the hostile client; after each, the bystander
/// checks above.
@Suite("Attack runs against a real portal process", .serialized, .timeLimit(.minutes(6)))
struct AttackRunTests {
    func portal(_ backend: Backend) throws -> PortalProcess {
        try PortalProcess(data: try temporaryFolder("attacked-portal"), databaseURL: try backend.databaseURL())
    }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try externalCommand(arguments)
        return (run.status, String(decoding: run.output + run.errors, as: UTF8.self))
    }

    @Test(
        "Given the portal's own OpenAPI document, when schemathesis fuzzes every operation, then no answer is a 5xx or off its schema, and nothing else is harmed",
        arguments: Backend.available)
    func schemathesis(backend: Backend) async throws {
        let portal = try portal(backend)
        defer { portal.stop() }
        let bystander = try await Bystander(portal)
        let fuzz = try run([
            "python3", packageRoot.appendingPathComponent("tools/api_fuzz.py").path, portal.url, "--max-examples",
            "20", "--seed", "12", "--time-limit", "240",
        ])
        #expect(
            fuzz.status == 0,
            "tools/api_fuzz.py (scripts/install-deps.sh installs schemathesis): \(fuzz.output.suffix(3_000))")
        try await bystander.expectUnharmed(portal)
    }

    @Test(
        "Given a hostile client trying every attack that once worked, when it has run, then each is refused as documented, and nothing else is harmed",
        arguments: Backend.available)
    func hostileClient(backend: Backend) async throws {
        let portal = try portal(backend)
        defer { portal.stop() }
        let bystander = try await Bystander(portal)
        var arguments = [
            "python3", packageRoot.appendingPathComponent("tools/hostile_client.py").path, portal.url, "--pid",
            String(portal.process.processIdentifier), "--log-file", portal.logFile.path,
        ]
        if let file = portal.sqliteFile { arguments += ["--sqlite-file", file.path] }
        let attack = try run(arguments)
        #expect(attack.status == 0, "tools/hostile_client.py: \(attack.output.suffix(4_000))")
        try await bystander.expectUnharmed(portal)
    }
}
