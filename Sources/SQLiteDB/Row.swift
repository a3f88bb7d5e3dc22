/// One result row: its values in column order plus the names of the columns.
///
/// Typed accessors throw a ``SQLiteError`` naming the column when a value is missing or of the
/// wrong type, so a corrupted row is reported rather than silently read as zero.
public struct Row: Sendable {
    public let values: [SQLiteValue]
    public let columns: ColumnNames

    public subscript(index: Int) -> SQLiteValue { values[index] }

    public subscript(name: String) -> SQLiteValue {
        guard let index = columns.index(of: name) else { return .null }
        return values[index]
    }

    public func int64(_ index: Int) throws -> Int64 {
        guard let v = values[index].int64Value else { throw mismatch(index, "an integer") }
        return v
    }

    public func optionalInt64(_ index: Int) throws -> Int64? {
        values[index].isNull ? nil : try int64(index)
    }

    public func double(_ index: Int) throws -> Double {
        guard let v = values[index].doubleValue else { throw mismatch(index, "a number") }
        return v
    }

    public func optionalDouble(_ index: Int) throws -> Double? {
        values[index].isNull ? nil : try double(index)
    }

    public func text(_ index: Int) throws -> String {
        guard let v = values[index].stringValue else { throw mismatch(index, "text") }
        return v
    }

    public func optionalText(_ index: Int) throws -> String? {
        values[index].isNull ? nil : try text(index)
    }

    public func bool(_ index: Int) throws -> Bool { try int64(index) != 0 }

    private func mismatch(_ index: Int, _ expected: String) -> SQLiteError {
        .decoding(
            "column \(columns.name(at: index)) holds \(values[index]), expected \(expected)", sql: nil)
    }
}

/// The column names of a statement's result, shared by all the rows it produced.
public final class ColumnNames: Sendable {
    public let names: [String]
    private let positions: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (i, n) in names.enumerated() where positions[n] == nil { positions[n] = i }
        self.positions = positions
    }

    public func index(of name: String) -> Int? { positions[name] }
    func name(at index: Int) -> String { index < names.count ? names[index] : "#\(index)" }
}
