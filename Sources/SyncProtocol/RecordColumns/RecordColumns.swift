import FishingModel

/// Every column of one kind of record, in table order: the one place a record's fields are
/// named (issue 32; T3, T19). The device's SQL, the rows it decodes, the fields it syncs, the
/// directory references it remaps and the portal's reading of synced records all come from it,
/// so a new attribute is the model's property and one line here.
public struct RecordColumns<Record: Sendable>: Sendable {
    public let kind: RecordKind
    public let columns: [RecordColumn<Record>]
    /// Every column name, in table order.
    public let names: [String]
    /// The names that travel in sync: all but the device-only ones, in table order.
    public let syncedNames: [String]
    /// Which columns merge together when two devices changed a record at once.
    public let mergeParts: RecordMerge.Parts
    /// A record whose every value is about to be read (or, read leniently, the value a column
    /// that does not read keeps).
    @usableFromInline let blank: Record
    /// Each column's offset in ``names``.
    @usableFromInline let offsets: [Int]

    public init(_ kind: RecordKind, blank: Record, _ columns: [RecordColumn<Record>]) {
        self.kind = kind
        self.columns = columns
        self.blank = blank
        names = columns.flatMap(\.names)
        syncedNames = columns.filter { $0.scope != .deviceOnly }.flatMap(\.names)
        offsets = columns.reduce(into: [0]) { $0.append($0.last! + $1.names.count) }.dropLast()
        mergeParts = RecordMerge.Parts(columns.filter { $0.scope != .deviceOnly }.map { ($0.names, $0.merge) })
        precondition(Set(names).count == names.count, "\(kind) names a column twice")
    }

    // The readers and writers below are inlinable so that a store's module specializes them for
    // its record type: unspecialized, reading 50 catches cost 5× the raw query (generic metadata
    // looked up for every column of every row).

    /// The record's values for ``names``, in order.
    @inlinable public func values(of record: Record) -> [FieldValue] {
        row(of: record, count: names.count) { _ in true }
    }

    /// The record's values for ``syncedNames``, in order.
    @inlinable public func syncedValues(of record: Record) -> [FieldValue] {
        row(of: record, count: syncedNames.count) { $0.scope != .deviceOnly }
    }

    @inlinable func row(of record: Record, count: Int, including: (RecordColumn<Record>) -> Bool) -> [FieldValue] {
        var row: [FieldValue] = []
        row.reserveCapacity(count)
        for column in columns where including(column) { column.read(record, &row) }
        return row
    }

    /// The record's synced fields.
    @inlinable public func fields(of record: Record) -> RecordFields {
        Dictionary(uniqueKeysWithValues: zip(syncedNames, syncedValues(of: record)))
    }

    /// The name of the column holding a property.
    public func name<Value>(of keyPath: KeyPath<Record, Value>) -> String {
        let wanted: AnyKeyPath = keyPath
        guard let column = columns.first(where: { $0.keyPath.map { $0 as AnyKeyPath } == wanted }) else {
            preconditionFailure("\(kind) has no column for \(keyPath)")
        }
        return column.names[0]
    }

    /// Whether `new` moved a column the record's stored conditions are anchored to
    /// (``MergePart/whenAnchoringConditions``): its time or its parent, so the conditions are stale.
    public func movesConditions(from old: Record, to new: Record) -> Bool {
        let (before, after) = (fields(of: old), fields(of: new))
        return mergeParts.conditionsAnchors.contains { before[$0] != after[$0] }
    }

    /// The columns that refer into a directory (T5).
    public var directoryReferences: [(column: String, directory: DirectoryKind)] {
        columns.compactMap { column in column.directory.map { (column.names[0], $0) } }
    }

    /// A stored record from its row: `value` gives the value at an offset of ``names``. Every
    /// column but the derived ones must read.
    @inlinable public func record(_ value: (Int) -> FieldValue) throws(RecordColumnError) -> Record {
        var record = blank
        for index in columns.indices {
            let offset = offsets[index]
            guard let write = columns[index].write, !write(&record, { value(offset + $0) }) else { continue }
            let column = columns[index]
            throw RecordColumnError(
                kind: kind, column: column.names[0], value: value(offset), expected: column.expected)
        }
        return record
    }

    /// A record from fields a device synced, read leniently: a field that is missing, empty
    /// text or of another type leaves its property as the blank record has it, unless the
    /// property is `required` — then there is no record.
    @inlinable public func record(fields: RecordFields, requiring required: [PartialKeyPath<Record>]) -> Record? {
        var record = blank
        for column in columns {
            guard let write = column.write else { continue }
            let read = write(&record) { member in
                let value = fields[column.names[member]] ?? .null
                return value == .text("") ? .null : value
            }
            if !read, let keyPath = column.keyPath, required.contains(where: { $0 == keyPath }) { return nil }
        }
        return record
    }
}
