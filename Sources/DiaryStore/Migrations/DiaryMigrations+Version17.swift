// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

extension DiaryMigrations {
    /// Version 17, "catches by weekday": the live catches in order of their local weekday, with the
    /// local time and count, so a report by weekday (issue 33 §7) reads one index in its order
    /// instead of working out every catch's weekday and sorting them. The expression is the report
    /// language's weekday of a catch's local yyyymmddhhmm (`FieldCatalog.weekday(localTime:)`)
    /// over the bare column.
    static let version17 = #"""
        CREATE INDEX catches_by_weekday ON catches(((((local_time / 100000000 - (local_time / 1000000 % 100 <= 2) + 400) % 400) * 365 + ((local_time / 100000000 - (local_time / 1000000 % 100 <= 2) + 400) % 400) / 4 - ((local_time / 100000000 - (local_time / 1000000 % 100 <= 2) + 400) % 400) / 100 + ((153 * (local_time / 1000000 % 100 + 9 - 12 * (local_time / 1000000 % 100 > 2)) + 2) / 5 + local_time / 10000 % 100 - 1) + 2) % 7 + 1), local_time, count) WHERE deleted_at IS NULL;
        """#
}
