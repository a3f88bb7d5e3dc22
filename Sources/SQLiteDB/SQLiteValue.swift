import Foundation

/// One SQLite storage-class value, as bound to a statement or read from a row.
///
/// The store keeps times as `Int64` milliseconds since 1970 (UTC) and identifiers as text, so the
/// conveniences below cover exactly what the diary needs.
public enum SQLiteValue: Sendable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    public init(_ value: Double?) { self = value.map { .real($0) } ?? .null }
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
    /// An id as the store writes it: the canonical lowercase 36-character form.
    public init(_ value: UUID?) { self = value.map { .text(Self.lowercaseText($0)) } ?? .null }
    /// A date as whole milliseconds since 1970-01-01T00:00:00Z.
    public init(_ value: Date?) { self = value.map { .integer(Self.milliseconds($0)) } ?? .null }

    /// Rounds a date to the whole milliseconds the database stores.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// Formats a UUID as lowercase 8-4-4-4-12 hex without Foundation's uppercase string and a
    /// second lowercasing pass: every write binds several ids.
    public static func lowercaseText(_ id: UUID) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: id.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = digits[Int(byte >> 4)]
                    buffer[position + 1] = digits[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }

    public var isNull: Bool { if case .null = self { true } else { false } }

    public var int64Value: Int64? {
        switch self {
        case .integer(let v): v
        case .real(let v): Int64(exactly: v)
        default: nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .integer(let v): Double(v)
        case .real(let v): v
        default: nil
        }
    }

    public var stringValue: String? {
        if case .text(let v) = self { v } else { nil }
    }
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByNilLiteral, ExpressibleByBooleanLiteral
{
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLiteValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .integer(let v): String(v)
        case .real(let v): String(v)
        case .text(let v): "'\(v)'"
        case .blob(let v): "<\(v.count) bytes>"
        case .null: "NULL"
        }
    }
}
