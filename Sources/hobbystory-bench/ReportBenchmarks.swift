import Foundation
import Reports

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// The Reports issue's figure: `count(catch) by month` over a big diary, beside the equivalent
/// hand-written SQL through the raw C API.
func benchmarkReports(big: Setup, catches: Int) throws {
    let engine = try ReportEngine(databaseURL: big.diary.fileURL)
    var months = 0
    let report = try medianTime(5) { months = try engine.run(formula: "count(catch) by month").table.rows.count }
    var db: OpaquePointer?
    sqlite3_open_v2(big.diary.fileURL.path, &db, SQLITE_OPEN_READONLY, nil)
    defer { sqlite3_close(db) }
    var rawMonths = 0
    let raw = medianTime(5) {
        var statement: OpaquePointer?
        sqlite3_prepare_v2(
            db,
            """
            SELECT local_time / 1000000 % 100 AS month, count(*)
            FROM catches WHERE deleted_at IS NULL GROUP BY month ORDER BY month
            """, -1, &statement, nil)
        rawMonths = 0
        while sqlite3_step(statement) == SQLITE_ROW { rawMonths += 1 }
        sqlite3_finalize(statement)
    }
    precondition(months == rawMonths, "the report and the hand-written SQL disagree")
    print("report `count(catch) by month` over \(catches) catches, median of 5")
    print(
        "  report engine: \(ms(report))   hand-written SQL: \(ms(raw))   engine/SQL: \(String(format: "%.2f", report / raw))×   (target ≤ 1.5×, < 300 ms)"
    )
    print("")
}
