extension DiarySchema {
    /// Trips in the order lists show them (latest first, then by id), so that a list read page
    /// by page walks the index from where the last page ended instead of sorting every time.
    static let tripsInListOrder = """
        DROP INDEX trips_latest;
        CREATE INDEX trips_latest ON trips(start_at DESC, id) WHERE deleted_at IS NULL;
        """

    /// The reports anglers ask for most — fish by species, by bait, by method (T18), re-run at
    /// every keystroke of the formula editor — read one narrow index each, already in group
    /// order, with the local time for `where year …` and the count to sum, instead of every
    /// wide catch row followed by a sort (docs/benchmarks.md: 173 ms → 38 ms over 100 000
    /// catches; each index adds about 15 % to a catch's insert).
    static let catchReportIndexes = ["species", "bait", "method"].map { field in
        "CREATE INDEX catches_report_by_\(field) ON catches(\(field)_id, local_time, count) WHERE deleted_at IS NULL;"
    }.joined(separator: "\n")
}
