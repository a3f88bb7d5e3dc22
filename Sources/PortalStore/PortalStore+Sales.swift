import AppStoreReports
import Foundation

/// What importing sales reports stored.
public struct SalesImport: Sendable, Equatable {
    /// Report days imported (a day imported again replaces what it had).
    public var days: Int
    public var downloads: Int64
    public var redownloads: Int64
    public var updates: Int64

    public init(days: Int, downloads: Int64, redownloads: Int64, updates: Int64) {
        self.days = days
        self.downloads = downloads
        self.redownloads = redownloads
        self.updates = updates
    }
}

/// Counting the app's downloads from the App Store (T12): the units of App Store Connect's daily
/// Sales Summary reports, imported by `hobbystory-portal admin import-sales` and shown by
/// `admin stats` and `GET /v1/admin/stats` beside the portal's own user counts.
extension PortalStore {
    /// Stores the units of one or more reports in one transaction. A day and app already imported
    /// are replaced, so importing a report twice, or a corrected one, counts each unit once.
    @discardableResult
    public func importSales(_ units: [SalesUnits]) throws -> SalesImport {
        let now = now
        try database.write { sql in
            for dayAndApp in Set(units.map { [$0.day, $0.appleId] }) {
                try sql.execute(
                    "DELETE FROM app_store_units WHERE day = ? AND apple_id = ?", dayAndApp.map { .text($0) })
            }
            for row in units {
                try sql.execute(
                    """
                    INSERT INTO app_store_units(day, apple_id, country_code, kind, units, imported_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(row.day), .text(row.appleId), .text(row.countryCode), .text(row.kind.rawValue),
                        .integer(row.units), .integer(now),
                    ])
            }
        }
        func total(_ kind: SalesUnitKind) -> Int64 { units.filter { $0.kind == kind }.reduce(0) { $0 + $1.units } }
        return SalesImport(
            days: Set(units.map(\.day)).count, downloads: total(.download), redownloads: total(.redownload),
            updates: total(.update))
    }

    /// The UTC calendar day of an instant, `YYYY-MM-DD`, as sales reports name their days.
    public static func utcDay(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
