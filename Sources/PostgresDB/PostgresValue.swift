/// One value as sent to PostgreSQL as a statement parameter or read back from a result column.
///
/// Part of the portal's PostgreSQL backend (the server store that carries requirements T3 and T12
/// at portal scale). Parameters travel as `int8`, `float8`, `text`, `bytea` and `bool`; result
/// columns are mapped back by type: every integer type to ``integer(_:)``, `float4`, `float8`
/// and `numeric` to ``real(_:)``, and any type without a case of its own (dates, `uuid`, `json`,
/// …) to ``text(_:)`` in PostgreSQL's text form.
public enum PostgresValue: Sendable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case bytes([UInt8])
    case bool(Bool)
    case null

    public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    public init(_ value: Double?) { self = value.map { .real($0) } ?? .null }
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    public init(_ value: Bool?) { self = value.map { .bool($0) } ?? .null }
    public init(_ value: [UInt8]?) { self = value.map { .bytes($0) } ?? .null }

    public var isNull: Bool { if case .null = self { true } else { false } }
}

extension PostgresValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByNilLiteral, ExpressibleByBooleanLiteral
{
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension PostgresValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .integer(let v): String(v)
        case .real(let v): String(v)
        case .text(let v): "'\(v)'"
        case .bytes(let v): "<\(v.count) bytes>"
        case .bool(let v): String(v)
        case .null: "NULL"
        }
    }
}
