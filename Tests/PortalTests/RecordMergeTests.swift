import DiaryStore
import Foundation
import PortalStore
import SyncProtocol
import TestSupport
import Testing

/// Concurrent changes to different parts of a record keep both (T3, T14; docs/sync.md "Merging").
@Suite("Merging concurrent changes column by column", .timeLimit(.minutes(2)))
struct RecordMergeTests {
    static let base: RecordFields = [
        "notes": .text("first light"), "latitude": .real(59.9), "longitude": .real(30.3),
        "updated_at": .integer(1_000), "conditions_temperature_c": .null, "conditions_kp": .null,
    ]

    func changed(_ fields: RecordFields, _ changes: RecordFields) -> RecordFields {
        fields.merging(changes) { _, new in new }
    }

    /// A portal and two devices of one account that both hold the same catch.
    func sharedCatch(_ backend: Backend) async throws -> (PortalHarness, TestDevice, TestDevice, UUID) {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let (_, _, catches) = try phone.logTrip(catches: 1)
        try await phone.synchronise()
        try await tablet.synchronise()
        return (portal, phone, tablet, catches[0].id)
    }

    @Test("Given notes edited on one side and conditions filled on the other, when merged, then both changes are kept")
    func differentParts() {
        let notes = changed(Self.base, ["notes": .text("pike by the reeds"), "updated_at": .integer(2_000)])
        let weather = changed(Self.base, ["conditions_temperature_c": .real(12.5), "conditions_kp": .integer(3)])
        for incomingIsLater in [false, true] {
            let merged = RecordMerge.merge(
                .spot, base: Self.base, held: notes, incoming: weather, incomingIsLater: incomingIsLater)
            #expect(merged?.overruled == false)
            #expect(merged?.fields["notes"] == .text("pike by the reeds"))
            #expect(merged?.fields["conditions_temperature_c"] == .real(12.5))
            #expect(merged?.fields["updated_at"] == .integer(2_000), "the later stamp")
            let reversed = RecordMerge.merge(
                .spot, base: Self.base, held: weather, incoming: notes, incomingIsLater: incomingIsLater)
            #expect(reversed?.fields == merged?.fields, "the order of arrival does not matter")
        }
    }

    @Test("Given two different angler fields edited on two devices, when merged, then both edits are kept")
    func differentFields() {
        let notes = changed(Self.base, ["notes": .text("pike by the reeds"), "updated_at": .integer(2_000)])
        let weighed = changed(Self.base, ["weight_kg": .real(4.2), "updated_at": .integer(3_000)])
        let merged = RecordMerge.merge(.spot, base: Self.base, held: notes, incoming: weighed, incomingIsLater: false)
        #expect(merged?.fields == changed(notes, ["weight_kg": .real(4.2), "updated_at": .integer(3_000)]))
        #expect(merged?.overruled == false)
    }

    @Test(
        "Given a photo linked to a catch on one device and to a trip on another, when merged, then it belongs to both")
    func linksMergeAsSets() {
        let photo: RecordFields = ["sha256": .text("ab"), "links": .text("catch:c1")]
        let toTrip = changed(photo, ["links": .text("catch:c1,trip:t1")])
        let toSpot = changed(photo, ["links": .text("catch:c1,spot:s1")])
        let merged = RecordMerge.merge(.media, base: photo, held: toTrip, incoming: toSpot, incomingIsLater: false)
        #expect(merged?.fields["links"] == .text("catch:c1,spot:s1,trip:t1"))
        let unlinked = changed(photo, ["links": .text("")])
        let both = RecordMerge.merge(.media, base: photo, held: unlinked, incoming: toTrip, incomingIsLater: false)
        #expect(both?.fields["links"] == .text("trip:t1"), "a link removed on one side stays removed")
    }

    @Test("Given one part changed on both sides, when merged, then the later change takes that part whole")
    func samePart() {
        let moved = changed(Self.base, ["latitude": .real(60.1), "longitude": .real(29.8)])
        let renamed = changed(Self.base, ["latitude": .real(59.95), "notes": .text("moved a little")])
        let laterWins = RecordMerge.merge(.spot, base: Self.base, held: moved, incoming: renamed, incomingIsLater: true)
        #expect(laterWins?.fields == renamed, "latitude and longitude are never mixed from two versions")
        #expect(laterWins?.overruled == false)
        let earlierLoses = RecordMerge.merge(
            .spot, base: Self.base, held: moved, incoming: renamed, incomingIsLater: false)
        #expect(earlierLoses?.fields == changed(moved, ["notes": .text("moved a little")]))
        #expect(earlierLoses?.overruled == true, "its latitude lost, so it belongs in the history")

        let trip: RecordFields = ["start_at": .integer(1_000), "end_at": .integer(5_000), "title": .text("Dawn")]
        let later = changed(trip, ["start_at": .integer(4_000), "end_at": .integer(9_000)])
        let earlier = changed(trip, ["end_at": .integer(2_000)])
        let times = RecordMerge.merge(.trip, base: trip, held: later, incoming: earlier, incomingIsLater: false)
        #expect(times?.fields == later, "a start and an end from two versions could end before they start")
        #expect(RecordMerge.merge(.spot, base: Self.base, held: nil, incoming: moved, incomingIsLater: true) == nil)
        let unchanged = RecordMerge.merge(
            .spot, base: Self.base, held: moved, incoming: Self.base, incomingIsLater: true)
        #expect(unchanged?.fields == moved, "an arrival that changed nothing does not undo the other change")
    }

    @Test(
        "Given a catch moved in time on one side and its weather filled for the old time on the other, when merged, then the move wins with its own conditions whatever the clocks say"
    )
    func movedTimeBeatsStaleWeather() {
        let fish: RecordFields = [
            "trip_id": .text("t1"), "caught_at": .integer(1_000), "notes": .text("pike"),
            "conditions_temperature_c": .null,
        ]
        let moved = changed(fish, ["caught_at": .integer(7_000)])
        let weather = changed(fish, ["conditions_temperature_c": .real(12.5)])
        for incomingIsLater in [false, true] {
            let arriving = RecordMerge.merge(
                .catch, base: fish, held: weather, incoming: moved, incomingIsLater: incomingIsLater)
            #expect(arriving?.fields == moved)
            #expect(arriving?.overruled == false)
            let staying = RecordMerge.merge(
                .catch, base: fish, held: moved, incoming: weather, incomingIsLater: incomingIsLater)
            #expect(staying?.fields == moved)
            #expect(staying?.overruled == true, "the stale weather goes to the history")
        }
        let same = RecordMerge.merge(.catch, base: fish, held: moved, incoming: moved, incomingIsLater: false)
        #expect(same?.overruled == false, "the same change made twice overrules nothing")

        let trip: RecordFields = [
            "spot_id": .text("s1"), "start_at": .integer(1_000), "end_at": .null, "conditions_kp": .null,
        ]
        let ended = changed(trip, ["end_at": .integer(9_000)])
        let filled = changed(trip, ["conditions_kp": .integer(3)])
        for incomingIsLater in [false, true] {
            let both = RecordMerge.merge(
                .trip, base: trip, held: filled, incoming: ended, incomingIsLater: incomingIsLater)
            #expect(both?.fields == changed(ended, ["conditions_kp": .integer(3)]), "ending a trip keeps its weather")
            #expect(both?.overruled == false)
        }
    }

    @Test(
        "Given the phone's notes edit merged with the tablet's weather while the phone puts the notes back, when the phone syncs again, then the notes are back and the weather stays",
        arguments: Backend.available)
    func editOnTopOfAMerge(backend: Backend) async throws {
        let (portal, phone, tablet, fish) = try await sharedCatch(backend)
        _ = try phone.diary.catches.update(fish) { $0.notes = "first light" }
        try await phone.synchronise()
        try await tablet.synchronise()
        tablet.clock.advance(by: 30)
        try tablet.diary.conditions.save(weatherFill(at: tablet.clock.now), for: .catch, id: fish)
        try await tablet.synchronise()

        // The phone's push is answered `merged`, but before the answer is applied the angler
        // puts the notes back.
        phone.clock.advance(by: 60)
        _ = try phone.diary.catches.update(fish) { $0.notes = "pike by the reeds" }
        let mutations = try phone.diary.outbox.outgoingMutations(limit: 10)
        let account = try #require(try phone.diary.sync.account())
        let answer = try portal.store.records.push(
            mutations, account: account.accountId, device: try phone.diary.replicaId())
        #expect(answer.results.map(\.status) == [.merged])
        phone.clock.advance(by: 60)
        _ = try phone.diary.catches.update(fish) { $0.notes = "first light" }
        try phone.diary.outbox.applyPushResults(answer.results, for: mutations)

        try await phone.synchronise()
        try await tablet.synchronise()
        for device in [phone, tablet] {
            #expect(try device.diary.catches.record(fish).notes == "first light", "on the \(device.name)")
            #expect(
                try device.diary.conditions.stored(for: .catch, id: fish)?.temperatureC == 12.5, "on the \(device.name)"
            )
        }
    }

    @Test(
        "Given a push whose answer was lost and an edit that puts the notes back, when the phone syncs, then the notes are back",
        arguments: Backend.available)
    func putBackAfterALostAnswer(backend: Backend) async throws {
        let (portal, phone, tablet, fish) = try await sharedCatch(backend)
        _ = try phone.diary.catches.update(fish) { $0.notes = "first light" }
        try await phone.synchronise()

        phone.clock.advance(by: 60)
        _ = try phone.diary.catches.update(fish) { $0.notes = "pike by the reeds" }
        let lost = try phone.diary.outbox.outgoingMutations(limit: 10)
        try phone.diary.outbox.markInFlight(lost.map(\.mutationId))
        let account = try #require(try phone.diary.sync.account()).accountId
        _ = try portal.store.records.push(lost, account: account, device: try phone.diary.replicaId())
        try phone.diary.outbox.releaseInFlight()
        phone.clock.advance(by: 60)
        _ = try phone.diary.catches.update(fish) { $0.notes = "first light" }

        try await phone.synchronise()
        try await tablet.synchronise()
        for device in [phone, tablet] {
            #expect(try device.diary.catches.record(fish).notes == "first light", "on the \(device.name)")
        }
    }

    @Test(
        "Given the phone's notes superseded by the tablet's while the phone weighs the catch, when the phone syncs again, then the tablet's notes and the weight stay",
        arguments: Backend.available)
    func editOnTopOfASupersededVersion(backend: Backend) async throws {
        let (portal, phone, tablet, fish) = try await sharedCatch(backend)
        phone.clock.advance(by: 30)
        _ = try phone.diary.catches.update(fish) { $0.notes = "phone's notes" }
        tablet.clock.advance(by: 60)
        _ = try tablet.diary.catches.update(fish) { $0.notes = "tablet's later notes" }
        try await tablet.synchronise()

        let mutations = try phone.diary.outbox.outgoingMutations(limit: 10)
        let account = try #require(try phone.diary.sync.account()).accountId
        let answer = try portal.store.records.push(mutations, account: account, device: try phone.diary.replicaId())
        #expect(answer.results.map(\.status) == [.superseded])
        phone.clock.advance(by: 60)
        _ = try phone.diary.catches.update(fish) { $0.weightKg = 4.2 }
        try phone.diary.outbox.applyPushResults(answer.results, for: mutations)

        try await phone.synchronise()
        try await tablet.synchronise()
        for device in [phone, tablet] {
            let record = try device.diary.catches.record(fish)
            #expect(record.notes == "tablet's later notes", "decided once, on the \(device.name)")
            #expect(record.weightKg == 4.2, "on the \(device.name)")
        }
    }

    @Test(
        "Given a catch whose notes the phone edits while the tablet fills in its weather, when both sync in either order, then both devices keep the notes and the weather",
        arguments: Backend.available, [true, false])
    func notesAndWeather(backend: Backend, tabletFirst: Bool) async throws {
        let (_, phone, tablet, fish) = try await sharedCatch(backend)

        phone.clock.advance(by: 60)
        _ = try phone.diary.catches.update(fish) { $0.notes = "took a spinner by the reeds" }
        tablet.clock.advance(by: 120)
        try tablet.diary.conditions.save(weatherFill(at: tablet.clock.now), for: .catch, id: fish)

        let (first, second) = tabletFirst ? (tablet, phone) : (phone, tablet)
        #expect(try await first.synchronise().pushed == 1)
        let merging = try await second.synchronise()
        #expect(merging.pushed == 1)
        #expect(merging.conflicts == 0)
        try await first.synchronise()
        for device in [phone, tablet] {
            #expect(
                try device.diary.catches.record(fish).notes == "took a spinner by the reeds", "on the \(device.name)")
            #expect(
                try device.diary.conditions.stored(for: .catch, id: fish)?.temperatureC == 12.5, "on the \(device.name)"
            )
            #expect(try device.diary.outbox.pending().isEmpty)
        }
        #expect(try tablet.contents() == phone.contents())
    }

    @Test(
        "Given a catch whose notes the phone edits while the tablet weighs it, when both sync, then both devices keep both",
        arguments: Backend.available)
    func notesAndWeight(backend: Backend) async throws {
        let (portal, phone, tablet, fish) = try await sharedCatch(backend)

        phone.clock.advance(by: 60)
        _ = try phone.diary.catches.update(fish) { $0.notes = "took a spinner by the reeds" }
        tablet.clock.advance(by: 120)
        _ = try tablet.diary.catches.update(fish) { $0.weightKg = 4.2 }
        try await tablet.synchronise()
        #expect(try await phone.synchronise().conflicts == 0)
        try await tablet.synchronise()
        for device in [phone, tablet] {
            let record = try device.diary.catches.record(fish)
            #expect(record.notes == "took a spinner by the reeds", "on the \(device.name)")
            #expect(record.weightKg == 4.2, "on the \(device.name)")
        }
        let history = try portal.store.records.history(
            account: try #require(try phone.diary.sync.account()).accountId, id: fish)
        #expect(!history.contains { $0.reason == "superseded" }, "nothing was overruled")
    }
}
