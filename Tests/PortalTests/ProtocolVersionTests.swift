import DiaryStore
import FishingModel
import Foundation
import HTTPProblem
import HTTPServer
import SyncClient
import SyncProtocol
import Synchronization
import Testing

/// An app already on anglers' phones against a portal that moved on (T3; issue 31 §3): pulls
/// carry only the kinds the client knows, a diary that learns a kind pulls it in a full pass,
/// and a client older than the portal serves is told to update with nothing lost.
@Suite("The sync protocol's version and the kinds a client knows", .timeLimit(.minutes(2)))
struct ProtocolVersionTests {
    /// Passes requests on and keeps their targets.
    final class RecordingTransport: SyncTransport {
        let inner: any SyncTransport
        let targets = Mutex<[String]>([])

        init(inner: any SyncTransport) { self.inner = inner }

        func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
            targets.withLock { $0.append(request.target) }
            return try await inner.send(request)
        }
    }

    @Test(
        "Given a portal that serves protocol 2 onward, when a client pinned to protocol 1 syncs, then it is told to update and every change stays pending",
        arguments: Backend.available)
    func tooOldClient(backend: Backend) async throws {
        let portal = try PortalHarness(backend, oldestProtocol: 2)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        try phone.logTrip(catches: 2)
        let pending = try phone.diary.outbox.pending().count
        phone.sync.api.protocolVersion = 1

        await #expect(throws: SyncError.self) {
            do {
                try await phone.synchronise()
            } catch SyncError.updateRequired(let detail) {
                #expect(detail.contains("Update the app"))
                throw SyncError.updateRequired(detail)
            }
        }
        #expect(try phone.diary.outbox.pending().count == pending, "nothing was sent or dropped")
        #expect(try phone.diary.outbox.rejections().isEmpty)

        phone.sync.api.protocolVersion = SyncProtocolVersion.current
        let report = try await phone.synchronise()
        #expect(report.pushed == pending, "the same changes go through once the app is updated")
    }

    @Test(
        "Given every endpoint, when called by a client of a protocol the portal no longer serves, then exactly the app's account and sync endpoints answer 426 protocol_too_old with Upgrade"
    )
    func gateCoversTheProtocolsEndpoints() async throws {
        let portal = try PortalHarness(.sqlite, oldestProtocol: 2)
        let parameters = [
            "id": UUID().uuidString, "sha256": String(repeating: "a", count: 64), "name": "x", "file": "y",
            "pack": "x", "z": "1", "x": "1", "y": "1",
        ]
        for endpoint in PortalEndpoint.allCases {
            let response = try await portal.client.send(
                HTTPMethod(rawValue: endpoint.method), endpoint.target(parameters),
                headers: [SyncProtocolVersion.header: "1"])
            let refused = response.status.code == 426
            #expect(refused == endpoint.checksProtocolVersion, "\(endpoint)")
            if refused {
                #expect(response.headers["Upgrade"] == "HobbyStory-Protocol/\(SyncProtocolVersion.current)")
            }
            if refused, endpoint.method != "HEAD" {
                #expect(ProblemDetails.decoded(from: response.body)?.problemCode == .protocolTooOld)
            }
        }
        let unversioned = try await portal.client.send(.get, PortalEndpoint.pull.target())
        #expect(unversioned.status.code == 426, "a request without the header is version 1")
        for bad in ["", "two", "-1", "0", "12345", "1.5"] {
            let response = try await portal.client.send(
                .get, PortalEndpoint.pull.target(), headers: [SyncProtocolVersion.header: bad])
            #expect(response.status == .badRequest, "\(bad)")
            #expect(ProblemDetails.decoded(from: response.body)?.code == "invalid_protocol")
        }
    }

    @Test(
        "Given a portal of today, when a client of protocol 1 (no header, no kinds) syncs beside a current one, then it is served the first kinds and both converge",
        arguments: Backend.available)
    func firstProtocolStillServed(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        try phone.logTrip(catches: 3)
        try await phone.synchronise()
        let recording = RecordingTransport(inner: portal.transport())
        tablet.sync = SyncEngine(transport: recording, sleep: { _ in })
        tablet.sync.api.protocolVersion = 1

        let report = try await tablet.synchronise()
        #expect(report.pulled == 5)
        #expect(try tablet.contents() == phone.contents())
        let pulls = recording.targets.withLock { $0 }.filter { $0.hasPrefix(PortalEndpoint.pull.pattern) }
        #expect(!pulls.isEmpty && pulls.allSatisfy { !$0.contains("kinds=") })
        let current = try await phone.synchronise()
        #expect(current.pulled == 0 && current.conflicts == 0)
    }

    @Test(
        "Given a build that knew only spots and trips, when the diary is updated to a build that knows catches, then a full pass brings the catches made before the update, once",
        arguments: Backend.available)
    func learningAKindPullsItInAFullPass(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        try phone.logTrip(catches: 3)
        try await phone.synchronise()

        tablet.sync.knownKinds = [.spot, .trip]
        let older = try await tablet.synchronise()
        #expect(older.pulled == 2, "the spot and the trip, and none of the catches")
        #expect(try tablet.diary.catches.list().isEmpty)
        let account = try #require(try tablet.diary.sync.account())
        #expect(account.pulledKinds == [.spot, .trip])
        let nothingNew = try await tablet.synchronise()
        #expect(nothingNew.pulled == 0, "the cursor passed the catches for good")

        tablet.sync.knownKinds = Set(RecordKind.allCases)
        let updated = try await tablet.synchronise()
        #expect(updated.pulled == 3, "the catches, and nothing the diary already held")
        #expect(try tablet.contents() == phone.contents())
        #expect(try tablet.diary.sync.account()?.pulledKinds == Set(RecordKind.allCases))
        #expect(try tablet.diary.outbox.pending().isEmpty)
        let again = try await tablet.synchronise()
        #expect(again.pulled == 0)
    }

    @Test(
        "Given pull queries naming kinds, when read, then unknown names are passed over and malformed lists refused as invalid_kinds"
    )
    func kindsQuery() throws {
        func read(_ kinds: String?) throws -> PullQuery { try PullQuery { $0 == "kinds" ? kinds : nil } }
        #expect(try read(nil).servedKinds == RecordKind.firstProtocolKinds)
        #expect(try read("spot,whale_sightings").kinds == [.spot])
        #expect(try read("catch,catch").kinds == [.catch])
        let tooMany = Array(repeating: "spot", count: PullQuery.maximumKindNames + 1).joined(separator: ",")
        for bad in ["", "Spot", "spot,", ",spot", "spot trip", String(repeating: "a", count: 33), tooMany] {
            #expect(throws: QueryError.self, "\(bad)") { try read(bad) }
            do { _ = try read(bad) } catch let error as QueryError { #expect(error.code == .invalid("kinds")) }
        }
    }
}
