import DiaryStore
import FishingModel
import Foundation
import PortalStore
import SyncProtocol
import TestSupport
import Testing

/// Saved custom reports (T18) sync like every record (T3; issue 16): to the angler's other
/// devices, through the Trash both ways, concurrent edits merged column by column with the
/// versions kept in the history, and never to another account.
@Suite("Sync: saved reports", .timeLimit(.minutes(2)))
struct SavedReportSyncTests {
    @Test(
        "Given a report saved on the phone, when both devices sync, then the tablet has it, edits merge, the Trash travels both ways, and a stranger never sees it",
        arguments: Backend.available)
    func reportsTravel(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let stranger = try await portal.device("stranger", email: "boris@example.org", signUp: true)
        let report = try phone.diary.saveReport(title: "Pike by month", formula: "count(catch) by month", chart: "bar")
        #expect(try phone.diary.outbox.pending().map(\.entityType) == [.report])

        #expect(try await phone.synchronise().pushed == 1)
        #expect(try await tablet.synchronise().pulled == 1)
        #expect(try tablet.diary.savedReports() == [report])
        #expect(try await stranger.synchronise().pulled == 0)
        #expect(try stranger.diary.savedReports().isEmpty)

        phone.clock.advance(by: 60)
        tablet.clock.advance(by: 120)
        try phone.diary.saveReport(
            id: report.id, title: "Pike by month", formula: "count(catch) by year", chart: "line")
        try tablet.diary.saveReport(
            id: report.id, title: "Pike, monthly", formula: "count(catch) by month", chart: "pie")
        try await tablet.synchronise()
        try await phone.synchronise()
        try await tablet.synchronise()
        // Merged column by column: the tablet's name, the phone's formula, the later chart.
        let merged = try phone.diary.savedReports()
        #expect(merged.map { [$0.title, $0.formula, $0.chart] } == [["Pike, monthly", "count(catch) by year", "pie"]])
        #expect(try tablet.diary.savedReports() == merged)
        let account = try #require(try phone.diary.sync.account()).accountId
        let history = try portal.store.records.history(account: account, id: report.id)
        #expect(history.contains { $0.fields?["formula"] == .text("count(catch) by year") })

        // The phone deletes it; the tablet's copy follows into its Trash, and a pull with a
        // report in the Trash goes on working.
        try phone.diary.trash.put(.report, report.id)
        try await phone.synchronise()
        try await tablet.synchronise()
        #expect(try tablet.diary.savedReports().isEmpty)
        #expect(try tablet.diary.trash.entries().map(\.label) == ["Pike, monthly"])
        try phone.logTrip(catches: 1)
        try await phone.synchronise()
        #expect(try await tablet.synchronise().pulled == 3)
        #expect(try tablet.diary.trash.entries().map(\.label) == ["Pike, monthly"])

        try tablet.diary.trash.restore(report.id)
        try await tablet.synchronise()
        try await phone.synchronise()
        #expect(try phone.diary.savedReports().map(\.title) == ["Pike, monthly"])
        #expect(try phone.diary.trash.entries().isEmpty)
    }

    @Test(
        "Given an earlier version of a saved report in the portal's history, when the angler restores it, then it is the report again on every device; a version with an empty name is refused and changes nothing",
        arguments: Backend.available)
    func earlierVersions(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let report = try phone.diary.saveReport(title: "Perch", formula: "count(catch) by species", chart: "bar")
        try await phone.synchronise()
        phone.clock.advance(by: 60)
        try phone.diary.saveReport(id: report.id, title: "Perch", formula: "count(catch) by month", chart: "bar")
        try await phone.synchronise()
        let account = try #require(try phone.diary.sync.account()).accountId
        let earlier = try #require(
            try portal.store.records.history(account: account, id: report.id).first {
                $0.fields?["formula"] == .text("count(catch) by species")
            }?.fields)

        var nameless = earlier
        nameless["title"] = .text("  ")
        #expect(throws: (any Error).self) { try phone.diary.restoreVersion(.report, report.id, fields: nameless) }
        #expect(try phone.diary.savedReports().map(\.formula) == ["count(catch) by month"])

        try phone.diary.restoreVersion(.report, report.id, fields: earlier)
        try await phone.synchronise()
        try await tablet.synchronise()
        #expect(try tablet.diary.savedReports().map(\.formula) == ["count(catch) by species"])
    }
}
