/// Combines two concurrent versions of one record column by column, so that a device filling in
/// a catch's weather and another editing its notes — or one editing the notes and another the
/// weight — both keep their change (T3, T14; docs/sync.md "Merging").
///
/// Against the version both changes started from, each *part* of the record is taken from the
/// side that changed it; a part both sides changed goes to the later change whole. A part is one
/// column, except for columns that only make sense together, which merge as one:
/// - the conditions (`conditions_<column>`, one weather snapshot);
/// - a position with what was derived from it (`latitude`, `longitude`, `altitude`, `place_*`);
/// - a time with its offset and local form (`start_at`, `end_at`, `caught_at`, `captured_at`,
///   `utc_offset_s`, `capture_utc_offset_s`, `local_time`; a trip's end may not precede its start).
///
/// `updated_at` says when the record last changed: it decides nothing and becomes the later of
/// the two.
public enum RecordMerge {
    /// The prefix of the columns of the conditions stored with a trip or catch.
    static let conditionsPrefix = "conditions_"
    /// The column every record stamps on each change.
    static let updatedAt = "updated_at"
    static let positionColumns: Set<String> = ["latitude", "longitude", "altitude"]
    static let timeColumns: Set<String> = [
        "start_at", "end_at", "caught_at", "captured_at", "utc_offset_s", "capture_utc_offset_s", "local_time",
    ]

    /// The part a column belongs to.
    static func part(of column: String) -> String {
        if column.hasPrefix(conditionsPrefix) { return "conditions" }
        if column.hasPrefix("place_") || positionColumns.contains(column) { return "position" }
        if timeColumns.contains(column) { return "time" }
        return column
    }

    /// The merged fields, and whether a part the incoming version changed was overruled by the
    /// held one (that version then belongs in the history); nil when a merge does not apply
    /// (either side is a tombstone). `incomingIsLater` breaks the tie for a part both changed.
    public static func merge(base: RecordFields, held: RecordFields?, incoming: RecordFields?, incomingIsLater: Bool)
        -> (fields: RecordFields, overruled: Bool)?
    {
        guard let held, let incoming else { return nil }
        let columns = Set(base.keys).union(held.keys).union(incoming.keys).subtracting([updatedAt])
        let parts = Dictionary(grouping: columns, by: part(of:))
        var merged = RecordFields()
        var overruled = false
        for columns in parts.values {
            func values(_ fields: RecordFields) -> [FieldValue?] { columns.map { fields[$0] } }
            let (original, kept, arriving) = (values(base), values(held), values(incoming))
            let takeIncoming: Bool
            if arriving == original {
                takeIncoming = false
            } else if kept == original {
                takeIncoming = true
            } else {
                takeIncoming = incomingIsLater
                overruled = overruled || !incomingIsLater
            }
            for column in columns {
                merged[column] = takeIncoming ? incoming[column] : held[column]
            }
        }
        if let stamp = later(held[updatedAt], incoming[updatedAt]) { merged[updatedAt] = stamp }
        return (merged, overruled)
    }

    /// The later of two `updated_at` values (integers), or whichever is present.
    private static func later(_ one: FieldValue?, _ other: FieldValue?) -> FieldValue? {
        guard case .integer(let first) = one, case .integer(let second) = other else { return one ?? other }
        return .integer(max(first, second))
    }
}
