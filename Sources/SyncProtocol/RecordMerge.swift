/// Combines two concurrent versions of one record column by column, so that a device filling in
/// a catch's weather and another editing its notes — or one editing the notes and another the
/// weight — both keep their change (T3, T14; docs/sync.md "Merging").
///
/// Against the version both changes started from, each *part* of the record is taken from the
/// side that changed it; a part both sides changed goes to the later change whole. A part is one
/// column, except for columns that only make sense together, which merge as one:
/// - a position with what was derived from it (`latitude`, `longitude`, `altitude`, `place_*`);
/// - the *context* of a trip, catch or photo — its times (`start_at`, `end_at`, `caught_at`,
///   `captured_at`, their offsets, `local_time`), its parent (`trip_id`, `spot_id`) and the
///   conditions recorded for that time and place (`conditions_<column>`). When both sides changed
///   the context and only one of them moved the time or the parent, that side's context wins
///   whatever the clocks say: the other side's conditions describe a moment that no longer holds.
///
/// `updated_at` says when the record last changed: it decides nothing and becomes the later of
/// the two.
public enum RecordMerge {
    static let conditionsPrefix = "conditions_"
    /// The column every record stamps on each change.
    static let updatedAt = "updated_at"
    static let positionColumns: Set<String> = ["latitude", "longitude", "altitude"]
    /// The columns that place a record in time and under its parent; conditions follow them.
    static let anchorColumns: Set<String> = [
        "start_at", "end_at", "caught_at", "captured_at", "utc_offset_s", "capture_utc_offset_s", "local_time",
        "trip_id", "spot_id",
    ]
    static let context = "context"

    /// The part a column belongs to.
    static func part(of column: String) -> String {
        if column.hasPrefix(conditionsPrefix) || anchorColumns.contains(column) { return context }
        if column.hasPrefix("place_") || positionColumns.contains(column) { return "position" }
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
        var merged = RecordFields()
        var overruled = false
        for (part, columns) in Dictionary(grouping: columns, by: part(of:)) {
            func changed(_ fields: RecordFields, among columns: [String]) -> Bool {
                columns.contains { fields[$0] != base[$0] }
            }
            let takeIncoming: Bool
            if !changed(incoming, among: columns) || columns.allSatisfy({ incoming[$0] == held[$0] }) {
                takeIncoming = false
            } else if !changed(held, among: columns) {
                takeIncoming = true
            } else {
                let anchors = columns.filter(anchorColumns.contains)
                let (heldMoved, incomingMoved) = (changed(held, among: anchors), changed(incoming, among: anchors))
                takeIncoming = part == context && heldMoved != incomingMoved ? incomingMoved : incomingIsLater
                overruled = overruled || !takeIncoming
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
