/// Why the magnetic field (requirement T14) could not be computed: an input outside what the
/// World Magnetic Model accepts, or a coefficient file that is not a valid `WMM.COF`.
///
/// Every case describes itself in a sentence naming the offending value and what is allowed,
/// fit for a log or a diagnostics bundle (T6).
public enum GeomagnetismError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The inputs of ``WorldMagneticModel/field(latitude:longitude:altitudeKm:decimalYear:)``,
    /// the place and moment of the magnetic field reported with the weather (T14), and the
    /// values each accepts.
    public enum Input: String, Sendable, Equatable, CaseIterable {
        case latitude, longitude, altitude, decimalYear

        /// The values the model accepts; `nil` for the date, which needs only be finite (dates
        /// outside the model's validity are computed with a warning).
        public var allowedRange: ClosedRange<Double>? {
            switch self {
            case .latitude: -90...90
            case .longitude: -180...180
            case .altitude: -1...850
            case .decimalYear: nil
            }
        }

        var allowedText: String {
            switch self {
            case .latitude: "-90 to 90 degrees (geodetic, WGS 84, north positive)"
            case .longitude: "-180 to 180 degrees (east positive)"
            case .altitude: "-1 to 850 km above the WGS 84 ellipsoid"
            case .decimalYear: "a finite decimal year such as 2026.5"
            }
        }

        var label: String {
            switch self {
            case .latitude, .longitude: rawValue
            case .altitude: "altitude (km)"
            case .decimalYear: "decimal year"
            }
        }
    }

    /// The input is NaN or infinite.
    case notFinite(Input)
    /// The input is finite but outside ``Input/allowedRange``.
    case outOfRange(Input, value: Double)
    /// The coefficient text is not a complete `WMM.COF` file; `line` is 1-based, `nil` when the
    /// problem concerns the file as a whole.
    case malformedCoefficients(line: Int?, reason: String)
    /// The coefficient file bundled with the module could not be found or read.
    case resourceUnavailable(String)

    public var description: String {
        switch self {
        case .notFinite(let input):
            "\(input.label) is not a finite number; allowed: \(input.allowedText)"
        case .outOfRange(let input, let value):
            "\(input.label) \(Self.format(value)) is outside the allowed range: \(input.allowedText)"
        case .malformedCoefficients(let line?, let reason):
            "WMM coefficient file, line \(line): \(reason)"
        case .malformedCoefficients(nil, let reason):
            "WMM coefficient file: \(reason)"
        case .resourceUnavailable(let reason):
            "the bundled WMM coefficients are unavailable: \(reason)"
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
