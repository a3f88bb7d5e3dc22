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
extension LicenceStore {
    /// Stores the units of one or more reports in one transaction. A day and app already imported
    /// are replaced, so importing a report twice, or a corrected one, counts each unit once.
    @discardableResult
    public func importSales(_ units: [SalesUnits]) throws -> SalesImport {
        let now = store.now
        try store.database.write { sql in
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
        let parts = PortalClock.utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// The start (00:00 UTC) of a `YYYY-MM-DD` day, or nil when the text is not one.
    static func date(utcDay day: String) -> Date? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return PortalClock.utc.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }
}

extension LicenceStore {
    /// Units of `kind` per report day over the `days` days up to the last imported one (oldest
    /// first, days without units included as 0): the administration's downloads chart (issue 16).
    public func dailyUnits(_ kind: SalesUnitKind, days: Int = 30) throws -> [(day: String, units: Int64)] {
        let days = min(max(days, 1), 366)
        return try store.database.read { sql in
            guard let last = try sql.queryFirst("SELECT MAX(day) FROM app_store_units", [])?.optionalText(0),
                let lastDate = Self.date(utcDay: last)
            else { return [] }
            let first = Self.utcDay(lastDate.addingTimeInterval(Double(1 - days) * 86_400))
            var units: [String: Int64] = [:]
            for row in try sql.query(
                "SELECT day, SUM(units) FROM app_store_units WHERE kind = ? AND day >= ? GROUP BY day",
                [.text(kind.rawValue), .text(first)])
            {
                units[try row.text(0)] = try row.int64(1)
            }
            return (0..<days).map { offset in
                let day = Self.utcDay(lastDate.addingTimeInterval(Double(offset + 1 - days) * 86_400))
                return (day, units[day] ?? 0)
            }
        }
    }
}
