/// One cell of a report result (T18, built-in visual reporting): what the report engine hands
/// to the output side, to be drawn as a chart or written as CSV.
///
/// In JSON a value is a plain scalar — `"Pike"`, `2.5`, `3`, `null` — so a result reads like the
/// table it is. JSON has a single number type, so decoding cannot tell `2.0` from `2`: a whole
/// number that fits `Int64` decodes as ``integer(_:)``, any other number as ``number(_:)``.
/// A non-finite ``number(_:)`` (NaN, ±infinity) has no JSON form and encodes as `null`.
public enum ReportValue: Codable, Sendable, Hashable {
    /// A name or other text, e.g. a species or a month name.
    case text(String)
    /// A measured or computed quantity, e.g. an average weight.
    case number(Double)
    /// A count or a whole key, e.g. a number of catches or a year.
    case integer(Int64)
    /// No value, e.g. the average of nothing.
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "A report value is a string, a number or null.")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .number(let number) where number.isFinite: try container.encode(number)
        case .integer(let integer): try container.encode(integer)
        case .number, .null: try container.encodeNil()
        }
    }

    /// The value as a chart label: text as is, numbers without a trailing ".0" and with "." as
    /// the decimal separator, null (and a non-finite number) as "—".
    public var label: String {
        switch self {
        case .text(let text): text
        case .number(let number): NumberText.plain(number) ?? "—"
        case .integer(let integer): String(integer)
        case .null: "—"
        }
    }

    /// The value as a quantity to plot: a finite number or an integer; nil for text, null and
    /// non-finite numbers, which a chart shows as a gap.
    public var quantity: Double? {
        switch self {
        case .number(let number): number.isFinite ? number : nil
        case .integer(let integer): Double(integer)
        case .text, .null: nil
        }
    }
}

extension ReportValue {
    /// The value as a table cell shows it: text as is, numbers without trailing zeros, an empty
    /// cell as a dash.
    public var displayText: String {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .number(let value): NumberText.display(value) ?? "—"
        case .null: "—"
        }
    }
}
