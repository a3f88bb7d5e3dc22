import FishingModel

/// Combines two concurrent versions of one record column by column, so that a device filling in
/// a catch's weather and another editing its notes — or one editing the notes and another the
/// weight — both keep their change (T3, T14; docs/sync.md "Merging").
///
/// Against the version both changes started from, each *part* of the record is taken from the
/// side that changed it; a part both sides changed goes to the later change whole. A part is one
/// column, except for columns that only make sense together, which merge as one. Each kind's
/// column definitions say which those are (``MergePart``): a position with what was
/// derived from it; when and under what (times, their offset and local form, the parent). The
/// conditions (`conditions_<column>`, one weather snapshot) are one part too. They describe a
/// moment and a place: when the version whose times and parent are taken moved one of the
/// columns that anchor conditions, its conditions come with it, whatever the other side filled
/// in for the old moment.
///
/// A photo's or video's links (``MediaAsset/linksField``: the spots, trips and catches it belongs
/// to, `type:id` joined by commas) are a set: links either side added or removed are added or
/// removed, so a photo linked to a catch on one device and to a trip on another belongs to both.
///
/// `updated_at` says when the record last changed: it decides nothing and becomes the later of
/// the two.
public enum RecordMerge {
    /// Which columns of a kind merge together, from its definition's ``RecordColumn/merge``.
    public struct Parts: Sendable {
        /// The part of each column that does not merge alone.
        let grouped: [String: String]
        /// The columns whose change makes recorded conditions stale (the device drops them).
        let conditionsAnchors: [String]

        init(_ columns: [(names: [String], merge: MergePart)]) {
            var grouped: [String: String] = [:]
            var anchors: [String] = []
            for (names, merge) in columns {
                for name in names {
                    switch merge {
                    case .alone: continue
                    case .position: grouped[name] = RecordMerge.position
                    case .when: grouped[name] = RecordMerge.when
                    case .whenAnchoringConditions:
                        grouped[name] = RecordMerge.when
                        anchors.append(name)
                    }
                }
            }
            (self.grouped, conditionsAnchors) = (grouped, anchors)
        }

        /// The part a column belongs to.
        func part(of column: String) -> String {
            if column.hasPrefix(ConditionsColumns.prefix) { return conditions }
            return grouped[column] ?? column
        }
    }

    /// Each kind's parts.
    static let parts: [RecordKind: Parts] = [
        .spot: Spot.columns.mergeParts, .trip: Trip.columns.mergeParts, .catch: Catch.columns.mergeParts,
        .media: MediaAsset.columns.mergeParts, .report: SavedReport.columns.mergeParts,
    ]

    /// The column every record stamps on each change.
    static let updatedAt = "updated_at"
    static let position = "position", when = "when", conditions = "conditions"
    static let links = MediaAsset.linksField

    /// The merged fields, and whether a part the incoming version changed was overruled by the
    /// held one (that version then belongs in the history); nil when a merge does not apply
    /// (either side is a tombstone). `incomingIsLater` breaks the tie for a part both changed.
    public static func merge(
        _ kind: RecordKind, base: RecordFields, held: RecordFields?, incoming: RecordFields?, incomingIsLater: Bool
    ) -> (fields: RecordFields, overruled: Bool)? {
        guard let kindParts = parts[kind] else { preconditionFailure("\(kind) has no column definitions") }
        return merge(kindParts, base: base, held: held, incoming: incoming, incomingIsLater: incomingIsLater)
    }

    /// The merge of two versions of a record whose columns merge as `kindParts` say.
    public static func merge(
        _ kindParts: Parts, base: RecordFields, held: RecordFields?, incoming: RecordFields?, incomingIsLater: Bool
    ) -> (fields: RecordFields, overruled: Bool)? {
        guard let held, let incoming else { return nil }
        let columns = Set(base.keys).union(held.keys).union(incoming.keys).subtracting([updatedAt])
        let parts = Dictionary(grouping: columns, by: kindParts.part(of:))
        func changed(_ fields: RecordFields, among columns: [String]) -> Bool {
            columns.contains { !same(fields[$0], base[$0]) }
        }
        var merged = RecordFields()
        var overruled = false
        func take(_ columns: [String], fromIncoming: Bool) {
            if !fromIncoming, changed(incoming, among: columns),
                columns.contains(where: { !same(incoming[$0], held[$0]) })
            {
                overruled = true
            }
            for column in columns { merged[column] = fromIncoming ? incoming[column] : held[column] }
        }
        /// A part only one side changed comes from it; one both changed, from the later.
        func incomingWins(_ columns: [String]) -> Bool {
            guard changed(incoming, among: columns), columns.contains(where: { !same(incoming[$0], held[$0]) }) else {
                return false
            }
            return changed(held, among: columns) ? incomingIsLater : true
        }
        var whenFromIncoming: Bool?
        for (part, columns) in parts where part != conditions && part != links {
            let fromIncoming = incomingWins(columns)
            if part == when { whenFromIncoming = fromIncoming }
            take(columns, fromIncoming: fromIncoming)
        }
        if let columns = parts[conditions] {
            if let whenFromIncoming, changed(whenFromIncoming ? incoming : held, among: kindParts.conditionsAnchors) {
                take(columns, fromIncoming: whenFromIncoming)
            } else {
                take(columns, fromIncoming: incomingWins(columns))
            }
        }
        if parts[links] != nil {
            merged[links] = mergedLinks(base: base[links], held: held[links], incoming: incoming[links])
        }
        if let stamp = later(held[updatedAt], incoming[updatedAt]) { merged[updatedAt] = stamp }
        return (merged, overruled)
    }

    /// Three-way merge of two link sets: what either side added, less what either removed.
    private static func mergedLinks(base: FieldValue?, held: FieldValue?, incoming: FieldValue?) -> FieldValue? {
        func set(_ value: FieldValue?) -> Set<Substring> {
            guard case .text(let text) = value else { return [] }
            return Set(text.split(separator: ","))
        }
        let (original, kept, arriving) = (set(base), set(held), set(incoming))
        let result = original.union(kept).union(arriving)
            .subtracting(original.subtracting(kept)).subtracting(original.subtracting(arriving))
        if result == kept { return held }
        return .text(result.sorted().joined(separator: ","))
    }

    /// Whether two versions hold the same values (a number is the same whether it travelled as
    /// an integer or as a real: JSON does not tell 1 from 1.0).
    public static func equivalent(_ one: RecordFields?, _ other: RecordFields?) -> Bool {
        guard let one, let other else { return one == nil && other == nil }
        return Set(one.keys).union(other.keys).allSatisfy { same(one[$0], other[$0]) }
    }

    /// Whether two column values are the same, numbers compared by value.
    static func same(_ one: FieldValue?, _ other: FieldValue?) -> Bool {
        switch (one, other) {
        case (.integer(let whole)?, .real(let real)?), (.real(let real)?, .integer(let whole)?):
            return Double(whole) == real
        default:
            return one == other
        }
    }

    /// The later of two `updated_at` values (integers), or whichever is present.
    private static func later(_ one: FieldValue?, _ other: FieldValue?) -> FieldValue? {
        guard case .integer(let first) = one, case .integer(let second) = other else { return one ?? other }
        return .integer(max(first, second))
    }
}
