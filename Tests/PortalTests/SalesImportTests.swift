import AppStoreReports
import Foundation
import PortalStore
import Testing

/// Counting the app's App Store downloads on the portal (T12) from imported sales reports.
@Suite("App Store downloads on the portal (T12)")
struct SalesImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AppStoreReportsTests/Fixtures")

    static func report(_ name: String) throws -> [SalesUnits] {
        try SalesReport.parse(try Data(contentsOf: fixtures.appendingPathComponent(name)))
            .filter { $0.appleId == "6450001234" }
    }

    @Test(
        "Given two daily reports, when imported twice and one of them corrected, then statistics count each unit once",
        arguments: Backend.available)
    func importIsIdempotent(backend: Backend) throws {
        let portal = try PortalHarness(backend)
        let first = try Self.report("sales_2026-06-01.txt")
        let second = try Self.report("sales_2026-06-02.txt.gz")
        #expect(try portal.store.accounts.stats().lastSalesDay == nil)
        let imported = try portal.store.licences.importSales(first + second)
        #expect(imported == SalesImport(days: 2, downloads: 29, redownloads: 2, updates: 59))
        try portal.store.licences.importSales(first)
        var stats = try portal.store.accounts.stats()
        #expect(stats.downloads == 29, "a day imported again replaces itself")
        #expect(stats.redownloads == 2)
        #expect(stats.updates == 59)
        #expect(stats.lastSalesDay == "2026-06-02")
        #expect(stats.downloadsLast30Days == 29)

        var corrected = first
        corrected.removeAll { $0.countryCode == "DE" }
        try portal.store.licences.importSales(corrected)
        #expect(try portal.store.accounts.stats().downloads == 26, "a corrected report replaces the day's units")

        portal.clock.advance(by: 60 * 86_400)
        stats = try portal.store.accounts.stats()
        #expect(stats.downloadsLast30Days == 0)
        #expect(stats.downloads == 26)
    }
}
