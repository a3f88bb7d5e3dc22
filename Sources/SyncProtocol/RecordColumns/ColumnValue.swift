import FishingModel
import Foundation

/// A Swift type a record's column holds, and its form as a ``FieldValue``: how the diary's
/// tables store it and how it travels in sync (T3). Ids are lowercase UUID text, times whole
/// milliseconds since 1970 UTC, flags 0 or 1.
public protocol ColumnValue: Sendable {
    /// The value a field holds, or nil when it holds another type (or null, for a value that
    /// cannot be missing).
    init?(field: FieldValue)
    var field: FieldValue { get }
    /// What the field must hold, for messages ("an integer").
    static var expected: String { get }
}

extension String: ColumnValue {
    public init?(field: FieldValue) {
        guard case .text(let text) = field else { return nil }
        self = text
    }
    public var field: FieldValue { .text(self) }
    public static var expected: String { "text" }
}

extension Int: ColumnValue {
    public init?(field: FieldValue) {
        guard case .integer(let value) = field, let int = Int(exactly: value) else { return nil }
        self = int
    }
    public var field: FieldValue { .integer(Int64(self)) }
    public static var expected: String { "an integer" }
}

extension Int64: ColumnValue {
    public init?(field: FieldValue) {
        guard case .integer(let value) = field else { return nil }
        self = value
    }
    public var field: FieldValue { .integer(self) }
    public static var expected: String { "an integer" }
}

extension Double: ColumnValue {
    public init?(field: FieldValue) {
        switch field {
        case .integer(let value): self = Double(value)
        case .real(let value): self = value
        default: return nil
        }
    }
    public var field: FieldValue { .real(self) }
    public static var expected: String { "a number" }
}

extension Bool: ColumnValue {
    public init?(field: FieldValue) {
        guard case .integer(let value) = field else { return nil }
        self = value != 0
    }
    public var field: FieldValue { .integer(self ? 1 : 0) }
    public static var expected: String { "0 or 1" }
}

extension UUID: ColumnValue {
    public init?(field: FieldValue) {
        guard case .text(let text) = field, let id = UUID(canonicalText: text) else { return nil }
        self = id
    }
    public var field: FieldValue { .text(canonicalText) }
    public static var expected: String { "a UUID" }
}

extension Date: ColumnValue {
    public init?(field: FieldValue) {
        guard case .integer(let milliseconds) = field else { return nil }
        self = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
    public var field: FieldValue { .integer(DiaryTime.milliseconds(self)) }
    public static var expected: String { "milliseconds since 1970" }
}

extension WaterTrend: ColumnValue {
    public init?(field: FieldValue) {
        guard case .text(let text) = field, let trend = WaterTrend(rawValue: text) else { return nil }
        self = trend
    }
    public var field: FieldValue { .text(rawValue) }
    public static var expected: String {
        "one of " + allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    }
}

extension SharePrecision: ColumnValue {
    public init?(field: FieldValue) {
        guard case .text(let text) = field, let precision = SharePrecision(rawValue: text) else { return nil }
        self = precision
    }
    public var field: FieldValue { .text(rawValue) }
    public static var expected: String { "exact, 1km, 10km, region or none" }
}

extension TripTrack: ColumnValue {
    public init?(field: FieldValue) {
        guard case .text(let text) = field, let track = TripTrack(encoded: text) else { return nil }
        self = track
    }
    public var field: FieldValue { .text(encoded) }
    public static var expected: String { "a track's text (t or p, then the polyline code)" }
}

extension Optional: ColumnValue where Wrapped: ColumnValue {
    public init?(field: FieldValue) {
        if case .null = field {
            self = .none
        } else if let value = Wrapped(field: field) {
            self = .some(value)
        } else {
            return nil
        }
    }
    public var field: FieldValue { map(\.field) ?? .null }
    public static var expected: String { Wrapped.expected + " or null" }
}

extension UUID {
    /// All zeros: the id of a blank record (``RecordColumns``), never a stored one's.
    public static let blank = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}

extension Date {
    /// The start of 1970: the time of a blank record (``RecordColumns``).
    public static let blank = Date(timeIntervalSince1970: 0)
}
