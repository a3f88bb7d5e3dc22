/// Which of the two numbers of a coordinate an error is about (T10 location data).
public enum CoordinateAxis: String, Sendable, Equatable {
    case latitude
    case longitude
}

/// Why a coordinate was refused, when it is typed, pasted or read from a device (T10 location
/// data; T9 points for distances). `description` is a sentence for the angler that names the
/// offending value and says what is allowed.
public enum CoordinateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A latitude outside -90...90 or a longitude outside -180...180.
    case outOfRange(CoordinateAxis, Double)
    /// NaN or an infinity.
    case notFinite(CoordinateAxis)
    /// Nothing but spaces was given.
    case empty
    /// Text that is neither a number, a degree, minute or second mark, nor N, S, E or W.
    case unexpectedText(String)
    /// Only one of latitude and longitude was given.
    case onlyOneValue(String)
    /// The text could not be split into a latitude and a longitude.
    case cannotSplit(String)
    /// Both values carry N/S letters, or both carry E/W letters.
    case sameAxisTwice(CoordinateAxis)
    /// Minutes of arc outside [0, 60).
    case minutesOutOfRange(Double)
    /// Seconds of arc outside [0, 60).
    case secondsOutOfRange(Double)
    /// One value is badly formed; `reason` says how.
    case malformed(String, reason: String)

    public var description: String {
        switch self {
        case .outOfRange(let axis, let value):
            let limit = axis == .latitude ? "90" : "180"
            return "\(axis.rawValue) \(Self.text(value)) is out of range; allowed -\(limit) to \(limit)"
        case .notFinite(let axis):
            return "\(axis.rawValue) is not a finite number; a number of degrees is needed"
        case .empty:
            return "no coordinate given; expected a latitude and a longitude, such as 55.7558, 37.6173"
        case .unexpectedText(let text):
            return "unexpected “\(text)”; allowed are numbers, the marks ° ′ ″ (or d m s ' \"), "
                + "the letters N, S, E, W and a comma"
        case .onlyOneValue(let text):
            return "“\(text)” gives only one value; expected a latitude and a longitude, such as 55.7558, 37.6173"
        case .cannotSplit(let text):
            return "cannot tell where the latitude ends in “\(text)”; put a comma between latitude and longitude"
        case .sameAxisTwice(let axis):
            let letters = axis == .latitude ? "N or S" : "E or W"
            return "both values are \(axis.rawValue)s (\(letters)); expected one latitude (N/S) and one longitude (E/W)"
        case .minutesOutOfRange(let value):
            return "minutes \(Self.text(value)) are out of range; allowed 0 to less than 60"
        case .secondsOutOfRange(let value):
            return "seconds \(Self.text(value)) are out of range; allowed 0 to less than 60"
        case .malformed(let text, let reason):
            return "“\(text)” is malformed: \(reason)"
        }
    }

    /// A number as a person would write it: 91 rather than 91.0.
    static func text(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
