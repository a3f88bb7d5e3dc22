import DiaryStore
import FishingModel
import Foundation
import PortalStore
import SyncProtocol
import TestSupport
import Testing

/// An app built before a column existed sends the columns it knows; its change must not erase
/// what newer devices stored in the others (issue 34 §5; docs/sync.md "Columns an older app does
/// not know").
@Suite("Columns an older app does not know", .timeLimit(.minutes(2)))
struct OlderAppColumnsTests {
    static let water = ["water_clarity_m", "water_level_m", "water_trend"]

    /// The phone's pending changes as a build before the water's columns sends them.
    func olderAppsPush(_ portal: PortalHarness, _ phone: TestDevice) throws -> [MutationResult] {
        let mutations = try phone.diary.outbox.outgoingMutations(limit: 10).map { mutation in
            var older = mutation
            older.fields = mutation.fields?.filter { !Self.water.contains($0.key) }
            return older
        }
        #expect(mutations.allSatisfy { $0.fields?.keys.contains("water_trend") == false })
        let account = try #require(try phone.diary.sync.account()).accountId
        let answer = try portal.store.records.push(mutations, account: account, device: try phone.diary.replicaId())
        try phone.diary.outbox.applyPushResults(answer.results, for: mutations)
        return answer.results
    }

    @Test(
        "Given water noted on the tablet and the notes then edited by an older app that has synced it, when both sync, then the notes change and the water stays",
        arguments: Backend.available, [false, true])
    func olderAppKeepsNewerColumns(backend: Backend, concurrent: Bool) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let (_, _, catches) = try phone.logTrip(catches: 1)
        let fish = catches[0].id
        try await phone.synchronise()
        try await tablet.synchronise()

        if concurrent {
            phone.clock.advance(by: 60)
            _ = try phone.diary.catches.update(fish) { $0.notes = "took a spinner by the reeds" }
        }
        tablet.clock.advance(by: 120)
        _ = try tablet.diary.catches.update(fish) {
            $0.waterClarityM = 1.2
            $0.waterLevelM = -0.4
            $0.waterTrend = .falling
        }
        try await tablet.synchronise()
        if !concurrent {
            try await phone.synchronise()
            phone.clock.advance(by: 180)
            _ = try phone.diary.catches.update(fish) { $0.notes = "took a spinner by the reeds" }
        }
        let results = try olderAppsPush(portal, phone)
        #expect(results.map(\.status) == [concurrent ? .merged : .applied])

        try await tablet.synchronise()
        try await phone.synchronise()
        // A device that never held the catch gets it from the portal alone.
        let laptop = try await portal.device("laptop", email: "anna@example.org")
        try await laptop.synchronise()
        for device in [phone, tablet, laptop] {
            let record = try device.diary.catches.record(fish)
            #expect(record.notes == "took a spinner by the reeds", "on the \(device.name)")
            #expect(record.waterClarityM == 1.2, "on the \(device.name)")
            #expect(record.waterLevelM == -0.4, "on the \(device.name)")
            #expect(record.waterTrend == .falling, "on the \(device.name)")
        }
    }

    @Test(
        "Given water noted on a catch, when an app of today clears it, then it is cleared: only a column left out is kept",
        arguments: Backend.available)
    func clearingStillClears(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let (_, _, catches) = try phone.logTrip(catches: 1)
        let fish = catches[0].id
        _ = try phone.diary.catches.update(fish) { $0.waterTrend = .rising }
        try await phone.synchronise()
        try await tablet.synchronise()
        #expect(try tablet.diary.catches.record(fish).waterTrend == .rising)
        tablet.clock.advance(by: 60)
        _ = try tablet.diary.catches.update(fish) { $0.waterTrend = nil }
        try await tablet.synchronise()
        try await phone.synchronise()
        #expect(try phone.diary.catches.record(fish).waterTrend == nil)
    }
}
