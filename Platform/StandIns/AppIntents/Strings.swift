/// A string to be localized when shown, written as a literal (Apple: Foundation's
/// `LocalizedStringResource`, absent from Linux's Foundation, so declared beside the framework
/// that takes it).
public struct LocalizedStringResource: Sendable, ExpressibleByStringInterpolation {
    let text: String

    public init(stringLiteral value: String) { text = value }

    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) { text = stringInterpolation.text }
}

extension String {
    /// A string to be localized, with its interpolated values (Apple: Foundation's
    /// `String.LocalizationValue`).
    public struct LocalizationValue: Sendable, ExpressibleByStringInterpolation {
        let text: String

        public init(stringLiteral value: String) { text = value }

        public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

        /// The literal parts and the values of an interpolation.
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var text = ""

            public init(literalCapacity: Int, interpolationCount: Int) {}

            public mutating func appendLiteral(_ literal: String) { text += literal }

            public mutating func appendInterpolation(_ string: String) { text += string }
        }
    }
}
