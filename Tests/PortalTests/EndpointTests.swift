import DiaryStore
import DirectoryData
import FishingModel
import Foundation
import HTTPServer
import PortalStore
import SyncClient
import SyncProtocol
import TestSupport
import Testing

@testable import Portal

/// The portal's HTTP surface (T3, T5, T12): who may call what, and what hostile input gets.
@Suite("Portal endpoints: authorization, hostile input, directories, statistics", .timeLimit(.minutes(2)))
struct EndpointTests {
    /// Signs up and in over HTTP; returns the bearer header.
    func session(_ portal: PortalHarness, _ email: String, device: UUID = UUID()) async throws -> HTTPHeaders {
        _ = try await portal.client.send(
            .post, PortalEndpoint.signUp.pattern, json: SignUpRequest(email: email, password: "correct horse"))
        let response = try await portal.client.send(
            .post, PortalEndpoint.signIn.pattern,
            json: SignInRequest(email: email, password: "correct horse", deviceId: device, deviceName: "test"))
        #expect(response.status.code == 201, "\(response.text)")
        let token = try response.decode(SessionResponse.self).token
        return ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
    }

    func mutation(_ id: UUID, mutationId: Int64, name: String) -> RecordMutation {
        RecordMutation(
            mutationId: mutationId, kind: .spot, id: id, operation: .upsert, modifiedAt: 1_780_000_000_000, baseSeq: 0,
            fields: [
                "id": .text(id.uuidString.lowercased()), "name": .text(name), "latitude": .real(56),
                "longitude": .real(37), "created_at": .integer(1), "updated_at": .integer(1),
            ])
    }

    @Test(
        "Given no token or a bad one, when any data endpoint is called, then 401 problem JSON",
        arguments: Backend.available)
    func unauthenticated(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let endpoints: [(HTTPMethod, String)] = [
            (.get, PortalEndpoint.pull.pattern), (.post, PortalEndpoint.push.pattern),
            (.get, PortalEndpoint.history.pattern),
            (.get, PortalEndpoint.directories.pattern), (.get, PortalEndpoint.adminStats.pattern),
            (.delete, PortalEndpoint.signOut.pattern),
            (.get, "/v1/accounts/me"),
        ]
        for (method, path) in endpoints {
            for header in [nil, "Bearer nonsense", "Bearer " + String(repeating: "a", count: 64), "Basic x"] {
                var headers: HTTPHeaders = [:]
                if let header { headers["Authorization"] = header }
                let response = try await portal.client.send(method, path, headers: headers)
                #expect(response.status.code == 401, "\(method) \(path) with \(header ?? "nothing")")
                #expect(response.problem?.code == "unauthorized")
            }
        }
    }

    @Test(
        "Given a spot edited seven times, when its history is read in pages of four, then every version comes once, newest first",
        arguments: Backend.available)
    func historyPages(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let anna = try await session(portal, "anna@example.org")
        let spot = UUID()
        for edit in 1...7 {
            let pushed = try await portal.client.send(
                .post, PortalEndpoint.push.pattern, headers: anna,
                json: PushRequest(mutations: [mutation(spot, mutationId: Int64(edit), name: "Spot, edit \(edit)")]))
            #expect(try pushed.decode(PushResponse.self).results.first?.status == .applied)
        }
        func page(_ query: String) async throws -> HistoryResponse {
            try await portal.client.send(
                .get, "\(PortalEndpoint.history.pattern)?id=\(spot)&limit=4\(query)", headers: anna
            )
            .decode(HistoryResponse.self)
        }
        let first = try await page("")
        #expect(first.entries.compactMap { $0.fields?["name"] } == (3...6).reversed().map { .text("Spot, edit \($0)") })
        let before = try #require(first.nextBefore)
        let second = try await page("&before=\(before)")
        #expect(second.entries.compactMap { $0.fields?["name"] } == [.text("Spot, edit 2"), .text("Spot, edit 1")])
        #expect(second.nextBefore == nil)
        for bad in ["&before=0", "&before=x", "&limit=0", "&limit=501"] {
            let refused = try await portal.client.send(
                .get, "\(PortalEndpoint.history.pattern)?id=\(spot)\(bad)", headers: anna)
            #expect(refused.status.code == 400, "\(bad)")
        }
    }

    @Test(
        "Given a history retention of 30 days, when the history is trimmed, then older replaced versions go and purged tombstones stay",
        arguments: Backend.available)
    func historyRetention(backend: Backend) async throws {
        let harness = try PortalHarness(backend)
        var store = harness.store
        store.historyRetention = 30 * 86_400
        let portal = try PortalHarness(sharing: harness, store: store)
        let anna = try await session(portal, "anna@example.org")
        let spot = UUID()
        for edit in 1...3 {
            _ = try await portal.client.send(
                .post, PortalEndpoint.push.pattern, headers: anna,
                json: PushRequest(mutations: [mutation(spot, mutationId: Int64(edit), name: "Spot, edit \(edit)")]))
        }
        var deletion = mutation(spot, mutationId: 4, name: "")
        deletion.operation = .delete
        deletion.fields = nil
        _ = try await portal.client.send(
            .post, PortalEndpoint.push.pattern, headers: anna, json: PushRequest(mutations: [deletion]))
        let account = try await portal.client.send(.get, "/v1/accounts/me", headers: anna)
            .decode(AccountResponse.self).accountId
        #expect(try store.records.history(account: account).count == 3)
        #expect(try store.records.trimHistory() == 0, "nothing is older than 30 days yet")

        portal.clock.advance(by: RecordStore.tombstoneHorizon + 86_400)
        #expect(try store.records.purgeTombstones() == 1)
        #expect(try store.records.trimHistory() == 3)
        portal.clock.advance(by: 31 * 86_400)
        #expect(try store.records.trimHistory() == 0)
        #expect(try store.records.history(account: account).map(\.reason) == ["purged"])
    }

    @Test(
        "Given two accounts, when each uses every endpoint, then neither can read or change the other's records",
        arguments: Backend.available)
    func accountIsolation(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let anna = try await session(portal, "anna@example.org")
        let boris = try await session(portal, "boris@example.org")
        let spot = UUID()
        let pushed = try await portal.client.send(
            .post, PortalEndpoint.push.pattern, headers: anna,
            json: PushRequest(mutations: [mutation(spot, mutationId: 1, name: "Anna's secret spot")]))
        #expect(try pushed.decode(PushResponse.self).results.first?.status == .applied)

        let borisPull = try await portal.client.send(.get, PortalEndpoint.pull.pattern, headers: boris)
        #expect(try borisPull.decode(PullResponse.self).changes.isEmpty)
        let borisHistory = try await portal.client.send(
            .get, "\(PortalEndpoint.history.pattern)?id=\(spot)", headers: boris)
        #expect(try borisHistory.decode(HistoryResponse.self).entries.isEmpty)
        // Boris pushing the same id writes his own record, never Anna's.
        let overwrite = try await portal.client.send(
            .post, PortalEndpoint.push.pattern, headers: boris,
            json: PushRequest(mutations: [mutation(spot, mutationId: 1, name: "Boris was here")]))
        #expect(overwrite.status.code == 200)
        let annaPull = try await portal.client.send(.get, PortalEndpoint.pull.pattern, headers: anna)
        let annas = try annaPull.decode(PullResponse.self).changes
        #expect(annas.count == 1)
        #expect(annas.first?.fields?["name"] == .text("Anna's secret spot"))
        let annaHistory = try await portal.client.send(.get, PortalEndpoint.history.pattern, headers: anna)
        #expect(try annaHistory.decode(HistoryResponse.self).entries.isEmpty)
        let me = try await portal.client.send(.get, "/v1/accounts/me", headers: boris)
        #expect(try me.decode(AccountResponse.self).email == "boris@example.org")
        let stats = try await portal.client.send(.get, PortalEndpoint.adminStats.pattern, headers: boris)
        #expect(stats.status.code == 403, "statistics are for administrators")
    }

    @Test("Given a signed-out token, when it is used again, then 401", arguments: Backend.available)
    func signOut(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let anna = try await session(portal, "anna@example.org")
        #expect(try await portal.client.send(.delete, PortalEndpoint.signOut.pattern, headers: anna).status.code == 204)
        #expect(try await portal.client.send(.get, PortalEndpoint.pull.pattern, headers: anna).status.code == 401)
    }

    @Test(
        "Given hostile bodies and queries, when sent, then each gets a 4xx problem and the portal keeps serving",
        arguments: Backend.available)
    func hostileInput(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let anna = try await session(portal, "anna@example.org")
        let bodies: [(String, String)] = [
            ("{", "malformed_json"),
            (#"{"mutations": "lots"}"#, "invalid_field"),
            (#"{"mutations": [{"mutationId": "one"}]}"#, "invalid_field"),
            (
                #"{"mutations": [{"mutationId": 1, "kind": "species", "id": "6f1c2d9e-0000-4000-8000-000000000001", "operation": "upsert", "modifiedAt": 1, "baseSeq": 0, "fields": {"name": "Whale"}}]}"#,
                "invalid_field"
            ),
            (
                #"{"mutations": [{"mutationId": 1, "kind": "spot", "id": "not-a-uuid", "operation": "upsert", "modifiedAt": 1, "baseSeq": 0}]}"#,
                "invalid_field"
            ),
            (
                #"{"mutations": [{"mutationId": 1, "kind": "spot", "id": "6f1c2d9e-0000-4000-8000-000000000001", "operation": "explode", "modifiedAt": 1, "baseSeq": 0}]}"#,
                "invalid_field"
            ),
        ]
        for (body, code) in bodies {
            let response = try await portal.client.send(
                .post, PortalEndpoint.push.pattern, headers: anna, body: Data(body.utf8))
            #expect(response.status.code == 400, "\(body)")
            #expect(response.problem?.code == code, "\(body): \(response.text)")
        }
        let huge = Data(repeating: UInt8(ascii: " "), count: SyncLimits.pushBodyBytes + 1)
        #expect(
            try await portal.client.send(.post, PortalEndpoint.push.pattern, headers: anna, body: huge).status.code
                == 413)
        let injected = mutation(UUID(), mutationId: 5, name: "'); DROP TABLE records; --")
        var sneaky = mutation(UUID(), mutationId: 6, name: "x")
        sneaky.fields?["name; DROP TABLE records"] = .text("x")
        let mixed = try await portal.client.send(
            .post, PortalEndpoint.push.pattern, headers: anna, json: PushRequest(mutations: [injected, sneaky]))
        let results = try mixed.decode(PushResponse.self).results
        #expect(results.map(\.status) == [.applied, .rejected])
        #expect(results[1].reason?.contains("not allowed") == true)
        for query in ["cursor=v2.5", "cursor=v1.-1", "cursor=%00", "limit=0", "limit=100000", "limit=ten"] {
            let response = try await portal.client.send(.get, "\(PortalEndpoint.pull.pattern)?\(query)", headers: anna)
            #expect(response.status.code == 400, "\(query)")
        }
        #expect(
            try await portal.client.send(.get, "\(PortalEndpoint.history.pattern)?id=1%27%20OR%201=1", headers: anna)
                .status.code
                == 400)
        let pulled = try await portal.client.send(.get, PortalEndpoint.pull.pattern, headers: anna)
        #expect(
            try pulled.decode(PullResponse.self).changes.first?.fields?["name"] == .text("'); DROP TABLE records; --"))
        #expect(try await portal.client.send(.get, PortalEndpoint.health.pattern).status.code == 200)
    }

    @Test(
        "Given bad sign-up input, when sent, then the problem names the field and nothing is created",
        arguments: Backend.available)
    func badSignUp(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let cases: [(String, String, String)] = [
            ("not-an-email", "correct horse", "invalid_email"), ("a@b.org", "short", "invalid_password"),
        ]
        for (email, password, code) in cases {
            let response = try await portal.client.send(
                .post, PortalEndpoint.signUp.pattern, json: SignUpRequest(email: email, password: password))
            #expect(response.status.code == 400)
            #expect(response.problem?.code == code)
        }
        _ = try await session(portal, "anna@example.org")
        let again = try await portal.client.send(
            .post, PortalEndpoint.signUp.pattern,
            json: SignUpRequest(email: "ANNA@example.org", password: "another one"))
        #expect(again.status.code == 409)
        #expect(try portal.store.accounts.stats().accounts == 1)
    }

    @Test(
        "Given five wrong passwords, when a sixth attempt comes, then 429 until the window passes",
        arguments: Backend.available)
    func rateLimit(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        _ = try await session(portal, "anna@example.org")
        func attempt(_ password: String) async throws -> Int {
            try await portal.client.send(
                .post, PortalEndpoint.signIn.pattern,
                json: SignInRequest(email: "anna@example.org", password: password, deviceId: UUID(), deviceName: "x")
            ).status.code
        }
        for _ in 0..<5 { #expect(try await attempt("wrong guess") == 401) }
        #expect(try await attempt("correct horse") == 429, "even the right password waits")
        portal.clock.advance(by: 16 * 60)
        #expect(try await attempt("correct horse") == 201)
    }

    @Test(
        "Given a portal behind a trusted proxy, when clients sign up through it, then each client has its own limit and a forged X-Forwarded-For changes nothing"
    )
    func signUpsBehindAProxy() async throws {
        let portal = try PortalHarness(.sqlite)
        let client = HTTPTestClient(
            PortalApplication(
                store: portal.store,
                signUpLimiter: AttemptLimiter(maximumFailures: 2, window: 3_600, clock: portal.clock.function),
                trustedProxies: ["10.0.0.1"]
            ).application())
        var index = 0
        func signUp(from peer: String, forwardedFor: String?...) async throws -> Int {
            index += 1
            var headers: HTTPHeaders = [:]
            for line in forwardedFor { if let line { headers.add("X-Forwarded-For", line) } }
            return try await client.send(
                .post, PortalEndpoint.signUp.pattern, headers: headers,
                json: SignUpRequest(email: "angler\(index)@example.org", password: "correct horse"),
                remoteAddress: peer
            ).status.code
        }
        for _ in 0..<2 { #expect(try await signUp(from: "10.0.0.1", forwardedFor: "203.0.113.7") == 201) }
        #expect(try await signUp(from: "10.0.0.1", forwardedFor: "203.0.113.7") == 429)
        #expect(
            try await signUp(from: "10.0.0.1", forwardedFor: "198.51.100.9, 203.0.113.7") == 429,
            "what the client wrote before the proxy's entry is not believed")
        #expect(
            try await signUp(from: "10.0.0.1", forwardedFor: "198.51.100.50", "203.0.113.7") == 429,
            "a line the client sent before the proxy's own line is not believed either")
        #expect(try await signUp(from: "10.0.0.1", forwardedFor: "203.0.113.7:61000") == 429, "a port changes nothing")
        #expect(try await signUp(from: "10.0.0.1", forwardedFor: "198.51.100.9") == 201, "another client")
        for _ in 0..<2 { #expect(try await signUp(from: "192.0.2.5", forwardedFor: "192.0.2.77") == 201) }
        #expect(
            try await signUp(from: "192.0.2.5", forwardedFor: "192.0.2.78") == 429,
            "a peer that is not a trusted proxy is the client, whatever it forwards")
    }

    @Test("Given addresses written with ports, brackets or capitals, when keyed, then each address has one form")
    func canonicalAddresses() {
        #expect(IPAddress.canonical("203.0.113.7:61000") == "203.0.113.7")
        #expect(IPAddress.canonical("[2001:DB8::1]:443") == "2001:db8::1")
        #expect(IPAddress.canonical("2001:0db8:0000::0001") == "2001:db8::1")
        #expect(IPAddress.canonical(" 10.0.0.1 ") == "10.0.0.1")
        #expect(IPAddress.canonical("proxy.example.org") == nil)
        #expect(IPAddress.canonical("10.0.0.0/8") == nil)
    }

    @Test(
        "Given many sign-ups from one address, when the limit is reached, then 429 until the window passes",
        arguments: Backend.available)
    func signUpFlood(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let client = HTTPTestClient(
            PortalApplication(
                store: portal.store,
                signUpLimiter: AttemptLimiter(maximumFailures: 3, window: 3_600, clock: portal.clock.function)
            ).application())
        func signUp(_ index: Int) async throws -> HTTPClientResponse {
            try await client.send(
                .post, PortalEndpoint.signUp.pattern,
                json: SignUpRequest(email: "angler\(index)@example.org", password: "correct horse"))
        }
        for index in 0..<3 { #expect(try await signUp(index).status.code == 201) }
        let refused = try await signUp(3)
        #expect(refused.status.code == 429)
        #expect(refused.problem?.code == "too_many_signups")
        #expect(refused.headers["Retry-After"] != nil)
        portal.clock.advance(by: 3_601)
        #expect(try await signUp(4).status.code == 201)
    }

    @Test(
        "Given an administrator, when statistics are asked, then accounts, devices and active users are counted",
        arguments: Backend.available)
    func statistics(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        try portal.store.accounts.signUp(email: "admin@example.org", password: "correct horse", isAdmin: true)
        let admin = try await portal.client.send(
            .post, PortalEndpoint.signIn.pattern,
            json: SignInRequest(
                email: "admin@example.org", password: "correct horse", deviceId: UUID(), deviceName: "x"))
        let token = try admin.decode(SessionResponse.self).token
        let anna = try await portal.device("phone", email: "anna@example.org", signUp: true)
        try anna.logTrip(catches: 2)
        try await anna.synchronise()
        _ = try await portal.device("tablet", email: "anna@example.org")
        _ = try await portal.device("stranger", email: "boris@example.org", signUp: true)
        let response = try await portal.client.send(
            .get, PortalEndpoint.adminStats.pattern, headers: ["Authorization": "Bearer \(token)"])
        let stats = try response.decode(PortalStats.self)
        #expect(
            stats == PortalStats(accounts: 3, devices: 4, activeLastDay: 1, activeLast7Days: 1, activeLast30Days: 1))
        let metrics = try await portal.client.send(.get, PortalEndpoint.metrics.pattern).text
        #expect(metrics.contains("hobbystory_http_requests_total{route=\"/v1/sync/pull\",status=\"200\"} 1"))
        #expect(metrics.contains("hobbystory_sync_records_total{event=\"pushed\"} 4"))
        #expect(metrics.contains("hobbystory_http_request_duration_seconds_bucket{le=\"+Inf\"}"))
        portal.clock.advance(by: 8 * 86_400)
        #expect(try portal.store.accounts.stats().activeLast7Days == 0)
        #expect(try portal.store.accounts.stats().activeLast30Days == 1)
    }

    @Test(
        "Given the portal's directories, when an admin adds, renames and retires entries, then devices follow and remap their catches",
        arguments: Backend.available)
    func directories(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let (_, _, fish) = try phone.logTrip(catches: 1, species: "esox-lucius")
        let initial = try await phone.synchronise()

        let added = try portal.store.directories.addEntry(
            DirectoryEntry(kind: .species, id: "", nameEn: "Test fish", nameRu: "Тестовая рыба", latin: "Testus piscis")
        )
        #expect(added.id == "testus-piscis")
        try portal.store.directories.renameEntry(.species, id: "esox-lucius", nameEn: "Pike (northern)", nameRu: nil)
        try portal.store.directories.retireEntry(.species, id: "esox-lucius", replacement: "testus-piscis")

        let report = try await phone.synchronise()
        #expect(report.directoryVersion == initial.directoryVersion + 3)
        #expect(try phone.diary.directoryEntry(.species, id: "testus-piscis")?.nameRu == "Тестовая рыба")
        #expect(try phone.diary.directoryEntry(.species, id: "esox-lucius")?.retired == true)
        #expect(try phone.diary.catches.record(fish[0].id).speciesId == "testus-piscis")
        #expect(try phone.diary.outbox.pending().isEmpty, "the remap is not sent back")

        let tablet = try await portal.device("tablet", email: "anna@example.org")
        try await tablet.synchronise()
        #expect(try tablet.diary.catches.record(fish[0].id).speciesId == "testus-piscis")
        let account = try #require(try phone.diary.sync.account()).accountId
        let stored = try portal.store.records.pull(after: SyncCursor(seq: 0), limit: 100, account: account).response()
            .changes
        #expect(
            stored.first { $0.id == fish[0].id }?.fields?["species_id"] == .text("testus-piscis"),
            "remapped on the portal too")

        // A newer bundle brings its new entries and leaves the administrators' changes alone.
        let bundled = try BundledDirectories.load()
        var newer = bundled.entries
        newer[.baits, default: []].append(
            DirectoryEntry(
                kind: .baits, id: "new-bait", nameEn: "New bait", nameRu: "Новая наживка", category: "natural"))
        newer[.species] = newer[.species]?.map {
            var e = $0
            e.nameEn = "overwritten?"
            return e
        }
        let before = try portal.store.directories.current().version
        try portal.store.directories.seed(newer, version: bundled.version + 1)
        let after = try portal.store.directories.current()
        #expect(after.version == before + 1)
        #expect(after.entries.contains { $0.id == "new-bait" })
        #expect(after.entries.first { $0.id == "esox-lucius" }?.nameEn == "Pike (northern)")
        try portal.store.directories.seed(newer, version: bundled.version + 1)
        #expect(
            try portal.store.directories.current().version == before + 1,
            "merging the same bundle again changes nothing")

        let headers = try await session(portal, "boris@example.org")
        for method in [HTTPMethod.post, .put, .patch, .delete] {
            let response = try await portal.client.send(
                method, PortalEndpoint.directories.pattern, headers: headers, body: Data("{}".utf8))
            #expect(response.status.code == 403, "\(method)")
        }
        #expect(throws: PortalStoreError.self) {
            try portal.store.directories.retireEntry(.species, id: "perca-fluviatilis", replacement: "no-such-fish")
        }
    }
}
