import Foundation

/// One SQLite storage-class value, as bound to a statement or read from a row.
///
/// The conveniences below bind Swift's plain values and dates (as `Int64` milliseconds since 1970,
/// UTC); the diary's store adds its ids.
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
    /// A date as whole milliseconds since 1970-01-01T00:00:00Z.
    public init(_ value: Date?) { self = value.map { .integer(Self.milliseconds($0)) } ?? .null }

    /// Rounds a date to the whole milliseconds the database stores.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
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
