/// Combines two concurrent versions of one record by parts, so that a device filling in a
/// catch's weather and another editing its notes both keep their change (T3, T14; docs/sync.md).
///
/// A record's columns fall into two parts that different hands change: the conditions
/// (`conditions_<column>`, filled in from the weather, often in the background once the network
/// returns) and everything else (the angler's own fields). Against the version both changes
/// started from, each part is taken from the side that changed it; a part both sides changed
/// goes to the later change whole, so related columns (a position, a time and its offset, a
/// weather snapshot) never mix two versions. `updated_at` says when the record last changed: it
/// decides nothing and becomes the later of the two.
public enum RecordMerge {
    /// The prefix of the columns of the conditions stored with a trip or catch.
    public static let conditionsPrefix = "conditions_"
    /// The column every record stamps on each change.
    static let updatedAt = "updated_at"

    /// The merged fields, and whether a part the incoming version changed was overruled by the
    /// held one (that version then belongs in the history); nil when a merge does not apply
    /// (either side is a tombstone). `incomingIsLater` breaks the tie for a part both changed.
    public static func merge(base: RecordFields, held: RecordFields?, incoming: RecordFields?, incomingIsLater: Bool)
        -> (fields: RecordFields, overruled: Bool)?
    {
        guard let held, let incoming else { return nil }
        var merged = RecordFields()
        var overruled = false
        for isConditions in [false, true] {
            func part(_ fields: RecordFields) -> RecordFields {
                fields.filter { $0.key != updatedAt && $0.key.hasPrefix(conditionsPrefix) == isConditions }
            }
            let (original, kept, arriving) = (part(base), part(held), part(incoming))
            let chosen: RecordFields
            if arriving == original {
                chosen = kept
            } else if kept == original {
                chosen = arriving
            } else {
                chosen = incomingIsLater ? arriving : kept
                overruled = overruled || !incomingIsLater
            }
            merged.merge(chosen) { _, new in new }
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
