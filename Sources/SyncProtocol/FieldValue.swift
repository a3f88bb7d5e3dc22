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

    /// Numbers are tried first (most columns are numbers) and read once as a `Double`: an
    /// integral value within ±2^53 — every time, count and id the diary stores — is an integer.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let number = try? container.decode(Double.self) {
            self = Self.number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a record field must be null, a number or a string")
        }
    }

    /// A number read from JSON: an integer when integral within ±2^53, a real otherwise.
    public static func number(_ number: Double) -> FieldValue {
        number.rounded() == number && abs(number) <= 9_007_199_254_740_992 ? .integer(Int64(number)) : .real(number)
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

/// Writes record fields as compact JSON with sorted keys, without `JSONEncoder`: the portal stores
/// every record's fields this way and embeds them unchanged in pull pages, the hot path of sync.
public enum RecordFieldsJSON {
    public static func text(_ fields: RecordFields) -> String {
        var out = "{"
        var first = true
        for key in fields.keys.sorted() {
            if !first { out += "," }
            first = false
            appendString(key, to: &out)
            out += ":"
            append(fields[key] ?? .null, to: &out)
        }
        return out + "}"
    }

    public static func append(_ value: FieldValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .integer(let v): out += String(v)
        case .real(let v): out += v.isFinite ? "\(v)" : "null"
        case .text(let v): appendString(v, to: &out)
        }
    }

    /// A JSON string literal (RFC 8259 escapes; everything else as UTF-8).
    public static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
