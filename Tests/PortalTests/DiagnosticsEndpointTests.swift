import Diagnostics
import DiaryServices
import Foundation
import HTTPServer
import MediaLibrary
import PortalStore
import SyncProtocol
import TestSupport
import Testing

/// Error reports from devices to the portal (T6, issue 18) on both backends: one group per
/// problem across devices and accounts, a report sent twice counted once, regressions reopening
/// a resolved group, the digest and crash-free devices, "Report a problem", retention, and
/// hostile uploads refused without a trace.
@Suite("Error reports on the portal (T6)", .timeLimit(.minutes(3)))
struct DiagnosticsEndpointTests {
    static func description(_ version: String) -> DeviceDescription {
        DeviceDescription(
            appVersion: version, build: "7", os: "iOS", osVersion: "18.1", model: "iPhone15,2", schemaVersion: 13)
    }

    /// The device hits `error` during `media export` in app version `version`, as its log sink
    /// captures it, and the report lands in its diary's queue.
    func hit(_ error: MediaStoreError, on device: TestDevice, version: String) {
        let sink = ReportingLogSink(inner: MemoryLogSink(), device: Self.description(version)) { report in
            try? device.diary.diagnostics.queue(report)
        }
        let log = Logger(category: "cli", sink: sink)
        log.info("exporting", ["command": "media export"])
        log.capture(error, context: ["command": "media export"])
    }

    func service(_ device: TestDevice, _ portal: PortalHarness, version: String) -> DiagnosticsService {
        DiagnosticsService(
            diary: device.queue, device: Self.description(version), profileFolder: device.storage.root,
            transport: { _ in portal.transport() })
    }

    static let damaged = MediaStoreError.contentDamaged(sha256: "aa", found: "bb")

    @Test(
        "Given two accounts' devices and an anonymous one hitting one error, then one group counts them, a resent report counts once, another error is another group, and a fix in 1.1 reopens only for 1.2",
        arguments: Backend.available)
    func grouping(backend: Backend) async throws {
        let portal = try PortalHarness(backend, clock: TestClock(Date()))
        let anna = try await portal.device("anna", email: "anna@example.org", signUp: true)
        let bob = try await portal.device("bob", email: "bob@example.org", signUp: true)
        let carol = try TestDevice(name: "carol", clock: portal.clock, transport: portal.transport())
        let nowhere = URL(string: "http://portal.test")!
        for device in [anna, bob, carol] { hit(Self.damaged, on: device, version: "1.0") }
        try await service(anna, portal, version: "1.0").send()
        try await service(bob, portal, version: "1.0").send()
        #expect(try anna.diary.diagnostics.queued().isEmpty, "what the portal accepted leaves the queue")

        // Carol never signed in: her report goes anonymously; sent twice by hand, then by the
        // service under the same id, it counts once.
        let carolService = service(carol, portal, version: "1.0")
        let upload = try await carolService.preview()
        for _ in 0..<2 {
            #expect(try await portal.client.send(.post, "/v1/diagnostics", json: upload).status.code == 200)
        }
        try await carolService.send(comment: "Exporting my pike photo fails", portal: nowhere)

        let groups = try portal.store.diagnostics.errorGroups()
        #expect(groups.count == 1)
        let group = try #require(groups.first)
        #expect(group.count == 3 && group.devices == 3 && group.accounts == 2)
        #expect(group.title == "MediaStoreError.contentDamaged" && group.status == .new && group.versions == ["1.0"])

        let problems = try portal.store.diagnostics.problemReports()
        #expect(problems.map(\.comment) == ["Exporting my pike photo fails"] && problems.first?.signedIn == false)

        hit(.io(path: "/x", reason: "disk full"), on: bob, version: "1.0")
        try await service(bob, portal, version: "1.0").send()
        #expect(try portal.store.diagnostics.errorGroups().count == 2)

        try portal.store.diagnostics.resolveErrorGroup(group.fingerprint, inVersion: "1.1")
        hit(Self.damaged, on: anna, version: "1.1")
        try await service(anna, portal, version: "1.1").send()
        #expect(
            try portal.store.diagnostics.errorGroup(group.fingerprint)?.summary.status == .resolved,
            "1.1 is the fixed version")
        hit(Self.damaged, on: anna, version: "1.2")
        try await service(anna, portal, version: "1.2").send()
        let reopened = try #require(try portal.store.diagnostics.errorGroup(group.fingerprint))
        #expect(reopened.summary.status == .regressed && reopened.regressedIn == "1.2" && reopened.resolvedIn == "1.1")
        #expect(reopened.summary.count == 5 && reopened.summary.versions == ["1.2", "1.1", "1.0"])
        #expect(reopened.byVersion.first == ErrorShare(name: "1.0", count: 3))
        #expect(reopened.bySystem == [ErrorShare(name: "iOS 18.1", count: 5)])
        #expect(reopened.identity.operation == "media export")
        #expect(reopened.breadcrumbs.map(\.message) == ["exporting"], "what came before the error")
        #expect(reopened.days.map(\.count).reduce(0, +) == 5)

        let digest = try portal.store.diagnostics.errorDigest(since: portal.clock.now.addingTimeInterval(-3_600))
        #expect(digest.regressed.map(\.fingerprint) == [group.fingerprint])
        #expect(digest.new.map(\.title) == ["MediaStoreError.io"])
        #expect(try portal.store.diagnostics.errorGroups(status: .regressed).map(\.fingerprint) == [group.fingerprint])

        let crashFree = try portal.store.diagnostics.crashFreeVersions()
        #expect(crashFree.map(\.version) == ["1.2", "1.1", "1.0"])
        #expect(crashFree.last?.devices == 3 && crashFree.allSatisfy { $0.crashed == 0 && $0.crashFreeShare == 1 })

        // Retention: 90 days later everything but the resolved-and-regressed group's record goes.
        portal.clock.advance(by: 91 * 86_400)
        #expect(try portal.store.diagnostics.expire() == 6)
        #expect(
            try portal.store.diagnostics.errorGroups().isEmpty
                && (try portal.store.diagnostics.problemReports()).isEmpty)
    }

    @Test(
        "Given hostile uploads — too big, lying, malformed, with a bad token, reusing another's id, or a flood — then each is refused with a clear answer and nothing is stored",
        arguments: Backend.available)
    func hostile(backend: Backend) async throws {
        let portal = try PortalHarness(backend, clock: TestClock(Date()))
        let identity = ErrorIdentity(type: "M.E", code: "c", site: "s", operation: "")
        let report = ErrorReport(
            kind: .error, identity: identity, firstSeen: Date(), device: Self.description("1.0"), breadcrumbs: [])
        let good = DiagnosticsUpload(installation: UUID(), device: Self.description("1.0"), reports: [report])
        func post(_ body: Data, headers: HTTPHeaders = ["Content-Type": "application/json"]) async throws
            -> HTTPClientResponse
        {
            try await portal.client.send(.post, "/v1/diagnostics", headers: headers, body: body)
        }
        let json = try JSONCoding.encode(good)
        #expect(try await post(Data(count: DiagnosticsLimits.bodyBytes + 1)).status.code == 413)
        #expect(try await post(Data("{\"installation\":".utf8)).status.code == 400)
        var lying = good
        lying.reports[0].fingerprint = "<script>alert(1)</script>"
        let refused = try await portal.client.send(.post, "/v1/diagnostics", json: lying)
        #expect(refused.status.code == 400 && refused.text.contains("reports[0].fingerprint"))
        lying = good
        lying.reports[0].occurrences = Int.max
        #expect(try await portal.client.send(.post, "/v1/diagnostics", json: lying).status.code == 400)
        let badToken = try await post(
            json, headers: ["Content-Type": "application/json", "Authorization": "Bearer nope"])
        #expect(badToken.status.code == 401)
        #expect(try portal.store.diagnostics.errorGroups().isEmpty, "nothing refused was stored")

        // Another installation cannot touch a stored report; the same installation cannot move
        // an id to another problem.
        #expect(try await post(json).status.code == 200)
        var moved = good
        moved.reports[0].identity.code = "other"
        moved.reports[0].fingerprint = moved.reports[0].identity.fingerprint
        moved.reports[0].occurrences = 50
        #expect(try await portal.client.send(.post, "/v1/diagnostics", json: moved).status.code == 200)
        let groups = try portal.store.diagnostics.errorGroups()
        #expect(groups.map(\.count) == [1], "the id stays with its first problem and count")
        let stored = groups.count

        // The largest upload the rules allow is stored, not refused by the schema.
        let crumb = Breadcrumb(
            time: Date(), level: .info, category: String(repeating: "c", count: 100),
            message: String(repeating: "/", count: 500),
            metadata: Dictionary(uniqueKeysWithValues: (0..<8).map { ("key\($0)", String(repeating: "é", count: 250)) })
        )
        var largest = DiagnosticsUpload(installation: UUID(), device: good.device, reports: [])
        for index in 0..<DiagnosticsLimits.reportsPerUpload {
            var big = report
            big.id = UUID()
            big.identity.code = "code\(index)"
            big.fingerprint = big.identity.fingerprint
            big.breadcrumbs = Array(repeating: crumb, count: DiagnosticsLimits.breadcrumbs)
            largest.reports.append(big)
            guard try JSONCoding.encode(largest).count < DiagnosticsLimits.bodyBytes else {
                largest.reports.removeLast()
                break
            }
        }
        #expect(try await portal.client.send(.post, "/v1/diagnostics", json: largest).status.code == 200)

        // A flood from one installation is slowed down.
        var statuses: [Int] = []
        for _ in 0..<31 { statuses.append(try await post(json).status.code) }
        #expect(statuses.last == 429)
        #expect(try portal.store.diagnostics.errorGroups(limit: 1_000).count > stored)
    }
}
