/// One row of a query result from the portal's PostgreSQL backend (requirements T3 and T12: the
/// portal's shared store at the scale of many anglers): its values in column order and the names
/// of the columns.
///
/// The subscripts return values as they are; the typed accessors throw a ``PostgresError`` naming
/// the column when a value is missing or of another type, so a row that does not match the code
/// reading it is reported rather than read as zero.
public struct PostgresRow: Sendable {
    public let values: [PostgresValue]
    let columns: ColumnNames

    init(values: [PostgresValue], columns: ColumnNames) {
        self.values = values
        self.columns = columns
    }

    /// The column names, in order.
    public var columnNames: [String] { columns.names }

    public subscript(index: Int) -> PostgresValue { values[index] }

    /// The value of the first column with this name, or `.null` when there is none; the typed
    /// accessors taking a name throw instead.
    public subscript(name: String) -> PostgresValue {
        guard let index = columns.index(of: name) else { return .null }
        return values[index]
    }

    public func int64(_ index: Int) throws(PostgresError) -> Int64 {
        guard case .integer(let v) = try value(index) else { throw mismatch(index, "an integer") }
        return v
    }

    public func optionalInt64(_ index: Int) throws(PostgresError) -> Int64? {
        try value(index).isNull ? nil : try int64(index)
    }

    /// A `real` value, or an `integer` one converted to `Double`.
    public func double(_ index: Int) throws(PostgresError) -> Double {
        switch try value(index) {
        case .real(let v): return v
        case .integer(let v): return Double(v)
        default: throw mismatch(index, "a number")
        }
    }

    public func optionalDouble(_ index: Int) throws(PostgresError) -> Double? {
        try value(index).isNull ? nil : try double(index)
    }

    public func text(_ index: Int) throws(PostgresError) -> String {
        guard case .text(let v) = try value(index) else { throw mismatch(index, "text") }
        return v
    }

    public func optionalText(_ index: Int) throws(PostgresError) -> String? {
        try value(index).isNull ? nil : try text(index)
    }

    public func bool(_ index: Int) throws(PostgresError) -> Bool {
        guard case .bool(let v) = try value(index) else { throw mismatch(index, "a boolean") }
        return v
    }

    public func optionalBool(_ index: Int) throws(PostgresError) -> Bool? {
        try value(index).isNull ? nil : try bool(index)
    }

    public func bytes(_ index: Int) throws(PostgresError) -> [UInt8] {
        guard case .bytes(let v) = try value(index) else { throw mismatch(index, "bytes") }
        return v
    }

    public func optionalBytes(_ index: Int) throws(PostgresError) -> [UInt8]? {
        try value(index).isNull ? nil : try bytes(index)
    }

    private func value(_ index: Int) throws(PostgresError) -> PostgresValue {
        guard values.indices.contains(index) else {
            throw PostgresError(kind: .decoding, message: "the row has no column #\(index) (it has \(values.count))")
        }
        return values[index]
    }

    private func mismatch(_ index: Int, _ expected: String) -> PostgresError {
        PostgresError(
            kind: .decoding, message: "column \(columns.names[index]) holds \(values[index]), expected \(expected)")
    }
}

/// The typed accessors by column name; each throws when the row has no such column.
extension PostgresRow {
    public func int64(_ name: String) throws(PostgresError) -> Int64 { try int64(position(name)) }
    public func optionalInt64(_ name: String) throws(PostgresError) -> Int64? { try optionalInt64(position(name)) }
    public func double(_ name: String) throws(PostgresError) -> Double { try double(position(name)) }
    public func optionalDouble(_ name: String) throws(PostgresError) -> Double? { try optionalDouble(position(name)) }
    public func text(_ name: String) throws(PostgresError) -> String { try text(position(name)) }
    public func optionalText(_ name: String) throws(PostgresError) -> String? { try optionalText(position(name)) }
    public func bool(_ name: String) throws(PostgresError) -> Bool { try bool(position(name)) }
    public func optionalBool(_ name: String) throws(PostgresError) -> Bool? { try optionalBool(position(name)) }
    public func bytes(_ name: String) throws(PostgresError) -> [UInt8] { try bytes(position(name)) }
    public func optionalBytes(_ name: String) throws(PostgresError) -> [UInt8]? { try optionalBytes(position(name)) }

    private func position(_ name: String) throws(PostgresError) -> Int {
        guard let index = columns.index(of: name) else {
            throw PostgresError(
                kind: .decoding,
                message: "the row has no column \(name) (it has \(columns.names.joined(separator: ", ")))")
        }
        return index
    }
}

/// The column names of one result, shared by all its rows, with a lookup by name.
final class ColumnNames: Sendable {
    let names: [String]
    private let positions: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (i, name) in names.enumerated() where positions[name] == nil { positions[name] = i }
        self.positions = positions
    }

    func index(of name: String) -> Int? { positions[name] }
}
