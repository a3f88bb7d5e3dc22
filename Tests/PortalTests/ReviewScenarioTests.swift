import DiaryStore
import FishingModel
import Foundation
import HTTPServer
import PortalStore
import SyncClient
import SyncProtocol
import TestSupport
import Testing

/// Scenarios a review found the first design getting wrong (T3): skewed clocks, answers lost
/// after a refusal, restored diaries, deletes of parents with newer children, spelling tricks
/// against the rate limit, and input the database would refuse.
@Suite("Sync in awkward situations", .timeLimit(.minutes(2)))
struct ReviewScenarioTests {
    @Test(
        "Given a phone whose clock runs ten minutes fast, when the tablet edits a catch after pulling the phone's edit, then the tablet's later edit wins",
        arguments: Backend.available)
    func clockSkew(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let (_, _, fish) = try phone.logTrip(catches: 1)
        try await phone.synchronise()
        try await tablet.synchronise()
        phone.clock.advance(by: 600)
        _ = try phone.diary.catches.update(fish[0].id) { $0.notes = "phone, clock fast" }
        try await phone.synchronise()
        try await tablet.synchronise()
        tablet.clock.advance(by: 60)
        _ = try tablet.diary.catches.update(fish[0].id) { $0.notes = "tablet, made later" }
        let report = try await tablet.synchronise()
        #expect(report.conflicts == 0, "the tablet's edit was made on the version the portal holds")
        try await phone.synchronise()
        #expect(try phone.diary.catches.record(fish[0].id).notes == "tablet, made later")
        #expect(try tablet.diary.catches.record(fish[0].id).notes == "tablet, made later")
    }

    @Test(
        "Given a refused mutation whose answer was lost, when the device sends it again, then it is refused again with its reason",
        arguments: Backend.available)
    func refusalSurvivesRetry(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let account = try portal.store.accounts.signUp(email: "anna@example.org", password: "correct horse")
        let device = UUID()
        _ = try portal.store.accounts.signIn(
            email: "anna@example.org", password: "correct horse", deviceId: device, deviceName: "x")
        let id = UUID()
        let bad = RecordMutation(
            mutationId: 7, kind: .spot, id: id, operation: .upsert, modifiedAt: 1, baseSeq: 0,
            fields: ["id": .text(id.uuidString.lowercased()), "Bad Name": .text("x")])
        let first = try portal.store.records.push([bad], account: account, device: device)
        let again = try portal.store.records.push([bad], account: account, device: device)
        #expect(first.results[0].status == .rejected)
        #expect(again.results[0].status == .rejected)
        #expect(again.results[0].reason == first.results[0].reason)
    }

    @Test(
        "Given a diary restored from a backup, when it syncs new changes, then it renumbers its queue and nothing is taken for a duplicate",
        arguments: Backend.available)
    func restoredDiary(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        try phone.logTrip(catches: 1)
        try await phone.synchronise()
        let backup = try temporaryFolder("backup").appendingPathComponent("copy")
        try FileManager.default.copyItem(at: phone.storage.root, to: backup)
        try phone.logTrip(catches: 3)
        try await phone.synchronise()

        let restored = try TestDevice(restoringFrom: backup, name: "restored", transport: portal.transport())
        let (spot, _, _) = try restored.logTrip(catches: 1)
        let report = try await restored.synchronise()
        #expect(report.pushed == 3, "the new spot, trip and catch")
        try await phone.synchronise()
        #expect(try phone.diary.spots.record(spot.id).id == spot.id)
        #expect(try restored.contents() == phone.contents())
    }

    @Test(
        "Given a trip deleted on one device while another adds a catch to it, when both sync, then both end with the same live records",
        arguments: Backend.available)
    func deletedParentNewChild(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let (_, trip, _) = try phone.logTrip(catches: 1)
        try await phone.synchronise()
        try await tablet.synchronise()
        try phone.diary.trash.put(.trip, trip.id)
        try await phone.synchronise()
        tablet.clock.advance(by: 30)
        let late = try tablet.diary.catches.add(
            CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: tablet.clock.now, utcOffsetSeconds: 0))
        for device in [tablet, phone, tablet, phone] { try await device.synchronise() }
        #expect(try phone.contents() == tablet.contents())
        #expect(try tablet.diary.catches.record(late.id).deletedAt != nil, "it went to the Trash with its trip")
        #expect(try phone.diary.outbox.parked().isEmpty && tablet.diary.outbox.parked().isEmpty)
    }

    @Test(
        "Given spelling variants of one email, when passwords are guessed, then they share one limit",
        arguments: Backend.available)
    func rateLimitSpellings(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        _ = try portal.store.accounts.signUp(email: "anna@example.org", password: "correct horse")
        let spellings = [
            "anna@example.org", "ANNA@example.org", " anna@example.org\n", "anna@EXAMPLE.org\r\n", "Anna@Example.Org",
        ]
        for spelling in spellings {
            let response = try await portal.client.send(
                .post, PortalEndpoint.signIn.pattern,
                json: SignInRequest(email: spelling, password: "wrong guess", deviceId: UUID(), deviceName: "x"))
            #expect(response.status.code == 401)
        }
        let sixth = try await portal.client.send(
            .post, PortalEndpoint.signIn.pattern,
            json: SignInRequest(
                email: "anna@example.org\n\n", password: "correct horse", deviceId: UUID(), deviceName: "x"))
        #expect(sixth.status.code == 429)
    }

    @Test(
        "Given input the database would refuse, when sent, then 400 naming the problem instead of 503",
        arguments: Backend.available)
    func refusedNot503(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        _ = try portal.store.accounts.signUp(email: "anna@example.org", password: "correct horse")
        let family = "👨‍👩‍👧‍👦"
        for name in [String(repeating: family, count: 30), "tab\there", "nul\u{0}here"] {
            let response = try await portal.client.send(
                .post, PortalEndpoint.signIn.pattern,
                json: SignInRequest(
                    email: "anna@example.org", password: "correct horse", deviceId: UUID(), deviceName: name))
            #expect(response.status.code == 400, "\(name.unicodeScalars.count) scalars")
            #expect(response.problem?.code == "invalid_deviceName")
        }
        let nulEmail = try await portal.client.send(
            .post, PortalEndpoint.signUp.pattern,
            json: SignUpRequest(email: "a\u{0}b@example.org", password: "correct horse"))
        #expect(nulEmail.status.code == 400)
        let session = try portal.store.accounts.signIn(
            email: "anna@example.org", password: "correct horse", deviceId: UUID(), deviceName: "ok")
        let ahead = try await portal.client.send(
            .get, "\(PortalEndpoint.pull.pattern)?cursor=v1.999", headers: ["Authorization": "Bearer \(session.token)"])
        #expect(ahead.status.code == 400)
        #expect(ahead.problem?.code == "invalid_cursor")
    }
}

extension TestDevice {
    /// A device whose storage is a copy made earlier (a diary restored from a backup).
    convenience init(restoringFrom root: URL, name: String, transport: any SyncTransport) throws {
        try self.init(
            name: name, clock: TestClock(Date(timeIntervalSince1970: 1_780_100_000)), root: root, transport: transport)
    }
}
