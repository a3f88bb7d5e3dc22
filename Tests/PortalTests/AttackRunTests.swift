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
    /// Starts a portal on `backend`, makes the bystander, runs the attack `script` with
    /// `arguments(portal)` and requires it to pass, then checks that nothing else was harmed.
    func attack(
        _ backend: Backend, with script: String, installedBy hint: String,
        _ arguments: (PortalProcess) -> [String]
    ) async throws {
        let portal = try PortalProcess(
            data: try temporaryFolder("attacked-portal"), databaseURL: try backend.databaseURL())
        defer { portal.stop() }
        let bystander = try await Bystander(portal)
        let run = try externalCommand(
            ["python3", packageRoot.appendingPathComponent(script).path, portal.url] + arguments(portal))
        let output = String(decoding: run.output + run.errors, as: UTF8.self)
        #expect(run.status == 0, "\(script) (\(hint)): \(output.suffix(4_000))")
        try await bystander.expectUnharmed(portal)
    }

    @Test(
        "Given the portal's own OpenAPI document, when schemathesis fuzzes every operation, then no answer is a 5xx or off its schema, and nothing else is harmed",
        arguments: Backend.available)
    func schemathesis(backend: Backend) async throws {
        try await attack(
            backend, with: "tools/api_fuzz.py", installedBy: "scripts/install-deps.sh installs schemathesis"
        ) { _ in
            ["--max-examples", "20", "--seed", "12", "--time-limit", "240"]
        }
    }

    @Test(
        "Given a hostile client trying every attack that once worked, when it has run, then each is refused as documented, and nothing else is harmed",
        arguments: Backend.available)
    func hostileClient(backend: Backend) async throws {
        try await attack(backend, with: "tools/hostile_client.py", installedBy: "standard library only") { portal in
            ["--pid", String(portal.process.processIdentifier), "--log-file", portal.logFile.path]
                + (portal.sqliteFile.map { ["--sqlite-file", $0.path] } ?? [])
        }
    }
}
