import FishingModel

/// One column of a kind of record — or a few that only make sense together, such as a spot's
/// place label — with its name in the diary's table and in sync, and how its value is read from
/// the record and written back (T3, T19). ``RecordColumns`` lists them for a kind.
public struct RecordColumn<Record: Sendable>: Sendable {
    /// Where a column's value lives.
    public enum Scope: Sendable, Equatable {
        /// Stored and synced, and read back into the record.
        case stored
        /// Computed from the record's other values, stored and synced so that queries can use it
        /// (a catch's local time), never read back.
        case derived
        /// Kept on the device only: a record's Trash state.
        case deviceOnly
    }

    /// The column names, in table order: one, or the members of a group.
    public let names: [String]
    public let scope: Scope
    /// The directory the column refers into (T5).
    public let directory: DirectoryKind?
    /// How it merges with concurrent changes.
    public let merge: MergePart
    /// The record's property the column holds, so that code can ask for a column by property.
    @usableFromInline let keyPath: (PartialKeyPath<Record> & Sendable)?
    /// What each member must hold, for messages.
    @usableFromInline let expected: String
    /// Appends the column's values to a row.
    @usableFromInline let read: @Sendable (Record, inout [FieldValue]) -> Void
    /// Sets the record from the column's values (the closure gives the value at a member's
    /// offset); false when a value is not of the column's type. Nil for a derived column.
    @usableFromInline let write: (@Sendable (inout Record, (Int) -> FieldValue) -> Bool)?

    /// A column holding one property.
    public static func column<Value: ColumnValue>(
        _ name: String, _ keyPath: WritableKeyPath<Record, Value> & Sendable, directory: DirectoryKind? = nil,
        merge: MergePart = .alone
    ) -> Self {
        property(name, keyPath, scope: .stored, directory: directory, merge: merge)
    }

    /// A column holding a property stored as its raw value (a media format).
    public static func column<Value: RawRepresentable & Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<Record, Value> & Sendable
    ) -> Self where Value.RawValue: ColumnValue {
        RecordColumn(
            names: [name], scope: .stored, directory: nil, merge: .alone, keyPath: keyPath,
            expected: "one of the known values of \(Value.self)",
            read: { record, row in row.append(record[keyPath: keyPath].rawValue.field) },
            write: { record, value in
                guard let raw = Value.RawValue(field: value(0)), let decoded = Value(rawValue: raw) else {
                    return false
                }
                record[keyPath: keyPath] = decoded
                return true
            })
    }

    /// A column the device keeps to itself (it never syncs).
    public static func deviceOnly<Value: ColumnValue>(
        _ name: String, _ keyPath: WritableKeyPath<Record, Value> & Sendable
    ) -> Self {
        property(name, keyPath, scope: .deviceOnly, directory: nil, merge: .alone)
    }

    /// A column computed from the record's other values.
    public static func derived(
        _ name: String, merge: MergePart = .alone, _ value: @escaping @Sendable (Record) -> FieldValue
    ) -> Self {
        RecordColumn(
            names: [name], scope: .derived, directory: nil, merge: merge, keyPath: nil, expected: "",
            read: { record, row in row.append(value(record)) }, write: nil)
    }

    /// Columns that are read and written together: `read` gives one value per name, `write`
    /// returns false when the values do not make the property.
    public static func group<Value>(
        _ names: [String], _ keyPath: WritableKeyPath<Record, Value> & Sendable, expected: String,
        merge: MergePart = .alone, read: @escaping @Sendable (Value) -> [FieldValue],
        write: @escaping @Sendable ((Int) -> FieldValue) -> Value?
    ) -> Self {
        RecordColumn(
            names: names, scope: .stored, directory: nil, merge: merge, keyPath: keyPath, expected: expected,
            read: { record, row in row.append(contentsOf: read(record[keyPath: keyPath])) },
            write: { record, value in
                guard let decoded = write(value) else { return false }
                record[keyPath: keyPath] = decoded
                return true
            })
    }

    private static func property<Value: ColumnValue>(
        _ name: String, _ keyPath: WritableKeyPath<Record, Value> & Sendable, scope: Scope,
        directory: DirectoryKind?, merge: MergePart
    ) -> Self {
        RecordColumn(
            names: [name], scope: scope, directory: directory, merge: merge, keyPath: keyPath,
            expected: Value.expected,
            read: { record, row in row.append(record[keyPath: keyPath].field) },
            write: { record, value in
                guard let decoded = Value(field: value(0)) else { return false }
                record[keyPath: keyPath] = decoded
                return true
            })
    }
}

/// A stored record whose columns do not read as its kind's: a value of the wrong type, or a
/// missing one the record cannot be without.
public struct RecordColumnError: Error, Sendable, Equatable, CustomStringConvertible {
    public var kind: RecordKind
    public var column: String
    public var value: FieldValue
    public var expected: String

    @usableFromInline init(kind: RecordKind, column: String, value: FieldValue, expected: String) {
        (self.kind, self.column, self.value, self.expected) = (kind, column, value, expected)
    }

    public var description: String {
        var shown = ""
        RecordFieldsJSON.append(value, to: &shown)
        return "\(kind.rawValue) column \(column) holds \(shown), expected \(expected)"
    }
}

/// The part of its record a column merges in when two devices changed the record at once
/// (``RecordMerge``; docs/sync.md "Merging").
public enum MergePart: Sendable, Equatable {
    /// On its own: taken from the side that changed it, from the later change if both did.
    case alone
    /// With the record's position and what was derived from it (coordinates, a place label).
    case position
    /// With the record's times, their offset and local form and its parent, which only make
    /// sense together: a trip's end may not precede its start, a catch belongs in its trip.
    case when
    /// Part of ``when``, and moving it makes the record's stored conditions stale: the device
    /// drops them, and a merge takes the conditions of the side whose move it keeps.
    case whenAnchoringConditions
}
