/// One column of a synced record as it travels in JSON: null, an integer, a real or text (T3).
///
/// Records travel as flat `[column: FieldValue]` objects, the columns of the diary's tables, so
/// the portal stores and returns them without interpreting every attribute, and the device's
/// schema (NOT NULL, CHECK, FOREIGN KEY) judges them when they are applied.
public enum FieldValue: Codable, Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let real = try? container.decode(Double.self) {
            self = .real(real)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a record field must be null, a number or a string")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        }
    }

    /// The text, when this is text.
    public var text: String? {
        if case .text(let value) = self { value } else { nil }
    }
}

/// The columns of one record.
public typealias RecordFields = [String: FieldValue]
