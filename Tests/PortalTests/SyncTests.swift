import DiaryStore
import FishingModel
import Foundation
import PortalStore
import SyncClient
import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// Two devices of one account and a stranger against one portal (T3): convergence, the conflict
/// rules, delete against edit, tombstones and their horizon, idempotent retries.
@Suite("Sync between devices through the portal", .timeLimit(.minutes(2)))
struct SyncTests {
    @Test(
        "Given an angler's trips on one device, when a second device and a stranger sync, then only the second device gets them",
        arguments: Backend.available)
    func twoDevicesAndAStranger(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let stranger = try await portal.device("stranger", email: "boris@example.org", signUp: true)
        try phone.logTrip(catches: 3)
        let conditionsCatch = try phone.diary.catches.list().first!
        try phone.diary.conditions.save(weatherFill(at: phone.clock.now), for: .catch, id: conditionsCatch.id)

        let pushed = try await phone.synchronise()
        #expect(pushed.pushed == 5)
        #expect(pushed.rejected == 0)
        let pulled = try await tablet.synchronise()
        #expect(pulled.pulled == 5)
        #expect(try tablet.contents() == phone.contents())
        #expect(try tablet.diary.conditions.stored(for: .catch, id: conditionsCatch.id)?.temperatureC == 12.5)
        #expect(try tablet.diary.outbox.pending().isEmpty, "pulled records are not sent back")

        let strangers = try await stranger.synchronise()
        #expect(strangers.pulled == 0)
        #expect(try stranger.contents() == DiaryContents(spots: [], trips: [], catches: []))
        var nothing = SyncReport()
        nothing.directoryVersion = strangers.directoryVersion
        #expect(try await phone.synchronise() == nothing, "a second sync has nothing to do")
    }

    @Test(
        "Given both devices edit one catch offline, when they sync, then the later edit wins on both and the earlier is in the history",
        arguments: Backend.available)
    func laterEditWins(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let (_, _, fish) = try phone.logTrip(catches: 1)
        try await phone.synchronise()
        try await tablet.synchronise()

        phone.clock.advance(by: 60)
        tablet.clock.advance(by: 120)
        _ = try phone.diary.catches.update(fish[0].id) { $0.weightKg = 2.0 }
        _ = try tablet.diary.catches.update(fish[0].id) { $0.weightKg = 3.0 }

        let tabletFirst = try await tablet.synchronise()
        #expect(tabletFirst.pushed == 1)
        let phoneReport = try await phone.synchronise()
        #expect(phoneReport.conflicts >= 1, "the phone's older edit lost")
        try await tablet.synchronise()
        #expect(try phone.diary.catches.record(fish[0].id).weightKg == 3.0)
        #expect(try tablet.diary.catches.record(fish[0].id).weightKg == 3.0)

        let account = try #require(try phone.diary.sync.account()).accountId
        let history = try portal.store.records.history(account: account, id: fish[0].id)
        #expect(
            history.contains { [.real(2), .integer(2)].contains($0.fields?["weight_kg"]) && $0.reason == "superseded" })
    }

    @Test(
        "Given a pending local edit, when a pull brings another device's older version, then the local edit is kept and pushed",
        arguments: Backend.available)
    func pullNeverOverwritesPending(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let (spot, _, _) = try phone.logTrip(catches: 0)
        try await phone.synchronise()
        try await tablet.synchronise()

        tablet.clock.advance(by: 10)
        _ = try tablet.diary.spots.update(spot.id) { $0.name = "Tablet's name" }
        try await tablet.synchronise()
        phone.clock.advance(by: 20)
        _ = try phone.diary.spots.update(spot.id) { $0.name = "Phone's later name" }

        let page = try portal.store.records.pull(
            after: SyncCursor(seq: 0), limit: 100, account: try #require(try phone.diary.sync.account()).accountId)
        _ = try phone.diary.sync.applyPulled(try page.response())
        #expect(
            try phone.diary.spots.record(spot.id).name == "Phone's later name",
            "a pull never overwrites a pending change")
        try await phone.synchronise()
        try await tablet.synchronise()
        #expect(try tablet.diary.spots.record(spot.id).name == "Phone's later name")
    }

    @Test(
        "Given one device deletes and the other edits, when both sync, then the later action wins on both",
        arguments: Backend.available)
    func deleteAgainstEdit(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let (_, _, fish) = try phone.logTrip(catches: 2)
        try await phone.synchronise()
        try await tablet.synchronise()

        tablet.clock.advance(by: 30)
        _ = try tablet.diary.catches.update(fish[0].id) { $0.notes = "edited before the delete" }
        phone.clock.advance(by: 60)
        try phone.diary.trash.put(.catch, fish[0].id)
        tablet.clock.advance(by: 60)
        _ = try tablet.diary.catches.update(fish[1].id) { $0.notes = "edited after the delete" }
        phone.clock.advance(by: 30)
        try phone.diary.trash.put(.catch, fish[1].id)

        try await phone.synchronise()
        try await tablet.synchronise()
        try await phone.synchronise()
        #expect(try tablet.diary.catches.record(fish[0].id).deletedAt != nil, "the later delete wins, into the Trash")
        #expect(try tablet.diary.trash.entries().contains { $0.id == fish[0].id })
        #expect(try tablet.diary.catches.record(fish[1].id).deletedAt == nil, "the later edit wins and brings it back")
        #expect(try phone.diary.catches.record(fish[1].id).notes == "edited after the delete")
        #expect(try phone.diary.catches.record(fish[1].id).deletedAt == nil)
        #expect(try phone.contents() == tablet.contents())
    }

    @Test(
        "Given a tombstone purged after the horizon, when an old device syncs, then the record is deleted there too and never comes back",
        arguments: Backend.available)
    func tombstoneHorizon(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let oldTablet = try await portal.device("old tablet", email: "anna@example.org")
        let (_, trip, fish) = try phone.logTrip(catches: 2)
        try await phone.synchronise()
        try await oldTablet.synchronise()
        // The old tablet edits a catch, then goes offline for months.
        oldTablet.clock.advance(by: 10)
        _ = try oldTablet.diary.catches.update(fish[1].id) { $0.notes = "edited, then offline" }

        phone.clock.advance(by: 20)
        try phone.diary.trash.put(.trip, trip.id)
        try await phone.synchronise()
        let newcomer = try phone.logTrip(catches: 1)
        try await phone.synchronise()

        portal.clock.advance(by: RecordStore.tombstoneHorizon + 86_400)
        #expect(try portal.store.records.purgeTombstones() == 3, "the trip and its two catches")
        // A catch made offline long ago on the old tablet, never synced: new, so it must arrive.
        let lateSpot = try oldTablet.diary.spots.add(SpotDraft(name: "Old notes", latitude: 50, longitude: 30))

        await #expect(throws: SyncError.self, "its session expired while it was away") {
            try await oldTablet.synchronise()
        }
        try await portal.signIn(oldTablet, email: "anna@example.org")
        let report = try await oldTablet.synchronise()
        #expect(report.conflicts >= 1, "its edit of a purged record is refused as gone")
        #expect(try oldTablet.diary.catches.record(fish[1].id).deletedAt != nil)
        #expect(
            try oldTablet.diary.trips.record(trip.id).deletedAt != nil,
            "the full pass deletes what the portal no longer has")
        #expect(try oldTablet.diary.catches.record(newcomer.2[0].id).deletedAt == nil)
        try await portal.signIn(phone, email: "anna@example.org")
        try await phone.synchronise()
        #expect(try phone.diary.spots.record(lateSpot.id).name == "Old notes")
        #expect(try phone.contents() == oldTablet.contents())
        #expect(try phone.diary.catches.record(fish[1].id).deletedAt != nil, "nothing purged comes back")
    }

    @Test(
        "Given a push delivered twice, when the portal gets the retry, then it is acknowledged as a duplicate and nothing is applied twice",
        arguments: Backend.available)
    func duplicatePush(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        try phone.logTrip(catches: 2)
        let account = try #require(try phone.diary.sync.account())
        let mutations = try phone.diary.outbox.outgoingMutations(limit: 100)
        let device = try phone.diary.replicaId()
        let first = try portal.store.records.push(mutations, account: account.accountId, device: device)
        let second = try portal.store.records.push(mutations, account: account.accountId, device: device)
        #expect(first.results.allSatisfy { $0.status == .applied })
        #expect(second.results.allSatisfy { $0.status == .duplicate })
        let page = try portal.store.records.pull(after: SyncCursor(seq: 0), limit: 100, account: account.accountId)
            .response()
        #expect(page.changes.count == 4)
        #expect(page.changes.map(\.seq) == [1, 2, 3, 4])
    }
}

extension SyncTests {
    @Test(
        "Given a diary synced with one account, when it signs in to another, then the whole diary goes to the new account",
        arguments: Backend.available)
    func switchingAccounts(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        try phone.logTrip(catches: 2)
        try await phone.synchronise()
        _ = try await PortalClient(transport: portal.transport(), sleep: { _ in }).signUp(
            email: "anna.new@example.org", password: "correct horse")
        try await portal.signIn(phone, email: "anna.new@example.org")
        let report = try await phone.synchronise()
        #expect(report.pushed == 4)
        let newcomer = try await portal.device("tablet", email: "anna.new@example.org")
        try await newcomer.synchronise()
        #expect(try newcomer.contents() == phone.contents())
    }
}

/// Answers the first push with a 422 problem, then forwards everything to the portal.
final class RefusingFirstPush: SyncTransport {
    let inner: InProcessTransport
    let refused = Atomic(false)

    init(inner: InProcessTransport) { self.inner = inner }

    func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
        if request.target == PortalEndpoint.push.pattern, !refused.exchange(true, ordering: .relaxed) {
            let problem = #"""
                {"type":"urn:hobbystory:problem:unprocessable","title":"Unprocessable Content","status":422,
                 "code":"unprocessable","detail":"the portal cannot store this batch","requestId":"r-1"}
                """#
            return SyncHTTPResponse(status: 422, body: Data(problem.utf8))
        }
        return try await inner.send(request)
    }
}

@Suite("Refused changes stay visible", .timeLimit(.minutes(1)))
struct RejectionTests {
    @Test(
        "Given a batch the portal refuses, when syncing, then its changes are listed with the reason and later changes still go through"
    )
    func refusedBatch() async throws {
        let portal = try PortalHarness(.sqlite)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        phone.sync = SyncEngine(transport: RefusingFirstPush(inner: portal.transport()), sleep: { _ in })
        try phone.logTrip(catches: 1)
        let first = try await phone.synchronise()
        #expect(first.rejected == 3)
        let rejections = try phone.diary.outbox.rejections()
        #expect(rejections.count == 3)
        #expect(rejections.allSatisfy { $0.reason == "unprocessable: the portal cannot store this batch" })
        let later = try phone.diary.spots.add(SpotDraft(name: "Later", latitude: 50, longitude: 30))
        let second = try await phone.synchronise()
        #expect(second.pushed == 1, "the refusal does not block later changes")
        #expect(try phone.diary.outbox.rejections().count == 3, "and it is not silently dropped")
        #expect(try phone.diary.spots.record(later.id).name == "Later")
    }
}
